//! Properties of the flow checks on random menus: a menu is reported as a loop exactly when it
//! lies on a cycle of menus and no destination, voicemail or hang-up can be reached from it; a
//! dead end is reported for exactly each key (not the repeat key) whose target does not exist.

use std::collections::BTreeSet;

use domain::routing::ivr::{ivr_flow, IvrForm, IvrKey, KeyType, Library, Named, StoredIvr, KEY_ORDER, NO_REPEAT};
use proptest::prelude::*;

const MENUS: i64 = 6;

/// A key: to a plan (10 exists, 99 does not), to a menu 1..=MENUS+1 (MENUS+1 does not exist), or voicemail 20.
fn key() -> impl Strategy<Value = (u8, i64)> {
    prop_oneof![
        2 => (Just(0u8), prop_oneof![Just(10i64), Just(99i64)]),
        5 => (Just(1u8), 1..=MENUS + 1),
        1 => (Just(2u8), Just(20i64)),
    ]
}

fn library() -> impl Strategy<Value = Library> {
    prop::collection::vec((prop::collection::vec(key(), 1..4), any::<bool>(), any::<bool>()), MENUS as usize).prop_map(
        |menus| Library {
            ivrs: menus
                .into_iter()
                .enumerate()
                .map(|(i, (keys, hang_up, repeat_first))| {
                    let options: Vec<IvrKey> = keys
                        .into_iter()
                        .enumerate()
                        .map(|(k, (kind, id))| {
                            let mut key =
                                IvrKey { key: KEY_ORDER[k].into(), description: "k".into(), ..Default::default() };
                            match kind {
                                0 => key.destination_id = id,
                                1 => (key.key_type, key.ivr_id) = (KeyType::Ivr, id),
                                _ => (key.key_type, key.voicemail_id) = (KeyType::Voicemail, id),
                            }
                            key
                        })
                        .collect();
                    let repeat_key = if repeat_first { "1".to_string() } else { NO_REPEAT.to_string() };
                    let ivr = IvrForm {
                        description: format!("Menu {}", i + 1),
                        has_dead_end: hang_up && i % 3 == 0,
                        repeat_key,
                        options,
                        ..Default::default()
                    };
                    StoredIvr { id: i as i64 + 1, ivr }
                })
                .collect(),
            destination_plans: vec![Named { id: 10, description: "Reception".into() }],
            voicemails: vec![Named { id: 20, description: "Messages".into() }],
        },
    )
}

/// The menus one key (not the repeat key) away from menu `id`.
fn next(lib: &Library, id: i64) -> Vec<i64> {
    let Some(menu) = lib.ivr(id) else { return vec![] };
    menu.ivr
        .options
        .iter()
        .filter(|k| !menu.ivr.repeats(&k.key) && k.key_type == KeyType::Ivr && lib.ivr(k.ivr_id).is_some())
        .map(|k| k.ivr_id)
        .collect()
}

fn exits(lib: &Library, id: i64) -> bool {
    let menu = lib.ivr(id).unwrap();
    menu.ivr.has_dead_end
        || menu.ivr.options.iter().any(|k| {
            !menu.ivr.repeats(&k.key)
                && ((k.key_type == KeyType::Routing && k.destination_id == 10)
                    || (k.key_type == KeyType::Voicemail && k.voicemail_id == 20))
        })
}

fn reachable(lib: &Library, from: i64) -> BTreeSet<i64> {
    let mut seen = BTreeSet::new();
    let mut stack = next(lib, from);
    while let Some(id) = stack.pop() {
        if seen.insert(id) {
            stack.extend(next(lib, id));
        }
    }
    seen
}

proptest! {
    #[test]
    fn loops_are_exactly_the_trapped_menus_on_a_cycle(lib in library()) {
        let flow = ivr_flow(1, &lib);
        let mut visited = reachable(&lib, 1);
        visited.insert(1);
        let mut expected: Vec<String> = visited
            .iter()
            .filter(|&&id| {
                let onward = reachable(&lib, id);
                let on_cycle = onward.contains(&id);
                let can_finish = exits(&lib, id) || onward.iter().any(|&m| exits(&lib, m));
                on_cycle && !can_finish
            })
            .map(|id| format!("'Menu {id}' can reach itself with no way out."))
            .collect();
        expected.sort();
        let mut got = flow.issues.loops.clone();
        got.sort();
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn a_dead_end_is_reported_for_each_key_to_nothing(lib in library()) {
        let flow = ivr_flow(1, &lib);
        let mut visited = reachable(&lib, 1);
        visited.insert(1);
        let expected: usize = visited
            .iter()
            .map(|&id| {
                let menu = &lib.ivr(id).unwrap().ivr;
                menu.options.iter().filter(|k| !menu.repeats(&k.key) && broken(&lib, k)).count()
            })
            .sum();
        prop_assert_eq!(flow.issues.dead_ends.len(), expected);
    }
}

fn broken(lib: &Library, k: &IvrKey) -> bool {
    match k.key_type {
        KeyType::Routing => k.destination_id != 10,
        KeyType::Voicemail => k.voicemail_id != 20,
        KeyType::Ivr => lib.ivr(k.ivr_id).is_none(),
    }
}
