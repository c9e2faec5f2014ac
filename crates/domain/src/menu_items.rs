//! The three side menus of spec/shell-users-integrations.md section 2, with the gating data of
//! section 6 attached to each item. `menu.rs` turns these into what one user sees.

use crate::plan::Plan;

/// A condition on the account that an item needs to be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Need {
    /// Provisioning rights (Read & Write).
    Provision,
    /// Any advanced routing scope (time of day plans, IVRs, hunt groups...).
    AdvancedRouting,
    /// The static flag, unless on a legacy package.
    Static,
    /// The dynamic flag, unless on a legacy package.
    Dynamic,
    /// New or old outbound.
    AnyOutbound,
    /// The user's outbound permission (PERM_OUTBOUND, canAccessOutbound).
    OutboundAccess,
    NewOutbound,
    Billing,
    /// The purchase permission.
    Purchase,
    /// canPurchase and customerCanPurchaseOnline.
    OnlinePurchase,
    Speech,
    NoSpeech,
    SalesData,
    Conversions,
    /// A partner-account user who may view partner accounts.
    PartnerAccountsView,
    UserAdmin,
    /// Shown in the new (2023) reports mode only.
    NewReports,
    ReportAccess,
    PartnerAccounts,
    PartnerRewards,
    PartnerAdd,
    /// Partner billing access and an account code.
    PartnerBilling,
}

/// Partner items that need an approved reseller or referrer, and where a click goes without it
/// (None: the item is hidden instead).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Approval {
    Any,
    Reseller { unapproved: Option<&'static str> },
    Referrer { unapproved: Option<&'static str> },
}

/// Children computed from account data rather than listed here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Generated {
    None,
    /// One /parameter/{name} item per customer parameter.
    Parameters,
}

#[derive(Debug)]
pub(crate) struct ItemDef {
    pub id: &'static str,
    pub label: &'static str,
    pub path: Option<&'static str>,
    pub icon: &'static str,
    pub external: bool,
    pub scope: Option<&'static str>,
    pub min_auth: u8,
    pub needs: &'static [Need],
    pub plans: Option<&'static [Plan]>,
    pub hide_on_group: bool,
    pub approval: Approval,
    pub children: &'static [ItemDef],
    pub generated: Generated,
}

const BASE: ItemDef = ItemDef {
    id: "",
    label: "",
    path: None,
    icon: "",
    external: false,
    scope: None,
    min_auth: 0,
    needs: &[],
    plans: None,
    hide_on_group: false,
    approval: Approval::Any,
    children: &[],
    generated: Generated::None,
};

const fn leaf(id: &'static str, label: &'static str, path: &'static str) -> ItemDef {
    ItemDef { id, label, path: Some(path), ..BASE }
}

use Need::*;

