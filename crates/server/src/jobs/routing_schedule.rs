//! Scheduled routing changes (docs/routing-drafts.md): a draft published at its moment, and a
//! published draft's return to normal at its own. Every server process runs the job; each step
//! is claimed in the database first (`routing_drafts::claim_due`), so it runs once. A step that
//! cannot run (live routing changed since the draft began, or since it went live) changes
//! nothing: the reason is kept for the routing pages and the account's administrators are told
//! by e-mail.

use std::time::Duration;

use domain::format_date_time;
use tokio::task::JoinHandle;

use crate::routing::change_log::ChangeLog;
use crate::routing::publish::{self, NotPublished};
use crate::state::AppState;
use crate::store::routing_drafts::{self, Step};
use crate::store::{outbox, CustomerId};

pub const INTERVAL: Duration = Duration::from_secs(5);

/// How long a claimed step is held by the process that claimed it (one that dies lets it go).
pub const HOLD_SECONDS: i64 = 120;

/// Runs every step due at the state's clock's now; how many ran.
pub async fn run(state: &AppState) -> Result<usize, crate::http::kit::error::AppError> {
    let now = state.clock.now();
    let claimed = routing_drafts::claim_due(&mut *state.db.acquire().await?, now, HOLD_SECONDS).await?;
    let mut ran = 0;
    for (id, customer, step) in claimed {
        let Some(draft) = routing_drafts::find(&mut *state.db.acquire().await?, customer, id).await? else { continue };
        let by = (draft.scheduled_by.unwrap_or(0), draft.scheduled_by_name.as_str());
        let outcome = match step {
            Step::Publish => {
                let log = ChangeLog::scheduled(state, customer, by, id, None);
                publish::publish(state, customer, id, log).await.map(|_| ())
            }
            Step::Return => {
                let log = ChangeLog::scheduled(state, customer, by, id, draft.published_change);
                publish::return_to_normal(state, customer, &draft, log).await
            }
        };
        match outcome {
            Ok(()) => {
                tracing::info!(customer = customer.get(), draft = id, ?step, "scheduled routing change made");
                ran += 1;
            }
            Err(NotPublished::NoDraft) => {}
            Err(NotPublished::Failed(error)) => {
                tracing::error!(customer = customer.get(), draft = id, ?error, "scheduled routing change failed");
            }
            Err(NotPublished::Conflicts(conflicts)) => {
                let reasons: Vec<String> = conflicts.into_iter().map(|c| c.reason).collect();
                not_run(state, customer, id, step, &reasons.join(" ")).await?;
            }
            Err(NotPublished::Refused(reason)) => not_run(state, customer, id, step, &reason).await?,
        }
    }
    Ok(ran)
}

/// Keeps why the step did not run, and tells the account's administrators.
async fn not_run(
    state: &AppState,
    customer: CustomerId,
    id: i64,
    step: Step,
    reason: &str,
) -> Result<(), crate::http::kit::error::AppError> {
    let now = state.clock.now();
    let zone = routing_drafts::time_zone(&mut *state.db.acquire().await?, customer).await?;
    let when = format_date_time(now, &zone);
    let (what, next) = match step {
        Step::Publish => (
            "Your scheduled routing change did not go live",
            "Nothing was published. Open Call routing to bring the draft up to date, then publish or schedule it again.",
        ),
        Step::Return => (
            "Routing did not go back to normal as scheduled",
            "Routing stays as the draft made it. Roll the change back from the routing history when you are ready.",
        ),
    };
    let text = format!("{what} at {when}: {reason} {next}");
    let mut tx = crate::db::begin_write(&state.db).await?;
    routing_drafts::not_run(&mut tx, id, step, &text).await?;
    for email in routing_drafts::admin_emails(&mut tx, customer).await? {
        outbox::send_on(&mut tx, &email, what, &text, Some("/manage/routing"), now).await?;
    }
    tx.commit().await?;
    tracing::warn!(customer = customer.get(), draft = id, ?step, "scheduled routing change did not run");
    Ok(())
}

/// Runs `run` every `INTERVAL` for as long as the server runs.
pub fn spawn(state: AppState) -> JoinHandle<()> {
    crate::jobs::every(INTERVAL, move || {
        let state = state.clone();
        async move {
            if let Err(error) = run(&state).await {
                tracing::error!(?error, "scheduled routing changes");
            }
        }
    })
}
