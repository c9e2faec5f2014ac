//! The routing history (docs/routing-history-api.md): service plan changes recorded in
//! plain words with who and when, filtered and exported; rollback (clean, under later changes,
//! refused when it would break routing), tenancy and permission; the impact of an edit on last
//! week's calls.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{TestApp, TEST_NOW};
use crate::routing_connect::{destination_plan, get_json, post, ENTERPRISE, OWNER};
use crate::routing_plans::{plan_form, week, Row};

const CREATE: &str = "/api/manageconnections/create_plan";
const UPDATE: &str = "/api/manageconnections/update_plan";
const CHANGES: &str = "/api/routinghistory/getChanges";

async fn create(app: &TestApp, session: &str, description: &str, rows: &[Row]) -> i64 {
    let reply = post(app, CREATE, session, &plan_form(description, rows)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["data"]["id"].as_i64().unwrap()
}

async fn update(app: &TestApp, session: &str, id: i64, description: &str, rows: &[Row]) {
    let mut form = plan_form(description, rows);
    form.push(("form_record_id".into(), id.to_string()));
    let reply = post(app, UPDATE, session, &form).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
}

async fn changes(app: &TestApp, session: &str, query: &str) -> Vec<Value> {
    get_json(app, &format!("{CHANGES}?{query}"), session).await["changes"].as_array().unwrap().clone()
}

/// Monday 00:00 to Friday 17:29 to `open`, the weekend from Friday 17:30 to `closed`.
fn office(open: i64, closed: i64) -> Vec<Row> {
    vec![(1, 0, 0, 5, 17, 29, "routing", open, 0), (5, 17, 30, 7, 23, 59, "routing", closed, 0)]
}

async fn times_of(app: &TestApp, plan: i64) -> Vec<(i64, i64, Option<i64>)> {
    sqlx::query_as("SELECT from_day, from_minute, destination_plan_id FROM service_plan_times WHERE plan_id = $1 ORDER BY position")
        .bind(plan)
        .fetch_all(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_service_plan_change_is_recorded_with_who_when_and_what_in_plain_words() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let reception = destination_plan(&app, 100, "Hist reception").await;
    let voicemail = destination_plan(&app, 100, "Hist out of hours").await;
    let plan = create(&app, &owner, "Hist office hours", &week(reception)).await;
    app.state.clock.advance(60);
    update(&app, &owner, plan, "Hist office hours", &office(reception, voicemail)).await;
    // Saving it unchanged records nothing.
    update(&app, &owner, plan, "Hist office hours", &office(reception, voicemail)).await;

    let list = changes(&app, &owner, &format!("kind=servicePlan&record={plan}")).await;
    assert_eq!(list.len(), 2, "{list:?}");
    let (newest, first) = (&list[0], &list[1]);
    assert_eq!(first["sentences"], json!(["Service plan 'Hist office hours' created."]), "{first}");
    assert_eq!(
        (newest["kind"].as_str(), newest["recordId"].as_i64(), newest["recordName"].as_str()),
        (Some("servicePlan"), Some(plan), Some("Hist office hours"))
    );
    assert_eq!(newest["source"], "screen");
    let at = newest["createdAt"].as_i64().unwrap();
    assert!((TEST_NOW + 60..TEST_NOW + 120).contains(&at), "{at}");
    assert!(!newest["userName"].as_str().unwrap().is_empty());
    let text =
        newest["sentences"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect::<Vec<_>>().join(" ");
    assert!(text.contains("'Hist out of hours'") && text.contains("'Hist office hours'"), "{text}");
}

#[tokio::test]
async fn the_history_is_filtered_by_record_user_and_date_and_exported_as_csv() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let reception = destination_plan(&app, 100, "Hist reception").await;
    let first = create(&app, &owner, "First plan", &week(reception)).await;
    // Two days on (the sessions of then have expired).
    app.state.clock.advance(2 * 24 * 60 * 60);
    let admin = app.login("admin@demo.test").await;
    let second = create(&app, &admin, "Second plan", &week(reception)).await;
    let owner = app.login(OWNER).await;

    let all = changes(&app, &owner, "").await;
    assert_eq!(all.iter().map(|c| c["recordId"].as_i64().unwrap()).collect::<Vec<_>>(), vec![second, first]);
    let by_admin = all[0]["userId"].as_i64().unwrap();
    assert_eq!(changes(&app, &owner, &format!("user={by_admin}")).await.len(), 1);
    assert_eq!(changes(&app, &owner, &format!("kind=servicePlan&record={first}")).await.len(), 1);
    // 2026-11-23 is the first change's day, 2026-11-25 the second's (London).
    assert_eq!(changes(&app, &owner, "from=2026-11-23&to=2026-11-23").await[0]["recordId"], json!(first));
    assert_eq!(changes(&app, &owner, "from=2026-11-24").await.len(), 1);
    // The user filter's choices: everyone who made a change, by name, each once.
    let users = get_json(&app, "/api/routinghistory/getUsers", &owner).await["users"].clone();
    let ids: Vec<i64> = users.as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 2, "{users}");
    assert!(ids.contains(&by_admin) && ids.contains(&all[1]["userId"].as_i64().unwrap()), "{users}");
    let names: Vec<&str> = users.as_array().unwrap().iter().map(|u| u["name"].as_str().unwrap()).collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "by name: {names:?}");
    let page = get_json(&app, &format!("{CHANGES}?page=2&pageSize=1"), &owner).await;
    assert_eq!((page["total"].as_i64(), page["changes"][0]["recordId"].as_i64()), (Some(2), Some(first)));

    let out_of_range = app.get(&format!("{CHANGES}?user=0&pageSize=101"), Some(&owner)).await;
    assert_eq!(out_of_range.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(out_of_range.json()["errors"]["user"], "user must be a whole number from 1.");
    assert_eq!(out_of_range.json()["errors"]["pageSize"], "pageSize must be from 1 to 100.");
    let bad = app.get(&format!("{CHANGES}?from=23/11/2026"), Some(&owner)).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json()["errors"]["from"], "Please enter a date as YYYY-MM-DD.");

    let csv = app.get("/api/routinghistory/exportCsv?kind=servicePlan", Some(&owner)).await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.header("content-disposition").unwrap().contains("routing_history.csv"));
    let text = csv.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].contains("What changed"));
    assert!(lines[1].contains("Second plan") && lines[1].contains("25/11/2026 10:00 GMT"), "{}", lines[1]);
}

