//! Real calls as the telephony engine brings them: which customer's number was dialled, the
//! visit holding a pool number, and the call's row, written at the first ring (keyed by the
//! engine's channel id, so a replayed event writes nothing twice) and completed at the end.

use sqlx::{AnyPool, FromRow};

use crate::db::Flag;
use crate::store::{call_credit, CustomerId};
use domain::reports::Credit;

/// A tracked number as a call to it finds it: whose it is and which number or pool answers.
#[derive(Debug, Clone, FromRow)]
pub struct Tracked {
    pub customer_id: CustomerId,
    pub entry_id: i64,
    /// "static" or "dynamic" (a pool's number).
    pub kind: String,
    pub time_zone: String,
}

/// The number or pool that answers `number` (national digits), if any customer tracks it.
pub async fn tracked(db: &AnyPool, number: &str) -> sqlx::Result<Option<Tracked>> {
    sqlx::query_as(
        "SELECT e.customer_id, e.id AS entry_id, e.kind, c.time_zone
         FROM routing_entries e JOIN customers c ON c.id = e.customer_id
         WHERE (e.kind = 'static' AND e.number = $1)
            OR e.id = (SELECT routing_entry_id FROM pool_numbers WHERE number = $1)
         ORDER BY e.id LIMIT 1",
    )
    .bind(number)
    .fetch_optional(db)
    .await
}

/// The latest visit shown `number` of pool `entry` on its own (a shared number credits no one),
/// with when it was last seen: the domain decides whether it still held the number.
#[derive(Debug, Clone, FromRow)]
pub struct Holder {
    pub id: i64,
    pub source_medium_id: Option<i64>,
    pub landing_page: String,
    pub last_seen_at: i64,
}

pub async fn latest_holder(
    db: &AnyPool,
    customer: CustomerId,
    entry: i64,
    number: &str,
    at: i64,
) -> sqlx::Result<Option<Holder>> {
    sqlx::query_as(
        "SELECT id, source_medium_id, landing_page, last_seen_at FROM visits
         WHERE customer_id = $1 AND routing_entry_id = $2 AND number_shown = $3 AND pool_exhausted = 0
           AND started_at <= $4
         ORDER BY last_seen_at DESC, id DESC LIMIT 1",
    )
    .bind(customer)
    .bind(entry)
    .bind(number)
    .bind(at)
    .fetch_optional(db)
    .await
}

/// A call as it arrives.
#[derive(Debug, Clone)]
pub struct Arrival<'a> {
    pub customer: CustomerId,
    pub entry_id: i64,
    pub channel: &'a str,
    pub rate_item: &'a str,
    pub started_at: i64,
    pub caller: &'a str,
    pub tracked_number: &'a str,
    /// A static number's call, else a pool's.
    pub static_number: bool,
    /// The visit a pool call is credited to.
    pub visit: Option<&'a Holder>,
    pub recorded: bool,
}

/// Writes the call's row at its first ring (nothing if the channel's row exists) and gives its
/// id, credited as the domain says (`store::call_credit`): the static number's own source and
/// campaign, or its visit's, or the missed call's it calls back. A credited visit is marked
/// called.
pub async fn open(db: &AnyPool, call: &Arrival<'_>) -> sqlx::Result<i64> {
    let mut tx = crate::db::begin_write(db).await?;
    let customer = call.customer;
    let own = match call.visit {
        _ if call.static_number => call_credit::static_number(&mut tx, customer, call.entry_id).await?,
        Some(visit) => {
            call_credit::visit(&mut tx, customer, visit.source_medium_id, &visit.landing_page, call.started_at).await?
        }
        None => Credit::default(),
    };
    let missed = call_credit::missed_call(&mut tx, customer, call.caller, call.started_at).await?;
    let (credit, callback_of) = call_credit::credited(own, missed);
    let inserted = sqlx::query(
        "INSERT INTO calls (customer_id, routing_entry_id, direction, rate_item, started_at, duration_seconds, minutes,
             cost_tenth_pence, recorded, caller_number, tracked_number, visit_id, source_medium_id, outcome,
             engine_channel, in_progress, credit_source_id, campaign_id, callback_of)
         VALUES ($1, $2, 'inbound', $3, $4, 0, 0, 0, $5, $6, $7, $8, $9, 'missed', $10, 1, $11, $12, $13)
         ON CONFLICT (engine_channel) WHERE engine_channel IS NOT NULL DO NOTHING",
    )
    .bind(customer)
    .bind(call.entry_id)
    .bind(call.rate_item)
    .bind(call.started_at)
    .bind(Flag(call.recorded))
    .bind(call.caller)
    .bind(call.tracked_number)
    .bind(call.visit.map(|v| v.id))
    .bind(own.source_medium_id)
    .bind(call.channel)
    .bind(credit.source_medium_id)
    .bind(credit.campaign_id)
    .bind(callback_of)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if inserted == 1 {
        if let Some(visit) = call.visit {
            sqlx::query("UPDATE visits SET called = 1 WHERE id = $1 AND customer_id = $2")
                .bind(visit.id)
                .bind(customer)
                .execute(&mut *tx)
                .await?;
        }
    }
    let id = sqlx::query_scalar("SELECT id FROM calls WHERE engine_channel = $1")
        .bind(call.channel)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(id)
}

