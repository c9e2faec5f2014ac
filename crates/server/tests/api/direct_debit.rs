//! The Direct Debit update through the sandbox hosted mandate page: a signed flow
//! out, the sandbox's bank account checks, and its signed answer checked before anything is
//! recorded; back to the billing details with directDebitUpdated=1 or 0.

use axum::http::StatusCode;

use crate::helpers::{rows_as_text, TestApp};

const DETAILS: &str = "/api/billingdetails/getBillingDetails";

/// The billing details' mandate link for the session's customer.
async fn mandate_link(app: &TestApp, session: &str) -> String {
    let reply = app.get(DETAILS, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["directDebitUrl"].as_str().expect("a Direct Debit payer has the link").to_string()
}

/// The hidden flow fields of the link (the mandate page posts them back).
fn flow_fields(link: &str) -> Vec<(String, String)> {
    let query = link.split_once('?').unwrap().1;
    url::form_urlencoded::parse(query.as_bytes()).into_owned().collect()
}

/// Submits the mandate form; the address the sandbox sends the browser to.
async fn submit(app: &TestApp, link: &str, action: &str, holder: &str, sort: &str, account: &str) -> String {
    let reply = post(app, link, action, holder, sort, account).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.text());
    reply.header("location").unwrap()
}

async fn post(
    app: &TestApp,
    link: &str,
    action: &str,
    holder: &str,
    sort: &str,
    account: &str,
) -> crate::helpers::Reply {
    let mut fields = flow_fields(link);
    fields.extend([
        ("action".into(), action.into()),
        ("holder".into(), holder.into()),
        ("sortCode".into(), sort.into()),
        ("accountNumber".into(), account.into()),
    ]);
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    app.post_form("/sandbox/directdebit/mandate", None, &fields).await
}

/// Follows the sandbox's answer back to our return page; where that sends the browser.
async fn come_back(app: &TestApp, session: &str, answer: &str) -> String {
    let reply = app.get(answer, Some(session)).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.text());
    reply.header("location").unwrap()
}

async fn stored(app: &TestApp, customer: i64) -> Vec<String> {
    rows_as_text(
        &app.state.db,
        &format!(
            "SELECT direct_debit_reference, direct_debit_account_ending FROM billing_details WHERE customer_id = {customer}"
        ),
    )
    .await
}

const UPDATED: &str = "/manage/billing/details?directDebitUpdated=1";
const NOT_UPDATED: &str = "/manage/billing/details?directDebitUpdated=0";

#[tokio::test]
async fn a_new_mandate_is_set_up_at_the_provider_and_recorded_once() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let link = mandate_link(&app, &starter).await;
    assert!(link.starts_with("/sandbox/directdebit/mandate?"), "{link}");
    let page = app.get(&link, None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains("Set up your Direct Debit") && page.text().contains("Sort code"));

    let answer = submit(&app, &link, "confirm", "Stone & Sons", "20-00-00", "5543 9876").await;
    assert!(answer.starts_with("/billing/directdebit/complete?"), "{answer}");
    assert!(!answer.contains("55439876"), "the account number never comes back");
    assert_eq!(come_back(&app, &starter, &answer).await, UPDATED);
    let details = app.get(DETAILS, Some(&starter)).await.json();
    let method = details["paymentMethod"].as_str().unwrap();
    assert!(method.starts_with("Direct Debit from account ending 76 (mandate MD"), "{method}");
    let before = stored(&app, 200).await;

    // The same answer again changes nothing.
    assert_eq!(come_back(&app, &starter, &answer).await, NOT_UPDATED);
    assert_eq!(stored(&app, 200).await, before);
}

