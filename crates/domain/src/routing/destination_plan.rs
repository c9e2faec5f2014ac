//! Destination plans (spec/call-routing.md section 5): a hunt group rings its destinations in
//! turn, each for its ring length; a multi dial rings them together for the first row's length.

use serde::{Deserialize, Serialize};

use super::constants::{
    ring_lengths, ring_lengths_multi_dial, DESTINATION_PLAN_DESCRIPTION_MAX, RING_LENGTH_DEFAULT,
    RING_LENGTH_MULTI_DIAL_DEFAULT,
};
use crate::names::TextRule;
use crate::validation::FieldErrors;

pub const DESTINATION_REQUIRED: &str = "Destination is required.";
pub const RING_LENGTH_REQUIRED: &str = "Ring Length is required.";
pub const PLAN_TYPE_INVALID: &str = "Please choose hunt group or multi dial.";
const DESCRIPTION: TextRule =
    TextRule::description(DESTINATION_PLAN_DESCRIPTION_MAX, "Description must not exceed 60 characters.");

pub const HUNT_GROUP: i64 = 0;
pub const MULTI_DIAL: i64 = 1;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DestinationRow {
    /// The destination number's id, 0 when not chosen.
    pub destination: i64,
    /// Seconds, 0 when not chosen.
    pub ring_length: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DestinationPlanForm {
    pub description: String,
    /// 0 hunt group, 1 multi dial.
    pub plan_type: i64,
    pub queue: i64,
    pub incall: i64,
    pub no_response_destination: i64,
    pub destinations: Vec<DestinationRow>,
}

/// The plan with its rows fitted to its type, as the dialog shows it after a type change, a load
/// or a new row: a multi dial rings every row for the first row's length, so later rows keep
/// none; any other ring length the type does not offer becomes the type's default. A hunt group
/// has no no-response destination.
pub fn fit_destination_plan(mut form: DestinationPlanForm) -> DestinationPlanForm {
    let multi_dial = form.plan_type == MULTI_DIAL;
    let (allowed, default) = if multi_dial {
        (ring_lengths_multi_dial(), RING_LENGTH_MULTI_DIAL_DEFAULT)
    } else {
        (ring_lengths(), RING_LENGTH_DEFAULT)
    };
    for (i, row) in form.destinations.iter_mut().enumerate() {
        row.ring_length = if multi_dial && i > 0 {
            0
        } else if u32::try_from(row.ring_length).is_ok_and(|s| allowed.contains(&s)) {
            row.ring_length
        } else {
            i64::from(default)
        };
    }
    if !multi_dial {
        form.no_response_destination = 0;
    }
    form
}

/// Keys: form_description, form_plan_type, form_destination[i], form_ring_length[i].
/// `taken` holds the other plans' descriptions (not the plan being updated).
pub fn validate_destination_plan(form: &DestinationPlanForm, taken: &[String]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    DESCRIPTION.check(&mut errors, "form_description", &form.description, taken);
    if !matches!(form.plan_type, HUNT_GROUP | MULTI_DIAL) {
        errors.add("form_plan_type", PLAN_TYPE_INVALID);
    }
    if form.destinations.is_empty() {
        errors.add("form_destination[0]", DESTINATION_REQUIRED);
    }
    if let Some(message) = super::DESTINATION_PLAN_ROWS.exceeded_by(form.destinations.len()) {
        errors.add(super::DESTINATION_PLAN_ROWS.field, message);
        return errors.into_result();
    }
    let multi_dial = form.plan_type == MULTI_DIAL;
    for (i, row) in form.destinations.iter().enumerate() {
        if row.destination <= 0 {
            errors.add(format!("form_destination[{i}]"), DESTINATION_REQUIRED);
        }
        let allowed = if multi_dial { ring_lengths_multi_dial() } else { ring_lengths() };
        let needs_ring_length = !multi_dial || i == 0;
        let chosen = u32::try_from(row.ring_length).is_ok_and(|s| allowed.contains(&s));
        if needs_ring_length && !chosen {
            errors.add(format!("form_ring_length[{i}]"), RING_LENGTH_REQUIRED);
        }
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(ring_lengths: &[i64]) -> Vec<DestinationRow> {
        ring_lengths
            .iter()
            .enumerate()
            .map(|(i, &r)| DestinationRow { destination: i as i64 + 1, ring_length: r })
            .collect()
    }

    fn hunt(ring: &[i64]) -> DestinationPlanForm {
        DestinationPlanForm { description: "Reception first".into(), destinations: rows(ring), ..Default::default() }
    }

    #[test]
    fn a_plan_has_at_most_20_destinations() {
        assert!(validate_destination_plan(&hunt(&[60; 20]), &[]).is_ok());
        let errors = validate_destination_plan(&hunt(&[60; 21]), &[]).unwrap_err();
        assert_eq!(errors.get("form_destination"), Some("A destination plan can have at most 20 destinations."));
    }

    #[test]
    fn a_hunt_group_needs_a_ring_length_on_every_row() {
        assert!(validate_destination_plan(&hunt(&[60, 20]), &[]).is_ok());
        let errors = validate_destination_plan(&hunt(&[60, 0]), &[]).unwrap_err();
        assert_eq!(errors.get("form_ring_length[1]"), Some("Ring Length is required."));
    }

    #[test]
    fn ring_lengths_must_be_one_of_the_offered_steps() {
        assert!(validate_destination_plan(&hunt(&[7]), &[]).is_err());
        assert!(validate_destination_plan(&hunt(&[65]), &[]).is_err());
    }

    #[test]
    fn a_multi_dial_needs_a_ring_length_only_on_its_first_row_up_to_30() {
        let form = DestinationPlanForm { plan_type: MULTI_DIAL, ..hunt(&[30, 0, 0]) };
        assert!(validate_destination_plan(&form, &[]).is_ok());
        let form = DestinationPlanForm { plan_type: MULTI_DIAL, ..hunt(&[60, 0]) };
        let errors = validate_destination_plan(&form, &[]).unwrap_err();
        assert_eq!(errors.get("form_ring_length[0]"), Some(RING_LENGTH_REQUIRED));
    }

    #[test]
    fn every_row_needs_a_destination() {
        let mut form = hunt(&[60, 60]);
        form.destinations[1].destination = 0;
        let errors = validate_destination_plan(&form, &[]).unwrap_err();
        assert_eq!(errors.get("form_destination[1]"), Some("Destination is required."));
        let empty = DestinationPlanForm { destinations: vec![], ..hunt(&[]) };
        assert_eq!(
            validate_destination_plan(&empty, &[]).unwrap_err().get("form_destination[0]"),
            Some(DESTINATION_REQUIRED)
        );
    }

    #[test]
    fn the_description_is_required_and_unique() {
        let errors = validate_destination_plan(&DestinationPlanForm { description: " ".into(), ..hunt(&[60]) }, &[]);
        assert_eq!(errors.unwrap_err().get("form_description"), Some("Description is required."));
        let errors = validate_destination_plan(&hunt(&[60]), &["Reception first".into()]).unwrap_err();
        assert_eq!(errors.get("form_description"), Some("Description must be unique."));
    }

    #[test]
    fn fitting_a_plan_to_multi_dial_keeps_only_the_first_ring_length_within_30() {
        let form = DestinationPlanForm { plan_type: MULTI_DIAL, no_response_destination: 4, ..hunt(&[60, 20, 0]) };
        let fitted = fit_destination_plan(form);
        let lengths: Vec<i64> = fitted.destinations.iter().map(|r| r.ring_length).collect();
        assert_eq!(lengths, vec![30, 0, 0]);
        assert_eq!(fitted.no_response_destination, 4);
        assert!(validate_destination_plan(&fitted, &[]).is_ok());
    }

    #[test]
    fn fitting_a_plan_to_hunt_group_gives_every_row_a_ring_length_and_no_fallback() {
        let form = DestinationPlanForm { no_response_destination: 4, ..hunt(&[25, 0, 7]) };
        let fitted = fit_destination_plan(form);
        let lengths: Vec<i64> = fitted.destinations.iter().map(|r| r.ring_length).collect();
        assert_eq!(lengths, vec![25, 60, 60]);
        assert_eq!(fitted.no_response_destination, 0);
    }

    #[test]
    fn the_plan_type_is_hunt_group_or_multi_dial() {
        let form = DestinationPlanForm { plan_type: 2, ..hunt(&[60]) };
        assert_eq!(validate_destination_plan(&form, &[]).unwrap_err().get("form_plan_type"), Some(PLAN_TYPE_INVALID));
    }
}
