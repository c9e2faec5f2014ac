//! Sales (issue 36, /tracksales): the account's matching settings, a sale matched and credited
//! (domain `sales::match_sale`, `sales::sale_credit`) as it is stored or matched again, and the
//! revenue by source / medium and campaign over a period. Every statement starts from the customer.

use domain::sales::{match_sale, sale_credit, CandidateCall, Credit, MatchBy, MatchSettings, SaleFacts};
use sqlx::{AnyConnection, AnyPool, FromRow};

const DAY: i64 = 24 * 60 * 60;

pub async fn settings(db: &AnyPool, customer: i64) -> sqlx::Result<MatchSettings> {
    let (by, days): (String, i64) =
        sqlx::query_as("SELECT sales_match_by, sales_match_days FROM customers WHERE id = $1")
            .bind(customer)
            .fetch_one(db)
            .await?;
    Ok(MatchSettings { match_by: MatchBy::from_key(&by).unwrap_or(MatchBy::CallerNumber), match_days: days })
}

/// The call a sale matches under `settings`, and what the sale is credited to.
pub async fn match_one(
    conn: &mut AnyConnection,
    customer: i64,
    sale: &SaleFacts,
    settings: &MatchSettings,
) -> sqlx::Result<(Option<i64>, Credit)> {
    let candidates: Vec<(i64, String, i64)> = match settings.match_by {
        MatchBy::CallerNumber if sale.phone.is_empty() => Vec::new(),
        MatchBy::CallerNumber => {
            sqlx::query_as(
                "SELECT id, caller_number, started_at FROM calls WHERE customer_id = $1 AND direction = 'inbound'
                 AND caller_number = $2 AND started_at >= $3 AND started_at <= $4",
            )
            .bind(customer)
            .bind(&sale.phone)
            .bind(sale.sold_at.saturating_sub(settings.match_days * DAY))
            .bind(sale.sold_at)
            .fetch_all(&mut *conn)
            .await?
        }
        MatchBy::CallId => {
            sqlx::query_as(
                "SELECT id, caller_number, started_at FROM calls WHERE customer_id = $1 AND direction = 'inbound'
                 AND id = $2",
            )
            .bind(customer)
            .bind(sale.call_id.unwrap_or(0))
            .fetch_all(&mut *conn)
            .await?
        }
    };
    let calls: Vec<CandidateCall> =
        candidates.into_iter().map(|(id, caller, started_at)| CandidateCall { id, caller, started_at }).collect();
    let Some(call) = match_sale(sale, &calls, settings) else { return Ok((None, Credit::default())) };
    let credit_of = |row: (Option<i64>, Option<i64>)| Credit { source_medium_id: row.0, campaign_id: row.1 };
    let credit_sql = "SELECT c.source_medium_id, e.campaign_id FROM calls c
        LEFT JOIN routing_entries e ON e.id = c.routing_entry_id WHERE c.customer_id = $1 AND c.id = $2";
    let own: (Option<i64>, Option<i64>) =
        sqlx::query_as(credit_sql).bind(customer).bind(call).fetch_one(&mut *conn).await?;
    let first: Option<i64> = sqlx::query_scalar("SELECT callback_of FROM calls WHERE customer_id = $1 AND id = $2")
        .bind(customer)
        .bind(call)
        .fetch_one(&mut *conn)
        .await?;
    let first_credit = match first {
        Some(first) => {
            sqlx::query_as(credit_sql).bind(customer).bind(first).fetch_optional(&mut *conn).await?.map(credit_of)
        }
        None => None,
    };
    Ok((Some(call), sale_credit(credit_of(own), first_credit)))
}

/// A sale to store.
#[derive(Debug, Clone)]
pub struct NewSale {
    pub sold_at: i64,
    pub phone: String,
    pub reference: String,
    pub value_pence: i64,
    pub given_call_id: Option<i64>,
    pub import_id: Option<i64>,
}

/// Stores a sale, matched and credited under the account's settings.
pub async fn insert(
    conn: &mut AnyConnection,
    customer: i64,
    sale: &NewSale,
    settings: &MatchSettings,
    now: i64,
) -> sqlx::Result<i64> {
    let facts = SaleFacts { phone: sale.phone.clone(), sold_at: sale.sold_at, call_id: sale.given_call_id };
    let (call, credit) = match_one(&mut *conn, customer, &facts, settings).await?;
    sqlx::query_scalar(
        "INSERT INTO sales (customer_id, sold_at, phone, reference, value_pence, given_call_id, call_id, source_medium_id,
             campaign_id, import_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
    )
    .bind(customer)
    .bind(sale.sold_at)
    .bind(&sale.phone)
    .bind(&sale.reference)
    .bind(sale.value_pence)
    .bind(sale.given_call_id)
    .bind(call)
    .bind(credit.source_medium_id)
    .bind(credit.campaign_id)
    .bind(sale.import_id)
    .bind(now)
    .fetch_one(conn)
    .await
}

