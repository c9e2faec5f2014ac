//! The routing library through the API: destination numbers, destination plans, queues,
//! voicemail and categories (docs/routing-api.md), with every validation message of the spec,
//! the uniqueness codes, permissions and tenant isolation.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{Reply, TestApp};

/// Form fields as posted.
type Fields<'a> = Vec<(&'a str, &'a str)>;

/// Asserts a 422 with this code and this message on this field.
#[track_caller]
fn assert_refused(reply: &Reply, code: &str, field: &str, message: &str) {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}: {}", reply.text());
    let body = reply.json();
    assert_eq!(body["success"], false);
    assert_eq!(body["code"], code, "{}", reply.text());
    assert_eq!(body["errors"][field], message, "{field}: {}", reply.text());
}

#[track_caller]
fn assert_ok(reply: &Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["success"], true, "{}", reply.text());
    body
}

async fn get_json(app: &TestApp, path: &str, session: &str) -> Value {
    let reply = app.get(path, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text());
    reply.json()
}

fn find<'a>(list: &'a Value, key: &str, value: &str) -> Option<&'a Value> {
    list.as_array().unwrap().iter().find(|item| item[key] == value)
}

// ---- Destination numbers ------------------------------------------------------------------

async fn destination_numbers(app: &TestApp, session: &str) -> Value {
    get_json(app, "/api/manageconnections/getDestinationNumbers/", session).await
}

pub(crate) fn new_number<'a>(description: &'a str, number: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("form_number_description", description),
        ("form_destination_number", number),
        ("form_international_code", "1"),
        ("form_country_code", "44"),
        ("form_mailbox", "0"),
    ]
}

fn with<'a>(mut fields: Vec<(&'a str, &'a str)>, name: &'a str, value: &'a str) -> Vec<(&'a str, &'a str)> {
    fields.retain(|(n, _)| *n != name);
    fields.push((name, value));
    fields
}

#[tokio::test]
async fn destination_numbers_are_listed_with_the_international_codes() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let answer = destination_numbers(&app, &owner).await;
    let reception = find(&answer["destinations"], "description", "Reception").expect("the demo's Reception");
    assert_eq!(reception["destination"], "01614960000");
    assert_eq!(reception["internationalCode"], 1);
    assert_eq!(reception["code"], "44");
    assert_eq!(reception["mailbox"], 0);
    assert!(reception["id"].is_i64());
    let voicemail = find(&answer["destinations"], "description", "Reception voicemail").unwrap();
    assert_eq!(voicemail["mailbox"], 1);
    assert!(find(&answer["destinations"], "description", "Head office").is_none(), "another customer's number");
    let uk = find(&answer["internationalCodes"], "description", "United Kingdom").unwrap();
    assert_eq!(uk["code"], "44");
    assert!(find(&answer["internationalCodes"], "description", "Ireland").is_some());
    let without_slash = get_json(&app, "/api/manageconnections/getDestinationNumbers", &owner).await;
    assert_eq!(without_slash, answer);
}

#[tokio::test]
async fn a_destination_number_is_stored_then_its_description_and_mailbox_updated() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = app
        .post_multipart(
            "/api/manageterms/storeDestinationNumber",
            Some(&owner),
            &new_number("York branch", "01904960123"),
        )
        .await;
    let id = assert_ok(&reply)["id"].as_i64().unwrap();
    let listed = destination_numbers(&app, &owner).await;
    let york = listed["destinations"].as_array().unwrap().iter().find(|d| d["id"] == id).unwrap();
    assert_eq!(york["description"], "York branch");
    assert_eq!(york["destination"], "01904960123");
    assert_eq!(york["code"], "44");
    // A number typed as people write it is stored as its digits (domain typed_number).
    let reply = app
        .post_multipart(
            "/api/manageterms/storeDestinationNumber",
            Some(&owner),
            &new_number("Harrogate branch", "+44 (0)113 496-0777"),
        )
        .await;
    let leeds = assert_ok(&reply)["id"].as_i64().unwrap();
    let listed = destination_numbers(&app, &owner).await;
    let stored = listed["destinations"].as_array().unwrap().iter().find(|d| d["id"] == leeds).unwrap();
    assert_eq!(stored["destination"], "01134960777");

    let id_text = id.to_string();
    let update = [
        ("form_number_description", "York branch (main)"),
        ("form_record_id", id_text.as_str()),
        ("form_mailbox", "1"),
        ("form_destination_number", "09999999999"),
    ];
    let reply = app.post_form("/api/manageterms/updateDestinationNumber", Some(&owner), &update).await;
    assert_eq!(assert_ok(&reply)["id"], id);
    let listed = destination_numbers(&app, &owner).await;
    let york = listed["destinations"].as_array().unwrap().iter().find(|d| d["id"] == id).unwrap();
    assert_eq!(york["description"], "York branch (main)");
    assert_eq!(york["mailbox"], 1);
    assert_eq!(york["destination"], "01904960123", "an update does not change the number");

    // Keeping its own description is not a clash.
    let reply = app.post_form("/api/manageterms/updateDestinationNumber/", Some(&owner), &update).await;
    assert_ok(&reply);
}

