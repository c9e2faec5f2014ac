//! A phone in the browser (docs/webrtc.md): opening it pushes a WebRTC endpoint with a random
//! password into the engine over ARI and hands the credentials over once; opening again replaces
//! them; closing, logging out or the session's end removes them; who may open one; an engine
//! that cannot be reached is said in words. The engine here is a fake of ARI's dynamic
//! configuration (the real one is in telephony_engine.rs).

use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{Method, StatusCode};
use axum::routing::any;
use axum::Router;
use serde_json::Value;

use crate::helpers::{request, TestApp};
use axum::body::Body;

/// What the fake engine was asked: (method, object kind, id, body).
pub(crate) type Asked = Arc<Mutex<Vec<(Method, String, String, Value)>>>;

/// A fake of the engine's ARI dynamic configuration, and what it was asked.
pub(crate) async fn fake_ari() -> (String, Asked) {
    let asked: Asked = Arc::default();
    async fn object(
        State(asked): State<Asked>,
        Path((kind, id)): Path<(String, String)>,
        method: Method,
        body: String,
    ) -> StatusCode {
        let value = serde_json::from_str(&body).unwrap_or(Value::Null);
        let status = if method == Method::DELETE { StatusCode::NO_CONTENT } else { StatusCode::OK };
        asked.lock().unwrap().push((method, kind, id, value));
        status
    }
    let app = Router::new()
        .route("/ari/asterisk/config/dynamic/res_pjsip/{kind}/{id}", any(object))
        .with_state(asked.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}/ari"), asked)
}

fn taken(asked: &Asked) -> Vec<(Method, String, String, Value)> {
    std::mem::take(&mut *asked.lock().unwrap())
}

fn field(body: &Value, attribute: &str) -> String {
    body["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["attribute"] == attribute)
        .map(|f| f["value"].as_str().unwrap().to_string())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_phone_is_pushed_once_per_session_and_removed_when_closed_or_logged_out() {
    let (ari, asked) = fake_ari().await;
    let (app, _) = TestApp::spawn_serving_with(&ari).await;
    let session = app.login("owner@demo.test").await;
    let reply = app.post_form("/api/phone/open", Some(&session), &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let phone = reply.json();
    let id = phone["username"].as_str().unwrap().to_string();
    assert!(id.starts_with("web-") && id.len() == 20, "{id}");
    assert_eq!(phone["websocketUrl"], format!("{}/ws", ari.replace("http://", "ws://").trim_end_matches("/ari")));
    assert_eq!(phone["sipUri"], format!("sip:{id}@127.0.0.1"));
    // The demo's owner tests the routing and is an outbound agent too.
    assert_eq!((phone["testCalls"].as_bool(), phone["callsOut"].as_bool()), (Some(true), Some(true)));
    let password = phone["password"].as_str().unwrap().to_string();
    assert!(password.len() >= 32);

    let pushed = taken(&asked);
    let kinds: Vec<(&str, &str)> = pushed.iter().map(|(m, k, ..)| (m.as_str(), k.as_str())).collect();
    assert_eq!(kinds, vec![("PUT", "auth"), ("PUT", "aor"), ("PUT", "endpoint")]);
    assert!(pushed.iter().all(|(_, _, object, _)| *object == id));
    assert_eq!(field(&pushed[0].3, "password"), password);
    assert_eq!(field(&pushed[2].3, "webrtc"), "yes");
    assert_eq!(field(&pushed[2].3, "context"), "from-webrtc");
    assert_eq!(field(&pushed[2].3, "rtp_timeout"), "15");
    let listed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM browser_phones").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(listed, 1);

    // Opened again (a reload): the old phone goes, a new one comes.
    let again = app.post_form("/api/phone/open", Some(&session), &[]).await.json();
    let asked_again = taken(&asked);
    let deleted: Vec<(&str, &str)> = asked_again
        .iter()
        .filter(|(m, ..)| *m == Method::DELETE)
        .map(|(_, k, i, _)| (k.as_str(), i.as_str()))
        .collect();
    assert_eq!(deleted, vec![("endpoint", id.as_str()), ("auth", id.as_str()), ("aor", id.as_str())]);
    assert_ne!(again["username"], phone["username"]);
    assert_ne!(again["password"], phone["password"]);

    // Closed: gone from the engine and the list.
    let closed = app.post_form("/api/phone/close", Some(&session), &[]).await;
    assert_eq!(closed.status, StatusCode::OK);
    assert_eq!(taken(&asked).iter().filter(|(m, ..)| *m == Method::DELETE).count(), 3);
    let listed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM browser_phones").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(listed, 0);

    // Logging out removes the session's phone too.
    app.post_form("/api/phone/open", Some(&session), &[]).await;
    let opened = taken(&asked)[0].2.clone();
    let out = app.send(request("POST", "/logout", Some(&session), false).body(Body::empty()).unwrap()).await;
    assert_eq!(out.status, StatusCode::SEE_OTHER);
    let gone: Vec<String> =
        taken(&asked).into_iter().filter(|(m, ..)| *m == Method::DELETE).map(|(_, _, i, _)| i).collect();
    assert_eq!(gone, vec![opened.clone(), opened.clone(), opened]);
}

#[tokio::test]
async fn a_phone_of_an_ended_session_is_removed_by_the_housekeeping() {
    let (ari, asked) = fake_ari().await;
    let (app, _) = TestApp::spawn_serving_with(&ari).await;
    let session = app.login("owner@demo.test").await;
    let id =
        app.post_form("/api/phone/open", Some(&session), &[]).await.json()["username"].as_str().unwrap().to_string();
    taken(&asked);
    // The session ends without a logout (expired and purged).
    sqlx::query("DELETE FROM sessions").execute(&app.state.db).await.unwrap();
    assert_eq!(server::http::phone::close_orphaned(&app.state).await, Ok(1));
    let deleted: Vec<String> = taken(&asked).into_iter().map(|(_, _, i, _)| i).collect();
    assert_eq!(deleted, vec![id.clone(), id.clone(), id]);
    assert_eq!(server::http::phone::close_orphaned(&app.state).await, Ok(0));
}

#[tokio::test]
async fn who_may_open_a_phone_and_an_engine_that_cannot_be_reached() {
    let app = TestApp::spawn().await;
    // With real calls on, the pages may connect to the engine's SIP websocket, and only there.
    let csp = app.get("/manage/", None).await.header("content-security-policy").unwrap_or_default();
    let websocket = app.state.settings.telephony.phone_websocket_url();
    assert!(csp.contains(&format!("connect-src 'self' {websocket};")), "{csp}");
    // Reports only: neither test calls nor calls out.
    let reports = app.login("user@demo.test").await;
    assert_eq!(app.post_form("/api/phone/open", Some(&reports), &[]).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.post_form("/api/phone/open", None, &[]).await.status, StatusCode::UNAUTHORIZED);
    // The test settings' engine is not there: said in words. The phone stays listed, so that
    // whatever part of it the engine may hold is removed once the engine is back.
    let owner = app.login("owner@demo.test").await;
    let reply = app.post_form("/api/phone/open", Some(&owner), &[]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert_eq!(reply.json()["errors"]["phone"], domain::phone::access::PHONE_UNAVAILABLE);
    let listed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM browser_phones").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(listed, 1);
    let again = app.post_form("/api/phone/open", Some(&owner), &[]).await;
    assert_eq!(again.json()["errors"]["phone"], domain::phone::access::PHONE_UNAVAILABLE);
    let listed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM browser_phones").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(listed, 1, "one phone a session, however often it is asked for");
}
