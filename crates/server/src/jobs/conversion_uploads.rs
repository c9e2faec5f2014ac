//! Conversion uploads: a background job queues the calls that count for each active
//! conversion action (since the action was created, at most the 90 days of Google's click
//! window) and sends the uploads due to their ad platform, behind the `ConversionPlatforms`
//! trait. The sandbox platform lives in this server's database: it records what it received,
//! answers 'duplicate' to a repeat, and is unavailable while an outage row says so, so retries
//! can be tested. Each upload is claimed in the database before it is sent (held for the first
//! retry's wait, so two servers never send it at once) and its answer recorded after; a failure
//! is tried again after hours (domain `conversions::next_attempt`), then given up. A platform
//! the customer has not connected gets nothing: its uploads wait.

use std::time::Duration;

use domain::conversions::{next_attempt, UploadStatus, CLICK_WINDOW_DAYS, RETRY_HOURS};
use sqlx::AnyPool;
use tokio::task::JoinHandle;

use crate::state::AppState;
use crate::store::conversions::{self as store, DueUpload};
use crate::store::sandbox_conversions as sandbox;

pub const INTERVAL: Duration = Duration::from_secs(5 * 60);
const DAY: i64 = 24 * 60 * 60;

/// A platform's answer to an upload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Accepted(String),
    /// It had this conversion already: it is never sent again.
    Duplicate(String),
    /// Try again later.
    Unavailable(String),
}

/// What sending a conversion asks of an ad platform.
pub trait ConversionPlatforms {
    fn upload(&self, upload: &DueUpload, now: i64) -> impl std::future::Future<Output = Answer> + Send;
}

/// The sandbox platforms, in this server's database.
pub struct Sandbox<'a>(pub &'a AnyPool);

/// The id the platform dedupes on: ours, one per action and call.
pub fn order_id(upload: &DueUpload) -> String {
    format!("calltrack-{}-{}", upload.action_id, upload.call_id)
}

impl ConversionPlatforms for Sandbox<'_> {
    async fn upload(&self, upload: &DueUpload, now: i64) -> Answer {
        match sandbox_receive(self.0, upload, now).await {
            Ok(answer) => answer,
            Err(error) => Answer::Unavailable(format!("The platform could not be reached: {error}")),
        }
    }
}

async fn sandbox_receive(db: &AnyPool, upload: &DueUpload, now: i64) -> sqlx::Result<Answer> {
    if sandbox::is_down(db, &upload.platform, now).await? {
        return Ok(Answer::Unavailable("503 Service unavailable: the platform is down, try again later.".into()));
    }
    Ok(if sandbox::receive(db, upload, &order_id(upload), now).await? {
        Answer::Accepted("Received: 1 conversion accepted.".into())
    } else {
        Answer::Duplicate("Already received: this conversion was uploaded before.".into())
    })
}

/// Makes the sandbox platform unavailable until `until` (a past time ends the outage).
pub async fn sandbox_outage(db: &AnyPool, platform: &str, until: i64) -> sqlx::Result<()> {
    sandbox::set_outage(db, platform, until).await
}

/// What a run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ran {
    pub queued: usize,
    pub sent: usize,
    pub duplicates: usize,
    pub failed: usize,
    pub gave_up: usize,
}

/// Queues the calls that count, then sends the uploads due at `now` (a bounded batch each).
pub async fn run(db: &AnyPool, platforms: &impl ConversionPlatforms, now: i64) -> sqlx::Result<Ran> {
    let mut ran = Ran::default();
    for (row, zone) in store::active_actions(db).await? {
        let since = row.created_at.max(now - CLICK_WINDOW_DAYS * DAY);
        ran.queued += store::queue_calls(db, &row, &zone, since, now).await?;
    }
    for upload in store::due(db, now).await? {
        let Some(attempts) = store::claim(db, upload.id, now, RETRY_HOURS[0] * 3_600).await? else {
            continue; // another run has it
        };
        match platforms.upload(&upload, now).await {
            Answer::Accepted(answer) => {
                store::record(db, upload.id, UploadStatus::Sent, &answer, None, now).await?;
                ran.sent += 1;
            }
            Answer::Duplicate(answer) => {
                store::record(db, upload.id, UploadStatus::Duplicate, &answer, None, now).await?;
                ran.duplicates += 1;
            }
            Answer::Unavailable(answer) => match next_attempt(attempts) {
                Ok(wait) => {
                    store::record(db, upload.id, UploadStatus::Failed, &answer, Some(now + wait), now).await?;
                    ran.failed += 1;
                }
                Err(give_up) => {
                    let answer = format!("{answer} {}", give_up.0);
                    store::record(db, upload.id, UploadStatus::GaveUp, &answer, None, now).await?;
                    ran.gave_up += 1;
                }
            },
        }
    }
    Ok(ran)
}

/// Runs `run` against the sandbox platforms every `INTERVAL` for as long as the server runs.
pub fn spawn(state: AppState) -> JoinHandle<()> {
    crate::jobs::every(INTERVAL, move || {
        let state = state.clone();
        async move {
            match run(&state.db, &Sandbox(&state.db), state.clock.now()).await {
                Ok(ran) if ran == Ran::default() => {}
                Ok(ran) => tracing::info!(?ran, "conversion uploads"),
                Err(error) => tracing::error!(%error, "conversion uploads failed"),
            }
        }
    })
}
