//! Row forms size nothing by a number the client sent: a huge row index, an index too long for
//! any number, a gap and 100,000 rows are each refused with a 4xx at once, and the server
//! answers the next request as usual.

use std::time::{Duration, Instant};

use axum::http::StatusCode;

use crate::helpers::TestApp;

const OWNER: &str = "owner@demo.test";

/// Each row form: its path and the row field a hostile post uses, with the limit's message.
const ROW_FORMS: [(&str, &str, &str); 7] = [
    ("/api/manageconnections/connectBasic/", "form_number_id", "At most 100000 numbers can be connected at once."),
    ("/api/manageconnections/connectAdvanced/", "form_number_id", "At most 100000 numbers can be connected at once."),
    ("/api/manageconnections/create_plan", "form_from_day", "A service plan can have at most 200 rows."),
    ("/api/manageroutings/save/0", "form_destination", "A destination plan can have at most 20 destinations."),
    ("/api/manageivrrouting/createIvr/0", "keys", "An IVR can have at most 12 keys."),
    ("/api/managedtmf/storeIvr/0", "keyDescription", "A DTMF IVR can have at most 12 keys."),
    ("/api/managedynamicwhispers/save/0", "dynamicWhisper", "A dynamic whisper can have at most 1000 sources."),
];

async fn still_serving(app: &TestApp, session: &str) {
    assert_eq!(app.get("/api/accountsettings/getAccountDetails", Some(session)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_huge_row_index_is_refused_with_the_forms_limit() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    for (path, field, message) in ROW_FORMS {
        for index in ["1000000000000000", "99999999999999999999999999999999"] {
            let name = format!("{field}[{index}]");
            let started = Instant::now();
            let reply = app.post_form(path, Some(&owner), &[(name.as_str(), "1")]).await;
            assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{path} {name}: {}", reply.text());
            let errors = reply.json()["errors"].clone();
            assert!(errors.as_object().unwrap().values().any(|m| m == message), "{path}: {errors}");
            assert!(started.elapsed() < Duration::from_secs(2), "{path} answered at once");
        }
    }
    still_serving(&app, &owner).await;
}

#[tokio::test]
async fn rows_past_the_limit_are_refused_before_any_is_read() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    // Every form but connect has a limit far below 100,000: numbered rows one after another.
    for (path, field, message) in ROW_FORMS.iter().filter(|(p, _, _)| !p.contains("connect")) {
        let body: String = (0..100_000).map(|_| format!("{field}[]=1&")).collect();
        let started = Instant::now();
        let reply = app.post_raw_form(path, &owner, body).await;
        assert!(reply.status.is_client_error(), "{path}: {}", reply.status);
        if reply.status == StatusCode::UNPROCESSABLE_ENTITY {
            assert!(reply.text().contains(message), "{path}: {}", reply.text());
        }
        assert!(started.elapsed() < Duration::from_secs(5), "{path} answered in {:?}", started.elapsed());
    }
    still_serving(&app, &owner).await;
}

#[tokio::test]
async fn a_hundred_thousand_connect_rows_are_answered_at_once() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    for path in ["/api/manageconnections/connectBasic/", "/api/manageconnections/connectAdvanced/"] {
        let body: String = (0..100_000).map(|i| format!("form_number_id[]={i}&")).collect();
        let started = Instant::now();
        let reply = app.post_raw_form(path, &owner, body).await;
        assert!(reply.status.is_client_error(), "{path}: {}", reply.status);
        assert!(started.elapsed() < Duration::from_secs(5), "{path} answered in {:?}", started.elapsed());
    }
    still_serving(&app, &owner).await;
}

#[tokio::test]
async fn rows_with_a_gap_are_a_bad_request() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let reply = app.post_form("/api/manageroutings/save/0", Some(&owner), &[("form_destination[15]", "1")]).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.text());
}

#[tokio::test]
async fn a_long_selection_is_bounded_and_deduplicated_in_linear_time() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let too_many = serde_json::to_string(&vec![1; 100_001]).unwrap();
    let reply =
        app.post_form("/api/manageconnections/getSelectedDetails", Some(&owner), &[("selected", &too_many)]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let (id,): (i64,) = sqlx::query_as("SELECT id FROM routing_entries WHERE customer_id = 100 ORDER BY id LIMIT 1")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let repeated = serde_json::to_string(&vec![id; 50_000]).unwrap();
    let started = Instant::now();
    let reply =
        app.post_form("/api/manageconnections/getSelectedDetails", Some(&owner), &[("selected", &repeated)]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json()["selectionDetails"].as_array().unwrap().len(), 1);
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn a_panicking_handler_answers_500_and_the_router_keeps_serving() {
    use axum::routing::get;
    use tower::ServiceExt;
    let router: axum::Router = axum::Router::new()
        .route("/boom", get(|| async { panic!("boom") as &'static str }))
        .route("/fine", get(|| async { "fine" }))
        .layer(server::http::catch_panics());
    let get = |path: &str| axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap();
    let boom = router.clone().oneshot(get("/boom")).await.unwrap();
    assert_eq!(boom.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let fine = router.oneshot(get("/fine")).await.unwrap();
    assert_eq!(fine.status(), StatusCode::OK);
}

/// A NUL character in any form field is refused before anything reads it: PostgreSQL cannot
/// store one, and the first query that bound it answered 500 (found by schemathesis).
#[tokio::test]
async fn a_nul_character_in_a_form_is_refused_with_a_400_not_a_server_error() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    for (path, fields) in [
        ("/api/users/checkUniqueEmail/", vec![("userId", "2509504"), ("form_email", "\0")]),
        ("/api/managecampaigns/insertCampaign", vec![("campaign", "Radio\0")]),
    ] {
        let reply = app.post_multipart(path, Some(&owner), &fields).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{path}: {}", reply.text());
    }
    still_serving(&app, &owner).await;
}
