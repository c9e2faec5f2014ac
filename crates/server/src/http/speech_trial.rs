//! Try speech analytics (/tryspeech, docs/services-api.md): the trial of the speech
//! analytics add-on. Starting it is a purchase (the purchase right on an account that buys
//! online, the terms ticked); it runs 14 days in the account's zone, the first 10 recorded calls
//! a day get insights (transcription.rs), and the billing run makes it the paid add-on at its
//! end unless it was cancelled before (billing_run.rs). The rules are domain `speech::trial`.

use axum::extract::State;
use axum::Json;
use domain::purchase::is_addon_on_sale;
use domain::speech::trial::{
    may_cancel_trial, may_start_trial, trial_end, trial_page, SpeechPrice, SpeechTrialPage, SpeechTrialStatus, Trial,
    ALREADY_CANCELLED, TRIAL_TAKEN,
};
use domain::speech::SPEECH_SCOPE;
use domain::users::terms_problem;
use domain::AccountState;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::{charges, prices, speech_trials};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_trial)).routes(routes!(start_trial)).routes(routes!(cancel_trial))
}

/// /tryspeech: the trial's state and texts, and what this user may do.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SpeechTrialAnswer {
    trial: SpeechTrialPage,
    /// The trial is available and this user may buy (starting it is a purchase).
    can_start: bool,
    /// The trial runs uncancelled and this user may buy.
    can_cancel: bool,
    /// The cancelled trial is over, the plan sells speech analytics and this user may buy: the
    /// page offers the add-on (the purchase modal).
    can_buy: bool,
}

/// Customers of the admin area only: the portals have no speech analytics.
fn customer_user(user: &AccountUser) -> Result<(), AppError> {
    if user.account.in_portal() {
        Err(AppError::Forbidden)
    } else {
        Ok(())
    }
}

/// A purchaser on an account that buys online.
fn purchaser(user: &AccountUser) -> Result<(), AppError> {
    customer_user(user)?;
    if user.account.can_purchase_online() {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// The plan sells speech analytics online to this account.
fn sells_speech(account: &AccountState) -> bool {
    is_addon_on_sale(account.plan(), SPEECH_SCOPE) && account.customer_can_purchase_online && !account.is_group_account
}

async fn answer(state: &AppState, user: &AccountUser, trial: Option<&Trial>) -> Result<SpeechTrialAnswer, AppError> {
    let account = &user.account;
    let price = prices::price(&state.db, SPEECH_SCOPE, account.plan().name()).await?;
    let price = price.as_ref().and_then(|p| {
        Some(SpeechPrice {
            pence: p.price_pence?,
            billing_frequency: &p.billing_frequency,
            minimum_charge_pence: p.minimum_charge_pence,
            minimum_charge_frequency: &p.minimum_charge_frequency,
        })
    });
    let page = trial_page(
        trial,
        account.has_speech,
        sells_speech(account),
        price.as_ref(),
        state.clock.now(),
        &account.customer_time_zone,
    )
    .map_err(|m| AppError::field("trial", m))?;
    let buys = account.can_purchase_online();
    Ok(SpeechTrialAnswer {
        can_start: buys && page.status == SpeechTrialStatus::Available,
        can_cancel: buys && page.status == SpeechTrialStatus::Running,
        can_buy: buys && page.status == SpeechTrialStatus::Ended && !account.has_speech && sells_speech(account),
        trial: page,
    })
}

/// The account's trial of speech analytics: offered, running (days left, when it ends, how to
/// cancel), cancelled, converted or ended.
#[utoipa::path(get, path = "/tryspeech/getTrial", tag = "speech",
    responses((status = 200, body = SpeechTrialAnswer), (status = 403, description = "A portal")))]
async fn get_trial(State(state): State<AppState>, user: AccountUser) -> Result<Json<SpeechTrialAnswer>, AppError> {
    customer_user(&user)?;
    let trial = speech_trials::of_customer(&state.db, user.customer()).await?;
    Ok(Json(answer(&state, &user, trial.as_ref()).await?))
}

/// Starting the trial: the terms ticked.
#[derive(Deserialize, Validate, ToSchema)]
struct StartSpeechTrialRequest {
    /// "1": the terms are ticked.
    #[serde(default)]
    #[garde(length(max = 10))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::ticked)]
    terms: String,
}

/// Starts the trial now: 14 days in the account's zone, once per account, on a plan that sells
/// speech analytics to an account without it.
#[utoipa::path(post, path = "/tryspeech/startTrial", tag = "speech",
    request_body(content((StartSpeechTrialRequest = "multipart/form-data"), (StartSpeechTrialRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = SpeechTrialAnswer), (status = 403, description = "Not a purchaser"),
        (status = 422, description = "Terms not ticked, a trial had before, speech analytics already on, not sold")))]
async fn start_trial(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<StartSpeechTrialRequest>,
) -> Result<Json<SpeechTrialAnswer>, AppError> {
    purchaser(&user)?;
    if let Some(message) = terms_problem(form.terms == crate::http::contract::bounds::TICKED) {
        return Err(AppError::field("terms", message));
    }
    let customer = user.customer();
    let now = state.clock.now();
    let ends_at = trial_end(now, &user.account.customer_time_zone).map_err(|m| AppError::field("trial", m))?;
    let trial = Trial { started_at: now, ends_at, cancelled_at: None };
    let mut tx = crate::db::begin_write(&state.db).await?;
    charges::lock_customer(&mut tx, customer).await?;
    let had_trial = speech_trials::of_customer(&mut *tx, customer).await?.is_some();
    may_start_trial(had_trial, user.account.has_speech, sells_speech(&user.account))
        .map_err(|m| AppError::field("trial", m))?;
    if !speech_trials::start(&mut tx, customer, &trial, user.session.user_id).await? {
        return Err(AppError::field("trial", TRIAL_TAKEN));
    }
    tx.commit().await?;
    tracing::info!(customer = customer.get(), ends_at, "speech analytics trial started");
    Ok(Json(answer(&state, &user, Some(&trial)).await?))
}

/// Cancels the running trial: speech analytics stays on until its end, then goes, and nothing
/// is charged. No trial: 404.
#[utoipa::path(post, path = "/tryspeech/cancelTrial", tag = "speech",
    responses((status = 200, body = SpeechTrialAnswer), (status = 403, description = "Not a purchaser"),
        (status = 404, description = "No trial"), (status = 422, description = "Ended or cancelled already")))]
async fn cancel_trial(State(state): State<AppState>, user: AccountUser) -> Result<Json<SpeechTrialAnswer>, AppError> {
    purchaser(&user)?;
    let customer = user.customer();
    let now = state.clock.now();
    let trial = speech_trials::of_customer(&state.db, customer).await?.ok_or(AppError::NotFound)?;
    may_cancel_trial(Some(&trial), now).map_err(|m| AppError::field("trial", m))?;
    if !speech_trials::cancel(&state.db, customer, now, user.session.user_id).await? {
        return Err(AppError::field("trial", ALREADY_CANCELLED));
    }
    tracing::info!(customer = customer.get(), "speech analytics trial cancelled");
    let trial = Trial { cancelled_at: Some(now), ..trial };
    Ok(Json(answer(&state, &user, Some(&trial)).await?))
}
