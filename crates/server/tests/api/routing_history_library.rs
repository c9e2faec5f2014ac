//! The routing history of the library's records (docs/routing-history-api.md):
//! destination numbers, voicemails, audio, categories, report groups, in-call attribution, DTMF
//! plans and IVRs and dynamic whispers. Each save through its own screen's call is recorded in
//! plain words in the save's transaction; a rollback puts the stored rows back exactly, removes
//! a record it created when nothing uses it (refused with the reason otherwise), and restores a
//! deleted audio with the file it played. Another customer's change is not found.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, Reply, TestApp};
use crate::routing_audio::{confirm_key, delete, wav};
use crate::routing_connect::{get_json, ENTERPRISE, OWNER};

const CHANGES: &str = "/api/routinghistory/getChanges";

async fn send(app: &TestApp, path: &str, session: &str, fields: &[(&str, &str)]) -> Value {
    let reply = app.post_multipart(path, Some(session), fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text());
    reply.json()
}

async fn changes(app: &TestApp, session: &str, kind: &str, id: i64) -> Vec<Value> {
    let path = format!("{CHANGES}?kind={kind}&record={id}");
    get_json(app, &path, session).await["changes"].as_array().unwrap().clone()
}

fn sentences(change: &Value) -> Vec<String> {
    change["sentences"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

fn id_of(change: &Value) -> i64 {
    change["id"].as_i64().unwrap()
}

async fn roll_back(app: &TestApp, session: &str, change: i64) -> Reply {
    app.post_multipart(&format!("/api/routinghistory/rollback/{change}"), Some(session), &[]).await
}

async fn rolled_back(app: &TestApp, session: &str, change: i64) {
    let reply = roll_back(app, session, change).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
}

async fn rows(app: &TestApp, sql: &str) -> Vec<String> {
    rows_as_text(&app.state.db, sql).await
}

/// The one text a query answers.
async fn text(app: &TestApp, sql: &str) -> String {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// The newest change of a record: made by a rollback of `change`, saying `said`.
async fn assert_rolled_back(app: &TestApp, session: &str, kind: &str, id: i64, change: i64, said: &[&str]) {
    let newest = &changes(app, session, kind, id).await[0];
    assert_eq!((newest["source"].as_str(), newest["rollsBack"].as_i64()), (Some("rollback"), Some(change)));
    assert_eq!(sentences(newest), said);
}

#[tokio::test]
async fn a_voicemail_change_is_recorded_rolled_back_and_its_creation_undone_when_unused() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let fields = [("description", "Hist box"), ("audioId", "1")];
    let id = send(&app, "/api/managevoicemails/store", &owner, &fields).await["id"].as_i64().unwrap();
    let table = format!("SELECT * FROM voicemails WHERE id = {id}");
    let created = rows(&app, &table).await;
    send(&app, &format!("/api/managevoicemails/update/{id}"), &owner, &[("description", "Hist box"), ("audioId", "3")])
        .await;

    let list = changes(&app, &owner, "voicemail", id).await;
    assert_eq!(list.len(), 2, "{list:?}");
    assert_eq!(sentences(&list[1]), ["Voicemail 'Hist box' created."]);
    let audios = get_json(&app, "/api/manageaudios/getAudioList", &owner).await;
    let name = |audio: i64| {
        let row = audios["audioList"].as_array().unwrap().iter().find(|a| a["AudiID"] == audio).unwrap().clone();
        row["AudiDescription"].as_str().unwrap().to_string()
    };
    let expected = format!("The greeting of 'Hist box' is now '{}' instead of '{}'.", name(3), name(1));
    assert_eq!(sentences(&list[0]), [expected]);

    rolled_back(&app, &owner, id_of(&list[0])).await;
    assert_eq!(rows(&app, &table).await, created);

    // A voicemail no key uses: rolling its creation back removes it.
    let spare = [("description", "Hist spare"), ("audioId", "1")];
    let id = send(&app, "/api/managevoicemails/store", &owner, &spare).await["id"].as_i64().unwrap();
    let creation = id_of(&changes(&app, &owner, "voicemail", id).await[0]);
    rolled_back(&app, &owner, creation).await;
    assert!(rows(&app, &format!("SELECT * FROM voicemails WHERE id = {id}")).await.is_empty());
    assert_rolled_back(&app, &owner, "voicemail", id, creation, &["Voicemail 'Hist spare' deleted."]).await;
}

#[tokio::test]
async fn a_record_still_used_is_not_removed_by_a_rollback_of_its_creation() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let id = send(&app, "/api/managecallcategories/createNew", &owner, &[("form_description", "Hist used")]).await
        ["id"]
        .as_i64()
        .unwrap();
    let creation = id_of(&changes(&app, &owner, "category", id).await[0]);
    let category = id.to_string();
    let dtmf_ivr = [
        ("description", "Hist keys"),
        ("introAudioId", "1"),
        ("endAudioId", "11"),
        ("keyDescription[]", "Sales"),
        ("keyCategoryId[]", category.as_str()),
        ("keyDtmfId[]", "0"),
    ];
    send(&app, "/api/managedtmf/storeIvr/0", &owner, &dtmf_ivr).await;

    let reply = roll_back(&app, &owner, creation).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert_eq!(
        reply.json()["errors"]["rollback"],
        "Rolling back would leave routing broken: Category 'Hist used' is still used."
    );
    assert_eq!(rows(&app, &format!("SELECT id FROM call_categories WHERE id = {id}")).await.len(), 1);
}

#[tokio::test]
async fn categories_and_both_report_groups_record_their_renames() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let created = send(&app, "/api/managecallcategories/createNew", &owner, &[("form_description", "Hist A")]).await;
    let id = created["id"].as_i64().unwrap().to_string();
    let rename = [("form_record_id", id.as_str()), ("form_description", "Hist B")];
    send(&app, "/api/managecallcategories/updateExisting", &owner, &rename).await;
    let list = changes(&app, &owner, "category", id.parse().unwrap()).await;
    assert_eq!(sentences(&list[0]), ["Category 'Hist A' renamed to 'Hist B'."]);

    for (area, kind, noun) in [
        ("managereportgroup", "reportGroup", "Report group"),
        ("managesecondaryreportgroup", "secondaryReportGroup", "Secondary report group"),
    ] {
        let added =
            send(&app, &format!("/api/{area}/addReportGroup/"), &owner, &[("form_description", "Hist north")]).await;
        let id = added["id"].as_i64().unwrap();
        let id_text = id.to_string();
        let rename = [("form_id", id_text.as_str()), ("form_description", "Hist south")];
        send(&app, &format!("/api/{area}/updateReportGroup/"), &owner, &rename).await;
        let list = changes(&app, &owner, kind, id).await;
        assert_eq!(sentences(&list[1]), [format!("{noun} 'Hist north' created.")]);
        assert_eq!(sentences(&list[0]), [format!("{noun} 'Hist north' renamed to 'Hist south'.")]);
        rolled_back(&app, &owner, id_of(&list[0])).await;
        let table = if kind == "reportGroup" { "report_groups" } else { "secondary_report_groups" };
        assert_eq!(text(&app, &format!("SELECT description FROM {table} WHERE id = {id}")).await, "Hist north");
    }
}

