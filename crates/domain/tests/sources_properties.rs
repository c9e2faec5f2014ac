//! Properties of the source / medium classifier: every visit, whatever its landing
//! URL and referrer, lands in exactly one of the account's pairs (a rule's or the default), the
//! classifier never panics, the winning rule is the first of the strongest level that matches,
//! and a first touch within 30 days holds unless a paid click may override it.

use domain::sources::{
    classify, FirstTouch, Level, MatchOp, RuleField, Ruleset, SourcePair, SourceRule, VisitFacts, FIRST_TOUCH_DAYS,
};
use proptest::prelude::*;

fn pairs() -> Vec<SourcePair> {
    ["google/cpc", "google/organic", "bing/cpc", "facebook/social", "(direct)/(none)", "nhs.uk/referral"]
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (s, m) = p.split_once('/').unwrap();
            SourcePair { id: i as i64 + 1, source: s.into(), medium: m.into() }
        })
        .collect()
}

/// Text that looks like URL parts: schemes, hosts, separators, escapes and noise.
fn url_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("https://".to_string()),
        Just("http://www.".to_string()),
        Just("//".to_string()),
        Just("google.com".to_string()),
        Just("bing.com".to_string()),
        Just("m.facebook.com".to_string()),
        Just("nhs.uk".to_string()),
        Just("shop.test".to_string()),
        Just("/".to_string()),
        Just("?".to_string()),
        Just("&".to_string()),
        Just("=".to_string()),
        Just("#".to_string()),
        Just("%".to_string()),
        Just("%e2%82".to_string()),
        Just("utm_source".to_string()),
        Just("utm_medium".to_string()),
        Just("gclid".to_string()),
        Just("cpc".to_string()),
        Just(":8080".to_string()),
        Just("@".to_string()),
        ".{0,6}",
    ];
    prop::collection::vec(piece, 0..14).prop_map(|parts| parts.concat())
}

fn rule() -> impl Strategy<Value = SourceRule> {
    let field = prop::sample::select(RuleField::ALL.to_vec());
    let op = prop_oneof![Just(MatchOp::Equals), Just(MatchOp::Contains)];
    let value = prop_oneof![
        Just("google".to_string()),
        Just("bing".to_string()),
        Just("cpc".to_string()),
        Just("gclid".to_string()),
        Just("msclkid".to_string()),
        Just("search".to_string()),
        Just("social".to_string()),
        Just("bing.com".to_string()),
        Just("/".to_string()),
        Just("/offers".to_string()),
        ".{0,8}",
    ];
    (1i64..1000, 1i64..=6, field, op, value).prop_map(|(id, pair, field, op, value)| SourceRule {
        id,
        source_medium_id: pair,
        field,
        op,
        value,
    })
}

fn ruleset() -> impl Strategy<Value = Ruleset> {
    (prop::collection::vec(rule(), 0..12), any::<bool>()).prop_map(|(rules, paid_overrides)| Ruleset {
        pairs: pairs(),
        // Ids are the store's: one per rule.
        rules: rules.into_iter().enumerate().map(|(i, r)| SourceRule { id: 100 + i as i64, ..r }).collect(),
        default_id: 5,
        paid_overrides,
    })
}

fn visit() -> impl Strategy<Value = VisitFacts> {
    let first = prop::option::of((1i64..=8, -5i64..40)).prop_map(|f| {
        f.map(|(pair, days_ago)| FirstTouch { source_medium_id: pair, started_at: 100 * 86_400 - days_ago * 86_400 })
    });
    (url_text(), url_text(), first).prop_map(|(landing_url, referrer, first_touch)| VisitFacts {
        landing_url,
        referrer,
        started_at: 100 * 86_400,
        first_touch,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_visit_lands_in_exactly_one_of_the_accounts_pairs(visit in visit(), rules in ruleset()) {
        let got = classify(&visit, &rules);
        let ids: Vec<i64> = rules.pairs.iter().map(|p| p.id).collect();
        prop_assert_eq!(ids.iter().filter(|id| **id == got.source_medium_id).count(), 1);
        // The same answer every time: one pair, not one of several.
        prop_assert_eq!(classify(&visit, &rules), got.clone());
        match got.rule_id {
            Some(id) => {
                let rule = rules.rules.iter().find(|r| r.id == id).unwrap();
                prop_assert_eq!(rule.source_medium_id, got.source_medium_id);
                prop_assert_eq!(Level::of(rule.field), got.level);
            }
            None => prop_assert!(matches!(got.level, Level::Default | Level::FirstTouch)),
        }
        prop_assert!(!got.why.is_empty());
    }

    #[test]
    fn no_rule_at_a_stronger_level_and_no_earlier_rule_at_the_same_level_matches(
        visit in visit(), rules in ruleset(),
    ) {
        let visit = VisitFacts { first_touch: None, ..visit };
        let got = classify(&visit, &rules);
        // Each rule alone: the levels of the rules that match the visit on their own.
        let alone = |r: &SourceRule| {
            let one = Ruleset { rules: vec![r.clone()], ..rules.clone() };
            classify(&visit, &one).rule_id == Some(r.id)
        };
        let winner = rules.rules.iter().position(|r| Some(r.id) == got.rule_id && Level::of(r.field) == got.level);
        for (i, r) in rules.rules.iter().enumerate() {
            if alone(r) {
                prop_assert!(Level::of(r.field) >= got.level, "rule {} matches at a stronger level", r.id);
                if Level::of(r.field) == got.level {
                    prop_assert!(winner.is_some_and(|w| w <= i));
                }
            }
        }
        if got.level == Level::Default {
            prop_assert!(!rules.rules.iter().any(alone));
        }
    }

    #[test]
    fn a_first_touch_within_30_days_holds_unless_a_paid_click_overrides(visit in visit(), rules in ruleset()) {
        let got = classify(&visit, &rules);
        if let Some(first) = visit.first_touch {
            let age = visit.started_at - first.started_at;
            let known = rules.pairs.iter().any(|p| p.id == first.source_medium_id);
            let holds = (0..FIRST_TOUCH_DAYS * 86_400).contains(&age) && known && !(rules.paid_overrides && got.paid);
            prop_assert_eq!(got.level == Level::FirstTouch, holds);
            if holds {
                prop_assert_eq!(got.source_medium_id, first.source_medium_id);
            }
        } else {
            prop_assert!(got.level != Level::FirstTouch);
        }
    }

    #[test]
    fn arbitrary_unicode_never_panics(landing in "\\PC{0,300}", referrer in "\\PC{0,300}") {
        let rules = Ruleset { pairs: pairs(), default_id: 5, ..Default::default() };
        let got = classify(&VisitFacts { landing_url: landing, referrer, ..Default::default() }, &rules);
        prop_assert_eq!(got.source_medium_id, 5);
    }
}
