//! The session's state machine: time of day, the number's intro, the menus, then a destination
//! plan (hunt group, multi dial, queue), a voicemail or a hang-up.

mod attribution;
mod queue;

pub use queue::{announcement, lines};

use super::facts::{dial_number, CallFacts};
use super::messages::{Command, Event, LegFailure, Party, Prompt, RecordingKind};
use super::record::{LegResult, LegTry, SessionRecord};
use crate::reports::format_uk;
use crate::routing::call_path::{exception_at, exception_row};
use crate::routing::history::EntryRoute;
use crate::routing::ivr::{call_end, CallEnd, CallStep, IvrForm, Menus, Next, Reached};
use crate::routing::plan_exceptions::exception_span;
use crate::routing::{where_does_a_call_go, MULTI_DIAL, RING_LENGTH_DEFAULT, RING_LENGTH_MULTI_DIAL_DEFAULT};

/// Seconds a menu waits for a key after its prompt before it takes its default key.
pub const MENU_WAIT_SECONDS: u32 = 5;
/// The longest message a voicemail takes.
pub const VOICEMAIL_MAX_SECONDS: u32 = 180;
/// A call still in progress this long after it began is taken to have ended unreported (the
/// engine that carried it went away for good).
pub const LONGEST_CALL_SECONDS: i64 = 12 * 60 * 60;
/// The longest a caller waits in a queue before it sends the call on.
pub const QUEUE_MAX_WAIT_SECONDS: i64 = 300;

const NOT_CONNECTED: &str = "The number is not connected to any routing.";
const NO_PLAN: &str = "The service plan no longer exists.";
const NO_DESTINATION_PLAN: &str = "The destination plan no longer exists.";
const NO_DESTINATIONS: &str = "The destination plan has no destinations.";
const NO_ANSWER: &str = "No one answered.";
const NO_VOICEMAIL: &str = "The voicemail no longer exists.";
const QUEUE_FULL: &str = "The queue was full.";
const CALLER_HUNG_UP: &str = "The caller hung up.";
const DESTINATION_HUNG_UP: &str = "The destination hung up.";
const MESSAGE_TOO_LONG: &str = "The message reached its longest.";
const ENGINE_LOST: &str = "The telephony engine lost the call.";

#[derive(Debug, Clone)]
struct Target {
    description: String,
    number: String,
    seconds: u32,
}

#[derive(Debug, Clone)]
struct Ringing {
    targets: Vec<Target>,
    multi_dial: bool,
    /// The next target a hunt group rings.
    next: usize,
    /// Legs ringing now.
    live: Vec<u32>,
    timer: u32,
    no_response: Option<Target>,
    /// When the caller joined the queue (None: no queue).
    queued_at: Option<i64>,
    /// The queue's id (0: none).
    queue: i64,
    /// The destination plan's in-call attribution plan (0: none).
    in_call: i64,
    /// The queue's next announcement (0: none timed).
    announce_timer: u32,
    /// Announcements made so far; the one playing, and the prompts after it.
    announced: usize,
    announcing: Option<u32>,
    prompts: Vec<Prompt>,
    /// Callers in the queue ahead of this one.
    ahead: i64,
    /// Waiting for a line: the callers ahead fill the queue's lines, so nothing rings yet.
    held: bool,
}

impl Ringing {
    /// One destination, no queue: a number's basic route, or a multi dial's no-response one.
    fn single(target: Target) -> Ringing {
        Ringing {
            targets: vec![target],
            multi_dial: false,
            next: 0,
            live: vec![],
            timer: 0,
            no_response: None,
            queued_at: None,
            queue: 0,
            in_call: 0,
            announce_timer: 0,
            announced: 0,
            announcing: None,
            prompts: Vec::new(),
            ahead: 0,
            held: false,
        }
    }
}

