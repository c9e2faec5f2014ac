//! The routing a call meets, all in one value: the service plans' rows, the library of IVRs,
//! destination plans and voicemails, and how each number or pool is connected. The replay runs
//! calls through two of these (stored and edited); a change or a rollback applies records to one.

use serde::{Deserialize, Serialize};

use super::record::{Connection, RecordKey, RecordKind, RecordState, RoutingRecord};
use crate::routing::ivr::{Library, Named, StoredIvr};
use crate::routing::ServicePlanForm;

/// A stored service plan: its id and form.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StoredServicePlan {
    pub id: i64,
    #[serde(flatten)]
    pub form: ServicePlanForm,
}

/// Where a number or pool sends its calls: through a service plan, or (basic connect) straight
/// to a destination number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum EntryRoute {
    ServicePlan { id: i64 },
    Number { destination: String },
}

/// A number or pool (its id) and its route; `label` is the number or the pool's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoutingEntry {
    pub id: i64,
    #[serde(default)]
    pub label: String,
    pub route: EntryRoute,
}

/// The customer's routing as calls meet it. A number or pool not listed is not connected.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoutingSnapshot {
    pub service_plans: Vec<StoredServicePlan>,
    pub library: Library,
    pub entries: Vec<RoutingEntry>,
}

/// Puts `value` in place of the item with `id`, or removes it (None); a new item goes before
/// the first with a larger id, so lists kept in id order stay so.
fn put<T>(list: &mut Vec<T>, id: i64, id_of: impl Fn(&T) -> i64, value: Option<T>) {
    match (list.iter().position(|item| id_of(item) == id), value) {
        (Some(i), Some(value)) => list[i] = value,
        (Some(i), None) => {
            list.remove(i);
        }
        (None, Some(value)) => {
            let at = list.iter().position(|item| id_of(item) > id).unwrap_or(list.len());
            list.insert(at, value);
        }
        (None, None) => {}
    }
}

impl RoutingSnapshot {
    /// The snapshot with the record `key` in the state `state` (None: deleted). A record of
    /// another key is refused. Queues, destination numbers, audio, categories, report groups,
    /// attribution and whispers do not change where a call goes (a destination plan's calls
    /// end at the plan), so they change nothing.
    pub fn apply(&mut self, key: RecordKey, state: Option<&RoutingRecord>) -> Result<(), String> {
        if let Some(record) = state {
            if record.key() != key {
                return Err(format!(
                    "The state given for {} {} is the record of {} {}.",
                    key.kind.as_str(),
                    key.id,
                    record.kind().as_str(),
                    record.id()
                ));
            }
        }
        let id = key.id;
        match key.kind {
            RecordKind::ServicePlan => {
                let value = match state {
                    Some(RoutingRecord::ServicePlan { form, .. }) => Some(StoredServicePlan { id, form: form.clone() }),
                    _ => None,
                };
                put(&mut self.service_plans, id, |p| p.id, value);
            }
            RecordKind::DestinationPlan => {
                let value = match state {
                    Some(RoutingRecord::DestinationPlan { form, .. }) => {
                        Some(Named { id, description: form.description.clone() })
                    }
                    _ => None,
                };
                put(&mut self.library.destination_plans, id, |n| n.id, value);
            }
            RecordKind::Ivr => {
                let value = match state {
                    Some(RoutingRecord::Ivr { form, .. }) => Some(StoredIvr { id, ivr: form.clone() }),
                    _ => None,
                };
                put(&mut self.library.ivrs, id, |i| i.id, value);
            }
            RecordKind::Voicemail => {
                let value = match state {
                    Some(RoutingRecord::Voicemail { form, .. }) => {
                        Some(Named { id, description: form.description.clone() })
                    }
                    _ => None,
                };
                put(&mut self.library.voicemails, id, |n| n.id, value);
            }
            RecordKind::Queue
            | RecordKind::DestinationNumber
            | RecordKind::Audio
            | RecordKind::Category
            | RecordKind::ReportGroup
            | RecordKind::SecondaryReportGroup
            | RecordKind::InCallAttribution
            | RecordKind::DtmfPlan
            | RecordKind::DtmfIvr
            | RecordKind::DynamicWhisper => {}
            RecordKind::Connect => {
                let value = match state {
                    Some(RoutingRecord::Connect { label, connection, .. }) => {
                        let route = match connection {
                            Connection::Basic(row) => Some(EntryRoute::Number { destination: row.destination.clone() }),
                            Connection::Advanced(row) if row.service_plan > 0 => {
                                Some(EntryRoute::ServicePlan { id: row.service_plan })
                            }
                            // '-- Disconnect --'.
                            Connection::Advanced(_) => None,
                        };
                        route.map(|route| RoutingEntry { id, label: label.clone(), route })
                    }
                    _ => None,
                };
                put(&mut self.entries, id, |e| e.id, value);
            }
        }
        Ok(())
    }

