//! What the website check looks for in a dynamic URL's page: our tracking script (present, and
//! set up for this dynamic URL) and the tags of the marketing tools the overview integrates with
//! (spec: the Wech* fields of the website-check job).

use serde::{Deserialize, Serialize};

/// The path our tracking script is served at; a page includes it with the dynamic URL's
/// reference in `data-vcam` (see `tracking_snippet`).
pub const TRACKING_SCRIPT_PATH: &str = "/tracking/mhct.js";

/// The snippet a customer puts on their website for one dynamic URL. The script is always asked
/// for over https (a site on https refuses a script over http), whatever address the admin area
/// was opened at behind its proxy; only this machine itself (localhost, 127.0.0.1) keeps http,
/// for development.
pub fn tracking_snippet(origin: &str, reference: &str) -> String {
    format!(
        r#"<script async src="{}{TRACKING_SCRIPT_PATH}" data-vcam="{reference}"></script>"#,
        script_origin(origin.trim_end_matches('/'))
    )
}

fn script_origin(origin: &str) -> String {
    let Some(host) = origin.strip_prefix("http://") else { return origin.to_string() };
    let name = host.split(':').next().unwrap_or_default();
    if name == "localhost" || name == "127.0.0.1" || name == "[::1]" {
        origin.to_string()
    } else {
        format!("https://{host}")
    }
}

/// What a page was found to contain.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageScan {
    /// Our tracking script is on the page.
    pub mhct: bool,
    /// ... and carries this dynamic URL's reference, so it will swap numbers.
    pub mhct_working: bool,
    pub tag_manager: bool,
    pub bing_ads: bool,
    pub google_ads: bool,
    pub google_analytics: bool,
    pub hubspot: bool,
    pub optimizely_x: bool,
    pub marin: bool,
}

/// The page without its HTML comments (a commented-out tag does nothing), lowercased.
fn live_markup(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(lower.len());
    let mut rest = lower.as_str();
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        match rest[start + 4..].find("-->") {
            Some(end) => rest = &rest[start + 4 + end + 3..],
            None => rest = "",
        }
    }
    out.push_str(rest);
    out
}

/// The value of `name` in a tag's attribute text (`name="v"`, `name='v'` or `name=v`).
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let bytes = tag.as_bytes();
    let mut from = 0;
    while let Some(found) = tag[from..].find(name) {
        let at = from + found;
        from = at + name.len();
        let starts_word = at == 0 || bytes[at - 1].is_ascii_whitespace();
        let value = tag[from..].trim_start();
        if !starts_word || !value.starts_with('=') {
            continue;
        }
        let value = value[1..].trim_start();
        return Some(match value.chars().next() {
            Some(q @ ('"' | '\'')) => value[1..].split(q).next().unwrap_or(""),
            _ => value.split(|c: char| c.is_ascii_whitespace() || c == '>').next().unwrap_or(""),
        });
    }
    None
}

/// The attribute text of every `<script ...>` opening tag.
fn script_tags(markup: &str) -> impl Iterator<Item = &str> {
    markup.match_indices("<script").filter_map(|(at, _)| {
        let rest = &markup[at + "<script".len()..];
        let end = rest.find('>')?;
        Some(&rest[..end])
    })
}

/// `prefix` followed by at least `min` characters that `allowed` accepts, anywhere in the text.
fn has_id(text: &str, prefix: &str, min: usize, allowed: fn(char) -> bool) -> bool {
    text.match_indices(prefix)
        .any(|(at, _)| text[at + prefix.len()..].chars().take_while(|c| allowed(*c)).count() >= min)
}

fn digit(c: char) -> bool {
    c.is_ascii_digit()
}

fn alphanumeric(c: char) -> bool {
    c.is_ascii_alphanumeric()
}

