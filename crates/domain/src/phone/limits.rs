//! How many browser calls a user and an account may start: a few a minute each, and a bound on
//! calls at once, so a stuck page or a stolen session cannot run up a bill.

use serde::Serialize;

/// The limits: calls started in the last minute, and calls in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PhoneLimits {
    pub user_per_minute: u32,
    pub account_per_minute: u32,
    pub user_at_once: u32,
    pub account_at_once: u32,
}

pub const PHONE_LIMITS: PhoneLimits =
    PhoneLimits { user_per_minute: 6, account_per_minute: 30, user_at_once: 1, account_at_once: 10 };

pub const USER_CALL_IN_PROGRESS: &str = "You are on a call already: hang up before starting another.";
pub const USER_TOO_MANY_CALLS: &str = "You have started 6 calls in the last minute: wait a minute and try again.";
pub const ACCOUNT_AT_ONCE: &str = "Your account has 10 browser calls in progress: try again when one ends.";
pub const ACCOUNT_TOO_MANY_CALLS: &str =
    "Your account has started 30 browser calls in the last minute: wait a minute and try again.";

/// The calls counted when a user starts one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CallCounts {
    pub user_last_minute: u32,
    pub account_last_minute: u32,
    pub user_in_progress: u32,
    pub account_in_progress: u32,
}

/// Why another call may not start now, or None.
pub fn call_start_problem(counts: CallCounts, limits: PhoneLimits) -> Option<&'static str> {
    if counts.user_in_progress >= limits.user_at_once {
        Some(USER_CALL_IN_PROGRESS)
    } else if counts.user_last_minute >= limits.user_per_minute {
        Some(USER_TOO_MANY_CALLS)
    } else if counts.account_in_progress >= limits.account_at_once {
        Some(ACCOUNT_AT_ONCE)
    } else if counts.account_last_minute >= limits.account_per_minute {
        Some(ACCOUNT_TOO_MANY_CALLS)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_limit_refuses_at_its_count_and_not_below() {
        let fine =
            CallCounts { user_last_minute: 5, account_last_minute: 29, user_in_progress: 0, account_in_progress: 9 };
        assert_eq!(call_start_problem(fine, PHONE_LIMITS), None);
        let at = |counts: CallCounts| call_start_problem(counts, PHONE_LIMITS);
        assert_eq!(at(CallCounts { user_in_progress: 1, ..fine }), Some(USER_CALL_IN_PROGRESS));
        assert_eq!(at(CallCounts { user_last_minute: 6, ..fine }), Some(USER_TOO_MANY_CALLS));
        assert_eq!(at(CallCounts { account_in_progress: 10, ..fine }), Some(ACCOUNT_AT_ONCE));
        assert_eq!(at(CallCounts { account_last_minute: 30, ..fine }), Some(ACCOUNT_TOO_MANY_CALLS));
    }

    #[test]
    fn the_messages_say_the_limits() {
        assert!(USER_TOO_MANY_CALLS.contains(&PHONE_LIMITS.user_per_minute.to_string()));
        assert!(ACCOUNT_AT_ONCE.contains(&PHONE_LIMITS.account_at_once.to_string()));
        assert!(ACCOUNT_TOO_MANY_CALLS.contains(&PHONE_LIMITS.account_per_minute.to_string()));
    }
}