#[derive(Debug, Clone)]
enum Stage {
    Intro {
        playback: u32,
    },
    Menu {
        ivr: i64,
        playback: Option<u32>,
        timer: Option<u32>,
    },
    /// A menu that hangs up after its audio.
    DeadEnd {
        ivr: i64,
        playback: u32,
    },
    QueueWelcome {
        playback: u32,
        ringing: Ringing,
    },
    QueueFull {
        playback: u32,
        ringing: Ringing,
    },
    Ringing(Ringing),
    /// The answering destination waits for, or hears, the call's in-call attribution
    /// reference (`digits` still to send; None: sent, the quiet after it).
    Reference {
        leg: u32,
        timer: u32,
        digits: Option<String>,
        after: u32,
    },
    Whisper {
        leg: u32,
        playback: u32,
    },
    Connected {
        leg: u32,
    },
    VoicemailGreeting {
        playback: u32,
    },
    VoicemailBeep {
        playback: u32,
    },
    VoicemailMessage {
        timer: u32,
    },
    /// The caller has hung up; whoever answered is asked the post call attribution.
    Agent {
        leg: u32,
        survey: attribution::Survey,
    },
    Ended,
}

/// One live call.
#[derive(Debug, Clone)]
pub struct Session {
    facts: CallFacts,
    stage: Stage,
    menus: Menus,
    /// The plan row that answered (None: no row, or a direct route).
    row: Option<crate::routing::TimeRow>,
    next_id: u32,
    record: SessionRecord,
}

impl Session {
    /// The session of a call that has just arrived, and its first commands.
    pub fn start(facts: CallFacts) -> (Session, Vec<Command>) {
        let started = facts.started_at_millis;
        let mut session = Session {
            facts,
            stage: Stage::Ended,
            menus: Menus::default(),
            row: None,
            next_id: 0,
            record: SessionRecord { started_millis: started, ..SessionRecord::default() },
        };
        let mut out = Vec::new();
        session.begin(started, &mut out);
        (session, out)
    }

    pub fn record(&self) -> &SessionRecord {
        &self.record
    }

    pub fn has_ended(&self) -> bool {
        matches!(self.stage, Stage::Ended)
    }

    /// The queue the caller waits in and since when (milliseconds): the server counts a queue's
    /// callers by it as a call arrives (a full queue, the lines taken) and orders them by it to
    /// tell each how many are ahead.
    pub fn waiting_since(&self) -> Option<(i64, i64)> {
        match &self.stage {
            Stage::QueueWelcome { ringing, .. } | Stage::Ringing(ringing) => {
                ringing.queued_at.map(|at| (ringing.queue, at))
            }
            _ => None,
        }
    }

    /// Where the call is now, in the simulator's words.
    pub fn whereabouts(&self) -> String {
        match &self.stage {
            Stage::Intro { .. } => "Hearing the number's introduction".into(),
            Stage::Menu { ivr, .. } | Stage::DeadEnd { ivr, .. } => {
                let name = self.facts.snapshot.library.ivr(*ivr).map_or("", |i| i.ivr.description.as_str());
                if matches!(self.stage, Stage::DeadEnd { .. }) {
                    format!("IVR '{name}': hearing its audio before it hangs up")
                } else {
                    format!("IVR '{name}': waiting for a key")
                }
            }
            Stage::QueueWelcome { .. } => format!("Queue '{}': hearing the welcome", self.record.queue),
            Stage::QueueFull { .. } => format!("Queue '{}': full", self.record.queue),
            Stage::Ringing(r) => {
                let names: Vec<&str> = self
                    .record
                    .tries
                    .iter()
                    .filter(|t| r.live.contains(&t.leg))
                    .map(|t| t.destination.as_str())
                    .collect();
                match (&r.queued_at, names.is_empty()) {
                    (Some(_), _) if r.held => format!("Queue '{}': waiting for a free line", self.record.queue),
                    (Some(_), _) => format!("Queue '{}': waiting, ringing {}", self.record.queue, names.join(", ")),
                    (None, true) => "Between destinations".into(),
                    (None, false) => format!("Ringing {}", names.join(", ")),
                }
            }
            Stage::Reference { .. } => format!("{} answered: hearing the call's reference", self.record.answered_by),
            Stage::Whisper { .. } => format!("{} answered: hearing the whisper", self.record.answered_by),
            Stage::Connected { .. } => format!("Talking to {}", self.record.answered_by),
            Stage::VoicemailGreeting { .. } | Stage::VoicemailBeep { .. } => {
                format!("Voicemail '{}': hearing the greeting", self.record.answered_by)
            }
            Stage::VoicemailMessage { .. } => format!("Voicemail '{}': recording a message", self.record.answered_by),
            Stage::Agent { .. } => format!("{}: entering the call's attribution", self.record.answered_by),
            Stage::Ended => self.record.ended_at.clone(),
        }
    }

