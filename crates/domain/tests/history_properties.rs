//! Properties of routing history on random routing: replaying unchanged routing moves no call;
//! a replay from a to b moves as many calls as from b to a; rolling a change back and making it
//! again gives the routing the change made; the explainer says nothing for no change and
//! something for any change.

use domain::routing::history::*;
use domain::routing::ivr::{IvrForm, IvrKey, KeyType, Library, Named, StoredIvr, KEY_ORDER, NO_REPEAT};
use domain::routing::{
    AdvancedRow, BasicRow, DestinationPlanForm, DestinationRow, DtmfIvrForm, DtmfIvrKey, DtmfPlanForm,
    DynamicWhisperForm, GroupForm, InCallAttributionForm, QueueForm, RowType, ServicePlanForm, TimeRow, VoicemailForm,
    WhisperSource, LAST_MINUTE_OF_WEEK,
};
use proptest::prelude::*;

/// Monday 12 January 2026 00:00 UTC.
const WEEK_START: i64 = 1_768_176_000_000;

fn rows() -> impl Strategy<Value = Vec<TimeRow>> {
    let target = prop_oneof![(Just(RowType::Routing), 10i64..=12), (Just(RowType::Ivr), 1i64..=4)];
    (prop::collection::btree_set(1..LAST_MINUTE_OF_WEEK, 0..4), prop::collection::vec(target, 5)).prop_map(
        |(cuts, targets)| {
            let mut starts: Vec<i64> = vec![0];
            starts.extend(cuts);
            starts
                .iter()
                .enumerate()
                .map(|(i, from)| {
                    let to = starts.get(i + 1).map_or(LAST_MINUTE_OF_WEEK, |next| next - 1);
                    let (plan_type, id) = targets[i];
                    let row = TimeRow::spanning(*from, to, 0);
                    match plan_type {
                        RowType::Routing => TimeRow { routing: id, ..row },
                        RowType::Ivr => TimeRow { plan_type, ivr: id, ..row },
                    }
                })
                .collect()
        },
    )
}

fn ivr_form() -> impl Strategy<Value = IvrForm> {
    let key = prop_oneof![
        (Just(KeyType::Routing), 10i64..=12),
        (Just(KeyType::Ivr), 1i64..=4),
        (Just(KeyType::Voicemail), 20i64..=20)
    ];
    (
        prop::collection::vec(key, 1..4),
        prop_oneof![Just("Main menu"), Just("Billing menu")],
        any::<bool>(),
        prop_oneof![Just(""), Just("1")],
        prop_oneof![Just(NO_REPEAT), Just("2")],
        0u8..3,
        0i64..2,
    )
        .prop_map(|(keys, description, hang_up, default_key, repeat_key, repeats, intro)| IvrForm {
            description: description.into(),
            intro_audio: intro,
            has_dead_end: hang_up && repeats == 0,
            default_key: default_key.into(),
            repeat_key: repeat_key.into(),
            repeat_audio: repeats.to_string(),
            options: keys
                .into_iter()
                .enumerate()
                .map(|(i, (key_type, id))| {
                    let mut key =
                        IvrKey { key: KEY_ORDER[i].into(), description: "k".into(), key_type, ..Default::default() };
                    match key_type {
                        KeyType::Routing => key.destination_id = id,
                        KeyType::Ivr => key.ivr_id = id,
                        KeyType::Voicemail => key.voicemail_id = id,
                    }
                    key
                })
                .collect(),
            ..Default::default()
        })
}

fn entry_route() -> impl Strategy<Value = Option<EntryRoute>> {
    prop_oneof![
        Just(None),
        (1i64..=2).prop_map(|id| Some(EntryRoute::ServicePlan { id })),
        prop_oneof![Just("07700900100"), Just("07700900200")]
            .prop_map(|d| Some(EntryRoute::Number { destination: d.into() })),
    ]
}

fn snapshot() -> impl Strategy<Value = RoutingSnapshot> {
    (rows(), rows(), prop::collection::vec(ivr_form(), 3), prop::collection::vec(entry_route(), 3)).prop_map(
        |(first, second, ivrs, routes)| RoutingSnapshot {
            service_plans: vec![
                StoredServicePlan {
                    id: 1,
                    form: ServicePlanForm { description: "Office".into(), rows: first, exceptions: vec![] },
                },
                StoredServicePlan {
                    id: 2,
                    form: ServicePlanForm { description: "Weekend".into(), rows: second, exceptions: vec![] },
                },
            ],
            library: Library {
                ivrs: ivrs.into_iter().enumerate().map(|(i, ivr)| StoredIvr { id: i as i64 + 1, ivr }).collect(),
                destination_plans: ["Reception", "Billing", "Sales"]
                    .iter()
                    .enumerate()
                    .map(|(i, d)| Named { id: 10 + i as i64, description: d.to_string() })
                    .collect(),
                voicemails: vec![Named { id: 20, description: "Messages".into() }],
            },
            entries: routes
                .into_iter()
                .enumerate()
                .filter_map(|(i, route)| {
                    route.map(|route| RoutingEntry { id: 100 + i as i64, label: format!("Number {i}"), route })
                })
                .collect(),
        },
    )
}

