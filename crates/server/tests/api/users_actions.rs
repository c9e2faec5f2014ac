use axum::http::StatusCode;

use crate::helpers::TestApp;

async fn latest_link(app: &TestApp, to: &str) -> String {
    let (link,): (String,) = sqlx::query_as("SELECT link FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1")
        .bind(to)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    link
}

fn token_of(link: &str) -> String {
    link.split("token=").nth(1).unwrap().to_string()
}

async fn reset(app: &TestApp, token: &str, password: &str, confirm: &str) -> crate::helpers::Reply {
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs([("token", token), ("password", password), ("confirm", confirm)])
        .finish();
    let req = axum::http::Request::post("/resetpassword")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(axum::body::Body::from(body))
        .unwrap();
    app.send(req).await
}

#[tokio::test]
async fn a_password_reset_link_sets_a_new_password_once() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let old_session = app.login("user@demo.test").await;
    let reply = app.post_multipart("/api/users/sendPasswordReset/3", Some(&owner), &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json()["message"], "A password reset email has been sent to Uma Upton");

    let link = latest_link(&app, "user@demo.test").await;
    assert!(link.starts_with("/resetpassword?token="));
    let page = app.get(&link, None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains("New password") && page.text().contains("Confirm password"));
    let manager = app.login("manager@demo.test").await;
    let outbox = app.get("/outbox", Some(&manager)).await;
    assert!(outbox.text().contains("user@demo.test") && outbox.text().contains("Reset your password"));

    let token = token_of(&link);
    let mismatch = reset(&app, &token, "a-long-new-pass", "another-pass").await;
    assert_eq!(mismatch.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(mismatch.text().contains("Passwords do not match."));
    let short = reset(&app, &token, "short", "short").await;
    assert!(short.text().contains("Password must be at least 10 characters."));
    let done = reset(&app, &token, "a-long-new-pass", "a-long-new-pass").await;
    assert_eq!(done.status, StatusCode::OK);
    assert!(done.text().contains(server::http::PASSWORD_CHANGED));

    assert_eq!(app.login_attempt("user@demo.test", "demopass").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login_attempt("user@demo.test", "a-long-new-pass").await.status, StatusCode::SEE_OTHER);
    assert_eq!(
        app.get("/api/accountsettings/getAccountDetails", Some(&old_session)).await.status,
        StatusCode::UNAUTHORIZED,
        "old sessions end with a password change"
    );
    let again = reset(&app, &token, "third-password", "third-password").await;
    assert_eq!(again.status, StatusCode::NOT_FOUND, "single use");
    assert!(again.text().contains(server::http::LINK_NOT_VALID));
}

#[tokio::test]
async fn a_reset_link_expires_after_a_day() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    app.post_multipart("/api/users/sendPasswordReset/3", Some(&owner), &[]).await;
    let token = token_of(&latest_link(&app, "user@demo.test").await);
    app.state.clock.advance(24 * 60 * 60 + 1);
    assert_eq!(reset(&app, &token, "a-long-new-pass", "a-long-new-pass").await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get(&format!("/resetpassword?token={token}"), None).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn resets_follow_the_authority_and_tenant_rules() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin@demo.test").await;
    assert_eq!(
        app.post_multipart("/api/users/sendPasswordReset/1", Some(&admin), &[]).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post_multipart("/api/users/sendPasswordReset/4", Some(&admin), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    let user = app.login("user@demo.test").await;
    assert_eq!(
        app.post_multipart("/api/users/sendPasswordReset/3", Some(&user), &[]).await.status,
        StatusCode::FORBIDDEN
    );
    let (mails,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM outbox").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(mails, 0);
}

#[tokio::test]
async fn nobody_deletes_themselves() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = app.delete_user(&owner, 1).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["message"], "You cannot delete your current user");
    assert_eq!(reply.json()["errors"]["user"], "You cannot delete your current user");
}

#[tokio::test]
async fn nobody_deletes_a_higher_user() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin@demo.test").await;
    let reply = app.delete_user(&admin, 1).await;
    assert_eq!(reply.json()["message"], "You cannot delete a user with higher authorisation than yourself");
}

