//! phone/callOut: an agent's call out from the session's phone to a UK landline or mobile
//! (domain `phone::dialling`), presenting one of the account's verified caller ids, on the
//! agent's outbound campaign.

use axum::extract::State;
use axum::Json;
use domain::caller_ids::{caller_id_choices, NOT_A_CALLER_ID_CHOICE};
use domain::phone::{call_out_label, outbound_caller_id, outbound_destination, phone_access};
use garde::Validate;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{new_token, phone_to_call_from, telephony_on, CallReady};
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::{agents, browser_calls, caller_ids};

/// The number to ring as typed, and the caller id to present ("": the agent's own).
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names
pub(super) struct CallOutRequest {
    #[garde(length(chars, max = 40))]
    number: String,
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    callerId: String,
}

/// Readies an agent's call out from this session's phone.
#[utoipa::path(post, path = "/phone/callOut", tag = "phone",
    request_body(content((CallOutRequest = "multipart/form-data"), (CallOutRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = CallReady), (status = 403, description = "Not one of the account's outbound agents"),
        (status = 404, description = "A caller id that is not the account's, or real calls are off"),
        (status = 422, description = "The number, the caller id, or no open phone"),
        (status = 429, description = "Too many calls")))]
pub(super) async fn call_out(
    State(state): State<AppState>,
    AccountUser { session, account, .. }: AccountUser,
    Form { fields: form, .. }: Form<CallOutRequest>,
) -> Result<Json<CallReady>, AppError> {
    telephony_on(&state)?;
    if !phone_access(&account).calls_out {
        return Err(AppError::Forbidden);
    }
    let customer = session.customer_id;
    let destination = outbound_destination(&form.number).map_err(|message| AppError::field("number", message))?;
    let agent =
        agents::agent(&state.db, customer, session.user_id, state.clock.now()).await?.ok_or(AppError::Forbidden)?;
    let choices = caller_id_choices(&caller_ids::allowed(&state.db, customer).await?);
    // A caller id that is not one of the account's verified ones is another's, or none: 404.
    let caller_id = outbound_caller_id(&form.callerId, &agent.outbound_number, &choices).map_err(|message| {
        if message == NOT_A_CALLER_ID_CHOICE {
            AppError::NotFound
        } else {
            AppError::field("callerId", message)
        }
    })?;
    let phone = phone_to_call_from(&state, &session).await?;
    let token = new_token();
    browser_calls::insert(
        &state.db,
        &browser_calls::NewBrowserCall {
            token: &token,
            phone_id: &phone,
            customer,
            user: session.user_id,
            kind: browser_calls::OUT,
            entry: 0,
            routed_as_at: None,
            note: "",
            destination: &destination,
            caller_id: &caller_id,
            outbound_campaign_id: agent.campaign_id,
            use_draft: false,
        },
        state.clock.now(),
    )
    .await?;
    Ok(Json(CallReady { dial: format!("o{token}"), label: call_out_label(&destination, &caller_id) }))
}
