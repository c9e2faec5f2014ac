//! A caller waiting in a queue hears its messages between the hold music, as its message mode
//! says, and the next-in-line message once no one is ahead. The weekend call of `tests::facts`
//! reaches Reception (Alice, then Bob), here put behind queue 40.

use super::tests::{facts, playback, ring_timer, SATURDAY};
use super::*;
use crate::routing::history::RoutingRecord;
use crate::routing::QueueForm;

fn queue(mode: i64) -> QueueForm {
    QueueForm {
        description: "Front desk".into(),
        max_calls: "10".into(),
        lines_qty: "2".into(),
        hold_music: 3,
        message_mode: mode,
        message_interval: 30,
        audio1: 61,
        audio2: 0,
        audio3: 63,
        next_in_line_audio: 69,
        ..Default::default()
    }
}

#[test]
fn the_message_modes_choose_what_each_announcement_plays() {
    use Prompt::{Audio, Position};
    // Cycle: messages 1 and 3 (2 has none) in turn.
    let plays: Vec<Vec<Prompt>> = (0..3).map(|n| announcement(&queue(1), n, 2)).collect();
    assert_eq!(plays, vec![vec![Audio(61)], vec![Audio(63)], vec![Audio(61)]]);
    // Repeat the first only.
    assert_eq!(announcement(&queue(2), 1, 2), vec![Audio(61)]);
    // Position: the place spoken while others are ahead, the next-in-line message once none is.
    assert_eq!(announcement(&queue(3), 0, 1), vec![Position(2)]);
    assert_eq!(announcement(&queue(3), 0, 4), vec![Position(5)]);
    assert_eq!(announcement(&queue(3), 0, 0), vec![Audio(69)]);
    // Cycle + position and repeat + position: the message, then the place.
    assert_eq!(announcement(&queue(4), 1, 0), vec![Audio(63), Audio(69)]);
    assert_eq!(announcement(&queue(4), 0, 2), vec![Audio(61), Position(3)]);
    assert_eq!(announcement(&queue(5), 1, 0), vec![Audio(61), Audio(69)]);
    // With no audio at all, the position modes still say the place; nothing else is said.
    let silent = QueueForm { audio1: 0, audio3: 0, next_in_line_audio: 0, ..queue(4) };
    assert!(announcement(&silent, 0, 0).is_empty());
    assert_eq!(announcement(&silent, 0, 1), vec![Position(2)]);
    // A count that could not be true is bounded, never a panic.
    assert_eq!(announcement(&queue(3), 0, i64::MAX), vec![Position(u32::MAX)]);
    assert!(announcement(&QueueForm { message_mode: 9, ..queue(1) }, 0, 3).is_empty());
}

#[test]
fn a_waiting_caller_hears_the_messages_between_the_music_and_is_told_when_next() {
    let mut f = facts(SATURDAY);
    f.records.push(RoutingRecord::Queue { id: 40, form: queue(4) });
    if let Some(RoutingRecord::DestinationPlan { form, .. }) = f.records.first_mut() {
        form.queue = 40;
    }
    f.queue_waiting = vec![(40, 1)];
    let (mut s, first) = Session::start(f);
    assert_eq!(s.waiting_since(), Some((40, SATURDAY)));
    // No welcome: the music and the first announcement's 30 s at once, then the ringing.
    assert_eq!(
        first[..3],
        [Command::Answer, Command::Hold { music: 3 }, Command::StartTimer { timer: 1, seconds: 30 }]
    );
    let ringing = ring_timer(&first);
    // One caller is ahead: the message, then the caller's place, spoken.
    let announced = s.on(Event::TimerFired { timer: 1 }, SATURDAY + 30_000);
    assert_eq!(
        announced,
        vec![Command::StopHold, Command::Play { playback: 4, to: Party::Caller, prompt: Prompt::Audio(61) }]
    );
    let place = s.on(Event::PlaybackFinished { playback: 4 }, SATURDAY + 33_000);
    assert_eq!(place, vec![Command::Play { playback: 5, to: Party::Caller, prompt: Prompt::Position(2) }]);
    let back = s.on(Event::PlaybackFinished { playback: 5 }, SATURDAY + 36_000);
    assert_eq!(back, vec![Command::Hold { music: 3 }, Command::StartTimer { timer: 6, seconds: 30 }]);
    // The caller ahead has gone: the next announcement adds the next-in-line message.
    assert!(s.on(Event::CallersAhead { ahead: 0 }, SATURDAY + 40_000).is_empty());
    let announced = s.on(Event::TimerFired { timer: 6 }, SATURDAY + 66_000);
    assert_eq!(announced[1], Command::Play { playback: 7, to: Party::Caller, prompt: Prompt::Audio(63) });
    let next = s.on(Event::PlaybackFinished { playback: 7 }, SATURDAY + 69_000);
    assert_eq!(next, vec![Command::Play { playback: 8, to: Party::Caller, prompt: Prompt::Audio(69) }]);
    // Alice answers during it: the message stops (the music is already off) and she is put
    // through; the stale ringing timer does nothing.
    let answered = s.on(Event::LegAnswered { leg: 2 }, SATURDAY + 70_000);
    assert_eq!(answered[0], Command::StopPlayback { playback: 8 });
    assert!(answered.contains(&Command::Connect { leg: 2 }), "{answered:?}");
    assert_eq!(s.waiting_since(), None);
    assert!(s.on(Event::TimerFired { timer: ringing }, SATURDAY + 80_000).is_empty());
    assert!(s.on(Event::PlaybackFinished { playback: playback(&next) }, SATURDAY + 80_000).is_empty());
}

