//! The date ranges of the call log and the dashboard, in the account's time zone: today,
//! yesterday, the last 7 or 30 days, this month, last month or custom dates; and the period just
//! before, that the dashboard compares with. Days are local days, so a range across a change of
//! clocks is 23 or 25 hours longer or shorter, as the account's own calendar is.

use chrono::{DateTime, Datelike, Days, Months, NaiveDate, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::time::parse_zone;

/// The longest custom range: the 25 months that calls are kept.
pub const CUSTOM_DAYS_MAX: u64 = 762;

pub const DATES_REQUIRED: &str = "Choose the first and the last day.";
pub const DATES_INVALID: &str = "Dates are written as YYYY-MM-DD.";
pub const DATES_REVERSED: &str = "The first day must not be after the last day.";
pub const DATES_TOO_LONG: &str = "A report covers at most 25 months.";

/// The date range when a query names none.
pub const DEFAULT_PRESET: &str = "last30Days";
pub const PRESET_MESSAGE: &str = "Choose a date range from the list.";

/// A date range as the filters name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "preset")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DatePreset {
    Today,
    Yesterday,
    Last7Days,
    Last30Days,
    ThisMonth,
    LastMonth,
    /// Inclusive local dates, YYYY-MM-DD.
    Custom {
        from: String,
        to: String,
    },
}

/// A period: its first and last local day, and the instants it covers, [start, end).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReportPeriod {
    pub first_day: String,
    pub last_day: String,
    pub start: i64,
    pub end: i64,
    /// The period just before, as long in days (or the month before a month), for comparisons.
    pub previous_start: i64,
    pub previous_end: i64,
    /// The period before's first and last local day, YYYY-MM-DD.
    pub previous_first_day: String,
    pub previous_last_day: String,
}

/// The period a query names: the preset's key (the last 30 days when empty), and the days of a
/// custom range. An unknown key is the preset's error.
pub fn preset_from_query(preset: Option<&str>, from: Option<&str>, to: Option<&str>) -> Result<DatePreset, String> {
    let text = |value: Option<&str>| value.map(str::trim).unwrap_or("").to_string();
    let key = preset.map(str::trim).filter(|p| !p.is_empty()).unwrap_or(DEFAULT_PRESET);
    if key == CUSTOM_PRESET {
        return Ok(DatePreset::Custom { from: text(from), to: text(to) });
    }
    PRESETS.iter().find(|(k, _)| *k == key).map(|(_, preset)| preset.clone()).ok_or_else(|| PRESET_MESSAGE.into())
}

/// The presets by their keys, but the custom range (`CUSTOM_PRESET`, with its days).
pub const PRESETS: [(&str, DatePreset); 6] = [
    ("today", DatePreset::Today),
    ("yesterday", DatePreset::Yesterday),
    ("last7Days", DatePreset::Last7Days),
    ("last30Days", DatePreset::Last30Days),
    ("thisMonth", DatePreset::ThisMonth),
    ("lastMonth", DatePreset::LastMonth),
];
/// The key of a custom range, from `from` to `to`.
pub const CUSTOM_PRESET: &str = "custom";

/// Every preset's key, the custom range's last (the contract's enumeration of `preset`).
pub fn preset_keys() -> impl Iterator<Item = &'static str> {
    PRESETS.iter().map(|(key, _)| *key).chain([CUSTOM_PRESET])
}

fn zone_of(time_zone: &str) -> Result<Tz, String> {
    parse_zone(time_zone)
}

/// Local midnight at the start of `day` (the earliest instant when the zone's clocks skip it).
fn day_start(zone: &Tz, day: NaiveDate) -> i64 {
    let midnight = day.and_hms_opt(0, 0, 0).expect("midnight exists");
    zone.from_local_datetime(&midnight).earliest().map_or_else(|| midnight.and_utc().timestamp(), |t| t.timestamp())
}

fn parse_day(text: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| DATES_INVALID.to_string())
}

fn next(day: NaiveDate) -> NaiveDate {
    day.checked_add_days(Days::new(1)).unwrap_or(day)
}

fn back(day: NaiveDate, days: u64) -> NaiveDate {
    day.checked_sub_days(Days::new(days)).unwrap_or(day)
}

/// First and last local day, inclusive.
type DaySpan = (NaiveDate, NaiveDate);

