//! Verifying an outside caller id: a 6-digit code sent to the number, valid for 10 minutes and
//! 5 tries; a new code at most once a minute and within the day's limits (`limits`).

use serde::{Deserialize, Serialize};

use super::limits::{send_refusal, SendHistory, SendRefusal, VERIFIED_ALREADY};
use crate::validation::FieldErrors;

/// Digits in a code.
pub const CODE_LENGTH: usize = 6;
/// A code is valid for this long after it was sent: at exactly 10 minutes it has expired.
pub const CODE_LIFETIME_SECONDS: i64 = 10 * 60;
/// Wrong codes allowed per code sent; then a new code is needed.
pub const MAX_ATTEMPTS: i64 = 5;

pub const CODE_FORMAT: &str = "Enter the 6-digit code.";
pub const CODE_EXPIRED: &str = "This code has expired: send a new code.";
pub const TOO_MANY_TRIES: &str = "Too many wrong codes: send a new code.";

/// Where an outside number's verification stands.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CallerIdStatus {
    Verified,
    /// A code was sent and can still be entered.
    Pending,
    /// The code expired or was tried too often: a new code is needed.
    Expired,
}

/// An outside number's code as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CodeState {
    /// When the current code was sent (unix seconds).
    pub sent_at: i64,
    /// Wrong codes entered since.
    pub attempts: i64,
    pub verified: bool,
}

fn timed_out(state: &CodeState, now: i64) -> bool {
    now >= state.sent_at.saturating_add(CODE_LIFETIME_SECONDS)
}

/// Verified, pending (the code can be entered) or expired (by time or by tries).
pub fn status(state: &CodeState, now: i64) -> CallerIdStatus {
    if state.verified {
        CallerIdStatus::Verified
    } else if timed_out(state, now) || state.attempts >= MAX_ATTEMPTS {
        CallerIdStatus::Expired
    } else {
        CallerIdStatus::Pending
    }
}

/// A code from a random number (the server's random source): `CODE_LENGTH` digits, leading
/// zeros kept.
pub fn code_from_random(random: u64) -> String {
    format!("{:06}", random % 1_000_000)
}

/// The entered code (form_code): six digits, spaces around ignored.
pub fn validate_code(entered: &str) -> Result<String, FieldErrors> {
    let code = entered.trim();
    let mut errors = FieldErrors::new();
    if code.len() != CODE_LENGTH || !code.bytes().all(|b| b.is_ascii_digit()) {
        errors.add("form_code", CODE_FORMAT);
    }
    errors.into_result().map(|()| code.to_string())
}

/// Whether a code may be tried now: not when the number is verified, the code expired or it was
/// tried `MAX_ATTEMPTS` times.
pub fn check_attempt(state: &CodeState, now: i64) -> Result<(), &'static str> {
    if state.verified {
        Err(VERIFIED_ALREADY)
    } else if timed_out(state, now) {
        Err(CODE_EXPIRED)
    } else if state.attempts >= MAX_ATTEMPTS {
        Err(TOO_MANY_TRIES)
    } else {
        Ok(())
    }
}

/// The answer to a wrong code, `attempts` counting this one.
pub fn wrong_code_message(attempts: i64) -> String {
    match MAX_ATTEMPTS.saturating_sub(attempts) {
        left if left <= 0 => "That code is not right, and that was the last try: send a new code.".to_string(),
        1 => "That code is not right: 1 try left.".to_string(),
        left => format!("That code is not right: {left} tries left."),
    }
}

/// Why a new code is not sent now, if so: the number is verified, or `send_refusal` (a code
/// went to the number less than a minute ago, or the day's codes are used up).
pub fn resend_refusal(state: &CodeState, history: &SendHistory, now: i64) -> Option<SendRefusal> {
    if state.verified {
        Some(SendRefusal::VerifiedAlready)
    } else {
        send_refusal(history, now)
    }
}

