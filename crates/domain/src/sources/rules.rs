//! A classification rule and a source / medium pair: what they look at, how they read in words,
//! their validation messages, and why a pair in use is not deleted.

use serde::{Deserialize, Serialize};

use crate::validation::FieldErrors;
use crate::{in_class, CharacterClass};

/// Longest source or medium name.
pub const SOURCE_MAX: usize = 100;
/// What a source's or a medium's name may not hold: a control character (a line break) or '/'.
pub const SOURCE_NAME_REFUSED: CharacterClass = &[('\0', '\u{1f}'), ('/', '/'), ('\u{7f}', '\u{9f}')];
/// Longest rule value.
pub const VALUE_MAX: usize = 200;
/// The click ids a rule may ask for.
pub const CLICK_IDS: [&str; 3] = ["gclid", "msclkid", "fbclid"];
/// The referrer group 'search engines': a referrer on one of these hosts (or a subdomain).
pub const SEARCH_ENGINES: &[&str] = &[
    "google.com",
    "google.co.uk",
    "google.ie",
    "google.fr",
    "google.de",
    "google.es",
    "google.it",
    "google.nl",
    "google.com.au",
    "google.ca",
    "bing.com",
    "yahoo.com",
    "yahoo.co.uk",
    "duckduckgo.com",
    "ecosia.org",
    "baidu.com",
    "yandex.com",
    "yandex.ru",
    "ask.com",
    "aol.com",
    "search.brave.com",
    "startpage.com",
    "qwant.com",
];
/// The referrer group 'social networks'.
pub const SOCIAL_NETWORKS: &[&str] = &[
    "facebook.com",
    "fb.com",
    "instagram.com",
    "twitter.com",
    "x.com",
    "t.co",
    "linkedin.com",
    "lnkd.in",
    "pinterest.com",
    "pinterest.co.uk",
    "tiktok.com",
    "youtube.com",
    "reddit.com",
    "threads.net",
    "snapchat.com",
];
/// Pairs an account may keep: far more than any real set, a bound on what one page loads.
pub const PAIRS_MAX: usize = 500;
pub const PAIRS_AT_LIMIT: &str = "An account keeps at most 500 source / mediums.";
/// Rules an account may keep, likewise.
pub const RULES_MAX: usize = 500;
pub const RULES_AT_LIMIT: &str = "An account keeps at most 500 rules.";

/// Why one more pair may not be added to `kept`, if it may not.
pub fn pairs_limit_problem(kept: usize) -> Option<&'static str> {
    (kept >= PAIRS_MAX).then_some(PAIRS_AT_LIMIT)
}

/// Why one more rule may not be added to `kept`, if it may not.
pub fn rules_limit_problem(kept: usize) -> Option<&'static str> {
    (kept >= RULES_MAX).then_some(RULES_AT_LIMIT)
}

/// A second pair with the same source and medium.
pub const PAIR_NOT_UNIQUE: &str = "This source / medium already exists.";

/// What a rule looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum RuleField {
    UtmSource,
    UtmMedium,
    UtmCampaign,
    /// A click id (`value`: gclid, msclkid or fbclid) on the landing page.
    ClickId,
    /// The referrer's host, or a subdomain of it.
    ReferrerHost,
    /// The referrer is in a group (`value`: search or social).
    ReferrerGroup,
    LandingPath,
    /// Every visit.
    Always,
}

impl RuleField {
    pub const ALL: [RuleField; 8] = [
        RuleField::UtmSource,
        RuleField::UtmMedium,
        RuleField::UtmCampaign,
        RuleField::ClickId,
        RuleField::ReferrerHost,
        RuleField::ReferrerGroup,
        RuleField::LandingPath,
        RuleField::Always,
    ];

