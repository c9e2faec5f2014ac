//! How long calls, their recordings and website visits are kept. Calls and recordings are kept
//! for a number of calendar months (25 by default, Invoca's figure; a server setting); a visit
//! that never led to a call only 72 hours, the time a caller may take to ring after seeing the
//! number.

use chrono::{DateTime, Months};

/// Calls and recordings are kept this many months unless the server is told otherwise.
pub const DEFAULT_CALL_RETENTION_MONTHS: u32 = 25;
/// The shortest retention allowed. The billing run invoices any of the last 12 complete months
/// still without an invoice from the stored calls, so calls must outlive that window (a month's
/// calls purged before it was invoiced would give a wrong invoice): 12 months, the month under
/// way and a month's margin for the zones.
pub const MIN_CALL_RETENTION_MONTHS: u32 = 14;
/// The longest retention allowed (the custom report range is bounded by the default).
pub const MAX_CALL_RETENTION_MONTHS: u32 = 120;
/// A visit that showed a number but led to no call is kept this long.
pub const UNCALLED_VISIT_RETENTION_SECONDS: i64 = 72 * 60 * 60;

pub const RETENTION_OUT_OF_RANGE: &str = "CALL_RETENTION_MONTHS must be a whole number from 14 to 120";

/// Checks a retention setting's text: a whole number of months within the bounds.
pub fn parse_call_retention_months(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(months) if (MIN_CALL_RETENTION_MONTHS..=MAX_CALL_RETENTION_MONTHS).contains(&months) => Ok(months),
        _ => Err(RETENTION_OUT_OF_RANGE.into()),
    }
}

/// The instant `months` calendar months before `now` (UTC, the same time of day; the 31st of a
/// shorter month becomes its last day): a call that started before it is no longer kept.
pub fn call_retention_cutoff(now: i64, months: u32) -> i64 {
    let Some(at) = DateTime::from_timestamp(now, 0) else { return i64::MIN };
    at.checked_sub_months(Months::new(months)).map_or(i64::MIN, |cutoff| cutoff.timestamp())
}

/// The instant before which a visit that never called is no longer kept.
pub fn uncalled_visit_cutoff(now: i64) -> i64 {
    now.saturating_sub(UNCALLED_VISIT_RETENTION_SECONDS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::billing::invoice::months_to_invoice;

    /// Monday 2026-11-23 10:00 UTC.
    const NOV_23: i64 = 1_795_428_000;
    const DAY: i64 = 86_400;

    #[test]
    fn calls_are_kept_twenty_five_calendar_months_by_default() {
        // 2024-10-23 10:00 UTC.
        assert_eq!(call_retention_cutoff(NOV_23, DEFAULT_CALL_RETENTION_MONTHS), 1_729_677_600);
    }

    #[test]
    fn the_last_day_of_a_longer_month_maps_to_the_last_day_of_a_shorter_one() {
        // 2027-03-31 12:00 UTC less one month is 2027-02-28 12:00 UTC.
        assert_eq!(call_retention_cutoff(1_806_494_400, 1), 1_803_816_000);
    }

    #[test]
    fn uncalled_visits_are_kept_seventy_two_hours() {
        assert_eq!(uncalled_visit_cutoff(NOV_23), NOV_23 - 3 * DAY);
    }

    #[test]
    fn the_setting_is_a_whole_number_of_months_within_bounds() {
        assert_eq!(parse_call_retention_months("25"), Ok(25));
        assert_eq!(parse_call_retention_months(" 14 "), Ok(14));
        assert_eq!(parse_call_retention_months("120"), Ok(120));
        for bad in ["13", "121", "0", "-25", "25.5", "", "twenty", "99999999999999"] {
            assert_eq!(parse_call_retention_months(bad), Err(RETENTION_OUT_OF_RANGE.to_string()), "{bad:?}");
        }
    }

    #[test]
    fn the_shortest_retention_keeps_every_call_a_billing_run_may_still_invoice() {
        // Every hour of four years, in the zones an account may have: the oldest month the
        // billing run looks at (12 complete months) starts after the cutoff.
        for zone in ["Europe/London", "Europe/Lisbon", "Europe/Helsinki", "Europe/Samara", "UTC"] {
            let mut now = 1_704_067_200; // 2024-01-01 00:00 UTC
            while now < 1_830_297_600 {
                let oldest = &months_to_invoice(now, zone, 0, 12).unwrap()[0];
                assert!(call_retention_cutoff(now, MIN_CALL_RETENTION_MONTHS) < oldest.period.start, "{zone} at {now}");
                now += 3_600 * 7;
            }
        }
    }
}
