//! Call-to-actions (/cta): the elements of a customer's site the tracking script
//! watches (a click-to-call link, a button, a form), each with a name, a CSS selector and the
//! pages it applies to; and the rule that credits a call to a call-to-action: the same visit
//! clicked it at most 30 minutes before the call started (CallRail's and Infinity's click-to-call
//! attribution window). The server validates and counts with these; the browser validates the
//! same form through wasm.

pub mod pages;
pub mod selector;

use serde::{Deserialize, Serialize};

pub use pages::{applies_on, page_matches, parse_pages, PAGES_MAX, PAGES_REQUIRED, PAGES_TOO_MANY, PAGE_MAX};
pub use selector::{check_selector, selector_problem, MAX_NESTING};

use crate::account::AccountState;
use crate::names::TextRule;
use crate::validation::FieldErrors;

pub const NAME_MAX: usize = 100;
pub const SELECTOR_MAX: usize = 500;
pub use crate::names::{NAME_NOT_UNIQUE, NAME_REQUIRED};
pub const NAME_TOO_LONG: &str = "Name must not exceed 100 characters.";
const NAME: TextRule = TextRule::name(NAME_MAX, NAME_TOO_LONG);
pub const KIND_CHOICE: &str = "Choose a kind from the list.";
pub const SELECTOR_REQUIRED: &str = "CSS selector is required.";
pub const SELECTOR_TOO_LONG: &str = "CSS selector must not exceed 500 characters.";

/// A click counts for the calls that start this long after it, at most.
pub const CALL_WINDOW_SECONDS: i64 = 30 * 60;

/// What the element is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CtaKind {
    CallLink,
    Button,
    Form,
}

impl CtaKind {
    pub const ALL: [CtaKind; 3] = [CtaKind::CallLink, CtaKind::Button, CtaKind::Form];

    /// The stored and posted key.
    pub fn key(self) -> &'static str {
        match self {
            CtaKind::CallLink => "call_link",
            CtaKind::Button => "button",
            CtaKind::Form => "form",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            CtaKind::CallLink => "Click-to-call link",
            CtaKind::Button => "Button",
            CtaKind::Form => "Form",
        }
    }

    pub fn from_key(key: &str) -> Option<CtaKind> {
        CtaKind::ALL.into_iter().find(|k| k.key() == key)
    }
}

/// The call-to-action form as posted (form_name, form_kind, form_selector, form_all_pages,
/// form_pages: one pattern a line).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CtaForm {
    pub name: String,
    pub kind: String,
    pub selector: String,
    /// "1": every page of the site; the list is then ignored.
    pub all_pages: String,
    pub pages: String,
}

/// A valid call-to-action, as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cta {
    pub name: String,
    pub kind: CtaKind,
    pub selector: String,
    /// Empty: all pages.
    pub pages: Vec<String>,
}

/// The form's call-to-action, or its field errors; `taken` holds the account's other
/// call-to-actions' names (compared ignoring case).
pub fn parse_cta<S: AsRef<str>>(form: &CtaForm, taken: &[S]) -> Result<Cta, FieldErrors> {
    let mut errors = FieldErrors::new();
    NAME.check(&mut errors, "form_name", &form.name, taken);
    let name = form.name.trim();
    let kind = CtaKind::from_key(form.kind.trim());
    if kind.is_none() {
        errors.add("form_kind", KIND_CHOICE);
    }
    let selector = form.selector.trim();
    if selector.is_empty() {
        errors.add("form_selector", SELECTOR_REQUIRED);
    } else if form.selector.chars().count() > SELECTOR_MAX {
        errors.add("form_selector", SELECTOR_TOO_LONG);
    } else if let Err(problem) = check_selector(selector) {
        errors.add("form_selector", problem);
    }
    let pages = if form.all_pages == "1" {
        Vec::new()
    } else {
        parse_pages(&form.pages).unwrap_or_else(|problem| {
            errors.add("form_pages", problem);
            Vec::new()
        })
    };
    match (errors.is_empty(), kind) {
        (true, Some(kind)) => Ok(Cta { name: name.to_string(), kind, selector: selector.to_string(), pages }),
        _ => Err(errors),
    }
}

/// The form's field errors (empty when valid).
pub fn validate_cta<S: AsRef<str>>(form: &CtaForm, taken: &[S]) -> FieldErrors {
    parse_cta(form, taken).err().unwrap_or_default()
}

/// A click on a call-to-action: the visit it was in and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "CtaClick"))]
pub struct Click {
    pub visit_id: i64,
    pub at: i64,
}

