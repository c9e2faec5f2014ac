//! Display formats of spec/shell-users-integrations.md section 9 and spec/call-routing.md
//! section 9: prices, money, billing frequencies, dates and phone numbers.

use serde::{Deserialize, Serialize};

use crate::account::{NumberFormat, NumberPrefix};

/// A price in pounds: '£' and up to 3 decimals, trailing zeros trimmed (£10, £10.5, £0.125).
pub fn format_price(pounds: f64) -> String {
    let sign = if pounds < 0.0 { "-" } else { "" };
    format!("{sign}£{}", trimmed_thousandths(pounds.abs()))
}

/// A usage price given in pence, trailing zeros trimmed (2.5p).
pub fn format_pence(pence: f64) -> String {
    let sign = if pence < 0.0 { "-" } else { "" };
    format!("{sign}{}p", trimmed_thousandths(pence.abs()))
}

fn trimmed_thousandths(value: f64) -> String {
    let milli = (value * 1000.0).round() as u64;
    let text = format!("{}.{:03}", milli / 1000, milli % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One line of a charges list.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ChargeItem {
    pub quantity: f64,
    pub unit_price: f64,
    pub plan: bool,
}

/// 'xN (£unit each)', only for an item that is not a plan and whose quantity is not 0 or 1.
pub fn quantity_suffix(item: &ChargeItem) -> Option<String> {
    if item.plan || item.quantity == 0.0 || item.quantity == 1.0 {
        return None;
    }
    Some(format!("x{} ({} each)", trimmed_thousandths(item.quantity), format_price(item.unit_price)))
}

/// Money in the '0,0.00' format: thousands separated by commas, always two decimals.
pub fn format_money(pounds: f64) -> String {
    let pence = (pounds.abs() * 100.0).round() as u64;
    let whole = (pence / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let sign = if pounds < 0.0 && pence > 0 { "-" } else { "" };
    format!("{sign}{grouped}.{:02}", pence % 100)
}

/// An amount of money as invoices and rewards show it: £1,234.50, and -£12.30 below zero.
pub fn format_pounds(pounds: f64) -> String {
    let text = format_money(pounds.abs());
    if pounds < 0.0 && text != "0.00" {
        format!("-£{text}")
    } else {
        format!("£{text}")
    }
}

/// The word for a billing frequency in months ('1', '3', '12', 'per_IVR'); the frequency id 5
/// means a one-off charge whatever the months say.
pub fn billing_frequency_word(months: &str, frequency_id: Option<u32>) -> String {
    if frequency_id == Some(5) {
        return "one-off".to_string();
    }
    match months.trim() {
        "1" => "month".to_string(),
        "3" => "quarter".to_string(),
        "12" => "year".to_string(),
        "per_IVR" => "IVR per month".to_string(),
        other => format!("{other} months"),
    }
}

/// A stored date (YYYY-MM-DD, optionally followed by a time) as dd/mm/yyyy; None if it is not
/// a date.
pub fn format_date(stored: &str) -> Option<String> {
    let date = stored.get(..10)?;
    let parts: Vec<&str> = date.split('-').collect();
    let [year, month, day] = parts.as_slice() else { return None };
    let all_digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !(all_digits(year, 4) && all_digits(month, 2) && all_digits(day, 2)) {
        return None;
    }
    let (m, d): (u32, u32) = (month.parse().ok()?, day.parse().ok()?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    Some(format!("{day}/{month}/{year}"))
}

/// A phone number as the account writes numbers. Numbers in the account's own country lose
/// the country code for the '0' format (441614960000 shows as 01614960000, 441000 as 01000).
pub fn format_number(number: &str, format: &NumberFormat) -> String {
    let digits: String = number.chars().filter(|c| c.is_ascii_digit()).collect();
    let country = format.country_code.to_string();
    let international = if let Some(rest) = digits.strip_prefix("00") {
        rest.to_string()
    } else if let Some(national) = digits.strip_prefix('0') {
        format!("{country}{national}")
    } else {
        digits
    };
    if international.is_empty() {
        return String::new();
    }
    match (format.prefix, international.strip_prefix(country.as_str())) {
        (NumberPrefix::Zero, Some(national)) if !national.is_empty() => format!("0{national}"),
        (NumberPrefix::Plus, _) => format!("+{international}"),
        (NumberPrefix::None, _) => international,
        _ => format!("00{international}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_show_up_to_three_decimals_with_trailing_zeros_trimmed() {
        assert_eq!(format_price(10.0), "£10");
        assert_eq!(format_price(10.5), "£10.5");
        assert_eq!(format_price(10.125), "£10.125");
        assert_eq!(format_price(0.12349), "£0.123");
        assert_eq!(format_price(0.0), "£0");
        assert_eq!(format_price(-2.5), "-£2.5");
    }

    #[test]
    fn pence_usage_prices_are_trimmed_too() {
        assert_eq!(format_pence(2.5), "2.5p");
        assert_eq!(format_pence(12.0), "12p");
        assert_eq!(format_pence(0.125), "0.125p");
    }

    #[test]
    fn the_each_suffix_shows_only_for_counted_non_plan_items() {
        let item = ChargeItem { quantity: 3.0, unit_price: 2.5, plan: false };
        assert_eq!(quantity_suffix(&item).as_deref(), Some("x3 (£2.5 each)"));
        assert_eq!(quantity_suffix(&ChargeItem { plan: true, ..item.clone() }), None);
        assert_eq!(quantity_suffix(&ChargeItem { quantity: 1.0, ..item.clone() }), None);
        assert_eq!(quantity_suffix(&ChargeItem { quantity: 0.0, ..item }), None);
    }

    #[test]
    fn money_uses_thousands_separators_and_two_decimals() {
        assert_eq!(format_money(0.0), "0.00");
        assert_eq!(format_money(1234.5), "1,234.50");
        assert_eq!(format_money(1234567.891), "1,234,567.89");
        assert_eq!(format_money(999.999), "1,000.00");
        assert_eq!(format_money(-12.3), "-12.30");
    }

    #[test]
    fn billing_frequencies_have_words() {
        assert_eq!(billing_frequency_word("1", None), "month");
        assert_eq!(billing_frequency_word("1", Some(5)), "one-off");
        assert_eq!(billing_frequency_word("3", None), "quarter");
        assert_eq!(billing_frequency_word("12", Some(3)), "year");
        assert_eq!(billing_frequency_word("per_IVR", None), "IVR per month");
        assert_eq!(billing_frequency_word("6", None), "6 months");
    }

    #[test]
    fn dates_show_as_day_month_year() {
        assert_eq!(format_date("2026-11-21").as_deref(), Some("21/11/2026"));
        assert_eq!(format_date("2026-01-05T09:30:00Z").as_deref(), Some("05/01/2026"));
        assert_eq!(format_date("21/11/2026"), None);
        assert_eq!(format_date("2026-13-01"), None);
        assert_eq!(format_date(""), None);
    }

    #[test]
    fn uk_numbers_show_with_a_leading_zero_by_default() {
        let uk = NumberFormat::default();
        assert_eq!(format_number("441614960000", &uk), "01614960000");
        assert_eq!(format_number("441000", &uk), "01000");
        assert_eq!(format_number("01614960000", &uk), "01614960000");
        assert_eq!(format_number("+44 161 496 0000", &uk), "01614960000");
    }

    #[test]
    fn other_prefix_options_write_the_country_code() {
        let with = |prefix| NumberFormat { country_code: 44, prefix };
        assert_eq!(format_number("441614960000", &with(NumberPrefix::Plus)), "+441614960000");
        assert_eq!(format_number("01614960000", &with(NumberPrefix::DoubleZero)), "00441614960000");
        assert_eq!(format_number("441614960000", &with(NumberPrefix::None)), "441614960000");
    }

    #[test]
    fn foreign_numbers_keep_their_country_code() {
        assert_eq!(format_number("0035312345678", &NumberFormat::default()), "0035312345678");
        assert_eq!(format_number("", &NumberFormat::default()), "");
    }
}
