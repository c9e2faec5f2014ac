//! The numbers and pools: the list, its export, a selection's details, basic and advanced
//! connect, provisioning and the issue-4 lists (docs/routing-api.md "Routing rows").

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{rows_as_text, Reply, TestApp};

pub const OWNER: &str = "owner@demo.test";
pub const ENTERPRISE: &str = "enterprise@demo.test";

pub async fn get_json(app: &TestApp, path: &str, session: &str) -> Value {
    let reply = app.get(path, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text());
    reply.json()
}

/// A form post with owned field names (row fields carry their index).
pub async fn post(app: &TestApp, path: &str, session: &str, fields: &[(String, String)]) -> Reply {
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    app.post_multipart(path, Some(session), &fields).await
}

/// The first entry of a customer of a kind ('static' / 'dynamic') matching an SQL condition.
pub async fn entry_where(app: &TestApp, customer: i64, kind: &str, condition: &str) -> i64 {
    let (id,): (i64,) = sqlx::query_as(&format!(
        "SELECT id FROM routing_entries WHERE customer_id = $1 AND kind = $2 AND {condition} ORDER BY id LIMIT 1"
    ))
    .bind(customer)
    .bind(kind)
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    id
}

pub async fn entry(app: &TestApp, customer: i64, kind: &str) -> i64 {
    entry_where(app, customer, kind, "1 = 1").await
}

/// A row with basic routing only (the seed's first, its advanced routing cleared).
pub async fn basic_entry(app: &TestApp, customer: i64, kind: &str) -> i64 {
    let id = entry(app, customer, kind).await;
    sqlx::query(
        "UPDATE routing_entries SET service_plan_id = NULL, intro_audio_id = 0, whisper_audio_id = 0,
         dynamic_whisper_id = 0, mid_call_divert = 0, attribution_id = 0, attribution_dtmf_ivr_id = 0,
         mid_call_attribution = 0, post_url = '' WHERE id = $1",
    )
    .bind(id)
    .execute(&app.state.db)
    .await
    .unwrap();
    id
}

/// Runs an INSERT of (customer, description) and answers the new row's id.
async fn insert(app: &TestApp, sql: &str, customer: i64, description: &str) -> i64 {
    let sql = format!("{sql} RETURNING id");
    sqlx::query_scalar(&sql).bind(customer).bind(description).fetch_one(&app.state.db).await.unwrap()
}

pub async fn destination_plan(app: &TestApp, customer: i64, description: &str) -> i64 {
    insert(app, "INSERT INTO destination_plans (customer_id, description) VALUES ($1, $2)", customer, description).await
}

pub async fn ivr(app: &TestApp, customer: i64, description: &str) -> i64 {
    insert(app, "INSERT INTO ivrs (customer_id, description) VALUES ($1, $2)", customer, description).await
}

pub async fn audio(app: &TestApp, customer: i64, description: &str) -> i64 {
    insert(
        app,
        "INSERT INTO audios (customer_id, description, sentence, created_at) VALUES ($1, $2, 'Welcome to the practice', 0)",
        customer,
        description,
    )
    .await
}

/// A one-row service plan straight into the tables (the plan endpoints are tested apart).
pub async fn service_plan(app: &TestApp, customer: i64, description: &str) -> i64 {
    let target = destination_plan(app, customer, &format!("{description} target")).await;
    let id = insert(app, "INSERT INTO service_plans (customer_id, description) VALUES ($1, $2)", customer, description)
        .await;
    sqlx::query(
        "INSERT INTO service_plan_times (plan_id, position, from_day, from_minute, to_day, to_minute, plan_type,
         destination_plan_id) VALUES ($1, 0, 1, 0, 7, 1439, 'routing', $2)",
    )
    .bind(id)
    .bind(target)
    .execute(&app.state.db)
    .await
    .unwrap();
    id
}

/// Rows as getSelectedDetails answers them.
pub async fn details(app: &TestApp, session: &str, ids: &[i64]) -> Vec<Value> {
    let selected = serde_json::to_string(ids).unwrap();
    let reply = app
        .post_multipart("/api/manageconnections/getSelectedDetails", Some(session), &[("selected", &selected)])
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["selectionDetails"].as_array().unwrap().clone()
}

pub async fn detail(app: &TestApp, session: &str, id: i64) -> Value {
    details(app, session, &[id]).await.remove(0)
}

