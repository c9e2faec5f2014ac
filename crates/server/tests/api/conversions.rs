//! Conversions (docs/conversions-api.md): the conversions page and an action's log,
//! actions added, edited and deleted with every message, access and the edit right, other
//! customers' ids, and the upload job driven with the test clock: which calls count (59 s no,
//! 60 s yes), what an upload carries (E.164, Google's time format in the account's zone, the
//! click id, consent), retries after hours and giving up, never a duplicate, and waiting while
//! the platform is not connected.

use axum::http::StatusCode;
use serde_json::Value;
use server::jobs::conversion_uploads::{run, sandbox_outage, Ran, Sandbox};

use crate::helpers::{Reply, TestApp, TEST_NOW};

const LIST: &str = "/api/conversions/getConversions";
const ADD: &str = "/api/conversions/addConversion";
const HOUR: i64 = 3_600;
const DAY: i64 = 24 * HOUR;
const HARBOUR: i64 = 100;

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn field_error(reply: &Reply, field: &str) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    reply.json()["errors"][field].as_str().unwrap_or_default().to_string()
}

fn named<'a>(page: &'a Value, name: &str) -> &'a Value {
    page["conversions"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("{name}"))
}

async fn add(app: &TestApp, session: &str, fields: &[(&str, &str)]) -> i64 {
    ok(app.post_form(ADD, Some(session), fields).await)["id"].as_i64().unwrap()
}

async fn scalar(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap()
}

async fn text(app: &TestApp, sql: &str) -> String {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap()
}

async fn source_id(app: &TestApp, customer: i64, source: &str, medium: &str) -> i64 {
    scalar(
        app,
        &format!(
            "SELECT id FROM sources_mediums WHERE customer_id = {customer} AND source = '{source}' AND medium = '{medium}'"
        ),
    )
    .await
}

async fn connect(app: &TestApp, customer: i64, identifier: &str) {
    sqlx::query(
        "INSERT INTO customer_integrations (customer_id, identifier, account, settings, connected_at, connected_by)
         VALUES ($1, $2, 'Test', '{}', 0, 0)",
    )
    .bind(customer)
    .bind(identifier)
    .execute(&app.state.db)
    .await
    .unwrap();
}

/// A call of the customer's at `at`, from a visit whose landing page had `query` ('' none).
async fn call(app: &TestApp, at: i64, seconds: i64, source: Option<i64>, caller: &str, query: &str) -> i64 {
    let visit: Option<i64> = if query.is_empty() {
        None
    } else {
        Some(
            sqlx::query_scalar(
                "INSERT INTO visits (customer_id, routing_entry_id, number_shown, source_medium_id, landing_page,
                     click_id, started_at, called, ad_user_data_consent)
                 VALUES ($1, 0, '02079460000', $2, $3, $4, $5, 1, 'granted') RETURNING id",
            )
            .bind(HARBOUR)
            .bind(source)
            .bind(format!("https://www.harbourlanedental.co.uk/offers?{query}"))
            .bind(query)
            .bind(at - 120)
            .fetch_one(&app.state.db)
            .await
            .unwrap(),
        )
    };
    sqlx::query_scalar(
        "INSERT INTO calls (customer_id, direction, rate_item, started_at, duration_seconds, talk_seconds, minutes,
             cost_tenth_pence, caller_number, visit_id, source_medium_id, credit_source_id, outcome)
         VALUES ($1, 'inbound', 'inbound_geographic', $2, $3, $3, 1, 0, $4, $5, $6, $6, 'answered') RETURNING id",
    )
    .bind(HARBOUR)
    .bind(at)
    .bind(seconds)
    .bind(caller)
    .bind(visit)
    .bind(source)
    .fetch_one(&app.state.db)
    .await
    .unwrap()
}

async fn job(app: &TestApp) -> Ran {
    run(&app.state.db, &Sandbox(&app.state.db), app.state.clock.now()).await.unwrap()
}