/// The inclusive local days of a preset on the local day `today`, and of the period before it.
fn days_of(preset: &DatePreset, today: NaiveDate) -> Result<(DaySpan, DaySpan), String> {
    let month_start = today.with_day(1).expect("the 1st exists");
    let span = |first: NaiveDate, last: NaiveDate| {
        let length = (last - first).num_days() as u64 + 1;
        ((first, last), (back(first, length), back(first, 1)))
    };
    Ok(match preset {
        DatePreset::Today => span(today, today),
        DatePreset::Yesterday => span(back(today, 1), back(today, 1)),
        // The last N days end today.
        DatePreset::Last7Days => span(back(today, 6), today),
        DatePreset::Last30Days => span(back(today, 29), today),
        DatePreset::ThisMonth => {
            let before = month_start - Months::new(1);
            ((month_start, today), (before, back(month_start, 1)))
        }
        DatePreset::LastMonth => {
            let first = month_start - Months::new(1);
            let before = first - Months::new(1);
            ((first, back(month_start, 1)), (before, back(first, 1)))
        }
        DatePreset::Custom { from, to } => {
            if from.trim().is_empty() || to.trim().is_empty() {
                return Err(DATES_REQUIRED.into());
            }
            let (first, last) = (parse_day(from)?, parse_day(to)?);
            if first > last {
                return Err(DATES_REVERSED.into());
            }
            if (last - first).num_days() as u64 + 1 > CUSTOM_DAYS_MAX {
                return Err(DATES_TOO_LONG.into());
            }
            span(first, last)
        }
    })
}

/// The period a preset covers at `now` in the account's zone, with the period before it.
pub fn report_period(preset: &DatePreset, now: i64, time_zone: &str) -> Result<ReportPeriod, String> {
    let zone = zone_of(time_zone)?;
    let today = DateTime::from_timestamp(now, 0).ok_or("The time is out of range.")?.with_timezone(&zone).date_naive();
    let ((first, last), (previous_first, previous_last)) = days_of(preset, today)?;
    Ok(ReportPeriod {
        first_day: first.format("%Y-%m-%d").to_string(),
        last_day: last.format("%Y-%m-%d").to_string(),
        start: day_start(&zone, first),
        end: day_start(&zone, next(last)),
        previous_start: day_start(&zone, previous_first),
        previous_end: day_start(&zone, next(previous_last)),
        previous_first_day: previous_first.format("%Y-%m-%d").to_string(),
        previous_last_day: previous_last.format("%Y-%m-%d").to_string(),
    })
}

