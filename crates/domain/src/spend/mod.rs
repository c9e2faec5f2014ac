//! Ad spend: what an account spent on a source, campaign or number each day, entered by hand a month
//! at a time or imported from the ad platforms it connects, and what each call cost
//! (`cost`). Days are the account's local days, YYYY-MM-DD.

pub mod cost;
pub mod import;

use chrono::{Datelike, Months, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::money::{parse_pence, PenceError};
use crate::FieldErrors;

pub use cost::{cost_line, cost_lines, CostFacts, CostLine, CostRow};
pub use import::{
    checked_line, click_to_resolve, import_window, import_words, spend_pair, ImportState, IMPORT_DAYS, IMPORT_LINES_MAX,
};

/// At most this much spend a day on one source and campaign: £1,000,000.00.
pub const DAY_MAX_PENCE: i64 = 100_000_000;
pub const AMOUNT_INVALID: &str = "Enter an amount in pounds, like 12.50.";
pub const AMOUNT_NEGATIVE: &str = "Spend cannot be negative.";
pub const AMOUNT_TOO_LARGE: &str = "Spend cannot be more than £1,000,000.00 a day.";
pub const MONTH_INVALID: &str = "Choose a month, like 2026-11.";
pub const SPEND_ON_REQUIRED: &str = "Choose a source / medium, a campaign or a number the spend was on.";
/// The months back a table may be entered for, and ahead (none).
pub const MONTHS_BACK_MAX: u32 = 25;

/// Where spend came from.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SpendOrigin {
    /// Entered on the Ad spend page.
    Manual,
    /// Imported from a connected ad platform (its integration's identifier).
    GoogleAds,
    MicrosoftAds,
    MetaAds,
}

impl SpendOrigin {
    pub fn key(self) -> &'static str {
        match self {
            SpendOrigin::Manual => "manual",
            SpendOrigin::GoogleAds => "google_ads",
            SpendOrigin::MicrosoftAds => "microsoft_ads",
            SpendOrigin::MetaAds => "meta_ads",
        }
    }

    pub fn from_key(key: &str) -> Option<SpendOrigin> {
        [SpendOrigin::Manual, SpendOrigin::GoogleAds, SpendOrigin::MicrosoftAds, SpendOrigin::MetaAds]
            .into_iter()
            .find(|o| o.key() == key)
    }

    /// "Entered by hand", "Imported from Google Ads".
    pub fn label(self) -> &'static str {
        match self {
            SpendOrigin::Manual => "Entered by hand",
            SpendOrigin::GoogleAds => "Imported from Google Ads",
            SpendOrigin::MicrosoftAds => "Imported from Microsoft Ads",
            SpendOrigin::MetaAds => "Imported from Meta Ads",
        }
    }
}

/// The first day of a month given as YYYY-MM, within `MONTHS_BACK_MAX` months before `today`'s
/// month and not after it.
pub fn parse_month(month: &str, today: &str) -> Result<NaiveDate, String> {
    let first = NaiveDate::parse_from_str(&format!("{}-01", month.trim()), "%Y-%m-%d").map_err(|_| MONTH_INVALID)?;
    let today = NaiveDate::parse_from_str(today, "%Y-%m-%d").map_err(|_| MONTH_INVALID)?;
    let this_month = today.with_day(1).ok_or(MONTH_INVALID)?;
    let earliest = this_month.checked_sub_months(Months::new(MONTHS_BACK_MAX)).ok_or(MONTH_INVALID)?;
    if first > this_month {
        return Err("Spend can be entered for this month and the months before it.".to_string());
    }
    if first < earliest {
        return Err(format!("Spend can be entered for the last {MONTHS_BACK_MAX} months."));
    }
    Ok(first)
}

/// Every day of the month starting `first`, YYYY-MM-DD.
pub fn month_days(first: NaiveDate) -> Vec<String> {
    first.iter_days().take_while(|d| d.month() == first.month()).map(|d| d.format("%Y-%m-%d").to_string()).collect()
}

/// "November 2026".
pub fn month_label(first: NaiveDate) -> String {
    first.format("%B %Y").to_string()
}

/// A month's table as posted: one amount a day of the month ('' none), for one line: a source
/// / medium, a campaign, a number (a static number or a pool: what a radio advert or a van
/// livery printed cost), or several of them. Each cost breakdown reads the spend of its own
/// choice, so a number's spend shows on the costs by number.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SpendMonthForm {
    /// YYYY-MM.
    pub month: String,
    pub source_medium_id: Option<i64>,
    pub campaign_id: Option<i64>,
    pub routing_entry_id: Option<i64>,
    /// Pounds, one a day of the month in order.
    pub amounts: Vec<String>,
}

/// A day's amount, or the message of why it is not one.
pub fn parse_day_amount(text: &str) -> Result<Option<i64>, &'static str> {
    match parse_pence(text) {
        Ok(Some(pence)) if pence > DAY_MAX_PENCE => Err(AMOUNT_TOO_LARGE),
        Ok(amount) => Ok(amount),
        Err(PenceError::Negative) => Err(AMOUNT_NEGATIVE),
        Err(PenceError::NotAnAmount) => Err(AMOUNT_INVALID),
    }
}

/// The days with spend of a month's table, (day, pence), or each field's message: `month`,
/// `sourceMediumId` (a source, a campaign or a number is needed), and `amounts.N` for the day at N.
pub fn parse_month_form(form: &SpendMonthForm, today: &str) -> Result<Vec<(String, i64)>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let first = match parse_month(&form.month, today) {
        Ok(first) => Some(first),
        Err(message) => {
            errors.add("month", message);
            None
        }
    };
    if form.source_medium_id.is_none() && form.campaign_id.is_none() && form.routing_entry_id.is_none() {
        errors.add("sourceMediumId", SPEND_ON_REQUIRED);
    }
    let days = first.map(month_days).unwrap_or_default();
    if first.is_some() && form.amounts.len() != days.len() {
        errors.add("amounts", format!("Give one amount for each of the month's {} days.", days.len()));
    }
    let mut spent = Vec::new();
    for (i, text) in form.amounts.iter().enumerate().take(days.len()) {
        match parse_day_amount(text) {
            Ok(Some(pence)) if pence > 0 => spent.push((days[i].clone(), pence)),
            Ok(_) => {}
            Err(message) => errors.add(format!("amounts.{i}"), message),
        }
    }
    if errors.is_empty() {
        Ok(spent)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests;
