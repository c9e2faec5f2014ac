//! Where does a call go: the row of a service plan that answers a call at a given instant, read
//! in the customer's time zone (so British summer time moves the hours with the clocks).

use chrono::{DateTime, Datelike, Timelike};
use chrono_tz::Tz;
use serde::Serialize;

use crate::time::{local_time, parse_zone};

use super::plan_exceptions::{exception_on, PlanException};
use super::time_of_day::{RowType, TimeRow, MINUTES_PER_DAY};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CallAnswer {
    /// The index of the first row covering the moment; None when no row does (a gap).
    pub row: Option<usize>,
    /// The local day, 1 (Monday) to 7.
    pub day: i64,
    /// The local time, "HH:MM".
    pub time: String,
    /// The zone's abbreviation at that moment, e.g. "GMT" or "BST".
    pub zone: String,
    /// The offset from UTC, e.g. "+01:00".
    pub offset: String,
    pub plan_type: Option<RowType>,
    pub routing: i64,
    pub ivr: i64,
    /// The dated exception that answered instead of the week ("Christmas Day"), if one did.
    pub exception: Option<String>,
}

/// The answer for a call at `epoch_millis` (UTC) to a plan, for a customer in `time_zone`
/// (an IANA name such as "Europe/London").
pub fn where_does_a_call_go(rows: &[TimeRow], time_zone: &str, epoch_millis: i64) -> Result<CallAnswer, String> {
    let zone = parse_zone(time_zone)?;
    let local = local_time(&zone, epoch_millis)?;
    let (day, minute) = day_and_minute(&local);
    let row = row_at(rows, minute);
    let chosen = row.map(|i| rows[i]);
    Ok(CallAnswer {
        row,
        day,
        time: local.format("%H:%M").to_string(),
        zone: local.format("%Z").to_string(),
        offset: local.format("%:z").to_string(),
        plan_type: chosen.map(|r| r.plan_type),
        routing: chosen.filter(|r| r.plan_type == RowType::Routing).map_or(0, |r| r.routing),
        ivr: chosen.filter(|r| r.plan_type == RowType::Ivr).map_or(0, |r| r.ivr),
        exception: None,
    })
}

/// An exception as the week row it stands in for on its days: the whole week to its target.
pub fn exception_row(exception: &PlanException) -> TimeRow {
    let row = TimeRow::spanning(0, super::time_of_day::LAST_MINUTE_OF_WEEK, exception.routing);
    TimeRow { plan_type: exception.plan_type, ivr: exception.ivr, ..row }
}

/// The dated exception that answers a call at `epoch_millis`: the one whose days and hours hold
/// its moment in the account's zone.
pub fn exception_at<'a>(
    exceptions: &'a [PlanException],
    time_zone: &str,
    epoch_millis: i64,
) -> Result<Option<&'a PlanException>, String> {
    let local = local_time(&parse_zone(time_zone)?, epoch_millis)?;
    let minute_of_day = local.hour() * 60 + local.minute();
    Ok(exception_on(exceptions, local.date_naive(), minute_of_day).map(|(_, e)| e))
}

/// `where_does_a_call_go` for a plan with dated exceptions: on a day an exception covers (in
/// the account's zone), the exception answers, named; on any other day the week's rows do.
pub fn where_does_a_call_go_on(
    rows: &[TimeRow],
    exceptions: &[PlanException],
    time_zone: &str,
    epoch_millis: i64,
) -> Result<CallAnswer, String> {
    let week = where_does_a_call_go(rows, time_zone, epoch_millis)?;
    Ok(match exception_at(exceptions, time_zone, epoch_millis)? {
        Some(exception) => CallAnswer {
            row: None,
            plan_type: Some(exception.plan_type),
            routing: if exception.plan_type == RowType::Routing { exception.routing } else { 0 },
            ivr: if exception.plan_type == RowType::Ivr { exception.ivr } else { 0 },
            exception: Some(exception.description.clone()),
            ..week
        },
        None => week,
    })
}

