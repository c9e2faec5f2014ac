//! Source / mediums: the account's pairs with their visits and calls, the ordered
//! classification rules, the paid-click setting, and the ruleset the domain's classifier reads.

use crate::store::call_credit::COUNTED;
use crate::store::CustomerId;
use domain::sources::{is_direct, MatchOp, RuleField, Ruleset, SourcePair, SourceRule};
use sqlx::{Any, AnyConnection, AnyPool, FromRow, Transaction};

use crate::db::Flag;

#[derive(Debug, Clone, FromRow)]
pub struct PairRow {
    pub id: i64,
    pub source: String,
    pub medium: String,
    pub rules: i64,
    pub visits: i64,
    pub calls: i64,
}

/// The columns of a pair; binds the customer as $1 and the counts' period as [$2, $3): the visits
/// classified into it, and the calls credited to it as every figure counts them.
fn pair_sql() -> String {
    format!(
        "SELECT s.id, s.source, s.medium,
            (SELECT COUNT(*) FROM source_rules r WHERE r.customer_id = $1 AND r.source_medium_id = s.id) AS rules,
            (SELECT COUNT(*) FROM visits v WHERE v.customer_id = $1 AND v.source_medium_id = s.id
               AND v.started_at >= $2 AND v.started_at < $3) AS visits,
            (SELECT COUNT(*) FROM calls c WHERE {COUNTED} AND c.credit_source_id = s.id) AS calls
        FROM sources_mediums s WHERE s.customer_id = $1"
    )
}

/// The customer's pairs, by source then medium, with visits and inbound calls in [start, end).
pub async fn pairs(db: &AnyPool, customer: CustomerId, (start, end): (i64, i64)) -> sqlx::Result<Vec<PairRow>> {
    sqlx::query_as(&format!("{} ORDER BY LOWER(s.source), LOWER(s.medium), s.id", pair_sql()))
        .bind(customer)
        .bind(start)
        .bind(end)
        .fetch_all(db)
        .await
}

/// One of the customer's pairs.
pub async fn pair(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    (start, end): (i64, i64),
) -> sqlx::Result<Option<PairRow>> {
    sqlx::query_as(&format!("{} AND s.id = $4", pair_sql()))
        .bind(customer)
        .bind(start)
        .bind(end)
        .bind(id)
        .fetch_optional(db)
        .await
}

#[derive(Debug, Clone, FromRow)]
struct RuleRow {
    id: i64,
    source_medium_id: i64,
    field: String,
    op: String,
    value: String,
}

/// The customer's rules in their order (a stored key the domain no longer knows is skipped).
pub async fn rules(conn: &mut AnyConnection, customer: CustomerId) -> sqlx::Result<Vec<SourceRule>> {
    let rows: Vec<RuleRow> = sqlx::query_as(
        "SELECT id, source_medium_id, field, op, value FROM source_rules WHERE customer_id = $1 ORDER BY position, id",
    )
    .bind(customer)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            Some(SourceRule {
                id: r.id,
                source_medium_id: r.source_medium_id,
                field: RuleField::from_key(&r.field)?,
                op: MatchOp::from_key(&r.op).unwrap_or_default(),
                value: r.value,
            })
        })
        .collect())
}

/// Everything the classifier reads of the customer. The default is the customer's 'direct /
/// none' pair, made when missing (every visit must land somewhere).
pub async fn ruleset(conn: &mut AnyConnection, customer: CustomerId) -> sqlx::Result<Ruleset> {
    let pairs: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT id, source, medium FROM sources_mediums WHERE customer_id = $1 ORDER BY id")
            .bind(customer)
            .fetch_all(&mut *conn)
            .await?;
    let mut pairs: Vec<SourcePair> =
        pairs.into_iter().map(|(id, source, medium)| SourcePair { id, source, medium }).collect();
    let default_id = match pairs.iter().find(|p| is_direct(&p.source, &p.medium)) {
        Some(pair) => pair.id,
        None => {
            // Another request may make it meanwhile: the unique constraint keeps one.
            sqlx::query(
                "INSERT INTO sources_mediums (customer_id, source, medium) VALUES ($1, '(direct)', '(none)')
                 ON CONFLICT (customer_id, source, medium) DO NOTHING",
            )
            .bind(customer)
            .execute(&mut *conn)
            .await?;
            let id: i64 = sqlx::query_scalar(
                "SELECT id FROM sources_mediums WHERE customer_id = $1 AND source = '(direct)' AND medium = '(none)'",
            )
            .bind(customer)
            .fetch_one(&mut *conn)
            .await?;
            pairs.push(SourcePair { id, source: "(direct)".into(), medium: "(none)".into() });
            id
        }
    };
    let paid: Flag = sqlx::query_scalar("SELECT paid_click_overrides FROM customers WHERE id = $1")
        .bind(customer)
        .fetch_one(&mut *conn)
        .await?;
    let rules = rules(&mut *conn, customer).await?;
    Ok(Ruleset { pairs, rules, default_id, paid_overrides: paid.into() })
}

/// Whether a pair with this source and medium (without case) exists, other than `except`.
pub async fn taken(db: &AnyPool, customer: CustomerId, except: i64) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT source, medium FROM sources_mediums WHERE customer_id = $1 AND id <> $2")
        .bind(customer)
        .bind(except)
        .fetch_all(db)
        .await
}

