//! A service plan's dated exceptions: a day, or a run of days, when calls go somewhere else than
//! the week says (closed on a bank holiday, a Christmas rota), each to a destination plan or an
//! IVR for the whole of its days in the account's time zone, or only between two times of each
//! of its days ("24/12 13:00-24:00: closed"). The week's rows answer every other moment. Bank
//! holidays are offered from `bank_holidays`.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::bank_holidays::{bank_holidays, Calendar};
use super::row_type::RowType;
use crate::validation::FieldErrors;

/// The most exceptions one plan keeps (two years of bank holidays and some).
pub const EXCEPTIONS_MAX: usize = 60;
/// The longest one exception runs.
pub const EXCEPTION_DAYS_MAX: i64 = 31;
pub const EXCEPTION_DESCRIPTION_MAX: usize = 60;

pub const EXCEPTION_DATE_INVALID: &str = "Choose a date.";
pub const EXCEPTION_ENDS_BEFORE: &str = "The last day cannot be before the first.";
pub const EXCEPTION_TOO_LONG: &str = "An exception can run for at most 31 days.";
pub const EXCEPTION_DESCRIPTION_REQUIRED: &str = "Say what the exception is for, such as Christmas Day.";
pub const EXCEPTION_DESCRIPTION_TOO_LONG: &str = "The description must not exceed 60 characters.";
pub const EXCEPTION_TARGET_REQUIRED: &str = "Choose where calls go on these days.";
pub const EXCEPTION_OVERLAPS: &str = "These days are in another exception already.";
pub const EXCEPTIONS_UNREADABLE: &str = "The dated exceptions could not be read: reload the page and try again.";
pub const TOO_MANY_EXCEPTIONS: &str = "A service plan can have at most 60 exceptions.";
pub const EXCEPTION_TIME_INVALID: &str = "Enter a time as HH:MM, such as 13:00.";
pub const EXCEPTION_TIME_MISSING: &str = "Give both times, or neither for the whole day.";
pub const EXCEPTION_TIME_ORDER: &str = "The end must be after the start.";

const MINUTES_PER_DAY: u32 = 24 * 60;

/// One exception as the plan editor sends it and the plan keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlanException {
    /// The first day, YYYY-MM-DD.
    pub from: String,
    /// The last day, YYYY-MM-DD (the first again for one day).
    pub to: String,
    pub description: String,
    pub plan_type: RowType,
    /// Destination plan id (plan_type routing), 0 for none.
    pub routing: i64,
    /// IVR id (plan_type ivr), 0 for none.
    pub ivr: i64,
    /// From this time of each of its days, HH:MM; "" with `to_time` "" for the whole day.
    pub from_time: String,
    /// Until this time (not included), HH:MM, up to 24:00.
    pub to_time: String,
}

fn date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}

/// "13:00" as minutes of the day (0..=1440: "24:00" ends a day).
fn clock(text: &str) -> Option<u32> {
    let (hours, minutes) = text.trim().split_once(':')?;
    if hours.len() != 2 || minutes.len() != 2 {
        return None;
    }
    let (hours, minutes): (u32, u32) = (hours.parse().ok()?, minutes.parse().ok()?);
    let minute = hours * 60 + minutes;
    (minutes < 60 && minute <= MINUTES_PER_DAY).then_some(minute)
}

impl PlanException {
    /// Its days, when both are dates in order.
    pub fn days(&self) -> Option<(NaiveDate, NaiveDate)> {
        let (from, to) = (date(&self.from)?, date(&self.to)?);
        (from <= to).then_some((from, to))
    }

    /// The minutes of each of its days it answers, [start, end): the whole day when it has no
    /// times; None when its times cannot be read.
    pub fn minutes(&self) -> Option<(u32, u32)> {
        match (self.from_time.trim(), self.to_time.trim()) {
            ("", "") => Some((0, MINUTES_PER_DAY)),
            (from, to) => {
                let (from, to) = (clock(from)?, clock(to)?);
                (from < to).then_some((from, to))
            }
        }
    }

    /// Whether it answers on `day` at `minute_of_day` (0 = midnight).
    pub fn covers(&self, day: NaiveDate, minute_of_day: u32) -> bool {
        self.days().is_some_and(|(from, to)| (from..=to).contains(&day))
            && self.minutes().is_some_and(|(start, end)| (start..end).contains(&minute_of_day))
    }

