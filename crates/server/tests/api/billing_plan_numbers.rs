//! Issue 31, one set of money figures: an Enterprise plan is charged its contract price, and
//! numbers above the plan's allowance are charged; the invoices the billing run makes and the
//! pages (plan and usage, pricing breakdown) show the same amounts.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, TestApp};

/// (description, amount in pence) of an invoice's lines, in order.
async fn invoice_lines(app: &TestApp, invoice: i64) -> Vec<(String, i64)> {
    let rows = rows_as_text(
        &app.state.db,
        &format!("SELECT description, amount_pence FROM invoice_lines WHERE invoice_id = {invoice} ORDER BY position"),
    )
    .await;
    rows.iter().map(|row| serde_json::from_str(row).unwrap()).collect()
}

/// The newest invoice of the session's customer (its list, newest first).
async fn newest_invoice(app: &TestApp, session: &str) -> Value {
    let reply = app.get("/api/invoices/getInvoiceList", Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["invoices"][0].clone()
}

fn pence(pounds: &Value) -> i64 {
    (pounds.as_f64().unwrap() * 100.0).round() as i64
}

#[tokio::test]
async fn atlas_enterprise_invoice_has_its_contract_price_and_the_page_agrees() {
    let app = TestApp::spawn().await;
    let enterprise = app.login("enterprise@demo.test").await;
    let invoice = newest_invoice(&app, &enterprise).await;
    let lines = invoice_lines(&app, invoice["id"].as_i64().unwrap()).await;
    // October 2026, a whole month: the contract's £1,250.00.
    assert_eq!(lines.first(), Some(&("Enterprise plan".to_string(), 125_000)), "{lines:?}");
    let net: i64 = lines.iter().map(|(_, pence)| pence).sum();
    assert_eq!(pence(&invoice["net"]), net);
    assert!(net >= 125_000);

    // The plan and usage page shows the plan at the price its invoice charges.
    let reply = app.get("/api/services/getAccountUsage", Some(&enterprise)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let usage = reply.json();
    assert_eq!(pence(&usage["planPrice"]), 125_000);
    assert_eq!(usage["planBillingFrequency"], "1");
    let reply = app.get("/api/services/getCustomerCharges", Some(&enterprise)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let plan = reply.json()["services"]["1"][0].clone();
    assert_eq!(
        (plan["description"].clone(), plan["plan"].clone()),
        (Value::from("Enterprise plan"), Value::from(true))
    );
    assert_eq!(pence(&plan["price"]), 125_000);

    // A Professional customer's page shows its catalogue price, as its invoices charge.
    let owner = app.login("owner@demo.test").await;
    let usage = app.get("/api/services/getAccountUsage", Some(&owner)).await.json();
    assert_eq!(pence(&usage["planPrice"]), 14_900);
    let invoice = newest_invoice(&app, &owner).await;
    let lines = invoice_lines(&app, invoice["id"].as_i64().unwrap()).await;
    assert_eq!(lines[0], ("Professional plan".to_string(), 14_900));
}
