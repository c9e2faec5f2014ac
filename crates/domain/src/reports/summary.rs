//! Scheduled summary e-mails: which summaries are due at an instant in the account's time zone
//! (the daily one every day for the day before, the weekly one on Mondays for the week before,
//! Monday to Sunday, the monthly one on the 1st for the month before), and the e-mail each is:
//! the period's inbound calls by source / medium, answered and missed.

use chrono::{DateTime, Datelike, NaiveDate, Weekday};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::period::{report_period, DatePreset, ReportPeriod};
use crate::time::parse_zone;

/// The source / medium of a call that came with none.
pub const NOT_SET: &str = "(not set)";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SummaryFrequency {
    Daily,
    Weekly,
    Monthly,
}

impl SummaryFrequency {
    pub const ALL: [SummaryFrequency; 3] =
        [SummaryFrequency::Daily, SummaryFrequency::Weekly, SummaryFrequency::Monthly];

    /// The key stored with each summary sent.
    pub fn key(self) -> &'static str {
        match self {
            SummaryFrequency::Daily => "daily",
            SummaryFrequency::Weekly => "weekly",
            SummaryFrequency::Monthly => "monthly",
        }
    }

    fn title(self) -> &'static str {
        match self {
            SummaryFrequency::Daily => "Daily",
            SummaryFrequency::Weekly => "Weekly",
            SummaryFrequency::Monthly => "Monthly",
        }
    }
}

/// A summary due now: how often, and the local days and instants [start, end) it covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DueSummary {
    pub frequency: SummaryFrequency,
    pub first_day: String,
    pub last_day: String,
    pub start: i64,
    pub end: i64,
}

fn due(frequency: SummaryFrequency, period: ReportPeriod) -> DueSummary {
    DueSummary {
        frequency,
        first_day: period.first_day,
        last_day: period.last_day,
        start: period.start,
        end: period.end,
    }
}

fn local_today(now: i64, time_zone: &str) -> Result<NaiveDate, String> {
    let zone: Tz = parse_zone(time_zone)?;
    Ok(DateTime::from_timestamp(now, 0).ok_or("The time is out of range.")?.with_timezone(&zone).date_naive())
}

/// The summaries due on the local day of `now` in `time_zone`: the daily one (yesterday), on a
/// Monday the weekly one (the seven days before), on the 1st the monthly one (last month). Each
/// is due all day; the sender records what it sent so a summary goes once.
pub fn summaries_due(now: i64, time_zone: &str) -> Result<Vec<DueSummary>, String> {
    let today = local_today(now, time_zone)?;
    let mut summaries = vec![due(SummaryFrequency::Daily, report_period(&DatePreset::Yesterday, now, time_zone)?)];
    if today.weekday() == Weekday::Mon {
        let days =
            |back: u64| today.checked_sub_days(chrono::Days::new(back)).unwrap_or(today).format("%Y-%m-%d").to_string();
        let week = DatePreset::Custom { from: days(7), to: days(1) };
        summaries.push(due(SummaryFrequency::Weekly, report_period(&week, now, time_zone)?));
    }
    if today.day() == 1 {
        summaries.push(due(SummaryFrequency::Monthly, report_period(&DatePreset::LastMonth, now, time_zone)?));
    }
    Ok(summaries)
}

/// The calls of one source / medium in the period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceCalls {
    /// '' when the call came with no source (shown as '(not set)').
    pub source: String,
    pub medium: String,
    pub answered: i64,
    /// Every call not answered: missed, busy, voicemail, hung up in a menu.
    pub missed: i64,
}

/// A summary e-mail's subject and plain-text body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryEmail {
    pub subject: String,
    pub body: String,
}

/// "2026-11-23" as the product writes a day, "23/11/2026".
fn day(text: &str) -> String {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_or_else(|_| text.to_string(), |d| d.format("%d/%m/%Y").to_string())
}

fn period_words(summary: &DueSummary) -> String {
    match summary.frequency {
        SummaryFrequency::Daily => NaiveDate::parse_from_str(&summary.first_day, "%Y-%m-%d")
            .map_or_else(|_| summary.first_day.clone(), |d| d.format("%A %d/%m/%Y").to_string()),
        SummaryFrequency::Weekly => format!("{} to {}", day(&summary.first_day), day(&summary.last_day)),
        SummaryFrequency::Monthly => NaiveDate::parse_from_str(&summary.first_day, "%Y-%m-%d")
            .map_or_else(|_| summary.first_day.clone(), |d| d.format("%B %Y").to_string()),
    }
}

