//! The overview's integrations: the list and settings, the connect flow through the sandbox
//! provider's consent page and our callback, removal after the password, the settings forms,
//! Google Analytics and Salesforce; permissions and other customers' data.

use axum::body::Body;
use axum::http::header::{CONTENT_TYPE, LOCATION};
use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{request, rows_as_text, Reply, TestApp};

fn integration<'a>(list: &'a Value, id: &str) -> &'a Value {
    list["integrations"].as_array().unwrap().iter().find(|i| i["identifier"] == id).unwrap()
}

async fn list(app: &TestApp, session: &str) -> Value {
    let reply = app.get("/api/admin/getIntegrationsList", Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

/// A browser page (no admin header), as a top-level navigation sends it.
async fn page(app: &TestApp, path: &str, session: &str) -> Reply {
    app.send(request("GET", path, Some(session), false).body(Body::empty()).unwrap()).await
}

/// The consent page's form, posted with the decision.
async fn decide(app: &TestApp, auth_url: &str, session: &str, decision: &str) -> Reply {
    let query = auth_url.split_once('?').unwrap().1;
    let mut fields: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    fields.push(("decision".into(), decision.into()));
    let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(fields).finish();
    let req = request("POST", "/sandbox/oauth/authorize", Some(session), false)
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .unwrap();
    app.send(req).await
}

/// user@demo.test without the number/campaign admin right: reports only, so may not connect.
pub async fn reports_only_user(app: &TestApp) -> String {
    sqlx::query("UPDATE user_access SET perm_services_admin = 0 WHERE user_id = 3 AND customer_id = 100")
        .execute(&app.state.db)
        .await
        .unwrap();
    app.login("user@demo.test").await
}

fn location(reply: &Reply) -> String {
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.text());
    reply.header(LOCATION.as_str()).unwrap()
}

async fn auth_url(app: &TestApp, session: &str, id: &str) -> String {
    let reply = app.get(&format!("/api/integrations/connect/{id}"), Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["authUrl"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn the_list_has_the_eighteen_in_order_with_what_this_customer_set_up() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let answer = list(&app, &owner).await;
    let ids: Vec<&str> =
        answer["integrations"].as_array().unwrap().iter().map(|i| i["identifier"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 18);
    assert_eq!(ids[0], "google_analytics");
    assert_eq!(ids[17], "dealerweb");
    let ga = integration(&answer, "google_analytics");
    assert_eq!(ga["isConfigured"], true);
    assert_eq!(ga["connection"]["settings"]["propertyId"], "G-HLD0000101");
    assert_eq!(ga["icon"], "/manage/integrations/google_analytics.svg");
    assert_eq!(ga["connectUrl"], "integrations/connect/google_analytics");
    assert_eq!(ga["removeUrl"], "integrations/remove/google_analytics");
    let looker = integration(&answer, "looker_studio");
    assert_eq!(looker["connectUrlExternal"], true);
    assert_eq!(looker["removeUrl"], Value::Null);
    assert_eq!(integration(&answer, "ftp_export")["connectUrl"], "/ftpexport");
    assert_eq!(integration(&answer, "salesforce")["isPaidExtra"], true);
    assert_eq!(integration(&answer, "marin")["isDynamicOnly"], true);
    // Atlas Insurance's Google Ads is Atlas's, not Harbour Lane's.
    assert_eq!(integration(&answer, "google_ads")["isConfigured"], false);
    let atlas = app.login("enterprise@demo.test").await;
    assert_eq!(integration(&list(&app, &atlas).await, "google_ads")["isConfigured"], true);
    assert_eq!(integration(&list(&app, &atlas).await, "hubspot")["isConfigured"], false);
}

#[tokio::test]
async fn the_settings_call_names_the_configured_and_dynamic_only_of_the_list_posted() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let post = |list: &str| {
        let list = list.to_string();
        let app = &app;
        let owner = owner.clone();
        async move {
            app.post_multipart("/api/admin/getIntegrationsSettings", Some(&owner), &[("integration_list", &list)]).await
        }
    };
    let reply = post(r#"["google_analytics","google_ads","hubspot","marin"]"#).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let settings = &reply.json()["integrationSettings"];
    assert_eq!(settings["configured"], serde_json::json!(["google_analytics", "hubspot"]));
    assert_eq!(settings["dynamicOnly"], serde_json::json!(["marin"]));
    for bad in ["not json", r#"["nothing"]"#, r#"{"a":1}"#, &format!("[{}]", vec![r#""api""#; 19].join(","))] {
        let reply = post(bad).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert_eq!(
            reply.json()["errors"]["integration_list"],
            "integration_list must be a JSON array of integration identifiers."
        );
    }
}

#[tokio::test]
async fn an_owner_connects_google_ads_through_the_consent_page_and_can_remove_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let url = auth_url(&app, &owner, "google_ads").await;
    assert!(url.starts_with("/sandbox/oauth/authorize?client_id=calltrack"), "{url}");
    let consent = page(&app, &url, &owner).await;
    assert_eq!(consent.status, StatusCode::OK);
    assert!(consent.text().contains("Harbour Lane Dental"), "{}", consent.text());
    assert!(consent.text().contains("Connect to Google Ads"));

    let back = location(&decide(&app, &url, &owner, "allow").await);
    assert!(back.starts_with("/integrations/callback?state="), "{back}");
    let callback = page(&app, &back, &owner).await;
    assert_eq!(location(&callback), "/manage/adwords?connected=1");
    let ads = list(&app, &owner).await;
    assert_eq!(integration(&ads, "google_ads")["isConfigured"], true);
    assert_eq!(integration(&ads, "google_ads")["connection"]["account"], "Harbour Lane Dental (Google Ads)");

    // The same return again is refused: the flow and the code were used up.
    assert_eq!(page(&app, &back, &owner).await.status, StatusCode::BAD_REQUEST);

    let key = app.confirm_key(&owner).await;
    let removed = app.post_form(&format!("/api/integrations/remove/google_ads/{key}"), Some(&owner), &[]).await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.text());
    assert_eq!(integration(&list(&app, &owner).await, "google_ads")["isConfigured"], false);
    // A used key does not remove anything again; nor does no key.
    let again = app.post_form(&format!("/api/integrations/remove/hubspot/{key}"), Some(&owner), &[]).await;
    assert_eq!(again.status, StatusCode::FORBIDDEN);
    assert_eq!(integration(&list(&app, &owner).await, "hubspot")["isConfigured"], true);
    let key = app.confirm_key(&owner).await;
    let not_set_up = app.post_form(&format!("/api/integrations/remove/google_ads/{key}"), Some(&owner), &[]).await;
    assert_eq!(not_set_up.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn google_analytics_comes_back_to_choose_a_property_and_a_denial_changes_nothing() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let url = auth_url(&app, &owner, "google_analytics").await;
    let back = location(&decide(&app, &url, &owner, "allow").await);
    assert_eq!(location(&page(&app, &back, &owner).await), "/manage/ga_connect?connected=1");

    let url = auth_url(&app, &owner, "microsoft_ads").await;
    let back = location(&decide(&app, &url, &owner, "deny").await);
    assert!(back.contains("error=access_denied"), "{back}");
    assert_eq!(location(&page(&app, &back, &owner).await), "/manage/microsoftads?error=denied");
    assert_eq!(integration(&list(&app, &owner).await, "microsoft_ads")["isConfigured"], false);
}

#[tokio::test]
async fn a_flow_returns_only_to_the_session_that_started_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let admin = app.login("admin@demo.test").await;
    let url = auth_url(&app, &owner, "hubspot").await;
    let back = location(&decide(&app, &url, &owner, "allow").await);
    // Someone else's browser (another session) cannot finish the owner's flow.
    assert_eq!(page(&app, &back, &admin).await.status, StatusCode::BAD_REQUEST);
    // Nor does a consent page accept a return address other than ours.
    let elsewhere =
        url.replace("redirect_uri=%2Fintegrations%2Fcallback", "redirect_uri=https%3A%2F%2Fevil.example%2F");
    assert_ne!(elsewhere, url);
    assert_eq!(page(&app, &elsewhere, &owner).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(decide(&app, &elsewhere, &owner, "allow").await.status, StatusCode::BAD_REQUEST);
    // Without a session the consent page sends the browser to log in.
    let anonymous = app.send(request("GET", &url, None, false).body(Body::empty()).unwrap()).await;
    assert!(location(&anonymous).starts_with("/login?return="));
}

async fn switch_to(app: &TestApp, session: &str, customer: &str) {
    let reply =
        app.post_form("/api/accountsettings/switchAccount", Some(session), &[("form_customer_id", customer)]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
}

async fn google_ads_accounts(app: &TestApp) -> Vec<String> {
    rows_as_text(
        &app.state.db,
        "SELECT customer_id, account FROM customer_integrations WHERE identifier = 'google_ads' ORDER BY customer_id",
    )
    .await
}

#[tokio::test]
async fn a_code_given_on_another_customers_account_does_not_finish_the_flow() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let before = google_ads_accounts(&app).await;
    // The flow starts on Harbour Lane Dental (100); the consent is given on Orthodontics (101).
    let url = auth_url(&app, &owner, "google_ads").await;
    switch_to(&app, &owner, "101").await;
    let consent = page(&app, &url, &owner).await;
    assert!(consent.text().contains("Harbour Lane Orthodontics"), "{}", consent.text());
    let back = location(&decide(&app, &url, &owner, "allow").await);
    switch_to(&app, &owner, "100").await;
    assert_eq!(location(&page(&app, &back, &owner).await), "/manage/adwords?error=failed");
    assert_eq!(google_ads_accounts(&app).await, before, "nothing connected with the other account's grant");
}

#[tokio::test]
async fn the_return_checks_again_that_the_user_may_still_connect_on_the_flows_customer() {
    let app = TestApp::spawn().await;
    let before = google_ads_accounts(&app).await;
    let user = app.login("user@demo.test").await;
    let cases = [
        // The right to manage numbers and campaigns (which connecting needs) was taken away...
        "UPDATE user_access SET perm_services_admin = 0 WHERE user_id = 3 AND customer_id = 100",
        // ...or the access to the account itself.
        "DELETE FROM user_access WHERE user_id = 3 AND customer_id = 100",
    ];
    for change in cases {
        sqlx::query("UPDATE user_access SET perm_services_admin = 1 WHERE user_id = 3 AND customer_id = 100")
            .execute(&app.state.db)
            .await
            .unwrap();
        let url = auth_url(&app, &user, "google_ads").await;
        let back = location(&decide(&app, &url, &user, "allow").await);
        sqlx::query(change).execute(&app.state.db).await.unwrap();
        assert_eq!(location(&page(&app, &back, &user).await), "/manage/adwords?error=forbidden", "{change}");
        assert_eq!(google_ads_accounts(&app).await, before, "{change}");
    }
}

#[tokio::test]
async fn the_tag_managers_return_is_checked_as_its_link_was() {
    let app = TestApp::spawn().await;
    let atlas = app.login("enterprise@demo.test").await;
    let start = || async {
        let auth = app.get("/api/tagmanager/auth/6", Some(&atlas)).await.json();
        auth["authUrl"].as_str().expect("not connected yet").to_string()
    };
    let connected = "SELECT COUNT(*) FROM customer_integrations WHERE identifier = 'google_tag_manager'";
    let before = rows_as_text(&app.state.db, connected).await;
    // Without the right to manage integrations by the time the browser is back: refused.
    let url = start().await;
    let back = location(&decide(&app, &url, &atlas, "allow").await);
    let set = |level: i64, right: i64| {
        format!(
            "UPDATE user_access SET auth_code = {level}, perm_services_admin = {right} WHERE customer_id = 300
             AND user_id = (SELECT id FROM users WHERE email = 'enterprise@demo.test')"
        )
    };
    sqlx::query(&set(10, 0)).execute(&app.state.db).await.unwrap();
    assert_eq!(location(&page(&app, &back, &atlas).await), "/manage/?tagmanager=6&error=forbidden");
    assert_eq!(rows_as_text(&app.state.db, connected).await, before);
    // With it: connected.
    sqlx::query(&set(25, 1)).execute(&app.state.db).await.unwrap();
    let url = start().await;
    let back = location(&decide(&app, &url, &atlas, "allow").await);
    assert_eq!(location(&page(&app, &back, &atlas).await), "/manage/?tagmanager=6&connected=1");
    assert_eq!(app.get("/api/tagmanager/auth/6", Some(&atlas)).await.json()["status"], true);
}

#[tokio::test]
async fn a_flow_lives_ten_minutes_its_code_five_and_each_is_used_once() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let before = google_ads_accounts(&app).await;
    // A flow that comes back after ten minutes is over (the session is kept alive meanwhile).
    let url = auth_url(&app, &owner, "google_ads").await;
    let back = location(&decide(&app, &url, &owner, "allow").await);
    for _ in 0..2 {
        app.state.clock.advance(5 * 60 + 1);
        app.account(&owner).await;
    }
    assert_eq!(page(&app, &back, &owner).await.status, StatusCode::BAD_REQUEST);
    // A code exchanged after five minutes is refused, though its flow is alive.
    let url = auth_url(&app, &owner, "google_ads").await;
    let back = location(&decide(&app, &url, &owner, "allow").await);
    app.state.clock.advance(5 * 60 + 1);
    assert_eq!(location(&page(&app, &back, &owner).await), "/manage/adwords?error=failed");
    assert_eq!(google_ads_accounts(&app).await, before);
    // A code works once: brought back on a new flow, it is refused.
    let url = auth_url(&app, &owner, "google_ads").await;
    let back = location(&decide(&app, &url, &owner, "allow").await);
    let code = back.split("code=").nth(1).unwrap().to_string();
    assert_eq!(location(&page(&app, &back, &owner).await), "/manage/adwords?connected=1");
    let url = auth_url(&app, &owner, "google_ads").await;
    let state = url.split("state=").nth(1).unwrap().split('&').next().unwrap();
    let replayed = format!("/integrations/callback?state={state}&code={code}");
    assert_eq!(location(&page(&app, &replayed, &owner).await), "/manage/adwords?error=failed");
}

#[tokio::test]
async fn connecting_needs_the_right_the_package_and_a_known_oauth_integration() {
    let app = TestApp::spawn().await;
    let user = reports_only_user(&app).await;
    assert_eq!(app.get("/api/integrations/connect/google_ads", Some(&user)).await.status, StatusCode::FORBIDDEN);
    let key = app.confirm_key(&user).await;
    let remove = app.post_form(&format!("/api/integrations/remove/hubspot/{key}"), Some(&user), &[]).await;
    assert_eq!(remove.status, StatusCode::FORBIDDEN);
    // The user may still read the list.
    assert_eq!(app.get("/api/admin/getIntegrationsList", Some(&user)).await.status, StatusCode::OK);

    let starter = app.login("starter@demo.test").await;
    // HubSpot is in the next plan, not Starter's: the card offers the upgrade, not Connect.
    assert_eq!(app.get("/api/integrations/connect/hubspot", Some(&starter)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/integrations/connect/google_ads", Some(&starter)).await.status, StatusCode::OK);

    let owner = app.login("owner@demo.test").await;
    for (id, status) in [
        ("nothing", StatusCode::NOT_FOUND),
        ("ftp_export", StatusCode::NOT_FOUND),
        ("salesforce", StatusCode::FORBIDDEN),
    ] {
        assert_eq!(app.get(&format!("/api/integrations/connect/{id}"), Some(&owner)).await.status, status, "{id}");
    }
    let key = app.confirm_key(&owner).await;
    let looker = app.post_form(&format!("/api/integrations/remove/looker_studio/{key}"), Some(&owner), &[]).await;
    assert_eq!(looker.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_ftp_export_is_set_up_with_its_form_checked_by_the_domain() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let empty = app.post_multipart("/api/integrations/settings/ftp_export", Some(&owner), &[]).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &empty.json()["errors"];
    assert_eq!(errors["form_ftp_host"], "FTP host is required.");
    assert_eq!(errors["form_ftp_username"], "FTP username is required.");
    assert_eq!(errors["form_ftp_file_name"], "File name is required.");
    let bad = app
        .post_multipart(
            "/api/integrations/settings/ftp_export",
            Some(&owner),
            &[("form_ftp_host", "ftp host"), ("form_ftp_username", "calls"), ("form_ftp_file_name", "calls.csv")],
        )
        .await;
    assert_eq!(bad.json()["errors"]["form_ftp_host"], "FTP host can have only letters, numbers, dots and hyphens.");
    assert_eq!(
        bad.json()["errors"]["form_ftp_file_name"],
        "Invalid characters found. Allowed characters are letters, numbers, underscores and {timestamp}."
    );
    let good = app
        .post_multipart(
            "/api/integrations/settings/ftp_export",
            Some(&owner),
            &[
                ("form_ftp_protocol", "ftp"),
                ("form_ftp_host", "ftp.harbourlane.example"),
                ("form_ftp_port", "21"),
                ("form_ftp_username", "calls"),
                ("form_ftp_password", "secret"),
                ("form_ftp_file_name", "calls_{timestamp}"),
            ],
        )
        .await;
    assert_eq!(good.status, StatusCode::OK, "{}", good.text());
    let ftp = list(&app, &owner).await;
    assert_eq!(integration(&ftp, "ftp_export")["connection"]["settings"]["form_ftp_host"], "ftp.harbourlane.example");
    // Webhooks are not in Harbour Lane's package; Google Ads has no form of ours.
    assert_eq!(
        app.post_multipart("/api/integrations/settings/webhooks", Some(&owner), &[]).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post_multipart("/api/integrations/settings/google_ads", Some(&owner), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    let user = reports_only_user(&app).await;
    assert_eq!(
        app.post_multipart("/api/integrations/settings/ftp_export", Some(&user), &[]).await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn google_analytics_stores_one_of_the_accounts_properties_with_its_type() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let options = app.get("/api/admin/getGAConnectOptions", Some(&owner)).await.json();
    assert_eq!(options["connected"], true);
    assert_eq!(options["properties"][1]["ua"], "G-HLD0000102");
    assert_eq!(options["properties"][1]["url"], "https://book.harbourlanedental.co.uk/");

    let bad = app
        .post_multipart(
            "/api/managegoogleanalytics/connect",
            Some(&owner),
            &[("form_ga_property_id", "G-OTHER"), ("form_ga_property_type", "3")],
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json()["errors"]["form_ga_property_id"], "That property is not in your Google Analytics account.");
    assert_eq!(
        bad.json()["errors"]["form_ga_property_type"],
        "Please choose how calls are sent: as events or as virtual pageviews."
    );
    let good = app
        .post_multipart(
            "/api/managegoogleanalytics/connect",
            Some(&owner),
            &[
                ("form_ga_property_id", "G-HLD0000102"),
                ("form_ga_property_url[G-HLD0000102]", "https://evil.example/"),
                ("form_ga_property_type", "2"),
            ],
        )
        .await;
    assert_eq!(good.status, StatusCode::OK, "{}", good.text());
    let settings = integration(&list(&app, &owner).await, "google_analytics")["connection"]["settings"].clone();
    assert_eq!(settings["propertyId"], "G-HLD0000102");
    assert_eq!(settings["propertyType"], "2");
    assert_eq!(
        settings["propertyUrl"], "https://book.harbourlanedental.co.uk/",
        "the provider's URL, not the posted one"
    );

    // Stone & Sons has not connected Google Analytics: no properties, nothing to store.
    let starter = app.login("starter@demo.test").await;
    let options = app.get("/api/admin/getGAConnectOptions", Some(&starter)).await.json();
    assert_eq!(options, serde_json::json!({ "connected": false, "properties": [] }));
    let refused = app
        .post_multipart(
            "/api/managegoogleanalytics/connect",
            Some(&starter),
            &[("form_ga_property_id", "G-HLD0000101"), ("form_ga_property_type", "1")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND);
    let user = reports_only_user(&app).await;
    let refused = app
        .post_multipart(
            "/api/managegoogleanalytics/connect",
            Some(&user),
            &[("form_ga_property_id", "G-HLD0000101"), ("form_ga_property_type", "1")],
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_first_google_analytics_consent_gives_the_account_a_property_per_website() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let url = auth_url(&app, &starter, "google_analytics").await;
    let back = location(&decide(&app, &url, &starter, "allow").await);
    location(&page(&app, &back, &starter).await);
    let options = app.get("/api/admin/getGAConnectOptions", Some(&starter)).await.json();
    assert_eq!(options["connected"], true);
    assert_eq!(
        options["properties"],
        serde_json::json!([{ "ua": "G-00020000", "url": "https://www.stoneandsons.example/" }])
    );
}

#[tokio::test]
async fn the_salesforce_configuration_is_the_customers_own() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = app.get("/api/accountsettings/getCustomerSalesforceConfiguration", Some(&owner)).await;
    assert_eq!(reply.json(), serde_json::json!({ "configured": false, "account": null, "connectedAt": null }));
}

#[tokio::test]
async fn the_splash_screen_shows_until_the_user_acknowledges_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let splash = app.account(&owner).await["splashScreen"].clone();
    assert_eq!(splash["id"], 1);
    assert_eq!(splash["title"], "New: check your website's tracking");

    // Another customer's user cannot acknowledge it (nor see it).
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.account(&starter).await["splashScreen"], Value::Null);
    let foreign = app.post_multipart("/api/handleajax/acknowledgesplashscreen/", Some(&starter), &[("id", "1")]).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    // None is 404; the typed form refuses an id that is no id (0: 422, not a number: 400).
    let none = app.post_multipart("/api/handleajax/acknowledgesplashscreen/", Some(&owner), &[("id", "")]).await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    for (id, status) in [
        ("0", StatusCode::UNPROCESSABLE_ENTITY),
        ("abc", StatusCode::BAD_REQUEST),
        ("99999999999999999999", StatusCode::BAD_REQUEST),
    ] {
        let reply = app.post_multipart("/api/handleajax/acknowledgesplashscreen/", Some(&owner), &[("id", id)]).await;
        assert_eq!(reply.status, status, "{id}");
    }

    let done = app.post_multipart("/api/handleajax/acknowledgesplashscreen/", Some(&owner), &[("id", "1")]).await;
    assert_eq!(done.status, StatusCode::OK);
    assert_eq!(app.account(&owner).await["splashScreen"], Value::Null);
    let twice = app.post_multipart("/api/handleajax/acknowledgesplashscreen/", Some(&owner), &[("id", "1")]).await;
    assert_eq!(twice.status, StatusCode::OK);
    // Each user sees it once: the administrator still has it.
    let admin = app.login("admin@demo.test").await;
    assert_eq!(app.account(&admin).await["splashScreen"]["id"], 1);
}
