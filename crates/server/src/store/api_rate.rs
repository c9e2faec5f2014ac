//! The reporting API's request limits, shared by every server process through the database:
//! requests are counted in fixed one-minute windows (aligned to the clock's minutes) per API
//! key and per client address. The counter is one upsert, atomic on both backends.

use sqlx::AnyPool;

pub const WINDOW_SECONDS: i64 = 60;
/// Requests one API key may make in a window.
pub const KEY_LIMIT: i64 = 60;
/// Requests one client address may make in a window, whatever key (or none) they carry.
pub const ADDRESS_LIMIT: i64 = 120;

/// Where a client stands in the current window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Usage {
    pub limit: i64,
    /// Requests counted in this window, this one included.
    pub used: i64,
    /// Seconds until the window ends and the count starts again (1 to `WINDOW_SECONDS`).
    pub reset: i64,
}

impl Usage {
    pub fn exceeded(&self) -> bool {
        self.used > self.limit
    }

    pub fn remaining(&self) -> i64 {
        (self.limit - self.used).max(0)
    }
}

/// The counter of an API key.
pub fn key_bucket(key_id: i64) -> String {
    format!("key:{key_id}")
}

/// The counter of a client address.
pub fn address_bucket(address: &str) -> String {
    format!("address:{address}")
}

/// Counts one request of `bucket` at `now` and says where it stands against `limit`.
pub async fn hit(db: &AnyPool, bucket: &str, limit: i64, now: i64) -> sqlx::Result<Usage> {
    let window_start = now - now.rem_euclid(WINDOW_SECONDS);
    let (used,): (i64,) = sqlx::query_as(
        "INSERT INTO api_rate_counts (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket, window_start) DO UPDATE SET hits = api_rate_counts.hits + 1
         RETURNING hits",
    )
    .bind(bucket)
    .bind(window_start)
    .fetch_one(db)
    .await?;
    Ok(Usage { limit, used, reset: window_start + WINDOW_SECONDS - now })
}
