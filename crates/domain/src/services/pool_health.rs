//! A dynamic pool's health, from its stored visits: how busy the website got, how many
//! visitors got a number of their own, the calls lost because the pool ran dry, and how many
//! numbers the pool should have.
//!
//! A pool number is held for one visitor for the session time ([`SESSION_MINUTES`]); a visitor
//! who arrives while every number is held is shown a number another visitor holds, and a call on
//! it cannot be told apart ("the pool ran dry"). The numbers a pool needs at its busiest hour are
//! the visitors of that hour who are on the site at the same time: peak hourly visitors divided
//! by 60 over the session minutes, rounded up, plus a margin.

use serde::Serialize;

use crate::reports::retention::UNCALLED_VISIT_RETENTION_SECONDS;
use crate::tracking::ADDRESS_HOLDS_MAX;
pub use crate::tracking::{NumberAssignment, SESSION_MINUTES};

/// The headroom above the busiest hour's need, in percent.
pub const MARGIN_PERCENT: u32 = 20;
/// The window the figure covers: visits that never called are kept only this long, so an older
/// window would count callers and not the visitors who did not call.
pub const HEALTH_WINDOW_SECONDS: i64 = UNCALLED_VISIT_RETENTION_SECONDS;
/// The share of visits with a number of their own below which a pool is too small.
pub const HEALTHY_OWN_NUMBER_PERCENT: u32 = 95;

/// What the store counts of a pool's visits in the window.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PoolVisitCounts {
    /// The pool's numbers now.
    pub pool_size: u32,
    /// Visits a clock hour, for the hours that had any.
    pub hourly_visits: Vec<u32>,
    /// Visits that got a number of their own.
    pub own_number_visits: u32,
    /// Calls whose visit was shown a number another visitor held.
    pub unattributed_calls: u32,
    /// Visits from an address that already held `tracking::ADDRESS_HOLDS_MAX` of the numbers:
    /// shown a shared number, and counted in none of the figures above.
    pub suspected_abuse_visits: u32,
}

/// The health figure of a pool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PoolHealth {
    pub visits: u32,
    pub peak_hourly_visitors: u32,
    /// Whole percent of visits with a number of their own; None without visits.
    pub own_number_percent: Option<u32>,
    pub unattributed_calls: u32,
    pub session_minutes: u32,
    pub margin_percent: u32,
    pub pool_size: u32,
    pub recommended_size: u32,
    /// Numbers to add to reach the recommended size (0 when the pool is big enough).
    pub missing_numbers: u32,
    pub healthy: bool,
    /// The figure in a sentence.
    pub verdict: String,
    /// Visits left out of the figures: their address already held as many numbers as one
    /// address may (a script draining the pool, or a very busy office).
    pub suspected_abuse_visits: u32,
    /// Those visits in a sentence; None without any.
    pub suspected_abuse: Option<String>,
}

/// The numbers a pool needs for `peak_hourly_visitors` visitors an hour who each hold a number
/// for `session_minutes`: peak / (60 / session minutes), rounded up, then `margin_percent` more,
/// rounded up. No visitors, no numbers.
pub fn recommended_pool_size(peak_hourly_visitors: u32, session_minutes: u32, margin_percent: u32) -> u32 {
    let at_once = (u64::from(peak_hourly_visitors) * u64::from(session_minutes.max(1))).div_ceil(60);
    let with_margin = (at_once * u64::from(100 + margin_percent)).div_ceil(100);
    u32::try_from(with_margin).unwrap_or(u32::MAX)
}

