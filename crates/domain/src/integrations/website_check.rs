//! The website check of a dynamic URL (spec: "Website check (per dynamic URL)"): the job's
//! statuses, which are final, how often the browser polls, and what the overview shows once a
//! check is done, and why a check failed, in words.

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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WebsiteCheckView"))]
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

/// Why a check did not find the tracking code working, as the row says it in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CheckProblem {
    /// Not an http or https address with a host.
    NotAWebAddress,
    /// An address inside a network (or one redirected there): never fetched.
    AddressNotAllowed,
    /// The host was not found, or refused the connection.
    Unreachable,
    TooSlow,
    /// The site answered with this HTTP status.
    Answered(u16),
    TooManyRedirects,
    TooLarge,
    NoTrackingCode,
    /// Our script is on the page, but for another dynamic URL.
    TrackingCodeNotWorking,
}

impl CheckProblem {
    /// How the problem is stored ('unreachable', 'answered:404', ...).
    pub fn code(&self) -> String {
        match self {
            CheckProblem::NotAWebAddress => "not_a_web_address".into(),
            CheckProblem::AddressNotAllowed => "address_not_allowed".into(),
            CheckProblem::Unreachable => "unreachable".into(),
            CheckProblem::TooSlow => "too_slow".into(),
            CheckProblem::Answered(status) => format!("answered:{status}"),
            CheckProblem::TooManyRedirects => "too_many_redirects".into(),
            CheckProblem::TooLarge => "too_large".into(),
            CheckProblem::NoTrackingCode => "no_tracking_code".into(),
            CheckProblem::TrackingCodeNotWorking => "tracking_code_not_working".into(),
        }
    }

    /// The problem a stored code names (None for '' or an unknown code).
    pub fn from_code(code: &str) -> Option<CheckProblem> {
        Some(match code {
            "not_a_web_address" => CheckProblem::NotAWebAddress,
            "address_not_allowed" => CheckProblem::AddressNotAllowed,
            "unreachable" => CheckProblem::Unreachable,
            "too_slow" => CheckProblem::TooSlow,
            "too_many_redirects" => CheckProblem::TooManyRedirects,
            "too_large" => CheckProblem::TooLarge,
            "no_tracking_code" => CheckProblem::NoTrackingCode,
            "tracking_code_not_working" => CheckProblem::TrackingCodeNotWorking,
            other => CheckProblem::Answered(other.strip_prefix("answered:")?.parse().ok()?),
        })
    }

    /// What a finished page scan lacks: None when our script is there and working.
    pub fn of_scan(mhct: bool, mhct_working: bool) -> Option<CheckProblem> {
        match (mhct, mhct_working) {
            (false, _) => Some(CheckProblem::NoTrackingCode),
            (true, false) => Some(CheckProblem::TrackingCodeNotWorking),
            (true, true) => None,
        }
    }
}

/// The longest host a reason names (longer ones are cut short).
const MAX_HOST_CHARS: usize = 100;

/// The host of a web address as typed ('https://www.example.co.uk/page' -> 'www.example.co.uk'),
/// or None when it has none.
pub fn host_of(address: &str) -> Option<String> {
    let rest = address.trim().split_once("://").map_or(address.trim(), |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    let host = if host.starts_with('[') {
        host.split_inclusive(']').next().unwrap_or(host)
    } else {
        host.split(':').next().unwrap_or(host)
    };
    let host = host.trim();
    if host.is_empty() || host.chars().any(char::is_whitespace) {
        return None;
    }
    Some(host.chars().take(MAX_HOST_CHARS).collect())
}

/// The reason a check of `address` did not find the tracking code working, in words.
pub fn problem_text(problem: CheckProblem, address: &str) -> String {
    let host = host_of(address).unwrap_or_else(|| "the website".into());
    match problem {
        CheckProblem::NotAWebAddress => "The address is not a web address we can check".into(),
        CheckProblem::AddressNotAllowed => format!("We cannot check {host}: it is not a public website"),
        CheckProblem::Unreachable => format!("We could not reach {host}"),
        CheckProblem::TooSlow => format!("{host} did not answer in time"),
        CheckProblem::Answered(status) => format!("The site answered {status}"),
        CheckProblem::TooManyRedirects => "The site redirected too many times".into(),
        CheckProblem::TooLarge => "The page is too large to check".into(),
        CheckProblem::NoTrackingCode => "The tracking code was not found on the page".into(),
        CheckProblem::TrackingCodeNotWorking => "The tracking code on the page is not this dynamic URL's".into(),
    }
}

/// The words for a stored reason code (None for none).
pub fn reason_text(code: &str, address: &str) -> Option<String> {
    CheckProblem::from_code(code).map(|problem| problem_text(problem, address))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reason_is_said_in_words_naming_the_site() {
        let site = "https://www.example.co.uk/landing?x=1";
        assert_eq!(problem_text(CheckProblem::Unreachable, site), "We could not reach www.example.co.uk");
        assert_eq!(problem_text(CheckProblem::NoTrackingCode, site), "The tracking code was not found on the page");
        assert_eq!(problem_text(CheckProblem::Answered(404), site), "The site answered 404");
        assert_eq!(problem_text(CheckProblem::TooSlow, site), "www.example.co.uk did not answer in time");
        assert_eq!(problem_text(CheckProblem::Unreachable, "not a url"), "We could not reach the website");
    }

    #[test]
    fn reasons_are_stored_as_codes_and_read_back() {
        for problem in [
            CheckProblem::NotAWebAddress,
            CheckProblem::AddressNotAllowed,
            CheckProblem::Unreachable,
            CheckProblem::TooSlow,
            CheckProblem::Answered(503),
            CheckProblem::TooManyRedirects,
            CheckProblem::TooLarge,
            CheckProblem::NoTrackingCode,
            CheckProblem::TrackingCodeNotWorking,
        ] {
            assert_eq!(CheckProblem::from_code(&problem.code()), Some(problem));
        }
        assert_eq!(CheckProblem::from_code(""), None);
        assert_eq!(CheckProblem::from_code("answered:lots"), None);
        assert_eq!(reason_text("", "https://a.example/"), None);
    }

    #[test]
    fn the_host_is_read_from_the_address_as_typed() {
        assert_eq!(host_of("http://user@shop.example:8080/a").as_deref(), Some("shop.example"));
        assert_eq!(host_of("www.example.co.uk/page").as_deref(), Some("www.example.co.uk"));
        assert_eq!(host_of("http://[2001:db8::1]:80/").as_deref(), Some("[2001:db8::1]"));
        assert_eq!(host_of("not a url"), None);
        assert_eq!(host_of(&format!("https://{}/", "a".repeat(500))).map(|h| h.len()), Some(100));
    }

    #[test]
    fn a_scan_without_our_script_or_with_another_urls_has_a_problem() {
        assert_eq!(CheckProblem::of_scan(false, false), Some(CheckProblem::NoTrackingCode));
        assert_eq!(CheckProblem::of_scan(true, false), Some(CheckProblem::TrackingCodeNotWorking));
        assert_eq!(CheckProblem::of_scan(true, true), None);
    }

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
