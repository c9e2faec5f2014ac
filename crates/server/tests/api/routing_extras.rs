//! Call routing part 2, the simpler entities (docs/routing-api.md "Part 2"): call
//! categories, report groups, in-call attribution, DTMF plans and DTMF IVRs, dynamic whispers.
//! Seeded: customer 100's records start at id 1, Atlas Insurance's (300) at 101.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{rows_as_text, Reply, TestApp};
use crate::routing_connect::{
    advanced_row, detail, entry, get_json, grant_provisioning, post, snapshot, ENTERPRISE, OWNER,
};

async fn send(app: &TestApp, path: &str, session: &str, fields: &[(&str, &str)]) -> Reply {
    app.post_multipart(path, Some(session), fields).await
}

fn ok(reply: &Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

/// The 422's message for a field.
fn message(reply: &Reply, field: &str) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    reply.json()["errors"][field].as_str().unwrap_or_else(|| panic!("no {field} in {}", reply.text())).to_string()
}

fn assert_not_unique(reply: &Reply, field: &str) {
    assert_eq!(message(reply, field), "Description must be unique.");
    assert_eq!(reply.json()["code"], "DESCRIPTION_NOT_UNIQUE");
}

fn assert_status(reply: &Reply, status: StatusCode, what: &str) {
    assert_eq!(reply.status, status, "{what}: {}", reply.text());
}

fn descriptions(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|v| v["description"].as_str().unwrap().to_string()).collect()
}

/// Every row of every table of these entities, to show nothing changed.
async fn everything(app: &TestApp) -> Vec<String> {
    let mut all = vec![];
    for (table, columns) in [
        ("call_categories", "id, customer_id, description"),
        ("report_groups", "id, customer_id, description"),
        ("secondary_report_groups", "id, customer_id, description"),
        (
            "in_call_attributions",
            "id, customer_id, description, active, attribution_type, terminator, delay_before, delay_after",
        ),
        (
            "dtmf_plans",
            "id, customer_id, description, intro_audio_id, end_audio_id, min_length, max_length, \
             initial_key_timeout, inter_key_timeout, skip_audio",
        ),
        ("dtmf_ivrs", "id, customer_id, description, intro_audio_id, end_audio_id"),
        ("dtmf_ivr_keys", "ivr_id, position, key, description, category_id, dtmf_plan_id"),
        ("dynamic_whispers", "id, customer_id, description"),
        ("dynamic_whisper_sources", "whisper_id, source_medium_id, whisper"),
    ] {
        let rows = rows_as_text(&app.state.db, &format!("SELECT {columns} FROM {table} ORDER BY {columns}")).await;
        assert!(!rows.is_empty(), "{table} is seeded");
        all.push(format!("{table}: {rows:?}"));
    }
    all
}

// ---- Categories ------------------------------------------------------------------------------

const CATEGORIES: &str = "/api/manageroutings/getCategories";

#[tokio::test]
async fn a_category_is_created_renamed_and_listed() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let created = ok(&send(
        &app,
        "/api/managecallcategories/createNew/",
        &owner,
        &[("form_description", "Orthodontic referral"), ("form_customer_id", "100")],
    )
    .await);
    let id = created["id"].as_i64().unwrap();
    let list = get_json(&app, CATEGORIES, &owner).await["categories"].clone();
    assert!(list.as_array().unwrap().contains(&json!({ "id": id, "description": "Orthodontic referral" })));

    let id_text = id.to_string();
    let renamed = ok(&send(
        &app,
        "/api/managecallcategories/updateExisting/",
        &owner,
        &[("form_record_id", &id_text), ("form_description", "Orthodontic referrals"), ("form_customer_id", "100")],
    )
    .await);
    assert_eq!(renamed["id"], id);
    let names = descriptions(&get_json(&app, CATEGORIES, &owner).await["categories"]);
    assert!(names.contains(&"Orthodontic referrals".to_string()) && !names.contains(&"Orthodontic referral".into()));
    // Keeping its own description is not a clash; the path without the slash is served too.
    ok(&send(
        &app,
        "/api/managecallcategories/updateExisting",
        &owner,
        &[("form_record_id", &id_text), ("form_description", "orthodontic referrals")],
    )
    .await);
}

#[tokio::test]
async fn a_category_needs_a_unique_description() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let path = "/api/managecallcategories/createNew/";
    let reply = send(&app, path, &owner, &[("form_description", " ")]).await;
    assert_eq!(message(&reply, "form_description"), "Description is required.");
    assert_eq!(reply.json()["code"], "VALIDATION_FAILED");
    let reply = send(&app, path, &owner, &[("form_description", "existing PATIENT")]).await;
    assert_not_unique(&reply, "form_description");
    let long = "c".repeat(61);
    let reply = send(&app, path, &owner, &[("form_description", &long)]).await;
    assert_eq!(message(&reply, "form_description"), "Description must not exceed 60 characters.");
    let reply = send(&app, path, &owner, &[("form_description", "Запись")]).await;
    assert!(message(&reply, "form_description").starts_with("Invalid characters found."));
    // Renaming onto another category is a clash; another customer's names are not.
    let reply = send(
        &app,
        "/api/managecallcategories/updateExisting/",
        &owner,
        &[("form_record_id", "1"), ("form_description", "Billing question")],
    )
    .await;
    assert_not_unique(&reply, "form_description");
    ok(&send(&app, path, &owner, &[("form_description", "Motor claim")]).await);
}

