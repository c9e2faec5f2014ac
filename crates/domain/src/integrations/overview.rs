//! Where each integration's card goes on the overview and which buttons it has.

use serde::{Deserialize, Serialize};

use super::catalogue::{IntegrationDef, INTEGRATIONS, WEBHOOKS_AND_API_TITLE};
use crate::account::AccountState;
use crate::plan::Plan;

/// The overview's three sections of cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Section {
    /// In the customer's package.
    Authorised,
    /// In the next plan: the section offers the plan upgrade.
    Unauthorised,
    /// Sold as an add-on on the customer's plan.
    AddOn,
}

/// On Professional these are hidden unless the package has them (spec: plan logic).
const HIDDEN_ON_PROFESSIONAL: [&str; 4] = ["webhooks", "dealerweb", "api", "salesforce"];

/// The section an integration's card goes in, or None when it is not shown. In the package:
/// authorised. Otherwise on Professional, webhooks, dealerweb, api and salesforce are hidden;
/// one sold as an add-on on the plan is an add-on (the smaller step, when it is also in the next
/// plan); one in the next plan is unauthorised, offering the upgrade; anything else is hidden.
pub fn section(def: &IntegrationDef, account: &AccountState) -> Option<Section> {
    if account.has_scope(def.scope) {
        return Some(Section::Authorised);
    }
    if account.plan() == Plan::Professional && HIDDEN_ON_PROFESSIONAL.contains(&def.identifier) {
        return None;
    }
    if account.is_addon_scope(def.scope) {
        return Some(Section::AddOn);
    }
    account.next_package_scopes.iter().any(|s| s == def.scope).then_some(Section::Unauthorised)
}

/// A card's main button (spec: integration card buttons).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "IntegrationButton"))]
pub enum MainButton {
    /// 'Add-on': not in the package, sold as an add-on.
    AddOn,
    /// 'Configure': set up already.
    Configure,
    /// 'Connect': not set up yet.
    Connect,
    /// 'Upgrade to dynamic': needs dynamic tracking, which the account lacks but may buy.
    UpgradeToDynamic,
    /// 'Not authorised', disabled: the user may not use it (api and webhooks without the API
    /// right; a dynamic-only integration without dynamic for a user who may not buy it).
    NotAuthorised,
    /// An unauthorised card: its section offers the upgrade, the card itself has no button.
    None,
}

