//! Routing drafts (docs/routing-drafts.md): open one, see what it changes against live routing
//! (in words, with its conflicts and the impact on last week's calls), bring it up to date,
//! discard or publish it; its schedule is in `draft_schedule.rs`. Reading needs an advanced routing
//! scope, changing an editor; another account's draft id is 404.

use axum::extract::State;
use axum::Json;
use domain::routing::draft::{
    schedule_text, Conflict, Schedule, ScheduleState, DRAFT_BANNER, DRAFT_IN_FORCE, PUBLISH_CONFLICT,
};
use domain::routing::history::{affected_entries, explain_change, Impact, RecordKey, RecordKind, RoutingSnapshot};
use domain::FieldErrors;
use garde::Validate;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::history::REPLAY_DAYS;
use super::RoutingUser;
use crate::http::contract::{bounds, Done};
use crate::http::kit::error::AppError;
use crate::http::kit::extract::Path;
use crate::http::kit::typed_form::Form;
use crate::routing::change_log::ChangeLog;
use crate::routing::draft::lay_over;
use crate::routing::publish::{self, live_conflicts, NotPublished};
use crate::state::AppState;
use crate::store::routing_drafts::{self, DraftRow};
use crate::store::routing_history as history;
use crate::store::CustomerId;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_draft))
        .routes(routes!(open_draft))
        .routes(routes!(discard_draft))
        .routes(routes!(publish_draft))
        .routes(routes!(resolve_conflict))
        .routes(routes!(draft_impact))
}

/// The code of a publish refused because live routing changed since the draft began.
pub const PUBLISH_CONFLICT_CODE: &str = "PUBLISH_CONFLICT";
/// The code of a publish the routing does not allow (it would leave routing broken).
pub const PUBLISH_REFUSED: &str = "PUBLISH_REFUSED";

/// One record the draft changes, in words against live routing.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct DraftChangeView {
    kind: RecordKind,
    record_id: i64,
    /// "IVR 'Main menu'".
    record: String,
    /// What the draft changes, one sentence each.
    sentences: Vec<String>,
    /// Who changed it last in the draft.
    user_name: String,
}

/// A draft's schedule, in the account's zone.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ScheduleView {
    /// Seconds since 1970.
    publish_at: i64,
    revert_at: Option<i64>,
    /// "The draft goes live 24/12/2026 17:00 GMT, and routing goes back to normal 27/12/2026 08:00 GMT."
    text: String,
    scheduled_by: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct DraftView {
    id: i64,
    opened_by: String,
    /// Seconds since 1970.
    opened_at: i64,
    changes: Vec<DraftChangeView>,
    /// Records changed live since the draft began: publishing waits until each is resolved.
    conflicts: Vec<Conflict>,
    schedule: Option<ScheduleView>,
    /// Why its scheduled publish did not run, in words ("" when it did not fail).
    not_run: String,
}

/// A published draft whose return to normal is still to come.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ReturnView {
    draft_id: i64,
    revert_at: i64,
    text: String,
}

/// The account's draft, if any, as every routing page shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct DraftAnswer {
    draft: Option<DraftView>,
    returning: Option<ReturnView>,
    /// Why the last return to normal did not run, in words ("" when none failed).
    return_not_run: String,
    /// The banner the editors show while a draft is open.
    banner: String,
    /// The server's now (seconds since 1970): the schedule is checked against it.
    now: i64,
    /// The account's time zone, the schedule's moments are typed in.
    time_zone: String,
}

fn schedule_view(row: &DraftRow, zone: &str) -> Option<ScheduleView> {
    let schedule = Schedule { publish_at: row.publish_at?, revert_at: row.revert_at };
    Some(ScheduleView {
        publish_at: schedule.publish_at,
        revert_at: schedule.revert_at,
        text: schedule_text(&schedule, ScheduleState::Waiting, zone),
        scheduled_by: row.scheduled_by_name.clone(),
    })
}

