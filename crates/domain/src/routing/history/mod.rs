//! Routing changes you can trust: the stored state of each routing record, a plain
//! English account of what a change did, the impact of an edit on real calls replayed through
//! the call path, and the plan to roll a change back without leaving routing broken.

mod affected;
mod dates;
mod explain;
mod explain_library;
mod explain_words;
mod names;
mod record;
mod references;
mod replay;
mod rollback;
mod snapshot;
mod stored_connection;

pub use affected::{affected_entries, reachable_records};
pub use dates::{change_time, day_start, DATE_FORMAT_MESSAGE, DATE_PATTERN};
pub use explain::explain_change;
pub use names::{quoted, Names};
pub use record::{Connection, RecordKey, RecordKind, RecordState, RoutingRecord, StoredAudio, StoredDestinationNumber};
pub use references::{foreign_references, Reference, ReferencedList};
pub use replay::{
    impact_headline, replay_impact, Impact, Move, PartOfDay, ReplayCall, MAX_PRESSES_PER_CALL, MAX_REPLAY_CALLS,
};
pub use rollback::{
    check_restored_graph, plan_group_rollback, plan_rollback, routing_problems, Change, LaterChange, RollbackOutcome,
    RollbackPlan,
};
pub use snapshot::{EntryRoute, RoutingEntry, RoutingSnapshot, StoredServicePlan};
pub use stored_connection::{posted_as_stored, stored_connection, written_advanced, written_basic, NO_MID_CALL_AUDIO};
