//! A group account's Clinics page: each member clinic's totals equal that clinic's own
//! dashboard, the group's are their sum, and the combined call log holds each clinic's calls as
//! its own log does. Only clinics the user reaches count; anything else is 404 or 403.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

const CLINICS: [(i64, &str); 3] = [
    (501, "Northern Clinics - Manchester"),
    (502, "Northern Clinics - Newcastle"),
    (503, "Northern Clinics - Sheffield"),
];

async fn switch(app: &TestApp, session: &str, customer: i64) {
    let id = customer.to_string();
    let reply = app.post_form("/api/accountsettings/switchAccount", Some(session), &[("form_customer_id", &id)]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
}

async fn json(app: &TestApp, path: &str, session: &str) -> Value {
    let reply = app.get(path, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text());
    reply.json()
}

#[tokio::test]
async fn each_clinic_s_figures_are_its_own_dashboard_s_and_the_group_s_their_sum() {
    let app = TestApp::spawn().await;
    let session = app.login("group@demo.test").await;
    let group = json(&app, "/api/reports/getGroupDashboard?preset=last30Days", &session).await;
    let names: Vec<&str> = group["clinics"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, CLINICS.map(|(_, name)| name));
    let combined = json(&app, "/api/reports/getGroupCalls?preset=last30Days&pageSize=25", &session).await;
    assert_eq!(combined["clinics"].as_array().unwrap().len(), 3);

    let (mut calls, mut answered, mut logged) = (0, 0, 0);
    for (i, (id, name)) in CLINICS.iter().enumerate() {
        let row = &group["clinics"][i];
        assert_eq!((row["id"].as_i64(), row["name"].as_str()), (Some(*id), Some(*name)));
        let one = json(&app, &format!("/api/reports/getGroupCalls?preset=last30Days&clinic={id}"), &session).await;
        assert!(one["calls"].as_array().unwrap().iter().all(|c| c["clinicId"] == *id && c["clinic"] == *name));
        switch(&app, &session, *id).await;
        let own = json(&app, "/api/reports/dashboard?preset=last30Days", &session).await;
        assert_eq!(row["totals"], own["totals"], "{name}: the Clinics page and its own dashboard");
        let own_log = json(&app, "/api/reports/getCalls?preset=last30Days", &session).await;
        assert_eq!(one["total"], own_log["total"], "{name}: its calls in the combined log and its own");
        assert_eq!(one["calls"][0]["id"], own_log["calls"][0]["id"], "{name}: newest first in both");
        assert!(own_log["total"].as_i64().unwrap() > 0, "{name} has calls");
        calls += own["totals"]["calls"]["current"].as_i64().unwrap();
        answered += own["totals"]["answered"]["current"].as_i64().unwrap();
        logged += own_log["total"].as_i64().unwrap();
        switch(&app, &session, 500).await;
    }
    assert_eq!(group["total"]["calls"]["current"].as_i64(), Some(calls));
    assert_eq!(group["total"]["answered"]["current"].as_i64(), Some(answered));
    assert_eq!(combined["total"].as_i64(), Some(logged), "all clinics: every clinic's calls");
    assert_eq!(combined["calls"].as_array().unwrap().len(), 25);
    let times: Vec<i64> =
        combined["calls"].as_array().unwrap().iter().map(|c| c["startedAt"].as_i64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first across clinics: {times:?}");
    assert!(combined["calls"].as_array().unwrap().iter().all(|c| c["recordingUrl"].is_null()));
}

#[tokio::test]
async fn the_shared_filters_work_across_clinics() {
    let app = TestApp::spawn().await;
    let session = app.login("group@demo.test").await;
    let path = "/api/reports/getGroupCalls?preset=last30Days&outcome=missed,voicemail&pageSize=100";
    let missed = json(&app, path, &session).await;
    let rows = missed["calls"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|c| c["outcome"] == "missed" || c["outcome"] == "voicemail"), "{rows:?}");
    let clinics: std::collections::BTreeSet<i64> = rows.iter().map(|c| c["clinicId"].as_i64().unwrap()).collect();
    assert!(clinics.len() > 1, "missed calls of several clinics: {clinics:?}");
}

#[tokio::test]
async fn a_clinic_the_user_does_not_reach_is_404_and_a_clinic_s_own_filter_is_refused() {
    let app = TestApp::spawn().await;
    let session = app.login("group@demo.test").await;
    // Lacey Motors is no member; the group itself is no clinic of its own.
    for clinic in ["400", "500", "999999"] {
        let reply = app.get(&format!("/api/reports/getGroupCalls?clinic={clinic}"), Some(&session)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "clinic {clinic}");
        assert!(!reply.text().contains("Lacey"), "nothing leaks");
    }
    let reply = app.get("/api/reports/getGroupCalls?clinic=Manchester", Some(&session)).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["errors"]["clinic"], domain::reports::group::CLINIC_MESSAGE);
    let reply = app.get("/api/reports/getGroupCalls?source=4", Some(&session)).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["errors"]["source"], domain::reports::group::CLINIC_FILTER_MESSAGE);

    // Without the reports permission on Newcastle, the group's views leave it out.
    sqlx::query("UPDATE user_access SET perm_reports = 0 WHERE user_id = 7 AND customer_id = 502")
        .execute(&app.state.db)
        .await
        .unwrap();
    let reply = app.get("/api/reports/getGroupCalls?clinic=502", Some(&session)).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let group = json(&app, "/api/reports/getGroupDashboard", &session).await;
    let ids: Vec<i64> = group["clinics"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, vec![501, 503]);
}

#[tokio::test]
async fn only_a_group_account_has_the_clinics_views() {
    let app = TestApp::spawn().await;
    for email in ["owner@demo.test", "legacy@demo.test"] {
        let session = app.login(email).await;
        for path in ["/api/reports/getGroupCalls", "/api/reports/getGroupDashboard"] {
            assert_eq!(app.get(path, Some(&session)).await.status, StatusCode::FORBIDDEN, "{email} {path}");
        }
    }
    // In a clinic (switched in from the group), the clinic is no group.
    let session = app.login("group@demo.test").await;
    switch(&app, &session, 501).await;
    assert_eq!(app.get("/api/reports/getGroupCalls", Some(&session)).await.status, StatusCode::FORBIDDEN);
    // Nobody logged in.
    assert_eq!(app.get("/api/reports/getGroupDashboard", None).await.status, StatusCode::UNAUTHORIZED);
}
