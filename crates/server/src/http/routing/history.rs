//! The routing history (docs/routing-history-api.md): every recorded change explained
//! in plain words, filtered and exported; a change rolled back in one transaction after the
//! domain's plan (later changes to the same records, a routing left valid) and impact; and the
//! impact of an edit on the last week's calls, computed by the same domain function the browser
//! runs through wasm.

use crate::http::contract::bounds;
use crate::http::kit::extract::{Path, Query};
use axum::body::Body;
use axum::extract::State;
use axum::response::Response;
use axum::Json;
use domain::routing::history::{
    affected_entries, change_time, check_restored_graph, plan_group_rollback, plan_rollback, replay_impact, Change,
    Impact, RecordKind, RecordState, ReplayCall, RollbackOutcome, RollbackPlan, RoutingRecord, RoutingSnapshot,
    MAX_REPLAY_CALLS,
};
use domain::{push_csv_line, CsvCell, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use sqlx::{Any, Transaction};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::RoutingUser;
use crate::http::kit::download::{attachment, file_name_part};
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::routing::draft::RoutingRead;
use crate::routing::rollback::{self, refused};
use crate::state::AppState;
use crate::store::routing_history::{self as store, ChangeRow, Filter};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(changes))
        .routes(routes!(authors))
        .routes(routes!(export_csv))
        .routes(routes!(rollback_preview))
        .routes(routes!(rollback))
        .routes(routes!(impact))
        .routes(routes!(replay_data))
}

/// How far back the impact replay looks.
pub const REPLAY_DAYS: i64 = 7;
/// A history page's largest size.
const PAGE_SIZE_MAX: i64 = 100;
/// The most rows one CSV export carries (over 25 months, far more than any account makes).
const EXPORT_MAX: i64 = 100_000;

// ---- The history -------------------------------------------------------------------------------

/// Which changes: every part optional; `from` and `to` are dates (YYYY-MM-DD) in the account's
/// time zone, `to` inclusive.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct HistoryQuery {
    /// servicePlan, destinationPlan, ivr, queue or connect.
    kind: Option<RecordKind>,
    /// The record's id (with `kind`).
    #[param(minimum = 1)]
    record: Option<i64>,
    /// The user who made the changes.
    #[param(minimum = 1)]
    user: Option<i64>,
    #[param(schema_with = crate::http::contract::bounds::date)]
    from: Option<String>,
    #[param(schema_with = crate::http::contract::bounds::date)]
    to: Option<String>,
    /// From 1.
    #[param(minimum = 1)]
    page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    page_size: Option<i64>,
}

/// One change as the history shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ChangeView {
    id: i64,
    kind: String,
    record_id: i64,
    record_name: String,
    /// What the change did, a sentence each.
    sentences: Vec<String>,
    user_id: Option<i64>,
    user_name: String,
    /// screen or rollback.
    source: String,
    /// The change a rollback undid.
    rolls_back: Option<i64>,
    /// Seconds since 1970 (UTC).
    created_at: i64,
    /// The draft a publish made this change for: the whole publish is one entry (its first
    /// change, with every record's sentences), rolled back as one.
    published_draft: Option<i64>,
}

impl From<ChangeRow> for ChangeView {
    fn from(row: ChangeRow) -> Self {
        ChangeView {
            sentences: row.sentences(),
            id: row.id,
            kind: row.record_kind,
            record_id: row.record_id,
            record_name: row.record_name,
            user_id: row.user_id,
            user_name: row.user_name,
            source: row.source,
            rolls_back: row.rolls_back,
            created_at: row.created_at,
            published_draft: row.published_draft,
        }
    }
}

/// A published draft's entry: its first change, naming every record it changed, with all their
/// sentences.
fn publish_entry(first: ChangeRow, group: &[ChangeRow]) -> ChangeView {
    let names: Vec<String> = group.iter().map(|c| format!("'{}'", c.record_name)).collect();
    let sentences = group.iter().flat_map(ChangeRow::sentences).collect();
    ChangeView { record_name: format!("Draft published: {}", names.join(", ")), sentences, ..ChangeView::from(first) }
}

#[derive(Serialize, ToSchema)]
struct ChangePage {
    changes: Vec<ChangeView>,
    /// How many changes match, on every page.
    total: i64,
}

/// A date (YYYY-MM-DD) as the instant its day starts in `zone`; None for an empty one.
fn day_start(text: Option<&str>, zone: &str, field: &str, days_later: u64) -> Result<Option<i64>, AppError> {
    // Present means a date, as the contract says (the history's screen sends none for a blank).
    let Some(text) = text else { return Ok(None) };
    domain::routing::history::day_start(text, zone, days_later).map(Some).map_err(|message| {
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        AppError::Validation(errors)
    })
}

