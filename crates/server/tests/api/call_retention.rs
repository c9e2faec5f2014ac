//! Retention of calls, recordings and visits: housekeeping purges calls older than
//! the retention (25 calendar months by default) with their recordings and unlinks call-backs
//! pointing at them, purges visits that never called after 72 hours, and leaves invoices as they
//! were.

use domain::reports::{call_retention_cutoff, DEFAULT_CALL_RETENTION_MONTHS, MIN_CALL_RETENTION_MONTHS};
use server::jobs::housekeeping::purge_reports;
use server::store::CustomerId;
use sqlx::AnyPool;

use crate::helpers::{rows_as_text, TestApp, TEST_NOW};

const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;
const CUSTOMER: i64 = 100;

async fn insert_call(db: &AnyPool, started_at: i64, callback_of: Option<i64>) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO calls (customer_id, direction, rate_item, started_at, duration_seconds, minutes,
                            cost_tenth_pence, caller_number, outcome, callback_of)
         VALUES ($1, 'inbound', 'inbound_geographic', $2, 90, 2, 30, '07700900123', 'answered', $3)
         RETURNING id",
    )
    .bind(CUSTOMER)
    .bind(started_at)
    .bind(callback_of)
    .fetch_one(db)
    .await
    .unwrap()
}

async fn insert_recording(db: &AnyPool, call_id: i64) {
    sqlx::query(
        "INSERT INTO call_recordings (call_id, customer_id, file_name, content, created_at)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(call_id)
    .bind(CUSTOMER)
    .bind(format!("rec{call_id}.mp3"))
    .bind(vec![0xFFu8, 0xFB, 0x90, 0x00])
    .bind(TEST_NOW)
    .execute(db)
    .await
    .unwrap();
}

async fn insert_visit(db: &AnyPool, started_at: i64, called: bool) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO visits (customer_id, routing_entry_id, number_shown, landing_page, started_at, called)
         VALUES ($1, 1, '01632960001', 'https://www.harbourlanedental.co.uk/', $2, $3) RETURNING id",
    )
    .bind(CUSTOMER)
    .bind(started_at)
    .bind(i64::from(called))
    .fetch_one(db)
    .await
    .unwrap()
}

async fn exists(db: &AnyPool, table: &str, key: &str, id: i64) -> bool {
    let count: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table} WHERE {key} = $1"))
        .bind(id)
        .fetch_one(db)
        .await
        .unwrap();
    count == 1
}

#[tokio::test]
async fn calls_older_than_25_months_go_with_their_recordings_and_uncalled_visits_after_72_hours() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    assert_eq!(app.state.settings.call_retention_months, DEFAULT_CALL_RETENTION_MONTHS);
    let cutoff = call_retention_cutoff(TEST_NOW, 25);
    assert_eq!(cutoff, 1_729_677_600, "2024-10-23 10:00 UTC, 25 calendar months before the test's Monday");

    let expired = insert_call(db, cutoff - DAY, None).await;
    let kept = insert_call(db, cutoff + HOUR, None).await;
    // A call-back of the expired call, itself still kept: its link goes, it stays.
    let callback = insert_call(db, cutoff + 2 * HOUR, Some(expired)).await;
    let kept_callback = insert_call(db, cutoff + 3 * HOUR, Some(kept)).await;
    insert_recording(db, expired).await;
    insert_recording(db, kept).await;
    // A visit that led to the expired call, and one that led to a kept call.
    let expired_visit = insert_visit(db, cutoff - DAY - 60, true).await;
    sqlx::query("UPDATE calls SET visit_id = $1 WHERE id = $2")
        .bind(expired_visit)
        .bind(expired)
        .execute(db)
        .await
        .unwrap();
    let old_called_visit = insert_visit(db, cutoff - 60, true).await;
    sqlx::query("UPDATE calls SET visit_id = $1 WHERE id = $2")
        .bind(old_called_visit)
        .bind(kept)
        .execute(db)
        .await
        .unwrap();
    let uncalled_73h = insert_visit(db, TEST_NOW - 73 * HOUR, false).await;
    let called_73h = insert_visit(db, TEST_NOW - 73 * HOUR, true).await;
    let uncalled_71h = insert_visit(db, TEST_NOW - 71 * HOUR, false).await;
    let invoices_before = rows_as_text(db, "SELECT id, period_start, gross_pence FROM invoices ORDER BY id").await;

    let purged = purge_reports(db, app.state.clock.now(), app.state.settings.call_retention_months).await.unwrap();
    assert!(purged.calls >= 1 && purged.recordings >= 1 && purged.visits >= 2, "{purged:?}");

    assert!(!exists(db, "calls", "id", expired).await, "25 months and a day old: purged");
    assert!(!exists(db, "call_recordings", "call_id", expired).await, "its recording with it");
    assert!(exists(db, "calls", "id", kept).await, "just inside 25 months: kept");
    assert!(exists(db, "call_recordings", "call_id", kept).await);
    assert_eq!(
        rows_as_text(
            db,
            &format!("SELECT callback_of FROM calls WHERE id IN ({callback}, {kept_callback}) ORDER BY id")
        )
        .await,
        ["[null]".to_string(), format!("[{kept}]")],
        "no call-back points at a purged call"
    );
    assert!(!exists(db, "visits", "id", expired_visit).await, "its call gone, the old visit goes");
    assert!(exists(db, "visits", "id", old_called_visit).await, "a kept call still points at it");
    assert!(!exists(db, "visits", "id", uncalled_73h).await, "never called, 73 hours old: purged");
    assert!(exists(db, "visits", "id", called_73h).await, "called: kept");
    assert!(exists(db, "visits", "id", uncalled_71h).await, "71 hours old: kept");

    // Invoices are stored: none changes and the billing run makes none again.
    assert_eq!(
        rows_as_text(db, "SELECT id, period_start, gross_pence FROM invoices ORDER BY id").await,
        invoices_before
    );
    assert_eq!(server::jobs::billing_run::run(db, app.state.clock.now()).await.unwrap(), 0);

    // A second run has nothing left to do.
    assert_eq!(purge_reports(db, app.state.clock.now(), 25).await.unwrap().total(), 0);
}