    /// What happened, at `now` (UTC milliseconds), and what the engine is to do next.
    pub fn on(&mut self, event: Event, now: i64) -> Vec<Command> {
        let mut out = Vec::new();
        if self.has_ended() {
            // A leg that answers after the end is dropped; anything else is too late to matter.
            if let Event::LegAnswered { leg } = event {
                out.push(Command::DropLeg { leg });
            }
            return out;
        }
        if matches!(self.stage, Stage::Agent { .. }) {
            self.agent_event(event, &mut out);
            return out;
        }
        match event {
            Event::CallerHungUp => self.caller_gone(now, CALLER_HUNG_UP, &mut out),
            Event::EngineLost => self.caller_gone(now, ENGINE_LOST, &mut out),
            Event::Key { key } => self.key(&key, now, &mut out),
            // Keys from whoever answered count only once the caller has gone (Stage::Agent).
            Event::LegKey { .. } => {}
            Event::PlaybackFinished { playback } => self.playback_finished(playback, now, &mut out),
            Event::TimerFired { timer } => self.timer_fired(timer, now, &mut out),
            Event::LegAnswered { leg } => self.leg_answered(leg, now, &mut out),
            Event::LegFailed { leg, failure } => self.leg_failed(leg, failure, now, &mut out),
            Event::LegHungUp { leg } => self.leg_hung_up(leg, now, &mut out),
            Event::CallersAhead { ahead } => self.callers_ahead(i64::from(ahead), now, &mut out),
        }
        out
    }

    fn id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    fn answer(&mut self, now: i64, out: &mut Vec<Command>) {
        if self.record.answered_millis.is_none() {
            self.record.answered_millis = Some(now);
            out.push(Command::Answer);
        }
    }

    fn play(&mut self, to: Party, prompt: Prompt, out: &mut Vec<Command>) -> u32 {
        let playback = self.id();
        out.push(Command::Play { playback, to, prompt });
        playback
    }

    fn timer(&mut self, seconds: u32, out: &mut Vec<Command>) -> u32 {
        let timer = self.id();
        out.push(Command::StartTimer { timer, seconds });
        timer
    }

    fn begin(&mut self, now: i64, out: &mut Vec<Command>) {
        let Some(route) = self.facts.entry.route.clone() else {
            return self.hang_up(now, NOT_CONNECTED, out);
        };
        if self.facts.entry.intro_audio > 0 {
            self.answer(now, out);
            let playback = self.play(Party::Caller, Prompt::Audio(self.facts.entry.intro_audio), out);
            self.stage = Stage::Intro { playback };
            return;
        }
        self.route(&route, now, out);
    }

