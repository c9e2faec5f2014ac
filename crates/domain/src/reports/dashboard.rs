//! The reports dashboard: the period from the query, the local days its charts show
//! (a day without calls shows as zero), how each figure compares with the period before, and
//! the few series a stacked chart can show (the top sources, the rest as "Other").

use chrono::{DateTime, Datelike, Days, NaiveDate, Offset, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::period::{DatePreset, ReportPeriod};
use crate::time::parse_zone;

/// The dashboard's period when the query names none.
/// DaySeries of the stacked chart: the top sources, the rest added up as "Other".
pub const SERIES_MAX: usize = 6;
pub const OTHER_SERIES: &str = "Other";
/// How a call without a source is named.
pub const NO_SOURCE: &str = "(none)";
const DAY: i64 = 86_400;

/// The local days of a period and how to find a call's day in SQL: from each instant in
/// `offsets` on, a call's local day is `(started_at + offset) / 86400` days since 1970.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DayBuckets {
    /// YYYY-MM-DD, every local day of the period in order.
    pub days: Vec<String>,
    /// The first day, as days since 1970-01-01.
    pub first_epoch_day: i64,
    /// (from instant, UTC offset in seconds), by instant; the first from the period's start.
    pub offsets: Vec<(i64, i64)>,
}

impl DayBuckets {
    /// The index in `days` of a local day counted from 1970, if the period has it.
    pub fn index_of(&self, epoch_day: i64) -> Option<usize> {
        let index = usize::try_from(epoch_day - self.first_epoch_day).ok()?;
        (index < self.days.len()).then_some(index)
    }
}

fn offset_at(zone: &Tz, instant: i64) -> i64 {
    let utc = DateTime::from_timestamp(instant, 0).unwrap_or_default();
    i64::from(zone.offset_from_utc_datetime(&utc.naive_utc()).fix().local_minus_utc())
}

/// The first instant in (after, before] whose offset differs from `after`'s.
fn change_between(zone: &Tz, mut after: i64, mut before: i64) -> i64 {
    let offset = offset_at(zone, after);
    while before - after > 1 {
        let middle = after + (before - after) / 2;
        if offset_at(zone, middle) == offset {
            after = middle;
        } else {
            before = middle;
        }
    }
    before
}

/// The local days of `period` in `time_zone`, with the offsets in force during it (the clocks
/// change at most a few times a year, and never twice in a day).
pub fn day_buckets(period: &ReportPeriod, time_zone: &str) -> Result<DayBuckets, String> {
    let zone: Tz = parse_zone(time_zone)?;
    let parse = |day: &str| NaiveDate::parse_from_str(day, "%Y-%m-%d").map_err(|_| format!("Bad day {day}."));
    let (first, last) = (parse(&period.first_day)?, parse(&period.last_day)?);
    let epoch = NaiveDate::from_ymd_opt(1970, 1, 1).expect("1970 exists");
    let mut days = Vec::new();
    let mut day = first;
    while day <= last {
        days.push(day.format("%Y-%m-%d").to_string());
        day = day.checked_add_days(Days::new(1)).ok_or("The period is out of range.")?;
    }
    let mut offsets = vec![(period.start, offset_at(&zone, period.start))];
    let mut at = period.start;
    while at < period.end {
        let step = (at + DAY).min(period.end);
        let before = offsets.last().expect("one offset").1;
        if offset_at(&zone, step) != before || offset_at(&zone, step - 1) != before {
            let change = change_between(&zone, at, step);
            offsets.push((change, offset_at(&zone, change)));
        }
        at = step;
    }
    Ok(DayBuckets { days, first_epoch_day: (first - epoch).num_days(), offsets })
}

/// How the charts group a period's days: a bar a day up to `DAY_BARS_MAX` days, a week (Monday
/// to Sunday) up to `WEEK_BARS_MAX` days, else a month (a year of 365 daily bars is unreadable).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Grouping {
    Day,
    Week,
    Month,
}

pub const DAY_BARS_MAX: usize = 62;
pub const WEEK_BARS_MAX: usize = 190;

/// The grouping of a period of `days` days.
pub fn grouping_for(days: usize) -> Grouping {
    if days <= DAY_BARS_MAX {
        Grouping::Day
    } else if days <= WEEK_BARS_MAX {
        Grouping::Week
    } else {
        Grouping::Month
    }
}

impl Grouping {
    /// "day", "week", "month": what a chart's bar is ("Calls per week").
    pub fn word(self) -> &'static str {
        match self {
            Grouping::Day => "day",
            Grouping::Week => "week",
            Grouping::Month => "month",
        }
    }
}