#[tokio::test]
async fn every_destination_number_message_comes_back_on_its_field() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let long = "d".repeat(41);
    let long_number = "1".repeat(21);
    let cases: Vec<(Fields, &str, String)> = vec![
        (new_number("", "01904960123"), "form_number_description", "Description is required.".into()),
        (
            new_number(&long, "01904960123"),
            "form_number_description",
            "Description must not exceed 40 characters.".into(),
        ),
        (
            new_number("York ✓", "01904960123"),
            "form_number_description",
            "Invalid characters found. Allowed characters are letters, numbers, spaces and standard punctuation."
                .into(),
        ),
        (new_number("York", ""), "form_destination_number", "Destination is required.".into()),
        (new_number("York", "abc"), "form_destination_number", "Destination must be a number.".into()),
        (new_number("York", "0190 496 01x3"), "form_destination_number", "Destination can have only numbers.".into()),
        (
            new_number("York", "0190496"),
            "form_destination_number",
            "Destination must be at least 8 digits in length.".into(),
        ),
        (
            new_number("York", &long_number),
            "form_destination_number",
            "Destination must not exceed 20 digits in length.".into(),
        ),
        (
            with(new_number("York", "01904960123"), "form_international_code", ""),
            "form_international_code",
            "International code is required.".into(),
        ),
        (
            with(new_number("York", "01904960123"), "form_international_code", "999"),
            "form_international_code",
            "International code is required.".into(),
        ),
        (
            with(new_number("York", "01904960123"), "form_mailbox", "2"),
            "form_mailbox",
            "Mailbox must be 0 or 1.".into(),
        ),
    ];
    let before = destination_numbers(&app, &owner).await["destinations"].as_array().unwrap().len();
    for (fields, field, message) in cases {
        let reply = app.post_form("/api/manageterms/storeDestinationNumber", Some(&owner), &fields).await;
        assert_refused(&reply, "VALIDATION_FAILED", field, &message);
    }
    let reply = app
        .post_form(
            "/api/manageterms/updateDestinationNumber",
            Some(&owner),
            &[("form_number_description", ""), ("form_record_id", "1"), ("form_mailbox", "0")],
        )
        .await;
    assert_refused(&reply, "VALIDATION_FAILED", "form_number_description", "Description is required.");
    let after = destination_numbers(&app, &owner).await["destinations"].as_array().unwrap().len();
    assert_eq!(before, after, "nothing stored");
}

#[tokio::test]
async fn taken_descriptions_and_numbers_have_their_codes() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let store = "/api/manageterms/storeDestinationNumber";
    let reply = app.post_form(store, Some(&owner), &new_number(" reception ", "01904960123")).await;
    assert_refused(&reply, "DESCRIPTION_NOT_UNIQUE", "form_number_description", "Description must be unique.");
    let reply = app.post_form(store, Some(&owner), &new_number("Reception again", "01614960000")).await;
    assert_refused(
        &reply,
        "DESTINATION_NUMBER_NOT_UNIQUE",
        "form_destination_number",
        "This destination number already exists on this account.",
    );
    // The same digits under another international code are another number.
    let ireland = with(new_number("Reception in Ireland", "01614960000"), "form_international_code", "2");
    assert_ok(&app.post_form(store, Some(&owner), &ireland).await);
    // Another customer's description and number are no clash.
    assert_ok(&app.post_form(store, Some(&owner), &new_number("Head office", "02079460500")).await);

    let reply = app
        .post_form(
            "/api/manageterms/updateDestinationNumber",
            Some(&owner),
            &[("form_number_description", "Surgery mobile"), ("form_record_id", "1"), ("form_mailbox", "0")],
        )
        .await;
    assert_refused(&reply, "DESCRIPTION_NOT_UNIQUE", "form_number_description", "Description must be unique.");
}

