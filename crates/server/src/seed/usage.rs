//! Plan and usage: what each plan includes. The calls usage is counted from are
//! `seed::calls`.

use domain::purchase::plan_includes;
use domain::Plan;
use sqlx::{Any, Transaction};

pub async fn seed(tx: &mut Transaction<'_, Any>) -> Result<(), sqlx::Error> {
    // The table mirrors the domain's plan_includes, which every page reads.
    for plan in [Plan::Starter, Plan::Professional, Plan::Enterprise, Plan::Legacy] {
        let includes = plan_includes(plan);
        sqlx::query(
            "INSERT INTO plan_allowances (plan, static_numbers, pools, inclusive_minutes, free_recording_days)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(plan.name())
        .bind(includes.static_numbers)
        .bind(includes.pools)
        .bind(includes.inclusive_minutes)
        .bind(includes.free_recording_days)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
