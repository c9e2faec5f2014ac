use axum::http::StatusCode;
use serde_json::{json, Value};
use server::db::Flag;

use crate::helpers::TestApp;

/// A valid new-user form on Harbour Lane Dental.
fn new_user(email: &str) -> Vec<(&'static str, String)> {
    vec![
        ("form_first_name", "Nina".into()),
        ("form_last_name", "Okafor".into()),
        ("form_email", email.into()),
        ("form_auth_code", "10".into()),
        ("form_provisioning", "0".into()),
        ("form_recordings", "0".into()),
        ("form_customer", "100".into()),
        ("hasAccessToNewOutbound", "0".into()),
        ("form_permission", json!([{ "customerId": 100, "PERM_REPORTS": true, "PERM_BILLING": true }]).to_string()),
        ("form_permission_all", json!({ "100": false }).to_string()),
    ]
}

fn with<'a>(mut form: Vec<(&'a str, String)>, field: &'a str, value: &str) -> Vec<(&'a str, String)> {
    form.retain(|(f, _)| *f != field);
    form.push((field, value.to_string()));
    form
}

async fn save(app: &TestApp, token: &str, id: i64, form: &[(&str, String)]) -> crate::helpers::Reply {
    let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    app.post_multipart(&format!("/api/users/save/{id}"), Some(token), &fields).await
}

async fn find(app: &TestApp, token: &str, email: &str) -> Option<Value> {
    let body = app.get("/api/users/getUsers/onaccount", Some(token)).await.json();
    body["users"].as_array().unwrap().iter().find(|r| r["UserEmail"] == email).cloned()
}

#[tokio::test]
async fn creating_a_user_stores_them_with_their_permissions_and_mails_a_link() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let reply = save(&app, &token, 0, &new_user("nina.okafor@example.test")).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let id = reply.json()["id"].as_i64().unwrap();
    let row = find(&app, &token, "nina.okafor@example.test").await.expect("listed");
    assert_eq!(row["UserID"], id);
    assert_eq!(row["Authorisation"], "User");
    assert_eq!(row["PERM_REPORTS"], true);
    assert_eq!(row["PERM_BILLING"], true);
    assert_eq!(row["PERM_USER_ADMIN"], false);
    let (to, subject): (String, String) =
        sqlx::query_as("SELECT to_email, subject FROM outbox ORDER BY id DESC LIMIT 1")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert_eq!(to, "nina.okafor@example.test");
    assert_eq!(subject, "Welcome to Calltrack");
}

#[tokio::test]
async fn each_rule_of_the_form_is_checked_again_on_the_server() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let base = new_user("x@example.test");
    let cases = [
        ("form_first_name", "", "First name is required."),
        ("form_first_name", "Abcdefghijklmnopqrstu", "First name cannot exceed 20 characters."),
        ("form_last_name", "", "Last name is required."),
        ("form_email", "", "Email is required."),
        ("form_email", "nina@", "Must be a valid email."),
        ("form_auth_code", "", "Authority code is required."),
        ("form_customer", "", "Customer is required."),
        ("form_user_outbound_number", "0161", "Phone number must be at least 11 digits in length."),
        ("form_user_outbound_number", "03001234567", "Number must start with 01, 02 or 07."),
        ("hasAccessToNewOutbound", "", "Outbound access is required."),
    ];
    for (field, value, message) in cases {
        let reply = save(&app, &token, 0, &with(base.clone(), field, value)).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}={value}");
        let key = if field == "hasAccessToNewOutbound" { "hasAccessToNewOutbound" } else { field };
        assert_eq!(reply.json()["errors"][key], message, "{field}={value}");
        assert_eq!(reply.json()["code"], "VALIDATION_FAILED");
    }
    assert!(find(&app, &token, "x@example.test").await.is_none(), "nothing was stored");
}