/// The custom range (first and last day, YYYY-MM-DD) that shows every call from `first_call`
/// until today in the call log, or the longest the log allows (CUSTOM_DAYS_MAX) when the first
/// call is older: a number's page links its 'all calls' to it.
pub fn range_since(first_call: i64, now: i64, time_zone: &str) -> Result<(String, String), String> {
    let zone = zone_of(time_zone)?;
    let day = |instant: i64| -> Result<NaiveDate, String> {
        Ok(DateTime::from_timestamp(instant, 0).ok_or("The time is out of range.")?.with_timezone(&zone).date_naive())
    };
    let today = day(now)?;
    let first = day(first_call.min(now))?.max(back(today, CUSTOM_DAYS_MAX - 1));
    Ok((first.format("%Y-%m-%d").to_string(), today.format("%Y-%m-%d").to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_since_a_first_call_ends_today_within_the_logs_longest() {
        let since = range_since(NOV_23 - 30 * 86_400, NOV_23, LONDON).unwrap();
        assert_eq!(since, ("2026-10-24".to_string(), "2026-11-23".to_string()));
        let (first, last) = range_since(0, NOV_23, LONDON).unwrap();
        let period = report_period(&DatePreset::Custom { from: first.clone(), to: last }, NOV_23, LONDON).unwrap();
        assert_eq!(period.first_day, first, "accepted by the log");
        assert_eq!(first, "2024-10-23");
        assert!(range_since(NOV_23, NOV_23, "Mars/Base").is_err());
    }

    const LONDON: &str = "Europe/London";
    /// Monday 2026-11-23 10:00 UTC (GMT).
    const NOV_23: i64 = 1_795_428_000;
    /// Sunday 2026-03-29 12:00 UTC: the clocks went forward at 01:00 GMT that morning.
    const SPRING_FORWARD: i64 = 1_774_785_600;
    /// Sunday 2026-10-25 12:00 UTC: the clocks went back at 02:00 BST that morning.
    const FALL_BACK: i64 = 1_792_929_600;
    const HOUR: i64 = 3_600;

    fn period(preset: DatePreset, now: i64) -> ReportPeriod {
        report_period(&preset, now, LONDON).unwrap()
    }

    fn custom(from: &str, to: &str) -> DatePreset {
        DatePreset::Custom { from: from.into(), to: to.into() }
    }

    #[test]
    fn today_and_yesterday_are_local_days_with_the_day_before_to_compare() {
        let today = period(DatePreset::Today, NOV_23);
        assert_eq!((today.first_day.as_str(), today.last_day.as_str()), ("2026-11-23", "2026-11-23"));
        assert_eq!((today.start, today.end), (NOV_23 - 10 * HOUR, NOV_23 + 14 * HOUR));
        assert_eq!((today.previous_start, today.previous_end), (today.start - 24 * HOUR, today.start));
        let yesterday = period(DatePreset::Yesterday, NOV_23);
        assert_eq!(yesterday.first_day, "2026-11-22");
        assert_eq!(yesterday.end, today.start);
    }

    #[test]
    fn the_last_seven_and_thirty_days_end_today() {
        let week = period(DatePreset::Last7Days, NOV_23);
        assert_eq!((week.first_day.as_str(), week.last_day.as_str()), ("2026-11-17", "2026-11-23"));
        assert_eq!(week.end - week.start, 7 * 24 * HOUR);
        assert_eq!(week.previous_end, week.start);
        assert_eq!(week.start - week.previous_start, 7 * 24 * HOUR);
        let month = period(DatePreset::Last30Days, NOV_23);
        assert_eq!(month.first_day, "2026-10-25");
        // From 25 October, the day the clocks went back: 30 local days are 721 hours.
        assert_eq!(month.end - month.start, 30 * 24 * HOUR + HOUR);
    }

    #[test]
    fn months_are_calendar_months_compared_with_the_month_before() {
        let this = period(DatePreset::ThisMonth, NOV_23);
        assert_eq!((this.first_day.as_str(), this.last_day.as_str()), ("2026-11-01", "2026-11-23"));
        let last = period(DatePreset::LastMonth, NOV_23);
        assert_eq!((last.first_day.as_str(), last.last_day.as_str()), ("2026-10-01", "2026-10-31"));
        assert_eq!(last.end, this.start);
        // October 2026 starts in BST (23:00 UTC on 30 September) and has 745 hours.
        assert_eq!(last.end - last.start, 745 * HOUR);
        assert_eq!(this.previous_start, last.start);
        // January's month before is December of the year before.
        let january = report_period(&DatePreset::LastMonth, 1_770_000_000, LONDON).unwrap(); // 2026-02-02
        assert_eq!(january.first_day, "2026-01-01");
        assert_eq!(january.previous_start, 1_764_547_200); // 2025-12-01 00:00 GMT
    }

    #[test]
    fn a_day_when_the_clocks_change_is_23_or_25_hours() {
        let spring = period(DatePreset::Today, SPRING_FORWARD);
        assert_eq!(spring.first_day, "2026-03-29");
        assert_eq!(spring.end - spring.start, 23 * HOUR);
        let autumn = period(DatePreset::Today, FALL_BACK);
        assert_eq!(autumn.first_day, "2026-10-25");
        assert_eq!(autumn.end - autumn.start, 25 * HOUR);
        // Just after midnight BST is still the previous day in UTC, and today in London.
        let after_midnight = period(DatePreset::Today, 1_782_862_200); // 2026-06-30T23:30Z
        assert_eq!(after_midnight.first_day, "2026-07-01");
    }

    #[test]
    fn custom_dates_are_checked_and_compared_with_as_many_days_before() {
        let range = period(custom("2026-11-01", "2026-11-10"), NOV_23);
        assert_eq!((range.first_day.as_str(), range.last_day.as_str()), ("2026-11-01", "2026-11-10"));
        assert_eq!(range.previous_end, range.start);
        // 22 to 31 October, with the 25-hour day the clocks went back.
        assert_eq!(range.start - range.previous_start, 10 * 24 * HOUR + HOUR);
        let error = |from: &str, to: &str| report_period(&custom(from, to), NOV_23, LONDON).unwrap_err();
        assert_eq!(error("", "2026-11-10"), DATES_REQUIRED);
        assert_eq!(error("01/11/2026", "2026-11-10"), DATES_INVALID);
        assert_eq!(error("2026-02-30", "2026-03-01"), DATES_INVALID);
        assert_eq!(error("2026-11-10", "2026-11-01"), DATES_REVERSED);
        assert_eq!(error("2024-01-01", "2026-11-10"), DATES_TOO_LONG);
        assert!(report_period(&custom("2024-10-20", "2026-11-20"), NOV_23, LONDON).is_ok());
        assert!(report_period(&DatePreset::Today, NOV_23, "Mars/Olympus").is_err());
    }
}
