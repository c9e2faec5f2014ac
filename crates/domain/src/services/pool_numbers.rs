//! Buying the numbers a pool's health figure recommends: the very count it names, added to that
//! pool (from the inventory's prefix nearest the pool's own numbers), each number priced as its
//! share of a pool.

use crate::format::format_price;
use crate::services::dynamic_pool::NUMBERS_PER_POOL;

/// The most numbers one purchase adds to a pool.
pub const EXTRA_NUMBERS_MAX: i64 = 200;
pub const COUNT_INVALID: &str = "Choose between 1 and 200 numbers to add.";

/// One number's price: its share of a pool's, rounded up to the penny.
pub fn extra_number_price_pence(pool_price_pence: i64) -> i64 {
    (pool_price_pence.max(0) as u64).div_ceil(NUMBERS_PER_POOL as u64) as i64
}

/// The count asked for, if it is one a purchase may add.
pub fn check_extra_count(count: i64) -> Result<i64, &'static str> {
    if (1..=EXTRA_NUMBERS_MAX).contains(&count) {
        Ok(count)
    } else {
        Err(COUNT_INVALID)
    }
}

/// "13 more numbers for Website visitors: £5 each per quarter, £65 per quarter in all. Billing
/// starts when you buy them."
pub fn extra_numbers_note(count: i64, pool: &str, unit_pence: i64, frequency_word: &str) -> String {
    let money = |pence: i64| format_price(pence as f64 / 100.0);
    let numbers = if count == 1 { "1 more number".to_string() } else { format!("{count} more numbers") };
    format!(
        "{numbers} for {pool}: {} each per {frequency_word}, {} per {frequency_word} in all. Billing starts when you buy them.",
        money(unit_pence),
        money(unit_pence * count)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_costs_its_share_of_a_pool_rounded_up() {
        assert_eq!(extra_number_price_pence(2_500), 500);
        assert_eq!(extra_number_price_pence(2_501), 501);
        assert_eq!(extra_number_price_pence(0), 0);
        assert_eq!(extra_number_price_pence(-10), 0);
    }

    #[test]
    fn the_count_is_bounded() {
        assert_eq!(check_extra_count(13), Ok(13));
        for bad in [0, -1, EXTRA_NUMBERS_MAX + 1, i64::MAX] {
            assert_eq!(check_extra_count(bad), Err(COUNT_INVALID), "{bad}");
        }
    }

    #[test]
    fn the_note_names_the_count_the_unit_and_the_total() {
        assert_eq!(
            extra_numbers_note(13, "Website visitors", 500, "quarter"),
            "13 more numbers for Website visitors: £5 each per quarter, £65 per quarter in all. Billing starts when you buy them."
        );
        assert!(extra_numbers_note(1, "Spring", 501, "month").starts_with("1 more number for Spring: £5.01 each"));
    }
}
