use axum::http::StatusCode;

use crate::helpers::TestApp;

const SWITCH: &str = "/api/accountsettings/switchAccount";

#[tokio::test]
async fn a_user_switches_to_another_account_they_have() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let reply = app
        .post_multipart(
            SWITCH,
            Some(&token),
            &[
                ("form_partner_login", "0"),
                ("form_customer_id", "101"),
                ("form_customer_name", "Harbour Lane Orthodontics"),
            ],
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json()["customerId"], 101);
    let acc = app.account(&token).await;
    assert_eq!(acc["customerId"], 101);
    assert_eq!(acc["customerName"], "Harbour Lane Orthodontics");
    assert_eq!(acc["parameters"], serde_json::json!(["Clinic"]));
    assert_eq!(acc["hasOutbound"], false, "flags are those of the new account");
}

#[tokio::test]
async fn switching_to_a_customer_the_user_lacks_is_404_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let reply =
        app.post_form(SWITCH, Some(&token), &[("form_customer_id", "300"), ("form_customer_name", "Atlas")]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert!(!reply.text().contains("Atlas Insurance"), "nothing about the other customer leaks");
    assert_eq!(app.account(&token).await["customerId"], 100);
}

#[tokio::test]
async fn a_malformed_customer_id_is_400() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let reply = app.post_form(SWITCH, Some(&token), &[("form_customer_id", "abc")]).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.json()["code"], "BAD_REQUEST");
}

#[tokio::test]
async fn a_partner_enters_a_client_account_and_gets_the_main_menu() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let reply = app
        .post_multipart(
            "/api/login/",
            Some(&token),
            &[("form_partner_login", "1"), ("form_customer_id", "602"), ("form_customer_name", "Riverside")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK);
    let acc = app.account(&token).await;
    assert_eq!(acc["isPartner"], false);
    assert_eq!(acc["isUserOnPartner"], true);
    let state: domain::AccountState = serde_json::from_value(acc).unwrap();
    assert_eq!(domain::build_menu(&state).title, "Admin");
    assert_eq!(domain::resolve("/routing", &state).path, "/routing");
}

#[tokio::test]
async fn switching_needs_a_session() {
    let app = TestApp::spawn().await;
    let reply = app.post_form(SWITCH, None, &[("form_customer_id", "100")]).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_partner_portal_entry_returns_a_partner_to_their_own_account() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    app.post_multipart("/api/login/", Some(&token), &[("form_partner_login", "0"), ("form_customer_id", "601")]).await;
    assert_eq!(app.account(&token).await["customerId"], 601);
    let reply =
        app.post_multipart("/api/login/", Some(&token), &[("form_partner_login", "1"), ("form_customer_id", "")]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let acc = app.account(&token).await;
    assert_eq!(acc["customerId"], 600);
    assert_eq!(acc["isPartner"], true);
}

#[tokio::test]
async fn the_partner_portal_entry_is_404_for_users_who_are_not_partners() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let reply = app.post_multipart("/api/login/", Some(&token), &[("form_partner_login", "1")]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(app.account(&token).await["customerId"], 100);
}

#[tokio::test]
async fn a_switch_with_no_account_chosen_asks_for_one_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    for flag in ["", "0"] {
        let reply = app.post_multipart(SWITCH, Some(&token), &[("form_partner_login", flag)]).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
        assert_eq!(reply.json()["errors"]["form_customer_id"], domain::partners::CHOOSE_AN_ACCOUNT);
    }
    assert_eq!(app.account(&token).await["customerId"], 100);
}
