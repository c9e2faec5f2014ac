use serde::{Deserialize, Serialize};

use crate::account::{AccountState, AuthLevel};
use crate::menu_items::menu_item_for;
use crate::plan::Plan;
use crate::route_table::{match_route, path_only, Audience, RouteDef};

/// The page title used before a route is known, or for a route without one.
pub const DEFAULT_PAGE_TITLE: &str = "Admin area";

/// The home page, also shown at any unknown path.
const HOME: &str = "/";

/// Redirects followed before giving up on a chain (the table has none longer than four).
const MAX_REDIRECTS: usize = 8;

/// Where a customer's user goes for a page their permissions refuse: it says why, and whom to ask.
pub const UNAUTHORISED: &str = "/unauthorised";
/// The reports area's first page: where users without admin rights land.
pub const REPORTS: &str = "/reports";

/// The unauthorised page's text for a refused page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UnauthorisedNotice {
    pub reason: String,
    pub ask: String,
}

/// One decision of the route guard for one path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum GuardStep {
    Allow,
    Redirect { to: String },
}

/// Where a navigation ends after every guard and redirect, and what that page is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Resolution {
    pub path: String,
    pub pattern: String,
    pub title: Option<String>,
    pub section: String,
    pub external: bool,
    /// Route metadata for the side menu: the parent to open and the item to mark.
    pub menu_parent: Option<String>,
    pub menu_path: Option<String>,
}

/// A billing page (/invoices, /billing/details, ...) in the account's own portal: a technology
/// partner's billing pages live under /technologypartner. The API guards its billing calls
/// with the page the account would use.
pub fn billing_page(path: &str, acc: &AccountState) -> String {
    if acc.is_tech_partner {
        format!("/technologypartner{path}")
    } else {
        path.to_string()
    }
}

/// The guard rules of spec/call-routing.md section 4 for one path, in order.
pub fn guard(path: &str, acc: &AccountState) -> GuardStep {
    let Some(route) = match_route(path) else {
        // An unknown path shows the home page in place (the address stays), as home's guard allows.
        return guard(HOME, acc);
    };
    if let Some(to) = route.redirect {
        return redirect(to);
    }
    if route.external || route.audience == Audience::Everyone {
        return GuardStep::Allow;
    }
    if route.reports {
        if let Some(to) = audience_redirect(route, acc) {
            return redirect(to);
        }
        if !acc.can_access_reports {
            // Home, unless home would send them back here (no admin rights either).
            return redirect(if asks_the_owner(acc) || !has_admin_area(acc) { UNAUTHORISED } else { "/" });
        }
        if route.group_only && !acc.is_group_account {
            return redirect(REPORTS);
        }
        return GuardStep::Allow;
    }
    // The account check: nobody without admin rights belongs here.
    if !has_admin_area(acc) {
        return redirect(REPORTS);
    }
    if let Some(to) = audience_redirect(route, acc) {
        return redirect(to);
    }
    if route.provisioning && (acc.is_group_account || !acc.can_provision) {
        return redirect("/");
    }
    if acc.user_auth_code < route.min_auth || (route.not_legacy && acc.plan() == Plan::Legacy) {
        return redirect("/");
    }
    if route.user_admin && !acc.is_user_admin {
        return redirect(if acc.is_partner {
            "/partner/accounts"
        } else if asks_the_owner(acc) {
            UNAUTHORISED
        } else {
            "/"
        });
    }
    if route.billing && !acc.has_billing_access() {
        return redirect(if acc.is_partner {
            "/partner/accounts"
        } else if asks_the_owner(acc) && !acc.can_access_billing {
            UNAUTHORISED
        } else {
            "/"
        });
    }
    if !route.scopes.is_empty() && !route.scopes.iter().any(|s| acc.has_scope(s)) {
        return redirect(&missing_scope_page(route, acc));
    }
    if (route.purchase && !acc.can_purchase) || (route.online_purchase && !acc.can_purchase_online()) {
        return redirect("/");
    }
    GuardStep::Allow
}

/// Whether the admin area (home included) is open to `acc`: admin rights, a partner's user in a
/// client's account, or a portal of its own.
fn has_admin_area(acc: &AccountState) -> bool {
    acc.can_view_admin_menu || acc.is_user_on_partner || acc.in_portal()
}

/// A customer's user below account owner, refused a page for a permission of their own, is told
/// why and whom to ask (an account owner gives permissions, so goes home).
fn asks_the_owner(acc: &AccountState) -> bool {
    !acc.is_partner && !acc.is_tech_partner && acc.user_auth_code < AuthLevel::ACCOUNT_OWNER
}