/// A call: its id, the visit it came from (a pool call), and when it started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "CtaCallStart"))]
pub struct CallStart {
    pub id: i64,
    pub visit_id: Option<i64>,
    pub started_at: i64,
}

/// Whether a click made the call: same visit, at most 30 minutes before it started.
pub fn click_led_to(click: &Click, call: &CallStart) -> bool {
    call.visit_id == Some(click.visit_id)
        && click.at <= call.started_at
        && call.started_at - click.at <= CALL_WINDOW_SECONDS
}

/// The calls a call-to-action's clicks led to (each once, in the calls' order): a call counts
/// when its visit clicked the call-to-action at most 30 minutes before the call started; a click
/// after the call or longer before it does not count.
pub fn calls_after_clicks(clicks: &[Click], calls: &[CallStart]) -> Vec<i64> {
    calls.iter().filter(|call| clicks.iter().any(|click| click_led_to(click, call))).map(|call| call.id).collect()
}

/// Conversion rate in words: calls per click, "12.5%"; "–" without clicks.
pub fn conversion_rate(clicks: i64, calls: i64) -> String {
    if clicks <= 0 {
        return "–".to_string();
    }
    let tenths = (calls * 1000 + clicks / 2) / clicks;
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// Who opens /cta and /cta/{id}: the menu's rule (the `admin_call_to_actions` scope) and the
/// page's guard.
pub fn opens_cta(account: &AccountState) -> bool {
    crate::menu::menu_page_opens("/cta", account)
}

/// Who adds, edits and deletes call-to-actions: a user of /cta who is an administrator or owner,
/// or has the number/campaign admin right (as the other dynamic pages).
pub fn can_edit_cta(account: &AccountState) -> bool {
    opens_cta(account) && crate::numbers::can_edit_numbers(account)
}

/// The delete confirmation, with the clicks that go with it.
pub fn delete_question(name: &str, clicks: i64) -> String {
    match clicks {
        0 => format!("Delete the call-to-action '{name}'? It has no clicks."),
        1 => {
            format!("Delete the call-to-action '{name}'? Its 1 click will be deleted too; calls stay in the call log.")
        }
        n => format!(
            "Delete the call-to-action '{name}'? Its {n} clicks will be deleted too; calls stay in the call log."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(name: &str, kind: &str, selector: &str, all: &str, pages: &str) -> CtaForm {
        CtaForm {
            name: name.into(),
            kind: kind.into(),
            selector: selector.into(),
            all_pages: all.into(),
            pages: pages.into(),
        }
    }

    fn errors(f: &CtaForm, taken: &[&str]) -> FieldErrors {
        validate_cta(f, taken)
    }

    #[test]
    fn a_valid_form_gives_the_call_to_action_trimmed() {
        let cta = parse_cta(&form(" Book now ", "button", " #book-now ", "", "/book*\n/offers"), &["Header"]).unwrap();
        assert_eq!(
            cta,
            Cta {
                name: "Book now".into(),
                kind: CtaKind::Button,
                selector: "#book-now".into(),
                pages: vec!["/book*".into(), "/offers".into()]
            }
        );
        let all = parse_cta(&form("Header", "call_link", "a[href^=\"tel:\"]", "1", "not a path"), &[] as &[&str]);
        assert_eq!(all.unwrap().pages, Vec::<String>::new());
    }

    #[test]
    fn a_name_is_required_short_plain_and_unique_ignoring_case() {
        let e = |name: &str, taken: &[&str]| {
            errors(&form(name, "form", "form", "1", ""), taken).get("form_name").map(String::from)
        };
        assert_eq!(e(" ", &[]).as_deref(), Some(NAME_REQUIRED));
        assert_eq!(e(&"x".repeat(101), &[]).as_deref(), Some(NAME_TOO_LONG));
        assert_eq!(e(&"x".repeat(100), &[]), None);
        assert!(e("Кнопка", &[]).unwrap().starts_with("Invalid characters"));
        assert_eq!(e("contact FORM ", &["Contact form"]).as_deref(), Some(NAME_NOT_UNIQUE));
    }

    #[test]
    fn a_kind_comes_from_the_list() {
        assert_eq!(errors(&form("A", "link", "a", "1", ""), &[]).get("form_kind"), Some(KIND_CHOICE));
        assert_eq!(errors(&form("A", "", "a", "1", ""), &[]).get("form_kind"), Some(KIND_CHOICE));
        for kind in CtaKind::ALL {
            assert_eq!(CtaKind::from_key(kind.key()), Some(kind));
        }
    }

    #[test]
    fn a_selector_is_required_bounded_and_valid() {
        let e = |s: &str| errors(&form("A", "form", s, "1", ""), &[]).get("form_selector").map(String::from);
        assert_eq!(e("  ").as_deref(), Some(SELECTOR_REQUIRED));
        assert_eq!(e(&format!(".{}", "a".repeat(500))).as_deref(), Some(SELECTOR_TOO_LONG));
        assert_eq!(e(&format!(".{}", "a".repeat(499))), None);
        assert_eq!(e("[href]]").as_deref(), Some("This is not a valid CSS selector: unexpected ']' at character 7."));
    }

    #[test]
    fn pages_are_all_or_a_list() {
        let e = |all: &str, pages: &str| {
            errors(&form("A", "form", "a", all, pages), &[]).get("form_pages").map(String::from)
        };
        assert_eq!(e("", "").as_deref(), Some(PAGES_REQUIRED));
        assert_eq!(e("1", ""), None);
        assert_eq!(e("", "/a\n/a").as_deref(), Some("Page 2 is listed twice."));
    }

    const T: i64 = 1_795_428_000;

    fn call(id: i64, visit: i64, at: i64) -> CallStart {
        CallStart { id, visit_id: Some(visit), started_at: at }
    }

    #[test]
    fn a_click_counts_for_a_call_of_its_visit_up_to_thirty_minutes_later() {
        let clicks = [Click { visit_id: 1, at: T }];
        assert_eq!(calls_after_clicks(&clicks, &[call(10, 1, T + 30 * 60)]), vec![10]);
        assert_eq!(calls_after_clicks(&clicks, &[call(10, 1, T + 30 * 60 + 1)]), Vec::<i64>::new());
        assert_eq!(calls_after_clicks(&clicks, &[call(10, 1, T)]), vec![10]);
        assert_eq!(calls_after_clicks(&clicks, &[call(10, 1, T - 1)]), Vec::<i64>::new());
        assert_eq!(calls_after_clicks(&clicks, &[call(10, 2, T + 60)]), Vec::<i64>::new());
        let no_visit = CallStart { id: 11, visit_id: None, started_at: T + 60 };
        assert_eq!(calls_after_clicks(&clicks, &[no_visit]), Vec::<i64>::new());
    }

    #[test]
    fn several_clicks_of_a_visit_count_its_call_once() {
        let clicks =
            [Click { visit_id: 1, at: T }, Click { visit_id: 1, at: T + 60 }, Click { visit_id: 1, at: T + 120 }];
        assert_eq!(calls_after_clicks(&clicks, &[call(10, 1, T + 600), call(11, 1, T + 7200)]), vec![10]);
    }

    #[test]
    fn the_conversion_rate_is_calls_per_click() {
        assert_eq!(conversion_rate(0, 0), "–");
        assert_eq!(conversion_rate(8, 1), "12.5%");
        assert_eq!(conversion_rate(3, 1), "33.3%");
        assert_eq!(conversion_rate(3, 3), "100.0%");
    }

    #[test]
    fn the_delete_question_says_what_goes() {
        assert_eq!(delete_question("Header", 0), "Delete the call-to-action 'Header'? It has no clicks.");
        assert!(delete_question("Header", 1).contains("Its 1 click will"));
        assert!(delete_question("Header", 5).contains("Its 5 clicks will"));
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn a_call_counts_exactly_when_some_click_of_its_visit_is_within_the_window(
            clicks in proptest::collection::vec((0i64..3, 0i64..10_000), 0..8),
            calls in proptest::collection::vec((0i64..3, 0i64..10_000), 0..8),
        ) {
            let clicks: Vec<Click> = clicks.into_iter().map(|(v, at)| Click { visit_id: v, at }).collect();
            let calls: Vec<CallStart> = calls
                .into_iter()
                .enumerate()
                .map(|(i, (v, at))| CallStart { id: i as i64, visit_id: Some(v), started_at: at })
                .collect();
            let counted = calls_after_clicks(&clicks, &calls);
            prop_assert!(counted.len() <= calls.len());
            for c in &calls {
                let expect = clicks.iter().any(|k| k.visit_id == c.visit_id.unwrap()
                    && (0..=CALL_WINDOW_SECONDS).contains(&(c.started_at - k.at)));
                prop_assert_eq!(counted.contains(&c.id), expect);
            }
        }

        #[test]
        fn the_selector_check_never_panics(s in "[a-z#.\\[\\]=:()>+~*, '\"\\\\-]{0,60}") {
            let _ = check_selector(&s);
        }
    }
}