// ---- Report groups ---------------------------------------------------------------------------

const GROUP_KINDS: [(&str, &str); 2] =
    [("managereportgroup", "Leeds & Sheffield"), ("managesecondaryreportgroup", "Paid search")];

#[tokio::test]
async fn report_groups_of_both_kinds_are_added_renamed_and_listed() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    for (area, _) in GROUP_KINDS {
        let list_path = format!("/api/{area}/getReportGroups");
        let added =
            ok(&send(&app, &format!("/api/{area}/addReportGroup/"), &owner, &[("form_description", "North (Leeds)")])
                .await);
        let id = added["id"].as_i64().unwrap();
        assert_eq!(added["affectedPoolsAndNumbers"], json!({ "numbers": [], "number_sets": [] }));
        let list = get_json(&app, &list_path, &owner).await["reportGroups"].clone();
        assert!(list.as_array().unwrap().contains(&json!({ "id": id, "description": "North (Leeds)" })), "{area}");

        let id_text = id.to_string();
        let updated = ok(&send(
            &app,
            &format!("/api/{area}/updateReportGroup/"),
            &owner,
            &[("form_id", &id_text), ("form_description", "North - Leeds/Bradford")],
        )
        .await);
        assert_eq!(updated["id"], id);
        assert!(updated["affectedPoolsAndNumbers"].is_object());
        let names = descriptions(&get_json(&app, &list_path, &owner).await["reportGroups"]);
        assert!(names.contains(&"North - Leeds/Bradford".to_string()), "{area} {names:?}");
        assert!(!names.contains(&"Claims".to_string()) && !names.contains(&"Brokers".to_string()));
    }
}

#[tokio::test]
async fn report_group_descriptions_are_required_unique_and_of_the_allowed_characters() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    for (area, existing) in GROUP_KINDS {
        let path = format!("/api/{area}/addReportGroup/");
        let reply = send(&app, &path, &owner, &[("form_description", "")]).await;
        assert_eq!(message(&reply, "form_description"), "Description is required.");
        let reply = send(&app, &path, &owner, &[("form_description", "North: Leeds!")]).await;
        assert_eq!(
            message(&reply, "form_description"),
            "Description can only contain: numbers, letters, underscores, hyphens, spaces, backslashes, parenthesis, \
             periods, commas, single quotes, ampersands (&) and forward slashes."
        );
        let reply = send(&app, &path, &owner, &[("form_description", &existing.to_uppercase())]).await;
        assert_not_unique(&reply, "form_description");
        let reply = send(&app, &path, &owner, &[("form_description", &"g".repeat(61))]).await;
        assert_eq!(message(&reply, "form_description"), "Description must not exceed 60 characters.");
        let reply = send(
            &app,
            &format!("/api/{area}/updateReportGroup/"),
            &owner,
            &[("form_id", "2"), ("form_description", existing)],
        )
        .await;
        assert_not_unique(&reply, "form_description");
    }
}

// ---- In-call attribution ---------------------------------------------------------------------

const IN_CALL_LIST: &str = "/api/manageconnections/getInCallAttribution/";

fn in_call<'a>(description: &'a str, kind: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("form_description", description),
        ("form_active_flag", "1"),
        ("form_transfer_type", kind),
        ("form_terminator", "2"),
        ("form_delay_before", "3"),
        ("form_delay_after", "10"),
    ]
}

fn with<'a>(mut fields: Vec<(&'a str, &'a str)>, name: &'a str, value: &'a str) -> Vec<(&'a str, &'a str)> {
    fields.retain(|(n, _)| *n != name);
    fields.push((name, value));
    fields
}

#[tokio::test]
async fn an_in_call_attribution_plan_is_saved_updated_and_saved_as_new() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let id = ok(&send(&app, "/api/managedtmf/saveInCall/0", &owner, &in_call("Booking reference", "1")).await)["id"]
        .as_i64()
        .unwrap();
    let plans = get_json(&app, IN_CALL_LIST, &owner).await["attributions"].clone();
    let stored = plans.as_array().unwrap().iter().find(|p| p["id"] == id).unwrap().clone();
    assert_eq!(
        stored,
        json!({
            "id": id, "description": "Booking reference", "active": "1", "attributionType": "1",
            "terminator": "2", "delayBefore": "3", "delayAfter": "10",
        })
    );

    let update = with(with(in_call("Booking reference", "2"), "form_active_flag", "0"), "form_terminator", "0");
    assert_eq!(ok(&send(&app, &format!("/api/managedtmf/saveInCall/{id}"), &owner, &update).await)["id"], id);
    let plans = get_json(&app, IN_CALL_LIST, &owner).await["attributions"].clone();
    let stored = plans.as_array().unwrap().iter().find(|p| p["id"] == id).unwrap().clone();
    assert_eq!((stored["active"].clone(), stored["attributionType"].clone()), (json!("0"), json!("2")));
    assert_eq!(stored["terminator"], "0");

    // Save as new: id 0 with a new description.
    let copy = ok(&send(&app, "/api/managedtmf/saveInCall/0", &owner, &in_call("Booking reference 2", "2")).await);
    assert_ne!(copy["id"], id);
}

