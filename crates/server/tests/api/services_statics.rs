//! Buying static numbers: services/getStaticDetails, classicnumbers/searchForNumbers,
//! classicnumbers/buyNumbers, the inline lists and the new service plan dialog's calls.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, TestApp};

const DETAILS: &str = "/api/services/getStaticDetails";
const SEARCH: &str = "/api/classicnumbers/searchForNumbers";
const BUY: &str = "/api/classicnumbers/buyNumbers";
/// The Sheffield prefix (0114 496) of the demo's inventory.
const SHEFFIELD: &str = "2";

async fn details(app: &TestApp, session: &str) -> Value {
    let reply = app.get(DETAILS, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

/// The details, after giving a customer without service plans (Stone & Sons) one.
async fn details_with_a_plan(app: &TestApp, session: &str) -> Value {
    let d = details(app, session).await;
    if !d["destinationPlans"].as_array().unwrap().is_empty() {
        return d;
    }
    let fields = [("description", "Office"), ("countryCode", "1"), ("destinationNumber", "01144960590")];
    let reply = app.post_multipart("/api/timeofday/createNewServicePlan", Some(session), &fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    details(app, session).await
}

async fn free_numbers(app: &TestApp, session: &str, prefix: &str) -> Vec<(i64, String)> {
    let reply = app.post_multipart(SEARCH, Some(session), &[("prefix", prefix)]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["numbers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["id"].as_i64().unwrap(), n["number"].as_str().unwrap().to_string()))
        .collect()
}

async fn inventory(app: &TestApp) -> usize {
    rows_as_text(&app.state.db, "SELECT id FROM available_numbers").await.len()
}

/// A complete purchase form for the session's customer (its first plan and campaign).
fn order(details: &Value, numbers: &[i64], extra: &[(&str, &str)]) -> Vec<(String, String)> {
    let first = |list: &str| details[list][0]["id"].as_i64().unwrap().to_string();
    let mut fields = vec![
        ("prefix".to_string(), SHEFFIELD.to_string()),
        ("destinationPlan".into(), first("destinationPlans")),
        ("callRecording".into(), "0".into()),
        ("campaign".into(), first("campaigns")),
        ("mediaDescription".into(), "Van signage".into()),
        ("channel".into(), first("channels")),
        ("department".into(), "0".into()),
        ("mediaOwner".into(), "0".into()),
    ];
    fields.extend(numbers.iter().map(|id| ("numbers[]".to_string(), id.to_string())));
    for (name, value) in extra {
        fields.retain(|(n, _)| n != name);
        fields.push((name.to_string(), value.to_string()));
    }
    fields
}

async fn buy(app: &TestApp, session: &str, fields: &[(String, String)]) -> crate::helpers::Reply {
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    app.post_multipart(BUY, Some(session), &fields).await
}

#[tokio::test]
async fn the_owner_buys_an_included_static_number_and_it_is_routed() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let d = details(&app, &owner).await;
    assert_eq!(d["staticsAvailableOnAccount"], 50, "350 included, 300 held");
    assert_eq!(d["purchaseNote"]["included"], true);
    assert_eq!(
        d["purchaseNote"]["text"],
        "Included in your plan: 50 static numbers left, so this one costs nothing extra. Calls are charged at your plan's rates."
    );
    assert_eq!(d["prefixes"].as_array().unwrap().len(), 8);
    assert_eq!(d["prefixes"][1]["prefix"], "0114 496");
    assert!(d["restrictedDestinationPrefixes"].as_array().unwrap().iter().any(|p| p == "09"));
    assert_eq!(d["pricelist"]["price"], 5.0);
    assert!(!d["pricelist"]["cost_per_call"].as_array().unwrap().is_empty());
    let campaigns = rows_as_text(&app.state.db, "SELECT id FROM campaigns WHERE customer_id = 100").await;
    assert_eq!(d["campaigns"].as_array().unwrap().len(), campaigns.len(), "the static numbers' and the website's");

    let free = free_numbers(&app, &owner, SHEFFIELD).await;
    assert_eq!(free.len(), 10);
    let held = rows_as_text(&app.state.db, "SELECT number FROM routing_entries").await;
    assert!(free.iter().all(|(_, n)| n.starts_with("01144960") && !held.contains(&format!("[\"{n}\"]"))));
    let before = inventory(&app).await;

    let reply = buy(&app, &owner, &order(&d, &[free[0].0], &[])).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json()["numbers"], serde_json::json!([free[0].1]));
    assert_eq!(inventory(&app).await, before - 1);
    let entry = rows_as_text(
        &app.state.db,
        &format!(
            "SELECT customer_id, kind, media_description, provisioned FROM routing_entries WHERE number = '{}'",
            free[0].1
        ),
    )
    .await;
    assert_eq!(entry, [r#"[100,"static","Van signage",0]"#], "routed, provisioning requested");
    assert_eq!(details(&app, &owner).await["staticsAvailableOnAccount"], 49);
    // The number is in the routing list.
    let list =
        app.get("/api/manageconnections/getNumbersList?page=1&pageSize=10&search=Van%20signage", Some(&owner)).await;
    assert!(list.text().contains(&free[0].1), "{}", list.text());
    // In the routing history: the number's routing, from nothing, by the buyer.
    let history = app.get("/api/routinghistory/getChanges?kind=connect", Some(&owner)).await.json();
    let change = &history["changes"][0];
    let shown = domain::reports::format_uk(&free[0].1);
    assert_eq!(change["recordName"], shown.as_str(), "{history}");
    assert!(change["sentences"][0].as_str().unwrap().contains(&shown), "{history}");
    assert_eq!(history["total"], 1, "{history}");
    // A rollback cannot take the purchase back (it answered 500: found by schemathesis).
    let rollback = format!("/api/routinghistory/rollback/{}", change["id"]);
    let refused = app.post_form(&rollback, Some(&owner), &[]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text());
    assert_eq!(refused.json()["code"], "ROLLBACK_REFUSED");
    let reason = refused.json()["errors"]["rollback"].as_str().unwrap().to_string();
    assert!(reason.contains("a rollback cannot remove a number or pool"), "{reason}");
    assert_eq!(
        rows_as_text(&app.state.db, &format!("SELECT kind FROM routing_entries WHERE number = '{}'", free[0].1))
            .await
            .len(),
        1
    );
}

#[tokio::test]
async fn numbers_beyond_the_plan_need_the_terms_ticked() {
    let app = TestApp::spawn().await;
    // Stone & Sons (Starter: 10 included) holds 15.
    let starter = app.login("starter@demo.test").await;
    let d = details_with_a_plan(&app, &starter).await;
    assert_eq!(d["staticsAvailableOnAccount"], 0);
    // The form says the price and when billing starts before Buy (the test clock: 23 November 2026).
    assert_eq!(d["purchaseNote"]["included"], false);
    assert_eq!(d["pricelist"]["price"], 5.0);
    let price = "£5";
    assert_eq!(
        d["purchaseNote"]["text"],
        format!(
            "Your plan's static numbers are all in use: this one costs {price} per month, for at least 1 month. \
             Billing starts when you buy it; the first charge is on your invoice of 01/12/2026."
        ),
        "{d}"
    );
    let free = free_numbers(&app, &starter, SHEFFIELD).await;
    let before = inventory(&app).await;
    let refused = buy(&app, &starter, &order(&d, &[free[0].0], &[])).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["terms"], "Please accept the terms and conditions.");
    assert_eq!(inventory(&app).await, before);
    let bought = buy(&app, &starter, &order(&d, &[free[0].0], &[("terms", "1")])).await;
    assert_eq!(bought.status, StatusCode::OK, "{}", bought.text());
}

#[tokio::test]
async fn each_rule_of_the_form_gives_its_message() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let d = details(&app, &owner).await;
    let free = free_numbers(&app, &owner, SHEFFIELD).await;
    let blank = order(
        &d,
        &[free[0].0],
        &[("prefix", ""), ("destinationPlan", "0"), ("campaign", ""), ("mediaDescription", " ")],
    );
    let reply = buy(&app, &owner, &blank).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &reply.json()["errors"];
    assert_eq!(errors["prefix"], "Prefix is required.");
    assert_eq!(errors["destinationPlan"], "Destination plan is required.");
    assert_eq!(errors["campaign"], "Campaign is required.");
    assert_eq!(errors["mediaDescription"], "Media description is required.");
    let long = buy(&app, &owner, &order(&d, &[free[0].0], &[("mediaDescription", &"a".repeat(121))])).await;
    assert_eq!(long.json()["errors"]["mediaDescription"], "Maximum media description length is 120 characters.");
    // Numbers: none, too many, repeated, not numbers, another prefix's.
    for numbers in [vec![], vec!["1"; 21], vec!["5", "5"], vec!["x"]] {
        let mut fields = order(&d, &[], &[]);
        fields.extend(numbers.iter().map(|n| ("numbers[]".to_string(), n.to_string())));
        assert_eq!(buy(&app, &owner, &fields).await.status, StatusCode::UNPROCESSABLE_ENTITY, "{numbers:?}");
    }
    let leeds = free_numbers(&app, &owner, "1").await;
    let wrong_prefix = buy(&app, &owner, &order(&d, &[leeds[0].0], &[])).await;
    assert_eq!(wrong_prefix.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        app.post_multipart(SEARCH, Some(&owner), &[("prefix", "999")]).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

#[tokio::test]
async fn another_customers_plan_or_list_is_not_found_and_nothing_is_bought() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let starter = app.login("starter@demo.test").await;
    let theirs = details(&app, &owner).await;
    let mine = details_with_a_plan(&app, &starter).await;
    let free = free_numbers(&app, &starter, SHEFFIELD).await;
    let before = inventory(&app).await;
    for field in ["destinationPlan", "campaign", "channel"] {
        let list = match field {
            "destinationPlan" => "destinationPlans",
            "campaign" => "campaigns",
            _ => "channels",
        };
        let foreign = theirs[list][0]["id"].as_i64().unwrap().to_string();
        let reply = buy(&app, &starter, &order(&mine, &[free[0].0], &[(field, &foreign), ("terms", "1")])).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{field}");
        assert!(!reply.text().contains("Harbour"));
    }
    assert_eq!(inventory(&app).await, before);
}

#[tokio::test]
async fn two_buyers_of_one_number_at_once_one_gets_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let starter = app.login("starter@demo.test").await;
    let (theirs, mine) = (details(&app, &owner).await, details_with_a_plan(&app, &starter).await);
    let free = free_numbers(&app, &owner, SHEFFIELD).await;
    let before = inventory(&app).await;
    let (a, b) = (order(&theirs, &[free[0].0], &[]), order(&mine, &[free[0].0], &[("terms", "1")]));
    let (first, second) = tokio::join!(buy(&app, &owner, &a), buy(&app, &starter, &b));
    let statuses = [first.status, second.status];
    assert!(statuses.contains(&StatusCode::OK) && statuses.contains(&StatusCode::UNPROCESSABLE_ENTITY), "{statuses:?}");
    let loser = if first.status == StatusCode::OK { second } else { first };
    assert_eq!(
        loser.json()["errors"]["numbers"],
        "A number you chose has just been bought by someone else. Please choose again."
    );
    assert_eq!(inventory(&app).await, before - 1);
    let entries =
        rows_as_text(&app.state.db, &format!("SELECT customer_id FROM routing_entries WHERE number = '{}'", free[0].1))
            .await;
    assert_eq!(entries.len(), 1);
    // A purchase of two where the second is gone buys neither.
    let again = free_numbers(&app, &owner, SHEFFIELD).await;
    let half = buy(&app, &owner, &order(&theirs, &[again[0].0, free[0].0], &[])).await;
    assert_eq!(half.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(free_numbers(&app, &owner, SHEFFIELD).await[0], again[0], "the first is still free");
}

#[tokio::test]
async fn only_online_buyers_reach_the_static_number_calls() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    assert_eq!(app.get(DETAILS, Some(&user)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.post_multipart(SEARCH, Some(&user), &[("prefix", SHEFFIELD)]).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.post_multipart(BUY, Some(&user), &[("prefix", SHEFFIELD)]).await.status, StatusCode::FORBIDDEN);
    // A campaign is added on the Static pages too, by the number/campaign admin: not without the right.
    let insert = app.post_multipart("/api/managecampaigns/insertCampaign", Some(&user), &[("campaign", "x")]).await;
    assert_eq!(insert.status, StatusCode::OK, "{}", insert.text());
    sqlx::query("UPDATE user_access SET perm_services_admin = 0 WHERE user_id = 3 AND customer_id = 100")
        .execute(&app.state.db)
        .await
        .unwrap();
    let user = app.login("user@demo.test").await;
    let insert = app.post_multipart("/api/managecampaigns/insertCampaign", Some(&user), &[("campaign", "y")]).await;
    assert_eq!(insert.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(DETAILS, None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_inline_item_is_added_at_the_top_and_unique() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let added =
        app.post_multipart("/api/managecampaigns/insertCampaign", Some(&owner), &[("campaign", "Bus shelters")]).await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.text());
    let id = added.json()["id"].as_i64().unwrap();
    let d = details(&app, &owner).await;
    assert_eq!(d["campaigns"][0]["id"], id);
    assert_eq!(d["campaigns"][0]["description"], "Bus shelters");
    let again =
        app.post_multipart("/api/managecampaigns/insertCampaign", Some(&owner), &[("campaign", "bus SHELTERS")]).await;
    assert_eq!(again.json()["errors"]["campaign"], "Description must be unique.");
    for (path, field, max) in [
        ("/api/managechannels/insertChannel", "channel", 40),
        ("/api/managemediaowners/insertMediaOwner", "mediaowner", 40),
        ("/api/managedepartments/insertDepartment", "department", 80),
    ] {
        let long = "a".repeat(max + 1);
        let reply = app.post_multipart(path, Some(&owner), &[(field, &long)]).await;
        assert_eq!(reply.json()["errors"][field], format!("Max description length is {max} characters."), "{path}");
        let ok = app.post_multipart(path, Some(&owner), &[(field, "Newcomer")]).await;
        assert_eq!(ok.status, StatusCode::OK, "{path}");
    }
    // Stone & Sons' lists are their own.
    let starter = app.login("starter@demo.test").await;
    assert!(details(&app, &starter).await["campaigns"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["description"] != "Bus shelters"));
}

#[tokio::test]
async fn the_new_service_plan_dialog_makes_a_plan_to_one_number() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let check = |description: &'static str| {
        let app = &app;
        let owner = owner.clone();
        async move {
            let reply = app
                .post_multipart(
                    "/api/timeofday/checkUniquePlanDescription",
                    Some(&owner),
                    &[("description", description)],
                )
                .await;
            reply.json()["descriptionValid"].as_bool().unwrap()
        }
    };
    assert!(check("Van line").await);
    let fields = [("description", "Van line"), ("countryCode", "1"), ("destinationNumber", "07700900123")];
    let reply = app.post_multipart("/api/timeofday/createNewServicePlan", Some(&owner), &fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let plan = reply.json()["planId"].as_i64().unwrap();
    assert!(!check("VAN LINE").await);
    let d = details(&app, &owner).await;
    assert!(d["destinationPlans"].as_array().unwrap().iter().any(|p| p["id"] == plan && p["plan"] == "Van line"));
    // All week to the number.
    let times = rows_as_text(
        &app.state.db,
        &format!("SELECT from_day, from_minute, to_day, to_minute FROM service_plan_times WHERE plan_id = {plan}"),
    )
    .await;
    assert_eq!(times, ["[1,0,7,1439]"]);
    // Its rules, and a plan name already used.
    for (fields, field, message) in [
        (
            [("description", "Premium"), ("countryCode", "1"), ("destinationNumber", "09044960590")],
            "destinationNumber",
            "This number prefix is restricted.",
        ),
        (
            [("description", "Short"), ("countryCode", "1"), ("destinationNumber", "0114496")],
            "destinationNumber",
            "Minimum number length is 8 characters.",
        ),
        (
            [("description", "No code"), ("countryCode", "0"), ("destinationNumber", "01144960590")],
            "countryCode",
            "International code is required.",
        ),
        (
            [("description", "van line"), ("countryCode", "1"), ("destinationNumber", "01144960590")],
            "description",
            "Description must be unique.",
        ),
    ] {
        let reply = app.post_multipart("/api/timeofday/createNewServicePlan", Some(&owner), &fields).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{fields:?}");
        assert_eq!(reply.json()["errors"][field], message);
    }
}