#[tokio::test]
async fn another_customers_destination_number_cannot_be_updated() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let enterprise = app.login("enterprise@demo.test").await;
    let theirs = destination_numbers(&app, &enterprise).await;
    let head_office = find(&theirs["destinations"], "description", "Head office").unwrap().clone();
    let id = head_office["id"].to_string();
    let reply = app
        .post_form(
            "/api/manageterms/updateDestinationNumber",
            Some(&owner),
            &[("form_number_description", "Mine now"), ("form_record_id", &id), ("form_mailbox", "1")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND, "{}", reply.text());
    assert_eq!(reply.json()["code"], "NOT_FOUND");
    let after = destination_numbers(&app, &enterprise).await;
    assert_eq!(find(&after["destinations"], "description", "Head office"), Some(&head_office));
}

// ---- Destination plans --------------------------------------------------------------------

async fn routings(app: &TestApp, session: &str) -> Value {
    get_json(app, "/api/manageroutings/getRoutings/", session).await["routings"].clone()
}

async fn plan_details(app: &TestApp, session: &str, id: i64) -> Value {
    get_json(app, &format!("/api/manageconnections/getDestinationPlanDetails/{id}"), session).await
}

async fn save_plan(app: &TestApp, session: &str, id: i64, fields: &[(&str, &str)]) -> Reply {
    app.post_multipart(&format!("/api/manageroutings/save/{id}"), Some(session), fields).await
}

fn hunt_group(description: &str) -> Vec<(&str, &str)> {
    vec![
        ("form_description", description),
        ("form_record_id", "0"),
        ("form_queue", "0"),
        ("form_incall", "0"),
        ("form_plan_type", "0"),
        ("form_destination[0]", "1"),
        ("form_ring_length[0]", "30"),
        ("form_destination[1]", "2"),
        ("form_ring_length[1]", "45"),
    ]
}

#[tokio::test]
async fn destination_plans_are_listed_and_detailed() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let list = routings(&app, &owner).await;
    let multi = find(&list, "description", "All surgeries (multi dial)").expect("a demo multi dial").clone();
    assert_eq!(multi["planType"], 1);
    assert_eq!(find(&list, "description", "Reception then mobile").unwrap()["planType"], 0);
    assert!(find(&list, "description", "Head office").is_none(), "another customer's plan");
    assert_eq!(get_json(&app, "/api/manageroutings/getRoutings", &owner).await["routings"], list);

    let details = plan_details(&app, &owner, multi["id"].as_i64().unwrap()).await;
    assert_eq!(details["plan"]["description"], "All surgeries (multi dial)");
    assert_eq!(details["plan"]["planType"], 1);
    assert_eq!(details["plan"]["attributionId"], 0);
    assert!(details["plan"]["noResponseDestination"].as_i64().unwrap() > 0);
    let rows = details["planDestinations"].as_array().unwrap();
    assert!(rows.len() >= 3);
    assert_eq!(rows[0]["ringLengthMultiDial"], 30);
    assert_eq!(rows[0]["ringLength"], 30);
    assert_eq!(rows[1]["ringLength"], 0);
    assert!(details["affectedNumbers"].is_array() && details["affectedNumberSets"].is_array());
}

#[tokio::test]
async fn a_plan_lists_the_numbers_and_pools_routed_through_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let id = save_plan(&app, &owner, 0, &hunt_group("Weekend cover")).await.json()["rogrId"].as_i64().unwrap();
    assert_eq!(plan_details(&app, &owner, id).await["affectedNumbers"], serde_json::json!([]));
    let db = &app.state.db;
    let (service_plan,): (i64,) = sqlx::query_as(
        "INSERT INTO service_plans (customer_id, description) VALUES (100, 'Weekend test') RETURNING id",
    )
    .fetch_one(db)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO service_plan_times (plan_id, position, from_day, from_minute, to_day, to_minute, plan_type,
         destination_plan_id) VALUES ($1, 0, 1, 0, 7, 1439, 'routing', $2)",
    )
    .bind(service_plan)
    .bind(id)
    .execute(db)
    .await
    .unwrap();
    for (kind, number, pool) in
        [("static", "01614960777", ""), ("dynamic", "", "Weekend website"), ("static", "01614960778", "")]
    {
        let plan = if number == "01614960778" { None } else { Some(service_plan) };
        sqlx::query(
            "INSERT INTO routing_entries (customer_id, kind, number, pool_name, description, service_plan_id)
             VALUES (100, $1, $2, $3, 'Test entry', $4)",
        )
        .bind(kind)
        .bind(number)
        .bind(pool)
        .bind(plan)
        .execute(db)
        .await
        .unwrap();
    }
    let details = plan_details(&app, &owner, id).await;
    assert_eq!(details["affectedNumbers"], serde_json::json!([{ "number": "01614960777" }]));
    assert_eq!(details["affectedNumberSets"], serde_json::json!([{ "description": "Weekend website" }]));
}

