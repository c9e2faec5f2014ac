//! The routing history: each change to a routing record with its state before and
//! after (the domain's `RoutingRecord` as JSON), written in the change's own transaction; the
//! records read back in that shape; the routing as a whole (`RoutingSnapshot`) and the last
//! week's calls for the impact replay. Every query is scoped by customer.

use crate::store::CustomerId;
use domain::routing::history::{
    stored_connection, Change, EntryRoute, Names, RecordKey, RecordKind, ReplayCall, RoutingEntry, RoutingRecord,
    RoutingSnapshot, StoredServicePlan,
};
use domain::routing::ivr::{Library, Named};
use domain::routing::{AdvancedRow, DestinationPlanForm, DestinationRow, QueueForm, ServicePlanForm};
use sqlx::{AnyConnection, AnyPool, FromRow};

use super::service_plans::PlanTime;
use super::{destinations, ivrs, library_records, queues, routing_entries};
use crate::db::Backend;

/// History is kept at least this long (25 months of 31 days).
pub const RETENTION_SECONDS: i64 = 25 * 31 * 24 * 60 * 60;

/// Where a change came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The admin area's screens.
    Screen,
    /// A rollback from the history.
    Rollback,
}

impl Source {
    fn as_str(self) -> &'static str {
        match self {
            Source::Screen => "screen",
            Source::Rollback => "rollback",
        }
    }
}

/// Who made a change, and when.
#[derive(Debug, Clone)]
pub struct Author {
    pub customer_id: CustomerId,
    pub user_id: i64,
    pub user_name: String,
    pub source: Source,
    pub at: i64,
    /// The draft a publish made the change for.
    pub published_draft: Option<i64>,
}

/// One change as stored.
#[derive(Debug, Clone, FromRow)]
pub struct ChangeRow {
    pub id: i64,
    pub record_kind: String,
    pub record_id: i64,
    pub record_name: String,
    pub before_state: Option<String>,
    pub after_state: Option<String>,
    /// One sentence a line.
    pub summary: String,
    pub user_id: Option<i64>,
    pub user_name: String,
    pub source: String,
    pub rolls_back: Option<i64>,
    pub created_at: i64,
    pub published_draft: Option<i64>,
}

fn kind_of(text: &str) -> Option<RecordKind> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}

fn state_of(json: Option<&str>) -> Option<RoutingRecord> {
    json.and_then(|text| serde_json::from_str(text).ok())
}

impl ChangeRow {
    pub fn key(&self) -> Option<RecordKey> {
        Some(RecordKey { kind: kind_of(&self.record_kind)?, id: self.record_id })
    }

    /// The change as the domain's rollback reads it (None for a row of an unknown kind).
    pub fn change(&self) -> Option<Change> {
        Some(Change {
            id: self.id,
            key: self.key()?,
            before: state_of(self.before_state.as_deref()),
            after: state_of(self.after_state.as_deref()),
        })
    }

    pub fn sentences(&self) -> Vec<String> {
        self.summary.lines().map(str::to_string).collect()
    }
}

/// Records one change of `key` (unless nothing changed: then None). `summary` is the change in
/// plain words, from the domain's `explain_change`.
pub async fn record(
    conn: &mut AnyConnection,
    author: &Author,
    key: RecordKey,
    before: Option<&RoutingRecord>,
    after: Option<&RoutingRecord>,
    summary: &[String],
    rolls_back: Option<i64>,
) -> sqlx::Result<Option<i64>> {
    if before == after {
        return Ok(None);
    }
    let name = after.or(before).map(RoutingRecord::name).unwrap_or_default();
    let json = |record: Option<&RoutingRecord>| record.map(|r| serde_json::to_string(r).expect("a record serialises"));
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO routing_changes (customer_id, record_kind, record_id, record_name, before_state, after_state,
         summary, user_id, user_name, source, rolls_back, created_at, published_draft)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
    )
    .bind(author.customer_id)
    .bind(key.kind.as_str())
    .bind(key.id)
    .bind(name)
    .bind(json(before))
    .bind(json(after))
    .bind(summary.join("\n"))
    .bind((author.user_id > 0).then_some(author.user_id))
    .bind(&author.user_name)
    .bind(author.source.as_str())
    .bind(rolls_back)
    .bind(author.at)
    .bind(author.published_draft)
    .fetch_one(&mut *conn)
    .await?;
    Ok(Some(id))
}

