//! The numbers lists (docs/static-api.md "Numbers"): a campaign's static numbers, or every
//! tracked number of the account, a page at a time; and the lists the edit dialogs choose from.

use crate::http::kit::extract::Query;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::list_query::{parse_table_query, ListQueryInput};
use domain::numbers::NumberSort;
use domain::services::inline_add::InlineList;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::campaigns::positive_id;
use super::{NumberListRow, StaticUser};
use crate::caches::kept_pages::ReadAt;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::numbers::{self, Scope};
use crate::store::{campaigns, number_lists};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(number_list)).routes(routes!(number_lists_of_account))
}

/// Which campaign's numbers (every tracked number without it).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CampaignParam {
    /// A campaign's id.
    campaign: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct NumberPage {
    numbers: Vec<NumberListRow>,
    /// How many numbers match the search.
    total: i64,
}

/// A page of numbers: `sort` bought (the default, newest first), number, campaign,
/// mediaDescription, channel, mediaOwner, department or calls.
#[utoipa::path(get, path = "/managenumbers/getNumbers", tag = "static", params(CampaignParam, crate::http::contract::bounds::ListParams<NumberSort>),
    responses((status = 200, body = NumberPage)))]
async fn number_list(
    State(state): State<AppState>,
    user: StaticUser,
    Query(campaign): Query<CampaignParam>,
    Query(input): Query<ListQueryInput>,
) -> Result<Response, AppError> {
    let query = parse_table_query(&input, NumberSort::Bought).map_err(AppError::Validation)?;
    let (customer, period) = (user.customer(), user.calls_period(&state)?);
    let scope = match campaign.campaign.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        None => Scope::Everything,
        Some(text) => Scope::Campaign(positive_id(text).ok_or(AppError::NotFound)?),
    };
    // The same question at the same version and instant has the same answer (crate::caches::kept_pages),
    // kept as sent. A campaign's page is kept only once the campaign was found to be this
    // customer's.
    let (format, zone) = (&user.account.number_format, &user.account.customer_time_zone);
    let question = format!("{scope:?} {query:?} {format:?} {zone}");
    let at = ReadAt { version: user.numbers_version, since: period.0 };
    if let Some(kept) = state.numbers_pages.get(customer, &question, at) {
        return Ok(json_body(Bytes::clone(&kept)));
    }
    if let Scope::Campaign(id) = scope {
        if campaigns::one(&state.db, customer, id, period).await?.is_none() {
            return Err(AppError::NotFound);
        }
    }
    let page = numbers::page(&state.db, customer, scope, &query, format, period).await?;
    let numbers = page.rows.into_iter().map(|row| NumberListRow::from_row(row, zone)).collect();
    let body = Bytes::from(
        serde_json::to_vec(&NumberPage { numbers, total: page.total })
            .map_err(|e| AppError::Internal(e.to_string()))?,
    );
    // "All" rows on one page can be any number of them: never kept.
    if query.page_size.is_some() {
        state.numbers_pages.put(customer, question, at, Arc::new(body.clone()));
    }
    Ok(json_body(body))
}

/// A JSON answer already serialised.
fn json_body(body: Bytes) -> Response {
    ([(CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}

#[derive(Serialize, ToSchema)]
pub struct ListChoice {
    id: i64,
    description: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NumberLists {
    campaigns: Vec<ListChoice>,
    channels: Vec<ListChoice>,
    media_owners: Vec<ListChoice>,
    departments: Vec<ListChoice>,
    can_edit: bool,
}

/// The account's campaigns, channels, media owners and departments, newest first.
#[utoipa::path(get, path = "/managenumbers/getNumberLists", tag = "static", responses((status = 200, body = NumberLists)))]
async fn number_lists_of_account(
    State(state): State<AppState>,
    user: StaticUser,
) -> Result<Json<NumberLists>, AppError> {
    let customer = user.customer();
    let db = &state.db;
    let items = |list| async move {
        let rows = number_lists::list(db, customer, list).await?;
        Ok::<_, AppError>(rows.into_iter().map(|(id, description)| ListChoice { id, description }).collect())
    };
    Ok(Json(NumberLists {
        campaigns: items(InlineList::Campaign).await?,
        channels: items(InlineList::Channel).await?,
        media_owners: items(InlineList::MediaOwner).await?,
        departments: items(InlineList::Department).await?,
        can_edit: user.can_edit(),
    }))
}
