//! Each process keeps the account states it derived, and uses one only while the
//! version numbers read with the session are those it was derived at. Every kind of change is
//! made through one process (A) after the other (B, its own pool and its own kept states on
//! the same database) has kept the state; B's next request shows the change.

use axum::body::Body;
use axum::http::StatusCode;
use serde_json::{json, Value};
use server::store::CustomerId;

use crate::helpers::{request, SecondProcess, TestApp};

const DETAILS: &str = "/api/accountsettings/getAccountDetails";
const DAY: i64 = 24 * 60 * 60;

/// A second server process on A's database (pool and kept states of its own) reads the account.
trait Accounts {
    async fn account(&self, token: &str) -> Value;
    async fn kept_account(&self, token: &str) -> Value;
}

impl Accounts for SecondProcess {
    async fn account(&self, token: &str) -> Value {
        let reply = self.get(DETAILS, token).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        reply.json()
    }

    /// Reads the account twice (the second from the kept state) and returns it.
    async fn kept_account(&self, token: &str) -> Value {
        let first = self.account(token).await;
        assert!(!self.state.account_states.is_empty(), "the state is kept");
        assert_eq!(self.account(token).await, first);
        first
    }
}

fn has(list: &Value, item: &str) -> bool {
    list.as_array().unwrap().iter().any(|v| v == item)
}

