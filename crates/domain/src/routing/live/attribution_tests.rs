//! The in-call reference sent to whoever answers, and the post call attribution asked of them
//! once the caller hangs up. The weekend call of `tests::facts` rings Alice (leg 1) first.

use super::tests::{facts, playback, timer, SATURDAY};
use super::*;
use crate::reports::CallOutcome;
use crate::routing::history::RoutingRecord;
use crate::routing::{DtmfIvrForm, DtmfIvrKey, DtmfPlanForm, InCallAttributionForm};

fn with_reference(before: &str, after: &str) -> CallFacts {
    let mut f = facts(SATURDAY);
    for record in &mut f.records {
        if let RoutingRecord::DestinationPlan { id: 10, form } = record {
            form.incall = 5;
        }
    }
    let plan = InCallAttributionForm {
        description: "Send the call id".into(),
        attribution_type: "1".into(),
        terminator: "2".into(),
        delay_before: before.into(),
        delay_after: after.into(),
        ..Default::default()
    };
    f.in_call_plans = vec![(5, plan)];
    f
}

/// Alice answers and is put through; the caller hangs up a minute later.
fn talked(f: CallFacts) -> (Session, Vec<Command>) {
    let (mut s, _) = Session::start(f);
    assert_eq!(
        s.on(Event::LegAnswered { leg: 1 }, SATURDAY + 3_000),
        vec![Command::Answer, Command::Connect { leg: 1 }, Command::Record { kind: RecordingKind::Call }]
    );
    let hung_up = s.on(Event::CallerHungUp, SATURDAY + 63_000);
    (s, hung_up)
}

fn reference_plan(min: i64, max: i64, skip_audio: bool) -> DtmfPlanForm {
    DtmfPlanForm {
        description: "Order number".into(),
        intro_audio: 60,
        end_audio: 61,
        minimum_digits: min,
        maximum_digits: max,
        initial_timeout: 10,
        internal_timeout: 4,
        skip_audio,
    }
}

fn asked_plan(plan: DtmfPlanForm) -> CallFacts {
    let mut f = facts(SATURDAY);
    f.entry.agent = Some(AgentAttribution::Plan { plan });
    f
}

fn key(leg: u32, key: &str) -> Event {
    Event::LegKey { leg, key: key.into() }
}

#[test]
fn the_reference_is_sent_to_whoever_answers_after_its_delay_then_the_caller_is_put_through() {
    let (mut s, _) = Session::start(with_reference("2", "1"));
    let answered = s.on(Event::LegAnswered { leg: 1 }, SATURDAY + 3_000);
    assert_eq!(answered, vec![Command::StartTimer { timer: 3, seconds: 2 }]);
    assert_eq!(s.whereabouts(), "Alice answered: hearing the call's reference");
    let sent = s.on(Event::TimerFired { timer: 3 }, SATURDAY + 5_000);
    assert_eq!(
        sent,
        vec![Command::SendDigits { leg: 1, digits: "4812#".into() }, Command::StartTimer { timer: 4, seconds: 1 }]
    );
    let through = s.on(Event::TimerFired { timer: 4 }, SATURDAY + 6_000);
    assert_eq!(
        through,
        vec![Command::Answer, Command::Connect { leg: 1 }, Command::Record { kind: RecordingKind::Call }]
    );
    assert_eq!(s.record().reference_sent, "4812#");
    assert_eq!(s.record().connected_millis, Some(SATURDAY + 6_000));
}

#[test]
fn with_no_delays_the_reference_goes_at_once_before_the_whisper() {
    let mut f = with_reference("0", "0");
    f.entry.whisper_audio = 77;
    f.in_call_plans[0].1.attribution_type = "2".into();
    let (mut s, _) = Session::start(f);
    let answered = s.on(Event::LegAnswered { leg: 1 }, SATURDAY + 3_000);
    assert_eq!(
        answered,
        vec![
            Command::SendDigits { leg: 1, digits: "07700900123#".into() },
            Command::Play { playback: 3, to: Party::Leg(1), prompt: Prompt::Audio(77) },
        ]
    );
}

