//! The two ways a live call is attributed by the parties themselves: the in-call reference
//! sent to the destination that answers (a destination plan's in-call attribution plan), and
//! the post call attribution asked of that destination once the caller hangs up (the
//! connection's DTMF plan or DTMF IVR).

use super::{Session, Stage, MENU_WAIT_SECONDS};
use crate::routing::dtmf::{DTMF_DIGITS_MAX, DTMF_IVR_KEYS, DTMF_TIMEOUT_MAX};
use crate::routing::in_call_reference;
use crate::routing::live::facts::AgentAttribution;
use crate::routing::live::messages::{Command, Event, Party, Prompt};
use crate::routing::{DtmfIvrForm, DtmfPlanForm};

/// Where the post call attribution is.
#[derive(Debug, Clone)]
pub(super) enum Survey {
    /// A DTMF IVR's intro plays (a key interrupts it), then it waits for a key.
    Choosing { playback: Option<u32>, timer: Option<u32> },
    /// A DTMF plan: its intro, then the digits as they come.
    Digits { plan: DtmfPlanForm, playback: Option<u32>, timer: Option<u32>, digits: String },
    /// The end audio plays, then the line is hung up.
    Ending { playback: u32 },
}

/// A plan's timeout in whole seconds, within the rule's 1-30.
fn seconds(timeout: i64) -> u32 {
    u32::try_from(timeout.clamp(1, DTMF_TIMEOUT_MAX)).unwrap_or(1)
}

impl Session {
    /// A destination answered on `leg`: first the reference of the destination plan's in-call
    /// attribution plan (`in_call`, 0 none) when it sends one, then the whisper and the caller.
    pub(super) fn put_through(&mut self, leg: u32, in_call: i64, now: i64, out: &mut Vec<Command>) {
        let reference = self
            .facts
            .in_call_plan(in_call)
            .and_then(|plan| in_call_reference(plan, self.facts.call_id, &self.facts.caller));
        match reference {
            None => self.whisper_or_connect(leg, now, out),
            Some(reference) if reference.seconds_before > 0 => {
                let timer = self.timer(reference.seconds_before, out);
                let (digits, after) = (Some(reference.digits), reference.seconds_after);
                self.stage = Stage::Reference { leg, timer, digits, after };
            }
            Some(reference) => self.send_reference(leg, reference.digits, reference.seconds_after, now, out),
        }
    }

    fn send_reference(&mut self, leg: u32, digits: String, after: u32, now: i64, out: &mut Vec<Command>) {
        self.record.reference_sent = digits.clone();
        out.push(Command::SendDigits { leg, digits });
        if after > 0 {
            let timer = self.timer(after, out);
            self.stage = Stage::Reference { leg, timer, digits: None, after: 0 };
        } else {
            self.whisper_or_connect(leg, now, out);
        }
    }

    /// The reference's wait is over: send it, or, sent, put the caller through.
    pub(super) fn reference_timer(
        &mut self,
        leg: u32,
        digits: Option<String>,
        after: u32,
        now: i64,
        out: &mut Vec<Command>,
    ) {
        match digits {
            Some(digits) => self.send_reference(leg, digits, after, now, out),
            None => self.whisper_or_connect(leg, now, out),
        }
    }

    /// The caller hung up while talking to `leg` (the record is closed): whoever answered is
    /// asked the connection's post call attribution.
    pub(super) fn ask_agent(&mut self, leg: u32, out: &mut Vec<Command>) {
        match self.facts.entry.agent.clone() {
            Some(AgentAttribution::Plan { plan }) => self.agent_plan(leg, plan, out),
            Some(AgentAttribution::Ivr { ivr, .. }) => {
                let intro = ivr.intro_audio_id;
                let playback = (intro > 0).then(|| self.play(Party::Leg(leg), Prompt::Audio(intro), out));
                let timer = playback.is_none().then(|| self.timer(MENU_WAIT_SECONDS, out));
                self.stage = Stage::Agent { leg, survey: Survey::Choosing { playback, timer } };
            }
            None => {
                out.push(Command::DropLeg { leg });
                self.stage = Stage::Ended;
            }
        }
    }

    fn agent_plan(&mut self, leg: u32, plan: DtmfPlanForm, out: &mut Vec<Command>) {
        let intro = plan.intro_audio;
        let playback = (intro > 0).then(|| self.play(Party::Leg(leg), Prompt::Audio(intro), out));
        let timer = playback.is_none().then(|| self.timer(seconds(plan.initial_timeout), out));
        self.stage = Stage::Agent { leg, survey: Survey::Digits { plan, playback, timer, digits: String::new() } };
    }

    fn agent_ivr(&self) -> Option<(&DtmfIvrForm, &[(i64, DtmfPlanForm)])> {
        match &self.facts.entry.agent {
            Some(AgentAttribution::Ivr { ivr, plans }) => Some((ivr, plans)),
            _ => None,
        }
    }

