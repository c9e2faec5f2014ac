//! Spend imported from the ad platforms the account connects (Google Ads, Microsoft Ads, Meta
//! Ads): which source / medium a platform's spend is on, how far back an import reaches, and
//! the import's state in words.

use serde::{Deserialize, Serialize};

use crate::conversions::Platform;
use crate::format_date_time;

/// An import reads the platform's spend of the last this many days (a platform corrects its
/// figures for days after a click, so each import reads them again).
pub const IMPORT_DAYS: i64 = 30;

/// The source / medium a platform's spend is on: its paid traffic, as the account's source
/// rules name it ("google / cpc", "bing / cpc", "facebook / paid_social").
pub fn spend_pair(platform: Platform) -> (&'static str, &'static str) {
    match platform {
        Platform::GoogleAds => ("google", "cpc"),
        Platform::MicrosoftAds => ("bing", "cpc"),
        Platform::MetaAds => ("facebook", "paid_social"),
    }
}

/// Where a platform's import stands.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "state")]
pub enum ImportState {
    /// The account has not connected the platform.
    NotConnected,
    /// Connected, not imported yet.
    Waiting,
    /// The last import worked: when, how many days of spend it read and what they add up to.
    Imported { at: i64, days: i64, total_pence: i64 },
    /// The last import failed; the one before (if any) still stands.
    Failed { at: i64, reason: String, retry_at: i64 },
}

/// The state in words, times in the account's zone.
pub fn import_words(platform: Platform, state: &ImportState, zone: &str) -> String {
    let name = platform.label();
    match state {
        ImportState::NotConnected => {
            format!("Not connected: connect {name} on its integration page to import its spend every day.")
        }
        ImportState::Waiting => format!("Connected: the first import of {name} spend runs within the hour."),
        ImportState::Imported { at, days, total_pence } => format!(
            "Imported {}: {} spent {} over the last {days} days.",
            format_date_time(*at, zone),
            name,
            crate::billing::invoice::pounds_text(*total_pence)
        ),
        ImportState::Failed { at, reason, retry_at } => format!(
            "The import at {} failed ({reason}). It is tried again at {}; the spend imported before stays.",
            format_date_time(*at, zone),
            format_date_time(*retry_at, zone)
        ),
    }
}

/// The platform's click id of a call's visit ("gclid=Cj0…" as stored, or the landing page's
/// parameter) when the visit named no campaign of its own (`reports::credit::visit_campaign`):
/// such a call takes the campaign the platform's click report gives the click.
pub fn click_to_resolve(platform: Platform, click_id: &str, landing_page: &str) -> Option<String> {
    if crate::reports::credit::visit_campaign(landing_page).is_some() {
        return None;
    }
    let facts = crate::conversions::UploadFacts {
        click_id: click_id.to_string(),
        landing_page: landing_page.to_string(),
        ..Default::default()
    };
    crate::conversions::upload::click_id(platform, &facts).filter(|click| !click.trim().is_empty())
}

/// An import reads at most this many lines (a day and campaign each) from a platform.
pub const IMPORT_LINES_MAX: usize = 20_000;

/// The days an import on `today` (YYYY-MM-DD, the account's) reads: the `IMPORT_DAYS` to today.
pub fn import_window(today: &str) -> Option<(String, String)> {
    let last = chrono::NaiveDate::parse_from_str(today, "%Y-%m-%d").ok()?;
    let first = last.checked_sub_days(chrono::Days::new(IMPORT_DAYS as u64 - 1))?;
    Some((first.format("%Y-%m-%d").to_string(), today.to_string()))
}

/// A line a platform sent, checked: its day within the window, its campaign named (within a
/// campaign's length) and its cost from nothing to a day's most. None for a line to leave out.
pub fn checked_line(line: (&str, &str, i64), (first, last): (&str, &str)) -> Option<(String, String, i64)> {
    let (day, campaign, pence) = line;
    let in_window = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").is_ok() && day >= first && day <= last;
    let campaign: String = campaign.trim().chars().take(crate::reports::credit::CAMPAIGN_NAME_MAX).collect();
    (in_window && (1..=super::DAY_MAX_PENCE).contains(&pence))
        .then(|| (day.to_string(), campaign.trim().to_string(), pence))
}
