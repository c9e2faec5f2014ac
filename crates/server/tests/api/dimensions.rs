//! Custom dimensions (docs/dimensions-api.md): Atlas's demo fields with the
//! calls that have a value, add / edit / delete with every message, a call's values set and
//! cleared, permissions (the menu item, administrators for definitions) and other customers' ids.

use axum::http::StatusCode;
use domain::dimensions::{
    choice_in_use, choice_repeated, CHOICES_TOO_FEW, KIND_CHOICE, KIND_LOCKED, NAME_NOT_UNIQUE, NAME_REQUIRED,
    NAME_TOO_LONG, NOT_A_CHOICE, NOT_A_NUMBER, TOO_MANY_DIMENSIONS, VALUE_TOO_LONG,
};
use serde_json::Value;

use crate::helpers::{Reply, TestApp};

const LIST: &str = "/api/customdimensions/getDimensions";
const ADD: &str = "/api/customdimensions/addDimension";
/// Atlas Insurance Group: Enterprise, with sales data.
const ATLAS: i64 = 300;

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn field_error(reply: &Reply, field: &str) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    reply.json()["errors"][field].as_str().unwrap_or_default().to_string()
}

fn named<'a>(page: &'a Value, name: &str) -> &'a Value {
    page["dimensions"].as_array().unwrap().iter().find(|d| d["name"] == name).unwrap_or_else(|| panic!("{page}"))
}

async fn add(app: &TestApp, session: &str, name: &str, kind: &str, choices: &str) -> Reply {
    app.post_form(ADD, Some(session), &[("form_name", name), ("form_kind", kind), ("form_choices", choices)]).await
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap()
}

/// One of Atlas's calls and one of Harbour Lane's.
async fn calls(app: &TestApp) -> (i64, i64) {
    let atlas =
        count(app, &format!("SELECT MAX(id) FROM calls WHERE customer_id = {ATLAS} AND direction = 'inbound'")).await;
    let other = count(app, "SELECT MAX(id) FROM calls WHERE customer_id = 100 AND direction = 'inbound'").await;
    (atlas, other)
}

#[tokio::test]
async fn the_demo_fields_list_their_calls_and_a_new_one_is_added_edited_and_deleted() {
    let app = TestApp::spawn().await;
    let owner = app.login("enterprise@demo.test").await;
    let page = ok(app.get(LIST, Some(&owner)).await);
    assert_eq!(page["canEdit"], true);
    let policy = named(&page, "Policy type");
    assert_eq!(policy["kind"], "choice");
    assert_eq!(policy["choices"], serde_json::json!(["Car", "Home", "Travel", "Business"]));
    let stored =
        count(&app, &format!("SELECT COUNT(*) FROM call_dimension_values WHERE dimension_id = {}", policy["id"])).await;
    assert!(stored > 0);
    assert_eq!(policy["calls"], stored);
    assert_eq!(named(&page, "Quoted premium")["kindLabel"], "Number");
    assert_eq!(page["kinds"].as_array().unwrap().len(), 3);

    let id = ok(add(&app, &owner, " Branch ", "choice", "Dublin\nCork\n\nGalway").await)["id"].as_i64().unwrap();
    let page = ok(app.get(LIST, Some(&owner)).await);
    let branch = named(&page, "Branch");
    assert_eq!((branch["id"].as_i64(), branch["calls"].as_i64()), (Some(id), Some(0)));
    assert_eq!(branch["choices"], serde_json::json!(["Dublin", "Cork", "Galway"]));
    assert_eq!(branch["deleteQuestion"], "Delete the custom dimension 'Branch'? No call has a value.");
    let edit = format!("/api/customdimensions/editDimension/{id}");
    let fields = [("form_name", "Office"), ("form_kind", "text"), ("form_choices", "")];
    ok(app.post_form(&edit, Some(&owner), &fields).await);
    assert_eq!(named(&ok(app.get(LIST, Some(&owner)).await), "Office")["kind"], "text");
    ok(app.post_form(&format!("/api/customdimensions/deleteDimension/{id}"), Some(&owner), &[]).await);
    let page = ok(app.get(LIST, Some(&owner)).await);
    assert!(!page["dimensions"].as_array().unwrap().iter().any(|d| d["id"] == id));
}

