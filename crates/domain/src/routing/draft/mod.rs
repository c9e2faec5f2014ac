//! Routing drafts: an account edits a copy of its routing while calls keep the published one,
//! hears it, and publishes it at once or at a set moment (and can put it back at a later one).
//! What a draft may hold, how a save joins it, what conflicts with live routing, and the
//! schedule's moments and words, written once for server and browser.

mod records;
mod schedule;

pub use records::{
    conflicts, drafted, join_draft, Conflict, DraftChange, DraftRecord, DRAFT_BANNER, DRAFT_FULL, DRAFT_IN_FORCE,
    MAX_DRAFT_RECORDS, NOTHING_TO_PUBLISH, NO_DRAFT, PUBLISH_CONFLICT,
};
pub use schedule::{parse_schedule, schedule_text, Schedule, ScheduleForm, ScheduleState, MAX_SCHEDULE_DAYS};
