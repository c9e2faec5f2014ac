//! accountsettings/*: the auth check, the account's scopes and the account switch.

use crate::http::contract::bounds;
use crate::store::CustomerId;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use domain::AccountState;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::account_user::{AccountJson, AccountUser};
use crate::http::kit::error::AppError;
use crate::http::kit::session::CurrentSession;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::{accounts, sessions, users};

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(account_details))
        .routes(routes!(account_scopes))
        .routes(routes!(switch_account))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AccountScopes {
    package_scopes: Vec<String>,
    addon_scopes: Vec<String>,
    next_package_scopes: Vec<String>,
    /// Speech analytics bought, or a trial started, turns speech on (the menu follows).
    has_speech: bool,
}

/// The account switch: a customer's id (`form_customer_name` is sent too, and not needed), or
/// `form_partner_login` 1 without one.
#[derive(Deserialize, Validate, ToSchema)]
struct SwitchForm {
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(inner(range(min = bounds::ID_MIN)))]
    #[schema(schema_with = bounds::id)]
    form_customer_id: Option<i64>,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_partner_login: String,
    #[serde(default)]
    #[garde(length(chars, max = 1_000))]
    form_customer_name: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Switched {
    success: bool,
    customer_id: i64,
    customer_name: String,
}

/// The current state, loaded afresh: access removed since login ends the session's use.
pub(crate) async fn current_state(state: &AppState, session: &sessions::Session) -> Result<AccountState, AppError> {
    accounts::load_state(
        &state.db,
        session.user_id,
        session.customer_id,
        &state.settings.product_name,
        state.clock.now(),
    )
    .await?
    .map(|account| AccountState { live_chat_url: state.settings.live_chat_url.clone().unwrap_or_default(), ..account })
    .ok_or(AppError::Forbidden)
}

/// The auth check: who is logged in and what the account may do.
#[utoipa::path(get, path = "/accountsettings/getAccountDetails", tag = "account", responses((status = 200, body = AccountState)))]
async fn account_details(AccountJson(json): AccountJson) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], json)
}

/// The package's and add-ons' scopes (and speech), after a purchase.
#[utoipa::path(get, path = "/accountsettings/getAccountScopes", tag = "account", responses((status = 200, body = AccountScopes)))]
async fn account_scopes(AccountUser { account: acc, .. }: AccountUser) -> Json<AccountScopes> {
    Json(AccountScopes {
        package_scopes: acc.package_scopes,
        addon_scopes: acc.addon_scopes,
        next_package_scopes: acc.next_package_scopes,
        has_speech: acc.has_speech,
    })
}

/// Moves the session to another customer, only one the user really has access to. The partner
/// portal's entry (`form_partner_login` 1 with no customer) goes back to the user's own partner
/// account. (The portal's own entry, `login/`, is in http/partner.)
#[utoipa::path(post, path = "/accountsettings/switchAccount", tag = "account",
    request_body(content((SwitchForm = "multipart/form-data"), (SwitchForm = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Switched)))]
async fn switch_account(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
    Form { fields: form, .. }: Form<SwitchForm>,
) -> Result<Json<Switched>, AppError> {
    let customer_id = match form.form_customer_id {
        None if form.form_partner_login == "1" => {
            users::home_partner_account(&state.db, session.user_id).await?.ok_or(AppError::NotFound)?
        }
        None => return Err(AppError::field("form_customer_id", domain::partners::CHOOSE_AN_ACCOUNT)),
        Some(id) => CustomerId::new(id),
    };
    let name =
        accounts::accessible_customer(&state.db, session.user_id, customer_id).await?.ok_or(AppError::NotFound)?;
    sessions::switch_customer(&state.db, &session, customer_id).await?;
    tracing::info!(user = session.user_id, customer = customer_id.get(), "account switched");
    Ok(Json(Switched { success: true, customer_id: customer_id.get(), customer_name: name }))
}
