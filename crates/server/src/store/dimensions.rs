//! Custom dimensions: the account's definitions with their calls, and the calls'
//! values. Every statement starts from the customer.

use crate::store::CustomerId;
use domain::dimensions::{Dimension, DimensionKind};
use std::collections::{BTreeMap, HashMap};

use sqlx::{AnyPool, FromRow};

/// A definition as the page lists it.
#[derive(Debug, Clone, FromRow)]
pub struct DimensionRow {
    pub id: i64,
    pub name: String,
    pub kind: String,
    /// One a line.
    pub choices: String,
    /// Calls with a value.
    pub calls: i64,
}

impl DimensionRow {
    pub fn kind(&self) -> DimensionKind {
        DimensionKind::from_key(&self.kind).unwrap_or(DimensionKind::Text)
    }

    pub fn choice_list(&self) -> Vec<String> {
        self.choices.lines().filter(|l| !l.is_empty()).map(str::to_string).collect()
    }
}

const SELECT: &str = "SELECT d.id, d.name, d.kind, d.choices,
    (SELECT COUNT(*) FROM call_dimension_values v WHERE v.dimension_id = d.id) AS calls
    FROM custom_dimensions d WHERE d.customer_id = $1";

pub async fn list(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<DimensionRow>> {
    sqlx::query_as(&format!("{SELECT} ORDER BY LOWER(d.name), d.id")).bind(customer).fetch_all(db).await
}

pub async fn one(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<DimensionRow>> {
    sqlx::query_as(&format!("{SELECT} AND d.id = $2")).bind(customer).bind(id).fetch_optional(db).await
}

/// The calls that have each value of a dimension: (value, calls).
pub async fn value_counts(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as(
        "SELECT value, COUNT(*) FROM call_dimension_values WHERE customer_id = $1 AND dimension_id = $2 GROUP BY value",
    )
    .bind(customer)
    .bind(id)
    .fetch_all(db)
    .await
}

/// Adds (`id` 0) or updates a definition; None when `id` is not the customer's.
pub async fn save(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    dimension: &Dimension,
    now: i64,
) -> sqlx::Result<Option<i64>> {
    let choices = dimension.choices.join("\n");
    if id == 0 {
        let id = sqlx::query_scalar(
            "INSERT INTO custom_dimensions (customer_id, name, kind, choices, created_at) VALUES ($1, $2, $3, $4, $5)
             RETURNING id",
        )
        .bind(customer)
        .bind(&dimension.name)
        .bind(dimension.kind.key())
        .bind(&choices)
        .bind(now)
        .fetch_one(db)
        .await?;
        return Ok(Some(id));
    }
    let updated = sqlx::query(
        "UPDATE custom_dimensions SET name = $3, kind = $4, choices = $5 WHERE customer_id = $1 AND id = $2",
    )
    .bind(customer)
    .bind(id)
    .bind(&dimension.name)
    .bind(dimension.kind.key())
    .bind(&choices)
    .execute(db)
    .await?;
    Ok((updated.rows_affected() == 1).then_some(id))
}

/// Deletes a definition with its values (the key cascades); false when it is not the customer's.
pub async fn delete(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM call_dimension_values WHERE customer_id = $1 AND dimension_id = $2")
        .bind(customer)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let deleted = sqlx::query("DELETE FROM custom_dimensions WHERE customer_id = $1 AND id = $2")
        .bind(customer)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(deleted.rows_affected() == 1)
}

/// A call's values: (dimension id, value).
pub async fn values_of_call(db: &AnyPool, customer: CustomerId, call: i64) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT dimension_id, value FROM call_dimension_values WHERE customer_id = $1 AND call_id = $2")
        .bind(customer)
        .bind(call)
        .fetch_all(db)
        .await
}

/// Sets a call's value ('' clears it).
pub async fn set_value(
    db: &AnyPool,
    customer: CustomerId,
    call: i64,
    dimension: i64,
    value: &str,
    now: i64,
) -> sqlx::Result<()> {
    if value.is_empty() {
        sqlx::query("DELETE FROM call_dimension_values WHERE customer_id = $1 AND call_id = $2 AND dimension_id = $3")
            .bind(customer)
            .bind(call)
            .bind(dimension)
            .execute(db)
            .await?;
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO call_dimension_values (call_id, dimension_id, customer_id, value, updated_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (call_id, dimension_id) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
    )
    .bind(call)
    .bind(dimension)
    .bind(customer)
    .bind(value)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// The values of `fields` on `calls` (the customer's), by (call, field).
pub async fn values_of_calls(
    db: &AnyPool,
    customer: CustomerId,
    fields: &[i64],
    calls: &[i64],
) -> sqlx::Result<HashMap<(i64, i64), String>> {
    if fields.is_empty() || calls.is_empty() {
        return Ok(HashMap::new());
    }
    let list = (0..calls.len()).map(|i| format!("${}", i + 2)).collect::<Vec<_>>().join(", ");
    let sql = format!(
        "SELECT call_id, dimension_id, value FROM call_dimension_values WHERE customer_id = $1 AND call_id IN ({list})"
    );
    let mut query = sqlx::query_as::<_, (i64, i64, String)>(&sql).bind(customer);
    for call in calls {
        query = query.bind(*call);
    }
    Ok(query.fetch_all(db).await?.into_iter().map(|(call, field, value)| ((call, field), value)).collect())
}

/// The custom dimension values of calls (already known to be the asker's), by call and the
/// field's name: for the reporting API, whose calls span accounts.
pub async fn named_values_of_calls(
    db: &AnyPool,
    calls: &[i64],
) -> sqlx::Result<HashMap<i64, BTreeMap<String, String>>> {
    let mut named: HashMap<i64, BTreeMap<String, String>> = HashMap::new();
    if calls.is_empty() {
        return Ok(named);
    }
    let list = (0..calls.len()).map(|i| format!("${}", i + 1)).collect::<Vec<_>>().join(", ");
    let sql = format!(
        "SELECT v.call_id, d.name, v.value FROM call_dimension_values v
         JOIN custom_dimensions d ON d.id = v.dimension_id AND d.customer_id = v.customer_id
         WHERE v.call_id IN ({list})"
    );
    let mut query = sqlx::query_as::<_, (i64, String, String)>(&sql);
    for call in calls {
        query = query.bind(*call);
    }
    for (call, name, value) in query.fetch_all(db).await? {
        named.entry(call).or_default().insert(name, value);
    }
    Ok(named)
}
