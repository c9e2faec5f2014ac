//! A draft's schedule (docs/routing-drafts.md): publish at a set moment and, if chosen, go back
//! to normal at a later one, typed in the account's time zone (domain `parse_schedule`, BST
//! aware). It can be changed or cancelled until it runs; a return to normal still to come can be
//! cancelled. The job `jobs::routing_schedule` runs each step once.

use axum::extract::State;
use axum::Json;
use domain::routing::draft::{parse_schedule, ScheduleForm};
use garde::Validate;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::drafts::{draft_answer, open_draft_of, DraftAnswer};
use super::RoutingUser;
use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::http::kit::extract::Path;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::routing_drafts;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(schedule)).routes(routes!(cancel_schedule)).routes(routes!(cancel_return))
}

/// A moment as `<input type="datetime-local">` sends it, in the account's zone.
const MOMENT_MAX: usize = 16;

#[derive(Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ScheduleRequest {
    /// When the draft goes live: YYYY-MM-DDTHH:MM in the account's time zone.
    #[garde(length(max = MOMENT_MAX))]
    #[schema(pattern = "^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2})?$", max_length = 16)]
    publish_at: String,
    /// When routing goes back to normal (empty: it stays).
    #[serde(default)]
    #[garde(length(max = MOMENT_MAX))]
    #[schema(pattern = "^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2})?$", max_length = 16)]
    revert_at: String,
}

/// Sets (or changes) when the open draft `id` goes live, and when routing goes back. 422 on
/// `publishAt` / `revertAt` in words: a moment in the past, more than a year ahead, one the
/// clocks skip, a return before the publish.
#[utoipa::path(post, path = "/routingdraft/schedule/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1)),
    request_body(content((ScheduleRequest = "multipart/form-data"), (ScheduleRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = DraftAnswer)))]
async fn schedule(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    Form { fields: form, .. }: Form<ScheduleRequest>,
) -> Result<Json<DraftAnswer>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let zone = &user.account.customer_time_zone;
    let mut tx = crate::db::begin_write(&state.db).await?;
    open_draft_of(&mut tx, customer, id).await?;
    let wanted = ScheduleForm { publish_at: form.publish_at, revert_at: form.revert_at };
    let moments = parse_schedule(&wanted, zone, state.clock.now()).map_err(AppError::Validation)?;
    let name = user.account.user_name();
    let by = (user.session.user_id, name.as_str());
    routing_drafts::set_schedule(&mut tx, customer, id, Some((moments.publish_at, moments.revert_at)), by).await?;
    let answer = draft_answer(&mut tx, customer, zone, state.clock.now()).await?;
    tx.commit().await?;
    Ok(Json(answer))
}

/// Cancels the open draft `id`'s schedule: it stays a draft.
#[utoipa::path(post, path = "/routingdraft/cancelSchedule/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1)), responses((status = 200, body = Done)))]
async fn cancel_schedule(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    open_draft_of(&mut tx, user.customer(), id).await?;
    let name = user.account.user_name();
    routing_drafts::set_schedule(&mut tx, user.customer(), id, None, (user.session.user_id, name.as_str())).await?;
    tx.commit().await?;
    Ok(Json(Done { success: true }))
}

/// Cancels the return to normal still to come of the published draft `id`: its routing stays.
#[utoipa::path(post, path = "/routingdraft/cancelReturn/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1)), responses((status = 200, body = Done)))]
async fn cancel_return(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let mut conn = state.db.acquire().await?;
    if routing_drafts::find(&mut conn, user.customer(), id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    if !routing_drafts::cancel_return(&mut conn, user.customer(), id).await? {
        return Err(AppError::field("draft", "There is no return to normal to cancel."));
    }
    Ok(Json(Done { success: true }))
}
