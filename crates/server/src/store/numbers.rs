//! Tracked numbers after purchase: the static numbers of a campaign and every
//! tracked number of the account (static numbers and the numbers of its pools) a page at a
//! time, one static number, and the changes the campaign pages make (attribution, campaign,
//! release). Every query is scoped by customer.

use crate::store::CustomerId;
use domain::list_query::{number_needles, TableQuery};
use domain::numbers::{AttributionEdit, NumberSort, ReleaseTerms};
use domain::NumberFormat;
use sqlx::{Any, AnyPool, FromRow, Transaction};

use super::page_clause;
use super::routing_entries::like_pattern;
use crate::db::Flag;

/// A row of the numbers lists, as stored.
#[derive(Debug, Clone, FromRow)]
pub struct NumberRow {
    pub id: i64,
    /// 'static' or 'pool'.
    pub kind: String,
    /// National digits.
    pub number: String,
    pub pool_id: i64,
    pub pool_name: String,
    pub dynamic_url_id: i64,
    pub campaign_id: i64,
    pub campaign: String,
    pub media_description: String,
    pub channel_id: i64,
    pub channel: String,
    pub media_owner_id: i64,
    pub media_owner: String,
    pub department_id: i64,
    pub department: String,
    pub service_plan_id: i64,
    pub plan_name: String,
    /// A basic connect's number ('' when advanced or not connected).
    pub destination: String,
    #[sqlx(try_from = "Flag")]
    pub call_recording: bool,
    #[sqlx(try_from = "Flag")]
    pub provisioned: bool,
    pub created_at: i64,
    pub calls: i64,
}

/// The lists' columns shared by both kinds of row, after `routing_entries e` and its joins.
const SHARED: &str = "COALESCE(e.campaign_id, 0) AS campaign_id, COALESCE(k.description, '') AS campaign,
    e.media_description AS media_description, COALESCE(e.channel_id, 0) AS channel_id,
    COALESCE(ch.description, '') AS channel, COALESCE(e.media_owner_id, 0) AS media_owner_id,
    COALESCE(mo.description, '') AS media_owner, COALESCE(e.department_id, 0) AS department_id,
    COALESCE(d.description, '') AS department, COALESCE(e.service_plan_id, 0) AS service_plan_id,
    COALESCE(p.description, '') AS plan_name, e.destination AS destination, e.call_recording AS call_recording,
    e.provisioned AS provisioned, e.created_at AS created_at";

const JOINS: &str = "LEFT JOIN campaigns k ON k.id = e.campaign_id LEFT JOIN channels ch ON ch.id = e.channel_id
    LEFT JOIN media_owners mo ON mo.id = e.media_owner_id LEFT JOIN departments d ON d.id = e.department_id
    LEFT JOIN service_plans p ON p.id = e.service_plan_id";

/// Every tracked number of the customer ($1): static numbers and the numbers of its pools, as
/// one relation `n` to filter, sort and page, without their calls (`calls_of`).
fn every_number() -> String {
    format!(
        "SELECT e.id AS id, 'static' AS kind, e.number AS number, 0 AS pool_id, '' AS pool_name,
            0 AS dynamic_url_id, {SHARED}
         FROM routing_entries e {JOINS} WHERE e.customer_id = $1 AND e.kind = 'static'
         UNION ALL
         SELECT e.id AS id, 'pool' AS kind, pn.number AS number, e.id AS pool_id, e.pool_name AS pool_name,
            COALESCE(e.dynamic_url_id, 0) AS dynamic_url_id, {SHARED}
         FROM pool_numbers pn JOIN routing_entries e ON e.id = pn.routing_entry_id {JOINS}
         WHERE e.customer_id = $1 AND e.kind = 'dynamic'"
    )
}

