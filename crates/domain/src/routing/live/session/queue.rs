//! What a caller waiting in a queue hears between the hold music: every message interval the
//! queue's messages as its message mode says (cycling through messages 1-3, or repeating the
//! first), and, in the position modes, the next-in-line message once no caller is ahead.

use super::{Ringing, Session, Stage};
use crate::routing::live::messages::{Command, Party, Prompt};
use crate::routing::QueueForm;

/// The message modes (`routing::constants::MESSAGE_MODES`).
const CYCLE: i64 = 1;
const CYCLE_AND_POSITION: i64 = 4;
const POSITION_MODES: [i64; 3] = [3, 4, 5];
const REPEAT_MODES: [i64; 2] = [2, 5];

/// The seconds between announcements, whatever a stored row says.
fn interval(queue: &QueueForm) -> u32 {
    u32::try_from(queue.message_interval.clamp(10, 300)).unwrap_or(30)
}

/// What a queue plays at its `nth` announcement (from 0) to a caller with `ahead` callers
/// before them: the message, then the next-in-line message when it applies.
pub fn announcement(queue: &QueueForm, nth: usize, ahead: i64) -> Vec<i64> {
    let mut prompts = Vec::new();
    let messages: Vec<i64> = [queue.audio1, queue.audio2, queue.audio3].into_iter().filter(|a| *a > 0).collect();
    if matches!(queue.message_mode, CYCLE | CYCLE_AND_POSITION) && !messages.is_empty() {
        prompts.push(messages[nth % messages.len()]);
    } else if REPEAT_MODES.contains(&queue.message_mode) && queue.audio1 > 0 {
        prompts.push(queue.audio1);
    }
    if POSITION_MODES.contains(&queue.message_mode) && ahead == 0 && queue.next_in_line_audio > 0 {
        prompts.push(queue.next_in_line_audio);
    }
    prompts
}

impl Session {
    fn waiting_queue(&self, ringing: &Ringing) -> Option<QueueForm> {
        ringing.queued_at.and_then(|_| self.facts.queue(ringing.queue).cloned())
    }

    /// The caller starts (or goes back to) the hold music: the next announcement is timed.
    pub(super) fn hold(&mut self, ringing: &mut Ringing, out: &mut Vec<Command>) {
        let Some(queue) = self.waiting_queue(ringing) else { return };
        out.push(Command::Hold { music: queue.hold_music });
        ringing.announcing = None;
        ringing.announce_timer = self.timer(interval(&queue), out);
    }

    /// The announcement is due: the hold music stops and its prompts play in turn.
    pub(super) fn announce(&mut self, mut ringing: Ringing, out: &mut Vec<Command>) {
        let Some(queue) = self.waiting_queue(&ringing) else { return };
        let mut prompts = announcement(&queue, ringing.announced, ringing.ahead);
        ringing.announced += 1;
        if prompts.is_empty() {
            ringing.announce_timer = self.timer(interval(&queue), out);
        } else {
            out.push(Command::StopHold);
            let first = prompts.remove(0);
            ringing.announcing = Some(self.play(Party::Caller, Prompt::Audio(first), out));
            ringing.prompts = prompts;
        }
        self.stage = Stage::Ringing(ringing);
    }

    /// One prompt of the announcement finished: the next, or the hold music again.
    pub(super) fn announced(&mut self, mut ringing: Ringing, out: &mut Vec<Command>) {
        if ringing.prompts.is_empty() {
            self.hold(&mut ringing, out);
        } else {
            let next = ringing.prompts.remove(0);
            ringing.announcing = Some(self.play(Party::Caller, Prompt::Audio(next), out));
        }
        self.stage = Stage::Ringing(ringing);
    }

    /// The caller leaves the queue (answered, or sent on): the announcement or music stops.
    pub(super) fn leave_queue(ringing: &mut Ringing, out: &mut Vec<Command>) {
        match ringing.announcing.take() {
            Some(playback) => out.push(Command::StopPlayback { playback }),
            None => out.push(Command::StopHold),
        }
        ringing.prompts.clear();
    }
}