    /// The stored and posted key.
    pub fn key(self) -> &'static str {
        match self {
            RuleField::UtmSource => "utmSource",
            RuleField::UtmMedium => "utmMedium",
            RuleField::UtmCampaign => "utmCampaign",
            RuleField::ClickId => "clickId",
            RuleField::ReferrerHost => "referrerHost",
            RuleField::ReferrerGroup => "referrerGroup",
            RuleField::LandingPath => "landingPath",
            RuleField::Always => "always",
        }
    }

    pub fn from_key(key: &str) -> Option<RuleField> {
        RuleField::ALL.into_iter().find(|f| f.key() == key)
    }

    /// The landing page's parameter a UTM field reads.
    pub fn utm_param(self) -> Option<&'static str> {
        match self {
            RuleField::UtmSource => Some("utm_source"),
            RuleField::UtmMedium => Some("utm_medium"),
            RuleField::UtmCampaign => Some("utm_campaign"),
            _ => None,
        }
    }

    /// Whether the rule compares with equals / contains.
    pub fn has_operator(self) -> bool {
        self.utm_param().is_some() || self == RuleField::LandingPath
    }
}

/// How a UTM or path rule compares (case-insensitively for UTM values, exactly for paths).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum MatchOp {
    #[default]
    Equals,
    Contains,
}

impl MatchOp {
    pub fn key(self) -> &'static str {
        match self {
            MatchOp::Equals => "equals",
            MatchOp::Contains => "contains",
        }
    }

    pub fn from_key(key: &str) -> Option<MatchOp> {
        [MatchOp::Equals, MatchOp::Contains].into_iter().find(|o| o.key() == key)
    }
}

/// A stored rule; the account's rules are kept in one order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SourceRule {
    pub id: i64,
    pub source_medium_id: i64,
    pub field: RuleField,
    #[serde(default)]
    pub op: MatchOp,
    #[serde(default)]
    pub value: String,
}

/// A rule as the form posts it (keys as text, so an unknown one gets a message).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RuleForm {
    pub field: String,
    pub op: String,
    pub value: String,
}

/// A pair as the form posts it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PairForm {
    pub source: String,
    pub medium: String,
}

/// A host as people type it: labels of letters, digits and hyphens, dot separated, at least two.
fn is_host(value: &str) -> bool {
    let labels: Vec<&str> = value.split('.').collect();
    value.len() <= 253
        && labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
}

/// The field errors of a rule ({} when valid), under `field`, `op` and `value`.
pub fn validate_rule(form: &RuleForm) -> FieldErrors {
    parse_rule(form).err().unwrap_or_default()
}

/// The rule the form describes (field, op, value normalised: a host in lower case without
/// 'www.', a click id in lower case), or its errors.
pub fn parse_rule(form: &RuleForm) -> Result<(RuleField, MatchOp, String), FieldErrors> {
    let mut errors = FieldErrors::new();
    let Some(field) = RuleField::from_key(form.field.trim()) else {
        errors.add("field", "Choose what the rule looks at.");
        return Err(errors);
    };
    let op = if field.has_operator() {
        match MatchOp::from_key(form.op.trim()) {
            Some(op) => op,
            None => {
                errors.add("op", "Choose equals or contains.");
                MatchOp::Equals
            }
        }
    } else {
        MatchOp::Equals
    };
    let value = form.value.trim();
    let mut normalised = value.to_string();
    match field {
        RuleField::Always => normalised.clear(),
        RuleField::ClickId => {
            if !CLICK_IDS.contains(&value.to_lowercase().as_str()) {
                errors.add("value", "Choose gclid, msclkid or fbclid.");
            }
            normalised = value.to_lowercase();
        }
        RuleField::ReferrerGroup if !["search", "social"].contains(&value) => {
            errors.add("value", "Choose search engines or social networks.")
        }
        _ if value.is_empty() => errors.add("value", "Value is required."),
        _ if value.chars().count() > VALUE_MAX => {
            errors.add("value", format!("Max value length is {VALUE_MAX} characters."))
        }
        _ if value.chars().any(char::is_control) => errors.add("value", "Value must be on one line."),
        RuleField::ReferrerHost => {
            let host = value.to_lowercase();
            let host = host.strip_prefix("www.").unwrap_or(&host).to_string();
            if !is_host(&host) {
                errors.add("value", "Enter a host such as bing.com (no https:// or path).");
            }
            normalised = host;
        }
        RuleField::LandingPath if !value.starts_with('/') => {
            errors.add("value", "A landing page path starts with '/'.")
        }
        _ => {}
    }
    errors.into_result().map(|_| (field, op, normalised))
}