pub(crate) static MAIN_MENU: &[ItemDef] = &[
    ItemDef { icon: "reports", needs: &[ReportAccess], ..leaf("backtoreports", "Return to reports", "/reports") },
    ItemDef { icon: "home", ..leaf("overview", "Overview", "/") },
    ItemDef {
        icon: "routing",
        needs: &[Provision],
        hide_on_group: true,
        ..leaf("routing", "Call routing", "/routing")
    },
    // The IVRs, found without knowing which number's plan leads to each.
    ItemDef {
        icon: "routing",
        needs: &[Provision, AdvancedRouting],
        hide_on_group: true,
        ..leaf("ivrs", "IVRs", "/routing/ivrs")
    },
    ItemDef {
        id: "dynamic",
        label: "Dynamic",
        icon: "dynamic",
        needs: &[Dynamic],
        hide_on_group: true,
        children: &[
            leaf("dynamicurls", "URLs", "/dynamicurls"),
            leaf("sources", "Source/mediums", "/sources"),
            ItemDef { scope: Some("admin_call_to_actions"), ..leaf("cta", "Call-to-actions", "/cta") },
            ItemDef { needs: &[Conversions], ..leaf("conversions", "Conversions", "/conversions") },
        ],
        ..BASE
    },
    ItemDef {
        id: "static",
        label: "Static",
        icon: "static",
        needs: &[Static],
        hide_on_group: true,
        children: &[leaf("campaigns", "Campaigns", "/campaigns"), leaf("numbers", "Numbers", "/numbers")],
        ..BASE
    },
    ItemDef {
        id: "outbound",
        label: "Outbound",
        icon: "outbound",
        needs: &[AnyOutbound, OutboundAccess],
        hide_on_group: true,
        children: &[
            ItemDef { needs: &[NewOutbound], ..leaf("agents", "Agents", "/agents") },
            leaf("outboundcampaigns", "Campaigns", "/outboundcampaigns"),
            ItemDef { needs: &[NewOutbound], min_auth: 25, ..leaf("outboundcli", "Manage CLI", "/outboundcli") },
        ],
        ..BASE
    },
    ItemDef {
        id: "callscoring",
        label: "Call scoring",
        icon: "scoring",
        children: &[
            ItemDef { scope: Some("admin_call_scoring"), ..leaf("scores", "Scores", "/scores") },
            ItemDef { scope: Some("admin_call_categorisation"), ..leaf("categories", "Categories", "/categories") },
            // Tags apply to every call (static numbers' too), so they sit with scoring, not Dynamic.
            ItemDef { scope: Some("admin_tagging_for_dynamics"), hide_on_group: true, ..leaf("tags", "Tags", "/tags") },
        ],
        ..BASE
    },
    ItemDef {
        icon: "speech",
        needs: &[NoSpeech],
        hide_on_group: true,
        ..leaf("tryspeech", "Try speech analytics", "/tryspeech")
    },
    ItemDef {
        id: "speech",
        label: "Speech Analytics",
        icon: "speech",
        needs: &[Speech],
        children: &[
            // Keyword spotting comes with speech analytics itself (its trial too).
            ItemDef { scope: Some("report_voice_tags"), ..leaf("voicetags", "Voice tags", "/voicetags") },
            ItemDef { scope: Some("speech_vocabularies"), ..leaf("vocabularies", "Vocabularies", "/vocabularies") },
            ItemDef {
                scope: Some("report_voice_tags"),
                needs: &[NewReports],
                ..leaf("call-insights", "Speech Insights", "/call-insights")
            },
        ],
        ..BASE
    },
    ItemDef {
        id: "sales",
        label: "Sales",
        icon: "sales",
        children: &[
            ItemDef { scope: Some("integration_track_sales"), ..leaf("tracksales", "Track Sales", "/tracksales") },
            ItemDef {
                scope: Some("integration_sales_import"),
                needs: &[SalesData],
                ..leaf("importsales", "Import sales", "/importsales")
            },
            ItemDef {
                scope: Some("sales_custom_dimensions"),
                needs: &[SalesData],
                ..leaf("customdimensions", "Custom dimensions", "/customdimensions")
            },
        ],
        ..BASE
    },
    ItemDef {
        id: "parameters",
        label: "Parameters",
        icon: "parameters",
        min_auth: 20,
        children: &[leaf("parameters-setup", "Setup", "/parameters")],
        generated: Generated::Parameters,
        ..BASE
    },
    ItemDef {
        icon: "users",
        scope: Some("admin_user_management"),
        needs: &[UserAdmin],
        ..leaf("users", "Users", "/users")
    },
    ItemDef {
        id: "billing",
        label: "Billing",
        icon: "billing",
        needs: &[Billing],
        children: &[
            ItemDef { scope: Some("admin_view_invoices"), ..leaf("invoices", "Invoices", "/invoices") },
            leaf("billing-details", "Billing details", "/billing/details"),
            ItemDef { needs: &[PartnerAccountsView], ..leaf("partneraccounts", "Accounts", "/partneraccounts") },
        ],
        ..BASE
    },
    ItemDef {
        icon: "services",
        scope: Some("admin_add_services"),
        needs: &[OnlinePurchase],
        hide_on_group: true,
        ..leaf("services", "Add services", "/services")
    },
    ItemDef {
        icon: "subscription",
        scope: Some("billing_subscription"),
        min_auth: 20,
        needs: &[Purchase],
        plans: Some(&[Plan::Starter, Plan::Professional]),
        hide_on_group: true,
        ..leaf("subscription", "My subscription", "/subscription")
    },
];

