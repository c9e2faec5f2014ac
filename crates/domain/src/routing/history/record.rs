//! The stored state of one routing record, as the history keeps it before and after a change:
//! each entity of spec/call-routing.md with its form (service plans, destination plans, IVRs,
//! queues, destination numbers, voicemails, audio, categories, report groups, in-call
//! attribution, DTMF plans and IVRs, dynamic whispers), or how one number or pool is connected
//! (basic: to a destination number; advanced: to a service plan with its audio).

use serde::{Deserialize, Serialize};

use crate::routing::ivr::IvrForm;
use crate::routing::{
    AdvancedRow, BasicRow, DestinationPlanForm, DtmfIvrForm, DtmfPlanForm, DynamicWhisperForm, GroupForm,
    InCallAttributionForm, QueueForm, ServicePlanForm, VoicemailForm,
};

/// The kinds of routing record a change can touch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum RecordKind {
    ServicePlan,
    DestinationPlan,
    Ivr,
    Queue,
    Connect,
    DestinationNumber,
    Voicemail,
    Audio,
    Category,
    ReportGroup,
    SecondaryReportGroup,
    InCallAttribution,
    DtmfPlan,
    DtmfIvr,
    DynamicWhisper,
}

impl RecordKind {
    /// Every kind, in the order the history's filter lists them.
    pub const ALL: [RecordKind; 15] = [
        RecordKind::ServicePlan,
        RecordKind::DestinationPlan,
        RecordKind::Ivr,
        RecordKind::Queue,
        RecordKind::Connect,
        RecordKind::DestinationNumber,
        RecordKind::Voicemail,
        RecordKind::Audio,
        RecordKind::Category,
        RecordKind::ReportGroup,
        RecordKind::SecondaryReportGroup,
        RecordKind::InCallAttribution,
        RecordKind::DtmfPlan,
        RecordKind::DtmfIvr,
        RecordKind::DynamicWhisper,
    ];

    /// The kind as the JSON tag spells it: "servicePlan", "ivr".
    pub fn as_str(self) -> &'static str {
        match self {
            RecordKind::ServicePlan => "servicePlan",
            RecordKind::DestinationPlan => "destinationPlan",
            RecordKind::Ivr => "ivr",
            RecordKind::Queue => "queue",
            RecordKind::Connect => "connect",
            RecordKind::DestinationNumber => "destinationNumber",
            RecordKind::Voicemail => "voicemail",
            RecordKind::Audio => "audio",
            RecordKind::Category => "category",
            RecordKind::ReportGroup => "reportGroup",
            RecordKind::SecondaryReportGroup => "secondaryReportGroup",
            RecordKind::InCallAttribution => "inCallAttribution",
            RecordKind::DtmfPlan => "dtmfPlan",
            RecordKind::DtmfIvr => "dtmfIvr",
            RecordKind::DynamicWhisper => "dynamicWhisper",
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
            RecordKind::DestinationNumber => "Destination number",
            RecordKind::Voicemail => "Voicemail",
            RecordKind::Audio => "Audio",
            RecordKind::Category => "Category",
            RecordKind::ReportGroup => "Report group",
            RecordKind::SecondaryReportGroup => "Secondary report group",
            RecordKind::InCallAttribution => "In-call attribution",
            RecordKind::DtmfPlan => "DTMF plan",
            RecordKind::DtmfIvr => "DTMF IVR",
            RecordKind::DynamicWhisper => "Dynamic whisper",
        }
    }
}

/// Which record: its kind and id (for a connect, the number's or pool's id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RecordKey {
    pub kind: RecordKind,
    pub id: i64,
}

/// How one number or pool is connected: the basic page's row or the advanced page's row
/// (whose `servicePlan` 0 is '-- Disconnect --').
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "mode", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Connection {
    Basic(BasicRow),
    Advanced(AdvancedRow),
}

/// A destination number as stored: the number itself (fixed once added: `code` is its
/// international dialling code, `internationalCode` that code's id) and what can change.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StoredDestinationNumber {
    pub description: String,
    pub international_code: i64,
    pub code: String,
    pub number: String,
    pub mailbox: bool,
}

/// An audio as stored: a file (`fileName` the stored name, `originalName` the name it was
/// uploaded with) or a text-to-speech sentence.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StoredAudio {
    pub description: String,
    pub file_name: String,
    pub original_name: String,
    pub sentence: String,
}

