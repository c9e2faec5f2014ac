//! Deleting what has expired (`jobs::housekeeping` decides how long each thing is kept).

use sqlx::AnyPool;

/// The instants before which each kind of row has expired.
pub struct Cutoffs {
    /// Confirmation keys, reset links and OAuth states: expired, or used.
    pub now: i64,
    pub idle_sessions: i64,
    pub old_sessions: i64,
    pub login_failures: i64,
    pub api_rate_counts: i64,
    pub visitors: i64,
    /// Card orders and Direct Debit flows never used.
    pub unused_orders: i64,
    pub completed_orders: i64,
    pub sandbox_phone_messages: i64,
    pub caller_id_code_events: i64,
    pub sale_uploads: i64,
    /// Finished website checks, except each dynamic URL's latest.
    pub website_checks: i64,
}

/// Deletes every expired row in one transaction; returns how many went.
pub async fn delete(db: &AnyPool, c: &Cutoffs) -> sqlx::Result<u64> {
    let mut tx = crate::db::begin_write(db).await?;
    let mut purged = 0;
    for (sql, cutoff) in [
        ("DELETE FROM sessions WHERE last_seen_at < $1", c.idle_sessions),
        ("DELETE FROM sessions WHERE created_at < $1", c.old_sessions),
        ("DELETE FROM password_confirmations WHERE expires_at < $1 OR used_at IS NOT NULL", c.now),
        ("DELETE FROM password_resets WHERE expires_at < $1 OR used_at IS NOT NULL", c.now),
        ("DELETE FROM oauth_states WHERE expires_at < $1 OR used_at IS NOT NULL", c.now),
        ("DELETE FROM sandbox_oauth_codes WHERE expires_at < $1 OR used_at IS NOT NULL", c.now),
        ("DELETE FROM login_failures WHERE failed_at <= $1", c.login_failures),
        ("DELETE FROM api_rate_counts WHERE window_start <= $1", c.api_rate_counts),
        ("DELETE FROM visitors WHERE first_seen_at <= $1", c.visitors),
        ("DELETE FROM card_orders WHERE completed_at IS NULL AND created_at < $1", c.unused_orders),
        ("DELETE FROM card_orders WHERE completed_at < $1", c.completed_orders),
        ("DELETE FROM direct_debit_flows WHERE completed_at IS NULL AND created_at < $1", c.unused_orders),
        ("DELETE FROM direct_debit_flows WHERE completed_at < $1", c.completed_orders),
        ("DELETE FROM sandbox_phone_messages WHERE sent_at < $1", c.sandbox_phone_messages),
        ("DELETE FROM caller_id_code_events WHERE happened_at <= $1", c.caller_id_code_events),
        ("DELETE FROM sale_uploads WHERE created_at < $1", c.sale_uploads),
        (
            "DELETE FROM website_checks WHERE finished_at < $1
               AND id <> (SELECT MAX(l.id) FROM website_checks l
                          WHERE l.dynamic_url_id = website_checks.dynamic_url_id AND l.finished_at IS NOT NULL)",
            c.website_checks,
        ),
    ] {
        purged += sqlx::query(sql).bind(cutoff).execute(&mut *tx).await?.rows_affected();
    }
    tx.commit().await?;
    Ok(purged)
}