#[tokio::test]
async fn an_in_call_attribution_plan_has_every_message() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let path = "/api/managedtmf/saveInCall/0";
    let reply = send(&app, path, &owner, &in_call("Caller id CAPTURE", "1")).await;
    assert_not_unique(&reply, "form_description");
    let reply = send(
        &app,
        path,
        &owner,
        &[
            ("form_description", ""),
            ("form_active_flag", "2"),
            ("form_transfer_type", ""),
            ("form_terminator", "5"),
            ("form_delay_before", "11"),
            ("form_delay_after", "x"),
        ],
    )
    .await;
    assert_eq!(message(&reply, "form_description"), "Description is required.");
    assert_eq!(message(&reply, "form_transfer_type"), "Transfer type is required.");
    assert_eq!(message(&reply, "form_active_flag"), "Please choose whether the plan is active.");
    assert_eq!(message(&reply, "form_terminator"), "Please choose a terminator.");
    assert_eq!(message(&reply, "form_delay_before"), "Delay before must be between 0 and 10 seconds.");
    assert_eq!(message(&reply, "form_delay_after"), "Delay after must be between 0 and 10 seconds.");
    assert_eq!(reply.json()["code"], "VALIDATION_FAILED");
    // Updating a plan keeps its own description.
    ok(&send(&app, "/api/managedtmf/saveInCall/1", &owner, &in_call("Caller ID capture", "1")).await);
}

#[tokio::test]
async fn a_destination_plan_takes_the_customers_own_in_call_attribution() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let fields = [
        ("form_description", "Reception with caller ID"),
        ("form_record_id", "0"),
        ("form_queue", "0"),
        ("form_incall", "2"),
        ("form_plan_type", "0"),
        ("form_destination[0]", "1"),
        ("form_ring_length[0]", "30"),
    ];
    let id = ok(&send(&app, "/api/manageroutings/save/0", &owner, &fields).await)["rogrId"].as_i64().unwrap();
    let details = get_json(&app, &format!("/api/manageconnections/getDestinationPlanDetails/{id}"), &owner).await;
    assert_eq!(details["plan"]["attributionId"], 2);
}

// ---- DTMF plans ------------------------------------------------------------------------------

fn dtmf(description: &str) -> Vec<(&str, &str)> {
    vec![
        ("description", description),
        ("introAudio", "1"),
        ("endAudio", "11"),
        ("minimumDigits", "5"),
        ("maximumDigits", "9"),
        ("initialTimeout", "7"),
        ("internalTimeout", "4"),
        ("skipAudio", "1"),
    ]
}

async fn edit_plan(app: &TestApp, session: &str, id: &str) -> Reply {
    send(app, "/api/managedtmf/editPlan", session, &[("id", id)]).await
}

#[tokio::test]
async fn a_dtmf_plan_is_created_read_and_updated() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let id =
        ok(&send(&app, "/api/managedtmf/create", &owner, &dtmf("Invoice number")).await)["planId"].as_i64().unwrap();
    let id_text = id.to_string();
    assert_eq!(
        ok(&edit_plan(&app, &owner, &id_text).await)["data"],
        json!({
            "DtmfID": id, "DtmfDescription": "Invoice number", "DtmfAudiID": 1, "DtmfEndAudiID": 11,
            "DtmfMinLength": 5, "DtmfMaxLength": 9, "DtmfInitialKeyTimeout": 7, "DtmfInterKeyTimeout": 4,
            "DtmfSkipAudioFlag": 1,
        })
    );
    let mut update = with(dtmf("Invoice ref"), "planId", &id_text);
    update.retain(|(n, _)| *n != "skipAudio" && *n != "initialTimeout");
    assert_eq!(ok(&send(&app, "/api/managedtmf/update", &owner, &update).await)["planId"], id);
    let data = ok(&edit_plan(&app, &owner, &id_text).await)["data"].clone();
    assert_eq!(data["DtmfDescription"], "Invoice ref");
    assert_eq!(data["DtmfSkipAudioFlag"], 0);
    // A timeout left out takes the default of 1 second.
    assert_eq!(data["DtmfInitialKeyTimeout"], 1);
    let options = get_json(&app, "/api/manageconnections/getAttributionOptions", &owner).await;
    assert!(descriptions(&options["dtmfs"]).contains(&"Invoice ref".to_string()));
}

