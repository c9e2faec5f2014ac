use super::*;
use crate::reports::CallOutcome;
use crate::routing::history::{EntryRoute, RoutingRecord, RoutingSnapshot, StoredDestinationNumber, StoredServicePlan};
use crate::routing::ivr::{CallEnd, IvrForm, IvrKey, KeyType, Library, Named, StoredIvr};
use crate::routing::{
    DestinationPlanForm, DestinationRow, QueueForm, RowType, ServicePlanForm, TimeRow, VoicemailForm,
    LAST_MINUTE_OF_WEEK, MULTI_DIAL,
};

// Wednesday 14 January 2026, 10:00 GMT; Saturday 17 January 2026, 10:00 GMT.
pub(super) const WEDNESDAY: i64 = 1_768_384_800_000;
pub(super) const SATURDAY: i64 = 1_768_644_000_000;

fn key(key: &str, key_type: KeyType, id: i64) -> IvrKey {
    let mut k = IvrKey { key: key.into(), description: format!("Option {key}"), key_type, ..Default::default() };
    match key_type {
        KeyType::Routing => k.destination_id = id,
        KeyType::Ivr => k.ivr_id = id,
        KeyType::Voicemail => k.voicemail_id = id,
    }
    k
}

/// Weekdays to the main menu (IVR 1: 1 Reception, 2 the billing menu, 3 voicemail), weekends
/// straight to Reception (a hunt group of Alice then Bob). Billing (IVR 2): 1 Sales (a multi
/// dial of Carol and Dan, then Erin when no one answers), 2 back.
pub(super) fn facts(at: i64) -> CallFacts {
    let rows = vec![
        TimeRow { plan_type: RowType::Ivr, routing: 0, ivr: 1, ..TimeRow::spanning(0, 5 * 1440 - 1, 0) },
        TimeRow::spanning(5 * 1440, LAST_MINUTE_OF_WEEK, 10),
    ];
    let menu = |id: i64, name: &str, audio: i64, options: Vec<IvrKey>| StoredIvr {
        id,
        ivr: IvrForm {
            description: name.into(),
            intro_audio: audio,
            repeat_key: "none".into(),
            repeat_audio: "1".into(),
            options,
            ..Default::default()
        },
    };
    let snapshot = RoutingSnapshot {
        service_plans: vec![StoredServicePlan {
            id: 1,
            form: ServicePlanForm { description: "Office".into(), rows, exceptions: vec![] },
        }],
        library: Library {
            ivrs: vec![
                menu(
                    1,
                    "Main menu",
                    501,
                    vec![key("1", KeyType::Routing, 10), key("2", KeyType::Ivr, 2), key("3", KeyType::Voicemail, 20)],
                ),
                menu(2, "Billing", 502, vec![key("1", KeyType::Routing, 11), key("2", KeyType::Ivr, 1)]),
            ],
            destination_plans: vec![
                Named { id: 10, description: "Reception".into() },
                Named { id: 11, description: "Sales".into() },
            ],
            voicemails: vec![Named { id: 20, description: "Messages".into() }],
        },
        entries: vec![],
    };
    let number = |id: i64, name: &str, digits: &str| RoutingRecord::DestinationNumber {
        id,
        form: StoredDestinationNumber {
            description: name.into(),
            code: "44".into(),
            number: digits.into(),
            ..Default::default()
        },
    };
    let row = |destination, ring_length| DestinationRow { destination, ring_length };
    let records = vec![
        RoutingRecord::DestinationPlan {
            id: 10,
            form: DestinationPlanForm {
                description: "Reception".into(),
                destinations: vec![row(31, 20), row(32, 30)],
                ..Default::default()
            },
        },
        RoutingRecord::DestinationPlan {
            id: 11,
            form: DestinationPlanForm {
                description: "Sales".into(),
                plan_type: MULTI_DIAL,
                no_response_destination: 35,
                destinations: vec![row(33, 15), row(34, 0)],
                ..Default::default()
            },
        },
        number(31, "Alice", "07700900101"),
        number(32, "Bob", "07700900102"),
        number(33, "Carol", "07700900103"),
        number(34, "Dan", "07700900104"),
        number(35, "Erin", "07700900105"),
        RoutingRecord::Voicemail { id: 20, form: VoicemailForm { description: "Messages".into(), audio_id: 520 } },
    ];
    CallFacts {
        started_at_millis: at,
        routed_as_at_millis: None,
        time_zone: "Europe/London".into(),
        entry: LiveEntry {
            id: 7,
            route: Some(EntryRoute::ServicePlan { id: 1 }),
            recording: true,
            intro_audio: 0,
            whisper_audio: 0,
            agent: None,
        },
        snapshot,
        records,
        queue_waiting: vec![],
        call_id: 4812,
        caller: "07700900123".into(),
        in_call_plans: vec![],
    }
}

