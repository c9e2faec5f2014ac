//! services/getCustomerCharges: the pricing breakdown from the running charges and usage rates.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{rows_as_text, TestApp};

async fn breakdown(app: &TestApp, session: &str) -> Value {
    let reply = app.get("/api/services/getCustomerCharges", Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

/// A line of the breakdown's monthly services, by its description (null when absent).
pub(crate) fn line<'a>(charges: &'a Value, description: &str) -> &'a Value {
    charges["services"]["1"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["description"] == description)
        .unwrap_or(&Value::Null)
}

#[tokio::test]
async fn the_breakdown_lists_the_plan_add_ons_and_outbound_users_with_totals() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let charges = breakdown(&app, &owner).await;
    assert_eq!(
        line(&charges, "Professional plan"),
        &json!({ "description": "Professional plan", "quantity": 1, "price": 149.0, "unitPrice": 149.0, "plan": true })
    );
    assert_eq!(line(&charges, "Sales import")["price"], 20.0);
    let outbound_users =
        rows_as_text(&app.state.db, "SELECT COUNT(*) FROM users WHERE has_new_outbound = 1 AND home_customer_id = 100")
            .await;
    let count: i64 = outbound_users[0].trim_matches(['[', ']']).parse().unwrap();
    assert!(count > 0);
    assert_eq!(line(&charges, "Outbound")["quantity"], count);
    // An agent's one price: Professional's additional user, as the Agents page offers it.
    assert_eq!(line(&charges, "Outbound")["unitPrice"], 12.0);
    let expected = 149.0 + 20.0 + 12.0 * count as f64;
    assert_eq!(charges["totals"]["1"], expected);
    assert_eq!(
        charges["usageBasedCharges"][0],
        json!({ "description": "Inbound calls to geographic numbers", "price": 1.5, "frequency": "per minute" })
    );
    // Only what a call is charged at is listed: call recording is paid for by its storage.
    let listed = charges["usageBasedCharges"].to_string();
    assert!(!listed.contains("Call recording"), "{listed}");

    // A purchase shows at once as a new line and in the total.
    let bought = app.post_multipart("/api/services/addAddon", Some(&owner), &[("scope", "report_voice_tags")]).await;
    assert_eq!(bought.status, StatusCode::OK);
    let after = breakdown(&app, &owner).await;
    assert_eq!(line(&after, "Speech analytics")["price"], 25.0);
    assert_eq!(after["totals"]["1"], expected + 25.0);
}

#[tokio::test]
async fn each_customer_sees_its_own_breakdown_and_only_purchasers_see_one() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let charges = breakdown(&app, &starter).await;
    // The plan, and the 5 static numbers above the 10 Starter includes at £5.00 each.
    assert_eq!(charges["services"]["1"].as_array().unwrap().len(), 2);
    assert_eq!(line(&charges, "Starter plan")["price"], 49.0);
    assert_eq!(line(&charges, "Static numbers above the 10 included")["price"], 25.0);
    assert_eq!(charges["totals"], json!({ "1": 74.0 }));
    for email in ["user@demo.test", "legacy@demo.test", "group@demo.test"] {
        let session = app.login(email).await;
        let reply = app.get("/api/services/getCustomerCharges", Some(&session)).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email}");
    }
}

