//! The campaigns list and a campaign (docs/static-api.md "Campaigns"): a page at a time, renamed
//! under the inline add's rule, deleted only when empty. Adding one is
//! managecampaigns/insertCampaign (services::new_items), shared with the purchase form.

use crate::http::kit::extract::{Path, Query};
use axum::extract::State;
use axum::Json;
use domain::format_day_at;
use domain::list_query::{parse_table_query, ListQueryInput};
use domain::names::DESCRIPTION_NOT_UNIQUE;
use domain::numbers::{campaign_not_empty, CampaignSort};
use domain::services::inline_add::{validate_inline_add, InlineList};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::StaticUser;
use crate::db::violated_unique_index;
use crate::http::contract::bounds;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::campaigns::{self, CampaignRow};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(campaign_list))
        .routes(routes!(campaign))
        .routes(routes!(rename_campaign))
        .routes(routes!(delete_campaign))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignListRow {
    id: i64,
    description: String,
    /// Static numbers filed under it.
    numbers: i64,
    /// Inbound calls credited to it in the last 30 days (its numbers' and its website visits').
    calls30_days: i64,
    created_at: i64,
    /// dd/mm/yyyy in the account's zone.
    created: String,
}

impl CampaignListRow {
    fn from_row(row: CampaignRow, zone: &str) -> CampaignListRow {
        CampaignListRow {
            id: row.id,
            created: format_day_at(row.created_at, zone),
            description: row.description,
            numbers: row.numbers,
            calls30_days: row.calls,
            created_at: row.created_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CampaignPage {
    campaigns: Vec<CampaignListRow>,
    /// How many campaigns match the search.
    total: i64,
    /// Whether the user may add, rename, delete and change numbers.
    can_edit: bool,
}

/// A page of the campaigns: `sort` description (the default), numbers, calls or created.
#[utoipa::path(get, path = "/managecampaigns/getCampaigns", tag = "static", params(crate::http::contract::bounds::ListParams<CampaignSort>),
    responses((status = 200, body = CampaignPage)))]
async fn campaign_list(
    State(state): State<AppState>,
    user: StaticUser,
    Query(input): Query<ListQueryInput>,
) -> Result<Json<CampaignPage>, AppError> {
    let query = parse_table_query(&input, CampaignSort::Description).map_err(AppError::Validation)?;
    let (rows, total) = campaigns::page(&state.db, user.customer(), &query, user.calls_period(&state)?).await?;
    let zone = &user.account.customer_time_zone;
    Ok(Json(CampaignPage {
        campaigns: rows.into_iter().map(|row| CampaignListRow::from_row(row, zone)).collect(),
        total,
        can_edit: user.can_edit(),
    }))
}

/// One of the account's campaigns.
#[utoipa::path(get, path = "/managecampaigns/getCampaign/{id}", tag = "static",
    params(("id" = String, Path, description = "The campaign's id.")),
    responses((status = 200, body = CampaignListRow)))]
async fn campaign(
    State(state): State<AppState>,
    user: StaticUser,
    Path(id): Path<String>,
) -> Result<Json<CampaignListRow>, AppError> {
    let id = positive_id(&id).ok_or(AppError::NotFound)?;
    let row =
        campaigns::one(&state.db, user.customer(), id, user.calls_period(&state)?).await?.ok_or(AppError::NotFound)?;
    Ok(Json(CampaignListRow::from_row(row, &user.account.customer_time_zone)))
}

/// A positive whole number, else None (the id of a path).
pub(super) fn positive_id(text: &str) -> Option<i64> {
    text.parse::<i64>().ok().filter(|id| *id > 0)
}

/// A campaign's new name.
#[derive(Deserialize, Validate, ToSchema)]
struct RenameCampaign {
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    id: Option<i64>,
    /// The inline add's rule decides (`validate_inline_add`), as insertCampaign's; the schema
    /// states the same bounds (required, keyboard characters, the list's length).
    #[serde(default)]
    #[garde(length(chars, max = 2_000))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<{ InlineList::Campaign.max_length() }, 2_000>)]
    campaign: String,
}

#[derive(Serialize, ToSchema)]
struct RenamedCampaign {
    id: i64,
    description: String,
}

#[utoipa::path(post, path = "/managecampaigns/renameCampaign", tag = "static",
    request_body(content((RenameCampaign = "multipart/form-data"), (RenameCampaign = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = RenamedCampaign)))]
async fn rename_campaign(
    State(state): State<AppState>,
    user: StaticUser,
    Form { fields: form, .. }: Form<RenameCampaign>,
) -> Result<Json<RenamedCampaign>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let id = form.id.filter(|id| *id > 0).ok_or(AppError::NotFound)?;
    if campaigns::one(&state.db, customer, id, (0, 0)).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let taken = campaigns::other_descriptions(&state.db, customer, id).await?;
    let errors = validate_inline_add(InlineList::Campaign, &form.campaign, &taken);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    match campaigns::rename(&state.db, customer, id, &form.campaign).await {
        Ok(true) => Ok(Json(RenamedCampaign { id, description: form.campaign.trim().to_string() })),
        Ok(false) => Err(AppError::NotFound),
        // Another tab took the name meanwhile: the unique index has the last word.
        Err(error) if violated_unique_index(&error).is_some() => {
            Err(AppError::field(InlineList::Campaign.field(), DESCRIPTION_NOT_UNIQUE))
        }
        Err(error) => Err(error.into()),
    }
}

#[derive(Deserialize, Validate, ToSchema)]
struct CampaignId {
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    id: Option<i64>,
}

#[derive(Serialize, ToSchema)]
struct Deleted {
    success: bool,
}

/// Deletes an empty campaign; one holding numbers is refused with how many.
#[utoipa::path(post, path = "/managecampaigns/deleteCampaign", tag = "static",
    request_body(content((CampaignId = "multipart/form-data"), (CampaignId = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Deleted)))]
async fn delete_campaign(
    State(state): State<AppState>,
    user: StaticUser,
    Form { fields: form, .. }: Form<CampaignId>,
) -> Result<Json<Deleted>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let id = form.id.filter(|id| *id > 0).ok_or(AppError::NotFound)?;
    if campaigns::one(&state.db, customer, id, (0, 0)).await?.is_none() {
        return Err(AppError::NotFound);
    }
    match campaigns::delete_if_empty(&state.db, customer, id).await? {
        None => Ok(Json(Deleted { success: true })),
        Some(numbers) => match campaign_not_empty(numbers) {
            Some(message) => Err(AppError::field("id", message)),
            None => Err(AppError::NotFound), // deleted by another tab meanwhile
        },
    }
}
