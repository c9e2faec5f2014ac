//! Sales matched to calls (/tracksales): how a sale finds the call that led to it (the
//! caller's number within the chosen days before the sale, or the call's id given with the
//! sale), and whom it is credited to: the call's source / medium and campaign, or, for a call-back
//! of a missed call, the missed call's (a missed call that is called back still counts).
//! The server matches with these when it stores a sale; the page's settings are checked here.

pub mod import;

use serde::{Deserialize, Serialize};

use crate::account::AccountState;
pub use crate::reports::credit::{credit_of, Credit};
use crate::validation::FieldErrors;

/// The days before a sale its caller's call may be (the default, and the bounds).
pub const MATCH_DAYS_DEFAULT: i64 = 30;
pub const MATCH_DAYS_MIN: i64 = 1;
pub const MATCH_DAYS_MAX: i64 = 90;
const DAY: i64 = 24 * 60 * 60;

pub const MATCH_BY_CHOICE: &str = "Choose how a sale is matched to a call.";
pub const MATCH_DAYS_MESSAGE: &str = "Days must be a whole number from 1 to 90.";

/// How a sale is matched to a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum MatchBy {
    /// The latest call from the sale's phone number within the days before it.
    CallerNumber,
    /// The call's id, given with the sale (as a CRM that stored it sends it).
    CallId,
}

impl MatchBy {
    pub const ALL: [MatchBy; 2] = [MatchBy::CallerNumber, MatchBy::CallId];

    pub fn key(self) -> &'static str {
        match self {
            MatchBy::CallerNumber => "callerNumber",
            MatchBy::CallId => "callId",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            MatchBy::CallerNumber => "The caller's number, within the days before the sale",
            MatchBy::CallId => "The call's id, given with the sale",
        }
    }

    pub fn from_key(key: &str) -> Option<MatchBy> {
        MatchBy::ALL.into_iter().find(|m| m.key() == key)
    }
}

/// The settings as posted: form_match_by, form_match_days.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct MatchForm {
    pub match_by: String,
    pub match_days: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchSettings {
    pub match_by: MatchBy,
    pub match_days: i64,
}

impl Default for MatchSettings {
    fn default() -> Self {
        MatchSettings { match_by: MatchBy::CallerNumber, match_days: MATCH_DAYS_DEFAULT }
    }
}

pub fn parse_match_form(form: &MatchForm) -> Result<MatchSettings, FieldErrors> {
    let mut errors = FieldErrors::new();
    let match_by = MatchBy::from_key(form.match_by.trim());
    if match_by.is_none() {
        errors.add("form_match_by", MATCH_BY_CHOICE);
    }
    let days = form.match_days.trim().parse::<i64>().ok().filter(|d| (MATCH_DAYS_MIN..=MATCH_DAYS_MAX).contains(d));
    if days.is_none() {
        errors.add("form_match_days", MATCH_DAYS_MESSAGE);
    }
    errors.into_result()?;
    Ok(MatchSettings {
        match_by: match_by.unwrap_or(MatchBy::CallerNumber),
        match_days: days.unwrap_or(MATCH_DAYS_DEFAULT),
    })
}

/// The settings form's errors (none when valid), for the browser.
pub fn validate_match_form(form: &MatchForm) -> FieldErrors {
    parse_match_form(form).err().unwrap_or_default()
}

/// A sale as matching reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SaleFacts {
    /// National digits ('07700900123'), '' when none.
    pub phone: String,
    pub sold_at: i64,
    /// A call id given with the sale, when there is one.
    pub call_id: Option<i64>,
}

/// An inbound call of the account a sale may match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CandidateCall {
    pub id: i64,
    /// National digits as stored; '' withheld.
    pub caller: String,
    pub started_at: i64,
}

/// The call a sale is matched to: by the caller's number, the latest call from that number at
/// most `match_days` days before the sale (a call after the sale did not lead to it; a withheld
/// caller matches nothing); by call id, that call when it is one of `calls`.
pub fn match_sale(sale: &SaleFacts, calls: &[CandidateCall], settings: &MatchSettings) -> Option<i64> {
    match settings.match_by {
        MatchBy::CallId => sale.call_id.filter(|id| calls.iter().any(|c| c.id == *id)),
        MatchBy::CallerNumber => {
            if sale.phone.is_empty() {
                return None;
            }
            let earliest = sale.sold_at.saturating_sub(settings.match_days.saturating_mul(DAY));
            calls
                .iter()
                .filter(|c| c.caller == sale.phone && (earliest..=sale.sold_at).contains(&c.started_at))
                .max_by_key(|c| (c.started_at, c.id))
                .map(|c| c.id)
        }
    }
}

/// The share of sales matched to a call, whole percent; None without sales.
pub fn match_rate(matched: i64, sales: i64) -> Option<i64> {
    (sales > 0).then(|| (matched.clamp(0, sales) * 100 + sales / 2) / sales)
}

/// Whether the Track Sales page opens for the user (its menu item).
pub fn opens_track_sales(account: &AccountState) -> bool {
    crate::menu::menu_page_opens("/tracksales", account)
}

/// Who changes how sales are matched: a user of the page who is an administrator or owner.
pub fn can_edit_matching(account: &AccountState) -> bool {
    opens_track_sales(account) && account.user_auth_code >= 20
}

#[cfg(test)]
mod tests;
