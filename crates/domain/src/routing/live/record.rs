//! What a live call leaves behind: its path in the simulator's words, the keys pressed, each
//! destination tried with its ring time, who answered, and the outcome the reports count.

use serde::{Deserialize, Serialize};

use crate::reports::{call_outcome, CallFacts as OutcomeFacts, CallOutcome};
use crate::routing::ivr::{CallEnd, CallPath, CallStep};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LegResult {
    Answered,
    NoAnswer,
    Busy,
    Unreachable,
    /// Another destination answered first, or the caller hung up while it rang.
    Stopped,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LegTry {
    pub leg: u32,
    pub destination: String,
    pub number: String,
    pub started_millis: i64,
    /// Until answered, given up or failed.
    pub rang_millis: i64,
    pub result: Option<LegResult>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionRecord {
    pub started_millis: i64,
    /// When the engine answered the caller (a menu, a queue, a voicemail or a destination).
    pub answered_millis: Option<i64>,
    /// When the caller was put through to a destination.
    pub connected_millis: Option<i64>,
    pub ended_millis: Option<i64>,
    pub steps: Vec<CallStep>,
    /// Where the routing sent the call; None while the caller is still in the menus (or hung
    /// up there).
    pub end: Option<CallEnd>,
    /// The keys pressed at the menus, in order.
    pub keys: String,
    pub tries: Vec<LegTry>,
    /// The destination that answered, or the voicemail box that took a message.
    pub answered_by: String,
    pub queue: String,
    pub recorded: bool,
    pub reached_voicemail: bool,
    /// The caller hung up while a menu played or waited for a key.
    pub left_in_menu: bool,
    /// Where the call was when it ended, in words ("IVR 'Main menu': waiting for a key").
    pub ended_at: String,
    pub hang_up_reason: String,
    /// The in-call attribution reference sent to the destination that answered ("" none).
    pub reference_sent: String,
    /// The digits the destination entered after the call for its DTMF plan ("" none, or too
    /// few).
    pub agent_reference: String,
    /// The call category of the DTMF IVR key the destination pressed after the call (0 none).
    pub agent_category: i64,
}

impl SessionRecord {
    /// The path as the simulator gives it (None until the routing reached an end).
    pub fn path(&self) -> Option<CallPath> {
        self.end.clone().map(|end| CallPath { steps: self.steps.clone(), end })
    }

    pub fn talk_seconds(&self) -> i64 {
        match (self.connected_millis, self.ended_millis) {
            (Some(from), Some(to)) => ((to - from) / 1000).max(0),
            _ => 0,
        }
    }

    /// Seconds from the first ring to an answer by a destination, or to the end.
    pub fn ring_seconds(&self) -> i64 {
        self.tries.iter().map(|t| t.rang_millis).sum::<i64>() / 1000
    }

    pub fn duration_seconds(&self) -> i64 {
        self.ended_millis.map_or(0, |end| ((end - self.started_millis) / 1000).max(0))
    }

    /// The outcome the reports count, by the reports' own rule.
    pub fn outcome(&self) -> CallOutcome {
        let in_menus = self.steps.iter().any(|s| matches!(s, CallStep::Menu { .. }));
        let ended_in_ivr = self.left_in_menu || (in_menus && matches!(self.end, Some(CallEnd::HangUp { .. })));
        let busy = !self.tries.is_empty() && self.tries.iter().all(|t| t.result == Some(LegResult::Busy));
        call_outcome(&OutcomeFacts {
            talk_seconds: if self.connected_millis.is_some() { self.talk_seconds().max(1) } else { 0 },
            busy,
            reached_voicemail: self.reached_voicemail,
            ended_in_ivr,
        })
    }
}