#[tokio::test]
async fn the_last_account_owner_of_a_customer_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    // The manager owns Atlas (300) alongside its own owner; make Erin's the only ownership left
    // there by demoting the manager, then the manager (still an owner on 100) tries to delete Erin.
    sqlx::query("UPDATE user_access SET auth_code = 20 WHERE user_id = 10 AND customer_id = 300")
        .execute(&app.state.db)
        .await
        .unwrap();
    sqlx::query("INSERT INTO user_access (user_id, customer_id, auth_code, provisioning, perm_user_admin, perm_view_edit_users) VALUES (1, 300, 25, '2', 1, 1)")
        .execute(&app.state.db)
        .await
        .unwrap();
    sqlx::query("UPDATE user_access SET auth_code = 20 WHERE user_id = 1 AND customer_id = 300")
        .execute(&app.state.db)
        .await
        .unwrap();
    let owner = app.login("owner@demo.test").await;
    let reply = app.delete_user(&owner, 5).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert_eq!(reply.json()["message"], "You cannot delete the last account owner on a customer");
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM users WHERE id = 5").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(n, 1);
}

#[tokio::test]
async fn the_demo_sole_owner_of_the_sister_account_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = app.delete_user(&owner, 70).await;
    assert_eq!(reply.json()["message"], "You cannot delete the last account owner on a customer");
}

#[tokio::test]
async fn deleting_a_user_removes_them_and_their_sessions() {
    let app = TestApp::spawn().await;
    let user_session = app.login("user@demo.test").await;
    let owner = app.login("owner@demo.test").await;
    let reply = app.delete_user(&owner, 3).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json()["success"], true);
    assert_eq!(
        app.get("/api/accountsettings/getAccountDetails", Some(&user_session)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(app.login_attempt("user@demo.test", "demopass").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.delete_user(&owner, 3).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn another_customers_user_cannot_be_deleted_and_is_404() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = app.delete_user(&owner, 4).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM users WHERE id = 4").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(n, 1);
}

/// A new user gets a welcome link: it opens on "Welcome, set your password"
/// and ends on a welcome, not on "Password changed".
#[tokio::test]
async fn a_welcome_link_says_welcome_from_the_mail_to_the_end() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let fields = [
        ("form_first_name", "Nina"),
        ("form_last_name", "Newton"),
        ("form_email", "nina@example.test"),
        ("form_auth_code", "10"),
        ("form_customer", "100"),
        ("hasAccessToNewOutbound", "0"),
        ("form_permission", r#"[{"customerId": 100, "PERM_REPORTS": true}]"#),
    ];
    let saved = app.post_multipart("/api/users/save/0", Some(&owner), &fields).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let link = latest_link(&app, "nina@example.test").await;
    assert!(link.starts_with("/resetpassword?welcome=1&token="), "{link}");
    let body: String = sqlx::query_scalar(
        "SELECT body_text FROM outbox WHERE to_email = 'nina@example.test' ORDER BY id DESC LIMIT 1",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert!(body.contains("Set your password here:"), "{body}");
    let page = app.get(&link, None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains(server::http::WELCOME_TITLE));
    let token = token_of(&link);
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs([
            ("token", token.as_str()),
            ("welcome", "1"),
            ("password", "a-long-new-pass"),
            ("confirm", "a-long-new-pass"),
        ])
        .finish();
    let req = axum::http::Request::post("/resetpassword")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(axum::body::Body::from(body))
        .unwrap();
    let done = app.send(req).await;
    assert_eq!(done.status, StatusCode::OK);
    assert!(done.text().contains("Welcome to ") && done.text().contains(server::http::PASSWORD_SET), "{}", done.text());
    assert!(!done.text().contains("Password changed"));
    assert_eq!(app.login_attempt("nina@example.test", "a-long-new-pass").await.status, StatusCode::SEE_OTHER);
}