pub async fn insert_pair(db: &AnyPool, customer: CustomerId, source: &str, medium: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("INSERT INTO sources_mediums (customer_id, source, medium) VALUES ($1, $2, $3) RETURNING id")
        .bind(customer)
        .bind(source)
        .bind(medium)
        .fetch_one(db)
        .await
}

/// Renames a pair; false when it is not the customer's.
pub async fn update_pair(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    source: &str,
    medium: &str,
) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE sources_mediums SET source = $1, medium = $2 WHERE id = $3 AND customer_id = $4")
        .bind(source)
        .bind(medium)
        .bind(id)
        .bind(customer)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The dynamic whispers that whisper for a pair, and the pools that play those whispers.
pub async fn users_of(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<(Vec<String>, Vec<String>)> {
    let whispers: Vec<String> = sqlx::query_scalar(
        "SELECT w.description FROM dynamic_whispers w JOIN dynamic_whisper_sources s ON s.whisper_id = w.id
         WHERE w.customer_id = $1 AND s.source_medium_id = $2 ORDER BY w.description, w.id",
    )
    .bind(customer)
    .bind(id)
    .fetch_all(db)
    .await?;
    let pools: Vec<String> = sqlx::query_scalar(
        "SELECT e.pool_name FROM routing_entries e WHERE e.customer_id = $1 AND e.kind = 'dynamic'
           AND e.dynamic_whisper_id IN (SELECT s.whisper_id FROM dynamic_whisper_sources s
             JOIN dynamic_whispers w ON w.id = s.whisper_id WHERE w.customer_id = $1 AND s.source_medium_id = $2)
         ORDER BY e.pool_name, e.id",
    )
    .bind(customer)
    .bind(id)
    .fetch_all(db)
    .await?;
    Ok((whispers, pools))
}

/// Deletes a pair and its rules in one transaction; its past visits and calls keep no source.
pub async fn delete_pair(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM source_rules WHERE customer_id = $1 AND source_medium_id = $2")
        .bind(customer)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    for (table, column) in
        [("visits", "source_medium_id"), ("calls", "source_medium_id"), ("calls", "credit_source_id")]
    {
        sqlx::query(&format!("UPDATE {table} SET {column} = NULL WHERE customer_id = $1 AND {column} = $2"))
            .bind(customer)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    let done = sqlx::query("DELETE FROM sources_mediums WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(done.rows_affected() == 1)
}

/// Adds a rule at the end of the customer's order.
pub async fn insert_rule(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    pair: i64,
    rule: (RuleField, MatchOp, &str),
    now: i64,
) -> sqlx::Result<i64> {
    let position: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(position), 0) + 1 FROM source_rules WHERE customer_id = $1")
            .bind(customer)
            .fetch_one(&mut **tx)
            .await?;
    sqlx::query_scalar(
        "INSERT INTO source_rules (customer_id, source_medium_id, position, field, op, value, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(customer)
    .bind(pair)
    .bind(position)
    .bind(rule.0.key())
    .bind(rule.1.key())
    .bind(rule.2)
    .bind(now)
    .fetch_one(&mut **tx)
    .await
}

/// The pair a rule of the customer's belongs to.
pub async fn rule_pair(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT source_medium_id FROM source_rules WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .fetch_optional(db)
        .await
}

pub async fn update_rule(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    pair: i64,
    rule: (RuleField, MatchOp, &str),
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE source_rules SET source_medium_id = $1, field = $2, op = $3, value = $4 WHERE id = $5 AND customer_id = $6",
    )
    .bind(pair)
    .bind(rule.0.key())
    .bind(rule.1.key())
    .bind(rule.2)
    .bind(id)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn delete_rule(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM source_rules WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves a rule one place up (earlier) or down in the customer's order: the whole order is
/// renumbered 1.. in one transaction, so ties and gaps never make a move a no-op. False when the
/// rule is not the customer's; a move past either end leaves the order as it is.
pub async fn move_rule(db: &AnyPool, customer: CustomerId, id: i64, up: bool) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    let mut ids: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM source_rules WHERE customer_id = $1 ORDER BY position, id")
            .bind(customer)
            .fetch_all(&mut *tx)
            .await?;
    let Some(at) = ids.iter().position(|r| *r == id) else { return Ok(false) };
    let to = if up { at.checked_sub(1) } else { Some(at + 1).filter(|to| *to < ids.len()) };
    if let Some(to) = to {
        ids.swap(at, to);
    }
    for (position, rule) in ids.iter().enumerate() {
        sqlx::query("UPDATE source_rules SET position = $1 WHERE id = $2 AND customer_id = $3")
            .bind(position as i64 + 1)
            .bind(rule)
            .bind(customer)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

pub async fn set_paid_overrides(db: &AnyPool, customer: CustomerId, on: bool) -> sqlx::Result<()> {
    sqlx::query("UPDATE customers SET paid_click_overrides = $1 WHERE id = $2")
        .bind(Flag(on))
        .bind(customer)
        .execute(db)
        .await?;
    Ok(())
}
