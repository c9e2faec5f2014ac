//! The history's date filter: a day typed as YYYY-MM-DD, read in the account's time zone.

use chrono::{Days, NaiveDate, TimeZone};
use chrono_tz::Tz;

use crate::time::parse_zone;

pub const DATE_FORMAT_MESSAGE: &str = "Please enter a date as YYYY-MM-DD.";
/// The shape of a date the filter reads (the contract states it): four digits, two, two.
pub const DATE_PATTERN: &str = r"^\d{4}-\d{2}-\d{2}$";

/// `date` has the shape of `DATE_PATTERN` (chrono alone would read "2026-1-5" or "+2026-01-05").
fn dated_shape(date: &str) -> bool {
    date.len() == 10
        && date.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() })
}

/// The instant (seconds since 1970, UTC) the day `date` + `days_later` starts in `zone`: the
/// history's `from` is the start of its day, its `to` the start of the day after.
pub fn day_start(date: &str, zone: &str, days_later: u64) -> Result<i64, String> {
    let zone: Tz = parse_zone(zone)?;
    if !dated_shape(date) {
        return Err(DATE_FORMAT_MESSAGE.to_string());
    }
    let day = NaiveDate::parse_from_str(date, "%Y-%m-%d").map_err(|_| DATE_FORMAT_MESSAGE.to_string())?;
    let day = day.checked_add_days(Days::new(days_later)).ok_or_else(|| DATE_FORMAT_MESSAGE.to_string())?;
    let midnight = day.and_hms_opt(0, 0, 0).expect("midnight exists");
    // Where the clocks change at midnight, the day starts at the first instant that exists.
    let start = zone
        .from_local_datetime(&midnight)
        .earliest()
        .or_else(|| zone.from_local_datetime(&(midnight + chrono::Duration::hours(1))).earliest())
        .ok_or_else(|| DATE_FORMAT_MESSAGE.to_string())?;
    Ok(start.timestamp())
}

/// When a change was made, as the history shows it in the account's zone: the product's date
/// and time, "15/07/2026 09:30 BST".
pub fn change_time(epoch_seconds: i64, zone: &str) -> String {
    crate::format_date_time(epoch_seconds, zone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_winter_day_starts_at_midnight_gmt() {
        // 2026-01-14 00:00 GMT
        assert_eq!(day_start("2026-01-14", "Europe/London", 0), Ok(1_768_348_800));
    }

    #[test]
    fn a_summer_day_starts_an_hour_before_midnight_utc() {
        // 2026-07-15 00:00 BST = 2026-07-14 23:00 UTC
        assert_eq!(day_start("2026-07-15", "Europe/London", 0), Ok(1_784_070_000));
    }

    #[test]
    fn the_day_after_is_the_end_of_an_inclusive_range() {
        let from = day_start("2026-03-28", "Europe/London", 0).unwrap();
        let to = day_start("2026-03-28", "Europe/London", 1).unwrap();
        assert_eq!(to - from, 24 * 60 * 60);
        // The day the clocks go forward is an hour short.
        let short = day_start("2026-03-29", "Europe/London", 1).unwrap() - to;
        assert_eq!(short, 23 * 60 * 60);
    }

    #[test]
    fn a_date_in_another_shape_is_refused_as_the_contract_says() {
        for date in ["2026-1-5", "+2026-01-05", "20260-01-05", "2026/01/05", "2026-02-30", " 2026-01-05", ""] {
            assert_eq!(day_start(date, "Europe/London", 0), Err(DATE_FORMAT_MESSAGE.to_string()), "{date}");
        }
        assert!(day_start("0001-01-01", "Europe/London", 0).is_ok());
        assert!(day_start("9999-12-31", "Europe/London", 1).is_ok());
    }

    #[test]
    fn a_change_time_reads_in_the_accounts_zone() {
        assert_eq!(change_time(1_784_070_000, "Europe/London"), "15/07/2026 00:00 BST");
        assert_eq!(change_time(1_768_348_800, "Europe/London"), "14/01/2026 00:00 GMT");
    }

    #[test]
    fn a_date_not_written_as_asked_is_refused_with_the_format() {
        assert_eq!(day_start("14/01/2026", "Europe/London", 0), Err(DATE_FORMAT_MESSAGE.to_string()));
        assert_eq!(day_start("2026-02-30", "Europe/London", 0), Err(DATE_FORMAT_MESSAGE.to_string()));
        assert_eq!(day_start("9999-12-31", "Europe/London", u64::MAX), Err(DATE_FORMAT_MESSAGE.to_string()));
    }
}
