//! Provisioning: applying a number's or pool's routing on the telephony network after a
//! connect or a service plan change (ARCHITECTURE.md, "Things outside our walls").
//!
//! A change marks the entry unprovisioned with the time it was requested. A background job
//! (`spawn`) hands every request that has settled for `SETTLE_SECONDS` to the `Provisioner`
//! and marks the entry provisioned when it succeeds. A failed request stays pending and is
//! tried again on the next run. Every server process runs the job; each run first claims its
//! entries in the database (`routing_entries::claim_pending`), so each request is applied once.

use std::future::Future;
use std::time::Duration;

use sqlx::AnyPool;
use tokio::task::JoinHandle;

use crate::state::AppState;
use crate::store::routing_entries::{self, PendingEntry};

/// How long a request waits before it is provisioned, so a burst of edits to the same row is
/// applied once.
pub const SETTLE_SECONDS: i64 = 2;

/// How long a run holds the entries it claimed: a run that dies (a process killed) lets them
/// go after this, and another run applies them.
pub const CLAIM_SECONDS: i64 = 60;

/// How often the background job looks for work.
pub const INTERVAL: Duration = Duration::from_secs(1);

/// The telephony side: applies the current routing of one entry (the number or the pool's
/// numbers are pointed at the platform's routing for `service_plan_id`, or straight at
/// `destination`, or disconnected).
pub trait Provisioner: Send + Sync {
    fn provision(&self, entry: &PendingEntry) -> impl Future<Output = Result<(), String>> + Send;
}

/// The implementation that works on this machine: there is no telephony network to call, so
/// the routing held in our database is the routing in force, and provisioning records it.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalProvisioner;

impl Provisioner for LocalProvisioner {
    async fn provision(&self, entry: &PendingEntry) -> Result<(), String> {
        let target = match (entry.service_plan_id, entry.destination.as_str()) {
            (Some(plan), _) => format!("service plan {plan}"),
            (None, "") => "nothing (disconnected)".to_string(),
            (None, destination) => format!("destination {destination}"),
        };
        let name = if entry.kind == "static" { &entry.number } else { &entry.pool_name };
        tracing::info!(
            customer = entry.customer_id.get(),
            entry = entry.id,
            "provisioned {} {name} to {target}",
            entry.kind
        );
        Ok(())
    }
}

/// Provisions every entry requested at least `SETTLE_SECONDS` before `now` with the local
/// provisioner. Returns how many were marked provisioned.
pub async fn run_once(db: &AnyPool, now: i64) -> sqlx::Result<u64> {
    run_once_with(db, now, &LocalProvisioner).await
}

/// `run_once` with a given provisioner.
pub async fn run_once_with<P: Provisioner>(db: &AnyPool, now: i64, provisioner: &P) -> sqlx::Result<u64> {
    let mut done = 0;
    loop {
        let claimed = routing_entries::claim_pending(db, now - SETTLE_SECONDS, now, now + CLAIM_SECONDS).await?;
        let last_batch = (claimed.len() as i64) < routing_entries::CLAIM_BATCH;
        let (marked, failed) = apply(db, &claimed, provisioner).await?;
        done += marked;
        // After a failure the rest waits for the next run (the same entries would come back).
        if last_batch || failed {
            return Ok(done);
        }
    }
}

/// Applies the claimed entries one by one: how many were marked provisioned, and whether any
/// failed (its claim given up, so the next run tries it again).
async fn apply<P: Provisioner>(db: &AnyPool, claimed: &[PendingEntry], provisioner: &P) -> sqlx::Result<(u64, bool)> {
    let (mut done, mut failed) = (0, false);
    for entry in claimed {
        match provisioner.provision(entry).await {
            Ok(()) => {
                if routing_entries::mark_provisioned(db, entry).await? {
                    done += 1;
                }
            }
            Err(cause) => {
                tracing::warn!(entry = entry.id, %cause, "provisioning failed; will retry");
                routing_entries::release_claim(&mut *db.acquire().await?, entry.id).await?;
                failed = true;
            }
        }
    }
    Ok((done, failed))
}

/// Runs `run_once` every `INTERVAL` for as long as the server runs.
pub fn spawn(state: AppState) -> JoinHandle<()> {
    crate::jobs::every(INTERVAL, move || {
        let state = state.clone();
        async move {
            match run_once(&state.db, state.clock.now()).await {
                Ok(0) => {}
                Ok(count) => tracing::debug!(count, "provisioning run"),
                Err(error) => tracing::error!(%error, "provisioning run failed"),
            }
        }
    })
}
