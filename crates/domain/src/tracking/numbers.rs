//! Which pool number a page view shows, and how the site writes it.

use crate::account::NumberFormat;
use crate::list_query::number_needles;
use crate::services::dynamic_pool::{CUSTOM_FORMAT_ID, NUMBER_FORMATS};

/// How long a pool number stays with one visitor (the session time, 20 to 30 minutes in the
/// trade; the longer end, so a visitor who reads before calling still holds their number).
pub const SESSION_MINUTES: u32 = 30;

/// The number a visit was shown, and whether it held it alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberAssignment {
    /// Index into the pool's numbers.
    pub number: usize,
    pub own: bool,
}

const HOLD_SECONDS: i64 = SESSION_MINUTES as i64 * 60;

/// Whether a page view at `now` continues the visitor's visit last seen at `last_seen_at` (on
/// the same dynamic URL): within the session time, it keeps the visit and its number.
pub fn continues_visit(last_seen_at: i64, now: i64) -> bool {
    (0..=HOLD_SECONDS).contains(&now.saturating_sub(last_seen_at))
}

/// The number a visitor arriving `at` is given from one pool, whose numbers are held until
/// `held_until` (i64::MIN: never held): the number free longest; with none free, the number whose
/// hold ends first, shared (`own: false`). None for an empty pool.
pub fn pick_number(held_until: &[i64], at: i64) -> Option<NumberAssignment> {
    let soonest = |free: bool| {
        (0..held_until.len()).filter(|&n| !free || held_until[n] <= at).min_by_key(|&n| (held_until[n], n))
    };
    match soonest(true) {
        Some(number) => Some(NumberAssignment { number, own: true }),
        None => soonest(false).map(|number| NumberAssignment { number, own: false }),
    }
}

/// A number chosen from a dynamic URL's pools.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolChoice {
    /// Index into the pools given.
    pub pool: usize,
    pub number: usize,
    /// The visitor holds it alone (false: every number of every pool was held; calls on it
    /// cannot be told apart).
    pub own: bool,
}

/// The number a visitor arriving `at` is given from a dynamic URL's pools (each as the hold
/// ends of its numbers, in the pools' order): a free number of the first pool that has one, else
/// the number of any pool whose hold ends first, shared. None when the pools have no numbers.
pub fn choose_number(pools: &[Vec<i64>], at: i64) -> Option<PoolChoice> {
    let picks = pools.iter().enumerate().filter_map(|(pool, held)| pick_number(held, at).map(|a| (pool, a, held)));
    let mut shared: Option<(i64, PoolChoice)> = None;
    for (pool, a, held) in picks {
        let choice = PoolChoice { pool, number: a.number, own: a.own };
        if a.own {
            return Some(choice);
        }
        if shared.is_none_or(|(until, _)| held[a.number] < until) {
            shared = Some((held[a.number], choice));
        }
    }
    shared.map(|(_, choice)| choice)
}

/// Numbers one client address (an IPv6 /64 counting as one) may hold on one dynamic URL at once:
/// a household or a small office of visitors behind one address, never a script holding the
/// whole pool so that real visitors share numbers and their calls cannot be attributed.
pub const ADDRESS_HOLDS_MAX: usize = 3;

/// The number for a visitor from an address that already holds `address_holds` of the dynamic
/// URL's numbers: as [`choose_number`] below [`ADDRESS_HOLDS_MAX`]; at it, a number shared and
/// held by nobody new (`own: false`, `past_address_bound: true`), the one whose hold ends first
/// among the held, or the first number when none is held, so the free numbers stay free.
pub fn choose_number_for_address(pools: &[Vec<i64>], at: i64, address_holds: usize) -> Option<AddressChoice> {
    if address_holds < ADDRESS_HOLDS_MAX {
        return choose_number(pools, at).map(|choice| AddressChoice { choice, past_address_bound: false });
    }
    let numbers =
        pools.iter().enumerate().flat_map(|(pool, held)| held.iter().enumerate().map(move |(n, h)| (pool, n, *h)));
    let held = numbers.clone().filter(|(_, _, until)| *until > at).min_by_key(|(_, _, until)| *until);
    let (pool, number, _) = held.or_else(|| numbers.clone().next())?;
    Some(AddressChoice { choice: PoolChoice { pool, number, own: false }, past_address_bound: true })
}

