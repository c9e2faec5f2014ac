//! Releasing static numbers: calls to them stop at once, their monthly charge ends at the end
//! of the billing month they were released in (that month's invoice still counts them), and
//! they return to the inventory after a quarantine, so a new owner does not get the old one's
//! callers.

use serde::{Deserialize, Serialize};

use crate::billing::invoice::month_containing;
use crate::format::format_day_at;

/// How long a released number rests before it is offered again.
pub const QUARANTINE_DAYS: i64 = 90;
const DAY: i64 = 24 * 60 * 60;
/// The last second of 9999: later instants are not dates a release happens on.
const LATEST: i64 = 253_402_300_799;

/// What releasing now means for the bill and the inventory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReleaseTerms {
    /// The end of the billing month (exclusive): no invoice after it counts the number.
    pub charge_ends_at: i64,
    /// The month's last day, dd/mm/yyyy.
    pub charge_ends: String,
    /// When the number may be bought again.
    pub returns_at: i64,
    pub returns_to_inventory: String,
}

/// The terms of a release at `now` in the account's zone.
pub fn release_terms(now: i64, time_zone: &str) -> Result<ReleaseTerms, String> {
    if !(0..=LATEST).contains(&now) {
        return Err("The time is out of range.".into());
    }
    let month = month_containing(now, time_zone)?;
    let returns_at = now + QUARANTINE_DAYS * DAY;
    Ok(ReleaseTerms {
        charge_ends_at: month.period.end,
        charge_ends: format_day_at(month.period.end - 1, time_zone),
        returns_at,
        returns_to_inventory: format_day_at(returns_at, time_zone),
    })
}

/// What the confirmation says before `count` numbers are released.
pub fn release_note(count: usize, terms: &ReleaseTerms) -> String {
    let (what, them, they) = if count == 1 {
        ("this number".to_string(), "it", "It stays")
    } else {
        (format!("these {count} numbers"), "them", "They stay")
    };
    format!(
        "Releasing {what} stops calls to {them} at once and cannot be undone. {they} on this month's invoice: \
         the monthly charge ends on {}. Released numbers rest for {QUARANTINE_DAYS} days and return to the \
         inventory on {}.",
        terms.charge_ends, terms.returns_to_inventory
    )
}

/// The confirmation's text for a release at `now` (the browser's call): the note, or why there
/// is none (an unknown zone, a time out of range).
pub fn release_note_at(count: usize, now: i64, time_zone: &str) -> String {
    match release_terms(now, time_zone) {
        Ok(terms) => release_note(count, &terms),
        Err(message) => message,
    }
}

/// What the page says once numbers (as shown) are released.
pub fn release_message(numbers: &[String], terms: &ReleaseTerms) -> String {
    let (released, noun) = match numbers {
        [one] => (one.clone(), "the number returns"),
        many => (format!("{} numbers: {}", many.len(), many.join(", ")), "the numbers return"),
    };
    format!(
        "Released {released}. The monthly charge ends on {}; {noun} to the inventory on {}.",
        terms.charge_ends, terms.returns_to_inventory
    )
}

/// The inventory prefix a number (national digits) belongs to: the longest prefix whose digits
/// (as shown, '0113 496') begin it. None when no prefix sells it (it does not go back on sale).
pub fn prefix_of(number: &str, prefixes: &[(i64, String)]) -> Option<i64> {
    prefixes
        .iter()
        .filter_map(|(id, shown)| {
            let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
            (!digits.is_empty() && number.starts_with(&digits)).then_some((digits.len(), *id))
        })
        .max()
        .map(|(_, id)| id)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Monday 23 November 2026 10:00 UTC.
    const NOW: i64 = 1_795_428_000;

    #[test]
    fn the_charge_ends_with_the_billing_month_and_the_number_rests_ninety_days() {
        let terms = release_terms(NOW, "Europe/London").unwrap();
        assert_eq!(terms.charge_ends, "30/11/2026");
        assert_eq!(terms.charge_ends_at, 1_796_083_200); // 1 December 2026 00:00 GMT
        assert_eq!(terms.returns_to_inventory, "21/02/2027");
        assert_eq!(terms.returns_at, NOW + 90 * DAY);
    }

    #[test]
    fn the_month_is_the_accounts_own() {
        // 30 November 23:30 UTC is already 1 December in Paris: its charge runs to 31 December.
        let late = 1_796_081_400;
        assert_eq!(release_terms(late, "Europe/London").unwrap().charge_ends, "30/11/2026");
        assert_eq!(release_terms(late, "Europe/Paris").unwrap().charge_ends, "31/12/2026");
        assert!(release_terms(NOW, "Mars/Olympus").is_err());
        assert_eq!(release_note_at(1, i64::MAX, "Europe/London"), "The time is out of range.");
        assert_eq!(release_note_at(1, -1, "Europe/London"), "The time is out of range.");
    }

    #[test]
    fn the_note_and_the_message_count_the_numbers() {
        let terms = release_terms(NOW, "Europe/London").unwrap();
        assert_eq!(
            release_note(1, &terms),
            "Releasing this number stops calls to it at once and cannot be undone. It stays on this month's \
             invoice: the monthly charge ends on 30/11/2026. Released numbers rest for 90 days and return to \
             the inventory on 21/02/2027."
        );
        assert!(release_note(3, &terms).starts_with("Releasing these 3 numbers stops calls to them"));
        assert_eq!(
            release_message(&["0161 496 0000".into()], &terms),
            "Released 0161 496 0000. The monthly charge ends on 30/11/2026; the number returns to the inventory \
             on 21/02/2027."
        );
        assert!(release_message(&["0161 496 0000".into(), "0161 496 0001".into()], &terms)
            .starts_with("Released 2 numbers: 0161 496 0000, 0161 496 0001. The monthly charge"));
    }

    #[test]
    fn a_number_goes_back_under_its_longest_prefix() {
        let prefixes = vec![(1, "0113 496".to_string()), (2, "0113".to_string()), (3, "020 7946".to_string())];
        assert_eq!(prefix_of("01134960123", &prefixes), Some(1));
        assert_eq!(prefix_of("01139990000", &prefixes), Some(2));
        assert_eq!(prefix_of("02079460000", &prefixes), Some(3));
        assert_eq!(prefix_of("01614960000", &prefixes), None);
    }
}
