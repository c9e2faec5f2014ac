//! The demo's website visits beyond those that called: for the stored window of
//! visits that never call (the last 72 hours), every pool's visitors hour by hour, with a daily
//! rhythm and a few busy hours in which a pool of five runs dry. Each visit is given its number
//! by the domain's `assign_numbers` (a number held for one visitor for the session time, shared
//! when none is free), the visits that called included, so the pool's page has real figures.
//! And the parameters of every visit's landing URL, as the tracking captures them.

use crate::store::CustomerId;
use domain::services::parameters::landing_parameters;
use domain::services::pool_health::{assign_numbers, HEALTH_WINDOW_SECONDS, SESSION_MINUTES};
use sqlx::{Any, AnyPool, Transaction};

use super::calls::{self, placeholders, Dice};
use crate::db::{Backend, Flag};

const HOUR: i64 = 60 * 60;
/// Rows per INSERT.
const BATCH: usize = 60;

/// Visitors in a clock hour of the day (UTC: the demo's customers are in the UK, on GMT in the
/// window of the test clock), before the busy hours.
fn visitors_at(dice: &mut Dice, hour_of_day: i64) -> i64 {
    match hour_of_day {
        0..=6 => dice.roll(2),
        7..=8 | 22..=23 => 1 + dice.roll(3),
        9..=17 => 3 + dice.roll(6),
        _ => 2 + dice.roll(5),
    }
}

struct NewVisit {
    id: i64,
    visit: calls::Visit,
    exhausted: bool,
}

/// A pool's visits in the window: the new ones, and the called ones given their number again.
async fn pool(
    tx: &mut Transaction<'_, Any>,
    dice: &mut Dice,
    customer: &calls::Customer,
    entry: &calls::Entry,
    busy: bool,
    now: i64,
    next_id: &mut i64,
) -> sqlx::Result<Vec<NewVisit>> {
    let from = now - HEALTH_WINDOW_SECONDS;
    let called: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT id, started_at FROM visits WHERE routing_entry_id = $1 AND called = 1 AND started_at >= $2 AND started_at < $3
         ORDER BY started_at, id",
    )
    .bind(entry.id)
    .bind(from)
    .bind(now)
    .fetch_all(&mut **tx)
    .await?;
    // A busy pool's rush hours: around its first calls in the window, and every lunchtime.
    let mut rush: Vec<i64> = called.iter().take(3).map(|(_, at)| at - at.rem_euclid(HOUR)).collect();
    let first_hour = from - from.rem_euclid(HOUR) + HOUR;
    rush.extend((first_hour..now).step_by(HOUR as usize).filter(|h| h.rem_euclid(24 * HOUR) == 12 * HOUR));
    let mut new = Vec::new();
    for hour in (first_hour..now - HOUR + 1).step_by(HOUR as usize) {
        let mut count = visitors_at(dice, hour.rem_euclid(24 * HOUR) / HOUR);
        if busy && rush.contains(&hour) {
            count += 25 + dice.roll(16);
        }
        for _ in 0..count {
            let at = hour + dice.roll(HOUR);
            let mut visit = calls::visit(dice, customer, entry, 0, at + 60);
            visit.started_at = at;
            new.push(NewVisit { id: 0, visit, exhausted: false });
        }
    }
    new.sort_by_key(|v| v.visit.started_at);
    for v in &mut new {
        v.id = *next_id;
        v.visit.id = *next_id;
        *next_id += 1;
    }
    super::visitors::give_visitor_ids(new.iter_mut().map(|v| &mut v.visit), &customer.rules);
    // Every visit of the window in time order, then the domain hands out the numbers.
    let mut order: Vec<(i64, Option<usize>, i64)> = called.iter().map(|(id, at)| (*at, None, *id)).collect();
    order.extend(new.iter().enumerate().map(|(i, v)| (v.visit.started_at, Some(i), v.id)));
    order.sort_by_key(|(at, _, id)| (*at, *id));
    let starts: Vec<i64> = order.iter().map(|(at, _, _)| *at).collect();
    let assigned = assign_numbers(entry.pool_numbers.len(), &starts, i64::from(SESSION_MINUTES) * 60);
    for ((_, slot, id), a) in order.iter().zip(assigned) {
        let number = &entry.pool_numbers[a.number];
        match slot {
            Some(i) => {
                new[*i].visit.number_shown = number.clone();
                new[*i].exhausted = !a.own;
            }
            None => {
                sqlx::query("UPDATE visits SET number_shown = $1, pool_exhausted = $2 WHERE id = $3")
                    .bind(number.as_str())
                    .bind(Flag(!a.own))
                    .bind(id)
                    .execute(&mut **tx)
                    .await?;
                sqlx::query("UPDATE calls SET tracked_number = $1 WHERE visit_id = $2")
                    .bind(number.as_str())
                    .bind(id)
                    .execute(&mut **tx)
                    .await?;
            }
        }
    }
    Ok(new)
}

