//! How many codes go out and how many guesses come in. Codes sent and wrong codes are counted by
//! account and number, not by the caller id's row, so removing a number and adding it again
//! starts nothing afresh: a code a minute to a number, at most `CODES_PER_NUMBER_PER_DAY` to a
//! number and `CODES_PER_ACCOUNT_PER_DAY` from an account in any 24 hours, at most
//! `WRONG_CODES_PER_NUMBER_PER_DAY` wrong codes for a number in any 24 hours, and at most
//! `REQUESTS_PER_MINUTE` of each call (add, new code, verify) from an account a minute.

/// The rolling day the daily limits count over.
pub const DAY_SECONDS: i64 = 24 * 60 * 60;
/// A new code goes to a number at most this often.
pub const RESEND_WAIT_SECONDS: i64 = 60;
/// Codes one number is sent in any 24 hours.
pub const CODES_PER_NUMBER_PER_DAY: i64 = 5;
/// Codes one account sends in any 24 hours, to all its numbers together.
pub const CODES_PER_ACCOUNT_PER_DAY: i64 = 20;
/// Wrong codes entered for one number in any 24 hours, whatever codes they were for.
pub const WRONG_CODES_PER_NUMBER_PER_DAY: i64 = 10;
/// Calls of each kind (add, new code, verify) one account makes in a minute.
pub const REQUESTS_PER_MINUTE: i64 = 20;

pub const VERIFIED_ALREADY: &str = "This number is verified already.";
pub const RESEND_WAIT: &str = "A code was sent less than a minute ago: wait a minute before asking for another.";
pub const NUMBER_DAY_LIMIT: &str = "This number has been sent 5 codes in the last 24 hours, the most we send to one \
                                    number: try again when 24 hours have passed since the first.";
pub const ACCOUNT_DAY_LIMIT: &str = "Your account has sent 20 codes in the last 24 hours, the most we send for one \
                                     account: try again when 24 hours have passed since the first.";
pub const WRONG_CODE_DAY_LIMIT: &str = "Too many wrong codes have been entered for this number in the last 24 \
                                        hours: try again when 24 hours have passed since the first.";
pub const TOO_MANY_REQUESTS: &str = "Too many requests from your account in a minute: wait a minute, then try again.";

/// The codes sent lately, counted by account and number whatever happened to the rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SendHistory {
    /// When the last code went to this number (unix seconds), if ever.
    pub last_to_number: Option<i64>,
    /// Codes sent to this number in the last `DAY_SECONDS`.
    pub to_number_today: i64,
    /// Codes the account sent in the last `DAY_SECONDS`, to any number.
    pub by_account_today: i64,
}

/// Why no code is sent now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendRefusal {
    VerifiedAlready,
    TooSoon,
    NumberDayLimit,
    AccountDayLimit,
}

impl SendRefusal {
    /// The answer's code.
    pub fn code(self) -> &'static str {
        match self {
            SendRefusal::VerifiedAlready => "VERIFIED_ALREADY",
            SendRefusal::TooSoon => "RESEND_TOO_SOON",
            SendRefusal::NumberDayLimit => "NUMBER_DAILY_LIMIT",
            SendRefusal::AccountDayLimit => "ACCOUNT_DAILY_LIMIT",
        }
    }

    /// The words the owner reads.
    pub fn message(self) -> &'static str {
        match self {
            SendRefusal::VerifiedAlready => VERIFIED_ALREADY,
            SendRefusal::TooSoon => RESEND_WAIT,
            SendRefusal::NumberDayLimit => NUMBER_DAY_LIMIT,
            SendRefusal::AccountDayLimit => ACCOUNT_DAY_LIMIT,
        }
    }
}

/// Why a code is not sent to the number now, if so: one went less than a minute ago, or the
/// number's or the account's day is used up.
pub fn send_refusal(history: &SendHistory, now: i64) -> Option<SendRefusal> {
    if history.last_to_number.is_some_and(|sent| now < sent.saturating_add(RESEND_WAIT_SECONDS)) {
        Some(SendRefusal::TooSoon)
    } else if history.to_number_today >= CODES_PER_NUMBER_PER_DAY {
        Some(SendRefusal::NumberDayLimit)
    } else if history.by_account_today >= CODES_PER_ACCOUNT_PER_DAY {
        Some(SendRefusal::AccountDayLimit)
    } else {
        None
    }
}

/// Why no code is tried for the number now, if so: it had `WRONG_CODES_PER_NUMBER_PER_DAY`
/// wrong codes in the last 24 hours.
pub fn wrong_code_refusal(wrong_today: i64) -> Option<&'static str> {
    (wrong_today >= WRONG_CODES_PER_NUMBER_PER_DAY).then_some(WRONG_CODE_DAY_LIMIT)
}

/// Whether a call is past the account's `REQUESTS_PER_MINUTE`, `made` counting this one.
pub fn too_many_requests(made: i64) -> Option<&'static str> {
    (made > REQUESTS_PER_MINUTE).then_some(TOO_MANY_REQUESTS)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_795_428_000;

    fn history(last: Option<i64>, number: i64, account: i64) -> SendHistory {
        SendHistory { last_to_number: last, to_number_today: number, by_account_today: account }
    }

    #[test]
    fn a_number_never_sent_a_code_gets_one() {
        assert_eq!(send_refusal(&SendHistory::default(), NOW), None);
    }

    #[test]
    fn a_code_goes_to_a_number_at_most_once_a_minute() {
        assert_eq!(send_refusal(&history(Some(NOW - 59), 1, 1), NOW), Some(SendRefusal::TooSoon));
        assert_eq!(send_refusal(&history(Some(NOW - 60), 1, 1), NOW), None);
        assert_eq!(SendRefusal::TooSoon.message(), RESEND_WAIT);
    }

    #[test]
    fn a_number_gets_five_codes_a_day_and_an_account_sends_twenty() {
        let earlier = Some(NOW - 3_600);
        assert_eq!(send_refusal(&history(earlier, 4, 19), NOW), None);
        assert_eq!(send_refusal(&history(earlier, 5, 5), NOW), Some(SendRefusal::NumberDayLimit));
        assert_eq!(send_refusal(&history(earlier, 0, 20), NOW), Some(SendRefusal::AccountDayLimit));
        assert_eq!(SendRefusal::NumberDayLimit.code(), "NUMBER_DAILY_LIMIT");
        assert!(NUMBER_DAY_LIMIT.contains(&CODES_PER_NUMBER_PER_DAY.to_string()));
        assert!(ACCOUNT_DAY_LIMIT.contains(&CODES_PER_ACCOUNT_PER_DAY.to_string()));
    }

    #[test]
    fn ten_wrong_codes_for_a_number_stop_its_guesses_for_the_day() {
        assert_eq!(wrong_code_refusal(WRONG_CODES_PER_NUMBER_PER_DAY - 1), None);
        assert_eq!(wrong_code_refusal(WRONG_CODES_PER_NUMBER_PER_DAY), Some(WRONG_CODE_DAY_LIMIT));
    }

    #[test]
    fn the_call_past_the_minute_limit_is_refused() {
        assert_eq!(too_many_requests(REQUESTS_PER_MINUTE), None);
        assert_eq!(too_many_requests(REQUESTS_PER_MINUTE + 1), Some(TOO_MANY_REQUESTS));
    }

    #[test]
    fn a_hostile_sent_time_does_not_overflow() {
        assert_eq!(send_refusal(&history(Some(i64::MAX), 0, 0), 0), Some(SendRefusal::TooSoon));
    }
}
