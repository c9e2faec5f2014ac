//! The tracking script's two calls, as the server reads them: a page view on a
//! customer's website asks which pool number to show the visitor (and so starts or continues a
//! visit, classified by `sources::classify` with the visitor's first touch), and a click on a
//! call-to-action is recorded against the visit. Everything the script sends is bounded here
//! before the server uses it.

mod numbers;
mod site;

use serde::{Deserialize, Serialize};

pub use numbers::{
    choose_number, choose_number_for_address, continues_visit, pick_number, replace_pattern, shown_number,
    AddressChoice, NumberAssignment, PoolChoice, ShownNumber, ADDRESS_HOLDS_MAX, SESSION_MINUTES,
};
pub use site::{is_bot, on_site, visit_marks, VisitMarks};

use crate::validation::FieldErrors;

/// Longest page address or referrer stored (longer ones are cut: a visitor still gets a number).
pub const URL_MAX: usize = 2_000;
/// A dynamic URL's reference (`data-vcam`) is at most this long.
pub const REFERENCE_MAX: usize = 64;
/// A visitor id the script keeps: 16 to 64 of `A-Z a-z 0-9 - _` (the server mints 22).
pub const VISITOR_ID_MIN: usize = 16;
pub const VISITOR_ID_MAX: usize = 64;
/// Clicks one visit may record (a script gone wrong, or a hostile one, cannot flood the table).
pub const CLICKS_PER_VISIT_MAX: i64 = 50;
/// Longest user agent read (for the bots filter).
pub const USER_AGENT_MAX: usize = 512;

pub const PAGE_NOT_WEB: &str = "The page address must start with http:// or https://.";
pub const PAGE_NOT_ON_SITE: &str = "This page is not on the dynamic URL's website.";
pub const TOO_MANY_CLICKS: &str = "This visit has recorded the most clicks it may.";
pub const CTA_NOT_ON_PAGE: &str = "This call-to-action does not apply on this page.";

/// A page view as the script reports it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PageView {
    /// The dynamic URL's reference, from the snippet's `data-vcam`.
    pub reference: String,
    /// The id the script kept from an earlier answer ('' the first time).
    pub visitor_id: String,
    /// `location.href`.
    pub page: String,
    /// `document.referrer`.
    pub referrer: String,
    /// The site's consent banner's ad_user_data answer: 'granted', 'denied' or ''.
    pub consent: String,
}

/// Whether a visitor id is one the server could have minted (anything else starts a new visitor).
pub fn valid_visitor_id(id: &str) -> bool {
    (VISITOR_ID_MIN..=VISITOR_ID_MAX).contains(&id.len())
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `text` cut to at most `max` bytes, at a character boundary, and trimmed.
pub fn clip(text: &str, max: usize) -> &str {
    let text = text.trim();
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// The page view's problems before anything is stored: the page must be a web page on the
/// dynamic URL's site (`site_url`).
pub fn check_page_view(view: &PageView, site_url: &str) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let page = clip(&view.page, URL_MAX).to_ascii_lowercase();
    if !(page.starts_with("http://") || page.starts_with("https://")) {
        errors.add("page", PAGE_NOT_WEB);
    } else if !on_site(site_url, &view.page) {
        errors.add("page", PAGE_NOT_ON_SITE);
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_visitor_id_is_16_to_64_url_safe_characters() {
        assert!(valid_visitor_id("abcdefghijklmnop"));
        assert!(valid_visitor_id("Ab-_0123456789xyzXYZ12"));
        assert!(valid_visitor_id(&"a".repeat(64)));
        assert!(!valid_visitor_id(&"a".repeat(65)));
        assert!(!valid_visitor_id("abcdefghijklmno"));
        assert!(!valid_visitor_id("abcdefghijklmnop "));
        assert!(!valid_visitor_id("abcdefgh/ijklmnop"));
        assert!(!valid_visitor_id("ąbcdefghijklmnop"));
        assert!(!valid_visitor_id(""));
    }

    #[test]
    fn clip_cuts_at_a_character_boundary() {
        assert_eq!(clip("  abc  ", 10), "abc");
        assert_eq!(clip("abcdef", 3), "abc");
        // 'é' is two bytes: cutting inside it keeps the character out.
        assert_eq!(clip("aé", 2), "a");
        assert_eq!(clip("", 0), "");
    }

    #[test]
    fn a_page_view_must_be_a_web_page_on_the_site() {
        let view = |page: &str| PageView { page: page.into(), ..PageView::default() };
        let site = "https://www.harbourlanedental.co.uk/";
        assert!(check_page_view(&view("https://www.harbourlanedental.co.uk/implants?x=1"), site).is_empty());
        assert!(check_page_view(&view("HTTP://harbourlanedental.co.uk/"), site).is_empty());
        assert_eq!(check_page_view(&view("file:///etc/passwd"), site).get("page"), Some(PAGE_NOT_WEB));
        assert_eq!(check_page_view(&view(""), site).get("page"), Some(PAGE_NOT_WEB));
        assert_eq!(check_page_view(&view("https://evil.example/"), site).get("page"), Some(PAGE_NOT_ON_SITE));
    }
}
