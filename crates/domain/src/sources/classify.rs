//! The classifier: which source / medium a visit is credited to, which rule decided, and why.

use serde::{Deserialize, Serialize};

use super::rules::{describe_rule, MatchOp, RuleField, SourceRule, SEARCH_ENGINES, SOCIAL_NETWORKS};
use super::url::{parse_landing, referrer_host, Landing};

/// How long a visitor's first visit keeps its source.
pub const FIRST_TOUCH_DAYS: i64 = 30;
const DAY: i64 = 24 * 60 * 60;
/// `utm_medium` values that mark a paid click (besides a Google or Microsoft click id).
const PAID_MEDIUMS: &[&str] = &[
    "cpc",
    "ppc",
    "paid",
    "paidsearch",
    "paid_search",
    "paid-search",
    "paidsocial",
    "paid_social",
    "paid-social",
    "display",
    "cpm",
    "cpv",
];
/// Click ids only ads carry (fbclid is on organic Facebook links too).
const PAID_CLICK_IDS: &[&str] = &["gclid", "msclkid", "gbraid", "wbraid", "dclid"];

/// A source / medium pair of the account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SourcePair {
    pub id: i64,
    pub source: String,
    pub medium: String,
}

/// Everything the classifier reads of the account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Ruleset {
    pub pairs: Vec<SourcePair>,
    /// In the account's order.
    pub rules: Vec<SourceRule>,
    /// The 'direct / none' pair every visit no rule matches goes to.
    pub default_id: i64,
    /// Whether a paid click overrides a first touch within 30 days.
    pub paid_overrides: bool,
}

/// A visitor's first visit: its pair and time (unix seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FirstTouch {
    pub source_medium_id: i64,
    pub started_at: i64,
}

/// A visit as the classifier reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VisitFacts {
    pub landing_url: String,
    pub referrer: String,
    // The browser may leave these out (TypeScript `?`): serde's default fills them.
    /// Unix seconds (only compared with the first touch).
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub started_at: i64,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub first_touch: Option<FirstTouch>,
}

/// Which of CallRail's levels decided (the lower the stronger), or the first touch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Level {
    FirstTouch,
    LandingPage,
    Referrer,
    ReferrerGroup,
    Always,
    Default,
}

impl Level {
    /// The level a rule of this field decides at.
    pub fn of(field: RuleField) -> Level {
        match field {
            RuleField::ReferrerHost => Level::Referrer,
            RuleField::ReferrerGroup => Level::ReferrerGroup,
            RuleField::Always => Level::Always,
            _ => Level::LandingPage,
        }
    }

    /// Why this level won, in words.
    fn reason(self) -> &'static str {
        match self {
            Level::LandingPage => "landing-page parameter and URL rules come first",
            Level::Referrer => "no landing-page rule matched, and a specific referrer comes next",
            Level::ReferrerGroup => "no landing-page or specific referrer rule matched, and referrer groups come next",
            Level::Always => "no landing-page or referrer rule matched, and 'always' rules come next",
            Level::FirstTouch | Level::Default => "",
        }
    }
}

/// The answer: the pair, the rule (None for the default and the first touch), the level, why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Classification {
    pub source_medium_id: i64,
    pub rule_id: Option<i64>,
    pub level: Level,
    /// Whether this visit is a paid click (a Google or Microsoft click id, or a paid utm_medium).
    pub paid: bool,
    pub why: String,
}

fn in_group(host: &str, group: &[&str]) -> bool {
    !host.is_empty() && group.iter().any(|d| host == *d || host.strip_suffix(d).is_some_and(|p| p.ends_with('.')))
}

fn compare(op: MatchOp, have: &str, want: &str, ignore_case: bool) -> bool {
    let (have, want) =
        if ignore_case { (have.to_lowercase(), want.to_lowercase()) } else { (have.into(), want.into()) };
    match op {
        MatchOp::Equals => have == want,
        MatchOp::Contains => !want.is_empty() && have.contains(&want),
    }
}

