use super::*;
use crate::account::AccountState;
use crate::menu_items::menu_item_for;

fn owner() -> AccountState {
    AccountState {
        package_name: "Professional".into(),
        user_auth_code: 25,
        can_view_admin_menu: true,
        is_administrator: true,
        is_user_admin: true,
        can_provision: true,
        has_static: true,
        has_dynamic: true,
        has_billing: true,
        can_purchase: true,
        customer_can_purchase_online: true,
        package_scopes: vec![
            "admin_user_management".into(),
            "billing_subscription".into(),
            "admin_add_services".into(),
        ],
        ..Default::default()
    }
}

fn paths(menu: &Menu) -> Vec<String> {
    fn walk(nodes: &[MenuNode], out: &mut Vec<String>) {
        for n in nodes {
            if let Some(p) = &n.path {
                out.push(p.clone());
            }
            walk(&n.children, out);
        }
    }
    let mut out = vec![];
    walk(&menu.items, &mut out);
    out
}

fn find<'a>(menu: &'a Menu, path: &str) -> Option<&'a MenuNode> {
    fn walk<'a>(nodes: &'a [MenuNode], path: &str) -> Option<&'a MenuNode> {
        nodes.iter().find_map(|n| if n.path.as_deref() == Some(path) { Some(n) } else { walk(&n.children, path) })
    }
    walk(&menu.items, path)
}

#[test]
fn ordinary_users_see_the_admin_menu() {
    let menu = build_menu(&AccountState { can_access_reports: true, ..owner() });
    assert_eq!(menu.title, "Admin");
    assert_eq!(menu.items[0].path.as_deref(), Some("/reports"));
    assert_eq!(menu.items[0].label, "Return to reports");
    assert!(!menu.items[0].external);
    // Without the reports permission there is nothing to return to.
    assert_ne!(build_menu(&owner()).items[0].path.as_deref(), Some("/reports"));
}

#[test]
fn partners_and_technology_partners_see_a_menu_titled_partner() {
    let partner = AccountState { is_partner: true, ..owner() };
    assert_eq!(build_menu(&partner).title, "Partner");
    let tech = AccountState { is_tech_partner: true, ..owner() };
    let menu = build_menu(&tech);
    assert_eq!(menu.title, "Partner");
    assert!(paths(&menu).contains(&"/technologypartner/api-keys".to_string()));
}

#[test]
fn parameters_and_my_subscription_need_administrator_level() {
    let user = AccountState { user_auth_code: 10, ..owner() };
    let p = paths(&build_menu(&user));
    assert!(!p.contains(&"/parameters".to_string()));
    assert!(!p.contains(&"/subscription".to_string()));
    let p = paths(&build_menu(&owner()));
    assert!(p.contains(&"/parameters".to_string()) && p.contains(&"/subscription".to_string()));
}

#[test]
fn manage_cli_needs_an_account_owner_and_new_outbound() {
    let admin = AccountState { user_auth_code: 20, has_outbound: true, can_access_outbound: true, ..owner() };
    assert!(!paths(&build_menu(&admin)).contains(&"/outboundcli".to_string()));
    let owner_new = AccountState { has_outbound: true, can_access_outbound: true, ..owner() };
    assert!(paths(&build_menu(&owner_new)).contains(&"/outboundcli".to_string()));
    let owner_old = AccountState { has_old_outbound: true, can_access_outbound: true, ..owner() };
    let p = paths(&build_menu(&owner_old));
    assert!(p.contains(&"/outboundcampaigns".to_string()));
    assert!(!p.contains(&"/outboundcli".to_string()) && !p.contains(&"/agents".to_string()));
}

#[test]
fn outbound_is_hidden_from_a_user_without_the_outbound_permission() {
    let user = AccountState { has_outbound: true, can_access_outbound: false, ..owner() };
    let p = paths(&build_menu(&user));
    assert!(!p.contains(&"/agents".to_string()) && !p.contains(&"/outboundcampaigns".to_string()));
}

#[test]
fn outbound_is_hidden_without_either_outbound() {
    assert!(!paths(&build_menu(&owner())).contains(&"/outboundcampaigns".to_string()));
}

