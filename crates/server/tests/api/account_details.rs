use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

fn has(list: &Value, scope: &str) -> bool {
    list.as_array().unwrap().iter().any(|s| s == scope)
}

#[tokio::test]
async fn the_owner_gets_a_professional_account_with_every_right() {
    let app = TestApp::spawn().await;
    let acc = app.account(&app.login("owner@demo.test").await).await;
    assert_eq!(acc["userForename"], "Olivia");
    assert_eq!(acc["userSurname"], "Owen");
    assert_eq!(acc["customerName"], "Harbour Lane Dental");
    assert_eq!(acc["customerTimeZone"], "Europe/London");
    assert_eq!(acc["packageName"], "Professional");
    assert_eq!(acc["userAuthCode"], 25);
    assert_eq!(acc["logoUrl"], "/logos/100.svg");
    assert_eq!(acc["productName"], "Calltrack");
    assert_eq!(acc["parameters"], serde_json::json!(["Branch", "Region"]));
    assert_eq!(acc["accounts"].as_array().unwrap().len(), 2);
    for flag in [
        "isAdministrator",
        "isUserAdmin",
        "hasStatic",
        "hasDynamic",
        "hasOutbound",
        "hasBilling",
        "canPurchase",
        "customerCanPurchaseOnline",
        "canProvision",
        "canViewAdminMenu",
        "canAccessSalesData",
        "hasAccessToConversions",
    ] {
        assert_eq!(acc[flag], true, "{flag}");
    }
    for flag in ["isPartner", "isTechPartner", "isSystemManager", "isGroupAccount", "isLegacyPackage", "hasSpeech"] {
        assert_eq!(acc[flag], false, "{flag}");
    }
    assert!(has(&acc["packageScopes"], "routing_simple"));
    assert!(has(&acc["packageScopes"], "outbound"), "an owned add-on is in the package");
    assert!(has(&acc["addonScopes"], "integration_api"));
    assert!(!has(&acc["addonScopes"], "outbound"), "owned add-ons are not on sale");
    assert!(has(&acc["nextPackageScopes"], "enterprise"));
}

#[tokio::test]
async fn a_plain_user_cannot_provision_purchase_or_manage_users() {
    let app = TestApp::spawn().await;
    let acc = app.account(&app.login("user@demo.test").await).await;
    assert_eq!(acc["userAuthCode"], 10);
    for flag in ["isAdministrator", "isUserAdmin", "canProvision", "canPurchase", "hasBilling"] {
        assert_eq!(acc[flag], false, "{flag}");
    }
    assert_eq!(acc["canViewAdminMenu"], true, "number admin gives the admin area");
    let menu = domain::build_menu(&serde_json::from_value(acc).unwrap());
    let paths: Vec<_> = menu
        .items
        .iter()
        .flat_map(|n| std::iter::once(n).chain(n.children.iter()))
        .filter_map(|n| n.path.clone())
        .collect();
    assert!(!paths.contains(&"/parameters".to_string()) && !paths.contains(&"/subscription".to_string()));
}

#[tokio::test]
async fn the_starter_customer_has_starter_scopes_and_professional_next() {
    let app = TestApp::spawn().await;
    let acc = app.account(&app.login("starter@demo.test").await).await;
    assert_eq!(acc["packageName"], "Starter");
    assert!(!has(&acc["packageScopes"], "routing_ivr"));
    assert!(has(&acc["nextPackageScopes"], "routing_ivr"));
    assert!(has(&acc["addonScopes"], "advanced_call_handling"));
    assert_eq!(acc["logoUrl"], Value::Null);
}

#[tokio::test]
async fn enterprise_legacy_and_group_accounts_carry_their_flags() {
    let app = TestApp::spawn().await;
    let enterprise = app.account(&app.login("enterprise@demo.test").await).await;
    assert_eq!(enterprise["hasSpeech"], true);
    assert_eq!(enterprise["showReports2023"], true);
    assert!(has(&enterprise["packageScopes"], "speech_vocabularies"));
    assert_eq!(enterprise["nextPackageScopes"], serde_json::json!([]));
    let legacy = app.account(&app.login("legacy@demo.test").await).await;
    assert_eq!(legacy["isLegacyPackage"], true);
    assert_eq!(legacy["packageName"], "Gold 2014");
    assert_eq!(legacy["hasOldOutbound"], true);
    let group = app.account(&app.login("group@demo.test").await).await;
    assert_eq!(group["isGroupAccount"], true);
    assert_eq!(group["canPurchase"], false, "group accounts do not buy");
}