#[tokio::test]
async fn the_shortest_retention_keeps_the_calls_of_every_month_the_billing_run_may_still_invoice() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    // Late on the last day of November 2026 (GMT): the billing run's oldest month is November
    // 2025. An hour before the month ends, not its last second: the test clock runs at real
    // speed, and on a busy machine a second passes before the months are read.
    app.state.clock.advance(1_796_079_599 - app.state.clock.now());
    let now = app.state.clock.now();
    let months =
        domain::billing::invoice::months_to_invoice(now, "Europe/London", 0, server::jobs::billing_run::MONTHS_BACK)
            .unwrap();
    let oldest = months[0].period.start;
    assert_eq!(oldest, 1_761_955_200, "2025-11-01 00:00 GMT");
    let first_call = insert_call(db, oldest, None).await;
    let cutoff = call_retention_cutoff(now, MIN_CALL_RETENTION_MONTHS);
    let expired = insert_call(db, cutoff - 1, None).await;

    // That month has no invoice yet (say its run failed): the purge must leave its calls.
    for sql in [
        "DELETE FROM invoice_files WHERE invoice_id IN (SELECT id FROM invoices WHERE customer_id = $1 AND period_start = $2)",
        "DELETE FROM invoice_lines WHERE invoice_id IN (SELECT id FROM invoices WHERE customer_id = $1 AND period_start = $2)",
        "DELETE FROM invoices WHERE customer_id = $1 AND period_start = $2",
    ] {
        sqlx::query(sql).bind(CUSTOMER).bind(oldest).execute(db).await.unwrap();
    }
    let billed_before = server::store::invoices::calls_in(db, CustomerId::new(CUSTOMER), &months[0]).await.unwrap();
    assert!(!billed_before.is_empty());
    purge_reports(db, now, MIN_CALL_RETENTION_MONTHS).await.unwrap();
    assert!(exists(db, "calls", "id", first_call).await, "the month's first call is kept");
    assert!(!exists(db, "calls", "id", expired).await, "a call before the cutoff goes");
    assert_eq!(
        server::store::invoices::calls_in(db, CustomerId::new(CUSTOMER), &months[0]).await.unwrap(),
        billed_before,
        "the billing run reads the same calls for that month after the purge"
    );
    // The month is invoiced afresh, once.
    assert_eq!(server::jobs::billing_run::run(db, now).await.unwrap(), 1);
    assert_eq!(server::jobs::billing_run::run(db, now).await.unwrap(), 0);
}
