//! Jobs the server runs on a timer for as long as it runs, each started by `main` with its
//! `spawn`, and the one loop they share (`every`).

pub mod billing_run;
pub mod conversion_uploads;
pub mod housekeeping;
pub mod provisioning;
pub mod routing_schedule;
pub mod spend_import;
pub mod summary_emails;
pub mod transcription;
pub mod website_check;

use std::future::Future;
use std::time::Duration;

use tokio::task::JoinHandle;
use tokio::time::MissedTickBehavior;

/// Runs `job` every `interval` (the first time at once); a slow run delays the next instead of
/// piling runs up.
pub fn every<F, Fut>(interval: Duration, mut job: F) -> JoinHandle<()>
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send,
{
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(interval);
        tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            job().await;
        }
    })
}
