//! The call log: a customer's inbound calls, filtered, sorted and paged in SQL (the
//! statements built once per query, the values bound), streamed for the export, one call with
//! its visit for the detail, and its recording. Every statement starts from the customer.

use crate::db::Backend;
use crate::store::call_credit::COUNTED;
use crate::store::CustomerId;
use domain::dimensions::{FilterOp, ValueFilter};
use domain::list_query::number_needles;
use domain::reports::transcript_search::TranscriptSearch;
use domain::reports::{CallLogQuery, CallSort, FollowUpFilter, ScoreFilter};
use domain::NumberFormat;
use sqlx::any::AnyArguments;
use sqlx::{Any, AnyPool};

use super::routing_entries::like_pattern;

/// A value bound to the filter's placeholders.
#[derive(Debug, Clone)]
enum Bind {
    Int(i64),
    Text(String),
}

/// The call log's statements for a query: the page, the count and the export. All bind the
/// customer as $1, the period as $2 and $3, then the filters' values.
///
/// The filters read the call's own columns only (a campaign's or a name's numbers are found once,
/// in a subquery); the page picks its calls' ids first, joining only the source when sorting by
/// it, then joins the rest for those rows alone; the count joins nothing. With a million calls,
/// a period of 250,000 calls was otherwise joined five times a row for a page of 50
/// (docs/reports-performance.md).
pub struct CallLogSql {
    select: String,
    /// `FROM calls c` with the joins the filters and the sort need, the condition.
    page_from: String,
    order: String,
    count: String,
    binds: Vec<Bind>,
}

/// Whose calls a statement reads: the customer bound as $1, or those of the group bound as $1
/// among its member clinics listed (each checked by the caller: the user reaches it).
#[derive(Debug, Clone)]
pub enum CallScope {
    Customer,
    Clinics(Vec<CustomerId>),
}

impl CallScope {
    /// What follows `customer_id` in a condition.
    fn sql(&self) -> String {
        match self {
            CallScope::Customer => "= $1".to_string(),
            CallScope::Clinics(clinics) => {
                // Ids read from the store, never typed: written in, as the statement's own list.
                let list: Vec<String> = clinics.iter().map(|c| c.get().to_string()).collect();
                let list = if list.is_empty() { "NULL".to_string() } else { list.join(", ") };
                format!("IN (SELECT member_id FROM group_members WHERE group_id = $1 AND member_id IN ({list}))")
            }
        }
    }
}

/// The columns of a row of the log, in `CallRow`'s order.
const ROW_SELECT: &str =
    "SELECT c.id AS id, c.customer_id AS customer_id, c.started_at AS started_at, c.caller_number AS caller_number,
    c.tracked_number AS tracked_number, c.routing_entry_id AS routing_entry_id, COALESCE(e.kind, '') AS kind,
    COALESCE(e.description, '') AS description, COALESCE(e.pool_name, '') AS pool_name,
    COALESCE(k.description, '') AS campaign, COALESCE(s.source, '') AS source, COALESCE(s.medium, '') AS medium,
    COALESCE(v.landing_page, '') AS landing_page, c.duration_seconds AS duration_seconds,
    c.ring_seconds AS ring_seconds, c.talk_seconds AS talk_seconds, c.outcome AS outcome,
    c.destination AS destination, c.tags AS tags, c.first_time AS first_time, c.callback_of AS callback_of,
    CASE WHEN r.call_id IS NULL THEN 0 ELSE 1 END AS has_recording, c.score AS score, c.lead_score AS lead_score,
    c.follow_up AS follow_up, c.follow_up_by AS follow_up_by, c.follow_up_at AS follow_up_at, c.note AS note,
    c.note_by AS note_by, c.note_at AS note_at, r.seconds AS recording_seconds, c.direction AS direction,
    c.test_note AS test_note, COALESCE(u.forename, '') AS agent_forename, COALESCE(u.surname, '') AS agent_surname,
    COALESCE(oc.name, '') AS outbound_campaign";

/// The join the sort by source reads, alone.
const JOIN_SOURCE: &str = "LEFT JOIN sources_mediums s ON s.id = c.credit_source_id";