/// The pool's health figure from its visit counts.
pub fn pool_health(counts: &PoolVisitCounts) -> PoolHealth {
    let visits: u32 = counts.hourly_visits.iter().fold(0u32, |sum, n| sum.saturating_add(*n));
    let peak = counts.hourly_visits.iter().copied().max().unwrap_or(0);
    let own = counts.own_number_visits.min(visits);
    let own_number_percent =
        (visits > 0).then(|| u32::try_from(u64::from(own) * 100 / u64::from(visits)).unwrap_or(100));
    let recommended = recommended_pool_size(peak, SESSION_MINUTES, MARGIN_PERCENT);
    let missing = recommended.saturating_sub(counts.pool_size);
    let dry = own_number_percent.is_some_and(|p| p < HEALTHY_OWN_NUMBER_PERCENT) || counts.unattributed_calls > 0;
    let healthy = !dry && missing == 0;
    let verdict = verdict(visits, own_number_percent, counts.unattributed_calls, missing);
    PoolHealth {
        visits,
        peak_hourly_visitors: peak,
        own_number_percent,
        unattributed_calls: counts.unattributed_calls,
        session_minutes: SESSION_MINUTES,
        margin_percent: MARGIN_PERCENT,
        pool_size: counts.pool_size,
        recommended_size: recommended,
        missing_numbers: missing,
        healthy,
        verdict,
        suspected_abuse_visits: counts.suspected_abuse_visits,
        suspected_abuse: suspected_abuse(counts.suspected_abuse_visits),
    }
}

fn suspected_abuse(visits: u32) -> Option<String> {
    (visits > 0).then(|| {
        format!(
            "Suspected abuse: {} from addresses that already held {ADDRESS_HOLDS_MAX} numbers each {} shown a \
             shared number and {} left out of these figures.",
            plural(visits, "visit", "visits"),
            if visits == 1 { "was" } else { "were" },
            if visits == 1 { "is" } else { "are" },
        )
    })
}