#[test]
fn legacy_packages_see_static_and_dynamic_without_the_flags() {
    let legacy = AccountState { has_static: false, has_dynamic: false, is_legacy_package: true, ..owner() };
    let p = paths(&build_menu(&legacy));
    assert!(p.contains(&"/numbers".to_string()) && p.contains(&"/dynamicurls".to_string()));
    let plain = AccountState { has_static: false, has_dynamic: false, ..owner() };
    let p = paths(&build_menu(&plain));
    assert!(!p.contains(&"/numbers".to_string()) && !p.contains(&"/dynamicurls".to_string()));
}

#[test]
fn online_purchase_items_need_both_purchase_flags() {
    let offline = AccountState { customer_can_purchase_online: false, ..owner() };
    assert!(!paths(&build_menu(&offline)).contains(&"/services".to_string()));
    assert!(paths(&build_menu(&owner())).contains(&"/services".to_string()));
}

#[test]
fn my_subscription_shows_on_starter_and_professional_only() {
    for (package, shown) in [("Starter", true), ("Professional", true), ("Enterprise", false)] {
        let acc = AccountState { package_name: package.into(), ..owner() };
        assert_eq!(paths(&build_menu(&acc)).contains(&"/subscription".to_string()), shown, "{package}");
    }
    let legacy = AccountState { is_legacy_package: true, ..owner() };
    assert!(!paths(&build_menu(&legacy)).contains(&"/subscription".to_string()));
}

#[test]
fn call_routing_needs_provisioning_and_a_non_group_account() {
    assert!(paths(&build_menu(&owner())).contains(&"/routing".to_string()));
    let read_only = AccountState { can_provision: false, ..owner() };
    assert!(!paths(&build_menu(&read_only)).contains(&"/routing".to_string()));
    let group = AccountState { is_group_account: true, ..owner() };
    assert!(!paths(&build_menu(&group)).contains(&"/routing".to_string()));
}

#[test]
fn sales_items_need_sales_data_and_conversions_need_their_access() {
    let p = paths(&build_menu(&owner()));
    assert!(!p.contains(&"/importsales".to_string()) && !p.contains(&"/conversions".to_string()));
    let acc = AccountState { can_access_sales_data: true, has_access_to_conversions: true, ..owner() };
    let p = paths(&build_menu(&acc));
    assert!(p.contains(&"/importsales".to_string()) && p.contains(&"/customdimensions".to_string()));
    assert!(p.contains(&"/conversions".to_string()));
}

#[test]
fn speech_users_get_speech_analytics_and_others_the_trial() {
    let p = paths(&build_menu(&owner()));
    assert!(p.contains(&"/tryspeech".to_string()) && !p.contains(&"/voicetags".to_string()));
    let speech = AccountState { has_speech: true, ..owner() };
    let p = paths(&build_menu(&speech));
    assert!(!p.contains(&"/tryspeech".to_string()) && p.contains(&"/voicetags".to_string()));
}

#[test]
fn speech_insights_follow_the_reports_version() {
    let speech = AccountState { has_speech: true, ..owner() };
    assert!(!paths(&build_menu(&speech)).contains(&"/call-insights".to_string()));
    let new_reports = AccountState { show_reports2023: true, ..speech };
    assert!(paths(&build_menu(&new_reports)).contains(&"/call-insights".to_string()));
}

#[test]
fn billing_needs_has_billing_and_accounts_needs_a_partner_account_viewer() {
    let no_billing = AccountState { has_billing: false, ..owner() };
    assert!(!paths(&build_menu(&no_billing)).contains(&"/invoices".to_string()));
    assert!(!paths(&build_menu(&owner())).contains(&"/partneraccounts".to_string()));
    let viewer = AccountState { is_user_on_partner: true, can_view_partner_accounts: true, ..owner() };
    assert!(paths(&build_menu(&viewer)).contains(&"/partneraccounts".to_string()));
}

#[test]
fn users_item_is_for_user_admins() {
    let not_admin = AccountState { is_user_admin: false, ..owner() };
    assert!(!paths(&build_menu(&not_admin)).contains(&"/users".to_string()));
}

