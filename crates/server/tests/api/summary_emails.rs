//! Scheduled call summary e-mails: users with the reports permission opt in per
//! frequency in the user editor; the job sends, through the outbox, the daily summary every day,
//! the weekly one on Mondays and the monthly one on the 1st (in the account's zone), each once,
//! with their own customer's inbound calls by source / medium, answered and missed.

use axum::http::StatusCode;
use serde_json::json;
use sqlx::AnyPool;

use crate::helpers::{rows_as_text, TestApp, TEST_NOW};

const HOUR: i64 = 3_600;
const DAY: i64 = 24 * HOUR;
const HARBOUR: i64 = 100;
const STONE: i64 = 200;
/// 2026-11-01 00:00 GMT and 2026-12-01 00:00 GMT.
const NOVEMBER: (i64, i64) = (1_793_491_200, 1_796_083_200);

fn user_form(email: &str, reports: bool, summaries: &[(&'static str, &'static str)]) -> Vec<(&'static str, String)> {
    let mut form = vec![
        ("form_first_name", "Rhea".to_string()),
        ("form_last_name", "Porter".to_string()),
        ("form_email", email.to_string()),
        ("form_auth_code", "10".into()),
        ("form_provisioning", "0".into()),
        ("form_recordings", "0".into()),
        ("form_customer", HARBOUR.to_string()),
        ("hasAccessToNewOutbound", "0".into()),
        ("form_permission", json!([{ "customerId": HARBOUR, "PERM_REPORTS": reports }]).to_string()),
        ("form_permission_all", json!({ "100": false }).to_string()),
    ];
    form.extend(summaries.iter().map(|(field, value)| (*field, value.to_string())));
    form
}

const ALL_THREE: [(&str, &str); 3] =
    [("form_summary_daily", "1"), ("form_summary_weekly", "1"), ("form_summary_monthly", "1")];

