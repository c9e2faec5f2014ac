//! The tracked numbers and pools and how their calls are routed (routing_entries): the list,
//! the two connects, the provisioning queue, and the ownership checks connect needs for the
//! ids it stores (audio, service plans). Every query is scoped by customer, except the
//! provisioning job's, which works for the whole system.

use crate::db::Backend;
use crate::db::Flag;
use crate::store::CustomerId;
use domain::list_query::{kind_label, number_needles, ListQuery, ListSort};
use domain::routing::history::written_basic;
use domain::routing::{BasicRow, RoutingRow};
use domain::services::static_number::StaticNumberForm;
use domain::NumberFormat;
use sqlx::{Any, AnyConnection, AnyPool, FromRow, Transaction};

/// A number or pool with its routing and the description of its service plan.
#[derive(Debug, Clone, FromRow)]
pub struct Entry {
    pub id: i64,
    pub kind: String,
    pub number: String,
    pub pool_name: String,
    pub description: String,
    pub service_plan_id: Option<i64>,
    pub plan_description: Option<String>,
    pub destination: String,
    #[sqlx(try_from = "Flag")]
    pub call_recording: bool,
    pub intro_audio_id: i64,
    pub whisper_audio_id: i64,
    pub dynamic_whisper_id: i64,
    #[sqlx(try_from = "Flag")]
    pub mid_call_divert: bool,
    pub attribution_id: i64,
    pub attribution_dtmf_ivr_id: i64,
    #[sqlx(try_from = "Flag")]
    pub mid_call_attribution: bool,
    pub mid_call_audio: String,
    pub post_url: String,
    #[sqlx(try_from = "Flag")]
    pub provisioned: bool,
}

impl Entry {
    /// The service plan's description, '' when none.
    pub fn plan(&self) -> &str {
        self.plan_description.as_deref().unwrap_or_default()
    }

    /// Where calls go as the list and its exports show it: the basic number, else the plan.
    pub fn shown_destination(&self) -> &str {
        if self.destination.is_empty() {
            self.plan()
        } else {
            &self.destination
        }
    }

    /// The number of a static entry, the pool's name of a dynamic one.
    pub fn number_pool(&self) -> &str {
        if self.kind == "static" {
            &self.number
        } else {
            &self.pool_name
        }
    }
}

impl From<Entry> for RoutingRow {
    fn from(e: Entry) -> RoutingRow {
        RoutingRow {
            id: e.id,
            number_pool: e.number_pool().to_string(),
            kind: e.kind,
            description: e.description,
            plan_description: e.plan_description.unwrap_or_default(),
            plan_id: e.service_plan_id.unwrap_or(0),
            call_recording: e.call_recording.into(),
            has_audio: e.intro_audio_id != 0 || e.whisper_audio_id != 0,
            destination: e.destination,
            intro_audio: e.intro_audio_id,
            whisper_audio: e.whisper_audio_id,
            dynamic_whisper_audio: e.dynamic_whisper_id,
            mid_call_divert: e.mid_call_divert.into(),
            attribution_id: e.attribution_id,
            attribution_dtmf_ivr_id: e.attribution_dtmf_ivr_id,
            mid_call_attribution: e.mid_call_attribution.into(),
            mid_call_audio: e.mid_call_audio,
            post_url: e.post_url,
            provisioned: e.provisioned,
        }
    }
}

const ENTRY_SELECT: &str = "SELECT e.id, e.kind, e.number, e.pool_name, e.description, e.service_plan_id,
        p.description AS plan_description, e.destination, e.call_recording, e.intro_audio_id, e.whisper_audio_id,
        e.dynamic_whisper_id, e.mid_call_divert, e.attribution_id, e.attribution_dtmf_ivr_id, e.mid_call_attribution,
        e.mid_call_audio, e.post_url, e.provisioned
    FROM routing_entries e LEFT JOIN service_plans p ON p.id = e.service_plan_id";

