//! What became of a call: answered, missed, busy, voicemail or hung up in an IVR menu, and
//! whether it counts as abandoned (unanswered, or answered for under 15 seconds, as CallRail
//! counts abandoned calls).

use serde::{Deserialize, Serialize};

/// A call answered for less than this is abandoned.
pub const ABANDONED_UNDER_SECONDS: i64 = 15;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CallOutcome {
    Answered,
    Missed,
    Busy,
    Voicemail,
    HungUpInIvr,
}

impl CallOutcome {
    pub const ALL: [CallOutcome; 5] = [
        CallOutcome::Answered,
        CallOutcome::Missed,
        CallOutcome::Busy,
        CallOutcome::Voicemail,
        CallOutcome::HungUpInIvr,
    ];

    /// The key stored and sent ('answered', 'hungUpInIvr').
    pub fn key(self) -> &'static str {
        match self {
            CallOutcome::Answered => "answered",
            CallOutcome::Missed => "missed",
            CallOutcome::Busy => "busy",
            CallOutcome::Voicemail => "voicemail",
            CallOutcome::HungUpInIvr => "hungUpInIvr",
        }
    }

    pub fn from_key(key: &str) -> Option<CallOutcome> {
        CallOutcome::ALL.into_iter().find(|outcome| outcome.key() == key)
    }

    /// The words the call log shows.
    pub fn label(self) -> &'static str {
        match self {
            CallOutcome::Answered => "Answered",
            CallOutcome::Missed => "Missed",
            CallOutcome::Busy => "Busy",
            CallOutcome::Voicemail => "Voicemail",
            CallOutcome::HungUpInIvr => "Hung up in menu",
        }
    }
}

/// How a call ended, as the call path and the carrier report it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CallFacts {
    // The browser may leave any out (TypeScript `?`): serde's default fills it.
    /// Seconds a destination talked with the caller (0: nobody answered).
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub talk_seconds: i64,
    /// Whether every destination tried was busy.
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub busy: bool,
    /// Whether the caller reached a voicemail box.
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub reached_voicemail: bool,
    /// Whether the caller hung up while an IVR menu played, before choosing where to go.
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub ended_in_ivr: bool,
}

/// The outcome of a call: the menu first (the caller never reached anyone), then voicemail, an
/// answer, a busy line, else missed.
pub fn call_outcome(facts: &CallFacts) -> CallOutcome {
    if facts.ended_in_ivr {
        CallOutcome::HungUpInIvr
    } else if facts.reached_voicemail {
        CallOutcome::Voicemail
    } else if facts.talk_seconds > 0 {
        CallOutcome::Answered
    } else if facts.busy {
        CallOutcome::Busy
    } else {
        CallOutcome::Missed
    }
}

/// Whether the call is abandoned: nobody talked with the caller, or for under 15 seconds.
pub fn is_abandoned(outcome: CallOutcome, talk_seconds: i64) -> bool {
    outcome != CallOutcome::Answered || talk_seconds < ABANDONED_UNDER_SECONDS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menu_then_voicemail_then_an_answer_decide_the_outcome() {
        let facts = |talk_seconds, busy, reached_voicemail, ended_in_ivr| CallFacts {
            talk_seconds,
            busy,
            reached_voicemail,
            ended_in_ivr,
        };
        assert_eq!(call_outcome(&facts(95, false, false, false)), CallOutcome::Answered);
        assert_eq!(call_outcome(&facts(0, false, false, false)), CallOutcome::Missed);
        assert_eq!(call_outcome(&facts(0, true, false, false)), CallOutcome::Busy);
        // A caller who left a message talked to no one.
        assert_eq!(call_outcome(&facts(40, false, true, false)), CallOutcome::Voicemail);
        assert_eq!(call_outcome(&facts(0, true, false, true)), CallOutcome::HungUpInIvr);
    }

    #[test]
    fn unanswered_or_shorter_than_fifteen_seconds_is_abandoned() {
        assert!(!is_abandoned(CallOutcome::Answered, 15));
        assert!(is_abandoned(CallOutcome::Answered, 14));
        for outcome in [CallOutcome::Missed, CallOutcome::Busy, CallOutcome::Voicemail, CallOutcome::HungUpInIvr] {
            assert!(is_abandoned(outcome, 120), "{outcome:?}");
        }
    }

    #[test]
    fn keys_and_labels_go_both_ways() {
        for outcome in CallOutcome::ALL {
            assert_eq!(CallOutcome::from_key(outcome.key()), Some(outcome));
            assert!(!outcome.label().is_empty());
        }
        assert_eq!(CallOutcome::from_key("hungUpInIvr"), Some(CallOutcome::HungUpInIvr));
        assert_eq!(CallOutcome::HungUpInIvr.label(), "Hung up in menu");
        assert_eq!(CallOutcome::from_key("lost"), None);
    }
}
