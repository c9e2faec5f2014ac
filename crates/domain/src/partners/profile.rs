//! A technology partner's settings: its website and the technical contact we write to about
//! its API keys, with the billing details' contact rules and field names.

use serde::{Deserialize, Serialize};

use crate::billing::{check_contact_field, ContactField, CONTACT_EMAIL, CONTACT_TELEPHONE};
use crate::validation::FieldErrors;

pub const WEBSITE_MAX: usize = 200;
pub const WEBSITE_FORMAT: &str = "Website must be a web address starting https:// or http://.";

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TechPartnerProfile {
    /// form_website (optional)
    pub website: String,
    /// form_contactName
    pub contact_name: String,
    /// form_contactEmail
    pub contact_email: String,
    /// form_contactTelephone (optional)
    pub contact_telephone: String,
}

/// The technical contact's fields: name, email and telephone.
pub const CONTACT_FIELDS: [ContactField; 3] = [
    ("form_contactName", "Contact name", true, 40),
    (CONTACT_EMAIL, "Contact email", true, 80),
    (CONTACT_TELEPHONE, "Telephone", false, 20),
];

/// How a website's address starts.
pub const WEBSITE_SCHEMES: [&str; 2] = ["https://", "http://"];

fn website_problem(website: &str) -> Option<String> {
    let website = website.trim();
    let rest = WEBSITE_SCHEMES.iter().find_map(|scheme| website.strip_prefix(scheme));
    if website.is_empty() {
        None
    } else if website.chars().count() > WEBSITE_MAX {
        Some(format!("Website cannot exceed {WEBSITE_MAX} characters."))
    } else if !rest.is_some_and(|r| r.contains('.') && !r.starts_with('.') && r.bytes().all(|b| b.is_ascii_graphic())) {
        Some(WEBSITE_FORMAT.to_string())
    } else {
        None
    }
}

pub fn validate_tech_partner_profile(profile: &TechPartnerProfile) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if let Some(problem) = website_problem(&profile.website) {
        errors.add("form_website", problem);
    }
    let [name, email, telephone] = CONTACT_FIELDS;
    check_contact_field(&mut errors, name, &profile.contact_name);
    check_contact_field(&mut errors, email, &profile.contact_email);
    check_contact_field(&mut errors, telephone, &profile.contact_telephone);
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> TechPartnerProfile {
        TechPartnerProfile {
            website: "https://www.quantumleads.example".into(),
            contact_name: "Theo Tran".into(),
            contact_email: "integrations@quantumleads.example".into(),
            contact_telephone: "0161 496 0700".into(),
        }
    }

    #[test]
    fn a_complete_profile_passes_and_the_website_and_telephone_are_optional() {
        assert!(validate_tech_partner_profile(&valid()).is_empty());
        let bare = TechPartnerProfile { website: String::new(), contact_telephone: String::new(), ..valid() };
        assert!(validate_tech_partner_profile(&bare).is_empty());
    }

    #[test]
    fn a_website_is_a_web_address() {
        for bad in ["www.example.com", "https://", "https://localhost", "javascript:alert(1)", "https://a b.com"] {
            let errors = validate_tech_partner_profile(&TechPartnerProfile { website: bad.into(), ..valid() });
            assert_eq!(errors.get("form_website"), Some(WEBSITE_FORMAT), "{bad}");
        }
        let long = format!("https://{}.com", "a".repeat(200));
        let errors = validate_tech_partner_profile(&TechPartnerProfile { website: long, ..valid() });
        assert_eq!(errors.get("form_website"), Some("Website cannot exceed 200 characters."));
    }

    #[test]
    fn the_contact_follows_the_billing_details_rules() {
        let errors = validate_tech_partner_profile(&TechPartnerProfile::default());
        assert_eq!(errors.get("form_contactName"), Some("Contact name is required."));
        assert_eq!(errors.get("form_contactEmail"), Some("Contact email is required."));
        let errors = validate_tech_partner_profile(&TechPartnerProfile {
            contact_email: "theo@".into(),
            contact_telephone: "call me".into(),
            ..valid()
        });
        assert_eq!(errors.get("form_contactEmail"), Some("Must be a valid email."));
        assert_eq!(errors.get("form_contactTelephone"), Some("Telephone must be a number."));
    }
}
