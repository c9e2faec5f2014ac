//! The website check (spec: "Website check (per dynamic URL)"): a background job fetches each
//! queued check's page safely (`fetch`) and records what the domain's `scan_page` finds. Every
//! server process runs the job; each check is claimed in the database first, so it runs once.

pub mod fetch;

use std::time::Duration;

use domain::integrations::website_check::status;
use domain::integrations::{scan_page, PageScan};
use sqlx::AnyPool;
use tokio::task::JoinHandle;

use crate::clock::Clock;
use crate::state::AppState;
use crate::store::dynamic_urls;
pub use fetch::{FetchError, FetchPolicy};

/// How often the job looks for queued checks.
pub const INTERVAL: Duration = Duration::from_secs(1);
/// Checks one run takes at most.
pub const CLAIM_BATCH: i64 = 4;

/// Runs the queued checks; how many ran.
pub async fn run_once(db: &AnyPool, clock: &Clock, policy: &FetchPolicy) -> sqlx::Result<u64> {
    let now = clock.now();
    // A claim outlives the longest fetch, so a dead run's checks are picked up again.
    let until = now + policy.timeout.as_secs() as i64 * 2 + 30;
    let claimed = dynamic_urls::claim_checks(db, now, until, CLAIM_BATCH).await?;
    let mut ran = 0;
    for check in claimed {
        let fetched = fetch::fetch_page(&check.url, policy).await;
        let (code, scan) = match fetched {
            Ok(page) => {
                dynamic_urls::set_status(db, check.id, status::CHECKING_SCRIPTS).await?;
                (status::SUCCESS, scan_page(&page, &check.reference))
            }
            Err(FetchError::InvalidAddress(reason)) => {
                tracing::info!(check = check.id, reason, "website check: address not usable");
                (status::INVALID_DOMAIN, PageScan::default())
            }
            Err(FetchError::Failed(reason)) => {
                tracing::info!(check = check.id, reason, "website check failed");
                (status::FAILURE, PageScan::default())
            }
        };
        dynamic_urls::finish(db, check.id, code, &scan, clock.now()).await?;
        ran += 1;
    }
    Ok(ran)
}

/// Runs `run_once` every `INTERVAL` for as long as the server runs.
pub fn spawn(state: AppState) -> JoinHandle<()> {
    let policy = state.settings.website_check.clone();
    crate::background::every(INTERVAL, move || {
        let state = state.clone();
        let policy = policy.clone();
        async move {
            if let Err(error) = run_once(&state.db, &state.clock, &policy).await {
                tracing::error!(%error, "website check run failed");
            }
        }
    })
}
