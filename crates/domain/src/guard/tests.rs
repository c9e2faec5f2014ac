use super::*;
use crate::account::AccountState;
use crate::route_table::ROUTES;

fn owner() -> AccountState {
    AccountState {
        package_name: "Professional".into(),
        user_auth_code: 25,
        can_view_admin_menu: true,
        is_administrator: true,
        is_user_admin: true,
        can_provision: true,
        can_purchase: true,
        package_scopes: vec!["routing_simple".into(), "routing_ivr".into(), "admin_user_management".into()],
        ..Default::default()
    }
}

fn lands(path: &str, acc: &AccountState) -> String {
    resolve(path, acc).path
}

#[test]
fn unknown_paths_show_home_in_place() {
    assert_eq!(guard("/no/such/page", &owner()), GuardStep::Allow);
    let shown = resolve("/no/such/page", &owner());
    assert_eq!((shown.path.as_str(), shown.pattern.as_str()), ("/no/such/page", "/"));
    assert_eq!(shown.title.as_deref(), Some("Integrate"));
}

#[test]
fn the_fixed_redirects_are_followed() {
    let acc = owner();
    assert_eq!(lands("/upgradepackage", &acc), "/subscription");
    assert_eq!(lands("/upgradepackage?type=package", &acc), "/subscription");
    assert_eq!(
        lands(
            "/ManageOptimizelyX",
            &AccountState { package_scopes: vec!["integration_optimizelyx".into()], ..acc.clone() }
        ),
        "/optimizelyx"
    );
    let partner = AccountState { is_partner: true, ..acc.clone() };
    assert_eq!(lands("/partner", &partner), "/partner/accounts");
    assert_eq!(lands("/partner/benefits", &partner), "/partner/benefits/referrer");
    let tech = AccountState { is_tech_partner: true, ..acc };
    assert_eq!(lands("/technologypartner", &tech), "/technologypartner/subscription");
}

#[test]
fn adwords_redirects_to_google_ads() {
    assert_eq!(guard("/adwords", &owner()), GuardStep::Redirect { to: "/googleads".into() });
}

#[test]
fn partners_are_kept_in_their_portal() {
    let partner = AccountState { is_partner: true, ..owner() };
    assert_eq!(lands("/routing", &partner), "/partner/accounts");
    assert_eq!(lands("/", &partner), "/partner/accounts");
    assert_eq!(lands("/partner/settings", &partner), "/partner/settings");
    assert_eq!(lands("/users", &partner), "/users");
}

#[test]
fn a_partner_who_is_not_a_user_admin_goes_to_partner_accounts_from_users() {
    let partner = AccountState { is_partner: true, is_user_admin: false, ..owner() };
    assert_eq!(lands("/users/4", &partner), "/partner/accounts");
    let customer = AccountState { is_user_admin: false, ..owner() };
    assert_eq!(lands("/users", &customer), "/");
}

#[test]
fn technology_partners_are_kept_in_their_portal() {
    let tech = AccountState { is_tech_partner: true, ..owner() };
    assert_eq!(lands("/routing", &tech), "/technologypartner/subscription");
    assert_eq!(lands("/users", &tech), "/technologypartner/subscription");
    assert_eq!(lands("/technologypartner/reports", &tech), "/technologypartner/reports");
}

#[test]
fn customers_cannot_open_portal_pages() {
    assert_eq!(lands("/partner/accounts", &owner()), "/");
    assert_eq!(lands("/technologypartner/api-keys", &owner()), "/");
}

#[test]
fn a_missing_scope_goes_to_my_subscription_offering_the_page_s_add_on() {
    let acc = owner();
    assert_eq!(guard("/scores", &acc), GuardStep::Redirect { to: "/subscription?scope=admin_call_scoring".into() });
    assert_eq!(lands("/scores", &acc), "/subscription?scope=admin_call_scoring");
    // The API page on a plan that sells the API as an add-on: that add-on is offered.
    let professional = AccountState { addon_scopes: vec!["integration_api".into()], ..owner() };
    assert_eq!(lands("/apisettings", &professional), "/subscription?scope=integration_api");
    assert_eq!(lands("/webhooks", &professional), "/subscription?scope=integration_webhooks");
}

#[test]
fn any_advanced_scope_opens_advanced_routing() {
    assert_eq!(lands("/routing/numbers/advanced", &owner()), "/routing/numbers/advanced");
    let simple = AccountState { package_scopes: vec!["routing_simple".into()], ..owner() };
    assert!(
        matches!(guard("/routing/audio", &simple), GuardStep::Redirect { to } if to.starts_with("/subscription?scope="))
    );
    assert_eq!(lands("/routing/history", &owner()), "/routing/history");
    assert!(
        matches!(guard("/routing/history", &simple), GuardStep::Redirect { to } if to.starts_with("/subscription?scope="))
    );
}

#[test]
fn purchase_routes_need_purchase_rights() {
    let no_purchase = AccountState { can_purchase: false, ..owner() };
    assert_eq!(guard("/subscription", &no_purchase), GuardStep::Redirect { to: "/".into() });
    assert_eq!(lands("/scores", &no_purchase), "/");
}

