//! The caller id list: the account's own tracked numbers and the outside numbers it added (each
//! verified with a code before an agent restricted to the list may present it).

use super::number_kind::caller_id_kind_message;
use crate::users::outbound_number_message;
use crate::validation::FieldErrors;

/// The most outside numbers one account keeps on its list.
pub const OUTSIDE_MAX: usize = 20;

pub const NUMBER_REQUIRED: &str = "Phone number is required.";
pub const TRACKED_ALREADY: &str = "This is one of your tracked numbers: it is on the list already.";
pub const ON_THE_LIST: &str = "This number is on the list already.";
pub const TOO_MANY_OUTSIDE: &str = "An account can have at most 20 outside numbers: remove one first.";
pub const NOT_ON_THE_LIST: &str =
    "This caller id is not one of the account's verified caller ids: verify it on Manage CLI first.";
pub const NOT_A_CALLER_ID_CHOICE: &str = "Choose one of your tracked numbers or verified caller ids.";

/// The outside number form (form_number): the outbound number's rules (11 to 20 digits starting
/// 01, 02 or 07, the user form's messages), then a landline or mobile number of 11 digits (no
/// personal number or pager: `number_kind`), not one of the account's tracked numbers, not on
/// the list already, at most `OUTSIDE_MAX`. Answers the number to store (trimmed).
pub fn validate_outside_number(number: &str, tracked: &[String], outside: &[String]) -> Result<String, FieldErrors> {
    let typed = crate::reports::phone::typed_number(number);
    let number = typed.as_str();
    let mut errors = FieldErrors::new();
    let message = if number.is_empty() {
        Some(NUMBER_REQUIRED)
    } else if let Some(message) = outbound_number_message(number) {
        Some(message)
    } else if let Some(message) = caller_id_kind_message(number) {
        Some(message)
    } else if tracked.iter().any(|t| t == number) {
        Some(TRACKED_ALREADY)
    } else if outside.iter().any(|o| o == number) {
        Some(ON_THE_LIST)
    } else if outside.len() >= OUTSIDE_MAX {
        Some(TOO_MANY_OUTSIDE)
    } else {
        None
    };
    if let Some(message) = message {
        errors.add("form_number", message);
    }
    errors.into_result().map(|()| number.to_string())
}

/// Whether an agent may present `number` as their caller id: any well-formed number (the user
/// form checks the form) unless the agent is restricted (cliRestricted), and then only one of
/// `allowed`, the account's tracked numbers and verified outside numbers. No number is fine.
pub fn may_present(number: &str, restricted: bool, allowed: &[String]) -> Result<(), &'static str> {
    let number = number.trim();
    if number.is_empty() || !restricted || allowed.iter().any(|a| a == number) {
        Ok(())
    } else {
        Err(NOT_ON_THE_LIST)
    }
}

/// The caller ids an agent can be given on the Agents page: of `allowed` (the account's tracked
/// numbers and verified outside numbers), those an agent may present (well-formed outbound
/// numbers), each once, in the order given.
pub fn caller_id_choices(allowed: &[String]) -> Vec<String> {
    let mut choices: Vec<String> = Vec::new();
    for number in allowed.iter().map(|n| n.trim()) {
        if outbound_number_message(number).is_none() && !choices.iter().any(|c| c == number) {
            choices.push(number.to_string());
        }
    }
    choices
}

/// Why `number` cannot be the caller id picked for an agent from `choices`; "" (no caller id:
/// the calls show the account's default) is always fine.
pub fn caller_id_choice_problem(number: &str, choices: &[String]) -> Option<&'static str> {
    let number = number.trim();
    (!number.is_empty() && !choices.iter().any(|c| c == number)).then_some(NOT_A_CALLER_ID_CHOICE)
}

