//! Outbound agents and outbound campaigns (/agents and /outboundcampaigns): who opens
//! and changes the pages, how many users may make outbound calls (the agents the account pays
//! for), the campaign form and the words of the confirmations and refusals. The server decides
//! with these functions; the browser checks the campaign form through wasm as it is typed.

pub mod campaign;
pub mod limit;

pub use campaign::{
    campaign_delete_question, campaign_delete_refusal, validate_campaign, CAMPAIGN_FIELD, CAMPAIGN_NAME_NOT_UNIQUE,
};
pub use limit::{
    agents_summary, format_talk_time, give_access_problem, give_access_question, take_access_question, AgentSeats,
    AGENT_LIMIT_REACHED,
};

use crate::account::AccountState;

/// Who opens /agents: the menu's rule (new outbound, the outbound permission) and the guard.
pub fn opens_agents(account: &AccountState) -> bool {
    crate::menu::menu_page_opens("/agents", account)
}

/// Who gives and takes outbound access on /agents: a user of the page who administers users
/// (outbound is a setting of the user, as on the user form).
pub fn can_edit_agents(account: &AccountState) -> bool {
    opens_agents(account) && account.is_user_admin
}

/// The add-on that pays for one more agent.
pub const ADD_AGENT_SCOPE: &str = "outbound_additional_user";
/// The price list items an outbound agent is charged at, the first the plan lists first (the
/// plan's additional user, its outbound per user, the price for every plan): one price for an
/// agent whichever page gives a user outbound (the Users dialog, the Agents page, the Upgrade
/// centre) and on the invoice.
pub const AGENT_PRICE_ITEMS: [&str; 3] = [ADD_AGENT_SCOPE, "outbound", "outbound_user"];

/// Whether the user may buy another agent online (the purchase modal of `ADD_AGENT_SCOPE`).
pub fn can_buy_agents(account: &AccountState) -> bool {
    can_edit_agents(account)
        && account.can_purchase_online()
        && crate::purchase::addon_sale(account.plan(), ADD_AGENT_SCOPE) == crate::purchase::AddonSale::OnSale
}

/// Who opens /outboundcampaigns: the menu's rule (outbound, the outbound permission) and the guard.
pub fn opens_outbound_campaigns(account: &AccountState) -> bool {
    crate::menu::menu_page_opens("/outboundcampaigns", account)
}

/// Who adds, edits and deletes outbound campaigns and sets the report emails on offer: an
/// administrator or owner who opens the page.
pub fn can_edit_outbound_campaigns(account: &AccountState) -> bool {
    opens_outbound_campaigns(account) && account.is_administrator
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner() -> AccountState {
        AccountState {
            package_name: "Professional".into(),
            user_auth_code: 25,
            can_view_admin_menu: true,
            is_administrator: true,
            is_user_admin: true,
            has_outbound: true,
            can_access_outbound: true,
            ..Default::default()
        }
    }

    #[test]
    fn an_owner_with_outbound_opens_and_changes_both_pages() {
        assert!(opens_agents(&owner()) && can_edit_agents(&owner()));
        assert!(opens_outbound_campaigns(&owner()) && can_edit_outbound_campaigns(&owner()));
    }

    #[test]
    fn a_professional_owner_who_buys_online_may_buy_agents() {
        let buyer = AccountState { can_purchase: true, customer_can_purchase_online: true, ..owner() };
        assert!(can_buy_agents(&buyer));
        assert!(!can_buy_agents(&owner()), "no online purchase");
        let starter = AccountState { package_name: "Starter".into(), ..buyer };
        assert!(!can_buy_agents(&starter), "Starter sells no additional agents");
    }

    #[test]
    fn a_user_without_the_outbound_permission_opens_neither_page() {
        let user = AccountState { can_access_outbound: false, ..owner() };
        assert!(!opens_agents(&user) && !opens_outbound_campaigns(&user));
    }

    #[test]
    fn an_account_without_outbound_has_no_agents_page() {
        let none = AccountState { has_outbound: false, ..owner() };
        assert!(!opens_agents(&none) && !opens_outbound_campaigns(&none));
        let old = AccountState { has_outbound: false, has_old_outbound: true, ..owner() };
        assert!(!opens_agents(&old) && opens_outbound_campaigns(&old));
    }

    #[test]
    fn a_user_who_is_no_user_admin_sees_agents_but_changes_nothing() {
        let viewer = AccountState { is_user_admin: false, is_administrator: false, user_auth_code: 10, ..owner() };
        assert!(opens_agents(&viewer) && !can_edit_agents(&viewer));
        assert!(opens_outbound_campaigns(&viewer) && !can_edit_outbound_campaigns(&viewer));
    }
}
