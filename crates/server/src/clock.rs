use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Wall-clock time in unix seconds: the server's one answer to "what time is it". It runs at
/// real speed from where it was started, so tests start it at a fixed instant (whatever day the
/// machine thinks it is) and move it forward to check expiry and throttling without sleeping.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset: Arc<AtomicI64>,
}

fn system_now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

impl Clock {
    /// A clock that reads `start` (unix seconds) now and runs on from there.
    pub fn starting_at(start: i64) -> Clock {
        Clock { offset: Arc::new(AtomicI64::new(start - system_now())) }
    }

    pub fn now(&self) -> i64 {
        system_now() + self.offset.load(Ordering::Relaxed)
    }

    /// The same clock in milliseconds (the live calls' events are timed to the millisecond).
    pub fn now_millis(&self) -> i64 {
        let millis = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0);
        millis + self.offset.load(Ordering::Relaxed) * 1000
    }

    /// Moves this clock (and every clone of it) forward.
    pub fn advance(&self, seconds: i64) {
        self.offset.fetch_add(seconds, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_started_at_an_instant_reads_that_instant() {
        let clock = Clock::starting_at(1_795_428_000);
        assert!((clock.now() - 1_795_428_000).abs() <= 1);
        clock.advance(60);
        assert!((clock.now() - 1_795_428_060).abs() <= 1);
    }
}