/// Which changes a history page shows (each part optional); newest first.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub kind: Option<RecordKind>,
    pub record_id: Option<i64>,
    pub user_id: Option<i64>,
    /// From this instant (seconds), inclusive.
    pub from: Option<i64>,
    /// Before this instant (seconds).
    pub to: Option<i64>,
    /// A published draft's changes as one entry (the history's page; not its export).
    pub publish_as_one: bool,
}

/// Without a record asked for, a published draft is one entry: its first change stands for it.
const ONE_ENTRY_A_PUBLISH: &str = " AND (published_draft IS NULL OR id = (SELECT MIN(g.id) FROM routing_changes g
    WHERE g.published_draft = routing_changes.published_draft))";

const CHANGE_COLUMNS: &str = "id, record_kind, record_id, record_name, before_state, after_state, summary, user_id,
    user_name, source, rolls_back, created_at, published_draft";

/// The filter as SQL from `$2` on (with `$1` the customer) and its values in order.
fn filter_sql(filter: &Filter) -> (String, Vec<FilterValue>) {
    let mut sql = String::new();
    let mut values = vec![];
    let mut add = |clause: &str, value: FilterValue| {
        values.push(value);
        sql.push_str(&format!(" AND {clause} ${}", values.len() + 1));
    };
    if let Some(kind) = filter.kind {
        add("record_kind =", FilterValue::Text(kind.as_str()));
    }
    if let Some(id) = filter.record_id {
        add("record_id =", FilterValue::Number(id));
    }
    if let Some(user) = filter.user_id {
        add("user_id =", FilterValue::Number(user));
    }
    if let Some(from) = filter.from {
        add("created_at >=", FilterValue::Number(from));
    }
    if let Some(to) = filter.to {
        add("created_at <", FilterValue::Number(to));
    }
    if filter.publish_as_one && filter.record_id.is_none() {
        sql.push_str(ONE_ENTRY_A_PUBLISH);
    }
    (sql, values)
}

enum FilterValue {
    Text(&'static str),
    Number(i64),
}

/// A page of the customer's changes matching `filter`, newest first, and how many match.
pub async fn page(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    filter: &Filter,
    offset: i64,
    limit: i64,
) -> sqlx::Result<(Vec<ChangeRow>, i64)> {
    let (clauses, values) = filter_sql(filter);
    let n = values.len() + 2;
    let rows_sql = format!(
        "SELECT {CHANGE_COLUMNS} FROM routing_changes WHERE customer_id = $1{clauses}
         ORDER BY created_at DESC, id DESC LIMIT ${n} OFFSET ${}",
        n + 1
    );
    let count_sql = format!("SELECT COUNT(*) FROM routing_changes WHERE customer_id = $1{clauses}");
    let mut rows = sqlx::query_as::<_, ChangeRow>(&rows_sql).bind(customer_id);
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql).bind(customer_id);
    for value in &values {
        (rows, count) = match value {
            FilterValue::Text(text) => (rows.bind(*text), count.bind(*text)),
            FilterValue::Number(number) => (rows.bind(*number), count.bind(*number)),
        };
    }
    let rows = rows.bind(limit).bind(offset).fetch_all(&mut *conn).await?;
    Ok((rows, count.fetch_one(&mut *conn).await?))
}

/// One of the customer's changes.
/// The users who made the customer's recorded changes, each once, under the name of their latest
/// change, by name: the history's user filter.
pub async fn authors(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT c.user_id, c.user_name FROM routing_changes c
         JOIN (SELECT user_id, MAX(id) AS latest FROM routing_changes
               WHERE customer_id = $1 AND user_id IS NOT NULL GROUP BY user_id) l ON c.id = l.latest
         ORDER BY c.user_name, c.user_id",
    )
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await
}