/// The bars of a period: each bar's label ("23 Nov", "w/c 16 Nov", "Nov 2026") and the bar of
/// each of its days (by index in `days`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bars {
    pub grouping: Grouping,
    pub labels: Vec<String>,
    pub of_day: Vec<usize>,
}

/// The bars of the period's days (YYYY-MM-DD, in order) under `grouping`; a week starts on
/// Monday, so the first and last weeks may be short.
pub fn bars(days: &[String], grouping: Grouping) -> Bars {
    let mut labels: Vec<String> = Vec::new();
    let mut of_day = Vec::with_capacity(days.len());
    for day in days {
        let Ok(date) = NaiveDate::parse_from_str(day, "%Y-%m-%d") else {
            of_day.push(labels.len().saturating_sub(1));
            continue;
        };
        let label = match grouping {
            Grouping::Day => date.format("%-d %b").to_string(),
            Grouping::Week => {
                let monday = date - Days::new(u64::from(date.weekday().num_days_from_monday()));
                format!("w/c {}", monday.format("%-d %b"))
            }
            Grouping::Month => date.format("%b %Y").to_string(),
        };
        if labels.last() != Some(&label) {
            labels.push(label);
        }
        of_day.push(labels.len() - 1);
    }
    Bars { grouping, labels, of_day }
}

/// Each bar's total of a value a day.
pub fn per_bar(values: &[i64], bars: &Bars) -> Vec<i64> {
    let mut totals = vec![0; bars.labels.len()];
    for (day, value) in values.iter().enumerate() {
        if let Some(bar) = bars.of_day.get(day) {
            totals[*bar] += value;
        }
    }
    totals
}

/// The words a figure is compared with: "vs previous 30 days", "vs yesterday".
pub fn previous_label(preset: &DatePreset, period: &ReportPeriod) -> String {
    match preset {
        DatePreset::Today => "vs yesterday".into(),
        DatePreset::Yesterday => "vs the day before".into(),
        DatePreset::ThisMonth | DatePreset::LastMonth => "vs previous month".into(),
        _ => {
            let days = (|| {
                let first = NaiveDate::parse_from_str(&period.first_day, "%Y-%m-%d").ok()?;
                let last = NaiveDate::parse_from_str(&period.last_day, "%Y-%m-%d").ok()?;
                Some((last - first).num_days() + 1)
            })()
            .unwrap_or(1);
            if days == 1 {
                "vs previous day".into()
            } else {
                format!("vs previous {days} days")
            }
        }
    }
}

/// A figure against the period before.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PeriodChange {
    pub current: i64,
    pub previous: i64,
    /// Whole per cent, rounded; None when the period before had none.
    pub change_percent: Option<i64>,
    /// "+12% vs previous 30 days", "No change vs yesterday", "New vs previous month".
    pub change: String,
}

/// `current` against `previous`, in words after `label` ("vs previous 30 days").
pub fn compare(current: i64, previous: i64, label: &str) -> PeriodChange {
    let change_percent = (previous != 0).then(|| {
        let difference = (current - previous) as f64 * 100.0 / previous.abs() as f64;
        difference.round() as i64
    });
    let change = match change_percent {
        None if current == 0 => format!("No change {label}"),
        None => format!("New {label}"),
        Some(0) => format!("No change {label}"),
        Some(p) if p > 0 => format!("+{p}% {label}"),
        Some(p) => format!("\u{2212}{}% {label}", -p),
    };
    PeriodChange { current, previous, change_percent, change }
}

/// A call's source as the dashboard names it: "google / cpc", or "(none)".
pub fn source_label(source: &str, medium: &str) -> String {
    match (source.trim(), medium.trim()) {
        ("", _) => NO_SOURCE.to_string(),
        (source, "") => source.to_string(),
        (source, medium) => format!("{source} / {medium}"),
    }
}

/// One series of the stacked chart: a day's calls each.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DaySeries {
    pub label: String,
    pub calls: Vec<i64>,
}

/// The stacked chart's series from (day index, source label, calls): the `SERIES_MAX` sources
/// with the most calls (ties by name), each day filled, and the rest added up as "Other".
pub fn stack_series(counts: &[(usize, String, i64)], days: usize) -> Vec<DaySeries> {
    let mut totals: Vec<(String, i64)> = Vec::new();
    for (_, label, calls) in counts {
        match totals.iter_mut().find(|(l, _)| l == label) {
            Some((_, total)) => *total += calls,
            None => totals.push((label.clone(), *calls)),
        }
    }
    totals.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let (top, rest) = if totals.len() > SERIES_MAX { totals.split_at(SERIES_MAX) } else { (&totals[..], &[][..]) };
    let mut series: Vec<DaySeries> =
        top.iter().map(|(label, _)| DaySeries { label: label.clone(), calls: vec![0; days] }).collect();
    if !rest.is_empty() {
        series.push(DaySeries { label: OTHER_SERIES.into(), calls: vec![0; days] });
    }
    for (day, label, calls) in counts.iter().filter(|(day, _, _)| *day < days) {
        let index = series.iter().position(|s| &s.label == label).unwrap_or(series.len() - 1);
        series[index].calls[*day] += calls;
    }
    series
}

