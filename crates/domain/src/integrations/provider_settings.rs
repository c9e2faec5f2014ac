//! The settings of an integration connected at the provider (Google Ads, HubSpot): which of the
//! login's accounts or portals the calls go to, and what is sent there. The provider lists the
//! accounts; this decides the form's choices and its rules.

use serde::Serialize;

use crate::validation::FieldErrors;

/// One thing an integration can send, as posted in `form_sends[]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SendOption {
    pub value: &'static str,
    pub label: &'static str,
}

/// The settings form of an integration connected at the provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProviderSettingsDef {
    pub identifier: &'static str,
    /// The chooser's label, "Google Ads account".
    pub account_label: &'static str,
    /// What one of them is called, "account" or "portal".
    pub account_noun: &'static str,
    /// The group of things sent, "Conversions sent".
    pub sends_label: &'static str,
    pub sends: &'static [SendOption],
    /// What a new connection sends until the user chooses.
    pub default_sends: &'static [&'static str],
}

const fn send(value: &'static str, label: &'static str) -> SendOption {
    SendOption { value, label }
}

pub const PROVIDER_SETTINGS: [ProviderSettingsDef; 2] = [
    ProviderSettingsDef {
        identifier: "google_ads",
        account_label: "Google Ads account",
        account_noun: "account",
        sends_label: "Calls sent as conversions",
        sends: &[
            send("all_calls", "All calls from ads"),
            send("answered_calls", "Answered calls"),
            send("first_time_callers", "First-time callers"),
            send("long_calls", "Calls of 60 seconds or more"),
        ],
        default_sends: &["all_calls"],
    },
    ProviderSettingsDef {
        identifier: "hubspot",
        account_label: "HubSpot portal",
        account_noun: "portal",
        sends_label: "Sent to HubSpot",
        sends: &[
            send("call_timeline", "Calls on the contact's timeline"),
            send("new_contacts", "New callers as contacts"),
            send("recording_links", "Links to call recordings"),
            send("call_tags", "Call tags as contact properties"),
        ],
        default_sends: &["call_timeline"],
    },
];

/// The settings form of `identifier`, for Google Ads and HubSpot.
pub fn provider_settings(identifier: &str) -> Option<&'static ProviderSettingsDef> {
    PROVIDER_SETTINGS.iter().find(|d| d.identifier == identifier)
}

pub const SENDS_REQUIRED: &str = "Please choose at least one thing to send.";
pub const SENDS_UNKNOWN: &str = "Please choose only from the options shown.";

/// "Please choose a Google Ads account." / "Please choose a HubSpot portal."
pub fn account_required(def: &ProviderSettingsDef) -> String {
    format!("Please choose a {}.", def.account_label)
}

/// "That account is not in your Google Ads login."
pub fn account_unknown(def: &ProviderSettingsDef) -> String {
    let provider = def.account_label.trim_end_matches(def.account_noun).trim_end();
    format!("That {} is not in your {provider} login.", def.account_noun)
}

/// The form: one of the login's accounts (`accounts`, their ids) and at least one known thing
/// to send, each once. An integration without such a form has nothing to check.
pub fn validate_provider_settings(
    identifier: &str,
    account_id: &str,
    sends: &[String],
    accounts: &[String],
) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    let Some(def) = provider_settings(identifier) else { return Ok(()) };
    if account_id.trim().is_empty() {
        errors.add("form_account_id", account_required(def));
    } else if !accounts.iter().any(|a| a == account_id) {
        errors.add("form_account_id", account_unknown(def));
    }
    if sends.is_empty() {
        errors.add("form_sends", SENDS_REQUIRED);
    } else if sends.len() > def.sends.len()
        || sends.iter().enumerate().any(|(i, s)| !def.sends.iter().any(|o| o.value == s) || sends[..i].contains(s))
    {
        errors.add("form_sends", SENDS_UNKNOWN);
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(values: &[&str]) -> Vec<String> {
        values.iter().map(|v| v.to_string()).collect()
    }

    #[test]
    fn google_ads_and_hubspot_have_settings_forms_and_others_do_not() {
        assert_eq!(provider_settings("google_ads").unwrap().account_label, "Google Ads account");
        assert_eq!(provider_settings("hubspot").unwrap().account_noun, "portal");
        assert!(provider_settings("google_analytics").is_none());
        for def in PROVIDER_SETTINGS {
            assert!(def.default_sends.iter().all(|d| def.sends.iter().any(|s| s.value == *d)));
        }
    }

    #[test]
    fn the_messages_name_the_provider_and_what_is_chosen() {
        let ads = provider_settings("google_ads").unwrap();
        let hubspot = provider_settings("hubspot").unwrap();
        assert_eq!(account_required(ads), "Please choose a Google Ads account.");
        assert_eq!(account_unknown(ads), "That account is not in your Google Ads login.");
        assert_eq!(account_required(hubspot), "Please choose a HubSpot portal.");
        assert_eq!(account_unknown(hubspot), "That portal is not in your HubSpot login.");
    }

    #[test]
    fn the_form_needs_one_of_the_logins_accounts_and_something_to_send() {
        let accounts = list(&["123-456-7890"]);
        assert!(validate_provider_settings(
            "google_ads",
            "123-456-7890",
            &list(&["all_calls", "long_calls"]),
            &accounts
        )
        .is_ok());
        let errors = validate_provider_settings("google_ads", " ", &[], &accounts).unwrap_err();
        assert_eq!(errors.get("form_account_id"), Some("Please choose a Google Ads account."));
        assert_eq!(errors.get("form_sends"), Some(SENDS_REQUIRED));
        let errors =
            validate_provider_settings("google_ads", "999-999-9999", &list(&["new_contacts"]), &accounts).unwrap_err();
        assert_eq!(errors.get("form_account_id"), Some("That account is not in your Google Ads login."));
        assert_eq!(errors.get("form_sends"), Some(SENDS_UNKNOWN), "a HubSpot choice is not a Google Ads one");
        let twice =
            validate_provider_settings("google_ads", "123-456-7890", &list(&["all_calls", "all_calls"]), &accounts);
        assert_eq!(twice.unwrap_err().get("form_sends"), Some(SENDS_UNKNOWN));
    }
}
