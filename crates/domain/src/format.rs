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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

// One format per kind of time, everywhere a person reads one: a day "23/11/2026", a moment
// "23/11/2026 10:00 GMT" (in the account's zone, its abbreviation said), and how long ago
// something happened ("5 minutes ago"). A zone the tables do not know reads as UTC.

fn zoned(epoch_seconds: i64, zone: &str) -> Option<chrono::DateTime<chrono_tz::Tz>> {
    let zone: chrono_tz::Tz = zone.parse().unwrap_or(chrono_tz::Tz::UTC);
    chrono::DateTime::from_timestamp(epoch_seconds, 0).map(|instant| instant.with_timezone(&zone))
}

// Written out by hand rather than with chrono's `format`, whose pattern machinery would
// double the browser's first wasm module.
fn day_text(t: &chrono::DateTime<chrono_tz::Tz>) -> String {
    use chrono::Datelike;
    format!("{:02}/{:02}/{}", t.day(), t.month(), t.year())
}

/// The day of an instant (seconds since 1970) in the zone, as dd/mm/yyyy.
pub fn format_day_at(epoch_seconds: i64, zone: &str) -> String {
    zoned(epoch_seconds, zone).map(|t| day_text(&t)).unwrap_or_default()
}

/// An instant in the zone, as dd/mm/yyyy HH:MM and the zone's abbreviation.
pub fn format_date_time(epoch_seconds: i64, zone: &str) -> String {
    use chrono::{Offset, Timelike};
    use chrono_tz::OffsetName;
    zoned(epoch_seconds, zone)
        .map(|t| {
            let offset = t.offset();
            let name = offset.abbreviation().map_or_else(|| offset.fix().to_string(), str::to_string);
            format!("{} {:02}:{:02} {name}", day_text(&t), t.hour(), t.minute())
        })
        .unwrap_or_default()
}

/// How long before `now` an instant was, counted in the zone's days: "just now", "5 minutes
/// ago", "3 hours ago", "yesterday", "4 days ago"; a week or more before, and any time after
/// now, the moment itself (`format_date_time`).
pub fn format_relative(epoch_seconds: i64, now_seconds: i64, zone: &str) -> String {
    let seconds = now_seconds - epoch_seconds;
    let plural = |n: i64, unit: &str| format!("{n} {unit}{} ago", if n == 1 { "" } else { "s" });
    let days = match (zoned(epoch_seconds, zone), zoned(now_seconds, zone)) {
        (Some(then), Some(now)) => (now.date_naive() - then.date_naive()).num_days(),
        _ => return String::new(),
    };
    match seconds {
        s if s < 0 => format_date_time(epoch_seconds, zone),
        s if s < 60 => "just now".to_string(),
        s if s < 3600 => plural(s / 60, "minute"),
        s if s < 12 * 3600 || days == 0 => plural(s / 3600, "hour"),
        _ if days == 1 => "yesterday".to_string(),
        _ if days < 7 => format!("{days} days ago"),
        _ => format_date_time(epoch_seconds, zone),
    }
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

    // 2026-11-23 10:00 UTC (Monday), and 2026-07-15 09:30 UTC (British summer time).
    const MONDAY_10: i64 = 1_795_428_000;
    const JULY_15: i64 = 1_784_107_800;

    #[test]
    fn an_instant_reads_as_its_day_in_the_accounts_zone() {
        assert_eq!(format_day_at(MONDAY_10, "Europe/London"), "23/11/2026");
        assert_eq!(format_day_at(MONDAY_10 - 10 * 3600 - 1, "Europe/London"), "22/11/2026");
        assert_eq!(format_day_at(JULY_15 - 10 * 3600, "Europe/London"), "15/07/2026");
        assert_eq!(format_day_at(JULY_15 - 10 * 3600, "UTC"), "14/07/2026");
    }

    #[test]
    fn a_moment_reads_with_its_zone() {
        assert_eq!(format_date_time(MONDAY_10, "Europe/London"), "23/11/2026 10:00 GMT");
        assert_eq!(format_date_time(JULY_15, "Europe/London"), "15/07/2026 10:30 BST");
        assert_eq!(format_date_time(MONDAY_10, "Europe/Paris"), "23/11/2026 11:00 CET");
        assert_eq!(format_date_time(MONDAY_10, "Mars/Olympus"), "23/11/2026 10:00 UTC");
    }

    #[test]
    fn a_relative_time_counts_minutes_hours_then_days() {
        let ago = |seconds: i64| format_relative(MONDAY_10 - seconds, MONDAY_10, "Europe/London");
        assert_eq!(ago(0), "just now");
        assert_eq!(ago(59), "just now");
        assert_eq!(ago(60), "1 minute ago");
        assert_eq!(ago(59 * 60), "59 minutes ago");
        assert_eq!(ago(3600), "1 hour ago");
        assert_eq!(ago(9 * 3600 + 59 * 60), "9 hours ago");
        assert_eq!(ago(11 * 3600), "11 hours ago");
        assert_eq!(ago(12 * 3600), "yesterday");
        assert_eq!(ago(34 * 3600), "yesterday");
        assert_eq!(ago(35 * 3600), "2 days ago");
        assert_eq!(ago(6 * 86400), "6 days ago");
        assert_eq!(ago(7 * 86400), "16/11/2026 10:00 GMT");
        assert_eq!(ago(-60), "23/11/2026 10:01 GMT");
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
