//! How long the server takes to decide each step of a live call (an engine event in, its
//! requests out; database work runs apart), kept for the last steps so that a benchmark and an
//! operator can read the percentiles; and how many prompts the engine played, and could not.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Steps kept: enough for a benchmark's thousands of steps.
const KEPT: usize = 100_000;

#[derive(Debug, Default)]
pub struct StepTimes {
    micros: Mutex<VecDeque<u32>>,
    failed_playbacks: AtomicU64,
    played_playbacks: AtomicU64,
}

impl StepTimes {
    /// The engine reported a prompt it could not play (the caller heard nothing of it).
    pub fn playback_failed(&self) {
        self.failed_playbacks.fetch_add(1, Ordering::Relaxed);
    }

    /// The engine reported a prompt played to its end (or stopped by the call).
    pub fn playback_done(&self) {
        self.played_playbacks.fetch_add(1, Ordering::Relaxed);
    }

    pub fn played_playbacks(&self) -> u64 {
        self.played_playbacks.load(Ordering::Relaxed)
    }

    pub fn failed_playbacks(&self) -> u64 {
        self.failed_playbacks.load(Ordering::Relaxed)
    }

    pub fn add(&self, took: Duration) {
        let mut micros = self.micros.lock().expect("the step times' lock");
        if micros.len() == KEPT {
            micros.pop_front();
        }
        micros.push_back(u32::try_from(took.as_micros()).unwrap_or(u32::MAX));
    }

    /// The kept steps' times in microseconds, sorted.
    pub fn sorted(&self) -> Vec<u32> {
        let mut micros: Vec<u32> = self.micros.lock().expect("the step times' lock").iter().copied().collect();
        micros.sort_unstable();
        micros
    }

    pub fn clear(&self) {
        self.micros.lock().expect("the step times' lock").clear();
    }
}

/// The `p`th percentile (0-100) of sorted values; 0 for none.
pub fn percentile(sorted: &[u32], p: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        let values: Vec<u32> = (1..=100).collect();
        assert_eq!((percentile(&values, 50.0), percentile(&values, 99.0), percentile(&values, 100.0)), (50, 99, 100));
        assert_eq!(percentile(&[], 99.0), 0);
        let times = StepTimes::default();
        times.add(Duration::from_micros(30));
        times.add(Duration::from_micros(10));
        assert_eq!(times.sorted(), vec![10, 30]);
    }
}