/// A customer's numbers (by number) then pools (by name).
pub async fn list(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<Entry>> {
    sqlx::query_as(&format!(
        "{ENTRY_SELECT} WHERE e.customer_id = $1 ORDER BY e.kind = 'dynamic', e.number, e.pool_name, e.id"
    ))
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await
}

/// The customer's entries among `ids` (others' and unknown ids are left out), in id order.
pub async fn by_ids(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<Vec<Entry>> {
    let ids_in = Backend::of_connection(conn).json_integers(2);
    sqlx::query_as(&format!("{ENTRY_SELECT} WHERE e.customer_id = $1 AND e.id IN ({ids_in}) ORDER BY e.id"))
        .bind(customer_id)
        .bind(json_ids(ids))
        .fetch_all(conn)
        .await
}

/// One of the customer's entries, read on `conn` (in a transaction).
pub async fn find_in(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<Option<Entry>> {
    sqlx::query_as(&format!("{ENTRY_SELECT} WHERE e.customer_id = $1 AND e.id = $2"))
        .bind(customer_id)
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// The entries using a service plan: (id, kind, number, pool name), numbers first.
pub async fn using_plan(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    plan_id: i64,
) -> sqlx::Result<Vec<(i64, String, String, String)>> {
    sqlx::query_as(
        "SELECT id, kind, number, pool_name FROM routing_entries WHERE customer_id = $1 AND service_plan_id = $2
         ORDER BY kind = 'dynamic', number, pool_name, id",
    )
    .bind(customer_id)
    .bind(plan_id)
    .fetch_all(&mut *conn)
    .await
}

/// The ids as a JSON array, for `IN ({Backend::json_integers})`.
pub(crate) fn json_ids(ids: &[i64]) -> String {
    serde_json::to_string(ids).unwrap_or_else(|_| "[]".into())
}

/// Whether every id of `ids` is a row of `table` belonging to the customer (`extra` narrows the
/// rows further, e.g. `AND deleted_at IS NULL`). `table` and `extra` are constants of this
/// crate, never request input.
pub(crate) async fn all_owned(
    conn: &mut AnyConnection,
    table: &'static str,
    extra: &'static str,
    customer_id: CustomerId,
    ids: &[i64],
) -> sqlx::Result<bool> {
    let mut distinct = ids.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.is_empty() {
        return Ok(true);
    }
    let ids_in = Backend::of_connection(conn).json_integers(2);
    let (found,): (i64,) =
        sqlx::query_as(&format!("SELECT COUNT(*) FROM {table} WHERE customer_id = $1 AND id IN ({ids_in}) {extra}"))
            .bind(customer_id)
            .bind(json_ids(&distinct))
            .fetch_one(&mut *conn)
            .await?;
    Ok(found == distinct.len() as i64)
}

/// Whether every id is one of the customer's audios that has not been deleted.
pub async fn audios_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "audios", "AND deleted_at IS NULL", customer_id, ids).await
}

/// Whether every id is one of the customer's service plans.
pub async fn service_plans_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "service_plans", "", customer_id, ids).await
}

/// Basic connect of one row: one destination and recording, nothing else.
#[derive(Debug, Clone)]
pub struct BasicConnect {
    pub id: i64,
    pub description: String,
    pub destination: String,
    pub recording: bool,
}

impl BasicConnect {
    /// Row `id` as a basic connect writes it (the domain's `written_basic`: text trimmed).
    pub fn written(id: i64, row: &BasicRow) -> BasicConnect {
        let row = written_basic(row);
        BasicConnect { id, description: row.description, destination: row.destination, recording: row.recording }
    }
}