/// The local day (1 = Monday) and minute of the week (0 = Monday 00:00).
pub(crate) fn day_and_minute(local: &DateTime<Tz>) -> (i64, i64) {
    let day = i64::from(local.weekday().number_from_monday());
    let minute_of_day = i64::from(local.hour() * 60 + local.minute());
    (day, (day - 1) * MINUTES_PER_DAY + minute_of_day)
}

/// The index of the first row covering `minute` of the week.
pub(crate) fn row_at(rows: &[TimeRow], minute: i64) -> Option<usize> {
    rows.iter().position(|r| matches!((r.from(), r.to()), (Some(f), Some(t)) if (f..=t).contains(&minute)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exception_stands_in_for_the_whole_week_with_its_target() {
        let ivr = PlanException { plan_type: RowType::Ivr, ivr: 3, ..PlanException::default() };
        let row = exception_row(&ivr);
        assert_eq!(
            (row.from(), row.to(), row.plan_type, row.ivr),
            (Some(0), Some(super::super::LAST_MINUTE_OF_WEEK), RowType::Ivr, 3)
        );
    }

    #[test]
    fn an_exception_s_hours_are_the_account_s_local_hours_in_summer_time() {
        let morning = PlanException {
            from: "2026-08-31".into(),
            to: "2026-08-31".into(),
            description: "Bank holiday morning".into(),
            routing: 9,
            from_time: "00:00".into(),
            to_time: "12:00".into(),
            ..PlanException::default()
        };
        let exceptions = [morning];
        // 10:30 UTC is 11:30 BST: the exception; 11:30 UTC is 12:30 BST: the week again.
        let at = |instant: &str| where_does_a_call_go_on(&office(), &exceptions, "Europe/London", millis(instant));
        let before_noon = at("2026-08-31T10:30:00Z").unwrap();
        assert_eq!((before_noon.exception.as_deref(), before_noon.routing), (Some("Bank holiday morning"), 9));
        let after_noon = at("2026-08-31T11:30:00Z").unwrap();
        assert_eq!((after_noon.exception, after_noon.routing), (None, 1), "Monday in the office");
        assert!(after_noon.row.is_some());
    }

    #[test]
    fn a_dated_exception_answers_its_days_in_the_account_s_zone_and_the_week_the_rest() {
        let christmas = PlanException {
            from: "2026-12-24".into(),
            to: "2026-12-26".into(),
            description: "Christmas closure".into(),
            plan_type: RowType::Routing,
            routing: 9,
            ivr: 0,
            ..PlanException::default()
        };
        let exceptions = [christmas];
        // Thursday 24/12/2026 10:00 in London: the exception, named.
        let eve =
            where_does_a_call_go_on(&office(), &exceptions, "Europe/London", millis("2026-12-24T10:00:00Z")).unwrap();
        assert_eq!((eve.exception.as_deref(), eve.routing, eve.row, eve.day), (Some("Christmas closure"), 9, None, 4));
        // The 23rd: the week's office hours.
        let before =
            where_does_a_call_go_on(&office(), &exceptions, "Europe/London", millis("2026-12-23T10:00:00Z")).unwrap();
        assert_eq!((before.exception, before.routing, before.row), (None, 1, Some(5)), "Wednesday in the office");
        // 23:30 UTC on the 23rd is already the 24th in Athens.
        let athens =
            where_does_a_call_go_on(&office(), &exceptions, "Europe/Athens", millis("2026-12-23T23:30:00Z")).unwrap();
        assert_eq!(athens.exception.as_deref(), Some("Christmas closure"));
    }
    use crate::routing::{set_row_type, working_hours_rows, WorkingHours};

    /// Monday to Friday 09:00-17:30 to plan 1, otherwise plan 2.
    fn office() -> Vec<TimeRow> {
        let hours = WorkingHours {
            days: vec![1, 2, 3, 4, 5],
            start_hour: 9,
            start_minute: 0,
            end_hour: 17,
            end_minute: 30,
            open_routing: 1,
            closed_routing: 2,
        };
        working_hours_rows(&hours).unwrap()
    }

    fn millis(rfc3339: &str) -> i64 {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().timestamp_millis()
    }

    #[test]
    fn a_winter_call_is_read_in_gmt() {
        // Wednesday 14 January 2026, 09:30 UTC = 09:30 GMT: open.
        let answer = where_does_a_call_go(&office(), "Europe/London", millis("2026-01-14T09:30:00Z")).unwrap();
        assert_eq!((answer.day, answer.time.as_str(), answer.zone.as_str()), (3, "09:30", "GMT"));
        assert_eq!((answer.routing, answer.offset.as_str()), (1, "+00:00"));
    }

    #[test]
    fn a_summer_call_is_read_in_british_summer_time() {
        // Wednesday 15 July 2026, 08:30 UTC = 09:30 BST: open, though 08:30 UTC is before nine.
        let answer = where_does_a_call_go(&office(), "Europe/London", millis("2026-07-15T08:30:00Z")).unwrap();
        assert_eq!((answer.time.as_str(), answer.zone.as_str(), answer.offset.as_str()), ("09:30", "BST", "+01:00"));
        assert_eq!(answer.routing, 1);
        // 16:45 UTC = 17:45 BST: closed.
        let late = where_does_a_call_go(&office(), "Europe/London", millis("2026-07-15T16:45:00Z")).unwrap();
        assert_eq!((late.time.as_str(), late.routing), ("17:45", 2));
    }

    #[test]
    fn the_clocks_going_forward_moves_the_answer() {
        // Sunday 29 March 2026: 00:59 UTC is 00:59 GMT, 01:00 UTC is 02:00 BST.
        let before = where_does_a_call_go(&office(), "Europe/London", millis("2026-03-29T00:59:00Z")).unwrap();
        let after = where_does_a_call_go(&office(), "Europe/London", millis("2026-03-29T01:00:00Z")).unwrap();
        assert_eq!((before.day, before.time.as_str(), before.zone.as_str()), (7, "00:59", "GMT"));
        assert_eq!((after.day, after.time.as_str(), after.zone.as_str()), (7, "02:00", "BST"));
    }

    #[test]
    fn sunday_night_and_monday_morning_fall_in_the_right_rows() {
        let rows = office();
        let sunday = where_does_a_call_go(&rows, "Europe/London", millis("2026-01-18T23:59:00Z")).unwrap();
        assert_eq!((sunday.day, sunday.row), (7, Some(rows.len() - 1)));
        let monday = where_does_a_call_go(&rows, "Europe/London", millis("2026-01-19T00:00:00Z")).unwrap();
        assert_eq!((monday.day, monday.row), (1, Some(0)));
    }

    #[test]
    fn an_ivr_row_answers_with_its_ivr_and_a_gap_with_nothing() {
        let rows = vec![set_row_type(TimeRow { ivr: 5, ..TimeRow::spanning(0, 100, 0) }, RowType::Ivr)];
        let in_ivr = where_does_a_call_go(&rows, "UTC", millis("2026-01-19T00:30:00Z")).unwrap();
        assert_eq!((in_ivr.plan_type, in_ivr.ivr, in_ivr.routing), (Some(RowType::Ivr), 5, 0));
        let gap = where_does_a_call_go(&rows, "UTC", millis("2026-01-19T05:00:00Z")).unwrap();
        assert_eq!((gap.row, gap.plan_type), (None, None));
    }

    #[test]
    fn other_offered_zones_work_and_unknown_ones_are_refused() {
        let rows = office();
        let paris = where_does_a_call_go(&rows, "Europe/Paris", millis("2026-01-14T09:00:00Z")).unwrap();
        assert_eq!((paris.time.as_str(), paris.routing), ("10:00", 1));
        assert_eq!(where_does_a_call_go(&rows, "Mars/Base", 0).unwrap_err(), "Unknown time zone Mars/Base.");
        // Only the zones the product offers are built in (.cargo/config.toml).
        assert!(where_does_a_call_go(&rows, "America/New_York", 0).is_err());
    }
}
