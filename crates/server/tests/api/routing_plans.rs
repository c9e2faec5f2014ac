//! Service plans: the list, get_routing_data, create_plan and update_plan
//! (docs/routing-api.md "Service plans").

use axum::http::StatusCode;
use domain::routing::{validate_service_plan, RowType, ServicePlanForm, TimeRow};
use serde_json::{json, Value};
use server::db::Flag;

use crate::helpers::{Reply, TestApp};
use crate::routing_connect::{
    advanced_row, destination_plan, entry, ivr, post, requested_at, service_plan, snapshot, ENTERPRISE, OWNER,
};

const LIST: &str = "/api/manageconnections/getServicePlansList";
const DATA: &str = "/api/manageconnections/get_routing_data";
const CREATE: &str = "/api/manageconnections/create_plan";
const UPDATE: &str = "/api/manageconnections/update_plan";

/// (from day, hour, minute, to day, hour, minute, type, destination plan, IVR)
pub(crate) type Row = (i64, i64, i64, i64, i64, i64, &'static str, i64, i64);

pub(crate) fn plan_form(description: &str, rows: &[Row]) -> Vec<(String, String)> {
    let mut fields = vec![("form_plan_description".to_string(), description.to_string())];
    for (i, r) in rows.iter().enumerate() {
        let values = [
            ("form_from_day", r.0.to_string()),
            ("form_from_hour", r.1.to_string()),
            ("form_from_minute", r.2.to_string()),
            ("form_to_day", r.3.to_string()),
            ("form_to_hour", r.4.to_string()),
            ("form_to_minute", r.5.to_string()),
            ("form_routing_type", r.6.to_string()),
            ("form_routing", r.7.to_string()),
            ("form_ivr", r.8.to_string()),
        ];
        fields.extend(values.into_iter().map(|(name, value)| (format!("{name}[{i}]"), value)));
    }
    fields
}

pub(crate) fn week(routing: i64) -> Vec<Row> {
    vec![(1, 0, 0, 7, 23, 59, "routing", routing, 0)]
}

fn with_record(mut fields: Vec<(String, String)>, id: i64) -> Vec<(String, String)> {
    fields.push(("form_record_id".into(), id.to_string()));
    fields
}

async fn routing_data(app: &TestApp, session: &str, id: i64, editing: &[i64]) -> Reply {
    let mut fields = vec![("id".to_string(), id.to_string())];
    fields.extend(editing.iter().map(|e| ("provisioning_numbers[]".to_string(), e.to_string())));
    post(app, DATA, session, &fields).await
}

async fn plan_of(app: &TestApp, session: &str, id: i64) -> Value {
    let reply = routing_data(app, session, id, &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

async fn list(app: &TestApp, session: &str) -> Vec<Value> {
    let reply = app.get(LIST, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["plans"].as_array().unwrap().clone()
}

fn minutes(time: &Value) -> (i64, i64) {
    let (h, m) = time.as_str().unwrap().split_once(':').unwrap();
    (h.parse().unwrap(), m.parse().unwrap())
}

/// A plan as get_routing_data answers it, back into the domain's form.
fn as_form(plan: &Value) -> ServicePlanForm {
    let id = |v: &Value| v.as_i64().unwrap();
    let rows = plan["times"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let (from_hour, from_minute) = minutes(&t["TzonLowerTime"]);
            let (to_hour, to_minute) = minutes(&t["TzonUpperTime"]);
            TimeRow {
                from_day: id(&t["TzonLowerDay"]),
                from_hour,
                from_minute,
                to_day: id(&t["TzonUpperDay"]),
                to_hour,
                to_minute,
                plan_type: RowType::parse(t["planType"].as_str().unwrap()).unwrap(),
                routing: id(&t["TzonRogrID"]),
                ivr: id(&t["TzonIvrsID"]),
            }
        })
        .collect();
    ServicePlanForm { description: plan["description"].as_str().unwrap().to_string(), rows, exceptions: vec![] }
}

pub(crate) async fn plan_count(app: &TestApp) -> i64 {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM service_plans").fetch_one(&app.state.db).await.unwrap();
    n
}

#[tokio::test]
async fn every_seeded_plan_is_valid_by_the_domain_rules() {
    let app = TestApp::spawn().await;
    // Harbour Lane's seventh, "Menu in office hours", plays the seeded main menu.
    for (email, customer, expected) in [(OWNER, 100, 7), (ENTERPRISE, 300, 1)] {
        let session = app.login(email).await;
        let plans = list(&app, &session).await;
        let (destinations,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM destination_plans WHERE customer_id = $1")
            .bind(customer)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        // The library seed gives the plans something to route to; without it there are none.
        assert_eq!(plans.len() - 1, if destinations > 0 { expected } else { 0 }, "{email}");
        for plan in &plans[1..] {
            let answer = plan_of(&app, &session, plan["id"].as_i64().unwrap()).await;
            let form = as_form(&answer["plan"]);
            assert!(!form.rows.is_empty());
            assert_eq!(validate_service_plan(&form, domain::names::NOTHING_TAKEN), Ok(()), "{}", answer["plan"]);
            // Every row routes to one of the customer's destination plans or IVRs.
            for row in &form.rows {
                let (table, id) =
                    if row.plan_type == RowType::Ivr { ("ivrs", row.ivr) } else { ("destination_plans", row.routing) };
                let (owner,): (i64,) = sqlx::query_as(&format!("SELECT customer_id FROM {table} WHERE id = $1"))
                    .bind(id)
                    .fetch_one(&app.state.db)
                    .await
                    .unwrap();
                assert_eq!(owner, customer);
            }
        }
    }
}

#[tokio::test]
async fn the_list_starts_with_disconnect_and_holds_only_the_customers_plans() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let mine = service_plan(&app, 100, "Zz mine").await;
    let theirs = service_plan(&app, 300, "Zz theirs").await;
    let plans = list(&app, &owner).await;
    assert_eq!(plans[0], json!({ "id": 0, "description": "-- Disconnect --" }));
    assert!(plans.contains(&json!({ "id": mine, "description": "Zz mine" })));
    assert!(!plans.iter().any(|p| p["id"] == theirs));
    let starter = app.login("starter@demo.test").await;
    assert_eq!(list(&app, &starter).await, vec![json!({ "id": 0, "description": "-- Disconnect --" })]);
}

#[tokio::test]
async fn a_created_plan_reads_back_with_its_rows() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let reception = destination_plan(&app, 100, "Front desk").await;
    let menu = ivr(&app, 100, "Test menu").await;
    let rows = [(1, 0, 0, 5, 17, 29, "routing", reception, menu), (5, 17, 30, 7, 23, 59, "ivr", reception, menu)];
    let reply = post(&app, CREATE, &owner, &plan_form("  Evenings to the menu ", &rows)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    let id = body["data"]["id"].as_i64().unwrap();
    assert_eq!(body, json!({ "success": true, "data": { "id": id, "description": "Evenings to the menu" } }));

    let answer = plan_of(&app, &owner, id).await;
    assert_eq!(
        answer,
        json!({
            "plan": { "id": id, "description": "Evenings to the menu", "times": [
                { "TzonLowerDay": 1, "TzonLowerTime": "00:00", "TzonUpperDay": 5, "TzonUpperTime": "17:29",
                  "planType": "routing", "TzonRogrID": reception, "TzonIvrsID": 0 },
                { "TzonLowerDay": 5, "TzonLowerTime": "17:30", "TzonUpperDay": 7, "TzonUpperTime": "23:59",
                  "planType": "ivr", "TzonRogrID": 0, "TzonIvrsID": menu },
            ] },
            "affected_numbers": [],
        })
    );
    assert!(list(&app, &owner).await.contains(&json!({ "id": id, "description": "Evenings to the menu" })));
}

#[tokio::test]
async fn dated_exceptions_are_saved_with_the_plan_checked_and_answer_their_days() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let reception = destination_plan(&app, 100, "Front desk").await;
    let closed = destination_plan(&app, 100, "Closed message").await;
    let rows = [(1, 0, 0, 7, 23, 59, "routing", reception, 0)];
    let christmas = json!([
        { "from": "2026-12-24", "to": "2026-12-26", "description": "Christmas closure", "planType": "routing", "routing": closed, "ivr": 0, "fromTime": "", "toTime": "" },
        { "from": "2026-12-28", "to": "2026-12-28", "description": "Boxing Day (substitute)", "planType": "routing", "routing": closed, "ivr": 0, "fromTime": "", "toTime": "" },
        { "from": "2026-12-31", "to": "2026-12-31", "description": "New Year's Eve", "planType": "routing", "routing": closed, "ivr": 0, "fromTime": "13:00", "toTime": "24:00" },
    ]);
    let mut fields = plan_form("Holidays", &rows);
    fields.push(("form_exceptions".into(), christmas.to_string()));
    let reply = post(&app, CREATE, &owner, &fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let id = reply.json()["data"]["id"].as_i64().unwrap();
    let stored = plan_of(&app, &owner, id).await;
    assert_eq!(stored["plan"]["exceptions"], christmas);
    // The routing the live calls and the impact read has them too.
    let snap = server::store::routing_history::snapshot(
        &mut app.state.db.acquire().await.unwrap(),
        server::store::CustomerId::new(100),
    )
    .await
    .unwrap();
    let plan = snap.service_plans.iter().find(|p| p.id == id).unwrap();
    assert_eq!(plan.form.exceptions.len(), 3);
    // New Year's Eve closes at 13:00 (GMT): the morning is the week's, the afternoon the exception's.
    let at = |instant: &str| {
        let millis = chrono::DateTime::parse_from_rfc3339(instant).unwrap().timestamp_millis();
        domain::routing::where_does_a_call_go_on(&plan.form.rows, &plan.form.exceptions, "Europe/London", millis)
            .unwrap()
    };
    assert_eq!((at("2026-12-31T12:59:00Z").exception, at("2026-12-31T12:59:00Z").routing), (None, reception));
    assert_eq!(at("2026-12-31T13:00:00Z").exception.as_deref(), Some("New Year's Eve"));
    let eve = domain::routing::where_does_a_call_go_on(
        &plan.form.rows,
        &plan.form.exceptions,
        "Europe/London",
        1_798_106_400_000,
    )
    .unwrap();
    assert_eq!((eve.exception.as_deref(), eve.routing), (Some("Christmas closure"), closed));

    // Each rule is the server's too: overlapping days, no destination, JSON that is not the list.
    let mut overlapping = plan_form("Holidays 2", &rows);
    overlapping.push((
        "form_exceptions".into(),
        json!([
            { "from": "2026-12-24", "to": "2026-12-26", "description": "A", "planType": "routing", "routing": closed },
            { "from": "2026-12-26", "to": "2026-12-26", "description": "B", "planType": "ivr", "ivr": 0 },
            { "from": "2027-01-02", "to": "2027-01-02", "description": "C", "planType": "routing", "routing": closed, "fromTime": "14:00", "toTime": "9:00" },
        ])
        .to_string(),
    ));
    let refused = post(&app, CREATE, &owner, &overlapping).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text());
    let errors = &refused.json()["errors"];
    assert_eq!(errors["exceptions[1].from"], domain::routing::plan_exceptions::EXCEPTION_OVERLAPS);
    assert_eq!(errors["exceptions[1].target"], domain::routing::plan_exceptions::EXCEPTION_TARGET_REQUIRED);
    assert_eq!(errors["exceptions[2].toTime"], domain::routing::plan_exceptions::EXCEPTION_TIME_INVALID);
    let mut garbled = plan_form("Holidays 3", &rows);
    garbled.push(("form_exceptions".into(), "{not json".into()));
    let refused = post(&app, CREATE, &owner, &garbled).await;
    assert_eq!(refused.json()["errors"]["exceptions"], domain::routing::plan_exceptions::EXCEPTIONS_UNREADABLE);
    // Another customer's destination plan in an exception: not found, nothing stored.
    let theirs = destination_plan(&app, 300, "Theirs").await;
    let mut foreign = plan_form("Holidays 4", &rows);
    foreign.push((
        "form_exceptions".into(),
        json!([{ "from": "2026-12-25", "to": "2026-12-25", "description": "X", "planType": "routing", "routing": theirs }]).to_string(),
    ));
    assert_eq!(post(&app, CREATE, &owner, &foreign).await.status, StatusCode::NOT_FOUND);
    // An update without the field clears them (the editor always sends the list it shows).
    let mut update = with_record(plan_form("Holidays", &rows), id);
    update.push(("form_exceptions".into(), "[]".into()));
    assert_eq!(post(&app, UPDATE, &owner, &update).await.status, StatusCode::OK);
    assert_eq!(plan_of(&app, &owner, id).await["plan"].get("exceptions"), None);
}

#[tokio::test]
async fn routing_data_lists_the_other_numbers_and_pools_using_the_plan() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let plan = service_plan(&app, 100, "Shared plan").await;
    let ids: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT id, number, pool_name FROM routing_entries WHERE customer_id = 100 AND kind = 'static' ORDER BY number LIMIT 2")
            .fetch_all(&app.state.db)
            .await
            .unwrap();
    let pool = entry(&app, 100, "dynamic").await;
    let (pool_name,): (String,) = sqlx::query_as("SELECT pool_name FROM routing_entries WHERE id = $1")
        .bind(pool)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let mut form = advanced_row(0, "form_number_id", ids[0].0, "First", plan);
    form.extend(advanced_row(1, "form_number_id", ids[1].0, "Second", plan));
    form.extend(advanced_row(2, "form_number_set_id", pool, "", plan));
    let reply = post(&app, "/api/manageconnections/connectAdvanced/", &owner, &form).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());

    let reply = routing_data(&app, &owner, plan, &[ids[0].0]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(
        reply.json()["affected_numbers"],
        json!([{ "NumbNGNumber": ids[1].1 }, { "VlnsDescription": pool_name }])
    );
    let all = plan_of(&app, &owner, plan).await;
    assert_eq!(all["affected_numbers"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn an_updated_plan_is_saved_and_its_numbers_provisioned_again() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let day = destination_plan(&app, 100, "Day team").await;
    let night = destination_plan(&app, 100, "Night team").await;
    let created = post(&app, CREATE, &owner, &plan_form("Day and night", &week(day))).await.json();
    let id = created["data"]["id"].as_i64().unwrap();
    let number = entry(&app, 100, "static").await;
    sqlx::query("UPDATE routing_entries SET service_plan_id = $1, provisioned = 1 WHERE id = $2")
        .bind(id)
        .bind(number)
        .execute(&app.state.db)
        .await
        .unwrap();

    let rows = [(1, 0, 0, 1, 7, 59, "routing", night, 0), (1, 8, 0, 7, 23, 59, "routing", day, 0)];
    let reply = post(&app, UPDATE, &owner, &with_record(plan_form("Day and night", &rows), id)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json(), json!({ "success": true, "id": id }));
    let plan = plan_of(&app, &owner, id).await["plan"].clone();
    assert_eq!(plan["times"].as_array().unwrap().len(), 2);
    assert_eq!(
        (plan["times"][0]["TzonUpperTime"].as_str(), plan["times"][0]["TzonRogrID"].as_i64()),
        (Some("07:59"), Some(night))
    );

    // The number's routing changed: it is provisioned again.
    let requested = requested_at(&app, number).await;
    let provisioned = |app: &TestApp| {
        let db = app.state.db.clone();
        async move {
            let (Flag(p),): (Flag,) = sqlx::query_as("SELECT provisioned FROM routing_entries WHERE id = $1")
                .bind(number)
                .fetch_one(&db)
                .await
                .unwrap();
            p
        }
    };
    assert!(!provisioned(&app).await);
    server::jobs::provisioning::run_once(&app.state.db, requested + 1).await.unwrap();
    assert!(!provisioned(&app).await);
    server::jobs::provisioning::run_once(&app.state.db, requested + 2).await.unwrap();
    assert!(provisioned(&app).await);

    // A new description; its own description is not a clash.
    let reply = post(&app, UPDATE, &owner, &with_record(plan_form("Round the clock", &week(day)), id)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(plan_of(&app, &owner, id).await["plan"]["description"], "Round the clock");
}

#[tokio::test]
async fn every_service_plan_rule_is_checked_by_the_server() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let d = destination_plan(&app, 100, "Front desk").await;
    let before = plan_count(&app).await;
    let long = "x".repeat(61);
    let cases: Vec<(&str, Vec<Row>, &str, &str)> = vec![
        ("", week(d), "form_plan_description", "Description is required."),
        (&long, week(d), "form_plan_description", "Description must not exceed 60 characters."),
        ("Plan 李", week(d), "form_plan_description", "Invalid characters found."),
        (
            "Plan",
            vec![(1, 0, 1, 7, 23, 59, "routing", d, 0)],
            "form_from_day[0]",
            "Please change the from day and time to Monday 00:00 on row 1",
        ),
        ("Plan", vec![], "form_from_day[0]", "Please change the from day and time to Monday 00:00 on row 1"),
        (
            "Plan",
            vec![(1, 0, 0, 3, 12, 0, "routing", d, 0), (3, 12, 1, 7, 23, 58, "routing", d, 0)],
            "form_to_day[1]",
            "Please change the to day and time to Sunday 23:59 on row 2",
        ),
        (
            "Plan",
            vec![(1, 0, 0, 3, 12, 0, "routing", d, 0), (3, 12, 2, 7, 23, 59, "routing", d, 0)],
            "form_from_day[1]",
            "Please ensure your time of day options follow the Monday - Sunday format with time being continuous",
        ),
        (
            "Plan",
            vec![(1, 0, 0, 3, 12, 0, "routing", d, 0), (3, 12, 0, 7, 23, 59, "routing", d, 0)],
            "form_from_day[1]",
            "Please ensure your time of day options follow the Monday - Sunday format with time being continuous",
        ),
        (
            "Plan",
            vec![(1, 0, 0, 8, 23, 59, "routing", d, 0)],
            "form_from_day[0]",
            "Please choose a valid day and time on row 1.",
        ),
        (
            "Plan",
            vec![(1, 0, 0, 7, 23, 60, "routing", d, 0)],
            "form_from_day[0]",
            "Please choose a valid day and time on row 1.",
        ),
        ("Plan", week(0), "form_routing[0]", "A destination plan is required."),
        ("Plan", vec![(1, 0, 0, 7, 23, 59, "ivr", d, 0)], "form_ivr[0]", "An IVR is required."),
    ];
    for (description, rows, field, message) in cases {
        let reply = post(&app, CREATE, &owner, &plan_form(description, &rows)).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}: {}", reply.text());
        let body = reply.json();
        assert_eq!(body["code"], "VALIDATION_FAILED");
        assert!(body["errors"][field].as_str().unwrap_or("").starts_with(message), "{field}: {body}");
    }
    // A time that is not a number is out of range.
    let mut form = plan_form("Plan", &week(d));
    form.iter_mut().find(|(k, _)| k == "form_from_hour[0]").unwrap().1 = "nine".into();
    let reply = post(&app, CREATE, &owner, &form).await;
    assert_eq!(reply.json()["errors"]["form_from_day[0]"], "Please choose a valid day and time on row 1.");
    let mut form = plan_form("Plan", &week(d));
    form.iter_mut().find(|(k, _)| k == "form_routing_type[0]").unwrap().1 = "voicemail".into();
    assert_eq!(post(&app, CREATE, &owner, &form).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(plan_count(&app).await, before);
}

#[tokio::test]
async fn a_taken_description_is_description_not_unique() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let d = destination_plan(&app, 100, "Front desk").await;
    let first = post(&app, CREATE, &owner, &plan_form("Office hours plan", &week(d))).await.json()["data"]["id"]
        .as_i64()
        .unwrap();
    let second =
        post(&app, CREATE, &owner, &plan_form("Other plan", &week(d))).await.json()["data"]["id"].as_i64().unwrap();
    let before = plan_count(&app).await;

    let reply = post(&app, CREATE, &owner, &plan_form(" office HOURS plan ", &week(d))).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        reply.json(),
        json!({ "success": false, "code": "DESCRIPTION_NOT_UNIQUE", "errors": { "form_plan_description": "Description must be unique." } })
    );
    let reply = post(&app, UPDATE, &owner, &with_record(plan_form("Office hours plan", &week(d)), second)).await;
    assert_eq!(reply.json()["code"], "DESCRIPTION_NOT_UNIQUE");
    assert_eq!(plan_of(&app, &owner, second).await["plan"]["description"], "Other plan");
    // With another problem as well, it is an ordinary validation failure.
    let reply = post(&app, CREATE, &owner, &plan_form("Office hours plan", &week(0))).await;
    let body = reply.json();
    assert_eq!(body["code"], "VALIDATION_FAILED");
    assert_eq!(body["errors"]["form_plan_description"], "Description must be unique.");
    assert_eq!(body["errors"]["form_routing[0]"], "A destination plan is required.");
    // Another customer's plan of the same name is no clash.
    let enterprise = app.login(ENTERPRISE).await;
    let theirs = destination_plan(&app, 300, "Their reception").await;
    assert_eq!(
        post(&app, CREATE, &enterprise, &plan_form("Office hours plan", &week(theirs))).await.status,
        StatusCode::OK
    );
    assert_eq!(plan_count(&app).await, before + 1);
    assert!(first > 0);
}

#[tokio::test]
async fn other_customers_plans_destination_plans_ivrs_and_rows_are_not_found() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let mine = destination_plan(&app, 100, "Mine").await;
    let their_destination = destination_plan(&app, 300, "Theirs").await;
    let their_ivr = ivr(&app, 300, "Their menu").await;
    let their_plan = service_plan(&app, 300, "Their plan").await;
    let my_plan =
        post(&app, CREATE, &owner, &plan_form("My plan", &week(mine))).await.json()["data"]["id"].as_i64().unwrap();
    let their_number = entry(&app, 300, "static").await;
    let their_number_before = snapshot(&app, their_number).await;
    let before = plan_count(&app).await;

    for rows in [
        week(their_destination),
        week(999_999),
        vec![(1, 0, 0, 7, 23, 59, "ivr", 0, their_ivr)],
        vec![(1, 0, 0, 3, 0, 0, "routing", mine, 0), (3, 0, 1, 7, 23, 59, "ivr", 0, 999_999)],
    ] {
        let reply = post(&app, CREATE, &owner, &plan_form("Sneaky", &rows)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{rows:?}: {}", reply.text());
        assert_eq!(reply.json(), json!({ "success": false, "code": "NOT_FOUND" }));
        let reply = post(&app, UPDATE, &owner, &with_record(plan_form("My plan", &rows), my_plan)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND);
    }
    // A routing row's unused IVR field is ignored rather than stored.
    let rows = [(1, 0, 0, 7, 23, 59, "routing", mine, their_ivr)];
    assert_eq!(
        post(&app, UPDATE, &owner, &with_record(plan_form("My plan", &rows), my_plan)).await.status,
        StatusCode::OK
    );
    assert_eq!(plan_of(&app, &owner, my_plan).await["plan"]["times"][0]["TzonIvrsID"], 0);

    let reply = post(&app, UPDATE, &owner, &with_record(plan_form("Taken over", &week(mine)), their_plan)).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    for (id, editing) in [(their_plan, vec![]), (999_999, vec![]), (my_plan, vec![their_number])] {
        assert_eq!(routing_data(&app, &owner, id, &editing).await.status, StatusCode::NOT_FOUND, "{id} {editing:?}");
    }
    assert_eq!(plan_count(&app).await, before);
    let enterprise = app.login(ENTERPRISE).await;
    assert_eq!(plan_of(&app, &enterprise, their_plan).await["plan"]["description"], "Their plan");
    assert_eq!(snapshot(&app, their_number).await, their_number_before);
}

#[tokio::test]
async fn who_may_read_and_edit_plans() {
    let app = TestApp::spawn().await;
    let d = destination_plan(&app, 100, "Front desk").await;
    let plan = service_plan(&app, 100, "Existing").await;
    let before = plan_count(&app).await;
    for email in ["group@demo.test", "user@demo.test", "starter@demo.test"] {
        let session = app.login(email).await;
        assert_eq!(routing_data(&app, &session, plan, &[]).await.status, StatusCode::FORBIDDEN, "{email}");
        assert_eq!(post(&app, CREATE, &session, &plan_form("New", &week(d))).await.status, StatusCode::FORBIDDEN);
        let reply = post(&app, UPDATE, &session, &with_record(plan_form("New", &week(d)), plan)).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email}");
    }
    for email in ["group@demo.test", "user@demo.test"] {
        let session = app.login(email).await;
        assert_eq!(app.get(LIST, Some(&session)).await.status, StatusCode::FORBIDDEN);
    }
    assert_eq!(plan_count(&app).await, before);
    // An administrator edits plans.
    let admin = app.login("admin@demo.test").await;
    assert_eq!(post(&app, CREATE, &admin, &plan_form("New", &week(d))).await.status, StatusCode::OK);
}