    /// Whether it answers the whole of each of its days.
    pub fn whole_day(&self) -> bool {
        self.from_time.trim().is_empty() && self.to_time.trim().is_empty()
    }

    /// Whether it and `other` answer some moment both.
    fn overlaps(&self, other: &PlanException) -> bool {
        let (Some((from, to)), Some((other_from, other_to))) = (self.days(), other.days()) else { return false };
        let (Some((start, end)), Some((other_start, other_end))) = (self.minutes(), other.minutes()) else {
            return false;
        };
        from <= other_to && other_from <= to && start < other_end && other_start < end
    }
}

/// An exception's times' problems, on `exceptions[i].fromTime` / `toTime`.
fn time_problems(exception: &PlanException, field: &dyn Fn(&str) -> String, errors: &mut FieldErrors) {
    let (from, to) = (exception.from_time.trim(), exception.to_time.trim());
    if from.is_empty() && to.is_empty() {
        return;
    }
    for (name, text) in [("fromTime", from), ("toTime", to)] {
        if text.is_empty() {
            errors.add(field(name), EXCEPTION_TIME_MISSING);
        } else if clock(text).is_none() {
            errors.add(field(name), EXCEPTION_TIME_INVALID);
        }
    }
    if let (Some(start), Some(end)) = (clock(from), clock(to)) {
        if end <= start {
            errors.add(field("toTime"), EXCEPTION_TIME_ORDER);
        }
    }
}

/// Each exception's problems, keyed `exceptions[i].field`, and the list's (`exceptions`).
pub fn validate_exceptions(list: &[PlanException]) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if list.len() > EXCEPTIONS_MAX {
        errors.add("exceptions", TOO_MANY_EXCEPTIONS);
        return errors;
    }
    for (i, exception) in list.iter().enumerate() {
        let field = |name: &str| format!("exceptions[{i}].{name}");
        let (from, to) = (date(&exception.from), date(&exception.to));
        if from.is_none() {
            errors.add(field("from"), EXCEPTION_DATE_INVALID);
        }
        if to.is_none() {
            errors.add(field("to"), EXCEPTION_DATE_INVALID);
        }
        if let (Some(from), Some(to)) = (from, to) {
            if to < from {
                errors.add(field("to"), EXCEPTION_ENDS_BEFORE);
            } else if (to - from).num_days() + 1 > EXCEPTION_DAYS_MAX {
                errors.add(field("to"), EXCEPTION_TOO_LONG);
            } else if list[..i].iter().any(|other| other.overlaps(exception)) {
                errors.add(field("from"), EXCEPTION_OVERLAPS);
            }
        }
        time_problems(exception, &field, &mut errors);
        let description = exception.description.trim();
        if description.is_empty() {
            errors.add(field("description"), EXCEPTION_DESCRIPTION_REQUIRED);
        } else if description.chars().count() > EXCEPTION_DESCRIPTION_MAX {
            errors.add(field("description"), EXCEPTION_DESCRIPTION_TOO_LONG);
        }
        let target = match exception.plan_type {
            RowType::Routing => exception.routing,
            RowType::Ivr => exception.ivr,
        };
        if target <= 0 {
            errors.add(field("target"), EXCEPTION_TARGET_REQUIRED);
        }
    }
    errors
}

/// The exception that answers on `day` at `minute_of_day` (the first, in the plan's order),
/// with its index.
pub fn exception_on(list: &[PlanException], day: NaiveDate, minute_of_day: u32) -> Option<(usize, &PlanException)> {
    list.iter().enumerate().find(|(_, e)| e.covers(day, minute_of_day))
}

/// Whether some exception answers some moment of `day`.
pub fn exception_during(list: &[PlanException], day: NaiveDate) -> bool {
    list.iter().any(|e| e.days().is_some_and(|(from, to)| (from..=to).contains(&day)))
}

