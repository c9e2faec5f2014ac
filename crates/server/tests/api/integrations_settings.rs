//! Each connected integration's settings: Google Ads' account and HubSpot's portal
//! chosen from the sandbox provider's list, with what is sent. The FTP export's are in
//! `ftp_export` and `ftp_export_safety`.

use axum::body::Body;
use axum::http::header::{CONTENT_TYPE, LOCATION};
use axum::http::StatusCode;
use serde_json::json;

use crate::ftp_export::integration;
use crate::helpers::{request, rows_as_text, Reply, TestApp};
use crate::integrations_connect::reports_only_user;

fn location(reply: &Reply) -> String {
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.text());
    reply.header(LOCATION.as_str()).unwrap()
}

/// Connects `id` through the sandbox consent page, as the browser would.
async fn connect(app: &TestApp, session: &str, id: &str) {
    let reply = app.get(&format!("/api/integrations/connect/{id}"), Some(session)).await;
    let url = reply.json()["authUrl"].as_str().unwrap().to_string();
    let query = url.split_once('?').unwrap().1;
    let mut fields: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    fields.push(("decision".into(), "allow".into()));
    let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(fields).finish();
    let req = request("POST", "/sandbox/oauth/authorize", Some(session), false)
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .unwrap();
    let back = location(&app.send(req).await);
    let page = app.send(request("GET", &back, Some(session), false).body(Body::empty()).unwrap()).await;
    assert!(location(&page).ends_with("connected=1"));
}

async fn save_provider(app: &TestApp, session: &str, id: &str, account: &str, sends: &[&str]) -> Reply {
    let mut fields = vec![("form_account_id", account)];
    fields.extend(sends.iter().map(|s| ("form_sends[]", *s)));
    app.post_multipart(&format!("/api/integrations/provider_settings/{id}"), Some(session), &fields).await
}

#[tokio::test]
async fn google_ads_offers_the_logins_accounts_and_keeps_the_one_chosen_with_what_is_sent() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    // Not connected on Harbour Lane yet (Atlas's is Atlas's): nothing to choose, nothing to save.
    let options = app.get("/api/integrations/provider_settings/google_ads", Some(&owner)).await;
    assert_eq!(options.json(), json!({ "connected": false, "accounts": [], "accountId": "", "sends": [] }));
    assert_eq!(
        save_provider(&app, &owner, "google_ads", "000-300-0001", &["all_calls"]).await.status,
        StatusCode::NOT_FOUND
    );

    connect(&app, &owner, "google_ads").await;
    let options = app.get("/api/integrations/provider_settings/google_ads", Some(&owner)).await.json();
    assert_eq!(options["connected"], true);
    assert_eq!(
        options["accounts"],
        json!([
            { "id": "000-100-0001", "name": "Harbour Lane Dental – Search" },
            { "id": "000-100-0002", "name": "Harbour Lane Dental – Display" },
        ])
    );
    assert_eq!(options["accountId"], "");

    let empty = save_provider(&app, &owner, "google_ads", "", &[]).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.json()["errors"]["form_account_id"], "Please choose a Google Ads account.");
    assert_eq!(empty.json()["errors"]["form_sends"], "Please choose at least one thing to send.");
    // Atlas's account is not in Harbour Lane's login; a HubSpot choice is not a Google Ads one.
    let other = save_provider(&app, &owner, "google_ads", "000-300-0001", &["new_contacts"]).await;
    assert_eq!(other.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(other.json()["errors"]["form_account_id"], "That account is not in your Google Ads login.");
    assert_eq!(other.json()["errors"]["form_sends"], "Please choose only from the options shown.");
    assert!(!other.text().contains("Atlas"), "nothing of Atlas's account is told");

    let good = save_provider(&app, &owner, "google_ads", "000-100-0002", &["long_calls", "all_calls"]).await;
    assert_eq!(good.status, StatusCode::OK, "{}", good.text());
    let settings = integration(&app, &owner, "google_ads").await["connection"]["settings"].clone();
    assert_eq!(
        settings,
        json!({ "accountId": "000-100-0002", "accountName": "Harbour Lane Dental – Display", "sends": "all_calls,long_calls" })
    );
    let options = app.get("/api/integrations/provider_settings/google_ads", Some(&owner)).await.json();
    assert_eq!(options["accountId"], "000-100-0002");
    assert_eq!(options["sends"], json!(["all_calls", "long_calls"]));
    // Atlas's own settings are untouched.
    let atlas = app.login("enterprise@demo.test").await;
    assert_eq!(integration(&app, &atlas, "google_ads").await["connection"]["settings"]["accountId"], "000-300-0001");
}

#[tokio::test]
async fn hubspot_keeps_its_portal_and_only_managers_change_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let options = app.get("/api/integrations/provider_settings/hubspot", Some(&owner)).await.json();
    assert_eq!(options["accountId"], "400010001");
    assert_eq!(options["sends"], json!(["call_timeline", "new_contacts"]));
    assert_eq!(options["accounts"][1], json!({ "id": "400010002", "name": "Harbour Lane Dental (test portal)" }));
    let bad = save_provider(&app, &owner, "hubspot", "400030001", &["call_timeline", "call_timeline"]).await;
    assert_eq!(bad.json()["errors"]["form_account_id"], "That portal is not in your HubSpot login.");
    assert_eq!(bad.json()["errors"]["form_sends"], "Please choose only from the options shown.");
    let good = save_provider(&app, &owner, "hubspot", "400010002", &["recording_links"]).await;
    assert_eq!(good.status, StatusCode::OK, "{}", good.text());
    assert_eq!(integration(&app, &owner, "hubspot").await["connection"]["settings"]["sends"], "recording_links");

    // A reports-only user may not change it; Stone & Sons has no HubSpot in its package.
    let user = reports_only_user(&app).await;
    assert_eq!(
        save_provider(&app, &user, "hubspot", "400010001", &["call_timeline"]).await.status,
        StatusCode::FORBIDDEN
    );
    let starter = app.login("starter@demo.test").await;
    assert_eq!(
        save_provider(&app, &starter, "hubspot", "400010001", &["call_timeline"]).await.status,
        StatusCode::FORBIDDEN
    );
    // Integrations without such a form, and unknown ones, are not found.
    for id in ["google_analytics", "ftp_export", "nothing"] {
        let reply = app.get(&format!("/api/integrations/provider_settings/{id}"), Some(&owner)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{id}");
    }
    assert_eq!(
        rows_as_text(&app.state.db, "SELECT settings FROM customer_integrations WHERE identifier = 'hubspot'")
            .await
            .len(),
        1
    );
}