fn calls() -> impl Strategy<Value = Vec<ReplayCall>> {
    let press = prop_oneof![Just("1"), Just("2"), Just("3"), Just("9")].prop_map(String::from);
    prop::collection::vec((100i64..=103, 0i64..7 * 86_400, prop::collection::vec(press, 0..4)), 0..40).prop_map(
        |calls| {
            calls
                .into_iter()
                .enumerate()
                .map(|(i, (entry, second, presses))| ReplayCall {
                    id: i as i64,
                    entry,
                    started_at_millis: WEEK_START + second * 1000,
                    presses,
                })
                .collect()
        },
    )
}

fn destination_plan() -> impl Strategy<Value = DestinationPlanForm> {
    let row = (40i64..=41, prop_oneof![Just(30i64), Just(60i64)])
        .prop_map(|(destination, ring_length)| DestinationRow { destination, ring_length });
    (prop_oneof![Just("Reception"), Just("Sales")], 0i64..2, 0i64..2, 0i64..2, prop::collection::vec(row, 0..3))
        .prop_map(|(description, plan_type, queue, incall, destinations)| DestinationPlanForm {
            description: description.into(),
            plan_type,
            queue,
            incall,
            no_response_destination: 0,
            destinations,
        })
}

fn queue() -> impl Strategy<Value = QueueForm> {
    (prop_oneof![Just("Queue"), Just("Overflow")], prop_oneof![Just("10"), Just("20")], 1i64..3, 0i64..2).prop_map(
        |(description, max_calls, hold_music, welcome_audio)| QueueForm {
            description: description.into(),
            max_calls: max_calls.into(),
            hold_music,
            welcome_audio,
            ..Default::default()
        },
    )
}

fn connection() -> impl Strategy<Value = Connection> {
    prop_oneof![
        (prop_oneof![Just("07700900100"), Just("07700900200")], any::<bool>()).prop_map(|(d, recording)| {
            Connection::Basic(BasicRow { destination: d.into(), recording, ..Default::default() })
        }),
        (0i64..=2, any::<bool>(), 0i64..2).prop_map(|(service_plan, recording, whisper)| {
            Connection::Advanced(AdvancedRow { service_plan, recording, whisper, ..Default::default() })
        }),
    ]
}

/// A record of the library (each kind always with the same id): the voicemails calls can end
/// in, and the kinds that change no route.
fn library_record() -> BoxedStrategy<RoutingRecord> {
    let name = || prop_oneof![Just("Alpha"), Just("Beta")].prop_map(String::from);
    prop_oneof![
        (name(), 1i64..3).prop_map(|(description, audio_id)| RoutingRecord::Voicemail {
            id: 20,
            form: VoicemailForm { description, audio_id },
        }),
        name().prop_map(|description| RoutingRecord::Category { id: 30, form: GroupForm { description } }),
        name().prop_map(|description| RoutingRecord::ReportGroup { id: 31, form: GroupForm { description } }),
        (name(), any::<bool>(), prop_oneof![Just("0"), Just("2")]).prop_map(|(description, active, terminator)| {
            RoutingRecord::InCallAttribution {
                id: 32,
                form: InCallAttributionForm {
                    description,
                    active: if active { "1" } else { "0" }.into(),
                    terminator: terminator.into(),
                    ..Default::default()
                },
            }
        }),
        (name(), 1i64..4, any::<bool>()).prop_map(|(description, maximum_digits, skip_audio)| {
            RoutingRecord::DtmfPlan {
                id: 33,
                form: DtmfPlanForm { description, maximum_digits, skip_audio, ..Default::default() },
            }
        }),
        (name(), prop::collection::vec((1i64..3, 0i64..2), 0..3)).prop_map(|(description, keys)| {
            let keys = keys
                .into_iter()
                .map(|(category_id, dtmf_id)| DtmfIvrKey { description: "Key".into(), category_id, dtmf_id })
                .collect();
            RoutingRecord::DtmfIvr {
                id: 34,
                form: DtmfIvrForm { description, intro_audio_id: 1, end_audio_id: 0, keys },
            }
        }),
        (name(), prop::collection::btree_map(1i64..4, prop_oneof![Just("Hello"), Just("Hi")], 0..3)).prop_map(
            |(description, whispers)| {
                let sources = whispers
                    .into_iter()
                    .map(|(source_medium_id, whisper)| WhisperSource { source_medium_id, whisper: whisper.into() })
                    .collect();
                RoutingRecord::DynamicWhisper { id: 35, form: DynamicWhisperForm { description, sources } }
            }
        ),
    ]
    .boxed()
}