/// Every column of an entry, to show nothing changed.
pub async fn snapshot(app: &TestApp, id: i64) -> String {
    let sql = format!(
        "SELECT kind, number, pool_name, description, service_plan_id, destination, call_recording,
                intro_audio_id, whisper_audio_id, dynamic_whisper_id, mid_call_divert, attribution_id,
                attribution_dtmf_ivr_id, mid_call_attribution, mid_call_audio, post_url, provisioned, provision_requested_at
         FROM routing_entries WHERE id = {id}"
    );
    rows_as_text(&app.state.db, &sql).await.concat()
}

pub async fn grant_provisioning(app: &TestApp, user: i64, customer: i64) {
    sqlx::query("UPDATE user_access SET provisioning = '2' WHERE user_id = $1 AND customer_id = $2")
        .bind(user)
        .bind(customer)
        .execute(&app.state.db)
        .await
        .unwrap();
}

fn basic_row(i: usize, id_field: &str, id: i64, description: &str, destination: &str) -> Vec<(String, String)> {
    vec![
        (format!("form_description[{i}]"), description.to_string()),
        (format!("{id_field}[{i}]"), id.to_string()),
        (format!("form_destination_number[{i}]"), destination.to_string()),
        (format!("form_plan_id[{i}]"), "0".to_string()),
        (format!("form_pool_name[{i}]"), String::new()),
    ]
}

/// An advanced row with everything off; callers push the fields they set.
pub fn advanced_row(i: usize, id_field: &str, id: i64, description: &str, plan: i64) -> Vec<(String, String)> {
    let mut row = vec![
        (format!("form_description[{i}]"), description.to_string()),
        (format!("{id_field}[{i}]"), id.to_string()),
        (format!("form_service_plan[{i}]"), plan.to_string()),
        (format!("form_intro[{i}]"), "0".into()),
        (format!("form_whisper[{i}]"), "0".into()),
        (format!("form_post_url[{i}]"), String::new()),
        (format!("form_dtmf[{i}]"), "0".into()),
        (format!("form_midcall_flag[{i}]"), "0".into()),
        (format!("form_midcall_audio[{i}]"), "None".into()),
        (format!("form_mid_call_divert_flag[{i}]"), "0".into()),
        (format!("form_dynamic_whisper[{i}]"), "0".into()),
    ];
    row.sort();
    row
}

fn set(row: &mut [(String, String)], field: &str, value: &str) {
    let slot = row.iter_mut().find(|(k, _)| k.starts_with(&format!("{field}["))).unwrap();
    slot.1 = value.to_string();
}

const BASIC: &str = "/api/manageconnections/connectBasic/";
const ADVANCED: &str = "/api/manageconnections/connectAdvanced/";

#[tokio::test]
async fn the_list_has_every_number_and_pool_with_its_routing() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let numbers =
        get_json(&app, "/api/manageconnections/getNumbersList", &owner).await["numbers"].as_array().unwrap().clone();
    let statics: Vec<&Value> = numbers.iter().filter(|r| r["type"] == "static").collect();
    let pools: Vec<&Value> = numbers.iter().filter(|r| r["type"] == "dynamic").collect();
    assert_eq!((statics.len(), pools.len()), (300, 12));
    assert!(statics.iter().all(|r| r["numberPool"].as_str().unwrap().chars().all(|c| c.is_ascii_digit())));
    assert!(statics.iter().any(|r| r["description"] == "Google Ads - Manchester"));
    assert!(statics.iter().any(|r| r["description"] == "Van livery"));
    assert!(pools.iter().any(|r| r["numberPool"] == "Website - Google Ads"));
    let basic = numbers.iter().filter(|r| r["planId"] == 0 && r["destination"] != "").count();
    assert!(basic >= 40, "{basic} rows with a basic destination");
    assert_eq!(numbers.iter().filter(|r| r["provisioned"] == false).count(), 3);
    for row in &numbers {
        assert_eq!(row["hasAudio"], row["introAudio"] != 0 || row["whisperAudio"] != 0);
        assert_eq!(row["planDescription"] == "", row["planId"] == 0, "{row}");
        for key in
            ["id", "callRecording", "dynamicWhisperAudio", "midCallDivert", "attributionId", "midCallAttribution"]
        {
            assert!(row[key].is_number(), "{key} in {row}");
        }
        assert!(row["midCallAudio"].is_string() && row["postUrl"].is_string());
    }
    // Another customer's numbers are not in the list.
    let enterprise = app.login(ENTERPRISE).await;
    let theirs = get_json(&app, "/api/manageconnections/getNumbersList", &enterprise).await;
    assert_eq!(theirs["numbers"].as_array().unwrap().len(), 10);
    let their_ids: Vec<&Value> = theirs["numbers"].as_array().unwrap().iter().map(|r| &r["id"]).collect();
    assert!(numbers.iter().all(|r| !their_ids.contains(&&r["id"])));
}