/// An exception in words, as a call's journey names what routed it: "Christmas closure,
/// 24/12/2026 to 26/12/2026 (a dated exception)", "Christmas Eve, 24/12/2026 13:00-24:00 (a
/// dated exception)".
pub fn exception_span(exception: &PlanException) -> String {
    let day = |text: &str| crate::format::format_date(text).unwrap_or_else(|| text.to_string());
    let days = if exception.from.trim() == exception.to.trim() {
        day(&exception.from)
    } else {
        format!("{} to {}", day(&exception.from), day(&exception.to))
    };
    let hours = if exception.whole_day() {
        String::new()
    } else {
        format!(" {}-{}", exception.from_time.trim(), exception.to_time.trim())
    };
    format!("{}, {days}{hours} (a dated exception)", exception.description.trim())
}

/// The bank holidays of `calendar` in `year` the plan has no exception on yet, as exceptions
/// sending calls to `target` (a destination plan, or an IVR): what "Add bank holidays" adds.
pub fn bank_holiday_exceptions(
    calendar: Calendar,
    year: i32,
    plan_type: RowType,
    target: i64,
    existing: &[PlanException],
) -> Vec<PlanException> {
    bank_holidays(calendar, year)
        .into_iter()
        .filter(|h| date(&h.date).is_some_and(|d| !exception_during(existing, d)))
        .map(|h| PlanException {
            from: h.date.clone(),
            to: h.date,
            description: h.name,
            plan_type,
            routing: if plan_type == RowType::Routing { target } else { 0 },
            ivr: if plan_type == RowType::Ivr { target } else { 0 },
            ..PlanException::default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn closed(from: &str, to: &str, description: &str) -> PlanException {
        PlanException {
            from: from.into(),
            to: to.into(),
            description: description.into(),
            plan_type: RowType::Routing,
            routing: 9,
            ivr: 0,
            ..PlanException::default()
        }
    }

    fn between(from_time: &str, to_time: &str, exception: PlanException) -> PlanException {
        PlanException { from_time: from_time.into(), to_time: to_time.into(), ..exception }
    }

    fn on(text: &str) -> NaiveDate {
        date(text).unwrap()
    }

    #[test]
    fn an_exception_answers_every_day_it_runs_and_no_other() {
        let list = [
            closed("2026-12-24", "2026-12-26", "Christmas closure"),
            closed("2026-12-31", "2026-12-31", "New Year's Eve"),
        ];
        assert_eq!(exception_on(&list, on("2026-12-24"), 0).map(|(i, _)| i), Some(0));
        assert_eq!(exception_on(&list, on("2026-12-26"), 1439).map(|(i, _)| i), Some(0));
        assert_eq!(exception_on(&list, on("2026-12-27"), 600), None);
        assert_eq!(
            exception_on(&list, on("2026-12-31"), 600).map(|(_, e)| e.description.as_str()),
            Some("New Year's Eve")
        );
        assert!(validate_exceptions(&list).is_empty());
    }

    #[test]
    fn an_exception_with_times_answers_only_between_them() {
        let list = [
            between("13:00", "24:00", closed("2026-12-24", "2026-12-24", "Christmas Eve")),
            between("08:00", "12:00", closed("2026-12-24", "2026-12-31", "Skeleton rota")),
        ];
        assert!(validate_exceptions(&list).is_empty(), "{:?}", validate_exceptions(&list));
        let at = |day: &str, minute: u32| exception_on(&list, on(day), minute).map(|(i, _)| i);
        assert_eq!(at("2026-12-24", 12 * 60 + 59), None, "12:59 falls between the two");
        assert_eq!(at("2026-12-24", 13 * 60), Some(0));
        assert_eq!(at("2026-12-24", 23 * 60 + 59), Some(0));
        assert_eq!(at("2026-12-24", 8 * 60), Some(1));
        assert_eq!(at("2026-12-29", 11 * 60 + 59), Some(1));
        assert_eq!(at("2026-12-29", 12 * 60), None, "the week answers after the rota's hours");
        assert!(exception_during(&list, on("2026-12-24")) && !exception_during(&list, on("2027-01-01")));
        assert_eq!(exception_span(&list[0]), "Christmas Eve, 24/12/2026 13:00-24:00 (a dated exception)");
    }

    #[test]
    fn times_are_checked_and_overlap_only_when_they_share_a_moment() {
        let day = || closed("2026-12-24", "2026-12-24", "Eve");
        let list = [
            between("9:00", "12:00", day()),
            between("10:00", "", day()),
            between("12:00", "11:00", day()),
            between("10:00", "24:01", day()),
        ];
        let errors = validate_exceptions(&list);
        assert_eq!(errors.get("exceptions[0].fromTime"), Some(EXCEPTION_TIME_INVALID));
        assert_eq!(errors.get("exceptions[1].toTime"), Some(EXCEPTION_TIME_MISSING));
        assert_eq!(errors.get("exceptions[2].toTime"), Some(EXCEPTION_TIME_ORDER));
        assert_eq!(errors.get("exceptions[3].toTime"), Some(EXCEPTION_TIME_INVALID));
        let apart = [between("08:00", "13:00", day()), between("13:00", "24:00", day())];
        assert!(validate_exceptions(&apart).is_empty());
        let clash = [between("08:00", "13:01", day()), between("13:00", "24:00", day())];
        assert_eq!(validate_exceptions(&clash).get("exceptions[1].from"), Some(EXCEPTION_OVERLAPS));
        let within_whole_day = [day(), between("13:00", "14:00", day())];
        assert_eq!(validate_exceptions(&within_whole_day).get("exceptions[1].from"), Some(EXCEPTION_OVERLAPS));
    }

    #[test]
    fn each_problem_is_said_on_its_field() {
        let list = [
            PlanException { from: "24/12/2026".into(), ..closed("", "2026-12-24", "X") },
            closed("2026-12-26", "2026-12-25", "Backwards"),
            closed("2026-01-01", "2026-03-01", "Too long"),
            closed("2026-12-20", "2026-12-28", ""),
            PlanException { plan_type: RowType::Ivr, ivr: 0, ..closed("2027-01-01", "2027-01-01", "No IVR") },
        ];
        let errors = validate_exceptions(&list);
        assert_eq!(errors.get("exceptions[0].from"), Some(EXCEPTION_DATE_INVALID));
        assert_eq!(errors.get("exceptions[1].to"), Some(EXCEPTION_ENDS_BEFORE));
        assert_eq!(errors.get("exceptions[2].to"), Some(EXCEPTION_TOO_LONG));
        assert_eq!(errors.get("exceptions[3].description"), Some(EXCEPTION_DESCRIPTION_REQUIRED));
        assert_eq!(errors.get("exceptions[4].target"), Some(EXCEPTION_TARGET_REQUIRED));
        let overlapping = [closed("2026-12-24", "2026-12-26", "A"), closed("2026-12-26", "2026-12-27", "B")];
        assert_eq!(validate_exceptions(&overlapping).get("exceptions[1].from"), Some(EXCEPTION_OVERLAPS));
        let many = vec![closed("2026-12-24", "2026-12-24", "A"); EXCEPTIONS_MAX + 1];
        assert_eq!(validate_exceptions(&many).get("exceptions"), Some(TOO_MANY_EXCEPTIONS));
    }

    #[test]
    fn an_exception_is_named_with_its_days() {
        let christmas = closed("2026-12-24", "2026-12-26", "Christmas closure");
        assert_eq!(exception_span(&christmas), "Christmas closure, 24/12/2026 to 26/12/2026 (a dated exception)");
        let one = closed("2026-12-25", "2026-12-25", "Christmas Day");
        assert_eq!(exception_span(&one), "Christmas Day, 25/12/2026 (a dated exception)");
    }

    #[test]
    fn bank_holidays_are_offered_once_each_to_the_chosen_destination() {
        let existing = [closed("2026-12-24", "2026-12-26", "Christmas closure")];
        let offered = bank_holiday_exceptions(Calendar::EnglandAndWales, 2026, RowType::Routing, 4, &existing);
        let days: Vec<&str> = offered.iter().map(|e| e.from.as_str()).collect();
        assert!(!days.contains(&"2026-12-25"), "inside the Christmas closure already");
        assert!(days.contains(&"2026-12-28") && days.contains(&"2026-04-03"));
        assert!(offered.iter().all(|e| e.routing == 4 && e.ivr == 0 && e.from == e.to));
        assert!(validate_exceptions(&[existing.to_vec(), offered].concat()).is_empty());
        let ivr = bank_holiday_exceptions(Calendar::Scotland, 2026, RowType::Ivr, 7, &[]);
        assert!(ivr.iter().all(|e| e.ivr == 7 && e.routing == 0));
        assert_eq!(
            ivr.iter().find(|e| e.from == "2026-11-30").map(|e| e.description.as_str()),
            Some("St Andrew's Day")
        );
    }
}
