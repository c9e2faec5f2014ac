//! The billing details form (spec/billing-subscription-purchase.md section 5, "Billing"): each
//! field's required rule, maximum and characters, with the messages 'X is required.' and 'X
//! cannot exceed N characters.'. The original named 'Street 1' in the county's maximum message;
//! ours names County.

use serde::{Deserialize, Serialize};

use crate::character_rules::CharacterRule;
use crate::users::is_valid_email;
use crate::validation::FieldErrors;

pub const TELEPHONE_NOT_A_NUMBER: &str = "Telephone must be a number.";
pub const EMAIL_NOT_VALID: &str = "Must be a valid email.";

/// The form as billingdetails/saveBillingDetails posts it (the form_ names in the comments).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BillingDetailsForm {
    /// form_companyName
    pub company_name: String,
    /// form_street1
    pub street1: String,
    /// form_street2
    pub street2: String,
    /// form_town
    pub town: String,
    /// form_county
    pub county: String,
    /// form_postCode
    pub post_code: String,
    /// form_contactName
    pub contact_name: String,
    /// form_contactEmail
    pub contact_email: String,
    /// form_contactTelephone
    pub contact_telephone: String,
    /// form_poNumber
    pub po_number: String,
}

/// A contact form's text field: (posted name, label, required, maximum).
pub type ContactField = (&'static str, &'static str, bool, usize);

/// The contact field whose text is an email address (`is_valid_email`).
pub const CONTACT_EMAIL: &str = "form_contactEmail";
/// The contact field whose text is a telephone number (`CharacterRule::PhoneNumber`).
pub const CONTACT_TELEPHONE: &str = "form_contactTelephone";

/// The billing details' fields, in the form's order.
pub const FIELDS: [ContactField; 10] = [
    ("form_companyName", "Company name", true, 80),
    ("form_street1", "Street 1", true, 40),
    ("form_street2", "Street 2", false, 40),
    ("form_town", "Town", true, 40),
    ("form_county", "County", false, 40),
    ("form_postCode", "Post code", true, 40),
    ("form_contactName", "Contact name", false, 40),
    ("form_contactEmail", "Contact email", true, 40),
    ("form_contactTelephone", "Telephone", false, 40),
    ("form_poNumber", "PO number", false, 40),
];

impl BillingDetailsForm {
    fn values(&self) -> [&str; 10] {
        [
            &self.company_name,
            &self.street1,
            &self.street2,
            &self.town,
            &self.county,
            &self.post_code,
            &self.contact_name,
            &self.contact_email,
            &self.contact_telephone,
            &self.po_number,
        ]
    }
}

/// Every message of the form, by posted field name.
pub fn validate_billing_details(form: &BillingDetailsForm) -> FieldErrors {
    let mut errors = FieldErrors::new();
    for (field, value) in FIELDS.iter().zip(form.values()) {
        check_contact_field(&mut errors, *field, value);
    }
    errors
}

/// One text field of a company or contact form: (name, label, required, maximum length); the
/// contact email and telephone fields also get their format checked. Shared with the
/// technology partner's settings.
pub(crate) fn check_contact_field(errors: &mut FieldErrors, (name, label, required, max): ContactField, value: &str) {
    let value = value.trim();
    if value.is_empty() {
        if required {
            errors.add(name, format!("{label} is required."));
        }
    } else if value.chars().count() > max {
        errors.add(name, format!("{label} cannot exceed {max} characters."));
    } else if !CharacterRule::NoForeignCharacters.allows(value) {
        errors.add(name, CharacterRule::NoForeignCharacters.message());
    } else if name == CONTACT_EMAIL && !is_valid_email(value) {
        errors.add(name, EMAIL_NOT_VALID);
    } else if name == CONTACT_TELEPHONE && !CharacterRule::PhoneNumber.allows(value) {
        errors.add(name, TELEPHONE_NOT_A_NUMBER);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> BillingDetailsForm {
        BillingDetailsForm {
            company_name: "Harbour Lane Dental".into(),
            street1: "1 Harbour Lane".into(),
            town: "Bristol".into(),
            post_code: "BS1 4RN".into(),
            contact_email: "accounts@harbourlane.test".into(),
            contact_telephone: "+44 (117) 496 0000".into(),
            ..BillingDetailsForm::default()
        }
    }

    #[test]
    fn a_complete_form_passes() {
        assert!(validate_billing_details(&valid()).is_empty());
    }

    #[test]
    fn the_required_fields_say_so() {
        let errors = validate_billing_details(&BillingDetailsForm::default());
        assert_eq!(errors.get("form_companyName"), Some("Company name is required."));
        assert_eq!(errors.get("form_street1"), Some("Street 1 is required."));
        assert_eq!(errors.get("form_town"), Some("Town is required."));
        assert_eq!(errors.get("form_postCode"), Some("Post code is required."));
        assert_eq!(errors.get("form_contactEmail"), Some("Contact email is required."));
        assert_eq!(errors.get("form_street2"), None);
        assert_eq!(errors.get("form_county"), None);
    }

    #[test]
    fn maxima_name_their_own_field_the_county_included() {
        let form = BillingDetailsForm { company_name: "x".repeat(81), county: "y".repeat(41), ..valid() };
        let errors = validate_billing_details(&form);
        assert_eq!(errors.get("form_companyName"), Some("Company name cannot exceed 80 characters."));
        assert_eq!(errors.get("form_county"), Some("County cannot exceed 40 characters."));
        let at_limit = BillingDetailsForm { company_name: "x".repeat(80), county: "y".repeat(40), ..valid() };
        assert!(validate_billing_details(&at_limit).is_empty());
    }

    #[test]
    fn foreign_characters_bad_emails_and_telephones_are_refused() {
        let form = BillingDetailsForm {
            town: "Zürich 北京".into(),
            contact_email: "accounts@".into(),
            contact_telephone: "0117 ext 12".into(),
            ..valid()
        };
        let errors = validate_billing_details(&form);
        assert_eq!(errors.get("form_town").map(|m| m.starts_with("Invalid characters found.")), Some(true));
        assert_eq!(errors.get("form_contactEmail"), Some(EMAIL_NOT_VALID));
        assert_eq!(errors.get("form_contactTelephone"), Some(TELEPHONE_NOT_A_NUMBER));
        assert!(validate_billing_details(&BillingDetailsForm { town: "Zürich".into(), ..valid() }).is_empty());
    }
}
