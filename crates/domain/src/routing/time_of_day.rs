//! Service plans (time of day): rows that must cover the week from Monday 00:00 to Sunday
//! 23:59 exactly once, in order (spec/call-routing.md sections 4 and 5).

use serde::{Deserialize, Serialize};

use super::constants::SERVICE_PLAN_DESCRIPTION_MAX;
use crate::names::TextRule;
use crate::validation::FieldErrors;

pub const MINUTES_PER_DAY: i64 = 1440;
/// The last minute of the week: day 7 23:59.
pub const LAST_MINUTE_OF_WEEK: i64 = 7 * MINUTES_PER_DAY - 1;

pub const START_MESSAGE: &str = "Please change the from day and time to Monday 00:00 on row 1";
pub const CONTIGUOUS_MESSAGE: &str =
    "Please ensure your time of day options follow the Monday - Sunday format with time being continuous";
pub const DESTINATION_PLAN_REQUIRED: &str = "A destination plan is required.";
pub const IVR_REQUIRED: &str = "An IVR is required.";
const DESCRIPTION: TextRule =
    TextRule::description(SERVICE_PLAN_DESCRIPTION_MAX, "Description must not exceed 60 characters.");

pub fn end_message(row_number: usize) -> String {
    format!("Please change the to day and time to Sunday 23:59 on row {row_number}")
}

pub fn invalid_time_message(row_number: usize) -> String {
    format!("Please choose a valid day and time on row {row_number}.")
}

pub use super::row_type::RowType;

/// One row: from (day, hour, minute) to (day, hour, minute), both inclusive; day 1 is Monday.
/// Numbers arrive as typed, so they are checked for range rather than trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimeRow {
    pub from_day: i64,
    pub from_hour: i64,
    pub from_minute: i64,
    pub to_day: i64,
    pub to_hour: i64,
    pub to_minute: i64,
    pub plan_type: RowType,
    /// Destination plan id, 0 for none.
    pub routing: i64,
    /// IVR id, 0 for none.
    pub ivr: i64,
}

impl TimeRow {
    /// A row from minute-of-week bounds, routed to `routing`.
    pub fn spanning(from: i64, to: i64, routing: i64) -> TimeRow {
        TimeRow {
            from_day: from / MINUTES_PER_DAY + 1,
            from_hour: from % MINUTES_PER_DAY / 60,
            from_minute: from % 60,
            to_day: to / MINUTES_PER_DAY + 1,
            to_hour: to % MINUTES_PER_DAY / 60,
            to_minute: to % 60,
            plan_type: RowType::Routing,
            routing,
            ivr: 0,
        }
    }

    /// The first minute of the row in the week (0 = Monday 00:00), if the fields are in range.
    pub fn from(&self) -> Option<i64> {
        minute_of_week(self.from_day, self.from_hour, self.from_minute)
    }

    /// The last minute of the row in the week, if the fields are in range.
    pub fn to(&self) -> Option<i64> {
        minute_of_week(self.to_day, self.to_hour, self.to_minute)
    }
}

