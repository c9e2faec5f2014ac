//! technologypartner/getApiKeys, createApiKey and revokeApiKey/{id}: the keys the reporting
//! API (`/v1/calls`) authenticates with. A key is shown once, when created; only its hash and
//! its first characters are kept.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::partners::api_keys::{key_hint, validate_api_key_name, API_KEY_NAME_MAX, MAX_ACTIVE_KEYS, TOO_MANY_KEYS};
use domain::partners::lead_reports::local_date_time;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::require_page;
use crate::http::contract::Done;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::security::{new_api_key, token_hash};
use crate::state::AppState;
use crate::store::tech_partners::{self, NewKey};

const PAGE: &str = "/technologypartner/api-keys";

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(create)).routes(routes!(revoke))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ApiKeyRow {
    id: i64,
    name: String,
    /// "ctk_Qd81xZ…": enough to tell keys apart, useless to a thief.
    hint: String,
    created_by: String,
    /// dd/mm/yyyy HH:MM and the zone's abbreviation, in the partner's zone.
    created: String,
    last_used: Option<String>,
    revoked: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ApiKeyList {
    keys: Vec<ApiKeyRow>,
    max_active_keys: usize,
}

#[utoipa::path(get, path = "/technologypartner/getApiKeys", tag = "technology partner", responses((status = 200, body = ApiKeyList)))]
async fn list(State(state): State<AppState>, user: AccountUser) -> Result<Json<ApiKeyList>, AppError> {
    require_page(&user, PAGE)?;
    let zone = &user.account.customer_time_zone;
    let when = |instant: i64| local_date_time(instant, zone).unwrap_or_default();
    let keys = tech_partners::api_keys(&state.db, user.customer())
        .await?
        .into_iter()
        .map(|k| ApiKeyRow {
            id: k.id,
            name: k.name,
            hint: k.key_hint,
            created_by: k.created_by,
            created: when(k.created_at),
            last_used: k.last_used_at.map(when),
            revoked: k.revoked_at.map(when),
        })
        .collect();
    Ok(Json(ApiKeyList { keys, max_active_keys: MAX_ACTIVE_KEYS }))
}

/// The most characters a key's name takes as posted, before the name's own rule.
const NAME_RAW_MAX: usize = 1_000;

#[derive(Deserialize, Validate, ToSchema)]
struct CreateKeyRequest {
    /// The domain's rules (`validate_api_key_name`) decide; this only bounds it first.
    #[serde(default)]
    #[garde(length(chars, max = NAME_RAW_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<API_KEY_NAME_MAX, NAME_RAW_MAX>)]
    form_name: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreatedApiKey {
    success: bool,
    id: i64,
    name: String,
    /// The whole key: in this answer only, never again.
    key: String,
    hint: String,
}

#[utoipa::path(post, path = "/technologypartner/createApiKey", tag = "technology partner", request_body(content((CreateKeyRequest = "multipart/form-data"), (CreateKeyRequest = "application/x-www-form-urlencoded"))), responses((status = 200, body = CreatedApiKey)))]
async fn create(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<CreateKeyRequest>,
) -> Result<Json<CreatedApiKey>, AppError> {
    require_page(&user, PAGE)?;
    let name = &form.form_name;
    let errors = validate_api_key_name(name);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let name = name.trim().to_string();
    let key = new_api_key();
    let hint = key_hint(&key);
    let partner = user.customer();
    let mut tx = crate::db::begin_write(&state.db).await?;
    if tech_partners::active_key_count(&mut tx, partner).await? >= MAX_ACTIVE_KEYS as i64 {
        return Err(AppError::field("form_name", TOO_MANY_KEYS));
    }
    let new_key = NewKey { name: &name, hash: &token_hash(&key), hint: &hint };
    let id = tech_partners::insert_key(&mut tx, partner, new_key, user.session.user_id, state.clock.now()).await?;
    tx.commit().await?;
    tracing::info!(partner = partner.get(), key = id, user = user.session.user_id, "API key created");
    Ok(Json(CreatedApiKey { success: true, id, name, key, hint }))
}

/// Revoking is final: a revoked key is refused at once and never works again. Another
/// partner's key, or none, is 404; revoking a revoked key again changes nothing.
#[utoipa::path(post, path = "/technologypartner/revokeApiKey/{id}", tag = "technology partner", params(("id" = i64, Path, minimum = 1)), responses((status = 200, body = Done)))]
async fn revoke(
    State(state): State<AppState>,
    user: AccountUser,
    Path(id): Path<String>,
) -> Result<Json<Done>, AppError> {
    require_page(&user, PAGE)?;
    let id: i64 = id.parse().map_err(|_| AppError::NotFound)?;
    let partner = user.customer();
    if !tech_partners::revoke_key(&state.db, partner, id, state.clock.now()).await?
        && !tech_partners::has_key(&state.db, partner, id).await?
    {
        return Err(AppError::NotFound);
    }
    tracing::info!(partner = partner.get(), key = id, user = user.session.user_id, "API key revoked");
    Ok(Json(Done { success: true }))
}