#[tokio::test]
async fn a_taken_email_is_refused_by_the_check_and_by_save() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let check =
        app.post_multipart("/api/users/checkUniqueEmail/", Some(&token), &[("form_email", "ADMIN@demo.test")]).await;
    assert_eq!(check.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(check.json()["code"], "VALIDATION_FAILED");
    assert_eq!(check.json()["errors"]["form_email"], "This email is already in use.");
    let own = app
        .post_multipart(
            "/api/users/checkUniqueEmail/",
            Some(&token),
            &[("form_email", "admin@demo.test"), ("userId", "2")],
        )
        .await;
    assert_eq!(own.status, StatusCode::OK, "a user's own email is not taken");
    let free =
        app.post_multipart("/api/users/checkUniqueEmail/", Some(&token), &[("form_email", "free@example.test")]).await;
    assert_eq!(free.json()["success"], true);
    let reply = save(&app, &token, 0, &new_user("admin@demo.test")).await;
    assert_eq!(reply.json()["errors"]["form_email"], "This email is already in use.");
}

#[tokio::test]
async fn call_recording_needs_the_feature_on_the_editor() {
    let app = TestApp::spawn().await;
    let token = app.login("admin@demo.test").await;
    let reply = save(&app, &token, 0, &with(new_user("rec@example.test"), "form_recordings", "1")).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        reply.json()["errors"]["form_recordings"],
        "To enable call recording for a user you must have the feature enabled on your user and account."
    );
    let owner = app.login("owner@demo.test").await;
    let reply = save(&app, &owner, 0, &with(new_user("rec@example.test"), "form_recordings", "1")).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
}

#[tokio::test]
async fn nobody_gives_a_level_above_their_own() {
    let app = TestApp::spawn().await;
    let token = app.login("admin@demo.test").await;
    let reply = save(&app, &token, 0, &with(new_user("boss@example.test"), "form_auth_code", "25")).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    let reply = save(&app, &token, 0, &with(new_user("peer@example.test"), "form_auth_code", "20")).await;
    assert_eq!(reply.status, StatusCode::OK);
}

#[tokio::test]
async fn editing_a_higher_user_is_forbidden_and_another_customers_user_is_404() {
    let app = TestApp::spawn().await;
    let token = app.login("admin@demo.test").await;
    let form = with(new_user("owner@demo.test"), "form_first_name", "Hacked");
    assert_eq!(save(&app, &token, 1, &form).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/users/getUserDetails/1", Some(&token)).await.status, StatusCode::FORBIDDEN);
    let starter = app.get("/api/users/getUserDetails/4", Some(&token)).await;
    assert_eq!(starter.status, StatusCode::NOT_FOUND);
    assert!(!starter.text().contains("Stone"));
    let form = with(new_user("starter@demo.test"), "form_first_name", "Hacked");
    assert_eq!(save(&app, &token, 4, &form).await.status, StatusCode::NOT_FOUND);
    let (name,): (String,) =
        sqlx::query_as("SELECT forename FROM users WHERE id = 4").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(name, "Sam", "nothing changed");
}

#[tokio::test]
async fn permissions_for_a_customer_the_editor_does_not_administer_are_refused() {
    let app = TestApp::spawn().await;
    let token = app.login("admin@demo.test").await;
    let form = with(
        new_user("sneaky@example.test"),
        "form_permission",
        &json!([{ "customerId": 300, "PERM_REPORTS": true }]).to_string(),
    );
    assert_eq!(save(&app, &token, 0, &form).await.status, StatusCode::NOT_FOUND);
    assert!(find(&app, &token, "sneaky@example.test").await.is_none());
}

#[tokio::test]
async fn only_editable_permissions_change() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let id = save(&app, &owner, 0, &new_user("nina@example.test")).await.json()["id"].as_i64().unwrap();
    // The user at 10 has only Reports and services admin rights: they cannot reach the form,
    // so use an editor whose rights are limited by the grid: editing themselves.
    let admin = app.login("admin@demo.test").await;
    let own = with(
        new_user("admin@demo.test"),
        "form_permission",
        &json!([{ "customerId": 100, "PERM_REPORTS": false }]).to_string(),
    );
    let own = with(with(own, "form_first_name", "Adam"), "form_last_name", "Ashworth");
    let reply = save(&app, &admin, 2, &with(own, "form_auth_code", "10")).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let row = find(&app, &owner, "admin@demo.test").await.unwrap();
    assert_eq!(row["PERM_REPORTS"], true, "own permissions are read-only");
    assert_eq!(row["UserAuthCode"], 20, "own level is read-only");
    let reply = save(
        &app,
        &owner,
        id,
        &with(
            new_user("nina@example.test"),
            "form_permission",
            &json!([{ "customerId": 100, "PERM_USER_ADMIN": true }]).to_string(),
        ),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK);
    let row = find(&app, &owner, "nina@example.test").await.unwrap();
    assert_eq!(row["PERM_USER_ADMIN"], true);
    assert_eq!(row["PERM_REPORTS"], false);
}

