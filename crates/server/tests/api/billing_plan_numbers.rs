//! One set of money figures: an Enterprise plan is charged its contract price, and
//! numbers above the plan's allowance are charged; the invoices the billing run makes and the
//! pages (plan and usage, pricing breakdown) show the same amounts.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, TestApp};
use crate::services_charges::line;

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

/// The breakdown's lines charged per month.
async fn monthly_lines(app: &TestApp, path: &str, session: &str) -> Value {
    let reply = app.get(path, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

#[tokio::test]
async fn numbers_above_the_allowance_are_on_the_breakdown_as_the_billing_run_charges_them() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let usage = app.get("/api/services/getAccountUsage", Some(&starter)).await.json();
    assert_eq!((usage["staticNumbers"].clone(), usage["staticsAvailable"].clone()), (Value::from(15), Value::from(10)));
    let charges = monthly_lines(&app, "/api/services/getCustomerCharges", &starter).await;
    let numbers = line(&charges, "Static numbers above the 10 included");
    assert_eq!(
        (numbers["quantity"].clone(), numbers["unitPrice"].clone(), numbers["plan"].clone()),
        (Value::from(5), Value::from(5.0), Value::from(false)),
        "{charges}"
    );
    assert_eq!(pence(&numbers["price"]), 2_500);
    assert_eq!(pence(&charges["totals"]["1"]), 4_900 + 2_500);

    // November ends: the billing run charges November's numbers as the breakdown showed them.
    app.state.clock.advance(9 * 24 * 60 * 60);
    server::jobs::billing_run::run(&app.state.db, app.state.clock.now()).await.unwrap();
    let starter = app.login("starter@demo.test").await;
    let november = newest_invoice(&app, &starter).await;
    let lines = invoice_lines(&app, november["id"].as_i64().unwrap()).await;
    assert!(lines.contains(&("Static numbers above the 10 included".to_string(), 2_500)), "{lines:?}");
    assert!(lines.contains(&("Starter plan".to_string(), 4_900)), "{lines:?}");

    // The upgrade's comparison: Professional includes them, so the line ends.
    let comparison =
        monthly_lines(&app, "/api/services/getCustomerChargesUpgrade/?product_code=upgrade", &starter).await;
    assert_eq!(pence(&line(&comparison["current"], "Static numbers above the 10 included")["price"]), 2_500);
    let on_professional = line(&comparison["new"], "Static numbers above the 10 included");
    assert_eq!(on_professional["newQuantity"], 0);
    assert_eq!(pence(&comparison["new"]["totals"]["1"]), 14_900);

    // Harbour Lane Dental holds fewer than Professional includes: no such line.
    let owner = app.login("owner@demo.test").await;
    let charges = monthly_lines(&app, "/api/services/getCustomerCharges", &owner).await;
    let above: Vec<_> = charges["services"]["1"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["description"].as_str().unwrap().contains("above the"))
        .collect();
    assert!(above.is_empty(), "{above:?}");
}
