//! Where a page view comes from: the dynamic URL's website (or not), a browser (or a bot), and
//! what its address marks it with (a search term, an ad click id).

use crate::sources::parse_landing;
use crate::sources::rules::CLICK_IDS;

use super::{clip, USER_AGENT_MAX};

/// Longest search term or click id stored.
const MARK_MAX: usize = 200;

/// What crawlers, link previews and scripted clients put in their user agent (lower case).
const BOT_MARKS: &[&str] = &[
    "bot",
    "crawler",
    "spider",
    "slurp",
    "facebookexternalhit",
    "lighthouse",
    "pagespeed",
    "preview",
    "curl/",
    "wget/",
    "python-requests",
    "go-http-client",
    "java/",
];

/// Whether a page (an absolute URL) is on the dynamic URL's website: the same host ('www.' and
/// the port aside) or one below it (a site of 'example.co.uk' covers 'book.example.co.uk').
pub fn on_site(site_url: &str, page: &str) -> bool {
    let site = parse_landing(site_url).host;
    let host = parse_landing(page).host;
    !site.is_empty()
        && !host.is_empty()
        && (host == site || host.strip_suffix(site.as_str()).is_some_and(|head| head.ends_with('.')))
}

/// Whether a user agent is a crawler's or a script's, not a visitor's browser (the dynamic URL's
/// bots filter gives these no number and stores no visit). No user agent at all is a bot's.
pub fn is_bot(user_agent: &str) -> bool {
    let agent = clip(user_agent, USER_AGENT_MAX).to_ascii_lowercase();
    agent.is_empty() || BOT_MARKS.iter().any(|mark| agent.contains(mark))
}

/// What a visit's landing page marks it with, as visits store them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VisitMarks {
    /// The paid search term (`utm_term`), '' when none.
    pub keyword: String,
    /// The first ad click id present, as 'gclid=…'; '' when none.
    pub click_id: String,
}

pub fn visit_marks(page: &str) -> VisitMarks {
    let landing = parse_landing(page);
    let keyword = clip(landing.param("utm_term").unwrap_or(""), MARK_MAX).to_string();
    let click_id = CLICK_IDS
        .iter()
        .find_map(|name| landing.param(name).filter(|v| !v.is_empty()).map(|v| format!("{name}={}", clip(v, MARK_MAX))))
        .unwrap_or_default();
    VisitMarks { keyword, click_id }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_on_the_site_on_its_host_or_below_it() {
        let site = "https://www.harbourlanedental.co.uk/";
        assert!(on_site(site, "https://harbourlanedental.co.uk/prices"));
        assert!(on_site(site, "http://www.harbourlanedental.co.uk:8080/"));
        assert!(on_site(site, "https://book.harbourlanedental.co.uk/slots?day=1"));
        assert!(!on_site(site, "https://notharbourlanedental.co.uk/"));
        assert!(!on_site(site, "https://harbourlanedental.co.uk.evil.example/"));
        // As a browser reads them: a backslash ends the host, tabs and line breaks are dropped.
        assert!(!on_site(site, "https://evil.example\\@harbourlanedental.co.uk/"));
        assert!(!on_site(site, "https://evil.example\\@www.harbourlanedental.co.uk/offers"));
        assert!(!on_site(site, "//evil.example\\@harbourlanedental.co.uk/"));
        assert!(on_site(site, "https://harbour\tlanedental.co.uk\\offers"));
        assert!(on_site(site, " https://user@harbourlanedental.co.uk/ "));
        assert!(!on_site("http://implants.harbourlanedental.co.uk/", "https://www.harbourlanedental.co.uk/"));
        assert!(!on_site("", "https://harbourlanedental.co.uk/"));
        assert!(!on_site(site, "/prices"));
    }

    #[test]
    fn crawlers_and_scripts_are_bots_browsers_are_not() {
        let chrome =
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
        assert!(!is_bot(chrome));
        assert!(!is_bot("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1"));
        assert!(is_bot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"));
        assert!(is_bot("Mozilla/5.0 (compatible; bingbot/2.0)"));
        assert!(is_bot("facebookexternalhit/1.1"));
        assert!(is_bot("curl/8.5.0"));
        assert!(is_bot(""));
        assert!(is_bot("   "));
        // Only the first 512 bytes are read.
        assert!(!is_bot(&format!("{}bot", "a".repeat(USER_AGENT_MAX))));
    }

    #[test]
    fn the_search_term_and_the_first_click_id_mark_a_visit() {
        let marks = visit_marks("https://x.test/?utm_term=dental+implants&msclkid=abc&gclid=Cj0");
        assert_eq!(marks.keyword, "dental implants");
        assert_eq!(marks.click_id, "gclid=Cj0");
        assert_eq!(visit_marks("https://x.test/?fbclid=IwAR1").click_id, "fbclid=IwAR1");
        assert_eq!(visit_marks("https://x.test/?gclid="), VisitMarks::default());
        let long = visit_marks(&format!("https://x.test/?utm_term={}", "k".repeat(500)));
        assert_eq!(long.keyword.len(), MARK_MAX);
    }
}