#[tokio::test]
async fn the_mandate_page_shows_its_errors_and_keeps_what_was_typed_but_the_account() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let before = stored(&app, 200).await;
    let link = mandate_link(&app, &starter).await;
    let reply = post(&app, &link, "confirm", "", "20-00", "1234").await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let page = reply.text();
    for message in [
        "Please enter the account holder&#39;s name.",
        "Please enter a 6-digit sort code.",
        "Please enter an 8-digit account number.",
    ] {
        assert!(page.contains(message), "{message} not in {page}");
    }
    // The typed sort code is kept, the account number is not (the page's random tokens may
    // hold any digits, so only the field's value is looked at).
    assert!(page.contains(r#"value="20-00""#) && !page.contains(r#"value="1234""#), "{page}");
    assert_eq!(stored(&app, 200).await, before);
}

#[tokio::test]
async fn a_cancelled_tampered_or_foreign_answer_changes_nothing() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let (before, atlas_before) = (stored(&app, 200).await, stored(&app, 300).await);
    assert_eq!(before, [r#"["MD4C2E19","31"]"#]);

    let link = mandate_link(&app, &starter).await;
    let cancelled = submit(&app, &link, "cancel", "", "", "").await;
    assert!(cancelled.contains("status=cancelled"));
    assert_eq!(come_back(&app, &starter, &cancelled).await, NOT_UPDATED);

    let link = mandate_link(&app, &starter).await;
    let answer = submit(&app, &link, "confirm", "Stone & Sons", "200000", "55439876").await;
    let tampered = answer.replace("account=76", "account=99");
    assert_ne!(tampered, answer);
    assert_eq!(come_back(&app, &starter, &tampered).await, NOT_UPDATED);
    let unsigned = answer.split("&shasign=").next().unwrap().to_string();
    assert_eq!(come_back(&app, &starter, &unsigned).await, NOT_UPDATED);
    // Another customer (Atlas pays by Direct Debit too) cannot use Stone & Sons' flow.
    let atlas = app.login("enterprise@demo.test").await;
    assert_eq!(come_back(&app, &atlas, &answer).await, NOT_UPDATED);
    assert_eq!(stored(&app, 300).await, atlas_before);
    assert_eq!(stored(&app, 200).await, before);
    // The flow is still Stone & Sons' own to finish.
    assert_eq!(come_back(&app, &starter, &answer).await, UPDATED);

    // An old flow has expired.
    let link = mandate_link(&app, &starter).await;
    let answer = submit(&app, &link, "confirm", "Stone & Sons", "200000", "11112222").await;
    sqlx::query("UPDATE direct_debit_flows SET created_at = created_at - 3601").execute(&app.state.db).await.unwrap();
    assert_eq!(come_back(&app, &starter, &answer).await, NOT_UPDATED);
}

#[tokio::test]
async fn the_mandate_page_refuses_a_request_we_did_not_sign() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let link = mandate_link(&app, &starter).await;
    let elsewhere = link.replace("RETURNURL=%2Fbilling", "RETURNURL=%2F%2Fevil.example%2Fbilling");
    assert_ne!(elsewhere, link);
    assert_eq!(app.get(&elsewhere, None).await.status, StatusCode::BAD_REQUEST);
    let unsigned = link.split("&SHASIGN=").next().unwrap();
    assert_eq!(app.get(unsigned, None).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn only_direct_debit_payers_with_billing_access_get_a_mandate_link() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let details = app.get(DETAILS, Some(&owner)).await.json();
    assert!(details["directDebitUrl"].is_null(), "a card payer");
    let user = app.login("user@demo.test").await;
    assert_eq!(app.get("/billing/directdebit/complete?flowid=x", Some(&user)).await.status, StatusCode::FORBIDDEN);
    let reply = app.get("/billing/directdebit/complete?flowid=x", None).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    assert!(reply.header("location").unwrap().starts_with("/login?return="));
}

/// Stone & Sons' Direct Debit flows.
async fn flows(app: &TestApp) -> usize {
    rows_as_text(&app.state.db, "SELECT flow_id FROM direct_debit_flows WHERE customer_id = 200").await.len()
}

#[tokio::test]
async fn showing_the_billing_details_again_hands_out_the_users_live_flow() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let link = mandate_link(&app, &starter).await;
    for _ in 0..30 {
        assert_eq!(mandate_link(&app, &starter).await, link);
    }
    assert_eq!(flows(&app).await, 1, "one row, not one per visit");
    let answer = submit(&app, &link, "confirm", "Stone & Sons", "20-00-00", "5543 9876").await;
    assert_eq!(come_back(&app, &starter, &answer).await, UPDATED);
    // Used: a new flow next time, and the answer again changes nothing.
    let next = mandate_link(&app, &starter).await;
    assert_ne!(next, link);
    assert_eq!(come_back(&app, &starter, &answer).await, NOT_UPDATED);
    // Half an hour on, a new one too.
    app.state.clock.advance(server::providers::payments::ORDER_REUSE_SECONDS + 1);
    let starter = app.login("starter@demo.test").await; // the idle session has ended
    assert_ne!(mandate_link(&app, &starter).await, next);
    assert_eq!(flows(&app).await, 3);
}

#[tokio::test]
async fn housekeeping_purges_expired_and_old_flows_and_keeps_live_ones() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let purge =
        || async { server::jobs::housekeeping::purge_expired(&app.state.db, app.state.clock.now()).await.unwrap() };
    let used = mandate_link(&app, &starter).await;
    let answer = submit(&app, &used, "confirm", "Stone & Sons", "20-00-00", "5543 9876").await;
    assert_eq!(come_back(&app, &starter, &answer).await, UPDATED);
    let _unused = mandate_link(&app, &starter).await;
    purge().await;
    assert_eq!(flows(&app).await, 2);

    app.state.clock.advance(server::providers::payments::ORDER_LIFETIME_SECONDS + 1);
    let starter = app.login("starter@demo.test").await;
    let live = mandate_link(&app, &starter).await;
    purge().await;
    assert_eq!(flows(&app).await, 2, "the unused one expired; the used and the live one are kept");
    let answer = submit(&app, &live, "confirm", "Stone & Sons", "20-00-00", "1111 2222").await;
    assert_eq!(come_back(&app, &starter, &answer).await, UPDATED, "the live flow survives housekeeping");

    app.state.clock.advance(91 * 24 * 60 * 60);
    purge().await;
    assert_eq!(flows(&app).await, 0, "used flows go after 90 days");
}
