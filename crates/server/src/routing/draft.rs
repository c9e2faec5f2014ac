//! Drafts in the routing application layer (docs/routing-drafts.md). While an account has a
//! draft open, every routing editor reads and writes the draft: a `RoutingRead` or
//! `RoutingWrite` is a transaction with the draft's records laid over live routing, so the
//! editors' own queries and checks see the draft; a write's changes join the draft and the
//! transaction is rolled back, so live routing (and the calls reading it) never sees them until
//! the draft is published.

use std::ops::{Deref, DerefMut};

use domain::routing::draft::{drafted, join_draft, DraftChange, DraftRecord, DRAFT_FULL, MAX_DRAFT_RECORDS};
use domain::routing::history::{RecordKey, RecordKind, RecordState, RoutingRecord};
use sqlx::{Any, AnyConnection, Transaction};

use crate::db::Backend;
use crate::http::kit::error::AppError;
use crate::routing::change_log::{ChangeLog, Editor};
use crate::routing::rollback;
use crate::state::AppState;
use crate::store::routing_drafts;
use crate::store::CustomerId;

/// The code of a save the draft cannot take.
pub const DRAFT_REFUSED: &str = "DRAFT_REFUSED";

/// Routing as an editor sees it: live, or with the account's open draft laid over it.
pub enum RoutingRead {
    Live(sqlx::pool::PoolConnection<Any>),
    Draft(Transaction<'static, Any>),
}

impl RoutingRead {
    pub async fn open(state: &AppState, customer: CustomerId) -> Result<RoutingRead, AppError> {
        let mut conn = state.db.acquire().await?;
        let Some(draft) = routing_drafts::open_draft(&mut conn, customer).await? else {
            return Ok(RoutingRead::Live(conn));
        };
        drop(conn);
        let mut tx = crate::db::begin_write(&state.db).await?;
        let records = routing_drafts::records(&mut tx, draft.id).await?;
        lay_over(state.clock.now(), &mut tx, customer, &records).await?;
        Ok(RoutingRead::Draft(tx))
    }
}

impl Deref for RoutingRead {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        match self {
            RoutingRead::Live(conn) => conn,
            RoutingRead::Draft(tx) => tx,
        }
    }
}

impl DerefMut for RoutingRead {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match self {
            RoutingRead::Live(conn) => conn,
            RoutingRead::Draft(tx) => tx,
        }
    }
}

/// A save from a routing editor: its transaction (with the open draft laid over live routing
/// when the record kind is drafted), and the change log its changes are recorded in. `commit`
/// makes them live, or puts them in the draft.
pub struct RoutingWrite {
    pub tx: Transaction<'static, Any>,
    pub log: ChangeLog,
    customer: CustomerId,
    /// The open draft the save goes into.
    draft: Option<i64>,
}

impl RoutingWrite {
    /// Begins a save of records of `kind` by `user`: into the account's open draft when there
    /// is one and the kind is drafted, else live.
    pub async fn begin<'a>(state: &AppState, user: impl Into<Editor<'a>>, kind: RecordKind) -> Result<Self, AppError> {
        let user = user.into();
        let customer = user.customer();
        let mut tx = crate::db::begin_write(&state.db).await?;
        let draft = match drafted(kind) {
            true => routing_drafts::open_draft(&mut tx, customer).await?,
            false => None,
        };
        let log = match &draft {
            Some(_) => ChangeLog::drafting(state, user),
            None => ChangeLog::new(state, user),
        };
        if let Some(draft) = &draft {
            let records = routing_drafts::records(&mut tx, draft.id).await?;
            lay_over(state.clock.now(), &mut tx, customer, &records).await?;
        }
        Ok(RoutingWrite { tx, log, customer, draft: draft.map(|d| d.id) })
    }

    /// Whether the save goes into a draft.
    pub fn in_draft(&self) -> bool {
        self.draft.is_some()
    }

    /// Records a change of `key` (in the history, or for the draft).
    pub async fn record(
        &mut self,
        key: RecordKey,
        before: Option<RoutingRecord>,
        after: Option<RoutingRecord>,
    ) -> Result<(), AppError> {
        self.log.record(&mut self.tx, key, before, after).await?;
        Ok(())
    }

    /// Makes the save live, or (into a draft) rolls its transaction back and puts the records
    /// it changed in the draft.
    pub async fn commit(self, state: &AppState) -> Result<(), AppError> {
        let Some(draft) = self.draft else {
            self.tx.commit().await?;
            return Ok(());
        };
        self.tx.rollback().await?;
        let (author, changes) = self.log.into_drafted();
        let mut tx = crate::db::begin_write(&state.db).await?;
        match routing_drafts::open_draft(&mut tx, self.customer).await? {
            Some(open) if open.id == draft => {}
            _ => {
                return Err(AppError::field(
                    "draft",
                    "The draft was published or discarded while you were saving: nothing was saved. Please try again.",
                ))
            }
        }
        let held = routing_drafts::records(&mut tx, draft).await?;
        let now = state.clock.now();
        for (key, before, after) in changes {
            if before.is_none() && after.is_some() {
                reserve_id(state, &mut tx, key).await?;
            }
            let record = held.iter().find(|r| r.key == key);
            match join_draft(record, key, before, after, author.user_id, &author.user_name) {
                DraftChange::Put(record) => routing_drafts::put_record(&mut tx, draft, &record, now).await?,
                DraftChange::Remove(key) => routing_drafts::remove_record(&mut tx, draft, key).await?,
                DraftChange::Nothing => {}
            }
        }
        if routing_drafts::record_count(&mut tx, draft).await? > MAX_DRAFT_RECORDS as i64 {
            return Err(AppError::field("draft", DRAFT_FULL));
        }
        tx.commit().await?;
        Ok(())
    }
}

