//! Rolling a change back: the records to put back and the state each goes back to, what will
//! change back in plain words, and the later changes to the same records, which are either
//! rolled back too or make the rollback refuse (never half restored). Before anything is saved,
//! `check_restored_graph` says whether the restored routing would be broken where it was not.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::explain::explain_change;
use super::names::Names;
use super::record::{RecordKey, RecordState, RoutingRecord};
use super::snapshot::{EntryRoute, RoutingSnapshot};
use crate::names::NOTHING_TAKEN;
use crate::routing::ivr::{ivr_flow, service_plan_flow};
use crate::routing::{validate_service_plan, RowType};

/// One saved change of one record, as the history stores it (changes are ordered by time).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Change {
    pub id: i64,
    pub key: RecordKey,
    pub before: Option<RoutingRecord>,
    pub after: Option<RoutingRecord>,
}

/// A later change to the same records, with what it did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LaterChange {
    pub id: i64,
    pub explanation: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "outcome", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum RollbackOutcome {
    /// No later change touched the records: they go back as they were before the change.
    Clean,
    /// Later changes touched the same records and are rolled back with it.
    #[serde(rename_all = "camelCase")]
    WithLater { change_ids: Vec<i64> },
    /// Later changes touched the same records: rolling this one back alone would undo part of
    /// them. Nothing is restored; asking again with the later changes included may.
    #[serde(rename_all = "camelCase")]
    Conflict { later_change_ids: Vec<i64>, reason: String },
    /// The stored history does not add up (a change that does not start where the one before
    /// left the record): nothing is restored.
    Refused { reason: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RollbackPlan {
    pub outcome: RollbackOutcome,
    /// The records to put back and their states; empty unless the outcome is clean or with later.
    pub restores: Vec<RecordState>,
    /// What will change back: the current state explained against the restored one.
    pub changes_back: Vec<String>,
    /// The later changes to the same records, oldest first.
    pub later: Vec<LaterChange>,
}

fn ids_text(ids: &[i64]) -> String {
    let ids: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
    match ids.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("changes {} and {last}", rest.join(", ")),
        _ => format!("change {}", ids.join("")),
    }
}

fn refused(reason: String) -> RollbackPlan {
    RollbackPlan { outcome: RollbackOutcome::Refused { reason }, restores: vec![], changes_back: vec![], later: vec![] }
}

/// The plan to roll `target` back. `later` holds the changes saved after it (any records, in
/// time order); those touching the same records are rolled back with it when `include_later`,
/// otherwise they make a conflict. Each record touched goes back to its state before the
/// earliest change rolled back.
pub fn plan_rollback(target: &Change, later: &[Change], include_later: bool, names: &Names) -> RollbackPlan {
    plan_group_rollback(std::slice::from_ref(target), later, include_later, names)
}

/// As `plan_rollback`, for changes saved together (a published draft: one entry in the
/// history, undone by one rollback). `targets` are in time order, at most one per record.
pub fn plan_group_rollback(targets: &[Change], later: &[Change], include_later: bool, names: &Names) -> RollbackPlan {
    let Some(target) = targets.first() else {
        return refused("There is nothing to roll back.".to_string());
    };
    let fits = |change: &Change| {
        change.before.as_ref().is_none_or(|r| r.key() == change.key)
            && change.after.as_ref().is_none_or(|r| r.key() == change.key)
    };
    if let Some(bad) = targets.iter().chain(later).find(|c| !fits(c)) {
        return refused(format!("Change #{} holds a record other than the one it names.", bad.id));
    }
    let mut keys: BTreeSet<RecordKey> = targets.iter().map(|c| c.key).collect();
    let mut touching: Vec<&Change> = vec![];
    for change in later {
        if keys.contains(&change.key) {
            touching.push(change);
            keys.insert(change.key);
        }
    }
    // Each record's changes must follow on from each other, or restoring would lose one.
    let mut chain: Vec<&Change> = targets.iter().collect();
    chain.extend(&touching);
    for key in &keys {
        let of_key: Vec<&&Change> = chain.iter().filter(|c| c.key == *key).collect();
        for pair in of_key.windows(2) {
            if pair[1].before != pair[0].after {
                return refused(format!(
                    "The history is incomplete: change #{} does not start where change #{} left the record.",
                    pair[1].id, pair[0].id
                ));
            }
        }
    }
    let later_explained: Vec<LaterChange> = touching
        .iter()
        .map(|c| LaterChange { id: c.id, explanation: explain_change(c.before.as_ref(), c.after.as_ref(), names) })
        .collect();
    let later_ids: Vec<i64> = touching.iter().map(|c| c.id).collect();
    if !later_ids.is_empty() && !include_later {
        let name = match targets {
            [_] => target.before.as_ref().or(target.after.as_ref()).map_or("the record", |r| r.name()),
            _ => "A record it published",
        };
        let quoted = if targets.len() == 1 { format!("'{name}'") } else { name.to_string() };
        let reason = format!(
            "{quoted} was changed again after this change ({}). Roll those back too, or roll back the latest change first.",
            ids_text(&later_ids)
        );
        return RollbackPlan {
            outcome: RollbackOutcome::Conflict { later_change_ids: later_ids, reason },
            restores: vec![],
            changes_back: vec![],
            later: later_explained,
        };
    }
    let mut restores = vec![];
    let mut changes_back = vec![];
    for key in &keys {
        let first = chain.iter().find(|c| c.key == *key).expect("every key has a change");
        let last = chain.iter().rev().find(|c| c.key == *key).expect("every key has a change");
        changes_back.extend(explain_change(last.after.as_ref(), first.before.as_ref(), names));
        restores.push(RecordState { key: *key, state: first.before.clone() });
    }
    let outcome = if later_ids.is_empty() {
        RollbackOutcome::Clean
    } else {
        RollbackOutcome::WithLater { change_ids: later_ids }
    };
    RollbackPlan { outcome, restores, changes_back, later: later_explained }
}

/// Every problem a caller could meet in `snapshot`: a service plan that does not cover the week
/// or points at nothing, menus with loops or dead ends, numbers connected to a missing plan.
pub fn routing_problems(snapshot: &RoutingSnapshot) -> BTreeSet<String> {
    let mut problems = BTreeSet::new();
    let library = &snapshot.library;
    for plan in &snapshot.service_plans {
        let name = &plan.form.description;
        if let Err(errors) = validate_service_plan(&plan.form, NOTHING_TAKEN) {
            for (field, message) in errors.iter() {
                if !field.starts_with("form_plan_description") {
                    problems.insert(format!("Service plan '{name}': {message}"));
                }
            }
        }
        for (i, row) in plan.form.rows.iter().enumerate() {
            let missing = match row.plan_type {
                RowType::Routing => row.routing > 0 && !library.destination_plans.iter().any(|p| p.id == row.routing),
                RowType::Ivr => row.ivr > 0 && library.ivr(row.ivr).is_none(),
            };
            if missing {
                problems.insert(format!("Row {} of service plan '{name}' leads nowhere.", i + 1));
            }
        }
        let issues = service_plan_flow(&plan.form.rows, library).issues;
        problems.extend(issues.loops.into_iter().chain(issues.dead_ends));
    }
    for ivr in &library.ivrs {
        let issues = ivr_flow(ivr.id, library).issues;
        problems.extend(issues.loops.into_iter().chain(issues.dead_ends));
    }
    for entry in &snapshot.entries {
        if let EntryRoute::ServicePlan { id } = entry.route {
            if !snapshot.service_plans.iter().any(|p| p.id == id) {
                problems.insert(format!("'{}' is connected to a service plan that no longer exists.", entry.label));
            }
        }
    }
    problems
}

/// Why routing would be broken after the restore, naming each problem the restored routing
/// has that the current routing does not (a rollback never makes routing worse); None when it
/// would not.
pub fn check_restored_graph(current: &RoutingSnapshot, restored: &RoutingSnapshot) -> Option<String> {
    let before = routing_problems(current);
    let new: Vec<String> = routing_problems(restored).difference(&before).cloned().collect();
    (!new.is_empty()).then(|| format!("Rolling back would leave routing broken: {}", new.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::history::record::RecordKind;
    use crate::routing::history::snapshot::{RoutingEntry, StoredServicePlan};
    use crate::routing::ivr::{IvrForm, IvrKey, Library, Named, StoredIvr, NO_REPEAT};
    use crate::routing::{ServicePlanForm, TimeRow, LAST_MINUTE_OF_WEEK};

    fn menu(key_2_to: i64) -> RoutingRecord {
        let key =
            |k: &str, id| IvrKey { key: k.into(), description: k.into(), destination_id: id, ..Default::default() };
        RoutingRecord::Ivr {
            id: 1,
            form: IvrForm {
                description: "Main menu".into(),
                repeat_key: NO_REPEAT.into(),
                options: vec![key("1", 10), key("2", key_2_to)],
                ..Default::default()
            },
        }
    }

    fn names() -> Names {
        Names {
            destination_plans: vec![
                Named { id: 10, description: "Reception".into() },
                Named { id: 11, description: "Billing".into() },
                Named { id: 12, description: "Sales".into() },
            ],
            ..Default::default()
        }
    }

    fn change(id: i64, before: Option<RoutingRecord>, after: Option<RoutingRecord>) -> Change {
        let key = before.as_ref().or(after.as_ref()).map(|r| r.key()).unwrap();
        Change { id, key, before, after }
    }

    fn other_record_change(id: i64) -> Change {
        let plan = |description: &str| RoutingRecord::Queue {
            id: 4,
            form: crate::routing::QueueForm { description: description.into(), ..Default::default() },
        };
        change(id, Some(plan("Queue")), Some(plan("Renamed queue")))
    }

    #[test]
    fn a_change_with_nothing_after_it_restores_cleanly_and_says_what_changes_back() {
        let target = change(7, Some(menu(10)), Some(menu(11)));
        let plan = plan_rollback(&target, &[other_record_change(8)], false, &names());
        assert_eq!(plan.outcome, RollbackOutcome::Clean);
        assert_eq!(plan.restores, vec![RecordState { key: target.key, state: Some(menu(10)) }]);
        assert_eq!(plan.changes_back, vec!["Key 2 of 'Main menu' now goes to 'Reception' instead of 'Billing'."]);
        assert!(plan.later.is_empty());
    }

    #[test]
    fn later_changes_to_the_same_record_make_a_conflict_that_restores_nothing() {
        let target = change(7, Some(menu(10)), Some(menu(11)));
        let later = [other_record_change(8), change(9, Some(menu(11)), Some(menu(12)))];
        let plan = plan_rollback(&target, &later, false, &names());
        let RollbackOutcome::Conflict { later_change_ids, reason } = &plan.outcome else { panic!("{plan:?}") };
        assert_eq!(later_change_ids, &vec![9]);
        assert_eq!(
            reason,
            "'Main menu' was changed again after this change (change #9). Roll those back too, or roll back the latest change first."
        );
        assert!(plan.restores.is_empty() && plan.changes_back.is_empty());
        assert_eq!(plan.later[0].explanation, vec!["Key 2 of 'Main menu' now goes to 'Sales' instead of 'Billing'."]);
    }

    #[test]
    fn including_later_changes_restores_the_state_before_the_earliest() {
        let target = change(7, Some(menu(10)), Some(menu(11)));
        let later = [change(9, Some(menu(11)), Some(menu(12)))];
        let plan = plan_rollback(&target, &later, true, &names());
        assert_eq!(plan.outcome, RollbackOutcome::WithLater { change_ids: vec![9] });
        assert_eq!(plan.restores[0].state, Some(menu(10)));
        assert_eq!(plan.changes_back, vec!["Key 2 of 'Main menu' now goes to 'Reception' instead of 'Sales'."]);
    }

    #[test]
    fn a_published_draft_is_rolled_back_as_one() {
        let queue = other_record_change(8);
        let published = [change(7, Some(menu(10)), Some(menu(11))), queue.clone()];
        let plan = plan_group_rollback(&published, &[], false, &names());
        assert_eq!(plan.outcome, RollbackOutcome::Clean);
        assert_eq!(plan.restores.len(), 2);
        assert!(plan.restores.contains(&RecordState { key: queue.key, state: queue.before.clone() }));

        let later = [change(9, Some(menu(11)), Some(menu(12)))];
        let plan = plan_group_rollback(&published, &later, false, &names());
        let RollbackOutcome::Conflict { reason, .. } = &plan.outcome else { panic!("{plan:?}") };
        assert!(reason.starts_with("A record it published was changed again after this change (change #9)."));
        assert!(plan_group_rollback(&[], &[], false, &names()).restores.is_empty());
    }

    #[test]
    fn rolling_back_a_creation_deletes_and_a_deletion_recreates() {
        let created = plan_rollback(&change(3, None, Some(menu(10))), &[], false, &names());
        assert_eq!(created.restores[0].state, None);
        assert_eq!(created.changes_back, vec!["IVR 'Main menu' deleted."]);
        let deleted = plan_rollback(&change(4, Some(menu(10)), None), &[], false, &names());
        assert_eq!(deleted.restores[0].state, Some(menu(10)));
    }

    #[test]
    fn a_history_that_does_not_add_up_is_refused() {
        let target = change(7, Some(menu(10)), Some(menu(11)));
        let later = [change(9, Some(menu(12)), Some(menu(10)))];
        let plan = plan_rollback(&target, &later, true, &names());
        assert_eq!(
            plan.outcome,
            RollbackOutcome::Refused {
                reason: "The history is incomplete: change #9 does not start where change #7 left the record.".into()
            }
        );
        assert!(plan.restores.is_empty());
        let wrong_key = Change { key: RecordKey { kind: RecordKind::Queue, id: 1 }, ..target };
        assert!(matches!(plan_rollback(&wrong_key, &[], false, &names()).outcome, RollbackOutcome::Refused { .. }));
    }

    fn snapshot() -> RoutingSnapshot {
        let rows = vec![TimeRow { plan_type: RowType::Ivr, ivr: 1, ..TimeRow::spanning(0, LAST_MINUTE_OF_WEEK, 0) }];
        let RoutingRecord::Ivr { form, .. } = menu(11) else { unreachable!() };
        RoutingSnapshot {
            service_plans: vec![StoredServicePlan {
                id: 1,
                form: ServicePlanForm { description: "Office".into(), rows, exceptions: vec![] },
            }],
            library: Library {
                ivrs: vec![StoredIvr { id: 1, ivr: form }],
                destination_plans: names().destination_plans,
                voicemails: vec![],
            },
            entries: vec![RoutingEntry {
                id: 5,
                label: "01632 960000".into(),
                route: EntryRoute::ServicePlan { id: 1 },
            }],
        }
    }

    #[test]
    fn a_restore_that_keeps_routing_whole_passes_the_check() {
        let current = snapshot();
        let plan = plan_rollback(&change(7, Some(menu(10)), Some(menu(11))), &[], false, &names());
        let restored = current.with(&plan.restores).unwrap();
        assert_eq!(check_restored_graph(&current, &restored), None);
    }

    #[test]
    fn a_restore_that_would_leave_a_dead_end_or_an_uncovered_week_is_refused_with_the_reason() {
        let current = snapshot();
        // Rolling back the creation of Billing (11), which the menu's key 2 now uses.
        let billing = RoutingRecord::DestinationPlan {
            id: 11,
            form: crate::routing::DestinationPlanForm { description: "Billing".into(), ..Default::default() },
        };
        let plan = plan_rollback(&change(2, None, Some(billing)), &[], false, &names());
        let restored = current.with(&plan.restores).unwrap();
        assert_eq!(
            check_restored_graph(&current, &restored),
            Some("Rolling back would leave routing broken: Key 2 of 'Main menu' leads nowhere.".into())
        );
        let mut short = current.clone();
        short.service_plans[0].form.rows[0].to_hour = 12;
        assert_eq!(
            check_restored_graph(&current, &short),
            Some(
                "Rolling back would leave routing broken: Service plan 'Office': Please change the to day and time to Sunday 23:59 on row 1"
                    .into()
            )
        );
    }

    #[test]
    fn problems_already_there_do_not_block_a_rollback() {
        let mut current = snapshot();
        current.entries.push(RoutingEntry { id: 6, label: "Pool".into(), route: EntryRoute::ServicePlan { id: 9 } });
        assert_eq!(routing_problems(&current).len(), 1);
        assert_eq!(check_restored_graph(&current, &current.clone()), None);
    }
}
