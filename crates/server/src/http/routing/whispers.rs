//! Dynamic whispers (docs/routing-api.md "Part 2"): a text read to the agent per
//! traffic source and medium of a pool's caller.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::names::DESCRIPTION_NOT_UNIQUE;
use domain::routing::history::RecordKind;
use domain::routing::{validate_dynamic_whisper, DynamicWhisperForm, RowLimit, WhisperSource, DYNAMIC_WHISPER_ROWS};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extras::{not_found_unless, RoutingChoice, RoutingSaved, TEXT_MAX};
use super::library::refused;
use super::RoutingUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::{row_form, Form, FormRow};
use crate::routing::draft::RecordedWrite;
use crate::routing::draft::RoutingRead;
use crate::state::AppState;
use crate::store::routing_extras as store;
use domain::routing::dynamic_whisper::WHISPER_MAX;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(RowSchemas::openapi())
        .routes(routes!(dynamic_whisper_list))
        .routes(routes!(dynamic_whisper_list_slash))
        .routes(routes!(dynamic_whisper))
        .routes(routes!(save_dynamic_whisper))
}

/// The whisper form's rows, named in the request's description.
#[derive(OpenApi)]
#[openapi(components(schemas(WhisperRow)))]
struct RowSchemas;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DynamicWhisperList {
    dynamic_whispers: Vec<RoutingChoice>,
}

/// managedynamicwhispers/getDynamicWhispersList -> dynamicWhispers.
#[utoipa::path(get, path = "/managedynamicwhispers/getDynamicWhispersList", tag = "routing",
    responses((status = 200, body = DynamicWhisperList)))]
async fn dynamic_whisper_list(
    State(state): State<AppState>,
    user: RoutingUser,
) -> Result<Json<DynamicWhisperList>, AppError> {
    user.require_advanced()?;
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let dynamic_whispers = store::dynamic_whispers(&mut view, user.customer())
        .await?
        .into_iter()
        .map(|w| RoutingChoice { id: w.id, description: w.description })
        .collect();
    Ok(Json(DynamicWhisperList { dynamic_whispers }))
}
twin!(get dynamic_whisper_list_slash, "/managedynamicwhispers/getDynamicWhispersList/", dynamic_whisper_list,
    DynamicWhisperList; state: State<AppState>, user: RoutingUser);

/// A traffic source and medium with its whisper text ("" when none).
#[derive(Serialize, ToSchema)]
struct WhisperSourceView {
    source: String,
    medium: String,
    id: i64,
    whisper: String,
}

#[derive(Serialize, ToSchema)]
struct WhisperPool {
    description: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DynamicWhisperView {
    id: i64,
    description: String,
    sources: Vec<WhisperSourceView>,
    affected_pools: Vec<WhisperPool>,
}

/// managedynamicwhispers/get/{id}/{poolId}: the whisper (id 0: a blank one) with every source /
/// medium of the customer and the pools using it other than poolId (0: none being edited).
#[utoipa::path(get, path = "/managedynamicwhispers/get/{id}/{pool}", tag = "routing",
    params(("id" = i64, Path, description = "0: a blank whisper"), ("pool" = i64, Path, description = "0: none")),
    responses((status = 200, body = DynamicWhisperView)))]
async fn dynamic_whisper(
    State(state): State<AppState>,
    user: RoutingUser,
    Path((id, pool)): Path<(i64, i64)>,
) -> Result<Json<DynamicWhisperView>, AppError> {
    user.require_advanced()?;
    let customer = user.customer();
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let description = if id == 0 {
        String::new()
    } else {
        store::find_dynamic_whisper(&mut *view, customer, id).await?.ok_or(AppError::NotFound)?.description
    };
    if pool != 0 && !store::owns_pool(&mut view, customer, pool).await? {
        return Err(AppError::NotFound);
    }
    let sources = store::whisper_sources(&mut view, customer, id)
        .await?
        .into_iter()
        .map(|s| WhisperSourceView { source: s.source, medium: s.medium, id: s.id, whisper: s.whisper })
        .collect();
    let affected_pools = if id == 0 {
        vec![]
    } else {
        store::pools_using_whisper(&mut view, customer, id, pool)
            .await?
            .into_iter()
            .map(|description| WhisperPool { description })
            .collect()
    };
    Ok(Json(DynamicWhisperView { id, description, sources, affected_pools }))
}

/// One source's whisper (`sourceMediumID[i]`, `dynamicWhisper[i]`).
#[allow(non_snake_case)]
#[derive(Deserialize, Validate, ToSchema)]
struct WhisperRow {
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(required = true, schema_with = source_medium)]
    sourceMediumID: String,
    /// Row 0's is required: at least one source has a whisper (WHISPER_REQUIRED).
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<WHISPER_MAX, TEXT_MAX>)]
    dynamicWhisper: String,
}

/// A source / medium's id (one of the account's, or 404).
fn source_medium() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds_text::id(false, TEXT_MAX)
}

impl FormRow for WhisperRow {
    const LIMIT: RowLimit = DYNAMIC_WHISPER_ROWS;
}

/// A dynamic whisper as posted. Rows: the fields of WhisperRow, posted as `name[i]` (or
/// `name[]`); `form_record_id` repeats the path's id and is not read.
#[derive(Deserialize, Validate, ToSchema)]
struct WhisperRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<{ domain::routing::dynamic_whisper::DYNAMIC_WHISPER_DESCRIPTION_MAX }, TEXT_MAX>)]
    description: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_record_id: String,
}

row_form!(WhisperContract, WhisperRequest, WhisperRow);

/// managedynamicwhispers/save/{id} -> id.
#[utoipa::path(post, path = "/managedynamicwhispers/save/{id}", tag = "routing",
    params(("id" = i64, Path, description = "0 creates")),
    request_body(content((WhisperContract = "multipart/form-data"), (WhisperContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = RoutingSaved)))]
async fn save_dynamic_whisper(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    form: Form<WhisperRequest>,
) -> Result<Json<RoutingSaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut write = RecordedWrite::begin(&state, &user, RecordKind::DynamicWhisper, id).await?;
    if id != 0 && store::find_dynamic_whisper(&mut *write.write.tx, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let posted: Vec<WhisperRow> = form.rows()?;
    let whisper = DynamicWhisperForm {
        description: form.fields.description.trim().to_string(),
        sources: posted
            .iter()
            .map(|row| WhisperSource {
                source_medium_id: row.sourceMediumID.trim().parse().unwrap_or(-1),
                whisper: row.dynamicWhisper.trim().to_string(),
            })
            .collect(),
    };
    let sources: Vec<i64> = whisper.sources.iter().map(|s| s.source_medium_id).collect();
    not_found_unless(store::sources_owned(&mut write.write.tx, customer, &sources).await?)?;
    let taken = store::dynamic_whisper_descriptions(&mut write.write.tx, customer, id).await?;
    validate_dynamic_whisper(&whisper, &taken).map_err(|e| refused(e, "description", DESCRIPTION_NOT_UNIQUE))?;
    let texts: Vec<(i64, String)> = whisper.sources.into_iter().map(|s| (s.source_medium_id, s.whisper)).collect();
    let saved = store::save_dynamic_whisper(&mut write.write.tx, customer, id, &whisper.description, &texts).await?;
    write.commit(&state, saved).await?;
    Ok(Json(RoutingSaved { success: true, id: saved }))
}