#[tokio::test]
async fn the_form_object_and_permission_rows_load() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let details = app.get("/api/users/getUserDetails/2", Some(&token)).await;
    assert_eq!(details.status, StatusCode::OK, "{}", details.text());
    let body = details.json();
    assert_eq!(body["user"]["forename"], "Adam");
    assert_eq!(body["user"]["userAuthCode"], "20");
    assert_eq!(body["context"]["authCodes"].as_array().unwrap().len(), 3);
    assert_eq!(body["context"]["customers"].as_array().unwrap().len(), 2);
    assert_eq!(body["user"]["outboundDaily"]["enabled"], true);
    assert_eq!(body["user"]["outboundMonthly"]["enabled"], false);
    let blank = app.get("/api/users/getUserDetails/0", Some(&token)).await.json();
    assert_eq!(blank["user"]["customerID"], "100");

    let perms = app.get("/api/users/getUserPermissions/2/20/1", Some(&token)).await.json();
    let rows = perms["permissions"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    let dental = rows.iter().find(|r| r["customerId"] == 100).unwrap();
    assert_eq!(dental["PERM_REPORTS"], true);
    assert_eq!(dental["CustomerName"], "Harbour Lane Dental");
    assert!(perms["columns"].as_array().unwrap().iter().all(|c| c["editable"] == true));
    let own = app.get("/api/users/getUserPermissions/1/25/1", Some(&token)).await.json();
    assert!(own["columns"].as_array().unwrap().iter().all(|c| c["editable"] == false));
    let defaults = app.get("/api/users/getUserPermissions/0/25/0", Some(&token)).await.json();
    assert_eq!(defaults["selectAll"]["100"], true);
}

#[tokio::test]
async fn partner_permissions_are_for_partners_and_appended_on_save() {
    let app = TestApp::spawn().await;
    let partner = app.login("partner@demo.test").await;
    let perms = app.get("/api/users/getPartnerUserPermissions/0/0", Some(&partner)).await;
    assert_eq!(perms.status, StatusCode::OK, "{}", perms.text());
    let keys: Vec<_> = perms.json()["columns"].as_array().unwrap().iter().map(|c| c["permission"].clone()).collect();
    assert_eq!(keys, vec!["PERM_BILLING", "PERM_USER_ADMIN", "PERM_ACCOUNTS", "PERM_ADD_ACCOUNTS", "PERM_REWARDS"]);
    let mut form = new_user("sales@brightside.test");
    form = with(form, "form_customer", "600");
    form = with(form, "form_permission", &json!([{ "customerId": 600, "PERM_REPORTS": true }]).to_string());
    form = with(form, "form_user_permissions", &json!(["PERM_ACCOUNTS", "PERM_REWARDS"]).to_string());
    let reply = save(&app, &partner, 0, &form).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let id = reply.json()["id"].as_i64().unwrap();
    let (Flag(accounts), Flag(rewards), Flag(reports)): (Flag, Flag, Flag) = sqlx::query_as(
        "SELECT perm_accounts, perm_rewards, perm_reports FROM user_access WHERE user_id = $1 AND customer_id = 600",
    )
    .bind(id)
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert!(accounts && rewards && reports);
    let owner = app.login("owner@demo.test").await;
    assert_eq!(app.get("/api/users/getPartnerUserPermissions/0/0", Some(&owner)).await.status, StatusCode::FORBIDDEN);
}