    /// After the intro: the number's route.
    fn route(&mut self, route: &EntryRoute, now: i64, out: &mut Vec<Command>) {
        match route {
            EntryRoute::Number { destination } => {
                let target = Target {
                    description: format_uk(destination),
                    number: destination.clone(),
                    seconds: RING_LENGTH_DEFAULT,
                };
                self.ring(Ringing::single(target), now, out);
            }
            EntryRoute::ServicePlan { id } => {
                let Some(plan) = self.facts.snapshot.service_plans.iter().find(|p| p.id == *id) else {
                    self.record.end = Some(CallEnd::HangUp { reason: NO_PLAN.into() });
                    return self.hang_up(now, NO_PLAN, out);
                };
                let rows = plan.form.rows.clone();
                let answer = match where_does_a_call_go(&rows, &self.facts.time_zone, self.facts.routing_moment()) {
                    Ok(answer) => answer,
                    Err(message) => return self.hang_up(now, &message, out),
                };
                // A dated exception (a bank holiday) answers its days instead of the week.
                let exception = exception_at(&plan.form.exceptions, &self.facts.time_zone, self.facts.routing_moment())
                    .ok()
                    .flatten();
                if let Some(exception) = exception {
                    self.record.steps.push(CallStep::TimeOfDay {
                        row: 0,
                        day: answer.day,
                        time: answer.time.clone(),
                        zone: answer.zone.clone(),
                        plan: plan.form.description.clone(),
                        span: exception_span(exception),
                    });
                    self.row = Some(exception_row(exception));
                } else if let Some(row) = answer.row {
                    self.record.steps.push(CallStep::TimeOfDay {
                        row,
                        day: answer.day,
                        time: answer.time.clone(),
                        zone: answer.zone.clone(),
                        plan: plan.form.description.clone(),
                        span: crate::routing::row_span(&rows[row]),
                    });
                    self.row = Some(rows[row]);
                }
                let library = &self.facts.snapshot.library;
                let mut steps = Vec::new();
                let (menus, next) = Menus::enter(self.row.as_ref(), library, &mut note_menu(&mut steps));
                self.menus = menus;
                let next = owned(next);
                self.record.steps.extend(steps);
                self.next(next, now, out);
            }
        }
    }

    /// The menus' next step: a menu to play, or the end the routing reached.
    fn next(&mut self, next: OwnedNext, now: i64, out: &mut Vec<Command>) {
        match next {
            OwnedNext::Menu { ivr, prompt } => {
                self.answer(now, out);
                let playback = (prompt > 0).then(|| self.play(Party::Caller, Prompt::Audio(prompt), out));
                let timer = playback.is_none().then(|| self.timer(MENU_WAIT_SECONDS, out));
                self.stage = Stage::Menu { ivr, playback, timer };
            }
            OwnedNext::End(reached) => {
                let end = call_end(reached, &self.facts.snapshot.library);
                self.record.end = Some(end);
                self.reached(reached, now, out);
            }
        }
    }

    fn reached(&mut self, reached: Reached, now: i64, out: &mut Vec<Command>) {
        match reached {
            Reached::DestinationPlan(id) => self.destination_plan(id, now, out),
            Reached::Voicemail(id) => {
                let Some(greeting) = self.facts.voicemail(id).map(|v| v.audio_id) else {
                    return self.hang_up(now, NO_VOICEMAIL, out);
                };
                self.record.answered_by = self
                    .facts
                    .snapshot
                    .library
                    .voicemails
                    .iter()
                    .find(|v| v.id == id)
                    .map_or_else(String::new, |v| v.description.clone());
                self.answer(now, out);
                if greeting > 0 {
                    let playback = self.play(Party::Caller, Prompt::Audio(greeting), out);
                    self.stage = Stage::VoicemailGreeting { playback };
                } else {
                    let playback = self.play(Party::Caller, Prompt::Beep, out);
                    self.stage = Stage::VoicemailBeep { playback };
                }
            }
            Reached::HangUp(reason) => {
                // A menu that hangs up after its audio plays that audio first.
                let dead_end = self.record.steps.last().and_then(|s| match s {
                    CallStep::Menu { ivr, note, .. } if note == "The menu hangs up after its audio." => Some(*ivr),
                    _ => None,
                });
                let audio = dead_end.and_then(|ivr| self.facts.snapshot.library.ivr(ivr)).map(|i| i.ivr.intro_audio);
                match (dead_end, audio) {
                    (Some(ivr), Some(audio)) if audio > 0 => {
                        self.answer(now, out);
                        let playback = self.play(Party::Caller, Prompt::Audio(audio), out);
                        self.record.hang_up_reason = reason.to_string();
                        self.stage = Stage::DeadEnd { ivr, playback };
                    }
                    _ => self.hang_up(now, reason, out),
                }
            }
        }
    }