/// A test call from a browser phone as it arrives: the account's own number, called by one of
/// its users; credited to nothing, charged nothing (domain `reports::test_call`).
pub struct TestArrival<'a> {
    pub customer: CustomerId,
    pub entry_id: i64,
    pub user_id: i64,
    pub channel: &'a str,
    pub started_at: i64,
    pub tracked_number: &'a str,
    pub note: &'a str,
}

/// Writes a test call's row at its first ring (nothing if the channel's row exists); its id.
pub async fn open_test(db: &AnyPool, call: &TestArrival<'_>) -> sqlx::Result<i64> {
    sqlx::query(
        "INSERT INTO calls (customer_id, routing_entry_id, user_id, direction, rate_item, started_at, duration_seconds,
             minutes, cost_tenth_pence, recorded, caller_number, tracked_number, outcome, engine_channel, in_progress,
             test_note)
         VALUES ($1, $2, $3, 'test', '', $4, 0, 0, 0, 0, '', $5, 'missed', $6, 1, $7)
         ON CONFLICT (engine_channel) WHERE engine_channel IS NOT NULL DO NOTHING",
    )
    .bind(call.customer)
    .bind(call.entry_id)
    .bind(call.user_id)
    .bind(call.started_at)
    .bind(call.tracked_number)
    .bind(call.channel)
    .bind(call.note)
    .execute(db)
    .await?;
    sqlx::query_scalar("SELECT id FROM calls WHERE engine_channel = $1").bind(call.channel).fetch_one(db).await
}

/// An agent's call out from a browser phone as it arrives: written as the account's outbound
/// calls are (the number rung as the caller's, the agent, the rate item), on the agent's campaign.
pub struct OutArrival<'a> {
    pub customer: CustomerId,
    pub user_id: i64,
    pub channel: &'a str,
    pub started_at: i64,
    pub destination: &'a str,
    pub caller_id: &'a str,
    pub rate_item: &'a str,
    pub outbound_campaign_id: Option<i64>,
}

/// Writes a call out's row at its first ring (nothing if the channel's row exists); its id.
pub async fn open_out(db: &AnyPool, call: &OutArrival<'_>) -> sqlx::Result<i64> {
    sqlx::query(
        "INSERT INTO calls (customer_id, user_id, direction, rate_item, started_at, duration_seconds, minutes,
             cost_tenth_pence, recorded, caller_number, tracked_number, outcome, engine_channel, in_progress,
             outbound_campaign_id)
         VALUES ($1, $2, 'outbound', $3, $4, 0, 0, 0, 0, $5, $6, 'missed', $7, 1, $8)
         ON CONFLICT (engine_channel) WHERE engine_channel IS NOT NULL DO NOTHING",
    )
    .bind(call.customer)
    .bind(call.user_id)
    .bind(call.rate_item)
    .bind(call.started_at)
    .bind(call.destination)
    .bind(call.caller_id)
    .bind(call.channel)
    .bind(call.outbound_campaign_id)
    .execute(db)
    .await?;
    sqlx::query_scalar("SELECT id FROM calls WHERE engine_channel = $1").bind(call.channel).fetch_one(db).await
}

/// The account's time zone, and whether its agents' calls out are recorded.
pub async fn out_settings(db: &AnyPool, customer: CustomerId) -> sqlx::Result<(String, bool)> {
    let (zone, Flag(recorded)): (String, Flag) =
        sqlx::query_as("SELECT time_zone, record_outbound_calls FROM customers WHERE id = $1")
            .bind(customer)
            .fetch_one(db)
            .await?;
    Ok((zone, recorded))
}