    /// A copy with each record put in its state, in turn.
    pub fn with(&self, states: &[RecordState]) -> Result<RoutingSnapshot, String> {
        let mut snapshot = self.clone();
        for record in states {
            snapshot.apply(record.key, record.state.as_ref())?;
        }
        Ok(snapshot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::ivr::IvrForm;
    use crate::routing::{AdvancedRow, BasicRow, DestinationPlanForm};

    fn ivr(id: i64, description: &str) -> RoutingRecord {
        RoutingRecord::Ivr { id, form: IvrForm { description: description.into(), ..Default::default() } }
    }

    fn key(kind: RecordKind, id: i64) -> RecordKey {
        RecordKey { kind, id }
    }

    #[test]
    fn a_new_record_goes_in_id_order_and_an_edit_replaces_in_place() {
        let mut snapshot = RoutingSnapshot::default();
        for id in [3, 1, 2] {
            snapshot.apply(key(RecordKind::Ivr, id), Some(&ivr(id, "Menu"))).unwrap();
        }
        snapshot.apply(key(RecordKind::Ivr, 2), Some(&ivr(2, "Edited"))).unwrap();
        let ids: Vec<(i64, &str)> = snapshot.library.ivrs.iter().map(|i| (i.id, i.ivr.description.as_str())).collect();
        assert_eq!(ids, vec![(1, "Menu"), (2, "Edited"), (3, "Menu")]);
        snapshot.apply(key(RecordKind::Ivr, 2), None).unwrap();
        assert_eq!(snapshot.library.ivrs.len(), 2);
    }

    #[test]
    fn a_destination_plan_is_known_to_calls_by_its_name() {
        let form = DestinationPlanForm { description: "Reception".into(), ..Default::default() };
        let record = RoutingRecord::DestinationPlan { id: 10, form };
        let snapshot =
            RoutingSnapshot::default().with(&[RecordState { key: record.key(), state: Some(record) }]).unwrap();
        assert_eq!(snapshot.library.destination_plans, vec![Named { id: 10, description: "Reception".into() }]);
    }

    #[test]
    fn a_connect_routes_its_entry_to_a_number_or_a_plan_and_disconnect_removes_it() {
        let connect = |connection| RoutingRecord::Connect { id: 5, label: "01632 960000".into(), connection };
        let mut snapshot = RoutingSnapshot::default();
        let basic = connect(Connection::Basic(BasicRow { destination: "07700900123".into(), ..Default::default() }));
        snapshot.apply(basic.key(), Some(&basic)).unwrap();
        assert_eq!(snapshot.entries[0].route, EntryRoute::Number { destination: "07700900123".into() });
        let planned = connect(Connection::Advanced(AdvancedRow { service_plan: 2, ..Default::default() }));
        snapshot.apply(planned.key(), Some(&planned)).unwrap();
        assert_eq!(snapshot.entries[0].route, EntryRoute::ServicePlan { id: 2 });
        let disconnected = connect(Connection::Advanced(AdvancedRow::default()));
        snapshot.apply(disconnected.key(), Some(&disconnected)).unwrap();
        assert!(snapshot.entries.is_empty());
    }

    #[test]
    fn a_voicemail_is_known_to_calls_by_its_name_and_a_category_changes_nothing() {
        let voicemail = RoutingRecord::Voicemail {
            id: 6,
            form: crate::routing::VoicemailForm { description: "Out of hours".into(), audio_id: 2 },
        };
        let category =
            RoutingRecord::Category { id: 3, form: crate::routing::GroupForm { description: "Sales".into() } };
        let snapshot = RoutingSnapshot::default()
            .with(&[
                RecordState { key: voicemail.key(), state: Some(voicemail) },
                RecordState { key: category.key(), state: Some(category) },
            ])
            .unwrap();
        assert_eq!(snapshot.library.voicemails, vec![Named { id: 6, description: "Out of hours".into() }]);
        assert_eq!(RoutingSnapshot { library: snapshot.library.clone(), ..Default::default() }, snapshot);
    }

    #[test]
    fn a_record_under_another_key_is_refused() {
        let mut snapshot = RoutingSnapshot::default();
        assert!(snapshot.apply(key(RecordKind::Ivr, 9), Some(&ivr(1, "Menu"))).is_err());
    }
}
