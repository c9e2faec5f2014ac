//! Who may connect and remove integrations, which integration a destination page shows, and the
//! Google Analytics setup form (spec: "Google Analytics setup").

use super::catalogue::{integration, IntegrationDef, INTEGRATIONS};
use crate::account::AccountState;
use crate::validation::FieldErrors;

/// Connecting, removing and checking websites change the account: administrators and owners,
/// and users with the number/campaign admin right.
pub fn can_manage_integrations(account: &AccountState) -> bool {
    crate::numbers::can_edit_numbers(account)
}

/// The overview's Dynamic URLs section and the dynamic URL pages' calls: wherever the menu shows
/// Dynamic > URLs (dynamic tracking, or a legacy package, which always had it; not a group
/// account), so the menu and the server agree.
pub fn shows_dynamic_urls(account: &AccountState) -> bool {
    crate::menu::menu_shows("/dynamicurls", account)
}

/// Pages that show an integration under another path than its card's destination.
const PAGE_ALIASES: [(&str, &str); 3] =
    [("/googleads", "google_ads"), ("/searchads360", "search_ads_360"), ("/ManageOptimizelyX", "optimizely_x")];

/// `path` is `base` or one of its sub-pages.
fn is_under(path: &str, base: &str) -> bool {
    path.strip_prefix(base).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// The integration a destination page (or one of its sub-pages) shows.
pub fn integration_for_page(path: &str) -> Option<&'static IntegrationDef> {
    let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    if let Some((_, id)) = PAGE_ALIASES.iter().find(|(alias, _)| is_under(path, alias)) {
        return integration(id);
    }
    INTEGRATIONS
        .iter()
        .filter(|d| !d.external)
        .find(|d| path == d.destination || is_under(path, d.destination.trim_end_matches("/connect")))
}

pub const GA_PROPERTY_REQUIRED: &str = "Please choose a property.";
pub const GA_PROPERTY_UNKNOWN: &str = "That property is not in your Google Analytics account.";
pub const GA_TYPE_REQUIRED: &str = "Please choose how calls are sent: as events or as virtual pageviews.";

/// Property types: '1' event, '2' virtual pageview.
pub const GA_PROPERTY_TYPES: [&str; 2] = ["1", "2"];

/// The Google Analytics connect form: a property from the account's options and a type.
pub fn validate_ga_connect(property_id: &str, property_type: &str, options: &[String]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    if property_id.trim().is_empty() {
        errors.add("form_ga_property_id", GA_PROPERTY_REQUIRED);
    } else if !options.iter().any(|o| o == property_id) {
        errors.add("form_ga_property_id", GA_PROPERTY_UNKNOWN);
    }
    if !GA_PROPERTY_TYPES.contains(&property_type) {
        errors.add("form_ga_property_type", GA_TYPE_REQUIRED);
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn administrators_owners_and_campaign_admins_manage_integrations() {
        let mut account = AccountState { user_auth_code: 10, ..AccountState::default() };
        assert!(!can_manage_integrations(&account));
        account.can_edit_numbers_campaigns = true;
        assert!(can_manage_integrations(&account));
        for code in [20, 25] {
            assert!(can_manage_integrations(&AccountState { user_auth_code: code, ..AccountState::default() }));
        }
    }

    #[test]
    fn dynamic_urls_need_dynamic_and_not_a_group_account() {
        let professional = AccountState { package_name: "Professional".into(), ..AccountState::default() };
        let dynamic = AccountState { has_dynamic: true, ..professional.clone() };
        assert!(shows_dynamic_urls(&dynamic));
        assert!(!shows_dynamic_urls(&AccountState { is_group_account: true, ..dynamic.clone() }));
        assert!(!shows_dynamic_urls(&professional));
        let legacy = AccountState { is_legacy_package: true, ..professional };
        assert!(shows_dynamic_urls(&legacy), "the menu shows Dynamic on a legacy package");
        assert!(!shows_dynamic_urls(&AccountState { is_partner: true, ..dynamic }), "not in the partner portal");
    }

    #[test]
    fn every_destination_page_and_its_sub_pages_name_their_integration() {
        for def in INTEGRATIONS.iter().filter(|d| !d.external) {
            assert_eq!(integration_for_page(def.destination), Some(def), "{}", def.destination);
        }
        let id = |path| integration_for_page(path).map(|d| d.identifier);
        assert_eq!(id("/googleads"), Some("google_ads"));
        assert_eq!(id("/googleads/"), Some("google_ads"));
        assert_eq!(id("/googleads/settings/3"), Some("google_ads"));
        assert_eq!(id("/googleanalytics/0"), Some("google_analytics"));
        assert_eq!(id("/searchads360"), Some("search_ads_360"));
        assert_eq!(id("/marin/4"), Some("marin"));
        assert_eq!(id("/optimizely"), Some("optimizely"));
        assert_eq!(id("/optimizelyx/settings"), Some("optimizely_x"));
        assert_eq!(id("/hubspotter"), None);
        assert_eq!(id("/"), None);
        assert_eq!(id("/users"), None);
    }

    #[test]
    fn the_ga_form_needs_one_of_the_accounts_properties_and_a_type() {
        let options = vec!["G-ABC123".to_string()];
        assert!(validate_ga_connect("G-ABC123", "1", &options).is_ok());
        assert!(validate_ga_connect("G-ABC123", "2", &options).is_ok());
        let errors = validate_ga_connect(" ", "3", &options).unwrap_err();
        assert_eq!(errors.get("form_ga_property_id"), Some(GA_PROPERTY_REQUIRED));
        assert_eq!(errors.get("form_ga_property_type"), Some(GA_TYPE_REQUIRED));
        let errors = validate_ga_connect("G-OTHER", "", &options).unwrap_err();
        assert_eq!(errors.get("form_ga_property_id"), Some(GA_PROPERTY_UNKNOWN));
        assert_eq!(errors.get("form_ga_property_type"), Some(GA_TYPE_REQUIRED));
    }
}
