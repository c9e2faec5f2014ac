//! The technology-partner portal: API keys, lead reports, settings and the way back
//! to the portal; and the reporting API those keys open (`GET /v1/calls`).

use axum::body::Body;
use axum::http::header::{AUTHORIZATION, HOST, LOCATION, ORIGIN, WWW_AUTHENTICATE};
use axum::http::StatusCode;
use domain::partners::api_keys::{is_well_formed_key, NAME_REQUIRED, TOO_MANY_KEYS};
use domain::partners::profile::WEBSITE_FORMAT;
use serde_json::Value;

use crate::helpers::{request, rows_as_text, Reply, TestApp, TEST_NOW};

const KEYS: &str = "/api/technologypartner/getApiKeys";
const CREATE: &str = "/api/technologypartner/createApiKey";

async fn exec(app: &TestApp, sql: &str) {
    sqlx::query(sql).execute(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn create_key(app: &TestApp, token: &str, name: &str) -> (i64, String) {
    let reply = app.post_form(CREATE, Some(token), &[("form_name", name)]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    (body["id"].as_i64().unwrap(), body["key"].as_str().unwrap().to_string())
}

/// The reporting API as a partner's program calls it: no cookie, no admin header.
async fn api(app: &TestApp, path: &str, authorization: Option<&str>) -> Reply {
    let mut builder = request("GET", path, None, false);
    if let Some(value) = authorization {
        builder = builder.header(AUTHORIZATION, value);
    }
    app.send(builder.body(Body::empty()).unwrap()).await
}

/// A second technology partner (750) supplying leads to Stone & Sons (200), with a key.
async fn another_tech_partner(app: &TestApp) -> String {
    exec(app, "INSERT INTO customers (id, name, package_name, plan, is_tech_partner, created_at) VALUES (750, 'Rival Leads', 'Professional', 'Professional', 1, 0)").await;
    exec(app, "INSERT INTO users (id, email, forename, surname, password_hash, home_customer_id, created_at) SELECT 750, 'rival@demo.test', 'Rita', 'Rival', password_hash, 750, 0 FROM users WHERE id = 9").await;
    exec(app, "INSERT INTO user_access (user_id, customer_id, auth_code, perm_reports, perm_billing) VALUES (750, 750, 25, 1, 1)").await;
    exec(
        app,
        &format!(
            "INSERT INTO lead_supplies (tech_partner_id, customer_id, since) VALUES (750, 200, {})",
            TEST_NOW - 400 * 86_400
        ),
    )
    .await;
    let rival = app.login("rival@demo.test").await;
    create_key(app, &rival, "Rival key").await.1
}

#[tokio::test]
async fn a_key_is_shown_once_stored_as_a_hash_and_listed() {
    let app = TestApp::spawn().await;
    let token = app.login("techpartner@demo.test").await;
    let (id, key) = create_key(&app, &token, "CRM sync").await;
    assert!(is_well_formed_key(&key), "{key}");
    let stored = rows_as_text(&app.state.db, &format!("SELECT key_hash, key_hint FROM api_keys WHERE id = {id}")).await;
    assert!(!stored[0].contains(&key[4..]), "only a hash and the key's start are stored: {}", stored[0]);
    assert!(stored[0].contains(&key[..10]));

    let list = app.get(KEYS, Some(&token)).await;
    assert_eq!(list.status, StatusCode::OK);
    assert!(!list.text().contains(&key), "the list never shows a key again");
    let body = list.json();
    let names: Vec<&str> = body["keys"].as_array().unwrap().iter().map(|k| k["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["CRM sync", "Lead dashboard"]);
    let created = &body["keys"][0];
    assert_eq!(created["hint"], format!("{}…", &key[..10]));
    assert_eq!(created["createdBy"], "Theo Tran");
    // The test clock starts at 23/11/2026 10:00 and runs on.
    assert!(created["created"].as_str().unwrap().starts_with("23/11/2026 10:"), "{}", created["created"]);
    assert_eq!(created["lastUsed"], Value::Null);
    assert_eq!(body["keys"][1]["lastUsed"], "21/11/2026 10:00 GMT");
    assert_eq!(body["maxActiveKeys"], 10);
}

#[tokio::test]
async fn a_key_needs_a_name_and_at_most_ten_are_active() {
    let app = TestApp::spawn().await;
    let token = app.login("techpartner@demo.test").await;
    let reply = app.post_form(CREATE, Some(&token), &[("form_name", "  ")]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["errors"]["form_name"], NAME_REQUIRED);
    for n in 2..=10 {
        create_key(&app, &token, &format!("Key {n}")).await;
    }
    let reply = app.post_form(CREATE, Some(&token), &[("form_name", "Eleventh")]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["errors"]["form_name"], TOO_MANY_KEYS);
    assert_eq!(rows_as_text(&app.state.db, "SELECT COUNT(*) FROM api_keys").await, ["[10]"]);
    // Revoking one makes room.
    let (id,): (i64,) = sqlx::query_as("SELECT MAX(id) FROM api_keys").fetch_one(&app.state.db).await.unwrap();
    app.post_form(&format!("/api/technologypartner/revokeApiKey/{id}"), Some(&token), &[]).await;
    create_key(&app, &token, "Eleventh").await;
}

#[tokio::test]
async fn the_reporting_api_answers_with_a_live_key_and_refuses_it_once_revoked() {
    let app = TestApp::spawn().await;
    let token = app.login("techpartner@demo.test").await;
    let (id, key) = create_key(&app, &token, "CRM sync").await;
    let bearer = format!("Bearer {key}");

    let reply = api(&app, "/v1/calls?from=2026-11-01&to=2026-11-22&per_page=5", Some(&bearer)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    let expected = rows_as_text(
        &app.state.db,
        "SELECT COUNT(*) FROM calls WHERE customer_id IN (100, 300) AND started_at >= 1793491200 AND started_at < 1795392000",
    )
    .await;
    assert_eq!(format!("[{}]", body["total"]), expected[0]);
    assert!(body["total"].as_i64().unwrap() > 5, "the demo has calls in November");
    assert_eq!(
        (body["page"].as_i64(), body["perPage"].as_i64(), body["hasMore"].as_bool()),
        (Some(1), Some(5), Some(true))
    );
    assert_eq!((body["from"].as_str(), body["to"].as_str()), (Some("2026-11-01"), Some("2026-11-22")));
    let first = &body["data"][0];
    assert!(
        first["startedAt"].as_str().unwrap().starts_with("2026-11-")
            && first["startedAt"].as_str().unwrap().ends_with('Z')
    );
    assert!([100, 300].contains(&first["accountId"].as_i64().unwrap()));
    let qualified = first["direction"] == "inbound" && first["talkSeconds"].as_i64().unwrap_or(0) >= 60;
    assert_eq!(first["qualifiedLead"], qualified);
    // The call's custom dimensions, by name; a call without values has none.
    let (call, account) = (first["id"].as_i64().unwrap(), first["accountId"].as_i64().unwrap());
    assert!(body["data"].as_array().unwrap().iter().all(|c| c["customDimensions"].is_object()));
    sqlx::query(&format!(
        "INSERT INTO custom_dimensions (customer_id, name, kind, choices, created_at) VALUES ({account}, 'Deal stage', 'text', '', 0)"
    ))
    .execute(&app.state.db)
    .await
    .unwrap();
    sqlx::query(&format!(
        "INSERT INTO call_dimension_values (call_id, dimension_id, customer_id, value, updated_at)
         SELECT {call}, id, {account}, 'Quoted', 0 FROM custom_dimensions WHERE customer_id = {account} AND name = 'Deal stage'"
    ))
    .execute(&app.state.db)
    .await
    .unwrap();
    let again = api(&app, "/v1/calls?from=2026-11-01&to=2026-11-22&per_page=5", Some(&bearer)).await.json();
    let same = again["data"].as_array().unwrap().iter().find(|c| c["id"] == call).unwrap();
    assert_eq!(same["customDimensions"]["Deal stage"], "Quoted");
    // The key's use is recorded.
    let (used,): (i64,) = sqlx::query_as(&format!("SELECT last_used_at FROM api_keys WHERE id = {id}"))
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert!((TEST_NOW..TEST_NOW + 600).contains(&used), "{used}");

    let revoke = app.post_form(&format!("/api/technologypartner/revokeApiKey/{id}"), Some(&token), &[]).await;
    assert_eq!(revoke.status, StatusCode::OK, "{}", revoke.text());
    let refused = api(&app, "/v1/calls", Some(&bearer)).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert_eq!(refused.json()["error"], "invalid_token");
    assert!(refused.header(WWW_AUTHENTICATE.as_str()).unwrap().starts_with("Bearer"));
    let listed = app.get(KEYS, Some(&token)).await.json();
    assert!(
        listed["keys"][1]["revoked"].as_str().unwrap().starts_with("23/11/2026 10:"),
        "revoked keys sort last and say when"
    );
}

#[tokio::test]
async fn unknown_malformed_and_missing_keys_are_401() {
    let app = TestApp::spawn().await;
    let unknown = format!("Bearer ctk_{}", "A".repeat(40));
    for authorization in [Some(unknown.as_str()), Some("Bearer ctk_short"), Some("Basic dXNlcjpwYXNz"), None] {
        let reply = api(&app, "/v1/calls", authorization).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{authorization:?}");
        assert!(reply.header(WWW_AUTHENTICATE.as_str()).is_some());
    }
    // A session is not a key.
    let token = app.login("techpartner@demo.test").await;
    let with_cookie = request("GET", "/v1/calls", Some(&token), true).body(Body::empty()).unwrap();
    assert_eq!(app.send(with_cookie).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_key_sees_only_its_own_partners_accounts() {
    let app = TestApp::spawn().await;
    let rival_key = another_tech_partner(&app).await;
    let reply =
        api(&app, "/v1/calls?from=2025-12-01&to=2026-11-22&per_page=100", Some(&format!("Bearer {rival_key}"))).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    assert!(body["total"].as_i64().unwrap() > 0);
    let accounts: Vec<i64> =
        body["data"].as_array().unwrap().iter().map(|c| c["accountId"].as_i64().unwrap()).collect();
    assert!(accounts.iter().all(|a| *a == 200), "{accounts:?}");
    assert!(!reply.text().contains("Harbour Lane"));

    // Quantum's user cannot list, revoke or report with the rival's key.
    let token = app.login("techpartner@demo.test").await;
    let (rival_id,): (i64,) =
        sqlx::query_as("SELECT id FROM api_keys WHERE customer_id = 750").fetch_one(&app.state.db).await.unwrap();
    assert!(!app.get(KEYS, Some(&token)).await.text().contains("Rival key"));
    let revoke = app.post_form(&format!("/api/technologypartner/revokeApiKey/{rival_id}"), Some(&token), &[]).await;
    assert_eq!(revoke.status, StatusCode::NOT_FOUND);
    assert_eq!(
        rows_as_text(&app.state.db, &format!("SELECT revoked_at FROM api_keys WHERE id = {rival_id}")).await,
        ["[null]"]
    );
    let reports = app.get("/api/technologypartner/getReports", Some(&token)).await.json();
    assert!(!reports.to_string().contains("Stone"), "no other partner's accounts");
}

#[tokio::test]
async fn a_bad_query_is_422_with_each_fields_message() {
    let app = TestApp::spawn().await;
    let token = app.login("techpartner@demo.test").await;
    let (_, key) = create_key(&app, &token, "CRM sync").await;
    let bearer = format!("Bearer {key}");
    let cases = [
        ("/v1/calls?from=01-11-2026", "from", "from must be a date written YYYY-MM-DD."),
        ("/v1/calls?from=2026-11-02&to=2026-11-01", "to", "to must not be before from."),
        ("/v1/calls?from=2025-01-01&to=2026-11-01", "to", "The range must not exceed 366 days."),
        ("/v1/calls?page=0", "page", "page must be a whole number from 1 to 10000."),
        ("/v1/calls?per_page=100000000000000000000", "per_page", "per_page must be a whole number from 1 to 100."),
    ];
    for (path, field, message) in cases {
        let reply = api(&app, path, Some(&bearer)).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{path}");
        assert_eq!(reply.json()["errors"][field], message, "{path}");
    }
    // A page past the end is empty, not an error.
    let far = api(&app, "/v1/calls?page=10000", Some(&bearer)).await;
    assert_eq!(far.status, StatusCode::OK);
    assert_eq!(far.json()["data"], serde_json::json!([]));
}

#[tokio::test]
async fn reports_count_calls_and_qualified_leads_per_account_per_month() {
    let app = TestApp::spawn().await;
    let token = app.login("techpartner@demo.test").await;
    let reply = app.get("/api/technologypartner/getReports", Some(&token)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    let accounts: Vec<&str> =
        body["accounts"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(accounts, ["Atlas Insurance Group", "Harbour Lane Dental"]);
    let november = body["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["accountId"] == 100 && r["month"] == "2026-11")
        .expect("Harbour Lane Dental has November calls")
        .clone();
    let counted = rows_as_text(
        &app.state.db,
        "SELECT SUM(CASE WHEN direction = 'inbound' THEN 1 ELSE 0 END),
                SUM(CASE WHEN direction = 'inbound' AND talk_seconds >= 60 THEN 1 ELSE 0 END),
                SUM(CASE WHEN direction = 'outbound' THEN 1 ELSE 0 END)
         FROM calls WHERE customer_id = 100 AND started_at >= 1793491200",
    )
    .await;
    // Outbound calls are no leads: only inbound calls are counted, as for qualified leads.
    let counted: Vec<&str> = counted[0].trim_matches(['[', ']']).split(',').collect();
    assert_ne!(counted[2], "0", "Harbour Lane Dental made outbound calls in November");
    assert_eq!([november["calls"].to_string(), november["qualifiedLeads"].to_string()], [counted[0], counted[1]]);
    assert_eq!(november["monthLabel"], "November 2026");
    let months = body["months"].as_array().unwrap();
    assert_eq!(
        (months.len(), months[0]["month"].as_str(), months[11]["shortLabel"].as_str()),
        (12, Some("2025-12"), Some("Nov 26"))
    );
    assert!(body["rows"].as_array().unwrap().iter().all(|r| r["month"].as_str().unwrap() >= "2025-12"));
}

#[tokio::test]
async fn settings_are_validated_and_saved() {
    let app = TestApp::spawn().await;
    let token = app.login("techpartner@demo.test").await;
    let current = app.get("/api/technologypartner/getSettings", Some(&token)).await.json();
    assert_eq!(current["companyName"], "Quantum Leads Ltd");
    assert_eq!(current["contactName"], "Theo Tran");
    let bad = [
        ("form_website", "quantumleads"),
        ("form_contactName", ""),
        ("form_contactEmail", "not-an-email"),
        ("form_contactTelephone", ""),
    ];
    let reply = app.post_form("/api/technologypartner/saveSettings", Some(&token), &bad).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &reply.json()["errors"];
    assert_eq!(errors["form_website"], WEBSITE_FORMAT);
    assert!(errors["form_contactName"].is_string() && errors["form_contactEmail"].is_string());
    assert_eq!(app.get("/api/technologypartner/getSettings", Some(&token)).await.json(), current, "nothing saved");
    let good = [
        ("form_website", "https://quantum.example"),
        ("form_contactName", "Tara Quinn"),
        ("form_contactEmail", "tara@quantum.example"),
        ("form_contactTelephone", "0161 496 0777"),
    ];
    let reply = app.post_form("/api/technologypartner/saveSettings", Some(&token), &good).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let saved = app.get("/api/technologypartner/getSettings", Some(&token)).await.json();
    assert_eq!(
        (saved["website"].as_str(), saved["contactName"].as_str()),
        (Some("https://quantum.example"), Some("Tara Quinn"))
    );
}

#[tokio::test]
async fn the_portal_calls_follow_the_menu() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let partner = app.login("partner@demo.test").await;
    for path in [KEYS, "/api/technologypartner/getReports", "/api/technologypartner/getSettings"] {
        assert_eq!(app.get(path, Some(&owner)).await.status, StatusCode::FORBIDDEN, "{path}");
        assert_eq!(app.get(path, Some(&partner)).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(app.post_form(CREATE, Some(&owner), &[("form_name", "x")]).await.status, StatusCode::FORBIDDEN);
    // Reports need the reports right; keys and settings need level 20.
    let token = app.login("techpartner@demo.test").await;
    exec(&app, "UPDATE user_access SET perm_reports = 0 WHERE user_id = 9").await;
    assert_eq!(app.get("/api/technologypartner/getReports", Some(&token)).await.status, StatusCode::FORBIDDEN);
    exec(&app, "UPDATE user_access SET auth_code = 10 WHERE user_id = 9").await;
    assert_eq!(app.get(KEYS, Some(&token)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.post_form(CREATE, Some(&token), &[("form_name", "x")]).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/technologypartner/getSettings", Some(&token)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(rows_as_text(&app.state.db, "SELECT COUNT(*) FROM api_keys").await, ["[1]"]);
}

const BACK_TO_PORTAL: &str = "/technologypartnerportal/backToPortal";

/// The back-to-portal page's form, posted from this site (as the browser sends it: no admin
/// header), or with the given extra headers.
async fn post_back_to_portal(app: &TestApp, token: Option<&str>, headers: &[(&str, &str)]) -> Reply {
    let mut builder = request("POST", BACK_TO_PORTAL, token, false).header(HOST, "127.0.0.1:8080");
    if !headers.iter().any(|(name, _)| *name == "origin") {
        builder = builder.header(ORIGIN, "http://127.0.0.1:8080");
    }
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    app.send(builder.body(Body::empty()).unwrap()).await
}

/// A page opened as a browser's navigation does (no admin header).
async fn open_page(app: &TestApp, path: &str, token: Option<&str>) -> Reply {
    app.send(request("GET", path, token, false).body(Body::empty()).unwrap()).await
}

#[tokio::test]
async fn back_to_portal_returns_to_the_users_technology_partner_account() {
    let app = TestApp::spawn().await;
    exec(&app, "INSERT INTO user_access (user_id, customer_id, auth_code) VALUES (9, 100, 20)").await;
    let token = app.login("techpartner@demo.test").await;
    app.post_form("/api/accountsettings/switchAccount", Some(&token), &[("form_customer_id", "100")]).await;
    assert_eq!(app.account(&token).await["customerId"], 100);
    let reply = post_back_to_portal(&app, Some(&token), &[]).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    assert_eq!(reply.header(LOCATION.as_str()).as_deref(), Some("/manage/technologypartner"));
    assert_eq!(app.account(&token).await["customerId"], 700);
    // Once there, opening the address goes straight to the portal.
    let there = open_page(&app, BACK_TO_PORTAL, Some(&token)).await;
    assert_eq!(there.header(LOCATION.as_str()).as_deref(), Some("/manage/technologypartner"));

    let owner = app.login("owner@demo.test").await;
    let reply = post_back_to_portal(&app, Some(&owner), &[]).await;
    assert_eq!(reply.header(LOCATION.as_str()).as_deref(), Some("/manage/"));
    assert_eq!(app.account(&owner).await["customerId"], 100);
    assert_eq!(
        open_page(&app, BACK_TO_PORTAL, Some(&owner)).await.header(LOCATION.as_str()).as_deref(),
        Some("/manage/")
    );
    for anonymous in [post_back_to_portal(&app, None, &[]).await, open_page(&app, BACK_TO_PORTAL, None).await] {
        assert!(anonymous.header(LOCATION.as_str()).unwrap().starts_with("/login?return="));
    }
}

#[tokio::test]
async fn opening_back_to_portal_or_posting_it_from_another_site_does_not_move_the_session() {
    let app = TestApp::spawn().await;
    exec(&app, "INSERT INTO user_access (user_id, customer_id, auth_code) VALUES (9, 100, 20)").await;
    let token = app.login("techpartner@demo.test").await;
    app.post_form("/api/accountsettings/switchAccount", Some(&token), &[("form_customer_id", "100")]).await;

    // A link (another site's included) only opens a page whose button posts.
    let page = open_page(&app, BACK_TO_PORTAL, Some(&token)).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text());
    let html = page.text();
    assert!(html.contains(r#"<form method="post" action="/technologypartnerportal/backToPortal">"#), "{html}");
    assert!(html.contains("Harbour Lane Dental") && html.contains("Quantum Leads Ltd"), "{html}");
    assert_eq!(app.account(&token).await["customerId"], 100, "a GET changes nothing");

    // A post from another site is refused, by its Origin or by Sec-Fetch-Site.
    let forged = post_back_to_portal(&app, Some(&token), &[("origin", "https://evil.example")]).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    let forged = post_back_to_portal(&app, Some(&token), &[("sec-fetch-site", "cross-site")]).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert_eq!(app.account(&token).await["customerId"], 100);

    let own = post_back_to_portal(&app, Some(&token), &[("sec-fetch-site", "same-origin")]).await;
    assert_eq!(own.status, StatusCode::SEE_OTHER);
    assert_eq!(app.account(&token).await["customerId"], 700);
}

#[tokio::test]
async fn the_documentation_describes_the_reporting_api() {
    let app = TestApp::spawn().await;
    let page = app.get("/apidocs", None).await;
    assert_eq!(page.status, StatusCode::OK);
    for text in [
        "GET /v1/calls",
        "Authorization: Bearer ctk_",
        "per_page",
        "qualified lead",
        "Each key may make 60 requests a minute",
        "each client address 120 requests a minute",
        "RateLimit-Remaining",
        "Retry-After",
    ] {
        assert!(page.text().contains(text), "{text}");
    }
}

#[tokio::test]
async fn the_documentation_curl_example_uses_the_address_the_page_was_asked_on() {
    let app = TestApp::spawn().await;
    let asked = |host: Option<&str>| {
        let mut req = request("GET", "/apidocs", None, false);
        if let Some(host) = host {
            req = req.header(HOST, host);
        }
        app.send(req.body(Body::empty()).unwrap())
    };

    let page = asked(Some("calltrack.example:8443")).await;
    assert_eq!(page.status, StatusCode::OK);
    let text = page.text();
    assert!(text.contains("\"http://calltrack.example:8443/v1/calls?from="), "{text}");
    assert!(!text.contains("{host}"));

    // No host, or one that is no host name: a marked placeholder, never the header's text.
    for host in [None, Some("evil\"><script>alert(1)</script>"), Some("")] {
        let page = asked(host).await;
        assert_eq!(page.status, StatusCode::OK);
        let text = page.text();
        assert!(text.contains("\"https://your-host/v1/calls?from="), "{host:?}");
        assert!(text.contains("Replace <code>https://your-host</code>"), "{host:?}");
        assert!(!text.contains("<script>alert"), "{host:?}");
        assert!(!text.contains("{host}"));
    }
}

/// Moves the test clock to the start of the next minute: a fresh rate-limit window with a
/// minute of real time ahead of it.
fn to_next_minute(app: &TestApp) {
    let now = app.state.clock.now();
    app.state.clock.advance(60 - now.rem_euclid(60));
}

fn limit_headers(reply: &Reply) -> (Option<String>, Option<String>, Option<String>) {
    (reply.header("ratelimit-limit"), reply.header("ratelimit-remaining"), reply.header("ratelimit-reset"))
}

#[tokio::test]
async fn a_key_past_its_limit_gets_429_until_the_window_ends_and_other_keys_go_on() {
    let app = TestApp::spawn().await;
    let token = app.login("techpartner@demo.test").await;
    let (_, key) = create_key(&app, &token, "CRM sync").await;
    let (_, other) = create_key(&app, &token, "Dashboard").await;
    let (bearer, other) = (format!("Bearer {key}"), format!("Bearer {other}"));
    to_next_minute(&app);
    for n in 1..=60 {
        let reply = api(&app, "/v1/calls?per_page=1", Some(&bearer)).await;
        assert_eq!(reply.status, StatusCode::OK, "request {n}: {}", reply.text());
        let (limit, remaining, reset) = limit_headers(&reply);
        assert_eq!((limit.as_deref(), remaining), (Some("60"), Some((60 - n).to_string())), "request {n}");
        assert!((1..=60).contains(&reset.unwrap().parse::<i64>().unwrap()));
    }
    let refused = api(&app, "/v1/calls?per_page=1", Some(&bearer)).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.text());
    assert_eq!(refused.json()["error"], "rate_limited");
    let retry: i64 = refused.header("retry-after").expect("Retry-After").parse().unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    let (limit, remaining, reset) = limit_headers(&refused);
    assert_eq!((limit.as_deref(), remaining.as_deref()), (Some("60"), Some("0")));
    assert_eq!(reset.unwrap().parse::<i64>().unwrap(), retry);

    // Another key of the same partner is counted on its own.
    let reply = api(&app, "/v1/calls?per_page=1", Some(&other)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    // Its headers tell the tighter limit: the address's, 62 of 120 used.
    assert_eq!(limit_headers(&reply).0.as_deref(), Some("120"));
    assert_eq!(limit_headers(&reply).1.as_deref(), Some("58"));

    // Once the window is over, the key answers again.
    app.state.clock.advance(retry);
    let reply = api(&app, "/v1/calls?per_page=1", Some(&bearer)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.header("ratelimit-remaining").as_deref(), Some("59"));

    // The housekeeping forgets the counts of past windows only.
    let counts = "SELECT COUNT(*) FROM api_rate_counts";
    assert_eq!(rows_as_text(&app.state.db, counts).await, ["[5]"], "address and two keys, then address and key");
    server::jobs::housekeeping::purge_expired(&app.state.db, app.state.clock.now()).await.unwrap();
    assert_eq!(rows_as_text(&app.state.db, counts).await, ["[2]"]);
}

#[tokio::test]
async fn an_address_is_limited_whatever_keys_it_sends_and_other_addresses_go_on() {
    use axum::extract::ConnectInfo;
    use std::net::SocketAddr;
    let app = TestApp::spawn().await;
    let token = app.login("techpartner@demo.test").await;
    let (_, key) = create_key(&app, &token, "CRM sync").await;
    let from = |address: [u8; 4], authorization: Option<String>| {
        let mut builder = request("GET", "/v1/calls?per_page=1", None, false);
        if let Some(value) = authorization {
            builder = builder.header(AUTHORIZATION, value);
        }
        let mut req = builder.body(Body::empty()).unwrap();
        req.extensions_mut().insert(ConnectInfo(SocketAddr::from((address, 40_000))));
        req
    };
    to_next_minute(&app);
    // Guesses count against the address: 120 unknown keys, then even a good key is refused.
    for n in 1..=120 {
        let reply = app.send(from([203, 0, 113, 7], Some(format!("Bearer ctk_{n:0>40}")))).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "request {n}");
        assert_eq!(reply.header("ratelimit-remaining"), Some((120 - n).to_string()), "request {n}");
    }
    let refused = app.send(from([203, 0, 113, 7], Some(format!("Bearer {key}")))).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.header("retry-after").is_some());
    assert_eq!(limit_headers(&refused).0.as_deref(), Some("120"));
    // The key itself was not counted, and works from another address.
    let reply = app.send(from([198, 51, 100, 1], Some(format!("Bearer {key}")))).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(limit_headers(&reply).1.as_deref(), Some("59"));
}

#[tokio::test]
async fn a_keys_use_is_written_at_most_once_a_minute() {
    let app = TestApp::spawn().await;
    let token = app.login("techpartner@demo.test").await;
    let (id, key) = create_key(&app, &token, "CRM sync").await;
    let bearer = format!("Bearer {key}");
    let last_used = || async {
        let (used,): (Option<i64>,) = sqlx::query_as(&format!("SELECT last_used_at FROM api_keys WHERE id = {id}"))
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        used
    };
    assert_eq!(last_used().await, None);
    let before = app.state.clock.now();
    assert_eq!(api(&app, "/v1/calls?per_page=1", Some(&bearer)).await.status, StatusCode::OK);
    let first = last_used().await.expect("the first use is recorded");
    assert!(first >= before, "{first}");
    for _ in 0..3 {
        app.state.clock.advance(15);
        assert_eq!(api(&app, "/v1/calls?per_page=1", Some(&bearer)).await.status, StatusCode::OK);
        assert_eq!(last_used().await, Some(first), "not written again within the minute");
    }
    app.state.clock.advance(16);
    assert_eq!(api(&app, "/v1/calls?per_page=1", Some(&bearer)).await.status, StatusCode::OK);
    let second = last_used().await.unwrap();
    assert!(second >= first + 60, "written again a minute on: {first} then {second}");
}

/// 2026-11-20 00:00 GMT: a day of the supplied accounts' calls that the report-field tests own.
const NOV_20: i64 = 1_795_132_800;

async fn insert_id(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

#[tokio::test]
async fn the_reporting_api_answers_each_calls_report_fields() {
    let app = TestApp::spawn().await;
    let token = app.login("techpartner@demo.test").await;
    let bearer = format!("Bearer {}", create_key(&app, &token, "CRM sync").await.1);
    exec(
        &app,
        &format!(
            "DELETE FROM calls WHERE customer_id IN (100, 300) AND started_at >= {NOV_20} AND started_at < {}",
            NOV_20 + 86_400
        ),
    )
    .await;
    let source = insert_id(
        &app,
        "INSERT INTO sources_mediums (customer_id, source, medium) VALUES (100, 'apitest', 'cpc') RETURNING id",
    )
    .await;
    let visit = insert_id(
        &app,
        &format!(
            "INSERT INTO visits (customer_id, routing_entry_id, number_shown, source_medium_id, landing_page, keyword, started_at, called)
             VALUES (100, 1, '01632960777', {source}, 'https://www.harbourlanedental.co.uk/implants', 'dental implants', {}, 1)
             RETURNING id",
            NOV_20 + 9 * 3_600 - 120
        ),
    )
    .await;
    let columns = "customer_id, direction, rate_item, started_at, duration_seconds, minutes, cost_tenth_pence";
    let missed = insert_id(
        &app,
        &format!(
            "INSERT INTO calls ({columns}, caller_number, tracked_number, outcome, ring_seconds, first_time)
             VALUES (100, 'inbound', 'inbound_geographic', {}, 30, 1, 15, '', '01632960777', 'missed', 30, 0) RETURNING id",
            NOV_20 + 8 * 3_600
        ),
    )
    .await;
    let answered = insert_id(
        &app,
        &format!(
            "INSERT INTO calls ({columns}, caller_number, tracked_number, visit_id, source_medium_id, credit_source_id, outcome, ring_seconds,
                                talk_seconds, first_time, destination, category, report_group, callback_of, score, lead_score)
             VALUES (100, 'inbound', 'inbound_geographic', {}, 194, 4, 60, '07700900123', '01632960777', {visit}, {source}, {source},
                     'answered', 9, 185, 1, 'Reception', 'New patient', 'Implants', {missed}, 72, 1) RETURNING id",
            NOV_20 + 9 * 3_600
        ),
    )
    .await;
    let outbound = insert_id(
        &app,
        &format!(
            "INSERT INTO calls ({columns}, caller_number) VALUES (100, 'outbound', 'outbound_geographic', {}, 61, 2, 30, '07700900999')
             RETURNING id",
            NOV_20 + 10 * 3_600
        ),
    )
    .await;

    let reply = api(&app, "/v1/calls?from=2026-11-20&to=2026-11-20&per_page=100", Some(&bearer)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    let data = body["data"].as_array().unwrap();
    let ids: Vec<i64> = data.iter().map(|c| c["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [missed, answered, outbound], "the day's calls, oldest first");
    assert_eq!(
        data[1],
        serde_json::json!({
            "id": answered, "accountId": 100, "accountName": "Harbour Lane Dental", "trackedNumber": "01632960777",
            "direction": "inbound", "startedAt": "2026-11-20T09:00:00Z", "durationSeconds": 194, "qualifiedLead": true,
            "callerNumber": "07700 900123", "source": "apitest", "medium": "cpc", "campaign": null,
            "landingPage": "https://www.harbourlanedental.co.uk/implants", "keyword": "dental implants",
            "outcome": "answered", "firstTime": true, "ringSeconds": 9, "talkSeconds": 185, "destination": "Reception",
            "category": "New patient", "reportGroup": "Implants", "callbackOf": missed,
            "score": 72, "leadScore": "goodLead", "customDimensions": {},
        })
    );
    let first = &data[0];
    assert_eq!(
        [&first["callerNumber"], &first["outcome"], &first["source"], &first["landingPage"], &first["destination"]],
        [&Value::from("Withheld"), &Value::from("missed"), &Value::Null, &Value::Null, &Value::Null]
    );
    assert_eq!((first["firstTime"].as_bool(), first["ringSeconds"].as_i64()), (Some(false), Some(30)));
    // An outbound call is no lead: none of the report fields.
    for field in [
        "callerNumber",
        "trackedNumber",
        "outcome",
        "firstTime",
        "talkSeconds",
        "source",
        "callbackOf",
        "score",
        "leadScore",
    ] {
        assert_eq!(data[2][field], Value::Null, "{field}");
    }
}

/// The reference's example shows every field of the answer, and no other.
#[tokio::test]
async fn the_api_reference_example_has_every_field_the_answer_has() {
    let app = TestApp::spawn().await;
    let token = app.login("techpartner@demo.test").await;
    let bearer = format!("Bearer {}", create_key(&app, &token, "CRM sync").await.1);
    let reply = api(&app, "/v1/calls?from=2026-11-01&to=2026-11-22&per_page=1", Some(&bearer)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let answer = reply.json();

    let page = app.send(request("GET", "/apidocs", None, false).body(Body::empty()).unwrap()).await.text();
    let start = page.find("\n\n{").expect("the example answer") + 2;
    let end = start + page[start..].find("</pre>").unwrap();
    let example: Value =
        serde_json::from_str(&page[start..end]).unwrap_or_else(|e| panic!("{e}: {}", &page[start..end]));
    let keys = |value: &Value| -> Vec<String> {
        let mut keys: Vec<String> = value.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        keys
    };
    assert_eq!(keys(&example), keys(&answer));
    assert_eq!(keys(&example["data"][0]), keys(&answer["data"][0]));
}