#[tokio::test]
async fn a_destination_plan_is_created_updated_and_saved_as_new() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = save_plan(&app, &owner, 0, &hunt_group("Front desk")).await;
    let id = assert_ok(&reply)["rogrId"].as_i64().unwrap();
    assert_eq!(find(&routings(&app, &owner).await, "description", "Front desk").unwrap()["id"], id);
    let details = plan_details(&app, &owner, id).await;
    assert_eq!(details["plan"]["planType"], 0);
    assert_eq!(details["plan"]["queue"], 0);
    assert_eq!(
        details["planDestinations"],
        serde_json::json!([
            { "destination": 1, "ringLength": 30, "ringLengthMultiDial": 0 },
            { "destination": 2, "ringLength": 45, "ringLengthMultiDial": 0 },
        ])
    );

    // Now a multi dial with a queue and a no-response destination; ring length on row 0 only.
    let queue_id = get_json(&app, "/api/manageconnections/getQueues/", &owner).await["queues"][0]["id"].to_string();
    let id_text = id.to_string();
    let multi = [
        ("form_description", "Front desk"),
        ("form_record_id", id_text.as_str()),
        ("form_queue", queue_id.as_str()),
        ("form_incall", "0"),
        ("form_plan_type", "1"),
        ("form_no_response_destination", "9"),
        ("form_destination[]", "4"),
        ("form_ring_length[]", "20"),
        ("form_destination[]", "5"),
        ("form_ring_length[]", ""),
        ("form_destination[]", "1"),
        ("form_ring_length[]", ""),
    ];
    let reply = save_plan(&app, &owner, id, &multi).await;
    assert_eq!(assert_ok(&reply)["rogrId"], id);
    let details = plan_details(&app, &owner, id).await;
    assert_eq!(details["plan"]["planType"], 1);
    assert_eq!(details["plan"]["queue"].to_string(), queue_id);
    assert_eq!(details["plan"]["noResponseDestination"], 9);
    assert_eq!(
        details["planDestinations"],
        serde_json::json!([
            { "destination": 4, "ringLength": 20, "ringLengthMultiDial": 20 },
            { "destination": 5, "ringLength": 0, "ringLengthMultiDial": 0 },
            { "destination": 1, "ringLength": 0, "ringLengthMultiDial": 0 },
        ])
    );

    // Save as new is checked against every plan, this one included.
    let reply = save_plan(&app, &owner, 0, &multi).await;
    assert_refused(&reply, "DESCRIPTION_NOT_UNIQUE", "form_description", "Description must be unique.");
    let reply = save_plan(&app, &owner, id, &hunt_group("reception")).await;
    assert_refused(&reply, "DESCRIPTION_NOT_UNIQUE", "form_description", "Description must be unique.");
    // A hunt group keeps no no-response destination.
    let mut hunt = hunt_group("Front desk copy");
    hunt.push(("form_no_response_destination", "9"));
    let copy = assert_ok(&save_plan(&app, &owner, 0, &hunt).await)["rogrId"].as_i64().unwrap();
    assert_ne!(copy, id);
    assert_eq!(plan_details(&app, &owner, copy).await["plan"]["noResponseDestination"], 0);
    assert_eq!(plan_details(&app, &owner, id).await["plan"]["planType"], 1, "the original is untouched");
}

#[tokio::test]
async fn every_destination_plan_message_comes_back_on_its_field() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let long = "p".repeat(61);
    let cases: Vec<(Fields, &str, &str)> = vec![
        (hunt_group(""), "form_description", "Description is required."),
        (hunt_group(&long), "form_description", "Description must not exceed 60 characters."),
        (
            hunt_group("Front desk ✓"),
            "form_description",
            "Invalid characters found. Allowed characters are letters, numbers, spaces and standard punctuation.",
        ),
        (
            with(hunt_group("Front desk"), "form_plan_type", "2"),
            "form_plan_type",
            "Please choose hunt group or multi dial.",
        ),
        (
            vec![("form_description", "Front desk"), ("form_plan_type", "0")],
            "form_destination[0]",
            "Destination is required.",
        ),
        (with(hunt_group("Front desk"), "form_destination[1]", "0"), "form_destination[1]", "Destination is required."),
        (with(hunt_group("Front desk"), "form_ring_length[1]", ""), "form_ring_length[1]", "Ring Length is required."),
        (with(hunt_group("Front desk"), "form_ring_length[0]", "7"), "form_ring_length[0]", "Ring Length is required."),
        // A multi dial rings for at most 30 seconds.
        (
            with(
                with(with(hunt_group("Front desk"), "form_plan_type", "1"), "form_ring_length[0]", "45"),
                "form_ring_length[1]",
                "",
            ),
            "form_ring_length[0]",
            "Ring Length is required.",
        ),
    ];
    let before = routings(&app, &owner).await.as_array().unwrap().len();
    for (fields, field, message) in cases {
        let reply = save_plan(&app, &owner, 0, &fields).await;
        assert_refused(&reply, "VALIDATION_FAILED", field, message);
    }
    assert_eq!(routings(&app, &owner).await.as_array().unwrap().len(), before, "nothing stored");
}