/// The account's draft as the routing pages show it, read in `conn`.
pub(super) async fn draft_answer(
    conn: &mut sqlx::AnyConnection,
    customer: CustomerId,
    zone: &str,
    now: i64,
) -> Result<DraftAnswer, AppError> {
    let draft = match routing_drafts::open_draft(&mut *conn, customer).await? {
        None => None,
        Some(row) => {
            let records = routing_drafts::records(&mut *conn, row.id).await?;
            let names = history::names(&mut *conn, customer).await?;
            let mut changes = vec![];
            for record in &records {
                let live = history::load(&mut *conn, customer, record.key).await?;
                changes.push(DraftChangeView {
                    kind: record.key.kind,
                    record_id: record.key.id,
                    record: format!("{} '{}'", record.key.kind.noun(), record.name()),
                    sentences: explain_change(live.as_ref(), record.state.as_ref(), &names),
                    user_name: record.user_name.clone(),
                });
            }
            let conflicts = live_conflicts(&mut *conn, customer, &records).await?;
            Some(DraftView {
                id: row.id,
                opened_by: row.opened_by_name.clone(),
                opened_at: row.opened_at,
                changes,
                conflicts,
                schedule: schedule_view(&row, zone),
                not_run: row.not_run_reason.clone(),
            })
        }
    };
    let returning = routing_drafts::returning(&mut *conn, customer).await?.and_then(|row| {
        let schedule = Schedule { publish_at: row.published_at?, revert_at: row.revert_at };
        Some(ReturnView {
            draft_id: row.id,
            revert_at: row.revert_at?,
            text: schedule_text(&schedule, ScheduleState::Published, zone),
        })
    });
    let return_not_run =
        routing_drafts::return_not_run(&mut *conn, customer).await?.map(|row| row.not_run_reason).unwrap_or_default();
    Ok(DraftAnswer {
        draft,
        returning,
        return_not_run,
        banner: DRAFT_BANNER.to_string(),
        now,
        time_zone: zone.to_string(),
    })
}

/// The account's open draft (none: `draft` null), its published draft's return to come, and the
/// editors' banner.
#[utoipa::path(get, path = "/routingdraft/get", tag = "routing", responses((status = 200, body = DraftAnswer)))]
async fn get_draft(State(state): State<AppState>, user: RoutingUser) -> Result<Json<DraftAnswer>, AppError> {
    user.require_advanced()?;
    let mut conn = state.db.acquire().await?;
    Ok(Json(draft_answer(&mut conn, user.customer(), &user.account.customer_time_zone, state.clock.now()).await?))
}

/// Opens a draft: from now on the routing editors save into it. 422 on `draft` when one is open.
#[utoipa::path(post, path = "/routingdraft/open", tag = "routing", responses((status = 200, body = DraftAnswer)))]
async fn open_draft(State(state): State<AppState>, user: RoutingUser) -> Result<Json<DraftAnswer>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut tx = crate::db::begin_write(&state.db).await?;
    if routing_drafts::open_draft(&mut tx, customer).await?.is_some() {
        return Err(AppError::field("draft", DRAFT_IN_FORCE));
    }
    let name = user.account.user_name();
    routing_drafts::insert(&mut tx, customer, user.session.user_id, &name, state.clock.now()).await?;
    let answer = draft_answer(&mut tx, customer, &user.account.customer_time_zone, state.clock.now()).await?;
    tx.commit().await?;
    Ok(Json(answer))
}

/// The customer's open draft `id`, or 404.
pub(super) async fn open_draft_of(
    conn: &mut sqlx::AnyConnection,
    customer: CustomerId,
    id: i64,
) -> Result<DraftRow, AppError> {
    match routing_drafts::find(&mut *conn, customer, id).await? {
        Some(row) if row.state == "open" => Ok(row),
        Some(_) => Err(AppError::field("draft", domain::routing::draft::NO_DRAFT)),
        None => Err(AppError::NotFound),
    }
}

