//! Manage CLI's limits on codes and guesses: only landlines and mobiles get a code (no 070
//! personal number, no 076 pager); a code a minute to a number, 5 a day to a number and 20 a day
//! from an account, and 10 wrong codes a day for a number, all kept when the number is removed
//! and added again; each call that sends or tries a code at most 20 times a minute per account;
//! two requests at once do not both pass a limit. Every refusal is in words.

use axum::http::StatusCode;
use futures_util::future::join_all;
use serde_json::Value;

use crate::helpers::{Reply, TestApp};

const ADD: &str = "/api/outboundcli/addCallerId";
const OUTSIDE: &str = "07700900123";
const DAY: i64 = 24 * 60 * 60;
const RESEND_WAIT: &str = "A code was sent less than a minute ago: wait a minute before asking for another.";
const NUMBER_DAY_LIMIT: &str = "This number has been sent 5 codes in the last 24 hours, the most we send to one \
                                number: try again when 24 hours have passed since the first.";
const ACCOUNT_DAY_LIMIT: &str = "Your account has sent 20 codes in the last 24 hours, the most we send for one \
                                 account: try again when 24 hours have passed since the first.";
const WRONG_CODE_DAY_LIMIT: &str = "Too many wrong codes have been entered for this number in the last 24 hours: \
                                    try again when 24 hours have passed since the first.";
const TOO_MANY_REQUESTS: &str = "Too many requests from your account in a minute: wait a minute, then try again.";

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

/// A 422's code and its field's message.
fn refused(reply: Reply, field: &str) -> (String, String) {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    let body = reply.json();
    (body["code"].as_str().unwrap().to_string(), body["errors"][field].as_str().unwrap_or_default().to_string())
}

async fn add(app: &TestApp, session: &str, number: &str) -> Reply {
    app.post_multipart(ADD, Some(session), &[("form_number", number)]).await
}

async fn added(app: &TestApp, session: &str, number: &str) -> i64 {
    ok(add(app, session, number).await)["id"].as_i64().unwrap()
}

async fn resend(app: &TestApp, session: &str, id: i64) -> Reply {
    app.post_multipart(&format!("/api/outboundcli/resendCode/{id}"), Some(session), &[]).await
}

async fn remove(app: &TestApp, session: &str, id: i64) {
    ok(app.post_multipart(&format!("/api/outboundcli/removeCallerId/{id}"), Some(session), &[]).await);
}

async fn verify(app: &TestApp, session: &str, id: i64, code: &str) -> Reply {
    app.post_multipart(&format!("/api/outboundcli/verifyCallerId/{id}"), Some(session), &[("form_code", code)]).await
}

/// The codes the sandbox phone received for the number.
async fn codes_sent(app: &TestApp, number: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM sandbox_phone_messages WHERE number = $1")
        .bind(number)
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

async fn last_code(app: &TestApp, number: &str) -> String {
    let message: String =
        sqlx::query_scalar("SELECT message FROM sandbox_phone_messages WHERE number = $1 ORDER BY id DESC LIMIT 1")
            .bind(number)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    message
        .split_whitespace()
        .map(|w| w.trim_end_matches('.'))
        .find(|w| w.len() == 6 && w.bytes().all(|b| b.is_ascii_digit()))
        .unwrap()
        .to_string()
}

fn other_than(code: &str) -> &'static str {
    if code == "000000" {
        "111111"
    } else {
        "000000"
    }
}

#[tokio::test]
async fn a_personal_number_a_pager_or_a_number_not_of_eleven_digits_gets_no_code() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    for (number, message) in [
        (
            "07000123456",
            "Numbers starting 070 are personal numbers, charged at a premium rate: they cannot be caller ids.",
        ),
        ("07624123456", "Numbers starting 076 are pagers: they cannot be caller ids."),
        ("077009001234", "A UK landline or mobile number has 11 digits, starting with 0."),
        ("0161496000012345", "A UK landline or mobile number has 11 digits, starting with 0."),
    ] {
        let reply = add(&app, &owner, number).await;
        assert_eq!(refused(reply, "form_number"), ("VALIDATION_FAILED".into(), message.into()), "{number}");
        assert_eq!(codes_sent(&app, number).await, 0, "{number}");
    }
    // Landlines and mobiles do get one.
    for number in ["01614960123", "02079460123", "07123456789", "07912345678"] {
        added(&app, &owner, number).await;
        assert_eq!(codes_sent(&app, number).await, 1, "{number}");
    }
}

#[tokio::test]
async fn removing_a_number_and_adding_it_again_keeps_the_minute_between_codes() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let id = added(&app, &owner, OUTSIDE).await;
    remove(&app, &owner, id).await;
    assert_eq!(
        refused(add(&app, &owner, OUTSIDE).await, "form_number"),
        ("RESEND_TOO_SOON".into(), RESEND_WAIT.into())
    );
    assert_eq!(codes_sent(&app, OUTSIDE).await, 1);
    // The refused number is not on the list; a minute later it is added with a new code.
    let page = ok(app.get("/api/outboundcli/getCallerIds", Some(&owner)).await);
    assert_eq!(page["outside"], serde_json::json!([]));
    app.state.clock.advance(60);
    added(&app, &owner, OUTSIDE).await;
    assert_eq!(codes_sent(&app, OUTSIDE).await, 2);
}