#[tokio::test]
async fn destination_plans_refer_only_to_the_customers_own_records() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let enterprise = app.login("enterprise@demo.test").await;
    let their_plan =
        find(&routings(&app, &enterprise).await, "description", "Head office").unwrap()["id"].as_i64().unwrap();
    let their_details = plan_details(&app, &enterprise, their_plan).await;
    let their_number = their_details["planDestinations"][0]["destination"].to_string();
    let their_queue =
        get_json(&app, "/api/manageconnections/getQueues/", &enterprise).await["queues"][0]["id"].to_string();
    let before = routings(&app, &owner).await;

    let multi_dial = with(with(hunt_group("Borrowed"), "form_plan_type", "1"), "form_ring_length[1]", "");
    let cases: Vec<Vec<(&str, &str)>> = vec![
        with(hunt_group("Borrowed"), "form_destination[1]", &their_number),
        with(hunt_group("Borrowed"), "form_queue", &their_queue),
        with(multi_dial, "form_no_response_destination", &their_number),
        // Atlas Insurance's in-call attribution plan (seeded with id 101), and one nobody has.
        with(hunt_group("Borrowed"), "form_incall", "101"),
        with(hunt_group("Borrowed"), "form_incall", "999999"),
    ];
    for fields in cases {
        let reply = save_plan(&app, &owner, 0, &fields).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{fields:?}: {}", reply.text());
    }
    let reply = save_plan(&app, &owner, their_plan, &hunt_group("Taken over")).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let reply = app.get(&format!("/api/manageconnections/getDestinationPlanDetails/{their_plan}"), Some(&owner)).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get("/api/manageconnections/getDestinationPlanDetails/999999", Some(&owner)).await.status,
        StatusCode::NOT_FOUND
    );

    assert_eq!(routings(&app, &owner).await, before, "nothing stored");
    assert_eq!(plan_details(&app, &enterprise, their_plan).await, their_details, "theirs untouched");
}

// ---- Queues -------------------------------------------------------------------------------

async fn queues(app: &TestApp, session: &str) -> Value {
    get_json(app, "/api/manageconnections/getQueues/", session).await["queues"].clone()
}

fn queue(description: &str) -> Vec<(&str, &str)> {
    vec![
        ("form_description", description),
        ("form_welcome_audio", "1"),
        ("form_audio_1", "3"),
        ("form_audio_2", "0"),
        ("form_audio_3", "0"),
        ("form_next_in_line_audio", "7"),
        ("form_queue_full_audio", "8"),
        ("form_hold_music", "2"),
        ("form_max_calls", "25"),
        ("form_lines_qty", "4"),
        ("form_message_mode", "3"),
        ("form_message_interval", "50"),
    ]
}

