use axum::http::StatusCode;
use server::store::CustomerId;
use server::store::{confirmations, sessions};

use crate::helpers::TestApp;

const CONFIRM: &str = "/api/handleajax/confirmPassword";

async fn session_of(app: &TestApp, token: &str) -> sessions::Session {
    sessions::find(&app.state.db, token, app.state.clock.now()).await.unwrap().unwrap()
}

#[tokio::test]
async fn an_empty_password_gets_the_spec_message() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let reply = app.post_multipart(CONFIRM, Some(&token), &[("form_password", "")]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = reply.json();
    assert_eq!(body["status"], 0);
    assert_eq!(body["data"]["form_password"], "The password field is required.");
    assert_eq!(body["code"], "VALIDATION_FAILED");
    assert_eq!(body["errors"]["form_password"], "The password field is required.");
}

#[tokio::test]
async fn a_wrong_password_gets_status_0_and_a_field_message() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let reply = app.post_multipart(CONFIRM, Some(&token), &[("form_password", "guess")]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["status"], 0);
    assert_eq!(reply.json()["data"]["form_password"], server::http::WRONG_PASSWORD);
}

#[tokio::test]
async fn the_right_password_gives_a_single_use_key() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let reply = app.post_multipart(CONFIRM, Some(&token), &[("form_password", "demopass")]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json()["status"], 1);
    let key = reply.json()["key"].as_str().unwrap().to_string();
    let session = session_of(&app, &token).await;
    let now = app.state.clock.now();
    assert!(confirmations::consume(&app.state.db, &session, &key, now).await.unwrap());
    assert!(!confirmations::consume(&app.state.db, &session, &key, now).await.unwrap(), "used once only");
}

#[tokio::test]
async fn a_key_expires_after_five_minutes() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let key = app.post_multipart(CONFIRM, Some(&token), &[("form_password", "demopass")]).await.json()["key"]
        .as_str()
        .unwrap()
        .to_string();
    app.state.clock.advance(5 * 60 + 1);
    let session = sessions::Session {
        token_hash: server::security::token_hash(&token),
        user_id: 1,
        customer_id: CustomerId::new(100),
    };
    assert!(!confirmations::consume(&app.state.db, &session, &key, app.state.clock.now()).await.unwrap());
}

#[tokio::test]
async fn a_key_is_good_only_for_the_session_that_asked() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let other = app.login("owner@demo.test").await;
    let key = app.post_multipart(CONFIRM, Some(&owner), &[("form_password", "demopass")]).await.json()["key"]
        .as_str()
        .unwrap()
        .to_string();
    let other_session = session_of(&app, &other).await;
    assert!(!confirmations::consume(&app.state.db, &other_session, &key, app.state.clock.now()).await.unwrap());
}

#[tokio::test]
async fn repeated_wrong_passwords_are_throttled() {
    let app = TestApp::spawn().await;
    let token = app.login("admin@demo.test").await;
    for _ in 0..5 {
        app.post_multipart(CONFIRM, Some(&token), &[("form_password", "guess")]).await;
    }
    let reply = app.post_multipart(CONFIRM, Some(&token), &[("form_password", "demopass")]).await;
    assert_eq!(reply.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(reply.json()["data"]["form_password"], server::http::CONFIRM_TOO_MANY_ATTEMPTS);
}

#[tokio::test]
async fn confirming_needs_a_session() {
    let app = TestApp::spawn().await;
    let reply = app.post_multipart(CONFIRM, None, &[("form_password", "demopass")]).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
}
