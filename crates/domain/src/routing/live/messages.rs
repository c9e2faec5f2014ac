//! What the session tells the engine to do, and what the engine tells the session happened.
//! Playbacks, timers and legs are numbered by the session; an event about one it no longer
//! waits for (a timer that fired after a key, a leg that answered after another) is harmless.

use serde::{Deserialize, Serialize};

/// Who hears a prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "leg")]
pub enum Party {
    Caller,
    Leg(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "id")]
pub enum Prompt {
    /// One of the customer's audios.
    Audio(i64),
    /// The tone before a voicemail message.
    Beep,
    /// The engine's own voice says the caller's place in a queue: "You are currently caller
    /// number 3, waiting to speak with a representative" (2 and up; the first hears the queue's
    /// next-in-line message).
    Position(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum RecordingKind {
    /// The conversation, caller and answering party.
    Call,
    /// The caller's message, at most `max_seconds`.
    #[serde(rename_all = "camelCase")]
    Voicemail { max_seconds: u32 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "command")]
pub enum Command {
    /// The caller hears ringing while the destinations are tried.
    Ring,
    Answer,
    Play {
        playback: u32,
        to: Party,
        prompt: Prompt,
    },
    StopPlayback {
        playback: u32,
    },
    /// The caller hears the queue's music until `StopHold`.
    Hold {
        music: i64,
    },
    StopHold,
    /// Report `TimerFired` after this many seconds.
    StartTimer {
        timer: u32,
        seconds: u32,
    },
    /// Ring `number` as a new leg; the session's own timer ends the ringing, `seconds` is a
    /// limit for the engine in case that command is lost.
    Dial {
        leg: u32,
        number: String,
        seconds: u32,
    },
    /// Stop ringing, or hang up, a leg.
    DropLeg {
        leg: u32,
    },
    /// Send these DTMF digits to an answered leg (an in-call attribution reference).
    SendDigits {
        leg: u32,
        digits: String,
    },
    /// Put the caller through to an answered leg.
    Connect {
        leg: u32,
    },
    Record {
        kind: RecordingKind,
    },
    HangUp {
        reason: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LegFailure {
    Busy,
    Unreachable,
    NoAnswer,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "event")]
pub enum Event {
    PlaybackFinished {
        playback: u32,
    },
    /// One key the caller pressed (RFC 4733 or SIP INFO: the engine does not say which).
    Key {
        key: String,
    },
    /// One key pressed by whoever answered on a leg.
    LegKey {
        leg: u32,
        key: String,
    },
    TimerFired {
        timer: u32,
    },
    LegAnswered {
        leg: u32,
    },
    LegFailed {
        leg: u32,
        failure: LegFailure,
    },
    LegHungUp {
        leg: u32,
    },
    CallerHungUp,
    /// How many callers are ahead of this one in its queue now (others left it).
    CallersAhead {
        ahead: u32,
    },
    /// The engine lost the call (it restarted, or the server lost it): close what is known.
    EngineLost,
}