/// The joins of a row of the log, after `calls c`.
const JOINS: &str = "LEFT JOIN routing_entries e ON e.id = c.routing_entry_id
    LEFT JOIN campaigns k ON k.id = c.campaign_id
    LEFT JOIN sources_mediums s ON s.id = c.credit_source_id
    LEFT JOIN visits v ON v.id = c.visit_id
    LEFT JOIN call_recordings r ON r.call_id = c.id
    LEFT JOIN users u ON u.id = c.user_id AND c.direction = 'outbound'
    LEFT JOIN outbound_campaigns oc ON oc.id = c.outbound_campaign_id";

/// A row of the log, as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CallRow {
    pub id: i64,
    /// The clinic's, in a group's combined log.
    pub customer_id: i64,
    pub started_at: i64,
    pub caller_number: String,
    pub tracked_number: String,
    pub routing_entry_id: Option<i64>,
    pub kind: String,
    pub description: String,
    pub pool_name: String,
    pub campaign: String,
    pub source: String,
    pub medium: String,
    pub landing_page: String,
    pub duration_seconds: i64,
    pub ring_seconds: i64,
    pub talk_seconds: i64,
    pub outcome: String,
    pub destination: String,
    pub tags: String,
    pub first_time: i64,
    pub callback_of: Option<i64>,
    pub has_recording: i64,
    /// The latest scorecard score, whole percent.
    pub score: Option<i64>,
    /// 1 good lead, 0 not a lead, None not judged.
    pub lead_score: Option<i64>,
    /// domain `reports::FollowUp` key, or '' when nothing was done yet; by whom (their name
    /// then) and when.
    pub follow_up: String,
    pub follow_up_by: String,
    pub follow_up_at: Option<i64>,
    pub note: String,
    pub note_by: String,
    pub note_at: Option<i64>,
    /// How long the recording lasts, when known.
    pub recording_seconds: Option<i64>,
    /// inbound, test (domain `reports::test_call`) or outbound (`reports::call_out`).
    pub direction: String,
    /// A test call's moment: "as if it were …" ('' otherwise).
    pub test_note: String,
    /// A call out's agent and their outbound campaign ('' otherwise).
    pub agent_forename: String,
    pub agent_surname: String,
    pub outbound_campaign: String,
}

impl CallRow {
    /// The pool's name, or the static number's description.
    pub fn number_name(&self) -> &str {
        if self.kind == "dynamic" {
            &self.pool_name
        } else {
            &self.description
        }
    }
}

impl CallLogSql {
    pub fn new(query: &CallLogQuery, format: &NumberFormat, backend: Backend) -> CallLogSql {
        CallLogSql::scoped(query, format, &CallScope::Customer, backend)
    }

