//! What the receptionist does about a call from the log: marks it handled or "we called back"
//! (who and when, shown on the row), keeps a note on it, and finds calls by both and by several
//! outcomes at once; another customer's call is 404, a user without the reports permission 403.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{Reply, TestApp};

const CALLS: &str = "/api/reports/getCalls";

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

async fn total(app: &TestApp, session: &str, query: &str) -> i64 {
    ok(app.get(&format!("{CALLS}?{query}"), Some(session)).await)["total"].as_i64().unwrap()
}

async fn scalar(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

#[tokio::test]
async fn a_missed_call_is_marked_called_back_by_whom_and_when_and_found_by_it() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    let missed = ok(app.get(&format!("{CALLS}?outcome=missed"), Some(&user)).await);
    let call = missed["calls"][0].clone();
    let id = call["id"].as_i64().unwrap();
    assert_eq!((call["followUp"].clone(), call["followUpLabel"].as_str()), (Value::Null, Some("")));
    let open_before = total(&app, &user, "outcome=missed&followUp=open").await;
    assert_eq!(open_before, missed["total"].as_i64().unwrap(), "no missed call is followed up yet");

    let url = format!("/api/reports/followUpCall/{id}");
    let marked = ok(app.post_form(&url, Some(&user), &[("followUp", "calledBack")]).await);
    assert_eq!(marked["message"], format!("Marked that we called {} back.", call["caller"].as_str().unwrap()));
    assert_eq!(marked["call"]["followUp"], "calledBack");
    let label = marked["call"]["followUpLabel"].as_str().unwrap();
    assert!(label.starts_with("We called back · ") && label.ends_with("23/11/2026 10:00 GMT"), "{label}");
    assert_eq!(total(&app, &user, "outcome=missed&followUp=open").await, open_before - 1);
    let called_back = ok(app.get(&format!("{CALLS}?followUp=calledBack"), Some(&user)).await);
    assert_eq!(called_back["total"], 1);
    assert_eq!(called_back["calls"][0]["id"], id);
    // The row on the log says the same as the answer.
    assert_eq!(called_back["calls"][0]["followUpLabel"], label);

    // Handled instead; then cleared.
    let handled = ok(app.post_form(&url, Some(&user), &[("followUp", "handled")]).await);
    assert!(handled["call"]["followUpLabel"].as_str().unwrap().starts_with("Handled · "));
    assert_eq!(total(&app, &user, "followUp=handled").await, 1);
    assert_eq!(total(&app, &user, "followUp=calledBack").await, 0);
    let cleared = ok(app.post_form(&url, Some(&user), &[("followUp", "")]).await);
    assert_eq!(cleared["call"]["followUp"], Value::Null);
    assert_eq!(
        cleared["message"],
        format!("The call from {} is no longer marked as followed up.", call["caller"].as_str().unwrap())
    );
    assert_eq!(total(&app, &user, "outcome=missed&followUp=open").await, open_before);

    // A mark that is not one.
    let bad = app.post_form(&url, Some(&user), &[("followUp", "rangAgain")]).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad.json()["errors"]["followUp"], "Choose handled, we called back, or neither.");
}