pub(super) fn dials(commands: &[Command]) -> Vec<(u32, String)> {
    commands
        .iter()
        .filter_map(|c| match c {
            Command::Dial { leg, number, .. } => Some((*leg, number.clone())),
            _ => None,
        })
        .collect()
}

pub(super) fn timer(commands: &[Command]) -> u32 {
    commands
        .iter()
        .find_map(|c| match c {
            Command::StartTimer { timer, .. } => Some(*timer),
            _ => None,
        })
        .expect("a timer")
}

/// The last timer started: a round's ringing, after any queue announcement's.
pub(super) fn ring_timer(commands: &[Command]) -> u32 {
    commands
        .iter()
        .rev()
        .find_map(|c| match c {
            Command::StartTimer { timer, .. } => Some(*timer),
            _ => None,
        })
        .expect("a timer")
}

pub(super) fn playback(commands: &[Command]) -> u32 {
    commands
        .iter()
        .find_map(|c| match c {
            Command::Play { playback, .. } => Some(*playback),
            _ => None,
        })
        .expect("a prompt")
}

#[test]
fn a_weekend_call_rings_the_hunt_group_in_turn_and_the_second_answers() {
    let (mut s, first) = Session::start(facts(SATURDAY));
    assert_eq!(first[0], Command::Ring, "the caller hears ringing, not an answer");
    assert_eq!(dials(&first), vec![(1, "447700900101".to_string())]);
    assert!(first.contains(&Command::StartTimer { timer: 2, seconds: 20 }));
    // Alice's 20 seconds pass: she stops ringing and Bob rings for 30.
    let next = s.on(Event::TimerFired { timer: 2 }, SATURDAY + 20_000);
    assert!(next.contains(&Command::DropLeg { leg: 1 }));
    assert_eq!(dials(&next), vec![(3, "447700900102".to_string())]);
    assert!(next.contains(&Command::StartTimer { timer: 4, seconds: 30 }));
    assert!(!next.contains(&Command::Ring), "ringing is asked for once");
    let answered = s.on(Event::LegAnswered { leg: 3 }, SATURDAY + 26_000);
    assert_eq!(
        answered,
        vec![Command::Answer, Command::Connect { leg: 3 }, Command::Record { kind: RecordingKind::Call }]
    );
    assert_eq!(s.whereabouts(), "Talking to Bob");
    // A stale timer changes nothing.
    assert!(s.on(Event::TimerFired { timer: 4 }, SATURDAY + 56_000).is_empty());
    let end = s.on(Event::CallerHungUp, SATURDAY + 86_000);
    assert_eq!(end, vec![Command::DropLeg { leg: 3 }]);
    let r = s.record();
    assert_eq!(r.path().unwrap().end, CallEnd::DestinationPlan { id: 10, description: "Reception".into() });
    assert_eq!((r.ring_seconds(), r.talk_seconds(), r.duration_seconds()), (26, 60, 86));
    assert_eq!(
        r.tries.iter().map(|t| t.result).collect::<Vec<_>>(),
        vec![Some(LegResult::NoAnswer), Some(LegResult::Answered)]
    );
    assert_eq!((r.answered_by.as_str(), r.recorded, r.outcome()), ("Bob", true, CallOutcome::Answered));
    assert!(s.has_ended());
}

#[test]
fn the_whisper_plays_to_whoever_answers_before_the_caller_is_put_through() {
    let mut f = facts(SATURDAY);
    f.entry.whisper_audio = 77;
    let (mut s, _) = Session::start(f);
    let answered = s.on(Event::LegAnswered { leg: 1 }, SATURDAY + 3_000);
    assert_eq!(answered, vec![Command::Play { playback: 3, to: Party::Leg(1), prompt: Prompt::Audio(77) }]);
    assert_eq!(s.whereabouts(), "Alice answered: hearing the whisper");
    let through = s.on(Event::PlaybackFinished { playback: 3 }, SATURDAY + 5_000);
    assert_eq!(
        through,
        vec![Command::Answer, Command::Connect { leg: 1 }, Command::Record { kind: RecordingKind::Call }]
    );
    assert_eq!(s.record().connected_millis, Some(SATURDAY + 5_000));
}