pub(crate) static PARTNER_MENU: &[ItemDef] = &[
    ItemDef {
        icon: "accounts",
        needs: &[PartnerAccounts],
        approval: Approval::Reseller { unapproved: Some("/partner/benefits/reseller") },
        ..leaf("partner-accounts", "Accounts", "/partner/accounts")
    },
    ItemDef {
        icon: "rewards",
        needs: &[PartnerRewards],
        approval: Approval::Referrer { unapproved: None },
        ..leaf("partner-rewards", "Rewards", "/partner/rewards")
    },
    ItemDef { icon: "users", needs: &[UserAdmin], ..leaf("users", "Users", "/users") },
    ItemDef { icon: "settings", ..leaf("partner-settings", "Settings", "/partner/settings") },
    ItemDef {
        id: "billing",
        label: "Billing",
        icon: "billing",
        needs: &[PartnerBilling],
        children: &[
            leaf("invoices", "Invoices", "/invoices"),
            leaf("billing-details", "Billing details", "/billing/details"),
        ],
        ..BASE
    },
    ItemDef {
        icon: "refer",
        needs: &[PartnerAdd],
        approval: Approval::Referrer { unapproved: Some("/partner/benefits/referrer") },
        ..leaf("partner-benefits", "Refer a client", "/partner/benefits")
    },
];

pub(crate) static TECH_PARTNER_MENU: &[ItemDef] = &[
    ItemDef { icon: "docs", external: true, ..leaf("documentation", "Documentation", "/apidocs") },
    ItemDef { icon: "key", min_auth: 20, ..leaf("api-keys", "API keys", "/technologypartner/api-keys") },
    ItemDef {
        icon: "subscription",
        min_auth: 25,
        ..leaf("tp-subscription", "My subscription", "/technologypartner/subscription")
    },
    ItemDef {
        id: "tp-billing",
        label: "Billing",
        icon: "billing",
        min_auth: 20,
        children: &[
            leaf("tp-invoices", "Invoices", "/technologypartner/invoices"),
            leaf("tp-billing-details", "Billing details", "/technologypartner/billing/details"),
        ],
        ..BASE
    },
    ItemDef { icon: "reports", needs: &[ReportAccess], ..leaf("tp-reports", "Reports", "/technologypartner/reports") },
    ItemDef { icon: "settings", min_auth: 20, ..leaf("tp-settings", "Settings", "/technologypartner/settings") },
];

/// The menu item a path belongs to, as route metadata: (its parent's id, the item's path).
/// The longest leading part of the path that is an item's path wins.
pub(crate) fn menu_item_for(path: &str) -> Option<(Option<&'static str>, String)> {
    let path = path.trim_end_matches('/');
    if path.is_empty() {
        return find_item("/").map(|parent| (parent, "/".to_string()));
    }
    let mut prefix = path;
    while !prefix.is_empty() {
        if let Some(parent) = find_item(prefix) {
            return Some((parent, prefix.to_string()));
        }
        prefix = &prefix[..prefix.rfind('/').unwrap_or(0)];
    }
    None
}

/// Some(parent id or None for a top-level item) when an item has this exact path.
fn find_item(path: &str) -> Option<Option<&'static str>> {
    for menu in [MAIN_MENU, PARTNER_MENU, TECH_PARTNER_MENU] {
        for def in menu.iter() {
            if def.path == Some(path) {
                return Some(None);
            }
            let generated = def.generated == Generated::Parameters
                && path.strip_prefix("/parameter/").is_some_and(|name| !name.is_empty() && !name.contains('/'));
            if generated || def.children.iter().any(|c| c.path == Some(path)) {
                return Some(Some(def.id));
            }
        }
    }
    None
}
