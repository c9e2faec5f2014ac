//! Imports of sales files (/importsales; migration 0049): an import's sales stored in
//! batches inside the caller's transaction, each batch matched at once (`sales::match_many`);
//! the account's imports listed; an import undone (its sales deleted, the earlier sales it
//! replaced put back) in one transaction. Every statement starts from the customer.

use crate::store::CustomerId;
use domain::sales::import::{ImportedSale, SameReference};
use domain::sales::{MatchSettings, SaleFacts};
use sqlx::{AnyConnection, AnyPool, FromRow};

use super::sales::match_many;

/// Rows stored per statement (11 values each: within both backends' bound-value limits).
pub const BATCH: usize = 500;

/// Who imports what, and how.
pub struct NewImport<'a> {
    pub user_id: i64,
    pub user_name: &'a str,
    pub file_name: &'a str,
    pub matching: MatchSettings,
    pub same_reference: SameReference,
}

/// Starts an import's record; its figures are written by `finish`.
pub async fn begin(
    conn: &mut AnyConnection,
    customer: CustomerId,
    import: &NewImport<'_>,
    now: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO sale_imports (customer_id, user_id, user_name, file_name, match_by, match_days, same_reference,
             created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(customer)
    .bind(import.user_id)
    .bind(import.user_name)
    .bind(import.file_name)
    .bind(import.matching.match_by.key())
    .bind(import.matching.match_days)
    .bind(import.same_reference.key())
    .bind(now)
    .fetch_one(conn)
    .await
}

/// What a batch did: (matched to a call, earlier sales replaced).
pub async fn add_batch(
    conn: &mut AnyConnection,
    customer: CustomerId,
    import_id: i64,
    import: &NewImport<'_>,
    batch: &[ImportedSale],
    now: i64,
) -> sqlx::Result<(i64, i64)> {
    if batch.is_empty() {
        return Ok((0, 0));
    }
    let mut replaced = 0;
    if import.same_reference == SameReference::Replace {
        let mut references: Vec<&str> = batch.iter().map(|s| s.reference.as_str()).filter(|r| !r.is_empty()).collect();
        references.sort_unstable();
        references.dedup();
        if !references.is_empty() {
            // Sales of this import (earlier rows of the file) are not set aside: they all count.
            let list = (3..3 + references.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
            let sql = format!(
                "UPDATE sales SET replaced_by_import = $2 WHERE customer_id = $1 AND replaced_by_import IS NULL
                 AND (import_id IS NULL OR import_id <> $2) AND reference IN ({list})"
            );
            let mut query = sqlx::query(&sql).bind(customer).bind(import_id);
            for reference in &references {
                query = query.bind(*reference);
            }
            replaced = query.execute(&mut *conn).await?.rows_affected() as i64;
        }
    }
    let facts: Vec<SaleFacts> =
        batch.iter().map(|s| SaleFacts { phone: s.phone.clone(), sold_at: s.sold_at, call_id: s.call_id }).collect();
    let found = match_many(&mut *conn, customer, &facts, &import.matching).await?;
    let rows = (0..batch.len())
        .map(|r| {
            let n = r * 11;
            format!(
                "(${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${})",
                n + 1,
                n + 2,
                n + 3,
                n + 4,
                n + 5,
                n + 6,
                n + 7,
                n + 8,
                n + 9,
                n + 10,
                n + 11
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "INSERT INTO sales (customer_id, sold_at, phone, reference, value_pence, given_call_id, call_id,
             source_medium_id, campaign_id, import_id, created_at) VALUES {rows}"
    );
    let mut query = sqlx::query(&sql);
    let mut matched = 0;
    for (sale, (call, credit)) in batch.iter().zip(&found) {
        matched += i64::from(call.is_some());
        query = query
            .bind(customer)
            .bind(sale.sold_at)
            .bind(&sale.phone)
            .bind(&sale.reference)
            .bind(sale.value_pence)
            .bind(sale.call_id)
            .bind(*call)
            .bind(credit.source_medium_id)
            .bind(credit.campaign_id)
            .bind(import_id)
            .bind(now);
    }
    query.execute(&mut *conn).await?;
    Ok((matched, replaced))
}

/// An import's figures.
#[derive(Debug, Clone, Copy, Default)]
pub struct Figures {
    pub imported: i64,
    pub skipped: i64,
    pub matched: i64,
    pub replaced: i64,
}

/// The import's sales that matched no call, in file order, at most `limit`: (reference,
/// sold_at, value_pence, phone).
pub async fn unmatched(
    conn: &mut AnyConnection,
    customer: CustomerId,
    import_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<(String, i64, i64, String)>> {
    sqlx::query_as(
        "SELECT reference, sold_at, value_pence, phone FROM sales
         WHERE customer_id = $1 AND import_id = $2 AND call_id IS NULL ORDER BY id LIMIT $3",
    )
    .bind(customer)
    .bind(import_id)
    .bind(limit)
    .fetch_all(conn)
    .await
}

pub async fn finish(
    conn: &mut AnyConnection,
    customer: CustomerId,
    import_id: i64,
    figures: &Figures,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE sale_imports SET rows_imported = $3, rows_skipped = $4, matched = $5, replaced = $6
         WHERE customer_id = $1 AND id = $2",
    )
    .bind(customer)
    .bind(import_id)
    .bind(figures.imported)
    .bind(figures.skipped)
    .bind(figures.matched)
    .bind(figures.replaced)
    .execute(conn)
    .await?;
    Ok(())
}

/// An import as the history lists it.
#[derive(Debug, Clone, FromRow)]
pub struct ImportRow {
    pub id: i64,
    pub created_at: i64,
    pub file_name: String,
    pub user_name: String,
    pub same_reference: String,
    pub rows_imported: i64,
    pub rows_skipped: i64,
    pub matched: i64,
    pub replaced: i64,
    pub undone_at: Option<i64>,
}

/// The account's latest `limit` imports, newest first.
pub async fn list(db: &AnyPool, customer: CustomerId, limit: i64) -> sqlx::Result<Vec<ImportRow>> {
    sqlx::query_as(&format!(
        "SELECT id, created_at, file_name, user_name, same_reference, rows_imported, rows_skipped, matched, replaced,
             undone_at FROM sale_imports WHERE customer_id = $1 ORDER BY id DESC LIMIT {limit}"
    ))
    .bind(customer)
    .fetch_all(db)
    .await
}

/// What undoing an import did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Undone {
    /// (sales removed, earlier sales put back)
    Done(i64, i64),
    AlreadyUndone,
    /// Not an import of this account.
    NotFound,
}

/// Undoes an import in one transaction: its sales are deleted and the sales it set aside are put
/// back (a sale an import replaced counts again); the import stays in the history as undone.
pub async fn undo(db: &AnyPool, customer: CustomerId, import_id: i64, now: i64) -> sqlx::Result<Undone> {
    let mut tx = crate::db::begin_write(db).await?;
    // Claimed by the update, so two undos of one import cannot both run.
    let claimed =
        sqlx::query("UPDATE sale_imports SET undone_at = $3 WHERE customer_id = $1 AND id = $2 AND undone_at IS NULL")
            .bind(customer)
            .bind(import_id)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if claimed == 0 {
        let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM sale_imports WHERE customer_id = $1 AND id = $2")
            .bind(customer)
            .bind(import_id)
            .fetch_optional(&mut *tx)
            .await?;
        return Ok(if exists.is_some() { Undone::AlreadyUndone } else { Undone::NotFound });
    }
    let removed = sqlx::query("DELETE FROM sales WHERE customer_id = $1 AND import_id = $2")
        .bind(customer)
        .bind(import_id)
        .execute(&mut *tx)
        .await?
        .rows_affected() as i64;
    let restored =
        sqlx::query("UPDATE sales SET replaced_by_import = NULL WHERE customer_id = $1 AND replaced_by_import = $2")
            .bind(customer)
            .bind(import_id)
            .execute(&mut *tx)
            .await?
            .rows_affected() as i64;
    tx.commit().await?;
    Ok(Undone::Done(removed, restored))
}
