//! The demo's visitors: every visit carries the id the tracking script keeps in the
//! visitor's browser, and some visitors come back. A returning visit is one of the same source /
//! medium while the visitor's first touch still holds (domain `sources::first_touch_holds`), so
//! the stored visits agree with the first-touch rule they would have been classified by. Then
//! each visitor's first touch is stored, as the live tracking keeps it.

use std::collections::HashMap;

use domain::sources::{first_touch_holds, FirstTouch, Ruleset, FIRST_TOUCH_DAYS};
use sqlx::{Any, AnyPool};

use super::call_rows::Visit;

/// One visit in this many comes back as an earlier visitor (when one of its pair may).
const RETURNING_EVERY: i64 = 4;

/// Gives visits (of one customer, oldest first) their visitor ids.
pub(super) fn give_visitor_ids<'a>(visits: impl IntoIterator<Item = &'a mut Visit>, rules: &Ruleset) {
    // Per pair: the latest visitor and their first touch.
    let mut latest: HashMap<i64, (String, FirstTouch)> = HashMap::new();
    for visit in visits {
        let Some(pair) = visit.source_medium_id else {
            visit.visitor_id = format!("demo-visitor-{:010}", visit.id);
            continue;
        };
        let returning = latest
            .get(&pair)
            .filter(|(_, first)| visit.id % RETURNING_EVERY == 0 && first_touch_holds(first, visit.started_at, rules));
        match returning {
            Some((id, _)) => visit.visitor_id = id.clone(),
            None => {
                visit.visitor_id = format!("demo-visitor-{:010}", visit.id);
                let first = FirstTouch { source_medium_id: pair, started_at: visit.started_at };
                latest.insert(pair, (visit.visitor_id.clone(), first));
            }
        }
    }
}

/// Stores the first touch of every visitor first seen in the last 30 days (older ones no longer
/// hold, and the housekeeping would purge them).
pub(super) async fn store_first_touches(db: &AnyPool, now: i64) -> sqlx::Result<()> {
    let mut tx: sqlx::Transaction<'_, Any> = db.begin().await?;
    sqlx::query(
        "INSERT INTO visitors (customer_id, visitor_id, first_source_medium_id, first_seen_at)
         SELECT customer_id, visitor_id, MIN(source_medium_id), MIN(started_at) FROM visits
         WHERE visitor_id <> '' AND source_medium_id IS NOT NULL
         GROUP BY customer_id, visitor_id HAVING MIN(started_at) > $1",
    )
    .bind(now - FIRST_TOUCH_DAYS * 24 * 60 * 60)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}