fn matches(rule: &SourceRule, landing: &Landing, referrer: &str) -> bool {
    match rule.field {
        RuleField::UtmSource | RuleField::UtmMedium | RuleField::UtmCampaign => {
            let name = rule.field.utm_param().unwrap_or("");
            landing.param(name).is_some_and(|v| !v.is_empty() && compare(rule.op, v, &rule.value, true))
        }
        RuleField::ClickId => landing.param(&rule.value.to_lowercase()).is_some_and(|v| !v.is_empty()),
        RuleField::ReferrerHost => {
            let host = rule.value.trim().to_lowercase();
            let host = host.strip_prefix("www.").unwrap_or(&host);
            in_group(referrer, &[host])
        }
        RuleField::ReferrerGroup => match rule.value.as_str() {
            "search" => in_group(referrer, SEARCH_ENGINES),
            "social" => in_group(referrer, SOCIAL_NETWORKS),
            _ => false,
        },
        RuleField::LandingPath => compare(rule.op, &landing.path, &rule.value, false),
        RuleField::Always => true,
    }
}

fn is_paid(landing: &Landing) -> bool {
    PAID_CLICK_IDS.iter().any(|id| landing.param(id).is_some_and(|v| !v.is_empty()))
        || landing.param("utm_medium").is_some_and(|m| PAID_MEDIUMS.contains(&m.to_lowercase().as_str()))
}

fn label(rules: &Ruleset, id: i64) -> String {
    rules
        .pairs
        .iter()
        .find(|p| p.id == id)
        .map_or_else(|| format!("source / medium {id}"), |p| format!("{} / {}", p.source, p.medium))
}

/// The pair the rules give the visit, ignoring any first touch.
fn by_rules(visit: &VisitFacts, rules: &Ruleset, paid: bool, landing: &Landing) -> Classification {
    let mut referrer = referrer_host(&visit.referrer);
    // A visitor moving between the site's own pages has no outside referrer.
    if !referrer.is_empty() && referrer == landing.host {
        referrer.clear();
    }
    for level in [Level::LandingPage, Level::Referrer, Level::ReferrerGroup, Level::Always] {
        let found =
            rules.rules.iter().enumerate().find(|(_, r)| Level::of(r.field) == level && matches(r, landing, &referrer));
        if let Some((position, rule)) = found {
            return Classification {
                source_medium_id: rule.source_medium_id,
                rule_id: Some(rule.id),
                level,
                paid,
                why: format!(
                    "{}: rule {} ({}) matched; {}.",
                    label(rules, rule.source_medium_id),
                    position + 1,
                    describe_rule(rule),
                    level.reason()
                ),
            };
        }
    }
    Classification {
        source_medium_id: rules.default_id,
        rule_id: None,
        level: Level::Default,
        paid,
        why: format!(
            "{}: no rule matched, so the visit goes to the website's default.",
            label(rules, rules.default_id)
        ),
    }
}

/// Whether a visitor's first touch still decides a visit starting `at`: it is less than 30 days
/// old and the account still has its pair.
pub fn first_touch_holds(first: &FirstTouch, at: i64, rules: &Ruleset) -> bool {
    let known =
        first.source_medium_id == rules.default_id || rules.pairs.iter().any(|p| p.id == first.source_medium_id);
    (0..FIRST_TOUCH_DAYS * DAY).contains(&at.saturating_sub(first.started_at)) && known
}

/// The first touch to keep for a visitor after a visit at `at` that was classified into
/// `source_medium_id`: the stored one while it holds (a paid click that overrode it does not
/// replace it), else this visit's (a new visitor, or one back after 30 days).
pub fn first_touch_after(stored: Option<FirstTouch>, source_medium_id: i64, at: i64, rules: &Ruleset) -> FirstTouch {
    match stored {
        Some(first) if first_touch_holds(&first, at, rules) => first,
        _ => FirstTouch { source_medium_id, started_at: at },
    }
}

