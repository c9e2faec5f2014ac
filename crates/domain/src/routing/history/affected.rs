//! Which numbers and pools a change can reach: those whose calls can pass through the changed
//! record, in the routing before the change or after it. Their calls are the ones the impact
//! replays, so "N of M calls" counts the calls the change could have touched.

use std::collections::BTreeSet;

use super::record::{RecordKey, RecordKind};
use super::snapshot::{EntryRoute, RoutingEntry, RoutingSnapshot};
use crate::routing::ivr::KeyType;
use crate::routing::RowType;

/// The records a number's or pool's calls can pass through: its connection, its service plan,
/// the destination plans, IVRs and voicemails the plan's rows and the menus' keys lead to.
pub fn reachable_records(snapshot: &RoutingSnapshot, entry: &RoutingEntry) -> BTreeSet<RecordKey> {
    let mut reached = BTreeSet::from([RecordKey { kind: RecordKind::Connect, id: entry.id }]);
    let EntryRoute::ServicePlan { id } = entry.route else { return reached };
    reached.insert(RecordKey { kind: RecordKind::ServicePlan, id });
    let mut menus: Vec<i64> = vec![];
    if let Some(plan) = snapshot.service_plans.iter().find(|p| p.id == id) {
        for row in &plan.form.rows {
            match row.plan_type {
                RowType::Routing => {
                    reached.insert(RecordKey { kind: RecordKind::DestinationPlan, id: row.routing });
                }
                RowType::Ivr => menus.push(row.ivr),
            }
        }
    }
    // Each menu once, however many keys lead back to it.
    while let Some(ivr) = menus.pop() {
        if !reached.insert(RecordKey { kind: RecordKind::Ivr, id: ivr }) {
            continue;
        }
        let Some(stored) = snapshot.library.ivr(ivr) else { continue };
        for key in &stored.ivr.options {
            match key.key_type {
                KeyType::Routing => {
                    reached.insert(RecordKey { kind: RecordKind::DestinationPlan, id: key.destination_id });
                }
                KeyType::Ivr => menus.push(key.ivr_id),
                KeyType::Voicemail => {
                    reached.insert(RecordKey { kind: RecordKind::Voicemail, id: key.voicemail_id });
                }
            }
        }
    }
    reached
}

/// The ids of the numbers and pools whose calls can pass through `key` before or after a
/// change, in id order.
pub fn affected_entries(before: &RoutingSnapshot, after: &RoutingSnapshot, key: RecordKey) -> Vec<i64> {
    let mut ids = BTreeSet::new();
    for snapshot in [before, after] {
        for entry in &snapshot.entries {
            if reachable_records(snapshot, entry).contains(&key) {
                ids.insert(entry.id);
            }
        }
    }
    ids.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::history::StoredServicePlan;
    use crate::routing::ivr::{IvrForm, IvrKey, Library, StoredIvr};
    use crate::routing::{set_row_type, ServicePlanForm, TimeRow};

    fn snapshot() -> RoutingSnapshot {
        let to_menu = set_row_type(TimeRow { ivr: 5, ..TimeRow::spanning(0, 100, 0) }, RowType::Ivr);
        let to_reception = TimeRow::spanning(101, 10_079, 7);
        let menu = StoredIvr {
            id: 5,
            ivr: IvrForm {
                options: vec![
                    IvrKey { key: "1".into(), key_type: KeyType::Routing, destination_id: 8, ..IvrKey::default() },
                    IvrKey { key: "2".into(), key_type: KeyType::Ivr, ivr_id: 5, ..IvrKey::default() },
                    IvrKey { key: "3".into(), key_type: KeyType::Voicemail, voicemail_id: 4, ..IvrKey::default() },
                ],
                ..IvrForm::default()
            },
        };
        RoutingSnapshot {
            service_plans: vec![StoredServicePlan {
                id: 3,
                form: ServicePlanForm {
                    description: "Office".into(),
                    rows: vec![to_menu, to_reception],
                    exceptions: vec![],
                },
            }],
            library: Library { ivrs: vec![menu], ..Library::default() },
            entries: vec![
                RoutingEntry { id: 10, label: "0113 496 0000".into(), route: EntryRoute::ServicePlan { id: 3 } },
                RoutingEntry {
                    id: 11,
                    label: "0113 496 0001".into(),
                    route: EntryRoute::Number { destination: "07700900000".into() },
                },
            ],
        }
    }

    #[test]
    fn a_number_reaches_its_plan_the_plans_targets_and_the_menus_keys_and_voicemails() {
        let s = snapshot();
        let reached = reachable_records(&s, &s.entries[0]);
        let kinds: Vec<(RecordKind, i64)> = reached.iter().map(|k| (k.kind, k.id)).collect();
        assert_eq!(
            kinds,
            vec![
                (RecordKind::ServicePlan, 3),
                (RecordKind::DestinationPlan, 7),
                (RecordKind::DestinationPlan, 8),
                (RecordKind::Ivr, 5),
                (RecordKind::Connect, 10),
                (RecordKind::Voicemail, 4),
            ]
        );
    }

    #[test]
    fn a_basic_number_reaches_only_its_connection() {
        let s = snapshot();
        assert_eq!(reachable_records(&s, &s.entries[1]).len(), 1);
    }

    #[test]
    fn a_change_affects_the_numbers_that_reach_it_before_or_after() {
        let before = snapshot();
        let menu = RecordKey { kind: RecordKind::Ivr, id: 5 };
        assert_eq!(affected_entries(&before, &before, menu), vec![10]);
        // Once the basic number is put on the plan, it is affected too.
        let mut after = before.clone();
        after.entries[1].route = EntryRoute::ServicePlan { id: 3 };
        assert_eq!(affected_entries(&before, &after, menu), vec![10, 11]);
        let unknown = RecordKey { kind: RecordKind::DestinationPlan, id: 99 };
        assert!(affected_entries(&before, &after, unknown).is_empty());
    }
}
