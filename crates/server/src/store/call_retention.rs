//! Retention of the reports' records: calls older than the retention go with their
//! recordings, and call-backs pointing at them are unlinked; visits that never called go after
//! 72 hours, and a called visit once it is older than the retention and no call is left from it.
//! Call-to-action clicks go with the calls' retention. Invoices are stored, so no invoice changes when its calls go.

use sqlx::AnyPool;

/// How many rows one purge removed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Purged {
    pub calls: u64,
    pub recordings: u64,
    pub visits: u64,
}

impl Purged {
    pub fn total(&self) -> u64 {
        self.calls + self.recordings + self.visits
    }
}

/// Purges, in one transaction, the calls that started before `call_cutoff` (their recordings,
/// and the links of calls calling them back), the visits that never called started before
/// `visit_cutoff`, and older visits whose calls are all gone.
pub async fn purge(db: &AnyPool, call_cutoff: i64, visit_cutoff: i64) -> sqlx::Result<Purged> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query(
        "UPDATE calls SET callback_of = NULL
         WHERE callback_of IN (SELECT id FROM calls WHERE started_at < $1)",
    )
    .bind(call_cutoff)
    .execute(&mut *tx)
    .await?;
    let recordings =
        sqlx::query("DELETE FROM call_recordings WHERE call_id IN (SELECT id FROM calls WHERE started_at < $1)")
            .bind(call_cutoff)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    let calls = sqlx::query("DELETE FROM calls WHERE started_at < $1")
        .bind(call_cutoff)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    // Call-to-action clicks go with the calls they could have led to.
    sqlx::query("DELETE FROM cta_clicks WHERE clicked_at < $1").bind(call_cutoff).execute(&mut *tx).await?;
    let mut visits = sqlx::query("DELETE FROM visits WHERE called = 0 AND started_at < $1")
        .bind(visit_cutoff)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    visits += sqlx::query(
        "DELETE FROM visits WHERE started_at < $1
           AND NOT EXISTS (SELECT 1 FROM calls WHERE calls.visit_id = visits.id)",
    )
    .bind(call_cutoff)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    Ok(Purged { calls, recordings, visits })
}
