use axum::body::Body;
use axum::http::header::{LOCATION, SET_COOKIE};
use axum::http::StatusCode;

use crate::helpers::{request, TestApp};

#[tokio::test]
async fn the_login_page_has_the_form_and_keeps_a_safe_return_path() {
    let app = TestApp::spawn().await;
    let page = app.get("/login?return=/manage/routing", None).await;
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    assert!(html.contains(r#"name="email""#) && html.contains(r#"name="password""#) && html.contains("Log in"));
    assert!(html.contains(r#"value="/manage/routing""#));
    // The product's icon, as the admin area's pages have (frontend/public/favicon.svg).
    assert!(html.contains(r#"<link rel="icon" type="image/svg+xml" href="/manage/favicon.svg">"#));
    // One accent, as in the admin area: links and focus rings in the primary's dark shade, no teal.
    assert!(html.contains("a{color:#a84600}") && !html.contains("#00796b"));
    let evil = app.get("/login?return=https://evil.example/", None).await.text();
    assert!(evil.contains(r#"value="/manage/""#) && !evil.contains("evil.example"));
}

#[tokio::test]
async fn a_correct_login_sets_an_http_only_lax_cookie_and_goes_to_the_return_path() {
    let app = TestApp::spawn().await;
    let reply = app.login_attempt("owner@demo.test", "demopass").await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    assert_eq!(reply.header(LOCATION.as_str()).as_deref(), Some("/manage/routing"));
    let cookie = reply.header(SET_COOKIE.as_str()).unwrap();
    assert!(cookie.starts_with("admin_session="));
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"));
    let token = reply.session_cookie().unwrap();
    assert!(token.len() >= 43, "256-bit token");
    assert_eq!(app.account(&token).await["userEmail"], "owner@demo.test");
}

#[tokio::test]
async fn the_email_is_not_case_sensitive() {
    let app = TestApp::spawn().await;
    let reply = app.login_attempt("Owner@Demo.Test", "demopass").await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_wrong_password_or_unknown_email_is_refused_with_one_message() {
    let app = TestApp::spawn().await;
    for (email, password) in [("owner@demo.test", "wrong"), ("nobody@demo.test", "demopass")] {
        let reply = app.login_attempt(email, password).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
        assert!(reply.text().contains(server::http::BAD_CREDENTIALS));
        assert!(reply.session_cookie().is_none());
    }
}

#[tokio::test]
async fn an_empty_form_asks_for_both_fields() {
    let app = TestApp::spawn().await;
    let reply = app.login_attempt("", "").await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(reply.text().contains("Please enter your email and password."));
}

#[tokio::test]
async fn after_five_failures_in_a_minute_the_next_attempt_is_throttled() {
    let app = TestApp::spawn().await;
    for _ in 0..5 {
        assert_eq!(app.login_attempt("admin@demo.test", "wrong").await.status, StatusCode::UNAUTHORIZED);
    }
    let throttled = app.login_attempt("admin@demo.test", "demopass").await;
    assert_eq!(throttled.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(throttled.text().contains(server::http::TOO_MANY_ATTEMPTS));
    assert!(throttled.session_cookie().is_none());
    // Other accounts are not affected.
    assert_eq!(app.login_attempt("owner@demo.test", "demopass").await.status, StatusCode::SEE_OTHER);
    // A minute later the account may try again.
    app.state.clock.advance(61);
    assert_eq!(app.login_attempt("admin@demo.test", "demopass").await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_successful_login_resets_the_failure_count() {
    let app = TestApp::spawn().await;
    for _ in 0..4 {
        app.login_attempt("user@demo.test", "wrong").await;
    }
    assert_eq!(app.login_attempt("user@demo.test", "demopass").await.status, StatusCode::SEE_OTHER);
    for _ in 0..4 {
        assert_eq!(app.login_attempt("user@demo.test", "wrong").await.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(app.login_attempt("user@demo.test", "demopass").await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn logging_in_again_rotates_the_session() {
    let app = TestApp::spawn().await;
    let first = app.login("owner@demo.test").await;
    let body = "email=owner%40demo.test&password=demopass&return=%2Fmanage%2Frouting";
    let req = axum::http::Request::post("/login")
        .header("content-type", "application/x-www-form-urlencoded")
        .header("cookie", format!("admin_session={first}"))
        .body(axum::body::Body::from(body))
        .unwrap();
    let second = app.send(req).await.session_cookie().unwrap();
    assert_ne!(first, second);
    assert_eq!(app.get("/api/accountsettings/getAccountDetails", Some(&first)).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/api/accountsettings/getAccountDetails", Some(&second)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn logout_ends_the_session_and_clears_the_cookie() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let reply = app.send(request("POST", "/logout", Some(&token), false).body(Body::empty()).unwrap()).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    assert_eq!(reply.header(LOCATION.as_str()).as_deref(), Some("/login"));
    assert!(reply.header(SET_COOKIE.as_str()).unwrap().contains("Max-Age=0"));
    assert_eq!(app.get("/api/accountsettings/getAccountDetails", Some(&token)).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn passwords_are_stored_as_argon2id_hashes() {
    let app = TestApp::spawn().await;
    let (hash,): (String,) = sqlx::query_as("SELECT password_hash FROM users WHERE email = 'owner@demo.test'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert!(hash.starts_with("$argon2id$"), "{hash}");
}

#[tokio::test]
async fn a_login_posted_from_another_site_is_refused() {
    let app = TestApp::spawn().await;
    let post = |origin: &'static str| {
        axum::http::Request::post("/login")
            .header("content-type", "application/x-www-form-urlencoded")
            .header("host", "127.0.0.1:8080")
            .header("origin", origin)
            .body(axum::body::Body::from("email=owner%40demo.test&password=demopass"))
            .unwrap()
    };
    let refused = app.send(post("https://evil.example")).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(refused.session_cookie().is_none());
    let same_site = app.send(post("http://127.0.0.1:8080")).await;
    assert_eq!(same_site.status, StatusCode::SEE_OTHER);
}