    fn destination_plan(&mut self, id: i64, now: i64, out: &mut Vec<Command>) {
        let Some(plan) = self.facts.destination_plan(id).cloned() else {
            return self.hang_up(now, NO_DESTINATION_PLAN, out);
        };
        let multi_dial = plan.plan_type == MULTI_DIAL;
        let first_length = plan.destinations.first().map_or(0, |d| d.ring_length);
        let target = |facts: &CallFacts, destination: i64, seconds: i64| {
            facts.destination_number(destination).map(|d| Target {
                description: d.description.clone(),
                number: dial_number(&d.code, &d.number),
                seconds: u32::try_from(seconds).unwrap_or(0),
            })
        };
        let targets: Vec<Target> = plan
            .destinations
            .iter()
            .filter_map(|row| {
                let seconds = if multi_dial { first_length } else { row.ring_length };
                let seconds = if seconds > 0 {
                    seconds
                } else if multi_dial {
                    i64::from(RING_LENGTH_MULTI_DIAL_DEFAULT)
                } else {
                    i64::from(RING_LENGTH_DEFAULT)
                };
                target(&self.facts, row.destination, seconds)
            })
            .collect();
        if targets.is_empty() {
            return self.hang_up(now, NO_DESTINATIONS, out);
        }
        let no_response = (multi_dial && plan.no_response_destination > 0)
            .then(|| target(&self.facts, plan.no_response_destination, i64::from(RING_LENGTH_DEFAULT)))
            .flatten();
        let mut ringing = Ringing {
            targets,
            multi_dial,
            next: 0,
            live: vec![],
            timer: 0,
            no_response,
            queued_at: None,
            queue: plan.queue,
            in_call: plan.incall,
            announce_timer: 0,
            announced: 0,
            announcing: None,
            prompts: Vec::new(),
            ahead: self.facts.waiting_in(plan.queue),
            held: false,
        };
        if let Some(queue) = self.facts.queue(plan.queue).cloned() {
            self.record.queue = queue.description.clone();
            ringing.queued_at = Some(now);
            self.answer(now, out);
            let max = queue.max_calls.trim().parse::<i64>().unwrap_or(1);
            if self.facts.waiting_in(plan.queue) >= max {
                ringing.queued_at = None;
                ringing.targets.clear();
                if queue.queue_full_audio > 0 {
                    let playback = self.play(Party::Caller, Prompt::Audio(queue.queue_full_audio), out);
                    self.stage = Stage::QueueFull { playback, ringing };
                } else {
                    self.record.hang_up_reason = QUEUE_FULL.into();
                    self.no_one_answered(ringing, now, out);
                }
                return;
            }
            if queue.welcome_audio > 0 {
                let playback = self.play(Party::Caller, Prompt::Audio(queue.welcome_audio), out);
                self.stage = Stage::QueueWelcome { playback, ringing };
                return;
            }
            self.hold(&mut ringing, out);
            return self.offer(ringing, now, out);
        }
        self.ring(ringing, now, out);
    }

    /// Rings the next destination (hunt group) or all of them (multi dial).
    fn ring(&mut self, mut ringing: Ringing, now: i64, out: &mut Vec<Command>) {
        if self.record.answered_millis.is_none() && self.record.tries.is_empty() {
            out.push(Command::Ring);
        }
        let batch: Vec<Target> = if ringing.multi_dial {
            ringing.next = ringing.targets.len();
            ringing.targets.clone()
        } else {
            let Some(target) = ringing.targets.get(ringing.next).cloned() else {
                return self.no_one_answered(ringing, now, out);
            };
            ringing.next += 1;
            vec![target]
        };
        let seconds = batch[0].seconds;
        for target in batch {
            let leg = self.id();
            out.push(Command::Dial { leg, number: target.number.clone(), seconds: target.seconds + 5 });
            ringing.live.push(leg);
            self.record.tries.push(LegTry {
                leg,
                destination: target.description,
                number: target.number,
                started_millis: now,
                rang_millis: 0,
                result: None,
            });
        }
        ringing.timer = self.timer(seconds, out);
        self.stage = Stage::Ringing(ringing);
    }