/// Saves the settings and matches every sale of the account again under them, in one
/// transaction; returns how many sales now match a call.
pub async fn save_settings_and_rematch(db: &AnyPool, customer: i64, settings: &MatchSettings) -> sqlx::Result<i64> {
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE customers SET sales_match_by = $2, sales_match_days = $3 WHERE id = $1")
        .bind(customer)
        .bind(settings.match_by.key())
        .bind(settings.match_days)
        .execute(&mut *tx)
        .await?;
    let sales: Vec<(i64, String, i64, Option<i64>)> =
        sqlx::query_as("SELECT id, phone, sold_at, given_call_id FROM sales WHERE customer_id = $1 ORDER BY id")
            .bind(customer)
            .fetch_all(&mut *tx)
            .await?;
    let mut matched = 0;
    for (id, phone, sold_at, given) in sales {
        let facts = SaleFacts { phone, sold_at, call_id: given };
        let (call, credit) = match_one(&mut tx, customer, &facts, settings).await?;
        matched += i64::from(call.is_some());
        sqlx::query(
            "UPDATE sales SET call_id = $3, source_medium_id = $4, campaign_id = $5 WHERE customer_id = $1 AND id = $2",
        )
        .bind(customer)
        .bind(id)
        .bind(call)
        .bind(credit.source_medium_id)
        .bind(credit.campaign_id)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(matched)
}

/// A line of the revenue table: what it is credited to ('' none), sales and revenue.
#[derive(Debug, Clone, FromRow)]
pub struct RevenueRow {
    pub label: String,
    pub sales: i64,
    pub value_pence: i64,
}

/// Sales in [start, end): (sales, matched, revenue in pence).
pub async fn totals(db: &AnyPool, customer: i64, (start, end): (i64, i64)) -> sqlx::Result<(i64, i64, i64)> {
    sqlx::query_as(
        "SELECT COUNT(*), COUNT(call_id), CAST(COALESCE(SUM(value_pence), 0) AS BIGINT) FROM sales
         WHERE customer_id = $1 AND sold_at >= $2 AND sold_at < $3",
    )
    .bind(customer)
    .bind(start)
    .bind(end)
    .fetch_one(db)
    .await
}

/// The revenue in [start, end) by source / medium, most first.
pub async fn by_source(db: &AnyPool, customer: i64, (start, end): (i64, i64)) -> sqlx::Result<Vec<RevenueRow>> {
    sqlx::query_as(
        "SELECT COALESCE(MAX(m.source || ' / ' || m.medium), '') AS label, COUNT(*) AS sales,
             CAST(COALESCE(SUM(s.value_pence), 0) AS BIGINT) AS value_pence
         FROM sales s LEFT JOIN sources_mediums m ON m.id = s.source_medium_id
         WHERE s.customer_id = $1 AND s.sold_at >= $2 AND s.sold_at < $3
         GROUP BY s.source_medium_id ORDER BY value_pence DESC, label",
    )
    .bind(customer)
    .bind(start)
    .bind(end)
    .fetch_all(db)
    .await
}

/// The revenue in [start, end) by campaign, most first.
pub async fn by_campaign(db: &AnyPool, customer: i64, (start, end): (i64, i64)) -> sqlx::Result<Vec<RevenueRow>> {
    sqlx::query_as(
        "SELECT COALESCE(MAX(k.description), '') AS label, COUNT(*) AS sales,
             CAST(COALESCE(SUM(s.value_pence), 0) AS BIGINT) AS value_pence
         FROM sales s LEFT JOIN campaigns k ON k.id = s.campaign_id
         WHERE s.customer_id = $1 AND s.sold_at >= $2 AND s.sold_at < $3
         GROUP BY s.campaign_id ORDER BY value_pence DESC, label",
    )
    .bind(customer)
    .bind(start)
    .bind(end)
    .fetch_all(db)
    .await
}

/// A sale as the latest sales list shows it.
#[derive(Debug, Clone, FromRow)]
pub struct SaleRow {
    pub id: i64,
    pub sold_at: i64,
    pub phone: String,
    pub reference: String,
    pub value_pence: i64,
    pub call_id: Option<i64>,
    pub credited: String,
}

/// The latest `limit` sales in [start, end).
pub async fn latest(db: &AnyPool, customer: i64, (start, end): (i64, i64), limit: i64) -> sqlx::Result<Vec<SaleRow>> {
    sqlx::query_as(&format!(
        "SELECT s.id, s.sold_at, s.phone, s.reference, s.value_pence, s.call_id,
             COALESCE(m.source || ' / ' || m.medium, '') AS credited
         FROM sales s LEFT JOIN sources_mediums m ON m.id = s.source_medium_id
         WHERE s.customer_id = $1 AND s.sold_at >= $2 AND s.sold_at < $3
         ORDER BY s.sold_at DESC, s.id DESC LIMIT {limit}"
    ))
    .bind(customer)
    .bind(start)
    .bind(end)
    .fetch_all(db)
    .await
}