#[tokio::test]
async fn the_export_shows_the_basic_destination_or_else_the_plan() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let plan = service_plan(&app, 100, "Export plan").await;
    let on_plan = entry(&app, 100, "static").await;
    sqlx::query("UPDATE routing_entries SET service_plan_id = $1, destination = '' WHERE id = $2")
        .bind(plan)
        .bind(on_plan)
        .execute(&app.state.db)
        .await
        .unwrap();
    let basic = entry_where(&app, 100, "static", "service_plan_id IS NULL AND destination <> ''").await;
    let (basic_number, destination): (String, String) =
        sqlx::query_as("SELECT number, destination FROM routing_entries WHERE id = $1")
            .bind(basic)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    let rows = get_json(&app, "/api/manageconnections/getNumbersListForExport", &owner).await["numbers"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(rows.len(), 312);
    let row = rows.iter().find(|r| r["numberPool"] == basic_number).unwrap();
    assert_eq!(row["destination"], destination.as_str());
    assert_eq!(row["type"], "static");
    let on_plan_number = detail(&app, &owner, on_plan).await["numberPool"].clone();
    let row = rows.iter().find(|r| r["numberPool"] == on_plan_number).unwrap();
    assert_eq!(
        (row["destination"].as_str(), row["planDescription"].as_str()),
        (Some("Export plan"), Some("Export plan"))
    );
    assert!(row["callRecording"].is_number() && row["description"].is_string());
}

#[tokio::test]
async fn selected_details_answer_the_rows_in_the_order_chosen() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let basic = entry_where(&app, 100, "static", "service_plan_id IS NULL AND destination <> ''").await;
    let pool = entry(&app, 100, "dynamic").await;
    let plan = service_plan(&app, 100, "Selected plan").await;
    sqlx::query("UPDATE routing_entries SET service_plan_id = $1 WHERE id = $2")
        .bind(plan)
        .bind(pool)
        .execute(&app.state.db)
        .await
        .unwrap();

    let reply = app
        .post_multipart(
            "/api/manageconnections/getSelectedDetails",
            Some(&owner),
            &[("selected", &format!("[{pool},\"{basic}\"]"))],
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    let rows = body["selectionDetails"].as_array().unwrap();
    assert_eq!((rows[0]["id"].as_i64(), rows[1]["id"].as_i64()), (Some(pool), Some(basic)));
    assert_eq!(rows[0]["planDescription"], "Selected plan");
    assert_eq!(body["hasOnlyBasicFeatures"], false);
    let reply = app
        .post_multipart(
            "/api/manageconnections/getSelectedDetails",
            Some(&owner),
            &[("selected", &format!("[{basic}]"))],
        )
        .await;
    assert_eq!(reply.json()["hasOnlyBasicFeatures"], true);

    let foreign = entry(&app, 300, "static").await;
    for selected in [format!("[{basic},{foreign}]"), "[999999]".to_string()] {
        let reply = app
            .post_multipart("/api/manageconnections/getSelectedDetails", Some(&owner), &[("selected", &selected)])
            .await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{selected}");
        assert_eq!(reply.json(), json!({ "success": false, "code": "NOT_FOUND" }));
    }
    let reply = app
        .post_multipart("/api/manageconnections/getSelectedDetails", Some(&owner), &[("selected", "not json")])
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn basic_connect_refuses_rows_with_advanced_routing_naming_them_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let plan = service_plan(&app, 100, "Old plan").await;
    let number = basic_entry(&app, 100, "static").await;
    let (planned, planned_number): (i64, String) = sqlx::query_as(
        "SELECT id, number FROM routing_entries WHERE customer_id = 100 AND kind = 'static' AND id != $1 ORDER BY id LIMIT 1",
    )
    .bind(number)
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    sqlx::query("UPDATE routing_entries SET service_plan_id = $1 WHERE id = $2")
        .bind(plan)
        .bind(planned)
        .execute(&app.state.db)
        .await
        .unwrap();
    let before = (snapshot(&app, number).await, snapshot(&app, planned).await);
    let mut form = basic_row(0, "form_number_id", number, "Fine", "01134960999");
    form.extend(basic_row(1, "form_number_id", planned, "Has a plan", "01134960999"));
    let reply = post(&app, BASIC, &owner, &form).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    let message = reply.json()["errors"]["form_number_id"].as_str().unwrap().to_string();
    assert!(message.starts_with("These rows use advanced routing, which basic connect would remove."), "{message}");
    assert!(message.contains(&planned_number), "{message}");
    assert_eq!((snapshot(&app, number).await, snapshot(&app, planned).await), before);
}

