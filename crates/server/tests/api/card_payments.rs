//! The card update through the sandbox hosted payment page: signed parameters out,
//! the sandbox's card checks, and its signed answer checked before anything is recorded.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, TestApp};

const PARAMS: &str = "/api/paymentdetails/getBarclayCardParams";
const CONFIRM: &str = "/api/paymentdetails/confirmCard";

async fn params(app: &TestApp, session: &str) -> Value {
    let reply = app.get(PARAMS, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

/// The card form's fields as the browser posts them to the sandbox.
fn card_form(p: &Value, name: &str, number: &str, expiry: &str, cvc: &str) -> Vec<(String, String)> {
    let s = |k: &str| p[k].as_str().unwrap().to_string();
    vec![
        ("ACCEPTURL".into(), s("accepturl")),
        ("EXCEPTIONURL".into(), s("exceptionurl")),
        ("ORDERID".into(), s("orderid")),
        ("PSPID".into(), s("pspid")),
        ("SHASIGN".into(), s("shasign")),
        (s("paymentCardName"), name.to_string()),
        (s("paymentCardNumber"), number.to_string()),
        (s("paymentExpiryDate"), expiry.to_string()),
        ("CVC".into(), cvc.to_string()),
    ]
}

async fn post_to_sandbox(app: &TestApp, p: &Value, fields: &[(String, String)]) -> crate::helpers::Reply {
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    app.post_form(p["actionURL"].as_str().unwrap(), None, &fields).await
}

/// Posts the card form to the sandbox as the browser would; the query it sends the browser to.
async fn pay(app: &TestApp, p: &Value, name: &str, number: &str, expiry: &str, cvc: &str) -> Vec<(String, String)> {
    let reply = post_to_sandbox(app, p, &card_form(p, name, number, expiry, cvc)).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.text());
    let location = reply.header("location").unwrap();
    let (path, query) = location.split_once('?').unwrap();
    assert_eq!(path, "/manage/billing/details/payment");
    url::form_urlencoded::parse(query.as_bytes()).into_owned().collect()
}

fn get<'a>(answer: &'a [(String, String)], name: &str) -> Option<&'a str> {
    answer.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

async fn confirm(app: &TestApp, session: &str, answer: &[(String, String)]) -> StatusCode {
    let fields: Vec<(&str, &str)> = answer.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    app.post_form(CONFIRM, Some(session), &fields).await.status
}

async fn stored_card(app: &TestApp) -> Vec<String> {
    rows_as_text(
        &app.state.db,
        "SELECT card_brand, card_last4, card_expiry FROM billing_details WHERE customer_id = 100",
    )
    .await
}

#[tokio::test]
async fn a_good_card_comes_back_signed_and_is_recorded_once_without_its_number() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let p = params(&app, &owner).await;
    assert_eq!(p["actionURL"], "/sandbox/card/orderstandard");
    assert_eq!(p["pspid"], "CALLTRACK");
    assert_eq!(p["shasign"].as_str().unwrap().len(), 64);

    let answer = pay(&app, &p, "Olivia Owen", "5555 5555 5555 4444", "0129", "123").await;
    assert_eq!(get(&answer, "success"), Some("1"));
    assert_eq!(get(&answer, "brand"), Some("Mastercard"));
    assert_eq!(get(&answer, "last4"), Some("4444"));
    assert_eq!(confirm(&app, &owner, &answer).await, StatusCode::OK);
    assert_eq!(stored_card(&app).await, ["[\"Mastercard\",\"4444\",\"0129\"]"]);
    let details = app.get("/api/billingdetails/getBillingDetails", Some(&owner)).await.json();
    assert_eq!(details["paymentMethod"], "Mastercard ending 4444, expires 01/29");

    // The same answer again (a replay) changes nothing.
    assert_eq!(confirm(&app, &owner, &answer).await, StatusCode::UNPROCESSABLE_ENTITY);
    // Nowhere in the database is the full number or the CVC.
    let all = rows_as_text(&app.state.db, "SELECT * FROM billing_details").await.join(" ");
    assert!(!all.contains("5555555555554444") && !all.contains("5555 5555"));
}

