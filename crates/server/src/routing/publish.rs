//! Publishing a draft (docs/routing-drafts.md): every record it changes goes live in one
//! transaction, recorded as one entry in the routing history, unless live routing changed since
//! the draft began (then nothing is published and the conflicts are named). A scheduled return
//! to normal rolls that entry back. Both run by hand or at their moment (`jobs::routing_schedule`).

use std::collections::HashMap;

use domain::routing::draft::{conflicts, Conflict, NOTHING_TO_PUBLISH};
use domain::routing::history::{plan_group_rollback, routing_problems, Change, RecordState, RollbackOutcome};

use crate::http::kit::error::AppError;
use crate::routing::change_log::ChangeLog;
use crate::routing::rollback;
use crate::state::AppState;
use crate::store::routing_drafts::{self, DraftRow};
use crate::store::routing_history::{self as history, ChangeRow};
use crate::store::CustomerId;

/// Why a draft was not published (or its return not made).
#[derive(Debug)]
pub enum NotPublished {
    /// The account has no open draft of that id (published or discarded meanwhile).
    NoDraft,
    /// Records changed live since the draft began.
    Conflicts(Vec<Conflict>),
    /// The routing does not allow it, in words.
    Refused(String),
    Failed(AppError),
}

impl From<AppError> for NotPublished {
    fn from(error: AppError) -> Self {
        match error {
            AppError::Coded(..) | AppError::Validation(_) => NotPublished::Refused(error.in_words()),
            other => NotPublished::Failed(other),
        }
    }
}

impl From<sqlx::Error> for NotPublished {
    fn from(error: sqlx::Error) -> Self {
        NotPublished::Failed(error.into())
    }
}

/// The draft's records that changed live since they were drafted, read in `conn`.
pub async fn live_conflicts(
    conn: &mut sqlx::AnyConnection,
    customer: CustomerId,
    records: &[domain::routing::draft::DraftRecord],
) -> Result<Vec<Conflict>, AppError> {
    let mut live = HashMap::new();
    for record in records {
        live.insert(record.key, history::load(&mut *conn, customer, record.key).await?);
    }
    let names = history::names(&mut *conn, customer).await?;
    Ok(conflicts(records, |key| live.get(&key).cloned().flatten(), &names))
}

/// Publishes the customer's open draft `draft_id`, each change recorded in `log` (a user's
/// publish, or the schedule's). The first change's id: the history's entry.
pub async fn publish(
    state: &AppState,
    customer: CustomerId,
    draft_id: i64,
    mut log: ChangeLog,
) -> Result<i64, NotPublished> {
    let mut tx = crate::db::begin_write(&state.db).await?;
    let draft = match routing_drafts::open_draft(&mut tx, customer).await? {
        Some(draft) if draft.id == draft_id => draft,
        _ => return Err(NotPublished::NoDraft),
    };
    let records = routing_drafts::records(&mut tx, draft.id).await?;
    if records.is_empty() {
        return Err(NotPublished::Refused(NOTHING_TO_PUBLISH.to_string()));
    }
    let conflicts = live_conflicts(&mut tx, customer, &records).await?;
    if !conflicts.is_empty() {
        return Err(NotPublished::Conflicts(conflicts));
    }
    let before = history::snapshot(&mut tx, customer).await?;
    let states: Vec<RecordState> = records.iter().map(|r| RecordState { key: r.key, state: r.state.clone() }).collect();
    let change_ids = rollback::write_recorded(state, &mut tx, customer, &mut log, &states).await?;
    let after = history::snapshot(&mut tx, customer).await?;
    let broken: Vec<String> = routing_problems(&after).difference(&routing_problems(&before)).cloned().collect();
    if !broken.is_empty() {
        return Err(NotPublished::Refused(format!("Publishing would leave routing broken: {}", broken.join(" "))));
    }
    let Some(&first) = change_ids.first() else {
        return Err(NotPublished::Refused(NOTHING_TO_PUBLISH.to_string()));
    };
    let closed_as = if draft.revert_at.is_some() { "published" } else { "done" };
    routing_drafts::close(&mut tx, customer, draft.id, closed_as, Some((state.clock.now(), first))).await?;
    tx.commit().await?;
    Ok(first)
}

/// Puts routing back as it was before the published draft `draft` (its scheduled return to
/// normal): its publish rolled back as one, in the name of `log`. Refused, restoring nothing,
/// when a later change touched the same records.
pub async fn return_to_normal(
    state: &AppState,
    customer: CustomerId,
    draft: &DraftRow,
    mut log: ChangeLog,
) -> Result<(), NotPublished> {
    let mut tx = crate::db::begin_write(&state.db).await?;
    let group = history::of_publish(&mut tx, customer, draft.id).await?;
    let later: Vec<Change> =
        history::later_than_group(&mut tx, customer, &group).await?.iter().filter_map(ChangeRow::change).collect();
    let targets: Vec<Change> = group.iter().filter_map(ChangeRow::change).collect();
    let names = history::names(&mut tx, customer).await?;
    let plan = plan_group_rollback(&targets, &later, false, &names);
    match &plan.outcome {
        RollbackOutcome::Clean => {}
        RollbackOutcome::Conflict { reason, .. } | RollbackOutcome::Refused { reason } => {
            return Err(NotPublished::Refused(reason.clone()))
        }
        RollbackOutcome::WithLater { .. } => return Err(NotPublished::Refused("Later changes touched it.".into())),
    }
    rollback::write_recorded(state, &mut tx, customer, &mut log, &plan.restores).await?;
    routing_drafts::returned(&mut tx, draft.id, state.clock.now()).await?;
    tx.commit().await?;
    Ok(())
}
