//! Each process keeps the numbers pages it read, and uses one only while the
//! customer's numbers version read with the session is the one it was read at (migration 0053's
//! triggers bump it). Every kind of change the list shows is made through one process (A) after
//! the other (B, its own pool and its own kept pages on the same database) has kept the page;
//! B's next request shows the change.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, SecondProcess, TestApp};

const PAGE: &str = "/api/managenumbers/getNumbers?page=1&pageSize=25";
const DAY: i64 = 24 * 60 * 60;

async fn page(b: &SecondProcess, token: &str) -> Value {
    let reply = b.get(PAGE, token).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

/// Reads the page twice (the second from the kept page) and returns it.
async fn kept_page(b: &SecondProcess, token: &str) -> Value {
    let first = page(b, token).await;
    assert!(!b.state.numbers_pages.is_empty(), "the page is kept");
    assert_eq!(page(b, token).await, first);
    first
}

async fn run(app: &TestApp, sql: &str) {
    sqlx::query(sql).execute(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn number(app: &TestApp, sql: &str) -> i64 {
    rows_as_text(&app.state.db, sql).await[0].trim_matches(|c| c == '[' || c == ']').parse().unwrap()
}

/// The first row of the page with this field set (a name beside the number).
fn row_with<'a>(page: &'a Value, id_field: &str) -> &'a Value {
    page["numbers"].as_array().unwrap().iter().find(|row| row[id_field].as_i64().unwrap() > 0).unwrap()
}

fn row_of(page: &Value, id: &Value, number: &Value) -> Value {
    page["numbers"].as_array().unwrap().iter().find(|row| row["id"] == *id && row["number"] == *number).unwrap().clone()
}

#[tokio::test]
async fn a_number_changed_or_a_name_beside_it_renamed_shows_in_the_other_process() {
    let app = TestApp::spawn().await;
    let b = SecondProcess::of(&app).await;
    let owner = app.login("owner@demo.test").await;
    let first = kept_page(&b, &owner).await;
    let top = first["numbers"][0].clone();
    run(&app, &format!("UPDATE routing_entries SET media_description = 'Kept page check' WHERE id = {}", top["id"]))
        .await;
    assert_eq!(row_of(&page(&b, &owner).await, &top["id"], &top["number"])["mediaDescription"], "Kept page check");

    for (table, id_field, field) in [
        ("campaigns", "campaignId", "campaign"),
        ("channels", "channelId", "channel"),
        ("media_owners", "mediaOwnerId", "mediaOwner"),
        ("departments", "departmentId", "department"),
    ] {
        let kept = kept_page(&b, &owner).await;
        let row = row_with(&kept, id_field).clone();
        let renamed = format!("Renamed {table}");
        run(&app, &format!("UPDATE {table} SET description = '{renamed}' WHERE id = {}", row[id_field])).await;
        assert_eq!(row_of(&page(&b, &owner).await, &row["id"], &row["number"])[field], renamed.as_str(), "{table}");
    }

    // The top number routed to a service plan, then the plan renamed.
    let plan = number(&app, "SELECT MIN(id) FROM service_plans WHERE customer_id = 100").await;
    run(
        &app,
        &format!("UPDATE routing_entries SET service_plan_id = {plan}, destination = '' WHERE id = {}", top["id"]),
    )
    .await;
    let shown = row_of(&kept_page(&b, &owner).await, &top["id"], &top["number"]);
    assert_eq!(shown["routing"]["id"], plan, "{shown}");
    run(&app, &format!("UPDATE service_plans SET description = 'Renamed plan' WHERE id = {plan}")).await;
    let shown = row_of(&page(&b, &owner).await, &top["id"], &top["number"]);
    assert_eq!(shown["routing"]["label"], "Renamed plan", "{shown}");
}

#[tokio::test]
async fn a_call_and_a_pool_number_added_or_removed_show_in_the_other_process() {
    let app = TestApp::spawn().await;
    let b = SecondProcess::of(&app).await;
    let owner = app.login("owner@demo.test").await;
    let kept = kept_page(&b, &owner).await;
    let top = kept["numbers"][0].clone();

    // A call to the top number now, copied from one of the customer's inbound calls.
    let columns = "customer_id, user_id, direction, rate_item, duration_seconds, minutes, cost_tenth_pence, recorded,
        keys_pressed, caller_number, visit_id, source_medium_id, route_path, queue_name, destination, ring_seconds,
        talk_seconds, outcome, first_time, category, report_group, tags, callback_of";
    let tracked = top["number"].as_str().unwrap().replace(' ', "");
    let model = number(&app, "SELECT MIN(id) FROM calls WHERE customer_id = 100 AND direction = 'inbound'").await;
    run(
        &app,
        &format!(
            "INSERT INTO calls (routing_entry_id, tracked_number, started_at, {columns})
             SELECT {}, '{tracked}', {}, {columns} FROM calls WHERE id = {model}",
            top["id"],
            app.state.clock.now() - DAY,
        ),
    )
    .await;
    let after = row_of(&page(&b, &owner).await, &top["id"], &top["number"]);
    assert_eq!(after["calls30Days"].as_i64().unwrap(), top["calls30Days"].as_i64().unwrap() + 1);

    // A number added to a pool, then taken away again.
    let total = kept_page(&b, &owner).await["total"].as_i64().unwrap();
    let pool = number(&app, "SELECT MIN(id) FROM routing_entries WHERE customer_id = 100 AND kind = 'dynamic'").await;
    run(&app, &format!("INSERT INTO pool_numbers (routing_entry_id, number) VALUES ({pool}, '01610000999')")).await;
    assert_eq!(page(&b, &owner).await["total"].as_i64().unwrap(), total + 1);
    run(&app, "DELETE FROM pool_numbers WHERE number = '01610000999'").await;
    assert_eq!(page(&b, &owner).await["total"].as_i64().unwrap(), total);
}

#[tokio::test]
async fn a_number_released_through_the_api_leaves_the_other_processs_page() {
    let app = TestApp::spawn().await;
    let b = SecondProcess::of(&app).await;
    let owner = app.login("owner@demo.test").await;
    let kept = kept_page(&b, &owner).await;
    let id = kept["numbers"].as_array().unwrap().iter().find(|row| row["kind"] == "static").unwrap()["id"].to_string();
    let key = app.confirm_key(&owner).await;
    let reply =
        app.post_form("/api/managenumbers/releaseNumbers", Some(&owner), &[("ids[]", &id), ("key", &key)]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let after = page(&b, &owner).await;
    assert_eq!(after["total"].as_i64().unwrap(), kept["total"].as_i64().unwrap() - 1);
    assert!(after["numbers"].as_array().unwrap().iter().all(|row| row["id"] != id.parse::<i64>().unwrap()));
}

#[tokio::test]
async fn a_numbers_write_bumps_the_numbers_version_and_leaves_the_account_state_kept() {
    let app = TestApp::spawn().await;
    let state = "SELECT state_version FROM customers WHERE id = 100";
    let numbers = "SELECT numbers_version FROM customers WHERE id = 100";
    let (state_before, numbers_before) = (number(&app, state).await, number(&app, numbers).await);
    run(&app, "UPDATE calls SET tags = 'kept' WHERE id = (SELECT MIN(id) FROM calls WHERE customer_id = 100)").await;
    assert_eq!(number(&app, numbers).await, numbers_before, "a call's tags are not counted in the lists");
    run(
        &app,
        "UPDATE routing_entries SET media_description = 'x'
         WHERE id = (SELECT MIN(id) FROM routing_entries WHERE customer_id = 100)",
    )
    .await;
    assert!(number(&app, numbers).await > numbers_before);
    assert_eq!(number(&app, state).await, state_before, "the account state's version is not touched");
}
