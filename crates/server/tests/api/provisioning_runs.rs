//! Provisioning with several server processes on one database: every process runs the job, and
//! each request is applied once (claims in the database), a claim of a run that died lapses.

use std::collections::HashMap;
use std::sync::Mutex;

use server::jobs::provisioning::{run_once_with, Provisioner, CLAIM_SECONDS};
use server::store::routing_entries::{claim_pending, PendingEntry, CLAIM_BATCH};

use crate::helpers::TestApp;

/// Counts what it applies, pausing a little so that runs overlap.
#[derive(Default)]
struct Counting(Mutex<HashMap<i64, u32>>);

impl Provisioner for Counting {
    async fn provision(&self, entry: &PendingEntry) -> Result<(), String> {
        *self.0.lock().unwrap().entry(entry.id).or_default() += 1;
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        Ok(())
    }
}

/// Every seeded entry waiting, requested a minute before `now`; answers how many.
async fn all_pending(app: &TestApp, now: i64) -> i64 {
    sqlx::query(
        "UPDATE routing_entries SET provisioned = 0, provision_requested_at = $1, provision_claimed_until = NULL",
    )
    .bind(now - 60)
    .execute(&app.state.db)
    .await
    .unwrap();
    sqlx::query_scalar("SELECT COUNT(*) FROM routing_entries WHERE provisioned = 0")
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_running_the_job_at_once_apply_each_request_once() {
    let app = TestApp::spawn().await;
    // A second process: its own connection pool on the same database.
    let other = server::db::connect(&app.state.settings.database_url).await.unwrap();
    let now = app.state.clock.now();
    let pending = all_pending(&app, now).await;
    assert!(pending > 10, "the demo has entries to provision");

    let counting = Counting::default();
    let (here, there) =
        tokio::join!(run_once_with(&app.state.db, now, &counting), run_once_with(&other, now, &counting));
    let (here, there) = (here.unwrap(), there.unwrap());

    let applied = counting.0.into_inner().unwrap();
    assert_eq!(applied.len() as i64, pending);
    assert!(applied.values().all(|&times| times == 1), "{applied:?}");
    assert_eq!((here + there) as i64, pending);
    assert!(here > 0 && there > 0, "both processes took a share: {here} and {there}");
    let left: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM routing_entries WHERE provisioned = 0 OR provision_claimed_until IS NOT NULL",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(left, 0);
}

#[tokio::test]
async fn a_claim_of_a_run_that_died_lapses_and_another_run_applies_it() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let now = app.state.clock.now();
    let pending = all_pending(&app, now).await;
    // A run claims everything, batch by batch, then its process is killed before applying any.
    let mut claimed = 0;
    loop {
        let batch = claim_pending(db, now, now, now + CLAIM_SECONDS).await.unwrap();
        assert!(batch.len() as i64 <= CLAIM_BATCH);
        if batch.is_empty() {
            break;
        }
        claimed += batch.len() as i64;
    }
    assert_eq!(claimed, pending);

    let counting = Counting::default();
    assert_eq!(run_once_with(db, now + 1, &counting).await.unwrap(), 0, "still claimed");
    assert_eq!(run_once_with(db, now + CLAIM_SECONDS, &counting).await.unwrap() as i64, pending);
    assert!(counting.0.into_inner().unwrap().values().all(|&times| times == 1));
}
