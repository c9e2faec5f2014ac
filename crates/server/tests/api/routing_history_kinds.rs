//! The routing history of every kind of record (docs/routing-history-api.md): a change
//! of a destination plan, IVR, queue or connect through its own screen's call is recorded in
//! plain words, and rolling it back puts the stored rows back exactly; a connect records one
//! change per row it changed; the purchase form's new service plan is recorded too; another
//! customer's change is not found.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{rows_as_text, Reply, TestApp};
use crate::routing_connect::{advanced_row, destination_plan, get_json, post, service_plan, ENTERPRISE, OWNER};
use crate::routing_ivrs::{ivr_form, Fields};

const CHANGES: &str = "/api/routinghistory/getChanges";

fn owned(fields: &[(&str, &str)]) -> Fields {
    fields.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn set(mut fields: Fields, name: &str, value: &str) -> Fields {
    fields.retain(|(k, _)| k != name);
    fields.push((name.to_string(), value.to_string()));
    fields
}

fn ok(reply: &Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

async fn changes(app: &TestApp, session: &str, query: &str) -> Vec<Value> {
    get_json(app, &format!("{CHANGES}?{query}"), session).await["changes"].as_array().unwrap().clone()
}

fn sentences(change: &Value) -> Vec<String> {
    change["sentences"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// Rolls a change back (with the later changes to its records when asked); the rollback's changes.
async fn roll_back(app: &TestApp, session: &str, change: i64, include_later: bool) -> Vec<i64> {
    let fields = if include_later { owned(&[("includeLater", "1")]) } else { vec![] };
    let reply = post(app, &format!("/api/routinghistory/rollback/{change}"), session, &fields).await;
    ok(&reply)["changeIds"].as_array().unwrap().iter().map(|c| c.as_i64().unwrap()).collect()
}

// ---- Destination plans ----------------------------------------------------------------------

fn hunt_group(description: &str, second: &str) -> Fields {
    owned(&[
        ("form_description", description),
        ("form_queue", "0"),
        ("form_incall", "0"),
        ("form_plan_type", "0"),
        ("form_destination[0]", "1"),
        ("form_ring_length[0]", "30"),
        ("form_destination[1]", second),
        ("form_ring_length[1]", "45"),
    ])
}

async fn destination_plan_rows(app: &TestApp, id: i64) -> Vec<String> {
    let mut rows = rows_as_text(
        &app.state.db,
        &format!(
            "SELECT id, customer_id, description, plan_type, queue_id, incall_id, no_response_destination_id
             FROM destination_plans WHERE id = {id}"
        ),
    )
    .await;
    rows.extend(
        rows_as_text(
            &app.state.db,
            &format!(
                "SELECT position, destination_number_id, ring_length FROM destination_plan_rows
                 WHERE plan_id = {id} ORDER BY position"
            ),
        )
        .await,
    );
    rows
}

#[tokio::test]
async fn routing_history_of_a_destination_plan_is_recorded_and_rolled_back_exactly() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let saved = ok(&post(&app, "/api/manageroutings/save/0", &owner, &hunt_group("Hist hunt", "2")).await);
    let id = saved["rogrId"].as_i64().unwrap();
    let created = destination_plan_rows(&app, id).await;
    ok(&post(&app, &format!("/api/manageroutings/save/{id}"), &owner, &hunt_group("Hist hunt", "3")).await);
    // Saving it unchanged records nothing.
    ok(&post(&app, &format!("/api/manageroutings/save/{id}"), &owner, &hunt_group("Hist hunt", "3")).await);

    let list = changes(&app, &owner, &format!("kind=destinationPlan&record={id}")).await;
    assert_eq!(list.len(), 2, "{list:?}");
    assert_eq!(sentences(&list[1]), ["Destination plan 'Hist hunt' created."]);
    assert_eq!(
        sentences(&list[0]),
        ["Destination 2 of 'Hist hunt' is now 'Out of hours service' instead of 'Surgery mobile'."],
        "{:?}",
        list[0]
    );

    let undo = roll_back(&app, &owner, list[0]["id"].as_i64().unwrap(), false).await;
    assert_eq!(undo.len(), 1);
    assert_eq!(destination_plan_rows(&app, id).await, created);
}

// ---- Queues ---------------------------------------------------------------------------------

fn queue(description: &str, max_calls: &str) -> Fields {
    owned(&[
        ("form_description", description),
        ("form_welcome_audio", "1"),
        ("form_audio_1", "3"),
        ("form_audio_2", "0"),
        ("form_audio_3", "0"),
        ("form_next_in_line_audio", "7"),
        ("form_queue_full_audio", "8"),
        ("form_hold_music", "2"),
        ("form_max_calls", max_calls),
        ("form_lines_qty", "4"),
        ("form_message_mode", "3"),
        ("form_message_interval", "50"),
    ])
}

async fn queue_rows(app: &TestApp, id: i64) -> Vec<String> {
    rows_as_text(&app.state.db, &format!("SELECT * FROM queues WHERE id = {id}")).await
}

async fn save_queue(app: &TestApp, session: &str, id: i64, fields: &Fields) -> i64 {
    ok(&post(app, &format!("/api/queues/save/{id}"), session, fields).await)["id"].as_i64().unwrap()
}

#[tokio::test]
async fn routing_history_of_a_queue_is_recorded_and_rolled_back_even_its_creation() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let id = save_queue(&app, &owner, 0, &queue("Hist queue", "25")).await;
    let created = queue_rows(&app, id).await;
    save_queue(&app, &owner, id, &queue("Hist queue", "030")).await;

    let list = changes(&app, &owner, &format!("kind=queue&record={id}")).await;
    assert_eq!(list.len(), 2, "{list:?}");
    assert_eq!(sentences(&list[1]), ["Queue 'Hist queue' created."]);
    // The record is the stored number: "030" was saved as 30.
    assert_eq!(sentences(&list[0]), ["The maximum calls of 'Hist queue' is now '30' instead of '25'."]);
    roll_back(&app, &owner, list[0]["id"].as_i64().unwrap(), false).await;
    assert_eq!(queue_rows(&app, id).await, created);

    // A queue nothing uses: rolling its creation back removes it.
    let spare = save_queue(&app, &owner, 0, &queue("Hist spare queue", "10")).await;
    let creation = changes(&app, &owner, &format!("kind=queue&record={spare}")).await[0]["id"].as_i64().unwrap();
    roll_back(&app, &owner, creation, false).await;
    assert!(queue_rows(&app, spare).await.is_empty());
    let newest = &changes(&app, &owner, &format!("kind=queue&record={spare}")).await[0];
    assert_eq!((newest["source"].as_str(), newest["rollsBack"].as_i64()), (Some("rollback"), Some(creation)));
    assert_eq!(sentences(newest), ["Queue 'Hist spare queue' deleted."]);
}

#[tokio::test]
async fn routing_history_refuses_to_remove_a_queue_a_destination_plan_uses() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let id = save_queue(&app, &owner, 0, &queue("Hist used queue", "25")).await;
    let creation = changes(&app, &owner, &format!("kind=queue&record={id}")).await[0]["id"].as_i64().unwrap();
    let plan = set(hunt_group("Hist queued", "2"), "form_queue", &id.to_string());
    ok(&post(&app, "/api/manageroutings/save/0", &owner, &plan).await);
    let reply = post(&app, &format!("/api/routinghistory/rollback/{creation}"), &owner, &[]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert!(reply.json()["errors"]["rollback"].as_str().unwrap().contains("'Hist queued'"), "{}", reply.text());
    assert_eq!(queue_rows(&app, id).await.len(), 1);
}

// ---- IVRs -----------------------------------------------------------------------------------

async fn ivr_rows(app: &TestApp, id: i64) -> Vec<String> {
    let mut rows = rows_as_text(&app.state.db, &format!("SELECT * FROM ivrs WHERE id = {id}")).await;
    rows.extend(
        rows_as_text(&app.state.db, &format!("SELECT * FROM ivr_keys WHERE ivr_id = {id} ORDER BY position")).await,
    );
    rows
}

async fn set_credits(app: &TestApp, credits: i64) {
    sqlx::query("UPDATE customers SET ivr_credits = $1 WHERE id = 100")
        .bind(credits)
        .execute(&app.state.db)
        .await
        .unwrap();
}

#[tokio::test]
async fn routing_history_of_an_ivr_names_the_key_and_a_rollback_restores_its_keys() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    set_credits(&app, 20).await;
    let (front, sales, support) = (
        destination_plan(&app, 100, "Hist front desk").await,
        destination_plan(&app, 100, "Hist sales").await,
        destination_plan(&app, 100, "Hist support").await,
    );
    let form =
        |second: i64| ivr_form("Hist menu", &[("Front desk", "routing", front, 0), ("Sales", "routing", second, 0)]);
    let id =
        ok(&post(&app, "/api/manageivrrouting/createIvr/0", &owner, &form(sales)).await)["ivrId"].as_i64().unwrap();
    let created = ivr_rows(&app, id).await;
    let update = set(form(support), "form_record_id", &id.to_string());
    ok(&post(&app, "/api/manageivrrouting/updateExistingIvr/", &owner, &update).await);

    let list = changes(&app, &owner, &format!("kind=ivr&record={id}")).await;
    assert_eq!(list.len(), 2, "{list:?}");
    assert_eq!(sentences(&list[1]), ["IVR 'Hist menu' created."]);
    assert_eq!(sentences(&list[0]), ["Key 2 of 'Hist menu' now goes to 'Hist support' instead of 'Hist sales'."]);
    roll_back(&app, &owner, list[0]["id"].as_i64().unwrap(), false).await;
    assert_eq!(ivr_rows(&app, id).await, created);

    // A clone is one new IVR per copy: the main menu and the child menu it reaches.
    let clone = owned(&[("id", "1"), ("acceptTerms", "1")]);
    ok(&post(&app, "/api/managemultilevelivr/cloneIVR/", &owner, &clone).await);
    let copies = changes(&app, &owner, "kind=ivr").await;
    let made: Vec<String> = copies[..2].iter().flat_map(sentences).collect();
    assert!(made.contains(&"IVR 'Main menu (copy)' created.".to_string()), "{made:?}");
    assert!(made.contains(&"IVR 'Billing menu (copy)' created.".to_string()), "{made:?}");
}

// ---- Connect --------------------------------------------------------------------------------

/// The routing columns of an entry (not the provisioning state, which every connect resets).
async fn entry_rows(app: &TestApp, id: i64) -> Vec<String> {
    rows_as_text(
        &app.state.db,
        &format!(
            "SELECT kind, number, pool_name, description, service_plan_id, destination, call_recording,
                    intro_audio_id, whisper_audio_id, dynamic_whisper_id, mid_call_divert, attribution_id,
                    attribution_dtmf_ivr_id, mid_call_attribution, mid_call_audio, post_url
             FROM routing_entries WHERE id = {id}"
        ),
    )
    .await
}

async fn first_entry(app: &TestApp, kind: &str) -> (i64, String) {
    sqlx::query_as(
        "SELECT id, CASE WHEN kind = 'static' THEN number ELSE pool_name END FROM routing_entries
         WHERE customer_id = 100 AND kind = $1 ORDER BY id LIMIT 1",
    )
    .bind(kind)
    .fetch_one(&app.state.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn routing_history_of_a_connect_is_one_change_per_row_and_rolls_back_to_the_basic_number() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let (number, label) = first_entry(&app, "static").await;
    let (pool, _) = first_entry(&app, "dynamic").await;
    // Both rows to a basic number first (whatever the seed gave them).
    let mut basic = vec![];
    for (i, (field, id)) in [("form_number_id", number), ("form_number_set_id", pool)].into_iter().enumerate() {
        basic.extend([
            (format!("form_description[{i}]"), "Hist row".to_string()),
            (format!("{field}[{i}]"), id.to_string()),
            (format!("form_destination_number[{i}]"), "07700900123".to_string()),
        ]);
    }
    let reply = post(&app, "/api/manageconnections/connectBasic/", &owner, &basic).await;
    if reply.status != StatusCode::OK {
        // The seed's rows may have advanced routing, which basic connect refuses: clear it.
        sqlx::query("UPDATE routing_entries SET service_plan_id = NULL, intro_audio_id = 0, whisper_audio_id = 0, dynamic_whisper_id = 0, mid_call_divert = 0, attribution_id = 0, attribution_dtmf_ivr_id = 0, mid_call_attribution = 0, post_url = '' WHERE id IN ($1, $2)")
            .bind(number)
            .bind(pool)
            .execute(&app.state.db)
            .await
            .unwrap();
        ok(&post(&app, "/api/manageconnections/connectBasic/", &owner, &basic).await);
    }
    let before = entry_rows(&app, number).await;
    let before_pool = entry_rows(&app, pool).await;
    let plan = service_plan(&app, 100, "Hist plan").await;
    let mut advanced = advanced_row(0, "form_number_id", number, "Hist row", plan);
    advanced.extend(advanced_row(1, "form_number_set_id", pool, "Hist row", plan));
    ok(&post(&app, "/api/manageconnections/connectAdvanced/", &owner, &advanced).await);

    let list = changes(&app, &owner, "kind=connect").await;
    let rows: Vec<i64> = list.iter().take(2).map(|c| c["recordId"].as_i64().unwrap()).collect();
    assert!(rows.contains(&number) && rows.contains(&pool), "{list:?}");
    let change = list.iter().find(|c| c["recordId"] == json!(number) && c["source"] == "screen").unwrap();
    assert_eq!(
        sentences(change)[0],
        format!(
            "'{}' now goes to service plan 'Hist plan' instead of the number 07700 900123.",
            domain::reports::format_uk(&label)
        )
    );
    // Connecting them the same way again records nothing.
    ok(&post(&app, "/api/manageconnections/connectAdvanced/", &owner, &advanced).await);
    assert_eq!(changes(&app, &owner, "kind=connect").await.len(), list.len());

    roll_back(&app, &owner, change["id"].as_i64().unwrap(), false).await;
    assert_eq!(entry_rows(&app, number).await, before);
    assert_ne!(entry_rows(&app, pool).await, before_pool, "only the change rolled back is undone");
    let provisioned: i64 = sqlx::query_scalar("SELECT provisioned FROM routing_entries WHERE id = $1")
        .bind(number)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(provisioned, 0, "the restored row is provisioned again");

    // Another customer's change is not found.
    let other = app.login(ENTERPRISE).await;
    let id = change["id"].as_i64().unwrap();
    let preview = app.get(&format!("/api/routinghistory/getRollback/{id}"), Some(&other)).await;
    assert_eq!(preview.status, StatusCode::NOT_FOUND);
    let reply = post(&app, &format!("/api/routinghistory/rollback/{id}"), &other, &[]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

// ---- The purchase form's new service plan ---------------------------------------------------

#[tokio::test]
async fn routing_history_records_the_purchase_forms_new_service_plan_its_destination_plan_and_number() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let fields = [("description", "Hist van line"), ("countryCode", "1"), ("destinationNumber", "07700900987")];
    let reply = app.post_multipart("/api/timeofday/createNewServicePlan", Some(&owner), &fields).await;
    let plan = ok(&reply)["planId"].as_i64().unwrap();
    let list = changes(&app, &owner, "").await;
    let made = list.iter().find(|c| c["kind"] == "servicePlan" && c["recordId"] == json!(plan)).unwrap();
    assert_eq!(sentences(made), ["Service plan 'Hist van line' created."]);
    assert_eq!(made["source"], "screen");
    assert!(!made["userName"].as_str().unwrap().is_empty());
    let ring = list.iter().find(|c| c["kind"] == "destinationPlan").unwrap();
    assert_eq!(sentences(ring), ["Destination plan 'Ring 07700900987' created."]);
    let number = list.iter().find(|c| c["kind"] == "destinationNumber").unwrap();
    assert_eq!(sentences(number), ["Destination number '07700900987' created."]);
}
