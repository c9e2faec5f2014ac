//! Plan and usage (issue 13): what each plan includes, and about 90 days of calls for every
//! customer with tracked numbers, so the usage page's figures are counted, not typed in. The
//! calls are generated from a fixed seed per customer: the same demo gives the same calls.

use domain::purchase::usage::{billable_minutes, call_cost};
use sqlx::{Any, Transaction};

use crate::db::Flag;

/// (plan, static numbers, pools, inclusive minutes a month, free recording days)
const ALLOWANCES: &[(&str, i64, i64, i64, i64)] = &[
    ("Starter", 10, 0, 300, 30),
    ("Professional", 350, 15, 1_000, 30),
    ("Enterprise", 1_000, 50, 5_000, 90),
    ("Legacy", 25, 0, 0, 30),
];

const DAYS: i64 = 90;
const DAY: i64 = 24 * 60 * 60;
/// Rows per INSERT: a handful of statements instead of thousands of round trips.
const BATCH: usize = 100;

/// A small deterministic generator (xorshift64*).
struct Dice(u64);

impl Dice {
    fn roll(&mut self, below: i64) -> i64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as i64 % below.max(1)
    }
}

struct Call {
    customer_id: i64,
    entry_id: Option<i64>,
    user_id: Option<i64>,
    direction: &'static str,
    rate_item: &'static str,
    started_at: i64,
    duration: i64,
    recorded: bool,
    /// The IVR keys the caller pressed, in order ('' for none).
    keys: &'static str,
}

/// The keys an inbound demo call pressed: none for a quarter of them, else 1, 2 or 3, from the
/// call's own time and length (the dice are not rolled, so the demo's other figures stay).
fn keys_of(started_at: i64, duration: i64) -> &'static str {
    ["", "1", "2", "3"][(started_at + duration).rem_euclid(4) as usize]
}

/// (entry id, number, call recording) of each tracked number and pool of a customer.
type Entry = (i64, String, bool);

fn freephone(number: &str) -> bool {
    number.starts_with("0800") || number.starts_with("44800")
}

fn calls_for(customer_id: i64, entries: &[Entry], agents: &[i64], rates: &[(String, i64)], now: i64) -> Vec<Call> {
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15 ^ customer_id as u64);
    let mut calls = Vec::new();
    let has_rate = |item: &str| rates.iter().any(|(i, _)| i == item);
    for day in 1..=DAYS {
        let midnight = now - now.rem_euclid(DAY) - day * DAY;
        let weekend = (midnight / DAY + 4).rem_euclid(7) >= 5; // 1970-01-01 was a Thursday
        let inbound = if weekend { 1 + dice.roll(3) } else { 4 + dice.roll(6) };
        for _ in 0..inbound {
            let (entry_id, number, recording) = &entries[dice.roll(entries.len() as i64) as usize];
            let mobile = dice.roll(5) == 0;
            calls.push(Call {
                customer_id,
                entry_id: Some(*entry_id),
                user_id: None,
                direction: "inbound",
                rate_item: match (freephone(number), mobile && has_rate("forwarded_mobile")) {
                    (true, _) => "inbound_freephone",
                    (false, true) => "forwarded_mobile",
                    (false, false) => "inbound_geographic",
                },
                started_at: midnight + 8 * 3600 + dice.roll(10 * 3600),
                duration: 15 + dice.roll(600),
                recorded: *recording,
                keys: "",
            });
            let call = calls.last_mut().expect("just pushed");
            call.keys = keys_of(call.started_at, call.duration);
        }
        for agent in agents {
            if weekend {
                continue;
            }
            for _ in 0..dice.roll(4) {
                calls.push(Call {
                    customer_id,
                    entry_id: None,
                    user_id: Some(*agent),
                    direction: "outbound",
                    rate_item: if dice.roll(3) == 0 { "outbound_mobile" } else { "outbound_landline" },
                    started_at: midnight + 9 * 3600 + dice.roll(8 * 3600),
                    duration: 30 + dice.roll(420),
                    recorded: false,
                    keys: "",
                });
            }
        }
    }
    calls
}

