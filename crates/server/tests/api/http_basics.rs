use axum::body::Body;
use axum::http::header::LOCATION;
use axum::http::{Request, StatusCode};

use crate::helpers::{request, TestApp};

#[tokio::test]
async fn api_requests_without_the_admin_header_are_refused() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let get = app
        .send(
            request("GET", "/api/accountsettings/getAccountDetails", Some(&token), false).body(Body::empty()).unwrap(),
        )
        .await;
    assert_eq!(get.status, StatusCode::FORBIDDEN);
    assert_eq!(get.json()["code"], "FORBIDDEN");
    let post = app
        .send(
            request("POST", "/api/accountsettings/switchAccount", Some(&token), false)
                .header("content-type", "application/x-www-form-urlencoded")
                .body(Body::from("form_customer_id=101"))
                .unwrap(),
        )
        .await;
    assert_eq!(post.status, StatusCode::FORBIDDEN);
    assert_eq!(app.account(&token).await["customerId"], 100, "the refused switch did nothing");
    let wrong_value = app
        .send(
            request("GET", "/api/accountsettings/getAccountDetails", Some(&token), false)
                .header("X-Admin-Area", "yes")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(wrong_value.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn unknown_api_paths_are_json_404() {
    let app = TestApp::spawn().await;
    let reply = app.get("/api/no/such/call", None).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(reply.json()["code"], "NOT_FOUND");
}

#[tokio::test]
async fn every_response_has_the_security_headers() {
    let app = TestApp::spawn().await;
    for path in ["/login", "/manage/"] {
        let reply = app.get(path, None).await;
        let csp = reply.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'") && csp.contains("'wasm-unsafe-eval'"), "{path}: {csp}");
        // The audio players play what they fetched, from blob: URLs.
        assert!(csp.contains("media-src 'self' blob:"), "{path}: {csp}");
        assert_eq!(reply.header("x-content-type-options").as_deref(), Some("nosniff"), "{path}");
        assert_eq!(reply.header("x-frame-options").as_deref(), Some("DENY"), "{path}");
        assert!(reply.header("referrer-policy").is_some(), "{path}");
    }
    // An API answer is data: it may load nothing and be framed nowhere.
    let token = app.login("owner@demo.test").await;
    let reply = app.get("/api/accountsettings/getAccountDetails", Some(&token)).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("content-security-policy").as_deref(), Some("default-src 'none'; frame-ancestors 'none'"));
    assert_eq!(reply.header("x-frame-options").as_deref(), Some("DENY"));
    assert_eq!(reply.header("x-content-type-options").as_deref(), Some("nosniff"));
}

#[tokio::test]
async fn scripts_go_without_the_document_headers() {
    let app = TestApp::spawn().await;
    let script = app.get("/manage/assets/app-123.js", None).await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(script.header("content-type").unwrap_or_default().starts_with("text/javascript"));
    assert_eq!(script.header("x-content-type-options").as_deref(), Some("nosniff"));
    assert_eq!((script.header("content-security-policy"), script.header("x-frame-options")), (None, None));
    // A hashed asset is kept for a year and never revalidated: no date to revalidate against.
    assert_eq!(script.header("cache-control").as_deref(), Some("public, max-age=31536000, immutable"));
    assert_eq!((script.header("last-modified"), script.header("accept-ranges")), (None, None));
    // The page itself is revalidated each time, against its date.
    let page = app.get("/manage/", None).await;
    assert_eq!(page.header("cache-control").as_deref(), Some("no-cache"));
    assert!(page.header("last-modified").is_some());
}

#[tokio::test]
async fn malformed_bodies_get_400_json_not_500() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let broken = app
        .send(
            request("POST", "/api/handleajax/confirmPassword", Some(&token), true)
                .header("content-type", "multipart/form-data; boundary=XX")
                .body(Body::from("--XX\r\nContent-Disposition: form-data; name=\"form_password\"\r\n\r\nunterminated"))
                .unwrap(),
        )
        .await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    assert_eq!(broken.json()["code"], "BAD_REQUEST");
    let json_body = app
        .send(
            request("POST", "/api/handleajax/confirmPassword", Some(&token), true)
                .header("content-type", "application/json")
                .body(Body::from("{\"form_password\": 1}"))
                .unwrap(),
        )
        .await;
    assert_eq!(json_body.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let big = "form_password=".to_string() + &"x".repeat(server::http::BODY_LIMIT + 10);
    let reply = app
        .send(
            request("POST", "/api/handleajax/confirmPassword", Some(&token), true)
                .header("content-type", "application/x-www-form-urlencoded")
                .body(Body::from(big))
                .unwrap(),
        )
        .await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(reply.json()["code"], "PAYLOAD_TOO_LARGE");
}

#[tokio::test]
async fn the_frontend_is_served_under_manage_with_a_page_fallback() {
    let app = TestApp::spawn().await;
    let redirect = app.get("/manage", None).await;
    assert_eq!(redirect.status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(redirect.header(LOCATION.as_str()).as_deref(), Some("/manage/"));
    let index = app.get("/manage/", None).await;
    assert_eq!(index.status, StatusCode::OK);
    assert!(index.text().contains("<div id=root>"));
    assert_eq!(index.header("cache-control").as_deref(), Some("no-cache"));
    let page = app.get("/manage/routing/numbers", None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains("<div id=root>"));
    let asset = app.get("/manage/assets/app-123.js", None).await;
    assert_eq!(asset.status, StatusCode::OK);
    assert!(asset.header("cache-control").unwrap().contains("immutable"));
    for missing in ["/manage/assets/missing.js", "/manage/favicon.ico", "/manage/assets/deep"] {
        assert_eq!(app.get(missing, None).await.status, StatusCode::NOT_FOUND, "{missing}");
    }
    assert_eq!(app.get("/manage/../Cargo.toml", None).await.status, StatusCode::NOT_FOUND);
    assert!(app.static_dir.exists());
}

#[tokio::test]
async fn the_root_goes_to_the_admin_area() {
    let app = TestApp::spawn().await;
    let reply = app.get("/", None).await;
    assert_eq!(reply.header(LOCATION.as_str()).as_deref(), Some("/manage/"));
}

#[tokio::test]
async fn the_old_reports_address_goes_to_the_reports_in_the_admin_area() {
    let app = TestApp::spawn().await;
    let reply = app.get("/backtoreports", None).await;
    assert_eq!(reply.header(LOCATION.as_str()).as_deref(), Some("/manage/reports"));
}

#[tokio::test]
async fn outside_pages_answer_with_a_page_of_their_own() {
    let app = TestApp::spawn().await;
    for (path, title) in
        [("/contactus", "Contact us"), ("/conditions", "Terms and conditions"), ("/apidocs", "Reporting API")]
    {
        let reply = app.get(path, None).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
        assert!(reply.text().contains(&format!("<title>Calltrack - {title}</title>")), "{path}");
    }
}

#[tokio::test]
async fn a_second_start_on_the_same_database_does_not_seed_again() {
    let app = TestApp::spawn().await;
    server::seed::seed_if_empty(&app.state.db, 0).await.unwrap();
    let (users,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(users, 68, "the eleven demo logins and the staff of Harbour Lane Dental");
}

#[tokio::test]
async fn assets_go_out_precompressed_and_json_compressed_when_the_browser_accepts_it() {
    let app = TestApp::spawn().await;
    std::fs::write(app.static_dir.join("assets/app-123.js.br"), b"brotli bytes").unwrap();
    std::fs::write(app.static_dir.join("assets/app-123.js.gz"), b"gzip bytes").unwrap();
    let get = |encoding: &'static str| {
        Request::get("/manage/assets/app-123.js").header("accept-encoding", encoding).body(Body::empty()).unwrap()
    };
    let br = app.send(get("gzip, deflate, br")).await;
    assert_eq!(br.header("content-encoding").as_deref(), Some("br"));
    assert_eq!(br.body, b"brotli bytes");
    assert!(br.header("cache-control").unwrap().contains("immutable"));
    let gz = app.send(get("gzip")).await;
    assert_eq!(gz.header("content-encoding").as_deref(), Some("gzip"));
    let plain = app.send(get("identity")).await;
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(plain.text(), "console.log('app')");

    let owner = app.login("owner@demo.test").await;
    let list = request("GET", "/api/manageconnections/getNumbersList", Some(&owner), true)
        .header("accept-encoding", "gzip")
        .body(Body::empty())
        .unwrap();
    let reply = app.send(list).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("content-encoding").as_deref(), Some("gzip"));
}