    fn settle(&mut self, leg: u32, result: LegResult, now: i64) {
        if let Some(t) = self.record.tries.iter_mut().find(|t| t.leg == leg && t.result.is_none()) {
            t.rang_millis = (now - t.started_millis).max(0);
            t.result = Some(result);
        }
    }

    /// Every destination of the round was tried: a queue goes round again while it may; then
    /// the no-response destination, else the call ends unanswered.
    fn no_one_answered(&mut self, mut ringing: Ringing, now: i64, out: &mut Vec<Command>) {
        if let Some(queued_at) = ringing.queued_at {
            if now - queued_at < QUEUE_MAX_WAIT_SECONDS * 1000 && !ringing.targets.is_empty() {
                ringing.next = 0;
                return self.ring(ringing, now, out);
            }
            Self::leave_queue(&mut ringing, out);
            ringing.queued_at = None;
        }
        if let Some(target) = ringing.no_response.take() {
            return self.ring(Ringing { in_call: ringing.in_call, ..Ringing::single(target) }, now, out);
        }
        let reason = if self.record.hang_up_reason.is_empty() {
            NO_ANSWER.to_string()
        } else {
            self.record.hang_up_reason.clone()
        };
        self.hang_up(now, &reason, out);
    }

    fn key(&mut self, key: &str, now: i64, out: &mut Vec<Command>) {
        let Stage::Menu { playback, .. } = self.stage else { return };
        let Some(key) = key.chars().next().filter(|c| c.is_ascii_digit() || matches!(c, '*' | '#')) else {
            return;
        };
        if let Some(playback) = playback {
            out.push(Command::StopPlayback { playback });
        }
        self.record.keys.push(key);
        self.press(Some(&key.to_string()), now, out);
    }

    fn press(&mut self, key: Option<&str>, now: i64, out: &mut Vec<Command>) {
        let mut steps = Vec::new();
        let next = owned(self.menus.press(&self.facts.snapshot.library, key, &mut note_menu(&mut steps)));
        self.record.steps.extend(steps);
        self.next(next, now, out);
    }

    fn playback_finished(&mut self, finished: u32, now: i64, out: &mut Vec<Command>) {
        match self.stage.clone() {
            Stage::Intro { playback } if playback == finished => {
                let route = self.facts.entry.route.clone().expect("an intro is played only on a route");
                self.route(&route, now, out);
            }
            Stage::Menu { ivr, playback: Some(playback), .. } if playback == finished => {
                let timer = self.timer(MENU_WAIT_SECONDS, out);
                self.stage = Stage::Menu { ivr, playback: None, timer: Some(timer) };
            }
            Stage::DeadEnd { playback, .. } if playback == finished => {
                let reason = self.record.hang_up_reason.clone();
                self.hang_up(now, &reason, out);
            }
            Stage::QueueWelcome { playback, mut ringing } if playback == finished => {
                self.hold(&mut ringing, out);
                self.offer(ringing, now, out);
            }
            Stage::Ringing(ringing) if ringing.announcing == Some(finished) => self.announced(ringing, out),
            Stage::QueueFull { playback, ringing } if playback == finished => {
                self.record.hang_up_reason = QUEUE_FULL.into();
                self.no_one_answered(ringing, now, out);
            }
            Stage::Whisper { leg, playback } if playback == finished => self.connect(leg, now, out),
            Stage::VoicemailGreeting { playback } if playback == finished => {
                let playback = self.play(Party::Caller, Prompt::Beep, out);
                self.stage = Stage::VoicemailBeep { playback };
            }
            Stage::VoicemailBeep { playback } if playback == finished => {
                self.record.reached_voicemail = true;
                out.push(Command::Record { kind: RecordingKind::Voicemail { max_seconds: VOICEMAIL_MAX_SECONDS } });
                self.record.recorded = true;
                let timer = self.timer(VOICEMAIL_MAX_SECONDS, out);
                self.stage = Stage::VoicemailMessage { timer };
            }
            _ => {}
        }
    }