#[tokio::test]
async fn every_definition_message_and_the_values_calls_have_lock_the_type_and_their_choices() {
    let app = TestApp::spawn().await;
    let owner = app.login("enterprise@demo.test").await;
    assert_eq!(field_error(&add(&app, &owner, "", "text", "").await, "form_name"), NAME_REQUIRED);
    assert_eq!(field_error(&add(&app, &owner, &"n".repeat(51), "text", "").await, "form_name"), NAME_TOO_LONG);
    let clash = add(&app, &owner, "policy TYPE", "text", "").await;
    assert_eq!(field_error(&clash, "form_name"), NAME_NOT_UNIQUE);
    assert_eq!(clash.json()["code"], "NAME_NOT_UNIQUE");
    assert_eq!(field_error(&add(&app, &owner, "When", "date", "").await, "form_kind"), KIND_CHOICE);
    assert_eq!(field_error(&add(&app, &owner, "One", "choice", "only").await, "form_choices"), CHOICES_TOO_FEW);
    assert_eq!(field_error(&add(&app, &owner, "Two", "choice", "a\nA").await, "form_choices"), choice_repeated(2));
    let huge = "x".repeat(3_000);
    assert_eq!(add(&app, &owner, &huge, "text", "").await.status, StatusCode::UNPROCESSABLE_ENTITY);

    let page = ok(app.get(LIST, Some(&owner)).await);
    let policy = named(&page, "Policy type").clone();
    let edit = format!("/api/customdimensions/editDimension/{}", policy["id"]);
    let locked = app.post_form(&edit, Some(&owner), &[("form_name", "Policy type"), ("form_kind", "text")]).await;
    assert_eq!(field_error(&locked, "form_kind"), KIND_LOCKED);
    let car = count(
        &app,
        &format!("SELECT COUNT(*) FROM call_dimension_values WHERE dimension_id = {} AND value = 'Car'", policy["id"]),
    )
    .await;
    assert!(car > 0);
    let fields =
        [("form_name", "Policy type"), ("form_kind", "choice"), ("form_choices", "Home\nTravel\nBusiness\nPet")];
    let dropped = app.post_form(&edit, Some(&owner), &fields).await;
    assert_eq!(field_error(&dropped, "form_choices"), choice_in_use("Car", car));

    // 20 at most.
    for i in 0..17 {
        ok(add(&app, &owner, &format!("Field {i}"), "text", "").await);
    }
    assert_eq!(field_error(&add(&app, &owner, "One more", "text", "").await, "form_name"), TOO_MANY_DIMENSIONS);
}

#[tokio::test]
async fn a_calls_values_are_set_checked_and_cleared() {
    let app = TestApp::spawn().await;
    let owner = app.login("enterprise@demo.test").await;
    let (call, _) = calls(&app).await;
    let path = format!("/api/customdimensions/getCallDimensions/{call}");
    let before = ok(app.get(&path, Some(&owner)).await);
    assert_eq!(before["canSet"], true);
    let fields = before["fields"].as_array().unwrap();
    let id_of = |name: &str| fields.iter().find(|f| f["name"] == name).unwrap()["id"].to_string();
    let (policy, premium, notes) = (id_of("Policy type"), id_of("Quoted premium"), id_of("Agent notes"));
    let set = format!("/api/customdimensions/setCallDimension/{call}");
    let value_of = |answer: &Value, id: &str| {
        answer["fields"].as_array().unwrap().iter().find(|f| f["id"].as_i64() == id.parse::<i64>().ok()).unwrap()
            ["value"]
            .clone()
    };
    let answer =
        ok(app.post_form(&set, Some(&owner), &[("form_dimension_id", &policy), ("form_value", "travel")]).await);
    assert_eq!(value_of(&answer, &policy), "Travel");
    let answer =
        ok(app.post_form(&set, Some(&owner), &[("form_dimension_id", &premium), ("form_value", "1,250.50")]).await);
    assert_eq!(value_of(&answer, &premium), "1250.5");
    let reply = app.post_form(&set, Some(&owner), &[("form_dimension_id", &premium), ("form_value", "lots")]).await;
    assert_eq!(field_error(&reply, "form_value"), NOT_A_NUMBER);
    let reply = app.post_form(&set, Some(&owner), &[("form_dimension_id", &policy), ("form_value", "Boat")]).await;
    assert_eq!(field_error(&reply, "form_value"), NOT_A_CHOICE);
    let long = "n".repeat(201);
    let reply = app.post_form(&set, Some(&owner), &[("form_dimension_id", &notes), ("form_value", &long)]).await;
    assert_eq!(field_error(&reply, "form_value"), VALUE_TOO_LONG);
    let answer = ok(app.post_form(&set, Some(&owner), &[("form_dimension_id", &policy), ("form_value", " ")]).await);
    assert_eq!(value_of(&answer, &policy), "");
    let stored = count(
        &app,
        &format!("SELECT COUNT(*) FROM call_dimension_values WHERE call_id = {call} AND dimension_id = {policy}"),
    )
    .await;
    assert_eq!(stored, 0, "a blank value clears it");
}