#[tokio::test]
async fn a_dtmf_plan_has_every_message() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let path = "/api/managedtmf/create";
    let reply = send(
        &app,
        path,
        &owner,
        &[
            ("description", ""),
            ("introAudio", "0"),
            ("endAudio", ""),
            ("minimumDigits", "0"),
            ("maximumDigits", "16"),
            ("initialTimeout", "0"),
            ("internalTimeout", "31"),
        ],
    )
    .await;
    assert_eq!(message(&reply, "description"), "The description field is required.");
    assert_eq!(message(&reply, "introAudio"), "The intro audio field is required.");
    assert_eq!(message(&reply, "endAudio"), "The end audio field is required.");
    assert_eq!(message(&reply, "minimumDigits"), "Minimum digits must be between 1 and 15.");
    assert_eq!(message(&reply, "maximumDigits"), "Maximum digits must be between 1 and 15.");
    assert_eq!(message(&reply, "initialTimeout"), "Initial key timeout must be between 1 and 30 seconds.");
    assert_eq!(message(&reply, "internalTimeout"), "Inter key timeout must be between 1 and 30 seconds.");
    let long = "d".repeat(61);
    let reply = send(&app, path, &owner, &with(dtmf(&long), "minimumDigits", "10")).await;
    assert_eq!(message(&reply, "description"), "Maximum description length is 60 characters.");
    assert_eq!(message(&reply, "minimumDigits"), "Minimum digits cannot be greater than maximum digits");
    // DTMF plan descriptions need not be unique.
    ok(&send(&app, path, &owner, &dtmf("Patient number")).await);
}

// ---- DTMF IVRs -------------------------------------------------------------------------------

fn dtmf_ivr(description: &str) -> Vec<(&str, &str)> {
    vec![
        ("description", description),
        ("introAudioId", "1"),
        ("endAudioId", "0"),
        ("keyDescription[]", "Check-up"),
        ("keyCategoryId[]", "2"),
        ("keyDtmfId[]", "1"),
        ("keyDescription[]", "Whitening"),
        ("keyCategoryId[]", "4"),
        ("keyDtmfId[]", "3"),
    ]
}

#[tokio::test]
async fn a_dtmf_ivr_is_stored_read_and_replaced() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let id =
        ok(&send(&app, "/api/managedtmf/storeIvr/0", &owner, &dtmf_ivr("Treatments")).await)["id"].as_i64().unwrap();
    let read = get_json(&app, &format!("/api/managedtmf/getIvr/{id}"), &owner).await;
    assert_eq!(
        read,
        json!({
            "ivr": { "id": id, "description": "Treatments", "introAudioId": 1, "endAudioId": 0 },
            "ivrKeys": [
                { "key": "1", "description": "Check-up", "categoryId": 2, "dtmfId": 1 },
                { "key": "2", "description": "Whitening", "categoryId": 4, "dtmfId": 3 },
            ],
        })
    );
    let options = get_json(&app, "/api/manageconnections/getAttributionOptions", &owner).await;
    assert!(options["dtmfIvrs"]
        .as_array()
        .unwrap()
        .contains(&json!({ "id": format!("IVR_{id}"), "description": "Treatments" })));

    let fields = [
        ("description", "Treatments (new)"),
        ("introAudioId", "3"),
        ("endAudioId", "11"),
        ("keyDescription[0]", "Implants"),
        ("keyCategoryId[0]", "4"),
        ("keyDtmfId[0]", "0"),
    ];
    assert_eq!(ok(&send(&app, &format!("/api/managedtmf/storeIvr/{id}"), &owner, &fields).await)["id"], id);
    let read = get_json(&app, &format!("/api/managedtmf/getIvr/{id}"), &owner).await;
    assert_eq!(read["ivr"]["description"], "Treatments (new)");
    assert_eq!(read["ivr"]["endAudioId"], 11);
    assert_eq!(read["ivrKeys"], json!([{ "key": "1", "description": "Implants", "categoryId": 4, "dtmfId": 0 }]));
}

#[tokio::test]
async fn a_dtmf_ivr_has_every_message() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let path = "/api/managedtmf/storeIvr/0";
    let long_key = "k".repeat(71);
    let fields = [
        ("description", ""),
        ("introAudioId", "0"),
        ("endAudioId", "0"),
        ("keyDescription[0]", ""),
        ("keyCategoryId[0]", "0"),
        ("keyDtmfId[0]", "0"),
        ("keyDescription[1]", long_key.as_str()),
        ("keyCategoryId[1]", "1"),
        ("keyDtmfId[1]", "1"),
    ];
    let reply = send(&app, path, &owner, &fields).await;
    assert_eq!(message(&reply, "description"), "The description field is required.");
    assert_eq!(message(&reply, "introAudioId"), "The intro audio field is required.");
    assert_eq!(
        message(&reply, "endAudioId"),
        "If one of the keys has no attribution plan, default end audio is required."
    );
    assert_eq!(message(&reply, "keyDescription[0]"), "Description is required");
    assert_eq!(message(&reply, "keyCategoryId[0]"), "Category is required");
    assert_eq!(message(&reply, "keyDescription[1]"), "Maximum description length is 70 characters");
    let long = "i".repeat(61);
    let reply = send(&app, path, &owner, &[("description", &long), ("introAudioId", "1")]).await;
    assert_eq!(message(&reply, "description"), "Maximum description length is 60 characters.");
    assert_eq!(message(&reply, "keys"), "Please add at least one key.");
    let mut thirteen = vec![("description", "Too many"), ("introAudioId", "1")];
    for _ in 0..13 {
        thirteen.extend([("keyDescription[]", "Option"), ("keyCategoryId[]", "1"), ("keyDtmfId[]", "1")]);
    }
    assert_eq!(message(&send(&app, path, &owner, &thirteen).await, "keys"), "A DTMF IVR can have at most 12 keys.");
}

