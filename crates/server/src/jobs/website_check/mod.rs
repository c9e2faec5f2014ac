//! The website check (spec: "Website check (per dynamic URL)"): a background job fetches each
//! queued check's page safely (`fetch`) and records what the domain's `scan_page` finds. Every
//! server process runs the job; each check is claimed in the database first, so it runs once.
//!
//! Checks run side by side, each in a task of its own: a process fetches at most `IN_FLIGHT`
//! pages at once, and a customer has at most `PER_CUSTOMER` checks under way at once across all
//! processes, the queue taken in turns between customers. So one customer's slow or silent
//! sites hold a few places for a few seconds and never keep another customer's check waiting.

pub mod fetch;

use std::sync::Arc;
use std::time::Duration;

use domain::integrations::website_check::{status, CheckProblem};
use domain::integrations::{scan_page, PageScan};
use sqlx::AnyPool;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinHandle;

use crate::clock::Clock;
use crate::state::AppState;
use crate::store::dynamic_urls::{self, ClaimedCheck};
pub use fetch::{FetchError, FetchPolicy};

/// How often the job looks for queued checks.
pub const INTERVAL: Duration = Duration::from_secs(1);
/// Checks one server process runs at once.
pub const IN_FLIGHT: usize = 16;
/// Checks of one customer under way at once, whatever the number of server processes.
pub const PER_CUSTOMER: i64 = 2;

/// Claims as many queued checks as `places` has room for, fairly between customers, and starts
/// each in a task that holds its place until the check has ended. The tasks, one a check.
pub async fn start_checks(
    db: &AnyPool,
    clock: &Clock,
    policy: &FetchPolicy,
    places: &Arc<Semaphore>,
) -> sqlx::Result<Vec<JoinHandle<sqlx::Result<()>>>> {
    let permits: Vec<OwnedSemaphorePermit> =
        std::iter::from_fn(|| places.clone().try_acquire_owned().ok()).take(IN_FLIGHT).collect();
    if permits.is_empty() {
        return Ok(Vec::new());
    }
    let now = clock.now();
    // A claim outlives the longest fetch, so a dead run's checks are picked up again.
    let until = now + policy.timeout.as_secs() as i64 * 2 + 30;
    let claimed = dynamic_urls::claim_checks(db, now, until, permits.len() as i64, PER_CUSTOMER).await?;
    // Places not needed go back (the rest of `permits` is dropped here).
    Ok(claimed
        .into_iter()
        .zip(permits)
        .map(|(check, place)| {
            let (db, clock, policy) = (db.clone(), clock.clone(), policy.clone());
            tokio::spawn(async move {
                let id = check.id;
                let result = run_check(&db, &clock, &policy, check).await;
                if let Err(error) = &result {
                    tracing::error!(check = id, %error, "website check could not be recorded");
                }
                drop(place);
                result
            })
        })
        .collect())
}

/// Fetches one claimed check's page and records what it holds.
async fn run_check(db: &AnyPool, clock: &Clock, policy: &FetchPolicy, check: ClaimedCheck) -> sqlx::Result<()> {
    let (code, scan, problem) = match fetch::fetch_page(&check.url, policy).await {
        Ok(page) => {
            dynamic_urls::set_status(db, check.id, status::CHECKING_SCRIPTS).await?;
            let scan = scan_page(&page, &check.reference);
            let problem = CheckProblem::of_scan(scan.mhct, scan.mhct_working);
            (status::SUCCESS, scan, problem)
        }
        Err(FetchError::InvalidAddress(problem)) => {
            tracing::info!(check = check.id, ?problem, "website check: address not usable");
            (status::INVALID_DOMAIN, PageScan::default(), Some(problem))
        }
        Err(FetchError::Failed(problem)) => {
            tracing::info!(check = check.id, ?problem, "website check failed");
            (status::FAILURE, PageScan::default(), Some(problem))
        }
    };
    dynamic_urls::finish(db, check.id, code, &scan, problem, clock.now()).await
}

/// Claims what there is room for (`IN_FLIGHT`), runs those checks side by side and waits for
/// them; how many ran.
pub async fn run_once(db: &AnyPool, clock: &Clock, policy: &FetchPolicy) -> sqlx::Result<u64> {
    let places = Arc::new(Semaphore::new(IN_FLIGHT));
    let mut ran = 0;
    for task in start_checks(db, clock, policy, &places).await? {
        task.await.map_err(|_| sqlx::Error::WorkerCrashed)??;
        ran += 1;
    }
    Ok(ran)
}

/// Every `INTERVAL`, for as long as the server runs, starts the queued checks this process has
/// room for, without waiting for the ones under way.
pub fn spawn(state: AppState) -> JoinHandle<()> {
    let policy = state.settings.website_check.clone();
    let places = Arc::new(Semaphore::new(IN_FLIGHT));
    crate::jobs::every(INTERVAL, move || {
        let state = state.clone();
        let policy = policy.clone();
        let places = places.clone();
        async move {
            if let Err(error) = start_checks(&state.db, &state.clock, &policy, &places).await {
                tracing::error!(%error, "website check run failed");
            }
        }
    })
}
