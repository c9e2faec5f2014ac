//! The pages a call-to-action applies to: all of the site's, or a list of path patterns, each a
//! path from '/' with an optional '*' at the end for every page under it.

/// At most this many patterns a call-to-action.
pub const PAGES_MAX: usize = 20;
/// At most this many characters a pattern.
pub const PAGE_MAX: usize = 200;

pub const PAGES_REQUIRED: &str = "List the pages it applies to, one a line, or choose all pages.";
pub const PAGES_TOO_MANY: &str = "List at most 20 pages.";

pub fn page_must_start_with_slash(line: usize) -> String {
    format!("Page {line} must start with '/'.")
}
pub fn page_too_long(line: usize) -> String {
    format!("Page {line} must not exceed 200 characters.")
}
pub fn page_has_space(line: usize) -> String {
    format!("Page {line} must not contain spaces.")
}
pub fn page_star_not_last(line: usize) -> String {
    format!("Page {line} may only end with '*'.")
}
pub fn page_repeated(line: usize) -> String {
    format!("Page {line} is listed twice.")
}

/// The patterns of the list, one a line (blank lines left out), or the first problem. Lines are
/// counted from 1 among the non-blank ones, as the page shows the list back.
pub fn parse_pages(text: &str) -> Result<Vec<String>, String> {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).take(PAGES_MAX + 1).collect();
    if lines.is_empty() {
        return Err(PAGES_REQUIRED.to_string());
    }
    if lines.len() > PAGES_MAX {
        return Err(PAGES_TOO_MANY.to_string());
    }
    let mut pages: Vec<String> = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        if line.chars().count() > PAGE_MAX {
            return Err(page_too_long(n));
        }
        if !line.starts_with('/') {
            return Err(page_must_start_with_slash(n));
        }
        if line.chars().any(char::is_whitespace) {
            return Err(page_has_space(n));
        }
        if line.trim_end_matches('*').contains('*') || line.ends_with("**") {
            return Err(page_star_not_last(n));
        }
        if pages.iter().any(|p| p == line) {
            return Err(page_repeated(n));
        }
        pages.push(line.to_string());
    }
    Ok(pages)
}

/// Whether a page's path (a query or fragment ignored) matches a pattern: the same path (a
/// trailing '/' aside), or, for a pattern ending in '*', any path starting with what is before it.
pub fn page_matches(pattern: &str, path: &str) -> bool {
    let path = path.split(['?', '#']).next().unwrap_or("");
    match pattern.strip_suffix('*') {
        Some(prefix) => path.starts_with(prefix),
        None => {
            let trim = |p: &str| if p.len() > 1 { p.trim_end_matches('/').to_string() } else { p.to_string() };
            trim(pattern) == trim(path)
        }
    }
}

/// Whether a call-to-action with these patterns (empty: all pages) applies on `path`.
pub fn applies_on(pages: &[String], path: &str) -> bool {
    pages.is_empty() || pages.iter().any(|p| page_matches(p, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_of_paths_from_slash_with_a_trailing_star() {
        assert_eq!(parse_pages("/book*\n\n /contact \n/"), Ok(vec!["/book*".into(), "/contact".into(), "/".into()]));
        assert_eq!(parse_pages("  \n "), Err(PAGES_REQUIRED.into()));
        assert_eq!(parse_pages("/a\nbook"), Err(page_must_start_with_slash(2)));
        assert_eq!(parse_pages(&format!("/{}", "x".repeat(200))), Err(page_too_long(1)));
        assert!(parse_pages(&format!("/{}", "x".repeat(199))).is_ok());
        assert_eq!(parse_pages("/a b"), Err(page_has_space(1)));
        assert_eq!(parse_pages("/a*/b"), Err(page_star_not_last(1)));
        assert_eq!(parse_pages("/a**"), Err(page_star_not_last(1)));
        assert_eq!(parse_pages("/a\n/b\n/a"), Err(page_repeated(3)));
    }

    #[test]
    fn at_most_twenty_pages() {
        let twenty: Vec<String> = (0..20).map(|i| format!("/p{i}")).collect();
        assert!(parse_pages(&twenty.join("\n")).is_ok());
        let more = format!("{}\n/p20", twenty.join("\n"));
        assert_eq!(parse_pages(&more), Err(PAGES_TOO_MANY.into()));
    }

    #[test]
    fn a_pattern_matches_its_path_or_what_is_under_its_star() {
        assert!(page_matches("/book*", "/book"));
        assert!(page_matches("/book*", "/booking/step-2?x=1"));
        assert!(!page_matches("/book*", "/contact"));
        assert!(page_matches("/contact", "/contact/"));
        assert!(page_matches("/contact", "/contact?utm_source=x"));
        assert!(!page_matches("/contact", "/contact-us"));
        assert!(page_matches("/", "/"));
        assert!(!page_matches("/", "/about"));
        assert!(page_matches("/*", "/anything"));
        assert!(applies_on(&[], "/whatever"));
        assert!(!applies_on(&["/a".into()], "/b"));
    }
}