#[test]
fn routing_needs_provisioning_on_a_non_group_account() {
    let read_only = AccountState { can_provision: false, ..owner() };
    assert_eq!(lands("/routing", &read_only), "/");
    let group = AccountState { is_group_account: true, ..owner() };
    assert_eq!(lands("/routing/numbers", &group), "/");
}

#[test]
fn users_without_admin_rights_go_back_to_reports() {
    let reports_only = AccountState { can_view_admin_menu: false, ..owner() };
    assert_eq!(guard("/", &reports_only), GuardStep::Redirect { to: "/reports".into() });
    assert_eq!(guard("/backtoreports", &reports_only), GuardStep::Redirect { to: "/reports".into() });
    // The reports need the reports permission, not admin rights.
    let reporting = AccountState { can_access_reports: true, ..reports_only.clone() };
    assert_eq!(resolve("/", &reporting).path, "/reports");
    assert_eq!(resolve("/reports/dashboard", &reporting).path, "/reports/dashboard");
    let on_partner = AccountState { is_user_on_partner: true, ..reports_only };
    assert_eq!(guard("/", &on_partner), GuardStep::Allow);
}

#[test]
fn the_reports_need_the_reports_permission() {
    let user = AccountState { user_auth_code: 10, can_access_reports: false, ..owner() };
    assert_eq!(resolve("/reports", &user).path, "/unauthorised");
    assert_eq!(unauthorised_notice("/backtoreports", &user).reason, unauthorised_notice("/reports", &user).reason);
    assert!(
        unauthorised_notice("/reports", &user).reason.contains("Reports"),
        "{:?}",
        unauthorised_notice("/reports", &user)
    );
    let with = AccountState { can_access_reports: true, ..user };
    assert_eq!(resolve("/reports", &with).path, "/reports");
    // A technology partner has reports of its own.
    let tech = AccountState { is_tech_partner: true, ..with };
    assert_eq!(guard("/reports", &tech), GuardStep::Redirect { to: "/technologypartner".into() });
}

#[test]
fn outside_pages_and_the_unauthorised_page_are_open_to_everyone() {
    let partner = AccountState { is_partner: true, ..owner() };
    for path in ["/logout", "/contactus", "/conditions", "/unauthorised"] {
        assert_eq!(guard(path, &partner), GuardStep::Allow, "{path}");
    }
}

#[test]
fn every_route_resolves_to_an_allowed_page_for_every_kind_of_user() {
    let kinds = [
        owner(),
        AccountState { is_partner: true, ..owner() },
        AccountState { is_tech_partner: true, ..owner() },
        AccountState { can_purchase: false, package_scopes: vec![], user_auth_code: 10, ..owner() },
        AccountState { is_group_account: true, can_view_admin_menu: false, ..owner() },
    ];
    for acc in &kinds {
        for route in ROUTES {
            let landed = resolve(route.pattern, acc);
            assert_eq!(guard(&landed.path, acc), GuardStep::Allow, "{} for {:?}", route.pattern, acc.is_partner);
            // Only a page refused for a permission sends anyone to /unauthorised (else a loop did).
            if route.pattern != "/unauthorised" && landed.path == "/unauthorised" {
                let general = unauthorised_notice("", acc).reason;
                assert_ne!(unauthorised_notice(route.pattern, acc).reason, general, "{} loops", route.pattern);
            }
        }
    }
}

#[test]
fn resolution_carries_title_section_and_menu_metadata() {
    let landed = resolve("/routing/numbers/", &owner());
    assert_eq!(landed.title.as_deref(), Some("Connect numbers"));
    assert_eq!(landed.section, "routing");
    assert_eq!(landed.menu_path.as_deref(), Some("/routing"));
    assert_eq!(landed.menu_parent, None);
}

#[test]
fn page_titles_name_the_product_and_default_to_admin_area() {
    assert_eq!(page_title("Calltrack", Some("Call routing")), "Calltrack - Call routing");
    assert_eq!(page_title("Calltrack", None), "Admin area");
    assert_eq!(page_title("Calltrack", Some("")), "Admin area");
}

#[test]
fn pages_with_a_minimum_level_send_lower_users_home() {
    let user = AccountState { user_auth_code: 10, ..owner() };
    assert_eq!(lands("/parameters", &user), "/");
    assert_eq!(lands("/parameter/Branch/North", &user), "/");
    let admin = AccountState { user_auth_code: 20, ..owner() };
    assert_eq!(lands("/parameters", &admin), "/parameters");
    assert_eq!(lands("/outboundcli", &admin), "/");
    assert_eq!(lands("/outboundcli", &owner()), "/outboundcli");
}

#[test]
fn legacy_customers_are_sent_home_from_subscription_screens() {
    let legacy = AccountState { is_legacy_package: true, ..owner() };
    assert_eq!(lands("/subscription", &legacy), "/");
    assert_eq!(lands("/upgradepackage", &legacy), "/");
    assert_eq!(lands("/upgradecentre", &legacy), "/");
}

