//! A call's credit as it is written (domain `reports::credit`), and the one condition every
//! figure counts calls by.
//!
//! The credit is stored with the call (`credit_source_id`, `campaign_id`), so the dashboard, the
//! call log and its export, Source / mediums, Campaigns, the numbers' lists, the e-mails, Track
//! sales and the reporting API all read the same columns: none works it out again.

use domain::reports::{callback_after, credit_of, is_abandoned, static_pair, visit_campaign, CallOutcome};
use domain::reports::{Credit, LatestCall};
use sqlx::AnyConnection;

use crate::store::CustomerId;

/// The calls a figure counts, binding the customer as $1 and the period as [$2, $3): the
/// customer's inbound calls that started in it (domain `reports::credit::counts`).
pub const COUNTED: &str = "c.customer_id = $1 AND c.direction = 'inbound' AND c.started_at >= $2 AND c.started_at < $3";

/// What a figure is broken down by: the source / medium or the campaign a call is credited to,
/// or the number or pool it came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breakdown {
    Source,
    Campaign,
    Number,
}

impl Breakdown {
    pub fn from_key(key: &str) -> Option<Breakdown> {
        match key {
            "source" => Some(Breakdown::Source),
            "campaign" => Some(Breakdown::Campaign),
            "number" => Some(Breakdown::Number),
            _ => None,
        }
    }

    /// The call's column a line is keyed by (ours, never input).
    pub fn call_column(self) -> &'static str {
        match self {
            Breakdown::Source => "c.credit_source_id",
            Breakdown::Campaign => "c.campaign_id",
            Breakdown::Number => "c.routing_entry_id",
        }
    }
}

/// The customer's pair of that source and medium, made if missing.
pub async fn pair_id(conn: &mut AnyConnection, customer: CustomerId, source: &str, medium: &str) -> sqlx::Result<i64> {
    sqlx::query("INSERT INTO sources_mediums (customer_id, source, medium) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
        .bind(customer)
        .bind(source)
        .bind(medium)
        .execute(&mut *conn)
        .await?;
    sqlx::query_scalar("SELECT id FROM sources_mediums WHERE customer_id = $1 AND source = $2 AND medium = $3")
        .bind(customer)
        .bind(source)
        .bind(medium)
        .fetch_one(&mut *conn)
        .await
}

/// The customer's campaign of that name (in any case), made if missing.
pub async fn campaign_id(conn: &mut AnyConnection, customer: CustomerId, name: &str, now: i64) -> sqlx::Result<i64> {
    sqlx::query(
        "INSERT INTO campaigns (customer_id, description, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
    )
    .bind(customer)
    .bind(name)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    sqlx::query_scalar(
        "SELECT id FROM campaigns WHERE customer_id = $1 AND LOWER(description) = LOWER($2) ORDER BY id LIMIT 1",
    )
    .bind(customer)
    .bind(name)
    .fetch_one(&mut *conn)
    .await
}

/// A static number's own credit: its channel's offline pair and its campaign. None for a number
/// that is not the customer's static one.
pub async fn static_number(conn: &mut AnyConnection, customer: CustomerId, entry: i64) -> sqlx::Result<Credit> {
    let row: Option<(Option<i64>, Option<String>)> = sqlx::query_as(
        "SELECT e.campaign_id, ch.description FROM routing_entries e
         LEFT JOIN channels ch ON ch.id = e.channel_id AND ch.customer_id = e.customer_id
         WHERE e.id = $1 AND e.customer_id = $2 AND e.kind = 'static'",
    )
    .bind(entry)
    .bind(customer)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((campaign, channel)) = row else { return Ok(Credit::default()) };
    let (source, medium) = static_pair(channel.as_deref());
    let pair = pair_id(conn, customer, &source, &medium).await?;
    Ok(Credit { source_medium_id: Some(pair), campaign_id: campaign })
}

/// A pool call's credit: its visit's source / medium and the campaign the visit names.
pub async fn visit(
    conn: &mut AnyConnection,
    customer: CustomerId,
    source_medium_id: Option<i64>,
    landing_page: &str,
    now: i64,
) -> sqlx::Result<Credit> {
    let campaign = match visit_campaign(landing_page) {
        Some(name) => Some(campaign_id(conn, customer, &name, now).await?),
        None => None,
    };
    Ok(Credit { source_medium_id, campaign_id: campaign })
}

/// The missed call a new call from `caller` at `started_at` calls back (domain
/// `reports::callback_after`, from the caller's latest call and its stored link), with its
/// credit. None for a withheld caller.
pub async fn missed_call(
    conn: &mut AnyConnection,
    customer: CustomerId,
    caller: &str,
    started_at: i64,
) -> sqlx::Result<Option<(i64, Credit)>> {
    if caller.is_empty() {
        return Ok(None);
    }
    type Latest = (i64, i64, String, i64, Option<i64>, Option<i64>);
    let latest: Option<Latest> = sqlx::query_as(
        "SELECT c.id, c.started_at, c.outcome, c.talk_seconds, c.callback_of, f.started_at FROM calls c
         LEFT JOIN calls f ON f.id = c.callback_of AND f.customer_id = c.customer_id
         WHERE c.customer_id = $1 AND c.caller_number = $2 AND c.direction = 'inbound' AND c.started_at <= $3
           AND c.in_progress = 0
         ORDER BY c.started_at DESC, c.id DESC LIMIT 1",
    )
    .bind(customer)
    .bind(caller)
    .bind(started_at)
    .fetch_optional(&mut *conn)
    .await?;
    let latest = latest.map(|(id, at, outcome, talk, callback_of, first_at)| LatestCall {
        id,
        started_at: at,
        abandoned: is_abandoned(CallOutcome::from_key(&outcome).unwrap_or(CallOutcome::Missed), talk),
        linked_to: callback_of.map(|first| (first, first_at.unwrap_or(at))),
    });
    let Some(first) = callback_after(latest, started_at) else { return Ok(None) };
    let credit: Option<(Option<i64>, Option<i64>)> =
        sqlx::query_as("SELECT credit_source_id, campaign_id FROM calls WHERE id = $1 AND customer_id = $2")
            .bind(first)
            .bind(customer)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(credit.map(|(source_medium_id, campaign_id)| (first, Credit { source_medium_id, campaign_id })))
}

/// A new call's credit from its own and the missed call it calls back, if any.
pub fn credited(own: Credit, missed: Option<(i64, Credit)>) -> (Credit, Option<i64>) {
    (credit_of(own, missed.map(|(_, credit)| credit)), missed.map(|(id, _)| id))
}
