//! How a rollback writes: each record put back in the state the
//! domain's plan gives it, inside the rollback's transaction. Nothing it writes may point at a
//! record that is not the customer's (`foreign_references`, checked against the customer's own
//! records as that transaction sees them), and a write the database refuses (a description now
//! taken, an id in use) is the rollback's refusal, never a server error.

use crate::store::CustomerId;
use domain::routing::history::{
    foreign_references, written_advanced, Connection, RecordKey, RecordKind, RecordState, RollbackPlan, RoutingRecord,
};
use domain::routing::{AdvancedRow, QueueForm};
use domain::FieldErrors;
use sqlx::{Any, Transaction};

use crate::http::kit::error::AppError;
use crate::routing::change_log::{ChangeLog, Editor};
use crate::state::AppState;
use crate::store::destinations::{self, PlanToSave};
use crate::store::ivrs;
use crate::store::library_records::{self, PutRefused};
use crate::store::queues::{self, Queue};
use crate::store::routing_entries::{self, AdvancedConnect, BasicConnect};
use crate::store::routing_history as store;
use crate::store::service_plans::{self, PlanTime};

/// The code of a rollback the routing as it is now does not allow.
pub const ROLLBACK_REFUSED: &str = "ROLLBACK_REFUSED";

/// The refusal of a rollback that would undo later changes, or leave routing broken: in words,
/// on the `rollback` field.
pub fn refused(reason: &str) -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("rollback", reason);
    AppError::Coded(ROLLBACK_REFUSED, errors)
}

/// The refusal of removing a record (rolling back its creation) that something still uses.
fn still_used(record: &RoutingRecord, users: &[String]) -> AppError {
    let quoted: Vec<String> = users.iter().map(|u| format!("'{u}'")).collect();
    refused(&format!(
        "Rolling back would leave routing broken: {} '{}' is still used by {}.",
        record.kind().noun(),
        record.name(),
        quoted.join(", ")
    ))
}

/// Puts a record back in the state the rollback plan gives it: updated in place, re-created
/// under its own id when it had been removed, or removed (None: its creation is rolled back)
/// when nothing uses it. The numbers and pools whose routing it changes are provisioned again,
/// as the normal saves do.
pub async fn apply(
    now: i64,
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    restore: &RecordState,
) -> Result<(), AppError> {
    if let Some(record) = &restore.state {
        refuse_foreign_references(tx, customer, record).await?;
    }
    write(now, tx, customer, restore).await.map_err(ApplyError::into_answer)
}

/// Puts back every record of `plan`, each change recorded as rolling back change `rolled_back`,
/// in `tx`; the ids of the changes recorded.
pub async fn roll_back<'a>(
    state: &AppState,
    tx: &mut Transaction<'_, Any>,
    user: impl Into<Editor<'a>>,
    rolled_back: i64,
    plan: &RollbackPlan,
) -> Result<Vec<i64>, AppError> {
    let user = user.into();
    let customer = user.customer();
    write_recorded(state, tx, customer, &mut ChangeLog::rolling_back(state, user, rolled_back), &plan.restores).await
}

/// Writes every state of `states` (`apply_all`, strictly) and records each record's change in
/// `log`; the ids of the changes recorded.
pub async fn write_recorded(
    state: &AppState,
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    log: &mut ChangeLog,
    states: &[RecordState],
) -> Result<Vec<i64>, AppError> {
    let mut befores = vec![];
    for restore in states {
        befores.push(store::load(tx, customer, restore.key).await?);
    }
    if let Some(refusal) = apply_all(state.clock.now(), tx, customer, states).await?.into_iter().next() {
        return Err(refusal.1);
    }
    let mut change_ids = vec![];
    for (restore, before) in states.iter().zip(befores) {
        let after = store::load(tx, customer, restore.key).await?;
        log.forget_names();
        if let Some(change) = log.record(tx, restore.key, before, after).await? {
            change_ids.push(change);
        }
    }
    Ok(change_ids)
}

/// Writes each state of `states` in `tx`, each after those it needs: one refused (an IVR key
/// pointing at a plan the set creates, a plan removed while something still points at it) is
/// tried again once the others are written. Returns the states no order allows, each with its
/// refusal (none written); the rest are written. Each write is a savepoint, so a refused one
/// leaves the transaction usable on PostgreSQL too.
pub async fn apply_all(
    now: i64,
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    states: &[RecordState],
) -> Result<Vec<(RecordKey, AppError)>, AppError> {
    let mut waiting: Vec<&RecordState> = states.iter().collect();
    loop {
        let count = waiting.len();
        let mut refused = vec![];
        for restore in waiting {
            let mut savepoint = sqlx::Connection::begin(&mut **tx).await?;
            match apply(now, &mut savepoint, customer, restore).await {
                Ok(()) => savepoint.commit().await?,
                Err(error @ (AppError::Coded(..) | AppError::Validation(_))) => {
                    savepoint.rollback().await?;
                    refused.push((restore, error));
                }
                Err(other) => return Err(other),
            }
        }
        // Another pass helps only while each writes something more.
        if refused.is_empty() || refused.len() == count {
            return Ok(refused.into_iter().map(|(restore, error)| (restore.key, error)).collect());
        }
        waiting = refused.into_iter().map(|(restore, _)| restore).collect();
    }
}

