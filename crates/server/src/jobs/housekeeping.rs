//! Clearing out what has expired: sessions past their idle or absolute limit, used or expired
//! confirmation keys and reset links, failed logins older than the throttle window and the
//! reporting API's request counts of past windows. Expired rows are refused wherever they are
//! read; this keeps the tables from growing for ever. Routing history goes once it is older than
//! its retention (25 months). Card orders and Direct Debit flows go once expired unused, or 90
//! days after they were used; finished website checks after 30 days, except each dynamic URL's
//! latest (the one the integrations page shows). Checks under way and live orders and flows are
//! kept. Calls and their recordings go once older than the retention setting
//! (`CALL_RETENTION_MONTHS`, 25 calendar months by default), visits that never called after 72
//! hours (`purge_reports`). The sandbox phone's messages (caller id codes) go after a day, and so do the
//! codes sent and wrong codes Manage CLI's daily limits count. A real call whose end was never
//! reported is closed 12 hours after it began; a browser phone goes from the engine once its login
//! session has ended.

use std::time::Duration;

use sqlx::AnyPool;
use tokio::task::JoinHandle;

use crate::providers::payments::{COMPLETED_ORDER_RETENTION_SECONDS, ORDER_LIFETIME_SECONDS};
use crate::state::AppState;
use crate::store::call_retention::{self, Purged};
use crate::store::expired::{self, Cutoffs};
use crate::store::{api_rate, routing_history, sessions, throttle};

// The billing run invoices any of its last months still without an invoice from the stored
// calls: the shortest retention must keep them all.
const _: () = assert!(domain::reports::MIN_CALL_RETENTION_MONTHS >= crate::jobs::billing_run::MONTHS_BACK + 2);

pub const INTERVAL: Duration = Duration::from_secs(10 * 60);
/// A finished website check is kept this long, unless it is its dynamic URL's latest.
pub const WEBSITE_CHECK_RETENTION_SECONDS: i64 = 30 * 24 * 60 * 60;
/// The sandbox phone keeps a message this long: far past its code's 10 minutes.
pub const SANDBOX_PHONE_RETENTION_SECONDS: i64 = 24 * 60 * 60;

/// Deletes everything expired at `now`; returns how many rows went.
pub async fn purge_expired(db: &AnyPool, now: i64) -> sqlx::Result<u64> {
    let cutoffs = Cutoffs {
        now,
        idle_sessions: now - sessions::IDLE_SECONDS,
        old_sessions: now - sessions::ABSOLUTE_SECONDS,
        login_failures: now - throttle::WINDOW_SECONDS,
        api_rate_counts: now - api_rate::WINDOW_SECONDS,
        // A first touch older than 30 days no longer credits anything.
        visitors: now - domain::sources::FIRST_TOUCH_DAYS * 24 * 60 * 60,
        unused_orders: now - ORDER_LIFETIME_SECONDS,
        completed_orders: now - COMPLETED_ORDER_RETENTION_SECONDS,
        sandbox_phone_messages: now - SANDBOX_PHONE_RETENTION_SECONDS,
        caller_id_code_events: now - domain::caller_ids::DAY_SECONDS,
        sale_uploads: now - crate::store::sale_uploads::KEPT_SECONDS,
        website_checks: now - WEBSITE_CHECK_RETENTION_SECONDS,
    };
    let purged = expired::delete(db, &cutoffs).await?;
    Ok(purged
        + routing_history::purge_older_than(&mut *db.acquire().await?, now - routing_history::RETENTION_SECONDS)
            .await?)
}

/// Purges the calls (with their recordings) older than `call_retention_months` calendar months
/// at `now`, and the visits that never called older than 72 hours.
pub async fn purge_reports(db: &AnyPool, now: i64, call_retention_months: u32) -> sqlx::Result<Purged> {
    call_retention::purge(
        db,
        domain::reports::call_retention_cutoff(now, call_retention_months),
        domain::reports::uncalled_visit_cutoff(now),
    )
    .await
}

/// Runs `purge_expired` and `purge_reports` every `INTERVAL` for as long as the server runs.
pub fn spawn(state: AppState) -> JoinHandle<()> {
    crate::jobs::every(INTERVAL, move || {
        let state = state.clone();
        async move {
            match purge_expired(&state.db, state.clock.now()).await {
                Ok(0) => {}
                Ok(count) => tracing::debug!(count, "expired rows purged"),
                Err(error) => tracing::error!(%error, "purging expired rows failed"),
            }
            match crate::http::phone::close_orphaned(&state).await {
                Ok(0) => {}
                Ok(count) => tracing::debug!(count, "browser phones of ended sessions closed"),
                Err(error) => tracing::warn!(%error, "closing browser phones of ended sessions failed"),
            }
            match crate::telephony::calls::close_stale(&state.db, state.clock.now()).await {
                Ok(0) => {}
                Ok(count) => tracing::warn!(count, "real calls with no reported end closed"),
                Err(error) => tracing::error!(%error, "closing real calls with no reported end failed"),
            }
            match purge_reports(&state.db, state.clock.now(), state.settings.call_retention_months).await {
                Ok(purged) if purged.total() == 0 => {}
                Ok(purged) => tracing::info!(
                    calls = purged.calls,
                    recordings = purged.recordings,
                    visits = purged.visits,
                    "calls and visits past their retention purged"
                ),
                Err(error) => tracing::error!(%error, "purging old calls and visits failed"),
            }
        }
    })
}
