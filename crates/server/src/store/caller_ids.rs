//! Manage CLI: the account's outside caller ids and their codes, the tracked numbers
//! that are caller ids of their own, the sandbox phone's messages, and the outbound terms'
//! acceptances. Every query is scoped by customer.

use crate::store::CustomerId;
use sqlx::{AnyPool, FromRow};

/// An outside caller id as stored.
#[derive(Debug, Clone, FromRow)]
pub struct OutsideRow {
    pub id: i64,
    pub number: String,
    pub code_hash: String,
    pub code_sent_at: i64,
    pub attempts: i64,
    pub verified_at: Option<i64>,
    pub added_by_email: String,
    pub added_at: i64,
}

/// A tracked number of the account: a static number or a pool's.
#[derive(Debug, Clone, FromRow)]
pub struct TrackedRow {
    pub number: String,
    /// 'static' or 'pool'.
    pub kind: String,
    /// The pool's name ('' for a static number).
    pub pool_name: String,
}

const OUTSIDE: &str =
    "SELECT id, number, code_hash, code_sent_at, attempts, verified_at, added_by_email, added_at FROM caller_ids";

/// The account's tracked numbers (static and pool numbers), by number.
pub async fn tracked(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<TrackedRow>> {
    sqlx::query_as(
        "SELECT number, 'static' AS kind, '' AS pool_name FROM routing_entries
            WHERE customer_id = $1 AND kind = 'static' AND number <> ''
         UNION ALL
         SELECT pn.number AS number, 'pool' AS kind, e.pool_name AS pool_name
            FROM pool_numbers pn JOIN routing_entries e ON e.id = pn.routing_entry_id
            WHERE e.customer_id = $1 AND e.kind = 'dynamic'
         ORDER BY number",
    )
    .bind(customer)
    .fetch_all(db)
    .await
}

/// The account's outside caller ids, by number.
pub async fn outside(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<OutsideRow>> {
    sqlx::query_as(&format!("{OUTSIDE} WHERE customer_id = $1 ORDER BY number, id")).bind(customer).fetch_all(db).await
}

/// One outside caller id of the account.
pub async fn find(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<OutsideRow>> {
    sqlx::query_as(&format!("{OUTSIDE} WHERE customer_id = $1 AND id = $2"))
        .bind(customer)
        .bind(id)
        .fetch_optional(db)
        .await
}

/// Adds an outside number with its first code's hash; None when the account has it already (a
/// save that lost a race).
pub async fn insert(
    db: &AnyPool,
    customer: CustomerId,
    number: &str,
    code_hash: &str,
    added_by: &str,
    now: i64,
) -> sqlx::Result<Option<i64>> {
    let row: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO caller_ids (customer_id, number, code_hash, code_sent_at, attempts, added_by_email, added_at)
         VALUES ($1, $2, $3, $4, 0, $5, $4) ON CONFLICT DO NOTHING RETURNING id",
    )
    .bind(customer)
    .bind(number)
    .bind(code_hash)
    .bind(now)
    .bind(added_by)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// A new code for a number not yet verified: its hash, sent now, no tries yet. False when the
/// number is gone or verified meanwhile.
pub async fn new_code(db: &AnyPool, customer: CustomerId, id: i64, code_hash: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE caller_ids SET code_hash = $1, code_sent_at = $2, attempts = 0
         WHERE customer_id = $3 AND id = $4 AND verified_at IS NULL",
    )
    .bind(code_hash)
    .bind(now)
    .bind(customer)
    .bind(id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Counts a wrong code (while tries are left) and answers the tries made, or None when none
/// were left (another request used the last one).
pub async fn count_wrong_code(db: &AnyPool, customer: CustomerId, id: i64, max: i64) -> sqlx::Result<Option<i64>> {
    let row: Option<(i64,)> = sqlx::query_as(
        "UPDATE caller_ids SET attempts = attempts + 1
         WHERE customer_id = $1 AND id = $2 AND verified_at IS NULL AND attempts < $3 RETURNING attempts",
    )
    .bind(customer)
    .bind(id)
    .bind(max)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(n,)| n))
}

/// Marks the number verified if the code it was checked against is still the current one with
/// tries left; false otherwise (a new code or the last try went meanwhile).
pub async fn mark_verified(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    code_hash: &str,
    max: i64,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE caller_ids SET verified_at = $1, code_hash = ''
         WHERE customer_id = $2 AND id = $3 AND verified_at IS NULL AND code_hash = $4 AND attempts < $5",
    )
    .bind(now)
    .bind(customer)
    .bind(id)
    .bind(code_hash)
    .bind(max)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes an outside caller id; false when the account has no such id.
pub async fn delete(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM caller_ids WHERE customer_id = $1 AND id = $2")
        .bind(customer)
        .bind(id)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The numbers the account's agents may present when restricted: its tracked numbers and its
/// verified outside numbers.
pub async fn allowed(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<String>> {
    let mut numbers: Vec<String> = tracked(db, customer).await?.into_iter().map(|t| t.number).collect();
    let verified: Vec<(String,)> =
        sqlx::query_as("SELECT number FROM caller_ids WHERE customer_id = $1 AND verified_at IS NOT NULL")
            .bind(customer)
            .fetch_all(db)
            .await?;
    numbers.extend(verified.into_iter().map(|(n,)| n));
    Ok(numbers)
}

/// A message the sandbox phone received.
#[derive(Debug, Clone, FromRow)]
pub struct SandboxMessage {
    pub number: String,
    pub message: String,
    pub sent_at: i64,
}

pub async fn record_sandbox_message(
    db: &AnyPool,
    customer: CustomerId,
    number: &str,
    message: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO sandbox_phone_messages (customer_id, number, message, sent_at) VALUES ($1, $2, $3, $4)")
        .bind(customer)
        .bind(number)
        .bind(message)
        .bind(now)
        .execute(db)
        .await?;
    Ok(())
}

/// The account's latest sandbox messages, newest first.
pub async fn sandbox_messages(db: &AnyPool, customer: CustomerId, limit: i64) -> sqlx::Result<Vec<SandboxMessage>> {
    sqlx::query_as(
        "SELECT number, message, sent_at FROM sandbox_phone_messages WHERE customer_id = $1 ORDER BY id DESC LIMIT $2",
    )
    .bind(customer)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// The `purchase` of an outbound terms acceptance in terms_acceptances.
pub const OUTBOUND_TERMS: &str = "outbound terms";

/// Who accepted this version of the outbound terms for the account, and when.
pub async fn terms_accepted(db: &AnyPool, customer: CustomerId, version: &str) -> sqlx::Result<Option<(String, i64)>> {
    sqlx::query_as(
        "SELECT accepted_by_email, accepted_at FROM terms_acceptances
         WHERE customer_id = $1 AND purchase = $2 AND terms_version = $3 ORDER BY id LIMIT 1",
    )
    .bind(customer)
    .bind(OUTBOUND_TERMS)
    .bind(version)
    .fetch_optional(db)
    .await
}

/// Records the user's acceptance of this version; false when the account had accepted it
/// already (the unique index decides between two at once).
pub async fn accept_terms(
    db: &AnyPool,
    customer: CustomerId,
    user: i64,
    version: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO terms_acceptances (customer_id, purchase, accepted_by_user_id, accepted_by_email, accepted_at, terms_version)
         VALUES ($1, $2, $3, (SELECT email FROM users WHERE id = $3), $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(customer)
    .bind(OUTBOUND_TERMS)
    .bind(user)
    .bind(now)
    .bind(version)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// An agent of the account (a user with access to it and new outbound) and their caller id.
#[derive(Debug, Clone, FromRow)]
pub struct AgentRow {
    pub id: i64,
    pub forename: String,
    pub surname: String,
    pub outbound_number: String,
    #[sqlx(try_from = "crate::db::Flag")]
    pub cli_restricted: bool,
}

const AGENTS: &str = "SELECT u.id, u.forename, u.surname, u.outbound_number, u.cli_restricted
    FROM users u JOIN user_access a ON a.user_id = u.id WHERE a.customer_id = $1 AND u.has_new_outbound = 1";

/// The account's agents, by name.
pub async fn agents(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<AgentRow>> {
    sqlx::query_as(&format!("{AGENTS} ORDER BY u.forename, u.surname, u.id")).bind(customer).fetch_all(db).await
}

/// One agent of the account.
pub async fn agent(db: &AnyPool, customer: CustomerId, user: i64) -> sqlx::Result<Option<AgentRow>> {
    sqlx::query_as(&format!("{AGENTS} AND u.id = $2")).bind(customer).bind(user).fetch_optional(db).await
}

/// Restricts an agent to the list, or lifts it (users.cli_restricted, the user form's
/// form_customer_restrict_cli).
pub async fn set_restricted(db: &AnyPool, user: i64, restricted: bool) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET cli_restricted = $1 WHERE id = $2")
        .bind(crate::db::Flag(restricted))
        .bind(user)
        .execute(db)
        .await?;
    Ok(())
}