pub async fn find(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<Option<ChangeRow>> {
    sqlx::query_as(&format!("SELECT {CHANGE_COLUMNS} FROM routing_changes WHERE customer_id = $1 AND id = $2"))
        .bind(customer_id)
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// The customer's changes after `id` to the record `key`, oldest first.
pub async fn later_on(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
    key: RecordKey,
) -> sqlx::Result<Vec<ChangeRow>> {
    sqlx::query_as(&format!(
        "SELECT {CHANGE_COLUMNS} FROM routing_changes
         WHERE customer_id = $1 AND record_kind = $2 AND record_id = $3 AND id > $4 ORDER BY id"
    ))
    .bind(customer_id)
    .bind(key.kind.as_str())
    .bind(key.id)
    .bind(id)
    .fetch_all(conn)
    .await
}

/// The changes publishing draft `draft` made, oldest first: one entry in the history.
pub async fn of_publish(conn: &mut AnyConnection, customer_id: CustomerId, draft: i64) -> sqlx::Result<Vec<ChangeRow>> {
    sqlx::query_as(&format!(
        "SELECT {CHANGE_COLUMNS} FROM routing_changes WHERE customer_id = $1 AND published_draft = $2 ORDER BY id"
    ))
    .bind(customer_id)
    .bind(draft)
    .fetch_all(conn)
    .await
}

/// The customer's changes after the group `group` (changes saved together, oldest first) to
/// any of its records, oldest first.
pub async fn later_than_group(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    group: &[ChangeRow],
) -> sqlx::Result<Vec<ChangeRow>> {
    let Some(first) = group.first() else { return Ok(vec![]) };
    let mut later: Vec<ChangeRow> = vec![];
    for change in group {
        let Some(key) = change.key() else { continue };
        for row in later_on(&mut *conn, customer_id, first.id, key).await? {
            if !group.iter().any(|g| g.id == row.id) && !later.iter().any(|l| l.id == row.id) {
                later.push(row);
            }
        }
    }
    later.sort_by_key(|row| row.id);
    Ok(later)
}

/// Removes changes older than the retention, and the audio files kept for them (a file archived
/// before the cutoff can be restored only by a change as old); returns how many changes went.
pub async fn purge_older_than(conn: &mut AnyConnection, cutoff: i64) -> sqlx::Result<u64> {
    // A rollback keeps a link to its target: unlink before the target goes.
    sqlx::query(
        "UPDATE routing_changes SET rolls_back = NULL
         WHERE rolls_back IN (SELECT id FROM routing_changes WHERE created_at < $1)",
    )
    .bind(cutoff)
    .execute(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM audio_file_archive WHERE archived_at < $1").bind(cutoff).execute(&mut *conn).await?;
    Ok(sqlx::query("DELETE FROM routing_changes WHERE created_at < $1")
        .bind(cutoff)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}

/// One of the customer's service plans as a history record.
pub async fn service_plan(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<RoutingRecord>> {
    let description: Option<String> =
        sqlx::query_scalar("SELECT description FROM service_plans WHERE id = $1 AND customer_id = $2")
            .bind(id)
            .bind(customer_id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(description) = description else { return Ok(None) };
    let times: Vec<PlanTime> = sqlx::query_as(
        "SELECT from_day, from_minute, to_day, to_minute, plan_type, destination_plan_id, ivr_id
         FROM service_plan_times WHERE plan_id = $1 ORDER BY position",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let rows = times.iter().map(PlanTime::to_row).collect();
    let exceptions = super::plan_exceptions::of_plan(&mut *conn, id).await?;
    Ok(Some(RoutingRecord::ServicePlan { id, form: ServicePlanForm { description, rows, exceptions } }))
}

/// One of the customer's destination plans as a history record. A multi dial stores no ring
/// length after its first row (NULL): the record has 0 there, as the form fitted to the type
/// (`fit_destination_plan`) does.
pub async fn destination_plan(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<RoutingRecord>> {
    let plan: Option<(String, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT description, plan_type, queue_id, incall_id, no_response_destination_id FROM destination_plans
         WHERE id = $1 AND customer_id = $2",
    )
    .bind(id)
    .bind(customer_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((description, plan_type, queue, incall, no_response_destination)) = plan else { return Ok(None) };
    let rows: Vec<destinations::PlanRow> = sqlx::query_as(
        "SELECT destination_number_id, ring_length FROM destination_plan_rows WHERE plan_id = $1 ORDER BY position",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let destinations = rows
        .iter()
        .map(|r| DestinationRow { destination: r.destination_number_id, ring_length: r.ring_length.unwrap_or(0) })
        .collect();
    let form = DestinationPlanForm { description, plan_type, queue, incall, no_response_destination, destinations };
    Ok(Some(RoutingRecord::DestinationPlan { id, form }))
}

/// One of the customer's IVRs as a history record: the stored menu and keys (the description,
/// the number of repeats and the key descriptions as saved, trimmed).
pub async fn ivr(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<Option<RoutingRecord>> {
    Ok(ivrs::find_in(conn, customer_id, id).await?.map(|stored| RoutingRecord::Ivr { id, form: stored.ivr }))
}

/// One of the customer's queues as a history record. The form carries the counts as typed
/// ("05", " 5"); the store keeps the number, so the record has the stored number as text.
pub async fn queue(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<Option<RoutingRecord>> {
    let Some(q) = queues::find_in(conn, customer_id, id).await? else { return Ok(None) };
    let form = QueueForm {
        description: q.description,
        max_calls: q.max_calls.to_string(),
        lines_qty: q.lines_qty.to_string(),
        hold_music: q.hold_music,
        message_mode: q.message_mode,
        message_interval: q.message_interval,
        welcome_audio: q.welcome_audio_id,
        audio1: q.audio_1_id,
        audio2: q.audio_2_id,
        audio3: q.audio_3_id,
        next_in_line_audio: q.next_in_line_audio_id,
        queue_full_audio: q.queue_full_audio_id,
    };
    Ok(Some(RoutingRecord::Queue { id, form }))
}

/// How one of the customer's numbers or pools is connected, as a history record: basic (its
/// destination number) when it has no service plan and a destination, else advanced (its plan,
/// 0 for none, and the advanced settings). The stored row is the truth: an advanced connect
/// without a plan keeps a basic destination, and such a row reads as basic, its advanced
/// settings (which basic routing does not use) left out; the mid call audio is as stored,
/// 'None' for none (the form's empty choice is saved so).
pub async fn connect(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<RoutingRecord>> {
    let Some(e) = routing_entries::find_in(conn, customer_id, id).await? else { return Ok(None) };
    let label = shown_name(&e);
    let advanced = AdvancedRow {
        kind: e.kind,
        description: e.description,
        service_plan: e.service_plan_id.unwrap_or(0),
        recording: e.call_recording,
        intro: e.intro_audio_id,
        whisper: e.whisper_audio_id,
        dynamic_whisper: e.dynamic_whisper_id,
        post_url: e.post_url,
        dtmf: e.attribution_id,
        dtmf_ivr: e.attribution_dtmf_ivr_id,
        mid_call_flag: e.mid_call_attribution,
        mid_call_audio: e.mid_call_audio,
        mid_call_divert: e.mid_call_divert,
    };
    let connection = stored_connection(advanced, &e.destination);
    Ok(Some(RoutingRecord::Connect { id, label, connection }))
}

/// Any routing record of the customer as stored now, read on `conn`.
pub async fn load(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    key: RecordKey,
) -> sqlx::Result<Option<RoutingRecord>> {
    match key.kind {
        RecordKind::ServicePlan => service_plan(conn, customer_id, key.id).await,
        RecordKind::DestinationPlan => destination_plan(conn, customer_id, key.id).await,
        RecordKind::Ivr => ivr(conn, customer_id, key.id).await,
        RecordKind::Queue => queue(conn, customer_id, key.id).await,
        RecordKind::Connect => connect(conn, customer_id, key.id).await,
        kind => library_records::load(conn, customer_id, kind, key.id).await,
    }
}

/// A service plan's row with its plan's id: plan, from day and minute, to day and minute, type,
/// destination plan, IVR.
type PlanTimeRow = (i64, i64, i64, i64, i64, String, Option<i64>, Option<i64>);

/// The customer's routing as the replay follows it: every service plan with its rows, the IVRs,
/// destination plans and voicemails, and how each number and pool is connected.
pub async fn snapshot(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<RoutingSnapshot> {
    let plans: Vec<(i64, String)> = sqlx::query_as("SELECT id, description FROM service_plans WHERE customer_id = $1")
        .bind(customer_id)
        .fetch_all(&mut *conn)
        .await?;
    let times: Vec<PlanTimeRow> = sqlx::query_as(
        "SELECT t.plan_id, t.from_day, t.from_minute, t.to_day, t.to_minute, t.plan_type, t.destination_plan_id, t.ivr_id
         FROM service_plan_times t JOIN service_plans p ON p.id = t.plan_id
         WHERE p.customer_id = $1 ORDER BY t.plan_id, t.position",
    )
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await?;
    let exceptions = super::plan_exceptions::of_customer(&mut *conn, customer_id).await?;
    let service_plans = plans
        .into_iter()
        .map(|(id, description)| {
            let rows = times
                .iter()
                .filter(|t| t.0 == id)
                .map(|t| {
                    let time = PlanTime {
                        from_day: t.1,
                        from_minute: t.2,
                        to_day: t.3,
                        to_minute: t.4,
                        plan_type: t.5.clone(),
                        destination_plan_id: t.6,
                        ivr_id: t.7,
                    };
                    time.to_row()
                })
                .collect();
            let exceptions = exceptions.iter().filter(|(plan, _)| *plan == id).map(|(_, e)| e.clone()).collect();
            StoredServicePlan { id, form: ServicePlanForm { description, rows, exceptions } }
        })
        .collect();
    let library = Library {
        ivrs: ivrs::all(&mut *conn, customer_id).await?,
        destination_plans: ivrs::destination_plans(&mut *conn, customer_id).await?,
        voicemails: ivrs::voicemails(&mut *conn, customer_id).await?,
    };
    let entries = routing_entries::list(&mut *conn, customer_id)
        .await?
        .into_iter()
        .filter_map(|e| {
            let label = shown_name(&e);
            let route = match e.service_plan_id {
                Some(id) => EntryRoute::ServicePlan { id },
                None if !e.destination.is_empty() => EntryRoute::Number { destination: e.destination.clone() },
                None => return None,
            };
            Some(RoutingEntry { id: e.id, label, route })
        })
        .collect();
    Ok(RoutingSnapshot { service_plans, library, entries })
}

/// The tables whose rows a change's explanation may quote by name, in the order of `names`'
/// lists; the traffic sources come last, named "source / medium".
const NAMED_TABLES: [&str; 14] = [
    "service_plans",
    "destination_plans",
    "ivrs",
    "voicemails",
    "queues",
    "audios",
    "destination_numbers",
    "call_categories",
    "report_groups",
    "secondary_report_groups",
    "in_call_attributions",
    "dynamic_whispers",
    "dtmf_plans",
    "dtmf_ivrs",
];

/// The names a change's explanation quotes, read on `conn` in one statement: in the change's own
/// transaction, so that they include what it has just written and need no second connection
/// while it holds the write lock.
pub async fn names(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Names> {
    let mut arms: Vec<String> = NAMED_TABLES
        .iter()
        .enumerate()
        .map(|(list, table)| {
            format!("SELECT CAST({list} AS BIGINT) AS list, id, description FROM {table} WHERE customer_id = $1")
        })
        .collect();
    arms.push(format!(
        "SELECT CAST({} AS BIGINT) AS list, id, source || ' / ' || medium FROM sources_mediums WHERE customer_id = $1",
        NAMED_TABLES.len()
    ));
    let sql = format!("{} ORDER BY 1, 2", arms.join(" UNION ALL "));
    let rows: Vec<(i64, i64, String)> = sqlx::query_as(&sql).bind(customer_id).fetch_all(conn).await?;
    let mut lists: Vec<Vec<Named>> = vec![Vec::new(); NAMED_TABLES.len() + 1];
    for (list, id, description) in rows {
        lists[list as usize].push(Named { id, description });
    }
    let mut lists = lists.into_iter();
    let mut next = || lists.next().unwrap_or_default();
    Ok(Names {
        service_plans: next(),
        destination_plans: next(),
        ivrs: next(),
        voicemails: next(),
        queues: next(),
        audios: next(),
        destination_numbers: next(),
        categories: next(),
        report_groups: next(),
        secondary_report_groups: next(),
        in_call_attributions: next(),
        dynamic_whispers: next(),
        dtmf_plans: next(),
        dtmf_ivrs: next(),
        sources_mediums: next(),
    })
}

/// The customer's inbound calls since `since` (seconds) to the numbers and pools `entries`, as
/// the replay takes them, oldest first; at most `limit`.
pub async fn calls_since(
    db: &AnyPool,
    customer_id: CustomerId,
    since: i64,
    entries: &[i64],
    limit: i64,
) -> sqlx::Result<Vec<ReplayCall>> {
    let ids_in = Backend::of(db).json_integers(3);
    let rows: Vec<(i64, i64, i64, String)> = sqlx::query_as(&format!(
        "SELECT id, routing_entry_id, started_at, keys_pressed FROM calls
         WHERE customer_id = $1 AND direction = 'inbound' AND started_at >= $2 AND routing_entry_id IN ({ids_in})
         ORDER BY started_at, id LIMIT $4"
    ))
    .bind(customer_id)
    .bind(since)
    .bind(serde_json::to_string(entries).expect("ids serialise"))
    .bind(limit)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, entry, started_at, keys)| ReplayCall {
            id,
            entry,
            started_at_millis: started_at * 1000,
            presses: keys.chars().map(String::from).collect(),
        })
        .collect())
}

/// A number or pool as the history names it: a number as every screen writes numbers.
fn shown_name(e: &super::routing_entries::Entry) -> String {
    if e.kind == "static" {
        domain::reports::format_uk(&e.number)
    } else {
        e.pool_name.clone()
    }
}
