//! reports/dashboard: the dashboard's figures from calls the tests insert, against
//! the period before, for the session's customer only, in the account's days across the clock
//! change; the reports permission; bad periods refused with the domain's messages.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{TestApp, TEST_NOW};

/// 2026-11-17 00:00 GMT: the first of the last 7 days at the test's clock (Monday 23rd).
const NOV_17: i64 = 1_794_873_600;
const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;

/// A call as the reports know it.
struct Call {
    customer: i64,
    at: i64,
    source: Option<i64>,
    outcome: &'static str,
    talk: i64,
    first_time: bool,
    direction: &'static str,
}

fn call(at: i64, source: Option<i64>, outcome: &'static str, talk: i64, first_time: bool) -> Call {
    Call { customer: 100, at, source, outcome, talk, first_time, direction: "inbound" }
}

async fn insert(app: &TestApp, call: Call) {
    sqlx::query(
        "INSERT INTO calls (customer_id, direction, rate_item, started_at, duration_seconds, minutes, cost_tenth_pence,
                            source_medium_id, credit_source_id, outcome, talk_seconds, first_time)
         VALUES ($1, $2, 'inbound_geographic', $3, $4, 1, 0, $5, $5, $6, $7, $8)",
    )
    .bind(call.customer)
    .bind(call.direction)
    .bind(call.at)
    .bind(call.talk + 10)
    .bind(call.source)
    .bind(call.outcome)
    .bind(call.talk)
    .bind(i64::from(call.first_time))
    .execute(&app.state.db)
    .await
    .unwrap();
}

async fn source(app: &TestApp, customer: i64, source: &str, medium: &str) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO sources_mediums (customer_id, source, medium) VALUES ($1, $2, $3)
         ON CONFLICT (customer_id, source, medium) DO UPDATE SET source = excluded.source RETURNING id",
    )
    .bind(customer)
    .bind(source)
    .bind(medium)
    .fetch_one(&app.state.db)
    .await
    .unwrap()
}

/// An app whose demo customers 100 and 101 have no calls yet.
async fn app_without_calls() -> TestApp {
    let app = TestApp::spawn().await;
    sqlx::query("DELETE FROM calls WHERE customer_id IN (100, 101)").execute(&app.state.db).await.unwrap();
    app
}

async fn dashboard(app: &TestApp, session: &str, query: &str) -> (StatusCode, Value) {
    let reply = app.get(&format!("/api/reports/dashboard?{query}"), Some(session)).await;
    (reply.status, reply.json())
}

