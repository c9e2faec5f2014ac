//! The website check of a dynamic URL (spec: "Website check (per dynamic URL)"): the job's
//! statuses, which are final, how often the browser polls, and what the overview shows once a
//! check is done.

use serde::{Deserialize, Serialize};

/// WechStatus codes.
pub mod status {
    pub const QUEUED: u8 = 1;
    /// The address could not be used (bad URL, no such host, not allowed): not displayed.
    pub const INVALID_DOMAIN: u8 = 2;
    pub const LOADING_WEBSITE: u8 = 3;
    pub const CHECKING_SCRIPTS: u8 = 4;
    pub const SUCCESS: u8 = 5;
    pub const FAILURE: u8 = 6;
}

pub const POLL_MS: u32 = 5_000;
/// When no job came back.
pub const RETRY_MS: u32 = 1_000;

pub const CHECKED_AND_WORKING: &str = "Checked and working";
pub const ERROR_CHECKING_WEBSITE: &str = "Error checking website";
pub const NOT_SET_UP_CORRECTLY: &str = "Tracking code is not set up correctly";

/// Codes 2, 5 and 6 end a check.
pub fn is_final(code: u8) -> bool {
    matches!(code, status::INVALID_DOMAIN | status::SUCCESS | status::FAILURE)
}

/// The label shown for a status (None for 2, which is not displayed, and unknown codes).
pub fn status_label(code: u8) -> Option<&'static str> {
    match code {
        status::QUEUED => Some("Queued"),
        status::LOADING_WEBSITE => Some("Loading website"),
        status::CHECKING_SCRIPTS => Some("Checking scripts"),
        status::SUCCESS => Some(CHECKED_AND_WORKING),
        status::FAILURE => Some(ERROR_CHECKING_WEBSITE),
        _ => None,
    }
}

/// The button a dynamic URL's row offers after a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CheckAction {
    /// The script is there and working: configure the dynamic URL.
    Configure,
    /// No script on the page: connect (install) it.
    Connect,
    None,
}

/// What the row shows for a job: its label, whether it failed, whether to poll again and the
/// button after completion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckView {
    pub label: Option<String>,
    pub failed: bool,
    /// Milliseconds until the job is asked about again; None once it is final.
    pub poll_after_ms: Option<u32>,
    pub action: CheckAction,
}

/// The view of a job with status `code` and, once successful, what was found.
pub fn check_view(code: u8, mhct: bool, mhct_working: bool) -> CheckView {
    let running = |label| CheckView {
        label: Some(String::from(label)),
        failed: false,
        poll_after_ms: Some(POLL_MS),
        action: CheckAction::None,
    };
    let done = |label: Option<&str>, failed, action| CheckView {
        label: label.map(String::from),
        failed,
        poll_after_ms: None,
        action,
    };
    match code {
        status::SUCCESS if mhct && mhct_working => done(Some(CHECKED_AND_WORKING), false, CheckAction::Configure),
        status::SUCCESS if mhct => done(Some(NOT_SET_UP_CORRECTLY), true, CheckAction::None),
        status::SUCCESS => done(Some(NOT_SET_UP_CORRECTLY), true, CheckAction::Connect),
        status::FAILURE => done(Some(ERROR_CHECKING_WEBSITE), true, CheckAction::None),
        status::INVALID_DOMAIN => done(None, true, CheckAction::None),
        _ => running(status_label(code).unwrap_or("Queued")),
    }
}

/// The view while waiting for a job that did not come back.
pub fn no_job_view() -> CheckView {
    CheckView { label: None, failed: false, poll_after_ms: Some(RETRY_MS), action: CheckAction::None }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_five_and_six_are_final_and_the_others_poll_every_five_seconds() {
        for code in 0..=7u8 {
            let view = check_view(code, false, false);
            assert_eq!(is_final(code), [2, 5, 6].contains(&code), "{code}");
            assert_eq!(view.poll_after_ms.is_none(), is_final(code), "{code}");
            if !is_final(code) {
                assert_eq!(view.poll_after_ms, Some(5_000));
            }
        }
        assert_eq!(no_job_view().poll_after_ms, Some(1_000));
    }

    #[test]
    fn running_jobs_show_their_stage() {
        assert_eq!(check_view(1, false, false).label.as_deref(), Some("Queued"));
        assert_eq!(check_view(3, false, false).label.as_deref(), Some("Loading website"));
        assert_eq!(check_view(4, false, false).label.as_deref(), Some("Checking scripts"));
    }

    #[test]
    fn a_working_script_offers_configure() {
        let view = check_view(5, true, true);
        assert_eq!(view.label.as_deref(), Some("Checked and working"));
        assert!(!view.failed);
        assert_eq!(view.action, CheckAction::Configure);
    }

    #[test]
    fn a_broken_script_fails_and_an_absent_one_offers_connect() {
        let broken = check_view(5, true, false);
        assert_eq!(
            (broken.label.as_deref(), broken.failed, broken.action),
            (Some(NOT_SET_UP_CORRECTLY), true, CheckAction::None)
        );
        let absent = check_view(5, false, false);
        assert_eq!(
            (absent.label.as_deref(), absent.failed, absent.action),
            (Some(NOT_SET_UP_CORRECTLY), true, CheckAction::Connect)
        );
    }

    #[test]
    fn a_failed_check_says_so_and_an_invalid_domain_shows_nothing() {
        assert_eq!(check_view(6, false, false).label.as_deref(), Some("Error checking website"));
        let invalid = check_view(2, false, false);
        assert_eq!(invalid.label, None);
        assert_eq!(status_label(2), None);
    }
}