/// Average talk time in whole seconds, rounded (0 without answered calls).
pub fn average_seconds(total_seconds: i64, calls: i64) -> i64 {
    if calls <= 0 {
        0
    } else {
        (total_seconds + calls / 2) / calls
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reports::period::{preset_from_query, report_period, PRESET_MESSAGE};

    const LONDON: &str = "Europe/London";
    /// Monday 2026-11-23 10:00 UTC (GMT).
    const NOV_23: i64 = 1_795_428_000;
    const HOUR: i64 = 3_600;

    fn custom(from: &str, to: &str) -> DatePreset {
        DatePreset::Custom { from: from.into(), to: to.into() }
    }

    /// The local day of an instant, as SQL finds it from the offsets.
    fn day_of(buckets: &DayBuckets, instant: i64) -> Option<&str> {
        let offset = buckets.offsets.iter().rev().find(|(from, _)| *from <= instant)?.1;
        buckets.index_of((instant + offset).div_euclid(DAY)).map(|i| buckets.days[i].as_str())
    }

    #[test]
    fn the_query_names_a_preset_or_gets_the_last_30_days() {
        assert_eq!(preset_from_query(None, None, None), Ok(DatePreset::Last30Days));
        assert_eq!(preset_from_query(Some(" today "), None, None), Ok(DatePreset::Today));
        assert_eq!(preset_from_query(Some("last7Days"), None, None), Ok(DatePreset::Last7Days));
        assert_eq!(
            preset_from_query(Some("custom"), Some("2026-11-01"), Some(" 2026-11-10")),
            Ok(custom("2026-11-01", "2026-11-10"))
        );
        assert_eq!(preset_from_query(Some("fortnight"), None, None), Err(PRESET_MESSAGE.to_string()));
    }

    #[test]
    fn every_local_day_of_the_period_is_a_bucket() {
        let period = report_period(&DatePreset::Last7Days, NOV_23, LONDON).unwrap();
        let buckets = day_buckets(&period, LONDON).unwrap();
        assert_eq!(buckets.days.first().map(String::as_str), Some("2026-11-17"));
        assert_eq!(buckets.days.len(), 7);
        assert_eq!(buckets.offsets, vec![(period.start, 0)]);
        assert_eq!(buckets.index_of(buckets.first_epoch_day + 6), Some(6));
        assert_eq!(buckets.index_of(buckets.first_epoch_day + 7), None);
        assert_eq!(buckets.index_of(buckets.first_epoch_day - 1), None);
    }

    #[test]
    fn calls_near_the_clocks_going_back_fall_on_their_local_day() {
        // 24 to 26 October 2026: the clocks went back at 02:00 BST (01:00 UTC) on the 25th.
        let period = report_period(&custom("2026-10-24", "2026-10-26"), NOV_23, LONDON).unwrap();
        let buckets = day_buckets(&period, LONDON).unwrap();
        let change = 1_792_890_000; // 2026-10-25T01:00:00Z
        assert_eq!(buckets.offsets, vec![(period.start, HOUR), (change, 0)]);
        // 23:30 UTC on the 24th is 00:30 BST on the 25th.
        assert_eq!(day_of(&buckets, change - 90 * 60), Some("2026-10-25"));
        // 23:30 UTC on the 25th is 23:30 GMT, still the 25th (a 25-hour day).
        assert_eq!(day_of(&buckets, change + 22 * HOUR + 30 * 60), Some("2026-10-25"));
        assert_eq!(day_of(&buckets, change + 23 * HOUR), Some("2026-10-26"));
        assert_eq!(day_of(&buckets, period.start), Some("2026-10-24"));
    }

    #[test]
    fn calls_near_the_clocks_going_forward_fall_on_their_local_day() {
        let period = report_period(&custom("2026-03-28", "2026-03-30"), NOV_23, LONDON).unwrap();
        let buckets = day_buckets(&period, LONDON).unwrap();
        let change = 1_774_746_000; // 2026-03-29T01:00:00Z
        assert_eq!(buckets.offsets, vec![(period.start, 0), (change, HOUR)]);
        // 23:30 UTC on the 29th is 00:30 BST on the 30th.
        assert_eq!(day_of(&buckets, change + 22 * HOUR + 30 * 60), Some("2026-03-30"));
        assert_eq!(day_of(&buckets, change - 1), Some("2026-03-29"));
    }

    #[test]
    fn a_change_is_worded_against_the_period_before() {
        let label = "vs previous 30 days";
        assert_eq!(compare(112, 100, label).change, "+12% vs previous 30 days");
        assert_eq!(compare(95, 100, label).change, "\u{2212}5% vs previous 30 days");
        assert_eq!(compare(100, 100, label).change, "No change vs previous 30 days");
        assert_eq!(
            compare(0, 0, label),
            PeriodChange {
                current: 0,
                previous: 0,
                change_percent: None,
                change: "No change vs previous 30 days".into()
            }
        );
        assert_eq!(compare(3, 0, label).change, "New vs previous 30 days");
        assert_eq!(compare(3, 0, label).change_percent, None);
        assert_eq!(compare(0, 4, label).change, "\u{2212}100% vs previous 30 days");
        assert_eq!(compare(2, 3, label).change_percent, Some(-33));
    }

    #[test]
    fn the_period_before_is_named_after_the_preset() {
        let label = |preset: DatePreset| previous_label(&preset, &report_period(&preset, NOV_23, LONDON).unwrap());
        assert_eq!(label(DatePreset::Today), "vs yesterday");
        assert_eq!(label(DatePreset::Yesterday), "vs the day before");
        assert_eq!(label(DatePreset::Last7Days), "vs previous 7 days");
        assert_eq!(label(DatePreset::Last30Days), "vs previous 30 days");
        assert_eq!(label(DatePreset::ThisMonth), "vs previous month");
        assert_eq!(label(custom("2026-11-01", "2026-11-10")), "vs previous 10 days");
        assert_eq!(label(custom("2026-11-01", "2026-11-01")), "vs previous day");
    }

    #[test]
    fn the_stack_keeps_the_top_six_sources_and_adds_up_the_rest() {
        let mut counts = Vec::new();
        for (i, name) in ["a", "b", "c", "d", "e", "f", "g", "h"].iter().enumerate() {
            counts.push((0, name.to_string(), 10 - i as i64));
        }
        counts.push((1, "h".to_string(), 1));
        counts.push((9, "a".to_string(), 1)); // outside the period's days
        let series = stack_series(&counts, 2);
        let labels: Vec<&str> = series.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["a", "b", "c", "d", "e", "f", "Other"]);
        assert_eq!(series[0].calls, [10, 0]);
        assert_eq!(series[6].calls, [4 + 3, 1]);
        // Few sources: no "Other"; ties by name.
        let few = stack_series(&[(0, "y".into(), 2), (1, "x".into(), 2)], 2);
        assert_eq!(
            few,
            vec![
                DaySeries { label: "x".into(), calls: vec![0, 2] },
                DaySeries { label: "y".into(), calls: vec![2, 0] }
            ]
        );
        assert!(stack_series(&[], 3).is_empty());
    }

    #[test]
    fn sources_are_named_and_averages_rounded() {
        assert_eq!(source_label("google", "cpc"), "google / cpc");
        assert_eq!(source_label("", ""), "(none)");
        assert_eq!(source_label("direct", ""), "direct");
        assert_eq!(average_seconds(0, 0), 0);
        assert_eq!(average_seconds(301, 2), 151);
        assert_eq!(average_seconds(300, 2), 150);
    }

    #[test]
    fn a_long_period_is_grouped_by_week_then_by_month() {
        assert_eq!(grouping_for(30), Grouping::Day);
        assert_eq!(grouping_for(62), Grouping::Day);
        assert_eq!(grouping_for(63), Grouping::Week);
        assert_eq!(grouping_for(190), Grouping::Week);
        assert_eq!(grouping_for(365), Grouping::Month);
        let period = report_period(&custom("2026-10-28", "2026-11-10"), NOV_23, LONDON).unwrap();
        let days = day_buckets(&period, LONDON).unwrap().days;
        let daily = bars(&days, Grouping::Day);
        assert_eq!((daily.labels.len(), daily.labels[0].as_str()), (14, "28 Oct"));
        // Wednesday 28 October: its week began on Monday the 26th.
        let weekly = bars(&days, Grouping::Week);
        assert_eq!(weekly.labels, ["w/c 26 Oct", "w/c 2 Nov", "w/c 9 Nov"]);
        assert_eq!(weekly.of_day[..7], [0, 0, 0, 0, 0, 1, 1]);
        assert_eq!(per_bar(&[1; 14], &weekly), [5, 7, 2]);
        let monthly = bars(&days, Grouping::Month);
        assert_eq!(monthly.labels, ["Oct 2026", "Nov 2026"]);
        assert_eq!(per_bar(&[2; 14], &monthly), [8, 20]);
    }
}
