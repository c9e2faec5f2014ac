//! Usage on the plan and usage page (spec/billing-subscription-purchase.md, "Plan and usage
//! page"): what a call costs at a per-minute rate, the months and quarters the call charges
//! cover (in the account's time zone), the inclusive minutes and the recording storage line.

use chrono::{DateTime, Datelike, NaiveDate, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::time::parse_zone;

/// A call is charged per started minute.
pub fn billable_minutes(duration_seconds: i64) -> i64 {
    (duration_seconds.max(0) + 59) / 60
}

/// A call's cost in tenths of a penny at `rate_tenth_pence` per minute.
pub fn call_cost(duration_seconds: i64, rate_tenth_pence: i64) -> i64 {
    billable_minutes(duration_seconds) * rate_tenth_pence
}

/// The usage item an inbound call is charged as: a call to a freephone number (0800) as
/// freephone, else one put through to a mobile as forwarded to a mobile (when the account's
/// rates have that item), else a geographic call.
pub fn inbound_rate_item(tracked_number: &str, to_mobile: bool, mobile_rate_exists: bool) -> &'static str {
    if tracked_number.starts_with("0800") || tracked_number.starts_with("44800") {
        "inbound_freephone"
    } else if to_mobile && mobile_rate_exists {
        "forwarded_mobile"
    } else {
        "inbound_geographic"
    }
}

/// The usage item an agent's call out is charged as: to a mobile (07), else to a landline.
pub fn outbound_rate_item(destination: &str) -> &'static str {
    if destination.starts_with("07") || destination.starts_with("447") {
        "outbound_mobile"
    } else {
        "outbound_landline"
    }
}

/// A span of time in unix seconds, `start` included and `end` excluded, with its name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Period {
    pub label: String,
    pub start: i64,
    pub end: i64,
}

/// The previous and the current month and quarter at an instant; the current ones end at the
/// end of the month or quarter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UsagePeriods {
    pub previous_month: Period,
    pub current_month: Period,
    pub previous_quarter: Period,
    pub current_quarter: Period,
}

pub(crate) const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
pub(crate) const SHORT: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// (year, month 1-12) moved by `delta` months.
pub(crate) fn shift(year: i32, month: u32, delta: i32) -> (i32, u32) {
    let index = year * 12 + month as i32 - 1 + delta;
    (index.div_euclid(12), (index.rem_euclid(12) + 1) as u32)
}

/// Local midnight at the start of a month as unix seconds (the earliest instant if the zone
/// skips midnight).
pub(crate) fn month_start(zone: &Tz, (year, month): (i32, u32)) -> i64 {
    let midnight = NaiveDate::from_ymd_opt(year, month, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default();
    zone.from_local_datetime(&midnight).earliest().map_or(0, |t| t.timestamp())
}

pub(crate) fn period(zone: &Tz, first: (i32, u32), months: i32, label: String) -> Period {
    Period { label, start: month_start(zone, first), end: month_start(zone, shift(first.0, first.1, months)) }
}

pub(crate) fn month_label((year, month): (i32, u32)) -> String {
    format!("{} {year}", MONTHS[month as usize - 1])
}

fn quarter_label((year, month): (i32, u32)) -> String {
    let last = shift(year, month, 2);
    format!("{} to {} {year}", SHORT[month as usize - 1], SHORT[last.1 as usize - 1])
}

/// The months and quarters the call charges show at `now` for an account in `time_zone`.
pub fn usage_periods(now: i64, time_zone: &str) -> Result<UsagePeriods, String> {
    let zone: Tz = parse_zone(time_zone)?;
    let local = DateTime::from_timestamp(now, 0).ok_or("The time is out of range.")?.with_timezone(&zone);
    let this_month = (local.year(), local.month());
    let last_month = shift(this_month.0, this_month.1, -1);
    let this_quarter = (local.year(), (local.month() - 1) / 3 * 3 + 1);
    let last_quarter = shift(this_quarter.0, this_quarter.1, -3);
    Ok(UsagePeriods {
        previous_month: period(&zone, last_month, 1, month_label(last_month)),
        current_month: period(&zone, this_month, 1, month_label(this_month)),
        previous_quarter: period(&zone, last_quarter, 3, quarter_label(last_quarter)),
        current_quarter: period(&zone, this_quarter, 3, quarter_label(this_quarter)),
    })
}

/// Inclusive minutes: how many of `total` are used (never more than the total) and left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InclusiveMinutes {
    pub used: i64,
    pub total: i64,
    pub left: i64,
}

pub fn inclusive_minutes(total: i64, minutes_called: i64) -> InclusiveMinutes {
    let total = total.max(0);
    let used = minutes_called.clamp(0, total);
    InclusiveMinutes { used, total, left: total - used }
}

