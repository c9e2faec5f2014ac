//! What a technology partner sees of the accounts it supplies leads to: calls and qualified
//! leads per account per month (Reports), and the reporting API's query (`GET /v1/calls`).

use chrono::{DateTime, Datelike, NaiveDate, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::purchase::usage::{month_label, SHORT};
use crate::time::{parse_zone, unknown_zone_message};
use crate::validation::FieldErrors;

/// An inbound call with at least this much talk time counts as a qualified lead (ringing is
/// not talk: a missed call never qualifies).
pub const QUALIFIED_LEAD_SECONDS: i64 = 60;
/// The longest range one API request may ask for, and the largest page.
pub const MAX_RANGE_DAYS: i64 = 366;
pub const MAX_PER_PAGE: u32 = 100;
pub const DEFAULT_PER_PAGE: u32 = 50;
/// Without dates, the API answers for the last 30 days.
pub const DEFAULT_RANGE_DAYS: i64 = 30;
/// Pages beyond this are refused rather than scanned (a page number is a client's count).
pub const MAX_PAGE: u32 = 10_000;

/// The direction of the calls a lead report counts (as stored in `calls.direction`).
pub const LEAD_CALL_DIRECTION: &str = "inbound";

/// Whether a call counts in a lead report at all: a lead calls in; the account's own outbound
/// calls are none.
pub fn counts_as_lead_call(inbound: bool) -> bool {
    inbound
}

pub fn is_qualified_lead(inbound: bool, talk_seconds: i64) -> bool {
    counts_as_lead_call(inbound) && talk_seconds >= QUALIFIED_LEAD_SECONDS
}

/// One call of a supplied account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportCall {
    pub account_id: i64,
    pub account_name: String,
    pub started_at: i64,
    pub talk_seconds: i64,
    pub inbound: bool,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LeadReportRow {
    pub account_id: i64,
    pub account_name: String,
    /// "2026-10", for sorting and charts.
    pub month: String,
    /// "October 2026".
    pub month_label: String,
    pub calls: u32,
    pub qualified_leads: u32,
}

/// Calls and qualified leads per account per calendar month in the partner's time zone:
/// newest month first, then by account name. Only inbound calls count (`counts_as_lead_call`).
pub fn monthly_lead_report(calls: &[ReportCall], time_zone: &str) -> Result<Vec<LeadReportRow>, String> {
    let zone: Tz = parse_zone(time_zone)?;
    let mut rows: Vec<LeadReportRow> = Vec::new();
    for call in calls.iter().filter(|call| counts_as_lead_call(call.inbound)) {
        let local =
            DateTime::from_timestamp(call.started_at, 0).ok_or("The time is out of range.")?.with_timezone(&zone);
        let month = format!("{:04}-{:02}", local.year(), local.month());
        let qualified = u32::from(is_qualified_lead(call.inbound, call.talk_seconds));
        match rows.iter_mut().find(|r| r.account_id == call.account_id && r.month == month) {
            Some(row) => {
                row.calls += 1;
                row.qualified_leads += qualified;
            }
            None => rows.push(LeadReportRow {
                account_id: call.account_id,
                account_name: call.account_name.clone(),
                month_label: month_label((local.year(), local.month())),
                month,
                calls: 1,
                qualified_leads: qualified,
            }),
        }
    }
    rows.sort_by(|a, b| {
        b.month.cmp(&a.month).then_with(|| a.account_name.to_lowercase().cmp(&b.account_name.to_lowercase()))
    });
    Ok(rows)
}

/// The reporting API's query as received (every field optional, all text).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CallsQuery {
    pub from: Option<String>,
    pub to: Option<String>,
    pub page: Option<String>,
    pub per_page: Option<String>,
}

/// The query checked: [start, end) in unix seconds, and the page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallsWindow {
    /// The days asked for (YYYY-MM-DD), both included.
    pub from_day: String,
    pub to_day: String,
    pub start: i64,
    pub end: i64,
    pub page: u32,
    pub per_page: u32,
}

fn date(errors: &mut FieldErrors, field: &str, value: Option<&str>) -> Option<NaiveDate> {
    let value = value?.trim();
    let parsed = (value.len() == 10).then(|| NaiveDate::parse_from_str(value, "%Y-%m-%d").ok()).flatten();
    if parsed.is_none() {
        errors.add(field, format!("{field} must be a date written YYYY-MM-DD."));
    }
    parsed
}