    /// The statements for `scope`'s calls: a group's binds the group as $1.
    pub fn scoped(query: &CallLogQuery, format: &NumberFormat, scope: &CallScope, backend: Backend) -> CallLogSql {
        let whose = format!("customer_id {}", scope.sql());
        // The calls every figure counts (`store::call_credit::COUNTED`), then the filters.
        let mut counted = COUNTED.replacen("customer_id = $1", &whose, 1);
        // The test calls and the agents' calls out beside the callers' (`reports::test_call`,
        // `reports::call_out`), each asked for by name.
        let mut directions = vec!["'inbound'"];
        if query.test_calls {
            directions.push("'test'");
        }
        if query.calls_out {
            directions.push("'outbound'");
        }
        if directions.len() > 1 {
            let listed = format!("c.direction IN ({})", directions.join(", "));
            counted = counted.replacen("c.direction = 'inbound'", &listed, 1);
        }
        let mut condition = format!("WHERE {counted}");
        let mut binds = Vec::new();
        let add = |sql: &str, value: Bind, binds: &mut Vec<Bind>, condition: &mut String| {
            binds.push(value);
            condition.push_str(&sql.replace('?', &format!("${}", binds.len() + 3)));
        };
        // The source and campaign the call is credited to (`store::call_credit`), as every figure.
        if let Some(id) = query.source {
            add(" AND c.credit_source_id = ?", Bind::Int(id), &mut binds, &mut condition);
        }
        if let Some(id) = query.campaign {
            add(" AND c.campaign_id = ?", Bind::Int(id), &mut binds, &mut condition);
        }
        if let Some(id) = query.number {
            add(" AND c.routing_entry_id = ?", Bind::Int(id), &mut binds, &mut condition);
        }
        // Any of the outcomes asked (at most the five there are).
        for (i, outcome) in query.outcomes.iter().enumerate() {
            let sql = match (i, i + 1 == query.outcomes.len()) {
                (0, true) => " AND c.outcome IN (?)",
                (0, false) => " AND c.outcome IN (?",
                (_, true) => ", ?)",
                (_, false) => ", ?",
            };
            add(sql, Bind::Text(outcome.key().to_string()), &mut binds, &mut condition);
        }
        match query.follow_up {
            Some(FollowUpFilter::Open) => condition.push_str(" AND c.follow_up = ''"),
            Some(FollowUpFilter::Noted) => condition.push_str(" AND c.note <> ''"),
            Some(done) => add(" AND c.follow_up = ?", Bind::Text(done.key().to_string()), &mut binds, &mut condition),
            None => {}
        }
        if let Some(id) = query.tag {
            // The tag's calls, found once by the link table's index.
            add(
                &format!(" AND c.id IN (SELECT call_id FROM call_tag_links WHERE tag_id = ? AND {whose})"),
                Bind::Int(id),
                &mut binds,
                &mut condition,
            );
        }
        if let Some(category) = &query.category {
            add(" AND c.category = ?", Bind::Text(category.clone()), &mut binds, &mut condition);
        }
        if query.first_time {
            condition.push_str(" AND c.first_time = 1");
        }
        match query.score {
            Some(ScoreFilter::Scored) => condition.push_str(" AND c.score IS NOT NULL"),
            Some(ScoreFilter::Unscored) => condition.push_str(" AND c.score IS NULL"),
            Some(ScoreFilter::GoodLead) => condition.push_str(" AND c.lead_score = 1"),
            Some(ScoreFilter::NotALead) => condition.push_str(" AND c.lead_score = 0"),
            None => {}
        }
        if let Some(score) = query.min_score {
            add(" AND c.score >= ?", Bind::Int(score), &mut binds, &mut condition);
        }
        if let Some((dimension, filter)) = &query.dimension_match {
            // The dimension's calls (with this value), found once by its index.
            add(
                &format!(" AND c.id IN (SELECT call_id FROM call_dimension_values WHERE {whose} AND dimension_id = ?"),
                Bind::Int(*dimension),
                &mut binds,
                &mut condition,
            );
            match filter {
                Some(ValueFilter { op: FilterOp::Equals, value }) => {
                    add(" AND value = ?", Bind::Text(value.clone()), &mut binds, &mut condition)
                }
                Some(ValueFilter { op: FilterOp::Contains, value }) => add(
                    " AND LOWER(value) LIKE ? ESCAPE '\\'",
                    Bind::Text(like_pattern(value)),
                    &mut binds,
                    &mut condition,
                ),
                None => {}
            }
            condition.push(')');
        }
        if let Some(search) = &query.transcript {
            // The calls whose transcript holds a term, found by the full-text index.
            let (found, words) = transcript_match(search, backend);
            add(
                &format!(" AND c.id IN (SELECT t.call_id FROM transcripts t WHERE t.{whose} AND {found})"),
                Bind::Text(words),
                &mut binds,
                &mut condition,
            );
        }
        if let Some(seconds) = query.min_duration {
            add(" AND c.talk_seconds >= ?", Bind::Int(seconds), &mut binds, &mut condition);
        }
        let mut search = Vec::new();
        if !query.search.is_empty() {
            let needles = number_needles(&query.search, format);
            if needles.is_empty() {
                // Not a number: the numbers whose description or pool's name match, found once.
                let name = like_pattern(&query.search.to_lowercase());
                binds.push(Bind::Text(name));
                let n = binds.len() + 3;
                search.push(format!(
                    "c.routing_entry_id IN (SELECT id FROM routing_entries WHERE {whose}
                        AND (LOWER(description) LIKE ${n} ESCAPE '\\' OR LOWER(pool_name) LIKE ${n} ESCAPE '\\'))"
                ));
            }
            for needle in needles {
                binds.push(Bind::Text(like_pattern(&needle)));
                let n = binds.len() + 3;
                search.push(format!("c.caller_number LIKE ${n} ESCAPE '\\' OR c.tracked_number LIKE ${n} ESCAPE '\\'"));
            }
            condition.push_str(&format!(" AND ({})", search.join(" OR ")));
        }
        let direction = if query.descending { "DESC" } else { "ASC" };
        let order = match query.sort {
            CallSort::Time => format!("c.started_at {direction}, c.id {direction}"),
            CallSort::Duration => format!("c.talk_seconds {direction}, c.started_at DESC, c.id DESC"),
            CallSort::Caller => format!("c.caller_number {direction}, c.started_at DESC, c.id DESC"),
            CallSort::Source => format!("s.source {direction}, s.medium {direction}, c.started_at DESC, c.id DESC"),
            CallSort::Outcome => format!("c.outcome {direction}, c.started_at DESC, c.id DESC"),
        };
        let source = if matches!(query.sort, CallSort::Source) { JOIN_SOURCE } else { "" };
        CallLogSql {
            select: format!("{ROW_SELECT} FROM calls c {JOINS} {condition} ORDER BY {order}"),
            page_from: format!("FROM calls c {source} {condition}"),
            count: format!("SELECT COUNT(*) FROM calls c {condition}"),
            order,
            binds,
        }
    }

    fn bind_all<'q, O>(&'q self, mut query: QueryAs<'q, O>) -> QueryAs<'q, O> {
        for value in &self.binds {
            query = match value {
                Bind::Int(n) => query.bind(*n),
                Bind::Text(t) => query.bind(t.as_str()),
            };
        }
        query
    }
}

