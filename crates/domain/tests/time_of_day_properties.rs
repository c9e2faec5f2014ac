//! Properties of the time-of-day rules: whatever rows a user builds, a plan the rules accept
//! covers every minute of the week exactly once, and the week grid agrees.

use domain::names::NOTHING_TAKEN;
use domain::routing::{
    validate_service_plan, week_grid, where_does_a_call_go, working_hours_rows, ServicePlanForm, TimeRow, WorkingHours,
};
use proptest::prelude::*;

const LAST: i64 = 7 * 1440 - 1;

fn coverage(rows: &[TimeRow]) -> Vec<u8> {
    let mut count = vec![0u8; (LAST + 1) as usize];
    for row in rows {
        if let (Some(from), Some(to)) = (row.from(), row.to()) {
            for m in from..=to {
                count[m as usize] = count[m as usize].saturating_add(1);
            }
        }
    }
    count
}

fn form(rows: Vec<TimeRow>) -> ServicePlanForm {
    ServicePlanForm { description: "Plan".into(), rows, exceptions: vec![] }
}

/// Rows cut at sorted points of the week: always a valid plan.
fn partition() -> impl Strategy<Value = Vec<TimeRow>> {
    prop::collection::btree_set(1..=LAST, 0..12).prop_map(|cuts| {
        let mut bounds: Vec<i64> = vec![0];
        bounds.extend(cuts);
        bounds.push(LAST + 1);
        bounds.windows(2).map(|w| TimeRow::spanning(w[0], w[1] - 1, 1)).collect()
    })
}

/// Any rows at all, mostly invalid.
fn any_row() -> impl Strategy<Value = TimeRow> {
    (0..=LAST, 0..=LAST).prop_map(|(a, b)| TimeRow::spanning(a, b, 1))
}

/// A partition with one boundary nudged, so near-valid plans are tried often.
fn nudged() -> impl Strategy<Value = Vec<TimeRow>> {
    (partition(), any::<prop::sample::Index>(), -2i64..=2, any::<bool>()).prop_map(|(mut rows, i, delta, end)| {
        let i = i.index(rows.len());
        let row = rows[i];
        let (from, to) = (row.from().unwrap(), row.to().unwrap());
        let (from, to) = if end { (from, (to + delta).clamp(0, LAST)) } else { ((from + delta).clamp(0, LAST), to) };
        rows[i] = TimeRow::spanning(from, to, 1);
        rows
    })
}

proptest! {
    #[test]
    fn every_accepted_plan_covers_the_week_exactly_once(rows in prop_oneof![
        partition(),
        nudged(),
        prop::collection::vec(any_row(), 1..5),
    ]) {
        if validate_service_plan(&form(rows.clone()), NOTHING_TAKEN).is_ok() {
            prop_assert!(coverage(&rows).iter().all(|&c| c == 1));
            let grid = week_grid(&rows);
            prop_assert!(grid.gaps.is_empty() && grid.overlaps.is_empty());
        } else {
            // A refused plan of in-range, routed rows must really be broken somewhere.
            prop_assert!(coverage(&rows).iter().any(|&c| c != 1) || !is_in_order(&rows));
        }
    }

    #[test]
    fn rows_cut_from_the_week_are_always_accepted(rows in partition()) {
        prop_assert!(validate_service_plan(&form(rows), NOTHING_TAKEN).is_ok());
    }

    #[test]
    fn the_week_grid_reports_a_gap_exactly_where_no_row_covers(rows in prop::collection::vec(any_row(), 0..4)) {
        let grid = week_grid(&rows);
        let covered = coverage(&rows);
        prop_assert_eq!(grid.gaps.is_empty(), covered.iter().all(|&c| c > 0));
        prop_assert_eq!(grid.overlaps.is_empty(), covered.iter().all(|&c| c <= 1));
    }

    #[test]
    fn working_hours_always_make_an_accepted_plan(
        days in prop::collection::btree_set(1i64..=7, 1..=7),
        start in 0i64..1439,
        length in 1i64..1440,
    ) {
        let end = (start + length).min(1439);
        prop_assume!(end > start);
        let hours = WorkingHours {
            days: days.into_iter().collect(),
            start_hour: start / 60, start_minute: start % 60,
            end_hour: end / 60, end_minute: end % 60,
            open_routing: 1, closed_routing: 2,
        };
        let rows = working_hours_rows(&hours).unwrap();
        prop_assert!(validate_service_plan(&form(rows), NOTHING_TAKEN).is_ok());
    }

    #[test]
    fn an_accepted_plan_answers_every_moment_with_a_row(rows in partition(), millis in 0i64..4_102_444_800_000) {
        let answer = where_does_a_call_go(&rows, "Europe/London", millis).unwrap();
        prop_assert!(answer.row.is_some());
    }
}

fn is_in_order(rows: &[TimeRow]) -> bool {
    rows.windows(2).all(|w| w[1].from() == w[0].to().map(|t| t + 1))
        && rows.first().and_then(TimeRow::from) == Some(0)
        && rows.last().and_then(TimeRow::to) == Some(LAST)
}
