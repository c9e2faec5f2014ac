//! A rollback never points one customer's routing at another customer's record: ids
//! of stored records are never handed out again (SQLite AUTOINCREMENT, migration 0027;
//! PostgreSQL identity columns), every id a rollback would put back must be the customer's own,
//! checked in the rollback's transaction, and a rollback the database cannot apply is the
//! rollback's 422 refusal, never a 500.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, Reply, TestApp};
use crate::routing_connect::{get_json, ENTERPRISE, OWNER};

async fn send(app: &TestApp, path: &str, session: &str, fields: &[(&str, &str)]) -> Value {
    let reply = app.post_multipart(path, Some(session), fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text());
    reply.json()
}

async fn roll_back(app: &TestApp, session: &str, change: i64) -> Reply {
    app.post_multipart(&format!("/api/routinghistory/rollback/{change}"), Some(session), &[]).await
}

/// The newest change of a record first.
async fn change_ids(app: &TestApp, session: &str, kind: &str, id: i64) -> Vec<i64> {
    let path = format!("/api/routinghistory/getChanges?kind={kind}&record={id}");
    let list = get_json(app, &path, session).await["changes"].as_array().unwrap().clone();
    list.iter().map(|change| change["id"].as_i64().unwrap()).collect()
}

async fn new_destination_number(app: &TestApp, session: &str, description: &str, number: &str) -> i64 {
    let fields = [
        ("form_number_description", description),
        ("form_destination_number", number),
        ("form_international_code", "1"),
        ("form_country_code", "44"),
        ("form_mailbox", "0"),
    ];
    send(app, "/api/manageterms/storeDestinationNumber", session, &fields).await["id"].as_i64().unwrap()
}

fn hunt_group(description: &str, destination: &str) -> Vec<(&'static str, String)> {
    vec![
        ("form_description", description.to_string()),
        ("form_queue", "0".into()),
        ("form_incall", "0".into()),
        ("form_plan_type", "0".into()),
        ("form_destination[0]", destination.to_string()),
        ("form_ring_length[0]", "30".into()),
    ]
}

async fn save_plan(app: &TestApp, session: &str, id: i64, description: &str, destination: &str) -> i64 {
    let fields = hunt_group(description, destination);
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    send(app, &format!("/api/manageroutings/save/{id}"), session, &fields).await["rogrId"].as_i64().unwrap()
}

async fn plan_destinations(app: &TestApp, plan: i64) -> Vec<String> {
    let sql =
        format!("SELECT destination_number_id FROM destination_plan_rows WHERE plan_id = {plan} ORDER BY position");
    rows_as_text(&app.state.db, &sql).await
}

fn refusal(reply: &Reply) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["code"], "ROLLBACK_REFUSED", "{body}");
    body["errors"]["rollback"].as_str().unwrap().to_string()
}