/// The inbound calls in [$start, $end) (placeholders `start` and the one after) of the row `n` of
/// `every_number`: a static number's calls, a pool number's calls to that number (index
/// calls_customer_entry_time).
fn calls_of(start: usize) -> String {
    let end = start + 1;
    format!(
        "(SELECT COUNT(*) FROM calls c WHERE c.customer_id = $1 AND c.routing_entry_id = n.id
            AND (n.kind = 'static' OR c.tracked_number = n.number) AND c.direction = 'inbound'
            AND c.started_at >= ${start} AND c.started_at < ${end})"
    )
}

/// A page of numbers and how many match its search.
#[derive(Debug)]
pub struct NumberPage {
    pub rows: Vec<NumberRow>,
    pub total: i64,
}

/// Which numbers: a campaign's static numbers, or every tracked number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Campaign(i64),
    Everything,
}

/// A page of the numbers in `scope` matching the query's search, and how many match.
pub async fn page(
    db: &AnyPool,
    customer: CustomerId,
    scope: Scope,
    query: &TableQuery<NumberSort>,
    format: &NumberFormat,
    (start, end): (i64, i64),
) -> sqlx::Result<NumberPage> {
    let mut condition = String::from("WHERE 1 = 1");
    let mut binds: Vec<String> = Vec::new();
    if let Scope::Campaign(id) = scope {
        // An id, not text: written into the statement as a number.
        condition.push_str(&format!(" AND n.kind = 'static' AND n.campaign_id = {id}"));
    }
    if !query.search.is_empty() {
        let mut any = Vec::new();
        let text = like_pattern(&query.search.to_lowercase());
        for column in ["campaign", "channel", "media_owner", "department", "media_description", "pool_name"] {
            binds.push(text.clone());
            any.push(format!("LOWER(n.{column}) LIKE ${} ESCAPE '\\'", binds.len() + 1));
        }
        for digits in number_needles(&query.search, format) {
            binds.push(like_pattern(&digits));
            any.push(format!("n.number LIKE ${} ESCAPE '\\'", binds.len() + 1));
        }
        condition.push_str(&format!(" AND ({})", any.join(" OR ")));
    }
    let column = match query.sort {
        NumberSort::Bought => "n.created_at",
        NumberSort::Number => "n.number",
        NumberSort::Campaign => "LOWER(n.campaign)",
        NumberSort::MediaDescription => "LOWER(n.media_description)",
        NumberSort::Channel => "LOWER(n.channel)",
        NumberSort::MediaOwner => "LOWER(n.media_owner)",
        NumberSort::Department => "LOWER(n.department)",
        NumberSort::Calls => "n.calls",
    };
    let direction = if query.descending { "DESC" } else { "ASC" };
    let order = format!("ORDER BY {column} {direction}, n.id ASC, n.number ASC");
    let (relation, page) = (every_number(), page_clause(query));
    // The calls are counted for the page's rows only, unless the page is chosen by them.
    let calls = calls_of(binds.len() + 2);
    let select = if query.sort == NumberSort::Calls {
        format!("SELECT * FROM (SELECT n.*, {calls} AS calls FROM ({relation}) n {condition}) n {order}{page}")
    } else {
        format!("SELECT n.*, {calls} AS calls FROM (SELECT * FROM ({relation}) n {condition} {order}{page}) n {order}")
    };
    let count = format!("SELECT COUNT(*) FROM ({relation}) n {condition}");
    let mut rows = sqlx::query_as::<_, NumberRow>(&select).bind(customer);
    let mut total = sqlx::query_as::<_, (i64,)>(&count).bind(customer);
    for value in &binds {
        rows = rows.bind(value.as_str());
        total = total.bind(value.as_str());
    }
    let (rows, (total,)) = tokio::try_join!(rows.bind(start).bind(end).fetch_all(db), total.fetch_one(db))?;
    Ok(NumberPage { rows, total })
}

