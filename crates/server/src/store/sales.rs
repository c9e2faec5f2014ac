//! Sales (/tracksales): the account's matching settings, a sale matched and credited
//! (domain `sales::match_sale`; a sale takes its call's credit, domain `reports::credit`) as it is stored or matched again, and the
//! revenue by source / medium and campaign over a period. Every statement starts from the customer.

use crate::store::CustomerId;
use domain::sales::{match_sale, CandidateCall, Credit, MatchBy, MatchSettings, SaleFacts};
use std::collections::HashMap;

use sqlx::{AnyConnection, AnyPool, FromRow};

const DAY: i64 = 24 * 60 * 60;

pub async fn settings(db: &AnyPool, customer: CustomerId) -> sqlx::Result<MatchSettings> {
    let (by, days): (String, i64) =
        sqlx::query_as("SELECT sales_match_by, sales_match_days FROM customers WHERE id = $1")
            .bind(customer)
            .fetch_one(db)
            .await?;
    Ok(MatchSettings { match_by: MatchBy::from_key(&by).unwrap_or(MatchBy::CallerNumber), match_days: days })
}

/// `$first, $first+1, ...`: `count` placeholders for an IN list.
fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// Values bound at most per statement (both backends accept far more).
const IN_LIST: usize = 500;

/// The account's inbound calls `sales` may match, by the caller's number (within the days
/// before the earliest and the latest sale) or by the ids given: a few statements for any
/// number of sales, however many there are.
async fn candidates(
    conn: &mut AnyConnection,
    customer: CustomerId,
    sales: &[SaleFacts],
    settings: &MatchSettings,
) -> sqlx::Result<Vec<CandidateCall>> {
    let mut found: Vec<(i64, String, i64)> = Vec::new();
    match settings.match_by {
        MatchBy::CallerNumber => {
            let with_phone = || sales.iter().filter(|s| !s.phone.is_empty());
            let (Some(first), Some(last)) =
                (with_phone().map(|s| s.sold_at).min(), with_phone().map(|s| s.sold_at).max())
            else {
                return Ok(Vec::new());
            };
            let mut phones: Vec<&str> = with_phone().map(|s| s.phone.as_str()).collect();
            phones.sort_unstable();
            phones.dedup();
            for chunk in phones.chunks(IN_LIST) {
                let sql = format!(
                    "SELECT id, caller_number, started_at FROM calls WHERE customer_id = $1 AND direction = 'inbound'
                     AND started_at >= $2 AND started_at <= $3 AND caller_number IN ({})",
                    placeholders(4, chunk.len())
                );
                let mut query = sqlx::query_as(&sql)
                    .bind(customer)
                    .bind(first.saturating_sub(settings.match_days.saturating_mul(DAY)))
                    .bind(last);
                for phone in chunk {
                    query = query.bind(*phone);
                }
                found.extend(query.fetch_all(&mut *conn).await?);
            }
        }
        MatchBy::CallId => {
            let mut ids: Vec<i64> = sales.iter().filter_map(|s| s.call_id).collect();
            ids.sort_unstable();
            ids.dedup();
            for chunk in ids.chunks(IN_LIST) {
                let sql = format!(
                    "SELECT id, caller_number, started_at FROM calls WHERE customer_id = $1 AND direction = 'inbound'
                     AND id IN ({})",
                    placeholders(2, chunk.len())
                );
                let mut query = sqlx::query_as(&sql).bind(customer);
                for id in chunk {
                    query = query.bind(*id);
                }
                found.extend(query.fetch_all(&mut *conn).await?);
            }
        }
    }
    Ok(found.into_iter().map(|(id, caller, started_at)| CandidateCall { id, caller, started_at }).collect())
}

/// Each call's credit as stored with it (domain `reports::credit`), by id.
async fn call_credits(
    conn: &mut AnyConnection,
    customer: CustomerId,
    ids: &[i64],
) -> sqlx::Result<HashMap<i64, Credit>> {
    let mut credits = HashMap::new();
    for chunk in ids.chunks(IN_LIST) {
        let sql = format!(
            "SELECT id, credit_source_id, campaign_id FROM calls WHERE customer_id = $1 AND id IN ({})",
            placeholders(2, chunk.len())
        );
        let mut query = sqlx::query_as(&sql).bind(customer);
        for id in chunk {
            query = query.bind(*id);
        }
        let rows: Vec<(i64, Option<i64>, Option<i64>)> = query.fetch_all(&mut *conn).await?;
        for (id, source_medium_id, campaign_id) in rows {
            credits.insert(id, Credit { source_medium_id, campaign_id });
        }
    }
    Ok(credits)
}

/// The call each sale matches under `settings` (domain `match_sale`), and what it is credited
/// to (its call's), in the order of `sales`: the calls and their credits are read in
/// batches, so matching 100,000 sales takes a few hundred statements, not several per sale.
pub async fn match_many(
    conn: &mut AnyConnection,
    customer: CustomerId,
    sales: &[SaleFacts],
    settings: &MatchSettings,
) -> sqlx::Result<Vec<(Option<i64>, Credit)>> {
    let calls = candidates(&mut *conn, customer, sales, settings).await?;
    let mut by_key: HashMap<&str, Vec<CandidateCall>> = HashMap::new();
    let mut by_id: HashMap<i64, CandidateCall> = HashMap::new();
    for call in &calls {
        by_key.entry(call.caller.as_str()).or_default().push(call.clone());
        by_id.insert(call.id, call.clone());
    }
    let matched: Vec<Option<i64>> = sales
        .iter()
        .map(|sale| {
            let own: Vec<CandidateCall> = match settings.match_by {
                MatchBy::CallerNumber => by_key.get(sale.phone.as_str()).cloned().unwrap_or_default(),
                MatchBy::CallId => sale.call_id.and_then(|id| by_id.get(&id).cloned()).into_iter().collect(),
            };
            match_sale(sale, &own, settings)
        })
        .collect();
    let mut ids: Vec<i64> = matched.iter().flatten().copied().collect();
    ids.sort_unstable();
    ids.dedup();
    let credits = call_credits(&mut *conn, customer, &ids).await?;
    Ok(matched
        .into_iter()
        .map(|call| match call.and_then(|c| credits.get(&c)) {
            Some(credit) => (call, *credit),
            None => (None, Credit::default()),
        })
        .collect())
}