/// A number chosen for a visitor from one address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddressChoice {
    pub choice: PoolChoice,
    /// The address already held [`ADDRESS_HOLDS_MAX`] numbers: the visit is shared, left out of
    /// the pool's health figures and counted as suspected abuse.
    pub past_address_bound: bool,
}

/// A pool number as the website shows it and dials it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownNumber {
    /// In the pool's number format ('0113 496 0001').
    pub display: String,
    /// For a `tel:` link ('+441134960001').
    pub tel: String,
}

/// A UK number (national digits, '01134960001') in the pool's number format: the format's X's
/// take the ten digits after the leading 0. A number without ten such digits, or an unknown
/// format, shows as stored.
pub fn shown_number(national: &str, format_id: i64, custom_format: &str) -> ShownNumber {
    let digits: String = national.chars().filter(char::is_ascii_digit).collect();
    let significant = digits.strip_prefix('0').filter(|rest| rest.len() == 10);
    let format = if format_id == CUSTOM_FORMAT_ID {
        Some(custom_format)
    } else {
        NUMBER_FORMATS.iter().find(|(id, _)| *id == format_id).map(|(_, f)| *f)
    };
    let tel = match significant {
        Some(rest) => format!("+44{rest}"),
        None => digits.clone(),
    };
    let display = match (significant, format) {
        (Some(rest), Some(format)) if format.chars().filter(|c| matches!(c, 'X' | 'x')).count() == 10 => {
            let mut fill = rest.chars();
            format.chars().map(|c| if matches!(c, 'X' | 'x') { fill.next().unwrap_or(c) } else { c }).collect()
        }
        _ => national.trim().to_string(),
    };
    ShownNumber { display, tel }
}