/// Runs the job and returns the instant it ran at (the test clock moves on by itself).
async fn job_at(app: &TestApp) -> i64 {
    let now = app.state.clock.now();
    run(&app.state.db, &Sandbox(&app.state.db), now).await.unwrap();
    now
}

async fn upload_status(app: &TestApp, action: i64, call: i64) -> String {
    text(app, &format!("SELECT status FROM conversion_uploads WHERE action_id = {action} AND call_id = {call}")).await
}

#[tokio::test]
async fn the_conversions_page_lists_the_demo_actions_their_30_days_and_what_is_not_connected() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(LIST, Some(&owner)).await);
    assert_eq!(page["canEdit"], true);
    assert_eq!(page["defaultMinDuration"], 60);
    assert!(page["platforms"].as_array().unwrap().iter().any(|p| p["value"] == "meta_ads"));
    assert!(page["sources"].as_array().unwrap().iter().any(|s| s["label"] == "google / cpc"));
    assert!(page["tags"].as_array().unwrap().iter().any(|t| t["label"] == "Qualified lead"));
    let google = named(&page, "Paid search calls");
    assert_eq!(google["notConnected"]["message"], "Google Ads is not connected");
    assert_eq!(google["notConnected"]["connectPath"], "/googleads");
    assert_eq!(
        google["conditions"],
        serde_json::json!(["Talked for at least 60 seconds", "Source / medium is google / cpc"])
    );
    assert_eq!(google["value"], "£40.00");
    assert!(google["counted30Days"].as_i64().unwrap() > 0);
    assert_eq!(google["sent30Days"], 0);
    let meta = named(&page, "Answered calls of 90 seconds");
    assert!(meta["notConnected"].is_null());
    assert!(meta["sent30Days"].as_i64().unwrap() > 0, "{meta}");
    assert_eq!(meta["failed30Days"], 1);

    // The log: sent, a duplicate answered, one failed awaiting its retry; Google's wait.
    let id = meta["id"].as_i64().unwrap();
    let detail = ok(app.get(&format!("/api/conversions/getConversion/{id}"), Some(&owner)).await);
    let uploads = detail["uploads"].as_array().unwrap();
    assert_eq!(detail["pageSize"], 25);
    assert!(detail["total"].as_i64().unwrap() >= uploads.len() as i64);
    let with = |status: &str| {
        let app = &app;
        let sql = format!("SELECT COUNT(*) FROM conversion_uploads WHERE action_id = {id} AND status = '{status}'");
        async move { scalar(app, &sql).await }
    };
    assert!(with("sent").await > 0, "{detail}");
    assert_eq!((with("duplicate").await, with("failed").await), (1, 1));
    let failed = uploads.iter().find(|u| u["status"] == "failed").unwrap();
    assert_eq!(failed["statusText"], "Failed: will be tried again");
    assert!(!failed["nextAttempt"].as_str().unwrap().is_empty());
    assert_eq!(failed["canRetry"], true);
    let sent = uploads.iter().find(|u| u["status"] == "sent").unwrap();
    assert!(sent["callerE164"].as_str().unwrap().starts_with("+44") || sent["clickId"] != "");
    let google_id = google["id"].as_i64().unwrap();
    let detail = ok(app.get(&format!("/api/conversions/getConversion/{google_id}"), Some(&owner)).await);
    assert_eq!(detail["uploads"][0]["statusText"], "Waiting: Google Ads is not connected");
    // Paged: a page past the end is empty; nonsense is the first page.
    let far = ok(app.get(&format!("/api/conversions/getConversion/{id}?page=999"), Some(&owner)).await);
    assert!(far["uploads"].as_array().unwrap().is_empty());
    let odd = ok(app.get(&format!("/api/conversions/getConversion/{id}?page=x"), Some(&owner)).await);
    assert_eq!(odd["page"], 1);
}