fn name_errors(errors: &mut FieldErrors, field: &str, label: &str, value: &str) {
    let value = value.trim();
    if value.is_empty() {
        errors.add(field, format!("{label} is required."));
    } else if value.chars().count() > SOURCE_MAX {
        errors.add(field, format!("Max {} length is {SOURCE_MAX} characters.", label.to_lowercase()));
    } else if value.chars().any(|c| in_class(SOURCE_NAME_REFUSED, c)) {
        errors.add(field, format!("{label} may not contain '/' or line breaks."));
    }
}

/// The field errors of a pair ({} when valid): `source` and `medium` required, at most 100
/// characters, no '/'; `taken` the account's other pairs, compared without case.
pub fn validate_pair(form: &PairForm, taken: &[(String, String)]) -> FieldErrors {
    let mut errors = FieldErrors::new();
    name_errors(&mut errors, "source", "Source", &form.source);
    name_errors(&mut errors, "medium", "Medium", &form.medium);
    let (source, medium) = (form.source.trim().to_lowercase(), form.medium.trim().to_lowercase());
    if errors.is_empty()
        && taken.iter().any(|(s, m)| s.trim().to_lowercase() == source && m.trim().to_lowercase() == medium)
    {
        errors.add("source", PAIR_NOT_UNIQUE);
    }
    errors
}

/// A rule in words: 'utm_source equals "bing"', 'the landing page has a gclid', ...
pub fn describe_rule(rule: &SourceRule) -> String {
    let value = &rule.value;
    match rule.field {
        RuleField::UtmSource | RuleField::UtmMedium | RuleField::UtmCampaign => {
            format!("{} {} \"{value}\"", rule.field.utm_param().unwrap_or(""), rule.op.key())
        }
        RuleField::LandingPath => format!("the landing page path {} \"{value}\"", rule.op.key()),
        RuleField::ClickId => format!("the landing page has a {value}"),
        RuleField::ReferrerHost => format!("the referrer is {value} or a subdomain of it"),
        RuleField::ReferrerGroup if value == "social" => "the referrer is a social network".to_string(),
        RuleField::ReferrerGroup => "the referrer is a search engine".to_string(),
        RuleField::Always => "every visit".to_string(),
    }
}

