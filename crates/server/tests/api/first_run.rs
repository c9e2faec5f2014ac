//! overview/getFirstRun: a new client's home page checklist, ticked by what the
//! account holds, and only by its own records.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

const FIRST_RUN: &str = "/api/overview/getFirstRun";

async fn exec(app: &TestApp, sql: &str) {
    sqlx::query(sql).execute(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn scalar(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// The partner adds Northern Lights Dental and goes into it: (session, customer id).
pub(crate) async fn new_client(app: &TestApp) -> (String, i64) {
    let partner = app.login("partner@demo.test").await;
    let fields = [
        ("accountName", "Northern Lights Dental"),
        ("form_first_name", "Nadia"),
        ("form_last_name", "North"),
        ("form_email", "nadia@northernlights.example"),
    ];
    let added = app.post_multipart("/api/partnerportal/addAccount", Some(&partner), &fields).await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.text());
    let id = added.json()["id"].as_i64().unwrap();
    let switched = app.post_form("/api/login/", Some(&partner), &[("form_customer_id", &id.to_string())]).await;
    assert!(switched.status.is_success() || switched.status.is_redirection(), "{}", switched.text());
    assert_eq!(app.account(&partner).await["customerId"], id);
    (partner, id)
}

async fn steps(app: &TestApp, session: &str) -> Vec<Value> {
    let reply = app.get(FIRST_RUN, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["steps"].as_array().unwrap().clone()
}

fn done(steps: &[Value]) -> Vec<(String, bool)> {
    steps.iter().map(|s| (s["key"].as_str().unwrap().to_string(), s["done"].as_bool().unwrap())).collect()
}

fn pairs(done: [bool; 3]) -> Vec<(String, bool)> {
    ["number", "routing", "trackingCode"].iter().zip(done).map(|(k, d)| (k.to_string(), d)).collect()
}

#[tokio::test]
async fn a_new_clients_checklist_ticks_itself_as_its_own_records_arrive() {
    let app = TestApp::spawn().await;
    let (session, client) = new_client(&app).await;

    // Empty: nothing done, though the demo's other customers hold numbers, plans and checks.
    let empty = steps(&app, &session).await;
    assert_eq!(done(&empty), pairs([false, false, false]));
    assert_eq!(empty[0]["link"], "/services/static");
    assert_eq!(empty[1]["link"], "/routing");
    assert_eq!(
        (empty[2]["link"].as_str(), empty[2]["linkLabel"].as_str()),
        (Some("/services/website"), Some("Add your website")),
        "Starter includes a website: added by its address alone"
    );

    // A number on a plan that sends every call, all week, to one place: on Starter (no advanced
    // routing), routed is enough.
    exec(&app, &format!("INSERT INTO service_plans (customer_id, description) VALUES ({client}, 'All calls')")).await;
    let plan = scalar(&app, &format!("SELECT id FROM service_plans WHERE customer_id = {client}")).await;
    exec(&app, &format!("INSERT INTO service_plan_times (plan_id, position, from_day, from_minute, to_day, to_minute, plan_type) VALUES ({plan}, 1, 1, 0, 7, 1439, 'routing')")).await;
    exec(&app, &format!("INSERT INTO routing_entries (customer_id, kind, number, service_plan_id) VALUES ({client}, 'static', '03304960999', {plan})")).await;
    let one = steps(&app, &session).await;
    assert_eq!(done(&one), pairs([true, true, false]));
    assert_eq!(one[0]["detail"], "You have 1 tracked number: each call to them is tracked and routed.");
    assert_eq!(one[1]["title"], "Send its calls to your phone");
    // A second number that goes nowhere undoes it.
    exec(
        &app,
        &format!("INSERT INTO routing_entries (customer_id, kind, number) VALUES ({client}, 'static', '03304960998')"),
    )
    .await;
    assert_eq!(done(&steps(&app, &session).await), pairs([true, false, false]));
    exec(&app, "DELETE FROM routing_entries WHERE number = '03304960998'").await;

    // With advanced routing (Professional) the step is opening hours: the plan needs more than one row.
    exec(
        &app,
        &format!("UPDATE customers SET plan = 'Professional', package_name = 'Professional' WHERE id = {client}"),
    )
    .await;
    let professional = steps(&app, &session).await;
    assert_eq!(professional[1]["title"], "Set your opening hours", "{professional:?}");
    assert_eq!(done(&professional), pairs([true, false, false]));
    exec(&app, &format!("UPDATE service_plan_times SET to_day = 5, to_minute = 1079 WHERE plan_id = {plan}")).await;
    exec(&app, &format!("INSERT INTO service_plan_times (plan_id, position, from_day, from_minute, to_day, to_minute, plan_type) VALUES ({plan}, 2, 5, 1080, 7, 1439, 'routing')")).await;
    assert_eq!(done(&steps(&app, &session).await), pairs([true, true, false]));

    // A website whose check found the code but not working yet, then working.
    exec(&app, &format!("INSERT INTO dynamic_urls (customer_id, description, url, reference, created_at) VALUES ({client}, 'Website', 'www.northernlights.example', 'nld-site', 0)")).await;
    let url = scalar(&app, &format!("SELECT id FROM dynamic_urls WHERE customer_id = {client}")).await;
    exec(&app, &format!("INSERT INTO website_checks (customer_id, dynamic_url_id, status, mhct, mhct_working, created_at) VALUES ({client}, {url}, 5, 1, 0, 0)")).await;
    let half = steps(&app, &session).await;
    assert_eq!(done(&half), pairs([true, true, false]));
    assert_eq!(
        (half[2]["link"].as_str().unwrap(), half[2]["linkLabel"].as_str().unwrap()),
        (format!("/dynamicurls/{url}").as_str(), "Get the tracking code")
    );
    exec(&app, &format!("INSERT INTO website_checks (customer_id, dynamic_url_id, status, mhct, mhct_working, created_at) VALUES ({client}, {url}, 5, 1, 1, 0)")).await;
    assert_eq!(done(&steps(&app, &session).await), pairs([true, true, true]));
}

#[tokio::test]
async fn an_established_account_has_done_what_it_holds_and_a_visitor_gets_nothing() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let harbour = steps(&app, &owner).await;
    assert_eq!(harbour[0]["done"], true, "Harbour Lane holds numbers");
    assert!(harbour[0]["detail"].as_str().unwrap().starts_with("You have "));
    assert_eq!(app.get(FIRST_RUN, None).await.status, StatusCode::UNAUTHORIZED);
}
