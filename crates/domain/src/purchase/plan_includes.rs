//! What each plan includes: the one table the plan and usage page, the purchase forms' notes,
//! the first-run checklist, the invoices and the website form read. Starter's website call
//! tracking (the comparison ticks `dynamic_url` for it) is one website with its own pool, so
//! Starter includes one pool; more pools are Professional's (`dynamic_pool`).

use serde::Serialize;

use crate::plan::Plan;

/// What a plan includes before anything is charged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanIncludes {
    pub static_numbers: i64,
    /// Pools of numbers for websites (Starter's one is its website tracking).
    pub pools: i64,
    /// Inbound minutes a month.
    pub inclusive_minutes: i64,
    pub free_recording_days: i64,
}

const fn includes(static_numbers: i64, pools: i64, inclusive_minutes: i64, free_recording_days: i64) -> PlanIncludes {
    PlanIncludes { static_numbers, pools, inclusive_minutes, free_recording_days }
}

pub fn plan_includes(plan: Plan) -> PlanIncludes {
    match plan {
        Plan::Starter => includes(10, 1, 300, 30),
        Plan::Professional => includes(350, 15, 1_000, 30),
        Plan::Enterprise => includes(1_000, 50, 5_000, 90),
        Plan::Legacy => includes(25, 0, 0, 30),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starter_includes_one_pool_its_website_and_legacy_none() {
        assert_eq!(plan_includes(Plan::Starter), includes(10, 1, 300, 30));
        assert_eq!(plan_includes(Plan::Professional).pools, 15);
        assert_eq!(plan_includes(Plan::Legacy).pools, 0);
        assert!(plan_includes(Plan::Enterprise).free_recording_days > plan_includes(Plan::Starter).free_recording_days);
    }
}
