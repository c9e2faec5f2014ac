//! Call tags (/tags): a tag's name and colour, the rules that tag calls automatically
//! (a conjunction of conditions on the call's facts) and who may change them. The server applies
//! `automatic_tags` when a call is stored and on demand over past calls; the browser validates
//! the same forms through wasm.

pub mod rule;
pub mod tag;

pub use rule::{
    automatic_tags, parse_tag_rule, TagFacts, TagRule, TagRuleForm, CAMPAIGN_CHOICE, CONDITION_NEEDED, DURATION_MAX,
    DURATION_RANGE, FIRST_TIME_TICKED, KEYS_PRESSED, KEY_CHOICE, OUTCOME_CHOICE, SOURCE_CHOICE,
};
pub use tag::{validate_tag, TagForm, COLOUR_TOO_LIGHT, TAG_NAME_MAX, TAG_NAME_TOO_LONG};

use crate::account::AccountState;

/// Days back 'Apply to past calls' reaches.
pub const APPLY_DAYS: i64 = 90;

/// Who opens /tags: the menu's rule (the `admin_tagging_for_dynamics` scope) and the page's guard.
pub fn opens_tags(account: &AccountState) -> bool {
    crate::menu::menu_page_opens("/tags", account)
}

/// Who adds, edits and deletes tags and rules, and tags calls by hand: a user of /tags who is an
/// administrator or owner, or has the number/campaign admin right (as the dynamic pages).
pub fn can_edit_tags(account: &AccountState) -> bool {
    opens_tags(account) && crate::numbers::can_edit_numbers(account)
}

/// 'Apply to past calls' in words: "12 calls tagged of 340 calls in the last 90 days."
pub fn apply_result(tagged: i64, checked: i64) -> String {
    let calls = |n: i64| if n == 1 { "1 call".to_string() } else { format!("{n} calls") };
    format!("{} tagged of {} in the last {APPLY_DAYS} days.", calls(tagged), calls(checked))
}

/// The delete confirmation, with the calls the tag is on.
pub fn delete_question(name: &str, calls: i64) -> String {
    match calls {
        0 => format!("Delete the tag '{name}'? It is on no calls."),
        1 => format!("Delete the tag '{name}'? It will be removed from 1 call."),
        n => format!("Delete the tag '{name}'? It will be removed from {n} calls."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_apply_result_counts_in_words() {
        assert_eq!(apply_result(1, 1), "1 call tagged of 1 call in the last 90 days.");
        assert_eq!(apply_result(0, 340), "0 calls tagged of 340 calls in the last 90 days.");
    }

    #[test]
    fn the_delete_question_names_the_calls_it_leaves() {
        assert_eq!(delete_question("Lead", 0), "Delete the tag 'Lead'? It is on no calls.");
        assert_eq!(delete_question("Lead", 1), "Delete the tag 'Lead'? It will be removed from 1 call.");
        assert_eq!(delete_question("Lead", 7), "Delete the tag 'Lead'? It will be removed from 7 calls.");
    }
}
