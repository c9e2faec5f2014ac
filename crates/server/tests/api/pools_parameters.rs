//! A pool's page and the captured parameters: dynamicurls/getPool/{id}/{pool} with
//! its health figure from the demo's stored visits, and parameters/* (the list, adding and
//! removing, a parameter's values, a value's calls): every message, the permission (auth code 20,
//! the dynamic URL pages' guard) and another customer's ids answered 404.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, TestApp};

/// Harbour Lane's first pool on its first dynamic URL (the demo's busy one).
async fn first_pool(app: &TestApp) -> i64 {
    scalar(
        app,
        "SELECT id FROM routing_entries WHERE customer_id = 100 AND dynamic_url_id = 1 AND kind = 'dynamic' ORDER BY id",
    )
    .await
}

async fn scalar(app: &TestApp, sql: &str) -> i64 {
    let rows = rows_as_text(&app.state.db, sql).await;
    rows[0].trim_matches(|c| c == '[' || c == ']').parse().unwrap()
}

async fn ok(app: &TestApp, url: &str, session: &str) -> Value {
    let reply = app.get(url, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{url}: {}", reply.text());
    reply.json()
}

#[tokio::test]
async fn a_pools_page_shows_its_numbers_calls_and_health_from_the_stored_visits() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let pool = first_pool(&app).await;
    let page = ok(&app, &format!("/api/dynamicurls/getPool/1/{pool}"), &owner).await;
    assert_eq!((page["id"].as_i64(), page["dynamicUrl"].as_str()), (Some(pool), Some("Main website")));
    let numbers = page["numbers"].as_array().unwrap();
    assert_eq!(numbers.len(), 5);
    assert!(numbers.iter().all(|n| n["number"].as_str().unwrap().starts_with("0161 496 ")), "{numbers:?}");
    let calls: i64 = numbers.iter().map(|n| n["callsLast30Days"].as_i64().unwrap()).sum();
    let now = page["windowTo"].as_i64().unwrap();
    let stored = scalar(
        &app,
        &format!(
            "SELECT COUNT(*) FROM calls WHERE routing_entry_id = {pool} AND direction = 'inbound' AND started_at >= {}",
            now - 30 * 24 * 3600
        ),
    )
    .await;
    assert_eq!(calls, stored);
    // The health figure covers the 72 hours the visits that never call are kept.
    assert_eq!(now - page["windowFrom"].as_i64().unwrap(), 72 * 3600);
    let health = &page["health"];
    let visits = scalar(
        &app,
        &format!("SELECT COUNT(*) FROM visits WHERE routing_entry_id = {pool} AND started_at >= {}", now - 72 * 3600),
    )
    .await;
    assert_eq!(health["visits"].as_i64(), Some(visits));
    assert!(visits > 100, "{visits} visits");
    // Its rush hours ran the pool of five dry: some calls could not be attributed.
    assert_eq!(health["poolSize"], 5);
    assert_eq!(health["sessionMinutes"], 30);
    assert!(health["peakHourlyVisitors"].as_i64().unwrap() > 25, "{health}");
    assert!(health["ownNumberPercent"].as_i64().unwrap() < 95, "{health}");
    assert!(health["unattributedCalls"].as_i64().unwrap() >= 1, "{health}");
    assert_eq!(health["healthy"], false);
    let recommended = health["recommendedSize"].as_i64().unwrap();
    assert_eq!(health["missingNumbers"].as_i64(), Some(recommended - 5));
    assert!(health["verdict"].as_str().unwrap().starts_with("Too small: only "), "{health}");
    assert_eq!((page["canBuy"].as_bool(), page["numbersPerPool"].as_i64()), (Some(true), Some(5)));

    // The numbers it recommends are what Buy adds to this pool, each at its share of a pool's price.
    let missing = recommended - 5;
    let offer = &page["extraNumbers"];
    assert_eq!(offer["count"].as_i64(), Some(missing));
    assert_eq!(offer["unitPricePence"], 500, "£25 a pool of five");
    assert!(offer["note"].as_str().unwrap().starts_with(&format!("{missing} more numbers for ")), "{offer}");
    let path = format!("/api/dynamicurls/addPoolNumbers/1/{pool}");
    let count = missing.to_string();
    let unticked = app.post_form(&path, Some(&owner), &[("count", count.as_str())]).await;
    assert_eq!(unticked.json()["errors"]["terms"], "Please accept the terms and conditions.");
    for bad in ["0", "201", "-3"] {
        let reply = app.post_form(&path, Some(&owner), &[("count", bad), ("terms", "1")]).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    }
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM pool_numbers WHERE routing_entry_id = {pool}")).await, 5);
    let bought = app.post_form(&path, Some(&owner), &[("count", count.as_str()), ("terms", "1")]).await;
    assert_eq!(bought.status, StatusCode::OK, "{}", bought.text());
    let numbers = bought.json()["numbers"].as_array().unwrap().clone();
    assert_eq!(numbers.len() as i64, missing);
    assert!(numbers.iter().all(|n| n.as_str().unwrap().starts_with("01614960")), "near the pool's own: {numbers:?}");
    let after = ok(&app, &format!("/api/dynamicurls/getPool/1/{pool}"), &owner).await;
    assert_eq!(after["health"]["poolSize"].as_i64(), Some(recommended));
    assert_eq!(after["health"]["missingNumbers"], 0);
    assert_eq!(after["extraNumbers"], serde_json::Value::Null);
    let charged = scalar(
        &app,
        "SELECT quantity * unit_price_pence FROM customer_charges WHERE customer_id = 100 AND item = 'pool_numbers'",
    )
    .await;
    assert_eq!(charged, missing * 500);

    // A quieter pool of the same website is healthy.
    let other = scalar(
        &app,
        "SELECT MAX(id) FROM routing_entries WHERE customer_id = 100 AND dynamic_url_id = 1 AND kind = 'dynamic'",
    )
    .await;
    let quiet = ok(&app, &format!("/api/dynamicurls/getPool/1/{other}"), &owner).await;
    assert_eq!(quiet["health"]["unattributedCalls"], 0, "{}", quiet["health"]);
    assert_eq!(quiet["health"]["healthy"], true, "{}", quiet["health"]);
}