/// Refuses to put back a state that points at a record the customer does not have: one deleted
/// since, or (an id reused before migration 0027, or a forged history) another customer's.
async fn refuse_foreign_references(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    record: &RoutingRecord,
) -> Result<(), AppError> {
    let names = store::names(tx, customer).await?;
    match foreign_references(record, &names).first() {
        None => Ok(()),
        Some(reference) => Err(refused(&format!(
            "Rolling back would leave routing broken: {} '{}' would point at {} #{} that no longer exists.",
            record.kind().noun(),
            record.name(),
            reference.list.noun(),
            reference.id
        ))),
    }
}

/// Why a rollback's write failed: an answer already decided, or the database's refusal.
enum ApplyError {
    Answer(AppError),
    Database(sqlx::Error),
}

impl From<AppError> for ApplyError {
    fn from(error: AppError) -> Self {
        ApplyError::Answer(error)
    }
}

impl From<sqlx::Error> for ApplyError {
    fn from(error: sqlx::Error) -> Self {
        ApplyError::Database(error)
    }
}

impl ApplyError {
    /// A constraint the old state breaks now (a unique description or number taken since, an id
    /// in use) refuses the rollback; any other database failure stays a server error.
    fn into_answer(self) -> AppError {
        match self {
            ApplyError::Answer(answer) => answer,
            ApplyError::Database(error) if is_constraint(&error) => refused(
                "Rolling back would clash with what has been saved since: a description, number or record it \
                 would put back is now taken.",
            ),
            ApplyError::Database(error) => AppError::from(error),
        }
    }
}

fn is_constraint(error: &sqlx::Error) -> bool {
    use sqlx::error::ErrorKind;
    error.as_database_error().is_some_and(|e| {
        matches!(
            e.kind(),
            ErrorKind::UniqueViolation
                | ErrorKind::ForeignKeyViolation
                | ErrorKind::NotNullViolation
                | ErrorKind::CheckViolation
        )
    })
}