/// The review's steps: a number created, used by a plan, the plan moved off it, the number's
/// creation rolled back (deleted), another customer adds a number, then the plan's edit rolled
/// back.
#[tokio::test]
async fn a_rollback_never_points_a_plan_at_another_customers_number() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let atlas = app.login(ENTERPRISE).await;
    let number = new_destination_number(&app, &owner, "Hist temp", "01134960871").await;
    let plan = save_plan(&app, &owner, 0, "Hist plan", &number.to_string()).await;
    save_plan(&app, &owner, plan, "Hist plan", "1").await;
    let edit = change_ids(&app, &owner, "destinationPlan", plan).await[0];
    let creation = change_ids(&app, &owner, "destinationNumber", number).await[0];
    assert_eq!(roll_back(&app, &owner, creation).await.status, StatusCode::OK, "the unused number is removed");

    let theirs = new_destination_number(&app, &atlas, "Hist claims", "01134960872").await;
    assert!(theirs > number, "a deleted highest id is never handed out again: {theirs} after {number}");

    let message = refusal(&roll_back(&app, &owner, edit).await);
    assert_eq!(
        message,
        format!(
            "Rolling back would leave routing broken: Destination plan 'Hist plan' would point at a destination \
             number #{number} that no longer exists."
        )
    );
    assert_eq!(plan_destinations(&app, plan).await, ["[1]"], "the plan is unchanged");
    let claims = format!("SELECT customer_id, description FROM destination_numbers WHERE id = {theirs}");
    assert_eq!(rows_as_text(&app.state.db, &claims).await, [r#"[300,"Hist claims"]"#], "Atlas's number is untouched");
    assert!(change_ids(&app, &atlas, "destinationNumber", theirs).await.len() == 1, "and its history too");
}

/// A database whose ids were reused before migration 0027 (forged here): the id a rollback
/// would put back belongs to another customer's record.
#[tokio::test]
async fn a_rollback_to_an_id_now_anothers_is_refused_and_never_a_server_error() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let atlas = app.login(ENTERPRISE).await;
    let number = new_destination_number(&app, &owner, "Hist reused", "01134960873").await;
    let creation = change_ids(&app, &owner, "destinationNumber", number).await[0];
    let plan = save_plan(&app, &owner, 0, "Hist reuse plan", &number.to_string()).await;
    save_plan(&app, &owner, plan, "Hist reuse plan", "1").await;
    let edit = change_ids(&app, &owner, "destinationPlan", plan).await[0];
    assert_eq!(roll_back(&app, &owner, creation).await.status, StatusCode::OK);
    let removal = change_ids(&app, &owner, "destinationNumber", number).await[0];
    let theirs = new_destination_number(&app, &atlas, "Hist claims", "01134960874").await;
    sqlx::query(&format!("UPDATE destination_numbers SET id = {number} WHERE id = {theirs}"))
        .execute(&app.state.db)
        .await
        .unwrap();

    let message = refusal(&roll_back(&app, &owner, removal).await);
    assert!(message.starts_with("Rolling back would clash with what has been saved since"), "{message}");
    let message = refusal(&roll_back(&app, &owner, edit).await);
    assert!(message.contains(&format!("destination number #{number} that no longer exists")), "{message}");
    assert_eq!(plan_destinations(&app, plan).await, ["[1]"]);
    let claims = format!("SELECT customer_id, description FROM destination_numbers WHERE id = {number}");
    assert_eq!(rows_as_text(&app.state.db, &claims).await, [r#"[300,"Hist claims"]"#]);
}

/// Every table keeps the highest id it ever gave: on SQLite each integer key is AUTOINCREMENT
/// (a table added without it fails here); on PostgreSQL each is an identity column.
#[tokio::test]
async fn every_table_keeps_the_highest_id_it_ever_gave() {
    let app = TestApp::spawn().await;
    if crate::ON_POSTGRES {
        let sql = "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public'
            AND column_name = 'id' AND data_type = 'bigint' AND is_identity = 'NO' ORDER BY 1";
        assert_eq!(rows_as_text(&app.state.db, sql).await, Vec::<String>::new());
    } else {
        // FTS5's own tables behind the transcripts' search index are SQLite's, keyed by the
        // transcripts' ids.
        let sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%INTEGER PRIMARY KEY%'
            AND sql NOT LIKE '%AUTOINCREMENT%' AND name NOT LIKE 'transcripts_fts%' ORDER BY 1";
        assert_eq!(rows_as_text(&app.state.db, sql).await, Vec::<String>::new());
    }

    let owner = app.login(OWNER).await;
    let first = new_destination_number(&app, &owner, "Hist highest", "01134960875").await;
    sqlx::query(&format!("DELETE FROM destination_numbers WHERE id = {first}")).execute(&app.state.db).await.unwrap();
    let next = new_destination_number(&app, &owner, "Hist highest", "01134960875").await;
    assert!(next > first, "{next} after {first}");
}