/// The bar's text, shown only when the plan has inclusive minutes.
pub fn inclusive_minutes_text(left: i64, total: i64) -> Option<String> {
    (total > 0).then(|| format!("You have {left} minutes left of your {total} inclusive minutes"))
}

/// The call recording storage line of 'Add-ons included'.
pub fn recording_storage_text(days: i64, free_days: i64) -> String {
    if days > free_days {
        format!("{days} days of call recording storage (first {free_days} days is free)")
    } else {
        format!("{days} days of call recording storage (free)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_out_is_charged_as_a_mobile_or_a_landline_call() {
        assert_eq!(outbound_rate_item("07700900123"), "outbound_mobile");
        assert_eq!(outbound_rate_item("447700900123"), "outbound_mobile");
        assert_eq!(outbound_rate_item("01614960000"), "outbound_landline");
        assert_eq!(outbound_rate_item("02079460000"), "outbound_landline");
    }

    #[test]
    fn an_inbound_call_is_charged_as_freephone_mobile_or_geographic() {
        assert_eq!(inbound_rate_item("08001234567", true, true), "inbound_freephone");
        assert_eq!(inbound_rate_item("01614960000", true, true), "forwarded_mobile");
        assert_eq!(inbound_rate_item("01614960000", true, false), "inbound_geographic");
        assert_eq!(inbound_rate_item("01614960000", false, true), "inbound_geographic");
    }

    /// 2026-11-23 14:00 UTC, a Monday.
    const NOW: i64 = 1_795_442_400;

    #[test]
    fn calls_are_charged_per_started_minute() {
        assert_eq!(billable_minutes(0), 0);
        assert_eq!(billable_minutes(1), 1);
        assert_eq!(billable_minutes(60), 1);
        assert_eq!(billable_minutes(61), 2);
        assert_eq!(billable_minutes(-5), 0);
        assert_eq!(call_cost(125, 15), 45, "three minutes at 1.5p is 4.5p");
    }

    #[test]
    fn months_and_quarters_are_the_account_time_zones() {
        let p = usage_periods(NOW, "Europe/London").unwrap();
        assert_eq!(p.current_month.label, "November 2026");
        assert_eq!(p.previous_month.label, "October 2026");
        // 1 November 2026 00:00 GMT; 1 October 2026 00:00 BST is 23:00 UTC the day before.
        assert_eq!(p.current_month.start, 1_793_491_200);
        assert_eq!(p.previous_month.start, 1_790_809_200);
        assert_eq!(p.previous_month.end, p.current_month.start);
        assert_eq!(p.current_month.end, 1_796_083_200, "1 December 2026");
        assert_eq!(p.current_quarter.label, "Oct to Dec 2026");
        assert_eq!(p.current_quarter.start, p.previous_month.start);
        assert_eq!(p.previous_quarter.label, "Jul to Sep 2026");
        assert_eq!(p.previous_quarter.end, p.current_quarter.start);
    }

    #[test]
    fn january_looks_back_into_the_previous_year() {
        // 2026-01-10 12:00 UTC.
        let p = usage_periods(1_768_046_400, "Europe/London").unwrap();
        assert_eq!(p.previous_month.label, "December 2025");
        assert_eq!(p.previous_quarter.label, "Oct to Dec 2025");
        assert_eq!(p.current_quarter.label, "Jan to Mar 2026");
    }

    #[test]
    fn the_month_turns_at_local_midnight() {
        // 2026-10-31 23:30 UTC is already 1 November in Paris (UTC+1) but not in London.
        let late = 1_793_489_400;
        assert_eq!(usage_periods(late, "Europe/Paris").unwrap().current_month.label, "November 2026");
        assert_eq!(usage_periods(late, "Europe/London").unwrap().current_month.label, "October 2026");
        assert!(usage_periods(late, "Mars/Olympus").is_err());
    }

    #[test]
    fn inclusive_minutes_are_used_up_to_the_total() {
        assert_eq!(inclusive_minutes(500, 120), InclusiveMinutes { used: 120, total: 500, left: 380 });
        assert_eq!(inclusive_minutes(500, 900), InclusiveMinutes { used: 500, total: 500, left: 0 });
        assert_eq!(inclusive_minutes(0, 10), InclusiveMinutes { used: 0, total: 0, left: 0 });
        assert_eq!(
            inclusive_minutes_text(380, 500).as_deref(),
            Some("You have 380 minutes left of your 500 inclusive minutes")
        );
        assert_eq!(inclusive_minutes_text(0, 0), None);
    }

    #[test]
    fn recording_storage_says_which_days_are_free() {
        assert_eq!(recording_storage_text(30, 30), "30 days of call recording storage (free)");
        assert_eq!(recording_storage_text(90, 30), "90 days of call recording storage (first 30 days is free)");
    }
}