#[tokio::test]
async fn a_number_gets_five_codes_a_day_however_often_it_is_removed_and_added() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let mut id = added(&app, &owner, OUTSIDE).await;
    for sent in 2..=5 {
        app.state.clock.advance(60);
        if sent % 2 == 0 {
            ok(resend(&app, &owner, id).await);
        } else {
            remove(&app, &owner, id).await;
            id = added(&app, &owner, OUTSIDE).await;
        }
    }
    assert_eq!(codes_sent(&app, OUTSIDE).await, 5);
    app.state.clock.advance(60);
    let expected = ("NUMBER_DAILY_LIMIT".to_string(), NUMBER_DAY_LIMIT.to_string());
    assert_eq!(refused(resend(&app, &owner, id).await, "form_code"), expected);
    remove(&app, &owner, id).await;
    assert_eq!(refused(add(&app, &owner, OUTSIDE).await, "form_number"), expected);
    assert_eq!(codes_sent(&app, OUTSIDE).await, 5);
    // Another number of the account still gets its code; a day later, this one too.
    added(&app, &owner, "07700900124").await;
    app.state.clock.advance(DAY);
    let owner = app.login("owner@demo.test").await; // the session idled out meanwhile
    added(&app, &owner, OUTSIDE).await;
    assert_eq!(codes_sent(&app, OUTSIDE).await, 6);
}

#[tokio::test]
async fn an_account_sends_twenty_codes_a_day() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let mut ids = Vec::new();
    for i in 0..20 {
        ids.push(added(&app, &owner, &format!("077009002{i:02}")).await);
    }
    app.state.clock.advance(60);
    remove(&app, &owner, ids[0]).await;
    let reply = add(&app, &owner, "07700900300").await;
    assert_eq!(refused(reply, "form_number"), ("ACCOUNT_DAILY_LIMIT".into(), ACCOUNT_DAY_LIMIT.into()));
    let reply = resend(&app, &owner, ids[1]).await;
    assert_eq!(refused(reply, "form_code"), ("ACCOUNT_DAILY_LIMIT".into(), ACCOUNT_DAY_LIMIT.into()));
    assert_eq!(codes_sent(&app, "07700900300").await, 0);
    // A day after the first, the account sends again.
    app.state.clock.advance(DAY);
    let owner = app.login("owner@demo.test").await; // the session idled out meanwhile
    added(&app, &owner, "07700900300").await;
}

#[tokio::test]
async fn a_number_takes_ten_wrong_codes_a_day_however_often_it_is_removed_and_added() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let mut id = added(&app, &owner, OUTSIDE).await;
    for round in 0..2 {
        let wrong = other_than(&last_code(&app, OUTSIDE).await);
        for _ in 0..5 {
            assert_eq!(refused(verify(&app, &owner, id, wrong).await, "form_code").0, "WRONG_CODE");
        }
        app.state.clock.advance(60);
        if round == 0 {
            remove(&app, &owner, id).await;
            id = added(&app, &owner, OUTSIDE).await;
        } else {
            ok(resend(&app, &owner, id).await);
        }
    }
    // The new code is right, but the number's guesses of the day are used up.
    let right = last_code(&app, OUTSIDE).await;
    let expected = ("WRONG_CODE_DAILY_LIMIT".to_string(), WRONG_CODE_DAY_LIMIT.to_string());
    assert_eq!(refused(verify(&app, &owner, id, &right).await, "form_code"), expected);
    app.state.clock.advance(60);
    remove(&app, &owner, id).await;
    id = added(&app, &owner, OUTSIDE).await;
    assert_eq!(refused(verify(&app, &owner, id, &last_code(&app, OUTSIDE).await).await, "form_code"), expected);
    // A day after the first wrong code, a new code is tried again.
    app.state.clock.advance(DAY);
    let owner = app.login("owner@demo.test").await; // the session idled out meanwhile
    ok(resend(&app, &owner, id).await);
    ok(verify(&app, &owner, id, &last_code(&app, OUTSIDE).await).await);
}

/// 429 with the words, as the message and on the field.
fn too_many(reply: Reply, field: &str) {
    assert_eq!(reply.status, StatusCode::TOO_MANY_REQUESTS, "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["message"], TOO_MANY_REQUESTS);
    assert_eq!(body["errors"][field], TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn each_call_that_sends_or_tries_a_code_is_limited_to_twenty_a_minute() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    // Start at a minute's beginning: the calls below take far less than the minute.
    let now = app.state.clock.now();
    app.state.clock.advance(60 - now.rem_euclid(60));
    for _ in 0..20 {
        assert_eq!(add(&app, &owner, "x").await.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(resend(&app, &owner, 999_999).await.status, StatusCode::NOT_FOUND);
        assert_eq!(verify(&app, &owner, 999_999, "123456").await.status, StatusCode::NOT_FOUND);
    }
    too_many(add(&app, &owner, OUTSIDE).await, "form_number");
    too_many(resend(&app, &owner, 999_999).await, "form_code");
    too_many(verify(&app, &owner, 999_999, "123456").await, "form_code");
    assert_eq!(codes_sent(&app, OUTSIDE).await, 0);
    app.state.clock.advance(60);
    added(&app, &owner, OUTSIDE).await;
}

#[tokio::test]
async fn new_codes_asked_for_at_once_send_one_code() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let id = added(&app, &owner, OUTSIDE).await;
    app.state.clock.advance(60);
    let replies = join_all((0..5).map(|_| resend(&app, &owner, id))).await;
    let statuses: Vec<StatusCode> = replies.iter().map(|r| r.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == StatusCode::OK || *s == StatusCode::UNPROCESSABLE_ENTITY), "{statuses:?}");
    assert_eq!(codes_sent(&app, OUTSIDE).await, 2);
}