#[tokio::test]
async fn in_call_attribution_and_dtmf_plans_tell_their_settings_and_roll_back_exactly() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let in_call = |active: &'static str, terminator: &'static str| {
        vec![
            ("form_description", "Hist ref"),
            ("form_active_flag", active),
            ("form_transfer_type", "1"),
            ("form_terminator", terminator),
            ("form_delay_before", "3"),
            ("form_delay_after", "0"),
        ]
    };
    let id = send(&app, "/api/managedtmf/saveInCall/0", &owner, &in_call("1", "0")).await["id"].as_i64().unwrap();
    let table = format!("SELECT * FROM in_call_attributions WHERE id = {id}");
    let created = rows(&app, &table).await;
    send(&app, &format!("/api/managedtmf/saveInCall/{id}"), &owner, &in_call("0", "2")).await;
    let list = changes(&app, &owner, "inCallAttribution", id).await;
    assert_eq!(
        sentences(&list[0]),
        ["'Hist ref' is now inactive.", "The terminator of 'Hist ref' is now '#' instead of 'None'."]
    );
    rolled_back(&app, &owner, id_of(&list[0])).await;
    assert_eq!(rows(&app, &table).await, created);

    let plan = |maximum: &'static str| {
        vec![
            ("description", "Hist digits"),
            ("introAudio", "1"),
            ("endAudio", "11"),
            ("minimumDigits", "2"),
            ("maximumDigits", maximum),
            ("initialTimeout", "5"),
            ("internalTimeout", "3"),
            ("skipAudio", "0"),
        ]
    };
    let id = send(&app, "/api/managedtmf/create", &owner, &plan("4")).await["planId"].as_i64().unwrap();
    let table = format!("SELECT * FROM dtmf_plans WHERE id = {id}");
    let created = rows(&app, &table).await;
    let id_text = id.to_string();
    let mut update = plan("8");
    update.push(("planId", id_text.as_str()));
    send(&app, "/api/managedtmf/update", &owner, &update).await;
    let list = changes(&app, &owner, "dtmfPlan", id).await;
    assert_eq!(sentences(&list[0]), ["The maximum length of 'Hist digits' is now 8 digits instead of 4 digits."]);
    rolled_back(&app, &owner, id_of(&list[0])).await;
    assert_eq!(rows(&app, &table).await, created);
}

