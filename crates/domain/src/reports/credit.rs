//! What a call is credited to, and which calls a figure counts: the one rule every screen,
//! export, e-mail and the reporting API read.
//!
//! A call's credit is decided once, when the call is written, and stored with it:
//! - a static number (a van livery, a radio advert) is its own source, never a website's: the
//!   offline pair of its channel ("Print / offline"), and the number's campaign;
//! - a pool number is credited to the website visit that showed it: the visit's source / medium
//!   and the visit's campaign (its `utm_campaign`);
//! - a call-back of a missed call takes the missed call's credit (where the caller found the
//!   account), each part falling back to its own when the missed call has none.
//!
//! A figure for a source, campaign or number over a period counts the account's inbound calls
//! that started in the period (`counts`) and are credited to it.

use serde::{Deserialize, Serialize};

use super::period::ReportPeriod;
use crate::sources::{parse_landing, SOURCE_MAX};

/// The medium of every static number's calls.
pub const OFFLINE_MEDIUM: &str = "offline";
/// The source of a static number without a channel.
const STATIC_NUMBER_SOURCE: &str = "Static number";
/// A campaign's longest name (the campaigns' inline add allows 1000).
pub const CAMPAIGN_NAME_MAX: usize = 1_000;

/// What a call is credited to: (source / medium, campaign), as ids of the account's lists.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Credit {
    pub source_medium_id: Option<i64>,
    pub campaign_id: Option<i64>,
}

/// The credit of a call (`own`), or, when it calls back a missed call, the missed call's
/// (`first_call`), each part falling back to the call's own when the missed call has none.
pub fn credit_of(own: Credit, first_call: Option<Credit>) -> Credit {
    Credit {
        source_medium_id: first_call.and_then(|f| f.source_medium_id).or(own.source_medium_id),
        campaign_id: first_call.and_then(|f| f.campaign_id).or(own.campaign_id),
    }
}

/// The source / medium pair a static number's calls are credited to: its channel as the source
/// ("Print"), or "Static number" without one, and "offline" as the medium; within a pair's
/// length. One pair a channel, so an account's hundreds of numbers make a handful of sources
/// (the numbers themselves are a report's own breakdown).
pub fn static_pair(channel: Option<&str>) -> (String, String) {
    let source: String = channel.unwrap_or("").trim().chars().take(SOURCE_MAX).collect();
    let source = source.trim();
    let source = if source.is_empty() { STATIC_NUMBER_SOURCE } else { source };
    (source.to_string(), OFFLINE_MEDIUM.to_string())
}

/// The campaign a website visit names: its landing page's `utm_campaign`, trimmed and within a
/// campaign's length; None without one.
pub fn visit_campaign(landing_page: &str) -> Option<String> {
    let landing = parse_landing(landing_page);
    let name = landing.param("utm_campaign")?.trim();
    let name: String = name.chars().take(CAMPAIGN_NAME_MAX).collect();
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_string())
}

/// A call as the counting rule reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountedFacts {
    pub inbound: bool,
    pub started_at: i64,
}

/// Whether a figure of `period` counts the call: inbound, started from the period's first local
/// midnight up to (not including) the midnight after its last day.
pub fn counts(call: CountedFacts, period: &ReportPeriod) -> bool {
    call.inbound && (period.start..period.end).contains(&call.started_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reports::period::{report_period, DatePreset};

    const LONDON: &str = "Europe/London";
    /// Monday 2026-11-23 10:00 UTC (GMT).
    const NOV_23: i64 = 1_795_428_000;

    fn credit(source: Option<i64>, campaign: Option<i64>) -> Credit {
        Credit { source_medium_id: source, campaign_id: campaign }
    }

    #[test]
    fn a_call_back_takes_the_missed_calls_credit_part_by_part() {
        let own = credit(Some(1), Some(10));
        assert_eq!(credit_of(own, None), own);
        assert_eq!(credit_of(own, Some(credit(Some(2), Some(20)))), credit(Some(2), Some(20)));
        assert_eq!(credit_of(own, Some(credit(None, Some(20)))), credit(Some(1), Some(20)));
        assert_eq!(credit_of(own, Some(credit(Some(2), None))), credit(Some(2), Some(10)));
        assert_eq!(credit_of(credit(None, None), Some(credit(None, None))), credit(None, None));
    }

    #[test]
    fn a_static_number_is_the_offline_source_of_its_channel() {
        assert_eq!(static_pair(Some(" Print ")), ("Print".into(), "offline".into()));
        assert_eq!(static_pair(None), ("Static number".into(), "offline".into()));
        assert_eq!(static_pair(Some("  ")), ("Static number".into(), "offline".into()));
        let long = "x".repeat(SOURCE_MAX + 5);
        assert_eq!(static_pair(Some(&long)).0.chars().count(), SOURCE_MAX);
    }

    #[test]
    fn a_visit_names_its_campaign_by_utm_campaign() {
        assert_eq!(
            visit_campaign("https://example.com/offers?utm_source=bing&utm_campaign=spring_offer"),
            Some("spring_offer".into())
        );
        assert_eq!(visit_campaign("https://example.com/?UTM_Campaign=%20Brand%20"), Some("Brand".into()));
        assert_eq!(visit_campaign("https://example.com/?utm_campaign="), None);
        assert_eq!(visit_campaign("https://example.com/offers?gclid=abc"), None);
        assert_eq!(visit_campaign(""), None);
        let long = format!("/?utm_campaign={}", "y".repeat(CAMPAIGN_NAME_MAX + 1));
        assert_eq!(visit_campaign(&long).map(|c| c.len()), Some(CAMPAIGN_NAME_MAX));
    }

    #[test]
    fn a_period_counts_inbound_calls_from_its_first_midnight_to_the_one_after_its_last_day() {
        let period = report_period(&DatePreset::Last30Days, NOV_23, LONDON).unwrap();
        let inbound = |started_at| CountedFacts { inbound: true, started_at };
        assert!(counts(inbound(period.start), &period));
        assert!(!counts(inbound(period.start - 1), &period));
        assert!(counts(inbound(period.end - 1), &period));
        assert!(!counts(inbound(period.end), &period));
        assert!(!counts(CountedFacts { inbound: false, started_at: period.start }, &period));
    }
}
