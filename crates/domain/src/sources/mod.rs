//! Source / mediums: the account's traffic sources and the ordered rules that
//! classify a website visit into one of them, with CallRail's precedence (a landing-page
//! parameter or URL rule, then a specific referrer, then a referrer group, then 'always', then
//! the website's default 'direct / none'), first touch for 30 days and an optional paid-click
//! override. `classify` is the one function the server (when a visit is stored) and the
//! browser's tester (through wasm) run.

pub mod classify;
pub mod rules;
mod url;

pub use classify::{
    classify, first_touch_after, first_touch_holds, Classification, FirstTouch, Level, Ruleset, SourcePair, VisitFacts,
    FIRST_TOUCH_DAYS,
};
pub use rules::{
    describe_rule, pair_in_use, pairs_limit_problem, parse_rule, rules_limit_problem, validate_pair, validate_rule,
    MatchOp, PairForm, RuleField, RuleForm, SourceRule, CLICK_IDS, PAIRS_AT_LIMIT, PAIRS_MAX, PAIR_NOT_UNIQUE,
    RULES_AT_LIMIT, RULES_MAX, SEARCH_ENGINES, SOCIAL_NETWORKS, SOURCE_MAX, SOURCE_NAME_REFUSED, VALUE_MAX,
};
pub use url::{is_direct, parse_landing, referrer_host, Landing};

use crate::account::AccountState;

/// Who changes the source / medium rules (they decide what every report credits): administrators
/// and owners, and users with the number/campaign admin right, as for numbers.
pub fn can_edit_sources(account: &AccountState) -> bool {
    crate::numbers::can_edit_numbers(account)
}