#[tokio::test]
async fn a_dtmf_ivr_and_a_dynamic_whisper_tell_their_keys_and_sources() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let ivr = |second: &'static str| {
        vec![
            ("description", "Hist treat"),
            ("introAudioId", "1"),
            ("endAudioId", "11"),
            ("keyDescription[]", "Check-up"),
            ("keyCategoryId[]", "2"),
            ("keyDtmfId[]", "1"),
            ("keyDescription[]", second),
            ("keyCategoryId[]", "4"),
            ("keyDtmfId[]", "0"),
        ]
    };
    let id = send(&app, "/api/managedtmf/storeIvr/0", &owner, &ivr("Whitening")).await["id"].as_i64().unwrap();
    let table = format!(
        "SELECT i.id, i.description, k.position, k.key, k.description, k.category_id, k.dtmf_plan_id
         FROM dtmf_ivrs i JOIN dtmf_ivr_keys k ON k.ivr_id = i.id WHERE i.id = {id} ORDER BY k.position"
    );
    let created = rows(&app, &table).await;
    send(&app, &format!("/api/managedtmf/storeIvr/{id}"), &owner, &ivr("Braces")).await;
    let list = changes(&app, &owner, "dtmfIvr", id).await;
    assert_eq!(sentences(&list[0]), ["Key 2 of 'Hist treat' is now described as 'Braces' instead of 'Whitening'."]);
    rolled_back(&app, &owner, id_of(&list[0])).await;
    assert_eq!(rows(&app, &table).await, created);

    let whisper = |text: &'static str| {
        vec![
            ("description", "Hist social"),
            ("form_record_id", "0"),
            ("sourceMediumID[0]", "5"),
            ("dynamicWhisper[0]", "Facebook caller"),
            ("sourceMediumID[1]", "6"),
            ("dynamicWhisper[1]", text),
        ]
    };
    let id = send(&app, "/api/managedynamicwhispers/save/0", &owner, &whisper("")).await["id"].as_i64().unwrap();
    let table = format!("SELECT * FROM dynamic_whisper_sources WHERE whisper_id = {id} ORDER BY source_medium_id");
    let created = rows(&app, &table).await;
    send(&app, &format!("/api/managedynamicwhispers/save/{id}"), &owner, &whisper("Instagram caller")).await;
    let list = changes(&app, &owner, "dynamicWhisper", id).await;
    let source = text(&app, "SELECT source || ' / ' || medium FROM sources_mediums WHERE id = 6").await;
    assert_eq!(sentences(&list[0]), [format!("'Hist social' now whispers 'Instagram caller' for '{source}'.")]);
    rolled_back(&app, &owner, id_of(&list[0])).await;
    assert_eq!(rows(&app, &table).await, created);
    // Its creation undone with the later changes: the whisper and its texts go (no pool
    // whispers with it).
    let path = format!("/api/routinghistory/rollback/{}", id_of(&list[1]));
    let reply = app.post_multipart(&path, Some(&owner), &[("includeLater", "1")]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert!(rows(&app, &format!("SELECT id FROM dynamic_whispers WHERE id = {id}")).await.is_empty());
    assert!(rows(&app, &table).await.is_empty());
}