#[tokio::test]
async fn basic_connect_sets_the_destination_and_recording_of_basic_rows() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let number = basic_entry(&app, 100, "static").await;
    let pool = basic_entry(&app, 100, "dynamic").await;

    let mut form = basic_row(0, "form_number_id", number, "  Google Ads - Leeds (new)  ", "01134960999");
    form.push(("form_recording_flag[0]".into(), "1".into()));
    // A pool's description may be left empty.
    form.extend(basic_row(1, "form_number_set_id", pool, "", "07700900123"));
    let reply = post(&app, BASIC, &owner, &form).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json(), json!({ "success": true }));

    let rows = details(&app, &owner, &[number, pool]).await;
    let n = &rows[0];
    assert_eq!(n["description"], "Google Ads - Leeds (new)");
    assert_eq!(n["destination"], "01134960999");
    assert_eq!(
        (n["callRecording"].as_i64(), n["planId"].as_i64(), n["planDescription"].as_str()),
        (Some(1), Some(0), Some(""))
    );
    assert_eq!(n["provisioned"], false);
    assert_eq!(rows[1]["attributionDtmfIvrId"], 0);
    assert_eq!((rows[1]["destination"].as_str(), rows[1]["callRecording"].as_i64()), (Some("07700900123"), Some(0)));
    assert_eq!(rows[1]["description"], "");
    let (requested,): (Option<i64>,) =
        sqlx::query_as("SELECT provision_requested_at FROM routing_entries WHERE id = $1")
            .bind(number)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert!(requested.unwrap() >= app.state.clock.now() - 5);

    // The path without its trailing slash works too.
    let reply = post(
        &app,
        "/api/manageconnections/connectBasic",
        &owner,
        &basic_row(0, "form_number_id", number, "Again", "01134960998"),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(detail(&app, &owner, number).await["destination"], "01134960998");
}

#[tokio::test]
async fn basic_connect_reports_every_row_rule_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let ids: Vec<(i64,)> = sqlx::query_as(
        "SELECT id FROM routing_entries WHERE customer_id = 100 AND kind = 'static' ORDER BY id LIMIT 7",
    )
    .fetch_all(&app.state.db)
    .await
    .unwrap();
    let before = snapshots(&app, &ids).await;
    let long = "x".repeat(81);
    let too_many_digits = "1".repeat(21);
    let cases = [
        ("", "01614960000"),
        (long.as_str(), "01614960000"),
        ("Ads 李", " "),
        ("Fine", "abc"),
        ("Fine", "0161 496 00O0"),
        ("Fine", "0161496"),
        ("Fine", too_many_digits.as_str()),
    ];
    let mut form = vec![];
    for (i, ((description, destination), (id,))) in cases.iter().zip(&ids).enumerate() {
        form.extend(basic_row(i, "form_number_id", *id, description, destination));
    }
    let reply = post(&app, BASIC, &owner, &form).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = reply.json();
    assert_eq!(body["code"], "VALIDATION_FAILED");
    let errors = &body["errors"];
    assert_eq!(errors["form_description[0]"], "Description is required.");
    assert_eq!(errors["form_description[1]"], "Description length must not exceed 80 characters.");
    assert!(errors["form_description[2]"].as_str().unwrap().starts_with("Invalid characters found."));
    assert_eq!(errors["form_destination_number[2]"], "Destination is required.");
    assert_eq!(errors["form_destination_number[3]"], "Destination must be a number.");
    assert_eq!(errors["form_destination_number[4]"], "Destination can have only numbers.");
    assert_eq!(errors["form_destination_number[5]"], "Destination must be at least 8 digits in length.");
    assert_eq!(errors["form_destination_number[6]"], "Destination must not exceed 20 digits in length.");
    assert!(errors.get("form_destination_number[0]").is_none());
    assert_eq!(snapshots(&app, &ids).await, before);
}