/// Why an outside number is not removed: restricted agents present it ("07700900123 is the
/// caller id of Nina Okafor, restricted to the list: give them another caller id or lift the
/// restriction first.").
pub fn in_use_refusal(number: &str, agents: &[String]) -> String {
    let names = match agents {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    let whom = if agents.len() == 1 { "them" } else { "each" };
    format!(
        "{number} is the caller id of {names}, restricted to the list: give {whom} another caller id or lift the \
         restriction first."
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_agent_s_caller_id_is_picked_from_the_tracked_and_verified_numbers() {
        use super::*;
        let allowed: Vec<String> =
            ["01632960123", "07700900123", "01632960123", "08001234567", "12"].map(String::from).to_vec();
        let choices = caller_id_choices(&allowed);
        assert_eq!(choices, ["01632960123", "07700900123"], "once each, only numbers an agent may present");
        assert_eq!(caller_id_choice_problem("07700900123", &choices), None);
        assert_eq!(caller_id_choice_problem(" 07700900123 ", &choices), None);
        assert_eq!(caller_id_choice_problem("", &choices), None, "no caller id");
        assert_eq!(caller_id_choice_problem("07700900999", &choices), Some(NOT_A_CALLER_ID_CHOICE));
        assert_eq!(caller_id_choice_problem("08001234567", &choices), Some(NOT_A_CALLER_ID_CHOICE));
    }

    use super::*;

    fn list(numbers: &[&str]) -> Vec<String> {
        numbers.iter().map(|n| n.to_string()).collect()
    }

    fn message(number: &str, tracked: &[&str], outside: &[&str]) -> Option<String> {
        validate_outside_number(number, &list(tracked), &list(outside))
            .err()
            .and_then(|e| e.get("form_number").map(str::to_string))
    }

    #[test]
    fn an_outside_number_follows_the_outbound_number_rules() {
        assert_eq!(validate_outside_number(" 07700900123 ", &[], &[]), Ok("07700900123".to_string()));
        assert_eq!(message("", &[], &[]).as_deref(), Some(NUMBER_REQUIRED));
        assert_eq!(
            message("0770090012", &[], &[]).as_deref(),
            Some("Phone number must be at least 11 digits in length.")
        );
        assert_eq!(
            message("077009001234567890123", &[], &[]).as_deref(),
            Some("Phone number must not exceed 20 digits in length.")
        );
        assert_eq!(message("07700 900123", &[], &[]), None, "typed with a space");
        assert_eq!(validate_outside_number("+44 7700 900123", &[], &[]).unwrap(), "07700900123", "stored as digits");
        assert_eq!(message("07700 9001x3", &[], &[]).as_deref(), Some("Phone number can have only numbers."));
        assert_eq!(message("08001234567", &[], &[]).as_deref(), Some("Number must start with 01, 02 or 07."));
    }

    #[test]
    fn an_outside_number_is_a_landline_or_a_mobile_never_a_premium_number_or_a_pager() {
        assert_eq!(message("07000123456", &[], &[]).as_deref(), Some(super::super::number_kind::PERSONAL_NUMBER));
        assert_eq!(message("07624123456", &[], &[]).as_deref(), Some(super::super::number_kind::PAGER));
        assert_eq!(message("077009001234", &[], &[]).as_deref(), Some(super::super::number_kind::NOT_ELEVEN_DIGITS));
        assert_eq!(message("02079460000", &[], &[]), None);
    }

    #[test]
    fn a_tracked_number_or_a_listed_one_is_not_added_again() {
        assert_eq!(message("01614960000", &["01614960000"], &[]).as_deref(), Some(TRACKED_ALREADY));
        assert_eq!(message("07700900123", &[], &["07700900123"]).as_deref(), Some(ON_THE_LIST));
    }

    #[test]
    fn an_account_keeps_at_most_twenty_outside_numbers() {
        let nineteen: Vec<String> = (0..19).map(|i| format!("077009001{i:02}")).collect();
        assert!(validate_outside_number("07700900999", &[], &nineteen).is_ok());
        let twenty: Vec<String> = (0..20).map(|i| format!("077009001{i:02}")).collect();
        let errors = validate_outside_number("07700900999", &[], &twenty).unwrap_err();
        assert_eq!(errors.get("form_number"), Some(TOO_MANY_OUTSIDE));
    }

    #[test]
    fn the_refusal_to_remove_names_the_restricted_agents() {
        assert_eq!(
            in_use_refusal("07700900123", &list(&["Nina Okafor"])),
            "07700900123 is the caller id of Nina Okafor, restricted to the list: give them another caller id or \
             lift the restriction first."
        );
        assert!(in_use_refusal("07700900123", &list(&["A B", "C D", "E F"])).contains("A B, C D and E F"));
    }

    #[test]
    fn a_restricted_agent_presents_only_a_number_on_the_list() {
        let allowed = list(&["01614960000", "07700900123"]);
        assert_eq!(may_present("07700900123", true, &allowed), Ok(()));
        assert_eq!(may_present("07700900999", true, &allowed), Err(NOT_ON_THE_LIST));
        assert_eq!(may_present("07700900999", false, &allowed), Ok(()));
        assert_eq!(may_present("", true, &[]), Ok(()));
    }
}
