//! The flow of a service plan or an IVR as a graph (nodes `ivr-{id}`, `hangup-{id}`,
//! `routing-{id}`, `voicemail-{id}`), with the problems a caller would meet: menus that can
//! reach themselves with no way out (loops) and keys that lead nowhere (dead ends).

use std::collections::{BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use super::form::IvrForm;
use super::keys::KeyType;
use crate::routing::{RowType, TimeRow};

/// A stored IVR: its id and form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StoredIvr {
    pub id: i64,
    #[serde(flatten)]
    pub ivr: IvrForm,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Named {
    pub id: i64,
    pub description: String,
}

/// What the flow can point at: the customer's IVRs, destination plans and voicemails.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "IvrLibrary"))]
pub struct Library {
    pub ivrs: Vec<StoredIvr>,
    pub destination_plans: Vec<Named>,
    pub voicemails: Vec<Named>,
}

impl Library {
    pub fn ivr(&self, id: i64) -> Option<&StoredIvr> {
        self.ivrs.iter().find(|i| i.id == id)
    }

    fn name(list: &[Named], id: i64) -> Option<&str> {
        list.iter().find(|n| n.id == id).map(|n| n.description.as_str())
    }
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FlowNode {
    /// `ivr-3`, `hangup-3`, `routing-7`, `voicemail-2`.
    pub id: String,
    pub description: String,
    /// The keys of an IVR, e.g. "1: Reception"; empty for other nodes.
    pub options: Vec<String>,
    pub is_child: bool,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FlowEdge {
    pub from: String,
    pub to: String,
    /// The key pressed, or the service plan row ("Row 2") that leads there.
    pub label: String,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FlowIssues {
    /// Sentences naming each menu that can reach itself with no way out.
    pub loops: Vec<String>,
    /// Sentences naming each key that leads nowhere.
    pub dead_ends: Vec<String>,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct IvrFlow {
    pub nodes: Vec<FlowNode>,
    pub edges: Vec<FlowEdge>,
    pub issues: FlowIssues,
}

/// The flow from one IVR.
pub fn ivr_flow(ivr_id: i64, library: &Library) -> IvrFlow {
    build(vec![(format!("ivr-{ivr_id}"), None)], library)
}

/// The flow of a service plan: each row to its destination plan or IVR, then onwards.
pub fn service_plan_flow(rows: &[TimeRow], library: &Library) -> IvrFlow {
    let roots = rows
        .iter()
        .enumerate()
        .map(|(i, row)| match row.plan_type {
            RowType::Routing => (format!("routing-{}", row.routing), Some(format!("Row {}", i + 1))),
            RowType::Ivr => (format!("ivr-{}", row.ivr), Some(format!("Row {}", i + 1))),
        })
        .collect();
    build(roots, library)
}

/// Where a key of an IVR leads: a node id, or None when the key leads nowhere.
fn target(key: &super::keys::IvrKey, library: &Library) -> Option<String> {
    match key.key_type {
        KeyType::Routing => Library::name(&library.destination_plans, key.destination_id)
            .map(|_| format!("routing-{}", key.destination_id)),
        KeyType::Voicemail => {
            Library::name(&library.voicemails, key.voicemail_id).map(|_| format!("voicemail-{}", key.voicemail_id))
        }
        KeyType::Ivr => library.ivr(key.ivr_id).map(|_| format!("ivr-{}", key.ivr_id)),
    }
}

fn build(roots: Vec<(String, Option<String>)>, library: &Library) -> IvrFlow {
    let mut flow = IvrFlow::default();
    let mut seen = BTreeSet::new();
    let mut queue: Vec<String> = vec![];
    for (id, label) in roots {
        if let Some(label) = label {
            flow.edges.push(FlowEdge { from: "start".into(), to: id.clone(), label });
        }
        queue.push(id);
    }
    // IVR id -> the IVRs its keys lead to, and whether it has an exit of its own.
    let mut leads_to: HashMap<i64, Vec<i64>> = HashMap::new();
    let mut exits: HashMap<i64, bool> = HashMap::new();
    while let Some(id) = queue.pop() {
        if !seen.insert(id.clone()) {
            continue;
        }
        let (kind, number) = id.split_once('-').map(|(k, n)| (k, n.parse::<i64>().unwrap_or(0))).unwrap_or(("", 0));
        match kind {
            "ivr" => {
                let Some(stored) = library.ivr(number) else {
                    flow.nodes.push(node(&id, "Missing IVR", vec![], false));
                    continue;
                };
                let ivr = &stored.ivr;
                let options = ivr.options.iter().map(|k| format!("{}: {}", k.key, k.description)).collect();
                flow.nodes.push(node(&id, &ivr.description, options, ivr.is_child));
                let mut exit = false;
                if ivr.has_dead_end {
                    let hang_up = format!("hangup-{number}");
                    flow.nodes.push(node(&hang_up, "Hang up", vec![], false));
                    flow.edges.push(FlowEdge { from: id.clone(), to: hang_up, label: "After the audio".into() });
                    exit = true;
                }
                for key in ivr.options.iter().filter(|k| !ivr.repeats(&k.key)) {
                    match target(key, library) {
                        Some(to) => {
                            if key.key_type == KeyType::Ivr {
                                leads_to.entry(number).or_default().push(key.ivr_id);
                            } else {
                                exit = true;
                            }
                            flow.edges.push(FlowEdge { from: id.clone(), to: to.clone(), label: key.key.clone() });
                            queue.push(to);
                        }
                        None => flow
                            .issues
                            .dead_ends
                            .push(format!("Key {} of '{}' leads nowhere.", key.key, ivr.description)),
                    }
                }
                exits.insert(number, exit);
            }
            "routing" => {
                let name = Library::name(&library.destination_plans, number).unwrap_or("Missing destination plan");
                flow.nodes.push(node(&id, name, vec![], false));
            }
            "voicemail" => {
                let name = Library::name(&library.voicemails, number).unwrap_or("Missing voicemail");
                flow.nodes.push(node(&id, name, vec![], false));
            }
            _ => {}
        }
    }
    flow.issues.loops = loops(&leads_to, &exits, library);
    flow
}

fn node(id: &str, description: &str, options: Vec<String>, is_child: bool) -> FlowNode {
    FlowNode { id: id.to_string(), description: description.to_string(), options, is_child }
}

/// Menus on a cycle from which no exit (a destination, voicemail or hang-up) can be reached.
fn loops(leads_to: &HashMap<i64, Vec<i64>>, exits: &HashMap<i64, bool>, library: &Library) -> Vec<String> {
    // Which menus can finish: an exit of their own, or a key to a menu that can finish.
    let mut finishes: BTreeSet<i64> = exits.iter().filter(|(_, e)| **e).map(|(id, _)| *id).collect();
    loop {
        let before = finishes.len();
        for (id, next) in leads_to {
            if next.iter().any(|n| finishes.contains(n)) {
                finishes.insert(*id);
            }
        }
        if finishes.len() == before {
            break;
        }
    }
    let mut trapped: Vec<i64> =
        exits.keys().filter(|id| !finishes.contains(id) && reaches(**id, **id, leads_to)).copied().collect();
    trapped.sort_unstable();
    trapped
        .into_iter()
        .map(|id| {
            let name = library.ivr(id).map_or("", |i| i.ivr.description.as_str());
            format!("'{name}' can reach itself with no way out.")
        })
        .collect()
}

/// Whether `to` can be reached from `from` by one or more IVR keys.
fn reaches(from: i64, to: i64, leads_to: &HashMap<i64, Vec<i64>>) -> bool {
    let mut stack: Vec<i64> = leads_to.get(&from).cloned().unwrap_or_default();
    let mut seen = BTreeSet::new();
    while let Some(id) = stack.pop() {
        if id == to {
            return true;
        }
        if seen.insert(id) {
            stack.extend(leads_to.get(&id).cloned().unwrap_or_default());
        }
    }
    false
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::routing::ivr::{IvrKey, NO_REPEAT};

    pub fn key(key: &str, key_type: KeyType, id: i64) -> IvrKey {
        let mut k = IvrKey { key: key.into(), description: format!("Option {key}"), key_type, ..Default::default() };
        match key_type {
            KeyType::Routing => k.destination_id = id,
            KeyType::Ivr => k.ivr_id = id,
            KeyType::Voicemail => k.voicemail_id = id,
        }
        k
    }

    pub fn ivr(id: i64, description: &str, options: Vec<IvrKey>) -> StoredIvr {
        StoredIvr {
            id,
            ivr: IvrForm {
                description: description.into(),
                repeat_key: NO_REPEAT.into(),
                options,
                ..Default::default()
            },
        }
    }

    /// Main menu (1): 1 -> Reception (plan 10), 2 -> Billing menu (2), 3 -> voicemail 20.
    /// Billing menu (2): 1 -> Accounts (plan 11), 2 -> back to the main menu.
    pub fn library() -> Library {
        Library {
            ivrs: vec![
                ivr(
                    1,
                    "Main menu",
                    vec![key("1", KeyType::Routing, 10), key("2", KeyType::Ivr, 2), key("3", KeyType::Voicemail, 20)],
                ),
                ivr(2, "Billing menu", vec![key("1", KeyType::Routing, 11), key("2", KeyType::Ivr, 1)]),
            ],
            destination_plans: vec![
                Named { id: 10, description: "Reception".into() },
                Named { id: 11, description: "Accounts".into() },
            ],
            voicemails: vec![Named { id: 20, description: "Out of hours".into() }],
        }
    }

    fn ids(flow: &IvrFlow) -> Vec<&str> {
        let mut ids: Vec<&str> = flow.nodes.iter().map(|n| n.id.as_str()).collect();
        ids.sort_unstable();
        ids
    }

    #[test]
    fn the_flow_names_its_nodes_by_type_and_id() {
        let flow = ivr_flow(1, &library());
        assert_eq!(ids(&flow), vec!["ivr-1", "ivr-2", "routing-10", "routing-11", "voicemail-20"]);
        let main = flow.nodes.iter().find(|n| n.id == "ivr-1").unwrap();
        assert_eq!(main.options, vec!["1: Option 1", "2: Option 2", "3: Option 3"]);
        assert!(flow.edges.contains(&FlowEdge { from: "ivr-2".into(), to: "ivr-1".into(), label: "2".into() }));
        assert_eq!(flow.issues, FlowIssues::default());
    }

    #[test]
    fn hang_up_after_audio_is_a_node_of_its_own() {
        let mut lib = library();
        lib.ivrs.push(StoredIvr {
            id: 3,
            ivr: IvrForm { description: "Closed".into(), has_dead_end: true, ..Default::default() },
        });
        let flow = ivr_flow(3, &lib);
        assert_eq!(ids(&flow), vec!["hangup-3", "ivr-3"]);
    }

    #[test]
    fn menus_that_only_lead_to_each_other_are_loops() {
        let mut lib = library();
        lib.ivrs.push(ivr(4, "Press one", vec![key("1", KeyType::Ivr, 5)]));
        lib.ivrs.push(ivr(5, "Press two", vec![key("1", KeyType::Ivr, 4)]));
        let flow = ivr_flow(4, &lib);
        assert_eq!(
            flow.issues.loops,
            vec!["'Press one' can reach itself with no way out.", "'Press two' can reach itself with no way out."]
        );
    }

    #[test]
    fn a_cycle_with_a_way_out_is_not_a_loop() {
        // Main menu and Billing menu lead to each other, but both have destinations.
        assert!(ivr_flow(1, &library()).issues.loops.is_empty());
    }

    #[test]
    fn the_repeat_key_is_not_a_loop_and_keys_to_nothing_are_dead_ends() {
        let mut lib = library();
        let mut only_repeat = ivr(6, "Again", vec![key("1", KeyType::Ivr, 6), key("2", KeyType::Routing, 99)]);
        only_repeat.ivr.repeat_key = "1".into();
        lib.ivrs.push(only_repeat);
        let flow = ivr_flow(6, &lib);
        assert!(flow.issues.loops.is_empty());
        assert_eq!(flow.issues.dead_ends, vec!["Key 2 of 'Again' leads nowhere."]);
    }

    #[test]
    fn a_service_plan_flow_starts_from_its_rows() {
        let rows = vec![
            TimeRow::spanning(0, 5000, 10),
            TimeRow { plan_type: RowType::Ivr, routing: 0, ivr: 1, ..TimeRow::spanning(5001, 10079, 0) },
        ];
        let flow = service_plan_flow(&rows, &library());
        assert!(flow.edges.contains(&FlowEdge {
            from: "start".into(),
            to: "routing-10".into(),
            label: "Row 1".into()
        }));
        assert!(flow.edges.contains(&FlowEdge { from: "start".into(), to: "ivr-1".into(), label: "Row 2".into() }));
        assert_eq!(ids(&flow).len(), 5);
    }
}
