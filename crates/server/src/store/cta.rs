//! Call-to-actions: a customer's call-to-actions with their clicks and the calls
//! those clicks led to (the same visit, at most `cta::CALL_WINDOW_SECONDS` after a click: domain
//! `cta::calls_after_clicks`, counted here in SQL), and the clicks themselves. Every statement
//! names the customer.

use crate::store::CustomerId;
use domain::cta::{Cta, CALL_WINDOW_SECONDS};
use sqlx::{AnyConnection, AnyPool, FromRow};

#[derive(Debug, Clone, FromRow)]
pub struct CtaRow {
    pub id: i64,
    pub name: String,
    pub kind: String,
    pub selector: String,
    /// Path patterns one a line; '' for all pages.
    pub pages: String,
    /// Clicks since the time asked.
    pub recent_clicks: i64,
    /// Inbound calls since the time asked that a click led to.
    pub recent_calls: i64,
    /// Every stored click.
    pub clicks: i64,
}

impl CtaRow {
    pub fn page_list(&self) -> Vec<String> {
        page_list(&self.pages)
    }
}

/// A call-to-action's stored pages (one pattern a line, '' for all pages) as a list.
pub fn page_list(pages: &str) -> Vec<String> {
    pages.lines().filter(|l| !l.is_empty()).map(str::to_string).collect()
}

/// The condition "call `c` followed a click of call-to-action `{cta}`": a click of its visit at
/// most the window before it started. `{window}` is the bind of `CALL_WINDOW_SECONDS`.
fn followed_click(cta: &str, window: &str) -> String {
    format!(
        "EXISTS (SELECT 1 FROM cta_clicks k WHERE k.cta_id = {cta} AND k.visit_id = c.visit_id
            AND k.clicked_at <= c.started_at AND k.clicked_at >= c.started_at - {window})"
    )
}

fn cta_row_sql() -> String {
    // From the clicks: each counted call once however many clicks of its visit led to it.
    format!(
        "SELECT a.id, a.name, a.kind, a.selector, a.pages,
            (SELECT COUNT(*) FROM cta_clicks k WHERE k.cta_id = a.id AND k.clicked_at >= $2) AS recent_clicks,
            (SELECT COUNT(*) FROM calls c WHERE c.customer_id = $1 AND c.direction = 'inbound'
                AND c.started_at >= $2 AND c.visit_id IN
                    (SELECT k.visit_id FROM cta_clicks k WHERE k.cta_id = a.id AND k.clicked_at >= $2 - $3)
                AND {}) AS recent_calls,
            (SELECT COUNT(*) FROM cta_clicks k WHERE k.cta_id = a.id) AS clicks
        FROM call_to_actions a WHERE a.customer_id = $1",
        followed_click("a.id", "$3")
    )
}

/// The customer's call-to-actions by name, with their clicks and calls since `since`.
pub async fn list(db: &AnyPool, customer: CustomerId, since: i64) -> sqlx::Result<Vec<CtaRow>> {
    sqlx::query_as(&format!("{} ORDER BY LOWER(a.name), a.id", cta_row_sql()))
        .bind(customer)
        .bind(since)
        .bind(CALL_WINDOW_SECONDS)
        .fetch_all(db)
        .await
}

/// One of the customer's call-to-actions.
pub async fn one(db: &AnyPool, customer: CustomerId, id: i64, since: i64) -> sqlx::Result<Option<CtaRow>> {
    sqlx::query_as(&format!("{} AND a.id = $4", cta_row_sql()))
        .bind(customer)
        .bind(since)
        .bind(CALL_WINDOW_SECONDS)
        .bind(id)
        .fetch_optional(db)
        .await
}

/// The names of the customer's call-to-actions other than `except`.
pub async fn other_names(db: &AnyPool, customer: CustomerId, except: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT name FROM call_to_actions WHERE customer_id = $1 AND id <> $2")
        .bind(customer)
        .bind(except)
        .fetch_all(db)
        .await
}

