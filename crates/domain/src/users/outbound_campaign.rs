use crate::character_rules::CharacterRule;
use crate::validation::FieldErrors;

pub const CAMPAIGN_NAME_MAX: usize = 60;

/// An outbound campaign added from the user form (outboundcampaigns/addCampaign).
pub fn validate_campaign_name(name: &str) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    let name = name.trim();
    if name.is_empty() {
        errors.add("outboundCampaignName", "Campaign name is required.");
    } else if name.chars().count() > CAMPAIGN_NAME_MAX {
        errors.add("outboundCampaignName", format!("Campaign name cannot exceed {CAMPAIGN_NAME_MAX} characters."));
    } else if !CharacterRule::NoForeignCharacters.allows(name) {
        errors.add("outboundCampaignName", CharacterRule::NoForeignCharacters.message());
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_campaign_name_is_required_limited_and_plain() {
        let message =
            |name: &str| validate_campaign_name(name).err().map(|e| e.get("outboundCampaignName").unwrap().to_string());
        assert_eq!(message(" ").as_deref(), Some("Campaign name is required."));
        assert_eq!(message(&"x".repeat(61)).as_deref(), Some("Campaign name cannot exceed 60 characters."));
        assert_eq!(message("Рассылка"), Some(CharacterRule::NoForeignCharacters.message()));
        assert_eq!(message("Spring recall 2027"), None);
    }
}
