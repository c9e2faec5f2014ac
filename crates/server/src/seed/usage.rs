//! Plan and usage: what each plan includes. The calls usage is counted from are
//! `seed::calls`.

use sqlx::{Any, Transaction};

/// (plan, static numbers, pools, inclusive minutes a month, free recording days)
const ALLOWANCES: &[(&str, i64, i64, i64, i64)] = &[
    ("Starter", 10, 0, 300, 30),
    ("Professional", 350, 15, 1_000, 30),
    ("Enterprise", 1_000, 50, 5_000, 90),
    ("Legacy", 25, 0, 0, 30),
];

pub async fn seed(tx: &mut Transaction<'_, Any>) -> Result<(), sqlx::Error> {
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
    Ok(())
}
