//! Campaigns: the lists static numbers are filed under, with how many numbers each
//! holds and the calls to them; renamed and deleted within one customer.

use crate::store::call_credit::COUNTED;
use crate::store::CustomerId;
use domain::list_query::TableQuery;
use domain::numbers::CampaignSort;
use sqlx::{AnyPool, FromRow};

use super::page_clause;
use super::routing_entries::like_pattern;

#[derive(Debug, Clone, FromRow)]
pub struct CampaignRow {
    pub id: i64,
    pub description: String,
    /// Static numbers filed under it.
    pub numbers: i64,
    /// Inbound calls credited to it in the period asked.
    pub calls: i64,
    pub created_at: i64,
}

/// The columns of a row; binds the customer as $1 and the calls' period as [$2, $3): the calls
/// credited to the campaign as every figure counts them (a website campaign holds no number).
fn row_sql() -> String {
    format!(
        "SELECT k.id, k.description,
            (SELECT COUNT(*) FROM routing_entries e
             WHERE e.customer_id = $1 AND e.kind = 'static' AND e.campaign_id = k.id) AS numbers,
            (SELECT COUNT(*) FROM calls c WHERE {COUNTED} AND c.campaign_id = k.id) AS calls,
            k.created_at
        FROM campaigns k WHERE k.customer_id = $1"
    )
}

/// A page of the customer's campaigns whose name contains the search, and how many match.
pub async fn page(
    db: &AnyPool,
    customer: CustomerId,
    query: &TableQuery<CampaignSort>,
    (start, end): (i64, i64),
) -> sqlx::Result<(Vec<CampaignRow>, i64)> {
    let search = (!query.search.is_empty()).then(|| like_pattern(&query.search.to_lowercase()));
    let condition = if search.is_some() { " AND LOWER(k.description) LIKE $4 ESCAPE '\\'" } else { "" };
    let column = match query.sort {
        CampaignSort::Description => "LOWER(k.description)",
        CampaignSort::Numbers => "numbers",
        CampaignSort::Calls => "calls",
        CampaignSort::Created => "k.created_at",
    };
    let direction = if query.descending { "DESC" } else { "ASC" };
    let sql = format!("{}{condition} ORDER BY {column} {direction}, k.id ASC{}", row_sql(), page_clause(query));
    let mut rows = sqlx::query_as::<_, CampaignRow>(&sql).bind(customer).bind(start).bind(end);
    let count_sql =
        format!("SELECT COUNT(*) FROM campaigns k WHERE k.customer_id = $1{}", condition.replace("$4", "$2"));
    let mut count = sqlx::query_as::<_, (i64,)>(&count_sql).bind(customer);
    if let Some(pattern) = &search {
        rows = rows.bind(pattern.clone());
        count = count.bind(pattern.clone());
    }
    let (rows, (total,)) = tokio::try_join!(rows.fetch_all(db), count.fetch_one(db))?;
    Ok((rows, total))
}

/// One of the customer's campaigns.
pub async fn one(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    (start, end): (i64, i64),
) -> sqlx::Result<Option<CampaignRow>> {
    sqlx::query_as(&format!("{} AND k.id = $4", row_sql()))
        .bind(customer)
        .bind(start)
        .bind(end)
        .bind(id)
        .fetch_optional(db)
        .await
}

/// The customer's other campaigns' names (the uniqueness rule of a rename).
pub async fn other_descriptions(db: &AnyPool, customer: CustomerId, except: i64) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as("SELECT description FROM campaigns WHERE customer_id = $1 AND id <> $2")
        .bind(customer)
        .bind(except)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(|(d,)| d).collect())
}

/// Renames a campaign of the customer; false when it is not theirs.
pub async fn rename(db: &AnyPool, customer: CustomerId, id: i64, description: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE campaigns SET description = $1 WHERE id = $2 AND customer_id = $3")
        .bind(description.trim())
        .bind(id)
        .bind(customer)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Deletes a campaign of the customer if it holds no number (checked in the statement, so a
/// number filed under it meanwhile keeps it): Ok(None) when deleted, Ok(Some(n)) when it holds
/// n numbers, Err for a database failure. The caller has checked it is the customer's. Its past
/// calls (a website campaign's) then keep no campaign, in the same transaction.
pub async fn delete_if_empty(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<i64>> {
    let mut tx = crate::db::begin_write(db).await?;
    let done = sqlx::query(
        "DELETE FROM campaigns WHERE id = $1 AND customer_id = $2
           AND NOT EXISTS (SELECT 1 FROM routing_entries e WHERE e.customer_id = $2 AND e.campaign_id = $1)",
    )
    .bind(id)
    .bind(customer)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() > 0 {
        sqlx::query("UPDATE calls SET campaign_id = NULL WHERE customer_id = $1 AND campaign_id = $2")
            .bind(customer)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        return Ok(None);
    }
    tx.rollback().await?;
    let (numbers,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM routing_entries WHERE customer_id = $1 AND campaign_id = $2")
            .bind(customer)
            .bind(id)
            .fetch_one(db)
            .await?;
    Ok(Some(numbers))
}
