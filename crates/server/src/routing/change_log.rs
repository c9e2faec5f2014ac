//! The routing change log: every write to a routing record, from any entry point (a routing
//! screen, a purchase form, a rollback), records what changed in the write's own transaction,
//! explained in plain words by the domain.

use crate::store::CustomerId;
use domain::routing::history::{explain_change, Names, RecordKey, RecordKind, RoutingRecord};
use domain::AccountState;
use sqlx::{Any, Transaction};

use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::routing_history::{self as store, Author, Source};

/// Who makes a change from a screen: the signed-in user of the routing pages or of another
/// area (the purchase forms create service plans too).
pub struct Editor<'a> {
    pub user_id: i64,
    pub account: &'a AccountState,
}

impl Editor<'_> {
    /// The account whose routing is changed.
    pub fn customer(&self) -> CustomerId {
        CustomerId::new(self.account.customer_id)
    }
}

/// The changes one save makes to many records (a connect of many rows): one author, and the
/// names the explanations quote read once.
pub struct ChangeLog {
    author: Author,
    names: Option<Names>,
    /// The change a rollback undoes.
    rolls_back: Option<i64>,
    /// A save into a draft: its changes, kept for the draft instead of the history.
    drafted: Option<Vec<DraftedChange>>,
}

/// A change a save into a draft made: the record, before and after.
pub type DraftedChange = (RecordKey, Option<RoutingRecord>, Option<RoutingRecord>);

impl ChangeLog {
    pub fn new<'a>(state: &AppState, user: impl Into<Editor<'a>>) -> ChangeLog {
        ChangeLog {
            author: author_of(state, user.into(), Source::Screen),
            names: None,
            rolls_back: None,
            drafted: None,
        }
    }

    /// The changes a save into a draft makes: kept for the draft (`into_drafted`), not recorded.
    pub fn drafting<'a>(state: &AppState, user: impl Into<Editor<'a>>) -> ChangeLog {
        ChangeLog { drafted: Some(vec![]), ..ChangeLog::new(state, user) }
    }

    /// The changes publishing draft `draft` makes: one entry in the history.
    pub fn publishing<'a>(state: &AppState, user: impl Into<Editor<'a>>, draft: i64) -> ChangeLog {
        let mut log = ChangeLog::new(state, user);
        log.author.published_draft = Some(draft);
        log
    }

    /// The changes a scheduled step of draft `draft` makes, in the name of who scheduled it
    /// (`user_id`, `user_name`): its publish, or (`rolls_back`: the publish's first change)
    /// its return to normal.
    pub fn scheduled(
        state: &AppState,
        customer: CustomerId,
        (user_id, user_name): (i64, &str),
        draft: i64,
        rolls_back: Option<i64>,
    ) -> ChangeLog {
        let author = Author {
            customer_id: customer,
            user_id,
            user_name: format!("{user_name} (scheduled)"),
            source: if rolls_back.is_some() { Source::Rollback } else { Source::Screen },
            at: state.clock.now(),
            published_draft: rolls_back.is_none().then_some(draft),
        };
        ChangeLog { author, names: None, rolls_back, drafted: None }
    }

    /// Who saved, and the changes a save into a draft made, in order.
    pub fn into_drafted(self) -> (Author, Vec<DraftedChange>) {
        (self.author, self.drafted.unwrap_or_default())
    }

    /// The changes a rollback of change `rolled_back` makes, by `user`.
    pub fn rolling_back<'a>(state: &AppState, user: impl Into<Editor<'a>>, rolled_back: i64) -> ChangeLog {
        ChangeLog {
            author: author_of(state, user.into(), Source::Rollback),
            names: None,
            rolls_back: Some(rolled_back),
            drafted: None,
        }
    }

    /// The names an explanation quotes are read again for the next record (an earlier write may
    /// have renamed what it quotes).
    pub fn forget_names(&mut self) {
        self.names = None;
    }

    /// As `record_change`.
    pub async fn record(
        &mut self,
        tx: &mut Transaction<'_, Any>,
        key: RecordKey,
        before: Option<RoutingRecord>,
        after: Option<RoutingRecord>,
    ) -> Result<Option<i64>, AppError> {
        if before == after {
            return Ok(None);
        }
        if let Some(drafted) = &mut self.drafted {
            drafted.push((key, before, after));
            return Ok(None);
        }
        let names = match &mut self.names {
            Some(names) => names,
            empty => empty.insert(store::names(tx, self.author.customer_id).await?),
        };
        let summary = explain_change(before.as_ref(), after.as_ref(), names);
        Ok(store::record(tx, &self.author, key, before.as_ref(), after.as_ref(), &summary, self.rolls_back).await?)
    }

    /// Records a number or pool that a purchase created, outside the routing screens: its
    /// routing from nothing to what `tx` now holds. Call it after the insert, in its transaction.
    pub async fn record_new_entry(&mut self, tx: &mut Transaction<'_, Any>, id: i64) -> Result<(), AppError> {
        let after = store::connect(tx, self.author.customer_id, id).await?;
        self.record(tx, RecordKey { kind: RecordKind::Connect, id }, None, after).await?;
        Ok(())
    }
}

fn author_of(state: &AppState, editor: Editor<'_>, source: Source) -> Author {
    let account = editor.account;
    Author {
        customer_id: CustomerId::new(account.customer_id),
        user_id: editor.user_id,
        user_name: account.user_name(),
        source,
        at: state.clock.now(),
        published_draft: None,
    }
}
