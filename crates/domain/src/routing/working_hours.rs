//! The working-hours template (spec/call-routing.md section 4): open rows on the chosen days,
//! gap rows between them, and a final row from the last end time to day 7 23:59.

use serde::{Deserialize, Serialize};

use super::time_of_day::{minute_of_week, TimeRow, LAST_MINUTE_OF_WEEK, MINUTES_PER_DAY};
use crate::validation::FieldErrors;

pub const SELECT_A_DAY: &str = "Please select at least one day.";
pub const END_AFTER_START: &str = "The end time must be after the start time.";

/// The working-hours dialog: days 1 (Monday) to 7, one opening time for all of them, and the
/// destination plans for open hours and for the gaps (0 leaves a row to be chosen).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WorkingHours {
    pub days: Vec<i64>,
    pub start_hour: i64,
    pub start_minute: i64,
    pub end_hour: i64,
    pub end_minute: i64,
    pub open_routing: i64,
    pub closed_routing: i64,
}

impl Default for WorkingHours {
    /// The spec's default: 00:00 to 23:59, no day chosen.
    fn default() -> Self {
        WorkingHours {
            days: vec![],
            start_hour: 0,
            start_minute: 0,
            end_hour: 23,
            end_minute: 59,
            open_routing: 0,
            closed_routing: 0,
        }
    }
}

/// The rows for the working hours, or the dialog's errors (keys `days`, `endTime`).
pub fn working_hours_rows(hours: &WorkingHours) -> Result<Vec<TimeRow>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut days: Vec<i64> = hours.days.clone();
    days.sort_unstable();
    days.dedup();
    if days.is_empty() || days.iter().any(|d| !(1..=7).contains(d)) {
        errors.add("days", SELECT_A_DAY);
    }
    let start = minute_of_week(1, hours.start_hour, hours.start_minute);
    let end = minute_of_week(1, hours.end_hour, hours.end_minute);
    let (start, end) = match (start, end) {
        (Some(start), Some(end)) if start < end => (start, end),
        _ => {
            errors.add("endTime", END_AFTER_START);
            (0, 0)
        }
    };
    errors.into_result()?;

    let mut rows = vec![];
    let mut cursor = 0;
    for day in days {
        let open_from = (day - 1) * MINUTES_PER_DAY + start;
        let open_to = (day - 1) * MINUTES_PER_DAY + end;
        if cursor < open_from {
            rows.push(TimeRow::spanning(cursor, open_from - 1, hours.closed_routing));
        }
        rows.push(TimeRow::spanning(open_from, open_to, hours.open_routing));
        cursor = open_to + 1;
    }
    if cursor <= LAST_MINUTE_OF_WEEK {
        rows.push(TimeRow::spanning(cursor, LAST_MINUTE_OF_WEEK, hours.closed_routing));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::NOTHING_TAKEN;
    use crate::routing::{validate_service_plan, ServicePlanForm};

    fn office(days: Vec<i64>) -> WorkingHours {
        WorkingHours {
            days,
            start_hour: 9,
            start_minute: 0,
            end_hour: 17,
            end_minute: 30,
            open_routing: 1,
            closed_routing: 2,
        }
    }

    fn bounds(row: &TimeRow) -> (i64, i64, i64, i64, i64, i64, i64) {
        (row.from_day, row.from_hour, row.from_minute, row.to_day, row.to_hour, row.to_minute, row.routing)
    }

    #[test]
    fn weekday_office_hours_make_gap_rows_and_a_final_row_to_sunday_night() {
        let rows = working_hours_rows(&office(vec![1, 2, 3, 4, 5])).unwrap();
        assert_eq!(rows.len(), 11);
        assert_eq!(bounds(&rows[0]), (1, 0, 0, 1, 8, 59, 2));
        assert_eq!(bounds(&rows[1]), (1, 9, 0, 1, 17, 30, 1));
        assert_eq!(bounds(&rows[2]), (1, 17, 31, 2, 8, 59, 2));
        assert_eq!(bounds(&rows[9]), (5, 9, 0, 5, 17, 30, 1));
        assert_eq!(bounds(&rows[10]), (5, 17, 31, 7, 23, 59, 2));
        let form = ServicePlanForm { description: "Office".into(), rows, exceptions: vec![] };
        assert!(validate_service_plan(&form, NOTHING_TAKEN).is_ok());
    }

    #[test]
    fn days_are_taken_in_week_order_whatever_order_they_were_ticked() {
        let ticked = working_hours_rows(&office(vec![3, 1, 3])).unwrap();
        assert_eq!(ticked, working_hours_rows(&office(vec![1, 3])).unwrap());
    }

    #[test]
    fn the_default_hours_on_every_day_cover_each_day_whole() {
        let hours = WorkingHours { days: (1..=7).collect(), open_routing: 4, ..WorkingHours::default() };
        let rows = working_hours_rows(&hours).unwrap();
        assert_eq!(rows.len(), 7);
        assert!(rows.iter().all(|r| r.routing == 4 && r.from_hour == 0 && r.to_hour == 23 && r.to_minute == 59));
    }

    #[test]
    fn sunday_opening_at_midnight_leaves_no_final_row() {
        let hours = WorkingHours { days: vec![7], start_hour: 12, ..WorkingHours::default() };
        let rows = working_hours_rows(&hours).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[1].to_day, rows[1].to_hour, rows[1].to_minute), (7, 23, 59));
    }

    #[test]
    fn at_least_one_day_is_needed() {
        let errors = working_hours_rows(&office(vec![])).unwrap_err();
        assert_eq!(errors.get("days"), Some("Please select at least one day."));
    }

    #[test]
    fn the_end_must_come_after_the_start() {
        let mut hours = office(vec![1]);
        hours.end_hour = 9;
        hours.end_minute = 0;
        assert_eq!(working_hours_rows(&hours).unwrap_err().get("endTime"), Some(END_AFTER_START));
        hours.end_hour = 25;
        assert!(working_hours_rows(&hours).is_err());
    }
}