/// The condition on `transcripts t` that finds `search`'s terms, with `?` for the words bound:
/// FTS5's `"book an appointment" OR "quote"`, or PostgreSQL's `(book <-> an <-> appointment) |
/// quote`. The words are letters and digits only (`transcript_words`): nothing to escape.
fn transcript_match(search: &TranscriptSearch, backend: Backend) -> (&'static str, String) {
    match backend {
        Backend::Sqlite => (
            "t.id IN (SELECT rowid FROM transcripts_fts WHERE transcripts_fts MATCH ?)",
            search.terms.iter().map(|words| format!("\"{}\"", words.join(" "))).collect::<Vec<_>>().join(" OR "),
        ),
        Backend::Postgres => (
            "to_tsvector('simple', t.text) @@ to_tsquery('simple', ?)",
            search.terms.iter().map(|words| format!("({})", words.join(" <-> "))).collect::<Vec<_>>().join(" | "),
        ),
    }
}

type QueryAs<'q, O> = sqlx::query::QueryAs<'q, Any, O, AnyArguments<'q>>;

/// One page of the log and how many calls match, in [start, end).
pub async fn page(
    db: &AnyPool,
    customer: CustomerId,
    (start, end): (i64, i64),
    sql: &CallLogSql,
    query: &CallLogQuery,
) -> sqlx::Result<(Vec<CallRow>, i64)> {
    let (from, order) = (&sql.page_from, &sql.order);
    let paged = format!(
        "{ROW_SELECT} FROM (SELECT c.id AS page_id {from} ORDER BY {order} LIMIT {} OFFSET {}) p
         JOIN calls c ON c.id = p.page_id {JOINS} ORDER BY {order}",
        query.page_size,
        query.offset()
    );
    let rows =
        sql.bind_all(sqlx::query_as::<_, CallRow>(&paged).bind(customer).bind(start).bind(end)).fetch_all(db).await?;
    let (total,): (i64,) =
        sql.bind_all(sqlx::query_as(&sql.count).bind(customer).bind(start).bind(end)).fetch_one(db).await?;
    Ok((rows, total))
}