pub async fn insert(db: &mut AnyConnection, customer: CustomerId, cta: &Cta, now: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO call_to_actions (customer_id, name, kind, selector, pages, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(customer)
    .bind(cta.name.as_str())
    .bind(cta.kind.key())
    .bind(cta.selector.as_str())
    .bind(cta.pages.join("\n"))
    .bind(now)
    .fetch_one(db)
    .await
}

/// Replaces a call-to-action's fields (its clicks stay); false when it is not the customer's.
pub async fn update(db: &AnyPool, customer: CustomerId, id: i64, cta: &Cta) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE call_to_actions SET name = $1, kind = $2, selector = $3, pages = $4 WHERE id = $5 AND customer_id = $6",
    )
    .bind(cta.name.as_str())
    .bind(cta.kind.key())
    .bind(cta.selector.as_str())
    .bind(cta.pages.join("\n"))
    .bind(id)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Deletes a call-to-action and its clicks (calls stay); the clicks deleted, or None when it
/// was not the customer's.
pub async fn delete(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<i64>> {
    let mut tx = crate::db::begin_write(db).await?;
    let owned: Option<i64> = sqlx::query_scalar("SELECT id FROM call_to_actions WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .fetch_optional(&mut *tx)
        .await?;
    if owned.is_none() {
        return Ok(None);
    }
    let clicks = sqlx::query("DELETE FROM cta_clicks WHERE cta_id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    sqlx::query("DELETE FROM call_to_actions WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Some(clicks as i64))
}

/// A click as the call-to-action's page lists it.
#[derive(Debug, Clone, FromRow)]
pub struct ClickRow {
    pub id: i64,
    pub visit_id: i64,
    pub clicked_at: i64,
    pub page_path: String,
    /// The first inbound call of its visit in the window after it, if any.
    pub call_id: Option<i64>,
}

/// The call-to-action's latest `limit` clicks, newest first, each with the call it led to.
pub async fn recent_clicks(db: &AnyPool, customer: CustomerId, cta: i64, limit: i64) -> sqlx::Result<Vec<ClickRow>> {
    sqlx::query_as(&format!(
        "SELECT k.id, k.visit_id, k.clicked_at, k.page_path,
            (SELECT MIN(c.id) FROM calls c WHERE c.customer_id = $1 AND c.direction = 'inbound'
                AND c.visit_id = k.visit_id AND c.started_at >= k.clicked_at AND c.started_at <= k.clicked_at + $3)
                AS call_id
         FROM cta_clicks k WHERE k.customer_id = $1 AND k.cta_id = $2
         ORDER BY k.clicked_at DESC, k.id DESC LIMIT {limit}"
    ))
    .bind(customer)
    .bind(cta)
    .bind(CALL_WINDOW_SECONDS)
    .fetch_all(db)
    .await
}

/// The condition of the calls since `$3` a click of call-to-action `$2` led to (`$4` the window),
/// after `FROM calls c`.
pub fn calls_condition() -> String {
    format!(
        "WHERE c.customer_id = $1 AND c.direction = 'inbound' AND c.started_at >= $3 AND c.visit_id IN
            (SELECT k.visit_id FROM cta_clicks k WHERE k.cta_id = $2 AND k.clicked_at >= $3 - $4) AND {}",
        followed_click("$2", "$4")
    )
}

/// A click to store: (visit, when, page path).
pub type NewClick = (i64, i64, String);

/// Stores clicks of one call-to-action, a statement for each 100.
pub async fn insert_clicks(
    db: &mut AnyConnection,
    customer: CustomerId,
    cta: i64,
    clicks: &[NewClick],
) -> sqlx::Result<()> {
    for chunk in clicks.chunks(100) {
        let rows: Vec<String> = (0..chunk.len())
            .map(|i| {
                let b = i * 5;
                format!("(${}, ${}, ${}, ${}, ${})", b + 1, b + 2, b + 3, b + 4, b + 5)
            })
            .collect();
        let sql = format!(
            "INSERT INTO cta_clicks (customer_id, cta_id, visit_id, clicked_at, page_path) VALUES {}",
            rows.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for (visit, at, page) in chunk {
            query = query.bind(customer).bind(cta).bind(*visit).bind(*at).bind(page.as_str());
        }
        query.execute(&mut *db).await?;
    }
    Ok(())
}
