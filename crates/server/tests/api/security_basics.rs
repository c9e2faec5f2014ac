//! The outbox, secrets in logs, login throttling per source, password hashing off the async
//! workers, logout, cookies and caching, and expired rows being cleared.

use std::io::Write;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::header::{CACHE_CONTROL, COOKIE, LOCATION, ORIGIN, SET_COOKIE, STRICT_TRANSPORT_SECURITY};
use axum::http::{Request, StatusCode};

use crate::helpers::{request, rows_as_text, send_via, TestApp};

fn from(ip: [u8; 4], mut req: Request<Body>) -> Request<Body> {
    req.extensions_mut().insert(ConnectInfo(SocketAddr::from((ip, 40_000))));
    req
}

fn login_request(email: &str, password: &str) -> Request<Body> {
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs([("email", email), ("password", password)])
        .finish();
    Request::post("/login").header("content-type", "application/x-www-form-urlencoded").body(Body::from(body)).unwrap()
}

async fn app_with(change: impl FnOnce(&mut server::Settings)) -> (TestApp, axum::Router) {
    let app = TestApp::spawn().await;
    let mut settings = (*app.state.settings).clone();
    change(&mut settings);
    let state = server::AppState { settings: Arc::new(settings), ..app.state.clone() };
    let router = server::app(state);
    (app, router)
}

async fn send(router: &axum::Router, req: Request<Body>) -> (StatusCode, axum::http::HeaderMap) {
    let reply = send_via(router, req).await;
    (reply.status, reply.headers)
}

#[tokio::test]
async fn the_outbox_answers_only_a_system_manager_on_this_machine_when_enabled() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    app.post_multipart("/api/users/sendPasswordReset/3", Some(&owner), &[]).await;
    let manager = app.login("manager@demo.test").await;

    let page = app.get("/outbox", Some(&manager)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains("user@demo.test") && page.text().contains("/resetpassword?token="));

    let anonymous = app.get("/outbox", None).await;
    assert_eq!(anonymous.status, StatusCode::SEE_OTHER);
    assert_eq!(anonymous.header(LOCATION.as_str()).as_deref(), Some("/login"));
    assert_eq!(app.get("/outbox", Some(&owner)).await.status, StatusCode::NOT_FOUND, "not a system manager");
    let remote = from([192, 0, 2, 7], request("GET", "/outbox", Some(&manager), false).body(Body::empty()).unwrap());
    assert_eq!(app.send(remote).await.status, StatusCode::NOT_FOUND, "not from this machine");

    let (_, disabled) = app_with(|s| s.dev_outbox = false).await;
    let req = request("GET", "/outbox", Some(&manager), false).body(Body::empty()).unwrap();
    // The disabled router shares the database, so the manager's session is valid there too.
    let (status, _) = send(&disabled, req).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn without_the_outbox_a_sent_link_is_not_kept() {
    let (app, router) = app_with(|s| s.dev_outbox = false).await;
    let owner = app.login("owner@demo.test").await;
    let req = request("POST", "/api/users/sendPasswordReset/3", Some(&owner), true).body(Body::empty()).unwrap();
    assert_eq!(send(&router, req).await.0, StatusCode::OK);
    let (link, body): (Option<String>, String) =
        sqlx::query_as("SELECT link, body_text FROM outbox ORDER BY id DESC LIMIT 1")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert_eq!(link, None);
    assert!(!body.contains("token="), "{body}");
    let (tokens,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM password_resets WHERE user_id = 3")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(tokens, 1, "the link was still issued");
}

/// Everything the server logs while `work` runs, at every level.
async fn logged_during<F: std::future::Future<Output = ()>>(work: F) -> String {
    #[derive(Clone)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);
    impl Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buffer = Buffer(Arc::new(Mutex::new(vec![])));
    let writer = buffer.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    work.await;
    let text = String::from_utf8_lossy(&buffer.0.lock().unwrap()).into_owned();
    text
}

#[tokio::test]
async fn reset_links_and_passwords_never_reach_the_log() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let mut token = String::new();
    let log = logged_during(async {
        app.post_multipart("/api/users/sendPasswordReset/3", Some(&owner), &[]).await;
        let (link,): (String,) =
            sqlx::query_as("SELECT link FROM outbox ORDER BY id DESC LIMIT 1").fetch_one(&app.state.db).await.unwrap();
        token = link.split("token=").nth(1).unwrap().to_string();
        app.get(&format!("/resetpassword?token={token}"), None).await;
        app.login_attempt("user@demo.test", "a-wrong-secret-password").await;
    })
    .await;
    assert!(log.contains("mail sent to the outbox"), "{log}");
    assert!(log.contains("/resetpassword"), "the path is logged: {log}");
    assert!(log.contains("login failed"), "failed logins are logged: {log}");
    assert!(!log.contains(&token), "the token leaked: {log}");
    assert!(!log.contains("a-wrong-secret-password"), "the password leaked: {log}");
}

