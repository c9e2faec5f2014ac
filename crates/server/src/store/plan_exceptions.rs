//! A service plan's dated exceptions as stored (`service_plan_exceptions`, in the plan's order).
//! The plan's owner is checked by the callers.

use domain::routing::plan_exceptions::PlanException;
use domain::routing::RowType;
use sqlx::{Any, AnyConnection, Transaction};

#[derive(sqlx::FromRow)]
struct Row {
    plan_id: i64,
    from_date: String,
    to_date: String,
    description: String,
    plan_type: String,
    destination_plan_id: Option<i64>,
    ivr_id: Option<i64>,
    from_time: String,
    to_time: String,
}

impl Row {
    fn exception(self) -> PlanException {
        let plan_type = RowType::parse(&self.plan_type).unwrap_or_default();
        PlanException {
            from: self.from_date,
            to: self.to_date,
            description: self.description,
            plan_type,
            routing: self.destination_plan_id.unwrap_or(0),
            ivr: self.ivr_id.unwrap_or(0),
            from_time: self.from_time,
            to_time: self.to_time,
        }
    }
}

const SELECT: &str = "SELECT plan_id, from_date, to_date, description, plan_type, destination_plan_id, ivr_id,
     from_time, to_time FROM service_plan_exceptions";

/// One plan's exceptions.
pub async fn of_plan(conn: &mut AnyConnection, plan_id: i64) -> sqlx::Result<Vec<PlanException>> {
    let rows: Vec<Row> = sqlx::query_as(&format!("{SELECT} WHERE plan_id = $1 ORDER BY position"))
        .bind(plan_id)
        .fetch_all(&mut *conn)
        .await?;
    Ok(rows.into_iter().map(Row::exception).collect())
}

/// Every exception of the customer's plans, as (plan id, exception), in each plan's order.
pub async fn of_customer(
    conn: &mut AnyConnection,
    customer_id: crate::store::CustomerId,
) -> sqlx::Result<Vec<(i64, PlanException)>> {
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "{SELECT} WHERE plan_id IN (SELECT id FROM service_plans WHERE customer_id = $1) ORDER BY plan_id, position"
    ))
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.plan_id, r.exception())).collect())
}

/// Replaces a plan's exceptions.
pub async fn replace(tx: &mut Transaction<'_, Any>, plan_id: i64, exceptions: &[PlanException]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM service_plan_exceptions WHERE plan_id = $1").bind(plan_id).execute(&mut **tx).await?;
    for (position, e) in exceptions.iter().enumerate() {
        let (routing, ivr) = match e.plan_type {
            RowType::Routing => (Some(e.routing), None),
            RowType::Ivr => (None, Some(e.ivr)),
        };
        sqlx::query(
            "INSERT INTO service_plan_exceptions (plan_id, position, from_date, to_date, description, plan_type,
             destination_plan_id, ivr_id, from_time, to_time) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(plan_id)
        .bind(position as i64)
        .bind(e.from.trim())
        .bind(e.to.trim())
        .bind(e.description.trim())
        .bind(e.plan_type.as_str())
        .bind(routing)
        .bind(ivr)
        .bind(e.from_time.trim())
        .bind(e.to_time.trim())
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