async fn snapshots(app: &TestApp, ids: &[(i64,)]) -> Vec<String> {
    let mut out = vec![];
    for (id,) in ids {
        out.push(snapshot(app, *id).await);
    }
    out
}

#[tokio::test]
async fn connect_refuses_rows_of_another_customer_or_of_the_other_kind() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let mine = entry(&app, 100, "static").await;
    let my_pool = entry(&app, 100, "dynamic").await;
    let foreign = entry(&app, 300, "static").await;
    let before = (snapshot(&app, mine).await, snapshot(&app, foreign).await, snapshot(&app, my_pool).await);
    let mut both = basic_row(0, "form_number_id", mine, "Mine", "01614960000");
    both.extend(basic_row(1, "form_number_id", foreign, "Theirs", "01614960000"));
    for form in [
        both,
        basic_row(0, "form_number_set_id", mine, "A static sent as a pool", "01614960000"),
        basic_row(0, "form_number_id", my_pool, "A pool sent as a static", "01614960000"),
        basic_row(0, "form_number_id", 999_999, "Unknown", "01614960000"),
    ] {
        let reply = post(&app, BASIC, &owner, &form).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{form:?}: {}", reply.text());
        let mut advanced = advanced_row(0, "form_number_id", foreign, "Theirs", 0);
        if form.iter().any(|(k, _)| k.starts_with("form_number_set_id")) {
            advanced = advanced_row(0, "form_number_set_id", mine, "Wrong kind", 0);
        }
        assert_eq!(post(&app, ADVANCED, &owner, &advanced).await.status, StatusCode::NOT_FOUND);
    }
    assert_eq!((snapshot(&app, mine).await, snapshot(&app, foreign).await, snapshot(&app, my_pool).await), before);
    assert_eq!(post(&app, BASIC, &owner, &[]).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn advanced_connect_stores_the_plan_audio_and_additional_features() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let plan = service_plan(&app, 100, "Advanced plan").await;
    let intro = audio(&app, 100, "Intro").await;
    let whisper = audio(&app, 100, "Whisper").await;
    let number = entry_where(&app, 100, "static", "destination <> ''").await;
    let pool = entry(&app, 100, "dynamic").await;

    let mut row = advanced_row(0, "form_number_id", number, " Website header ", plan);
    set(&mut row, "form_intro", &intro.to_string());
    set(&mut row, "form_whisper", &whisper.to_string());
    set(&mut row, "form_post_url", "https://crm.example.com/calls?src=tracking");
    set(&mut row, "form_midcall_flag", "1");
    set(&mut row, "form_midcall_audio", "Classical");
    set(&mut row, "form_mid_call_divert_flag", "1");
    row.push(("form_recording_flag[0]".into(), "1".into()));
    row.extend(advanced_row(1, "form_number_set_id", pool, "", plan));
    let reply = post(&app, ADVANCED, &owner, &row).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json(), json!({ "success": true }));

    let n = detail(&app, &owner, number).await;
    assert_eq!(
        (n["description"].as_str(), n["planId"].as_i64(), n["planDescription"].as_str()),
        (Some("Website header"), Some(plan), Some("Advanced plan"))
    );
    assert_eq!(
        (n["introAudio"].as_i64(), n["whisperAudio"].as_i64(), n["hasAudio"].as_bool()),
        (Some(intro), Some(whisper), Some(true))
    );
    assert_eq!(n["postUrl"], "https://crm.example.com/calls?src=tracking");
    assert_eq!((n["midCallAttribution"].as_i64(), n["midCallAudio"].as_str()), (Some(1), Some("Classical")));
    assert_eq!((n["midCallDivert"].as_i64(), n["callRecording"].as_i64()), (Some(1), Some(1)));
    // The plan replaces the basic destination.
    assert_eq!((n["destination"].as_str(), n["provisioned"].as_bool()), (Some(""), Some(false)));
    assert_eq!(detail(&app, &owner, pool).await["planId"].as_i64(), Some(plan));

    // Plan 0 disconnects; the path without its slash works too.
    let reply = post(
        &app,
        "/api/manageconnections/connectAdvanced",
        &owner,
        &advanced_row(0, "form_number_id", number, "Website header", 0),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let n = detail(&app, &owner, number).await;
    assert_eq!(
        (n["planId"].as_i64(), n["introAudio"].as_i64(), n["callRecording"].as_i64()),
        (Some(0), Some(0), Some(0))
    );
    assert_eq!((n["midCallAttribution"].as_i64(), n["midCallAudio"].as_str()), (Some(0), Some("None")));
}

