//! Talk time is never ringing: a missed call has none, on every screen that shows a call (the
//! call log, the call detail, the CSV export), and the rules that ask how long a call lasted
//! (tags, lead scoring) read talk time. Over the demo's generated calls, which obey the same
//! meaning: a caller who is not answered gives up after ringing for under a minute.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

/// Harbour Lane Dental, the demo users' account.
const CUSTOMER: i64 = 100;

async fn scalar(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

#[tokio::test]
async fn a_missed_call_shows_no_talk_time_and_its_ringing_as_ring_time_on_every_screen() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    // The demo: no call that was not answered has talk time, or rang for a minute or more.
    let wrong = scalar(
        &app,
        &format!(
            "SELECT COUNT(*) FROM calls WHERE customer_id = {CUSTOMER} AND direction = 'inbound'
             AND outcome <> 'answered' AND (talk_seconds > 0 OR ring_seconds >= 60)"
        ),
    )
    .await;
    assert_eq!(wrong, 0, "unanswered calls with talk time or minutes of ringing");

    let reply = app.get("/api/reports/getCalls?outcome=missed&pageSize=100", Some(&user)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let log: Value = reply.json();
    let missed = log["calls"].as_array().unwrap();
    assert!(!missed.is_empty(), "the demo has missed calls in the last 30 days");
    for call in missed {
        assert_eq!((call["duration"].as_str(), call["talkSeconds"].as_i64()), (Some("No talk"), Some(0)), "{call}");
        let ring = call["ringSeconds"].as_i64().unwrap();
        assert_eq!(call["ringTime"], format!("0:{ring:02}"), "{call}");
    }
    // The call detail says the same of one of them.
    let first = &missed[0];
    let detail: Value = app.get(&format!("/api/reports/getCall/{}", first["id"]), Some(&user)).await.json();
    assert_eq!((&detail["call"]["duration"], &detail["call"]["ringTime"]), (&first["duration"], &first["ringTime"]));

    // An answered call shows its talk time, not its whole length.
    let answered: Value = app.get("/api/reports/getCalls?outcome=answered", Some(&user)).await.json();
    let call = &answered["calls"][0];
    let talk = call["talkSeconds"].as_i64().unwrap();
    assert!(talk > 0 && call["durationSeconds"].as_i64().unwrap() > talk, "{call}");
    assert_eq!(call["duration"], format!("{}:{:02}", talk / 60, talk % 60));

    // The export names its three figures, and a missed call has a ring time and no talk time.
    let csv = app.get("/api/reports/exportCallsCsv?outcome=missed", Some(&user)).await.text();
    let mut lines = csv.trim_end().split("\r\n");
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| h.trim_matches('"') == name).unwrap_or_else(|| panic!("{name}"));
    let (talk, ring, whole) = (at("Talk time (s)"), at("Ring time (s)"), at("Whole call (s)"));
    assert!(!header.iter().any(|h| h.contains("Duration")), "{header:?}");
    for line in lines.take(20) {
        let cells: Vec<&str> = line.split(',').map(|cell| cell.trim_matches('"')).collect();
        assert_eq!(cells[talk], "0", "{line}");
        assert!(cells[ring].parse::<i64>().unwrap() < 60 && cells[whole].parse::<i64>().unwrap() >= 1, "{line}");
    }
}

#[tokio::test]
async fn the_rules_that_ask_how_long_a_call_lasted_read_its_talk_time() {
    let app = TestApp::spawn().await;
    // "Qualified lead" (talked for at least 120 s) is on no call no one answered, and on every
    // answered call that talked that long.
    let on_missed = scalar(
        &app,
        &format!(
            "SELECT COUNT(*) FROM calls WHERE customer_id = {CUSTOMER} AND talk_seconds = 0
             AND tags LIKE '%Qualified lead%'"
        ),
    )
    .await;
    assert_eq!(on_missed, 0);
    let long_talks = scalar(
        &app,
        &format!(
            "SELECT COUNT(*) FROM calls WHERE customer_id = {CUSTOMER} AND direction = 'inbound'
             AND talk_seconds >= 120 AND tags NOT LIKE '%Qualified lead%'"
        ),
    )
    .await;
    assert_eq!(long_talks, 0);
    // A "Good lead" by the lead rules always talked.
    let good_without_talk = scalar(
        &app,
        &format!("SELECT COUNT(*) FROM calls WHERE customer_id = {CUSTOMER} AND lead_score = 1 AND talk_seconds = 0"),
    )
    .await;
    assert_eq!(good_without_talk, 0);
}
