//! The stored state of one routing record, as the history keeps it before and after a change:
//! a service plan, destination plan, IVR or queue with its form, or how one number or pool is
//! connected (basic: to a destination number; advanced: to a service plan with its audio).

use serde::{Deserialize, Serialize};

use crate::routing::ivr::IvrForm;
use crate::routing::{AdvancedRow, BasicRow, DestinationPlanForm, QueueForm, ServicePlanForm};

/// The kinds of routing record a change can touch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum RecordKind {
    ServicePlan,
    DestinationPlan,
    Ivr,
    Queue,
    Connect,
}

impl RecordKind {
    /// The kind as the JSON tag spells it: "servicePlan", "ivr".
    pub fn as_str(self) -> &'static str {
        match self {
            RecordKind::ServicePlan => "servicePlan",
            RecordKind::DestinationPlan => "destinationPlan",
            RecordKind::Ivr => "ivr",
            RecordKind::Queue => "queue",
            RecordKind::Connect => "connect",
        }
    }

    /// The kind as a sentence names it: "Service plan", "IVR".
    pub fn noun(self) -> &'static str {
        match self {
            RecordKind::ServicePlan => "Service plan",
            RecordKind::DestinationPlan => "Destination plan",
            RecordKind::Ivr => "IVR",
            RecordKind::Queue => "Queue",
            RecordKind::Connect => "Routing of",
        }
    }
}

/// Which record: its kind and id (for a connect, the number's or pool's id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RecordKey {
    pub kind: RecordKind,
    pub id: i64,
}

/// How one number or pool is connected: the basic page's row or the advanced page's row
/// (whose `servicePlan` 0 is '-- Disconnect --').
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "mode", rename_all = "camelCase")]
pub enum Connection {
    Basic(BasicRow),
    Advanced(AdvancedRow),
}

/// One routing record as stored, tagged by `kind`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RoutingRecord {
    ServicePlan {
        id: i64,
        form: ServicePlanForm,
    },
    DestinationPlan {
        id: i64,
        form: DestinationPlanForm,
    },
    Ivr {
        id: i64,
        form: IvrForm,
    },
    Queue {
        id: i64,
        form: QueueForm,
    },
    /// `label` is the number or the pool's name, as the routing list shows it.
    Connect {
        id: i64,
        label: String,
        connection: Connection,
    },
}

impl RoutingRecord {
    pub fn kind(&self) -> RecordKind {
        match self {
            RoutingRecord::ServicePlan { .. } => RecordKind::ServicePlan,
            RoutingRecord::DestinationPlan { .. } => RecordKind::DestinationPlan,
            RoutingRecord::Ivr { .. } => RecordKind::Ivr,
            RoutingRecord::Queue { .. } => RecordKind::Queue,
            RoutingRecord::Connect { .. } => RecordKind::Connect,
        }
    }

    pub fn id(&self) -> i64 {
        match self {
            RoutingRecord::ServicePlan { id, .. }
            | RoutingRecord::DestinationPlan { id, .. }
            | RoutingRecord::Ivr { id, .. }
            | RoutingRecord::Queue { id, .. }
            | RoutingRecord::Connect { id, .. } => *id,
        }
    }

    pub fn key(&self) -> RecordKey {
        RecordKey { kind: self.kind(), id: self.id() }
    }

    /// What people call it: the description, or for a connect the number or pool.
    pub fn name(&self) -> &str {
        match self {
            RoutingRecord::ServicePlan { form, .. } => &form.description,
            RoutingRecord::DestinationPlan { form, .. } => &form.description,
            RoutingRecord::Ivr { form, .. } => &form.description,
            RoutingRecord::Queue { form, .. } => &form.description,
            RoutingRecord::Connect { label, .. } => label,
        }
    }
}

/// A record and the state it is in, or is to be put in (None: it does not exist).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RecordState {
    pub key: RecordKey,
    pub state: Option<RoutingRecord>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_record_is_tagged_by_its_kind_in_camel_case() {
        let record = RoutingRecord::ServicePlan { id: 3, form: ServicePlanForm::default() };
        let value = serde_json::to_value(&record).unwrap();
        assert_eq!(value, json!({ "kind": "servicePlan", "id": 3, "form": { "description": "", "rows": [] } }));
        assert_eq!(serde_json::from_value::<RoutingRecord>(value).unwrap(), record);
        assert_eq!(record.key(), RecordKey { kind: RecordKind::ServicePlan, id: 3 });
    }

    #[test]
    fn a_connect_carries_its_label_and_a_basic_or_advanced_connection() {
        let value = json!({
            "kind": "connect", "id": 9, "label": "01632 960000",
            "connection": { "mode": "advanced", "servicePlan": 4, "recording": true }
        });
        let record: RoutingRecord = serde_json::from_value(value).unwrap();
        let RoutingRecord::Connect { label, connection: Connection::Advanced(row), .. } = &record else {
            panic!("not an advanced connect: {record:?}");
        };
        assert_eq!((label.as_str(), row.service_plan, row.recording), ("01632 960000", 4, true));
        let basic = json!({ "mode": "basic", "destination": "07700900123", "recording": false });
        assert!(matches!(serde_json::from_value(basic).unwrap(), Connection::Basic(BasicRow { .. })));
        assert_eq!(record.key(), RecordKey { kind: RecordKind::Connect, id: 9 });
    }

    #[test]
    fn a_record_key_reads_as_kind_and_id() {
        let key: RecordKey = serde_json::from_value(json!({ "kind": "ivr", "id": 2 })).unwrap();
        assert_eq!(key, RecordKey { kind: RecordKind::Ivr, id: 2 });
    }
}