/// The call a sale matches under `settings`, and what the sale is credited to.
pub async fn match_one(
    conn: &mut AnyConnection,
    customer: CustomerId,
    sale: &SaleFacts,
    settings: &MatchSettings,
) -> sqlx::Result<(Option<i64>, Credit)> {
    let mut found = match_many(conn, customer, std::slice::from_ref(sale), settings).await?;
    Ok(found.pop().unwrap_or_default())
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
    customer: CustomerId,
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
pub async fn save_settings_and_rematch(
    db: &AnyPool,
    customer: CustomerId,
    settings: &MatchSettings,
) -> sqlx::Result<i64> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("UPDATE customers SET sales_match_by = $2, sales_match_days = $3 WHERE id = $1")
        .bind(customer)
        .bind(settings.match_by.key())
        .bind(settings.match_days)
        .execute(&mut *tx)
        .await?;
    let sales: Vec<(i64, String, i64, Option<i64>)> =
        sqlx::query_as("SELECT id, phone, sold_at, given_call_id FROM sales WHERE customer_id = $1 AND replaced_by_import IS NULL ORDER BY id")
            .bind(customer)
            .fetch_all(&mut *tx)
            .await?;
    let mut matched = 0;
    for chunk in sales.chunks(1_000) {
        let facts: Vec<SaleFacts> = chunk
            .iter()
            .map(|(_, phone, sold_at, given)| SaleFacts { phone: phone.clone(), sold_at: *sold_at, call_id: *given })
            .collect();
        let found = match_many(&mut tx, customer, &facts, settings).await?;
        for ((id, ..), (call, credit)) in chunk.iter().zip(found) {
            matched += i64::from(call.is_some());
            sqlx::query(
            "UPDATE sales SET call_id = $3, source_medium_id = $4, campaign_id = $5 WHERE customer_id = $1 AND id = $2",
        )
        .bind(customer)
        .bind(*id)
        .bind(call)
        .bind(credit.source_medium_id)
        .bind(credit.campaign_id)
        .execute(&mut *tx)
        .await?;
        }
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
pub async fn totals(db: &AnyPool, customer: CustomerId, (start, end): (i64, i64)) -> sqlx::Result<(i64, i64, i64)> {
    sqlx::query_as(
        "SELECT COUNT(*), COUNT(call_id), CAST(COALESCE(SUM(value_pence), 0) AS BIGINT) FROM sales
         WHERE customer_id = $1 AND sold_at >= $2 AND sold_at < $3 AND replaced_by_import IS NULL",
    )
    .bind(customer)
    .bind(start)
    .bind(end)
    .fetch_one(db)
    .await
}

/// The revenue in [start, end) by source / medium, most first.
pub async fn by_source(db: &AnyPool, customer: CustomerId, (start, end): (i64, i64)) -> sqlx::Result<Vec<RevenueRow>> {
    sqlx::query_as(
        "SELECT COALESCE(MAX(m.source || ' / ' || m.medium), '') AS label, COUNT(*) AS sales,
             CAST(COALESCE(SUM(s.value_pence), 0) AS BIGINT) AS value_pence
         FROM sales s LEFT JOIN sources_mediums m ON m.id = s.source_medium_id
         WHERE s.customer_id = $1 AND s.sold_at >= $2 AND s.sold_at < $3 AND s.replaced_by_import IS NULL
         GROUP BY s.source_medium_id ORDER BY value_pence DESC, label",
    )
    .bind(customer)
    .bind(start)
    .bind(end)
    .fetch_all(db)
    .await
}

/// The revenue in [start, end) by campaign, most first.
pub async fn by_campaign(
    db: &AnyPool,
    customer: CustomerId,
    (start, end): (i64, i64),
) -> sqlx::Result<Vec<RevenueRow>> {
    sqlx::query_as(
        "SELECT COALESCE(MAX(k.description), '') AS label, COUNT(*) AS sales,
             CAST(COALESCE(SUM(s.value_pence), 0) AS BIGINT) AS value_pence
         FROM sales s LEFT JOIN campaigns k ON k.id = s.campaign_id
         WHERE s.customer_id = $1 AND s.sold_at >= $2 AND s.sold_at < $3 AND s.replaced_by_import IS NULL
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
pub async fn latest(
    db: &AnyPool,
    customer: CustomerId,
    (start, end): (i64, i64),
    limit: i64,
) -> sqlx::Result<Vec<SaleRow>> {
    sqlx::query_as(&format!(
        "SELECT s.id, s.sold_at, s.phone, s.reference, s.value_pence, s.call_id,
             COALESCE(m.source || ' / ' || m.medium, '') AS credited
         FROM sales s LEFT JOIN sources_mediums m ON m.id = s.source_medium_id
         WHERE s.customer_id = $1 AND s.sold_at >= $2 AND s.sold_at < $3 AND s.replaced_by_import IS NULL
         ORDER BY s.sold_at DESC, s.id DESC LIMIT {limit}"
    ))
    .bind(customer)
    .bind(start)
    .bind(end)
    .fetch_all(db)
    .await
}
