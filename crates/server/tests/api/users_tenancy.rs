//! A user can reach several customers. An editor changes only the access to customers they
//! manage, judged by their own level on each, and changes who the user is (email, names,
//! password, the user as a whole) only when every customer the user reaches is theirs.

use axum::http::StatusCode;
use serde_json::json;
use server::db::Flag;

use crate::helpers::TestApp;

/// Morgan (user 10) is an owner on Harbour Lane Dental (100) and on Atlas Insurance (300);
/// owner@demo.test manages 100 and 101 only.
const SHARED_OWNER: i64 = 10;

async fn email_of(app: &TestApp, id: i64) -> String {
    let (email,): (String,) =
        sqlx::query_as("SELECT email FROM users WHERE id = $1").bind(id).fetch_one(&app.state.db).await.unwrap();
    email
}

async fn level_on(app: &TestApp, user: i64, customer: i64) -> Option<i64> {
    sqlx::query_as("SELECT auth_code FROM user_access WHERE user_id = $1 AND customer_id = $2")
        .bind(user)
        .bind(customer)
        .fetch_optional(&app.state.db)
        .await
        .unwrap()
        .map(|(level,): (i64,)| level)
}

/// Gives a user access to a customer at a level, with user admin and edit users there.
async fn make_user_admin(app: &TestApp, user: i64, customer: i64, level: i64) {
    sqlx::query(
        "INSERT INTO user_access (user_id, customer_id, auth_code, provisioning, perm_user_admin, perm_view_edit_users)
         VALUES ($1, $2, $3, '2', 1, 1)",
    )
    .bind(user)
    .bind(customer)
    .bind(level)
    .execute(&app.state.db)
    .await
    .unwrap();
}

async fn mails(app: &TestApp) -> i64 {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM outbox").fetch_one(&app.state.db).await.unwrap();
    n
}

fn form_for(first: &str, last: &str, email: &str, auth: &str, grid: serde_json::Value) -> Vec<(&'static str, String)> {
    vec![
        ("form_first_name", first.into()),
        ("form_last_name", last.into()),
        ("form_email", email.into()),
        ("form_auth_code", auth.into()),
        ("form_provisioning", "2".into()),
        ("form_recordings", "0".into()),
        ("form_customer", "100".into()),
        ("hasAccessToNewOutbound", "0".into()),
        ("form_permission", grid.to_string()),
    ]
}

async fn save(app: &TestApp, token: &str, id: i64, form: &[(&str, String)]) -> crate::helpers::Reply {
    let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    app.post_multipart(&format!("/api/users/save/{id}"), Some(token), &fields).await
}

#[tokio::test]
async fn the_cross_tenant_takeover_fails_at_its_first_step_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let takeover = form_for("Morgan", "Marsh", "attacker@evil.test", "25", json!([{ "customerId": 100 }]));
    let reply = save(&app, &owner, SHARED_OWNER, &takeover).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.text());
    assert_eq!(email_of(&app, SHARED_OWNER).await, "manager@demo.test");

    let reset = app.post_multipart("/api/users/sendPasswordReset/10", Some(&owner), &[]).await;
    assert_eq!(reset.status, StatusCode::FORBIDDEN);
    assert_eq!(mails(&app).await, 0);
    assert_eq!(app.delete_user(&owner, SHARED_OWNER).await.status, StatusCode::FORBIDDEN);
    assert_eq!(level_on(&app, SHARED_OWNER, 300).await, Some(25));
    assert_eq!(app.login_attempt("manager@demo.test", "demopass").await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_shared_users_access_to_the_editors_account_still_changes() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let grid = json!([{ "customerId": 100, "PERM_REPORTS": true, "PERM_BILLING": false }]);
    let reply = save(&app, &owner, SHARED_OWNER, &form_for("Morgan", "Marsh", "manager@demo.test", "25", grid)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let (Flag(billing_here),): (Flag,) =
        sqlx::query_as("SELECT perm_billing FROM user_access WHERE user_id = 10 AND customer_id = 100")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    let (Flag(billing_there),): (Flag,) =
        sqlx::query_as("SELECT perm_billing FROM user_access WHERE user_id = 10 AND customer_id = 300")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert!(!billing_here);
    assert!(billing_there, "Atlas is not the editor's to change");
}

#[tokio::test]
async fn the_form_and_the_list_say_which_users_identity_is_read_only_and_name_no_other_customer() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let shared = app.get("/api/users/getUserDetails/10", Some(&owner)).await;
    assert_eq!(shared.status, StatusCode::OK);
    assert_eq!(shared.json()["context"]["identityEditable"], false);
    assert_eq!(shared.json()["context"]["hasOtherAccounts"], true);
    assert!(!shared.text().contains("Atlas"), "the other customer is never named");
    let own = app.get("/api/users/getUserDetails/3", Some(&owner)).await.json();
    assert_eq!(own["context"]["identityEditable"], true);
    assert_eq!(own["context"]["hasOtherAccounts"], false);

    let list = app.get("/api/users/getUsers/onaccount", Some(&owner)).await.json();
    let row =
        |email: &str| list["users"].as_array().unwrap().iter().find(|r| r["UserEmail"] == email).cloned().expect(email);
    assert_eq!(row("manager@demo.test")["identityEditable"], false);
    assert_eq!(row("user@demo.test")["identityEditable"], true);
    assert!(!list.to_string().contains("Atlas"));
}

