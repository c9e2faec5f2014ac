//! Conversions (/conversions): conversion actions sent to the connected ad platforms
//! (Google Ads, Microsoft Ads, Meta), modelled on CallRail's Google Ads conversion settings and
//! offline call conversion uploads. The action's form and which calls count (`action`), what an
//! upload carries (`upload`: the caller in E.164, the call's time as Google's offline import
//! writes it, the click id, consent) and when a failed upload is tried again (`retry`).

pub mod action;
pub mod upload;

pub use action::{
    call_counts, parse_conversion, ConversionAction, ConversionCall, ConversionForm, Platform, DURATION_RANGE,
    MIN_DURATION_DEFAULT, MIN_DURATION_MAX, NAME_MAX, NAME_NOT_UNIQUE, NAME_REQUIRED, NAME_TOO_LONG, PLATFORM_CHOICE,
    TAG_CHOICE, VALUE_FORMAT, VALUE_MAX_PENCE, VALUE_POUNDS_DIGITS, VALUE_RANGE,
};
pub use upload::{
    e164, from_platform, google_call_time, next_attempt, status_words, upload_content, Consent, GiveUp, UploadContent,
    UploadFacts, UploadStatus, CLICK_WINDOW_DAYS, CONSENT_DENIED, CURRENCY, MAX_ATTEMPTS, RETRY_HOURS,
};

use crate::account::AccountState;

/// Who opens /conversions: the menu's rule (conversions access, the Dynamic menu) and the guard.
pub fn opens_conversions(account: &AccountState) -> bool {
    crate::menu::menu_page_opens("/conversions", account)
}

/// Who adds, edits and deletes conversion actions: a user of /conversions who is an
/// administrator or owner, or has the number/campaign admin right (as tags and sources).
pub fn can_edit_conversions(account: &AccountState) -> bool {
    opens_conversions(account) && crate::numbers::can_edit_numbers(account)
}

/// The delete confirmation, with the uploads its log holds.
pub fn delete_question(name: &str, uploads: i64) -> String {
    match uploads {
        0 => format!("Delete the conversion '{name}'? Nothing has been sent for it."),
        1 => format!("Delete the conversion '{name}'? Its log of 1 upload goes with it; what was sent stays sent."),
        n => format!("Delete the conversion '{name}'? Its log of {n} uploads goes with it; what was sent stays sent."),
    }
}

/// The warning of an action whose platform is not connected.
pub fn not_connected(platform: Platform) -> String {
    format!("{} is not connected", platform.label())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_delete_question_counts_the_log() {
        assert_eq!(
            delete_question("Paid calls", 0),
            "Delete the conversion 'Paid calls'? Nothing has been sent for it."
        );
        assert!(delete_question("Paid calls", 1).contains("log of 1 upload goes"));
        assert!(delete_question("Paid calls", 12).contains("log of 12 uploads goes"));
    }

    #[test]
    fn the_warning_names_the_platform() {
        assert_eq!(not_connected(Platform::GoogleAds), "Google Ads is not connected");
        assert_eq!(not_connected(Platform::MetaAds), "Meta Ads is not connected");
    }
}