/// Sets a row's basic routing, clearing its service plan and every advanced feature, and queues
/// it for provisioning.
pub async fn connect_basic(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    row: &BasicConnect,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE routing_entries SET description = $1, destination = $2, call_recording = $3, service_plan_id = NULL,
            intro_audio_id = 0, whisper_audio_id = 0, dynamic_whisper_id = 0, mid_call_divert = 0, attribution_id = 0,
            attribution_dtmf_ivr_id = 0, mid_call_attribution = 0, mid_call_audio = 'None', post_url = '', provisioned = 0, provision_requested_at = $4
         WHERE id = $5 AND customer_id = $6",
    )
    .bind(&row.description)
    .bind(&row.destination)
    .bind(Flag(row.recording))
    .bind(now)
    .bind(row.id)
    .bind(customer_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Advanced connect of one row. A service plan replaces the basic destination; no plan
/// (disconnect) leaves the row without one and keeps its basic destination, if any.
#[derive(Debug, Clone)]
pub struct AdvancedConnect {
    pub id: i64,
    pub description: String,
    pub service_plan_id: Option<i64>,
    pub recording: bool,
    pub intro_audio_id: i64,
    pub whisper_audio_id: i64,
    pub dynamic_whisper_id: i64,
    pub post_url: String,
    /// The post call agent attribution: a DTMF plan or a DTMF IVR (the other is 0), or neither.
    pub attribution_id: i64,
    pub attribution_dtmf_ivr_id: i64,
    pub mid_call_attribution: bool,
    pub mid_call_audio: String,
    pub mid_call_divert: bool,
}

pub async fn connect_advanced(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    row: &AdvancedConnect,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE routing_entries SET description = $1, service_plan_id = $2,
            destination = CASE WHEN $2 IS NULL THEN destination ELSE '' END, call_recording = $3,
            intro_audio_id = $4, whisper_audio_id = $5, dynamic_whisper_id = $6, post_url = $7, attribution_id = $8,
            attribution_dtmf_ivr_id = $9, mid_call_attribution = $10, mid_call_audio = $11, mid_call_divert = $12,
            provisioned = 0, provision_requested_at = $13
         WHERE id = $14 AND customer_id = $15",
    )
    .bind(&row.description)
    .bind(row.service_plan_id)
    .bind(Flag(row.recording))
    .bind(row.intro_audio_id)
    .bind(row.whisper_audio_id)
    .bind(row.dynamic_whisper_id)
    .bind(&row.post_url)
    .bind(row.attribution_id)
    .bind(row.attribution_dtmf_ivr_id)
    .bind(Flag(row.mid_call_attribution))
    .bind(&row.mid_call_audio)
    .bind(Flag(row.mid_call_divert))
    .bind(now)
    .bind(row.id)
    .bind(customer_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Clears a row's basic destination (a rollback putting back an advanced row disconnected from
/// any plan, which had none: `connect_advanced` without a plan keeps the destination).
pub async fn clear_destination(tx: &mut Transaction<'_, Any>, customer_id: CustomerId, id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE routing_entries SET destination = '' WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The routing of every entry using a plan changed: they are provisioned again.
pub async fn reprovision_plan_users(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    plan_id: i64,
    now: i64,
) -> sqlx::Result<u64> {
    let done = sqlx::query(
        "UPDATE routing_entries SET provisioned = 0, provision_requested_at = $1 WHERE customer_id = $2 AND service_plan_id = $3",
    )
    .bind(now)
    .bind(customer_id)
    .bind(plan_id)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

/// An entry waiting for the telephony side, with what it needs to apply the routing.
#[derive(Debug, Clone, FromRow)]
pub struct PendingEntry {
    pub id: i64,
    pub customer_id: CustomerId,
    pub kind: String,
    pub number: String,
    pub pool_name: String,
    pub destination: String,
    pub service_plan_id: Option<i64>,
    pub provision_requested_at: Option<i64>,
}

/// How many entries one provisioning run claims at most: a backlog is shared out between the
/// server processes instead of going to the first.
pub const CLAIM_BATCH: i64 = 50;

/// Claims up to `CLAIM_BATCH` unprovisioned entries (any customer) requested at or before
/// `requested_by` that no other run holds at `now`, until `until`. One UPDATE claims them, so
/// however many server processes run at once each entry goes to one of them: on PostgreSQL a
/// run skips the rows another is claiming (SKIP LOCKED) and the claim is checked again on the
/// row it updates; SQLite has one writer. The batch is chosen once (MATERIALIZED: PostgreSQL
/// could otherwise run a locking subquery again for each row and claim more than a batch).
pub async fn claim_pending(db: &AnyPool, requested_by: i64, now: i64, until: i64) -> sqlx::Result<Vec<PendingEntry>> {
    let skip_locked = Backend::of(db).skip_locked();
    let mut claimed: Vec<PendingEntry> = sqlx::query_as(&format!(
        "WITH batch AS MATERIALIZED (
             SELECT id FROM routing_entries
             WHERE provisioned = 0 AND COALESCE(provision_requested_at, 0) <= $1
               AND COALESCE(provision_claimed_until, 0) <= $2
             ORDER BY id LIMIT $4{skip_locked})
         UPDATE routing_entries SET provision_claimed_until = $3
         WHERE id IN (SELECT id FROM batch) AND provisioned = 0 AND COALESCE(provision_claimed_until, 0) <= $2
         RETURNING id, customer_id, kind, number, pool_name, destination, service_plan_id, provision_requested_at"
    ))
    .bind(requested_by)
    .bind(now)
    .bind(until)
    .bind(CLAIM_BATCH)
    .fetch_all(db)
    .await?;
    claimed.sort_by_key(|entry| entry.id);
    Ok(claimed)
}

/// Marks a claimed entry provisioned, unless it was changed again since it was claimed (then
/// the newer request waits for its own turn), and gives up the claim. True when marked.
pub async fn mark_provisioned(db: &AnyPool, entry: &PendingEntry) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    let done = sqlx::query(
        "UPDATE routing_entries SET provisioned = 1
         WHERE id = $1 AND provisioned = 0 AND provision_requested_at IS NOT DISTINCT FROM $2",
    )
    .bind(entry.id)
    .bind(entry.provision_requested_at)
    .execute(&mut *tx)
    .await?;
    release_claim(&mut tx, entry.id).await?;
    tx.commit().await?;
    Ok(done.rows_affected() == 1)
}

/// Gives up the claim on an entry (its provisioning failed: the next run tries again).
pub async fn release_claim(conn: &mut AnyConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE routing_entries SET provision_claimed_until = NULL WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// How many static numbers start with `prefix`, whoever holds them.
pub async fn count_with_prefix(conn: &mut AnyConnection, prefix: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM routing_entries WHERE kind = 'static' AND number LIKE $1")
        .bind(format!("{prefix}%"))
        .fetch_one(&mut *conn)
        .await
}

/// Adds static numbers to a customer, each routed to a basic destination, in one transaction
/// (bulk provisioning, and the large-account benchmark).
pub async fn add_static_numbers(
    db: &AnyPool,
    customer_id: CustomerId,
    numbers: &[(String, String)],
    destination: &str,
) -> sqlx::Result<()> {
    let mut tx = crate::db::begin_write(db).await?;
    for (number, description) in numbers {
        sqlx::query(
            "INSERT INTO routing_entries (customer_id, kind, number, description, destination) VALUES ($1, 'static', $2, $3, $4)",
        )
        .bind(customer_id)
        .bind(number)
        .bind(description)
        .bind(destination)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

/// One page of the customer's entries as the routing list asks for it, and how many match.
pub async fn page(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    query: &ListQuery,
    format: &NumberFormat,
) -> sqlx::Result<(Vec<Entry>, i64)> {
    let sql = ListSql::new(query, format);
    let select = format!("{}{}", sql.select, super::page_clause(query));
    let count = sql.bind_all(sqlx::query_as::<_, (i64,)>(&sql.count).bind(customer_id));
    let rows = sql.bind_all(sqlx::query_as::<_, Entry>(&select).bind(customer_id));
    // Two readers at once: each scans the matching rows, and a search of 100,000 is felt.
    let (total,) = count.fetch_one(&mut *conn).await?;
    let rows = rows.fetch_all(&mut *conn).await?;
    Ok((rows, total))
}

/// Every entry matching the query (its page ignored), in its order, a row at a time: the CSV
/// export writes them as they come instead of holding 100,000 rows.
pub fn stream_matching<'a>(
    db: &'a AnyPool,
    customer_id: CustomerId,
    sql: &'a ListSql,
) -> impl futures_util::Stream<Item = sqlx::Result<Entry>> + 'a {
    sql.bind_all(sqlx::query_as::<_, Entry>(&sql.select).bind(customer_id)).fetch(db)
}

/// The list's statements for a query, built once: every matching entry in order, and their
/// count. Both take the customer as $1 and the search's values from $2.
pub struct ListSql {
    select: String,
    count: String,
    binds: Vec<String>,
}

impl ListSql {
    pub fn new(query: &ListQuery, format: &NumberFormat) -> ListSql {
        let filter = ListFilter::new(query, format);
        let matching = format!("WHERE e.customer_id = $1{}", filter.condition);
        ListSql {
            select: format!("{ENTRY_SELECT} {matching} ORDER BY {}", filter.order),
            count: format!(
                "SELECT COUNT(*) FROM routing_entries e LEFT JOIN service_plans p ON p.id = e.service_plan_id {matching}"
            ),
            binds: filter.binds,
        }
    }

    /// The search's values bound after the customer.
    fn bind_all<'q, O>(&'q self, mut query: ListQueryAs<'q, O>) -> ListQueryAs<'q, O> {
        for value in &self.binds {
            query = query.bind(value);
        }
        query
    }
}

type ListQueryAs<'q, O> = sqlx::query::QueryAs<'q, Any, O, sqlx::any::AnyArguments<'q>>;

/// The search condition (appended to `e.customer_id = $1`; its values are $2 on), its bound
/// values and the order.
struct ListFilter {
    condition: String,
    binds: Vec<String>,
    order: String,
}

/// The shown number or pool name.
const NUMBER_POOL: &str = "CASE WHEN e.kind = 'static' THEN e.number ELSE e.pool_name END";

impl ListFilter {
    fn new(query: &ListQuery, format: &NumberFormat) -> ListFilter {
        let mut condition = String::new();
        let mut binds = Vec::new();
        if !query.search.is_empty() {
            // The columns the list shows, compared lower-cased (LOWER and LIKE behave alike in
            // SQLite and PostgreSQL), with the search's own % and _ taken literally.
            let shown = [
                format!("LOWER({NUMBER_POOL})"),
                "LOWER(e.description)".to_string(),
                "LOWER(e.destination)".to_string(),
                "LOWER(COALESCE(p.description, ''))".to_string(),
                format!(
                    "(CASE WHEN e.kind = 'static' THEN '{}' ELSE '{}' END)",
                    kind_label("static").to_lowercase(),
                    kind_label("dynamic").to_lowercase()
                ),
            ];
            let mut any: Vec<String> = Vec::new();
            let needle = like_pattern(&query.search.to_lowercase());
            for column in shown {
                binds.push(needle.clone());
                any.push(format!("{column} LIKE ${} ESCAPE '\\'", binds.len() + 1));
            }
            for digits in number_needles(&query.search, format) {
                binds.push(like_pattern(&digits));
                any.push(format!("(e.kind = 'static' AND e.number LIKE ${} ESCAPE '\\')", binds.len() + 1));
            }
            condition = format!(" AND ({})", any.join(" OR "));
        }
        let column = match query.sort {
            ListSort::NumberPool => format!("LOWER({NUMBER_POOL})"),
            ListSort::Type => "e.kind".to_string(),
            ListSort::Description => "LOWER(e.description)".to_string(),
            // Entry::shown_destination, in SQL so that the database can sort by it.
            ListSort::Destination => {
                "LOWER(CASE WHEN e.destination <> '' THEN e.destination ELSE COALESCE(p.description, '') END)"
                    .to_string()
            }
            ListSort::Recording => "e.call_recording".to_string(),
            ListSort::Status => "e.provisioned".to_string(),
        };
        let direction = if query.descending { "DESC" } else { "ASC" };
        // Ties in id order, so that pages neither repeat nor skip a row.
        ListFilter { condition, binds, order: format!("{column} {direction}, e.id ASC") }
    }
}

/// `%text%` with LIKE's wildcards in `text` escaped by a backslash.
pub fn like_pattern(text: &str) -> String {
    let mut pattern = String::from("%");
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// How many numbers (`static`) or pools (`dynamic`) the customer holds, read in `tx`.
pub async fn count_of_kind(tx: &mut Transaction<'_, Any>, customer_id: CustomerId, kind: &str) -> sqlx::Result<i64> {
    let (held,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM routing_entries WHERE customer_id = $1 AND kind = $2")
        .bind(customer_id)
        .bind(kind)
        .fetch_one(&mut **tx)
        .await?;
    Ok(held)
}

/// Stores a bought static number with the purchase form's checked routing and attribution,
/// waiting to be provisioned; its id.
pub async fn insert_static(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    number: &str,
    order: &StaticNumberForm,
    now: i64,
) -> sqlx::Result<i64> {
    let (entry,): (i64,) = sqlx::query_as(
        "INSERT INTO routing_entries (customer_id, kind, number, description, service_plan_id, call_recording,
             campaign_id, channel_id, department_id, media_owner_id, media_description, created_at, provisioned,
             provision_requested_at)
         VALUES ($1, 'static', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $11)
         RETURNING id",
    )
    .bind(customer_id)
    .bind(number)
    .bind(order.media_description.trim())
    .bind(order.destination_plan)
    .bind(Flag(order.call_recording))
    .bind(order.campaign)
    .bind((order.channel > 0).then_some(order.channel))
    .bind((order.department > 0).then_some(order.department))
    .bind((order.media_owner > 0).then_some(order.media_owner))
    .bind(order.media_description.trim())
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    Ok(entry)
}