#[tokio::test]
async fn a_strangers_wrong_passwords_do_not_lock_the_real_user_out() {
    let app = TestApp::spawn().await;
    let stranger = [203, 0, 113, 9];
    for _ in 0..7 {
        app.send(from(stranger, login_request("user@demo.test", "guess"))).await;
    }
    let stranger_again = app.send(from(stranger, login_request("user@demo.test", "demopass"))).await;
    assert_eq!(stranger_again.status, StatusCode::TOO_MANY_REQUESTS, "the guesser is slowed");
    let real = app.send(from([198, 51, 100, 20], login_request("user@demo.test", "demopass"))).await;
    assert_eq!(real.status, StatusCode::SEE_OTHER, "the real user still gets in");
}

/// A login as sent through our TLS proxy at 10.0.0.5 for the client `client`.
fn through_proxy(client: &str, req: Request<Body>) -> Request<Body> {
    let mut req = from([10, 0, 0, 5], req);
    req.headers_mut().insert("x-forwarded-for", format!("198.51.100.99, {client}").parse().unwrap());
    req
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_is_limited_by_its_own_address() {
    let (_app, router) =
        app_with(|s| s.trusted_proxies = server::settings::TrustedProxies::parse("10.0.0.0/8").unwrap()).await;
    let sprayer = "203.0.113.44";
    for n in 0..20 {
        let (status, _) =
            send(&router, through_proxy(sprayer, login_request(&format!("person{n}@demo.test"), "guess"))).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let (slowed, _) = send(&router, through_proxy(sprayer, login_request("owner@demo.test", "demopass"))).await;
    assert_eq!(slowed, StatusCode::TOO_MANY_REQUESTS, "the sprayer behind the proxy is slowed");
    // Another client through the same proxy is not: the limit is not the proxy's.
    let (other, _) = send(&router, through_proxy("198.51.100.20", login_request("owner@demo.test", "demopass"))).await;
    assert_eq!(other, StatusCode::SEE_OTHER, "another client of the proxy still gets in");
    // An IPv6 client's /64 is one address: its neighbour in the /64 shares the limit.
    for n in 0..20 {
        let login = login_request(&format!("person{n}@demo.test"), "guess");
        send(&router, through_proxy(&format!("2001:db8:5:5::{n}"), login)).await;
    }
    let (neighbour, _) =
        send(&router, through_proxy("2001:db8:5:5:ffff::1", login_request("owner@demo.test", "demopass"))).await;
    assert_eq!(neighbour, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn a_forwarded_header_from_a_peer_that_is_no_trusted_proxy_is_not_believed() {
    let app = TestApp::spawn().await;
    // No TRUSTED_PROXIES (the default): the header is the client's own words, and the limit
    // stays with the address that sent it, whatever it names.
    for n in 0..20 {
        let mut req = from([203, 0, 113, 45], login_request(&format!("person{n}@demo.test"), "guess"));
        req.headers_mut().insert("x-forwarded-for", format!("192.0.2.{n}").parse().unwrap());
        app.send(req).await;
    }
    let next = app.send(from([203, 0, 113, 45], login_request("owner@demo.test", "demopass"))).await;
    assert_eq!(next.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn spraying_many_accounts_from_one_address_is_slowed() {
    let app = TestApp::spawn().await;
    let sprayer = [203, 0, 113, 10];
    for n in 0..20 {
        let reply = app.send(from(sprayer, login_request(&format!("person{n}@demo.test"), "guess"))).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    }
    let next = app.send(from(sprayer, login_request("owner@demo.test", "demopass"))).await;
    assert_eq!(next.status, StatusCode::TOO_MANY_REQUESTS);
    app.state.clock.advance(61);
    let later = app.send(from(sprayer, login_request("owner@demo.test", "demopass"))).await;
    assert_eq!(later.status, StatusCode::SEE_OTHER);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_logins_does_not_stall_other_requests() {
    let app = Arc::new(TestApp::spawn().await);
    let started = Instant::now();
    let flood: Vec<_> = (0..60u8)
        .map(|n| {
            let app = app.clone();
            tokio::spawn(async move {
                app.send(from([10, 9, 8, n], login_request(&format!("random{n}@example.test"), "guess"))).await
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(20)).await;
    let asked = Instant::now();
    assert_eq!(app.get("/login", None).await.status, StatusCode::OK);
    let answered_in = asked.elapsed();
    for login in flood {
        assert_eq!(login.await.unwrap().status, StatusCode::UNAUTHORIZED);
    }
    let flood_took = started.elapsed();
    assert!(
        answered_in * 4 < flood_took,
        "a page took {answered_in:?} while the logins took {flood_took:?}: hashing is blocking the workers"
    );
}

#[tokio::test]
async fn logout_is_a_post_from_this_site() {
    let app = TestApp::spawn().await;
    let session = app.login("owner@demo.test").await;
    let by_link = app.get("/logout", Some(&session)).await;
    assert_eq!(by_link.status, StatusCode::METHOD_NOT_ALLOWED);
    let forged = request("POST", "/logout", Some(&session), false)
        .header(ORIGIN, "https://evil.example")
        .header("host", "127.0.0.1:8080")
        .body(Body::empty())
        .unwrap();
    assert_eq!(app.send(forged).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/accountsettings/getAccountDetails", Some(&session)).await.status, StatusCode::OK);
    let own = request("POST", "/logout", Some(&session), false)
        .header(ORIGIN, "http://127.0.0.1:8080")
        .header("host", "127.0.0.1:8080")
        .body(Body::empty())
        .unwrap();
    let out = app.send(own).await;
    assert_eq!(out.status, StatusCode::SEE_OTHER);
    assert_eq!(
        app.get("/api/accountsettings/getAccountDetails", Some(&session)).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn secure_cookies_use_the_host_prefix_and_hsts_and_api_answers_are_not_cached() {
    let (app, router) = app_with(|s| s.secure_cookies = true).await;
    let (status, headers) = send(&router, login_request("owner@demo.test", "demopass")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let cookie = headers.get(SET_COOKIE).unwrap().to_str().unwrap().to_string();
    assert!(cookie.starts_with("__Host-admin_session=") && cookie.contains("; Secure"), "{cookie}");
    assert!(cookie.contains("Path=/") && !cookie.contains("Domain"), "{cookie}");
    assert_eq!(headers.get(STRICT_TRANSPORT_SECURITY).unwrap(), "max-age=31536000");
    let token = cookie.split(';').next().unwrap().split_once('=').unwrap().1.to_string();
    let api = Request::get("/api/accountsettings/getAccountDetails")
        .header("X-Admin-Area", "1")
        .header(COOKIE, format!("__Host-admin_session={token}"))
        .body(Body::empty())
        .unwrap();
    let (status, headers) = send(&router, api).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get(CACHE_CONTROL).unwrap(), "no-store");
    // The plain name is not accepted when cookies are secure (it could come over plain HTTP).
    let plain = Request::get("/api/accountsettings/getAccountDetails")
        .header("X-Admin-Area", "1")
        .header(COOKIE, format!("admin_session={token}"))
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(&router, plain).await.0, StatusCode::UNAUTHORIZED);

    let insecure = app.login_attempt("owner@demo.test", "demopass").await;
    assert!(!insecure.header(SET_COOKIE.as_str()).unwrap().contains("Secure"));
    assert!(insecure.header(STRICT_TRANSPORT_SECURITY.as_str()).is_none());
}

#[tokio::test]
async fn expired_sessions_keys_links_and_failures_are_purged() {
    let app = TestApp::spawn().await;
    let fresh = app.login("owner@demo.test").await;
    app.login_attempt("admin@demo.test", "wrong").await;
    let stale = app.login("user@demo.test").await;
    app.state.clock.advance(20 * 60);
    app.get("/api/accountsettings/getAccountDetails", Some(&fresh)).await;
    app.state.clock.advance(20 * 60);
    let purged = server::jobs::housekeeping::purge_expired(&app.state.db, app.state.clock.now()).await.unwrap();
    assert!(purged >= 2, "the idle session and the old failure went ({purged})");
    let (sessions,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM sessions").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(sessions, 1, "only the session used 20 minutes ago is left");
    assert_eq!(app.get("/api/accountsettings/getAccountDetails", Some(&fresh)).await.status, StatusCode::OK);
    assert_eq!(app.get("/api/accountsettings/getAccountDetails", Some(&stale)).await.status, StatusCode::UNAUTHORIZED);
    let (failures,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM login_failures").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(failures, 0);
}

#[tokio::test]
async fn removing_a_users_access_ends_their_sessions_on_that_account() {
    let app = TestApp::spawn().await;
    let manager = app.login("manager@demo.test").await;
    let owner = app.login("owner@demo.test").await;
    let reply = app.post_multipart("/api/users/removeFromAccount/10", Some(&owner), &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(
        app.get("/api/accountsettings/getAccountDetails", Some(&manager)).await.status,
        StatusCode::UNAUTHORIZED
    );
}

/// The spec's GETs under /api that start something (a connect flow, a website check, a card
/// order, a mandate flow, the reports switch) are answered only with the admin header, which
/// another site's link, image or form cannot send: opened from elsewhere they change nothing.
#[tokio::test]
async fn the_specs_gets_that_start_something_need_the_admin_header() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let manager = app.login("manager@demo.test").await;
    let (url,): (i64,) = sqlx::query_as("SELECT MIN(id) FROM dynamic_urls WHERE customer_id = 100")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let written = "SELECT (SELECT COUNT(*) FROM oauth_states), (SELECT COUNT(*) FROM website_checks),
        (SELECT COUNT(*) FROM card_orders), (SELECT COUNT(*) FROM direct_debit_flows),
        (SELECT COUNT(*) FROM users WHERE show_reports_2023 = 1)";
    let before = rows_as_text(&app.state.db, written).await;
    let paths = [
        ("/api/integrations/connect/google_ads".to_string(), &owner),
        (format!("/api/tagmanager/auth/{url}"), &owner),
        (format!("/api/admin/startJob/{url}"), &owner),
        (format!("/api/admin/startJob/{url}/1"), &owner),
        ("/api/paymentdetails/getBarclayCardParams".to_string(), &owner),
        ("/api/billingdetails/getBillingDetails".to_string(), &owner),
        ("/api/users/swapReportVersionFromAdminArea".to_string(), &manager),
    ];
    for (path, session) in &paths {
        let reply = app.send(request("GET", path, Some(session), false).body(Body::empty()).unwrap()).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(rows_as_text(&app.state.db, written).await, before);
    // With the header (the admin area's own calls) they do their work.
    for (path, session) in &paths {
        let reply = app.get(path, Some(session)).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text());
    }
    assert_ne!(rows_as_text(&app.state.db, written).await, before);
}