#[tokio::test]
async fn a_destination_number_records_its_mailbox_and_rolls_back() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let fields = [
        ("form_number_description", "Hist desk"),
        ("form_destination_number", "01134960999"),
        ("form_international_code", "1"),
        ("form_country_code", "44"),
        ("form_mailbox", "0"),
    ];
    let id = send(&app, "/api/manageterms/storeDestinationNumber", &owner, &fields).await["id"].as_i64().unwrap();
    let table = format!("SELECT * FROM destination_numbers WHERE id = {id}");
    let created = rows(&app, &table).await;
    let id_text = id.to_string();
    let update =
        [("form_record_id", id_text.as_str()), ("form_number_description", "Hist desk"), ("form_mailbox", "1")];
    send(&app, "/api/manageterms/updateDestinationNumber", &owner, &update).await;
    let list = changes(&app, &owner, "destinationNumber", id).await;
    assert_eq!(sentences(&list[1]), ["Destination number 'Hist desk' created."]);
    assert_eq!(sentences(&list[0]), ["'Hist desk' is now a mailbox."]);
    rolled_back(&app, &owner, id_of(&list[0])).await;
    assert_eq!(rows(&app, &table).await, created);
}

#[tokio::test]
async fn an_audio_rolls_back_to_the_file_it_replaced_and_a_deletion_is_undone() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let sentence = [("form_description", "Hist tone"), ("form_audio_sentence", "Welcome to the practice")];
    let id = send(&app, "/api/manageaudios/addAudio/", &owner, &sentence).await["id"].as_i64().unwrap();
    let id_text = id.to_string();
    let table =
        format!("SELECT id, description, file_name, original_name, sentence, content FROM audios WHERE id = {id}");
    let spoken = rows(&app, &table).await;

    let tone = wav(440.0, 800);
    let fields = [("form_record_id", id_text.as_str()), ("form_description", "Hist tone"), ("form_audio_sentence", "")];
    let reply = app
        .post_multipart_file("/api/manageaudios/updateAudio", Some(&owner), &fields, ("form_file", "a.wav", &tone))
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let filed = rows(&app, &table).await;
    let list = changes(&app, &owner, "audio", id).await;
    assert_eq!(
        sentences(&list[0]),
        ["The sound of 'Hist tone' is now the file 'a.wav' instead of the sentence 'Welcome to the practice'."]
    );

    // Back to the sentence, then the rollback itself rolled back: the file comes back from the
    // archive, byte for byte.
    rolled_back(&app, &owner, id_of(&list[0])).await;
    assert_eq!(rows(&app, &table).await, spoken);
    let undo = id_of(&changes(&app, &owner, "audio", id).await[0]);
    rolled_back(&app, &owner, undo).await;
    assert_eq!(rows(&app, &table).await, filed);

    let kept = format!(
        "SELECT COUNT(*) FROM audio_file_archive WHERE customer_id = 100 AND archived_at <= {}",
        app.state.clock.now()
    );
    assert_eq!(text_count(&app, &kept).await, 1, "the file the sentence replaced is kept");

    // A deletion is recorded, and its rollback restores the audio to the lists.
    let key = confirm_key(&app, &owner).await;
    assert_eq!(delete(&app, &owner, &[id], Some(&key)).await.status, StatusCode::OK);
    let deletion = &changes(&app, &owner, "audio", id).await[0];
    assert_eq!(sentences(deletion), ["Audio 'Hist tone' deleted."]);
    rolled_back(&app, &owner, id_of(deletion)).await;
    assert_eq!(rows(&app, &format!("SELECT deleted_at FROM audios WHERE id = {id}")).await, ["[null]"]);
    assert_rolled_back(&app, &owner, "audio", id, id_of(deletion), &["Audio 'Hist tone' created."]).await;

    // The kept files go with the history that could restore them.
    let now = app.state.clock.now();
    server::store::routing_history::purge_older_than(&mut app.state.db.acquire().await.unwrap(), now + 1)
        .await
        .unwrap();
    assert_eq!(text_count(&app, "SELECT COUNT(*) FROM audio_file_archive").await, 0);
}

async fn text_count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

#[tokio::test]
async fn another_customers_library_change_is_neither_listed_nor_rolled_back() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let id = send(&app, "/api/managecallcategories/createNew", &owner, &[("form_description", "Hist mine")]).await
        ["id"]
        .as_i64()
        .unwrap();
    let change = id_of(&changes(&app, &owner, "category", id).await[0]);
    let enterprise = app.login(ENTERPRISE).await;
    assert!(changes(&app, &enterprise, "category", id).await.is_empty());
    assert_eq!(roll_back(&app, &enterprise, change).await.status, StatusCode::NOT_FOUND);
    assert_eq!(text(&app, &format!("SELECT description FROM call_categories WHERE id = {id}")).await, "Hist mine");
}