#[tokio::test]
async fn advanced_connect_reports_the_row_rules() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let number = entry(&app, 100, "static").await;
    let before = snapshot(&app, number).await;
    let mut row = advanced_row(0, "form_number_id", number, "", 0);
    set(&mut row, "form_midcall_flag", "1");
    set(&mut row, "form_midcall_audio", "None");
    set(&mut row, "form_post_url", "crm dot example");
    // Mid call divert is allowed on this account: it has no speech.
    set(&mut row, "form_mid_call_divert_flag", "1");
    let reply = post(&app, ADVANCED, &owner, &row).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = reply.json()["errors"].clone();
    assert_eq!(errors["form_description[0]"], "Description is required.");
    assert_eq!(errors["form_midcall_audio[0]"], "Audio is required.");
    assert_eq!(errors["form_post_url[0]"], "Please enter a valid URL.");
    assert!(errors.get("form_mid_call_divert_flag[0]").is_none());
    let mut row = advanced_row(0, "form_number_id", number, &"y".repeat(81), 0);
    set(&mut row, "form_midcall_audio", "Jazz");
    let errors = post(&app, ADVANCED, &owner, &row).await.json()["errors"].clone();
    assert_eq!(errors["form_description[0]"], "Description length must not exceed 80 characters.");
    assert_eq!(errors["form_midcall_audio[0]"], "Audio is required.");
    assert_eq!(snapshot(&app, number).await, before);
}

#[tokio::test]
async fn mid_call_divert_is_refused_when_the_account_has_speech() {
    let app = TestApp::spawn().await;
    let enterprise = app.login(ENTERPRISE).await;
    let number = entry(&app, 300, "static").await;
    let mut row = advanced_row(0, "form_number_id", number, "Claims line", 0);
    set(&mut row, "form_mid_call_divert_flag", "1");
    let reply = post(&app, ADVANCED, &enterprise, &row).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        reply.json()["errors"]["form_mid_call_divert_flag[0]"],
        "Sorry! Mid call divert cannot be used when speech is enabled."
    );
    set(&mut row, "form_mid_call_divert_flag", "0");
    assert_eq!(post(&app, ADVANCED, &enterprise, &row).await.status, StatusCode::OK);
}

#[tokio::test]
async fn advanced_connect_refuses_plans_and_audio_that_are_not_the_customers() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let number = entry(&app, 100, "static").await;
    let their_plan = service_plan(&app, 300, "Their plan").await;
    let their_audio = audio(&app, 300, "Their audio").await;
    let deleted = audio(&app, 100, "Deleted audio").await;
    sqlx::query("UPDATE audios SET deleted_at = 1 WHERE id = $1").bind(deleted).execute(&app.state.db).await.unwrap();
    let before = snapshot(&app, number).await;
    for (field, value) in [
        ("form_service_plan", their_plan),
        ("form_service_plan", 999_999),
        ("form_intro", their_audio),
        ("form_whisper", their_audio),
        ("form_whisper", deleted),
        // Atlas Insurance's DTMF plan and dynamic whisper (seeded with id 101), and unknown ids.
        ("form_dtmf", 101),
        ("form_dtmf", 999_999),
        ("form_dynamic_whisper", 101),
        ("form_dynamic_whisper", 999_999),
    ] {
        let mut row = advanced_row(0, "form_number_id", number, "Website header", 0);
        set(&mut row, field, &value.to_string());
        let reply = post(&app, ADVANCED, &owner, &row).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{field} = {value}: {}", reply.text());
    }
    assert_eq!(snapshot(&app, number).await, before);
}

