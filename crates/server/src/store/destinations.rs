//! Destination numbers (where calls are put through to), the international codes they dial
//! with, and destination plans (hunt groups and multi dials over those numbers). Every query
//! is scoped by the customer.

use crate::store::CustomerId;
use domain::routing::{DestinationPlanForm, MULTI_DIAL};
use domain::services::new_service_plan::ringing_plan_description;
use sqlx::{Any, AnyConnection, Executor, FromRow, Transaction};

#[derive(Debug, Clone, FromRow)]
pub struct InternationalCode {
    pub id: i64,
    pub description: String,
    pub code: String,
}

#[derive(Debug, Clone, FromRow)]
pub struct DestinationNumber {
    pub id: i64,
    pub description: String,
    pub international_code_id: i64,
    pub code: String,
    pub number: String,
    pub mailbox: i64,
}

#[derive(Debug, Clone, FromRow)]
pub struct DestinationPlan {
    pub id: i64,
    pub description: String,
    pub plan_type: i64,
    pub queue_id: i64,
    pub incall_id: i64,
    pub no_response_destination_id: i64,
}

/// One row of a plan: a destination number and its ring length (None after the first row of
/// a multi dial).
#[derive(Debug, Clone, FromRow)]
pub struct PlanRow {
    pub destination_number_id: i64,
    pub ring_length: Option<i64>,
}

/// What a save writes: the plan's own fields and its rows in order.
#[derive(Debug, Clone)]
pub struct PlanToSave {
    pub description: String,
    pub plan_type: i64,
    pub queue_id: i64,
    pub incall_id: i64,
    pub no_response_destination_id: i64,
    pub rows: Vec<PlanRow>,
}

impl PlanToSave {
    /// A destination plan's form as the store saves it: a multi dial keeps its first row's ring
    /// length only (the plan's screen and a rollback save through this).
    pub fn from_form(form: &DestinationPlanForm) -> PlanToSave {
        let multi_dial = form.plan_type == MULTI_DIAL;
        PlanToSave {
            description: form.description.clone(),
            plan_type: form.plan_type,
            queue_id: form.queue,
            incall_id: form.incall,
            no_response_destination_id: form.no_response_destination,
            rows: form
                .destinations
                .iter()
                .enumerate()
                .map(|(i, r)| PlanRow {
                    destination_number_id: r.destination,
                    ring_length: (!multi_dial || i == 0).then_some(r.ring_length),
                })
                .collect(),
        }
    }
}

/// A number or pool routed through a plan: the number for a static entry, the pool name for a
/// dynamic one.
#[derive(Debug, Clone, FromRow)]
pub struct AffectedEntry {
    pub kind: String,
    pub number: String,
    pub pool_name: String,
}

pub async fn international_codes(conn: &mut AnyConnection) -> sqlx::Result<Vec<InternationalCode>> {
    sqlx::query_as("SELECT id, description, code FROM international_codes ORDER BY id").fetch_all(&mut *conn).await
}

pub async fn international_code_exists(conn: &mut AnyConnection, id: i64) -> sqlx::Result<bool> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM international_codes WHERE id = $1").bind(id).fetch_optional(&mut *conn).await?;
    Ok(found.is_some())
}

const NUMBER_SELECT: &str = "SELECT d.id, d.description, d.international_code_id, COALESCE(c.code, '') AS code,
        d.number, d.mailbox
     FROM destination_numbers d LEFT JOIN international_codes c ON c.id = d.international_code_id";

pub async fn numbers(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<DestinationNumber>> {
    sqlx::query_as(&format!("{NUMBER_SELECT} WHERE d.customer_id = $1 ORDER BY LOWER(d.description), d.id"))
        .bind(customer_id)
        .fetch_all(&mut *conn)
        .await
}

pub async fn find_number<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<DestinationNumber>> {
    sqlx::query_as(&format!("{NUMBER_SELECT} WHERE d.customer_id = $1 AND d.id = $2"))
        .bind(customer_id)
        .bind(id)
        .fetch_optional(db)
        .await
}

/// The descriptions of the customer's destination numbers other than `except` (0: all).
pub async fn number_descriptions(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    except: i64,
) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT description FROM destination_numbers WHERE customer_id = $1 AND id <> $2")
            .bind(customer_id)
            .bind(except)
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows.into_iter().map(|(d,)| d).collect())
}

/// Whether the customer already has this number with this international code.
pub async fn number_exists(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    code_id: i64,
    number: &str,
) -> sqlx::Result<bool> {
    let found: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM destination_numbers WHERE customer_id = $1 AND international_code_id = $2 AND number = $3",
    )
    .bind(customer_id)
    .bind(code_id)
    .bind(number)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

