//! What buying a static number or a pool will cost, told on the form before its Buy button
//!: included in the plan, or the price and when billing starts.

use chrono::{DateTime, Datelike};
use chrono_tz::Tz;

use crate::format::{format_date, format_price};
use crate::time::parse_zone;

/// What the purchase is and what the plan leaves of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberPurchase<'a> {
    /// 'static number' or 'pool', as the sentence names one.
    pub what: &'a str,
    /// How many the plan includes (0: none at all, which is not "all in use").
    pub included_in_plan: i64,
    /// How many more the plan includes (0 or less: all in use).
    pub left_in_plan: i64,
    /// The catalogue price of one beyond the plan, in pence.
    pub price_pence: i64,
    /// 'month', 'quarter', ... (`billing_frequency_word`).
    pub frequency_word: &'a str,
    pub minimum_term_months: i64,
}

/// The note: whether the plan covers it, and the sentence the form shows.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseNote {
    pub included: bool,
    pub text: String,
}

fn plural(count: i64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// The first day of the month after `now`'s in the account's zone, as dd/mm/yyyy: the date of
/// the invoice that first charges what is bought now (invoices are dated the day after their month).
pub fn first_invoice_date(now: i64, time_zone: &str) -> Result<String, String> {
    let zone: Tz = parse_zone(time_zone)?;
    let local = DateTime::from_timestamp(now, 0).ok_or("The time is out of range.")?.with_timezone(&zone);
    let (year, month) = if local.month() == 12 { (local.year() + 1, 1) } else { (local.year(), local.month() + 1) };
    format_date(&format!("{year:04}-{month:02}-01")).ok_or_else(|| "The date is out of range.".to_string())
}

/// 'Included in your plan: 3 static numbers left, so this one costs nothing extra.', or, once the
/// plan's are all in use, the price, the minimum term and the invoice that first charges it.
pub fn number_purchase_note(purchase: &NumberPurchase, now: i64, time_zone: &str) -> Result<PurchaseNote, String> {
    let NumberPurchase { what, included_in_plan, left_in_plan, price_pence, frequency_word, minimum_term_months } =
        *purchase;
    if left_in_plan > 0 {
        return Ok(PurchaseNote {
            included: true,
            text: format!(
                "Included in your plan: {} left, so this one costs nothing extra. Calls are charged at your plan's rates.",
                plural(left_in_plan, what)
            ),
        });
    }
    let first_invoice = first_invoice_date(now, time_zone)?;
    Ok(PurchaseNote {
        included: false,
        text: format!(
            "{}: this one costs {} per {frequency_word}, for at least {}. \
             Billing starts when you buy it; the first charge is on your invoice of {first_invoice}.",
            if included_in_plan > 0 {
                format!("Your plan's {what}s are all in use")
            } else {
                format!("Your plan includes no {what}s")
            },
            // A unit price: the spec's price rule, as the price dialog and the catalogue write it.
            format_price(price_pence as f64 / 100.0),
            plural(minimum_term_months.max(1), "month"),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONDON: &str = "Europe/London";
    /// Monday 2026-11-23 10:00 UTC.
    const NOV_23: i64 = 1_795_428_000;

    fn static_number(left_in_plan: i64) -> NumberPurchase<'static> {
        NumberPurchase {
            what: "static number",
            included_in_plan: 10,
            left_in_plan,
            price_pence: 200,
            frequency_word: "month",
            minimum_term_months: 1,
        }
    }

    #[test]
    fn within_the_allowance_the_number_is_included() {
        let note = number_purchase_note(&static_number(3), NOV_23, LONDON).unwrap();
        assert!(note.included);
        assert_eq!(
            note.text,
            "Included in your plan: 3 static numbers left, so this one costs nothing extra. Calls are charged at your plan's rates."
        );
        assert!(number_purchase_note(&static_number(1), NOV_23, LONDON)
            .unwrap()
            .text
            .contains(": 1 static number left,"));
    }

    #[test]
    fn beyond_the_allowance_it_says_the_price_and_the_first_invoice() {
        for left in [0, -5] {
            let note = number_purchase_note(&static_number(left), NOV_23, LONDON).unwrap();
            assert!(!note.included);
            assert_eq!(
                note.text,
                "Your plan's static numbers are all in use: this one costs £2 per month, for at least 1 month. \
                 Billing starts when you buy it; the first charge is on your invoice of 01/12/2026."
            );
        }
        let pool = NumberPurchase {
            what: "pool",
            included_in_plan: 15,
            left_in_plan: 0,
            price_pence: 2_500,
            frequency_word: "quarter",
            minimum_term_months: 12,
        };
        let text = number_purchase_note(&pool, NOV_23, LONDON).unwrap().text;
        assert!(text
            .starts_with("Your plan's pools are all in use: this one costs £25 per quarter, for at least 12 months."));
    }

    #[test]
    fn a_plan_that_includes_none_says_so_rather_than_all_in_use() {
        let none = NumberPurchase { included_in_plan: 0, left_in_plan: 0, ..static_number(0) };
        let text = number_purchase_note(&none, NOV_23, LONDON).unwrap().text;
        assert!(text.starts_with("Your plan includes no static numbers: this one costs £2 per month"), "{text}");
        assert!(!text.contains("all in use"));
    }

    #[test]
    fn the_first_invoice_is_the_first_of_the_next_month_in_the_accounts_zone() {
        // 31 December 23:30 UTC is still December in London, already January in Paris.
        let new_years_eve = 1_798_759_800; // 2026-12-31T23:30:00Z
        assert_eq!(first_invoice_date(new_years_eve, LONDON).unwrap(), "01/01/2027");
        assert_eq!(first_invoice_date(new_years_eve, "Europe/Paris").unwrap(), "01/02/2027");
        // 30 June 23:30 UTC is 1 July 00:30 BST: July's purchase, August's invoice.
        assert_eq!(first_invoice_date(1_782_862_200, LONDON).unwrap(), "01/08/2026");
        assert_eq!(first_invoice_date(1_782_862_200, "UTC").unwrap(), "01/07/2026");
        assert!(first_invoice_date(NOV_23, "Mars/Olympus").is_err());
    }
}