impl MainButton {
    /// The button's text (None has none).
    pub fn label(self) -> &'static str {
        match self {
            MainButton::AddOn => "Add-on",
            MainButton::Configure => "Configure",
            MainButton::Connect => "Connect",
            MainButton::UpgradeToDynamic => "Upgrade to dynamic",
            MainButton::NotAuthorised => "Not authorised",
            MainButton::None => "",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardButtons {
    pub main: MainButton,
    /// Remove (after the password is confirmed): configured, and there is something to remove.
    pub remove: bool,
}

/// The buttons of a card in `section`, for an integration `configured` or not.
pub fn card_buttons(def: &IntegrationDef, section: Section, configured: bool, account: &AccountState) -> CardButtons {
    let main = match section {
        Section::AddOn => MainButton::AddOn,
        Section::Unauthorised => MainButton::None,
        Section::Authorised if matches!(def.identifier, "api" | "webhooks") && !account.can_access_api => {
            MainButton::NotAuthorised
        }
        Section::Authorised if def.dynamic_only && !account.has_dynamic => {
            if account.purchase_permission_flag {
                MainButton::UpgradeToDynamic
            } else {
                MainButton::NotAuthorised
            }
        }
        Section::Authorised if configured => MainButton::Configure,
        Section::Authorised => MainButton::Connect,
    };
    let remove = main == MainButton::Configure && def.removable;
    CardButtons { main, remove }
}

/// One card of the overview.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "IntegrationCard"))]
pub struct Card {
    /// The integration's identifier; `webhooks_api` for the one add-on card of both.
    pub identifier: String,
    pub title: String,
    pub order: u8,
    pub configured: bool,
    pub buttons: CardButtons,
}

/// The overview's cards by section, each in display order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "IntegrationOverview"))]
pub struct Overview {
    pub authorised: Vec<Card>,
    pub unauthorised: Vec<Card>,
    pub add_ons: Vec<Card>,
}

/// Every integration's card for this account; `configured` says whether the customer has set
/// up an integration (by identifier). Api and Webhooks as add-ons are one card, 'Webhooks & API'.
pub fn overview(account: &AccountState, configured: impl Fn(&str) -> bool) -> Overview {
    let mut cards = Overview::default();
    for def in &INTEGRATIONS {
        let Some(section) = section(def, account) else { continue };
        let is_configured = section == Section::Authorised && configured(def.identifier);
        let mut card = Card {
            identifier: def.identifier.to_string(),
            title: def.title.to_string(),
            order: def.order,
            configured: is_configured,
            buttons: card_buttons(def, section, is_configured, account),
        };
        match section {
            Section::Authorised => cards.authorised.push(card),
            Section::Unauthorised => cards.unauthorised.push(card),
            Section::AddOn if matches!(def.identifier, "api" | "webhooks") => {
                if !cards.add_ons.iter().any(|c| c.identifier == "webhooks_api") {
                    card.identifier = "webhooks_api".into();
                    card.title = WEBHOOKS_AND_API_TITLE.into();
                    cards.add_ons.push(card);
                }
            }
            Section::AddOn => cards.add_ons.push(card),
        }
    }
    cards
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::integrations::integration;

    fn scopes(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    const STARTER_PACKAGE: &[&str] = &[
        "integration_google_analytics",
        "integration_google_ads",
        "integrations_google_business_profile",
        "integration_microsoft_ads",
        "integration_facebook",
        "integrations_facebook_pages",
        "integrations",
        "dynamic_url",
    ];
    const PROFESSIONAL_EXTRA: &[&str] = &[
        "integration_ftp_export",
        "integration_hubspot",
        "integration_optimizelyx",
        "integration_marin",
        "integration_double_click",
    ];

    fn starter() -> AccountState {
        let mut next = scopes(STARTER_PACKAGE);
        next.extend(scopes(PROFESSIONAL_EXTRA));
        AccountState {
            package_name: "Starter".into(),
            package_scopes: scopes(STARTER_PACKAGE),
            addon_scopes: scopes(&["integration_api", "integration_webhooks", "outbound"]),
            next_package_scopes: next,
            has_dynamic: true,
            can_access_api: true,
            purchase_permission_flag: true,
            ..AccountState::default()
        }
    }

    fn professional() -> AccountState {
        let mut package = scopes(STARTER_PACKAGE);
        package.extend(scopes(PROFESSIONAL_EXTRA));
        AccountState {
            package_name: "Professional".into(),
            package_scopes: package,
            addon_scopes: scopes(&[
                "integration_api",
                "integration_webhooks",
                "integration_salesforce",
                "integration_dealerweb",
            ]),
            next_package_scopes: scopes(&["enterprise"]),
            has_dynamic: true,
            can_access_api: true,
            purchase_permission_flag: true,
            ..AccountState::default()
        }
    }

    fn ids(cards: &[Card]) -> Vec<&str> {
        cards.iter().map(|c| c.identifier.as_str()).collect()
    }

    #[test]
    fn on_starter_the_next_plans_are_unauthorised_and_api_with_webhooks_is_one_add_on() {
        let cards = overview(&starter(), |_| false);
        assert_eq!(
            ids(&cards.authorised),
            [
                "google_analytics",
                "google_ads",
                "google_business_profile",
                "microsoft_ads",
                "meta_ads",
                "facebook_pages",
                "looker_studio",
                "zapier"
            ]
        );
        assert_eq!(
            ids(&cards.unauthorised),
            ["search_ads_360", "marin", "ftp_export", "hubspot", "optimizely", "optimizely_x"]
        );
        assert_eq!(ids(&cards.add_ons), ["webhooks_api"]);
        assert_eq!(cards.add_ons[0].title, "Webhooks & API");
        assert_eq!(cards.add_ons[0].buttons, CardButtons { main: MainButton::AddOn, remove: false });
        assert!(cards.unauthorised.iter().all(|c| c.buttons.main == MainButton::None));
    }

    #[test]
    fn on_professional_webhooks_dealerweb_api_and_salesforce_are_hidden_unless_in_the_package() {
        let cards = overview(&professional(), |_| false);
        let all: Vec<&str> =
            [&cards.authorised, &cards.unauthorised, &cards.add_ons].into_iter().flat_map(|c| ids(c)).collect();
        for hidden in ["webhooks", "dealerweb", "api", "salesforce", "webhooks_api"] {
            assert!(!all.contains(&hidden), "{hidden}: {all:?}");
        }
        assert_eq!(cards.authorised.len(), 14);
        assert!(cards.unauthorised.is_empty() && cards.add_ons.is_empty());

        let mut with_api = professional();
        with_api.package_scopes.push("integration_api".into());
        let cards = overview(&with_api, |_| false);
        assert!(ids(&cards.authorised).contains(&"api"));
    }

    #[test]
    fn a_card_is_configure_with_remove_or_connect_as_the_customer_set_it_up() {
        let account = professional();
        let cards = overview(&account, |id| ["hubspot", "ftp_export", "looker_studio"].contains(&id));
        let card = |id: &str| cards.authorised.iter().find(|c| c.identifier == id).unwrap().clone();
        assert_eq!(card("hubspot").buttons, CardButtons { main: MainButton::Configure, remove: true });
        assert!(card("hubspot").configured);
        assert_eq!(card("ftp_export").buttons, CardButtons { main: MainButton::Configure, remove: true }, "turned off");
        assert_eq!(
            card("looker_studio").buttons,
            CardButtons { main: MainButton::Configure, remove: false },
            "used at the provider: nothing to remove"
        );
        assert_eq!(card("google_ads").buttons, CardButtons { main: MainButton::Connect, remove: false });
        assert_eq!(MainButton::Configure.label(), "Configure");
    }

    #[test]
    fn dynamic_only_integrations_offer_the_dynamic_upgrade_to_those_who_may_buy_it() {
        let mut account = professional();
        account.has_dynamic = false;
        let marin = integration("marin").unwrap();
        let buttons = card_buttons(marin, Section::Authorised, true, &account);
        assert_eq!(buttons, CardButtons { main: MainButton::UpgradeToDynamic, remove: false });
        assert_eq!(buttons.main.label(), "Upgrade to dynamic");
        account.purchase_permission_flag = false;
        assert_eq!(card_buttons(marin, Section::Authorised, false, &account).main, MainButton::NotAuthorised);
        let hubspot = integration("hubspot").unwrap();
        assert_eq!(card_buttons(hubspot, Section::Authorised, false, &account).main, MainButton::Connect);
    }

    #[test]
    fn api_and_webhooks_are_not_authorised_without_the_api_right() {
        let mut account = professional();
        account.package_scopes.extend(scopes(&["integration_api", "integration_webhooks"]));
        account.can_access_api = false;
        for id in ["api", "webhooks"] {
            let buttons = card_buttons(integration(id).unwrap(), Section::Authorised, true, &account);
            assert_eq!(buttons, CardButtons { main: MainButton::NotAuthorised, remove: false }, "{id}");
        }
        assert_eq!(MainButton::NotAuthorised.label(), "Not authorised");
    }

    #[test]
    fn an_add_on_that_is_also_in_the_next_plan_is_offered_as_the_add_on() {
        let mut account = starter();
        account.addon_scopes.push("integration_hubspot".into());
        assert_eq!(section(integration("hubspot").unwrap(), &account), Some(Section::AddOn));
        account.next_package_scopes.clear();
        account.addon_scopes.clear();
        assert_eq!(section(integration("hubspot").unwrap(), &account), None, "neither: not shown");
    }
}