#[test]
fn one_parameters_item_per_customer_parameter() {
    let acc = AccountState { parameters: vec!["Branch".into(), "Region".into()], ..owner() };
    let menu = build_menu(&acc);
    let params = menu.items.iter().find(|n| n.id == "parameters").unwrap();
    let labels: Vec<_> = params.children.iter().map(|c| (c.label.as_str(), c.path.as_deref().unwrap())).collect();
    assert_eq!(
        labels,
        vec![("Setup", "/parameters"), ("Branch", "/parameter/Branch"), ("Region", "/parameter/Region")]
    );
}

#[test]
fn a_missing_scope_gets_upgrade_or_add_on_chips() {
    let acc = AccountState { addon_scopes: vec!["admin_call_categorisation".into()], ..owner() };
    let menu = build_menu(&acc);
    assert_eq!(find(&menu, "/scores").unwrap().chip, Some(Chip::Upgrade));
    assert_eq!(find(&menu, "/categories").unwrap().chip, Some(Chip::AddOn));
    assert_eq!(find(&menu, "/users").unwrap().chip, None);
    assert_eq!(serde_json::to_string(&Chip::AddOn).unwrap(), "\"Add-on\"");
}

#[test]
fn unapproved_partners_are_sent_to_the_benefit_pages_or_do_not_see_the_item() {
    let partner = AccountState {
        is_partner: true,
        can_access_partner_accounts: true,
        can_access_partner_rewards: true,
        can_add_partner_accounts: true,
        ..owner()
    };
    let menu = build_menu(&partner);
    assert_eq!(find(&menu, "/partner/benefits/reseller").unwrap().label, "Accounts");
    assert_eq!(find(&menu, "/partner/benefits/referrer").unwrap().label, "Refer a client");
    assert!(find(&menu, "/partner/rewards").is_none());
    let approved =
        AccountState { partner_reseller_approved_flag: true, partner_referrer_approved_flag: true, ..partner };
    let menu = build_menu(&approved);
    assert!(find(&menu, "/partner/accounts").is_some());
    assert!(find(&menu, "/partner/rewards").is_some());
    assert!(find(&menu, "/partner/benefits").is_some());
}

#[test]
fn partner_billing_needs_its_flag_and_an_account_code() {
    let partner = AccountState { is_partner: true, can_access_partner_billing: true, ..owner() };
    assert!(find(&build_menu(&partner), "/invoices").is_none());
    let with_code = AccountState { account_code: Some("P-100".into()), ..partner };
    assert!(find(&build_menu(&with_code), "/invoices").is_some());
}

#[test]
fn technology_partner_reports_need_report_access() {
    let tech = AccountState { is_tech_partner: true, ..owner() };
    assert!(find(&build_menu(&tech), "/technologypartner/reports").is_none());
    let with = AccountState { can_access_reports: true, ..tech };
    assert!(find(&build_menu(&with), "/technologypartner/reports").is_some());
}

#[test]
fn route_metadata_marks_the_parent_and_item() {
    assert_eq!(menu_item_for("/campaigns/12/number/3"), Some((Some("static"), "/campaigns".to_string())));
    assert_eq!(menu_item_for("/billing/details/payment"), Some((Some("billing"), "/billing/details".to_string())));
    assert_eq!(menu_item_for("/parameter/Branch/North"), Some((Some("parameters"), "/parameter/Branch".to_string())));
    assert_eq!(menu_item_for("/routing/numbers"), Some((None, "/routing".to_string())));
    assert_eq!(menu_item_for("/"), Some((None, "/".to_string())));
    assert_eq!(menu_item_for("/unauthorised"), None);
}

#[test]
fn a_menu_page_opens_only_where_the_menu_shows_it_and_its_guard_allows() {
    let static_owner = AccountState { has_static: true, ..owner() };
    assert!(menu_page_opens("/campaigns", &static_owner));
    // No static feature: no menu item, so the page is closed.
    assert!(!menu_page_opens("/campaigns", &AccountState { has_static: false, ..owner() }));
    // A group account hides Static.
    assert!(!menu_page_opens("/campaigns", &AccountState { is_group_account: true, ..static_owner.clone() }));
    // The menu shows it, but the guard sends a user without admin rights away.
    let no_admin = AccountState { can_view_admin_menu: false, is_user_on_partner: false, ..static_owner };
    assert!(!menu_page_opens("/campaigns", &no_admin));
}
