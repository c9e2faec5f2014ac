//! The partner portal: the client list, adding a client (with its owner invited),
//! the entry into a client account, and who may do each.

use axum::http::StatusCode;
use domain::partners::add_account::{ACCOUNT_REQUIRED, ACCOUNT_TOO_LONG, CUSTOMER_CREATED};
use domain::users::EMAIL_IN_USE;
use serde_json::Value;

use crate::helpers::{rows_as_text, TestApp};

const ACCOUNTS: &str = "/api/partnerportal/getAccounts";
const ADD: &str = "/api/partnerportal/addAccount";

fn names(reply: &Value) -> Vec<String> {
    reply["accounts"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap().to_string()).collect()
}

async fn exec(app: &TestApp, sql: &str) {
    sqlx::query(sql).execute(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// Another partner (650) with a client (651) that the demo partner user can also reach.
async fn another_partner_with_a_client_priya_reaches(app: &TestApp) {
    exec(app, "INSERT INTO customers (id, name, package_name, plan, is_partner, created_at) VALUES (650, 'Other Partner Ltd', 'Professional', 'Professional', 1, 0)").await;
    exec(app, "INSERT INTO customers (id, name, package_name, plan, partner_id, partner_programme, created_at) VALUES (651, 'Other Client Ltd', 'Starter', 'Starter', 650, 'reseller', 0)").await;
    exec(app, "INSERT INTO user_access (user_id, customer_id, auth_code) VALUES (8, 651, 25)").await;
}

#[tokio::test]
async fn the_partner_sees_its_clients_with_their_numbers_and_calls() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let reply = app.get(ACCOUNTS, Some(&token)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    assert_eq!(names(&body), ["Greenway Garden Centre", "Riverside Veterinary Practice"]);
    let riverside = &body["accounts"][1];
    assert_eq!(riverside["accountCode"], "RVP-602");
    assert_eq!(riverside["packageName"], "Professional");
    assert_eq!(riverside["programme"], "reseller");
    assert_eq!(riverside["numbers"], 3);
    let calls = rows_as_text(
        &app.state.db,
        &format!(
            "SELECT COUNT(*) FROM calls WHERE customer_id = 602 AND direction = 'inbound' AND started_at >= {}",
            crate::helpers::TEST_NOW - 30 * 86_400
        ),
    )
    .await;
    assert_eq!(format!("[{}]", riverside["calls30Days"]), calls[0]);
    assert!(riverside["calls30Days"].as_i64().unwrap() > 0, "the demo's clients take calls");
    assert!(riverside["dateAdded"].as_str().unwrap().contains('/'));
    assert_eq!(body["canAddAccounts"], true);
}

#[tokio::test]
async fn the_portal_calls_are_refused_outside_a_partner_account() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    assert_eq!(app.get(ACCOUNTS, Some(&owner)).await.status, StatusCode::FORBIDDEN);
    let reply = app.post_form(ADD, Some(&owner), &[("accountName", "Sneaky Ltd")]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    let tech = app.login("techpartner@demo.test").await;
    assert_eq!(app.get(ACCOUNTS, Some(&tech)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/partnerportal/getRewards", Some(&tech)).await.status, StatusCode::FORBIDDEN);
    // A partner user inside a client account is in the client's admin area, not the portal: it
    // reads the partner's accounts there (Billing > Accounts, /partneraccounts) but adds none.
    let partner = app.login("partner@demo.test").await;
    app.post_form("/api/login/", Some(&partner), &[("form_customer_id", "602")]).await;
    assert_eq!(app.get(ACCOUNTS, Some(&partner)).await.json()["canAddAccounts"], false);
    let reply = app.post_form(ADD, Some(&partner), &[("accountName", "Sneaky Ltd")]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    exec(&app, "UPDATE user_access SET perm_accounts = 0 WHERE user_id = 8").await;
    assert_eq!(app.get(ACCOUNTS, Some(&partner)).await.status, StatusCode::FORBIDDEN, "without the accounts right");
    assert_eq!(rows_as_text(&app.state.db, "SELECT COUNT(*) FROM customers WHERE name = 'Sneaky Ltd'").await, ["[0]"]);
}

#[tokio::test]
async fn the_list_needs_the_accounts_right_and_adding_needs_the_add_right_and_approval() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    exec(&app, "UPDATE user_access SET perm_add_accounts = 0 WHERE user_id = 8 AND customer_id = 600").await;
    assert_eq!(app.get(ACCOUNTS, Some(&token)).await.json()["canAddAccounts"], false);
    let reply = app.post_form(ADD, Some(&token), &[("accountName", "New Client Ltd")]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);

    exec(&app, "UPDATE user_access SET perm_add_accounts = 1 WHERE user_id = 8 AND customer_id = 600").await;
    exec(&app, "UPDATE customers SET reseller_approved = 0 WHERE id = 600").await;
    // Without reseller approval the menu's Accounts leads to the reseller benefits page.
    assert_eq!(app.get(ACCOUNTS, Some(&token)).await.status, StatusCode::FORBIDDEN);
    let resold = app.post_form(ADD, Some(&token), &[("accountName", "New Client Ltd")]).await;
    assert_eq!(resold.status, StatusCode::FORBIDDEN, "reselling needs reseller approval");
    let referred =
        app.post_form(ADD, Some(&token), &[("accountName", "Referred Ltd"), ("programme", "referrer")]).await;
    assert_eq!(referred.status, StatusCode::OK, "referring needs only referrer approval: {}", referred.text());

    exec(&app, "UPDATE customers SET reseller_approved = 1 WHERE id = 600").await;
    assert_eq!(app.get(ACCOUNTS, Some(&token)).await.status, StatusCode::OK);
    exec(&app, "UPDATE user_access SET perm_accounts = 0 WHERE user_id = 8 AND customer_id = 600").await;
    assert_eq!(app.get(ACCOUNTS, Some(&token)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn adding_a_client_lists_it_at_once_and_invites_its_owner() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let fields = [
        ("accountName", "Northern Lights Dental"),
        ("form_first_name", "Nadia"),
        ("form_last_name", "North"),
        ("form_email", "nadia@northernlights.example"),
    ];
    let reply = app.post_multipart(ADD, Some(&token), &fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["message"], CUSTOMER_CREATED);
    assert_eq!(body["invited"], "nadia@northernlights.example");
    let id = body["id"].as_i64().unwrap();

    let list = app.get(ACCOUNTS, Some(&token)).await.json();
    assert!(names(&list).contains(&"Northern Lights Dental".to_string()));
    let row = list["accounts"].as_array().unwrap().iter().find(|a| a["id"] == id).unwrap().clone();
    assert_eq!(row["accountCode"], format!("NLD-{id}"));
    assert_eq!(row["packageName"], "Starter");
    assert_eq!(row["programme"], "reseller");
    assert_eq!((row["numbers"].as_i64(), row["calls30Days"].as_i64()), (Some(0), Some(0)));

    let mail = rows_as_text(
        &app.state.db,
        "SELECT to_email, link FROM outbox WHERE to_email = 'nadia@northernlights.example'",
    )
    .await;
    assert_eq!(mail.len(), 1);
    assert!(mail[0].contains("/resetpassword?welcome=1&token="), "a set-password link: {}", mail[0]);
    let access = rows_as_text(
        &app.state.db,
        &format!(
            "SELECT u.home_customer_id, a.auth_code FROM users u JOIN user_access a ON a.user_id = u.id
             WHERE u.email = 'nadia@northernlights.example' AND a.customer_id = {id}"
        ),
    )
    .await;
    assert_eq!(access, [format!("[{id},25]")]);

    // The partner's user reaches the new client through the portal.
    let entered = app.post_form("/api/login/", Some(&token), &[("form_customer_id", &id.to_string())]).await;
    assert_eq!(entered.status, StatusCode::OK, "{}", entered.text());
    assert_eq!(app.account(&token).await["customerName"], "Northern Lights Dental");
    // Its subscription shows its plan's price and the plan's charge, as a plan bought online.
    let usage = app.get("/api/services/getAccountUsage", Some(&token)).await;
    assert_eq!(usage.status, StatusCode::OK, "{}", usage.text());
    assert_eq!(
        (usage.json()["planPrice"].as_f64(), usage.json()["planBillingFrequency"].as_str()),
        (Some(49.0), Some("1"))
    );
    let charges = app.get("/api/services/getCustomerCharges", Some(&token)).await;
    assert_eq!(charges.status, StatusCode::OK, "{}", charges.text());
    assert!(charges.text().contains("Starter plan"), "{}", charges.text());
}

#[tokio::test]
async fn a_client_without_an_owner_invites_nobody() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let before = rows_as_text(&app.state.db, "SELECT COUNT(*) FROM outbox").await;
    let reply = app.post_form(ADD, Some(&token), &[("accountName", "Quiet Ltd")]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json()["invited"], Value::Null);
    assert_eq!(rows_as_text(&app.state.db, "SELECT COUNT(*) FROM outbox").await, before);
}

#[tokio::test]
async fn each_add_account_message_is_answered_and_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let before = rows_as_text(&app.state.db, "SELECT COUNT(*) FROM customers").await;
    let long = "A".repeat(81);
    type Fields<'a> = &'a [(&'a str, &'a str)];
    let cases: [(Fields, &str, &str); 5] = [
        (&[("accountName", "  ")], "accountName", ACCOUNT_REQUIRED),
        (&[("accountName", long.as_str())], "accountName", ACCOUNT_TOO_LONG),
        (
            &[("accountName", "Acme <b>")],
            "accountName",
            "Invalid characters found. Allowed Characters are numbers, letters, hyphens, underscores and spaces",
        ),
        (&[("accountName", "Acme"), ("form_first_name", "Ann")], "form_email", "Email is required."),
        (
            &[
                ("accountName", "Acme"),
                ("form_first_name", "Ann"),
                ("form_last_name", "Lee"),
                ("form_email", "owner@demo.test"),
            ],
            "form_email",
            EMAIL_IN_USE,
        ),
    ];
    for (fields, field, message) in cases {
        let reply = app.post_form(ADD, Some(&token), fields).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{fields:?}: {}", reply.text());
        assert_eq!(reply.json()["errors"][field], message, "{fields:?}");
    }
    let bad_programme = app.post_form(ADD, Some(&token), &[("accountName", "Acme"), ("programme", "agent")]).await;
    assert_eq!(bad_programme.status, StatusCode::BAD_REQUEST);
    assert_eq!(rows_as_text(&app.state.db, "SELECT COUNT(*) FROM customers").await, before);
}

#[tokio::test]
async fn the_portal_enters_only_the_partners_own_clients() {
    let app = TestApp::spawn().await;
    another_partner_with_a_client_priya_reaches(&app).await;
    let token = app.login("partner@demo.test").await;
    for customer in ["651", "100", "700", "999999"] {
        let reply = app.post_form("/api/login/", Some(&token), &[("form_customer_id", customer)]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "customer {customer}");
        assert!(!reply.text().contains("Other Client"), "nothing about the other partner's client leaks");
    }
    assert_eq!(app.account(&token).await["customerId"], 600);
    assert!(!names(&app.get(ACCOUNTS, Some(&token)).await.json()).contains(&"Other Client Ltd".to_string()));
}

#[tokio::test]
async fn partner_details_name_the_users_partner() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let reply = app.get("/api/partnerportal/getPartnerDetails/", Some(&token)).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json(), serde_json::json!([{ "id": 600, "name": "Brightside Marketing" }]));
    let owner = app.login("owner@demo.test").await;
    assert_eq!(app.get("/api/partnerportal/getPartnerDetails/", Some(&owner)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_partner_menus_users_and_billing_are_the_shared_screens_calls() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    for path in [
        "/api/users/getUsers/onaccount",
        "/api/users/getPartnerUserPermissions/8/1",
        "/api/invoices/getInvoiceList",
        "/api/billingdetails/getBillingDetails",
    ] {
        let reply = app.get(path, Some(&token)).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text());
    }
    let grid = app.get("/api/users/getPartnerUserPermissions/8/1", Some(&token)).await.text();
    assert!(grid.contains("Brightside Marketing"), "the partner columns name the partner's accounts: {grid}");
}

#[tokio::test]
async fn the_portals_entry_with_no_client_chosen_asks_for_one() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let reply = app.post_form("/api/login/", Some(&token), &[("form_partner_login", "")]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert_eq!(reply.json()["errors"]["form_customer_id"], domain::partners::CHOOSE_AN_ACCOUNT);
    assert_eq!(app.account(&token).await["customerId"], 600);
}