async fn save(app: &TestApp, token: &str, id: i64, form: &[(&'static str, String)]) -> i64 {
    let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let reply = app.post_multipart(&format!("/api/users/save/{id}"), Some(token), &fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["id"].as_i64().unwrap()
}

async fn opted(app: &TestApp, id: i64) -> Vec<String> {
    rows_as_text(
        &app.state.db,
        &format!("SELECT summary_email_daily, summary_email_weekly, summary_email_monthly FROM users WHERE id = {id}"),
    )
    .await
}

#[tokio::test]
async fn only_users_who_may_read_the_reports_opt_in_to_summaries() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reader = save(&app, &owner, 0, &user_form("reader@example.test", true, &ALL_THREE)).await;
    assert_eq!(opted(&app, reader).await, ["[1,1,1]"]);
    let details = app.get(&format!("/api/users/getUserDetails/{reader}"), Some(&owner)).await.json();
    assert_eq!(details["user"]["summaryDaily"], json!({ "enabled": true, "checked": true }));
    assert_eq!(details["user"]["summaryMonthly"], json!({ "enabled": true, "checked": true }));

    // Without the reports permission the ticks are not kept, and the form offers none.
    let other = save(&app, &owner, 0, &user_form("billing.only@example.test", false, &ALL_THREE)).await;
    assert_eq!(opted(&app, other).await, ["[0,0,0]"]);
    let details = app.get(&format!("/api/users/getUserDetails/{other}"), Some(&owner)).await.json();
    assert_eq!(details["user"]["summaryWeekly"], json!({ "enabled": false, "checked": false }));

    // Unticking one keeps the others; losing the reports permission drops them all.
    let weekly_only = [("form_summary_weekly", "1")];
    save(&app, &owner, reader, &user_form("reader@example.test", true, &weekly_only)).await;
    assert_eq!(opted(&app, reader).await, ["[0,1,0]"]);
    save(&app, &owner, reader, &user_form("reader@example.test", false, &weekly_only)).await;
    assert_eq!(opted(&app, reader).await, ["[0,0,0]"]);
}

async fn source(db: &AnyPool, customer: i64, source: &str, medium: &str) -> i64 {
    sqlx::query_scalar("INSERT INTO sources_mediums (customer_id, source, medium) VALUES ($1, $2, $3) RETURNING id")
        .bind(customer)
        .bind(source)
        .bind(medium)
        .fetch_one(db)
        .await
        .unwrap()
}

async fn call(db: &AnyPool, customer: i64, at: i64, source: Option<i64>, outcome: &str, direction: &str) {
    sqlx::query(
        "INSERT INTO calls (customer_id, direction, rate_item, started_at, duration_seconds, minutes, cost_tenth_pence,
                            source_medium_id, credit_source_id, outcome)
         VALUES ($1, $2, 'inbound_geographic', $3, 60, 1, 15, $4, $4, $5)",
    )
    .bind(customer)
    .bind(direction)
    .bind(at)
    .bind(source)
    .bind(outcome)
    .execute(db)
    .await
    .unwrap();
}

async fn mails_to(db: &AnyPool, email: &str) -> Vec<(String, String)> {
    sqlx::query_as(
        "SELECT subject, body_text FROM outbox WHERE to_email = $1 AND subject LIKE '%call summary%' ORDER BY id",
    )
    .bind(email)
    .fetch_all(db)
    .await
    .unwrap()
}

fn subjects(mails: &[(String, String)]) -> Vec<&str> {
    mails.iter().map(|(subject, _)| subject.as_str()).collect()
}

#[tokio::test]
async fn summaries_go_daily_weekly_on_monday_and_monthly_on_the_first_once_with_exact_figures() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let owner = app.login("owner@demo.test").await;
    let fan = "summary.fan@example.test";
    let quiet = "no.summaries@example.test";
    save(&app, &owner, 0, &user_form(fan, true, &ALL_THREE)).await;
    save(&app, &owner, 0, &user_form(quiet, true, &[])).await;
    // Stone & Sons' owner takes the daily summary of their own account.
    sqlx::query("UPDATE user_access SET perm_reports = 1 WHERE user_id = 4 AND customer_id = $1")
        .bind(STONE)
        .execute(db)
        .await
        .unwrap();
    sqlx::query("UPDATE users SET summary_email_daily = 1 WHERE id = 4").execute(db).await.unwrap();

    // November's calls are the test's own.
    sqlx::query("DELETE FROM calls WHERE customer_id IN ($1, $2) AND started_at >= $3")
        .bind(HARBOUR)
        .bind(STONE)
        .bind(NOVEMBER.0)
        .execute(db)
        .await
        .unwrap();
    let cpc = source(db, HARBOUR, "summarytest", "cpc").await;
    let organic = source(db, HARBOUR, "summarytest", "organic").await;
    let stone_cpc = source(db, STONE, "stonesource", "cpc").await;
    let monday = TEST_NOW - 10 * HOUR; // Monday 23 November, 00:00 GMT
                                       // Monday 23rd: cpc 2 answered and 1 busy, organic 1 answered, an outbound call (no lead).
    call(db, HARBOUR, monday + 9 * HOUR, Some(cpc), "answered", "inbound").await;
    call(db, HARBOUR, monday + 11 * HOUR, Some(cpc), "answered", "inbound").await;
    call(db, HARBOUR, monday + 12 * HOUR, Some(cpc), "busy", "inbound").await;
    call(db, HARBOUR, monday + 23 * HOUR + 59 * 60, Some(organic), "answered", "inbound").await;
    call(db, HARBOUR, monday + 13 * HOUR, Some(cpc), "answered", "outbound").await;
    // Sunday 22nd: one missed call with no source, one hung up in the menu; Monday 16th: voicemail.
    call(db, HARBOUR, monday - HOUR, None, "missed", "inbound").await;
    call(db, HARBOUR, monday - 2 * HOUR, Some(cpc), "hungUpInIvr", "inbound").await;
    call(db, HARBOUR, monday - 7 * DAY, Some(organic), "voicemail", "inbound").await;
    // Before the week (Sunday 15th) and on Tuesday 1 December: in no summary below but November's.
    call(db, HARBOUR, monday - 7 * DAY - HOUR, Some(organic), "answered", "inbound").await;
    call(db, HARBOUR, NOVEMBER.1 + HOUR, Some(organic), "answered", "inbound").await;
    // Stone & Sons: two answered calls on Monday, one the day before.
    call(db, STONE, monday + 10 * HOUR, Some(stone_cpc), "answered", "inbound").await;
    call(db, STONE, monday + 14 * HOUR, Some(stone_cpc), "answered", "inbound").await;
    call(db, STONE, monday - 3 * HOUR, Some(stone_cpc), "missed", "inbound").await;

    // Monday: the daily summary of Sunday and the weekly one; no monthly.
    assert_eq!(server::jobs::summary_emails::run(db, app.state.clock.now()).await.unwrap(), 3);
    let mails = mails_to(db, fan).await;
    assert_eq!(
        subjects(&mails),
        [
            "Daily call summary for Harbour Lane Dental: Sunday 22/11/2026",
            "Weekly call summary for Harbour Lane Dental: 16/11/2026 to 22/11/2026",
        ]
    );
    assert!(
        mails[0].1.contains(
            "Calls: 2 (answered 0, missed 2)\n\nBy source / medium:\n  \
             (not set) / (not set): 1 (answered 0, missed 1)\n  summarytest / cpc: 1 (answered 0, missed 1)\n"
        ),
        "{}",
        mails[0].1
    );
    assert!(
        mails[1].1.contains(
            "Calls: 3 (answered 0, missed 3)\n\nBy source / medium:\n  \
             (not set) / (not set): 1 (answered 0, missed 1)\n  summarytest / cpc: 1 (answered 0, missed 1)\n  \
             summarytest / organic: 1 (answered 0, missed 1)\n"
        ),
        "{}",
        mails[1].1
    );
    assert_eq!(mails_to(db, quiet).await, [], "not opted in: nothing");
    let stone = mails_to(db, "starter@demo.test").await;
    assert_eq!(subjects(&stone), ["Daily call summary for Stone & Sons Plumbing: Sunday 22/11/2026"]);
    assert!(stone[0].1.contains("Calls: 1 (answered 0, missed 1)\n"), "{}", stone[0].1);
    assert!(!stone[0].1.contains("summarytest"), "only its own customer's calls");

    // Not twice, however often the job runs.
    app.state.clock.advance(HOUR);
    assert_eq!(server::jobs::summary_emails::run(db, app.state.clock.now()).await.unwrap(), 0);

    // Tuesday: Monday's daily summary only.
    app.state.clock.advance(DAY - HOUR);
    assert_eq!(server::jobs::summary_emails::run(db, app.state.clock.now()).await.unwrap(), 2);
    let mails = mails_to(db, fan).await;
    assert_eq!(mails.len(), 3);
    assert_eq!(mails[2].0, "Daily call summary for Harbour Lane Dental: Monday 23/11/2026");
    assert!(
        mails[2].1.contains(
            "Calls: 4 (answered 3, missed 1)\n\nBy source / medium:\n  \
             summarytest / cpc: 3 (answered 2, missed 1)\n  summarytest / organic: 1 (answered 1, missed 0)\n"
        ),
        "{}",
        mails[2].1
    );
    assert!(!mails[2].1.contains("stonesource"));
    let stone = mails_to(db, "starter@demo.test").await;
    assert_eq!(stone[1].0, "Daily call summary for Stone & Sons Plumbing: Monday 23/11/2026");
    assert!(stone[1].1.contains("  stonesource / cpc: 2 (answered 2, missed 0)\n"), "{}", stone[1].1);

    // Tuesday 1 December, just after midnight: the daily one and November's.
    app.state.clock.advance(NOVEMBER.1 + 30 * 60 - app.state.clock.now());
    assert_eq!(server::jobs::summary_emails::run(db, app.state.clock.now()).await.unwrap(), 3);
    let mails = mails_to(db, fan).await;
    assert_eq!(
        subjects(&mails[3..]),
        [
            "Daily call summary for Harbour Lane Dental: Monday 30/11/2026",
            "Monthly call summary for Harbour Lane Dental: November 2026",
        ]
    );
    assert!(mails[3].1.contains("Calls: 0 (answered 0, missed 0)\n\nNo calls came in.\n"), "{}", mails[3].1);
    assert!(
        mails[4].1.contains(
            "Calls: 8 (answered 4, missed 4)\n\nBy source / medium:\n  \
             summarytest / cpc: 4 (answered 2, missed 2)\n  summarytest / organic: 3 (answered 2, missed 1)\n  \
             (not set) / (not set): 1 (answered 0, missed 1)\n"
        ),
        "{}",
        mails[4].1
    );
    assert_eq!(server::jobs::summary_emails::run(db, app.state.clock.now()).await.unwrap(), 0);
    assert_eq!(mails_to(db, quiet).await, []);
}