/// Scans a page for our script (expecting this dynamic URL's `reference`) and the known tags.
pub fn scan_page(html: &str, reference: &str) -> PageScan {
    let markup = live_markup(html);
    let reference = reference.to_ascii_lowercase();
    let mut scan = PageScan::default();
    for tag in script_tags(&markup) {
        if attribute(tag, "src")
            .is_some_and(|src| src.split(['?', '#']).next().unwrap_or("").ends_with(TRACKING_SCRIPT_PATH))
        {
            scan.mhct = true;
            if !reference.is_empty() && attribute(tag, "data-vcam") == Some(reference.as_str()) {
                scan.mhct_working = true;
            }
        }
    }
    let m = markup.as_str();
    scan.tag_manager = m.contains("googletagmanager.com/gtm.js") || has_id(m, "gtm-", 4, alphanumeric);
    scan.google_ads = m.contains("googleadservices.com/pagead/conversion") || has_id(m, "aw-", 6, digit);
    scan.google_analytics = m.contains("google-analytics.com/analytics.js")
        || m.contains("googletagmanager.com/gtag/js?id=g-")
        || m.contains("googletagmanager.com/gtag/js?id=ua-")
        || has_id(m, "'g-", 6, alphanumeric)
        || has_id(m, "\"g-", 6, alphanumeric)
        || has_id(m, "ua-", 4, |c| c.is_ascii_digit() || c == '-');
    scan.bing_ads = m.contains("bat.bing.com/bat.js");
    scan.hubspot = m.contains("js.hs-scripts.com/") || m.contains("js.hsforms.net/");
    scan.optimizely_x = m.contains("cdn.optimizely.com/js/");
    scan.marin = m.contains("tracker.marinsoftware.com");
    scan
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snippet_asks_for_the_script_over_https_except_on_this_machine() {
        let script = |origin| tracking_snippet(origin, "hld-main");
        assert!(script("http://calltrack.example/").contains(r#"src="https://calltrack.example/tracking/mhct.js""#));
        assert!(script("https://calltrack.example").contains(r#"src="https://calltrack.example/tracking/mhct.js""#));
        assert!(script("http://calltrack.example:8080").contains(r#"src="https://calltrack.example:8080/tracking"#));
        assert!(script("http://localhost:5173").contains(r#"src="http://localhost:5173/tracking"#));
        assert!(script("http://127.0.0.1:8181").contains(r#"src="http://127.0.0.1:8181/tracking"#));
    }

    #[test]
    fn the_snippet_we_hand_out_is_found_and_working() {
        let page = format!("<html><head>{}</head></html>", tracking_snippet("https://calltrack.example/", "hld-main"));
        let scan = scan_page(&page, "hld-main");
        assert!(scan.mhct && scan.mhct_working);
        assert_eq!(
            tracking_snippet("https://calltrack.example/", "hld-main"),
            r#"<script async src="https://calltrack.example/tracking/mhct.js" data-vcam="hld-main"></script>"#
        );
    }

    #[test]
    fn a_script_for_another_dynamic_url_is_present_but_not_working() {
        let page = r#"<SCRIPT src='https://x.test/tracking/mhct.js?v=2' DATA-VCAM='other'></SCRIPT>"#;
        let scan = scan_page(page, "hld-main");
        assert!(scan.mhct);
        assert!(!scan.mhct_working);
        let unquoted = r#"<script src=/tracking/mhct.js></script>"#;
        assert_eq!(scan_page(unquoted, "hld-main"), PageScan { mhct: true, ..PageScan::default() });
    }

    #[test]
    fn a_commented_out_script_or_a_lookalike_name_does_not_count() {
        let page = r#"<!-- <script src="/tracking/mhct.js" data-vcam="a"></script> -->
            <script src="/tracking/mhct.json" data-vcam="a"></script>
            <script xsrc="/tracking/mhct.js"></script>"#;
        assert_eq!(scan_page(page, "a"), PageScan::default());
        assert_eq!(scan_page("<!-- never closed <script src=/tracking/mhct.js>", "a"), PageScan::default());
    }

    #[test]
    fn the_marketing_tags_are_recognised() {
        let page = r#"
            <script async src="https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD"></script>
            <script async src="https://www.googletagmanager.com/gtag/js?id=G-XY12345678"></script>
            <script>gtag('config', 'AW-123456789');</script>
            <script src="//bat.bing.com/bat.js"></script>
            <script id="hs-script-loader" src="//js.hs-scripts.com/1234.js"></script>
            <script src="https://cdn.optimizely.com/js/987.js"></script>
            <script src="https://tracker.marinsoftware.com/tracker/async/abc.js"></script>"#;
        let scan = scan_page(page, "x");
        assert!(scan.tag_manager && scan.google_analytics && scan.google_ads);
        assert!(scan.bing_ads && scan.hubspot && scan.optimizely_x && scan.marin);
        assert!(!scan.mhct);
    }

    #[test]
    fn ids_too_short_to_be_real_are_not_tags() {
        let scan = scan_page("<p>Call us: aw-12, gtm-1, ua-1 and a 'g-1' grade</p>", "x");
        assert_eq!(scan, PageScan::default());
        assert!(scan_page("ga('create', 'UA-1234567-1');", "x").google_analytics);
    }

    #[test]
    fn odd_markup_never_panics() {
        for page in ["<script", "<script src=", "<script src='", "<script data-vcam", "<!--", "ü<script src=ü>", ""] {
            scan_page(page, "ü");
        }
    }
}
