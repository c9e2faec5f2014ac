//! The purchase rules the server enforces and the modal shows: extended call recording storage
//! in 30-day steps up to 180 days, and the outbound add-on's user.

pub const RECORDING_STORAGE_FREE_DAYS: u32 = 30;
pub const RECORDING_STORAGE_STEP_DAYS: u32 = 30;
pub const RECORDING_STORAGE_MAX_DAYS: u32 = 180;
/// A change takes this long to settle; another is refused meanwhile.
pub const RECORDING_STORAGE_SETTLE_SECONDS: i64 = 24 * 60 * 60;

pub const RECORDING_STORAGE_AT_LIMIT: &str = "Call recording storage cannot be extended beyond 180 days.";
pub const RECORDING_STORAGE_RECENTLY_CHANGED: &str = "The call recording storage was recently changed which may need some time for the change to take effect. Please try again later. If this persists please contact us.";
pub const NO_USER_FOR_OUTBOUND: &str = "Please add an extra user to your account to get this add-on.";
pub const CHOOSE_OUTBOUND_USER: &str = "Please choose the user who will get Outbound.";
pub const UPGRADE_FIRST: &str = "This add-on needs an upgrade of your plan first.";
pub const PRICE_ON_APPLICATION: &str = "This add-on is priced on application. Please contact us to add it.";
pub const NOT_ONLINE: &str = "Please contact your account manager to change your plan.";

/// Only Starter changes plan online (to Professional); every other change is arranged by the
/// account manager (`NOT_ONLINE`).
pub fn upgrades_online(plan: crate::Plan) -> bool {
    plan == crate::Plan::Starter
}

/// The plan a box of the upgrade centre offers is bought online from `current`: Starter to
/// Professional only.
pub fn online_upgrade_to(current: crate::Plan, target: crate::Plan) -> bool {
    upgrades_online(current) && target == crate::Plan::Professional
}

/// What a plan or add-on without a list price (Enterprise) shows instead of one.
pub const NO_LIST_PRICE: &str = "Price on application";

/// Whether the call recording storage can be extended beyond `days`.
pub fn recording_storage_extends(days: u32) -> bool {
    days < RECORDING_STORAGE_MAX_DAYS
}

/// The storage after one more step, or why not: at the limit, or changed within the last day
/// (`last_changed` unix seconds, None if never).
pub fn extend_recording_storage(current_days: u32, last_changed: Option<i64>, now: i64) -> Result<u32, &'static str> {
    if current_days >= RECORDING_STORAGE_MAX_DAYS {
        return Err(RECORDING_STORAGE_AT_LIMIT);
    }
    if last_changed.is_some_and(|at| now - at < RECORDING_STORAGE_SETTLE_SECONDS) {
        return Err(RECORDING_STORAGE_RECENTLY_CHANGED);
    }
    Ok((current_days.max(RECORDING_STORAGE_FREE_DAYS) + RECORDING_STORAGE_STEP_DAYS).min(RECORDING_STORAGE_MAX_DAYS))
}

/// The outbound add-on goes to one of `candidates` (users without outbound): the chosen one,
/// or why not.
pub fn outbound_user(chosen: Option<i64>, candidates: &[i64]) -> Result<i64, &'static str> {
    if candidates.is_empty() {
        return Err(NO_USER_FOR_OUTBOUND);
    }
    chosen.filter(|id| candidates.contains(id)).ok_or(CHOOSE_OUTBOUND_USER)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_upgrade_centre_sells_professional_to_starter_and_storage_stops_at_its_maximum() {
        use crate::Plan::*;
        assert!(online_upgrade_to(Starter, Professional));
        assert!(!online_upgrade_to(Starter, Enterprise));
        assert!(!online_upgrade_to(Professional, Enterprise));
        assert!(recording_storage_extends(150));
        assert!(!recording_storage_extends(RECORDING_STORAGE_MAX_DAYS));
    }

    #[test]
    fn only_starter_upgrades_online() {
        assert!(upgrades_online(crate::Plan::Starter));
        assert!(!upgrades_online(crate::Plan::Professional));
        assert!(!upgrades_online(crate::Plan::Enterprise));
    }

    const DAY: i64 = 24 * 60 * 60;

    #[test]
    fn storage_grows_in_thirty_day_steps_to_one_hundred_and_eighty() {
        assert_eq!(extend_recording_storage(30, None, 0), Ok(60));
        assert_eq!(extend_recording_storage(150, Some(0), 2 * DAY), Ok(180));
        assert_eq!(extend_recording_storage(0, None, 0), Ok(60), "the free 30 days come first");
        assert_eq!(extend_recording_storage(180, None, 0), Err(RECORDING_STORAGE_AT_LIMIT));
    }

    #[test]
    fn a_change_within_a_day_must_settle_first() {
        assert_eq!(extend_recording_storage(60, Some(1_000), 1_000 + DAY - 1), Err(RECORDING_STORAGE_RECENTLY_CHANGED));
        assert_eq!(extend_recording_storage(60, Some(1_000), 1_000 + DAY), Ok(90));
    }

    #[test]
    fn outbound_goes_to_one_user_without_it() {
        assert_eq!(outbound_user(Some(7), &[]), Err(NO_USER_FOR_OUTBOUND));
        assert_eq!(outbound_user(None, &[7, 8]), Err(CHOOSE_OUTBOUND_USER));
        assert_eq!(outbound_user(Some(9), &[7, 8]), Err(CHOOSE_OUTBOUND_USER));
        assert_eq!(outbound_user(Some(8), &[7, 8]), Ok(8));
    }
}