// ---- Dynamic whispers ------------------------------------------------------------------------

#[tokio::test]
async fn a_new_dynamic_whisper_offers_every_source_of_the_customer() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let blank = get_json(&app, "/api/managedynamicwhispers/get/0/0", &owner).await;
    assert_eq!(blank["description"], "");
    assert_eq!(blank["affectedPools"], json!([]));
    let sources = blank["sources"].as_array().unwrap();
    // The website's ten, Meta's paid social and the four offline pairs of the static numbers' channels.
    assert_eq!(sources.len(), 15);
    assert!(sources.contains(&json!({ "source": "google", "medium": "cpc", "id": 1, "whisper": "" })));
    assert!(sources.contains(&json!({ "source": "(direct)", "medium": "(none)", "id": 7, "whisper": "" })));
    assert!(sources.iter().all(|s| s["whisper"] == ""));
}

#[tokio::test]
async fn a_dynamic_whisper_is_saved_read_back_and_listed() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let fields = [
        ("description", "Social callers"),
        ("form_record_id", "0"),
        ("sourceMediumID[0]", "5"),
        ("dynamicWhisper[0]", "Facebook caller"),
        ("sourceMediumID[1]", "6"),
        ("dynamicWhisper[1]", "Instagram caller"),
        ("sourceMediumID[2]", "7"),
        ("dynamicWhisper[2]", ""),
    ];
    let id = ok(&send(&app, "/api/managedynamicwhispers/save/0", &owner, &fields).await)["id"].as_i64().unwrap();
    let read = get_json(&app, &format!("/api/managedynamicwhispers/get/{id}/0"), &owner).await;
    assert_eq!(read["description"], "Social callers");
    let whispered: Vec<(i64, String)> = read["sources"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["whisper"] != "")
        .map(|s| (s["id"].as_i64().unwrap(), s["whisper"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(whispered, vec![(5, "Facebook caller".to_string()), (6, "Instagram caller".to_string())]);
    let list = get_json(&app, "/api/managedynamicwhispers/getDynamicWhispersList", &owner).await;
    assert!(list["dynamicWhispers"]
        .as_array()
        .unwrap()
        .contains(&json!({ "id": id, "description": "Social callers" })));
    assert!(!descriptions(&list["dynamicWhispers"]).contains(&"Atlas channels".to_string()));

    // Updating replaces the texts.
    let id_text = id.to_string();
    let update = [
        ("description", "Social callers"),
        ("form_record_id", id_text.as_str()),
        ("sourceMediumID[]", "6"),
        ("dynamicWhisper[]", "Instagram"),
    ];
    ok(&send(&app, &format!("/api/managedynamicwhispers/save/{id}"), &owner, &update).await);
    let read = get_json(&app, &format!("/api/managedynamicwhispers/get/{id}/0"), &owner).await;
    let whispered: Vec<&Value> = read["sources"].as_array().unwrap().iter().filter(|s| s["whisper"] != "").collect();
    assert_eq!(whispered.len(), 1);
    assert_eq!(whispered[0]["whisper"], "Instagram");
}

#[tokio::test]
async fn a_dynamic_whisper_lists_the_pools_it_affects_except_the_one_being_edited() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let read = get_json(&app, "/api/managedynamicwhispers/get/1/0", &owner).await;
    assert_eq!(read["description"], "Marketing channel");
    let pools = read["affectedPools"].as_array().unwrap().clone();
    assert_eq!(pools.len(), 2);
    let (pool,): (i64,) = sqlx::query_as(
        "SELECT id FROM routing_entries WHERE customer_id = 100 AND dynamic_whisper_id = 1 ORDER BY id LIMIT 1",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    let read = get_json(&app, &format!("/api/managedynamicwhispers/get/1/{pool}"), &owner).await;
    assert_eq!(read["affectedPools"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_dynamic_whisper_has_every_message_and_the_unique_code() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let path = "/api/managedynamicwhispers/save/0";
    let reply =
        send(&app, path, &owner, &[("description", ""), ("sourceMediumID[0]", "1"), ("dynamicWhisper[0]", " ")]).await;
    assert_eq!(message(&reply, "description"), "Description is required.");
    assert_eq!(message(&reply, "dynamicWhisper"), "Please enter at least a whisper for any source.");
    let long = "w".repeat(256);
    let reply = send(
        &app,
        path,
        &owner,
        &[
            ("description", &"d".repeat(61)),
            ("sourceMediumID[0]", "1"),
            ("dynamicWhisper[0]", &long),
            ("sourceMediumID[1]", "2"),
            ("dynamicWhisper[1]", "Звонок"),
        ],
    )
    .await;
    assert_eq!(message(&reply, "description"), "Description must not exceed 60 characters.");
    assert_eq!(message(&reply, "dynamicWhisper[0]"), "Whisper must not exceed 255 characters.");
    assert!(message(&reply, "dynamicWhisper[1]").starts_with("Invalid characters found."));
    let reply = send(
        &app,
        path,
        &owner,
        &[("description", "search ONLY"), ("sourceMediumID[0]", "1"), ("dynamicWhisper[0]", "Paid")],
    )
    .await;
    assert_not_unique(&reply, "description");
}

#[tokio::test]
async fn advanced_connect_stores_the_customers_own_dtmf_plan_and_dynamic_whisper() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let pool = entry(&app, 100, "dynamic").await;
    let mut row = advanced_row(0, "form_number_set_id", pool, "Website pool", 0);
    for (name, value) in [("form_dtmf[0]", "2"), ("form_dynamic_whisper[0]", "2")] {
        row.retain(|(n, _)| n != name);
        row.push((name.to_string(), value.to_string()));
    }
    ok(&post(&app, "/api/manageconnections/connectAdvanced/", &owner, &row).await);
    let (dtmf, whisper): (i64, i64) =
        sqlx::query_as("SELECT attribution_id, dynamic_whisper_id FROM routing_entries WHERE id = $1")
            .bind(pool)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert_eq!((dtmf, whisper), (2, 2));
}

/// Advanced connect of the pool with `form_dtmf[0]` set to `dtmf`.
async fn connect_attribution(app: &TestApp, session: &str, pool: i64, dtmf: &str) -> Reply {
    let mut row = advanced_row(0, "form_number_set_id", pool, "Website pool", 0);
    row.retain(|(n, _)| n != "form_dtmf[0]");
    row.push(("form_dtmf[0]".into(), dtmf.into()));
    post(app, "/api/manageconnections/connectAdvanced/", session, &row).await
}

/// The (attributionId, attributionDtmfIvrId) getSelectedDetails and getNumbersList send for an entry.
async fn attribution(app: &TestApp, session: &str, id: i64) -> (Value, Value) {
    let row = detail(app, session, id).await;
    let list = get_json(app, "/api/manageconnections/getNumbersList", session).await;
    let listed = list["numbers"].as_array().unwrap().iter().find(|r| r["id"] == id).unwrap().clone();
    assert_eq!(
        (&listed["attributionId"], &listed["attributionDtmfIvrId"]),
        (&row["attributionId"], &row["attributionDtmfIvrId"])
    );
    (row["attributionId"].clone(), row["attributionDtmfIvrId"].clone())
}

#[tokio::test]
async fn advanced_connect_stores_a_dtmf_ivr_as_the_post_call_attribution() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let pool = entry(&app, 100, "dynamic").await;
    ok(&connect_attribution(&app, &owner, pool, "2").await);
    assert_eq!(attribution(&app, &owner, pool).await, (json!(2), json!(0)));
    // An IVR replaces the plan, and the other way round.
    ok(&connect_attribution(&app, &owner, pool, "IVR_1").await);
    assert_eq!(attribution(&app, &owner, pool).await, (json!(0), json!(1)));
    let row = detail(&app, &owner, pool).await;
    assert!(row["attributionDtmfIvrId"] == 1 && row["provisioned"] == false);
    ok(&connect_attribution(&app, &owner, pool, "3").await);
    assert_eq!(attribution(&app, &owner, pool).await, (json!(3), json!(0)));
    ok(&connect_attribution(&app, &owner, pool, "IVR_1").await);
    for none in ["0", ""] {
        ok(&connect_attribution(&app, &owner, pool, none).await);
        assert_eq!(attribution(&app, &owner, pool).await, (json!(0), json!(0)), "{none:?}");
        ok(&connect_attribution(&app, &owner, pool, "IVR_1").await);
    }
}

#[tokio::test]
async fn a_foreign_or_malformed_dtmf_ivr_is_not_found_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let pool = entry(&app, 100, "dynamic").await;
    ok(&connect_attribution(&app, &owner, pool, "IVR_1").await);
    let before = snapshot(&app, pool).await;
    // IVR_101 is Atlas Insurance's; the others are no IVR at all.
    for dtmf in ["IVR_101", "IVR_999999", "IVR_x", "IVR_", "IVR_0", "IVR_-1", "ivr_1", "IVR_1x", "101"] {
        let reply = connect_attribution(&app, &owner, pool, dtmf).await;
        assert_status(&reply, StatusCode::NOT_FOUND, dtmf);
        assert_eq!(snapshot(&app, pool).await, before, "{dtmf}");
    }
}

// ---- Tenants and permissions -----------------------------------------------------------------

#[tokio::test]
async fn another_customers_records_are_not_found_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let before = everything(&app).await;
    let posts: Vec<(&str, Vec<(&str, &str)>)> = vec![
        ("/api/managecallcategories/updateExisting/", vec![("form_record_id", "101"), ("form_description", "Mine")]),
        ("/api/managecallcategories/updateExisting/", vec![("form_record_id", "0"), ("form_description", "Mine")]),
        ("/api/managereportgroup/updateReportGroup/", vec![("form_id", "101"), ("form_description", "Mine")]),
        ("/api/managesecondaryreportgroup/updateReportGroup/", vec![("form_id", "101"), ("form_description", "Mine")]),
        ("/api/managedtmf/saveInCall/101", in_call("Mine", "1")),
        ("/api/managedtmf/saveInCall/999999", in_call("Mine", "1")),
        ("/api/managedtmf/editPlan", vec![("id", "101")]),
        ("/api/managedtmf/update", with(dtmf("Mine"), "planId", "101")),
        ("/api/managedtmf/create", with(dtmf("Mine"), "introAudio", "101")),
        ("/api/managedtmf/create", with(dtmf("Mine"), "endAudio", "101")),
        ("/api/managedtmf/storeIvr/101", dtmf_ivr("Mine")),
        ("/api/managedtmf/storeIvr/0", with(dtmf_ivr("Mine"), "introAudioId", "101")),
        ("/api/managedtmf/storeIvr/0", with(dtmf_ivr("Mine"), "endAudioId", "101")),
        (
            "/api/managedynamicwhispers/save/101",
            vec![("description", "Mine"), ("sourceMediumID[0]", "1"), ("dynamicWhisper[0]", "Hi")],
        ),
        (
            "/api/managedynamicwhispers/save/0",
            vec![("description", "Mine"), ("sourceMediumID[0]", "101"), ("dynamicWhisper[0]", "Hi")],
        ),
    ];
    for (path, fields) in &posts {
        assert_status(&send(&app, path, &owner, fields).await, StatusCode::NOT_FOUND, path);
    }
    // A key's category or DTMF plan of another customer.
    let mut foreign_category = dtmf_ivr("Mine");
    foreign_category[4] = ("keyCategoryId[]", "101");
    let mut foreign_plan = dtmf_ivr("Mine");
    foreign_plan[5] = ("keyDtmfId[]", "101");
    for fields in [foreign_category, foreign_plan] {
        let reply = send(&app, "/api/managedtmf/storeIvr/0", &owner, &fields).await;
        assert_status(&reply, StatusCode::NOT_FOUND, &format!("{fields:?}"));
    }
    for path in ["/api/managedtmf/getIvr/101", "/api/managedynamicwhispers/get/101/0"] {
        assert_status(&app.get(path, Some(&owner)).await, StatusCode::NOT_FOUND, path);
    }
    let (their_pool,): (i64,) =
        sqlx::query_as("SELECT id FROM routing_entries WHERE customer_id = 300 AND kind = 'dynamic' LIMIT 1")
            .fetch_optional(&app.state.db)
            .await
            .unwrap()
            .unwrap_or((999_999,));
    let path = format!("/api/managedynamicwhispers/get/1/{their_pool}");
    assert_status(&app.get(&path, Some(&owner)).await, StatusCode::NOT_FOUND, &path);
    assert_eq!(everything(&app).await, before);

    // And Atlas sees only its own.
    let enterprise = app.login(ENTERPRISE).await;
    let theirs = get_json(&app, CATEGORIES, &enterprise).await;
    assert_eq!(theirs["categories"], json!([{ "id": 101, "description": "Motor claim" }]));
    let options = get_json(&app, "/api/manageconnections/getAttributionOptions", &enterprise).await;
    assert_eq!(
        options,
        json!({ "dtmfs": [{ "id": 101, "description": "Policy number" }], "dtmfIvrs": [{ "id": "IVR_101", "description": "Claim type" }] })
    );
}