#[tokio::test]
async fn only_the_menu_items_users_reach_it_and_administrators_define() {
    let app = TestApp::spawn().await;
    // Harbour Lane (Professional) has no custom dimensions.
    let other = app.login("owner@demo.test").await;
    assert_eq!(app.get(LIST, Some(&other)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(add(&app, &other, "Mine", "text", "").await.status, StatusCode::FORBIDDEN);
    let (atlas_call, _) = calls(&app).await;
    let reply = app.get(&format!("/api/customdimensions/getCallDimensions/{atlas_call}"), Some(&other)).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(LIST, None).await.status, StatusCode::UNAUTHORIZED);

    // An Atlas user below administrator sets values but does not define fields.
    sqlx::query("UPDATE user_access SET auth_code = 10 WHERE customer_id = 300 AND user_id = (SELECT id FROM users WHERE email = 'enterprise@demo.test')")
        .execute(&app.state.db)
        .await
        .unwrap();
    let user = app.login("enterprise@demo.test").await;
    let page = ok(app.get(LIST, Some(&user)).await);
    assert_eq!(page["canEdit"], false);
    assert_eq!(add(&app, &user, "Mine", "text", "").await.status, StatusCode::FORBIDDEN);
    let policy = named(&page, "Policy type")["id"].to_string();
    let edit = format!("/api/customdimensions/editDimension/{policy}");
    let reply = app.post_form(&edit, Some(&user), &[("form_name", "X"), ("form_kind", "text")]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    let reply = app.post_form(&format!("/api/customdimensions/deleteDimension/{policy}"), Some(&user), &[]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    let set = format!("/api/customdimensions/setCallDimension/{atlas_call}");
    ok(app.post_form(&set, Some(&user), &[("form_dimension_id", &policy), ("form_value", "Home")]).await);
}

#[tokio::test]
async fn another_customers_calls_and_fields_are_not_found_and_untouched() {
    let app = TestApp::spawn().await;
    let owner = app.login("enterprise@demo.test").await;
    let (atlas_call, other_call) = calls(&app).await;
    let theirs: i64 = sqlx::query_scalar(
        "INSERT INTO custom_dimensions (customer_id, name, kind, choices, created_at) VALUES (100, 'Theirs', 'text', '', 0)
         RETURNING id",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    let mine = named(&ok(app.get(LIST, Some(&owner)).await), "Agent notes")["id"].to_string();
    let not_found = |reply: Reply| assert_eq!(reply.status, StatusCode::NOT_FOUND, "{}", reply.text());
    not_found(app.get(&format!("/api/customdimensions/getCallDimensions/{other_call}"), Some(&owner)).await);
    let set = format!("/api/customdimensions/setCallDimension/{other_call}");
    not_found(app.post_form(&set, Some(&owner), &[("form_dimension_id", &mine), ("form_value", "x")]).await);
    let set = format!("/api/customdimensions/setCallDimension/{atlas_call}");
    let theirs_id = theirs.to_string();
    not_found(app.post_form(&set, Some(&owner), &[("form_dimension_id", &theirs_id), ("form_value", "x")]).await);
    not_found(app.post_form(&set, Some(&owner), &[("form_dimension_id", "abc"), ("form_value", "x")]).await);
    let edit = format!("/api/customdimensions/editDimension/{theirs}");
    not_found(app.post_form(&edit, Some(&owner), &[("form_name", "Mine now"), ("form_kind", "text")]).await);
    not_found(app.post_form(&format!("/api/customdimensions/deleteDimension/{theirs}"), Some(&owner), &[]).await);
    not_found(app.post_form("/api/customdimensions/deleteDimension/0", Some(&owner), &[]).await);
    let name: String = sqlx::query_scalar(&format!("SELECT name FROM custom_dimensions WHERE id = {theirs}"))
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(name, "Theirs");
    let values = count(&app, &format!("SELECT COUNT(*) FROM call_dimension_values WHERE call_id = {other_call}")).await;
    assert_eq!(values, 0);
}

/// Atlas's inbound calls of the last 30 days with a value of `dimension` meeting `condition`
/// (on `v.value`), counted from the rows.
async fn expected(app: &TestApp, dimension: &str, condition: &str) -> i64 {
    let period = domain::reports::report_period(
        &domain::reports::DatePreset::Last30Days,
        app.state.clock.now(),
        "Europe/Dublin",
    )
    .unwrap();
    count(
        app,
        &format!(
            "SELECT COUNT(*) FROM calls c JOIN call_dimension_values v ON v.call_id = c.id AND v.dimension_id = {dimension}
             WHERE c.customer_id = {ATLAS} AND c.direction = 'inbound' AND c.started_at >= {} AND c.started_at < {}
               AND {condition}",
            period.start, period.end
        ),
    )
    .await
}

#[tokio::test]
async fn the_call_log_filters_by_a_dimension_and_its_csv_has_a_column_each() {
    let app = TestApp::spawn().await;
    let owner = app.login("enterprise@demo.test").await;
    let filters = ok(app.get("/api/reports/getCallFilters", Some(&owner)).await);
    let dims = filters["dimensions"].as_array().unwrap();
    let id_of = |name: &str| dims.iter().find(|d| d["label"] == name).unwrap()["id"].to_string();
    let (policy, premium, notes) = (id_of("Policy type"), id_of("Quoted premium"), id_of("Agent notes"));
    assert_eq!(dims.iter().find(|d| d["label"] == "Policy type").unwrap()["choices"][0], "Car");

    let total = |query: String| {
        let app = &app;
        let owner = owner.clone();
        async move { ok(app.get(&format!("/api/reports/getCalls?{query}"), Some(&owner)).await)["total"].as_i64().unwrap() }
    };
    let cars = total(format!("dimension={policy}&dimensionValue=car")).await;
    assert!(cars > 0);
    assert_eq!(cars, expected(&app, &policy, "v.value = 'Car'").await);
    let callbacks = total(format!("dimension={notes}&dimensionValue=CALLBACK")).await;
    assert!(callbacks > 0);
    assert_eq!(callbacks, expected(&app, &notes, "LOWER(v.value) LIKE '%callback%'").await);
    assert_eq!(total(format!("dimension={premium}")).await, expected(&app, &premium, "1 = 1").await);
    let one: String =
        sqlx::query_scalar(&format!("SELECT MIN(value) FROM call_dimension_values WHERE dimension_id = {premium}"))
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    let typed = one.replace('.', ".0");
    assert_eq!(
        total(format!("dimension={premium}&dimensionValue={typed}")).await,
        expected(&app, &premium, &format!("v.value = '{one}'")).await
    );
    // A '%' typed is a character, not a wildcard.
    assert_eq!(total(format!("dimension={notes}&dimensionValue=%25")).await, 0);

    // The export: the same calls, a column a field.
    let csv =
        app.get(&format!("/api/reports/exportCallsCsv?dimension={policy}&dimensionValue=Car"), Some(&owner)).await;
    assert_eq!(csv.status, StatusCode::OK);
    let text = csv.text();
    let mut reader = csv::Reader::from_reader(text.trim_start_matches('\u{feff}').as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(&header[header.len() - 3..], ["Agent notes", "Policy type", "Quoted premium"], "by name");
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len() as i64, cars);
    assert!(rows.iter().all(|r| r.get(header.len() - 2) == Some("Car")), "{rows:?}");
}

#[tokio::test]
async fn a_dimension_filter_is_checked_and_other_accounts_cannot_use_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("enterprise@demo.test").await;
    let page = ok(app.get(LIST, Some(&owner)).await);
    let policy = named(&page, "Policy type")["id"].to_string();
    let premium = named(&page, "Quoted premium")["id"].to_string();
    let calls = |query: String, session: String| {
        let app = &app;
        async move { app.get(&format!("/api/reports/getCalls?{query}"), Some(&session)).await }
    };
    let reply = calls(format!("dimension={policy}&dimensionValue=Boat"), owner.clone()).await;
    assert_eq!(field_error(&reply, "dimensionValue"), NOT_A_CHOICE);
    let reply = calls(format!("dimension={premium}&dimensionValue=lots"), owner.clone()).await;
    assert_eq!(field_error(&reply, "dimensionValue"), NOT_A_NUMBER);
    let reply = calls("dimensionValue=Car".into(), owner.clone()).await;
    assert_eq!(field_error(&reply, "dimension"), domain::reports::call_log::DIMENSION_MISSING_MESSAGE);
    let theirs: i64 = sqlx::query_scalar(
        "INSERT INTO custom_dimensions (customer_id, name, kind, choices, created_at) VALUES (100, 'Theirs', 'text', '', 0)
         RETURNING id",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    let reply = calls(format!("dimension={theirs}"), owner.clone()).await;
    assert_eq!(field_error(&reply, "dimension"), domain::reports::call_log::ID_MESSAGE);
    // Harbour Lane has no custom dimensions page: its own dimension row is no filter either.
    let other = app.login("owner@demo.test").await;
    let reply = calls(format!("dimension={theirs}"), other.clone()).await;
    assert_eq!(field_error(&reply, "dimension"), domain::reports::call_log::ID_MESSAGE);
    let filters = ok(app.get("/api/reports/getCallFilters", Some(&other)).await);
    assert_eq!(filters["dimensions"], serde_json::json!([]));
    let csv = app.get("/api/reports/exportCallsCsv", Some(&other)).await.text();
    assert!(!csv.lines().next().unwrap().contains("Theirs"));
}