async fn insert(tx: &mut Transaction<'_, Any>, customer_id: CustomerId, visits: &[NewVisit]) -> sqlx::Result<()> {
    for chunk in visits.chunks(BATCH) {
        let sql = format!(
            "INSERT INTO visits (id, customer_id, routing_entry_id, number_shown, source_medium_id, landing_page,
                 referrer, keyword, click_id, started_at, called, pool_exhausted, visitor_id, last_seen_at) VALUES {}",
            placeholders(chunk.len(), 14)
        );
        let mut query = sqlx::query(&sql);
        for v in chunk {
            let visit = &v.visit;
            query = query
                .bind(v.id)
                .bind(customer_id)
                .bind(visit.entry_id)
                .bind(visit.number_shown.as_str())
                .bind(visit.source_medium_id)
                .bind(visit.landing_page.as_str())
                .bind(visit.referrer.as_str())
                .bind(visit.keyword.as_str())
                .bind(visit.click_id.as_str())
                .bind(visit.started_at)
                .bind(Flag(false))
                .bind(Flag(v.exhausted))
                .bind(visit.visitor_id.as_str())
                .bind(visit.started_at);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// The parameters of every stored visit's landing URL.
async fn capture_parameters(tx: &mut Transaction<'_, Any>) -> sqlx::Result<()> {
    let visits: Vec<(i64, i64, String)> =
        sqlx::query_as("SELECT id, customer_id, landing_page FROM visits WHERE landing_page LIKE '%?%' ORDER BY id")
            .fetch_all(&mut **tx)
            .await?;
    let rows: Vec<(i64, i64, String, String)> = visits
        .into_iter()
        .flat_map(|(id, customer, url)| {
            landing_parameters(&url).into_iter().map(move |(name, value)| (id, customer, name, value))
        })
        .collect();
    for chunk in rows.chunks(BATCH) {
        let sql = format!(
            "INSERT INTO visit_parameters (visit_id, customer_id, name, value) VALUES {}",
            placeholders(chunk.len(), 4)
        );
        let mut query = sqlx::query(&sql);
        for (visit, customer, name, value) in chunk {
            query = query.bind(visit).bind(customer).bind(name.as_str()).bind(value.as_str());
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// Seeds the visits that did not call once, after the calls: nothing when any is stored.
pub async fn seed(db: &AnyPool, now: i64) -> sqlx::Result<()> {
    let pools: Vec<(CustomerId, i64)> =
        sqlx::query_as("SELECT customer_id, id FROM routing_entries WHERE kind = 'dynamic' ORDER BY customer_id, id")
            .fetch_all(db)
            .await?;
    let mut customers: Vec<calls::Customer> = Vec::new();
    for (customer, _) in &pools {
        if customers.last().is_none_or(|c| c.id != *customer) {
            customers.push(calls::customer(db, *customer).await?);
        }
    }
    let mut tx = db.begin().await?;
    let backend = Backend::of_connection(&tx);
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(super::SEED_LOCK).execute(&mut *tx).await?;
    }
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM visits WHERE called = 0").fetch_one(&mut *tx).await?;
    if stored > 0 {
        return Ok(());
    }
    let mut next_id: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM visits").fetch_one(&mut *tx).await?;
    for customer in &mut customers {
        // The account's rules credit these visits as they do the calling ones.
        calls::ensure_rules(&mut tx, customer, now).await?;
    }
    for customer in &customers {
        let mut dice = Dice(0x9e37_79b9_7f4a_7c15 ^ customer.id.get() as u64);
        let pools: Vec<&calls::Entry> =
            customer.entries.iter().filter(|e| e.dynamic && !e.pool_numbers.is_empty()).collect();
        for (i, entry) in pools.iter().enumerate() {
            // The first pool of each website is the one too small for its rush hours.
            let new = pool(&mut tx, &mut dice, customer, entry, i == 0, now, &mut next_id).await?;
            insert(&mut tx, customer.id, &new).await?;
        }
    }
    capture_parameters(&mut tx).await?;
    if backend == Backend::Postgres {
        super::continue_identities(&mut tx).await?;
    }
    tx.commit().await
}
