//! services/getWebsiteDetails and services/addWebsite: Starter's included website call
//! tracking, added by its address alone with no charge, its numbers local to the number the
//! website shows; refused once the plan's website is in use, and for another account's plan.

use axum::http::StatusCode;
use domain::services::website::{NUMBER_SHOWN_INVALID, WEBSITE_NOT_INCLUDED, WEBSITE_POOL_NAME, WEBSITE_REQUIRED};

use crate::first_run::new_client;
use crate::helpers::TestApp;

const DETAILS: &str = "/api/services/getWebsiteDetails";
const ADD: &str = "/api/services/addWebsite";

async fn count(app: &TestApp, sql: &str, customer: i64) -> i64 {
    sqlx::query_scalar(sql).bind(customer).fetch_one(&app.state.db).await.unwrap()
}

#[tokio::test]
async fn a_starter_account_adds_its_included_website_by_its_address_and_gets_local_numbers() {
    let app = TestApp::spawn().await;
    let (session, client) = new_client(&app).await;
    let details = app.get(DETAILS, Some(&session)).await.json();
    assert_eq!((details["included"].as_bool(), details["includedInPlan"].as_i64()), (Some(true), Some(1)));

    // Each problem is said on its field; nothing is stored.
    let reply = app.post_form(ADD, Some(&session), &[("websiteUrl", " "), ("numberShown", "12")]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert_eq!(reply.json()["errors"]["websiteUrl"], WEBSITE_REQUIRED);
    assert_eq!(reply.json()["errors"]["numberShown"], NUMBER_SHOWN_INVALID);
    // Another account's service plan is not found.
    let theirs: i64 = sqlx::query_scalar("SELECT id FROM service_plans WHERE customer_id = 300 LIMIT 1")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let fields = [("websiteUrl", "www.northernlights.example"), ("servicePlan", &theirs.to_string())];
    assert_eq!(app.post_form(ADD, Some(&session), &fields).await.status, StatusCode::NOT_FOUND);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM dynamic_urls WHERE customer_id = $1", client).await, 0);

    let charges_before = count(&app, "SELECT COUNT(*) FROM customer_charges WHERE customer_id = $1", client).await;
    let fields = [("websiteUrl", "www.northernlights.example"), ("numberShown", "+44 117 496-0123")];
    let reply = app.post_form(ADD, Some(&session), &fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let added = reply.json();
    let numbers: Vec<&str> = added["numbers"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    assert_eq!(numbers.len(), 5);
    assert!(numbers.iter().all(|n| n.starts_with("01174960")), "Bristol, as the website's own: {numbers:?}");
    let url = added["campaignId"].as_i64().unwrap();
    let (pool, replaced): (String, String) = sqlx::query_as(
        "SELECT e.pool_name, r.number FROM routing_entries e JOIN dynamic_url_replacements r ON r.dynamic_url_id = e.dynamic_url_id
         WHERE e.customer_id = $1 AND e.dynamic_url_id = $2",
    )
    .bind(client)
    .bind(url)
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!((pool.as_str(), replaced.as_str()), (WEBSITE_POOL_NAME, "+44 117 496-0123"));
    // Included: nothing is charged for it.
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM customer_charges WHERE customer_id = $1", client).await,
        charges_before
    );
    // The checklist now leads to its tracking code.
    let steps = app.get("/api/overview/getFirstRun", Some(&session)).await.json();
    assert_eq!(steps["steps"][2]["link"], format!("/dynamicurls/{url}"));

    // The plan's website is in use: the next is refused, and the full form says the price.
    assert_eq!(app.get(DETAILS, Some(&session)).await.json()["included"], false);
    let reply = app.post_form(ADD, Some(&session), &[("websiteUrl", "www.second.example")]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["errors"]["websiteUrl"], WEBSITE_NOT_INCLUDED);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM dynamic_urls WHERE customer_id = $1", client).await, 1);
    let note = app.get("/api/services/getDynamicDetails", Some(&session)).await.json()["purchaseNote"]["text"].clone();
    assert!(note.as_str().unwrap().starts_with("Your plan's pools are all in use"), "{note}");
}

#[tokio::test]
async fn the_website_form_needs_the_right_to_add_services() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    assert_eq!(app.get(DETAILS, Some(&user)).await.status, StatusCode::FORBIDDEN);
    let reply = app.post_form(ADD, Some(&user), &[("websiteUrl", "www.example.test")]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(DETAILS, None).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.post_form(ADD, None, &[("websiteUrl", "x")]).await.status, StatusCode::UNAUTHORIZED);
}
