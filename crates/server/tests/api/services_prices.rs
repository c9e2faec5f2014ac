//! services/getAllPrices and services/getAddonPrice: the price catalogue as the upgrade centre
//! and the purchase modal read it, with who may ask.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::helpers::TestApp;

async fn addon_price(app: &TestApp, session: &str, scope: &str) -> (StatusCode, Value) {
    let reply = app.post_multipart("/api/services/getAddonPrice", Some(session), &[("scope", scope)]).await;
    let body = if reply.status == StatusCode::OK { reply.json() } else { Value::Null };
    (reply.status, body)
}

#[tokio::test]
async fn all_prices_give_the_plans_services_and_the_scopes_asked_for() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = app
        .get(
            "/api/services/getAllPrices/report_voice_tags,integration_dealerweb,,nothing,integration_salesforce",
            Some(&owner),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let prices = &reply.json()["prices"];
    assert_eq!(prices["static"], json!({ "price": 5.0, "billing_frequency": "1" }));
    assert_eq!(prices["dynamicPool"]["price"], 25.0);
    assert_eq!(
        prices["starterPlan"],
        json!({ "price": 49.0, "billing_frequency_months": "1", "billing_frequency_id": 1 })
    );
    assert_eq!(prices["professionalPlan"]["price"], 149.0);
    assert_eq!(
        prices["report_voice_tags"],
        json!({ "name": "Speech analytics", "starter": 35.0, "professional": 25.0, "billing_frequency": "1" })
    );
    assert_eq!(
        prices["integration_dealerweb"],
        json!({ "name": "Dealerweb integration", "starter": null, "professional": null, "billing_frequency": "1" })
    );
    assert_eq!(prices["integration_salesforce"]["professional"], 75.0);
    assert_eq!(prices.get("nothing"), None);
    assert_eq!(prices["recordingStorageLength"], 30);
    let outbound = crate::helpers::rows_as_text(
        &app.state.db,
        "SELECT COUNT(*) FROM users u JOIN user_access a ON a.user_id = u.id WHERE a.customer_id = 100 AND u.has_new_outbound = 1",
    )
    .await;
    assert_eq!(format!("[{}]", prices["outboundUsers"]), outbound[0]);
    assert!(prices["outboundUsers"].as_i64().unwrap() > 0);

    let many = vec!["outbound"; 41].join(",");
    assert_eq!(
        app.get(&format!("/api/services/getAllPrices/{many}"), Some(&owner)).await.status,
        StatusCode::BAD_REQUEST
    );
    // One scope padded past the list's documented length (2,640 characters) is refused too.
    let padded = format!("outbound{}", "%20".repeat(2_640));
    assert_eq!(
        app.get(&format!("/api/services/getAllPrices/{padded}"), Some(&owner)).await.status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn prices_are_for_those_who_may_buy() {
    let app = TestApp::spawn().await;
    // The upgrade centre's guard: not for users, the legacy package or group accounts.
    for email in ["user@demo.test", "legacy@demo.test", "group@demo.test"] {
        let session = app.login(email).await;
        let reply = app.get("/api/services/getAllPrices/outbound", Some(&session)).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email}");
    }
    // Buying online needs the purchase right and an account that buys online (Atlas does not).
    for email in ["user@demo.test", "group@demo.test", "enterprise@demo.test"] {
        let session = app.login(email).await;
        assert_eq!(addon_price(&app, &session, "outbound").await.0, StatusCode::FORBIDDEN, "{email}");
    }
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get("/api/services/getAllPrices/outbound", Some(&starter)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn an_add_on_of_the_plan_is_priced_on_the_plan_with_its_minimum_charge() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let (status, speech) = addon_price(&app, &owner, "report_voice_tags").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        speech,
        json!({
            "name": "Speech analytics",
            "items": [{ "price": 25.0, "billing_frequency": "1", "minimum_charge": 25.0, "minimum_charge_billing_frequency": "1" }],
            "users": [],
            "upgradePrice": null,
            "isAvailable": true,
            "requiresUpgrade": false,
        })
    );
    // Dealerweb is price on application: shown, not sold online.
    let (_, dealerweb) = addon_price(&app, &owner, "integration_dealerweb").await;
    assert_eq!(dealerweb["isAvailable"], false);
    assert_eq!(dealerweb["items"][0]["price"], Value::Null);
    for unknown in ["nothing", "", &"x".repeat(65)] {
        assert_eq!(addon_price(&app, &owner, unknown).await.0, StatusCode::NOT_FOUND, "{unknown}");
    }
}

#[tokio::test]
async fn the_outbound_add_on_lists_the_users_without_outbound() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let (_, outbound) = addon_price(&app, &owner, "outbound").await;
    let users = outbound["users"].as_array().unwrap();
    assert!(!users.is_empty());
    let with_outbound: Vec<i64> = sqlx::query_as::<_, (i64,)>("SELECT id FROM users WHERE has_new_outbound = 1")
        .fetch_all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|(id,)| id)
        .collect();
    assert!(users.iter().all(|u| !with_outbound.contains(&u["UserID"].as_i64().unwrap())));
    assert!(users.iter().all(|u| u["UserForename"].is_string() && u["UserSurname"].is_string()));
    // Only the account's own users.
    let on_account: Vec<i64> = sqlx::query_as::<_, (i64,)>("SELECT user_id FROM user_access WHERE customer_id = 100")
        .fetch_all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|(id,)| id)
        .collect();
    assert!(users.iter().all(|u| on_account.contains(&u["UserID"].as_i64().unwrap())));
}

#[tokio::test]
async fn starter_prices_an_upgrade_and_an_add_on_that_needs_one() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let (_, upgrade) = addon_price(&app, &starter, "upgrade").await;
    assert_eq!(upgrade["items"], json!([]));
    assert_eq!(upgrade["name"], "Professional plan");
    assert_eq!(upgrade["upgradePrice"]["items"][0]["price"], 149.0);
    assert_eq!((upgrade["isAvailable"].clone(), upgrade["requiresUpgrade"].clone()), (json!(true), json!(true)));
    // Salesforce is sold on Professional only: priced there, with the upgrade first.
    let (_, salesforce) = addon_price(&app, &starter, "integration_salesforce").await;
    assert_eq!(salesforce["items"][0]["price"], 75.0);
    assert_eq!(salesforce["name"], "Salesforce integration");
    assert_eq!(salesforce["upgradePrice"]["items"][0]["price"], 149.0);
    assert_eq!(salesforce["requiresUpgrade"], true);
    let (_, speech) = addon_price(&app, &starter, "report_voice_tags").await;
    assert_eq!((speech["items"][0]["price"].clone(), speech["requiresUpgrade"].clone()), (json!(35.0), json!(false)));
}