/// Writes the restored state.
async fn write(
    now: i64,
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    restore: &RecordState,
) -> Result<(), ApplyError> {
    let key = restore.key;
    match (&key.kind, &restore.state) {
        (RecordKind::ServicePlan, Some(RoutingRecord::ServicePlan { id, form })) => {
            let times: Vec<PlanTime> = form.rows.iter().map(PlanTime::from_row).collect();
            if store::service_plan(tx, customer, *id).await?.is_none() {
                service_plans::insert_with_id(tx, customer, *id, &form.description).await?;
            } else {
                service_plans::update_description(tx, customer, *id, &form.description).await?;
            }
            service_plans::replace_times(tx, *id, &times).await?;
            crate::store::plan_exceptions::replace(tx, *id, &form.exceptions).await?;
            routing_entries::reprovision_plan_users(tx, customer, *id, now).await?;
        }
        (RecordKind::ServicePlan, None) => service_plans::delete(tx, customer, key.id).await?,
        (RecordKind::DestinationPlan, Some(RoutingRecord::DestinationPlan { id, form })) => {
            let plan = PlanToSave::from_form(form);
            if store::destination_plan(tx, customer, *id).await?.is_none() {
                destinations::insert_plan_with_id(tx, customer, *id, &plan).await?;
            } else {
                destinations::save_plan(tx, customer, *id, &plan).await?;
            }
        }
        (RecordKind::DestinationPlan, None) => {
            if let Some(record) = store::destination_plan(tx, customer, key.id).await? {
                let users = destinations::plan_users(tx, customer, key.id).await?;
                if !users.is_empty() {
                    return Err(still_used(&record, &users).into());
                }
                destinations::delete_plan(tx, customer, key.id).await?;
            }
        }
        (RecordKind::Ivr, Some(RoutingRecord::Ivr { id, form })) => {
            if store::ivr(tx, customer, *id).await?.is_none() {
                ivrs::insert_with_id(tx, customer, *id, form).await?;
            } else {
                ivrs::update(tx, customer, *id, form).await?;
            }
            ivrs::replace_keys(tx, *id, &form.options).await?;
            for plan in crate::routing::ivrs::plans_using(&mut *tx, customer, *id).await? {
                routing_entries::reprovision_plan_users(tx, customer, plan, now).await?;
            }
        }
        (RecordKind::Ivr, None) => {
            if let Some(record) = store::ivr(tx, customer, key.id).await? {
                let (users, charged) = ivrs::users(tx, customer, key.id).await?;
                if charged {
                    return Err(ApplyError::from(refused(&format!(
                        "IVR '{}' was bought as a multi-level IVR: a rollback cannot remove it.",
                        record.name()
                    ))));
                }
                if !users.is_empty() {
                    return Err(still_used(&record, &users).into());
                }
                ivrs::delete(tx, customer, key.id).await?;
            }
        }
        (RecordKind::Queue, Some(RoutingRecord::Queue { id, form })) => {
            let queue = stored_queue(*id, form);
            if store::queue(tx, customer, *id).await?.is_none() {
                queues::insert_with_id(tx, customer, &queue).await?;
            } else {
                queues::save(tx, customer, &queue).await?;
            }
        }
        (RecordKind::Queue, None) => {
            if let Some(record) = store::queue(tx, customer, key.id).await? {
                let users = queues::users(tx, customer, key.id).await?;
                if !users.is_empty() {
                    return Err(still_used(&record, &users).into());
                }
                queues::delete(tx, customer, key.id).await?;
            }
        }
        (RecordKind::Connect, Some(RoutingRecord::Connect { id, connection, label })) => {
            if store::connect(tx, customer, *id).await?.is_none() {
                if crate::store::numbers::released_label(tx, customer, *id).await?.is_some() {
                    return Err(ApplyError::from(refused(&format!(
                        "'{label}' was released: a rollback cannot take a released number back."
                    ))));
                }
                return Err(AppError::NotFound.into());
            }
            match connection {
                Connection::Basic(row) => {
                    routing_entries::connect_basic(tx, customer, &BasicConnect::written(*id, row), now).await?;
                }
                Connection::Advanced(row) => {
                    routing_entries::connect_advanced(tx, customer, &advanced_connect(*id, row), now).await?;
                    if row.service_plan == 0 {
                        // Read as advanced without a plan: it had no basic destination either.
                        routing_entries::clear_destination(tx, customer, *id).await?;
                    }
                }
            }
        }
        (kind, Some(record)) if library_records::is_library(*kind) && record.kind() == *kind => {
            if let Err(PutRefused::FileGone) = library_records::put(tx, customer, record, now).await? {
                return Err(ApplyError::from(refused(&format!(
                    "The file that audio '{}' played then is no longer kept: a rollback cannot put it back.",
                    record.name()
                ))));
            }
        }
        // Numbers and pools are bought or released, never created or removed by routing: a
        // change that brought one in (its connection's first state) is not undone.
        (RecordKind::Connect, None) => {
            let name = store::connect(tx, customer, key.id).await?.map(|record| record.name().to_string());
            let name = name.unwrap_or_else(|| "The number or pool".to_string());
            return Err(ApplyError::from(refused(&format!(
                "'{name}' was bought: a rollback cannot remove a number or pool."
            ))));
        }
        (kind, None) => {
            if let Some(record) = store::load(tx, customer, key).await? {
                if !library_records::remove(tx, customer, *kind, key.id, now).await? {
                    return Err(ApplyError::from(refused(&format!(
                        "Rolling back would leave routing broken: {} '{}' is still used.",
                        record.kind().noun(),
                        record.name()
                    ))));
                }
            }
        }
        (kind, Some(record)) => {
            return Err(ApplyError::from(AppError::Internal(format!(
                "the state of a {:?} given for a {kind:?}",
                record.kind()
            ))))
        }
    }
    Ok(())
}

/// A queue's form as the store keeps it (the counts as numbers).
fn stored_queue(id: i64, form: &QueueForm) -> Queue {
    let number = |typed: &str| typed.trim().parse().unwrap_or(0);
    Queue {
        id,
        description: form.description.clone(),
        max_calls: number(&form.max_calls),
        lines_qty: number(&form.lines_qty),
        hold_music: form.hold_music,
        message_mode: form.message_mode,
        message_interval: form.message_interval,
        welcome_audio_id: form.welcome_audio,
        audio_1_id: form.audio1,
        audio_2_id: form.audio2,
        audio_3_id: form.audio3,
        next_in_line_audio_id: form.next_in_line_audio,
        queue_full_audio_id: form.queue_full_audio,
    }
}

/// An advanced row as connect writes it (the domain's `written_advanced`: no mid call audio is
/// stored as 'None').
pub fn advanced_connect(id: i64, row: &AdvancedRow) -> AdvancedConnect {
    let row = written_advanced(row);
    AdvancedConnect {
        id,
        description: row.description,
        service_plan_id: (row.service_plan != 0).then_some(row.service_plan),
        recording: row.recording,
        intro_audio_id: row.intro,
        whisper_audio_id: row.whisper,
        dynamic_whisper_id: row.dynamic_whisper,
        post_url: row.post_url,
        attribution_id: row.dtmf,
        attribution_dtmf_ivr_id: row.dtmf_ivr,
        mid_call_attribution: row.mid_call_flag,
        mid_call_audio: row.mid_call_audio,
        mid_call_divert: row.mid_call_divert,
    }
}