#[tokio::test]
async fn the_dashboard_counts_the_periods_calls_by_day_and_source_against_the_period_before() {
    let app = app_without_calls().await;
    let google = source(&app, 100, "google", "cpc").await;
    let facebook = source(&app, 100, "facebook", "social").await;
    let theirs = source(&app, 101, "google", "cpc").await;
    for c in [
        call(NOV_17 + 9 * HOUR, Some(google), "answered", 120, true),
        call(NOV_17 + 12 * HOUR, Some(google), "missed", 0, false),
        call(NOV_17 + 3 * DAY + 15 * HOUR, Some(facebook), "answered", 61, true),
        call(NOV_17 + 6 * DAY + 9 * HOUR, None, "voicemail", 0, false),
        call(NOV_17 + 6 * DAY + 9 * HOUR + 1800, Some(google), "busy", 0, false),
        // The period before: 10 to 16 November.
        call(NOV_17 - 5 * DAY, Some(google), "answered", 100, false),
        call(NOV_17 - 3 * DAY, Some(google), "hungUpInIvr", 0, false),
        // Before both periods, and after now.
        call(NOV_17 - 8 * DAY, Some(google), "answered", 50, true),
        call(TEST_NOW + DAY, Some(google), "answered", 50, true),
        // Outbound calls are not in reports; another customer's calls never count.
        Call { direction: "outbound", ..call(NOV_17 + HOUR, None, "answered", 30, false) },
        Call { customer: 101, ..call(NOV_17 + HOUR, Some(theirs), "answered", 30, true) },
    ] {
        insert(&app, c).await;
    }
    let owner = app.login("owner@demo.test").await;
    let (status, body) = dashboard(&app, &owner, "preset=last7Days").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!((body["firstDay"].as_str(), body["lastDay"].as_str()), (Some("2026-11-17"), Some("2026-11-23")));
    assert_eq!(body["previousLabel"], "vs previous 7 days");
    assert_eq!(body["days"].as_array().unwrap().len(), 7);
    assert_eq!(body["days"][0], "2026-11-17");
    assert_eq!(
        body["bySource"],
        json!([
            { "label": "google / cpc", "calls": [2, 0, 0, 0, 0, 0, 1] },
            { "label": "(none)", "calls": [0, 0, 0, 0, 0, 0, 1] },
            { "label": "facebook / social", "calls": [0, 0, 0, 1, 0, 0, 0] },
        ])
    );
    assert_eq!(body["answered"], json!([1, 0, 0, 1, 0, 0, 0]));
    assert_eq!(body["missed"], json!([1, 0, 0, 0, 0, 0, 2]));
    assert_eq!(
        body["topSources"],
        json!([
            { "label": "google / cpc", "calls": 3, "answered": 1, "firstTime": 1 },
            { "label": "facebook / social", "calls": 1, "answered": 1, "firstTime": 1 },
            { "label": "(none)", "calls": 1, "answered": 0, "firstTime": 0 },
        ])
    );
    let totals = &body["totals"];
    assert_eq!(
        totals["calls"],
        json!({ "current": 5, "previous": 2, "changePercent": 150, "change": "+150% vs previous 7 days" })
    );
    assert_eq!(totals["answered"]["change"], "+100% vs previous 7 days");
    assert_eq!((totals["missed"]["current"].as_i64(), totals["missed"]["previous"].as_i64()), (Some(3), Some(1)));
    assert_eq!(
        totals["firstTime"],
        json!({ "current": 2, "previous": 0, "changePercent": null, "change": "New vs previous 7 days" })
    );
    // (120 + 61) / 2 rounded, against 100.
    assert_eq!(totals["averageTalkSeconds"]["current"], 91);
    assert_eq!(totals["averageTalkSeconds"]["change"], "\u{2212}9% vs previous 7 days");
    assert_eq!((totals["averageTalk"].as_str(), totals["previousAverageTalk"].as_str()), (Some("1:31"), Some("1:40")));

    // After switching to the owner's other customer, only that customer's call counts.
    let switched = app
        .post_multipart(
            "/api/accountsettings/switchAccount",
            Some(&owner),
            &[("form_partner_login", "0"), ("form_customer_id", "101")],
        )
        .await;
    assert_eq!(switched.status, StatusCode::OK, "{}", switched.text());
    let (_, theirs) = dashboard(&app, &owner, "preset=last7Days").await;
    assert_eq!(theirs["totals"]["calls"]["current"], 1, "{theirs}");
    assert_eq!(theirs["topSources"][0]["label"], "google / cpc");
}

#[tokio::test]
async fn a_period_without_calls_has_every_day_at_zero_and_no_change() {
    let app = app_without_calls().await;
    let owner = app.login("owner@demo.test").await;
    let (status, body) = dashboard(&app, &owner, "preset=today").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["days"], json!(["2026-11-23"]));
    assert_eq!(body["bySource"], json!([]));
    assert_eq!(body["answered"], json!([0]));
    assert_eq!(body["topSources"], json!([]));
    assert_eq!(body["totals"]["calls"]["change"], "No change vs yesterday");
    assert_eq!(body["totals"]["averageTalk"], "0:00");
    // Without a preset: the last 30 days.
    let (_, default) = dashboard(&app, &owner, "").await;
    assert_eq!(default["days"].as_array().unwrap().len(), 30);
}

#[tokio::test]
async fn calls_around_the_clocks_going_back_fall_on_the_accounts_local_days() {
    let app = app_without_calls().await;
    // 2026-10-25 01:00 UTC: the clocks went back from 02:00 BST to 01:00 GMT.
    let change = 1_792_890_000;
    for at in [
        change - DAY - 90 * 60,       // 23:30 UTC on the 23rd: 00:30 BST on the 24th
        change - 90 * 60,             // 23:30 UTC on the 24th: 00:30 BST on the 25th
        change + 22 * HOUR + 30 * 60, // 23:30 GMT on the 25th
        change + 23 * HOUR + 30 * 60, // 00:30 GMT on the 26th
        change - DAY - 3 * HOUR,      // 23:00 BST on the 23rd: before the range
    ] {
        insert(&app, call(at, None, "answered", 60, false)).await;
    }
    let owner = app.login("owner@demo.test").await;
    let (status, body) = dashboard(&app, &owner, "preset=custom&from=2026-10-24&to=2026-10-26").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["days"], json!(["2026-10-24", "2026-10-25", "2026-10-26"]));
    assert_eq!(body["answered"], json!([1, 2, 1]));
    assert_eq!(body["bySource"], json!([{ "label": "(none)", "calls": [1, 2, 1] }]));
    assert_eq!(body["previousLabel"], "vs previous 3 days");
    // 21 to 23 October: the call at 23:00 BST on the 23rd.
    assert_eq!(body["totals"]["calls"]["previous"], 1);
}