/// One routing record as stored, tagged by `kind`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    DestinationNumber {
        id: i64,
        form: StoredDestinationNumber,
    },
    Voicemail {
        id: i64,
        form: VoicemailForm,
    },
    Audio {
        id: i64,
        form: StoredAudio,
    },
    Category {
        id: i64,
        form: GroupForm,
    },
    ReportGroup {
        id: i64,
        form: GroupForm,
    },
    SecondaryReportGroup {
        id: i64,
        form: GroupForm,
    },
    /// The form's values as the dialog holds them (strings).
    InCallAttribution {
        id: i64,
        form: InCallAttributionForm,
    },
    DtmfPlan {
        id: i64,
        form: DtmfPlanForm,
    },
    /// Key i is `DTMF_IVR_KEYS[i]`.
    DtmfIvr {
        id: i64,
        form: DtmfIvrForm,
    },
    /// Only the sources that have a whisper, in source order.
    DynamicWhisper {
        id: i64,
        form: DynamicWhisperForm,
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
            RoutingRecord::DestinationNumber { .. } => RecordKind::DestinationNumber,
            RoutingRecord::Voicemail { .. } => RecordKind::Voicemail,
            RoutingRecord::Audio { .. } => RecordKind::Audio,
            RoutingRecord::Category { .. } => RecordKind::Category,
            RoutingRecord::ReportGroup { .. } => RecordKind::ReportGroup,
            RoutingRecord::SecondaryReportGroup { .. } => RecordKind::SecondaryReportGroup,
            RoutingRecord::InCallAttribution { .. } => RecordKind::InCallAttribution,
            RoutingRecord::DtmfPlan { .. } => RecordKind::DtmfPlan,
            RoutingRecord::DtmfIvr { .. } => RecordKind::DtmfIvr,
            RoutingRecord::DynamicWhisper { .. } => RecordKind::DynamicWhisper,
        }
    }

    pub fn id(&self) -> i64 {
        match self {
            RoutingRecord::ServicePlan { id, .. }
            | RoutingRecord::DestinationPlan { id, .. }
            | RoutingRecord::Ivr { id, .. }
            | RoutingRecord::Queue { id, .. }
            | RoutingRecord::Connect { id, .. }
            | RoutingRecord::DestinationNumber { id, .. }
            | RoutingRecord::Voicemail { id, .. }
            | RoutingRecord::Audio { id, .. }
            | RoutingRecord::Category { id, .. }
            | RoutingRecord::ReportGroup { id, .. }
            | RoutingRecord::SecondaryReportGroup { id, .. }
            | RoutingRecord::InCallAttribution { id, .. }
            | RoutingRecord::DtmfPlan { id, .. }
            | RoutingRecord::DtmfIvr { id, .. }
            | RoutingRecord::DynamicWhisper { id, .. } => *id,
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
            RoutingRecord::DestinationNumber { form, .. } => &form.description,
            RoutingRecord::Voicemail { form, .. } => &form.description,
            RoutingRecord::Audio { form, .. } => &form.description,
            RoutingRecord::Category { form, .. }
            | RoutingRecord::ReportGroup { form, .. }
            | RoutingRecord::SecondaryReportGroup { form, .. } => &form.description,
            RoutingRecord::InCallAttribution { form, .. } => &form.description,
            RoutingRecord::DtmfPlan { form, .. } => &form.description,
            RoutingRecord::DtmfIvr { form, .. } => &form.description,
            RoutingRecord::DynamicWhisper { form, .. } => &form.description,
        }
    }
}

/// A record and the state it is in, or is to be put in (None: it does not exist).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    fn every_kind_reads_back_from_its_tag_and_a_library_record_carries_its_form() {
        for kind in RecordKind::ALL {
            let tag = serde_json::to_value(kind).unwrap();
            assert_eq!(tag, json!(kind.as_str()));
            assert_eq!(serde_json::from_value::<RecordKind>(tag).unwrap(), kind);
        }
        let value = json!({ "kind": "voicemail", "id": 4, "form": { "description": "Out of hours", "audioId": 2 } });
        let record: RoutingRecord = serde_json::from_value(value).unwrap();
        assert_eq!(record.key(), RecordKey { kind: RecordKind::Voicemail, id: 4 });
        assert_eq!(record.name(), "Out of hours");
    }

    #[test]
    fn a_record_key_reads_as_kind_and_id() {
        let key: RecordKey = serde_json::from_value(json!({ "kind": "ivr", "id": 2 })).unwrap();
        assert_eq!(key, RecordKey { kind: RecordKind::Ivr, id: 2 });
    }
}
