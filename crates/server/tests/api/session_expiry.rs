use axum::http::StatusCode;

use crate::helpers::TestApp;

const DETAILS: &str = "/api/accountsettings/getAccountDetails";

#[tokio::test]
async fn a_session_idle_for_more_than_thirty_minutes_has_expired() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    app.state.clock.advance(29 * 60);
    assert_eq!(app.get(DETAILS, Some(&token)).await.status, StatusCode::OK);
    app.state.clock.advance(30 * 60 + 1);
    assert_eq!(app.get(DETAILS, Some(&token)).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn activity_keeps_a_session_alive_but_not_beyond_twelve_hours() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    // 11 h 40 min of activity every 20 minutes (well past the 30-minute idle limit)...
    for _ in 0..35 {
        app.state.clock.advance(20 * 60);
        assert_eq!(app.get(DETAILS, Some(&token)).await.status, StatusCode::OK);
    }
    // ...but not past 12 hours. (The clock is real time plus the advance, so the cut is not
    // tested to the second: a second ticking during the test must not fail it.)
    app.state.clock.advance(21 * 60);
    assert_eq!(app.get(DETAILS, Some(&token)).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn no_session_gives_401_with_the_login_address_and_return() {
    let app = TestApp::spawn().await;
    let reply = app.get(DETAILS, None).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert_eq!(reply.json()["login"], "/login?return=%2Fmanage%2F");
    let req = crate::helpers::request("GET", DETAILS, Some("made-up-token"), true)
        .header("referer", "http://127.0.0.1:8080/manage/routing?x=1")
        .body(axum::body::Body::empty())
        .unwrap();
    let reply = app.send(req).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert_eq!(reply.json()["login"], "/login?return=%2Fmanage%2Frouting%3Fx%3D1");
}
