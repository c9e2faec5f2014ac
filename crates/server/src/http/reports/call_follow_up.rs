//! What the account did about a call, from the call log: mark it handled or "we called back"
//! (or clear the mark), and keep a note on it, each with who and when (domain
//! `reports::follow_up`). Anyone who reads the account's calls may; the call must be the
//! customer's. The answer is the call's row as the log shows it, so the row updates in place.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::reports::follow_up::{follow_up_message, note_message, parse_follow_up, parse_note, NOTE_MAX};
use domain::reports::FollowUp;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::call_detail::call_id;
use super::{CallLogRow, ReportsUser};
use crate::http::contract::bounds;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::{call_follow_up, calls};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(follow_up_call)).routes(routes!(note_call))
}

#[derive(Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FollowUpForm {
    /// handled, calledBack, or empty to clear the mark.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    #[schema(required = true, schema_with = follow_up_keys)]
    follow_up: String,
}

/// A note as posted: room for the spaces and line ends the rule trims.
const NOTE_RAW_MAX: usize = 2 * NOTE_MAX;

fn follow_up_keys() -> utoipa::openapi::schema::Object {
    bounds::choice(FollowUp::ALL.map(FollowUp::key))
}

#[derive(Deserialize, Validate, ToSchema)]
struct NoteForm {
    /// The note; empty removes it. At most `NOTE_MAX` characters once trimmed (the rule's
    /// message); the form takes a little more as typed.
    #[serde(default)]
    #[garde(length(chars, max = NOTE_RAW_MAX))]
    #[schema(required = true, schema_with = bounds::text::<NOTE_RAW_MAX>)]
    note: String,
}

#[derive(Serialize, ToSchema)]
struct CallFollowedUp {
    success: bool,
    /// "Marked that we called 07700 900123 back."
    message: String,
    /// The call as the log now shows it.
    call: CallLogRow,
}

/// "Sam Jones": who is acting, as the mark will name them.
fn acting(user: &ReportsUser) -> String {
    user.account.user_name()
}

async fn answer(state: &AppState, user: &ReportsUser, id: i64, message: String) -> Result<CallFollowedUp, AppError> {
    let row = calls::row(&state.db, user.customer(), id).await?.ok_or(AppError::NotFound)?;
    let hears = user.hears_recordings(state).await?;
    Ok(CallFollowedUp {
        success: true,
        message,
        call: CallLogRow::from_row(&row, &user.account.customer_time_zone, hears),
    })
}

/// Marks a call handled or "we called back", or clears the mark.
#[utoipa::path(post, path = "/reports/followUpCall/{id}", tag = "reports",
    params(("id" = String, Path, description = "The call's id")),
    request_body(content = FollowUpForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = CallFollowedUp), (status = 403, description = "No reports permission"),
        (status = 404, description = "No such call in this account"), (status = 422, description = "The field's message")))]
async fn follow_up_call(
    State(state): State<AppState>,
    user: ReportsUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<FollowUpForm>,
) -> Result<Json<CallFollowedUp>, AppError> {
    let id = call_id(&id)?;
    let follow_up = parse_follow_up(&form.follow_up).map_err(|message| AppError::field("followUp", message))?;
    let customer = user.customer();
    let row = calls::row(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    if !call_follow_up::mark(&state.db, customer, id, follow_up, &acting(&user), state.clock.now()).await? {
        return Err(AppError::NotFound);
    }
    let caller = domain::reports::format_uk(&row.caller_number);
    Ok(Json(answer(&state, &user, id, follow_up_message(follow_up, &caller)).await?))
}

/// Keeps a note on a call; an empty note removes it.
#[utoipa::path(post, path = "/reports/noteCall/{id}", tag = "reports",
    params(("id" = String, Path, description = "The call's id")),
    request_body(content = NoteForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = CallFollowedUp), (status = 403, description = "No reports permission"),
        (status = 404, description = "No such call in this account"), (status = 422, description = "The field's message")))]
async fn note_call(
    State(state): State<AppState>,
    user: ReportsUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<NoteForm>,
) -> Result<Json<CallFollowedUp>, AppError> {
    let id = call_id(&id)?;
    let note = parse_note(&form.note).map_err(|message| AppError::field("note", message))?;
    if !call_follow_up::note(&state.db, user.customer(), id, &note, &acting(&user), state.clock.now()).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(answer(&state, &user, id, note_message(&note).to_string()).await?))
}
