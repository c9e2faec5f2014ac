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
    // Cycle: messages 1 and 3 (2 has none) in turn.
    let plays: Vec<Vec<i64>> = (0..3).map(|n| announcement(&queue(1), n, 2)).collect();
    assert_eq!(plays, vec![vec![61], vec![63], vec![61]]);
    // Repeat the first only.
    assert_eq!(announcement(&queue(2), 1, 2), vec![61]);
    // Position: the next-in-line message once no one is ahead, nothing before.
    assert_eq!((announcement(&queue(3), 0, 1), announcement(&queue(3), 0, 0)), (vec![], vec![69]));
    // Cycle + position and repeat + position: the message, then the position.
    assert_eq!(announcement(&queue(4), 1, 0), vec![63, 69]);
    assert_eq!(announcement(&queue(5), 1, 0), vec![61, 69]);
    let silent = QueueForm { audio1: 0, audio3: 0, next_in_line_audio: 0, ..queue(4) };
    assert!(announcement(&silent, 0, 0).is_empty());
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
    let announced = s.on(Event::TimerFired { timer: 1 }, SATURDAY + 30_000);
    assert_eq!(
        announced,
        vec![Command::StopHold, Command::Play { playback: 4, to: Party::Caller, prompt: Prompt::Audio(61) }]
    );
    let back = s.on(Event::PlaybackFinished { playback: 4 }, SATURDAY + 33_000);
    assert_eq!(back, vec![Command::Hold { music: 3 }, Command::StartTimer { timer: 5, seconds: 30 }]);
    // The caller ahead has gone: the next announcement adds the next-in-line message.
    assert!(s.on(Event::CallersAhead { ahead: 0 }, SATURDAY + 40_000).is_empty());
    let announced = s.on(Event::TimerFired { timer: 5 }, SATURDAY + 63_000);
    assert_eq!(announced[1], Command::Play { playback: 6, to: Party::Caller, prompt: Prompt::Audio(63) });
    let next = s.on(Event::PlaybackFinished { playback: 6 }, SATURDAY + 66_000);
    assert_eq!(next, vec![Command::Play { playback: 7, to: Party::Caller, prompt: Prompt::Audio(69) }]);
    // Alice answers during it: the message stops (the music is already off) and she is put
    // through; the stale ringing timer does nothing.
    let answered = s.on(Event::LegAnswered { leg: 2 }, SATURDAY + 67_000);
    assert_eq!(answered[0], Command::StopPlayback { playback: 7 });
    assert!(answered.contains(&Command::Connect { leg: 2 }), "{answered:?}");
    assert_eq!(s.waiting_since(), None);
    assert!(s.on(Event::TimerFired { timer: ringing }, SATURDAY + 80_000).is_empty());
    assert!(s.on(Event::PlaybackFinished { playback: playback(&next) }, SATURDAY + 80_000).is_empty());
}