#[tokio::test]
async fn the_comparison_shows_an_add_on_as_a_new_line_and_an_upgrade_repriced() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = app.get("/api/services/getCustomerChargesUpgrade/?product_code=report_voice_tags", Some(&owner)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let comparison = reply.json();
    let current_total = comparison["current"]["totals"]["1"].as_f64().unwrap();
    assert_eq!(line(&comparison["current"], "Speech analytics"), &Value::Null);
    let speech = line(&comparison["new"], "Speech analytics");
    assert_eq!((speech["newQuantity"].clone(), speech["newPrice"].clone()), (json!(1), json!(25.0)));
    assert_eq!(comparison["new"]["totals"]["1"].as_f64().unwrap(), current_total + 25.0);
    assert_eq!(
        line(&comparison["new"], "Professional plan").get("newPrice"),
        None,
        "unchanged lines carry no new figures"
    );

    let starter = app.login("starter@demo.test").await;
    let upgrade = app.get("/api/services/getCustomerChargesUpgrade/?product_code=upgrade", Some(&starter)).await.json();
    assert_eq!(line(&upgrade["current"], "Starter plan")["price"], 49.0);
    // Each plan's fee on the row of the plan it prices: Starter's ends, Professional's begins.
    let plans: Vec<_> = upgrade["new"]["services"]["1"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["plan"] == true)
        .map(|l| (l["description"].clone(), l["price"].clone(), l["newPrice"].clone()))
        .collect();
    assert_eq!(
        plans,
        [(json!("Starter plan"), json!(49.0), json!(0.0)), (json!("Professional plan"), json!(0.0), json!(149.0))]
    );
    assert_eq!(line(&upgrade["new"], "Professional plan")["quantity"], 0);
    assert_eq!(line(&upgrade["new"], "Starter plan")["newQuantity"], 0);
    assert_eq!(upgrade["new"]["totals"]["1"], 149.0);
    // The dialog says the new monthly total and when it starts.
    assert_eq!(
        upgrade["notes"][0],
        "From today, 23/11/2026, your monthly total is £149.00: this month's invoice charges each price for the days it ran."
    );
    // With a speech analytics trial running, what happens to it after the upgrade.
    sqlx::query(
        "INSERT INTO speech_trials (customer_id, started_at, ends_at, started_by) VALUES (200, 1795000000, 1796000000, 4)",
    )
    .execute(&app.state.db)
    .await
    .unwrap();
    let upgrade = app.get("/api/services/getCustomerChargesUpgrade/?product_code=upgrade", Some(&starter)).await.json();
    let notes: Vec<&str> = upgrade["notes"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    assert_eq!(
        notes[1..],
        [
            "Static numbers above the 10 included: included in Professional, no longer charged.",
            "Your speech analytics trial carries on until 30/11/2026; after it, Speech analytics is £25.00 a month on Professional unless you cancel it.",
        ]
    );
    // An add-on of the next plan: the upgrade and the add-on together.
    let salesforce = app
        .get("/api/services/getCustomerChargesUpgrade/?product_code=integration_salesforce", Some(&starter))
        .await
        .json();
    assert_eq!(salesforce["new"]["totals"]["1"], 149.0 + 75.0);

    for code in ["", "nothing", &"x".repeat(65)] {
        let reply =
            app.get(&format!("/api/services/getCustomerChargesUpgrade/?product_code={code}"), Some(&owner)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{code}");
    }
    let user = app.login("user@demo.test").await;
    let reply = app.get("/api/services/getCustomerChargesUpgrade/?product_code=report_voice_tags", Some(&user)).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
}

/// Stone & Sons (Starter) buys speech analytics, webhooks and advanced call handling.
async fn starter_with_add_ons(app: &TestApp) -> String {
    let starter = app.login("starter@demo.test").await;
    for scope in ["report_voice_tags", "integration_webhooks", "advanced_call_handling"] {
        let reply = app.post_multipart("/api/services/addAddon", Some(&starter), &[("scope", scope)]).await;
        assert_eq!(reply.status, StatusCode::OK, "{scope}: {}", reply.text());
    }
    assert_eq!(line(&breakdown(app, &starter).await, "Speech analytics")["unitPrice"], 35.0);
    starter
}

#[tokio::test]
async fn an_upgrade_reprices_the_running_add_ons_on_the_new_plan() {
    let app = TestApp::spawn().await;
    let starter = starter_with_add_ons(&app).await;
    let reply = app.post_form("/api/services/upgrade", Some(&starter), &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let after = breakdown(&app, &starter).await;
    assert_eq!(
        line(&after, "Speech analytics"),
        &json!({ "description": "Speech analytics", "quantity": 1, "price": 25.0, "unitPrice": 25.0, "plan": false })
    );
    assert_eq!(line(&after, "Webhooks")["unitPrice"], 15.0);
    assert_eq!(line(&after, "Advanced call handling"), &Value::Null, "Professional includes it: no longer charged");
    assert_eq!(after["totals"]["1"], 149.0 + 25.0 + 15.0);
    // The Starter prices ran until the upgrade, so the month's invoice charges each for its days.
    assert_eq!(
        rows_as_text(
            &app.state.db,
            "SELECT item, unit_price_pence, CASE WHEN ended_at IS NULL THEN 'running' ELSE 'ended' END
             FROM customer_charges WHERE customer_id = 200 AND item <> 'plan' ORDER BY id",
        )
        .await,
        [
            r#"["report_voice_tags",3500,"ended"]"#,
            r#"["integration_webhooks",2000,"ended"]"#,
            r#"["advanced_call_handling",2000,"ended"]"#,
            r#"["report_voice_tags",2500,"running"]"#,
            r#"["integration_webhooks",1500,"running"]"#,
        ]
    );
}

#[tokio::test]
async fn the_upgrade_comparison_prices_the_add_ons_as_the_upgrade_will() {
    let app = TestApp::spawn().await;
    let starter = starter_with_add_ons(&app).await;
    let comparison =
        app.get("/api/services/getCustomerChargesUpgrade/?product_code=upgrade", Some(&starter)).await.json();
    let speech = line(&comparison["new"], "Speech analytics");
    assert_eq!((speech["newUnitPrice"].clone(), speech["newPrice"].clone()), (json!(25.0), json!(25.0)));
    assert_eq!(line(&comparison["new"], "Advanced call handling")["newPrice"], 0.0, "Professional includes it");
    let promised = comparison["new"]["totals"]["1"].clone();
    assert_eq!(app.post_form("/api/services/upgrade", Some(&starter), &[]).await.status, StatusCode::OK);
    assert_eq!(breakdown(&app, &starter).await["totals"]["1"], promised);
}

fn pence(pounds: &Value) -> i64 {
    (pounds.as_f64().unwrap() * 100.0).round() as i64
}

#[tokio::test]
async fn the_breakdowns_call_charges_are_the_usage_pages_for_this_month() {
    let app = TestApp::spawn().await;
    for (email, inclusive) in [("owner@demo.test", 1000), ("starter@demo.test", 300)] {
        let session = app.login(email).await;
        let charges = breakdown(&app, &session).await;
        let page = app.get("/api/services/getCallCharges", Some(&session)).await.json();
        let month = |direction: &str| pence(&page[direction]["monthlyUsage"]["current"]["totalCost"]);
        let calls = &charges["callCharges"];
        assert_eq!(calls["label"], "November 2026", "{email}");
        assert_eq!(calls["inclusiveMinutes"], inclusive, "{email}");
        assert_eq!(pence(&calls["totalCost"]), month("inbound") + month("outbound"), "{email}");
    }
    // The upgrade's comparison charges this month's calls on the next plan's inclusive minutes.
    let starter = app.login("starter@demo.test").await;
    let reply = app.get("/api/services/getCustomerChargesUpgrade/?product_code=upgrade", Some(&starter)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let comparison = reply.json();
    assert_eq!(comparison["current"]["callCharges"]["inclusiveMinutes"], 300);
    assert_eq!(comparison["new"]["callCharges"]["inclusiveMinutes"], 1000);
    assert!(
        pence(&comparison["new"]["callCharges"]["totalCost"])
            <= pence(&comparison["current"]["callCharges"]["totalCost"])
    );
}