#[tokio::test]
async fn the_partner_is_in_the_partner_portal_with_approvals() {
    let app = TestApp::spawn().await;
    let acc = app.account(&app.login("partner@demo.test").await).await;
    for flag in [
        "isPartner",
        "isUserOnPartner",
        "partnerResellerApprovedFlag",
        "partnerReferrerApprovedFlag",
        "canAccessPartnerAccounts",
        "canAccessPartnerRewards",
        "canAddPartnerAccounts",
        "canAccessPartnerBilling",
        "userCanCreatePartnerAccounts",
    ] {
        assert_eq!(acc[flag], true, "{flag}");
    }
    assert_eq!(acc["accounts"].as_array().unwrap().len(), 3);
    let state = serde_json::from_value(acc).unwrap();
    assert_eq!(domain::build_menu(&state).title, "Partner");
    assert_eq!(domain::resolve("/routing", &state).path, "/partner/accounts");
}

#[tokio::test]
async fn the_technology_partner_and_system_manager_are_marked() {
    let app = TestApp::spawn().await;
    let tech = app.account(&app.login("techpartner@demo.test").await).await;
    assert_eq!(tech["isTechPartner"], true);
    assert_eq!(tech["isPartner"], false);
    let manager = app.account(&app.login("manager@demo.test").await).await;
    assert_eq!(manager["isSystemManager"], true);
}

#[tokio::test]
async fn account_scopes_match_the_account_details() {
    let app = TestApp::spawn().await;
    let token = app.login("starter@demo.test").await;
    let acc = app.account(&token).await;
    let reply = app.get("/api/accountsettings/getAccountScopes", Some(&token)).await;
    assert_eq!(reply.status, StatusCode::OK);
    let scopes = reply.json();
    for key in ["packageScopes", "addonScopes", "nextPackageScopes"] {
        assert_eq!(scopes[key], acc[key], "{key}");
    }
}

#[tokio::test]
async fn only_system_managers_may_swap_the_reports_version() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let refused = app.get("/api/users/swapReportVersionFromAdminArea", Some(&owner)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.json()["code"], "FORBIDDEN");
    assert_eq!(app.account(&owner).await["showReports2023"], false);

    let manager = app.login("manager@demo.test").await;
    let on = app.get("/api/users/swapReportVersionFromAdminArea", Some(&manager)).await;
    assert_eq!(on.status, StatusCode::OK);
    assert_eq!(on.json()["value"], true);
    assert_eq!(app.account(&manager).await["showReports2023"], true);
    let off = app.get("/api/users/swapReportVersionFromAdminArea", Some(&manager)).await;
    assert_eq!(off.json()["value"], false);
}

#[tokio::test]
async fn a_logo_is_served_only_to_users_of_that_customer() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let logo = app.get("/logos/100.svg", Some(&owner)).await;
    assert_eq!(logo.status, StatusCode::OK);
    assert_eq!(logo.header("content-type").as_deref(), Some("image/svg+xml"));
    assert!(logo.text().starts_with("<svg"));
    assert_eq!(app.get("/logos/300.svg", Some(&owner)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_user_refused_users_or_billing_is_sent_to_unauthorised_naming_the_account_owner() {
    let app = TestApp::spawn().await;
    let acc = app.account(&app.login("user@demo.test").await).await;
    assert_eq!(acc["accountOwnerName"], "Olivia Owen");
    let state: domain::AccountState = serde_json::from_value(acc).unwrap();
    for path in ["/users", "/billing/details", "/invoices"] {
        assert_eq!(domain::resolve(path, &state).path, "/unauthorised", "{path}");
    }
    let notice = domain::unauthorised_notice("/users", &state);
    assert_eq!(notice.reason, "You cannot open Users because your user does not have the User admin permission.");
    assert_eq!(notice.ask, "Ask Olivia Owen, the account owner, to give you access.");
    // The API refuses the pages' calls as before.
    let token = app.login("user@demo.test").await;
    assert_eq!(app.get("/api/users/getUsers/onaccount", Some(&token)).await.status, StatusCode::FORBIDDEN);

    // The owner (who gives permissions) is named on every account state, the owner's own too.
    let owner = app.account(&app.login("owner@demo.test").await).await;
    assert_eq!(owner["accountOwnerName"], "Olivia Owen");
}