async fn run(app: &TestApp, sql: &str) {
    sqlx::query(sql).execute(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

#[tokio::test]
async fn a_plan_change_shows_in_the_other_process() {
    let app = TestApp::spawn().await;
    let b = SecondProcess::of(&app).await;
    let starter = app.login("starter@demo.test").await;
    assert_eq!(b.kept_account(&starter).await["packageName"], "Starter");
    let mut tx = app.state.db.begin().await.unwrap();
    assert!(server::store::charges::upgrade_to_professional(&mut tx, CustomerId::new(200)).await.unwrap());
    tx.commit().await.unwrap();
    let account = b.account(&starter).await;
    assert_eq!(account["packageName"], "Professional");
    assert_eq!(account["packageScopes"], app.account(&starter).await["packageScopes"]);
}

#[tokio::test]
async fn an_add_on_bought_and_removed_shows_in_the_other_process() {
    let app = TestApp::spawn().await;
    let b = SecondProcess::of(&app).await;
    let owner = app.login("owner@demo.test").await;
    assert!(!has(&b.kept_account(&owner).await["packageScopes"], "report_voice_tags"));
    let reply = app.post_multipart("/api/services/addAddon", Some(&owner), &[("scope", "report_voice_tags")]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let account = b.account(&owner).await;
    assert!(has(&account["packageScopes"], "report_voice_tags"));
    assert_eq!(account["hasSpeech"], true);
    run(&app, "DELETE FROM customer_addons WHERE customer_id = 100 AND scope = 'report_voice_tags'").await;
    assert!(!has(&b.account(&owner).await["packageScopes"], "report_voice_tags"));
}

#[tokio::test]
async fn a_plans_scopes_changed_show_in_the_other_process() {
    let app = TestApp::spawn().await;
    let b = SecondProcess::of(&app).await;
    let owner = app.login("owner@demo.test").await;
    assert!(!has(&b.kept_account(&owner).await["packageScopes"], "report_new_thing"));
    run(&app, "INSERT INTO plan_scopes (plan, scope, addon) VALUES ('Professional', 'report_new_thing', 0)").await;
    assert!(has(&b.account(&owner).await["packageScopes"], "report_new_thing"));
}

#[tokio::test]
async fn a_speech_trial_shows_in_the_other_process_and_ends_there_on_time() {
    let app = TestApp::spawn().await;
    let b = SecondProcess::of(&app).await;
    let starter = app.login("starter@demo.test").await;
    assert_eq!(b.kept_account(&starter).await["hasSpeech"], false);
    let reply = app.post_multipart("/api/tryspeech/startTrial", Some(&starter), &[("terms", "1")]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(b.account(&starter).await["hasSpeech"], true);
    let reply = app.post_multipart("/api/tryspeech/cancelTrial", Some(&starter), &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(b.kept_account(&starter).await["hasSpeech"], true, "a cancelled trial runs to its end");
    // Its end changes the state with no write: the kept state ends then. (A fresh session,
    // since the first has been idle for longer than a session may be.)
    app.state.clock.advance(15 * DAY);
    let starter = app.login("starter@demo.test").await;
    assert_eq!(b.account(&starter).await["hasSpeech"], false);
}

/// The user form for Uma Upton (user@demo.test, a User of Harbour Lane Dental), with billing.
fn uma_with_billing() -> Vec<(&'static str, String)> {
    vec![
        ("form_first_name", "Uma".into()),
        ("form_last_name", "Upton".into()),
        ("form_email", "user@demo.test".into()),
        ("form_auth_code", "10".into()),
        ("form_provisioning", "0".into()),
        ("form_recordings", "0".into()),
        ("form_customer", "100".into()),
        ("hasAccessToNewOutbound", "0".into()),
        ("form_permission", json!([{ "customerId": 100, "PERM_REPORTS": true, "PERM_BILLING": true }]).to_string()),
        ("form_permission_all", json!({ "100": false }).to_string()),
    ]
}

#[tokio::test]
async fn a_users_rights_changed_show_in_the_other_process() {
    let app = TestApp::spawn().await;
    let b = SecondProcess::of(&app).await;
    let user = app.login("user@demo.test").await;
    assert_eq!(b.kept_account(&user).await["canAccessBilling"], false);
    let owner = app.login("owner@demo.test").await;
    let form = uma_with_billing();
    let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let reply = app.post_multipart("/api/users/save/3", Some(&owner), &fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(b.account(&user).await["canAccessBilling"], true);
}

#[tokio::test]
async fn access_removed_or_a_session_ended_shows_in_the_other_process() {
    let app = TestApp::spawn().await;
    let b = SecondProcess::of(&app).await;
    let user = app.login("user@demo.test").await;
    b.kept_account(&user).await;
    let mut tx = app.state.db.begin().await.unwrap();
    server::store::user_admin::remove_access(&mut tx, 3, CustomerId::new(100)).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(b.get(DETAILS, &user).await.status, StatusCode::FORBIDDEN);
    assert_eq!(b.get("/api/managenumbers/getNumbers", &user).await.status, StatusCode::FORBIDDEN);

    let owner = app.login("owner@demo.test").await;
    b.kept_account(&owner).await;
    let reply = app.send(request("POST", "/logout", Some(&owner), false).body(Body::empty()).unwrap()).await;
    assert!(reply.status.is_redirection(), "{}", reply.status);
    assert_eq!(b.get(DETAILS, &owner).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_account_switch_shows_in_the_other_process() {
    let app = TestApp::spawn().await;
    let b = SecondProcess::of(&app).await;
    let owner = app.login("owner@demo.test").await;
    assert_eq!(b.kept_account(&owner).await["customerId"], 100);
    let switch = [("form_customer_id", "101"), ("form_customer_name", "Harbour Lane Orthodontics")];
    assert_eq!(app.post_form("/api/accountsettings/switchAccount", Some(&owner), &switch).await.status, StatusCode::OK);
    let account = b.account(&owner).await;
    assert_eq!(account["customerId"], 101);
    assert_eq!(account["customerName"], "Harbour Lane Orthodontics");
}

#[tokio::test]
async fn names_shown_from_other_rows_change_in_the_other_process() {
    let app = TestApp::spawn().await;
    let b = SecondProcess::of(&app).await;
    let admin = app.login("admin@demo.test").await;
    let owner = app.login("owner@demo.test").await;
    assert_eq!(b.kept_account(&admin).await["accountOwnerName"], "Olivia Owen");
    let names = |account: &Value| -> Vec<String> {
        account["accounts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["customerName"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(names(&b.kept_account(&owner).await).contains(&"Harbour Lane Orthodontics".to_string()));
    // The owner's name (another user's row) and the sister account's (another customer's row).
    run(&app, "UPDATE users SET surname = 'Owen-Price' WHERE id = 1").await;
    run(&app, "UPDATE customers SET name = 'Harbour Lane Braces' WHERE id = 101").await;
    assert_eq!(b.account(&admin).await["accountOwnerName"], "Olivia Owen-Price");
    assert!(names(&b.account(&owner).await).contains(&"Harbour Lane Braces".to_string()));
}

#[tokio::test]
async fn on_sqlite_the_session_is_read_on_a_connection_of_its_own_kept_for_the_next_request() {
    use server::store::session_reads::SessionReads;
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    for _ in 0..3 {
        assert_eq!(app.get(DETAILS, Some(&owner)).await.status, StatusCode::OK);
    }
    match &*app.state.session_reads {
        SessionReads::Sqlite(reads) => assert_eq!(reads.idle(), 1, "one connection, reused"),
        SessionReads::Pool(_) => assert!(app.state.settings.database_url.starts_with("postgres")),
    }
}