#[tokio::test]
async fn levels_are_compared_on_each_customer_the_change_touches() {
    let app = TestApp::spawn().await;
    // The owner of Harbour Lane is only an administrator on Atlas, with user admin there.
    make_user_admin(&app, 1, 300, 20).await;
    let owner = app.login("owner@demo.test").await;
    let both = json!([{ "customerId": 100, "PERM_REPORTS": true }, { "customerId": 300, "PERM_REPORTS": true }]);
    let new_owner = form_for("Nadia", "Shah", "nadia@example.test", "25", both.clone());
    assert_eq!(save(&app, &owner, 0, &new_owner).await.status, StatusCode::FORBIDDEN);
    let (made,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users WHERE email = 'nadia@example.test'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(made, 0, "nothing half-saved");

    let new_admin = form_for("Nadia", "Shah", "nadia@example.test", "20", both);
    let reply = save(&app, &owner, 0, &new_admin).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let id = reply.json()["id"].as_i64().unwrap();
    assert_eq!(level_on(&app, id, 300).await, Some(20));

    // Promoting her to owner touches Atlas too, where the editor is only an administrator.
    let promote = form_for("Nadia", "Shah", "nadia@example.test", "25", json!([{ "customerId": 100 }]));
    assert_eq!(save(&app, &owner, id, &promote).await.status, StatusCode::FORBIDDEN);
    assert_eq!(level_on(&app, id, 100).await, Some(20));
}

#[tokio::test]
async fn a_user_level_editor_on_another_customer_cannot_grant_access_there() {
    let app = TestApp::spawn().await;
    make_user_admin(&app, 1, 300, 10).await;
    let owner = app.login("owner@demo.test").await;
    let onto_atlas = json!([{ "customerId": 300, "PERM_REPORTS": true }]);
    let reply = save(&app, &owner, 0, &form_for("Nadia", "Shah", "nadia@example.test", "25", onto_atlas)).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_unique_email_check_answers_only_for_the_editors_customers() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let check = |email: &'static str| {
        let app = &app;
        let owner = owner.clone();
        async move { app.post_multipart("/api/users/checkUniqueEmail/", Some(&owner), &[("form_email", email)]).await }
    };
    assert_eq!(check("starter@demo.test").await.status, StatusCode::OK, "another customer's user is not probed");
    let own = check("user@demo.test").await;
    assert_eq!(own.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(own.json()["errors"]["form_email"], "This email is already in use.");
}

#[tokio::test]
async fn deleting_needs_a_fresh_password_confirmation() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let none = app.post_multipart("/api/users/deleteUser/3", Some(&owner), &[]).await;
    assert_eq!(none.status, StatusCode::FORBIDDEN);
    let forged = app.post_multipart("/api/users/deleteUser/3", Some(&owner), &[("key", "not-a-key")]).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    let key = app.confirm_key(&owner).await;
    let done = app.post_multipart("/api/users/deleteUser/3", Some(&owner), &[("key", &key)]).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text());
    let admin = app.login("admin@demo.test").await;
    let replayed = app.post_multipart("/api/users/deleteUser/2", Some(&owner), &[("key", &key)]).await;
    assert_eq!(replayed.status, StatusCode::FORBIDDEN, "a key works once");
    assert_eq!(app.get("/api/accountsettings/getAccountDetails", Some(&admin)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn resets_and_deletes_need_the_edit_users_right() {
    let app = TestApp::spawn().await;
    sqlx::query("UPDATE user_access SET perm_view_edit_users = 0 WHERE user_id = 2")
        .execute(&app.state.db)
        .await
        .unwrap();
    let admin = app.login("admin@demo.test").await;
    assert_eq!(
        app.post_multipart("/api/users/sendPasswordReset/3", Some(&admin), &[]).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.delete_user(&admin, 3).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.post_multipart("/api/users/removeFromAccount/3", Some(&admin), &[]).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(mails(&app).await, 0);
    assert_eq!(level_on(&app, 3, 100).await, Some(10));
}

#[tokio::test]
async fn removing_a_shared_user_ends_only_their_access_to_this_account() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = app.post_multipart("/api/users/removeFromAccount/10", Some(&owner), &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(level_on(&app, SHARED_OWNER, 100).await, None);
    assert_eq!(level_on(&app, SHARED_OWNER, 300).await, Some(25));
    let (home,): (i64,) =
        sqlx::query_as("SELECT home_customer_id FROM users WHERE id = 10").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(home, 300, "the home account moves to one the user still reaches");
    assert_eq!(app.login_attempt("manager@demo.test", "demopass").await.status, StatusCode::SEE_OTHER);
    let again = app.post_multipart("/api/users/removeFromAccount/10", Some(&owner), &[]).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn removal_refuses_yourself_a_higher_user_and_another_customers_user() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let own = app.post_multipart("/api/users/removeFromAccount/1", Some(&owner), &[]).await;
    assert_eq!(own.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(own.json()["message"], "You cannot remove your own access to this account.");
    let admin = app.login("admin@demo.test").await;
    let higher = app.post_multipart("/api/users/removeFromAccount/1", Some(&admin), &[]).await;
    assert_eq!(higher.status, StatusCode::FORBIDDEN);
    let foreign = app.post_multipart("/api/users/removeFromAccount/4", Some(&owner), &[]).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    assert_eq!(level_on(&app, 1, 100).await, Some(25));
    assert_eq!(level_on(&app, 4, 200).await, Some(25));
}

#[tokio::test]
async fn the_users_api_follows_the_packages_user_management_scope() {
    let app = TestApp::spawn().await;
    sqlx::query("DELETE FROM plan_scopes WHERE plan = 'Professional' AND scope = 'admin_user_management'")
        .execute(&app.state.db)
        .await
        .unwrap();
    let owner = app.login("owner@demo.test").await;
    assert_eq!(app.get("/api/users/getUsers/onaccount", Some(&owner)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/users/getUserDetails/3", Some(&owner)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.delete_user(&owner, 3).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_user_who_accepted_an_ivr_charge_can_be_deleted_and_the_charge_stays() {
    let app = TestApp::spawn().await;
    let (ivr,): (i64,) =
        sqlx::query_as("SELECT id FROM ivrs WHERE customer_id = 100 LIMIT 1").fetch_one(&app.state.db).await.unwrap();
    sqlx::query(
        "INSERT INTO ivr_charges (customer_id, ivr_id, price_pence, frequency, accepted_by_user_id, accepted_by_email,
         accepted_at) VALUES (100, $1, 500, 'monthly', 2, 'admin@demo.test', 0)",
    )
    .bind(ivr)
    .execute(&app.state.db)
    .await
    .unwrap();
    let owner = app.login("owner@demo.test").await;
    let reply = app.delete_user(&owner, 2).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let (by, email): (Option<i64>, String) =
        sqlx::query_as("SELECT accepted_by_user_id, accepted_by_email FROM ivr_charges WHERE ivr_id = $1")
            .bind(ivr)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert_eq!((by, email.as_str()), (None, "admin@demo.test"));
}
