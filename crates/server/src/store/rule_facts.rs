//! A call's facts as the automatic tag rules and the lead scoring rules read them, in batches
//! of inbound calls since a moment or for one call. Both kinds of rule read the same columns,
//! so they read them here once.

use domain::reports::CallOutcome;
use domain::tags::TagFacts;
use sqlx::{AnyPool, FromRow};

use crate::store::CustomerId;

/// Calls read a statement at a time.
pub const BATCH: usize = 500;

const COLUMNS: &str =
    "SELECT c.id, c.credit_source_id AS source_medium_id, c.campaign_id, c.talk_seconds, c.keys_pressed,
            c.first_time, c.outcome
     FROM calls c WHERE c.customer_id = $1 AND c.direction = 'inbound'";

#[derive(FromRow)]
struct FactColumns {
    id: i64,
    source_medium_id: Option<i64>,
    campaign_id: Option<i64>,
    talk_seconds: i64,
    keys_pressed: String,
    first_time: i64,
    outcome: String,
}

impl FactColumns {
    fn into_facts(self) -> (i64, TagFacts) {
        let facts = TagFacts {
            source_medium_id: self.source_medium_id,
            campaign_id: self.campaign_id,
            talk_seconds: self.talk_seconds,
            keys_pressed: self.keys_pressed,
            first_time: self.first_time != 0,
            outcome: CallOutcome::from_key(&self.outcome),
        };
        (self.id, facts)
    }
}

/// The next batch of the customer's inbound calls started at or after `since` with ids above
/// `after`, by id: (call id, facts). Empty when none are left.
pub async fn batch_since(
    db: &AnyPool,
    customer: CustomerId,
    since: i64,
    after: i64,
) -> sqlx::Result<Vec<(i64, TagFacts)>> {
    let rows: Vec<FactColumns> =
        sqlx::query_as(&format!("{COLUMNS} AND c.started_at >= $2 AND c.id > $3 ORDER BY c.id LIMIT {BATCH}"))
            .bind(customer)
            .bind(since)
            .bind(after)
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(FactColumns::into_facts).collect())
}

/// One inbound call of the customer's (None: not theirs, or not inbound).
pub async fn of_call(db: &AnyPool, customer: CustomerId, call: i64) -> sqlx::Result<Option<TagFacts>> {
    let row: Option<FactColumns> =
        sqlx::query_as(&format!("{COLUMNS} AND c.id = $2")).bind(customer).bind(call).fetch_optional(db).await?;
    Ok(row.map(|r| r.into_facts().1))
}