/// The query's numbers outside what the contract describes: 422 by field, as any form.
fn check_bounds(query: &HistoryQuery) -> Result<(), AppError> {
    let mut errors = FieldErrors::new();
    let below_one = |value: Option<i64>| value.is_some_and(|v| v < 1);
    for (field, value) in [("record", query.record), ("user", query.user), ("page", query.page)] {
        if below_one(value) {
            errors.add(field, format!("{field} must be a whole number from 1."));
        }
    }
    if query.page_size.is_some_and(|size| !(1..=PAGE_SIZE_MAX).contains(&size)) {
        errors.add("pageSize", format!("pageSize must be from 1 to {PAGE_SIZE_MAX}."));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(AppError::Validation(errors))
    }
}

fn filter_of(query: &HistoryQuery, zone: &str) -> Result<Filter, AppError> {
    check_bounds(query)?;
    Ok(Filter {
        kind: query.kind,
        record_id: query.record,
        user_id: query.user,
        from: day_start(query.from.as_deref(), zone, "from", 0)?,
        to: day_start(query.to.as_deref(), zone, "to", 1)?,
        publish_as_one: false,
    })
}

/// The routing history, newest first.
#[utoipa::path(get, path = "/routinghistory/getChanges", tag = "routing", params(HistoryQuery),
    responses((status = 200, body = ChangePage)))]
async fn changes(
    State(state): State<AppState>,
    user: RoutingUser,
    Query(query): Query<HistoryQuery>,
) -> Result<Json<ChangePage>, AppError> {
    user.require_advanced()?;
    let filter = Filter { publish_as_one: true, ..filter_of(&query, &user.account.customer_time_zone)? };
    let size = query.page_size.unwrap_or(25);
    // Bounded so the offset cannot overflow.
    let page = query.page.unwrap_or(1).min(i64::MAX / PAGE_SIZE_MAX);
    let mut conn = state.db.acquire().await?;
    let (rows, total) = store::page(&mut conn, user.customer(), &filter, (page - 1) * size, size).await?;
    let mut changes = vec![];
    for row in rows {
        // Listed by record, a publish's change is that record's own; otherwise the publish is one.
        match row.published_draft.filter(|_| filter.publish_as_one && filter.record_id.is_none()) {
            Some(draft) => {
                let group = store::of_publish(&mut conn, user.customer(), draft).await?;
                changes.push(publish_entry(row, &group));
            }
            None => changes.push(ChangeView::from(row)),
        }
    }
    Ok(Json(ChangePage { changes, total }))
}

/// Someone who made changes to the account's routing.
#[derive(Serialize, ToSchema)]
struct HistoryAuthor {
    id: i64,
    name: String,
}

#[derive(Serialize, ToSchema)]
struct HistoryAuthors {
    /// By name; each user once, under the name of their latest change.
    users: Vec<HistoryAuthor>,
}

/// Everyone who made a recorded change: the choices of the history's user filter.
#[utoipa::path(get, path = "/routinghistory/getUsers", tag = "routing", responses((status = 200, body = HistoryAuthors)))]
async fn authors(State(state): State<AppState>, user: RoutingUser) -> Result<Json<HistoryAuthors>, AppError> {
    user.require_advanced()?;
    let users = store::authors(&mut *state.db.acquire().await?, user.customer()).await?;
    Ok(Json(HistoryAuthors { users: users.into_iter().map(|(id, name)| HistoryAuthor { id, name }).collect() }))
}

/// The history as CSV (the same filter, every page).
#[utoipa::path(get, path = "/routinghistory/exportCsv", tag = "routing", params(HistoryQuery),
    responses((status = 200, description = "The changes as CSV (an attachment).", content_type = "text/csv", body = String)))]
async fn export_csv(
    State(state): State<AppState>,
    user: RoutingUser,
    Query(query): Query<HistoryQuery>,
) -> Result<Response, AppError> {
    user.require_advanced()?;
    let filter = filter_of(&query, &user.account.customer_time_zone)?;
    let (rows, _) = store::page(&mut *state.db.acquire().await?, user.customer(), &filter, 0, EXPORT_MAX).await?;
    let mut csv = String::from("\u{feff}");
    push_csv_line(
        &mut csv,
        &["Change", "When", "Who", "From", "Record type", "Record", "What changed"].map(CsvCell::Value),
    );
    for row in &rows {
        let when = change_time(row.created_at, &user.account.customer_time_zone);
        let id = row.id.to_string();
        push_csv_line(
            &mut csv,
            &[
                CsvCell::Value(&id),
                CsvCell::Value(&when),
                CsvCell::Text(&row.user_name),
                CsvCell::Value(&row.source),
                CsvCell::Value(&row.record_kind),
                CsvCell::Text(&row.record_name),
                CsvCell::Text(&row.summary.replace('\n', " ")),
            ],
        );
    }
    let file = format!("{}_routing_history.csv", file_name_part(&user.account.product_name));
    Ok(attachment("text/csv; charset=utf-8", &file, Body::from(csv)))
}