#[test]
fn keys_lead_through_the_menus_to_a_multi_dial_where_the_first_to_answer_wins() {
    let (mut s, first) = Session::start(facts(WEDNESDAY));
    assert_eq!(
        first,
        vec![Command::Answer, Command::Play { playback: 1, to: Party::Caller, prompt: Prompt::Audio(501) }]
    );
    assert_eq!(s.whereabouts(), "IVR 'Main menu': waiting for a key");
    // A key during the prompt stops it; the billing menu plays.
    let billing = s.on(Event::Key { key: "2".into() }, WEDNESDAY + 2_000);
    assert_eq!(billing[0], Command::StopPlayback { playback: 1 });
    let prompt = playback(&billing);
    let waiting = s.on(Event::PlaybackFinished { playback: prompt }, WEDNESDAY + 6_000);
    assert_eq!(waiting.len(), 1, "then it waits for a key");
    let ringing = s.on(Event::Key { key: "1".into() }, WEDNESDAY + 7_000);
    assert_eq!(dials(&ringing).len(), 2, "a multi dial rings everyone at once");
    assert!(ringing.iter().any(|c| matches!(c, Command::StartTimer { seconds: 15, .. })));
    let legs: Vec<u32> = dials(&ringing).iter().map(|(l, _)| *l).collect();
    let won = s.on(Event::LegAnswered { leg: legs[1] }, WEDNESDAY + 10_000);
    assert_eq!(won[0], Command::DropLeg { leg: legs[0] });
    assert!(won.contains(&Command::Connect { leg: legs[1] }));
    // The loser answering a moment later is dropped.
    assert_eq!(s.on(Event::LegAnswered { leg: legs[0] }, WEDNESDAY + 10_100), vec![Command::DropLeg { leg: legs[0] }]);
    let r = s.record();
    assert_eq!(r.keys, "21");
    assert_eq!(r.answered_by, "Dan");
    assert_eq!(r.tries[0].result, Some(LegResult::Stopped));
}

#[test]
fn a_multi_dial_nobody_answers_goes_to_its_no_response_destination() {
    let (mut s, _) = Session::start(facts(WEDNESDAY));
    s.on(Event::Key { key: "2".into() }, WEDNESDAY + 1_000);
    let ringing = s.on(Event::Key { key: "1".into() }, WEDNESDAY + 2_000);
    let t = timer(&ringing);
    let after = s.on(Event::TimerFired { timer: t }, WEDNESDAY + 17_000);
    assert_eq!(dials(&after).iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>(), vec!["447700900105"]);
    let t = timer(&after);
    let end = s.on(Event::TimerFired { timer: t }, WEDNESDAY + 77_000);
    assert_eq!(end.last(), Some(&Command::HangUp { reason: "No one answered.".into() }));
    assert_eq!(s.record().outcome(), CallOutcome::Missed);
    assert_eq!(s.record().tries.len(), 3);
}

#[test]
fn a_busy_destination_moves_the_hunt_on_at_once_and_all_busy_is_busy() {
    let (mut s, _) = Session::start(facts(SATURDAY));
    let next = s.on(Event::LegFailed { leg: 1, failure: LegFailure::Busy }, SATURDAY + 1_000);
    assert_eq!(dials(&next).len(), 1);
    let leg = dials(&next)[0].0;
    let end = s.on(Event::LegFailed { leg, failure: LegFailure::Busy }, SATURDAY + 2_000);
    assert!(matches!(end.last(), Some(Command::HangUp { .. })));
    assert_eq!(s.record().outcome(), CallOutcome::Busy);
}

#[test]
fn a_wrong_key_repeats_the_menu_and_silence_hangs_up_without_a_default() {
    let (mut s, _) = Session::start(facts(WEDNESDAY));
    let again = s.on(Event::Key { key: "9".into() }, WEDNESDAY + 1_000);
    assert!(again.iter().any(|c| matches!(c, Command::Play { prompt: Prompt::Audio(501), .. })));
    let p = playback(&again);
    let t = timer(&s.on(Event::PlaybackFinished { playback: p }, WEDNESDAY + 4_000));
    let end = s.on(Event::TimerFired { timer: t }, WEDNESDAY + 9_000);
    assert_eq!(end, vec![Command::HangUp { reason: "No key was pressed and the menu has no default key.".into() }]);
    assert_eq!(s.record().outcome(), CallOutcome::HungUpInIvr);
    assert_eq!(s.record().keys, "9");
}