    fn timer_fired(&mut self, fired: u32, now: i64, out: &mut Vec<Command>) {
        match self.stage.clone() {
            Stage::Menu { timer: Some(timer), .. } if timer == fired => self.press(None, now, out),
            Stage::Ringing(ringing) if ringing.timer == fired && ringing.held => {
                self.waited_too_long(ringing, now, out)
            }
            Stage::Ringing(mut ringing) if ringing.timer == fired => {
                for leg in std::mem::take(&mut ringing.live) {
                    self.settle(leg, LegResult::NoAnswer, now);
                    out.push(Command::DropLeg { leg });
                }
                self.after_round(ringing, now, out);
            }
            Stage::Ringing(ringing) if ringing.announce_timer == fired && ringing.queued_at.is_some() => {
                self.announce(ringing, out)
            }
            Stage::VoicemailMessage { timer } if timer == fired => self.hang_up(now, MESSAGE_TOO_LONG, out),
            Stage::Reference { leg, timer, digits, after } if timer == fired => {
                self.reference_timer(leg, digits, after, now, out)
            }
            _ => {}
        }
    }

    /// The legs of this ring are over: a hunt group rings its next destination.
    fn after_round(&mut self, ringing: Ringing, now: i64, out: &mut Vec<Command>) {
        if !ringing.multi_dial && ringing.next < ringing.targets.len() {
            self.ring(ringing, now, out);
        } else {
            self.no_one_answered(ringing, now, out);
        }
    }

    fn leg_answered(&mut self, leg: u32, now: i64, out: &mut Vec<Command>) {
        let Stage::Ringing(ringing) = self.stage.clone() else {
            out.push(Command::DropLeg { leg });
            return;
        };
        if !ringing.live.contains(&leg) {
            out.push(Command::DropLeg { leg });
            return;
        }
        self.settle(leg, LegResult::Answered, now);
        for other in ringing.live.iter().copied().filter(|l| *l != leg) {
            self.settle(other, LegResult::Stopped, now);
            out.push(Command::DropLeg { leg: other });
        }
        let mut ringing = ringing;
        if ringing.queued_at.is_some() {
            Self::leave_queue(&mut ringing, out);
        }
        self.record.answered_by =
            self.record.tries.iter().find(|t| t.leg == leg).map_or_else(String::new, |t| t.destination.clone());
        self.put_through(leg, ringing.in_call, now, out);
    }

    /// After any in-call reference: the whisper to whoever answered, then the caller.
    fn whisper_or_connect(&mut self, leg: u32, now: i64, out: &mut Vec<Command>) {
        if self.facts.entry.whisper_audio > 0 {
            let playback = self.play(Party::Leg(leg), Prompt::Audio(self.facts.entry.whisper_audio), out);
            self.stage = Stage::Whisper { leg, playback };
        } else {
            self.connect(leg, now, out);
        }
    }

    fn connect(&mut self, leg: u32, now: i64, out: &mut Vec<Command>) {
        self.answer(now, out);
        out.push(Command::Connect { leg });
        self.record.connected_millis = Some(now);
        if self.facts.entry.recording {
            out.push(Command::Record { kind: RecordingKind::Call });
            self.record.recorded = true;
        }
        self.stage = Stage::Connected { leg };
    }