async fn insert(tx: &mut Transaction<'_, Any>, calls: &[Call], rates: &[(String, i64)]) -> Result<(), sqlx::Error> {
    for chunk in calls.chunks(BATCH) {
        let rows: Vec<String> = (0..chunk.len())
            .map(|i| {
                let p = i * 11;
                format!(
                    "(${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${})",
                    p + 1,
                    p + 2,
                    p + 3,
                    p + 4,
                    p + 5,
                    p + 6,
                    p + 7,
                    p + 8,
                    p + 9,
                    p + 10,
                    p + 11
                )
            })
            .collect();
        let sql = format!(
            "INSERT INTO calls (customer_id, routing_entry_id, user_id, direction, rate_item, started_at,
                 duration_seconds, minutes, cost_tenth_pence, recorded, keys_pressed) VALUES {}",
            rows.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for call in chunk {
            let rate = rates.iter().find(|(item, _)| item == call.rate_item).map_or(0, |(_, r)| *r);
            query = query
                .bind(call.customer_id)
                .bind(call.entry_id)
                .bind(call.user_id)
                .bind(call.direction)
                .bind(call.rate_item)
                .bind(call.started_at)
                .bind(call.duration)
                .bind(billable_minutes(call.duration))
                .bind(call_cost(call.duration, rate))
                .bind(Flag(call.recorded))
                .bind(call.keys);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

pub async fn seed(tx: &mut Transaction<'_, Any>, now: i64) -> Result<(), sqlx::Error> {
    for (plan, statics, pools, minutes, free_days) in ALLOWANCES {
        sqlx::query(
            "INSERT INTO plan_allowances (plan, static_numbers, pools, inclusive_minutes, free_recording_days)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(plan)
        .bind(statics)
        .bind(pools)
        .bind(minutes)
        .bind(free_days)
        .execute(&mut **tx)
        .await?;
    }
    let rates: Vec<(String, i64)> =
        sqlx::query_as("SELECT item, price_tenth_pence FROM usage_rates WHERE plan = ''").fetch_all(&mut **tx).await?;
    let customers: Vec<(i64,)> =
        sqlx::query_as("SELECT DISTINCT customer_id FROM routing_entries ORDER BY customer_id")
            .fetch_all(&mut **tx)
            .await?;
    for (customer_id,) in customers {
        let entries: Vec<(i64, String, i64)> =
            sqlx::query_as("SELECT id, number, call_recording FROM routing_entries WHERE customer_id = $1 ORDER BY id")
                .bind(customer_id)
                .fetch_all(&mut **tx)
                .await?;
        let entries: Vec<Entry> = entries.into_iter().map(|(id, n, r)| (id, n, r != 0)).collect();
        let agents: Vec<(i64,)> =
            sqlx::query_as("SELECT id FROM users WHERE home_customer_id = $1 AND has_new_outbound = 1 ORDER BY id")
                .bind(customer_id)
                .fetch_all(&mut **tx)
                .await?;
        let agents: Vec<i64> = agents.into_iter().map(|(id,)| id).collect();
        let calls = calls_for(customer_id, &entries, &agents, &rates, now);
        insert(tx, &calls, &rates).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_customer_gets_the_same_calls_and_weekdays_are_busier() {
        let entries = vec![(1, "01614960000".to_string(), true), (2, "08001234567".to_string(), false)];
        let rates = vec![("forwarded_mobile".to_string(), 60)];
        let now = 1_795_428_000;
        let a = calls_for(100, &entries, &[7], &rates, now);
        let b = calls_for(100, &entries, &[7], &rates, now);
        assert_eq!(a.len(), b.len());
        assert!(a.iter().zip(&b).all(|(x, y)| x.started_at == y.started_at && x.duration == y.duration));
        assert!(a.iter().all(|c| c.started_at < now && c.started_at >= now - (DAYS + 1) * DAY));
        assert!(a.iter().any(|c| c.rate_item == "inbound_freephone"));
        assert!(a.iter().any(|c| c.direction == "outbound" && c.user_id == Some(7)));
        assert!(a.len() as i64 > DAYS * 3, "about 90 days of calls");
    }
}
