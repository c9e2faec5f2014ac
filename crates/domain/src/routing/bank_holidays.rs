//! The UK's bank holidays by year, for each of its three calendars (England and Wales, Scotland,
//! Northern Ireland), made from the rules the Banking and Financial Dealings Act and the royal
//! proclamations follow: fixed days moved to the next weekday when they fall at a weekend,
//! Easter from the Gregorian computus, and the Mondays of May and August. One-off holidays
//! proclaimed for an occasion are not in it. A service plan's dated exceptions are offered
//! from this table.

use chrono::{Datelike, Days, NaiveDate, Weekday};
use serde::{Deserialize, Serialize};

/// The years the table answers for.
pub const FIRST_YEAR: i32 = 2020;
pub const LAST_YEAR: i32 = 2040;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Calendar {
    EnglandAndWales,
    Scotland,
    NorthernIreland,
}

impl Calendar {
    pub fn name(self) -> &'static str {
        match self {
            Calendar::EnglandAndWales => "England and Wales",
            Calendar::Scotland => "Scotland",
            Calendar::NorthernIreland => "Northern Ireland",
        }
    }
}

/// One bank holiday: its day (YYYY-MM-DD) and name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BankHoliday {
    pub date: String,
    pub name: String,
}

fn day(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).unwrap_or_default()
}

/// Easter Sunday (the anonymous Gregorian algorithm).
fn easter(year: i32) -> NaiveDate {
    let (a, b, c) = (year % 19, year / 100, year % 100);
    let (d, e) = (b / 4, b % 4);
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let (i, k) = (c / 4, c % 4);
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let date = (h + l - 7 * m + 114) % 31 + 1;
    day(year, month as u32, date as u32)
}

fn is_weekend(date: NaiveDate) -> bool {
    matches!(date.weekday(), Weekday::Sat | Weekday::Sun)
}

/// The first `weekday` on or after `from`.
fn first_on_or_after(from: NaiveDate, weekday: Weekday) -> NaiveDate {
    let ahead = (7 + weekday.num_days_from_monday() - from.weekday().num_days_from_monday()) % 7;
    from + Days::new(u64::from(ahead))
}

/// The last Monday of a month.
fn last_monday(year: i32, month: u32) -> NaiveDate {
    let next = if month == 12 { day(year + 1, 1, 1) } else { day(year, month + 1, 1) };
    let last = next - Days::new(1);
    last - Days::new(u64::from(last.weekday().num_days_from_monday()))
}

