//! billingdetails/getBillingDetails and billingdetails/saveBillingDetails.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{rows_as_text, TestApp};

const GET: &str = "/api/billingdetails/getBillingDetails";
const SAVE: &str = "/api/billingdetails/saveBillingDetails";

fn form<'a>(overrides: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut fields = vec![
        ("form_companyName", "Harbour Lane Dental Ltd"),
        ("form_street1", "2 Quay Street"),
        ("form_street2", ""),
        ("form_town", "Bristol"),
        ("form_county", "Avon"),
        ("form_postCode", "BS1 4DJ"),
        ("form_contactName", "Olivia Owen"),
        ("form_contactEmail", "billing@harbourlane.test"),
        ("form_contactTelephone", "+44 117 496 0000"),
        ("form_poNumber", "PO-2026-11"),
    ];
    for (name, value) in overrides {
        fields.iter_mut().find(|(n, _)| n == name).expect("a form field").1 = value;
    }
    fields
}

async fn details(app: &TestApp, session: &str) -> Value {
    let reply = app.get(GET, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

#[tokio::test]
async fn the_owner_reads_and_saves_their_billing_details() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let before = details(&app, &owner).await;
    assert_eq!(before["address"]["companyName"], "Harbour Lane Dental Ltd");
    assert_eq!(before["address"]["country"], "United Kingdom");
    assert_eq!(before["paymentMethodType"], "1");
    assert_eq!(before["paymentMethod"], "Visa ending 4242, expires 08/28");

    let saved = app.post_multipart(SAVE, Some(&owner), &form(&[])).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(saved.json(), json!({ "success": true }));
    let after = details(&app, &owner).await;
    assert_eq!(after["address"]["street1"], "2 Quay Street");
    assert_eq!(after["address"]["county"], "Avon");
    assert_eq!(
        after["contact"],
        json!({ "name": "Olivia Owen", "email": "billing@harbourlane.test", "telephone": "+44 117 496 0000" })
    );
    assert_eq!(after["poNumber"], "PO-2026-11");
    // The payment method is not the form's to change.
    assert_eq!(after["paymentMethod"], "Visa ending 4242, expires 08/28");

    // Another customer's details are untouched and its own.
    let starter = app.login("starter@demo.test").await;
    let theirs = details(&app, &starter).await;
    assert_eq!(theirs["address"]["companyName"], "Stone & Sons Plumbing");
    assert_eq!(theirs["paymentMethodType"], "2");
    assert_eq!(theirs["paymentMethod"], "Direct Debit from account ending 31 (mandate MD4C2E19)");
}

#[tokio::test]
async fn each_rule_gives_its_message_and_nothing_is_saved() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let long81 = "x".repeat(81);
    let long41 = "y".repeat(41);
    for (field, value, message) in [
        ("form_companyName", "", "Company name is required."),
        ("form_companyName", long81.as_str(), "Company name cannot exceed 80 characters."),
        ("form_street1", "  ", "Street 1 is required."),
        ("form_town", "", "Town is required."),
        ("form_postCode", "", "Post code is required."),
        ("form_county", long41.as_str(), "County cannot exceed 40 characters."),
        ("form_contactEmail", "", "Contact email is required."),
        ("form_contactEmail", "billing@", "Must be a valid email."),
        ("form_contactTelephone", "call me", "Telephone must be a number."),
        (
            "form_town",
            "北京",
            "Invalid characters found. Allowed characters are letters, numbers, spaces and standard punctuation.",
        ),
    ] {
        let reply = app.post_multipart(SAVE, Some(&owner), &form(&[(field, value)])).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}={value}");
        assert_eq!(reply.json()["errors"][field], message, "{field}={value}");
    }
    let stored = rows_as_text(&app.state.db, "SELECT street1 FROM billing_details WHERE customer_id = 100").await;
    assert_eq!(stored, ["[\"1 Harbour Lane\"]"]);
}

#[tokio::test]
async fn only_those_with_billing_access_may_read_or_save() {
    let app = TestApp::spawn().await;
    for (email, allowed) in [
        ("owner@demo.test", true),
        ("admin@demo.test", true),
        ("enterprise@demo.test", true),
        ("partner@demo.test", true),
        ("user@demo.test", false),
    ] {
        let session = app.login(email).await;
        let expected = if allowed { StatusCode::OK } else { StatusCode::FORBIDDEN };
        assert_eq!(app.get(GET, Some(&session)).await.status, expected, "{email}");
        if !allowed {
            let reply = app.post_multipart(SAVE, Some(&session), &form(&[])).await;
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email}");
        }
    }
    let stored = rows_as_text(&app.state.db, "SELECT street1 FROM billing_details WHERE customer_id = 100").await;
    assert_eq!(stored, ["[\"1 Harbour Lane\"]"], "a refused save changes nothing");
    assert_eq!(app.get(GET, None).await.status, StatusCode::UNAUTHORIZED);
}