/// A JavaScript regular expression (the source of `new RegExp(source, 'g')`) that finds a number
/// to replace (as typed in the dynamic URL's form, '0113 496 0000' or '+44 113 496 0000') written
/// any usual way on a page: '0113 496 0000', '(0113) 4960000', '+44 (0)113-496-0000',
/// '0044 113 496 0000', a `tel:+441134960000` link; never inside a longer run of digits. The
/// script only runs it, so the rule stays here. None when it is not a UK number with a leading 0.
pub fn replace_pattern(typed: &str) -> Option<String> {
    let national = number_needles(typed, &NumberFormat::default()).pop()?;
    let significant = national.strip_prefix('0').filter(|rest| rest.len() >= 9)?;
    let digits: Vec<String> = significant.chars().map(String::from).collect();
    Some(format!(r"(?<!\d)(?:\+\s?44\s?(?:\(0\)\s?)?|0044\s?|\(?0){}(?!\d)", digits.join(r"[\s.\-()]{0,2}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_bound_then_shares_without_taking_a_free_number() {
        let at = 1_000;
        // Two pools: numbers 0 and 1 held until 2_000 and 1_500, the rest free.
        let pools = vec![vec![2_000, 1_500], vec![i64::MIN, i64::MIN]];
        let below = choose_number_for_address(&pools, at, ADDRESS_HOLDS_MAX - 1).unwrap();
        assert_eq!(
            below,
            AddressChoice { choice: PoolChoice { pool: 1, number: 0, own: true }, past_address_bound: false }
        );
        let at_bound = choose_number_for_address(&pools, at, ADDRESS_HOLDS_MAX).unwrap();
        assert_eq!(
            at_bound,
            AddressChoice { choice: PoolChoice { pool: 0, number: 1, own: false }, past_address_bound: true }
        );
        // Nothing held: the first number, shown shared, leaves it free for the next visitor.
        let free = vec![vec![i64::MIN, i64::MIN]];
        let shared = choose_number_for_address(&free, at, ADDRESS_HOLDS_MAX + 5).unwrap();
        assert_eq!(shared.choice, PoolChoice { pool: 0, number: 0, own: false });
        assert!(choose_number(&free, at).unwrap().own);
        // No numbers at all.
        assert_eq!(choose_number_for_address(&[vec![]], at, ADDRESS_HOLDS_MAX), None);
    }

    #[test]
    fn a_visit_continues_within_the_session_time() {
        assert!(continues_visit(1_000, 1_000));
        assert!(continues_visit(1_000, 1_000 + 30 * 60));
        assert!(!continues_visit(1_000, 1_000 + 30 * 60 + 1));
        // A last sighting in the future (clocks disagree) does not continue it.
        assert!(!continues_visit(1_000, 999));
        assert!(!continues_visit(i64::MIN, i64::MAX));
    }

    #[test]
    fn the_number_free_longest_goes_first_and_a_full_pool_shares() {
        let never = i64::MIN;
        assert_eq!(pick_number(&[], 100), None);
        assert_eq!(pick_number(&[never, never], 100), Some(NumberAssignment { number: 0, own: true }));
        assert_eq!(pick_number(&[90, 50], 100), Some(NumberAssignment { number: 1, own: true }));
        // A hold ending exactly now is free.
        assert_eq!(pick_number(&[200, 100], 100), Some(NumberAssignment { number: 1, own: true }));
        assert_eq!(pick_number(&[300, 200], 100), Some(NumberAssignment { number: 1, own: false }));
    }

    #[test]
    fn the_first_pool_with_a_free_number_gives_it_else_the_soonest_hold_is_shared() {
        assert_eq!(choose_number(&[], 100), None);
        assert_eq!(choose_number(&[vec![], vec![]], 100), None);
        assert_eq!(choose_number(&[vec![500], vec![50, 40]], 100), Some(PoolChoice { pool: 1, number: 1, own: true }));
        assert_eq!(choose_number(&[vec![50], vec![40]], 100), Some(PoolChoice { pool: 0, number: 0, own: true }));
        assert_eq!(
            choose_number(&[vec![500, 400], vec![300, 600]], 100),
            Some(PoolChoice { pool: 1, number: 0, own: false })
        );
        assert_eq!(choose_number(&[vec![], vec![300]], 100), Some(PoolChoice { pool: 1, number: 0, own: false }));
    }

    #[test]
    fn a_number_shows_in_the_pools_format() {
        assert_eq!(
            shown_number("01134960001", 1, ""),
            ShownNumber { display: "01134 960001".into(), tel: "+441134960001".into() }
        );
        assert_eq!(shown_number("01134960001", 2, "").display, "0113 496 0001");
        assert_eq!(shown_number("02079460123", 3, "").display, "020 7946 0123");
        assert_eq!(shown_number("01134960001", CUSTOM_FORMAT_ID, "(0XXX) XXX-XXXX").display, "(0113) 496-0001");
        // An unknown format or a custom one without ten X's shows the number as stored.
        assert_eq!(shown_number("01134960001", 9, "").display, "01134960001");
        assert_eq!(shown_number("01134960001", CUSTOM_FORMAT_ID, "XXX").display, "01134960001");
        // A number of another length keeps its digits.
        assert_eq!(
            shown_number("0800123456", 2, ""),
            ShownNumber { display: "0800123456".into(), tel: "0800123456".into() }
        );
    }

    #[test]
    fn a_number_to_replace_becomes_a_pattern_of_its_digits() {
        let pattern = replace_pattern("0113 496 0000").unwrap();
        assert!(pattern.starts_with(r"(?<!\d)(?:\+\s?44\s?(?:\(0\)\s?)?|0044\s?|\(?0)1[\s.\-()]{0,2}1"));
        assert!(pattern.ends_with(r"0[\s.\-()]{0,2}0(?!\d)"));
        assert_eq!(replace_pattern("+44 113 496 0000"), Some(pattern.clone()));
        assert_eq!(replace_pattern("0044 1134960000"), Some(pattern));
        assert_eq!(replace_pattern("call us"), None);
        assert_eq!(replace_pattern("4960000"), None);
    }
}