/// A record of any kind, each kind always with the same id.
fn record() -> BoxedStrategy<RoutingRecord> {
    prop_oneof![
        library_record(),
        (prop_oneof![Just("Office"), Just("Open")], rows()).prop_map(|(d, rows)| RoutingRecord::ServicePlan {
            id: 1,
            form: ServicePlanForm { description: d.into(), rows, exceptions: vec![] }
        }),
        ivr_form().prop_map(|form| RoutingRecord::Ivr { id: 2, form }),
        destination_plan().prop_map(|form| RoutingRecord::DestinationPlan { id: 11, form }),
        queue().prop_map(|form| RoutingRecord::Queue { id: 4, form }),
        connection().prop_map(|connection| RoutingRecord::Connect { id: 101, label: "Number 1".into(), connection }),
    ]
    .boxed()
}

/// Before and after states of one record (either may be absent), of the same key.
fn change() -> impl Strategy<Value = (Option<RoutingRecord>, Option<RoutingRecord>)> {
    // Library pairs on their own too: among all kinds, two of one library kind are rare.
    let pairs = prop_oneof![(record(), record()), (library_record(), library_record())];
    (pairs, 0u8..4).prop_filter_map("same kind", |((a, b), absent)| {
        (a.key() == b.key()).then_some(match absent {
            0 => (None, Some(b)),
            1 => (Some(a), None),
            _ => (Some(a), Some(b)),
        })
    })
}

fn put(snapshot: &RoutingSnapshot, key: RecordKey, state: &Option<RoutingRecord>) -> RoutingSnapshot {
    snapshot.with(&[RecordState { key, state: state.clone() }]).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn replaying_unchanged_routing_moves_nothing(routing in snapshot(), calls in calls()) {
        let impact = replay_impact(&routing, &routing, &calls, "Europe/London").unwrap();
        prop_assert_eq!((impact.total, impact.moved, impact.moves.len()), (calls.len(), 0, 0));
    }

    #[test]
    fn as_many_calls_move_from_a_to_b_as_from_b_to_a(a in snapshot(), b in snapshot(), calls in calls()) {
        let there = replay_impact(&a, &b, &calls, "Europe/London").unwrap();
        let back = replay_impact(&b, &a, &calls, "Europe/London").unwrap();
        prop_assert_eq!(there.moved, back.moved);
        // Every moved call is in exactly one move, and the biggest moves come first.
        let mut ids: Vec<i64> = there.moves.iter().flat_map(|m| m.call_ids.clone()).collect();
        prop_assert_eq!(ids.len(), there.moved);
        ids.sort_unstable();
        ids.dedup();
        prop_assert_eq!(ids.len(), there.moved);
        prop_assert!(there.moves.windows(2).all(|w| w[0].count >= w[1].count));
    }

    #[test]
    fn a_rollback_then_the_change_again_is_the_identity(base in snapshot(), (before, after) in change()) {
        let key = before.as_ref().or(after.as_ref()).unwrap().key();
        let changed = put(&base, key, &after);
        let target = Change { id: 1, key, before: before.clone(), after: after.clone() };
        let plan = plan_rollback(&target, &[], false, &Names::default());
        prop_assert_eq!(&plan.outcome, &RollbackOutcome::Clean);
        let rolled_back = changed.with(&plan.restores).unwrap();
        prop_assert_eq!(&rolled_back, &put(&base, key, &before));
        prop_assert_eq!(put(&rolled_back, key, &after), changed);
        prop_assert_eq!(plan.changes_back.is_empty(), before == after);
    }

    #[test]
    fn rolling_back_with_later_changes_restores_the_first_state_and_replaying_them_restores_the_last(
        base in snapshot(),
        (first, second) in change(),
        third in proptest::option::of(record()),
    ) {
        let key = first.as_ref().or(second.as_ref()).unwrap().key();
        let third = third.filter(|r| r.key() == key);
        let changes = [
            Change { id: 1, key, before: first.clone(), after: second.clone() },
            Change { id: 2, key, before: second.clone(), after: third.clone() },
        ];
        let now = put(&base, key, &third);
        let plan = plan_rollback(&changes[0], &changes[1..], true, &Names::default());
        prop_assert_eq!(&plan.outcome, &RollbackOutcome::WithLater { change_ids: vec![2] });
        let rolled_back = now.with(&plan.restores).unwrap();
        prop_assert_eq!(&rolled_back, &put(&base, key, &first));
        let again = changes.iter().fold(rolled_back, |s, c| put(&s, c.key, &c.after));
        prop_assert_eq!(again, now);
        let alone = plan_rollback(&changes[0], &changes[1..], false, &Names::default());
        prop_assert!(alone.restores.is_empty());
    }

    #[test]
    fn explaining_no_change_says_nothing_and_any_change_says_something(a in record(), b in record()) {
        let names = Names::default();
        prop_assert!(explain_change(Some(&a), Some(&a), &names).is_empty());
        let said = explain_change(Some(&a), Some(&b), &names);
        prop_assert_eq!(said.is_empty(), a == b, "{:?} -> {:?}: {:?}", a, b, said);
        prop_assert_eq!(explain_change(None, Some(&a), &names).len(), 1);
        prop_assert_eq!(explain_change(Some(&a), None, &names).len(), 1);
    }
}