#[tokio::test]
async fn a_rollback_restores_the_plan_in_one_recorded_change() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let reception = destination_plan(&app, 100, "Hist reception").await;
    let voicemail = destination_plan(&app, 100, "Hist out of hours").await;
    let plan = create(&app, &owner, "Hist office hours", &week(reception)).await;
    let before = times_of(&app, plan).await;
    update(&app, &owner, plan, "Hist office hours", &office(reception, voicemail)).await;
    let change = changes(&app, &owner, "").await[0]["id"].as_i64().unwrap();

    let preview = get_json(&app, &format!("/api/routinghistory/getRollback/{change}"), &owner).await;
    assert_eq!(preview["plan"]["outcome"], json!({ "outcome": "clean" }), "{preview}");
    assert_eq!(preview["problem"], Value::Null);
    assert!(!preview["plan"]["changesBack"].as_array().unwrap().is_empty());
    assert!(preview["impact"]["headline"].is_string());

    let reply = post(&app, &format!("/api/routinghistory/rollback/{change}"), &owner, &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let undo = reply.json()["changeIds"][0].as_i64().unwrap();
    assert_eq!(times_of(&app, plan).await, before);
    let newest = &changes(&app, &owner, "").await[0];
    assert_eq!((newest["id"].as_i64(), newest["source"].as_str()), (Some(undo), Some("rollback")));
    assert_eq!(newest["rollsBack"], json!(change));
}