#[tokio::test]
async fn a_call_back_counts_for_the_missed_calls_source_in_the_summary() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let owner = app.login("owner@demo.test").await;
    let fan = "callback.fan@example.test";
    save(&app, &owner, 0, &user_form(fan, true, &[("form_summary_daily", "1")])).await;
    sqlx::query("DELETE FROM calls WHERE customer_id = $1 AND started_at >= $2")
        .bind(HARBOUR)
        .bind(NOVEMBER.0)
        .execute(db)
        .await
        .unwrap();
    let cpc = source(db, HARBOUR, "callbacktest", "cpc").await;
    let organic = source(db, HARBOUR, "callbacktest", "organic").await;
    let sunday = TEST_NOW - 10 * HOUR - DAY;
    // Missed from paid search in the morning; the caller rings back through the organic pool.
    call(db, HARBOUR, sunday + 9 * HOUR, Some(cpc), "missed", "inbound").await;
    call(db, HARBOUR, sunday + 11 * HOUR, Some(organic), "answered", "inbound").await;
    sqlx::query(
        "UPDATE calls SET callback_of = (SELECT MIN(id) FROM calls WHERE customer_id = $1 AND started_at >= $2),
             credit_source_id = (SELECT credit_source_id FROM calls WHERE id =
                 (SELECT MIN(id) FROM calls WHERE customer_id = $1 AND started_at >= $2))
         WHERE id = (SELECT MAX(id) FROM calls WHERE customer_id = $1)",
    )
    .bind(HARBOUR)
    .bind(NOVEMBER.0)
    .execute(db)
    .await
    .unwrap();
    server::jobs::summary_emails::run(db, app.state.clock.now()).await.unwrap();
    let mails = mails_to(db, fan).await;
    assert_eq!(subjects(&mails), ["Daily call summary for Harbour Lane Dental: Sunday 22/11/2026"]);
    assert!(
        mails[0].1.contains("By source / medium:\n  callbacktest / cpc: 2 (answered 1, missed 1)\n"),
        "{}",
        mails[0].1
    );
    assert!(!mails[0].1.contains("callbacktest / organic"), "{}", mails[0].1);
}
