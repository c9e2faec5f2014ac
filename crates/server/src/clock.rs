use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Wall-clock time in unix seconds. Tests move it forward to check expiry and throttling
/// without sleeping.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset: Arc<AtomicI64>,
}

impl Clock {
    pub fn now(&self) -> i64 {
        let real = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
        real + self.offset.load(Ordering::Relaxed)
    }

    /// Moves this clock (and every clone of it) forward.
    pub fn advance(&self, seconds: i64) {
        self.offset.fetch_add(seconds, Ordering::Relaxed);
    }
}
