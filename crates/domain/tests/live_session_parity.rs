//! The live call session and the simulator can never disagree: for random routing (service plan
//! rows, menus with wrong, repeat and default keys, dead ends, missing targets), random moments
//! and random key presses, a caller who presses those keys as each menu plays (and stays silent
//! once they run out) ends exactly where `follow_call` says, with the same steps.

use domain::routing::history::{EntryRoute, RoutingSnapshot, StoredServicePlan};
use domain::routing::ivr::{follow_call, IvrForm, IvrKey, KeyType, Library, Named, StoredIvr, KEY_ORDER, NO_REPEAT};
use domain::routing::live::{CallFacts, Command, Event, LiveEntry, Session};
use domain::routing::{RowType, ServicePlanForm, TimeRow, LAST_MINUTE_OF_WEEK};
use proptest::prelude::*;

const MENUS: i64 = 5;

/// A key: to a plan (10 exists, 99 does not), to a menu 1..=MENUS+1 (MENUS+1 does not exist), or voicemail 20.
fn key() -> impl Strategy<Value = (u8, i64)> {
    prop_oneof![
        2 => (Just(0u8), prop_oneof![Just(10i64), Just(99i64)]),
        4 => (Just(1u8), 1..=MENUS + 1),
        1 => (Just(2u8), Just(20i64)),
    ]
}

type MenuParts = (Vec<(u8, i64)>, bool, u8, u8, u8, bool);

fn menu((keys, dead_end, repeat, default, repeats, silent): MenuParts, i: usize) -> StoredIvr {
    let options: Vec<IvrKey> = keys
        .into_iter()
        .enumerate()
        .map(|(k, (kind, id))| {
            let mut key = IvrKey { key: KEY_ORDER[k].into(), description: "k".into(), ..Default::default() };
            match kind {
                0 => key.destination_id = id,
                1 => (key.key_type, key.ivr_id) = (KeyType::Ivr, id),
                _ => (key.key_type, key.voicemail_id) = (KeyType::Voicemail, id),
            }
            key
        })
        .collect();
    let pick = |n: u8| if n == 0 { None } else { options.get(usize::from(n - 1)).map(|o| o.key.clone()) };
    let ivr = IvrForm {
        description: format!("Menu {}", i + 1),
        intro_audio: if silent { 0 } else { 100 + i as i64 },
        has_dead_end: dead_end && i.is_multiple_of(3),
        repeat_key: pick(repeat).unwrap_or_else(|| NO_REPEAT.into()),
        default_key: pick(default).unwrap_or_default(),
        repeat_audio: repeats.to_string(),
        options,
        ..Default::default()
    };
    StoredIvr { id: i as i64 + 1, ivr }
}

fn library() -> impl Strategy<Value = Library> {
    let parts = (prop::collection::vec(key(), 1..4), any::<bool>(), 0u8..3, 0u8..4, 0u8..3, any::<bool>());
    prop::collection::vec(parts, MENUS as usize).prop_map(|menus| Library {
        ivrs: menus.into_iter().enumerate().map(|(i, parts)| menu(parts, i)).collect(),
        destination_plans: vec![Named { id: 10, description: "Reception".into() }],
        voicemails: vec![Named { id: 20, description: "Messages".into() }],
    })
}

/// Up to three rows over the week (gaps allowed), each to plan 10 or a menu.
fn rows() -> impl Strategy<Value = Vec<TimeRow>> {
    prop::collection::vec((0..=LAST_MINUTE_OF_WEEK, 0..=LAST_MINUTE_OF_WEEK, any::<bool>(), 1..=MENUS + 1), 1..4)
        .prop_map(|rows| {
            rows.into_iter()
                .map(|(a, b, to_menu, ivr)| {
                    let row = TimeRow::spanning(a.min(b), a.max(b), 10);
                    if to_menu {
                        TimeRow { plan_type: RowType::Ivr, routing: 0, ivr, ..row }
                    } else {
                        row
                    }
                })
                .collect()
        })
}

fn presses() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(prop_oneof![Just("1"), Just("2"), Just("3"), Just("9"), Just("#")], 0..8)
        .prop_map(|keys| keys.into_iter().map(String::from).collect())
}

/// Drives a session as a caller: each key as soon as a menu plays, silence once the keys run
/// out (the prompt ends, then the menu's wait). Returns the keys the session took.
fn call(facts: CallFacts, presses: &[String]) -> (Session, usize) {
    let (mut session, mut commands) = Session::start(facts);
    let mut presses = presses.iter();
    let mut used = 0;
    let at = session.record().started_millis;
    for step in 1..1000 {
        if session.record().end.is_some() || session.has_ended() {
            return (session, used);
        }
        let event = match presses.next() {
            Some(key) => {
                used += 1;
                Event::Key { key: key.clone() }
            }
            None => commands
                .iter()
                .rev()
                .find_map(|c| match c {
                    Command::Play { playback, .. } => Some(Event::PlaybackFinished { playback: *playback }),
                    Command::StartTimer { timer, .. } => Some(Event::TimerFired { timer: *timer }),
                    _ => None,
                })
                .expect("a menu waits for something"),
        };
        commands = session.on(event, at + step * 1000);
    }
    panic!("the session never reached an end");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_live_call_ends_where_the_simulator_says(
        library in library(),
        rows in rows(),
        minute in 0i64..(14 * 24 * 60),
        presses in presses(),
    ) {
        // Two weeks from Monday 12 January 2026 00:00 GMT, and the same in summer time.
        let winter = 1_768_176_000_000 + minute * 60_000;
        for at in [winter, winter + 182 * 86_400_000] {
            let facts = CallFacts {
                started_at_millis: at,
                time_zone: "Europe/London".into(),
                entry: LiveEntry { id: 1, route: Some(EntryRoute::ServicePlan { id: 1 }), ..Default::default() },
                snapshot: RoutingSnapshot {
                    service_plans: vec![StoredServicePlan { id: 1, form: ServicePlanForm { description: "P".into(), rows: rows.clone(), exceptions: vec![] } }],
                    library: library.clone(),
                    entries: vec![],
                },
                ..Default::default()
            };
            let (session, used) = call(facts, &presses);
            let expected = follow_call(&rows, &[], "Europe/London", at, &library, &presses[..used]).unwrap().named("P");
            prop_assert_eq!(session.record().path(), Some(expected));
            prop_assert_eq!(session.record().keys.len(), used);
        }
    }
}