#[test]
fn a_caller_who_hangs_up_in_the_menu_is_abandoned_there() {
    let (mut s, _) = Session::start(facts(WEDNESDAY));
    assert!(s.on(Event::CallerHungUp, WEDNESDAY + 3_000).is_empty());
    let r = s.record();
    assert_eq!((r.outcome(), r.ended_at.as_str()), (CallOutcome::HungUpInIvr, "IVR 'Main menu': waiting for a key"));
    assert_eq!(r.end, None);
    assert_eq!(r.duration_seconds(), 3);
}

#[test]
fn voicemail_plays_the_greeting_a_beep_then_records_the_message() {
    let (mut s, _) = Session::start(facts(WEDNESDAY));
    let greeting = s.on(Event::Key { key: "3".into() }, WEDNESDAY + 1_000);
    assert!(greeting.iter().any(|c| matches!(c, Command::Play { prompt: Prompt::Audio(520), .. })));
    let beep = s.on(Event::PlaybackFinished { playback: playback(&greeting) }, WEDNESDAY + 5_000);
    assert!(matches!(beep[0], Command::Play { prompt: Prompt::Beep, .. }));
    let rec = s.on(Event::PlaybackFinished { playback: playback(&beep) }, WEDNESDAY + 6_000);
    assert_eq!(rec[0], Command::Record { kind: RecordingKind::Voicemail { max_seconds: VOICEMAIL_MAX_SECONDS } });
    assert_eq!(s.whereabouts(), "Voicemail 'Messages': recording a message");
    s.on(Event::CallerHungUp, WEDNESDAY + 20_000);
    let r = s.record();
    assert_eq!((r.outcome(), r.recorded, r.answered_by.as_str()), (CallOutcome::Voicemail, true, "Messages"));
}

#[test]
fn a_full_queue_says_so_and_sends_the_call_on() {
    let mut f = facts(SATURDAY);
    f.records.push(RoutingRecord::Queue {
        id: 40,
        form: QueueForm {
            description: "Front desk".into(),
            max_calls: "2".into(),
            lines_qty: "2".into(),
            hold_music: 3,
            queue_full_audio: 540,
            welcome_audio: 541,
            ..Default::default()
        },
    });
    if let Some(RoutingRecord::DestinationPlan { form, .. }) = f.records.first_mut() {
        form.queue = 40;
    }
    let mut waiting = f.clone();
    waiting.queue_waiting = vec![(40, 1)];
    let (mut s, first) = Session::start(waiting);
    assert_eq!(first[0], Command::Answer);
    assert!(matches!(first[1], Command::Play { prompt: Prompt::Audio(541), .. }), "the welcome first");
    let hold = s.on(Event::PlaybackFinished { playback: playback(&first) }, SATURDAY + 4_000);
    assert_eq!(hold[0], Command::Hold { music: 3 });
    assert_eq!(dials(&hold).len(), 1);
    // Nobody answers a round: the queue goes round again while the caller may wait.
    let t = ring_timer(&hold);
    let t = timer(&s.on(Event::TimerFired { timer: t }, SATURDAY + 24_000));
    let round_two = s.on(Event::TimerFired { timer: t }, SATURDAY + 54_000);
    assert_eq!(dials(&round_two)[0].1, "447700900101");
    assert_eq!(s.waiting_since().map(|(queue, _)| queue), Some(40), "a caller counted as waiting in the queue");
    let answered = s.on(Event::LegAnswered { leg: dials(&round_two)[0].0 }, SATURDAY + 60_000);
    assert_eq!(answered[0], Command::StopHold);
    assert_eq!(s.waiting_since(), None);
    assert_eq!(s.record().queue, "Front desk");

    let mut full = f;
    full.queue_waiting = vec![(40, 2)];
    let (mut s, first) = Session::start(full);
    assert!(matches!(first[1], Command::Play { prompt: Prompt::Audio(540), .. }));
    let end = s.on(Event::PlaybackFinished { playback: playback(&first) }, SATURDAY + 3_000);
    assert_eq!(end, vec![Command::HangUp { reason: "The queue was full.".into() }]);
}

#[test]
fn a_basic_number_rings_its_destination_and_an_unconnected_one_hangs_up() {
    let mut f = facts(SATURDAY);
    f.entry.route = Some(EntryRoute::Number { destination: "01614960000".into() });
    let (_, first) = Session::start(f.clone());
    assert_eq!(dials(&first), vec![(1, "01614960000".to_string())]);
    f.entry.route = None;
    let (s, first) = Session::start(f);
    assert_eq!(first, vec![Command::HangUp { reason: "The number is not connected to any routing.".into() }]);
    assert!(s.has_ended());
}