#[test]
fn billing_pages_need_the_billing_access_flag() {
    let billing = AccountState { has_billing: true, ..owner() };
    assert_eq!(lands("/billing/details", &billing), "/billing/details");
    assert_eq!(lands("/billing/details/payment", &billing), "/billing/details/payment");
    assert_eq!(lands("/billing/details", &owner()), "/");
    assert_eq!(lands("/invoices", &owner()), "/");
    let partner =
        AccountState { is_partner: true, is_user_on_partner: true, can_access_partner_accounts: true, ..owner() };
    assert_eq!(guard("/billing/details", &partner), GuardStep::Redirect { to: "/partner/accounts".into() });
    let paying_partner = AccountState { can_access_partner_billing: true, ..partner };
    assert_eq!(guard("/billing/details", &paying_partner), GuardStep::Allow);
}

#[test]
fn technology_partners_have_the_billing_pages_in_their_portal() {
    let tech = AccountState { is_tech_partner: true, has_billing: true, ..owner() };
    assert_eq!(billing_page("/invoices", &tech), "/technologypartner/invoices");
    assert_eq!(billing_page("/invoices", &owner()), "/invoices");
    assert_eq!(guard(&billing_page("/billing/details", &tech), &tech), GuardStep::Allow);
    assert_eq!(guard(&billing_page("/billing/details/payment", &tech), &tech), GuardStep::Allow);
    // The customers' billing pages are not the technology partner's.
    assert_ne!(guard("/invoices", &tech), GuardStep::Allow);
    // Without the billing access flag, back to the portal's start.
    let without = AccountState { has_billing: false, ..tech };
    assert_eq!(lands("/technologypartner/invoices", &without), "/technologypartner/subscription");
}

#[test]
fn the_services_pages_need_a_customer_that_buys_online() {
    let mut buyer = AccountState { can_purchase: true, customer_can_purchase_online: true, ..owner() };
    buyer.package_scopes.push("admin_add_services".into());
    assert_eq!(guard("/services/static", &buyer), GuardStep::Allow);
    let offline = AccountState { customer_can_purchase_online: false, ..buyer.clone() };
    for path in ["/services", "/services/static", "/services/dynamic", "/services/dynamic/4"] {
        assert_eq!(guard(path, &offline), GuardStep::Redirect { to: "/".into() }, "{path}");
    }
}

#[test]
fn a_user_refused_users_or_billing_for_a_permission_goes_to_unauthorised_and_is_told_why() {
    let user = AccountState {
        user_auth_code: 10,
        is_administrator: false,
        is_user_admin: false,
        account_owner_name: Some("Olivia Owen".into()),
        ..owner()
    };
    for path in ["/users", "/users/4", "/billing/details", "/invoices"] {
        assert_eq!(guard(path, &user), GuardStep::Redirect { to: UNAUTHORISED.into() }, "{path}");
        assert_eq!(lands(path, &user), "/unauthorised", "{path}");
    }
    let users = unauthorised_notice("/users", &user);
    assert_eq!(users.reason, "You cannot open Users because your user does not have the User admin permission.");
    assert_eq!(users.ask, "Ask Olivia Owen, the account owner, to give you access.");
    let billing = unauthorised_notice("/billing/details?x=1", &user);
    assert_eq!(
        billing.reason,
        "You cannot open Billing details because your user does not have the Billing permission."
    );
    // Not a refused page (or none known), and no owner on record: a general text.
    let unknown = unauthorised_notice("", &AccountState { account_owner_name: None, ..user.clone() });
    assert_eq!(unknown.reason, "You do not have permission to open that page.");
    assert_eq!(unknown.ask, "Ask your account owner to give you access.");
    assert_eq!(unauthorised_notice("/", &user).reason, "You do not have permission to open that page.");
    // An account owner gives permissions: they go home; a customer without billing goes home too.
    assert_eq!(lands("/users", &AccountState { is_user_admin: false, ..owner() }), "/");
    let billing_permitted = AccountState { can_access_billing: true, ..user.clone() };
    assert_eq!(lands("/billing/details", &billing_permitted), "/");
}

#[test]
fn users_land_on_the_reports_and_administrators_at_home() {
    let user = AccountState { user_auth_code: 10, can_access_reports: true, ..owner() };
    assert_eq!(landing_page(&user), "/reports");
    assert_eq!(landing_page(&AccountState { can_access_reports: false, ..user.clone() }), "/");
    assert_eq!(landing_page(&AccountState { user_auth_code: 20, ..user.clone() }), "/");
    assert_eq!(landing_page(&AccountState { is_partner: true, ..user }), "/");
}

#[test]
fn the_clinics_page_is_a_group_account_s_with_the_reports_permission() {
    let group = AccountState { is_group_account: true, can_access_reports: true, ..owner() };
    assert_eq!(guard("/reports/clinics", &group), GuardStep::Allow);
    let clinic = AccountState { is_group_account: false, ..group.clone() };
    assert_eq!(resolve("/reports/clinics", &clinic).path, "/reports");
    let no_reports = AccountState { can_access_reports: false, user_auth_code: 10, ..group };
    assert_ne!(resolve("/reports/clinics", &no_reports).path, "/reports/clinics");
}
