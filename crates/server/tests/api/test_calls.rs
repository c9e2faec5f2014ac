//! Test calls (direction 'test') are left out of every figure that counts callers' calls, and the
//! call log shows them, marked with the moment they were routed as, only when asked.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

async fn json(app: &TestApp, path: &str, session: &str) -> Value {
    let reply = app.get(path, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text());
    reply.json()
}

#[tokio::test]
async fn a_test_call_counts_nowhere_and_shows_in_the_log_only_when_asked() {
    let app = TestApp::spawn().await;
    let session = app.login("owner@demo.test").await;
    let log = "/api/reports/getCalls?preset=last7Days";
    let before = json(&app, log, &session).await;
    let dashboard = json(&app, "/api/reports/dashboard?preset=last7Days", &session).await;
    let call = before["calls"][0]["id"].as_i64().unwrap();
    sqlx::query(
        "UPDATE calls SET direction = 'test', test_note = 'as if it were Thursday 24/12/2026 18:05' WHERE id = $1",
    )
    .bind(call)
    .execute(&app.state.db)
    .await
    .unwrap();

    let after = json(&app, log, &session).await;
    assert_eq!(after["total"].as_i64(), Some(before["total"].as_i64().unwrap() - 1));
    assert!(after["calls"].as_array().unwrap().iter().all(|c| c["id"] != call && c["testCall"] == ""));
    let figures = json(&app, "/api/reports/dashboard?preset=last7Days", &session).await;
    let calls = |d: &Value| d["totals"]["calls"]["current"].as_i64().unwrap();
    assert_eq!(calls(&figures), calls(&dashboard) - 1, "the dashboard leaves it out");

    let shown = json(&app, &format!("{log}&testCalls=1"), &session).await;
    assert_eq!(shown["total"], before["total"]);
    let row = shown["calls"].as_array().unwrap().iter().find(|c| c["id"] == call).unwrap().clone();
    assert_eq!(row["testCall"], "Test call, as if it were Thursday 24/12/2026 18:05");
    // Its detail opens as any call's.
    let detail = app.get(&format!("/api/reports/getCall/{call}"), Some(&session)).await;
    assert_eq!(detail.status, StatusCode::OK, "{}", detail.text());
    // Another customer's user never sees it.
    let other = app.login("enterprise@demo.test").await;
    assert_eq!(app.get(&format!("/api/reports/getCall/{call}"), Some(&other)).await.status, StatusCode::NOT_FOUND);
}
