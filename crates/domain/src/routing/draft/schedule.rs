//! A draft's schedule: the moment it goes live and, if chosen, the later moment routing goes
//! back to what it was ("Christmas hours from 24/12 17:00, back to normal on 27/12 08:00"). The
//! moments are typed in the account's time zone as `<input type="datetime-local">` sends them,
//! and kept as instants, so the clocks changing between now and then moves nothing.

use chrono::{LocalResult, NaiveDateTime, TimeZone};
use serde::{Deserialize, Serialize};

use crate::time::parse_zone;
use crate::validation::FieldErrors;
use crate::{format_date_time, format_day_at};

/// How far ahead a schedule may be set.
pub const MAX_SCHEDULE_DAYS: i64 = 366;

const MOMENT_FORMAT: &str = "Please enter a date and time as YYYY-MM-DDTHH:MM.";
const PUBLISH_REQUIRED: &str = "Please choose when the draft goes live.";
const IN_THE_FUTURE: &str = "Please choose a moment in the future.";
const WITHIN_A_YEAR: &str = "Please choose a moment within a year.";
const REVERT_AFTER_PUBLISH: &str = "Please choose a return to normal after the draft goes live.";

/// The schedule as the form sends it: moments in the account's zone; `revertAt` empty for none.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScheduleForm {
    pub publish_at: String,
    #[serde(default)]
    pub revert_at: String,
}

/// The schedule's instants, in seconds since 1970 (UTC).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Schedule {
    pub publish_at: i64,
    pub revert_at: Option<i64>,
}

/// Where a schedule has got to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ScheduleState {
    /// The draft waits to go live.
    Waiting,
    /// Published; routing goes back at `revert_at`.
    Published,
    /// Published, and put back if a return was chosen.
    Done,
    /// Its moment came but live routing had changed (or the return would undo later changes):
    /// nothing was done, and the admins were told.
    NotRun,
}

/// One moment typed in `zone`, as an instant. A moment the clocks skip (01:30 on the day BST
/// starts) is refused in words; one they repeat (01:30 on the day BST ends) is its first.
fn instant(text: &str, zone: &str) -> Result<i64, String> {
    let zone = parse_zone(zone)?;
    let shaped = text.len() == 16
        && text.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            10 => b == b'T',
            13 => b == b':',
            _ => b.is_ascii_digit(),
        });
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M").ok().filter(|_| shaped);
    let local = local.ok_or_else(|| MOMENT_FORMAT.to_string())?;
    match zone.from_local_datetime(&local) {
        LocalResult::Single(at) => Ok(at.timestamp()),
        LocalResult::Ambiguous(first, _) => Ok(first.timestamp()),
        LocalResult::None => {
            let an_hour_later = zone.from_local_datetime(&(local + chrono::Duration::hours(1))).earliest();
            let day = an_hour_later.map_or_else(String::new, |t| format_day_at(t.timestamp(), zone.name()));
            Err(format!(
                "There is no {} on {day}: the clocks go forward then. Please choose another time.",
                local.format("%H:%M")
            ))
        }
    }
}

/// The schedule of `form` in `zone`, checked against `now` (seconds since 1970): both moments
/// in the future and within a year, the return after the publish. Errors on `publishAt` and
/// `revertAt`.
pub fn parse_schedule(form: &ScheduleForm, zone: &str, now: i64) -> Result<Schedule, FieldErrors> {
    let mut errors = FieldErrors::new();
    let moment = |text: &str| -> Result<i64, String> {
        let at = instant(text.trim(), zone)?;
        if at <= now {
            Err(IN_THE_FUTURE.to_string())
        } else if at > now + MAX_SCHEDULE_DAYS * 24 * 60 * 60 {
            Err(WITHIN_A_YEAR.to_string())
        } else {
            Ok(at)
        }
    };
    let publish_at = match form.publish_at.trim() {
        "" => Err(PUBLISH_REQUIRED.to_string()),
        text => moment(text),
    };
    let revert_at = match form.revert_at.trim() {
        "" => Ok(None),
        text => moment(text).map(Some),
    };
    let publish_at = publish_at.map_err(|message| errors.add("publishAt", message)).ok();
    let revert_at = revert_at.map_err(|message| errors.add("revertAt", message)).ok().flatten();
    if let (Some(publish), Some(revert)) = (publish_at, revert_at) {
        if revert <= publish {
            errors.add("revertAt", REVERT_AFTER_PUBLISH);
        }
    }
    match (publish_at, errors.is_empty()) {
        (Some(publish_at), true) => Ok(Schedule { publish_at, revert_at }),
        _ => Err(errors),
    }
}

