//! Just enough URL reading for the classifier: a landing page's host, path and query
//! parameters, and a referrer's host. Never fails: what does not read as a URL has no host,
//! the path '/' and no parameters.

use std::borrow::Cow;

/// Longest URL read (longer input is cut): a browser's address bar keeps far less.
const URL_MAX: usize = 8 * 1024;

/// A landing page as the rules see it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Landing {
    /// Lower case, without 'www.' or a port; '' when the URL has none.
    pub host: String,
    /// Starts with '/'.
    pub path: String,
    /// (name in lower case, decoded value), in the order given.
    pub params: Vec<(String, String)>,
}

impl Landing {
    /// The first value of a parameter (names are compared in lower case).
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// The URL as a browser reads it before parsing: spaces and controls trimmed, tabs and line
/// breaks inside removed; then cut to `URL_MAX`.
fn bounded(text: &str) -> Cow<'_, str> {
    let text = text.trim_matches(|c: char| c <= ' ');
    let mut end = text.len().min(URL_MAX);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let text = &text[..end];
    if text.contains(['\t', '\n', '\r']) {
        Cow::Owned(text.replace(['\t', '\n', '\r'], ""))
    } else {
        Cow::Borrowed(text)
    }
}

/// Schemes whose URLs a browser reads with '\\' as '/' (WHATWG's special schemes).
const SPECIAL_SCHEMES: [&str; 6] = ["http", "https", "ws", "wss", "ftp", "file"];

/// (host, the rest from the path on) of an absolute URL ('https://host/...' or '//host/...'),
/// the host as a browser finds it: in a web URL a '\\' ends it as a '/' does, so
/// 'https://evil.example\\@site/' is on evil.example.
fn split_authority(url: &str) -> Option<(String, &str)> {
    let (after, special) = if let Some(i) = url.find("://") {
        let scheme = &url[..i];
        if scheme.is_empty() || !scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) {
            return None;
        }
        (&url[i + 3..], SPECIAL_SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(scheme)))
    } else {
        (url.strip_prefix("//")?, true)
    };
    let end = after.find(|c| matches!(c, '/' | '?' | '#') || (special && c == '\\')).unwrap_or(after.len());
    let authority = &after[..end];
    let host = authority.rsplit('@').next().unwrap_or("");
    let host = host.split(':').next().unwrap_or("").trim_end_matches('.').to_lowercase();
    let host = host.strip_prefix("www.").map(str::to_string).unwrap_or(host);
    Some((host, &after[end..]))
}

/// Percent-decodes; `plus_is_space` in a query.
fn decode(text: &str, plus_is_space: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' if plus_is_space => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let digits = &bytes[i + 1..i + 3];
                let hex = digits
                    .iter()
                    .all(u8::is_ascii_hexdigit)
                    .then(|| std::str::from_utf8(digits).ok().and_then(|h| u8::from_str_radix(h, 16).ok()))
                    .flatten();
                match hex {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads a landing page URL ('https://www.example.com/offers?utm_source=bing'); a bare path
/// ('/offers?gclid=x') reads as a path on no host.
pub fn parse_landing(url: &str) -> Landing {
    let url = bounded(url);
    let url = url.as_ref();
    let (host, rest) = match split_authority(url) {
        Some((host, rest)) => (host, rest),
        None if url.starts_with('/') => (String::new(), url),
        None => (String::new(), ""),
    };
    let rest = rest.split('#').next().unwrap_or("");
    let (path, query) = match rest.find('?') {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, ""),
    };
    let path = if path.starts_with('/') { decode(path, false) } else { "/".to_string() };
    let params = query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(name, true).trim().to_lowercase(), decode(value, true).trim().to_string())
        })
        .filter(|(name, _)| !name.is_empty())
        .collect();
    Landing { host, path: if path.is_empty() { "/".into() } else { path }, params }
}

/// The referrer's host (lower case, without 'www.' or a port), or '' for none or what is not
/// an absolute URL.
pub fn referrer_host(referrer: &str) -> String {
    split_authority(&bounded(referrer)).map(|(host, _)| host).unwrap_or_default()
}

/// Whether a source / medium pair is the 'direct / none' default ('(direct) / (none)' as Google
/// Analytics writes it, or 'direct / none').
pub fn is_direct(source: &str, medium: &str) -> bool {
    let bare = |s: &str| s.trim().trim_start_matches('(').trim_end_matches(')').to_lowercase();
    bare(source) == "direct" && bare(medium) == "none"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_landing_page_gives_its_host_path_and_parameters() {
        let l = parse_landing("https://WWW.Example.com:443/Offers/?utm_source=Bing&UTM_Medium=cpc&q=a+b%20c#top");
        assert_eq!(l.host, "example.com");
        assert_eq!(l.path, "/Offers/");
        assert_eq!(l.param("utm_source"), Some("Bing"));
        assert_eq!(l.param("utm_medium"), Some("cpc"));
        assert_eq!(l.param("q"), Some("a b c"));
    }

    #[test]
    fn a_bare_path_and_nonsense_read_without_failing() {
        assert_eq!(parse_landing("/book?gclid=1").param("gclid"), Some("1"));
        assert_eq!(parse_landing("/book?gclid=1").host, "");
        let l = parse_landing("not a url %zz%");
        assert_eq!((l.host.as_str(), l.path.as_str(), l.params.len()), ("", "/", 0));
        assert_eq!(parse_landing("https://a.com/%").path, "/%");
        assert_eq!(parse_landing("https://a.com/?x=%e2%82").param("x"), Some("\u{fffd}"));
    }

    #[test]
    fn a_referrer_gives_its_host_only_when_absolute() {
        assert_eq!(referrer_host("https://www.google.co.uk/search?q=x"), "google.co.uk");
        assert_eq!(referrer_host("android-app://com.google.android.gm/"), "com.google.android.gm");
        assert_eq!(referrer_host("https://user:pw@M.Facebook.com:8443"), "m.facebook.com");
        assert_eq!(referrer_host("google.com"), "");
        assert_eq!(referrer_host(""), "");
    }

    #[test]
    fn direct_is_recognised_in_either_spelling() {
        assert!(is_direct("(direct)", "(none)") && is_direct("Direct", "none"));
        assert!(!is_direct("google", "(none)"));
    }
}
