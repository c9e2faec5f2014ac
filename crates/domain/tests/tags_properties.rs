//! Properties of the tag rules: a rule is the conjunction of its conditions (it tags a call
//! exactly when each single condition would), rules only ever add tags, and the tags come out
//! sorted, once each, all from the rules that hold.

use domain::reports::CallOutcome;
use domain::tags::{automatic_tags, TagFacts, TagRule};
use proptest::prelude::*;

fn outcome() -> impl Strategy<Value = Option<CallOutcome>> {
    prop::option::of(prop::sample::select(CallOutcome::ALL.to_vec()))
}

fn facts() -> impl Strategy<Value = TagFacts> {
    (prop::option::of(1i64..5), prop::option::of(1i64..5), 0i64..400, "[0-9*#]{0,3}", any::<bool>(), outcome())
        .prop_map(|(source_medium_id, campaign_id, talk_seconds, keys_pressed, first_time, outcome)| TagFacts {
            source_medium_id,
            campaign_id,
            talk_seconds,
            keys_pressed,
            first_time,
            outcome,
        })
}

fn rule() -> impl Strategy<Value = TagRule> {
    (
        1i64..6,
        prop::option::of(1i64..5),
        prop::option::of(1i64..5),
        prop::option::of(1i64..400),
        prop::option::of("[0-9*#]"),
        any::<bool>(),
        outcome(),
    )
        .prop_map(
            |(tag_id, source_medium_id, campaign_id, min_duration_seconds, key_pressed, first_time, outcome)| TagRule {
                tag_id,
                source_medium_id,
                campaign_id,
                min_duration_seconds,
                key_pressed,
                first_time,
                outcome,
            },
        )
}

/// The rule's conditions one by one, each as a rule of its own.
fn single_conditions(rule: &TagRule) -> Vec<TagRule> {
    let base = TagRule { tag_id: rule.tag_id, ..TagRule::default() };
    let mut singles = Vec::new();
    if rule.source_medium_id.is_some() {
        singles.push(TagRule { source_medium_id: rule.source_medium_id, ..base.clone() });
    }
    if rule.campaign_id.is_some() {
        singles.push(TagRule { campaign_id: rule.campaign_id, ..base.clone() });
    }
    if rule.min_duration_seconds.is_some() {
        singles.push(TagRule { min_duration_seconds: rule.min_duration_seconds, ..base.clone() });
    }
    if rule.key_pressed.is_some() {
        singles.push(TagRule { key_pressed: rule.key_pressed.clone(), ..base.clone() });
    }
    if rule.first_time {
        singles.push(TagRule { first_time: true, ..base.clone() });
    }
    if rule.outcome.is_some() {
        singles.push(TagRule { outcome: rule.outcome, ..base.clone() });
    }
    singles
}

proptest! {
    #[test]
    fn a_rule_holds_exactly_when_each_of_its_conditions_holds(rule in rule(), call in facts()) {
        let each = single_conditions(&rule).iter().all(|single| single.matches(&call));
        prop_assert_eq!(rule.matches(&call), each);
    }

    #[test]
    fn the_tags_are_sorted_once_each_and_come_from_rules_that_hold(rules in prop::collection::vec(rule(), 0..8), call in facts()) {
        let tags = automatic_tags(&call, &rules);
        prop_assert!(tags.windows(2).all(|w| w[0] < w[1]));
        for tag in &tags {
            prop_assert!(rules.iter().any(|r| r.tag_id == *tag && r.has_condition() && r.matches(&call)));
        }
        for r in rules.iter().filter(|r| r.has_condition() && r.matches(&call)) {
            prop_assert!(tags.contains(&r.tag_id));
        }
    }

    #[test]
    fn another_rule_never_takes_a_tag_away(rules in prop::collection::vec(rule(), 0..8), extra in rule(), call in facts()) {
        let before = automatic_tags(&call, &rules);
        let mut more = rules.clone();
        more.push(extra);
        let after = automatic_tags(&call, &more);
        prop_assert!(before.iter().all(|t| after.contains(t)));
    }

    #[test]
    fn a_rule_reads_back_from_its_form(rule in rule()) {
        prop_assume!(rule.has_condition());
        prop_assert_eq!(domain::tags::parse_tag_rule(rule.tag_id, &rule.form()), Ok(rule));
    }
}
