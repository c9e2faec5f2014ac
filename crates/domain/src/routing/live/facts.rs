//! What a live call is decided from, read once when the call arrives: the called number's
//! connection and the customer's routing as stored at that moment.

use serde::{Deserialize, Serialize};

use crate::routing::history::{EntryRoute, RoutingRecord, RoutingSnapshot, StoredDestinationNumber};
use crate::routing::{DestinationPlanForm, DtmfIvrForm, DtmfPlanForm, InCallAttributionForm, QueueForm, VoicemailForm};

/// What the destination who took a call is asked once the caller has hung up (the connection's
/// post call agent attribution): a DTMF plan's digits, or a DTMF IVR's key (a category, then
/// perhaps its plan's digits).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum AgentAttribution {
    Plan {
        plan: DtmfPlanForm,
    },
    /// `plans`: the DTMF plans its keys run, by id.
    Ivr {
        ivr: DtmfIvrForm,
        plans: Vec<(i64, DtmfPlanForm)>,
    },
}

/// The tracked number or pool called: where it sends calls and what its connection adds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LiveEntry {
    pub id: i64,
    /// None: the number is tracked but not connected.
    pub route: Option<EntryRoute>,
    pub recording: bool,
    /// Played to the caller before the routing (0: none).
    pub intro_audio: i64,
    /// Played to whoever answers before the caller is put through (0: none).
    pub whisper_audio: i64,
    /// Asked of whoever took the call once the caller hangs up (None: nothing).
    pub agent: Option<AgentAttribution>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CallFacts {
    /// When the call arrived (UTC milliseconds); the service plan reads it in `time_zone`.
    pub started_at_millis: i64,
    /// A test call made "as if it were" another moment: the moment the service plan reads
    /// instead (its timers still run from `started_at_millis`).
    pub routed_as_at_millis: Option<i64>,
    /// The call's id where calls are kept (an in-call attribution plan may send it).
    pub call_id: i64,
    /// The caller's number as stored ("" when withheld).
    pub caller: String,
    pub time_zone: String,
    pub entry: LiveEntry,
    pub snapshot: RoutingSnapshot,
    /// The destination plans, destination numbers, voicemails and queues as stored now.
    pub records: Vec<RoutingRecord>,
    /// Calls already waiting in each queue as this one arrives: (queue id, calls).
    pub queue_waiting: Vec<(i64, i64)>,
    /// The in-call attribution plans the destination plans name, by id.
    pub in_call_plans: Vec<(i64, InCallAttributionForm)>,
}

impl CallFacts {
    /// The moment the service plan and its dated exceptions read.
    pub fn routing_moment(&self) -> i64 {
        self.routed_as_at_millis.unwrap_or(self.started_at_millis)
    }

    pub fn destination_plan(&self, id: i64) -> Option<&DestinationPlanForm> {
        self.records.iter().find_map(|r| match r {
            RoutingRecord::DestinationPlan { id: i, form } if *i == id => Some(form),
            _ => None,
        })
    }

    pub fn destination_number(&self, id: i64) -> Option<&StoredDestinationNumber> {
        self.records.iter().find_map(|r| match r {
            RoutingRecord::DestinationNumber { id: i, form } if *i == id => Some(form),
            _ => None,
        })
    }

    pub fn voicemail(&self, id: i64) -> Option<&VoicemailForm> {
        self.records.iter().find_map(|r| match r {
            RoutingRecord::Voicemail { id: i, form } if *i == id => Some(form),
            _ => None,
        })
    }

    pub fn queue(&self, id: i64) -> Option<&QueueForm> {
        self.records.iter().find_map(|r| match r {
            RoutingRecord::Queue { id: i, form } if *i == id => Some(form),
            _ => None,
        })
    }

    pub fn in_call_plan(&self, id: i64) -> Option<&InCallAttributionForm> {
        self.in_call_plans.iter().find(|(i, _)| *i == id).map(|(_, form)| form)
    }

    pub fn waiting_in(&self, queue: i64) -> i64 {
        self.queue_waiting.iter().find(|(q, _)| *q == queue).map_or(0, |(_, n)| *n)
    }
}

/// The digits dialled for a destination number: its international code, then the number
/// without its national leading 0 ("44", "07700900101" -> "447700900101"); a number with no
/// code is dialled as stored.
pub fn dial_number(code: &str, number: &str) -> String {
    let code: String = code.chars().filter(char::is_ascii_digit).collect();
    let number: String = number.chars().filter(char::is_ascii_digit).collect();
    if code.is_empty() {
        return number;
    }
    format!("{code}{}", number.strip_prefix('0').unwrap_or(&number))
}