fn number(errors: &mut FieldErrors, field: &str, value: Option<&str>, default: u32, max: u32) -> u32 {
    let Some(value) = value else { return default };
    match value.trim().parse::<u32>() {
        Ok(n) if (1..=max).contains(&n) => n,
        _ => {
            errors.add(field, format!("{field} must be a whole number from 1 to {max}."));
            default
        }
    }
}

fn local_midnight(zone: &Tz, day: NaiveDate) -> i64 {
    let midnight = day.and_hms_opt(0, 0, 0).unwrap_or_default();
    zone.from_local_datetime(&midnight).earliest().map_or(0, |t| t.timestamp())
}

/// Checks the API's query: `from` and `to` are whole days in the partner's zone, both included;
/// by default the last 30 days to today; at most 366 days; `to` not before `from`.
pub fn calls_window(query: &CallsQuery, now: i64, time_zone: &str) -> Result<CallsWindow, FieldErrors> {
    let mut errors = FieldErrors::new();
    let zone: Tz = time_zone.parse().map_err(|_| {
        let mut errors = FieldErrors::new();
        errors.add("timeZone", unknown_zone_message(time_zone));
        errors
    })?;
    let today = DateTime::from_timestamp(now, 0).unwrap_or_default().with_timezone(&zone).date_naive();
    let from = date(&mut errors, "from", query.from.as_deref());
    let to = date(&mut errors, "to", query.to.as_deref());
    let page = number(&mut errors, "page", query.page.as_deref(), 1, MAX_PAGE);
    let per_page = number(&mut errors, "per_page", query.per_page.as_deref(), DEFAULT_PER_PAGE, MAX_PER_PAGE);
    if !errors.is_empty() {
        return Err(errors);
    }
    let to = to.unwrap_or(today);
    let from = from.unwrap_or_else(|| to - chrono::Duration::days(DEFAULT_RANGE_DAYS - 1));
    if to < from {
        errors.add("to", "to must not be before from.");
    } else if (to - from).num_days() + 1 > MAX_RANGE_DAYS {
        errors.add("to", format!("The range must not exceed {MAX_RANGE_DAYS} days."));
    }
    errors.into_result()?;
    let end = local_midnight(&zone, to.succ_opt().unwrap_or(to));
    Ok(CallsWindow {
        from_day: from.format("%Y-%m-%d").to_string(),
        to_day: to.format("%Y-%m-%d").to_string(),
        start: local_midnight(&zone, from),
        end,
        page,
        per_page,
    })
}

/// An instant as the reporting API writes it: RFC 3339 in UTC ("2026-11-24T12:00:00Z").
pub fn api_time(instant: i64) -> String {
    DateTime::from_timestamp(instant, 0).unwrap_or_default().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// An instant as the portal's lists show it, the product's date and time in the partner's
/// zone: "24/11/2026 12:00 GMT".
pub fn local_date_time(instant: i64, time_zone: &str) -> Result<String, String> {
    let _: Tz = parse_zone(time_zone)?;
    DateTime::from_timestamp(instant, 0).ok_or("The time is out of range.")?;
    Ok(crate::format_date_time(instant, time_zone))
}

/// The first instant of the month `months_back` months before the one `now` falls in, in the
/// zone (0: this month's first). Reports cover this month and the eleven before.
pub fn months_back_start(now: i64, months_back: u32, time_zone: &str) -> Result<i64, String> {
    let zone: Tz = parse_zone(time_zone)?;
    let local = DateTime::from_timestamp(now, 0).ok_or("The time is out of range.")?.with_timezone(&zone);
    let months = local.year() * 12 + local.month0() as i32 - months_back as i32;
    let first = NaiveDate::from_ymd_opt(months.div_euclid(12), months.rem_euclid(12) as u32 + 1, 1)
        .ok_or("The time is out of range.")?;
    Ok(local_midnight(&zone, first))
}

/// A month of a report: "2026-11", "November 2026" and, for a chart's axis, "Nov 26".
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportMonth {
    pub month: String,
    pub label: String,
    pub short_label: String,
}

/// The `count` months up to the one `now` falls in (in the zone), oldest first: a report's
/// months, empty ones included.
pub fn report_months(now: i64, count: u32, time_zone: &str) -> Result<Vec<ReportMonth>, String> {
    let zone: Tz = parse_zone(time_zone)?;
    let local = DateTime::from_timestamp(now, 0).ok_or("The time is out of range.")?.with_timezone(&zone);
    let current = local.year() * 12 + local.month0() as i32;
    Ok((0..count as i32)
        .rev()
        .map(|back| {
            let index = current - back;
            let (year, month) = (index.div_euclid(12), index.rem_euclid(12) as u32 + 1);
            ReportMonth {
                month: format!("{year:04}-{month:02}"),
                label: month_label((year, month)),
                short_label: format!("{} {:02}", SHORT[month as usize - 1], year.rem_euclid(100)),
            }
        })
        .collect())
}

/// What the reports store about a call, as the reporting API reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct StoredCallReport {
    pub inbound: bool,
    /// National digits; '' when withheld.
    pub caller_number: String,
    /// The source / medium and campaign the call is credited to (domain `reports::credit`: a
    /// call-back's are its missed call's), when it has them.
    pub source: Option<String>,
    pub medium: Option<String>,
    pub campaign: Option<String>,
    /// The visit that showed a pool number, when there was one.
    pub landing_page: Option<String>,
    pub keyword: Option<String>,
    /// `reports::CallOutcome` key.
    pub outcome: String,
    pub first_time: bool,
    pub ring_seconds: i64,
    pub talk_seconds: i64,
    pub destination: String,
    pub category: String,
    pub report_group: String,
    pub callback_of: Option<i64>,
    /// The latest scorecard score, whole percent.
    pub score: Option<i64>,
    /// 1 good lead, 0 not a lead, None not judged.
    pub lead_score: Option<i64>,
}