#[tokio::test]
async fn queues_are_listed_saved_and_saved_as_new() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let list = queues(&app, &owner).await;
    let reception = find(&list, "description", "Reception queue").expect("a demo queue");
    assert_eq!(reception["welcomeAudio"], 1);
    assert_eq!(reception["maxCalls"], 10);
    assert!(find(&list, "description", "Claims queue").is_none(), "another customer's queue");
    assert_eq!(get_json(&app, "/api/manageconnections/getQueues", &owner).await["queues"], list);

    let reply = app.post_multipart("/api/queues/save/0", Some(&owner), &queue("Orthodontics queue")).await;
    let id = assert_ok(&reply)["id"].as_i64().unwrap();
    let saved = queues(&app, &owner).await;
    let saved = find(&saved, "description", "Orthodontics queue").unwrap().clone();
    assert_eq!(
        saved,
        serde_json::json!({
            "id": id, "description": "Orthodontics queue", "maxCalls": 25, "quantityOfLines": 4, "holdMusic": 2,
            "apologyMode": 3, "apologyInterval": 50, "welcomeAudio": 1, "message1Audio": 3, "message2Audio": 0,
            "message3Audio": 0, "nextInLineAudio": 7, "queueFullAudio": 8,
        })
    );

    let update = with(with(queue("Orthodontics queue"), "form_max_calls", "100"), "form_audio_2", "0");
    let update = with(with(update, "form_lines_qty", "99"), "form_welcome_audio", "2");
    let reply = app.post_form(&format!("/api/queues/save/{id}"), Some(&owner), &update).await;
    assert_eq!(assert_ok(&reply)["id"], id);
    let updated = queues(&app, &owner).await;
    let updated = find(&updated, "description", "Orthodontics queue").unwrap();
    assert_eq!((updated["maxCalls"].as_i64(), updated["quantityOfLines"].as_i64()), (Some(100), Some(99)));
    assert_eq!(updated["welcomeAudio"], 2);

    let reply = app.post_form("/api/queues/save/0", Some(&owner), &queue("orthodontics QUEUE")).await;
    assert_refused(&reply, "DESCRIPTION_NOT_UNIQUE", "form_description", "Description is not unique.");
    assert_eq!(reply.json()["error"], "Description is not unique.");
    let reply = app.post_form(&format!("/api/queues/save/{id}"), Some(&owner), &queue("Reception queue")).await;
    assert_refused(&reply, "DESCRIPTION_NOT_UNIQUE", "form_description", "Description is not unique.");
    assert_eq!(queues(&app, &owner).await.as_array().unwrap().len(), list.as_array().unwrap().len() + 1);
}

#[tokio::test]
async fn every_queue_message_comes_back_on_its_field() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let empty = app.post_form("/api/queues/save/0", Some(&owner), &[]).await;
    for (field, message) in [
        ("form_description", "Description is required."),
        ("form_max_calls", "Maximum calls in queue is required."),
        ("form_lines_qty", "Quantity of lines is required."),
        ("form_hold_music", "Hold music genre is required."),
        ("form_message_mode", "Message mode is required."),
        ("form_message_interval", "Message interval is required."),
    ] {
        assert_refused(&empty, "VALIDATION_FAILED", field, message);
    }
    let long = "q".repeat(61);
    let cases: Vec<(Fields, &str, &str)> = vec![
        (queue(&long), "form_description", "Description can only be 60 characters in length."),
        (
            queue("Queue ✓"),
            "form_description",
            "Invalid characters found. Allowed characters are letters, numbers, spaces and standard punctuation.",
        ),
        (with(queue("Q"), "form_max_calls", "101"), "form_max_calls", "A maximum of 100 calls are allowed in a queue."),
        (with(queue("Q"), "form_max_calls", "0"), "form_max_calls", "Maximum calls in queue is required."),
        (with(queue("Q"), "form_lines_qty", "100"), "form_lines_qty", "Quantity of lines must be between 1 and 99."),
        (with(queue("Q"), "form_lines_qty", "0"), "form_lines_qty", "Quantity of lines must be between 1 and 99."),
        (with(queue("Q"), "form_hold_music", "6"), "form_hold_music", "Hold music genre is required."),
        (with(queue("Q"), "form_message_mode", "9"), "form_message_mode", "Message mode is required."),
        (with(queue("Q"), "form_message_interval", "35"), "form_message_interval", "Message interval is required."),
    ];
    for (fields, field, message) in cases {
        let reply = app.post_form("/api/queues/save/0", Some(&owner), &fields).await;
        assert_refused(&reply, "VALIDATION_FAILED", field, message);
    }
    assert!(find(&queues(&app, &owner).await, "description", "Q").is_none(), "nothing stored");
}

#[tokio::test]
async fn queues_refer_only_to_the_customers_own_records() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let enterprise = app.login("enterprise@demo.test").await;
    let theirs = queues(&app, &enterprise).await;
    let their_queue = theirs[0]["id"].as_i64().unwrap();
    let their_audio =
        get_json(&app, "/api/manageconnections/getCustomerAudios", &enterprise).await["audios"][0]["id"].to_string();
    let before = queues(&app, &owner).await;
    for slot in [
        "form_welcome_audio",
        "form_audio_1",
        "form_audio_2",
        "form_audio_3",
        "form_next_in_line_audio",
        "form_queue_full_audio",
    ] {
        let reply =
            app.post_form("/api/queues/save/0", Some(&owner), &with(queue("Borrowed"), slot, &their_audio)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{slot}: {}", reply.text());
    }
    let reply = app.post_form(&format!("/api/queues/save/{their_queue}"), Some(&owner), &queue("Taken over")).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(queues(&app, &owner).await, before);
    assert_eq!(queues(&app, &enterprise).await, theirs);
}

