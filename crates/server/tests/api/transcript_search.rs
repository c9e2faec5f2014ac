//! Searching the words said from the call log: a phrase, or any of several words, found by the
//! full-text index (FTS5, or PostgreSQL's text search) exactly where the domain's rules find them,
//! with the matching line on the row; the account's own transcripts only; kept up to date when a
//! call leaves.

use axum::http::StatusCode;
use serde_json::Value;
use sqlx::AnyPool;
use std::collections::BTreeSet;

use crate::helpers::TestApp;
use domain::reports::transcript_search::{matching_line, parse_transcript_search, TRANSCRIPT_SEARCH_TOO_LONG};

const ATLAS: i64 = 300;
const LOG: &str = "/api/reports/getCalls?preset=last30Days&pageSize=100";

async fn store_transcript(db: &AnyPool, customer: i64, call: i64, text: &str) {
    sqlx::query(
        "INSERT INTO transcripts (call_id, customer_id, text, words, recogniser, audio_sha256, audio_ms, created_at)
         VALUES ($1, $2, $3, '[]', 'test', 'x', 1000, 0)",
    )
    .bind(call)
    .bind(customer)
    .bind(text)
    .execute(db)
    .await
    .unwrap();
}

/// The customer's newest inbound calls of the last few days without a transcript.
async fn untranscribed(app: &TestApp, customer: i64, count: i64) -> Vec<i64> {
    let since = app.state.clock.now() - 5 * 86_400;
    sqlx::query_scalar(
        "SELECT id FROM calls WHERE customer_id = $1 AND direction = 'inbound' AND started_at >= $2
         AND id NOT IN (SELECT call_id FROM transcripts) ORDER BY started_at DESC, id DESC LIMIT $3",
    )
    .bind(customer)
    .bind(since)
    .bind(count)
    .fetch_all(&app.state.db)
    .await
    .unwrap()
}

async fn found(app: &TestApp, session: &str, search: &str) -> Value {
    let path = format!("{LOG}&transcript={}", urlencoding(search));
    let reply = app.get(&path, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{search}: {}", reply.text());
    reply.json()
}

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

fn ids(log: &Value) -> BTreeSet<i64> {
    log["calls"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn a_phrase_or_any_of_several_words_finds_the_calls_that_said_it_with_the_line() {
    let app = TestApp::spawn().await;
    let session = app.login("enterprise@demo.test").await;
    let calls = untranscribed(&app, ATLAS, 3).await;
    let db = &app.state.db;
    store_transcript(db, ATLAS, calls[0], "Hello, I'd like to BOOK an appointment for my car insurance renewal please")
        .await;
    store_transcript(db, ATLAS, calls[1], "Can I get a quote for home insurance? The appointment can wait").await;
    store_transcript(db, ATLAS, calls[2], "I want a refund on my policy").await;
    // Another customer's transcript says it too, and is never found.
    let theirs = untranscribed(&app, 100, 1).await;
    store_transcript(db, 100, theirs[0], "book an appointment").await;

    let phrase = found(&app, &session, "\"book an appointment\"").await;
    assert!(ids(&phrase).contains(&calls[0]) && !ids(&phrase).contains(&calls[1]), "{phrase}");
    assert!(!ids(&phrase).contains(&theirs[0]));
    let row = phrase["calls"].as_array().unwrap().iter().find(|c| c["id"] == calls[0]).unwrap();
    assert_eq!(row["transcriptLine"], "Hello, I'd like to BOOK an appointment for my car insurance renewal please");

    let any = found(&app, &session, "quote Refund").await;
    assert!(ids(&any).contains(&calls[1]) && ids(&any).contains(&calls[2]) && !ids(&any).contains(&calls[0]));
    // Without a search, no line.
    let plain = app.get(LOG, Some(&session)).await.json();
    assert!(plain["calls"].as_array().unwrap().iter().all(|c| c["transcriptLine"] == ""));

    // The index finds exactly what the domain's rules find, over all the account's transcripts.
    for search in ["\"book an appointment\"", "insurance", "quote refund", "\"i d like\"", "appoint"] {
        let terms = parse_transcript_search(search).unwrap().unwrap();
        let rows: Vec<(i64, String)> = sqlx::query_as(
            "SELECT t.call_id, t.text FROM transcripts t JOIN calls c ON c.id = t.call_id
             WHERE t.customer_id = $1 AND c.started_at >= $2",
        )
        .bind(ATLAS)
        .bind(app.state.clock.now() - 5 * 86_400)
        .fetch_all(db)
        .await
        .unwrap();
        let expected: BTreeSet<i64> =
            rows.iter().filter(|(_, text)| matching_line(text, &terms).is_some()).map(|(id, _)| *id).collect();
        let log = found(&app, &session, search).await;
        let got: BTreeSet<i64> = ids(&log).into_iter().filter(|id| rows.iter().any(|(call, _)| call == id)).collect();
        assert_eq!(got, expected, "{search}");
    }
}

#[tokio::test]
async fn a_call_that_leaves_leaves_the_index_and_a_bad_search_is_said() {
    let app = TestApp::spawn().await;
    let session = app.login("enterprise@demo.test").await;
    let call = untranscribed(&app, ATLAS, 1).await[0];
    store_transcript(&app.state.db, ATLAS, call, "zebra crossing claim").await;
    assert_eq!(ids(&found(&app, &session, "zebra").await), BTreeSet::from([call]));
    sqlx::query("DELETE FROM transcripts WHERE call_id = $1").bind(call).execute(&app.state.db).await.unwrap();
    assert!(ids(&found(&app, &session, "zebra").await).is_empty());

    let long = "a".repeat(101);
    let reply = app.get(&format!("{LOG}&transcript={long}"), Some(&session)).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["errors"]["transcript"], TRANSCRIPT_SEARCH_TOO_LONG);
}
