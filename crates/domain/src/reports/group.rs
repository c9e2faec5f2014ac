//! A group account's reports across its member clinics: which clinics a view covers, and which of
//! the call log's filters mean the same in every clinic. A clinic's own sources, campaigns,
//! numbers, tags, categories and custom fields are its alone: they are filtered after opening the
//! clinic. Each clinic's figures are its own dashboard's; the group's are their sum.

use super::call_log::{parse_call_log_query, CallLogQuery, CallLogQueryInput};
use crate::validation::FieldErrors;

/// The most member clinics a group's views read at once.
pub const GROUP_CLINICS_MAX: usize = 200;

/// The combined views' address (the reports' tab "Clinics").
pub use crate::route_table::CLINICS_PAGE;

pub const CLINIC_MESSAGE: &str = "Choose all clinics or one of the group's clinics.";
pub const CLINIC_FILTER_MESSAGE: &str =
    "This filter is a clinic's own: open the clinic to filter by its sources, campaigns, numbers, tags or fields.";
pub const ALL_CLINICS: &str = "All clinics";

/// Which of the group's clinics a view covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClinicChoice {
    All,
    One(i64),
}

/// `clinic` as the address bar has it: empty or "all", or a clinic's id.
pub fn parse_clinic(text: Option<&str>) -> Result<ClinicChoice, &'static str> {
    match text.map(str::trim).unwrap_or("") {
        "" | "all" => Ok(ClinicChoice::All),
        id => id.parse::<i64>().ok().filter(|id| *id > 0).map(ClinicChoice::One).ok_or(CLINIC_MESSAGE),
    }
}

/// The call log's filters that are a clinic's own, by their names in the address: the combined
/// log refuses them, and its API contract leaves them out.
pub const CLINIC_OWN_FILTERS: [&str; 7] =
    ["source", "campaign", "number", "tag", "category", "dimension", "dimensionValue"];

fn own_value<'a>(input: &'a CallLogQueryInput, field: &str) -> Option<&'a str> {
    let value = match field {
        "source" => &input.source,
        "campaign" => &input.campaign,
        "number" => &input.number,
        "tag" => &input.tag,
        "category" => &input.category,
        "dimension" => &input.dimension,
        "dimensionValue" => &input.dimension_value,
        _ => &None,
    };
    value.as_deref()
}

/// The call log's query for a group's combined log: the filters every clinic shares (period,
/// outcomes, follow-up, first-time callers, talk time, scores, the search, paging and sort); one
/// of a clinic's own is refused on its field.
pub fn group_call_log_query(input: &CallLogQueryInput) -> Result<CallLogQuery, FieldErrors> {
    let mut errors = FieldErrors::new();
    for field in CLINIC_OWN_FILTERS {
        if own_value(input, field).is_some_and(|v| !v.trim().is_empty()) {
            errors.add(field, CLINIC_FILTER_MESSAGE);
        }
    }
    let query = parse_call_log_query(input);
    match query {
        Ok(query) if errors.is_empty() => Ok(query),
        Ok(_) => Err(errors),
        Err(mut problems) => {
            for (field, message) in errors.iter() {
                problems.add(field, message);
            }
            Err(problems)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clinic_is_all_or_an_id() {
        assert_eq!(parse_clinic(None), Ok(ClinicChoice::All));
        assert_eq!(parse_clinic(Some(" all ")), Ok(ClinicChoice::All));
        assert_eq!(parse_clinic(Some("501")), Ok(ClinicChoice::One(501)));
        for bad in ["0", "-3", "Moseley", "5.1", "99999999999999999999"] {
            assert_eq!(parse_clinic(Some(bad)), Err(CLINIC_MESSAGE), "{bad}");
        }
    }

    #[test]
    fn the_combined_log_takes_the_shared_filters_and_refuses_a_clinic_s_own() {
        let shared = CallLogQueryInput {
            preset: Some("last7Days".into()),
            outcome: Some("missed,voicemail".into()),
            follow_up: Some("open".into()),
            search: Some("07700".into()),
            ..CallLogQueryInput::default()
        };
        let query = group_call_log_query(&shared).unwrap();
        assert_eq!(query.outcomes.len(), 2);
        assert_eq!(query.search, "07700");
        let own = CallLogQueryInput {
            source: Some("4".into()),
            tag: Some("2".into()),
            page: Some("0".into()),
            ..CallLogQueryInput::default()
        };
        let errors = group_call_log_query(&own).unwrap_err();
        assert_eq!(errors.get("source"), Some(CLINIC_FILTER_MESSAGE));
        assert_eq!(errors.get("tag"), Some(CLINIC_FILTER_MESSAGE));
        let value = CallLogQueryInput { dimension_value: Some("Car".into()), ..CallLogQueryInput::default() };
        assert_eq!(group_call_log_query(&value).unwrap_err().get("dimensionValue"), Some(CLINIC_FILTER_MESSAGE));
        assert!(errors.get("page").is_some(), "the log's own problems are kept: {errors:?}");
        let blank = CallLogQueryInput { campaign: Some(" ".into()), ..CallLogQueryInput::default() };
        assert!(group_call_log_query(&blank).is_ok());
    }
}