#[tokio::test]
async fn a_conversion_is_added_edited_and_deleted_with_every_message() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let long = "x".repeat(101);
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a str);
    let cases: [Case; 10] = [
        (&[("form_name", ""), ("form_platform", "google_ads")], "form_name", "Name is required."),
        (&[("form_name", &long), ("form_platform", "google_ads")], "form_name", "Name must not exceed 100 characters."),
        (&[("form_name", "Лид"), ("form_platform", "google_ads")], "form_name", "Invalid characters found."),
        (&[("form_name", "A"), ("form_platform", "tiktok")], "form_platform", "Choose an ad platform from the list."),
        (
            &[("form_name", "A"), ("form_platform", "google_ads"), ("form_value", "abc")],
            "form_value",
            "Value must be an amount in pounds and pence, such as 25.00.",
        ),
        (
            &[("form_name", "A"), ("form_platform", "google_ads"), ("form_value", "10000.01")],
            "form_value",
            "Value must be from £0.00 to £10,000.00.",
        ),
        (
            &[("form_name", "A"), ("form_platform", "google_ads"), ("form_min_duration", "3601")],
            "form_min_duration",
            "Minimum talk time must be a whole number of seconds from 0 to 3600.",
        ),
        (
            &[("form_name", "A"), ("form_platform", "google_ads"), ("form_outcome", "won")],
            "form_outcome",
            "Choose an outcome from the list.",
        ),
        (
            &[("form_name", "A"), ("form_platform", "google_ads"), ("form_source_medium", "x")],
            "form_source_medium",
            "Choose a source / medium from the list.",
        ),
        (
            &[("form_name", "A"), ("form_platform", "google_ads"), ("form_tag", "0")],
            "form_tag",
            "Choose a tag from the list.",
        ),
    ];
    for (fields, field, message) in cases {
        let reply = app.post_form(ADD, Some(&owner), fields).await;
        assert!(field_error(&reply, field).starts_with(message), "{field}: {}", reply.text());
    }
    let reply =
        app.post_form(ADD, Some(&owner), &[("form_name", "paid SEARCH calls"), ("form_platform", "meta_ads")]).await;
    assert_eq!(field_error(&reply, "form_name"), "Name must be unique.");
    assert_eq!(reply.json()["code"], "NAME_NOT_UNIQUE");
    // Another customer's source / medium and tag are not in the lists.
    let theirs = scalar(&app, "SELECT MIN(id) FROM sources_mediums WHERE customer_id <> 100").await.to_string();
    let their_tag = scalar(&app, "SELECT MIN(id) FROM call_tag_names WHERE customer_id <> 100").await.to_string();
    let reply = app
        .post_form(
            ADD,
            Some(&owner),
            &[
                ("form_name", "B"),
                ("form_platform", "google_ads"),
                ("form_source_medium", &theirs),
                ("form_tag", &their_tag),
            ],
        )
        .await;
    assert_eq!(field_error(&reply, "form_source_medium"), "Choose a source / medium from the list.");
    assert_eq!(field_error(&reply, "form_tag"), "Choose a tag from the list.");

    let google = source_id(&app, HARBOUR, "google", "cpc").await.to_string();
    let id = add(
        &app,
        &owner,
        &[
            ("form_name", "Google calls"),
            ("form_platform", "google_ads"),
            ("form_source_medium", &google),
            ("form_value", "25.5"),
        ],
    )
    .await;
    let page = ok(app.get(LIST, Some(&owner)).await);
    let added = named(&page, "Google calls");
    assert_eq!(added["id"], id);
    assert_eq!(added["form"]["minDuration"], "60");
    assert_eq!(added["value"], "£25.50");
    assert_eq!(added["counted30Days"], 0);
    assert_eq!(added["deleteQuestion"], "Delete the conversion 'Google calls'? Nothing has been sent for it.");

    let edit = format!("/api/conversions/editConversion/{id}");
    let reply =
        app.post_form(&edit, Some(&owner), &[("form_name", "Paid search calls"), ("form_platform", "meta_ads")]).await;
    assert_eq!(field_error(&reply, "form_name"), "Name must be unique.");
    ok(app
        .post_form(
            &edit,
            Some(&owner),
            &[
                ("form_name", "Answered Bing calls"),
                ("form_platform", "microsoft_ads"),
                ("form_min_duration", "0"),
                ("form_outcome", "answered"),
                ("form_active", "0"),
            ],
        )
        .await);
    let page = ok(app.get(LIST, Some(&owner)).await);
    let edited = named(&page, "Answered Bing calls");
    assert_eq!(edited["conditions"], serde_json::json!(["Talked for at least 0 seconds", "Outcome is Answered"]));
    assert_eq!((edited["active"].as_bool(), edited["value"].as_str()), (Some(false), Some("")));
    assert_eq!(edited["notConnected"]["message"], "Microsoft Ads is not connected");

    ok(app.post_form(&format!("/api/conversions/deleteConversion/{id}"), Some(&owner), &[]).await);
    assert_eq!(
        app.get(&format!("/api/conversions/getConversion/{id}"), Some(&owner)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.post_form(&format!("/api/conversions/deleteConversion/{id}"), Some(&owner), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.post_form("/api/conversions/editConversion/abc", Some(&owner), &[]).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn conversions_need_conversions_access_and_changes_need_the_edit_right() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(LIST, Some(&owner)).await);
    let id = named(&page, "Paid search calls")["id"].as_i64().unwrap();
    // Stone & Sons has no conversions access.
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get(LIST, Some(&starter)).await.status, StatusCode::FORBIDDEN);
    let reply = app.post_form(ADD, Some(&starter), &[("form_name", "A"), ("form_platform", "google_ads")]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    // Nor has Harbour Lane once it is taken away: the server refuses, whatever the browser shows.
    sqlx::query("UPDATE customers SET has_conversions = 0 WHERE id = 100").execute(&app.state.db).await.unwrap();
    assert_eq!(app.get(LIST, Some(&owner)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.get(&format!("/api/conversions/getConversion/{id}"), Some(&owner)).await.status,
        StatusCode::FORBIDDEN
    );
    sqlx::query("UPDATE customers SET has_conversions = 1 WHERE id = 100").execute(&app.state.db).await.unwrap();
    // A user with the number/campaign admin right may edit; without it, changes nothing.
    let user = app.login("user@demo.test").await;
    assert_eq!(ok(app.get(LIST, Some(&user)).await)["canEdit"], true);
    sqlx::query("UPDATE user_access SET perm_services_admin = 0 WHERE user_id = 3 AND customer_id = 100")
        .execute(&app.state.db)
        .await
        .unwrap();
    let user = app.login("user@demo.test").await;
    // (The Dynamic pages' guard wants the same right, so the page is refused too.)
    assert_eq!(app.get(LIST, Some(&user)).await.status, StatusCode::FORBIDDEN);
    let failed = scalar(&app, "SELECT MIN(id) FROM conversion_uploads WHERE status = 'failed'").await;
    for path in [
        ADD.to_string(),
        format!("/api/conversions/editConversion/{id}"),
        format!("/api/conversions/deleteConversion/{id}"),
        format!("/api/conversions/retryUpload/{failed}"),
    ] {
        let reply = app.post_form(&path, Some(&user), &[("form_name", "A"), ("form_platform", "google_ads")]).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM conversion_actions WHERE id = {id}")).await, 1);
    assert_eq!(app.get(LIST, None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn another_customers_conversions_and_uploads_are_not_found_and_unchanged() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let other = app.login("enterprise@demo.test").await;
    let theirs = add(&app, &other, &[("form_name", "Atlas calls"), ("form_platform", "google_ads")]).await;
    let their_upload = scalar(
        &app,
        "INSERT INTO conversion_uploads (customer_id, action_id, call_id, status, attempts, next_attempt_at, queued_at)
         SELECT 300, a.id, (SELECT MAX(id) FROM calls WHERE customer_id = 300), 'failed', 1, 0, 0
         FROM conversion_actions a WHERE a.name = 'Atlas calls' RETURNING id",
    )
    .await;
    let fields: &[(&str, &str)] = &[("form_name", "Taken over"), ("form_platform", "meta_ads")];
    for path in [
        format!("/api/conversions/editConversion/{theirs}"),
        format!("/api/conversions/deleteConversion/{theirs}"),
        format!("/api/conversions/retryUpload/{their_upload}"),
    ] {
        let reply = app.post_form(&path, Some(&owner), fields).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}: {}", reply.text());
    }
    assert_eq!(
        app.get(&format!("/api/conversions/getConversion/{theirs}"), Some(&owner)).await.status,
        StatusCode::NOT_FOUND
    );
    let page = ok(app.get(LIST, Some(&other)).await);
    assert_eq!(named(&page, "Atlas calls")["platform"], "google_ads");
    assert_eq!(text(&app, &format!("SELECT status FROM conversion_uploads WHERE id = {their_upload}")).await, "failed");
    assert!(!ok(app.get(LIST, Some(&owner)).await)["conversions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["name"] == "Atlas calls"));
}

#[tokio::test]
async fn the_job_uploads_the_calls_that_count_with_the_caller_in_e164_and_googles_time() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    connect(&app, HARBOUR, "google_ads").await;
    let google = source_id(&app, HARBOUR, "google", "cpc").await;
    let bing = source_id(&app, HARBOUR, "bing", "cpc").await;
    let action = add(
        &app,
        &owner,
        &[("form_name", "Minute calls"), ("form_platform", "google_ads"), ("form_source_medium", &google.to_string())],
    )
    .await;
    // Created a year ago: the job still reaches back only the 90 days of Google's click window.
    let now = app.state.clock.now();
    sqlx::query(&format!("UPDATE conversion_actions SET created_at = {} WHERE id = {action}", now - 365 * DAY))
        .execute(&app.state.db)
        .await
        .unwrap();
    // 08:00 GMT on the test's Monday.
    let at = TEST_NOW - 2 * HOUR;
    let short = call(&app, at, 59, Some(google), "07700900001", "gclid=Short").await;
    let minute = call(&app, at, 60, Some(google), "07700900123", "gclid=Cj0Minute").await;
    let other_source = call(&app, at, 600, Some(bing), "07700900002", "msclkid=ff").await;
    let withheld = call(&app, at, 90, Some(google), "", "").await;
    // 2026-09-01 13:05:09 UTC, in British summer time.
    let summer = call(&app, 1_788_267_909, 120, Some(google), "02079460000", "").await;
    let too_old = call(&app, now - 91 * DAY, 120, Some(google), "07700900003", "gclid=Old").await;

    let ran = job(&app).await;
    assert!(ran.sent >= 2, "{ran:?}");
    assert_eq!(upload_status(&app, action, minute).await, "sent");
    assert_eq!(upload_status(&app, action, summer).await, "sent");
    assert_eq!(upload_status(&app, action, withheld).await, "skipped");
    for none in [short, other_source, too_old] {
        let sql = format!("SELECT COUNT(*) FROM conversion_uploads WHERE action_id = {action} AND call_id = {none}");
        let queued = scalar(&app, &sql).await;
        assert_eq!(queued, 0, "call {none}");
    }
    let received: (String, String, String, String, Option<i64>, String) = sqlx::query_as(&format!(
        "SELECT caller, call_time, click_id, consent, value_pence, currency FROM sandbox_conversion_uploads
         WHERE order_id = 'calltrack-{action}-{minute}'"
    ))
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(
        received,
        (
            "+447700900123".into(),
            "2026-11-23 08:00:00+00:00".into(),
            "Cj0Minute".into(),
            "GRANTED".into(),
            None,
            "GBP".into()
        )
    );
    let summer_time = text(
        &app,
        &format!("SELECT call_time FROM sandbox_conversion_uploads WHERE order_id = 'calltrack-{action}-{summer}'"),
    )
    .await;
    assert_eq!(summer_time, "2026-09-01 14:05:09+01:00");
    let caller = text(
        &app,
        &format!("SELECT caller FROM sandbox_conversion_uploads WHERE order_id = 'calltrack-{action}-{summer}'"),
    )
    .await;
    assert_eq!(caller, "+442079460000");

    // The log says so.
    let detail = ok(app.get(&format!("/api/conversions/getConversion/{action}"), Some(&owner)).await);
    let row = detail["uploads"].as_array().unwrap().iter().find(|u| u["callId"] == minute).unwrap().clone();
    assert_eq!(row["callerE164"], "+447700900123");
    assert_eq!(row["caller"], "07700 900123");
    assert_eq!(row["statusText"], "Sent");
    assert_eq!(row["sentCallTime"], "2026-11-23 08:00:00+00:00");
    let skipped = detail["uploads"].as_array().unwrap().iter().find(|u| u["callId"] == withheld).unwrap().clone();
    assert_eq!(
        skipped["answer"],
        "Not sent: the visit had no Google Ads click id (gclid) and the caller withheld the number."
    );
    assert_eq!(skipped["caller"], "Withheld");
}

#[tokio::test]
async fn a_failed_upload_is_tried_again_after_hours_then_given_up_and_retried_by_hand() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let action = add(&app, &owner, &[("form_name", "Meta calls"), ("form_platform", "meta_ads")]).await;
    app.state.clock.advance(60);
    let now = app.state.clock.now();
    let the_call = call(&app, now - 30, 300, None, "07700900123", "fbclid=IwAR1").await;
    sandbox_outage(&app.state.db, "meta_ads", now + 1_000 * DAY).await.unwrap();
    let state = || async {
        sqlx::query_as::<_, (String, i64, Option<i64>, String)>(&format!(
            "SELECT status, attempts, next_attempt_at, answer FROM conversion_uploads WHERE action_id = {action} AND call_id = {the_call}"
        ))
        .fetch_one(&app.state.db)
        .await
        .unwrap()
    };
    let at = job_at(&app).await;
    let (status, attempts, next, answer) = state().await;
    assert_eq!((status.as_str(), attempts), ("failed", 1));
    assert_eq!(next, Some(at + HOUR));
    assert!(answer.contains("try again later"), "{answer}");
    // Minutes later: not tried again.
    app.state.clock.advance(10 * 60);
    job(&app).await;
    assert_eq!(state().await.1, 1);
    // Then after 1, 3, 6, 12 and 24 hours; the sixth attempt gives up.
    for (attempt, hours) in [(2, 3), (3, 6), (4, 12), (5, 24)] {
        let due = state().await.2.unwrap();
        app.state.clock.advance(due - app.state.clock.now());
        let at = job_at(&app).await;
        let (status, attempts, next, _) = state().await;
        assert_eq!((status.as_str(), attempts), ("failed", attempt));
        assert_eq!(next, Some(at + hours * HOUR), "attempt {attempt}");
    }
    let due = state().await.2.unwrap();
    app.state.clock.advance(due - app.state.clock.now());
    job(&app).await;
    let (status, attempts, next, answer) = state().await;
    assert_eq!((status.as_str(), attempts, next), ("gaveUp", 6, None));
    assert!(answer.ends_with("Gave up after 6 attempts over 46 hours."), "{answer}");
    let received =
        format!("SELECT COUNT(*) FROM sandbox_conversion_uploads WHERE order_id LIKE 'calltrack-{action}-%'");
    assert_eq!(scalar(&app, &received).await, 0);

    // Retry now, once the platform is back: the next run sends it.
    sandbox_outage(&app.state.db, "meta_ads", 0).await.unwrap();
    let owner = app.login("owner@demo.test").await;
    let upload =
        scalar(&app, &format!("SELECT id FROM conversion_uploads WHERE action_id = {action} AND call_id = {the_call}"))
            .await;
    ok(app.post_form(&format!("/api/conversions/retryUpload/{upload}"), Some(&owner), &[]).await);
    job(&app).await;
    assert_eq!(state().await.0, "sent");
    assert_eq!(
        app.post_form(&format!("/api/conversions/retryUpload/{upload}"), Some(&owner), &[]).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn an_upload_is_never_sent_twice() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let action = add(&app, &owner, &[("form_name", "Meta calls"), ("form_platform", "meta_ads")]).await;
    app.state.clock.advance(60);
    let now = app.state.clock.now();
    let first = call(&app, now - 30, 300, None, "07700900123", "fbclid=IwAR1").await;
    let second = call(&app, now - 20, 300, None, "07700900124", "fbclid=IwAR2").await;
    // The platform had the second already (sent by another way): it answers 'duplicate'.
    sqlx::query(&format!(
        "INSERT INTO sandbox_conversion_uploads (customer_id, platform, order_id, conversion_name, caller, call_time,
             click_id, consent, value_pence, currency, received_at)
         VALUES (100, 'meta_ads', 'calltrack-{action}-{second}', 'Meta calls', '', '', '', '', NULL, 'GBP', 0)"
    ))
    .execute(&app.state.db)
    .await
    .unwrap();
    job(&app).await;
    assert_eq!(upload_status(&app, action, first).await, "sent");
    assert_eq!(upload_status(&app, action, second).await, "duplicate");
    // Run again, hours later: nothing is queued or sent again.
    app.state.clock.advance(5 * HOUR);
    job(&app).await;
    assert_eq!(upload_status(&app, action, second).await, "duplicate");
    let mine = format!("(call_id = {first} OR call_id = {second})");
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM conversion_uploads WHERE action_id = {action} AND {mine}")).await,
        2
    );
    let received =
        format!("SELECT COUNT(*) FROM sandbox_conversion_uploads WHERE order_id LIKE 'calltrack-{action}-%'");
    let before = scalar(&app, &received).await;
    app.state.clock.advance(5 * HOUR);
    job(&app).await;
    assert_eq!(scalar(&app, &received).await, before);
    let sent = format!("SELECT COUNT(*) FROM sandbox_conversion_uploads WHERE order_id = 'calltrack-{action}-{first}'");
    assert_eq!(scalar(&app, &sent).await, 1);
    // The database refuses a second row of the same action and call.
    let twice = sqlx::query(&format!(
        "INSERT INTO conversion_uploads (customer_id, action_id, call_id, status, queued_at) VALUES (100, {action}, {first}, 'pending', 0)"
    ))
    .execute(&app.state.db)
    .await;
    assert!(twice.is_err());
    let owner = app.login("owner@demo.test").await;
    let detail = ok(app.get(&format!("/api/conversions/getConversion/{action}"), Some(&owner)).await);
    let row = detail["uploads"].as_array().unwrap().iter().find(|u| u["callId"] == second).unwrap().clone();
    assert_eq!(row["statusText"], "Already at Meta Ads: not sent again");
}

#[tokio::test]
async fn uploads_wait_while_the_platform_is_not_connected() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let action = add(&app, &owner, &[("form_name", "Bing calls"), ("form_platform", "microsoft_ads")]).await;
    app.state.clock.advance(60);
    let now = app.state.clock.now();
    let the_call = call(&app, now - 30, 300, None, "07700900123", "msclkid=abc").await;
    job(&app).await;
    assert_eq!(upload_status(&app, action, the_call).await, "pending");
    app.state.clock.advance(DAY);
    job(&app).await;
    assert_eq!(upload_status(&app, action, the_call).await, "pending");
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM sandbox_conversion_uploads WHERE platform = 'microsoft_ads'").await,
        0
    );
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(LIST, Some(&owner)).await);
    assert_eq!(named(&page, "Bing calls")["notConnected"]["message"], "Microsoft Ads is not connected");
    assert_eq!(named(&page, "Bing calls")["notConnected"]["connectPath"], "/microsoftads");
    let detail = ok(app.get(&format!("/api/conversions/getConversion/{action}"), Some(&owner)).await);
    assert_eq!(detail["uploads"][0]["statusText"], "Waiting: Microsoft Ads is not connected");
    // Connected: the next run sends it, with the click id of the visit.
    connect(&app, HARBOUR, "microsoft_ads").await;
    job(&app).await;
    assert_eq!(upload_status(&app, action, the_call).await, "sent");
    assert_eq!(
        text(&app, "SELECT click_id FROM sandbox_conversion_uploads WHERE platform = 'microsoft_ads'").await,
        "abc"
    );
}

