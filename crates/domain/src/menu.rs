use serde::{Deserialize, Serialize};

use crate::account::AccountState;
use crate::menu_items::{Approval, Generated, ItemDef, Need, MAIN_MENU, PARTNER_MENU, TECH_PARTNER_MENU};
use crate::plan::Plan;
use crate::purchase::{offer_kind, OfferKind};

/// The side menu one user sees.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Menu {
    /// 'Partner' in the partner and technology-partner portals, otherwise 'Admin'.
    pub title: String,
    pub items: Vec<MenuNode>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MenuNode {
    pub id: String,
    pub label: String,
    /// Where a click goes; None for a parent.
    pub path: Option<String>,
    pub icon: String,
    /// A page outside the single-page app (full navigation).
    pub external: bool,
    /// Set when the package lacks `scope`: a click opens the upgrade / add-on offer instead.
    pub chip: Option<Chip>,
    pub scope: Option<String>,
    pub children: Vec<MenuNode>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Chip {
    Upgrade,
    #[serde(rename = "Add-on")]
    AddOn,
}

/// The menu for this account: the partner menu for partners, the technology-partner menu in
/// that portal, otherwise the main menu, each filtered by the rules of section 6.
pub fn build_menu(acc: &AccountState) -> Menu {
    let (title, defs) = if acc.is_partner {
        ("Partner", PARTNER_MENU)
    } else if acc.is_tech_partner {
        ("Partner", TECH_PARTNER_MENU)
    } else {
        ("Admin", MAIN_MENU)
    };
    Menu { title: title.to_string(), items: defs.iter().filter_map(|d| node(d, acc)).collect() }
}

/// Whether this account's menu shows an item (a page to open, not an Upgrade or Add-on chip) at
/// `path`. The server gates a menu page's calls with it, so the menu never offers a page whose
/// calls are refused.
pub fn menu_shows(path: &str, acc: &AccountState) -> bool {
    fn find(nodes: &[MenuNode], path: &str) -> bool {
        nodes.iter().any(|n| (n.path.as_deref() == Some(path) && n.chip.is_none()) || find(&n.children, path))
    }
    find(&build_menu(acc).items, path)
}

/// Whether a menu page is open to `acc`: its menu item shows (features, plan, group account)
/// and its guard lets the user in. The server gates a menu page's calls with it.
pub fn menu_page_opens(path: &str, acc: &AccountState) -> bool {
    menu_shows(path, acc) && crate::guard::guard(path, acc) == crate::guard::GuardStep::Allow
}

fn node(def: &ItemDef, acc: &AccountState) -> Option<MenuNode> {
    if !visible(def, acc) {
        return None;
    }
    let mut path = def.path.map(str::to_string);
    match def.approval {
        Approval::Any => {}
        Approval::Reseller { unapproved } | Approval::Referrer { unapproved } => {
            let approved = match def.approval {
                Approval::Reseller { .. } => acc.partner_reseller_approved_flag,
                _ => acc.partner_referrer_approved_flag,
            };
            if !approved {
                path = Some(unapproved?.to_string());
            }
        }
    }
    let mut children: Vec<MenuNode> = def.children.iter().filter_map(|c| node(c, acc)).collect();
    if def.generated == Generated::Parameters {
        children.extend(acc.parameters.iter().map(|name| MenuNode {
            id: format!("parameter-{name}"),
            label: name.clone(),
            path: Some(format!("/parameter/{name}")),
            icon: String::new(),
            external: false,
            chip: None,
            scope: None,
            children: vec![],
        }));
    }
    let is_parent = def.path.is_none();
    if is_parent && children.is_empty() {
        return None;
    }
    Some(MenuNode {
        id: def.id.to_string(),
        label: def.label.to_string(),
        path,
        icon: def.icon.to_string(),
        external: def.external,
        chip: def.scope.and_then(|s| chip_for(s, acc)),
        scope: def.scope.map(str::to_string),
        children,
    })
}

/// No chip for a scope the package has; otherwise the purchase offer's kind decides: an add-on of
/// the plan is 'Add-on', anything that changes the plan 'Upgrade'.
fn chip_for(scope: &str, acc: &AccountState) -> Option<Chip> {
    if acc.has_scope(scope) {
        None
    } else if offer_kind(acc, scope) == OfferKind::AddOn {
        Some(Chip::AddOn)
    } else {
        Some(Chip::Upgrade)
    }
}

fn visible(def: &ItemDef, acc: &AccountState) -> bool {
    acc.user_auth_code >= def.min_auth
        && !(def.hide_on_group && acc.is_group_account)
        && def.plans.is_none_or(|plans| plans.contains(&acc.plan()))
        && def.needs.iter().all(|need| meets(*need, acc))
}

fn meets(need: Need, acc: &AccountState) -> bool {
    let legacy = acc.plan() == Plan::Legacy;
    match need {
        Need::Provision => acc.can_provision,
        Need::AdvancedRouting => crate::route_table::ADVANCED_ROUTING_SCOPES.iter().any(|s| acc.has_scope(s)),
        Need::Static => legacy || acc.has_static,
        Need::Dynamic => legacy || acc.has_dynamic,
        Need::AnyOutbound => acc.has_outbound || acc.has_old_outbound,
        Need::NewOutbound => acc.has_outbound,
        Need::OutboundAccess => acc.can_access_outbound,
        Need::Billing => acc.has_billing,
        Need::Purchase => acc.can_purchase,
        Need::OnlinePurchase => acc.can_purchase_online(),
        Need::Speech => acc.has_speech,
        Need::NoSpeech => !acc.has_speech,
        Need::SalesData => acc.can_access_sales_data,
        Need::Conversions => acc.has_access_to_conversions,
        Need::PartnerAccountsView => acc.is_user_on_partner && acc.can_view_partner_accounts,
        Need::UserAdmin => acc.is_user_admin,
        Need::NewReports => acc.show_reports2023,
        Need::ReportAccess => acc.can_access_reports,
        Need::PartnerAccounts => acc.can_access_partner_accounts,
        Need::PartnerRewards => acc.can_access_partner_rewards,
        Need::PartnerAdd => acc.can_add_partner_accounts,
        Need::PartnerBilling => {
            acc.can_access_partner_billing && acc.account_code.as_deref().is_some_and(|c| !c.is_empty())
        }
    }
}

#[cfg(test)]
mod tests;