fn counts(answered: i64, missed: i64) -> String {
    format!("{} (answered {answered}, missed {missed})", answered + missed)
}

fn label(text: &str) -> &str {
    if text.trim().is_empty() {
        NOT_SET
    } else {
        text
    }
}

/// The e-mail of a summary for the account `customer_name`: the total, answered and missed,
/// then each source / medium, the most calls first.
pub fn summary_email(summary: &DueSummary, customer_name: &str, sources: &[SourceCalls]) -> SummaryEmail {
    let period = period_words(summary);
    let frequency = summary.frequency;
    let subject = format!("{} call summary for {customer_name}: {period}", frequency.title());
    let answered: i64 = sources.iter().map(|s| s.answered).sum();
    let missed: i64 = sources.iter().map(|s| s.missed).sum();
    let mut lines: Vec<&SourceCalls> = sources.iter().filter(|s| s.answered + s.missed > 0).collect();
    lines.sort_by(|a, b| {
        (b.answered + b.missed)
            .cmp(&(a.answered + a.missed))
            .then_with(|| label(&a.source).cmp(label(&b.source)))
            .then_with(|| label(&a.medium).cmp(label(&b.medium)))
    });
    let mut body = format!("{customer_name}: inbound calls, {period}\n\nCalls: {}\n", counts(answered, missed));
    if lines.is_empty() {
        body.push_str("\nNo calls came in.\n");
    } else {
        body.push_str("\nBy source / medium:\n");
        for line in lines {
            body.push_str(&format!(
                "  {} / {}: {}\n",
                label(&line.source),
                label(&line.medium),
                counts(line.answered, line.missed)
            ));
        }
    }
    body.push_str(&format!(
        "\nYou receive this e-mail because {} call summaries are ticked in your user settings.\n",
        frequency.key()
    ));
    SummaryEmail { subject, body }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONDON: &str = "Europe/London";
    const HOUR: i64 = 3_600;
    /// Monday 2026-11-23 10:00 UTC (GMT).
    const MONDAY_NOV_23: i64 = 1_795_428_000;

    fn frequencies(now: i64) -> Vec<SummaryFrequency> {
        summaries_due(now, LONDON).unwrap().into_iter().map(|s| s.frequency).collect()
    }

    #[test]
    fn the_daily_summary_is_due_every_day_for_the_day_before() {
        let tuesday = MONDAY_NOV_23 + 24 * HOUR;
        let due = summaries_due(tuesday, LONDON).unwrap();
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].frequency, SummaryFrequency::Daily);
        assert_eq!((due[0].first_day.as_str(), due[0].last_day.as_str()), ("2026-11-23", "2026-11-23"));
        assert_eq!((due[0].start, due[0].end), (MONDAY_NOV_23 - 10 * HOUR, MONDAY_NOV_23 + 14 * HOUR));
    }

    #[test]
    fn the_weekly_summary_is_due_on_mondays_for_monday_to_sunday_before() {
        assert_eq!(frequencies(MONDAY_NOV_23), [SummaryFrequency::Daily, SummaryFrequency::Weekly]);
        let week = &summaries_due(MONDAY_NOV_23, LONDON).unwrap()[1];
        assert_eq!((week.first_day.as_str(), week.last_day.as_str()), ("2026-11-16", "2026-11-22"));
        assert_eq!(week.end, MONDAY_NOV_23 - 10 * HOUR);
        assert_eq!(week.end - week.start, 7 * 24 * HOUR);
        for day in 1..7 {
            assert_eq!(frequencies(MONDAY_NOV_23 + day * 24 * HOUR), [SummaryFrequency::Daily], "day {day}");
        }
    }

    #[test]
    fn the_monthly_summary_is_due_on_the_first_for_the_month_before() {
        // Tuesday 2026-12-01 00:30 GMT.
        let first = 1_796_085_000;
        assert_eq!(frequencies(first), [SummaryFrequency::Daily, SummaryFrequency::Monthly]);
        let month = &summaries_due(first, LONDON).unwrap()[1];
        assert_eq!((month.first_day.as_str(), month.last_day.as_str()), ("2026-11-01", "2026-11-30"));
        assert_eq!(month.end, 1_796_083_200); // 2026-12-01 00:00 GMT
                                              // Half an hour earlier it is still Monday 30 November: the weekly one, no monthly yet.
        assert_eq!(frequencies(first - HOUR), [SummaryFrequency::Daily, SummaryFrequency::Weekly]);
        // The 31st, then the 1st of a year.
        assert_eq!(frequencies(1_798_761_600 + HOUR), [SummaryFrequency::Daily, SummaryFrequency::Monthly]); // 2027-01-01
        let january = &summaries_due(1_798_761_600 + HOUR, LONDON).unwrap()[1];
        assert_eq!((january.first_day.as_str(), january.last_day.as_str()), ("2026-12-01", "2026-12-31"));
    }

    #[test]
    fn days_are_local_across_british_summer_time() {
        // Wednesday 2026-07-01 00:30 BST is still 30 June in UTC: the 1st in London.
        let bst_first = 1_782_862_200;
        assert_eq!(frequencies(bst_first), [SummaryFrequency::Daily, SummaryFrequency::Monthly]);
        let june = &summaries_due(bst_first, LONDON).unwrap()[1];
        assert_eq!(june.first_day, "2026-06-01");
        assert_eq!(june.start, 1_780_268_400); // 2026-05-31 23:00 UTC
        assert_eq!(frequencies(bst_first - HOUR), [SummaryFrequency::Daily]);
        // Monday 2026-03-30: the week before holds the spring forward, 167 hours; Sunday 29 March
        // itself, the day before, 23 hours.
        let monday = 1_774_825_200 + 9 * HOUR; // 2026-03-30 09:00 BST
        let due = summaries_due(monday, LONDON).unwrap();
        assert_eq!(due[0].end - due[0].start, 23 * HOUR);
        assert_eq!(due[1].end - due[1].start, 167 * HOUR);
        // Monday 2026-10-26: the autumn week is 169 hours.
        let autumn = summaries_due(1_792_972_800 + 9 * HOUR, LONDON).unwrap();
        assert_eq!(autumn[1].first_day, "2026-10-19");
        assert_eq!(autumn[1].end - autumn[1].start, 169 * HOUR);
    }

    #[test]
    fn an_unknown_zone_is_refused() {
        assert!(summaries_due(MONDAY_NOV_23, "Mars/Olympus").is_err());
    }

    #[test]
    fn the_email_gives_the_totals_then_each_source_most_calls_first() {
        let week = summaries_due(MONDAY_NOV_23, LONDON).unwrap().remove(1);
        let sources = [
            SourceCalls { source: "google".into(), medium: "organic".into(), answered: 1, missed: 0 },
            SourceCalls { source: String::new(), medium: String::new(), answered: 0, missed: 2 },
            SourceCalls { source: "google".into(), medium: "cpc".into(), answered: 4, missed: 1 },
        ];
        let email = summary_email(&week, "Harbour Lane Dental", &sources);
        assert_eq!(email.subject, "Weekly call summary for Harbour Lane Dental: 16/11/2026 to 22/11/2026");
        assert_eq!(
            email.body,
            "Harbour Lane Dental: inbound calls, 16/11/2026 to 22/11/2026\n\n\
             Calls: 8 (answered 5, missed 3)\n\n\
             By source / medium:\n\
             \x20 google / cpc: 5 (answered 4, missed 1)\n\
             \x20 (not set) / (not set): 2 (answered 0, missed 2)\n\
             \x20 google / organic: 1 (answered 1, missed 0)\n\n\
             You receive this e-mail because weekly call summaries are ticked in your user settings.\n"
        );
    }

    #[test]
    fn a_period_without_calls_says_so() {
        let day = summaries_due(MONDAY_NOV_23, LONDON).unwrap().remove(0);
        let email = summary_email(&day, "Stone & Sons", &[]);
        assert_eq!(email.subject, "Daily call summary for Stone & Sons: Sunday 22/11/2026");
        assert!(email.body.contains("Calls: 0 (answered 0, missed 0)\n\nNo calls came in.\n"), "{}", email.body);
        let month = summaries_due(1_796_085_000, LONDON).unwrap().remove(1);
        assert_eq!(summary_email(&month, "X", &[]).subject, "Monthly call summary for X: November 2026");
    }
}
