//! Buying dynamic URLs and pools: services/getDynamicDetails,
//! managevisioncampaigns/checkEligibility and managevisioncampaigns/insert.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, TestApp};

const DETAILS: &str = "/api/services/getDynamicDetails";
const ELIGIBILITY: &str = "/api/managevisioncampaigns/checkEligibility";
const INSERT: &str = "/api/managevisioncampaigns/insert";

async fn details(app: &TestApp, session: &str) -> Value {
    let reply = app.get(DETAILS, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

async fn count(app: &TestApp, sql: &str) -> usize {
    rows_as_text(&app.state.db, sql).await.len()
}

/// A new dynamic URL's form; `extra` replaces or adds fields.
fn url_form(extra: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut fields: Vec<(String, String)> = [
        ("campaignId", "0"),
        ("campaignName", "www.harbourlane-offers.test"),
        ("botsFlag", "0"),
        ("poolName", "Offers visitors"),
        ("internationalCode", "1"),
        ("numberPrefix", "5"),
        ("numberFormat", "1"),
        ("internationalFormat", "1"),
        ("customFormat", ""),
        ("servicePlan", "0"),
        ("callRecordingFlag", "1"),
        ("midCallDivertFlag", "0"),
        ("introId", "0"),
        ("whisperId", "0"),
        ("postUrl", ""),
        ("midCallFlag", "0"),
        ("midCallAudioOption", "0"),
        ("dtmfPostCallOption", "0"),
        ("numbersToReplace[]", "0161 496 0000"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    for (name, value) in extra {
        fields.retain(|(n, _)| n != name);
        fields.push((name.to_string(), value.to_string()));
    }
    fields
}

async fn insert(app: &TestApp, session: &str, fields: &[(String, String)]) -> crate::helpers::Reply {
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    app.post_multipart(INSERT, Some(session), &fields).await
}

#[tokio::test]
async fn the_owner_buys_a_dynamic_url_with_a_pool_of_numbers_from_the_inventory() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let d = details(&app, &owner).await;
    assert_eq!(d["poolsAvailableOnAccount"], 3, "15 included, 12 held");
    assert_eq!(
        d["purchaseNote"]["text"],
        "Included in your plan: 3 pools left, so this one costs nothing extra. Calls are charged at your plan's rates."
    );
    // The demo's pools are on Harbour Lane's dynamic URLs with numbers of their own.
    let demo = app.get("/api/dynamicurls/getPools/1", Some(&owner)).await.json();
    assert_eq!(demo["pools"].as_array().unwrap().len(), 4);
    assert!(demo["pools"].as_array().unwrap().iter().all(|p| p["numbers"].as_array().unwrap().len() == 5));
    assert_eq!(d["numberFormats"].as_array().unwrap().len(), 3);
    assert_eq!(d["midCallAudioOptions"][0]["description"], "None");
    assert_eq!(d["advancedSettingsLocked"], false);
    let eligible = app.post_multipart(ELIGIBILITY, Some(&owner), &[("type", "url")]).await.json();
    assert_eq!(eligible["enoughCredits"], true);
    assert_eq!(eligible["priceList"]["price"], 25.0);

    let before = count(&app, "SELECT id FROM available_numbers WHERE prefix_id = 5").await;
    let plan = d["servicePlans"][0]["id"].to_string();
    let reply = insert(&app, &owner, &url_form(&[("servicePlan", &plan)])).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let answer = reply.json();
    let url = answer["campaignId"].as_i64().unwrap();
    let numbers = answer["numbers"].as_array().unwrap();
    assert_eq!(numbers.len(), 5);
    assert!(numbers.iter().all(|n| n.as_str().unwrap().starts_with("01614960")));
    assert_eq!(count(&app, "SELECT id FROM available_numbers WHERE prefix_id = 5").await, before - 5);
    let stored =
        rows_as_text(&app.state.db, &format!("SELECT customer_id, url FROM dynamic_urls WHERE id = {url}")).await;
    assert_eq!(stored, [r#"[100,"https://www.harbourlane-offers.test"]"#]);
    let pool = rows_as_text(
        &app.state.db,
        &format!("SELECT pool_name, call_recording, provisioned FROM routing_entries WHERE dynamic_url_id = {url}"),
    )
    .await;
    assert_eq!(pool, [r#"["Offers visitors",1,0]"#]);
    // In the routing history: the pool's routing, from nothing.
    let history = app.get("/api/routinghistory/getChanges?kind=connect", Some(&owner)).await.json();
    assert_eq!(history["total"], 1, "{history}");
    assert_eq!(history["changes"][0]["recordName"], "Offers visitors", "{history}");
    assert_eq!(
        count(&app, &format!("SELECT number FROM dynamic_url_replacements WHERE dynamic_url_id = {url}")).await,
        1
    );

    // Another pool on the same dynamic URL.
    let more = insert(
        &app,
        &owner,
        &url_form(&[("campaignId", &url.to_string()), ("campaignName", ""), ("poolName", "Offers 2")]),
    )
    .await;
    assert_eq!(more.status, StatusCode::OK, "{}", more.text());
    assert_eq!(more.json()["campaignId"], url);
    assert_eq!(details(&app, &owner).await["poolsAvailableOnAccount"], 1);
    // Its page lists both pools with their numbers and routing.
    let page = app.get(&format!("/api/dynamicurls/getPools/{url}"), Some(&owner)).await.json();
    let pools = page["pools"].as_array().unwrap();
    assert_eq!(pools.len(), 2);
    assert_eq!(pools[0]["name"], "Offers visitors");
    assert_eq!(pools[0]["numbers"], answer["numbers"]);
    assert_eq!(pools[0]["callRecording"], true);
    assert_eq!(pools[0]["provisioned"], false);
    assert!(pools[0]["servicePlan"].is_string());
}

#[tokio::test]
async fn starter_s_first_pool_is_included_its_second_is_paid_and_the_advanced_settings_stay_off() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let d = details(&app, &starter).await;
    assert_eq!(d["advancedSettingsLocked"], true);
    assert_eq!(d["upgradePrompt"], "This is available by upgrading to the Professional plan");
    // Starter's website tracking: one pool, included.
    assert_eq!(d["poolsAvailableOnAccount"], 1);
    assert_eq!(d["purchaseNote"]["included"], true);
    let divert = insert(&app, &starter, &url_form(&[("midCallDivertFlag", "1")])).await;
    assert_eq!(divert.json()["errors"]["midCallDivertFlag"], "This is available by upgrading to the Professional plan");
    assert_eq!(count(&app, "SELECT id FROM routing_entries WHERE customer_id = 200 AND kind = 'dynamic'").await, 0);
    let included = insert(&app, &starter, &url_form(&[])).await;
    assert_eq!(included.status, StatusCode::OK, "no terms within the plan: {}", included.text());

    // The second is paid: its price and terms come first.
    let d = details(&app, &starter).await;
    assert_eq!(d["poolsAvailableOnAccount"], 0);
    assert_eq!(d["purchaseNote"]["included"], false);
    let note = d["purchaseNote"]["text"].as_str().unwrap();
    assert!(note.starts_with("Your plan's pools are all in use: this one costs £"), "{note}");
    assert!(note.ends_with("the first charge is on your invoice of 01/12/2026."), "{note}");
    let eligible = app.post_multipart(ELIGIBILITY, Some(&starter), &[("type", "pool"), ("campaign_id", "5")]).await;
    assert_eq!(eligible.json()["enoughCredits"], false);
    let unticked = insert(&app, &starter, &url_form(&[("campaignId", "5"), ("campaignName", "")])).await;
    assert_eq!(unticked.json()["errors"]["terms"], "Please accept the terms and conditions.");
    assert_eq!(count(&app, "SELECT id FROM routing_entries WHERE customer_id = 200 AND kind = 'dynamic'").await, 1);
    let bought = insert(&app, &starter, &url_form(&[("terms", "1"), ("campaignId", "5"), ("campaignName", "")])).await;
    assert_eq!(bought.status, StatusCode::OK, "{}", bought.text());
    assert_eq!(bought.json()["campaignId"], 5);
}

#[tokio::test]
async fn each_rule_gives_its_message_and_nothing_is_bought() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let before = count(&app, "SELECT id FROM available_numbers").await;
    let reply = insert(
        &app,
        &owner,
        &url_form(&[
            ("campaignName", ""),
            ("poolName", &"p".repeat(61)),
            ("numberPrefix", "0"),
            ("numberFormat", "0"),
            ("customFormat", "XXX"),
            ("postUrl", "crm.example.test"),
            ("numbersToReplace[]", "0161 496 0000"),
        ]),
    )
    .await;
    let mut fields = url_form(&[]);
    fields.push(("numbersToReplace[]".into(), "01614960000".into()));
    let duplicate = insert(&app, &owner, &fields).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &reply.json()["errors"];
    assert_eq!(errors["campaignName"], "Dynamic URL is required.");
    assert_eq!(errors["poolName"], "Maximum pool name length is 60 characters.");
    assert_eq!(errors["numberPrefix"], "Number prefix is required.");
    assert_eq!(errors["customFormat"], "You must have 10 X's in your custom number format");
    assert_eq!(errors["postUrl"], "URL must begin with http:// or https://");
    assert_eq!(duplicate.json()["errors"]["numbersToReplace.1"], "Number must be unique");
    assert_eq!(count(&app, "SELECT id FROM available_numbers").await, before);

    // Too few numbers left under the prefix: nothing is bought.
    sqlx::query("DELETE FROM available_numbers WHERE prefix_id = 5 AND id NOT IN (SELECT id FROM available_numbers WHERE prefix_id = 5 ORDER BY id LIMIT 3)")
        .execute(&app.state.db)
        .await
        .unwrap();
    let short = insert(&app, &owner, &url_form(&[])).await;
    assert_eq!(
        short.json()["errors"]["numberPrefix"],
        "There are not enough numbers left with this prefix. Please choose another prefix."
    );
    assert_eq!(count(&app, "SELECT id FROM available_numbers WHERE prefix_id = 5").await, 3);
    assert_eq!(count(&app, "SELECT id FROM dynamic_urls WHERE url = 'https://www.harbourlane-offers.test'").await, 0);
}

#[tokio::test]
async fn another_customers_dynamic_url_or_plan_is_not_found() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let owner = app.login("owner@demo.test").await;
    let theirs = details(&app, &owner).await["servicePlans"][0]["id"].to_string();
    // Dynamic URL 1 is Harbour Lane's.
    assert_eq!(
        app.post_multipart(ELIGIBILITY, Some(&starter), &[("type", "pool"), ("campaign_id", "1")]).await.status,
        StatusCode::NOT_FOUND
    );
    for extra in [[("campaignId", "1"), ("terms", "1")], [("servicePlan", theirs.as_str()), ("terms", "1")]] {
        let reply = insert(&app, &starter, &url_form(&extra)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{extra:?}");
        assert!(!reply.text().contains("Harbour"));
    }
    assert_eq!(app.get("/api/dynamicurls/getPools/1", Some(&starter)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/dynamicurls/getPools/x", Some(&starter)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/dynamicurls/getPools/5", Some(&starter)).await.json()["pools"], serde_json::json!([]));
    let user = app.login("user@demo.test").await;
    assert_eq!(app.get(DETAILS, Some(&user)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(insert(&app, &user, &url_form(&[])).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_services_page_lists_what_can_be_bought_with_prices_and_allowances() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = app.get("/api/services/getDetails", Some(&owner)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let services = reply.json()["services"].as_array().unwrap().clone();
    let ids: Vec<&str> = services.iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["static", "dynamic", "dynamicPool"]);
    assert_eq!(services[0]["prices"]["price"], 5.0);
    assert_eq!(services[0]["prices"]["billing_frequency"], "month");
    assert_eq!(services[0]["amount"], "50 of your 350 included static numbers left");
    assert_eq!(services[0]["onlineStatus"], 2);
    assert_eq!(services[1]["amount"], "3 of your 15 included pools left");
    let pools: Vec<&str> =
        services[2]["details"].as_array().unwrap().iter().map(|d| d["name"].as_str().unwrap()).collect();
    assert_eq!(pools, ["Implants landing page", "Main website", "Online booking"], "Harbour Lane's own dynamic URLs");
    // The pricing page 'Find out more' leads to shows the stored catalogue.
    let pricing = app.get(services[0]["findOutMore"].as_str().unwrap(), None).await;
    assert_eq!(pricing.status, StatusCode::OK);
    assert!(pricing.text().contains("Static number") && pricing.text().contains("£5 per month"), "{}", pricing.text());
    // Not for those who cannot buy online.
    let user = app.login("user@demo.test").await;
    assert_eq!(app.get("/api/services/getDetails", Some(&user)).await.status, StatusCode::FORBIDDEN);
}
