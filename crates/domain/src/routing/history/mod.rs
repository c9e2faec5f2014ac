//! Routing changes you can trust (issue 18): the stored state of each routing record, a plain
//! English account of what a change did, the impact of an edit on real calls replayed through
//! the call path, and the plan to roll a change back without leaving routing broken.

mod explain;
mod names;
mod record;

pub use explain::explain_change;
pub use names::{quoted, Names};
pub use record::{Connection, RecordKey, RecordKind, RoutingRecord};