/// The number a test call of `entry` dials: a static number's own, or a pool's first.
pub async fn entry_number(db: &AnyPool, customer: CustomerId, entry: i64) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as(
        "SELECT COALESCE((SELECT MIN(p.number) FROM pool_numbers p WHERE p.routing_entry_id = e.id), e.number),
                c.time_zone
         FROM routing_entries e JOIN customers c ON c.id = e.customer_id WHERE e.id = $1 AND e.customer_id = $2",
    )
    .bind(entry)
    .bind(customer)
    .fetch_optional(db)
    .await
}

/// A call as it ended.
#[derive(Debug, Clone, Default)]
pub struct Ending {
    pub duration_seconds: i64,
    pub minutes: i64,
    pub cost_tenth_pence: i64,
    pub recorded: bool,
    pub keys: String,
    pub route_path: String,
    pub queue: String,
    pub destination: String,
    pub ring_seconds: i64,
    pub talk_seconds: i64,
    /// `reports::CallOutcome::key`.
    pub outcome: &'static str,
    pub first_time: bool,
    pub category: String,
    pub report_group: String,
    pub destinations_tried: String,
    pub ended_where: String,
    pub end_reason: String,
    pub reference_sent: String,
    pub agent_reference: String,
    pub agent_category: String,
}

/// Completes a call's row; a call already completed is left as it is (false).
pub async fn close(db: &AnyPool, customer: CustomerId, id: i64, end: &Ending) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE calls SET duration_seconds = $1, minutes = $2, cost_tenth_pence = $3, recorded = $4,
             keys_pressed = $5, route_path = $6, queue_name = $7, destination = $8, ring_seconds = $9,
             talk_seconds = $10, outcome = $11, first_time = $12, category = $13, report_group = $14,
             destinations_tried = $15, ended_where = $16, end_reason = $17, reference_sent = $18,
             agent_reference = $19, agent_category = $20, in_progress = 0
         WHERE id = $21 AND customer_id = $22 AND in_progress = 1",
    )
    .bind(end.duration_seconds)
    .bind(end.minutes)
    .bind(end.cost_tenth_pence)
    .bind(Flag(end.recorded))
    .bind(end.keys.as_str())
    .bind(end.route_path.as_str())
    .bind(end.queue.as_str())
    .bind(end.destination.as_str())
    .bind(end.ring_seconds)
    .bind(end.talk_seconds)
    .bind(end.outcome)
    .bind(Flag(end.first_time))
    .bind(end.category.as_str())
    .bind(end.report_group.as_str())
    .bind(end.destinations_tried.as_str())
    .bind(end.ended_where.as_str())
    .bind(end.end_reason.as_str())
    .bind(end.reference_sent.as_str())
    .bind(end.agent_reference.as_str())
    .bind(end.agent_category.as_str())
    .bind(id)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Whether `caller` called the customer before `before`.
pub async fn called_before(db: &AnyPool, customer: CustomerId, caller: &str, before: i64) -> sqlx::Result<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM calls WHERE customer_id = $1 AND caller_number = $2 AND started_at < $3",
    )
    .bind(customer)
    .bind(caller)
    .bind(before)
    .fetch_one(db)
    .await?;
    Ok(n > 0)
}

/// The price of a usage item (tenths of a penny a minute; 0 when not priced).
pub async fn rate(db: &AnyPool, item: &str) -> sqlx::Result<i64> {
    let rate: Option<i64> =
        sqlx::query_scalar("SELECT price_tenth_pence FROM usage_rates WHERE item = $1 AND plan = '' LIMIT 1")
            .bind(item)
            .fetch_optional(db)
            .await?;
    Ok(rate.unwrap_or(0))
}

/// The rows of calls still in progress whose channel no session holds (the server restarted,
/// or the engine did): (id, customer, channel, started_at).
pub async fn in_progress(db: &AnyPool) -> sqlx::Result<Vec<(i64, CustomerId, String, i64)>> {
    sqlx::query_as(
        "SELECT id, customer_id, engine_channel, started_at FROM calls
         WHERE in_progress = 1 AND engine_channel IS NOT NULL ORDER BY id",
    )
    .fetch_all(db)
    .await
}

