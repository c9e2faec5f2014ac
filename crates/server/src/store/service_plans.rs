//! Service plans (time of day) and their rows, plus the ownership checks of what the rows
//! point at (destination plans, IVRs) and the IVR list. Every query is scoped by customer.

use crate::store::CustomerId;
use domain::routing::{RowType, TimeRow};
use sqlx::{Any, AnyConnection, FromRow, Transaction};

use super::routing_entries::all_owned;

/// One stored row: from (day 1-7, minute of the day) to (day, minute), inclusive.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PlanTime {
    pub from_day: i64,
    pub from_minute: i64,
    pub to_day: i64,
    pub to_minute: i64,
    /// 'routing' or 'ivr'.
    pub plan_type: String,
    pub destination_plan_id: Option<i64>,
    pub ivr_id: Option<i64>,
}

impl PlanTime {
    /// A validated row as stored: minutes of the day, and the one target of the row's type.
    pub fn from_row(row: &TimeRow) -> PlanTime {
        PlanTime {
            from_day: row.from_day,
            from_minute: row.from_hour * 60 + row.from_minute,
            to_day: row.to_day,
            to_minute: row.to_hour * 60 + row.to_minute,
            plan_type: row.plan_type.as_str().to_string(),
            destination_plan_id: (row.plan_type == RowType::Routing).then_some(row.routing),
            ivr_id: (row.plan_type == RowType::Ivr).then_some(row.ivr),
        }
    }

    /// A stored row as the form has it.
    pub fn to_row(&self) -> TimeRow {
        TimeRow {
            from_day: self.from_day,
            from_hour: self.from_minute / 60,
            from_minute: self.from_minute % 60,
            to_day: self.to_day,
            to_hour: self.to_minute / 60,
            to_minute: self.to_minute % 60,
            plan_type: RowType::parse(&self.plan_type).unwrap_or(RowType::Routing),
            routing: self.destination_plan_id.unwrap_or(0),
            ivr: self.ivr_id.unwrap_or(0),
        }
    }
}

/// The customer's plans (id, description) by description.
pub async fn list(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT id, description FROM service_plans WHERE customer_id = $1 ORDER BY LOWER(description), id")
        .bind(customer_id)
        .fetch_all(&mut *conn)
        .await
}

/// One of the customer's plans: its description.
pub async fn description(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<Option<String>> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT description FROM service_plans WHERE id = $1 AND customer_id = $2")
            .bind(id)
            .bind(customer_id)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(row.map(|(d,)| d))
}

/// A plan's rows in order. The plan's owner is checked by the caller.
pub async fn times(conn: &mut AnyConnection, plan_id: i64) -> sqlx::Result<Vec<PlanTime>> {
    sqlx::query_as(
        "SELECT from_day, from_minute, to_day, to_minute, plan_type, destination_plan_id, ivr_id
         FROM service_plan_times WHERE plan_id = $1 ORDER BY position",
    )
    .bind(plan_id)
    .fetch_all(&mut *conn)
    .await
}

/// Every plan of the customer with its rows in order, read at once (plans without rows left out).
pub async fn all_times(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<(i64, Vec<PlanTime>)>> {
    let rows: Vec<PlanTimeOf> = sqlx::query_as(
        "SELECT t.plan_id, t.from_day, t.from_minute, t.to_day, t.to_minute, t.plan_type, t.destination_plan_id, t.ivr_id
         FROM service_plan_times t JOIN service_plans p ON p.id = t.plan_id
         WHERE p.customer_id = $1 ORDER BY LOWER(p.description), p.id, t.position",
    )
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut plans: Vec<(i64, Vec<PlanTime>)> = vec![];
    for row in rows {
        match plans.last_mut() {
            Some((plan, times)) if *plan == row.plan_id => times.push(row.time),
            _ => plans.push((row.plan_id, vec![row.time])),
        }
    }
    Ok(plans)
}

#[derive(FromRow)]
struct PlanTimeOf {
    plan_id: i64,
    #[sqlx(flatten)]
    time: PlanTime,
}

/// The descriptions of the customer's plans other than `except` (0: all of them).
pub async fn other_descriptions(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    except: i64,
) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT description FROM service_plans WHERE customer_id = $1 AND id != $2")
            .bind(customer_id)
            .bind(except)
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows.into_iter().map(|(d,)| d).collect())
}

pub async fn insert(tx: &mut Transaction<'_, Any>, customer_id: CustomerId, description: &str) -> sqlx::Result<i64> {
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO service_plans (customer_id, description) VALUES ($1, $2) RETURNING id",
    )
    .bind(customer_id)
    .bind(description)
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

/// Puts back a plan that a rollback restores after its creation was undone: the same id.
pub async fn insert_with_id(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    id: i64,
    description: &str,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO service_plans (id, customer_id, description) VALUES ($1, $2, $3)")
        .bind(id)
        .bind(customer_id)
        .bind(description)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Removes a plan and its rows (a rollback of its creation; nothing may use it by then).
pub async fn delete(tx: &mut Transaction<'_, Any>, customer_id: CustomerId, id: i64) -> sqlx::Result<()> {
    let owned: Option<i64> = sqlx::query_scalar("SELECT id FROM service_plans WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer_id)
        .fetch_optional(&mut **tx)
        .await?;
    if owned.is_some() {
        sqlx::query("DELETE FROM service_plan_times WHERE plan_id = $1").bind(id).execute(&mut **tx).await?;
        sqlx::query("DELETE FROM service_plan_exceptions WHERE plan_id = $1").bind(id).execute(&mut **tx).await?;
        sqlx::query("DELETE FROM service_plans WHERE id = $1").bind(id).execute(&mut **tx).await?;
    }
    Ok(())
}

pub async fn update_description(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    id: i64,
    description: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE service_plans SET description = $1 WHERE id = $2 AND customer_id = $3")
        .bind(description)
        .bind(id)
        .bind(customer_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Replaces a plan's rows. The plan's owner is checked by the caller.
pub async fn replace_times(tx: &mut Transaction<'_, Any>, plan_id: i64, rows: &[PlanTime]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM service_plan_times WHERE plan_id = $1").bind(plan_id).execute(&mut **tx).await?;
    for (position, row) in rows.iter().enumerate() {
        sqlx::query(
            "INSERT INTO service_plan_times (plan_id, position, from_day, from_minute, to_day, to_minute, plan_type,
             destination_plan_id, ivr_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(plan_id)
        .bind(position as i64)
        .bind(row.from_day)
        .bind(row.from_minute)
        .bind(row.to_day)
        .bind(row.to_minute)
        .bind(&row.plan_type)
        .bind(row.destination_plan_id)
        .bind(row.ivr_id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Whether every id is one of the customer's destination plans.
pub async fn destination_plans_owned(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    ids: &[i64],
) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "destination_plans", "", customer_id, ids).await
}

/// Whether every id is one of the customer's IVRs.
pub async fn ivrs_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "ivrs", "", customer_id, ids).await
}

/// The customer's IVRs (id, description) by description.
pub async fn ivrs(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT id, description FROM ivrs WHERE customer_id = $1 ORDER BY LOWER(description), id")
        .bind(customer_id)
        .fetch_all(&mut *conn)
        .await
}
