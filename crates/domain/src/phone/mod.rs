//! The phone in the browser: which numbers an agent may ring (UK landlines and mobiles only),
//! the moment a test call may be made "as if it were", and how many calls a user and an account
//! may start. The server checks each before anything dials; the page shows the same words.

pub mod access;
pub mod dialling;
pub mod limits;
pub mod moment;
pub mod progress;

pub use access::{phone_access, PhoneAccess};
pub use dialling::{call_out_label, outbound_caller_id, outbound_destination, OUTBOUND_NOT_UK_LINE};
pub use limits::{call_start_problem, CallCounts, PhoneLimits};
pub use moment::{as_if_moment, AsIfMoment};
pub use progress::{ended_step, note_step};