#[tokio::test]
async fn a_note_is_kept_shown_and_found_and_an_empty_one_removes_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let log = ok(app.get(CALLS, Some(&owner)).await);
    let id = log["calls"][3]["id"].as_i64().unwrap();
    let url = format!("/api/reports/noteCall/{id}");
    let saved =
        ok(app.post_form(&url, Some(&owner), &[("note", "  Wants a quote for two implants\r\nRing after 5 ")]).await);
    assert_eq!(saved["message"], "Saved the note.");
    assert_eq!(saved["call"]["note"], "Wants a quote for two implants\nRing after 5");
    assert!(saved["call"]["noteBy"].as_str().unwrap().ends_with(", 23/11/2026 10:00 GMT"));
    let noted = ok(app.get(&format!("{CALLS}?followUp=noted"), Some(&owner)).await);
    assert_eq!((noted["total"].as_i64(), noted["calls"][0]["id"].as_i64()), (Some(1), Some(id)));
    // The export carries the note and the follow-up.
    let csv = app.get("/api/reports/exportCallsCsv?followUp=noted", Some(&owner)).await.text();
    assert!(csv.lines().next().unwrap().ends_with(r#""Follow-up","Note""#));
    assert!(csv.contains("Wants a quote for two implants\nRing after 5"), "{csv}");

    let long = "n".repeat(1_001);
    let refused = app.post_form(&url, Some(&owner), &[("note", &long)]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["note"], "A note must not exceed 1,000 characters.");
    assert_eq!(total(&app, &owner, "followUp=noted").await, 1, "the note kept");
    let removed = ok(app.post_form(&url, Some(&owner), &[("note", "   ")]).await);
    assert_eq!(
        (removed["message"].as_str(), removed["call"]["noteBy"].as_str()),
        (Some("Removed the note."), Some(""))
    );
    assert_eq!(total(&app, &owner, "followUp=noted").await, 0);
}

#[tokio::test]
async fn several_outcomes_are_one_view() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    let each: i64 = {
        let mut sum = 0;
        for outcome in ["missed", "busy", "voicemail"] {
            sum += total(&app, &user, &format!("outcome={outcome}")).await;
        }
        sum
    };
    assert!(each > 0);
    assert_eq!(total(&app, &user, "outcome=missed,busy,voicemail").await, each);
    let view = ok(app.get(&format!("{CALLS}?outcome=missed,busy,voicemail&pageSize=100"), Some(&user)).await);
    assert!(view["calls"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| ["missed", "busy", "voicemail"].contains(&c["outcome"].as_str().unwrap())));
    let bad = app.get(&format!("{CALLS}?outcome=missed,lost"), Some(&user)).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad.json()["errors"]["outcome"],
        "Outcome must be answered, missed, busy, voicemail or hung up in menu."
    );
    let filters = ok(app.get("/api/reports/getCallFilters", Some(&user)).await);
    assert_eq!(filters["followUps"][2], serde_json::json!({"key": "calledBack", "label": "We called back"}));
}

#[tokio::test]
async fn another_customers_call_is_not_found_and_a_user_without_reports_is_refused() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let theirs = scalar(&app, "SELECT MIN(id) FROM calls WHERE customer_id = 300 AND direction = 'inbound'").await;
    for (url, field, value) in [
        (format!("/api/reports/followUpCall/{theirs}"), "followUp", "handled"),
        (format!("/api/reports/noteCall/{theirs}"), "note", "Not ours"),
        ("/api/reports/followUpCall/0".to_string(), "followUp", "handled"),
        ("/api/reports/noteCall/x".to_string(), "note", "x"),
    ] {
        let reply = app.post_form(&url, Some(&owner), &[(field, value)]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{url}");
    }
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM calls WHERE id = {theirs} AND (follow_up <> '' OR note <> '')"))
            .await,
        0
    );
    let mine = scalar(&app, "SELECT MAX(id) FROM calls WHERE customer_id = 100 AND direction = 'inbound'").await;
    sqlx::query("UPDATE user_access SET perm_reports = 0 WHERE user_id = 3").execute(&app.state.db).await.unwrap();
    let user = app.login("user@demo.test").await;
    let refused =
        app.post_form(&format!("/api/reports/followUpCall/{mine}"), Some(&user), &[("followUp", "handled")]).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM calls WHERE id = {mine} AND follow_up <> ''")).await, 0);
}

/// A voicemail call keeps the caller's message: the row plays it and says how long it is; a
/// withheld caller has no number to ring back, any other has one in international form.
#[tokio::test]
async fn a_voicemail_row_plays_its_message_with_its_length_and_rings_the_caller_back() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let log = ok(app.get(&format!("{CALLS}?outcome=voicemail&pageSize=100&preset=lastMonth"), Some(&owner)).await);
    let mut rows = log["calls"].as_array().unwrap().clone();
    rows.extend(
        ok(app.get(&format!("{CALLS}?outcome=voicemail&pageSize=100"), Some(&owner)).await)["calls"]
            .as_array()
            .unwrap()
            .clone(),
    );
    let kept =
        rows.iter().find(|r| r["recordingUrl"].is_string()).expect("the demo keeps the latest voicemail messages");
    let id = kept["id"].as_i64().unwrap();
    assert_eq!(kept["recordingUrl"], format!("/api/reports/getRecording/{id}"));
    let seconds = scalar(&app, &format!("SELECT seconds FROM call_recordings WHERE call_id = {id}")).await;
    assert!((3..60).contains(&seconds), "a spoken message of a sentence or two: {seconds}");
    assert_eq!(kept["recordingLength"], format!("0:{seconds:02}"));
    let audio = app.get(&format!("/api/reports/getRecording/{id}"), Some(&owner)).await;
    assert_eq!(audio.status, StatusCode::OK);
    let caller = kept["caller"].as_str().unwrap();
    if let Some(national) = caller.strip_prefix('0') {
        assert_eq!(kept["callerDial"], format!("tel:+44{}", national.replace(' ', "")));
    }
}