#[test]
fn a_caller_who_hangs_up_before_the_reference_leaves_nothing_sent_and_an_inactive_plan_sends_nothing() {
    let (mut s, _) = Session::start(with_reference("5", "0"));
    s.on(Event::LegAnswered { leg: 1 }, SATURDAY + 3_000);
    assert_eq!(s.on(Event::CallerHungUp, SATURDAY + 4_000), vec![Command::DropLeg { leg: 1 }]);
    assert!(s.has_ended());
    assert_eq!(s.record().reference_sent, "");
    // The destination hanging up while it waits for the reference hangs up the caller.
    let (mut s, _) = Session::start(with_reference("5", "0"));
    s.on(Event::LegAnswered { leg: 1 }, SATURDAY + 3_000);
    let gone = s.on(Event::LegHungUp { leg: 1 }, SATURDAY + 4_000);
    assert!(matches!(gone.as_slice(), [Command::HangUp { .. }]), "{gone:?}");
    let mut off = with_reference("0", "0");
    off.in_call_plans[0].1.active = "0".into();
    let (mut s, _) = Session::start(off);
    assert_eq!(s.on(Event::LegAnswered { leg: 1 }, SATURDAY + 3_000)[1], Command::Connect { leg: 1 });
}

#[test]
fn after_the_caller_hangs_up_the_destination_enters_digits_for_the_dtmf_plan() {
    let (mut s, asked) = talked(asked_plan(reference_plan(3, 5, false)));
    assert_eq!(asked, vec![Command::Play { playback: 3, to: Party::Leg(1), prompt: Prompt::Audio(60) }]);
    assert!(!s.has_ended(), "the destination is still on the line");
    assert_eq!(s.whereabouts(), "Alice: entering the call's attribution");
    // The caller's part is over: its end is when the caller hung up.
    assert_eq!(s.record().ended_millis, Some(SATURDAY + 63_000));
    // Keys over the intro do not count when the plan does not let them skip it; nor do the
    // caller's (gone) or another leg's.
    assert!(s.on(key(1, "9"), SATURDAY + 64_000).is_empty());
    assert!(s.on(Event::Key { key: "9".into() }, SATURDAY + 64_000).is_empty());
    assert!(s.on(key(2, "9"), SATURDAY + 64_000).is_empty());
    assert_eq!(
        s.on(Event::PlaybackFinished { playback: 3 }, SATURDAY + 66_000),
        vec![Command::StartTimer { timer: 4, seconds: 10 }]
    );
    for (i, digit) in ["1", "2", "3", "4"].iter().enumerate() {
        let next = s.on(key(1, digit), SATURDAY + 67_000 + i as i64 * 500);
        assert_eq!(next, vec![Command::StartTimer { timer: 5 + i as u32, seconds: 4 }], "{digit}");
    }
    // A stale timer changes nothing; the last one ends the entry with four digits.
    assert!(s.on(Event::TimerFired { timer: 4 }, SATURDAY + 76_000).is_empty());
    let done = s.on(Event::TimerFired { timer: 8 }, SATURDAY + 73_000);
    assert_eq!(done, vec![Command::Play { playback: 9, to: Party::Leg(1), prompt: Prompt::Audio(61) }]);
    assert_eq!(s.on(Event::PlaybackFinished { playback: 9 }, SATURDAY + 75_000), vec![Command::DropLeg { leg: 1 }]);
    assert!(s.has_ended());
    let r = s.record();
    assert_eq!(r.agent_reference, "1234");
    assert_eq!((r.talk_seconds(), r.duration_seconds(), r.outcome()), (60, 63, CallOutcome::Answered));
    assert_eq!(r.hang_up_reason, "The caller hung up.");
    assert_eq!(r.ended_at, "Talking to Alice");
}

#[test]
fn the_entry_ends_at_its_most_digits_or_hash_and_too_few_digits_are_not_kept() {
    // Skipping the intro: the first key stops it and counts.
    let (mut s, asked) = talked(asked_plan(reference_plan(2, 3, true)));
    let intro = playback(&asked);
    let first = s.on(key(1, "7"), SATURDAY + 64_000);
    assert_eq!(first[0], Command::StopPlayback { playback: intro });
    s.on(key(1, "*"), SATURDAY + 64_500); // not a digit of a reference
    s.on(key(1, "8"), SATURDAY + 65_000);
    let done = s.on(key(1, "9"), SATURDAY + 65_500);
    assert!(matches!(done.as_slice(), [Command::Play { prompt: Prompt::Audio(61), .. }]), "{done:?}");
    assert_eq!(s.record().agent_reference, "789");
    // '#' ends the entry early; one digit is fewer than the plan's two.
    let (mut s, asked) = talked(asked_plan(reference_plan(2, 3, false)));
    s.on(Event::PlaybackFinished { playback: playback(&asked) }, SATURDAY + 64_000);
    s.on(key(1, "4"), SATURDAY + 65_000);
    let done = s.on(key(1, "#"), SATURDAY + 65_500);
    assert!(matches!(done.as_slice(), [Command::Play { prompt: Prompt::Audio(61), .. }]), "{done:?}");
    assert_eq!(s.record().agent_reference, "");
    // The destination hanging up ends the call where it was.
    assert!(s.on(Event::LegHungUp { leg: 1 }, SATURDAY + 66_000).is_empty());
    assert!(s.has_ended());
}