/// Fixed days in order; each at a weekend moves to the next weekday no other holiday has taken
/// (so Christmas on a Saturday is kept on Monday and Boxing Day on Tuesday).
fn substituted(fixed: &[(NaiveDate, &'static str)]) -> Vec<(NaiveDate, &'static str)> {
    let mut taken: Vec<NaiveDate> = fixed.iter().map(|(d, _)| *d).filter(|d| !is_weekend(*d)).collect();
    let mut out = vec![];
    for (date, name) in fixed {
        let mut kept = *date;
        while is_weekend(kept) || (kept != *date && taken.contains(&kept)) {
            kept = kept + Days::new(1);
        }
        taken.push(kept);
        out.push((kept, *name));
    }
    out
}

/// The bank holidays of `calendar` in `year`, in date order; empty outside the table's years.
pub fn bank_holidays(calendar: Calendar, year: i32) -> Vec<BankHoliday> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return vec![];
    }
    let easter = easter(year);
    let mut days: Vec<(NaiveDate, &'static str)> = vec![(easter - Days::new(2), "Good Friday")];
    if calendar != Calendar::Scotland {
        days.push((easter + Days::new(1), "Easter Monday"));
    }
    days.push((first_on_or_after(day(year, 5, 1), Weekday::Mon), "Early May bank holiday"));
    days.push((last_monday(year, 5), "Spring bank holiday"));
    days.push(match calendar {
        Calendar::Scotland => (first_on_or_after(day(year, 8, 1), Weekday::Mon), "Summer bank holiday"),
        _ => (last_monday(year, 8), "Summer bank holiday"),
    });
    let new_year: &[(NaiveDate, &'static str)] = match calendar {
        Calendar::Scotland => &[(day(year, 1, 1), "New Year's Day"), (day(year, 1, 2), "2nd January")],
        _ => &[(day(year, 1, 1), "New Year's Day")],
    };
    days.extend(substituted(new_year));
    match calendar {
        Calendar::Scotland => days.extend(substituted(&[(day(year, 11, 30), "St Andrew's Day")])),
        Calendar::NorthernIreland => {
            days.extend(substituted(&[(day(year, 3, 17), "St Patrick's Day")]));
            days.extend(substituted(&[(day(year, 7, 12), "Battle of the Boyne (Orangemen's Day)")]));
        }
        Calendar::EnglandAndWales => {}
    }
    days.extend(substituted(&[(day(year, 12, 25), "Christmas Day"), (day(year, 12, 26), "Boxing Day")]));
    days.sort_by_key(|(d, _)| *d);
    days.into_iter()
        .map(|(d, name)| BankHoliday { date: d.format("%Y-%m-%d").to_string(), name: name.into() })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dates(calendar: Calendar, year: i32) -> Vec<String> {
        bank_holidays(calendar, year).into_iter().map(|h| h.date).collect()
    }

    #[test]
    fn england_and_wales_match_the_published_dates() {
        // gov.uk/bank-holidays, 2025 and 2026.
        assert_eq!(
            dates(Calendar::EnglandAndWales, 2025),
            [
                "2025-01-01",
                "2025-04-18",
                "2025-04-21",
                "2025-05-05",
                "2025-05-26",
                "2025-08-25",
                "2025-12-25",
                "2025-12-26"
            ]
        );
        assert_eq!(
            dates(Calendar::EnglandAndWales, 2026),
            [
                "2026-01-01",
                "2026-04-03",
                "2026-04-06",
                "2026-05-04",
                "2026-05-25",
                "2026-08-31",
                "2026-12-25",
                "2026-12-28"
            ]
        );
    }

    #[test]
    fn scotland_keeps_2nd_january_st_andrew_and_an_early_august_monday_but_not_easter_monday() {
        assert_eq!(
            dates(Calendar::Scotland, 2026),
            [
                "2026-01-01",
                "2026-01-02",
                "2026-04-03",
                "2026-05-04",
                "2026-05-25",
                "2026-08-03",
                "2026-11-30",
                "2026-12-25",
                "2026-12-28"
            ]
        );
        // 2027: New Year's Day a Friday, 2nd January a Saturday: kept on Monday the 4th.
        let scotland = dates(Calendar::Scotland, 2027);
        assert!(scotland.starts_with(&["2027-01-01".to_string(), "2027-01-04".to_string()]), "{scotland:?}");
    }

    #[test]
    fn northern_ireland_adds_st_patrick_and_the_boyne_moved_off_the_weekend() {
        let ni = bank_holidays(Calendar::NorthernIreland, 2026);
        let names: Vec<(&str, &str)> = ni.iter().map(|h| (h.date.as_str(), h.name.as_str())).collect();
        assert!(names.contains(&("2026-03-17", "St Patrick's Day")));
        // 12 July 2026 is a Sunday: kept on Monday the 13th.
        assert!(names.contains(&("2026-07-13", "Battle of the Boyne (Orangemen's Day)")), "{names:?}");
        assert_eq!(ni.len(), 10);
    }

    #[test]
    fn christmas_at_a_weekend_moves_both_days_in_turn() {
        // 2021: Christmas a Saturday, Boxing Day a Sunday: Monday 27th and Tuesday 28th.
        let late = dates(Calendar::EnglandAndWales, 2021);
        assert!(late.ends_with(&["2021-12-27".to_string(), "2021-12-28".to_string()]), "{late:?}");
        // 2022: Christmas a Sunday: Boxing Day Monday 26th, Christmas kept on Tuesday 27th.
        let late = dates(Calendar::EnglandAndWales, 2022);
        assert!(late.ends_with(&["2022-12-26".to_string(), "2022-12-27".to_string()]), "{late:?}");
    }

    #[test]
    fn easter_follows_the_computus() {
        assert_eq!(easter(2024), day(2024, 3, 31));
        assert_eq!(easter(2027), day(2027, 3, 28));
        assert_eq!(easter(2038), day(2038, 4, 25));
    }

    #[test]
    fn years_outside_the_table_have_none() {
        assert!(bank_holidays(Calendar::EnglandAndWales, FIRST_YEAR - 1).is_empty());
        assert!(bank_holidays(Calendar::Scotland, LAST_YEAR + 1).is_empty());
        assert_eq!(bank_holidays(Calendar::EnglandAndWales, LAST_YEAR).len(), 8);
    }
}