/// Discards the open draft `id` and everything in it; live routing is unchanged.
#[utoipa::path(post, path = "/routingdraft/discard/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1)), responses((status = 200, body = Done)))]
async fn discard_draft(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    open_draft_of(&mut tx, user.customer(), id).await?;
    routing_drafts::close(&mut tx, user.customer(), id, "discarded", None).await?;
    tx.commit().await?;
    Ok(Json(Done { success: true }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Published {
    success: bool,
    /// The history's entry for the publish (its first change).
    change_id: i64,
}

/// The answer to a publish that did not happen.
pub(super) fn not_published(refusal: NotPublished) -> AppError {
    match refusal {
        NotPublished::NoDraft => AppError::field("draft", domain::routing::draft::NO_DRAFT),
        NotPublished::Conflicts(conflicts) => {
            let mut errors = FieldErrors::new();
            errors.add("draft", PUBLISH_CONFLICT);
            AppError::ValidationWith(errors, json!({ "code": PUBLISH_CONFLICT_CODE, "conflicts": conflicts }))
        }
        NotPublished::Refused(reason) => {
            let mut errors = FieldErrors::new();
            errors.add("draft", reason);
            AppError::Coded(PUBLISH_REFUSED, errors)
        }
        NotPublished::Failed(error) => error,
    }
}

/// Publishes the open draft `id` now: every record it changes goes live in one transaction, as
/// one entry in the routing history. Live routing changed since the draft began: 422
/// `PUBLISH_CONFLICT` with the conflicts, nothing published.
#[utoipa::path(post, path = "/routingdraft/publish/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1)), responses((status = 200, body = Published)))]
async fn publish_draft(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<Published>, AppError> {
    user.require_edit()?;
    open_draft_of(&mut *state.db.acquire().await?, user.customer(), id).await?;
    let log = ChangeLog::publishing(&state, &user, id);
    let change_id = publish::publish(&state, user.customer(), id, log).await.map_err(not_published)?;
    Ok(Json(Published { success: true, change_id }))
}

#[derive(Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResolveRequest {
    #[garde(skip)]
    kind: RecordKind,
    #[garde(range(min = bounds::ID_MIN))]
    #[schema(minimum = 1)]
    record_id: i64,
    #[garde(skip)]
    keep: Keep,
}

/// Which version of a conflicting record the draft keeps.
#[derive(Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
enum Keep {
    /// Drop the draft's change to the record: what is live stays.
    Live,
    /// Keep the draft's version, over what changed live.
    Draft,
}

/// Brings one conflicting record of the open draft `id` up to date.
#[utoipa::path(post, path = "/routingdraft/resolve/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1)),
    request_body(content((ResolveRequest = "multipart/form-data"), (ResolveRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn resolve_conflict(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    Form { fields: form, .. }: Form<ResolveRequest>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let key = RecordKey { kind: form.kind, id: form.record_id };
    let mut tx = crate::db::begin_write(&state.db).await?;
    open_draft_of(&mut tx, customer, id).await?;
    let records = routing_drafts::records(&mut tx, id).await?;
    let record = records.into_iter().find(|r| r.key == key).ok_or(AppError::NotFound)?;
    match form.keep {
        Keep::Live => routing_drafts::remove_record(&mut tx, id, key).await?,
        Keep::Draft => {
            let live = history::load(&mut tx, customer, key).await?;
            let rebased = domain::routing::draft::DraftRecord { base: live, ..record };
            if rebased.base == rebased.state {
                routing_drafts::remove_record(&mut tx, id, key).await?;
            } else {
                routing_drafts::put_record(&mut tx, id, &rebased, state.clock.now()).await?;
            }
        }
    }
    tx.commit().await?;
    Ok(Json(Done { success: true }))
}

/// The routing live and as the open draft would make it.
async fn live_and_draft(
    state: &AppState,
    customer: CustomerId,
    id: i64,
) -> Result<(RoutingSnapshot, RoutingSnapshot, Vec<RecordKey>), AppError> {
    let mut tx = crate::db::begin_write(&state.db).await?;
    open_draft_of(&mut tx, customer, id).await?;
    let live = history::snapshot(&mut tx, customer).await?;
    let records = routing_drafts::records(&mut tx, id).await?;
    lay_over(state.clock.now(), &mut tx, customer, &records).await?;
    let drafted = history::snapshot(&mut tx, customer).await?;
    tx.rollback().await?;
    Ok((live, drafted, records.iter().map(|r| r.key).collect()))
}

/// What publishing the open draft `id` would have done to last week's calls.
#[utoipa::path(get, path = "/routingdraft/impact/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1)), responses((status = 200, body = Impact)))]
async fn draft_impact(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<Impact>, AppError> {
    user.require_advanced()?;
    let (live, drafted, keys) = live_and_draft(&state, user.customer(), id).await?;
    let mut entries: Vec<i64> = keys.iter().flat_map(|key| affected_entries(&live, &drafted, *key)).collect();
    entries.sort_unstable();
    entries.dedup();
    let since = state.clock.now() - REPLAY_DAYS * 24 * 60 * 60;
    let calls = history::calls_since(
        &state.db,
        user.customer(),
        since,
        &entries,
        domain::routing::history::MAX_REPLAY_CALLS as i64,
    )
    .await?;
    let impact = domain::routing::history::replay_impact(&live, &drafted, &calls, &user.account.customer_time_zone)
        .map_err(AppError::Internal)?;
    Ok(Json(impact))
}
