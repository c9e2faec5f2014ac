//! Scheduled summary e-mails: users who opted in get, through the outbox, their
//! home customer's inbound calls of the day before (daily), of the week before (on Mondays) and
//! of the month before (on the 1st), by source / medium, answered and missed. Which summaries are
//! due, and the e-mail itself, are the domain's (`reports::summary`), in the account's zone. Each
//! summary is claimed in the database in the transaction that writes its mail, so it goes once
//! per period per user, however often the job runs, on however many servers, across restarts.

use std::time::Duration;

use domain::reports::{summaries_due, summary_email};
use sqlx::AnyPool;
use tokio::task::JoinHandle;

use crate::state::AppState;
use crate::store::{outbox, summary_emails};

pub const INTERVAL: Duration = Duration::from_secs(10 * 60);

/// Sends every summary due at `now` not sent yet; returns how many it sent.
pub async fn run(db: &AnyPool, now: i64) -> sqlx::Result<usize> {
    let mut sent = 0;
    for subscriber in summary_emails::subscribers(db).await? {
        let due = match summaries_due(now, &subscriber.time_zone) {
            Ok(due) => due,
            Err(error) => {
                tracing::error!(customer = subscriber.customer_id.get(), %error, "summary e-mails not sent");
                continue;
            }
        };
        for summary in due.iter().filter(|s| subscriber.wants(s.frequency)) {
            let mut tx = crate::db::begin_write(db).await?;
            let claimed = summary_emails::claim(
                &mut tx,
                subscriber.user_id,
                summary.frequency,
                summary.start,
                subscriber.customer_id,
                now,
            )
            .await?;
            if !claimed {
                continue; // the transaction rolls back when dropped
            }
            let sources =
                summary_emails::calls_by_source(&mut tx, subscriber.customer_id, summary.start, summary.end).await?;
            let email = summary_email(summary, &subscriber.customer_name, &sources);
            outbox::send_on(&mut tx, &subscriber.email, &email.subject, &email.body, None, now).await?;
            tx.commit().await?;
            sent += 1;
        }
    }
    Ok(sent)
}

/// Runs `run` every `INTERVAL` for as long as the server runs.
pub fn spawn(state: AppState) -> JoinHandle<()> {
    crate::jobs::every(INTERVAL, move || {
        let state = state.clone();
        async move {
            match run(&state.db, state.clock.now()).await {
                Ok(0) => {}
                Ok(count) => tracing::info!(count, "summary e-mails sent"),
                Err(error) => tracing::error!(%error, "sending summary e-mails failed"),
            }
        }
    })
}
