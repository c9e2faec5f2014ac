//! What the top bar shows beside the logo (spec/shell-users-integrations.md, the shell's top
//! bar): the partner-portal icon, the technology-partner icon and the switch between normal and
//! new reports. Its colours are the account's `TopBar`.

use serde::Serialize;

use crate::AccountState;

/// How the partner-portal icon reaches the portal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum PartnerPortalIcon {
    /// The user is in the partner's own account: the icon is a link to the portal.
    Link,
    /// The user is in one of the partner's client accounts: the icon switches the session back
    /// to the partner's own account, then opens the portal.
    SwitchBack,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TopBarIcons {
    /// None when the user reaches no partner portal.
    pub partner_portal: Option<PartnerPortalIcon>,
    pub technology_partner_portal: bool,
    /// The normal / new reports switch: system managers only.
    pub reports_switch: bool,
    /// Live chat, where the installation offers it.
    pub chat: bool,
}

pub fn top_bar_icons(account: &AccountState) -> TopBarIcons {
    let partner_portal = if account.is_partner {
        Some(PartnerPortalIcon::Link)
    } else if account.is_user_on_partner {
        Some(PartnerPortalIcon::SwitchBack)
    } else {
        None
    };
    TopBarIcons {
        partner_portal,
        technology_partner_portal: account.is_tech_partner,
        reports_switch: account.is_system_manager,
        chat: !account.live_chat_url.is_empty(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_customer_sees_no_portal_icon_and_no_reports_switch() {
        let icons = top_bar_icons(&AccountState::default());
        assert_eq!(
            icons,
            TopBarIcons { partner_portal: None, technology_partner_portal: false, reports_switch: false, chat: false }
        );
        let chat = AccountState { live_chat_url: "https://chat.example/calltrack".into(), ..AccountState::default() };
        assert!(top_bar_icons(&chat).chat, "chat where the installation offers it");
    }

    #[test]
    fn a_partner_links_to_the_portal_and_a_client_account_of_a_partner_switches_back() {
        let own = AccountState { is_partner: true, ..AccountState::default() };
        assert_eq!(top_bar_icons(&own).partner_portal, Some(PartnerPortalIcon::Link));
        let client = AccountState { is_user_on_partner: true, ..AccountState::default() };
        assert_eq!(top_bar_icons(&client).partner_portal, Some(PartnerPortalIcon::SwitchBack));
        let both = AccountState { is_partner: true, is_user_on_partner: true, ..AccountState::default() };
        assert_eq!(top_bar_icons(&both).partner_portal, Some(PartnerPortalIcon::Link), "its own account first");
    }

    #[test]
    fn the_technology_partner_icon_and_the_reports_switch_follow_the_account() {
        let tech = AccountState { is_tech_partner: true, ..AccountState::default() };
        assert!(top_bar_icons(&tech).technology_partner_portal);
        assert!(!top_bar_icons(&tech).reports_switch);
        let manager = AccountState { is_system_manager: true, ..AccountState::default() };
        assert!(top_bar_icons(&manager).reports_switch);
        assert!(!top_bar_icons(&manager).technology_partner_portal);
    }

    #[test]
    fn serialises_with_the_browser_names() {
        let icons = top_bar_icons(&AccountState { is_user_on_partner: true, ..AccountState::default() });
        let json = serde_json::to_string(&icons).unwrap();
        assert_eq!(
            json,
            r#"{"partnerPortal":"switchBack","technologyPartnerPortal":false,"reportsSwitch":false,"chat":false}"#
        );
    }
}
