//! The outbound campaign form (the user form's addCampaign rules, plus a name no other campaign
//! of the account has) and the words of deleting one: refused while agents use it, naming them.

use crate::users::validate_campaign_name;
use crate::validation::FieldErrors;

/// The campaign form's one field (as outboundcampaigns/addCampaign posts it).
pub const CAMPAIGN_FIELD: &str = "outboundCampaignName";
pub const CAMPAIGN_NAME_NOT_UNIQUE: &str = "Another campaign already has this name.";

/// The campaign form: the name's own rules (`users::validate_campaign_name`), then unique in the
/// account (`taken`: the other campaigns' names; case and outer spaces do not count).
pub fn validate_campaign(name: &str, taken: &[String]) -> FieldErrors {
    if let Err(errors) = validate_campaign_name(name) {
        return errors;
    }
    let mut errors = FieldErrors::new();
    let key = name.trim().to_lowercase();
    if taken.iter().any(|t| t.trim().to_lowercase() == key) {
        errors.add(CAMPAIGN_FIELD, CAMPAIGN_NAME_NOT_UNIQUE);
    }
    errors
}

/// "Delete the campaign 'Spring recall'?"
pub fn campaign_delete_question(name: &str) -> String {
    format!("Delete the campaign '{name}'? No agent uses it.")
}

/// "This campaign is used by 2 agents: Ann Lee and Bo Day. Move them to another campaign
/// first." At most five agents are named, then "and N more".
pub fn campaign_delete_refusal(agents: &[String]) -> String {
    const SHOWN: usize = 5;
    let mut names: Vec<String> = agents.iter().take(SHOWN).cloned().collect();
    if agents.len() > SHOWN {
        names.push(format!("{} more", agents.len() - SHOWN));
    }
    let listed = match names.len() {
        0 => String::new(),
        1 => names.remove(0),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    };
    let count = if agents.len() == 1 { "1 agent".to_string() } else { format!("{} agents", agents.len()) };
    format!("This campaign is used by {count}: {listed}. Move them to another campaign first.")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_form_keeps_the_user_forms_rules() {
        assert_eq!(validate_campaign(" ", &[]).get(CAMPAIGN_FIELD), Some("Campaign name is required."));
        assert_eq!(
            validate_campaign(&"x".repeat(61), &[]).get(CAMPAIGN_FIELD),
            Some("Campaign name cannot exceed 60 characters.")
        );
        assert!(validate_campaign("Spring recall 2027", &[]).is_empty());
    }

    #[test]
    fn a_name_another_campaign_has_is_refused_whatever_its_case() {
        let taken = names(&["Spring recall"]);
        assert_eq!(validate_campaign(" spring RECALL ", &taken).get(CAMPAIGN_FIELD), Some(CAMPAIGN_NAME_NOT_UNIQUE));
        assert!(validate_campaign("Autumn recall", &taken).is_empty());
    }

    #[test]
    fn the_refusal_names_the_agents_using_the_campaign() {
        assert_eq!(
            campaign_delete_refusal(&names(&["Ann Lee"])),
            "This campaign is used by 1 agent: Ann Lee. Move them to another campaign first."
        );
        assert_eq!(
            campaign_delete_refusal(&names(&["Ann Lee", "Bo Day", "Cy Fox"])),
            "This campaign is used by 3 agents: Ann Lee, Bo Day and Cy Fox. Move them to another campaign first."
        );
    }

    #[test]
    fn the_refusal_names_five_agents_then_counts_the_rest() {
        let many = names(&["A", "B", "C", "D", "E", "F", "G"]);
        assert_eq!(
            campaign_delete_refusal(&many),
            "This campaign is used by 7 agents: A, B, C, D, E and 2 more. Move them to another campaign first."
        );
    }

    #[test]
    fn the_question_names_the_campaign() {
        assert_eq!(campaign_delete_question("Renewals"), "Delete the campaign 'Renewals'? No agent uses it.");
    }
}
