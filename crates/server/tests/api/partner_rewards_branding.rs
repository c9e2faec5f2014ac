//! The partner portal's rewards (from the clients' stored invoices and the partner's agreed
//! rates), its programmes, and its branding (validated, stored, shown to its clients).

use axum::http::StatusCode;
use domain::partners::branding::{COLOUR_FORMAT, CONTRAST_TOO_LOW};
use serde_json::Value;

use crate::helpers::{rows_as_text, TestApp};

async fn exec(app: &TestApp, sql: &str) {
    sqlx::query(sql).execute(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// Replaces the clients' invoices with three known ones: October for both clients, November for
/// the resold one (and one of a customer that is no client of the partner's).
async fn known_invoices(app: &TestApp) {
    exec(app, "DELETE FROM invoice_files").await;
    exec(app, "DELETE FROM invoice_lines").await;
    exec(app, "DELETE FROM invoices").await;
    for (id, customer, start, label, net) in [
        (1, 602, 1_790_809_200, "October 2026", 10_000),
        (2, 601, 1_790_809_200, "October 2026", 4_995),
        (3, 602, 1_793_491_200, "November 2026", 12_345),
        (4, 100, 1_793_491_200, "November 2026", 99_999),
    ] {
        exec(
            app,
            &format!(
                "INSERT INTO invoices (id, customer_id, period_start, period_end, period_label, issued_at, bill_to,
                 net_pence, vat_pence, gross_pence, created_at)
                 VALUES ({id}, {customer}, {start}, {start} + 86400, '{label}', {start}, 'x', {net}, 0, {net}, {start})"
            ),
        )
        .await;
    }
}

fn rows(body: &Value, key: &str) -> Vec<(String, i64, i64)> {
    body[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["label"].as_str().unwrap().to_string(),
                r["netPence"].as_i64().unwrap(),
                r["rewardPence"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn rewards_are_the_agreed_share_of_each_clients_invoices() {
    let app = TestApp::spawn().await;
    known_invoices(&app).await;
    let token = app.login("partner@demo.test").await;
    let reply = app.get("/api/partnerportal/getRewards", Some(&token)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    // Resold at 20%: 2,000 and 2,469 (2,469.0); referred at 10%: 499.5 rounds to 500.
    assert_eq!(
        rows(&body, "byMonth"),
        [("November 2026".to_string(), 12_345, 2_469), ("October 2026".to_string(), 14_995, 2_500)]
    );
    assert_eq!(
        rows(&body, "byClient"),
        [
            ("Greenway Garden Centre".to_string(), 4_995, 500),
            ("Riverside Veterinary Practice".to_string(), 22_345, 4_469)
        ]
    );
    assert_eq!((body["totalNetPence"].as_i64(), body["totalRewardPence"].as_i64()), (Some(27_340), Some(4_969)));
    assert_eq!(body["programmes"][0]["rate"], "20%");
    assert_eq!(body["programmes"][1]["rate"], "10%");
}

#[tokio::test]
async fn a_programme_without_an_agreement_earns_nothing() {
    let app = TestApp::spawn().await;
    known_invoices(&app).await;
    exec(&app, "DELETE FROM partner_agreements WHERE programme = 'referrer'").await;
    let token = app.login("partner@demo.test").await;
    let body = app.get("/api/partnerportal/getRewards", Some(&token)).await.json();
    assert_eq!(body["totalRewardPence"], 4_469);
    assert_eq!(body["programmes"][1]["rate"], Value::Null);
}

#[tokio::test]
async fn rewards_need_the_rewards_right_and_programmes_show_approval() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    exec(&app, "UPDATE customers SET referrer_approved = 0 WHERE id = 600").await;
    let programmes = app.get("/api/partnerportal/getProgrammes", Some(&token)).await;
    assert_eq!(programmes.status, StatusCode::OK, "{}", programmes.text());
    let approved: Vec<(String, bool)> = programmes
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["programme"].as_str().unwrap().to_string(), p["approved"].as_bool().unwrap()))
        .collect();
    assert_eq!(approved, [("reseller".to_string(), true), ("referrer".to_string(), false)]);
    // Rewards are a referrer's: hidden without referrer approval, and without the rewards right.
    assert_eq!(app.get("/api/partnerportal/getRewards", Some(&token)).await.status, StatusCode::FORBIDDEN);
    exec(&app, "UPDATE customers SET referrer_approved = 1 WHERE id = 600").await;
    assert_eq!(app.get("/api/partnerportal/getRewards", Some(&token)).await.status, StatusCode::OK);
    exec(&app, "UPDATE user_access SET perm_rewards = 0 WHERE user_id = 8 AND customer_id = 600").await;
    assert_eq!(app.get("/api/partnerportal/getRewards", Some(&token)).await.status, StatusCode::FORBIDDEN);
    let owner = app.login("owner@demo.test").await;
    assert_eq!(app.get("/api/partnerportal/getProgrammes", Some(&owner)).await.status, StatusCode::FORBIDDEN);
}

/// A valid PNG of `size` bytes (the signature, then padding: the rules read the signature).
fn png(size: usize) -> Vec<u8> {
    let mut bytes = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
    bytes.resize(size, 0);
    bytes
}

const SAVE: &str = "/api/partnerportal/saveBranding";

#[tokio::test]
async fn branding_is_saved_and_shown_in_the_clients_admin_area() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let colours = [("form_top_bar_background", "#0D47A1"), ("form_top_bar_text", "#ffffff")];
    let reply = app.post_multipart_file(SAVE, Some(&token), &colours, ("form_logo", "logo.png", &png(2_000))).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let branding = app.get("/api/partnerportal/getBranding", Some(&token)).await.json();
    assert_eq!(branding["topBarBackground"], "#0d47a1");
    let logo_url = branding["logoUrl"].as_str().unwrap().to_string();
    assert!(logo_url.starts_with("/logos/600.png?v="), "{logo_url}");

    // A client's user sees the partner's logo and colours.
    app.post_form("/api/login/", Some(&token), &[("form_customer_id", "602")]).await;
    let client = app.account(&token).await;
    assert_eq!(client["customerId"], 602);
    assert_eq!(client["topBar"]["background"], "#0d47a1");
    // The client's logo address serves the partner's logo.
    let client_logo = client["logoUrl"].as_str().unwrap();
    assert!(client_logo.starts_with("/logos/602.png?v="), "{client_logo}");
    let image = app.get(client_logo.split('?').next().unwrap(), Some(&token)).await;
    assert_eq!(image.status, StatusCode::OK);
    assert_eq!(image.header("content-type").as_deref(), Some("image/png"));
    assert_eq!(image.body.len(), 2_000);

    // Another customer's user cannot fetch it.
    let owner = app.login("owner@demo.test").await;
    assert_eq!(app.get("/logos/600.png", Some(&owner)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn each_branding_message_is_answered_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let before = rows_as_text(&app.state.db, "SELECT * FROM partner_branding").await;
    let ok = [("form_top_bar_background", "#4a148c"), ("form_top_bar_text", "#ffffff")];
    let bad_colour = [("form_top_bar_background", "purple"), ("form_top_bar_text", "#ffffff")];
    let reply = app.post_multipart(SAVE, Some(&token), &bad_colour).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["errors"]["form_top_bar_background"], COLOUR_FORMAT);
    let low = [("form_top_bar_background", "#ffffff"), ("form_top_bar_text", "#ffff00")];
    let reply = app.post_multipart(SAVE, Some(&token), &low).await;
    assert_eq!(reply.json()["errors"]["form_top_bar_text"], CONTRAST_TOO_LOW);

    let not_png = app.post_multipart_file(SAVE, Some(&token), &ok, ("form_logo", "logo.gif", b"GIF89a....")).await;
    assert_eq!(not_png.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(not_png.json()["errors"]["form_logo"].as_str().unwrap().contains("PNG"));
    let big = app.post_multipart_file(SAVE, Some(&token), &ok, ("form_favicon", "f.png", &png(50 * 1024 + 1))).await;
    assert_eq!(big.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(big.json()["errors"]["form_favicon"].as_str().is_some());
    assert_eq!(rows_as_text(&app.state.db, "SELECT * FROM partner_branding").await, before);
}

#[tokio::test]
async fn a_logo_can_be_removed_and_only_an_administrator_saves() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let ok = [("form_top_bar_background", "#4a148c"), ("form_top_bar_text", "#ffffff")];
    app.post_multipart_file(SAVE, Some(&token), &ok, ("form_favicon", "f.png", &png(300))).await;
    let favicon = app.get("/api/partnerportal/getBranding", Some(&token)).await.json()["faviconUrl"].clone();
    assert!(favicon.as_str().unwrap().starts_with("/logos/600-favicon.png"));
    assert_eq!(app.account(&token).await["faviconUrl"], favicon);
    let removed =
        [("form_top_bar_background", "#4a148c"), ("form_top_bar_text", "#ffffff"), ("form_remove_favicon", "1")];
    assert_eq!(app.post_multipart(SAVE, Some(&token), &removed).await.status, StatusCode::OK);
    assert_eq!(app.get("/api/partnerportal/getBranding", Some(&token)).await.json()["faviconUrl"], Value::Null);

    exec(&app, "UPDATE user_access SET auth_code = 10 WHERE user_id = 8 AND customer_id = 600").await;
    let branding = app.get("/api/partnerportal/getBranding", Some(&token)).await;
    assert_eq!(branding.json()["canEdit"], false);
    assert_eq!(app.post_multipart(SAVE, Some(&token), &ok).await.status, StatusCode::FORBIDDEN);
}