#[tokio::test]
async fn a_tampered_answer_or_another_customers_order_changes_nothing() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let p = params(&app, &owner).await;
    let answer = pay(&app, &p, "Olivia Owen", "4242424242424242", "1230", "123").await;
    let tampered: Vec<(String, String)> =
        answer.iter().map(|(k, v)| (k.clone(), if k == "last4" { "0000".into() } else { v.clone() })).collect();
    assert_eq!(confirm(&app, &owner, &tampered).await, StatusCode::UNPROCESSABLE_ENTITY);
    let unsigned: Vec<(String, String)> = answer.iter().filter(|(k, _)| k != "shasign").cloned().collect();
    assert_eq!(confirm(&app, &owner, &unsigned).await, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(stored_card(&app).await, ["[\"Visa\",\"4242\",\"0828\"]"], "the demo card is kept");

    // Harbour Lane Orthodontics (the owner's other account) cannot use Harbour Lane Dental's order.
    let switched = app
        .post_multipart(
            "/api/accountsettings/switchAccount",
            Some(&owner),
            &[
                ("form_partner_login", "0"),
                ("form_customer_id", "101"),
                ("form_customer_name", "Harbour Lane Orthodontics"),
            ],
        )
        .await;
    assert_eq!(switched.status, StatusCode::OK, "{}", switched.text());
    assert_eq!(confirm(&app, &owner, &answer).await, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_sandbox_sends_field_errors_back_and_refuses_an_unsigned_request() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let p = params(&app, &owner).await;
    let answer = pay(&app, &p, "", "4242424242424241", "1025", "12").await;
    for error in ["nameError", "numberError", "dateError", "cvcError"] {
        assert_eq!(get(&answer, error), Some("1"), "{error}");
    }
    assert_eq!(get(&answer, "number"), Some("XXXXXXXXXXXX4241"), "never the whole number");
    assert_eq!(get(&answer, "success"), None);
    assert_eq!(confirm(&app, &owner, &answer).await, StatusCode::UNPROCESSABLE_ENTITY);

    let mut forged = p.clone();
    forged["accepturl"] = "/manage/elsewhere".into();
    let reply =
        post_to_sandbox(&app, &forged, &card_form(&forged, "Olivia Owen", "4242424242424242", "1230", "123")).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn only_card_payers_with_billing_access_get_parameters() {
    let app = TestApp::spawn().await;
    for (email, expected) in [
        ("owner@demo.test", StatusCode::OK),
        ("admin@demo.test", StatusCode::OK),
        ("starter@demo.test", StatusCode::FORBIDDEN),
        ("user@demo.test", StatusCode::FORBIDDEN),
    ] {
        let session = app.login(email).await;
        assert_eq!(app.get(PARAMS, Some(&session)).await.status, expected, "{email}");
    }
}

/// The card orders of Harbour Lane Dental.
async fn orders(app: &TestApp) -> Vec<String> {
    rows_as_text(&app.state.db, "SELECT order_id FROM card_orders WHERE customer_id = 100 ORDER BY order_id").await
}

/// These parameters' orders, as `orders` lists them.
fn listed(ps: &[&Value]) -> Vec<String> {
    let mut ids: Vec<String> = ps.iter().map(|p| format!("[{}]", p["orderid"])).collect();
    ids.sort();
    ids
}

#[tokio::test]
async fn showing_the_card_page_again_hands_out_the_users_live_order() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let first = params(&app, &owner).await;
    for _ in 0..30 {
        assert_eq!(params(&app, &owner).await["orderid"], first["orderid"]);
    }
    assert_eq!(orders(&app).await, listed(&[&first]), "one row, not one per visit");
    // Another user of the customer gets an order of their own.
    let admin = app.login("admin@demo.test").await;
    let theirs = params(&app, &admin).await;
    assert_ne!(theirs["orderid"], first["orderid"]);

    // Half an hour on, a new order, so at least half an hour is left for the trip to the provider;
    // the first still completes within its hour, once.
    app.state.clock.advance(server::providers::payments::ORDER_REUSE_SECONDS + 1);
    let owner = app.login("owner@demo.test").await; // the idle session has ended
    let later = params(&app, &owner).await;
    assert_ne!(later["orderid"], first["orderid"]);
    let answer = pay(&app, &first, "Olivia Owen", "4242424242424242", "1230", "123").await;
    assert_eq!(confirm(&app, &owner, &answer).await, StatusCode::OK);
    assert_eq!(confirm(&app, &owner, &answer).await, StatusCode::UNPROCESSABLE_ENTITY, "a replay");
    assert_eq!(params(&app, &owner).await["orderid"], later["orderid"]);
    // A used order is never handed out again.
    let answer = pay(&app, &later, "Olivia Owen", "5555555555554444", "0129", "123").await;
    assert_eq!(confirm(&app, &owner, &answer).await, StatusCode::OK);
    let next = params(&app, &owner).await;
    assert!(next["orderid"] != later["orderid"] && next["orderid"] != first["orderid"]);
    assert_eq!(orders(&app).await.len(), 4);
}

#[tokio::test]
async fn housekeeping_purges_expired_and_old_card_orders_and_keeps_live_ones() {
    let app = TestApp::spawn().await;
    let (owner, admin) = (app.login("owner@demo.test").await, app.login("admin@demo.test").await);
    let used = params(&app, &owner).await;
    let answer = pay(&app, &used, "Olivia Owen", "4242424242424242", "1230", "123").await;
    assert_eq!(confirm(&app, &owner, &answer).await, StatusCode::OK);
    let unused = params(&app, &admin).await;
    let purge =
        || async { server::jobs::housekeeping::purge_expired(&app.state.db, app.state.clock.now()).await.unwrap() };
    purge().await;
    assert_eq!(orders(&app).await, listed(&[&used, &unused]), "nothing has expired yet");

    app.state.clock.advance(server::providers::payments::ORDER_LIFETIME_SECONDS + 1);
    let owner = app.login("owner@demo.test").await;
    let live = params(&app, &owner).await;
    purge().await;
    assert_eq!(orders(&app).await, listed(&[&used, &live]), "the unused one expired");
    // The live order still completes after housekeeping.
    let answer = pay(&app, &live, "Olivia Owen", "5555555555554444", "0129", "123").await;
    assert_eq!(confirm(&app, &owner, &answer).await, StatusCode::OK);

    // A used order is kept for 90 days (when and for whom the card changed), then goes.
    app.state.clock.advance(89 * 24 * 60 * 60);
    purge().await;
    assert_eq!(orders(&app).await, listed(&[&used, &live]));
    app.state.clock.advance(2 * 24 * 60 * 60);
    purge().await;
    assert!(orders(&app).await.is_empty());
}