const NEW_READS: [&str; 6] = [
    "/api/managereportgroup/getReportGroups",
    "/api/managesecondaryreportgroup/getReportGroups",
    "/api/managedtmf/getIvr/1",
    "/api/managedynamicwhispers/get/1/0",
    "/api/managedynamicwhispers/getDynamicWhispersList",
    "/api/managedynamicwhispers/get/0/0",
];
const SELECTOR_READS: [&str; 3] = [
    "/api/manageroutings/getCategories",
    "/api/manageconnections/getInCallAttribution/",
    "/api/manageconnections/getAttributionOptions",
];
const WRITES: [&str; 11] = [
    "/api/managecallcategories/createNew/",
    "/api/managecallcategories/updateExisting/",
    "/api/managereportgroup/addReportGroup/",
    "/api/managereportgroup/updateReportGroup/",
    "/api/managesecondaryreportgroup/addReportGroup/",
    "/api/managesecondaryreportgroup/updateReportGroup/",
    "/api/managedtmf/saveInCall/1",
    "/api/managedtmf/create",
    "/api/managedtmf/update",
    "/api/managedtmf/storeIvr/1",
    "/api/managedynamicwhispers/save/1",
];

/// A post with every field any write reads, all valid for the seeded ids.
fn sneaky() -> Vec<(&'static str, &'static str)> {
    let mut fields = vec![
        ("form_description", "Sneaky"),
        ("form_record_id", "1"),
        ("form_id", "1"),
        ("planId", "1"),
        ("form_transfer_type", "1"),
        ("form_active_flag", "1"),
        ("form_terminator", "0"),
        ("form_delay_before", "0"),
        ("form_delay_after", "0"),
        ("sourceMediumID[0]", "1"),
        ("dynamicWhisper[0]", "Sneaky"),
    ];
    fields.extend(dtmf("Sneaky"));
    fields.extend(dtmf_ivr("Sneaky").into_iter().skip(1));
    fields
}

