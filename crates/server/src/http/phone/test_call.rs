//! phone/testCall: a test call of one of the account's numbers from the session's phone, routed
//! now or "as if it were" a chosen moment (domain `phone::moment`).

use axum::extract::State;
use axum::Json;
use domain::phone::{as_if_moment, phone_access};
use garde::Validate;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{new_token, phone_to_call_from, telephony_on, CallReady};
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::browser_calls;

/// A test call: one of the account's numbers or pools, and optionally the moment it is routed
/// as (a day and a time in the account's zone; both empty: now).
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names
pub(super) struct TestCallRequest {
    #[garde(range(min = crate::http::contract::bounds::ID_MIN))]
    #[schema(schema_with = crate::http::contract::bounds::id)]
    entryId: i64,
    /// YYYY-MM-DD.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    asIfDate: String,
    /// HH:MM.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    asIfTime: String,
    /// "1": routed through the account's open draft instead of the published routing.
    #[serde(default)]
    #[garde(length(max = crate::http::contract::bounds::FLAG_MAX))]
    #[schema(schema_with = crate::http::contract::bounds::flag)]
    draft: String,
}

/// Readies a test call of one of the account's numbers from this session's phone.
#[utoipa::path(post, path = "/phone/testCall", tag = "phone",
    request_body(content((TestCallRequest = "multipart/form-data"), (TestCallRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = CallReady), (status = 403, description = "No test calls for this user"),
        (status = 404, description = "Not a number of this account, or real calls are off"),
        (status = 422, description = "The moment, or no open phone"), (status = 429, description = "Too many calls")))]
pub(super) async fn test_call(
    State(state): State<AppState>,
    AccountUser { session, account, .. }: AccountUser,
    Form { fields: form, .. }: Form<TestCallRequest>,
) -> Result<Json<CallReady>, AppError> {
    telephony_on(&state)?;
    if !phone_access(&account).test_calls {
        return Err(AppError::Forbidden);
    }
    let customer = session.customer_id;
    if crate::store::live_calls::entry_number(&state.db, customer, form.entryId).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let moment = if form.asIfDate.trim().is_empty() && form.asIfTime.trim().is_empty() {
        None
    } else {
        Some(as_if_moment(&form.asIfDate, &form.asIfTime, &account.customer_time_zone).map_err(AppError::Validation)?)
    };
    let use_draft = form.draft == crate::http::contract::bounds::TICKED;
    if use_draft && crate::store::routing_drafts::open_draft(&mut *state.db.acquire().await?, customer).await?.is_none()
    {
        return Err(AppError::field("draft", domain::routing::draft::NO_DRAFT));
    }
    let phone = phone_to_call_from(&state, &session).await?;
    let token = new_token();
    let note = domain::reports::test_call::test_note(moment.as_ref().map(|m| m.words.as_str()), use_draft);
    browser_calls::insert(
        &state.db,
        &browser_calls::NewBrowserCall {
            token: &token,
            phone_id: &phone,
            customer,
            user: session.user_id,
            kind: browser_calls::TEST,
            entry: form.entryId,
            routed_as_at: moment.as_ref().map(|m| m.epoch_millis / 1000),
            note: &note,
            destination: "",
            caller_id: "",
            outbound_campaign_id: None,
            use_draft,
        },
        state.clock.now(),
    )
    .await?;
    Ok(Json(CallReady { dial: format!("t{token}"), label: domain::reports::test_call::test_call_label(&note) }))
}