// ---- Rollback ----------------------------------------------------------------------------------

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct RollbackQuery {
    /// 1: roll back the later changes to the same records too.
    #[param(maximum = 1, minimum = 0)]
    include_later: Option<u8>,
}

/// What a rollback would do: the domain's plan, the problem it would leave (refused), and its
/// impact on last week's calls.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RollbackPreview {
    plan: RollbackPlan,
    /// Why the rollback is refused: it would leave routing broken.
    problem: Option<String>,
    impact: Option<Impact>,
}

/// The plan for rolling back change `id` (with or without the later changes to its records),
/// from the history read in `tx`.
async fn plan_for(
    tx: &mut Transaction<'_, Any>,
    user: &RoutingUser,
    id: i64,
    include_later: bool,
) -> Result<RollbackPlan, AppError> {
    let row = store::find(tx, user.customer(), id).await?.ok_or(AppError::NotFound)?;
    let names = store::names(tx, user.customer()).await?;
    // A published draft's changes are one entry, rolled back together.
    if let Some(draft) = row.published_draft {
        let group = store::of_publish(tx, user.customer(), draft).await?;
        let later: Vec<Change> =
            store::later_than_group(tx, user.customer(), &group).await?.iter().filter_map(ChangeRow::change).collect();
        let targets: Vec<Change> = group.iter().filter_map(ChangeRow::change).collect();
        return Ok(plan_group_rollback(&targets, &later, include_later, &names));
    }
    let target = row.change().ok_or(AppError::NotFound)?;
    let later: Vec<Change> =
        store::later_on(tx, user.customer(), id, target.key).await?.iter().filter_map(ChangeRow::change).collect();
    Ok(plan_rollback(&target, &later, include_later, &names))
}

/// The routing as it is and as the plan would leave it, and the problem that would add.
fn restored(current: &RoutingSnapshot, plan: &RollbackPlan) -> Result<(RoutingSnapshot, Option<String>), AppError> {
    let restored = current.with(&plan.restores).map_err(AppError::Internal)?;
    let problem = check_restored_graph(current, &restored);
    Ok((restored, problem))
}

/// Last week's calls to `entries`, oldest first.
async fn last_week(state: &AppState, user: &RoutingUser, entries: &[i64]) -> Result<Vec<ReplayCall>, AppError> {
    let since = state.clock.now() - REPLAY_DAYS * 24 * 60 * 60;
    Ok(store::calls_since(&state.db, user.customer(), since, entries, MAX_REPLAY_CALLS as i64).await?)
}

fn replayed(
    user: &RoutingUser,
    before: &RoutingSnapshot,
    after: &RoutingSnapshot,
    calls: &[ReplayCall],
) -> Result<Impact, AppError> {
    replay_impact(before, after, calls, &user.account.customer_time_zone).map_err(AppError::Internal)
}

/// What rolling back change `id` would do.
#[utoipa::path(get, path = "/routinghistory/getRollback/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1), RollbackQuery),
    responses((status = 200, body = RollbackPreview)))]
async fn rollback_preview(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    Query(query): Query<RollbackQuery>,
) -> Result<Json<RollbackPreview>, AppError> {
    user.require_advanced()?;
    let include_later = match query.include_later {
        None | Some(0) => false,
        Some(1) => true,
        Some(_) => {
            let mut errors = FieldErrors::new();
            errors.add("includeLater", "includeLater must be 0 or 1.");
            return Err(AppError::Validation(errors));
        }
    };
    let mut tx = crate::db::begin_write(&state.db).await?;
    let plan = plan_for(&mut tx, &user, id, include_later).await?;
    tx.rollback().await?;
    if plan.restores.is_empty() {
        return Ok(Json(RollbackPreview { plan, problem: None, impact: None }));
    }
    let current = store::snapshot(&mut *state.db.acquire().await?, user.customer()).await?;
    let (after, problem) = restored(&current, &plan)?;
    let mut entries: Vec<i64> = plan.restores.iter().flat_map(|r| affected_entries(&current, &after, r.key)).collect();
    entries.sort_unstable();
    entries.dedup();
    let calls = last_week(&state, &user, &entries).await?;
    let impact = replayed(&user, &current, &after, &calls)?;
    Ok(Json(RollbackPreview { plan, problem, impact: Some(impact) }))
}

#[derive(Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RollbackRequest {
    /// "1": roll back the later changes to the same records too.
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    include_later: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RolledBack {
    success: bool,
    /// The changes the rollback recorded, one per record restored.
    change_ids: Vec<i64>,
}

