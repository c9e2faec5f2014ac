//! Try speech analytics (/tryspeech): starting the trial is a purchase with terms, it
//! turns speech on for 14 days in the account's zone, the first 10 recorded calls of each of
//! the account's days get transcripts, it can be cancelled before its end (speech then goes at
//! the end, uncharged), and otherwise the billing run charges the add-on from its end.

use axum::http::StatusCode;
use serde_json::Value;
use server::jobs::transcription::{run_once, Heard, Pronunciation, Recogniser};
use sqlx::AnyPool;

use crate::helpers::{rows_as_text, TestApp};

const STONE: i64 = 200;
const DAY: i64 = 24 * 60 * 60;
/// The test clock's start, Monday 2026-11-23 10:00 UTC; the trial then ends 14 days later.
const NOV_23_10: i64 = 1_795_428_000;
const DEC_7_10: i64 = NOV_23_10 + 14 * DAY;
const TERMS: &str = "Please accept the terms and conditions.";

async fn get_trial(app: &TestApp, session: &str) -> Value {
    let reply = app.get("/api/tryspeech/getTrial", Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

async fn start(app: &TestApp, session: &str, terms: &str) -> (StatusCode, Value) {
    let reply = app.post_multipart("/api/tryspeech/startTrial", Some(session), &[("terms", terms)]).await;
    let body = if reply.body.is_empty() { Value::Null } else { reply.json() };
    (reply.status, body)
}

/// Starts the trial (the terms ticked): when it ends. The test clock runs on in real time from
/// its start, so the end is read, not assumed.
async fn started(app: &TestApp, session: &str) -> i64 {
    let (status, body) = start(app, session, "1").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["trial"]["endsAt"].as_i64().unwrap()
}

async fn cancel(app: &TestApp, session: &str) -> (StatusCode, Value) {
    let reply = app.post_multipart("/api/tryspeech/cancelTrial", Some(session), &[]).await;
    let body = if reply.body.is_empty() { Value::Null } else { reply.json() };
    (reply.status, body)
}

fn has(list: &Value, item: &str) -> bool {
    list.as_array().unwrap().iter().any(|v| v == item)
}

async fn speech_charges(db: &AnyPool) -> Vec<String> {
    rows_as_text(
        db,
        &format!(
            "SELECT description, unit_price_pence, started_at, COALESCE(ended_at, 0) FROM customer_charges
             WHERE customer_id = {STONE} AND item = 'report_voice_tags' ORDER BY id"
        ),
    )
    .await
}

async fn speech_addon(db: &AnyPool) -> Vec<String> {
    rows_as_text(
        db,
        &format!("SELECT scope FROM customer_addons WHERE customer_id = {STONE} AND scope = 'report_voice_tags'"),
    )
    .await
}

/// Stone & Sons' invoice lines of a month ("December 2026").
async fn invoice_lines(db: &AnyPool, label: &str) -> Vec<String> {
    rows_as_text(
        db,
        &format!(
            "SELECT l.description, l.amount_pence FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
             WHERE i.customer_id = {STONE} AND i.period_label = '{label}' ORDER BY l.position"
        ),
    )
    .await
}

#[tokio::test]
async fn the_owner_starts_the_trial_with_the_terms_and_speech_turns_on_without_a_charge() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let account = app.account(&starter).await;
    assert_eq!(account["hasSpeech"], false, "Stone & Sons has no speech");
    assert!(!has(&account["packageScopes"], "report_voice_tags"));

    let page = get_trial(&app, &starter).await;
    assert_eq!((page["trial"]["status"].clone(), page["canStart"].clone()), ("available".into(), true.into()));
    assert!(page["trial"]["offer"][1].as_str().unwrap().contains("£35 per month (minimum charge £25 per month)"));

    // The terms must be ticked.
    // Hostile input is refused, never a 5xx.
    assert_eq!(start(&app, &starter, &"1".repeat(10_000)).await.0, StatusCode::UNPROCESSABLE_ENTITY);
    for terms in ["", "0", "yes"] {
        let (status, body) = start(&app, &starter, terms).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["errors"]["terms"], TERMS);
    }
    let (status, body) = start(&app, &starter, "1").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let trial = &body["trial"];
    assert_eq!(trial["status"], "running");
    assert_eq!((trial["daysLeft"].clone(), trial["daysLeftText"].clone()), (14.into(), "14 days left".into()));
    assert!((trial["endsAt"].as_i64().unwrap() - DEC_7_10).abs() <= 5, "{trial}");
    assert_eq!(trial["endsAtText"], "07/12/2026 10:00 GMT");
    assert!(trial["howToCancel"].as_str().unwrap().starts_with("To cancel, press Cancel trial on this page before"));
    assert_eq!((body["canStart"].clone(), body["canCancel"].clone()), (false.into(), true.into()));
    assert_eq!(body["canBuy"], false, "speech is on while the trial runs");

    // Speech is on, and the menu follows: Speech Analytics, no 'Try speech analytics'.
    let account = app.account(&starter).await;
    assert_eq!(account["hasSpeech"], true);
    assert!(has(&account["packageScopes"], "report_voice_tags"));
    assert!(has(&account["addonScopes"], "report_voice_tags"), "still on sale, to keep after the trial");
    let state: domain::AccountState = serde_json::from_value(account).unwrap();
    let menu = serde_json::to_string(&domain::build_menu(&state)).unwrap();
    assert!(menu.contains("/call-insights") && !menu.contains("/tryspeech"), "{menu}");
    // Nothing is charged during the trial, nor bought.
    assert!(speech_charges(&app.state.db).await.is_empty());
    assert!(speech_addon(&app.state.db).await.is_empty());

    // Once per account, whoever asks.
    let (status, body) = start(&app, &starter, "1").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["trial"], "Your account has already had its free trial of speech analytics.");
    let admin = app.login("starteradmin@demo.test").await;
    assert_eq!(start(&app, &admin, "1").await.0, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_days_left_count_down_in_the_account_s_days() {
    let app = TestApp::spawn().await;
    // The administrator with the purchase right may start it too.
    let admin = app.login("starteradmin@demo.test").await;
    let ends = started(&app, &admin).await;
    // 23:59 the first day, then just after midnight.
    // (A session lapses after 30 idle minutes: log in again after each move of the clock.)
    app.state.clock.advance(14 * 60 * 60 - 60);
    let admin = app.login("starteradmin@demo.test").await;
    assert_eq!(get_trial(&app, &admin).await["trial"]["daysLeft"], 14);
    app.state.clock.advance(120);
    assert_eq!(get_trial(&app, &admin).await["trial"]["daysLeft"], 13);
    app.state.clock.advance(ends - 60 - app.state.clock.now());
    let admin = app.login("starteradmin@demo.test").await;
    let page = get_trial(&app, &admin).await;
    assert_eq!(page["trial"]["daysLeftText"], "Your trial ends today");
    assert_eq!(page["canCancel"], true);
    // At the end it has converted.
    app.state.clock.advance(ends - app.state.clock.now());
    let page = get_trial(&app, &admin).await;
    assert_eq!((page["trial"]["status"].clone(), page["canCancel"].clone()), ("converted".into(), false.into()));
    assert_eq!(page["canBuy"], false, "bought already");
    assert!(page["trial"]["daysLeft"].is_null());
    assert_eq!(app.account(&admin).await["hasSpeech"], true);
}

#[tokio::test]
async fn only_purchasers_of_a_plan_that_sells_speech_without_it_may_start_it() {
    let app = TestApp::spawn().await;
    let anonymous = app.get("/api/tryspeech/getTrial", None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.post_multipart("/api/tryspeech/startTrial", None, &[("terms", "1")]).await.status,
        StatusCode::UNAUTHORIZED
    );

    // A user without the purchase right reads the page, and may not start or cancel it.
    let user = app.login("user@demo.test").await;
    let page = get_trial(&app, &user).await;
    assert_eq!((page["trial"]["status"].clone(), page["canStart"].clone()), ("available".into(), false.into()));
    assert_eq!(start(&app, &user, "1").await.0, StatusCode::FORBIDDEN);
    assert_eq!(cancel(&app, &user).await.0, StatusCode::FORBIDDEN);

    // Atlas has speech already (Enterprise).
    let enterprise = app.login("enterprise@demo.test").await;
    assert_eq!(get_trial(&app, &enterprise).await["trial"]["status"], "hasSpeech");
    // (Atlas does not buy online: refused before anything is looked at.)
    assert_eq!(start(&app, &enterprise, "1").await.0, StatusCode::FORBIDDEN);

    // A legacy package buys nothing online.
    let legacy = app.login("legacy@demo.test").await;
    let page = get_trial(&app, &legacy).await;
    assert_eq!((page["trial"]["status"].clone(), page["canStart"].clone()), ("notOffered".into(), false.into()));
    assert_eq!(start(&app, &legacy, "1").await.0, StatusCode::FORBIDDEN);

    // The portals have no speech analytics.
    let partner = app.login("partner@demo.test").await;
    assert_eq!(app.get("/api/tryspeech/getTrial", Some(&partner)).await.status, StatusCode::FORBIDDEN);
    let tech = app.login("techpartner@demo.test").await;
    assert_eq!(start(&app, &tech, "1").await.0, StatusCode::FORBIDDEN);

    // An account that bought the add-on has speech: no trial.
    let owner = app.login("owner@demo.test").await;
    assert_eq!(get_trial(&app, &owner).await["trial"]["status"], "available");
    let bought = app.post_multipart("/api/services/addAddon", Some(&owner), &[("scope", "report_voice_tags")]).await;
    assert_eq!(bought.status, StatusCode::OK, "{}", bought.text());
    assert_eq!(get_trial(&app, &owner).await["trial"]["status"], "hasSpeech");
    let (status, body) = start(&app, &owner, "1").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["trial"], "Speech analytics is already on your account.");
    assert!(rows_as_text(&app.state.db, "SELECT id FROM speech_trials").await.is_empty());
}