fn plural(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn verdict(visits: u32, own: Option<u32>, unattributed: u32, missing: u32) -> String {
    let Some(own) = own.filter(|_| visits > 0) else {
        return "No visits in the last 72 hours: nothing to measure yet.".into();
    };
    if missing == 0 && own >= HEALTHY_OWN_NUMBER_PERCENT && unattributed == 0 {
        return format!("Healthy: {own}% of visitors got a number of their own.");
    }
    let lost = if unattributed > 0 {
        format!(" and {} could not be attributed", plural(unattributed, "call", "calls"))
    } else {
        String::new()
    };
    if missing == 0 {
        return format!(
            "Only {own}% of visitors got a number of their own{lost}, though the pool is the recommended size."
        );
    }
    format!(
        "Too small: only {own}% of visitors got a number of their own{lost}. Add {}.",
        plural(missing, "number", "numbers"),
    )
}

/// How a pool of `pool_size` numbers serves visits starting at `starts` (seconds, in time order)
/// when each holds its number for `hold_seconds`: the number free longest goes to the next
/// visitor; with none free, the visitor shares the number whose hold ends first. Empty for an
/// empty pool.
pub fn assign_numbers(pool_size: usize, starts: &[i64], hold_seconds: i64) -> Vec<NumberAssignment> {
    // When each number's hold ends (i64::MIN: never held).
    let mut held_until = vec![i64::MIN; pool_size];
    starts
        .iter()
        .map_while(|&at| {
            let assignment = crate::tracking::pick_number(&held_until, at)?;
            if assignment.own {
                held_until[assignment.number] = at.saturating_add(hold_seconds);
            }
            Some(assignment)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recommended_size_is_the_visitors_on_the_site_at_once_plus_the_margin() {
        // 40 visitors an hour holding a number 30 minutes: 20 at once, 24 with 20%.
        assert_eq!(recommended_pool_size(40, 30, 20), 24);
        // 41 an hour: 20.5 rounds up to 21 at once, 25.2 up to 26.
        assert_eq!(recommended_pool_size(41, 30, 20), 26);
        assert_eq!(recommended_pool_size(60, 20, 0), 20);
        assert_eq!(recommended_pool_size(1, 30, 20), 2);
        assert_eq!(recommended_pool_size(0, 30, 20), 0);
        assert_eq!(recommended_pool_size(u32::MAX, 30, 20), 2_576_980_378);
    }

    #[test]
    fn a_quiet_pool_is_healthy() {
        let health = pool_health(&PoolVisitCounts {
            pool_size: 5,
            hourly_visits: vec![3, 6, 2],
            own_number_visits: 11,
            unattributed_calls: 0,
            suspected_abuse_visits: 40,
        });
        assert_eq!((health.visits, health.peak_hourly_visitors, health.own_number_percent), (11, 6, Some(100)));
        assert_eq!((health.recommended_size, health.missing_numbers), (4, 0));
        assert!(health.healthy);
        assert_eq!(health.verdict, "Healthy: 100% of visitors got a number of their own.");
        // Visits past an address's bound are reported apart and move no figure.
        assert_eq!(health.suspected_abuse_visits, 40);
        assert_eq!(
            health.suspected_abuse.as_deref(),
            Some(
                "Suspected abuse: 40 visits from addresses that already held 3 numbers each were shown a shared \
                 number and are left out of these figures."
            )
        );
    }

    #[test]
    fn a_pool_that_ran_dry_says_how_many_numbers_to_add() {
        let health = pool_health(&PoolVisitCounts {
            pool_size: 5,
            hourly_visits: vec![4, 30, 12],
            own_number_visits: 37,
            unattributed_calls: 2,
            suspected_abuse_visits: 0,
        });
        assert_eq!(health.peak_hourly_visitors, 30);
        assert_eq!(health.own_number_percent, Some(80));
        // 30 an hour for 30 minutes: 15 at once, 18 with the margin; 13 more, 3 pools of 5.
        assert_eq!((health.recommended_size, health.missing_numbers), (18, 13));
        assert!(!health.healthy);
        assert_eq!(
            health.verdict,
            "Too small: only 80% of visitors got a number of their own and 2 calls could not be attributed. \
             Add 13 numbers."
        );
    }

    #[test]
    fn no_visits_is_nothing_to_measure() {
        let health = pool_health(&PoolVisitCounts { pool_size: 5, ..Default::default() });
        assert_eq!(health.own_number_percent, None);
        assert_eq!(health.suspected_abuse, None);
        assert_eq!(health.recommended_size, 0);
        assert!(health.healthy);
        assert_eq!(health.verdict, "No visits in the last 72 hours: nothing to measure yet.");
    }

    #[test]
    fn counts_out_of_line_are_bounded() {
        let health = pool_health(&PoolVisitCounts {
            pool_size: 0,
            hourly_visits: vec![u32::MAX, u32::MAX],
            own_number_visits: u32::MAX,
            unattributed_calls: 1,
            suspected_abuse_visits: u32::MAX,
        });
        assert_eq!(health.visits, u32::MAX);
        assert_eq!(health.own_number_percent, Some(100));
        assert!(!health.healthy);
    }

    #[test]
    fn numbers_go_to_the_one_free_longest_and_are_shared_when_none_is_free() {
        let hold = 30 * 60;
        let starts = [0, 60, 120, 1_900, 1_950, 2_000];
        let got = assign_numbers(2, &starts, hold);
        let pairs: Vec<(usize, bool)> = got.iter().map(|a| (a.number, a.own)).collect();
        // 0 and 60 take both numbers; 120 shares the one free first (number 0, until 1,800);
        // 1,900 gets number 0 back; 1,950 waits for number 1 (free at 1,860): its own; 2,000 shares.
        assert_eq!(pairs, vec![(0, true), (1, true), (0, false), (0, true), (1, true), (0, false)]);
        assert!(assign_numbers(0, &starts, hold).is_empty());
    }

    #[test]
    fn every_visit_gets_a_number_of_the_pool_and_own_numbers_never_overlap() {
        let starts: Vec<i64> = (0..500).map(|i| i * 37 % 7_200 + i * 11).collect::<Vec<_>>();
        let mut sorted = starts.clone();
        sorted.sort_unstable();
        for size in [1usize, 3, 5, 20] {
            let got = assign_numbers(size, &sorted, 1_800);
            assert_eq!(got.len(), sorted.len());
            for number in 0..size {
                let held: Vec<i64> =
                    got.iter().zip(&sorted).filter(|(a, _)| a.own && a.number == number).map(|(_, s)| *s).collect();
                assert!(held.windows(2).all(|w| w[1] - w[0] >= 1_800), "number {number} of {size} held twice");
            }
            assert!(got.iter().all(|a| a.number < size));
        }
    }
}