/// Stores a call's recording (an MP3), replacing none: a repeated upload keeps the first.
pub async fn store_recording(
    db: &AnyPool,
    customer: CustomerId,
    call: i64,
    file_name: &str,
    mp3: &[u8],
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO call_recordings (call_id, customer_id, file_name, content, created_at, seconds)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (call_id) DO NOTHING",
    )
    .bind(call)
    .bind(customer)
    .bind(file_name)
    .bind(mp3)
    .bind(now)
    .bind(domain::routing::mp3_seconds(mp3))
    .execute(db)
    .await?;
    sqlx::query("UPDATE calls SET recorded = 1 WHERE id = $1 AND customer_id = $2")
        .bind(call)
        .bind(customer)
        .execute(db)
        .await?;
    Ok(())
}

/// The description of a call category or report group (`table`) of the customer; '' for none.
pub async fn group_name(db: &AnyPool, table: &'static str, customer: CustomerId, id: i64) -> sqlx::Result<String> {
    if id <= 0 || !matches!(table, "call_categories" | "report_groups") {
        return Ok(String::new());
    }
    let name: Option<String> =
        sqlx::query_scalar(&format!("SELECT description FROM {table} WHERE id = $1 AND customer_id = $2"))
            .bind(id)
            .bind(customer)
            .fetch_optional(db)
            .await?;
    Ok(name.unwrap_or_default())
}

/// Whose call `id` is (a real call's: one the engine brought).
pub async fn customer_of(db: &AnyPool, id: i64) -> sqlx::Result<Option<CustomerId>> {
    sqlx::query_scalar("SELECT customer_id FROM calls WHERE id = $1 AND engine_channel IS NOT NULL")
        .bind(id)
        .fetch_optional(db)
        .await
}

/// Notes on the row that the call was put through (to `destination`, after `ring_seconds`), so
/// that a server restart mid-call loses nothing already known.
pub async fn mark_connected(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    destination: &str,
    ring_seconds: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE calls SET destination = $1, ring_seconds = $2, outcome = 'answered'
         WHERE id = $3 AND customer_id = $4 AND in_progress = 1",
    )
    .bind(destination)
    .bind(ring_seconds)
    .bind(id)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(())
}

/// A call in progress as its row knows it: (id, customer, started_at, ring_seconds, outcome,
/// rate_item).
pub type InProgress = (i64, CustomerId, i64, i64, String, String);

/// Whether a call was written for the engine's `channel` already.
pub async fn on_channel(db: &AnyPool, channel: &str) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id FROM calls WHERE engine_channel = $1").bind(channel).fetch_optional(db).await?;
    Ok(found.is_some())
}

/// The row of the call on `channel`, if it is still in progress.
pub async fn in_progress_on(db: &AnyPool, channel: &str) -> sqlx::Result<Option<InProgress>> {
    sqlx::query_as(
        "SELECT id, customer_id, started_at, ring_seconds, outcome, rate_item FROM calls
         WHERE engine_channel = $1 AND in_progress = 1",
    )
    .bind(channel)
    .fetch_optional(db)
    .await
}

/// Completes, as far as it is known, a call whose session no process holds any more.
pub async fn close_unheld(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    end: (i64, i64, i64, i64),
    reason: &str,
) -> sqlx::Result<bool> {
    let (duration, minutes, cost, talk) = end;
    let done = sqlx::query(
        "UPDATE calls SET duration_seconds = $1, minutes = $2, cost_tenth_pence = $3, talk_seconds = $4,
             end_reason = $5, ended_where = 'Not known: the server restarted during the call', in_progress = 0
         WHERE id = $6 AND customer_id = $7 AND in_progress = 1",
    )
    .bind(duration)
    .bind(minutes)
    .bind(cost)
    .bind(talk)
    .bind(reason)
    .bind(id)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Closes the rows of calls still in progress that began before `before`: no end was ever
/// reported for them. What the row knew (an answer, who answered) stays. How many were closed.
pub async fn close_stale(db: &AnyPool, before: i64, reason: &str) -> sqlx::Result<u64> {
    let done = sqlx::query(
        "UPDATE calls SET in_progress = 0, end_reason = $1, ended_where = 'Not known: no end was reported'
         WHERE in_progress = 1 AND engine_channel IS NOT NULL AND started_at < $2",
    )
    .bind(reason)
    .bind(before)
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}