#[tokio::test]
async fn a_cancelled_trial_keeps_speech_until_its_end_then_it_goes_uncharged() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    // No trial to cancel.
    assert_eq!(cancel(&app, &starter).await.0, StatusCode::NOT_FOUND);
    let ends = started(&app, &starter).await;
    // Another customer's owner cancels nothing of Stone & Sons': its own account has no trial.
    let owner = app.login("owner@demo.test").await;
    assert_eq!(cancel(&app, &owner).await.0, StatusCode::NOT_FOUND);
    assert_eq!(get_trial(&app, &owner).await["trial"]["status"], "available");
    assert_eq!(get_trial(&app, &starter).await["trial"]["status"], "running");

    app.state.clock.advance(3 * DAY);
    let starter = app.login("starter@demo.test").await;
    let (status, body) = cancel(&app, &starter).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["trial"]["status"], "cancelled");
    assert_eq!(body["trial"]["daysLeft"], 11);
    assert!(body["trial"]["summary"][0].as_str().unwrap().contains("stays on until 07/12/2026 10:00 GMT"));
    assert_eq!(body["canCancel"], false);
    let (status, body) = cancel(&app, &starter).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["trial"], "Your trial has already been cancelled.");
    // Speech stays on until the end.
    app.state.clock.advance(ends - 30 - app.state.clock.now());
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.account(&starter).await["hasSpeech"], true);
    app.state.clock.advance(ends - app.state.clock.now());
    let account = app.account(&starter).await;
    assert_eq!(account["hasSpeech"], false);
    assert!(has(&account["addonScopes"], "report_voice_tags"), "on sale again");
    let page = get_trial(&app, &starter).await;
    assert_eq!(page["trial"]["status"], "ended");
    // The page offers the add-on instead.
    let offers = (page["canStart"].clone(), page["canCancel"].clone(), page["canBuy"].clone());
    assert_eq!(offers, (false.into(), false.into(), true.into()));
    let (status, body) = cancel(&app, &starter).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["errors"]["trial"], "Your trial has ended, so it can no longer be cancelled.");
    assert_eq!(start(&app, &starter, "1").await.0, StatusCode::UNPROCESSABLE_ENTITY, "one trial per account");

    // The billing run settles it without a charge, and December's invoice has no speech.
    app.state.clock.advance(1_798_761_600 - app.state.clock.now()); // 2027-01-01 00:00 UTC
    server::jobs::billing_run::run(&app.state.db, app.state.clock.now()).await.unwrap();
    assert!(speech_charges(&app.state.db).await.is_empty());
    assert!(speech_addon(&app.state.db).await.is_empty());
    let december = invoice_lines(&app.state.db, "December 2026").await;
    assert!(!december.is_empty() && !december.iter().any(|l| l.contains("Speech")), "{december:?}");
}