/// One of the customer's static numbers.
pub async fn one(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    (start, end): (i64, i64),
) -> sqlx::Result<Option<NumberRow>> {
    let sql = format!(
        "SELECT n.*, {} AS calls FROM ({}) n WHERE n.kind = 'static' AND n.id = $4",
        calls_of(2),
        every_number()
    );
    sqlx::query_as(&sql).bind(customer).bind(start).bind(end).bind(id).fetch_optional(db).await
}

/// The customer's static numbers among `ids` (id, number), locked for the change being made.
pub async fn owned_statics(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    ids: &[i64],
) -> sqlx::Result<Vec<(i64, String)>> {
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    // ids are numbers checked by the domain (`number_ids`), written into the statement.
    sqlx::query_as(&format!(
        "SELECT id, number FROM routing_entries WHERE customer_id = $1 AND kind = 'static' AND id IN ({list}) ORDER BY id"
    ))
    .bind(customer)
    .fetch_all(&mut **tx)
    .await
}

/// Sets the fields the edit names on the numbers (already checked to be the customer's).
pub async fn update_attribution(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    ids: &[i64],
    edit: &AttributionEdit,
) -> sqlx::Result<()> {
    let list = |id: i64| (id > 0).then_some(id);
    for id in ids {
        if let Some(text) = &edit.media_description {
            sqlx::query("UPDATE routing_entries SET media_description = $1 WHERE id = $2 AND customer_id = $3")
                .bind(text.trim())
                .bind(id)
                .bind(customer)
                .execute(&mut **tx)
                .await?;
        }
        for (column, value) in
            [("channel_id", edit.channel), ("department_id", edit.department), ("media_owner_id", edit.media_owner)]
        {
            if let Some(value) = value {
                sqlx::query(&format!("UPDATE routing_entries SET {column} = $1 WHERE id = $2 AND customer_id = $3"))
                    .bind(list(value))
                    .bind(id)
                    .bind(customer)
                    .execute(&mut **tx)
                    .await?;
            }
        }
    }
    Ok(())
}

/// Files the numbers under another campaign of the customer.
pub async fn move_to(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    ids: &[i64],
    campaign: i64,
) -> sqlx::Result<()> {
    for id in ids {
        sqlx::query("UPDATE routing_entries SET campaign_id = $1 WHERE id = $2 AND customer_id = $3")
            .bind(campaign)
            .bind(id)
            .bind(customer)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Releases a static number: it is kept in released_numbers (under its entry id) with what the invoice
/// needs (when bought, when its charge ends) and leaves routing_entries.
pub async fn release(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    id: i64,
    released_by: i64,
    now: i64,
    terms: &ReleaseTerms,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO released_numbers (entry_id, customer_id, number, description, campaign_id, channel_id, department_id,
             media_owner_id, media_description, created_at, released_at, charge_ends_at, released_by)
         SELECT id, customer_id, number, description, campaign_id, channel_id, department_id, media_owner_id,
             media_description, created_at, $3, $4, $5
         FROM routing_entries WHERE id = $1 AND customer_id = $2",
    )
    .bind(id)
    .bind(customer)
    .bind(now)
    .bind(terms.charge_ends_at)
    .bind(released_by)
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM routing_entries WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Whether the customer released the number with this id (a rollback cannot bring it back).
pub async fn released_label(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    id: i64,
) -> sqlx::Result<Option<String>> {
    let found: Option<(String,)> =
        sqlx::query_as("SELECT number FROM released_numbers WHERE entry_id = $1 AND customer_id = $2")
            .bind(id)
            .bind(customer)
            .fetch_optional(&mut **tx)
            .await?;
    Ok(found.map(|(number,)| number))
}

/// When the number's first stored inbound call came (None without calls).
pub async fn first_call(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<i64>> {
    let (first,): (Option<i64>,) = sqlx::query_as(
        "SELECT MIN(started_at) FROM calls WHERE customer_id = $1 AND routing_entry_id = $2 AND direction = 'inbound'",
    )
    .bind(customer)
    .bind(id)
    .fetch_one(db)
    .await?;
    Ok(first)
}