#[tokio::test]
async fn a_platform_hears_only_of_the_calls_its_own_ads_made_and_never_of_a_refused_consent() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    connect(&app, HARBOUR, "google_ads").await;
    let meta = add(&app, &owner, &[("form_name", "Any Meta calls"), ("form_platform", "meta_ads")]).await;
    let google = add(&app, &owner, &[("form_name", "Any Google calls"), ("form_platform", "google_ads")]).await;
    app.state.clock.advance(60);
    let now = app.state.clock.now();
    let yell = source_id(&app, HARBOUR, "yell.com", "referral").await;
    let paid_search = source_id(&app, HARBOUR, "google", "cpc").await;
    let facebook = source_id(&app, HARBOUR, "facebook", "social").await;
    let referral = call(&app, now - 50, 300, Some(yell), "07700900121", "utm_source=yell.com").await;
    let searched = call(&app, now - 40, 300, Some(paid_search), "07700900122", "").await;
    let clicked = call(&app, now - 30, 300, Some(facebook), "07700900123", "fbclid=IwAR1").await;
    let refused = call(&app, now - 20, 300, Some(paid_search), "07700900124", "gclid=Cj0Refused").await;
    sqlx::query(&format!(
        "UPDATE visits SET ad_user_data_consent = 'denied' WHERE id = (SELECT visit_id FROM calls WHERE id = {refused})"
    ))
    .execute(&app.state.db)
    .await
    .unwrap();
    job(&app).await;
    let queued = |action: i64, call: i64| {
        let app = &app;
        async move {
            scalar(
                app,
                &format!("SELECT COUNT(*) FROM conversion_uploads WHERE action_id = {action} AND call_id = {call}"),
            )
            .await
        }
    };
    // Meta: only the call whose visit came from its ad (its click id); not a referral, not
    // Google's paid search.
    assert_eq!([queued(meta, referral).await, queued(meta, searched).await, queued(meta, clicked).await], [0, 0, 1]);
    assert_eq!(upload_status(&app, meta, clicked).await, "sent");
    // Google: its paid search call by the caller's number, not Meta's, not the referral.
    assert_eq!(
        [queued(google, referral).await, queued(google, clicked).await, queued(google, searched).await],
        [0, 0, 1]
    );
    assert_eq!(upload_status(&app, google, searched).await, "sent");
    // A visitor who refused the use of their data for ads: logged with the reason, never sent.
    assert_eq!(upload_status(&app, google, refused).await, "skipped");
    let detail = ok(app.get(&format!("/api/conversions/getConversion/{google}"), Some(&owner)).await);
    let row = detail["uploads"].as_array().unwrap().iter().find(|u| u["callId"] == refused).unwrap().clone();
    assert_eq!(row["answer"], domain::conversions::CONSENT_DENIED);
    let sent = scalar(&app, "SELECT COUNT(*) FROM sandbox_conversion_uploads WHERE click_id = 'Cj0Refused'").await;
    assert_eq!(sent, 0);
}
