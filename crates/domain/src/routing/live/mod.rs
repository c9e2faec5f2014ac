//! A live call, one step at a time: the routing a customer edits, deciding a real call as the
//! telephony engine reports what happens. Engine-neutral and pure: the server feeds it the
//! call's facts once (`Session::start`) and each event as it comes (`Session::on`), and sends
//! the commands it returns to the engine (Asterisk over ARI today; a TwiML-style carrier could
//! drive the same session). The menus are walked by the same `Menus` as the simulator's
//! `follow_call`, so the simulator, the impact preview and a real call end in the same place.

mod facts;
mod messages;
mod record;
mod session;

pub use facts::{dial_number, AgentAttribution, CallFacts, LiveEntry};
pub use messages::{Command, Event, LegFailure, Party, Prompt, RecordingKind};
pub use record::{LegResult, LegTry, SessionRecord};
pub use session::{
    announcement, lines, Session, LONGEST_CALL_SECONDS, MENU_WAIT_SECONDS, QUEUE_MAX_WAIT_SECONDS,
    VOICEMAIL_MAX_SECONDS,
};

#[cfg(test)]
mod attribution_tests;
#[cfg(test)]
mod queue_tests;
#[cfg(test)]
mod tests;