#[test]
fn a_queue_has_at_least_one_line_and_at_most_its_maximum() {
    let with = |typed: &str| lines(&QueueForm { lines_qty: typed.into(), ..queue(1) });
    assert_eq!(
        [with("3"), with(" 2 "), with(""), with("0"), with("-4"), with("500"), with("x")],
        [3, 2, 1, 1, 1, 99, 1]
    );
}

/// The weekend call behind queue 40 with `lines` lines and `waiting` callers already there.
fn queued(lines: &str, waiting: i64, welcome: i64) -> (Session, Vec<Command>) {
    let mut f = facts(SATURDAY);
    f.records.push(RoutingRecord::Queue {
        id: 40,
        form: QueueForm { lines_qty: lines.into(), welcome_audio: welcome, ..queue(1) },
    });
    if let Some(RoutingRecord::DestinationPlan { form, .. }) = f.records.first_mut() {
        form.queue = 40;
    }
    f.queue_waiting = vec![(40, waiting)];
    Session::start(f)
}

fn dials(commands: &[Command]) -> usize {
    commands.iter().filter(|c| matches!(c, Command::Dial { .. })).count()
}

#[test]
fn a_caller_rings_the_destinations_only_when_one_of_the_queues_lines_is_free() {
    // Two lines, one caller ahead: a line is free, Alice rings at once.
    let (_, first) = queued("2", 1, 0);
    assert_eq!(dials(&first), 1, "{first:?}");

    // One line, one caller ahead: the music, the announcements' timer and the longest wait's
    // timer, and nothing rings until the caller ahead has gone.
    let (mut s, first) = queued("1", 1, 0);
    assert_eq!(
        first,
        vec![
            Command::Answer,
            Command::Hold { music: 3 },
            Command::StartTimer { timer: 1, seconds: 30 },
            Command::StartTimer { timer: 2, seconds: QUEUE_MAX_WAIT_SECONDS as u32 },
        ]
    );
    assert_eq!(s.whereabouts(), "Queue 'Front desk': waiting for a free line");
    assert_eq!(s.waiting_since(), Some((40, SATURDAY)));
    // Still one ahead (someone behind left): still waiting.
    assert!(s.on(Event::CallersAhead { ahead: 1 }, SATURDAY + 5_000).is_empty());
    // The caller ahead has gone: Alice rings; the longest wait counts from joining.
    let rings = s.on(Event::CallersAhead { ahead: 0 }, SATURDAY + 20_000);
    assert_eq!(dials(&rings), 1, "{rings:?}");
    assert!(s.whereabouts().starts_with("Queue 'Front desk': waiting, ringing Alice"), "{}", s.whereabouts());
    // The stale longest-wait timer does nothing.
    assert!(s
        .on(Event::TimerFired { timer: 2 }, SATURDAY + 300_000)
        .iter()
        .all(|c| !matches!(c, Command::HangUp { .. })));
}

#[test]
fn a_caller_who_never_gets_a_line_is_sent_on_after_the_longest_wait() {
    let (mut s, _) = queued("1", 3, 0);
    let sent_on = s.on(Event::TimerFired { timer: 2 }, SATURDAY + QUEUE_MAX_WAIT_SECONDS * 1000);
    assert_eq!(sent_on[0], Command::StopHold);
    assert!(matches!(sent_on.last(), Some(Command::HangUp { .. })), "{sent_on:?}");
    assert_eq!(dials(&sent_on), 0);
    assert_eq!(s.record().hang_up_reason, "No one answered.");
    assert_eq!(s.waiting_since(), None);
}

#[test]
fn a_line_freed_during_the_welcome_is_taken_when_it_ends() {
    let (mut s, _) = queued("1", 1, 55);
    assert!(s.on(Event::CallersAhead { ahead: 0 }, SATURDAY + 1_000).is_empty());
    let after = s.on(Event::PlaybackFinished { playback: 1 }, SATURDAY + 4_000);
    assert_eq!(dials(&after), 1, "{after:?}");
    // Without the line freed, the welcome ends in the wait.
    let (mut held, _) = queued("1", 1, 55);
    let after = held.on(Event::PlaybackFinished { playback: 1 }, SATURDAY + 4_000);
    assert_eq!(dials(&after), 0, "{after:?}");
    assert_eq!(held.whereabouts(), "Queue 'Front desk': waiting for a free line");
}
