//! What a caller waiting in a queue hears between the hold music: every message interval the
//! queue's messages as its message mode says (cycling through messages 1-3, or repeating the
//! first), and, in the position modes, the caller's place: the next-in-line message once no
//! caller is ahead, before that the engine's voice saying the place. A queue offers as many of
//! its callers to its destinations at once as it has lines, first come first served; the others
//! wait with the music for a line, at most the queue's longest wait.

use super::{Ringing, Session, Stage, QUEUE_MAX_WAIT_SECONDS};
use crate::routing::constants::QUEUE_LINES_MAX;
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

/// How many of a queue's callers ring its destinations at once, whatever a stored row says.
pub fn lines(queue: &QueueForm) -> i64 {
    queue.lines_qty.trim().parse::<i64>().unwrap_or(1).clamp(1, QUEUE_LINES_MAX)
}

/// What a queue plays at its `nth` announcement (from 0) to a caller with `ahead` callers
/// before them: the message, then, in the position modes, the caller's place (the next-in-line
/// message, or the place spoken when others are ahead).
pub fn announcement(queue: &QueueForm, nth: usize, ahead: i64) -> Vec<Prompt> {
    let mut prompts = Vec::new();
    let messages: Vec<i64> = [queue.audio1, queue.audio2, queue.audio3].into_iter().filter(|a| *a > 0).collect();
    if matches!(queue.message_mode, CYCLE | CYCLE_AND_POSITION) && !messages.is_empty() {
        prompts.push(Prompt::Audio(messages[nth % messages.len()]));
    } else if REPEAT_MODES.contains(&queue.message_mode) && queue.audio1 > 0 {
        prompts.push(Prompt::Audio(queue.audio1));
    }
    if POSITION_MODES.contains(&queue.message_mode) {
        if ahead <= 0 {
            if queue.next_in_line_audio > 0 {
                prompts.push(Prompt::Audio(queue.next_in_line_audio));
            }
        } else {
            prompts.push(Prompt::Position(u32::try_from(ahead.saturating_add(1)).unwrap_or(u32::MAX)));
        }
    }
    prompts
}

impl Session {
    fn waiting_queue(&self, ringing: &Ringing) -> Option<QueueForm> {
        ringing.queued_at.and_then(|_| self.facts.queue(ringing.queue).cloned())
    }

    /// A caller who has joined the queue rings its destinations when a line is free (fewer
    /// callers ahead than lines); otherwise waits for one, until the queue's longest wait.
    pub(super) fn offer(&mut self, mut ringing: Ringing, now: i64, out: &mut Vec<Command>) {
        if self.line_free(&ringing) {
            ringing.held = false;
            return self.ring(ringing, now, out);
        }
        ringing.held = true;
        let waited = (now - ringing.queued_at.unwrap_or(now)) / 1000;
        let left = (QUEUE_MAX_WAIT_SECONDS - waited).clamp(1, QUEUE_MAX_WAIT_SECONDS);
        ringing.timer = self.timer(u32::try_from(left).unwrap_or(1), out);
        self.stage = Stage::Ringing(ringing);
    }

    fn line_free(&self, ringing: &Ringing) -> bool {
        self.waiting_queue(ringing).is_none_or(|queue| ringing.ahead < lines(&queue))
    }

    /// The engine says how many callers are ahead now: a caller waiting for a line may get one.
    pub(super) fn callers_ahead(&mut self, ahead: i64, now: i64, out: &mut Vec<Command>) {
        match self.stage.clone() {
            Stage::QueueWelcome { playback, mut ringing } => {
                ringing.ahead = ahead;
                self.stage = Stage::QueueWelcome { playback, ringing };
            }
            Stage::Ringing(mut ringing) => {
                ringing.ahead = ahead;
                if ringing.held && self.line_free(&ringing) {
                    ringing.held = false;
                    self.ring(ringing, now, out);
                } else {
                    self.stage = Stage::Ringing(ringing);
                }
            }
            _ => {}
        }
    }

    /// No line came free within the queue's longest wait: the call is sent on.
    pub(super) fn waited_too_long(&mut self, mut ringing: Ringing, now: i64, out: &mut Vec<Command>) {
        Self::leave_queue(&mut ringing, out);
        ringing.queued_at = None;
        ringing.held = false;
        self.no_one_answered(ringing, now, out);
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
            ringing.announcing = Some(self.play(Party::Caller, first, out));
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
            ringing.announcing = Some(self.play(Party::Caller, next, out));
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