/// A call's report fields as the reporting API answers them: the caller in the UK format
/// ("07700 900123", "Withheld"), the source / medium and campaign it is credited to, the visit's landing page and search
/// keyword, the outcome key, first-time caller, ring and talk seconds, who answered, category,
/// report group, and the missed call this one calls back. Outbound calls are no leads and have
/// none of these (all null); an inbound call's text field is null when empty, its outcome null
/// when the stored key is not one the reports know.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiCallReport {
    pub caller_number: Option<String>,
    pub source: Option<String>,
    pub medium: Option<String>,
    pub campaign: Option<String>,
    pub landing_page: Option<String>,
    pub keyword: Option<String>,
    pub outcome: Option<String>,
    pub first_time: Option<bool>,
    pub ring_seconds: Option<i64>,
    pub talk_seconds: Option<i64>,
    pub destination: Option<String>,
    pub category: Option<String>,
    pub report_group: Option<String>,
    pub callback_of: Option<i64>,
    /// The latest scorecard score, 0 to 100.
    pub score: Option<i64>,
    /// "goodLead" or "notALead" (domain `scoring::LeadScore`).
    pub lead_score: Option<String>,
}

fn text(value: &str) -> Option<String> {
    let value = value.trim();
    (!value.is_empty()).then(|| value.to_string())
}