/// The permission (as the users list names it) whose lack sends `acc` from `from` to the
/// unauthorised page, if that is where the guard sends them.
fn missing_permission(from: &str, acc: &AccountState) -> Option<(&'static str, &'static str)> {
    // Through the redirects on the way (/backtoreports, or home for a user without admin rights
    // sent to the reports) to the page refused.
    let mut current = from.to_string();
    for _ in 0..MAX_REDIRECTS {
        match guard(&current, acc) {
            GuardStep::Redirect { to } if to == UNAUTHORISED => break,
            GuardStep::Redirect { to } => current = to,
            GuardStep::Allow => return None,
        }
    }
    let route = match_route(&current)?;
    let title = route.title.unwrap_or(DEFAULT_PAGE_TITLE);
    if route.user_admin && !acc.is_user_admin {
        Some(("User admin", title))
    } else if route.billing {
        Some(("Billing", title))
    } else if route.reports {
        Some(("Reports", title))
    } else {
        None
    }
}

/// What the unauthorised page says after `from` was refused (`from` empty or not refused: a
/// general reason): why, and the account owner to ask by name when known.
pub fn unauthorised_notice(from: &str, acc: &AccountState) -> UnauthorisedNotice {
    // No page named: the general reason.
    let refused = if from.trim().is_empty() { None } else { missing_permission(path_only(from), acc) };
    let reason = match refused {
        Some((permission, title)) => {
            format!("You cannot open {title} because your user does not have the {permission} permission.")
        }
        None => "You do not have permission to open that page.".to_string(),
    };
    let ask = match acc.account_owner_name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        Some(owner) => format!("Ask {owner}, the account owner, to give you access."),
        None => "Ask your account owner to give you access.".to_string(),
    };
    UnauthorisedNotice { reason, ask }
}

fn audience_redirect(route: &RouteDef, acc: &AccountState) -> Option<&'static str> {
    let partner_ok = matches!(route.audience, Audience::Partners | Audience::CustomersAndPartners);
    if acc.is_partner {
        return (!partner_ok).then_some("/partner");
    }
    if acc.is_tech_partner {
        return (route.audience != Audience::TechPartners).then_some("/technologypartner");
    }
    matches!(route.audience, Audience::Partners | Audience::TechPartners).then_some("/")
}

/// Where a page whose scope the account lacks sends it: My subscription, asked to offer the
/// page's add-on (the one the plan sells, if any; else the first, which My subscription offers
/// with the upgrade), so that the purchase opens at once rather than the page vanishing.
fn missing_scope_page(route: &RouteDef, acc: &AccountState) -> String {
    let scope = route.scopes.iter().find(|s| acc.is_addon_scope(s)).or(route.scopes.first());
    match scope {
        Some(scope) => format!("/subscription?scope={scope}"),
        None => "/subscription".to_string(),
    }
}

fn redirect(to: &str) -> GuardStep {
    GuardStep::Redirect { to: to.to_string() }
}

/// Where a login without a page to return to lands: a user below administrator who may see the
/// reports lands on them (their work is the calls, as in the call trackers we compare with);
/// everyone else on home, which guards them on to their portal.
pub fn landing_page(acc: &AccountState) -> &'static str {
    let customer = !acc.is_partner && !acc.is_tech_partner;
    if customer && acc.user_auth_code < AuthLevel::ADMINISTRATOR && acc.can_access_reports {
        REPORTS
    } else {
        HOME
    }
}

/// Follows the guard from `path` to the page the user lands on.
pub fn resolve(path: &str, acc: &AccountState) -> Resolution {
    let mut current = path_only(path).to_string();
    for _ in 0..MAX_REDIRECTS {
        match guard(&current, acc) {
            GuardStep::Allow => return describe(&current),
            GuardStep::Redirect { to } => current = to,
        }
    }
    // A loop would be a bug in the table; the tests walk every route for every persona.
    describe("/unauthorised")
}

fn describe(path: &str) -> Resolution {
    let (route, menu) = match match_route(path) {
        Some(route) => (route, menu_item_for(path)),
        None => (match_route(HOME).expect("home has a route"), menu_item_for(HOME)),
    };
    Resolution {
        path: path.to_string(),
        pattern: route.pattern.to_string(),
        title: route.title.map(str::to_string),
        section: route.section.to_string(),
        external: route.external,
        menu_parent: menu.as_ref().and_then(|(parent, _)| parent.map(str::to_string)),
        menu_path: menu.map(|(_, item)| item),
    }
}

/// '{product} - {title}', or 'Admin area' for a page without a title.
pub fn page_title(product: &str, title: Option<&str>) -> String {
    match title {
        Some(t) if !t.is_empty() => format!("{product} - {t}"),
        _ => DEFAULT_PAGE_TITLE.to_string(),
    }
}

#[cfg(test)]
mod tests;