/// The schedule in words, in `zone`, as the routing list and the number pages show it.
pub fn schedule_text(schedule: &Schedule, state: ScheduleState, zone: &str) -> String {
    let publish = format_date_time(schedule.publish_at, zone);
    let revert = schedule.revert_at.map(|at| format_date_time(at, zone));
    match (state, revert) {
        (ScheduleState::Waiting, None) => format!("The draft goes live {publish}."),
        (ScheduleState::Waiting, Some(revert)) => {
            format!("The draft goes live {publish}, and routing goes back to normal {revert}.")
        }
        (ScheduleState::Published, Some(revert)) => {
            format!("The draft went live {publish}; routing goes back to normal {revert}.")
        }
        (ScheduleState::Published | ScheduleState::Done, None) => format!("The draft went live {publish}."),
        (ScheduleState::Done, Some(revert)) => {
            format!("The draft went live {publish}, and routing went back to normal {revert}.")
        }
        (ScheduleState::NotRun, _) => {
            "The scheduled change did not run: live routing had changed since the draft began.".to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONDON: &str = "Europe/London";
    /// 2026-11-20 12:00 UTC: preparing Christmas hours in November.
    const NOVEMBER: i64 = 1_795_176_000;

    fn form(publish_at: &str, revert_at: &str) -> ScheduleForm {
        ScheduleForm { publish_at: publish_at.into(), revert_at: revert_at.into() }
    }

    #[test]
    fn christmas_hours_are_read_in_the_account_zone() {
        let schedule = parse_schedule(&form("2026-12-24T17:00", "2026-12-27T08:00"), LONDON, NOVEMBER).unwrap();
        // GMT in December: the local time is UTC.
        assert_eq!(schedule.publish_at, 1_798_131_600);
        assert_eq!(schedule.revert_at, Some(1_798_358_400));
        assert_eq!(
            schedule_text(&schedule, ScheduleState::Waiting, LONDON),
            "The draft goes live 24/12/2026 17:00 GMT, and routing goes back to normal 27/12/2026 08:00 GMT."
        );
    }

    #[test]
    fn a_summer_moment_is_an_hour_ahead_of_utc() {
        let schedule = parse_schedule(&form("2026-07-15T09:30", ""), LONDON, 1_780_000_000).unwrap();
        // 09:30 BST is 08:30 UTC.
        assert_eq!(schedule.publish_at, 1_784_104_200);
        assert_eq!(schedule.revert_at, None);
    }

    #[test]
    fn the_hour_bst_starts_does_not_exist() {
        // The clocks go from 01:00 to 02:00 GMT on 29/03/2026.
        let errors = parse_schedule(&form("2026-03-29T01:30", ""), LONDON, 1_770_000_000).unwrap_err();
        assert_eq!(
            errors.get("publishAt"),
            Some("There is no 01:30 on 29/03/2026: the clocks go forward then. Please choose another time.")
        );
        // The minute before and the hour after exist.
        let before = parse_schedule(&form("2026-03-29T00:59", "2026-03-29T02:00"), LONDON, 1_770_000_000).unwrap();
        assert_eq!(before.revert_at.unwrap() - before.publish_at, 60);
    }

    #[test]
    fn the_hour_bst_ends_happens_twice_and_the_first_is_taken() {
        // 01:30 on 25/10/2026 is first 00:30 UTC (BST), then 01:30 UTC (GMT).
        let schedule = parse_schedule(&form("2026-10-25T01:30", ""), LONDON, 1_770_000_000).unwrap();
        assert_eq!(schedule.publish_at, 1_792_888_200);
        assert_eq!(
            schedule_text(&schedule, ScheduleState::Waiting, LONDON),
            "The draft goes live 25/10/2026 01:30 BST."
        );
    }

    #[test]
    fn each_moment_is_checked_in_words() {
        let errors = parse_schedule(&form("", ""), LONDON, NOVEMBER).unwrap_err();
        assert_eq!(errors.get("publishAt"), Some(PUBLISH_REQUIRED));
        let errors = parse_schedule(&form("24/12/2026 17:00", "2026-12-27"), LONDON, NOVEMBER).unwrap_err();
        assert_eq!(errors.get("publishAt"), Some(MOMENT_FORMAT));
        assert_eq!(errors.get("revertAt"), Some(MOMENT_FORMAT));
        let errors = parse_schedule(&form("2026-11-01T09:00", ""), LONDON, NOVEMBER).unwrap_err();
        assert_eq!(errors.get("publishAt"), Some(IN_THE_FUTURE));
        let errors = parse_schedule(&form("2028-01-01T09:00", ""), LONDON, NOVEMBER).unwrap_err();
        assert_eq!(errors.get("publishAt"), Some(WITHIN_A_YEAR));
        let errors = parse_schedule(&form("2026-12-27T08:00", "2026-12-24T17:00"), LONDON, NOVEMBER).unwrap_err();
        assert_eq!(errors.get("revertAt"), Some(REVERT_AFTER_PUBLISH));
    }

    #[test]
    fn the_schedule_says_where_it_has_got_to() {
        let schedule = Schedule { publish_at: 1_798_131_600, revert_at: Some(1_798_358_400) };
        assert_eq!(
            schedule_text(&schedule, ScheduleState::Published, LONDON),
            "The draft went live 24/12/2026 17:00 GMT; routing goes back to normal 27/12/2026 08:00 GMT."
        );
        assert_eq!(
            schedule_text(&schedule, ScheduleState::Done, LONDON),
            "The draft went live 24/12/2026 17:00 GMT, and routing went back to normal 27/12/2026 08:00 GMT."
        );
        assert!(schedule_text(&schedule, ScheduleState::NotRun, LONDON).starts_with("The scheduled change did not run"));
    }
}