/// The report fields the reporting API answers for a stored call.
pub fn api_call_report(call: &StoredCallReport) -> ApiCallReport {
    if !counts_as_lead_call(call.inbound) {
        return ApiCallReport::default();
    }
    let optional = |value: &Option<String>| value.as_deref().and_then(text);
    ApiCallReport {
        caller_number: Some(crate::reports::format_uk(&call.caller_number)),
        source: optional(&call.source),
        medium: optional(&call.medium),
        campaign: optional(&call.campaign),
        landing_page: optional(&call.landing_page),
        keyword: optional(&call.keyword),
        outcome: crate::reports::CallOutcome::from_key(&call.outcome).map(|o| o.key().to_string()),
        first_time: Some(call.first_time),
        ring_seconds: Some(call.ring_seconds.max(0)),
        talk_seconds: Some(call.talk_seconds.max(0)),
        destination: text(&call.destination),
        category: text(&call.category),
        report_group: text(&call.report_group),
        callback_of: call.callback_of,
        score: call.score,
        lead_score: call.lead_score.map(|flag| {
            let lead =
                if flag == 1 { crate::scoring::LeadScore::GoodLead } else { crate::scoring::LeadScore::NotALead };
            lead.key().to_string()
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // 2026-11-24 12:00 UTC, a Tuesday in winter (GMT).
    const NOW: i64 = 1_795_521_600;
    const ZONE: &str = "Europe/London";

    fn call(account_id: i64, started_at: i64, talk_seconds: i64, inbound: bool) -> ReportCall {
        ReportCall { account_id, account_name: format!("Account {account_id}"), started_at, talk_seconds, inbound }
    }

    fn query(from: Option<&str>, to: Option<&str>) -> CallsQuery {
        CallsQuery { from: from.map(Into::into), to: to.map(Into::into), ..CallsQuery::default() }
    }

    #[test]
    fn a_qualified_lead_is_an_inbound_call_of_a_minute_or_more() {
        assert!(is_qualified_lead(true, 60));
        assert!(!is_qualified_lead(true, 59));
        assert!(!is_qualified_lead(false, 600));
    }

    #[test]
    fn calls_are_counted_per_account_per_local_month() {
        // 2026-10-31 23:30 UTC is 23:30 GMT (October); 2026-06-30 23:30 UTC is July 00:30 BST.
        let oct_31_late = 1_793_489_400;
        let june_30_late = 1_782_862_200;
        let calls = [
            call(2, oct_31_late, 120, true),
            call(1, oct_31_late, 30, true),
            call(1, oct_31_late - 86_400, 61, true),
            call(1, june_30_late, 600, true),
            call(1, june_30_late, 20, true),
        ];
        let rows = monthly_lead_report(&calls, ZONE).unwrap();
        let summary: Vec<_> =
            rows.iter().map(|r| (r.account_id, r.month.as_str(), r.calls, r.qualified_leads)).collect();
        assert_eq!(summary, [(1, "2026-10", 2, 1), (2, "2026-10", 1, 1), (1, "2026-07", 2, 1)]);
        assert_eq!(rows[0].month_label, "October 2026");
        assert!(monthly_lead_report(&calls, "Mars/Olympus").is_err());
    }

    #[test]
    fn outbound_calls_are_not_counted_as_calls_or_leads() {
        let oct_31_late = 1_793_489_400;
        let calls = [
            call(1, oct_31_late, 120, true),
            call(1, oct_31_late, 600, false),
            call(1, oct_31_late, 10, false),
            call(2, oct_31_late, 300, false),
        ];
        let rows = monthly_lead_report(&calls, ZONE).unwrap();
        let summary: Vec<_> =
            rows.iter().map(|r| (r.account_id, r.month.as_str(), r.calls, r.qualified_leads)).collect();
        assert_eq!(summary, [(1, "2026-10", 1, 1)], "an account with only outbound calls has no row");
        assert!(!counts_as_lead_call(false));
        assert!(counts_as_lead_call(true));
    }

    #[test]
    fn times_are_written_in_utc_for_the_api_and_locally_for_people() {
        assert_eq!(api_time(NOW), "2026-11-24T12:00:00Z");
        // 1 July 2026 11:00 UTC is 12:00 BST.
        assert_eq!(local_date_time(1_782_903_600, ZONE).unwrap(), "01/07/2026 12:00 BST");
        assert!(local_date_time(NOW, "Nowhere/Else").is_err());
    }

    #[test]
    fn a_report_has_every_month_to_this_one_oldest_first() {
        let months = report_months(NOW, 12, ZONE).unwrap();
        assert_eq!(months.len(), 12);
        assert_eq!(
            (months[0].month.as_str(), months[0].label.as_str(), months[0].short_label.as_str()),
            ("2025-12", "December 2025", "Dec 25")
        );
        assert_eq!(months[11].month, "2026-11");
        assert_eq!(report_months(NOW, 0, ZONE).unwrap(), []);
    }

    #[test]
    fn reports_start_on_the_first_of_a_local_month() {
        assert_eq!(months_back_start(NOW, 0, ZONE).unwrap(), 1_793_491_200); // 2026-11-01 00:00 GMT
                                                                             // Eleven months back is 1 December 2025; twelve is 1 November 2025.
        assert_eq!(months_back_start(NOW, 11, ZONE).unwrap(), 1_764_547_200);
        assert_eq!(months_back_start(NOW, 12, ZONE).unwrap(), 1_761_955_200);
        // 1 July 2026 starts at 23:00 UTC on 30 June (BST).
        assert_eq!(months_back_start(NOW, 4, ZONE).unwrap(), 1_782_860_400);
    }

    #[test]
    fn without_dates_the_window_is_the_last_thirty_days_to_the_end_of_today() {
        let window = calls_window(&CallsQuery::default(), NOW, ZONE).unwrap();
        assert_eq!(window.end, 1_795_564_800); // 2026-11-25 00:00 GMT
        assert_eq!(window.end - window.start, 30 * 86_400);
        assert_eq!((window.from_day.as_str(), window.to_day.as_str()), ("2026-10-26", "2026-11-24"));
        assert_eq!((window.page, window.per_page), (1, DEFAULT_PER_PAGE));
    }

    #[test]
    fn dates_are_whole_local_days_both_included() {
        // Summer: the day starts at 23:00 UTC the evening before.
        let window = calls_window(&query(Some("2026-07-01"), Some("2026-07-01")), NOW, ZONE).unwrap();
        assert_eq!(window.start, 1_782_860_400);
        assert_eq!(window.end - window.start, 86_400);
    }

    #[test]
    fn bad_dates_and_numbers_are_named() {
        let bad = CallsQuery {
            from: Some("1st July".into()),
            to: Some("2026-13-01".into()),
            page: Some("0".into()),
            per_page: Some("1000".into()),
        };
        let errors = calls_window(&bad, NOW, ZONE).unwrap_err();
        assert_eq!(errors.get("from"), Some("from must be a date written YYYY-MM-DD."));
        assert_eq!(errors.get("to"), Some("to must be a date written YYYY-MM-DD."));
        assert_eq!(errors.get("page"), Some("page must be a whole number from 1 to 10000."));
        assert_eq!(errors.get("per_page"), Some("per_page must be a whole number from 1 to 100."));
        let long = "2".repeat(100_000);
        assert!(calls_window(&query(Some(&long), None), NOW, ZONE).is_err());
    }

    #[test]
    fn ranges_must_run_forwards_and_stay_within_a_year_and_a_day() {
        let errors = calls_window(&query(Some("2026-07-02"), Some("2026-07-01")), NOW, ZONE).unwrap_err();
        assert_eq!(errors.get("to"), Some("to must not be before from."));
        assert!(calls_window(&query(Some("2025-11-24"), Some("2026-11-24")), NOW, ZONE).is_ok());
        let errors = calls_window(&query(Some("2025-11-23"), Some("2026-11-24")), NOW, ZONE).unwrap_err();
        assert_eq!(errors.get("to"), Some("The range must not exceed 366 days."));
    }

    #[test]
    fn the_api_gives_an_inbound_calls_report_fields_with_the_caller_in_uk_format() {
        let stored = StoredCallReport {
            inbound: true,
            caller_number: "07700900123".into(),
            source: Some("google".into()),
            medium: Some("cpc".into()),
            campaign: Some(" spring_offer ".into()),
            landing_page: Some("https://www.example.co.uk/implants".into()),
            keyword: Some(" dental implants ".into()),
            outcome: "answered".into(),
            first_time: true,
            ring_seconds: 7,
            talk_seconds: 185,
            destination: "Reception".into(),
            category: "New patient".into(),
            report_group: "".into(),
            callback_of: Some(41),
            score: Some(85),
            lead_score: Some(1),
        };
        let report = api_call_report(&stored);
        assert_eq!((report.score, report.lead_score.as_deref()), (Some(85), Some("goodLead")));
        assert_eq!(report.caller_number.as_deref(), Some("07700 900123"));
        assert_eq!((report.source.as_deref(), report.medium.as_deref()), (Some("google"), Some("cpc")));
        assert_eq!(report.keyword.as_deref(), Some("dental implants"));
        assert_eq!(report.campaign.as_deref(), Some("spring_offer"));
        assert_eq!(report.outcome.as_deref(), Some("answered"));
        assert_eq!((report.first_time, report.ring_seconds, report.talk_seconds), (Some(true), Some(7), Some(185)));
        assert_eq!(report.destination.as_deref(), Some("Reception"));
        assert_eq!(report.report_group, None, "empty text is null");
        assert_eq!(report.callback_of, Some(41));
    }

    #[test]
    fn a_withheld_caller_an_unknown_outcome_and_outbound_calls() {
        let withheld = StoredCallReport { inbound: true, outcome: "exploded".into(), ..Default::default() };
        let report = api_call_report(&withheld);
        assert_eq!(report.caller_number.as_deref(), Some("Withheld"));
        assert_eq!(report.outcome, None);
        assert_eq!((report.source, report.landing_page), (None, None));
        let outbound = StoredCallReport { inbound: false, caller_number: "07700900123".into(), ..Default::default() };
        assert_eq!(api_call_report(&outbound), ApiCallReport::default());
        let json = serde_json::to_value(api_call_report(&withheld)).unwrap();
        let keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "callbackOf",
                "callerNumber",
                "campaign",
                "category",
                "destination",
                "firstTime",
                "keyword",
                "landingPage",
                "leadScore",
                "medium",
                "outcome",
                "reportGroup",
                "ringSeconds",
                "score",
                "source",
                "talkSeconds"
            ]
        );
    }
}