#[tokio::test]
async fn a_pools_page_is_gated_and_another_customers_pool_is_not_found() {
    let app = TestApp::spawn().await;
    let pool = first_pool(&app).await;
    let url = format!("/api/dynamicurls/getPool/1/{pool}");
    let admin = app.login("admin@demo.test").await;
    assert_eq!(app.get(&url, Some(&admin)).await.status, StatusCode::OK);
    // A user sees the dynamic URL pages as the guard lets them, but may not buy numbers.
    let user = app.login("user@demo.test").await;
    let seen = ok(&app, &url, &user).await;
    assert_eq!((seen["canBuy"].as_bool(), seen["extraNumbers"].is_null()), (Some(false), true));
    let buy = format!("/api/dynamicurls/addPoolNumbers/1/{pool}");
    let reply = app.post_form(&buy, Some(&user), &[("count", "1"), ("terms", "1")]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    // Another customer's pool: not found, nothing added.
    let starter = app.login("starter@demo.test").await;
    let reply = app.post_form(&buy, Some(&starter), &[("count", "1"), ("terms", "1")]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM pool_numbers WHERE routing_entry_id = {pool}")).await, 5);
    // A group account has no dynamic URL pages.
    let group = app.login("group@demo.test").await;
    assert_eq!(app.get(&url, Some(&group)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(&url, None).await.status, StatusCode::UNAUTHORIZED);
    let starter = app.login("starter@demo.test").await;
    let theirs = app.get(&url, Some(&starter)).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    assert!(!theirs.text().contains("Google Ads"));
    let owner = app.login("owner@demo.test").await;
    // The pool under another of the customer's dynamic URLs, and ids that are not ids.
    for bad in [
        format!("/api/dynamicurls/getPool/2/{pool}"),
        "/api/dynamicurls/getPool/1/abc".to_string(),
        "/api/dynamicurls/getPool/0/1".to_string(),
        "/api/dynamicurls/getPool/1/99999999999999999999999".to_string(),
        "/api/dynamicurls/getPool/1/1".to_string(),
    ] {
        assert_eq!(app.get(&bad, Some(&owner)).await.status, StatusCode::NOT_FOUND, "{bad}");
    }
}

const ADD: &str = "/api/parameters/addParameter";
const REMOVE: &str = "/api/parameters/removeParameter";

fn row<'a>(list: &'a Value, name: &str) -> Option<&'a Value> {
    list["parameters"].as_array().unwrap().iter().find(|p| p["name"] == name)
}

#[tokio::test]
async fn the_owner_captures_a_parameter_and_reads_its_values_and_a_values_calls() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let list = ok(&app, "/api/parameters/getParameters", &owner).await;
    assert_eq!(list["uncalledVisitsKeptHours"], 72);
    let names: Vec<&str> = list["parameters"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Branch", "Region"]);
    let branch = row(&list, "Branch").unwrap();
    assert_eq!(branch["values"], 3, "{branch}");
    assert!(branch["visits"].as_i64().unwrap() > branch["calls"].as_i64().unwrap(), "{branch}");
    assert!(branch["calls"].as_i64().unwrap() > 0, "{branch}");

    // utm_term was on the paid landing URLs all along: captured, its values are there at once.
    let added = app.post_multipart(ADD, Some(&owner), &[("parameter", " utm_term ")]).await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.text());
    assert_eq!(added.json()["parameter"], "utm_term");
    let account = app.account(&owner).await;
    assert_eq!(account["parameters"], serde_json::json!(["Branch", "Region", "utm_term"]), "{account}");
    let values = ok(&app, "/api/parameters/getValues?parameter=utm_term", &owner).await;
    let values = values["values"].as_array().unwrap().clone();
    assert_eq!(values.len(), 6, "{values:?}");
    assert!(values.iter().any(|v| v["value"] == "near me"), "{values:?}");
    assert!(values.windows(2).all(|w| w[0]["visits"].as_i64() >= w[1]["visits"].as_i64()));
    let term = values.iter().find(|v| v["value"] == "near me").unwrap();
    let calls = ok(&app, "/api/parameters/getCalls?parameter=utm_term&value=near%20me", &owner).await;
    assert_eq!(calls["total"], term["calls"]);
    let rows = calls["calls"].as_array().unwrap();
    assert_eq!(rows.len() as i64, term["calls"].as_i64().unwrap().min(50));
    assert!(rows.iter().all(|r| r["landingPage"].as_str().unwrap().contains("utm_term=near+me")), "{rows:?}");
    assert!(rows.windows(2).all(|w| w[0]["startedAt"].as_i64() >= w[1]["startedAt"].as_i64()));
    let page2 = ok(&app, "/api/parameters/getCalls?parameter=utm_term&value=near%20me&page=2", &owner).await;
    assert_eq!(page2["page"], 2);
    // A value nobody sent has no calls; a hostile page reads as the first.
    let none = ok(&app, "/api/parameters/getCalls?parameter=utm_term&value=nobody&page=-4", &owner).await;
    assert_eq!((none["total"].as_i64(), none["page"].as_i64()), (Some(0), Some(1)));

    let removed = app.post_multipart(REMOVE, Some(&owner), &[("parameter", "utm_term")]).await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.text());
    assert_eq!(
        app.get("/api/parameters/getValues?parameter=utm_term", Some(&owner)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.post_multipart(REMOVE, Some(&owner), &[("parameter", "utm_term")]).await.status,
        StatusCode::NOT_FOUND
    );
    // A name is matched exactly.
    assert_eq!(app.get("/api/parameters/getValues?parameter=branch", Some(&owner)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_new_parameter_name_gets_each_message() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let long = "a".repeat(51);
    for (name, message) in [
        ("", "Please enter the parameter's name."),
        ("utm-term", "Invalid characters found. Allowed characters are letters, numbers and underscores."),
        ("two words", "Invalid characters found. Allowed characters are letters, numbers and underscores."),
        (long.as_str(), "A parameter's name can be at most 50 characters."),
        ("BRANCH", "This parameter is already captured."),
    ] {
        let reply = app.post_multipart(ADD, Some(&owner), &[("parameter", name)]).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{name}");
        assert_eq!(reply.json()["errors"]["parameter"], message, "{name}");
    }
    for i in 0..18 {
        let reply = app.post_multipart(ADD, Some(&owner), &[("parameter", &format!("p{i}"))]).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    }
    let full = app.post_multipart(ADD, Some(&owner), &[("parameter", "one_more")]).await;
    assert_eq!(full.json()["errors"]["parameter"], "An account can capture at most 20 parameters. Remove one first.");
    let hostile = app.post_multipart(ADD, Some(&owner), &[("parameter", &"x".repeat(5_000))]).await;
    assert_eq!(hostile.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn parameters_need_auth_code_20_and_another_customers_names_are_not_found() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    for url in [
        "/api/parameters/getParameters",
        "/api/parameters/getValues?parameter=Branch",
        "/api/parameters/getCalls?parameter=Branch&value=leeds",
    ] {
        assert_eq!(app.get(url, Some(&user)).await.status, StatusCode::FORBIDDEN, "{url}");
    }
    for url in [ADD, REMOVE] {
        let reply = app.post_multipart(url, Some(&user), &[("parameter", "Branch")]).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{url}");
    }
    let admin = app.login("admin@demo.test").await;
    ok(&app, "/api/parameters/getValues?parameter=Branch", &admin).await;
    ok(&app, "/api/parameters/getCalls?parameter=Branch&value=leeds", &admin).await;

    // The starter account captures no Branch: Harbour Lane's values and calls are not its to read.
    let starter = app.login("starter@demo.test").await;
    let list = ok(&app, "/api/parameters/getParameters", &starter).await;
    assert!(row(&list, "Branch").is_none(), "{list}");
    for url in ["/api/parameters/getValues?parameter=Branch", "/api/parameters/getCalls?parameter=Branch&value=leeds"] {
        let reply = app.get(url, Some(&starter)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{url}");
        assert!(!reply.text().contains("leeds"));
    }
    let remove = app.post_multipart(REMOVE, Some(&starter), &[("parameter", "Branch")]).await;
    assert_eq!(remove.status, StatusCode::NOT_FOUND);
    // Captured by the starter too, it reads only its own visits.
    let added = app.post_multipart(ADD, Some(&starter), &[("parameter", "Branch")]).await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.text());
    let theirs = ok(&app, "/api/parameters/getCalls?parameter=Branch&value=leeds", &starter).await;
    assert_eq!(theirs["total"], 0);
    let owner = app.login("owner@demo.test").await;
    let list = ok(&app, "/api/parameters/getParameters", &owner).await;
    assert!(row(&list, "Branch").is_some());
}