/// Every matching call in order, read as it is sent (the export).
pub fn stream<'a>(
    db: &'a AnyPool,
    customer: CustomerId,
    (start, end): (i64, i64),
    sql: &'a CallLogSql,
) -> impl futures_util::Stream<Item = sqlx::Result<CallRow>> + 'a {
    sql.bind_all(sqlx::query_as::<_, CallRow>(&sql.select).bind(customer).bind(start).bind(end)).fetch(db)
}

/// The transcripts' text of calls among `ids` (the page's, each already found for the user).
pub async fn transcript_texts(db: &AnyPool, ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
    let ids_in = Backend::of(db).json_integers(1);
    sqlx::query_as(&format!("SELECT call_id, text FROM transcripts WHERE call_id IN ({ids_in})"))
        .bind(super::routing_entries::json_ids(ids))
        .fetch_all(db)
        .await
}

/// One of the customer's inbound calls, as a row of the log.
pub async fn row(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<CallRow>> {
    sqlx::query_as(&format!(
        "{ROW_SELECT} FROM calls c {JOINS} WHERE c.customer_id = $1 AND c.id = $2 AND c.direction IN ('inbound', 'test', 'outbound')"
    ))
    .bind(customer)
    .bind(id)
    .fetch_optional(db)
    .await
}

/// The customer's inbound calls from visits whose landing URL carried `name` = `value`, newest
/// first: a page of `size` and how many there are.
pub async fn with_parameter(
    db: &AnyPool,
    customer: CustomerId,
    (name, value): (&str, &str),
    (size, offset): (i64, i64),
) -> sqlx::Result<(Vec<CallRow>, i64)> {
    let condition = "WHERE c.customer_id = $1 AND c.direction = 'inbound' AND c.visit_id IN
        (SELECT p.visit_id FROM visit_parameters p WHERE p.customer_id = $1 AND p.name = $2 AND p.value = $3)";
    let rows = sqlx::query_as(&format!(
        "{ROW_SELECT} FROM calls c {JOINS} {condition} ORDER BY c.started_at DESC, c.id DESC LIMIT {size} OFFSET {offset}"
    ))
    .bind(customer)
    .bind(name)
    .bind(value)
    .fetch_all(db)
    .await?;
    let (total,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM calls c {condition}"))
        .bind(customer)
        .bind(name)
        .bind(value)
        .fetch_one(db)
        .await?;
    Ok((rows, total))
}

/// The customer's inbound calls since `since` that a click of call-to-action `cta` led to (the
/// same visit, at most the domain's window before the call), newest first: a page and the total.
pub async fn after_cta_clicks(
    db: &AnyPool,
    customer: CustomerId,
    (cta, since): (i64, i64),
    (size, offset): (i64, i64),
) -> sqlx::Result<(Vec<CallRow>, i64)> {
    let condition = super::cta::calls_condition();
    let window = domain::cta::CALL_WINDOW_SECONDS;
    let rows = sqlx::query_as(&format!(
        "{ROW_SELECT} FROM calls c {JOINS} {condition} ORDER BY c.started_at DESC, c.id DESC LIMIT {size} OFFSET {offset}"
    ))
    .bind(customer)
    .bind(cta)
    .bind(since)
    .bind(window)
    .fetch_all(db)
    .await?;
    let (total,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM calls c {condition}"))
        .bind(customer)
        .bind(cta)
        .bind(since)
        .bind(window)
        .fetch_one(db)
        .await?;
    Ok((rows, total))
}

/// What the detail adds to the row: the visit and the routing's account of the call.
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct CallExtras {
    pub referrer: String,
    pub keyword: String,
    pub click_id: String,
    pub visit_started_at: Option<i64>,
    pub route_path: String,
    pub queue_name: String,
    pub category: String,
    pub report_group: String,
    pub keys_pressed: String,
    /// A real call's (NULL for a made-up one).
    pub engine_channel: Option<String>,
    pub destinations_tried: String,
    pub ended_where: String,
    pub end_reason: String,
    pub reference_sent: String,
    pub agent_reference: String,
    pub agent_category: String,
    /// The call's own source / medium (a call-back's before it took its missed call's).
    pub own_source: String,
    pub own_medium: String,
}

pub async fn extras(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<CallExtras> {
    sqlx::query_as(
        "SELECT COALESCE(v.referrer, '') AS referrer, COALESCE(v.keyword, '') AS keyword,
                COALESCE(v.click_id, '') AS click_id, v.started_at AS visit_started_at, c.route_path, c.queue_name,
                c.category, c.report_group, c.keys_pressed, c.engine_channel, c.destinations_tried, c.ended_where,
                c.end_reason, c.reference_sent, c.agent_reference, c.agent_category,
                COALESCE(s.source, '') AS own_source, COALESCE(s.medium, '') AS own_medium
         FROM calls c LEFT JOIN visits v ON v.id = c.visit_id
         LEFT JOIN sources_mediums s ON s.id = c.source_medium_id AND s.customer_id = c.customer_id
         WHERE c.customer_id = $1 AND c.id = $2",
    )
    .bind(customer)
    .bind(id)
    .fetch_one(db)
    .await
}

/// The caller's other inbound calls to the customer, newest first, at most `limit`: (id,
/// started_at, outcome). None for a withheld number.
pub async fn of_caller(
    db: &AnyPool,
    customer: CustomerId,
    caller: &str,
    except: i64,
    limit: i64,
) -> sqlx::Result<Vec<(i64, i64, String)>> {
    if caller.is_empty() {
        return Ok(Vec::new());
    }
    sqlx::query_as(
        "SELECT id, started_at, outcome FROM calls
         WHERE customer_id = $1 AND caller_number = $2 AND id <> $3 AND direction = 'inbound'
         ORDER BY started_at DESC, id DESC LIMIT $4",
    )
    .bind(customer)
    .bind(caller)
    .bind(except)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// The calls that call back `id` (linked to it), oldest first: (id, started_at, outcome).
pub async fn callbacks(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Vec<(i64, i64, String)>> {
    sqlx::query_as(
        "SELECT id, started_at, outcome FROM calls WHERE customer_id = $1 AND callback_of = $2 ORDER BY started_at, id",
    )
    .bind(customer)
    .bind(id)
    .fetch_all(db)
    .await
}

/// The recording of one of the customer's calls: (file name, MP3 bytes).
pub async fn recording(db: &AnyPool, customer: CustomerId, call: i64) -> sqlx::Result<Option<(String, Vec<u8>)>> {
    sqlx::query_as("SELECT file_name, content FROM call_recordings WHERE customer_id = $1 AND call_id = $2")
        .bind(customer)
        .bind(call)
        .fetch_optional(db)
        .await
}

/// The filters' choices: (id, label) of the customer's sources, campaigns and numbers.
pub async fn choices(db: &AnyPool, customer: CustomerId, sql: &str) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(sql).bind(customer).fetch_all(db).await
}

/// Whether the user may hear and download the account's recordings (domain
/// `users::hears_recordings`): the user's own right, the account's inbound recording and, for a
/// partner's user on a client's account, that client's permission for them.
pub async fn may_hear_recordings(db: &AnyPool, user: i64, customer: CustomerId) -> sqlx::Result<bool> {
    let rights: Option<(i64, i64, i64, i64, Option<i64>)> = sqlx::query_as(
        "SELECT u.call_rec_flag, c.has_inbound_recording, u.home_customer_id, h.is_partner, a.perm_call_recording
         FROM users u JOIN customers h ON h.id = u.home_customer_id JOIN customers c ON c.id = $2
         LEFT JOIN user_access a ON a.user_id = u.id AND a.customer_id = c.id
         WHERE u.id = $1",
    )
    .bind(user)
    .bind(customer)
    .fetch_optional(db)
    .await?;
    Ok(rights.is_some_and(|(flag, inbound, home, partner, permission)| {
        let client_permission = (partner == 1 && home != customer.get()).then_some(permission == Some(1));
        domain::users::hears_recordings(flag == 1, inbound == 1, client_permission)
    }))
}