    fn leg_failed(&mut self, leg: u32, failure: LegFailure, now: i64, out: &mut Vec<Command>) {
        let Stage::Ringing(mut ringing) = self.stage.clone() else { return };
        let Some(at) = ringing.live.iter().position(|l| *l == leg) else { return };
        ringing.live.remove(at);
        let result = match failure {
            LegFailure::Busy => LegResult::Busy,
            LegFailure::Unreachable => LegResult::Unreachable,
            LegFailure::NoAnswer => LegResult::NoAnswer,
        };
        self.settle(leg, result, now);
        if ringing.live.is_empty() {
            // Nothing left ringing in this round: move on now rather than at the timer.
            ringing.timer = 0;
            self.after_round(ringing, now, out);
        } else {
            self.stage = Stage::Ringing(ringing);
        }
    }

    fn leg_hung_up(&mut self, leg: u32, now: i64, out: &mut Vec<Command>) {
        match self.stage.clone() {
            Stage::Connected { leg: connected }
            | Stage::Whisper { leg: connected, .. }
            | Stage::Reference { leg: connected, .. }
                if connected == leg =>
            {
                // That leg is gone already: only the caller is hung up.
                self.record.ended_at = self.whereabouts();
                out.push(Command::HangUp { reason: DESTINATION_HUNG_UP.to_string() });
                self.close(now, DESTINATION_HUNG_UP);
            }
            Stage::Ringing(_) => self.leg_failed(leg, LegFailure::NoAnswer, now, out),
            _ => {}
        }
    }

    /// The caller is gone: whatever still rings stops, and the record closes.
    fn caller_gone(&mut self, now: i64, reason: &str, out: &mut Vec<Command>) {
        self.record.ended_at = self.whereabouts();
        self.record.left_in_menu = matches!(self.stage, Stage::Menu { .. } | Stage::DeadEnd { .. });
        match self.stage.clone() {
            Stage::Ringing(ringing) => {
                for leg in ringing.live {
                    self.settle(leg, LegResult::Stopped, now);
                    out.push(Command::DropLeg { leg });
                }
            }
            Stage::Connected { leg } if reason == CALLER_HUNG_UP && self.facts.entry.agent.is_some() => {
                // Whoever answered stays on the line for the post call attribution.
                self.close(now, reason);
                self.ask_agent(leg, out);
                return;
            }
            Stage::Whisper { leg, .. } | Stage::Connected { leg } | Stage::Reference { leg, .. } => {
                out.push(Command::DropLeg { leg })
            }
            _ => {}
        }
        self.close(now, reason);
    }

    fn hang_up(&mut self, now: i64, reason: &str, out: &mut Vec<Command>) {
        self.record.ended_at = self.whereabouts();
        if let Stage::Connected { leg } | Stage::Whisper { leg, .. } | Stage::Reference { leg, .. } = self.stage {
            out.push(Command::DropLeg { leg });
        }
        out.push(Command::HangUp { reason: reason.to_string() });
        self.close(now, reason);
    }

    fn close(&mut self, now: i64, reason: &str) {
        if self.record.ended_at.is_empty() || self.record.ended_at == "Between destinations" {
            self.record.ended_at = reason.to_string();
        }
        self.record.hang_up_reason = reason.to_string();
        self.record.ended_millis = Some(now);
        self.stage = Stage::Ended;
    }
}

/// `Next` without its borrow of the library.
enum OwnedNext {
    Menu { ivr: i64, prompt: i64 },
    End(Reached),
}

fn owned(next: Next<'_>) -> OwnedNext {
    match next {
        Next::Menu { ivr, form } => OwnedNext::Menu { ivr, prompt: form.intro_audio },
        Next::End(reached) => OwnedNext::End(reached),
    }
}

/// Notes each menu played as a step of the path, as `follow_call` does.
fn note_menu(steps: &mut Vec<CallStep>) -> impl FnMut(i64, &IvrForm, &str, &'static str) + '_ {
    |ivr, form, pressed, note| {
        steps.push(CallStep::Menu {
            ivr,
            description: form.description.clone(),
            pressed: pressed.to_string(),
            note: note.to_string(),
        })
    }
}