#[test]
fn the_numbers_intro_plays_before_the_routing() {
    let mut f = facts(SATURDAY);
    f.entry.intro_audio = 90;
    let (mut s, first) = Session::start(f);
    assert_eq!(
        first,
        vec![Command::Answer, Command::Play { playback: 1, to: Party::Caller, prompt: Prompt::Audio(90) }]
    );
    let next = s.on(Event::PlaybackFinished { playback: 1 }, SATURDAY + 4_000);
    assert_eq!(dials(&next).len(), 1);
    assert!(!next.contains(&Command::Ring), "the caller is answered already");
}

#[test]
fn the_engine_losing_the_call_closes_it_with_a_reason_and_late_events_do_nothing() {
    let (mut s, _) = Session::start(facts(SATURDAY));
    let gone = s.on(Event::EngineLost, SATURDAY + 5_000);
    assert_eq!(gone, vec![Command::DropLeg { leg: 1 }]);
    assert_eq!(s.record().hang_up_reason, "The telephony engine lost the call.");
    assert!(s.on(Event::CallerHungUp, SATURDAY + 6_000).is_empty());
    assert_eq!(s.record().ended_millis, Some(SATURDAY + 5_000));
}

#[test]
fn dialled_numbers_take_the_code_and_drop_the_national_zero() {
    assert_eq!(dial_number("44", "07700900101"), "447700900101");
    assert_eq!(dial_number("+353", "0851234567"), "353851234567");
    assert_eq!(dial_number("", "01614960000"), "01614960000");
}

#[test]
fn when_the_destination_hangs_up_only_the_caller_is_hung_up() {
    let (mut s, _) = Session::start(facts(SATURDAY));
    s.on(Event::LegAnswered { leg: 1 }, SATURDAY + 2_000);
    let end = s.on(Event::LegHungUp { leg: 1 }, SATURDAY + 12_000);
    assert_eq!(end, vec![Command::HangUp { reason: "The destination hung up.".into() }]);
    assert_eq!((s.record().talk_seconds(), s.record().ended_at.as_str()), (10, "Talking to Alice"));
}

#[test]
fn a_dated_exception_answers_its_day_instead_of_the_week() {
    use crate::routing::plan_exceptions::PlanException;
    // Wednesday 14 January is a closure day: straight to Reception, as at the weekend, not the menu.
    let mut closed = facts(WEDNESDAY);
    closed.snapshot.service_plans[0].form.exceptions = vec![PlanException {
        from: "2026-01-14".into(),
        to: "2026-01-14".into(),
        description: "Stocktake".into(),
        plan_type: RowType::Routing,
        routing: 10,
        ivr: 0,
        ..PlanException::default()
    }];
    let (_, first) = Session::start(closed);
    assert_eq!(dials(&first), vec![(1, "447700900101".to_string())], "Reception's first phone rings");
    // The day after, the week's menu again.
    let mut after = facts(WEDNESDAY + 24 * 3_600_000);
    after.snapshot.service_plans[0].form.exceptions = vec![PlanException {
        from: "2026-01-14".into(),
        to: "2026-01-14".into(),
        description: "Stocktake".into(),
        plan_type: RowType::Routing,
        routing: 10,
        ivr: 0,
        ..PlanException::default()
    }];
    let (_, menu) = Session::start(after);
    assert!(dials(&menu).is_empty(), "the main menu plays first: {menu:?}");
}

#[test]
fn a_test_call_is_routed_as_if_at_its_chosen_moment() {
    use crate::routing::plan_exceptions::PlanException;
    let closure = vec![PlanException {
        from: "2026-01-14".into(),
        to: "2026-01-14".into(),
        description: "Stocktake".into(),
        plan_type: RowType::Routing,
        routing: 10,
        ..PlanException::default()
    }];
    // Made on Thursday (the week's menu), routed as if it were Wednesday's closure.
    let mut test = facts(WEDNESDAY + 24 * 3_600_000);
    test.snapshot.service_plans[0].form.exceptions = closure.clone();
    test.routed_as_at_millis = Some(WEDNESDAY);
    let (session, first) = Session::start(test);
    assert_eq!(dials(&first), vec![(1, "447700900101".to_string())], "the closure's Reception, as on Wednesday");
    assert_eq!(session.record().started_millis, WEDNESDAY + 24 * 3_600_000, "its times are its own");
    // Without the moment, the same call meets Thursday's menu.
    let mut plain = facts(WEDNESDAY + 24 * 3_600_000);
    plain.snapshot.service_plans[0].form.exceptions = closure;
    assert!(dials(&Session::start(plain).1).is_empty());
}
