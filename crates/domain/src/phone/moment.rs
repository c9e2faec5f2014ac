//! "Call as if it were…": a test call can be routed as if it were made at a chosen day and time
//! in the account's zone (Christmas hours heard in November). The moment is a wall-clock day and
//! time; a time the clocks skip (BST's start) is refused, and a time that happens twice (BST's
//! end) is the first of the two, as a caller's phone would see it.

use chrono::{LocalResult, NaiveDate, NaiveTime, TimeZone};

use crate::time::parse_zone;
use crate::validation::FieldErrors;

pub const AS_IF_DATE_INVALID: &str = "Choose a day.";
pub const AS_IF_TIME_INVALID: &str = "Enter a time as HH:MM, such as 18:05.";
pub const AS_IF_TIME_SKIPPED: &str =
    "The clocks go forward at 01:00 that day: choose a time before 01:00 or after 02:00.";

/// A test call's chosen moment: the instant the routing reads, and the words the call record
/// keeps ("as if it were Thursday 24/12/2026 18:05").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsIfMoment {
    pub epoch_millis: i64,
    pub words: String,
}

/// The moment of `date` (YYYY-MM-DD) at `time` (HH:MM) in `time_zone`, or each field's problem
/// (`asIfDate`, `asIfTime`).
pub fn as_if_moment(date: &str, time: &str, time_zone: &str) -> Result<AsIfMoment, FieldErrors> {
    let mut errors = FieldErrors::new();
    let day = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").ok();
    if day.is_none() {
        errors.add("asIfDate", AS_IF_DATE_INVALID);
    }
    let clock = time.trim();
    let at = NaiveTime::parse_from_str(clock, "%H:%M").ok().filter(|_| clock.len() == 5);
    if at.is_none() {
        errors.add("asIfTime", AS_IF_TIME_INVALID);
    }
    let (Some(day), Some(at)) = (day, at) else { return Err(errors) };
    let zone = parse_zone(time_zone).map_err(|message| {
        let mut errors = FieldErrors::new();
        errors.add("asIfDate", message);
        errors
    })?;
    let instant = match zone.from_local_datetime(&day.and_time(at)) {
        LocalResult::Single(instant) => instant,
        LocalResult::Ambiguous(first, _) => first,
        LocalResult::None => {
            errors.add("asIfTime", AS_IF_TIME_SKIPPED);
            return Err(errors);
        }
    };
    Ok(AsIfMoment {
        epoch_millis: instant.timestamp_millis(),
        words: format!("as if it were {}", instant.format("%A %d/%m/%Y %H:%M")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONDON: &str = "Europe/London";

    #[test]
    fn a_moment_is_the_account_s_wall_clock_in_winter_and_in_summer() {
        let christmas = as_if_moment("2026-12-24", "18:05", LONDON).unwrap();
        assert_eq!(christmas.epoch_millis, 1_798_135_500_000, "18:05 GMT");
        assert_eq!(christmas.words, "as if it were Thursday 24/12/2026 18:05");
        let summer = as_if_moment("2026-08-31", "09:00", LONDON).unwrap();
        assert_eq!(summer.epoch_millis, 1_788_163_200_000, "08:00 UTC is 09:00 BST");
    }

    #[test]
    fn the_hour_the_clocks_skip_is_refused_and_the_hour_they_repeat_is_its_first() {
        let skipped = as_if_moment("2026-03-29", "01:30", LONDON).unwrap_err();
        assert_eq!(skipped.get("asIfTime"), Some(AS_IF_TIME_SKIPPED));
        let twice = as_if_moment("2026-10-25", "01:30", LONDON).unwrap();
        assert_eq!(twice.epoch_millis, 1_792_888_200_000, "00:30 UTC, still BST");
    }

    #[test]
    fn each_field_says_its_own_problem() {
        let errors = as_if_moment("24/12/2026", "6pm", LONDON).unwrap_err();
        assert_eq!(errors.get("asIfDate"), Some(AS_IF_DATE_INVALID));
        assert_eq!(errors.get("asIfTime"), Some(AS_IF_TIME_INVALID));
        assert_eq!(as_if_moment("2026-12-24", "9:05", LONDON).unwrap_err().get("asIfTime"), Some(AS_IF_TIME_INVALID));
        assert!(as_if_moment("2026-12-24", "09:05", "Mars/Olympus").unwrap_err().get("asIfDate").is_some());
    }
}