/// Minutes since Monday 00:00, or None when the day, hour or minute is out of range.
pub fn minute_of_week(day: i64, hour: i64, minute: i64) -> Option<i64> {
    ((1..=7).contains(&day) && (0..24).contains(&hour) && (0..60).contains(&minute))
        .then_some((day - 1) * MINUTES_PER_DAY + hour * 60 + minute)
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ServicePlanForm {
    pub description: String,
    pub rows: Vec<TimeRow>,
    /// Dated exceptions (bank holidays, closures) answered instead of the week on their days;
    /// left out of the JSON when there are none, so plans kept before them read the same.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<super::plan_exceptions::PlanException>>", optional))]
    pub exceptions: Vec<super::plan_exceptions::PlanException>,
}

/// The row a new plan starts with, and the one left after the dialog closes.
pub fn default_time_row() -> TimeRow {
    TimeRow::spanning(0, LAST_MINUTE_OF_WEEK, 0)
}

/// A row switching type keeps only the target of its new type.
pub fn set_row_type(row: TimeRow, plan_type: RowType) -> TimeRow {
    match plan_type {
        RowType::Routing => TimeRow { plan_type, ivr: 0, ..row },
        RowType::Ivr => TimeRow { plan_type, routing: 0, ..row },
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TemplateKind {
    /// One row for the whole week.
    AllSame,
    /// Monday to Friday, then the weekend.
    Weekdays,
}

pub fn time_template(kind: TemplateKind) -> Vec<TimeRow> {
    match kind {
        TemplateKind::AllSame => vec![default_time_row()],
        TemplateKind::Weekdays => {
            let weekend = 5 * MINUTES_PER_DAY;
            vec![TimeRow::spanning(0, weekend - 1, 0), TimeRow::spanning(weekend, LAST_MINUTE_OF_WEEK, 0)]
        }
    }
}

/// The service plan rules of section 5. `taken` holds the customer's other plans' descriptions.
/// Keys: form_plan_description, and per row i form_from_day[i], form_to_day[i], form_routing[i],
/// form_ivr[i].
pub fn validate_service_plan<S: AsRef<str>>(form: &ServicePlanForm, taken: &[S]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    DESCRIPTION.check(&mut errors, "form_plan_description", &form.description, taken);

    if form.rows.is_empty() {
        errors.add("form_from_day[0]", START_MESSAGE);
        return errors.into_result();
    }
    if let Some(message) = super::SERVICE_PLAN_ROWS.exceeded_by(form.rows.len()) {
        errors.add(super::SERVICE_PLAN_ROWS.field, message);
        return errors.into_result();
    }
    for (i, row) in form.rows.iter().enumerate() {
        match row.plan_type {
            RowType::Routing if row.routing <= 0 => errors.add(format!("form_routing[{i}]"), DESTINATION_PLAN_REQUIRED),
            RowType::Ivr if row.ivr <= 0 => errors.add(format!("form_ivr[{i}]"), IVR_REQUIRED),
            _ => {}
        }
    }
    check_times(&mut errors, &form.rows);
    for (field, message) in super::plan_exceptions::validate_exceptions(&form.exceptions).iter() {
        errors.add(field, message);
    }
    errors.into_result()
}

/// Where the rows first stop covering the week exactly once, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Break {
    /// Row i has a day, hour or minute out of range.
    Invalid(usize),
    /// The first row does not start on Monday 00:00.
    Start,
    /// Row i does not start the minute after row i - 1 ends: minutes `from..=to` of the week
    /// are covered by no row (a gap) or by both (an overlap).
    Gap {
        row: usize,
        from: i64,
        to: i64,
    },
    Overlap {
        row: usize,
        from: i64,
        to: i64,
    },
    /// Row i ends before it starts.
    Backwards(usize),
    /// The last row (of `rows` rows) does not end on Sunday 23:59.
    End(usize),
}

fn first_break(rows: &[TimeRow]) -> Option<Break> {
    let mut previous_end: Option<i64> = None;
    for (i, row) in rows.iter().enumerate() {
        let (Some(from), Some(to)) = (row.from(), row.to()) else {
            return Some(Break::Invalid(i));
        };
        match previous_end {
            None if from != 0 => return Some(Break::Start),
            Some(end) if from > end + 1 => return Some(Break::Gap { row: i, from: end + 1, to: from - 1 }),
            Some(end) if from <= end => return Some(Break::Overlap { row: i, from, to: end }),
            _ => {}
        }
        if to < from {
            return Some(Break::Backwards(i));
        }
        previous_end = Some(to);
    }
    (previous_end != Some(LAST_MINUTE_OF_WEEK)).then_some(Break::End(rows.len()))
}

/// Start at Monday 00:00, each row starting the minute after the one before ends, and the last
/// ending at Sunday 23:59: together, every minute of the week belongs to exactly one row.
fn check_times(errors: &mut FieldErrors, rows: &[TimeRow]) {
    match first_break(rows) {
        None => {}
        Some(Break::Invalid(i)) => errors.add(format!("form_from_day[{i}]"), invalid_time_message(i + 1)),
        Some(Break::Start) => errors.add("form_from_day[0]", START_MESSAGE),
        Some(Break::Gap { row, .. } | Break::Overlap { row, .. }) => {
            errors.add(format!("form_from_day[{row}]"), CONTIGUOUS_MESSAGE)
        }
        Some(Break::Backwards(i)) => errors.add(format!("form_to_day[{i}]"), CONTIGUOUS_MESSAGE),
        Some(Break::End(count)) => errors.add(format!("form_to_day[{}]", count - 1), end_message(count)),
    }
}

/// The day's name, day 1 being Monday.
pub fn day_name(day: i64) -> String {
    usize::try_from(day - 1)
        .ok()
        .and_then(|i| DAY_NAMES.get(i))
        .map_or_else(|| format!("Day {day}"), |name| name.to_string())
}

const DAY_NAMES: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// A row's span in words: "Thursday 17:31-08:29" when it starts and ends within a day of its
/// start, else "Monday 09:00 to Friday 17:30".
pub fn row_span(row: &TimeRow) -> String {
    let (from, to) =
        (format!("{:02}:{:02}", row.from_hour, row.from_minute), format!("{:02}:{:02}", row.to_hour, row.to_minute));
    let next_day =
        row.to_day == row.from_day % 7 + 1 && (row.to_hour, row.to_minute) < (row.from_hour, row.from_minute);
    if (row.to_day == row.from_day && (row.to_hour, row.to_minute) >= (row.from_hour, row.from_minute)) || next_day {
        format!("{} {from}-{to}", day_name(row.from_day))
    } else {
        format!("{} {from} to {} {to}", day_name(row.from_day), day_name(row.to_day))
    }
}

/// A minute of the week as "Thursday 19:01".
pub fn minute_text(minute: i64) -> String {
    format!("{} {:02}:{:02}", day_name(minute / MINUTES_PER_DAY + 1), minute % MINUTES_PER_DAY / 60, minute % 60)
}

/// Minutes `from..=to` of the week as "Thursday 19:01 to Thursday 20:00".
pub fn span_text(from: i64, to: i64) -> String {
    format!("{} to {}", minute_text(from), minute_text(to))
}

/// The break in continuity said precisely, for the row the editor marks: where validation puts
/// the spec's general continuity message (a gap or overlap between two rows, a row ending
/// before it starts), the field and the words that say which minutes: "Gap: Thursday 19:01 to
/// Thursday 20:00 between rows 3 and 4". None when the times are continuous or broken in a way
/// whose message already says where (the start, the end, an impossible time).
pub fn time_break_detail(rows: &[TimeRow]) -> Option<(String, String)> {
    match first_break(rows)? {
        Break::Gap { row, from, to } => Some((
            format!("form_from_day[{row}]"),
            format!("Gap: {} between rows {row} and {}", span_text(from, to), row + 1),
        )),
        Break::Overlap { row, from, to } => Some((
            format!("form_from_day[{row}]"),
            format!("Overlap: {} between rows {row} and {}", span_text(from, to), row + 1),
        )),
        Break::Backwards(i) => {
            let (from, to) = (rows[i].from()?, rows[i].to()?);
            Some((
                format!("form_to_day[{i}]"),
                format!("Row {} ends ({}) before it starts ({})", i + 1, minute_text(to), minute_text(from)),
            ))
        }
        Break::Invalid(_) | Break::Start | Break::End(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rows_span_reads_as_a_day_and_its_hours() {
        let row = |from: (i64, i64, i64), to: (i64, i64, i64)| TimeRow {
            from_day: from.0,
            from_hour: from.1,
            from_minute: from.2,
            to_day: to.0,
            to_hour: to.1,
            to_minute: to.2,
            plan_type: RowType::Routing,
            routing: 1,
            ivr: 0,
        };
        assert_eq!(row_span(&row((4, 17, 31), (5, 8, 29))), "Thursday 17:31-08:29");
        assert_eq!(row_span(&row((7, 18, 0), (1, 8, 0))), "Sunday 18:00-08:00");
        assert_eq!(row_span(&row((1, 9, 0), (1, 17, 30))), "Monday 09:00-17:30");
        assert_eq!(row_span(&row((1, 9, 0), (5, 17, 30))), "Monday 09:00 to Friday 17:30");
    }
    use crate::names::NOTHING_TAKEN;

    fn plan(rows: Vec<TimeRow>) -> ServicePlanForm {
        ServicePlanForm { description: "Office hours".into(), rows, exceptions: vec![] }
    }

    fn routed(from: i64, to: i64) -> TimeRow {
        TimeRow::spanning(from, to, 7)
    }

    fn errors_of(form: &ServicePlanForm) -> FieldErrors {
        validate_service_plan(form, NOTHING_TAKEN).unwrap_err()
    }

    #[test]
    fn one_row_for_the_whole_week_is_a_valid_plan() {
        assert!(validate_service_plan(&plan(vec![routed(0, LAST_MINUTE_OF_WEEK)]), NOTHING_TAKEN).is_ok());
    }

    #[test]
    fn the_first_row_must_start_on_monday_at_midnight() {
        let errors = errors_of(&plan(vec![routed(1, LAST_MINUTE_OF_WEEK)]));
        assert_eq!(errors.get("form_from_day[0]"), Some(START_MESSAGE));
    }

    #[test]
    fn a_plan_has_at_most_200_rows() {
        let minutes: Vec<TimeRow> = (0..201).map(|m| routed(m, m)).collect();
        let errors = errors_of(&plan(minutes));
        assert_eq!(errors.get("form_from_day"), Some("A service plan can have at most 200 rows."));
    }

    #[test]
    fn a_plan_without_rows_is_asked_to_start_on_monday() {
        assert_eq!(errors_of(&plan(vec![])).get("form_from_day[0]"), Some(START_MESSAGE));
    }

    #[test]
    fn the_last_row_must_end_on_sunday_at_23_59_naming_its_row_number() {
        let errors = errors_of(&plan(vec![routed(0, 100), routed(101, LAST_MINUTE_OF_WEEK - 1)]));
        assert_eq!(errors.get("form_to_day[1]"), Some("Please change the to day and time to Sunday 23:59 on row 2"));
    }

    #[test]
    fn a_gap_or_overlap_between_rows_breaks_continuity() {
        let gap = errors_of(&plan(vec![routed(0, 100), routed(102, LAST_MINUTE_OF_WEEK)]));
        assert_eq!(gap.get("form_from_day[1]"), Some(CONTIGUOUS_MESSAGE));
        let overlap = errors_of(&plan(vec![routed(0, 100), routed(100, LAST_MINUTE_OF_WEEK)]));
        assert_eq!(overlap.get("form_from_day[1]"), Some(CONTIGUOUS_MESSAGE));
    }

    #[test]
    fn a_row_ending_before_it_starts_breaks_continuity() {
        let errors = errors_of(&plan(vec![routed(0, 100), routed(101, 50), routed(51, LAST_MINUTE_OF_WEEK)]));
        assert_eq!(errors.get("form_to_day[1]"), Some(CONTIGUOUS_MESSAGE));
    }

    #[test]
    fn out_of_range_days_hours_and_minutes_are_refused() {
        let mut row = routed(0, LAST_MINUTE_OF_WEEK);
        row.to_day = 8;
        assert_eq!(
            errors_of(&plan(vec![row])).get("form_from_day[0]"),
            Some("Please choose a valid day and time on row 1.")
        );
        row.to_day = 7;
        row.from_minute = 60;
        assert!(errors_of(&plan(vec![row])).get("form_from_day[0]").is_some());
    }

    #[test]
    fn routing_rows_need_a_destination_plan_and_ivr_rows_an_ivr() {
        let mut routing = routed(0, 5000);
        routing.routing = 0;
        let ivr = set_row_type(routed(5001, LAST_MINUTE_OF_WEEK), RowType::Ivr);
        let errors = errors_of(&plan(vec![routing, ivr]));
        assert_eq!(errors.get("form_routing[0]"), Some("A destination plan is required."));
        assert_eq!(errors.get("form_ivr[1]"), Some("An IVR is required."));
    }

    #[test]
    fn switching_a_row_type_clears_the_other_target() {
        let row = TimeRow { ivr: 3, ..routed(0, 10) };
        let ivr = set_row_type(row, RowType::Ivr);
        assert_eq!((ivr.plan_type, ivr.routing, ivr.ivr), (RowType::Ivr, 0, 3));
        let back = set_row_type(TimeRow { routing: 9, ..ivr }, RowType::Routing);
        assert_eq!((back.plan_type, back.routing, back.ivr), (RowType::Routing, 9, 0));
    }

    #[test]
    fn the_description_is_required_limited_and_unique() {
        let mut form = plan(vec![routed(0, LAST_MINUTE_OF_WEEK)]);
        form.description = "".into();
        assert_eq!(errors_of(&form).get("form_plan_description"), Some("Description is required."));
        form.description = "x".repeat(61);
        assert_eq!(errors_of(&form).get("form_plan_description"), Some("Description must not exceed 60 characters."));
        form.description = "Office".into();
        let taken = vec!["office".to_string()];
        let errors = validate_service_plan(&form, &taken).unwrap_err();
        assert_eq!(errors.get("form_plan_description"), Some("Description must be unique."));
    }

    #[test]
    fn the_templates_are_valid_once_destinations_are_chosen() {
        for kind in [TemplateKind::AllSame, TemplateKind::Weekdays] {
            let rows = time_template(kind).into_iter().map(|r| TimeRow { routing: 1, ..r }).collect();
            assert!(validate_service_plan(&plan(rows), NOTHING_TAKEN).is_ok(), "{kind:?}");
        }
        let weekdays = time_template(TemplateKind::Weekdays);
        assert_eq!((weekdays[0].to_day, weekdays[0].to_hour, weekdays[0].to_minute), (5, 23, 59));
        assert_eq!((weekdays[1].from_day, weekdays[1].from_hour), (6, 0));
    }

    #[test]
    fn a_gap_or_overlap_is_said_precisely_at_the_row_that_breaks_continuity() {
        let thursday_19_00 = 3 * MINUTES_PER_DAY + 19 * 60;
        let rows = vec![routed(0, thursday_19_00), routed(thursday_19_00 + 61, LAST_MINUTE_OF_WEEK)];
        assert_eq!(errors_of(&plan(rows.clone())).get("form_from_day[1]"), Some(CONTIGUOUS_MESSAGE));
        assert_eq!(
            time_break_detail(&rows),
            Some(("form_from_day[1]".into(), "Gap: Thursday 19:01 to Thursday 20:00 between rows 1 and 2".into()))
        );
        let overlap = vec![routed(0, 100), routed(90, LAST_MINUTE_OF_WEEK)];
        assert_eq!(
            time_break_detail(&overlap),
            Some(("form_from_day[1]".into(), "Overlap: Monday 01:30 to Monday 01:40 between rows 1 and 2".into()))
        );
    }

    #[test]
    fn a_row_ending_before_it_starts_is_said_precisely() {
        let rows = vec![routed(0, 100), routed(101, 50), routed(51, LAST_MINUTE_OF_WEEK)];
        assert_eq!(
            time_break_detail(&rows),
            Some(("form_to_day[1]".into(), "Row 2 ends (Monday 00:50) before it starts (Monday 01:41)".into()))
        );
    }

    #[test]
    fn breaks_whose_message_already_says_where_have_no_detail() {
        assert_eq!(time_break_detail(&[routed(0, LAST_MINUTE_OF_WEEK)]), None);
        assert_eq!(time_break_detail(&[routed(1, LAST_MINUTE_OF_WEEK)]), None);
        assert_eq!(time_break_detail(&[routed(0, 100)]), None);
    }

    #[test]
    fn minute_of_week_counts_from_monday_midnight() {
        assert_eq!(minute_of_week(1, 0, 0), Some(0));
        assert_eq!(minute_of_week(7, 23, 59), Some(LAST_MINUTE_OF_WEEK));
        assert_eq!(minute_of_week(0, 0, 0), None);
        assert_eq!(minute_of_week(1, 24, 0), None);
    }
}
