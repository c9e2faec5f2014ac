//! What a purchase unlocks and where: the purchase modal's success box links to that page, and
//! a page that is not built yet says what happens next instead of showing a bare heading.

use serde::{Deserialize, Serialize};

use crate::account::AccountState;

/// The page a purchased scope opens, with what it brings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Unlocked {
    /// The page's menu label ('Speech Insights').
    pub label: String,
    pub path: String,
    /// One sentence on what the purchase brings there.
    pub what: String,
}

struct AddonPage {
    scope: &'static str,
    path: &'static str,
    label: &'static str,
    what: &'static str,
    /// The page is built: it shows the feature itself, so it needs no note.
    built: bool,
}

const fn page(scope: &'static str, path: &'static str, label: &'static str, what: &'static str) -> AddonPage {
    AddonPage { scope, path, label, what, built: false }
}

const fn built(scope: &'static str, path: &'static str, label: &'static str, what: &'static str) -> AddonPage {
    AddonPage { scope, path, label, what, built: true }
}

const SPEECH: &str =
    "Your recorded calls are transcribed, and the words and phrases you choose (voice tags) are spotted in them.";
const ROUTING: &str = "Time of day plans, IVR menus, hunt groups and queues can be set on your numbers.";

static ADDON_PAGES: &[AddonPage] = &[
    page("report_voice_tags", "/call-insights", "Speech Insights", SPEECH),
    page(
        "integration_speech_redaction",
        "/call-insights",
        "Speech Insights",
        "Card numbers and other personal details are removed from your call transcripts.",
    ),
    page(
        "integration_sales_import",
        "/importsales",
        "Import sales",
        "Sales you upload are matched to the calls that led to them.",
    ),
    page(
        "sales_custom_dimensions",
        "/customdimensions",
        "Custom dimensions",
        "Your own fields can be added to calls and sales in your reports.",
    ),
    built("outbound", "/agents", "Agents", "The calls your outbound agents make are tracked and reported."),
    built("outbound_additional_user", "/agents", "Agents", "One more of your users can make tracked outbound calls."),
    built("integration_api", "/apisettings", "API", "Your own systems can read your calls through the API."),
    built("integration_config_api", "/apisettings", "API", "Your own systems can change your set-up through the API."),
    built("integration_webhooks", "/webhooks", "Webhooks", "Each call can be posted to your own systems as it ends."),
    built("integration_salesforce", "/salesforce", "Salesforce", "Calls can be sent to your Salesforce account."),
    built("integration_dealerweb", "/dealerweb", "Dealerweb", "Calls can be sent to Dealerweb."),
    built("advanced_call_handling", "/routing", "Call routing", ROUTING),
    built("routing_advanced_ivr", "/routing", "Call routing", "Multi-level IVR menus can be set on your numbers."),
    built("upgrade", "/routing", "Call routing", ROUTING),
    built(
        "routing_call_recording_extended",
        "/subscription",
        "My subscription",
        "Your call recordings are kept for longer.",
    ),
];

/// The page a purchase of `scope` unlocks, if it has one (managed services have none).
pub fn unlocked_by(scope: &str) -> Option<Unlocked> {
    ADDON_PAGES.iter().find(|p| p.scope == scope).map(|p| Unlocked {
        label: p.label.to_string(),
        path: p.path.to_string(),
        what: p.what.to_string(),
    })
}

/// What a page that is not built yet says under its heading, for the add-on that unlocks it:
/// that the add-on is active and what happens next, or what it will show once added.
pub fn page_note(path: &str, acc: &AccountState) -> Option<String> {
    let pages: Vec<&AddonPage> = ADDON_PAGES.iter().filter(|p| p.path == path && !p.built).collect();
    let first = pages.first()?;
    let active: Vec<&&AddonPage> = pages.iter().filter(|p| acc.has_scope(p.scope)).collect();
    Some(match active.first() {
        Some(p) => format!(
            "{} is active on your account. {} The results will show on this page as they are ready; \
             there is nothing more to set up.",
            p.label, p.what
        ),
        None => format!("{} This page shows the results once {} is added to your account.", first.what, first.label),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::purchase::addons::plan_addon_scopes;
    use crate::route_table::match_route;
    use crate::Plan;

    #[test]
    fn every_add_on_with_a_page_links_to_a_page_of_the_app() {
        for plan in [Plan::Starter, Plan::Professional] {
            for scope in plan_addon_scopes(plan) {
                let Some(unlocked) = unlocked_by(scope) else { continue };
                let route = match_route(&unlocked.path).unwrap_or_else(|| panic!("{scope}: {}", unlocked.path));
                assert!(route.title.is_some() && !route.external, "{scope}");
            }
        }
        assert_eq!(unlocked_by("report_voice_tags").unwrap().path, "/call-insights");
        assert_eq!(unlocked_by("upgrade").unwrap().label, "Call routing");
        assert_eq!(unlocked_by("other_managed"), None, "a managed service has no page");
    }

    #[test]
    fn an_unbuilt_page_says_the_add_on_is_active_and_what_happens_next() {
        let with = AccountState { package_scopes: vec!["report_voice_tags".into()], ..AccountState::default() };
        let note = page_note("/call-insights", &with).unwrap();
        assert!(note.starts_with("Speech Insights is active on your account."), "{note}");
        assert!(note.contains("transcribed"), "{note}");
        let without = page_note("/call-insights", &AccountState::default()).unwrap();
        assert!(!without.contains("is active"), "{without}");
        assert_eq!(page_note("/routing", &with), None, "a built page needs no note");
        assert_eq!(page_note("/nowhere", &with), None);
    }
}