/// Classifies a visit: exactly one pair, always (the default when nothing matches). A first
/// touch within 30 days before the visit keeps its pair (if the account still has it), unless
/// the account lets a paid click override it and this visit is one.
pub fn classify(visit: &VisitFacts, rules: &Ruleset) -> Classification {
    let landing = parse_landing(&visit.landing_url);
    let paid = is_paid(&landing);
    let answer = by_rules(visit, rules, paid, &landing);
    let Some(first) = visit.first_touch.filter(|first| first_touch_holds(first, visit.started_at, rules)) else {
        return answer;
    };
    let age = visit.started_at.saturating_sub(first.started_at);
    if rules.paid_overrides && paid {
        return Classification { why: format!("{} A paid click overrides the first touch.", answer.why), ..answer };
    }
    let days = age / DAY;
    let ago = match days {
        0 => "earlier today".to_string(),
        1 => "1 day ago".to_string(),
        n => format!("{n} days ago"),
    };
    Classification {
        source_medium_id: first.source_medium_id,
        rule_id: None,
        level: Level::FirstTouch,
        paid,
        why: format!(
            "{}: the visitor's first visit ({ago}) came from it, and the first touch holds for {FIRST_TOUCH_DAYS} days.",
            label(rules, first.source_medium_id)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(id: i64, pair: i64, field: RuleField, op: MatchOp, value: &str) -> SourceRule {
        SourceRule { id, source_medium_id: pair, field, op, value: value.into() }
    }

    fn demo() -> Ruleset {
        let pair = |id, s: &str, m: &str| SourcePair { id, source: s.into(), medium: m.into() };
        Ruleset {
            pairs: vec![
                pair(1, "google", "cpc"),
                pair(2, "google", "organic"),
                pair(3, "bing", "cpc"),
                pair(5, "facebook", "social"),
                pair(7, "(direct)", "(none)"),
                pair(8, "nhs.uk", "referral"),
            ],
            rules: vec![
                rule(10, 1, RuleField::ClickId, MatchOp::Equals, "gclid"),
                rule(11, 2, RuleField::ReferrerGroup, MatchOp::Equals, "search"),
                rule(12, 3, RuleField::UtmSource, MatchOp::Equals, "bing"),
                rule(13, 5, RuleField::ReferrerGroup, MatchOp::Equals, "social"),
                rule(14, 8, RuleField::ReferrerHost, MatchOp::Equals, "nhs.uk"),
            ],
            default_id: 7,
            paid_overrides: false,
        }
    }

    fn visit(landing: &str, referrer: &str) -> VisitFacts {
        VisitFacts { landing_url: landing.into(), referrer: referrer.into(), ..Default::default() }
    }

    #[test]
    fn a_landing_page_rule_beats_any_referrer_rule() {
        let got =
            classify(&visit("https://shop.test/?utm_source=Bing&utm_medium=cpc", "https://www.bing.com/"), &demo());
        assert_eq!((got.source_medium_id, got.rule_id, got.level, got.paid), (3, Some(12), Level::LandingPage, true));
        assert_eq!(
            got.why,
            "bing / cpc: rule 3 (utm_source equals \"bing\") matched; landing-page parameter and URL rules come first."
        );
    }

    #[test]
    fn a_specific_referrer_beats_a_group_and_groups_beat_the_default() {
        let nhs = classify(&visit("https://shop.test/", "https://www.nhs.uk/services"), &demo());
        assert_eq!((nhs.source_medium_id, nhs.level), (8, Level::Referrer));
        let search = classify(&visit("https://shop.test/", "https://www.google.co.uk/"), &demo());
        assert_eq!((search.source_medium_id, search.level, search.paid), (2, Level::ReferrerGroup, false));
        let social = classify(&visit("https://shop.test/", "https://m.facebook.com/"), &demo());
        assert_eq!(social.source_medium_id, 5);
        let direct = classify(&visit("https://shop.test/", ""), &demo());
        assert_eq!((direct.source_medium_id, direct.rule_id, direct.level), (7, None, Level::Default));
        assert_eq!(direct.why, "(direct) / (none): no rule matched, so the visit goes to the website's default.");
    }

    #[test]
    fn the_sites_own_pages_are_no_referrer_and_lookalike_hosts_are_not_the_group() {
        assert_eq!(classify(&visit("https://www.shop.test/a", "https://shop.test/b"), &demo()).level, Level::Default);
        assert_eq!(classify(&visit("https://shop.test/", "https://notgoogle.com/"), &demo()).level, Level::Default);
        assert_eq!(
            classify(&visit("https://shop.test/", "https://google.com.evil.test/"), &demo()).level,
            Level::Default
        );
    }

    #[test]
    fn within_a_level_the_first_rule_in_order_wins_and_always_comes_before_the_default() {
        let mut rules = demo();
        rules.rules.push(rule(20, 5, RuleField::Always, MatchOp::Equals, ""));
        rules.rules.insert(0, rule(21, 8, RuleField::UtmSource, MatchOp::Contains, "bin"));
        let got = classify(&visit("/?utm_source=bing", ""), &rules);
        assert_eq!(got.rule_id, Some(21));
        let always = classify(&visit("/", ""), &rules);
        assert_eq!((always.source_medium_id, always.level), (5, Level::Always));
    }

    #[test]
    fn the_first_touch_holds_for_30_days_unless_a_paid_click_may_override() {
        let first = Some(FirstTouch { source_medium_id: 2, started_at: 0 });
        let mut later = visit("/?gclid=abc", "");
        later.first_touch = first;
        later.started_at = 3 * DAY;
        let kept = classify(&later, &demo());
        assert_eq!((kept.source_medium_id, kept.level, kept.rule_id), (2, Level::FirstTouch, None));
        assert_eq!(kept.why, "google / organic: the visitor's first visit (3 days ago) came from it, and the first touch holds for 30 days.");
        let mut overriding = demo();
        overriding.paid_overrides = true;
        let paid = classify(&later, &overriding);
        assert_eq!((paid.source_medium_id, paid.level), (1, Level::LandingPage));
        assert!(paid.why.ends_with("A paid click overrides the first touch."));
        later.started_at = 30 * DAY;
        assert_eq!(classify(&later, &demo()).source_medium_id, 1, "30 days on, the visit counts for itself");
        later.started_at = DAY;
        later.first_touch = Some(FirstTouch { source_medium_id: 99, started_at: 0 });
        assert_eq!(classify(&later, &demo()).source_medium_id, 1, "a deleted pair holds nothing");
    }

    #[test]
    fn the_stored_first_touch_is_kept_while_it_holds_and_replaced_after() {
        let rules = demo();
        let first = FirstTouch { source_medium_id: 2, started_at: 0 };
        assert_eq!(first_touch_after(None, 1, 5, &rules), FirstTouch { source_medium_id: 1, started_at: 5 });
        assert_eq!(first_touch_after(Some(first), 1, 30 * DAY - 1, &rules), first);
        // A paid click that overrode it does not replace it either.
        assert_eq!(first_touch_after(Some(first), 1, DAY, &rules), first);
        assert_eq!(
            first_touch_after(Some(first), 1, 30 * DAY, &rules),
            FirstTouch { source_medium_id: 1, started_at: 30 * DAY }
        );
        let gone = FirstTouch { source_medium_id: 99, started_at: 0 };
        assert_eq!(first_touch_after(Some(gone), 1, DAY, &rules), FirstTouch { source_medium_id: 1, started_at: DAY });
        assert!(!first_touch_holds(&first, -1, &rules), "a visit before the first touch is not after it");
    }

    #[test]
    fn path_rules_compare_exactly_and_utm_values_without_case() {
        let mut rules = demo();
        rules.rules = vec![rule(1, 8, RuleField::LandingPath, MatchOp::Contains, "/Offers")];
        assert_eq!(classify(&visit("https://shop.test/Offers/new", ""), &rules).source_medium_id, 8);
        assert_eq!(classify(&visit("https://shop.test/offers/new", ""), &rules).source_medium_id, 7);
    }
}
