//! The new service plan dialog of the purchase forms (spec section 5, "New service plan
//! dialog"): a plan that sends every call to one destination number. The description is
//! required, keyboard characters only, at most 1000 and unique on the account (checked with the
//! server 500 ms after the last keystroke); the number 8 to 20 digits and not starting with one
//! of the restricted prefixes.

use serde::{Deserialize, Serialize};

use crate::names::TextRule;
use crate::routing::{ServicePlanForm, TimeRow, DESTINATION_DIGITS_MAX, DESTINATION_DIGITS_MIN, LAST_MINUTE_OF_WEEK};
use crate::validation::FieldErrors;

pub const DESCRIPTION_MAX: usize = 1000;
pub const DESCRIPTION_TOO_LONG: &str = "Max description length is 1000 characters.";
pub const INTERNATIONAL_CODE_REQUIRED: &str = "International code is required.";
pub const NUMBER_REQUIRED: &str = "Destination number is required.";
pub const NUMBER_TOO_SHORT: &str = "Minimum number length is 8 characters.";
pub const NUMBER_TOO_LONG: &str = "Maximum number length is 20 characters.";
pub const NUMBER_NOT_NUMERIC: &str = "Destination number must be numeric.";
pub const PREFIX_RESTRICTED: &str = "This number prefix is restricted.";

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NewServicePlanForm {
    pub description: String,
    /// The international code's id, 0 for none.
    pub country_code: i64,
    pub destination_number: String,
}

const DESCRIPTION: TextRule = TextRule::description(DESCRIPTION_MAX, DESCRIPTION_TOO_LONG);

/// The destination number's problem, if any: required, 8 to 20 characters, digits only, not a
/// restricted prefix.
pub fn destination_number_problem<S: AsRef<str>>(number: &str, restricted: &[S]) -> Option<&'static str> {
    // Read as typed: spaces, dashes and +44 are fine.
    let number = &crate::reports::phone::typed_number(number);
    let length = number.chars().count();
    if number.is_empty() {
        Some(NUMBER_REQUIRED)
    } else if length < DESTINATION_DIGITS_MIN {
        Some(NUMBER_TOO_SHORT)
    } else if length > DESTINATION_DIGITS_MAX {
        Some(NUMBER_TOO_LONG)
    } else if !number.chars().all(|c| c.is_ascii_digit()) {
        Some(NUMBER_NOT_NUMERIC)
    } else if restricted.iter().any(|prefix| !prefix.as_ref().is_empty() && number.starts_with(prefix.as_ref())) {
        Some(PREFIX_RESTRICTED)
    } else {
        None
    }
}

/// Errors by the posted names (description, countryCode, destinationNumber); `taken` holds the
/// account's service plan descriptions.
pub fn validate_new_service_plan<S: AsRef<str>, R: AsRef<str>>(
    form: &NewServicePlanForm,
    taken: &[S],
    restricted: &[R],
) -> FieldErrors {
    let mut errors = FieldErrors::new();
    DESCRIPTION.check(&mut errors, "description", &form.description, taken);
    if form.country_code <= 0 {
        errors.add("countryCode", INTERNATIONAL_CODE_REQUIRED);
    }
    if let Some(problem) = destination_number_problem(&form.destination_number, restricted) {
        errors.add("destinationNumber", problem);
    }
    errors
}

/// The plan the dialog makes: every call, all week (Monday 00:00 to Sunday 23:59), to one
/// destination plan.
pub fn all_week_plan(description: &str, destination_plan: i64) -> ServicePlanForm {
    ServicePlanForm {
        description: description.trim().to_string(),
        rows: vec![TimeRow::spanning(0, LAST_MINUTE_OF_WEEK, destination_plan)],
        exceptions: vec![],
    }
}

/// The description of a destination plan made to ring one number: "Ring {number}", then
/// "Ring {number} (2)" and on while one is taken (ignoring case) among the customer's plans.
pub fn ringing_plan_description<S: AsRef<str>>(number: &str, taken: &[S]) -> String {
    let base = format!("Ring {number}");
    (1..)
        .map(|n| if n == 1 { base.clone() } else { format!("{base} ({n})") })
        .find(|d| !crate::names::is_taken(d, taken))
        .unwrap_or(base)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::RowType;

    #[test]
    fn a_ringing_plan_is_named_for_its_number_and_numbered_past_a_taken_name() {
        assert_eq!(ringing_plan_description("07700900123", &[] as &[&str]), "Ring 07700900123");
        assert_eq!(ringing_plan_description("0113", &["ring 0113", "Ring 0113 (2)"]), "Ring 0113 (3)");
    }

    #[test]
    fn the_dialog_plan_sends_every_minute_of_the_week_to_its_destination() {
        let plan = all_week_plan(" Sales line ", 42);
        assert_eq!(plan.description, "Sales line");
        let [row] = plan.rows.as_slice() else { panic!("one row") };
        assert_eq!((row.from_day, row.from_hour, row.from_minute), (1, 0, 0));
        assert_eq!((row.to_day, row.to_hour, row.to_minute), (7, 23, 59));
        assert_eq!((row.plan_type, row.routing, row.ivr), (RowType::Routing, 42, 0));
    }

    const RESTRICTED: [&str; 3] = ["09", "118", "0871"];

    fn form() -> NewServicePlanForm {
        NewServicePlanForm {
            description: "Sheffield office".into(),
            country_code: 1,
            destination_number: "01144960590".into(),
        }
    }

    #[test]
    fn a_complete_plan_is_valid() {
        assert!(validate_new_service_plan::<&str, _>(&form(), &[], &RESTRICTED).is_empty());
    }

    #[test]
    fn each_number_message_has_its_case() {
        let problem = |n: &str| destination_number_problem(n, &RESTRICTED);
        assert_eq!(problem(""), Some(NUMBER_REQUIRED));
        assert_eq!(problem("0114496"), Some(NUMBER_TOO_SHORT));
        assert_eq!(problem(&"1".repeat(21)), Some(NUMBER_TOO_LONG));
        assert_eq!(problem("0114 496 059O"), Some(NUMBER_NOT_NUMERIC));
        assert_eq!(problem("0114 496 0590"), None, "typed with spaces");
        assert_eq!(problem("+44 114 496 0590"), None);
        assert_eq!(problem("09044960590"), Some(PREFIX_RESTRICTED));
        assert_eq!(problem("11849605900"), Some(PREFIX_RESTRICTED));
        assert_eq!(problem("01144960590"), None);
        assert_eq!(problem(&"1".repeat(20)), None);
    }

    #[test]
    fn the_description_is_required_within_1000_keyboard_characters_and_unique() {
        let check = |description: &str, taken: &[&str]| {
            validate_new_service_plan(
                &NewServicePlanForm { description: description.into(), ..form() },
                taken,
                &RESTRICTED,
            )
            .get("description")
            .map(str::to_string)
        };
        assert_eq!(check("", &[]).as_deref(), Some("Description is required."));
        assert_eq!(check(&"a".repeat(1001), &[]).as_deref(), Some(DESCRIPTION_TOO_LONG));
        assert!(check("Office 日本", &[]).unwrap().starts_with("Invalid characters found."));
        assert_eq!(check("Sheffield Office", &["sheffield office"]).as_deref(), Some("Description must be unique."));
        let errors =
            validate_new_service_plan::<&str, _>(&NewServicePlanForm { country_code: 0, ..form() }, &[], &RESTRICTED);
        assert_eq!(errors.get("countryCode"), Some(INTERNATIONAL_CODE_REQUIRED));
    }
}
