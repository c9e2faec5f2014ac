//! partnerportal/getPartnerDetails/ and `login/`: the partner a user belongs to, and the
//! portal's way into one of its client accounts and back.

use crate::http::contract::bounds;
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::error::AppError;
use crate::http::kit::session::CurrentSession;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::{accounts, partners, sessions, users};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(partner_details)).routes(routes!(enter_account))
}

#[derive(Serialize, ToSchema)]
struct PartnerDetails {
    id: i64,
    name: String,
}

/// The portal's entry: a client's id, or `form_partner_login` 1 without one.
#[derive(Deserialize, Validate, ToSchema)]
struct EnterForm {
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(inner(range(min = bounds::ID_MIN)))]
    #[schema(schema_with = bounds::id)]
    form_customer_id: Option<i64>,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_partner_login: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Entered {
    success: bool,
    customer_id: i64,
    customer_name: String,
}

/// The user's partner account, as a list whose first entry has id and name (the spec's shape).
#[utoipa::path(get, path = "/partnerportal/getPartnerDetails/", tag = "partner",
    responses((status = 200, body = [PartnerDetails])))]
async fn partner_details(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
) -> Result<Json<Vec<PartnerDetails>>, AppError> {
    let partner = users::home_partner_account(&state.db, session.user_id).await?.ok_or(AppError::Forbidden)?;
    let name = accounts::accessible_customer(&state.db, session.user_id, partner).await?.ok_or(AppError::Forbidden)?;
    Ok(Json(vec![PartnerDetails { id: partner.get(), name }]))
}

/// The portal's entry: `form_partner_login` 1 with no customer goes back to the user's own
/// partner account; otherwise `form_customer_id` must be one of that partner's clients that the
/// user reaches. Anything else is 404, whatever else the user can reach.
#[utoipa::path(post, path = "/login/", tag = "partner",
    request_body(content((EnterForm = "multipart/form-data"), (EnterForm = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Entered)))]
async fn enter_account(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
    Form { fields: form, .. }: Form<EnterForm>,
) -> Result<Json<Entered>, AppError> {
    let partner = users::home_partner_account(&state.db, session.user_id).await?.ok_or(AppError::NotFound)?;
    let customer_id = match form.form_customer_id {
        None if form.form_partner_login == "1" => partner,
        None => return Err(AppError::field("form_customer_id", domain::partners::CHOOSE_AN_ACCOUNT)),
        Some(id) => {
            let id = CustomerId::new(id);
            partners::client_name(&state.db, partner, id).await?.ok_or(AppError::NotFound)?;
            id
        }
    };
    let customer_name =
        accounts::accessible_customer(&state.db, session.user_id, customer_id).await?.ok_or(AppError::NotFound)?;
    sessions::switch_customer(&state.db, &session, customer_id).await?;
    tracing::info!(user = session.user_id, customer = customer_id.get(), "entered from the partner portal");
    Ok(Json(Entered { success: true, customer_id: customer_id.get(), customer_name }))
}