/// The remove confirmation's question.
pub fn remove_question(number: &str, status: CallerIdStatus) -> String {
    let number = crate::reports::phone::format_uk(number);
    match status {
        CallerIdStatus::Verified => {
            format!("Remove {number} from the caller ids? Agents restricted to the list can no longer present it.")
        }
        _ => format!("Remove {number} from the caller ids? Its verification ends."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caller_ids::limits::RESEND_WAIT_SECONDS;

    const SENT: i64 = 1_795_428_000;

    fn sent(attempts: i64) -> CodeState {
        CodeState { sent_at: SENT, attempts, verified: false }
    }

    #[test]
    fn a_code_is_six_digits_with_leading_zeros() {
        assert_eq!(code_from_random(42), "000042");
        assert_eq!(code_from_random(123_456_789), "456789");
        assert_eq!(code_from_random(u64::MAX).len(), CODE_LENGTH);
    }

    #[test]
    fn the_entered_code_must_be_six_digits() {
        assert_eq!(validate_code(" 012345 "), Ok("012345".to_string()));
        for bad in ["", "12345", "1234567", "12 345", "abcdef", "１２３４５６"] {
            assert_eq!(validate_code(bad).unwrap_err().get("form_code"), Some(CODE_FORMAT), "{bad}");
        }
    }

    #[test]
    fn a_code_is_valid_until_ten_minutes_and_expired_at_exactly_ten() {
        assert_eq!(status(&sent(0), SENT), CallerIdStatus::Pending);
        assert_eq!(check_attempt(&sent(0), SENT + CODE_LIFETIME_SECONDS - 1), Ok(()));
        assert_eq!(status(&sent(0), SENT + CODE_LIFETIME_SECONDS - 1), CallerIdStatus::Pending);
        assert_eq!(check_attempt(&sent(0), SENT + CODE_LIFETIME_SECONDS), Err(CODE_EXPIRED));
        assert_eq!(status(&sent(0), SENT + CODE_LIFETIME_SECONDS), CallerIdStatus::Expired);
    }

    #[test]
    fn five_wrong_codes_use_up_the_code() {
        assert_eq!(check_attempt(&sent(4), SENT), Ok(()));
        assert_eq!(check_attempt(&sent(5), SENT), Err(TOO_MANY_TRIES));
        assert_eq!(status(&sent(5), SENT), CallerIdStatus::Expired);
        assert_eq!(wrong_code_message(1), "That code is not right: 4 tries left.");
        assert_eq!(wrong_code_message(4), "That code is not right: 1 try left.");
        assert_eq!(wrong_code_message(5), "That code is not right, and that was the last try: send a new code.");
    }

    #[test]
    fn a_verified_number_takes_no_code_and_no_new_code() {
        let verified = CodeState { verified: true, ..sent(5) };
        assert_eq!(status(&verified, SENT + 99_999), CallerIdStatus::Verified);
        assert_eq!(check_attempt(&verified, SENT), Err(VERIFIED_ALREADY));
        assert_eq!(
            resend_refusal(&verified, &SendHistory::default(), SENT + 99_999),
            Some(SendRefusal::VerifiedAlready)
        );
    }

    #[test]
    fn a_new_code_goes_at_most_once_a_minute() {
        let history = SendHistory { last_to_number: Some(SENT), to_number_today: 1, by_account_today: 1 };
        assert_eq!(resend_refusal(&sent(0), &history, SENT + RESEND_WAIT_SECONDS - 1), Some(SendRefusal::TooSoon));
        assert_eq!(resend_refusal(&sent(0), &history, SENT + RESEND_WAIT_SECONDS), None);
        assert_eq!(resend_refusal(&sent(5), &history, SENT + RESEND_WAIT_SECONDS), None);
    }

    #[test]
    fn a_far_future_or_hostile_sent_time_does_not_overflow() {
        let state = CodeState { sent_at: i64::MAX, attempts: i64::MAX, verified: false };
        assert_eq!(status(&state, i64::MAX), CallerIdStatus::Expired);
        assert!(wrong_code_message(i64::MIN + 10).contains("tries left"));
    }

    #[test]
    fn the_remove_question_says_what_removing_ends() {
        assert!(remove_question("07700900123", CallerIdStatus::Verified).contains("can no longer present it"));
        assert!(remove_question("07700900123", CallerIdStatus::Pending).ends_with("Its verification ends."));
    }
}