fn asked_ivr() -> CallFacts {
    let mut f = facts(SATURDAY);
    let choice =
        |description: &str, category_id, dtmf_id| DtmfIvrKey { description: description.into(), category_id, dtmf_id };
    let ivr = DtmfIvrForm {
        description: "Outcome".into(),
        intro_audio_id: 70,
        end_audio_id: 71,
        keys: vec![choice("Booked", 8, 0), choice("Quote", 9, 40)],
    };
    let plan = DtmfPlanForm { intro_audio: 0, ..reference_plan(1, 2, false) };
    f.entry.agent = Some(AgentAttribution::Ivr { ivr, plans: vec![(40, plan)] });
    f
}

#[test]
fn a_dtmf_ivr_key_gives_the_call_its_category_and_may_run_its_plan() {
    let (mut s, asked) = talked(asked_ivr());
    assert_eq!(asked, vec![Command::Play { playback: 3, to: Party::Leg(1), prompt: Prompt::Audio(70) }]);
    // A key the IVR does not have is not an answer.
    assert!(s.on(key(1, "5"), SATURDAY + 64_000).is_empty());
    let chosen = s.on(key(1, "2"), SATURDAY + 65_000);
    // The key's plan has no intro: its digits are awaited at once.
    assert_eq!(chosen, vec![Command::StopPlayback { playback: 3 }, Command::StartTimer { timer: 4, seconds: 10 }]);
    assert_eq!(s.record().agent_category, 9);
    s.on(key(1, "4"), SATURDAY + 66_000);
    let done = s.on(key(1, "2"), SATURDAY + 66_500);
    assert!(matches!(done.as_slice(), [Command::Play { prompt: Prompt::Audio(61), .. }]), "{done:?}");
    assert_eq!(s.record().agent_reference, "42");
    // Key 1 has no plan: the IVR's end audio, then the line is hung up.
    let (mut s, _) = talked(asked_ivr());
    let chosen = s.on(key(1, "1"), SATURDAY + 64_000);
    assert_eq!(chosen[1], Command::Play { playback: 4, to: Party::Leg(1), prompt: Prompt::Audio(71) });
    assert_eq!(s.on(Event::PlaybackFinished { playback: 4 }, SATURDAY + 66_000), vec![Command::DropLeg { leg: 1 }]);
    assert_eq!((s.record().agent_category, s.record().agent_reference.as_str()), (8, ""));
}

#[test]
fn no_key_at_the_dtmf_ivr_ends_with_its_end_audio_and_the_engine_losing_it_ends_it() {
    let (mut s, asked) = talked(asked_ivr());
    let waiting = s.on(Event::PlaybackFinished { playback: playback(&asked) }, SATURDAY + 66_000);
    let wait = timer(&waiting);
    let ended = s.on(Event::TimerFired { timer: wait }, SATURDAY + 71_000);
    assert!(matches!(ended.as_slice(), [Command::Play { prompt: Prompt::Audio(71), .. }]), "{ended:?}");
    assert_eq!(s.record().agent_category, 0);
    let (mut s, _) = talked(asked_ivr());
    assert!(s.on(Event::EngineLost, SATURDAY + 64_000).is_empty());
    assert!(s.has_ended());
    // A destination that hangs up first is not asked anything.
    let (mut s, _) = Session::start(asked_ivr());
    s.on(Event::LegAnswered { leg: 1 }, SATURDAY + 3_000);
    let gone = s.on(Event::LegHungUp { leg: 1 }, SATURDAY + 60_000);
    assert!(matches!(gone.as_slice(), [Command::HangUp { .. }]), "{gone:?}");
    assert!(s.has_ended());
}