#[tokio::test]
async fn who_may_list_and_connect() {
    let app = TestApp::spawn().await;
    let number = basic_entry(&app, 100, "static").await;
    let basic = basic_row(0, "form_number_id", number, "Website header", "01614960000");
    let advanced = advanced_row(0, "form_number_id", number, "Website header", 0);
    let reads = [
        "/api/manageconnections/getNumbersList",
        "/api/manageconnections/getNumbersListForExport",
        "/api/manageconnections/exportNumbersCsv",
    ];

    // A group account, and a user who cannot provision, see nothing.
    for email in ["group@demo.test", "user@demo.test"] {
        let session = app.login(email).await;
        for path in reads {
            assert_eq!(app.get(path, Some(&session)).await.status, StatusCode::FORBIDDEN, "{email} {path}");
        }
        let reply = app
            .post_multipart("/api/manageconnections/getSelectedDetails", Some(&session), &[("selected", "[]")])
            .await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN);
        assert_eq!(post(&app, BASIC, &session, &basic).await.status, StatusCode::FORBIDDEN);
        assert_eq!(post(&app, ADVANCED, &session, &advanced).await.status, StatusCode::FORBIDDEN);
    }

    // A user (level 10) who can provision may list but not connect.
    grant_provisioning(&app, 3, 100).await;
    let user = app.login("user@demo.test").await;
    for path in reads {
        assert_eq!(app.get(path, Some(&user)).await.status, StatusCode::OK);
    }
    assert_eq!(details(&app, &user, &[number]).await.len(), 1);
    let reply = post(&app, BASIC, &user, &basic).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(reply.json(), json!({ "success": false, "code": "FORBIDDEN" }));
    assert_eq!(post(&app, ADVANCED, &user, &advanced).await.status, StatusCode::FORBIDDEN);

    // An administrator connects.
    let admin = app.login("admin@demo.test").await;
    assert_eq!(post(&app, BASIC, &admin, &basic).await.status, StatusCode::OK);
    assert_eq!(post(&app, ADVANCED, &admin, &advanced).await.status, StatusCode::OK);

    // Starter: basic connect only.
    let starter = app.login("starter@demo.test").await;
    let rows =
        get_json(&app, "/api/manageconnections/getNumbersList", &starter).await["numbers"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 15);
    assert!(rows.iter().all(|r| r["planId"] == 0 && r["destination"] != ""));
    let theirs = entry(&app, 200, "static").await;
    let reply = post(&app, BASIC, &starter, &basic_row(0, "form_number_id", theirs, "Van livery", "07700900591")).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(detail(&app, &starter, theirs).await["destination"], "07700900591");
    let reply = post(&app, ADVANCED, &starter, &advanced_row(0, "form_number_id", theirs, "Van livery", 0)).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
}

pub async fn requested_at(app: &TestApp, id: i64) -> i64 {
    let (at,): (Option<i64>,) = sqlx::query_as("SELECT provision_requested_at FROM routing_entries WHERE id = $1")
        .bind(id)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    at.expect("a provisioning request")
}

#[tokio::test]
async fn a_connected_row_is_provisioned_two_seconds_later() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let db = &app.state.db;
    // The seed's recently changed rows settle first.
    app.state.clock.advance(60);
    server::jobs::provisioning::run_once(db, app.state.clock.now()).await.unwrap();
    let number = basic_entry(&app, 100, "static").await;
    let reply =
        post(&app, BASIC, &owner, &basic_row(0, "form_number_id", number, "Website header", "01614960000")).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(detail(&app, &owner, number).await["provisioned"], false);

    let requested = requested_at(&app, number).await;
    assert!((app.state.clock.now() - requested).abs() <= 2);
    assert_eq!(server::jobs::provisioning::run_once(db, requested).await.unwrap(), 0);
    assert_eq!(server::jobs::provisioning::run_once(db, requested + 1).await.unwrap(), 0);
    assert_eq!(detail(&app, &owner, number).await["provisioned"], false);
    assert_eq!(server::jobs::provisioning::run_once(db, requested + 2).await.unwrap(), 1);
    assert_eq!(detail(&app, &owner, number).await["provisioned"], true);
    assert_eq!(server::jobs::provisioning::run_once(db, requested + 3).await.unwrap(), 0);
    let unprovisioned = get_json(&app, "/api/manageconnections/getNumbersList", &owner).await["numbers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["provisioned"] == false)
        .count();
    assert_eq!(unprovisioned, 0);
}