#[tokio::test]
async fn group_accounts_and_users_who_cannot_provision_are_refused_everything() {
    let app = TestApp::spawn().await;
    for email in ["group@demo.test", "user@demo.test"] {
        let session = app.login(email).await;
        for path in NEW_READS.iter().chain(SELECTOR_READS.iter()) {
            assert_status(&app.get(path, Some(&session)).await, StatusCode::FORBIDDEN, path);
        }
        for path in WRITES.iter().chain(["/api/managedtmf/editPlan"].iter()) {
            assert_status(&send(&app, path, &session, &sneaky()).await, StatusCode::FORBIDDEN, path);
        }
    }
}

#[tokio::test]
async fn starter_accounts_read_the_selectors_but_not_the_editors_and_write_nothing() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    for path in SELECTOR_READS {
        assert_status(&app.get(path, Some(&starter)).await, StatusCode::OK, path);
    }
    for path in NEW_READS {
        assert_status(&app.get(path, Some(&starter)).await, StatusCode::FORBIDDEN, path);
    }
    for path in WRITES.iter().chain(["/api/managedtmf/editPlan"].iter()) {
        assert_status(&send(&app, path, &starter, &sneaky()).await, StatusCode::FORBIDDEN, path);
    }
}

#[tokio::test]
async fn a_user_who_may_provision_reads_everything_but_changes_nothing() {
    let app = TestApp::spawn().await;
    grant_provisioning(&app, 3, 100).await;
    let user = app.login("user@demo.test").await;
    for path in NEW_READS.iter().chain(SELECTOR_READS.iter()) {
        assert_status(&app.get(path, Some(&user)).await, StatusCode::OK, path);
    }
    assert_status(&edit_plan(&app, &user, "1").await, StatusCode::OK, "editPlan");
    let before = everything(&app).await;
    for path in WRITES {
        assert_status(&send(&app, path, &user, &sneaky()).await, StatusCode::FORBIDDEN, path);
    }
    assert_eq!(everything(&app).await, before);
    // The owner's same posts succeed, so the refusals were about permission.
    let owner = app.login(OWNER).await;
    for (i, path) in WRITES.iter().enumerate() {
        let description = format!("Owner's {i}");
        let mut fields = sneaky();
        fields.retain(|(n, _)| *n != "form_description" && *n != "description");
        fields.insert(0, ("form_description", &description));
        fields.insert(0, ("description", &description));
        assert_status(&send(&app, path, &owner, &fields).await, StatusCode::OK, path);
    }
}

