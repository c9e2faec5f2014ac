//! services/upgrade and services/addAddon: who may buy, what changes, the charge started, and
//! that a repeated purchase charges nothing more.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, TestApp};

/// The charges purchases started (not the demo's).
async fn charges(app: &TestApp, customer: i64) -> Vec<String> {
    rows_as_text(
        &app.state.db,
        &format!(
            "SELECT item, description, COALESCE(user_id, 0), quantity, unit_price_pence, billing_frequency, CASE WHEN ended_at IS NULL THEN 1 ELSE 0 END
             FROM customer_charges WHERE customer_id = {customer} AND created_by <> 0 ORDER BY id"
        ),
    )
    .await
}

async fn add(app: &TestApp, session: &str, fields: &[(&str, &str)]) -> (StatusCode, Value) {
    let reply = app.post_multipart("/api/services/addAddon", Some(session), fields).await;
    let body = if reply.text().is_empty() { Value::Null } else { reply.json() };
    (reply.status, body)
}

fn scopes(account: &Value) -> Vec<String> {
    serde_json::from_value(account["packageScopes"].clone()).unwrap()
}

#[tokio::test]
async fn an_owner_adds_speech_analytics_once_and_it_is_charged_once() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    assert!(!scopes(&app.account(&owner).await).contains(&"report_voice_tags".to_string()));
    let (status, body) = add(&app, &owner, &[("scope", "report_voice_tags")]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(scopes(&app.account(&owner).await).contains(&"report_voice_tags".to_string()));
    let (again, _) = add(&app, &owner, &[("scope", "report_voice_tags")]).await;
    assert_eq!(again, StatusCode::OK);
    assert_eq!(charges(&app, 100).await, [r#"["report_voice_tags","Speech analytics",0,1,2500,"1",1]"#]);
}

#[tokio::test]
async fn only_online_purchasers_buy_and_only_what_the_plan_sells() {
    let app = TestApp::spawn().await;
    for email in ["user@demo.test", "group@demo.test", "enterprise@demo.test"] {
        let session = app.login(email).await;
        assert_eq!(add(&app, &session, &[("scope", "report_voice_tags")]).await.0, StatusCode::FORBIDDEN, "{email}");
    }
    let owner = app.login("owner@demo.test").await;
    let (status, body) = add(&app, &owner, &[("scope", "integration_dealerweb")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["scope"], "This add-on is priced on application. Please contact us to add it.");
    assert_eq!(add(&app, &owner, &[("scope", "nothing")]).await.0, StatusCode::NOT_FOUND);
    let starter = app.login("starter@demo.test").await;
    let (status, body) = add(&app, &starter, &[("scope", "integration_salesforce")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["scope"], "This add-on needs an upgrade of your plan first.");
    assert!(charges(&app, 100).await.is_empty() && charges(&app, 200).await.is_empty());
}

/// The customer's add-on scopes, as stored.
async fn addons(app: &TestApp, customer: i64) -> Vec<String> {
    rows_as_text(
        &app.state.db,
        &format!("SELECT scope FROM customer_addons WHERE customer_id = {customer} ORDER BY scope"),
    )
    .await
}

#[tokio::test]
async fn only_an_add_on_on_sale_on_the_plan_is_bought() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let owner = app.login("owner@demo.test").await;
    let (before_starter, before_owner) = (addons(&app, 200).await, addons(&app, 100).await);
    // Services of the catalogue, scopes the plan includes and plan changes are not add-ons.
    let not_add_ons: [(&str, &[&str]); 2] = [
        (&starter, &["static", "dynamic_pool", "dynamic_url", "outbound_user", "recording_storage", "plan", "upgrade"]),
        (&owner, &["static", "dynamic_pool", "advanced_call_handling", "integration_hubspot", "upgrade", "enterprise"]),
    ];
    for (session, scopes) in not_add_ons {
        for scope in scopes {
            let (status, body) = add(&app, session, &[("scope", scope)]).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{scope}: {body}");
            assert_eq!(body["code"], "NOT_FOUND", "{scope}");
            // The purchase modal prices no such add-on (at most the upgrade, on its own screen).
            let price = app.post_multipart("/api/services/getAddonPrice", Some(session), &[("scope", scope)]).await;
            let priced = price.status == StatusCode::OK && !price.json()["items"].as_array().unwrap().is_empty();
            assert!(!priced, "{scope}: {}", price.text());
        }
    }
    let comparison = app.get("/api/services/getCustomerChargesUpgrade/?product_code=static", Some(&starter)).await;
    assert_eq!(comparison.status, StatusCode::NOT_FOUND);
    assert!(charges(&app, 200).await.is_empty(), "nothing charged: {:?}", charges(&app, 200).await);
    assert!(charges(&app, 100).await.is_empty());
    assert_eq!((addons(&app, 200).await, addons(&app, 100).await), (before_starter, before_owner));

    // What Starter sells is still bought, at Starter's price.
    let (status, body) = add(&app, &starter, &[("scope", "advanced_call_handling")]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(charges(&app, 200).await, [r#"["advanced_call_handling","Advanced call handling",0,1,2000,"1",1]"#]);
}

#[tokio::test]
async fn starter_upgrades_to_professional_once_by_the_owner() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let reply = app.post_form("/api/services/upgrade", Some(&starter), &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let account = app.account(&starter).await;
    assert_eq!(account["packageName"], "Professional");
    assert!(scopes(&account).contains(&"integration_hubspot".to_string()));
    assert_eq!(charges(&app, 200).await, [r#"["plan","Professional plan",0,1,14900,"1",1]"#]);
    let again = app.post_form("/api/services/upgrade", Some(&starter), &[]).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(again.json()["errors"]["upgrade"], "Please contact your account manager to change your plan.");
    assert_eq!(charges(&app, 200).await.len(), 1, "not charged twice");
    // Now on Professional, Salesforce can be added.
    let (status, _) = add(&app, &starter, &[("scope", "integration_salesforce")]).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn only_the_owner_upgrades() {
    let app = TestApp::spawn().await;
    sqlx::query("UPDATE user_access SET auth_code = 20 WHERE user_id = 4 AND customer_id = 200")
        .execute(&app.state.db)
        .await
        .unwrap();
    let administrator = app.login("starter@demo.test").await;
    assert_eq!(app.post_form("/api/services/upgrade", Some(&administrator), &[]).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.account(&administrator).await["packageName"], "Starter");
    let owner = app.login("owner@demo.test").await;
    let professional = app.post_form("/api/services/upgrade", Some(&owner), &[]).await;
    assert_eq!(professional.status, StatusCode::UNPROCESSABLE_ENTITY, "Enterprise is by contacting us");
}

#[tokio::test]
async fn outbound_goes_to_one_chosen_user_of_the_account() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let price = app.post_multipart("/api/services/getAddonPrice", Some(&owner), &[("scope", "outbound")]).await.json();
    let candidate = price["users"][0]["UserID"].as_i64().unwrap().to_string();
    let (status, body) = add(&app, &owner, &[("scope", "outbound")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["userId"], "Please choose the user who will get Outbound.");
    // Another customer's user is not a choice.
    let (status, _) = add(&app, &owner, &[("scope", "outbound"), ("userId", "4")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = add(&app, &owner, &[("scope", "outbound"), ("userId", &candidate)]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (again, _) = add(&app, &owner, &[("scope", "outbound"), ("userId", &candidate)]).await;
    assert_eq!(again, StatusCode::UNPROCESSABLE_ENTITY, "they have it now");
    assert_eq!(charges(&app, 100).await, [format!(r#"["outbound","Outbound",{candidate},1,1500,"1",1]"#)]);
    let flagged =
        rows_as_text(&app.state.db, &format!("SELECT has_new_outbound FROM users WHERE id = {candidate}")).await;
    assert_eq!(flagged, ["[1]"]);
}

#[tokio::test]
async fn recording_storage_grows_in_steps_to_one_hundred_and_eighty_days() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let step = [("scope", "routing_call_recording_extended")];
    assert_eq!(add(&app, &owner, &step).await.0, StatusCode::OK);
    let (status, body) = add(&app, &owner, &step).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["errors"]["scope"].as_str().unwrap().starts_with("The call recording storage was recently changed"));
    for _ in 0..4 {
        // A day later each time (the test clock stands still; the change is moved back instead).
        sqlx::query(
            "UPDATE customers SET recording_storage_changed_at = recording_storage_changed_at - 86400 WHERE id = 100",
        )
        .execute(&app.state.db)
        .await
        .unwrap();
        assert_eq!(add(&app, &owner, &step).await.0, StatusCode::OK);
    }
    assert_eq!(
        rows_as_text(&app.state.db, "SELECT recording_storage_days FROM customers WHERE id = 100").await,
        ["[180]"]
    );
    sqlx::query("UPDATE customers SET recording_storage_changed_at = 0 WHERE id = 100")
        .execute(&app.state.db)
        .await
        .unwrap();
    let (status, body) = add(&app, &owner, &step).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["scope"], "Call recording storage cannot be extended beyond 180 days.");
    assert_eq!(
        charges(&app, 100).await,
        [r#"["routing_call_recording_extended","Extended call recording storage (30 days)",0,5,300,"1",1]"#]
    );
}

#[tokio::test]
async fn eight_purchases_at_once_charge_once() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let starter = app.login("starter@demo.test").await;
    let speech =
        futures_util::future::join_all((0..8).map(|_| add(&app, &owner, &[("scope", "report_voice_tags")]))).await;
    assert!(speech.iter().all(|(status, _)| *status == StatusCode::OK), "{speech:?}");
    assert_eq!(charges(&app, 100).await.len(), 1);
    let upgrades =
        futures_util::future::join_all((0..8).map(|_| app.post_form("/api/services/upgrade", Some(&starter), &[])))
            .await;
    let won = upgrades.iter().filter(|r| r.status == StatusCode::OK).count();
    assert_eq!(won, 1, "{:?}", upgrades.iter().map(|r| r.status).collect::<Vec<_>>());
    assert!(upgrades.iter().all(|r| r.status == StatusCode::OK || r.status == StatusCode::UNPROCESSABLE_ENTITY));
    assert_eq!(charges(&app, 200).await.len(), 1);
}

#[tokio::test]
async fn outbound_is_not_bought_for_a_user_another_customer_shares() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let price = app.post_multipart("/api/services/getAddonPrice", Some(&owner), &[("scope", "outbound")]).await.json();
    let shared = price["users"][0]["UserID"].as_i64().unwrap();
    // The user gains access to Harbour Lane Orthodontics too: outbound, a setting of the user,
    // would change for that customer as well.
    sqlx::query("INSERT INTO user_access (user_id, customer_id, auth_code, provisioning) VALUES ($1, 101, 10, '0')")
        .bind(shared)
        .execute(&app.state.db)
        .await
        .unwrap();
    let price = app.post_multipart("/api/services/getAddonPrice", Some(&owner), &[("scope", "outbound")]).await.json();
    assert!(price["users"].as_array().unwrap().iter().all(|u| u["UserID"] != shared));
    let (status, body) = add(&app, &owner, &[("scope", "outbound"), ("userId", &shared.to_string())]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(charges(&app, 100).await.is_empty());
    let flagged = rows_as_text(&app.state.db, &format!("SELECT has_new_outbound FROM users WHERE id = {shared}")).await;
    assert_eq!(flagged, ["[0]"]);
}
