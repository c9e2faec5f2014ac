//! Dynamic pools as bought on the purchase form: the dynamic URL made for them, their numbers
//! taken from the inventory, the pool's routing entry, and a URL's pools with their numbers.

use crate::store::CustomerId;
use domain::routing::MID_CALL_AUDIOS;
use domain::services::dynamic_pool::DynamicPoolForm;
use sqlx::{Any, AnyConnection, FromRow, Transaction};

use crate::db::Flag;

/// The customer's DTMF plans a pool may end its calls with, by description.
pub async fn dtmf_plan_choices(conn: &mut AnyConnection, customer: CustomerId) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT id, description FROM dtmf_plans WHERE customer_id = $1 ORDER BY LOWER(description), id")
        .bind(customer)
        .fetch_all(&mut *conn)
        .await
}

/// A dynamic URL made for a new pool.
pub struct NewDynamicUrl<'a> {
    pub description: &'a str,
    pub url: &'a str,
    pub reference: &'a str,
    pub bots_filter: bool,
    /// The numbers on the page the script replaces, in order (blank ones left out).
    pub numbers_to_replace: Vec<&'a str>,
    pub created_at: i64,
}

/// Stores a new dynamic URL with its numbers to replace; its id.
pub async fn insert_dynamic_url(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    url: &NewDynamicUrl<'_>,
) -> sqlx::Result<i64> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO dynamic_urls (customer_id, description, url, reference, created_at, bots_filter)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(customer)
    .bind(url.description)
    .bind(url.url)
    .bind(url.reference)
    .bind(url.created_at)
    .bind(Flag(url.bots_filter))
    .fetch_one(&mut **tx)
    .await?;
    for (position, number) in url.numbers_to_replace.iter().enumerate() {
        sqlx::query("INSERT INTO dynamic_url_replacements (dynamic_url_id, position, number) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(position as i64)
            .bind(*number)
            .execute(&mut **tx)
            .await?;
    }
    Ok(id)
}

/// Takes up to `count` numbers of the prefix available at `now` out of the inventory, each
/// once (a buyer who loses a number to another gets fewer), in number order.
pub async fn take_numbers(
    tx: &mut Transaction<'_, Any>,
    prefix: i64,
    count: usize,
    now: i64,
) -> sqlx::Result<Vec<String>> {
    let taken: Vec<(String,)> = sqlx::query_as(
        "DELETE FROM available_numbers WHERE id IN
             (SELECT id FROM available_numbers WHERE prefix_id = $1 AND available_from <= $3 ORDER BY number LIMIT $2)
         RETURNING number",
    )
    .bind(prefix)
    .bind(count as i64)
    .bind(now)
    .fetch_all(&mut **tx)
    .await?;
    let mut numbers: Vec<String> = taken.into_iter().map(|(n,)| n).collect();
    numbers.sort();
    Ok(numbers)
}

/// Stores a checked pool's routing entry under `dynamic_url`, waiting to be provisioned; its id.
pub async fn insert_pool(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    pool: &DynamicPoolForm,
    dynamic_url: i64,
    now: i64,
) -> sqlx::Result<i64> {
    let audio = usize::try_from(pool.mid_call_audio_option).ok().and_then(|i| MID_CALL_AUDIOS.get(i)).copied();
    let (entry,): (i64,) = sqlx::query_as(
        "INSERT INTO routing_entries (customer_id, kind, pool_name, description, service_plan_id, call_recording,
             intro_audio_id, whisper_audio_id, mid_call_divert, mid_call_attribution, mid_call_audio, post_url,
             dynamic_url_id, number_format_id, custom_format, international_format_id, post_call_dtmf_plan_id,
             created_at, provisioned, provision_requested_at)
         VALUES ($1, 'dynamic', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 0, $17)
         RETURNING id",
    )
    .bind(customer)
    .bind(pool.pool_name.trim())
    .bind(pool.pool_name.trim())
    .bind((pool.service_plan > 0).then_some(pool.service_plan))
    .bind(Flag(pool.call_recording_flag))
    .bind(pool.intro_id.max(0))
    .bind(pool.whisper_id.max(0))
    .bind(Flag(pool.mid_call_divert_flag))
    .bind(Flag(pool.mid_call_flag))
    .bind(audio.unwrap_or(MID_CALL_AUDIOS[0]))
    .bind(pool.post_url.trim())
    .bind(dynamic_url)
    .bind(pool.number_format)
    .bind(pool.custom_format.trim())
    .bind(pool.international_format)
    .bind((pool.dtmf_post_call_option > 0).then_some(pool.dtmf_post_call_option))
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    Ok(entry)
}

/// Gives the pool its numbers.
pub async fn add_pool_numbers(tx: &mut Transaction<'_, Any>, entry: i64, numbers: &[String]) -> sqlx::Result<()> {
    for number in numbers {
        sqlx::query("INSERT INTO pool_numbers (number, routing_entry_id) VALUES ($1, $2)")
            .bind(number)
            .bind(entry)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// A pool's first number (its numbers' place), if it has any.
pub async fn first_number(db: &sqlx::AnyPool, pool: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT number FROM pool_numbers WHERE routing_entry_id = $1 ORDER BY number LIMIT 1")
        .bind(pool)
        .fetch_optional(db)
        .await
}

/// One of a dynamic URL's pools, with its numbers and routing.
#[derive(Debug, FromRow)]
pub struct UrlPool {
    pub id: i64,
    pub pool_name: String,
    /// The service plan's description, or None for a basic destination.
    pub plan: Option<String>,
    pub call_recording: Flag,
    pub provisioned: Flag,
    #[sqlx(skip)]
    pub numbers: Vec<String>,
}

/// The customer's pools of a dynamic URL in the order bought, each with its numbers: two reads
/// whatever the number of pools.
pub async fn pools_of_url(
    conn: &mut AnyConnection,
    customer: CustomerId,
    dynamic_url: i64,
) -> sqlx::Result<Vec<UrlPool>> {
    let mut pools: Vec<UrlPool> = sqlx::query_as(
        "SELECT e.id, e.pool_name, p.description AS plan, e.call_recording, e.provisioned
         FROM routing_entries e LEFT JOIN service_plans p ON p.id = e.service_plan_id AND p.customer_id = e.customer_id
         WHERE e.customer_id = $1 AND e.dynamic_url_id = $2 AND e.kind = 'dynamic' ORDER BY e.id",
    )
    .bind(customer)
    .bind(dynamic_url)
    .fetch_all(&mut *conn)
    .await?;
    let numbers: Vec<(i64, String)> = sqlx::query_as(
        "SELECT n.routing_entry_id, n.number FROM pool_numbers n JOIN routing_entries e ON e.id = n.routing_entry_id
         WHERE e.customer_id = $1 AND e.dynamic_url_id = $2 AND e.kind = 'dynamic' ORDER BY n.number",
    )
    .bind(customer)
    .bind(dynamic_url)
    .fetch_all(&mut *conn)
    .await?;
    for (entry, number) in numbers {
        if let Some(pool) = pools.iter_mut().find(|p| p.id == entry) {
            pool.numbers.push(number);
        }
    }
    Ok(pools)
}