// ---- Voicemail ----------------------------------------------------------------------------

async fn voicemails(app: &TestApp, session: &str) -> Value {
    get_json(app, "/api/managevoicemails/getList", session).await["voicemails"].clone()
}

#[tokio::test]
async fn voicemails_are_listed_stored_and_updated() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let list = voicemails(&app, &owner).await;
    let reception = find(&list, "description", "Reception").expect("a demo voicemail").clone();
    assert!(reception["audioId"].as_i64().unwrap() > 0);
    assert!(find(&list, "description", "Claims").is_none(), "another customer's voicemail");

    let fields = [("description", "Leeds voicemail"), ("audioId", "9"), ("voicemailId", "0"), ("form_record_id", "0")];
    let id = assert_ok(&app.post_multipart("/api/managevoicemails/store/", Some(&owner), &fields).await)["id"]
        .as_i64()
        .unwrap();
    let got = get_json(&app, &format!("/api/managevoicemails/get/{id}"), &owner).await;
    assert_eq!((got["description"].as_str(), got["audioId"].as_i64()), (Some("Leeds voicemail"), Some(9)));

    let id_text = id.to_string();
    let update = [
        ("description", "Leeds branch voicemail"),
        ("audioId", "10"),
        ("voicemailId", &id_text),
        ("form_record_id", &id_text),
    ];
    let reply = app.post_form(&format!("/api/managevoicemails/update/{id}"), Some(&owner), &update).await;
    assert_eq!(assert_ok(&reply)["id"], id);
    let got = get_json(&app, &format!("/api/managevoicemails/get/{id}"), &owner).await;
    assert_eq!((got["description"].as_str(), got["audioId"].as_i64()), (Some("Leeds branch voicemail"), Some(10)));
    let listed = voicemails(&app, &owner).await;
    assert_eq!(find(&listed, "description", "Leeds branch voicemail").unwrap()["audioId"], 10);
    // Without the trailing slash too; voicemail descriptions need not be unique.
    assert_ok(&app.post_form("/api/managevoicemails/store", Some(&owner), &fields).await);
}

#[tokio::test]
async fn every_voicemail_message_comes_back_on_its_field() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let long = "v".repeat(61);
    let cases: [(&str, &str, &str, &str); 4] = [
        ("", "9", "description", "Description is required."),
        (&long, "9", "description", "Description must not exceed 60 characters."),
        (
            "Voicemail ✓",
            "9",
            "description",
            "Invalid characters found. Allowed characters are letters, numbers, spaces and standard punctuation.",
        ),
        ("Voicemail", "0", "audioId", "Audio is required."),
    ];
    let before = voicemails(&app, &owner).await;
    for (description, audio, field, message) in cases {
        let fields = [("description", description), ("audioId", audio)];
        let reply = app.post_form("/api/managevoicemails/store/", Some(&owner), &fields).await;
        assert_refused(&reply, "VALIDATION_FAILED", field, message);
        let reply = app.post_form("/api/managevoicemails/update/1", Some(&owner), &fields).await;
        assert_refused(&reply, "VALIDATION_FAILED", field, message);
    }
    assert_eq!(voicemails(&app, &owner).await, before, "nothing changed");
}

#[tokio::test]
async fn voicemails_refer_only_to_the_customers_own_records() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let enterprise = app.login("enterprise@demo.test").await;
    let theirs = voicemails(&app, &enterprise).await;
    let their_id = theirs[0]["id"].as_i64().unwrap();
    let their_audio = theirs[0]["audioId"].to_string();
    let before = voicemails(&app, &owner).await;
    assert_eq!(
        app.get(&format!("/api/managevoicemails/get/{their_id}"), Some(&owner)).await.status,
        StatusCode::NOT_FOUND
    );
    let fields = [("description", "Mine"), ("audioId", "9")];
    let reply = app.post_form(&format!("/api/managevoicemails/update/{their_id}"), Some(&owner), &fields).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let fields = [("description", "Mine"), ("audioId", their_audio.as_str())];
    assert_eq!(
        app.post_form("/api/managevoicemails/store/", Some(&owner), &fields).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.post_form("/api/managevoicemails/update/1", Some(&owner), &fields).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(voicemails(&app, &owner).await, before);
    assert_eq!(voicemails(&app, &enterprise).await, theirs);
}