/// Rolls change `id` back (and, with includeLater=1, the later changes to the same records), in
/// one transaction; each record restored is a change of its own, marked as the rollback.
#[utoipa::path(post, path = "/routinghistory/rollback/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1)),
    request_body(content((RollbackRequest = "multipart/form-data"), (RollbackRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = RolledBack)))]
async fn rollback(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    form: Form<RollbackRequest>,
) -> Result<Json<RolledBack>, AppError> {
    user.require_edit()?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    let plan = plan_for(&mut tx, &user, id, form.fields.include_later == "1").await?;
    match &plan.outcome {
        RollbackOutcome::Conflict { reason, .. } | RollbackOutcome::Refused { reason } => return Err(refused(reason)),
        RollbackOutcome::Clean | RollbackOutcome::WithLater { .. } => {}
    }
    let current = store::snapshot(&mut *state.db.acquire().await?, user.customer()).await?;
    if let (_, Some(problem)) = restored(&current, &plan)? {
        return Err(refused(&problem));
    }
    let change_ids = rollback::roll_back(&state, &mut tx, &user, id, &plan).await?;
    // A published draft rolled back by hand has no return to normal left to make.
    if let Some(draft) = store::find(&mut tx, user.customer(), id).await?.and_then(|row| row.published_draft) {
        crate::store::routing_drafts::cancel_return(&mut tx, user.customer(), draft).await?;
    }
    tx.commit().await?;
    Ok(Json(RolledBack { success: true, change_ids }))
}

// ---- Impact before saving ----------------------------------------------------------------------

#[derive(Deserialize, Validate, ToSchema)]
struct ImpactRequest {
    /// The edited record as JSON (the domain's RoutingRecord; id 0 for a new one).
    #[garde(length(max = crate::http::BODY_LIMIT))]
    #[schema(schema_with = record_as_json)]
    record: String,
}

/// The record field's content: a RoutingRecord in JSON (`contentMediaType`, `contentSchema`).
fn record_as_json() -> utoipa::openapi::schema::Object {
    let mut schema = utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .content_media_type("application/json")
        .build();
    schema.extensions = Some(
        utoipa::openapi::extensions::ExtensionsBuilder::new()
            .add(
                crate::http::contract::CONTENT_SCHEMA,
                serde_json::json!({ "$ref": "#/components/schemas/RoutingRecord" }),
            )
            .build(),
    );
    schema
}

/// The impact call's refusal of a record it cannot replay, on the field.
fn not_a_record(reason: impl std::fmt::Display) -> AppError {
    tracing::debug!(%reason, "impact: not a routing record");
    AppError::field("record", NOT_A_ROUTING_RECORD)
}

/// The field message of a record the impact call cannot read or replay.
const NOT_A_ROUTING_RECORD: &str = "The edited record is not a routing record this account can replay.";

/// What an edit would do to last week's calls: the stored routing and the routing with the
/// edited record replayed through the call path (the browser runs the same function through
/// wasm as the user types; this is the server's answer for the same edit).
#[utoipa::path(post, path = "/routinghistory/impact", tag = "routing",
    request_body(content((ImpactRequest = "multipart/form-data"), (ImpactRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Impact)))]
async fn impact(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<ImpactRequest>,
) -> Result<Json<Impact>, AppError> {
    user.require_advanced()?;
    let record: RoutingRecord = serde_json::from_str(&form.fields.record).map_err(not_a_record)?;
    let key = record.key();
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    if key.id != 0 && store::load(&mut view, user.customer(), key).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let current = store::snapshot(&mut view, user.customer()).await?;
    drop(view);
    let edited = current.with(&[RecordState { key, state: Some(record) }]).map_err(not_a_record)?;
    let calls = last_week(&state, &user, &affected_entries(&current, &edited, key)).await?;
    Ok(Json(replayed(&user, &current, &edited, &calls)?))
}

/// What the browser replays an edit against: the routing as stored, last week's calls to every
/// number and pool (the browser picks the affected ones with the domain's affectedEntries) and
/// the account's time zone.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ReplayData {
    snapshot: RoutingSnapshot,
    calls: Vec<ReplayCall>,
    time_zone: String,
}

#[utoipa::path(get, path = "/routinghistory/getReplayData", tag = "routing",
    responses((status = 200, body = ReplayData)))]
async fn replay_data(State(state): State<AppState>, user: RoutingUser) -> Result<Json<ReplayData>, AppError> {
    user.require_advanced()?;
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let snapshot = store::snapshot(&mut view, user.customer()).await?;
    drop(view);
    let entries: Vec<i64> = snapshot.entries.iter().map(|e| e.id).collect();
    let calls = last_week(&state, &user, &entries).await?;
    Ok(Json(ReplayData { snapshot, calls, time_zone: user.account.customer_time_zone.clone() }))
}
