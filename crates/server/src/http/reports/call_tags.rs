//! A call's tags in the call log's detail: the tags on it, those the user may add,
//! and tagging or untagging it by hand. Tagging needs the reports permission and the tag edit
//! right (domain `tags::can_edit_tags`); the call and the tag must be the customer's.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::tags::can_edit_tags;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ReportsUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::{calls, tags};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(tag_call)).routes(routes!(untag_call))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallTag {
    id: i64,
    description: String,
    colour: String,
    /// A rule put it on the call (else a user did).
    by_rule: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallTags {
    /// The tags on the call, by name.
    on: Vec<CallTag>,
    /// The account's other tags, to add.
    available: Vec<CallTag>,
    /// Whether the user may tag and untag the call.
    can_tag: bool,
}

/// The call's tags as the detail shows them.
pub(super) async fn call_tags(state: &AppState, user: &ReportsUser, call: i64) -> Result<CallTags, AppError> {
    let customer = user.customer();
    let can_tag = can_edit_tags(&user.account);
    let on = tags::of_call(&state.db, customer, call).await?;
    let all = if on.is_empty() && !can_tag { Vec::new() } else { tags::list(&state.db, customer, 0).await? };
    let chip = |row: &tags::TagRow, by_rule: bool| CallTag {
        id: row.id,
        description: row.description.clone(),
        colour: row.colour.clone(),
        by_rule,
    };
    let mut on_chips = Vec::new();
    for (id, by_rule) in &on {
        if let Some(row) = all.iter().find(|t| t.id == *id) {
            on_chips.push(chip(row, *by_rule));
        }
    }
    let available = if can_tag {
        all.iter().filter(|t| !on.iter().any(|(id, _)| *id == t.id)).map(|t| chip(t, false)).collect()
    } else {
        Vec::new()
    };
    Ok(CallTags { on: on_chips, available, can_tag })
}

#[derive(Deserialize, Validate, ToSchema)]
struct TagChoice {
    /// The tag's id.
    #[serde(default)]
    #[garde(length(chars, max = 40))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::id)]
    form_tag_id: String,
}

async fn set_tag(
    state: &AppState,
    user: &ReportsUser,
    raw_call: &str,
    form: &TagChoice,
    on: bool,
) -> Result<CallTags, AppError> {
    if !can_edit_tags(&user.account) {
        return Err(AppError::Forbidden);
    }
    let customer = user.customer();
    let call = raw_call.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)?;
    calls::row(&state.db, customer, call).await?.ok_or(AppError::NotFound)?;
    let tag = form.form_tag_id.trim().parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)?;
    tags::one(&state.db, customer, tag, 0).await?.ok_or(AppError::NotFound)?;
    tags::set_by_hand(&state.db, customer, call, tag, on, state.clock.now()).await?;
    call_tags(state, user, call).await
}

/// Puts a tag on a call by hand.
#[utoipa::path(post, path = "/reports/tagCall/{id}", tag = "reports",
    params(("id" = String, Path, description = "The call's id")),
    request_body(content((TagChoice = "multipart/form-data"), (TagChoice = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = CallTags), (status = 403, description = "No reports permission or tag edit right"),
        (status = 404, description = "No such call or tag in this account")))]
async fn tag_call(
    State(state): State<AppState>,
    user: ReportsUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<TagChoice>,
) -> Result<Json<CallTags>, AppError> {
    Ok(Json(set_tag(&state, &user, &id, &form, true).await?))
}

/// Takes a tag off a call (whether a rule or a user put it on).
#[utoipa::path(post, path = "/reports/untagCall/{id}", tag = "reports",
    params(("id" = String, Path, description = "The call's id")),
    request_body(content((TagChoice = "multipart/form-data"), (TagChoice = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = CallTags), (status = 403, description = "No reports permission or tag edit right"),
        (status = 404, description = "No such call or tag in this account")))]
async fn untag_call(
    State(state): State<AppState>,
    user: ReportsUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<TagChoice>,
) -> Result<Json<CallTags>, AppError> {
    Ok(Json(set_tag(&state, &user, &id, &form, false).await?))
}
