//! The demo's conversions: Harbour Lane Dental sends paid search calls to Google Ads
//! (not connected in the demo: its calls wait, and the page says how to connect it) and answered
//! calls of 90 seconds to Meta Ads (connected; only the calls of its own ads, over the 90 days
//! of the click window). The log is made by the real job against the
//! sandbox platform: an outage first (every Meta upload fails once), then a retry that sends
//! them, one answered 'duplicate' (the sandbox had it already) and one left failed awaiting its
//! retry; withheld callers without a click id are skipped with the reason.

use crate::store::CustomerId;
use domain::conversions::{ConversionAction, Platform};
use domain::reports::CallOutcome;
use sqlx::AnyPool;

use crate::jobs::conversion_uploads::{order_id, run, sandbox_outage, Sandbox};
use crate::store::conversions as store;

const HARBOUR: CustomerId = CustomerId::new(100);
const DAY: i64 = 24 * 60 * 60;

pub async fn seed(db: &AnyPool, now: i64) -> sqlx::Result<()> {
    // The consent banner's ad_user_data answers on the visits (most granted, some denied; the
    // oldest visits predate the banner and stay unknown).
    sqlx::query(
        "UPDATE visits SET ad_user_data_consent = CASE WHEN id % 7 = 0 THEN 'denied' ELSE 'granted' END
         WHERE customer_id = $1 AND started_at >= $2",
    )
    .bind(HARBOUR)
    .bind(now - 60 * DAY)
    .execute(db)
    .await?;
    let google: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM sources_mediums WHERE customer_id = $1 AND source = 'google' AND medium = 'cpc'",
    )
    .bind(HARBOUR)
    .fetch_optional(db)
    .await?;
    let paid_search = ConversionAction {
        name: "Paid search calls".into(),
        platform: Platform::GoogleAds,
        value_pence: Some(4_000),
        min_duration_seconds: 60,
        outcome: None,
        source_medium_id: google,
        tag_id: None,
        active: true,
    };
    let answered = ConversionAction {
        name: "Answered calls of 90 seconds".into(),
        platform: Platform::MetaAds,
        value_pence: Some(2_500),
        min_duration_seconds: 90,
        outcome: Some(CallOutcome::Answered),
        source_medium_id: None,
        tag_id: None,
        active: true,
    };
    let mut conn = db.acquire().await?;
    store::insert(&mut conn, HARBOUR, &paid_search, now - 30 * DAY).await?;
    let meta = store::insert(&mut conn, HARBOUR, &answered, now - 90 * DAY).await?;
    drop(conn);
    // First run: Meta is down, so each upload fails once and waits an hour.
    sandbox_outage(db, Platform::MetaAds.key(), now + 1).await?;
    run(db, &Sandbox(db), now).await?;
    sandbox_outage(db, Platform::MetaAds.key(), now - 1).await?;
    let failed: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT id, call_id FROM conversion_uploads WHERE action_id = $1 AND status = 'failed' ORDER BY id",
    )
    .bind(meta)
    .fetch_all(db)
    .await?;
    let (Some(&(keep_failed, _)), Some(&(_, duplicate_call))) = (failed.last(), failed.first()) else {
        return Ok(());
    };
    // The sandbox had one already (an upload made by hand, say): answered 'duplicate'.
    let due = store::due(db, now + 3_600).await?;
    if let Some(upload) = due.iter().find(|u| u.call_id == duplicate_call) {
        crate::store::sandbox_conversions::receive(db, upload, &order_id(upload), now - DAY).await?;
    }
    // The retry: due now, all but the last, which still waits for its hour.
    sqlx::query(
        "UPDATE conversion_uploads SET next_attempt_at = $1 WHERE action_id = $2 AND status = 'failed' AND id <> $3",
    )
    .bind(now)
    .bind(meta)
    .bind(keep_failed)
    .execute(db)
    .await?;
    run(db, &Sandbox(db), now).await?;
    Ok(())
}