impl Deref for RoutingWrite {
    type Target = Transaction<'static, Any>;
    fn deref(&self) -> &Self::Target {
        &self.tx
    }
}

impl DerefMut for RoutingWrite {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.tx
    }
}

/// A save of one routing record, recorded in the history (or, into an open draft, kept for
/// it): begun as a transaction that has read the record's state before, committed with the
/// change recorded.
pub struct RecordedWrite {
    pub write: RoutingWrite,
    kind: RecordKind,
    customer: CustomerId,
    before: Option<RoutingRecord>,
}

impl RecordedWrite {
    /// Begins a save of the customer's record `id` of `kind` (0: a new one) by `user`.
    pub async fn begin<'a>(
        state: &AppState,
        user: impl Into<Editor<'a>>,
        kind: RecordKind,
        id: i64,
    ) -> Result<Self, AppError> {
        let user = user.into();
        let customer = user.customer();
        let mut write = RoutingWrite::begin(state, user, kind).await?;
        let before = if id > 0 {
            crate::store::routing_history::load(&mut write.tx, customer, RecordKey { kind, id }).await?
        } else {
            None
        };
        Ok(RecordedWrite { write, kind, customer, before })
    }

    /// Records the change to the record `id` (the new one's id for a creation) and commits.
    pub async fn commit(mut self, state: &AppState, id: i64) -> Result<(), AppError> {
        let key = RecordKey { kind: self.kind, id };
        let after = crate::store::routing_history::load(&mut self.write.tx, self.customer, key).await?;
        self.write.record(key, self.before, after).await?;
        self.write.commit(state).await
    }
}

/// The table a drafted record of `kind` is created in.
fn table(kind: RecordKind) -> Option<&'static str> {
    Some(match kind {
        RecordKind::ServicePlan => "service_plans",
        RecordKind::DestinationPlan => "destination_plans",
        RecordKind::Ivr => "ivrs",
        RecordKind::Queue => "queues",
        RecordKind::DestinationNumber => "destination_numbers",
        RecordKind::Voicemail => "voicemails",
        RecordKind::InCallAttribution => "in_call_attributions",
        RecordKind::DtmfPlan => "dtmf_plans",
        RecordKind::DtmfIvr => "dtmf_ivrs",
        RecordKind::DynamicWhisper => "dynamic_whispers",
        _ => return None,
    })
}

/// A record the draft creates keeps the id its save was given, which nothing else may take:
/// PostgreSQL's sequences never go back, but SQLite's AUTOINCREMENT counter went back with the
/// save's rolled-back transaction, so it is moved on past the id.
async fn reserve_id(state: &AppState, tx: &mut Transaction<'static, Any>, key: RecordKey) -> Result<(), AppError> {
    let (Backend::Sqlite, Some(table)) = (Backend::of(&state.db), table(key.kind)) else { return Ok(()) };
    sqlx::query("UPDATE sqlite_sequence SET seq = $1 WHERE name = $2 AND seq < $1")
        .bind(key.id)
        .bind(table)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Lays the draft's records over live routing in `tx`: each record written as the draft holds
/// it, each after those it points at. A record live routing no longer allows (what it points at
/// was removed live) is left as it is live: publishing refuses it then, in words, as its write
/// fails the same way there.
pub async fn lay_over(
    now: i64,
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    records: &[DraftRecord],
) -> Result<(), AppError> {
    let states: Vec<RecordState> = records.iter().map(|r| RecordState { key: r.key, state: r.state.clone() }).collect();
    rollback::apply_all(now, tx, customer, &states).await?;
    Ok(())
}

/// An IVR past the plan's credits is bought: that is done on live routing.
pub const IVR_BOUGHT_LIVE: &str =
    "A new IVR past your plan's IVR credits is bought, which a draft cannot do: publish or discard the draft first.";

/// The handlers' futures must be Send: a change that breaks it fails here, naming the call.
#[allow(dead_code)]
fn futures_are_send(state: &AppState, user: Editor<'_>, customer: CustomerId) {
    fn send<T: Send>(_: T) {}
    send(RoutingWrite::begin(state, user, RecordKind::Ivr));
    send(RoutingRead::open(state, customer));
}