#[tokio::test]
async fn a_whisper_is_spoken_as_an_mp3_and_empty_or_foreign_text_is_refused() {
    use base64::Engine;
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    const PLAY: &str = "/api/managedynamicwhispers/playTextToSpeech";
    let reply = app.post_form(PLAY, Some(&owner), &[("whisperText", "Google paid search caller")]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let mp3 = base64::engine::general_purpose::STANDARD.decode(reply.json()["audio"].as_str().unwrap()).unwrap();
    assert!(mp3.starts_with(b"ID3") || (mp3[0] == 0xFF && mp3[1] & 0xE0 == 0xE0));
    let reply = app.post_form(PLAY, Some(&owner), &[("whisperText", "  ")]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["errors"]["whisperText"], "Please input the dynamic whisper text.");
    let long = "w".repeat(256);
    let reply = app.post_form(PLAY, Some(&owner), &[("whisperText", &long)]).await;
    assert_eq!(reply.json()["errors"]["whisperText"], "Whisper must not exceed 255 characters.");
    let group = app.login("group@demo.test").await;
    let reply = app.post_form(PLAY, Some(&group), &[("whisperText", "Hello")]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn renaming_a_report_group_lists_the_numbers_and_pools_whose_menus_use_it() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let added =
        ok(&send(&app, "/api/managereportgroup/addReportGroup/", &owner, &[("form_description", "Billing calls")])
            .await);
    let group = added["id"].as_i64().unwrap();
    // The seeded child "Billing menu" is reached from "Main menu", which "Menu in office hours" plays.
    sqlx::query("UPDATE ivrs SET report_group_id = $1 WHERE customer_id = 100 AND description = 'Billing menu'")
        .bind(group)
        .execute(&app.state.db)
        .await
        .unwrap();
    let id = group.to_string();
    let updated = ok(&send(
        &app,
        "/api/managereportgroup/updateReportGroup/",
        &owner,
        &[("form_id", &id), ("form_description", "Billing and accounts")],
    )
    .await);
    let affected = &updated["affectedPoolsAndNumbers"];
    assert!(!affected["numbers"].as_array().unwrap().is_empty(), "{affected}");
    assert!(affected["numbers"][0]["NumbNGNumber"].as_str().unwrap().starts_with('0'));
    assert_eq!(affected["number_sets"], json!([{ "VlnsDescription": "Website - Direct" }]));
    // The secondary kind with the same id files nothing.
    let secondary =
        ok(&send(&app, "/api/managesecondaryreportgroup/addReportGroup/", &owner, &[("form_description", "Other")])
            .await);
    assert_eq!(secondary["affectedPoolsAndNumbers"], json!({ "numbers": [], "number_sets": [] }));
}
