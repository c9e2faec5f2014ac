//! Calls that came while the server could not be reached: the engine answered them with its
//! fallback message and kept their detail records; when the engine connects again, the server
//! reads the records (static/unreached.csv beside ARI) and writes each call once.

use std::time::Duration;

use axum::routing::get;
use axum::Router;

use crate::telephony::{office, reception};
use crate::telephony_lab::{FakeEngine, Lab};

/// An engine's HTTP serving `records` as its records of missed calls; its ARI address.
async fn engine_http(records: String) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = Router::new().route("/static/unreached.csv", get(move || async move { records }));
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}/ari")
}

fn record(channel: &str, dialled: &str, start: &str, end: &str) -> String {
    format!(
        "\"unreached\",\"07700900123\",\"{dialled}\",\"from-carrier\",\"\",\"PJSIP/carrier-1\",\"\",\"Hangup\",\"\",\
         \"{start}\",\"{start}\",\"{end}\",5,5,\"ANSWERED\",\"DOCUMENTATION\",\"{channel}\",\"\"\n"
    )
}

#[tokio::test]
async fn calls_the_engine_answered_alone_are_written_once_when_it_connects_again() {
    // The numbers come from a first lab's database: the same demo data as the second's.
    let first = Lab::start().await;
    let (_, _, desk) = reception(&first).await;
    let plan = first.service_plan("Office", &office(("routing", desk, 0), ("routing", desk, 0))).await;
    let (_, number) = first.number(11, plan, false, 0).await;
    drop(first);
    let records = record("m1", &number, "2026-01-12 10:00:00", "2026-01-12 10:00:06")
        + &record("m2", "441632960999", "2026-01-12 10:01:00", "2026-01-12 10:01:03");
    let lab = Lab::start_with(&engine_http(records).await).await;
    let db = &lab.app.state.db;
    for round in 0..2 {
        let engine = FakeEngine::connect(lab.addr).await;
        let mut call = None;
        // Up to 20 s: the records are read, and each call opened then completed, by a task of
        // the connection's own.
        for _ in 0..800 {
            call = lab.call("m1").await;
            if call.as_ref().is_some_and(|c| c["inProgress"] == false) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        let call = call.unwrap_or_else(|| panic!("round {round}: the missed call was not written"));
        assert_eq!(
            (call["outcome"].as_str(), call["endReason"].as_str(), call["inProgress"].as_bool()),
            (Some("missed"), Some(server::telephony::unreached::UNREACHED), Some(false)),
            "{call}"
        );
        let (started, duration, tracked): (i64, i64, String) = sqlx::query_as(
            "SELECT started_at, duration_seconds, tracked_number FROM calls WHERE engine_channel = 'm1'",
        )
        .fetch_one(db)
        .await
        .unwrap();
        assert_eq!((started, duration, tracked.as_str()), (1_768_212_000, 6, number.as_str()));
        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM calls WHERE engine_channel IN ('m1', 'm2')")
            .fetch_one(db)
            .await
            .unwrap();
        assert_eq!(rows, 1, "round {round}: once, and nothing for a number no one tracks");
        engine.close().await;
    }
}