/// Why a pair is not deleted: the default, or the pools and whispers that use it (None when
/// it may go).
pub fn pair_in_use(is_default: bool, whispers: &[String], pools: &[String]) -> Option<String> {
    if is_default {
        return Some("This is the website's default source / medium: every visit no rule matches goes here.".into());
    }
    let quoted = |names: &[String]| names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ");
    let mut uses = Vec::new();
    if !whispers.is_empty() {
        let noun = if whispers.len() == 1 { "whisper" } else { "whispers" };
        uses.push(format!("the dynamic {noun} {}", quoted(whispers)));
    }
    if !pools.is_empty() {
        let noun = if pools.len() == 1 { "pool" } else { "pools" };
        uses.push(format!("the {noun} {}", quoted(pools)));
    }
    (!uses.is_empty()).then(|| format!("In use by {}. Remove it there first.", uses.join(" and ")))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_names_refused_characters_are_the_controls_and_the_slash() {
        for c in (0..0x3000).filter_map(char::from_u32) {
            assert_eq!(super::in_class(super::SOURCE_NAME_REFUSED, c), c.is_control() || c == '/', "{c:?}");
        }
    }

    use super::*;

    fn form(field: &str, op: &str, value: &str) -> RuleForm {
        RuleForm { field: field.into(), op: op.into(), value: value.into() }
    }

    #[test]
    fn a_rule_needs_a_known_field_an_operator_and_a_value() {
        assert_eq!(validate_rule(&form("colour", "", "")).get("field"), Some("Choose what the rule looks at."));
        let errors = validate_rule(&form("utmSource", "like", " "));
        assert_eq!(errors.get("op"), Some("Choose equals or contains."));
        assert_eq!(errors.get("value"), Some("Value is required."));
        assert_eq!(
            validate_rule(&form("utmCampaign", "contains", &"x".repeat(201))).get("value"),
            Some("Max value length is 200 characters.")
        );
        assert!(validate_rule(&form("utmSource", "equals", "bing")).is_empty());
        assert!(validate_rule(&form("always", "", "")).is_empty());
    }

    #[test]
    fn hosts_paths_click_ids_and_groups_have_their_forms() {
        let host = "Enter a host such as bing.com (no https:// or path).";
        for bad in ["https://bing.com", "bing", "bing.com/x", "-a.com", "a..com"] {
            assert_eq!(validate_rule(&form("referrerHost", "", bad)).get("value"), Some(host), "{bad}");
        }
        assert_eq!(parse_rule(&form("referrerHost", "", "WWW.Bing.com")).unwrap().2, "bing.com");
        assert_eq!(
            validate_rule(&form("landingPath", "equals", "offers")).get("value"),
            Some("A landing page path starts with '/'.")
        );
        assert_eq!(validate_rule(&form("clickId", "", "dclid")).get("value"), Some("Choose gclid, msclkid or fbclid."));
        assert_eq!(parse_rule(&form("clickId", "", "GCLID")).unwrap().2, "gclid");
        assert_eq!(
            validate_rule(&form("referrerGroup", "", "news")).get("value"),
            Some("Choose search engines or social networks.")
        );
    }

    #[test]
    fn a_pair_is_named_and_unique_without_case() {
        let taken = vec![("google".to_string(), "cpc".to_string())];
        let pair = |s: &str, m: &str| validate_pair(&PairForm { source: s.into(), medium: m.into() }, &taken);
        assert_eq!(pair("", "cpc").get("source"), Some("Source is required."));
        assert_eq!(pair("bing", &"m".repeat(101)).get("medium"), Some("Max medium length is 100 characters."));
        assert_eq!(pair("a/b", "cpc").get("source"), Some("Source may not contain '/' or line breaks."));
        assert_eq!(pair(" Google ", "CPC").get("source"), Some(PAIR_NOT_UNIQUE));
        assert!(pair("bing", "cpc").is_empty());
    }

    #[test]
    fn a_pair_in_use_names_its_users() {
        assert_eq!(pair_in_use(false, &[], &[]), None);
        assert_eq!(
            pair_in_use(false, &["Marketing channel".into()], &["Main site".into(), "Offers".into()]).unwrap(),
            "In use by the dynamic whisper \"Marketing channel\" and the pools \"Main site\", \"Offers\". Remove it there first."
        );
        assert!(pair_in_use(true, &[], &[]).unwrap().starts_with("This is the website's default"));
    }

    #[test]
    fn rules_read_as_words() {
        let rule = |field, op, value: &str| SourceRule { id: 1, source_medium_id: 1, field, op, value: value.into() };
        assert_eq!(describe_rule(&rule(RuleField::UtmSource, MatchOp::Equals, "bing")), "utm_source equals \"bing\"");
        assert_eq!(describe_rule(&rule(RuleField::ClickId, MatchOp::Equals, "gclid")), "the landing page has a gclid");
        assert_eq!(
            describe_rule(&rule(RuleField::ReferrerGroup, MatchOp::Equals, "search")),
            "the referrer is a search engine"
        );
    }
}