#[tokio::test]
async fn a_user_without_the_reports_permission_is_refused() {
    let app = app_without_calls().await;
    let user = app.login("user@demo.test").await;
    let (status, _) = dashboard(&app, &user, "preset=today").await;
    assert_eq!(status, StatusCode::OK);
    sqlx::query("UPDATE user_access SET perm_reports = 0 WHERE user_id = 3 AND customer_id = 100")
        .execute(&app.state.db)
        .await
        .unwrap();
    let (status, body) = dashboard(&app, &user, "preset=today").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["code"], "FORBIDDEN");
    let anonymous = app.get("/api/reports/dashboard", None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_period_that_is_not_one_is_refused_with_the_domains_message() {
    let app = app_without_calls().await;
    let owner = app.login("owner@demo.test").await;
    let refused = |body: &Value, field: &str, message: &str| {
        assert_eq!(body["code"], "VALIDATION_FAILED", "{body}");
        assert_eq!(body["errors"][field], message, "{body}");
    };
    let (status, body) = dashboard(&app, &owner, "preset=fortnight").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    refused(&body, "preset", "Choose a date range from the list.");
    let (status, body) = dashboard(&app, &owner, "preset=custom&from=2024-01-01&to=2026-11-10").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    refused(&body, "from", "A report covers at most 25 months.");
    let (status, body) = dashboard(&app, &owner, "preset=custom&from=2026-11-10&to=2026-11-01").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    refused(&body, "from", "The first day must not be after the last day.");
    let (status, body) =
        dashboard(&app, &owner, &format!("preset=custom&from={}&to=2026-11-01", "9".repeat(5000))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    refused(&body, "from", "Dates are written as YYYY-MM-DD.");
}

/// A year of daily bars is unreadable: a long period is a bar a month (a few months, a week),
/// each bar the sum of its days, and the calls break down by campaign or number as by source.
#[tokio::test]
async fn a_long_period_is_grouped_by_month_and_the_calls_break_down_by_campaign_or_number() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    let (status, year) = dashboard(&app, &user, "preset=custom&from=2025-11-24&to=2026-11-23").await;
    assert_eq!(status, StatusCode::OK, "{year}");
    assert_eq!(year["grouping"], "month");
    let bars = year["bars"].as_array().unwrap();
    assert_eq!((bars.len(), bars[0].as_str(), bars[12].as_str()), (13, Some("Nov 2025"), Some("Nov 2026")));
    let total: i64 = year["bySource"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["calls"].as_array().unwrap())
        .map(|c| c.as_i64().unwrap())
        .sum();
    assert_eq!(total, year["totals"]["calls"]["current"].as_i64().unwrap());
    let answered: i64 = year["answered"].as_array().unwrap().iter().map(|c| c.as_i64().unwrap()).sum();
    assert_eq!(answered, year["totals"]["answered"]["current"].as_i64().unwrap());
    let (_, quarter) = dashboard(&app, &user, "preset=custom&from=2026-08-24&to=2026-11-23").await;
    assert_eq!((quarter["grouping"].as_str(), quarter["bars"][0].as_str()), (Some("week"), Some("w/c 24 Aug")));
    let (_, month) = dashboard(&app, &user, "preset=last30Days").await;
    assert_eq!((month["grouping"].as_str(), month["bars"].as_array().unwrap().len()), (Some("day"), 30));

    for by in ["campaign", "number"] {
        let (status, lines) = dashboard(&app, &user, &format!("preset=last30Days&by={by}")).await;
        assert_eq!(status, StatusCode::OK, "{lines}");
        assert_eq!(lines["by"], by);
        let total: i64 = lines["topSources"].as_array().unwrap().iter().map(|s| s["calls"].as_i64().unwrap()).sum();
        assert!(total <= month["totals"]["calls"]["current"].as_i64().unwrap() && total > 0, "{by}: {lines}");
        assert_eq!(lines["totals"], month["totals"], "{by}: the totals do not depend on the lines");
    }
    let (_, campaigns) = dashboard(&app, &user, "preset=last30Days&by=campaign").await;
    assert!(campaigns["topSources"].as_array().unwrap().iter().any(|s| s["label"] == "Local radio"), "{campaigns}");
    let (status, refused) = dashboard(&app, &user, "by=weather").await;
    assert_eq!(
        (status, refused["errors"]["by"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("Break down by source, campaign or number."))
    );
}
