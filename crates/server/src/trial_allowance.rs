//! The speech analytics trial's daily allowance (domain `speech::trial`): an account
//! whose speech analytics is its trial alone gets insights for the first 10 recorded calls of
//! each of its days (in its time zone) during the trial, and none outside it.

use crate::store::CustomerId;
use domain::speech::trial::{allowance_window, within_allowance};
use domain::speech::SPEECH_SCOPE;
use sqlx::AnyPool;

use crate::store::speech_trials as store;

/// Whether the transcription job hears this call: always for accounts with speech analytics of
/// their own; for a trial's, within the day's allowance (a call beyond it is passed over for
/// good).
pub async fn gets_insights(db: &AnyPool, call_id: i64, customer: CustomerId) -> sqlx::Result<bool> {
    let Some((trial, zone)) = store::trial_only(db, customer, SPEECH_SCOPE).await? else {
        return Ok(true);
    };
    let Some(call_at) = store::call_started_at(db, call_id).await? else { return Ok(false) };
    let window = match allowance_window(&trial, call_at, &zone) {
        Ok(window) => window,
        Err(error) => {
            tracing::error!(customer = customer.get(), %error, "speech trial allowance not counted");
            None
        }
    };
    let allowed = match window {
        Some((from, to)) => {
            let earlier = store::recorded_calls_before(db, customer, from, to, call_id).await?;
            within_allowance(u32::try_from(earlier).unwrap_or(u32::MAX))
        }
        None => false,
    };
    if !allowed {
        store::beyond_allowance(db, call_id).await?;
    }
    Ok(allowed)
}

/// Whether a call of the customer falls outside its speech analytics trial (before its start, at
/// or after its end) while the trial is all the speech analytics it has: the job never hears it.
pub async fn outside_trial(db: &AnyPool, customer: CustomerId, call_at: i64) -> sqlx::Result<bool> {
    let Some((trial, zone)) = store::trial_only(db, customer, SPEECH_SCOPE).await? else { return Ok(false) };
    Ok(matches!(allowance_window(&trial, call_at, &zone), Ok(None)))
}