/// True when every id is one of the customer's destination numbers.
pub async fn owns_numbers(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    for &id in ids {
        if find_number(&mut *conn, customer_id, id).await?.is_none() {
            return Ok(false);
        }
    }
    Ok(true)
}

pub async fn insert_number<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    description: &str,
    code_id: i64,
    number: &str,
    mailbox: i64,
) -> sqlx::Result<i64> {
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO destination_numbers (customer_id, description, international_code_id, number, mailbox)
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(customer_id)
    .bind(description)
    .bind(code_id)
    .bind(number)
    .bind(mailbox)
    .fetch_one(db)
    .await?;
    Ok(id)
}

/// Changes the description and mailbox; the number itself stays.
pub async fn update_number<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    id: i64,
    description: &str,
    mailbox: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE destination_numbers SET description = $1, mailbox = $2 WHERE customer_id = $3 AND id = $4")
        .bind(description)
        .bind(mailbox)
        .bind(customer_id)
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

const PLAN_SELECT: &str =
    "SELECT id, description, plan_type, queue_id, incall_id, no_response_destination_id FROM destination_plans";

pub async fn plans(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<DestinationPlan>> {
    sqlx::query_as(&format!("{PLAN_SELECT} WHERE customer_id = $1 ORDER BY LOWER(description), id"))
        .bind(customer_id)
        .fetch_all(&mut *conn)
        .await
}

pub async fn find_plan(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<DestinationPlan>> {
    sqlx::query_as(&format!("{PLAN_SELECT} WHERE customer_id = $1 AND id = $2"))
        .bind(customer_id)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// The rows of one of the customer's plans, in order.
pub async fn plan_rows(conn: &mut AnyConnection, customer_id: CustomerId, plan_id: i64) -> sqlx::Result<Vec<PlanRow>> {
    sqlx::query_as(
        "SELECT r.destination_number_id, r.ring_length FROM destination_plan_rows r
         JOIN destination_plans p ON p.id = r.plan_id
         WHERE p.customer_id = $1 AND r.plan_id = $2 ORDER BY r.position",
    )
    .bind(customer_id)
    .bind(plan_id)
    .fetch_all(&mut *conn)
    .await
}

/// The descriptions of the customer's plans other than `except` (0: all).
pub async fn plan_descriptions(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    except: i64,
) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT description FROM destination_plans WHERE customer_id = $1 AND id <> $2")
            .bind(customer_id)
            .bind(except)
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows.into_iter().map(|(d,)| d).collect())
}

/// Creates (`id` 0) or replaces one of the customer's plans with its rows, in the caller's
/// transaction (the routing history records the change in the same one). Returns the plan's id.
pub async fn save_plan(
    tx: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
    plan: &PlanToSave,
) -> sqlx::Result<i64> {
    let id = if id == 0 {
        sqlx::query_scalar::<_, i64>(
            "INSERT INTO destination_plans (customer_id, description, plan_type, queue_id, incall_id,
             no_response_destination_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(customer_id)
        .bind(&plan.description)
        .bind(plan.plan_type)
        .bind(plan.queue_id)
        .bind(plan.incall_id)
        .bind(plan.no_response_destination_id)
        .fetch_one(&mut *tx)
        .await?
    } else {
        sqlx::query(
            "UPDATE destination_plans SET description = $1, plan_type = $2, queue_id = $3, incall_id = $4,
             no_response_destination_id = $5 WHERE customer_id = $6 AND id = $7",
        )
        .bind(&plan.description)
        .bind(plan.plan_type)
        .bind(plan.queue_id)
        .bind(plan.incall_id)
        .bind(plan.no_response_destination_id)
        .bind(customer_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM destination_plan_rows WHERE plan_id = $1").bind(id).execute(&mut *tx).await?;
        id
    };
    insert_plan_rows(tx, id, &plan.rows).await?;
    Ok(id)
}

async fn insert_plan_rows(tx: &mut AnyConnection, plan_id: i64, rows: &[PlanRow]) -> sqlx::Result<()> {
    for (position, row) in rows.iter().enumerate() {
        sqlx::query(
            "INSERT INTO destination_plan_rows (plan_id, position, destination_number_id, ring_length)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(plan_id)
        .bind(position as i64)
        .bind(row.destination_number_id)
        .bind(row.ring_length)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Puts back a plan that a rollback restores after its creation was undone: the same id.
pub async fn insert_plan_with_id(
    tx: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
    plan: &PlanToSave,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO destination_plans (id, customer_id, description, plan_type, queue_id, incall_id,
         no_response_destination_id) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind(customer_id)
    .bind(&plan.description)
    .bind(plan.plan_type)
    .bind(plan.queue_id)
    .bind(plan.incall_id)
    .bind(plan.no_response_destination_id)
    .execute(&mut *tx)
    .await?;
    insert_plan_rows(tx, id, &plan.rows).await
}

/// Removes one of the customer's plans and its rows (a rollback of its creation; the caller
/// has made sure nothing uses it).
pub async fn delete_plan(tx: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<()> {
    let owned: Option<i64> = sqlx::query_scalar("SELECT id FROM destination_plans WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer_id)
        .fetch_optional(&mut *tx)
        .await?;
    if owned.is_some() {
        sqlx::query("DELETE FROM destination_plan_rows WHERE plan_id = $1").bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM destination_plans WHERE id = $1").bind(id).execute(&mut *tx).await?;
    }
    Ok(())
}

/// What still uses one of the customer's destination plans: the descriptions of the service
/// plans and IVRs routing to it (a rollback may not remove it while any does).
pub async fn plan_users(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT s.description FROM service_plans s JOIN service_plan_times t ON t.plan_id = s.id
         WHERE s.customer_id = $1 AND t.plan_type = 'routing' AND t.destination_plan_id = $2
         UNION SELECT i.description FROM ivrs i JOIN ivr_keys k ON k.ivr_id = i.id
         WHERE i.customer_id = $1 AND k.key_type = 'routing' AND k.destination_plan_id = $2",
    )
    .bind(customer_id)
    .bind(id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(d,)| d).collect())
}

/// The customer's numbers and pools whose service plan has a row routing to this plan.
pub async fn plan_affected_entries(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    plan_id: i64,
) -> sqlx::Result<Vec<AffectedEntry>> {
    sqlx::query_as(
        "SELECT e.kind, e.number, e.pool_name FROM routing_entries e
         WHERE e.customer_id = $1 AND e.service_plan_id IN (
             SELECT t.plan_id FROM service_plan_times t JOIN service_plans s ON s.id = t.plan_id
             WHERE s.customer_id = $2 AND t.plan_type = 'routing' AND t.destination_plan_id = $3)
         ORDER BY e.kind DESC, e.number, LOWER(e.pool_name)",
    )
    .bind(customer_id)
    .bind(customer_id)
    .bind(plan_id)
    .fetch_all(&mut *conn)
    .await
}

/// The customer's destination plan that rings only this destination number, or a new one (then
/// true).
pub async fn ringing_plan_for(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    number_id: i64,
    number: &str,
) -> sqlx::Result<(i64, bool)> {
    let existing: Option<(i64,)> = sqlx::query_as(
        "SELECT p.id FROM destination_plans p JOIN destination_plan_rows r ON r.plan_id = p.id
         WHERE p.customer_id = $1 AND p.plan_type = 0
         GROUP BY p.id HAVING COUNT(*) = 1 AND MAX(r.destination_number_id) = $2 ORDER BY p.id LIMIT 1",
    )
    .bind(customer)
    .bind(number_id)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some((id,)) = existing {
        return Ok((id, false));
    }
    let taken: Vec<(String,)> = sqlx::query_as("SELECT description FROM destination_plans WHERE customer_id = $1")
        .bind(customer)
        .fetch_all(&mut **tx)
        .await?;
    let taken: Vec<String> = taken.into_iter().map(|(t,)| t).collect();
    let description = ringing_plan_description(number, &taken);
    let (plan,): (i64,) = sqlx::query_as(
        "INSERT INTO destination_plans (customer_id, description, plan_type) VALUES ($1, $2, 0) RETURNING id",
    )
    .bind(customer)
    .bind(&description)
    .fetch_one(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO destination_plan_rows (plan_id, position, destination_number_id, ring_length) VALUES ($1, 0, $2, 20)",
    )
    .bind(plan)
    .bind(number_id)
    .execute(&mut **tx)
    .await?;
    Ok((plan, true))
}

/// The customer's destination number with this code and digits, or a new one named by them;
/// and whether it was made.
pub async fn number_for(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    code: i64,
    number: &str,
) -> sqlx::Result<(i64, bool)> {
    let existing: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM destination_numbers WHERE customer_id = $1 AND international_code_id = $2 AND number = $3",
    )
    .bind(customer)
    .bind(code)
    .bind(number)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some((id,)) = existing {
        return Ok((id, false));
    }
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO destination_numbers (customer_id, description, international_code_id, number, mailbox)
         VALUES ($1, $2, $3, $4, 0) RETURNING id",
    )
    .bind(customer)
    .bind(number)
    .bind(code)
    .bind(number)
    .fetch_one(&mut **tx)
    .await?;
    Ok((id, true))
}