#[tokio::test]
async fn a_rollback_under_later_changes_names_them_and_goes_only_with_them() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let reception = destination_plan(&app, 100, "Hist reception").await;
    let voicemail = destination_plan(&app, 100, "Hist out of hours").await;
    let sales = destination_plan(&app, 100, "Hist sales").await;
    let plan = create(&app, &owner, "Hist office hours", &week(reception)).await;
    let original = times_of(&app, plan).await;
    update(&app, &owner, plan, "Hist office hours", &office(reception, voicemail)).await;
    let first = changes(&app, &owner, "").await[0]["id"].as_i64().unwrap();
    update(&app, &owner, plan, "Hist office hours", &office(sales, voicemail)).await;
    let later = changes(&app, &owner, "").await[0]["id"].as_i64().unwrap();

    let preview = get_json(&app, &format!("/api/routinghistory/getRollback/{first}"), &owner).await;
    assert_eq!(preview["plan"]["outcome"]["outcome"], "conflict", "{preview}");
    assert_eq!(preview["plan"]["outcome"]["laterChangeIds"], json!([later]));
    let refused = post(&app, &format!("/api/routinghistory/rollback/{first}"), &owner, &[]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text());
    assert_eq!(refused.json()["code"], "ROLLBACK_REFUSED");
    assert!(refused.json()["errors"]["rollback"].as_str().unwrap().contains(&format!("#{later}")));
    assert_eq!(times_of(&app, plan).await[0].2, Some(sales), "nothing was restored");

    let with_later = [("includeLater".to_string(), "1".to_string())];
    let reply = post(&app, &format!("/api/routinghistory/rollback/{first}"), &owner, &with_later).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(times_of(&app, plan).await, original);
}

#[tokio::test]
async fn a_rollback_that_would_leave_a_number_on_a_missing_plan_is_refused() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let reception = destination_plan(&app, 100, "Hist reception").await;
    let plan = create(&app, &owner, "New plan", &week(reception)).await;
    let creation = changes(&app, &owner, "").await[0]["id"].as_i64().unwrap();
    sqlx::query("UPDATE routing_entries SET service_plan_id = $1 WHERE id = (SELECT MIN(id) FROM routing_entries WHERE customer_id = 100)")
        .bind(plan)
        .execute(&app.state.db)
        .await
        .unwrap();
    let preview = get_json(&app, &format!("/api/routinghistory/getRollback/{creation}"), &owner).await;
    assert!(preview["problem"].as_str().unwrap().starts_with("Rolling back would leave routing broken"), "{preview}");
    let reply = post(&app, &format!("/api/routinghistory/rollback/{creation}"), &owner, &[]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert_eq!(times_of(&app, plan).await.len(), 1);
}

#[tokio::test]
async fn another_customers_change_is_not_found_and_never_listed() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let reception = destination_plan(&app, 100, "Hist reception").await;
    create(&app, &owner, "Mine", &week(reception)).await;
    let change = changes(&app, &owner, "").await[0]["id"].as_i64().unwrap();

    let other = app.login(ENTERPRISE).await;
    assert!(changes(&app, &other, "").await.is_empty());
    assert_eq!(get_json(&app, "/api/routinghistory/getUsers", &other).await["users"], json!([]));
    let preview = app.get(&format!("/api/routinghistory/getRollback/{change}"), Some(&other)).await;
    assert_eq!(preview.status, StatusCode::NOT_FOUND);
    let rollback = post(&app, &format!("/api/routinghistory/rollback/{change}"), &other, &[]).await;
    assert_eq!(rollback.status, StatusCode::NOT_FOUND);
    assert!(!rollback.text().contains("Mine"));
}