#[tokio::test]
async fn a_row_changed_again_waits_for_its_newest_change() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let db = &app.state.db;
    let number = basic_entry(&app, 100, "static").await;
    let connect = |destination: &'static str| basic_row(0, "form_number_id", number, "Website header", destination);
    assert_eq!(post(&app, BASIC, &owner, &connect("01614960000")).await.status, StatusCode::OK);
    let first = requested_at(&app, number).await;
    app.state.clock.advance(1);
    assert_eq!(post(&app, BASIC, &owner, &connect("01614960001")).await.status, StatusCode::OK);
    let second = requested_at(&app, number).await;
    assert!(second > first);
    // Two seconds after the first change, less after the second: not yet.
    server::jobs::provisioning::run_once(db, first + 2).await.unwrap();
    assert_eq!(detail(&app, &owner, number).await["provisioned"], false);
    server::jobs::provisioning::run_once(db, second + 2).await.unwrap();
    assert_eq!(detail(&app, &owner, number).await["provisioned"], true);
}

/// A telephony side that is down.
struct Unavailable;

impl server::jobs::provisioning::Provisioner for Unavailable {
    async fn provision(&self, _entry: &server::store::routing_entries::PendingEntry) -> Result<(), String> {
        Err("the telephony platform is unavailable".into())
    }
}

#[tokio::test]
async fn a_failed_provisioning_is_tried_again_on_the_next_run() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let db = &app.state.db;
    let number = basic_entry(&app, 100, "static").await;
    let reply =
        post(&app, BASIC, &owner, &basic_row(0, "form_number_id", number, "Website header", "01614960000")).await;
    assert_eq!(reply.status, StatusCode::OK);
    let later = requested_at(&app, number).await + 10;
    assert_eq!(server::jobs::provisioning::run_once_with(db, later, &Unavailable).await.unwrap(), 0);
    assert_eq!(detail(&app, &owner, number).await["provisioned"], false);
    assert!(server::jobs::provisioning::run_once(db, later).await.unwrap() >= 1);
    assert_eq!(detail(&app, &owner, number).await["provisioned"], true);
}

#[tokio::test]
async fn the_issue_4_lists_are_the_customers_own_and_so_are_ivrs() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    for path in ["/api/manageconnections/getInCallAttribution/", "/api/manageconnections/getInCallAttribution"] {
        let plans = get_json(&app, path, &owner).await["attributions"].clone();
        let names: Vec<&str> = plans.as_array().unwrap().iter().map(|p| p["description"].as_str().unwrap()).collect();
        assert!(names.contains(&"Caller ID capture") && !names.contains(&"Policy caller ID"), "{names:?}");
    }
    let options = get_json(&app, "/api/manageconnections/getAttributionOptions", &owner).await;
    assert!(options["dtmfs"].as_array().unwrap().iter().any(|d| d["description"] == "Patient number"));
    assert_eq!(options["dtmfIvrs"], json!([{ "id": "IVR_1", "description": "Patient type" }]));
    // The IVR lists in full are in routing_ivrs; here, only the customer's own are listed.
    let main_menu = ivr(&app, 100, "Reception menu").await;
    let theirs = ivr(&app, 300, "Their menu").await;
    for path in
        ["/api/manageivrrouting/getIvrList/", "/api/manageivrrouting/getIvrList", "/api/manageivrrouting/getIvrList/1"]
    {
        let ivrs = get_json(&app, path, &owner).await["ivrs"].as_array().unwrap().clone();
        assert!(ivrs.contains(&json!({ "id": main_menu, "description": "Reception menu", "isChild": "0" })), "{path}");
        assert!(ivrs.iter().all(|i| i["id"] != theirs), "{path}");
    }
    let group = app.login("group@demo.test").await;
    for path in [
        "/api/manageconnections/getInCallAttribution/",
        "/api/manageconnections/getAttributionOptions",
        "/api/manageivrrouting/getIvrList/",
    ] {
        assert_eq!(app.get(path, Some(&group)).await.status, StatusCode::FORBIDDEN, "{path}");
    }
}