#[tokio::test]
async fn the_billing_run_charges_the_add_on_from_the_trial_s_end_not_during_it() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let starter = app.login("starter@demo.test").await;
    let ends = started(&app, &starter).await;

    // November ends during the trial: its invoice has no speech analytics, nothing is settled.
    app.state.clock.advance(1_796_083_200 - app.state.clock.now()); // 2026-12-01 00:00 UTC
    server::jobs::billing_run::run(db, app.state.clock.now()).await.unwrap();
    let november = invoice_lines(db, "November 2026").await;
    assert!(!november.is_empty() && !november.iter().any(|l| l.contains("Speech")), "{november:?}");
    assert!(speech_charges(db).await.is_empty());

    // The trial ends uncancelled: the add-on, charged from the trial's end at Starter's price, once
    // however often (and on however many servers) the run goes.
    app.state.clock.advance(ends + 60 - app.state.clock.now());
    let now = app.state.clock.now();
    let (a, b) = tokio::join!(server::jobs::billing_run::run(db, now), server::jobs::billing_run::run(db, now));
    a.unwrap();
    b.unwrap();
    server::jobs::billing_run::run(db, now).await.unwrap();
    assert_eq!(speech_charges(db).await, [format!(r#"["Speech analytics",3500,{ends},0]"#)]);
    assert_eq!(speech_addon(db).await.len(), 1);
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.account(&starter).await["hasSpeech"], true);

    // December's invoice: the part of the month from 7 December 10:00 (24 days 14 hours of 31).
    app.state.clock.advance(1_798_761_600 - app.state.clock.now()); // 2027-01-01 00:00 UTC
    server::jobs::billing_run::run(db, app.state.clock.now()).await.unwrap();
    let december = invoice_lines(db, "December 2026").await;
    assert!(december.contains(&r#"["Speech analytics (part month)",2776]"#.to_string()), "{december:?}");
}

/// Hears every recording as "heard".
struct Hearing;

impl Recogniser for Hearing {
    fn name(&self) -> &str {
        "hearing"
    }

    async fn transcribe(&self, _: &[u8], _: &[Pronunciation]) -> Result<Heard, String> {
        Ok(Heard { text: "heard".into(), words: Vec::new(), audio_ms: 1_000 })
    }
}

/// A recorded inbound call of Stone & Sons at `at`.
async fn recorded_call(db: &AnyPool, at: i64) -> i64 {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO calls (customer_id, direction, rate_item, started_at, duration_seconds, minutes, cost_tenth_pence, recorded)
         VALUES ($1, 'inbound', 'inbound_geographic', $2, 60, 1, 0, 1) RETURNING id",
    )
    .bind(STONE)
    .bind(at)
    .fetch_one(db)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO call_recordings (call_id, customer_id, file_name, content, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(STONE)
    .bind(format!("trial-{id}.mp3"))
    .bind(format!("call {id}").into_bytes())
    .bind(at)
    .execute(db)
    .await
    .unwrap();
    id
}

async fn transcribed(db: &AnyPool) -> Vec<i64> {
    sqlx::query_scalar("SELECT call_id FROM transcripts WHERE customer_id = $1 ORDER BY call_id")
        .bind(STONE)
        .fetch_all(db)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_first_ten_recorded_calls_of_each_of_the_account_s_days_get_transcripts() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    // Only these calls' recordings; Stone & Sons in Helsinki (UTC+2), so its days are not UTC's.
    sqlx::query("DELETE FROM call_recordings").execute(db).await.unwrap();
    sqlx::query("UPDATE customers SET time_zone = 'Europe/Helsinki' WHERE id = $1")
        .bind(STONE)
        .execute(db)
        .await
        .unwrap();
    let before = recorded_call(db, NOV_23_10 - 60).await;
    let now = app.state.clock.now();
    run_once(db, &Hearing, now).await.unwrap();
    assert!(transcribed(db).await.is_empty(), "no speech, no trial: nothing heard");

    let starter = app.login("starter@demo.test").await;
    let ends = started(&app, &starter).await;
    // Tuesday 24 November 10:00 to 10:11 UTC (12:00 Helsinki): twelve calls.
    let tuesday: Vec<i64> = {
        let mut ids = Vec::new();
        for minute in 0..12 {
            ids.push(recorded_call(db, NOV_23_10 + DAY + minute * 60).await);
        }
        ids
    };
    // 22:30 UTC on Tuesday is 00:30 on Wednesday in Helsinki: a new day's allowance.
    let wednesday = recorded_call(db, NOV_23_10 + DAY + 12 * 60 * 60 + 30 * 60).await;
    // At the trial's end: none.
    let after = recorded_call(db, ends).await;

    let ran = run_once(db, &Hearing, now).await.unwrap();
    let mut expected: Vec<i64> = tuesday[..10].to_vec();
    expected.push(wednesday);
    assert_eq!(transcribed(db).await, expected, "{ran:?}");
    // The calls beyond the allowance, before the trial and after it are passed over for good.
    let again = run_once(db, &Hearing, now + 3_600).await.unwrap();
    assert_eq!(again, Default::default());
    for call in [before, tuesday[10], tuesday[11], after] {
        assert!(!transcribed(db).await.contains(&call), "{call}");
    }
    // The call's transcript says why there is none, rather than 'not transcribed yet'.
    sqlx::query("UPDATE users SET call_rec_flag = 1 WHERE email = 'starter@demo.test'").execute(db).await.unwrap();
    let state = |call: i64| {
        let (app, starter) = (&app, &starter);
        async move { app.get(&format!("/api/reports/getTranscript/{call}"), Some(starter)).await.json()["state"].clone() }
    };
    assert_eq!(state(tuesday[0]).await, "ready");
    for call in [before, tuesday[10], after] {
        assert_eq!(state(call).await, "outsideTrialAllowance", "{call}");
    }
}

#[tokio::test]
async fn the_add_on_bought_during_the_trial_is_charged_from_then_and_once() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let starter = app.login("starter@demo.test").await;
    let ends = started(&app, &starter).await;
    assert_eq!(cancel(&app, &starter).await.0, StatusCode::OK);
    // Kept after the cancelled trial: bought now, charged from now.
    app.state.clock.advance(2 * DAY);
    let starter = app.login("starter@demo.test").await;
    let bought_at = app.state.clock.now();
    let bought = app.post_multipart("/api/services/addAddon", Some(&starter), &[("scope", "report_voice_tags")]).await;
    assert_eq!(bought.status, StatusCode::OK, "{}", bought.text());
    app.state.clock.advance(ends + 60 - app.state.clock.now());
    server::jobs::billing_run::run(db, app.state.clock.now()).await.unwrap();
    let charges = speech_charges(db).await;
    assert_eq!(charges.len(), 1, "{charges:?}");
    let started_at: i64 = serde_json::from_str::<Value>(&charges[0]).unwrap()[2].as_i64().unwrap();
    assert!((started_at - bought_at).abs() <= 2, "{charges:?}");
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.account(&starter).await["hasSpeech"], true, "bought: speech stays after the trial");
    assert_eq!(get_trial(&app, &starter).await["trial"]["status"], "hasSpeech");
}