#[tokio::test]
async fn the_history_needs_advanced_routing_and_a_rollback_an_editor() {
    let app = TestApp::spawn().await;
    let reports_only = app.login("user@demo.test").await;
    assert_eq!(app.get(CHANGES, Some(&reports_only)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/routinghistory/getUsers", Some(&reports_only)).await.status, StatusCode::FORBIDDEN);
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get(CHANGES, Some(&starter)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/routinghistory/getUsers", Some(&starter)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(post(&app, "/api/routinghistory/rollback/1", &starter, &[]).await.status, StatusCode::FORBIDDEN);
}

/// A number of the owner's put on `plan`, with calls at the given instants (seconds).
async fn number_with_calls(app: &TestApp, plan: i64, calls: &[i64]) -> i64 {
    let entry: i64 = sqlx::query_scalar(
        "INSERT INTO routing_entries (customer_id, kind, number, service_plan_id) VALUES (100, 'static', '01134960999', $1) RETURNING id",
    )
    .bind(plan)
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    for at in calls {
        sqlx::query(
            "INSERT INTO calls (customer_id, routing_entry_id, direction, rate_item, started_at, duration_seconds, minutes,
             cost_tenth_pence) VALUES (100, $1, 'inbound', 'geographic', $2, 60, 1, 10)",
        )
        .bind(entry)
        .bind(at)
        .execute(&app.state.db)
        .await
        .unwrap();
    }
    entry
}

#[tokio::test]
async fn the_impact_of_an_edit_counts_last_weeks_calls_that_would_go_elsewhere() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let reception = destination_plan(&app, 100, "Hist reception").await;
    let voicemail = destination_plan(&app, 100, "Hist voicemail").await;
    let plan = create(&app, &owner, "Hist office hours", &week(reception)).await;
    // Saturday 2026-11-21 10:00, 10:30 and 11:00 GMT; Monday 2026-11-23 09:00; a call eight days
    // ago is not last week's.
    let saturday = TEST_NOW - 2 * 24 * 60 * 60;
    number_with_calls(
        &app,
        plan,
        &[saturday, saturday + 1800, saturday + 3600, TEST_NOW - 3600, TEST_NOW - 8 * 86_400],
    )
    .await;

    let mut rows = vec![(1, 0, 0, 5, 23, 59, "routing", reception, 0), (6, 0, 0, 7, 23, 59, "routing", voicemail, 0)];
    let edited = json!({ "kind": "servicePlan", "id": plan, "form": {
        "description": "Hist office hours",
        "rows": rows.drain(..).map(|r| json!({ "fromDay": r.0, "fromHour": r.1, "fromMinute": r.2, "toDay": r.3,
            "toHour": r.4, "toMinute": r.5, "planType": r.6, "routing": r.7, "ivr": r.8 })).collect::<Vec<_>>(),
    } });
    let form = [("record".to_string(), edited.to_string())];
    let reply = post(&app, "/api/routinghistory/impact", &owner, &form).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let impact = reply.json();
    assert_eq!((impact["moved"].as_i64(), impact["total"].as_i64()), (Some(3), Some(4)), "{impact}");
    assert_eq!(impact["headline"], "3 of 4 calls would have gone elsewhere");
    assert_eq!(impact["moves"][0]["label"], "3 calls on Saturday mornings: from Hist reception to Hist voicemail");

    // Another customer's plan is not found; a record that is not one is refused on its field.
    let other = app.login(ENTERPRISE).await;
    assert_eq!(post(&app, "/api/routinghistory/impact", &other, &form).await.status, StatusCode::NOT_FOUND);
    for junk in ["{\"kind\":\"servicePlan\"}", "not json", ""] {
        let reply = post(&app, "/api/routinghistory/impact", &owner, &[("record".to_string(), junk.to_string())]).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{junk}");
        assert_eq!(
            reply.json()["errors"]["record"],
            "The edited record is not a routing record this account can replay."
        );
    }
}

#[tokio::test]
async fn history_older_than_the_retention_is_purged_and_newer_is_kept() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let reception = destination_plan(&app, 100, "Hist reception").await;
    create(&app, &owner, "Kept", &week(reception)).await;
    let retention = server::store::routing_history::RETENTION_SECONDS;
    assert!(retention >= 25 * 31 * 86_400);
    let purged = server::store::routing_history::purge_older_than(
        &mut app.state.db.acquire().await.unwrap(),
        TEST_NOW - retention,
    )
    .await
    .unwrap();
    assert_eq!(purged, 0);
    let now = app.state.clock.now();
    let purged = server::store::routing_history::purge_older_than(&mut app.state.db.acquire().await.unwrap(), now + 1)
        .await
        .unwrap();
    assert_eq!(purged, 1);
}