#[tokio::test]
async fn categories_are_the_customers_own() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let categories = get_json(&app, "/api/manageroutings/getCategories", &owner).await["categories"].clone();
    let names: Vec<&str> = categories.as_array().unwrap().iter().map(|c| c["description"].as_str().unwrap()).collect();
    assert!(names.contains(&"New patient enquiry"), "{names:?}");
    assert!(!names.contains(&"Motor claim"), "{names:?}");
}

// ---- Permissions --------------------------------------------------------------------------

const SELECTOR_READS: [&str; 6] = [
    "/api/manageroutings/getRoutings/",
    "/api/manageconnections/getDestinationNumbers/",
    "/api/manageconnections/getQueues/",
    "/api/manageconnections/getCustomerAudios",
    "/api/managevoicemails/getList",
    "/api/manageroutings/getCategories",
];
const EDITOR_READS: [&str; 3] = [
    "/api/manageconnections/getDestinationPlanDetails/1",
    "/api/managevoicemails/get/1",
    "/api/manageaudios/getAudioList",
];
const WRITES: [&str; 9] = [
    "/api/manageroutings/save/0",
    "/api/manageterms/storeDestinationNumber",
    "/api/manageterms/updateDestinationNumber",
    "/api/queues/save/0",
    "/api/managevoicemails/store/",
    "/api/managevoicemails/update/1",
    "/api/manageaudios/checkAudioDescription/0",
    "/api/manageaudios/getAffectedLocations",
    "/api/manageaudios/bulkSoftDelete",
];

#[tokio::test]
async fn group_accounts_and_users_who_cannot_provision_get_403_everywhere() {
    let app = TestApp::spawn().await;
    for email in ["group@demo.test", "user@demo.test"] {
        let session = app.login(email).await;
        for path in SELECTOR_READS.iter().chain(EDITOR_READS.iter()) {
            let reply = app.get(path, Some(&session)).await;
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email} {path}");
            assert_eq!(reply.json()["code"], "FORBIDDEN");
        }
        for path in WRITES {
            let reply = app.post_form(path, Some(&session), &queue("Sneaky")).await;
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email} {path}");
        }
    }
    let owner = app.login("owner@demo.test").await;
    assert!(find(&queues(&app, &owner).await, "description", "Sneaky").is_none());
}

#[tokio::test]
async fn starter_reads_the_selectors_but_cannot_use_the_editors() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    for path in SELECTOR_READS {
        assert_eq!(app.get(path, Some(&starter)).await.status, StatusCode::OK, "{path}");
    }
    for path in EDITOR_READS {
        assert_eq!(app.get(path, Some(&starter)).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    for path in WRITES {
        let reply = app.post_form(path, Some(&starter), &queue("Starter queue")).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    let fields = new_number("Starter line", "01134960999");
    let reply = app.post_form("/api/manageterms/storeDestinationNumber", Some(&starter), &fields).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(queues(&app, &starter).await, serde_json::json!([]));
    assert_eq!(destination_numbers(&app, &starter).await["destinations"], serde_json::json!([]));
}

#[tokio::test]
async fn an_administrator_of_the_customer_may_edit_the_library() {
    let app = TestApp::spawn().await;
    let admin = app.login("admin@demo.test").await;
    let reply = app.post_form("/api/queues/save/0", Some(&admin), &queue("Admin queue")).await;
    assert_ok(&reply);
    let owner = app.login("owner@demo.test").await;
    assert!(find(&queues(&app, &owner).await, "description", "Admin queue").is_some());
}

#[tokio::test]
async fn a_user_who_may_provision_but_is_not_an_administrator_reads_the_library_but_cannot_change_it() {
    let app = TestApp::spawn().await;
    crate::routing_connect::grant_provisioning(&app, 3, 100).await;
    let user = app.login("user@demo.test").await;
    for path in SELECTOR_READS.iter().chain(EDITOR_READS.iter()) {
        assert_eq!(app.get(path, Some(&user)).await.status, StatusCode::OK, "{path}");
    }
    let writes = WRITES.iter().filter(|p| !p.ends_with("getAffectedLocations"));
    for path in writes.chain(["/api/manageaudios/addAudio/", "/api/manageconnections/create_plan"].iter()) {
        let reply = app.post_form(path, Some(&user), &queue("Sneaky")).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    let owner = app.login("owner@demo.test").await;
    let queues = app.get("/api/manageconnections/getQueues/", Some(&owner)).await.json();
    assert!(!queues["queues"].as_array().unwrap().iter().any(|q| q["description"] == "Sneaky"));
}