    /// An event while whoever answered is asked the post call attribution (the caller is gone).
    pub(super) fn agent_event(&mut self, event: Event, out: &mut Vec<Command>) {
        let Stage::Agent { leg, survey } = self.stage.clone() else { return };
        match event {
            Event::LegKey { leg: from, key } if from == leg => self.agent_key(leg, survey, &key, out),
            Event::PlaybackFinished { playback } => self.agent_playback(leg, survey, playback, out),
            Event::TimerFired { timer } => self.agent_timer(leg, survey, timer, out),
            Event::LegHungUp { leg: from } if from == leg => self.stage = Stage::Ended,
            Event::EngineLost => self.stage = Stage::Ended,
            Event::LegAnswered { leg: late } => out.push(Command::DropLeg { leg: late }),
            _ => {}
        }
    }

    fn agent_key(&mut self, leg: u32, survey: Survey, key: &str, out: &mut Vec<Command>) {
        let Some(key) = key.chars().next().filter(|c| c.is_ascii_digit() || matches!(c, '*' | '#')) else {
            return;
        };
        match survey {
            Survey::Choosing { playback, .. } => {
                let Some((ivr, plans)) = self.agent_ivr() else { return };
                let at = DTMF_IVR_KEYS.iter().position(|k| k.starts_with(key));
                // A key the IVR does not have is not an answer.
                let Some(choice) = at.and_then(|at| ivr.keys.get(at)) else { return };
                let (category, end_audio) = (choice.category_id, ivr.end_audio_id);
                let plan = plans.iter().find(|(id, _)| *id == choice.dtmf_id && *id > 0).map(|(_, p)| p.clone());
                if let Some(playback) = playback {
                    out.push(Command::StopPlayback { playback });
                }
                self.record.agent_category = category;
                match plan {
                    Some(plan) => self.agent_plan(leg, plan, out),
                    None => self.agent_end(leg, end_audio, out),
                }
            }
            Survey::Digits { plan, playback, mut digits, .. } => {
                // Keys over the intro count only when the plan lets them skip it.
                if (playback.is_some() && !plan.skip_audio) || key == '*' {
                    return;
                }
                if let Some(playback) = playback {
                    out.push(Command::StopPlayback { playback });
                }
                if key != '#' {
                    digits.push(key);
                }
                let max = usize::try_from(plan.maximum_digits.clamp(1, DTMF_DIGITS_MAX)).unwrap_or(1);
                if key == '#' || digits.len() >= max {
                    return self.agent_digits_done(leg, plan, digits, out);
                }
                let timer = Some(self.timer(seconds(plan.internal_timeout), out));
                self.stage = Stage::Agent { leg, survey: Survey::Digits { plan, playback: None, timer, digits } };
            }
            Survey::Ending { .. } => {}
        }
    }

    /// The digits are in (the last key, '#', or a timeout): kept when there are enough.
    fn agent_digits_done(&mut self, leg: u32, plan: DtmfPlanForm, digits: String, out: &mut Vec<Command>) {
        let min = usize::try_from(plan.minimum_digits.max(1)).unwrap_or(1);
        if digits.len() >= min {
            self.record.agent_reference = digits;
        }
        self.agent_end(leg, plan.end_audio, out);
    }

    fn agent_end(&mut self, leg: u32, audio: i64, out: &mut Vec<Command>) {
        if audio > 0 {
            let playback = self.play(Party::Leg(leg), Prompt::Audio(audio), out);
            self.stage = Stage::Agent { leg, survey: Survey::Ending { playback } };
        } else {
            out.push(Command::DropLeg { leg });
            self.stage = Stage::Ended;
        }
    }

    fn agent_playback(&mut self, leg: u32, survey: Survey, finished: u32, out: &mut Vec<Command>) {
        match survey {
            Survey::Choosing { playback: Some(playback), .. } if playback == finished => {
                let timer = Some(self.timer(MENU_WAIT_SECONDS, out));
                self.stage = Stage::Agent { leg, survey: Survey::Choosing { playback: None, timer } };
            }
            Survey::Digits { plan, playback: Some(playback), digits, .. } if playback == finished => {
                let timer = Some(self.timer(seconds(plan.initial_timeout), out));
                self.stage = Stage::Agent { leg, survey: Survey::Digits { plan, playback: None, timer, digits } };
            }
            Survey::Ending { playback } if playback == finished => {
                out.push(Command::DropLeg { leg });
                self.stage = Stage::Ended;
            }
            _ => {}
        }
    }

    fn agent_timer(&mut self, leg: u32, survey: Survey, fired: u32, out: &mut Vec<Command>) {
        match survey {
            Survey::Choosing { timer: Some(timer), .. } if timer == fired => {
                let end_audio = self.agent_ivr().map_or(0, |(ivr, _)| ivr.end_audio_id);
                self.agent_end(leg, end_audio, out);
            }
            Survey::Digits { plan, timer: Some(timer), digits, .. } if timer == fired => {
                self.agent_digits_done(leg, plan, digits, out)
            }
            _ => {}
        }
    }
}
