//! Properties of conversions: a call counts exactly when it is inbound, lasted at least the
//! minimum (59 seconds of a 60-second action never, 60 always) and meets each condition set;
//! loosening a condition never drops a call; a failed upload always waits at least an hour, each
//! wait longer than the one before, until it is given up; every UK number has one E.164 form.

use domain::conversions::{
    call_counts, e164, next_attempt, ConversionAction, ConversionCall, Platform, MAX_ATTEMPTS, MIN_DURATION_MAX,
};
use domain::reports::CallOutcome;
use proptest::prelude::*;

fn outcome() -> impl Strategy<Value = Option<CallOutcome>> {
    prop::option::of(prop::sample::select(CallOutcome::ALL.to_vec()))
}

fn call() -> impl Strategy<Value = ConversionCall> {
    (any::<bool>(), 0i64..4_000, outcome(), prop::option::of(1i64..4), prop::collection::vec(1i64..4, 0..3)).prop_map(
        |(inbound, talk_seconds, outcome, source_medium_id, tag_ids)| ConversionCall {
            inbound,
            talk_seconds,
            outcome,
            source_medium_id,
            tag_ids,
        },
    )
}

fn action() -> impl Strategy<Value = ConversionAction> {
    (0i64..=MIN_DURATION_MAX, outcome(), prop::option::of(1i64..4), prop::option::of(1i64..4), any::<bool>()).prop_map(
        |(min_duration_seconds, outcome, source_medium_id, tag_id, active)| ConversionAction {
            name: "Calls".into(),
            platform: Platform::GoogleAds,
            value_pence: None,
            min_duration_seconds,
            outcome,
            source_medium_id,
            tag_id,
            active,
        },
    )
}

proptest! {
    #[test]
    fn a_call_counts_exactly_when_each_condition_holds(action in action(), call in call()) {
        let expected = action.active
            && call.inbound
            && call.talk_seconds >= action.min_duration_seconds
            && action.outcome.is_none_or(|o| call.outcome == Some(o))
            && action.source_medium_id.is_none_or(|s| call.source_medium_id == Some(s))
            && action.tag_id.is_none_or(|t| call.tag_ids.contains(&t));
        prop_assert_eq!(call_counts(&action, &call), expected);
    }

    #[test]
    fn the_minimum_duration_is_a_sharp_boundary(action in action(), call in call()) {
        let action = ConversionAction { active: true, outcome: None, source_medium_id: None, tag_id: None, ..action };
        let call = ConversionCall { inbound: true, ..call };
        let at = |seconds: i64| call_counts(&action, &ConversionCall { talk_seconds: seconds, ..call.clone() });
        prop_assert!(at(action.min_duration_seconds));
        if action.min_duration_seconds > 0 {
            prop_assert!(!at(action.min_duration_seconds - 1));
        }
    }

    #[test]
    fn loosening_a_condition_never_drops_a_call(action in action(), call in call()) {
        if call_counts(&action, &call) {
            let looser = [
                ConversionAction { outcome: None, ..action.clone() },
                ConversionAction { source_medium_id: None, ..action.clone() },
                ConversionAction { tag_id: None, ..action.clone() },
                ConversionAction { min_duration_seconds: 0, ..action.clone() },
            ];
            for looser in looser {
                prop_assert!(call_counts(&looser, &call));
            }
        }
    }

    #[test]
    fn uk_numbers_have_one_e164_form(rest in "[1-9][0-9]{9}") {
        let national = format!("0{rest}");
        let expected = format!("+44{rest}");
        prop_assert_eq!(e164(&national), Some(expected.clone()));
        prop_assert_eq!(e164(&format!("0044{rest}")), Some(expected.clone()));
        prop_assert_eq!(e164(&format!("+44 {rest}")), Some(expected));
    }
}

#[test]
fn the_waits_are_hours_each_longer_until_given_up() {
    let waits: Vec<i64> = (1..MAX_ATTEMPTS).map(|attempts| next_attempt(attempts).unwrap()).collect();
    assert!(waits.iter().all(|w| *w >= 3_600));
    assert!(waits.windows(2).all(|w| w[0] < w[1]));
    for attempts in MAX_ATTEMPTS..MAX_ATTEMPTS + 50 {
        assert!(next_attempt(attempts).is_err());
    }
}
