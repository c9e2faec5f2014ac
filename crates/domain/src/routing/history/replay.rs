//! The impact of an edit on real calls: each recorded call is followed through the stored
//! routing and through the edited routing (time of day in the account's zone, then the keys the
//! caller pressed); where the two ends differ, the call would have gone elsewhere. Moves are
//! grouped by where from, where to, the weekday and the part of the day, biggest first.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::snapshot::{EntryRoute, RoutingSnapshot};
use crate::routing::call_path::exception_row;
use crate::routing::ivr::{reach, Reached};
use crate::routing::plan_exceptions::{exception_on, PlanException};
use crate::routing::time_of_day::MINUTES_PER_DAY;
use crate::routing::{day_and_minute, row_at, TimeRow};
use crate::time::{local_time, parse_zone};
use chrono::NaiveDate;

/// The most calls one replay takes (a week of a busy account, with room to spare).
pub const MAX_REPLAY_CALLS: usize = 50_000;
/// The most key presses of one call that are replayed; later presses are ignored.
pub const MAX_PRESSES_PER_CALL: usize = 20;

const DAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// A recorded call: to which number or pool (`entry`), when, and the keys pressed in turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReplayCall {
    pub id: i64,
    pub entry: i64,
    pub started_at_millis: i64,
    pub presses: Vec<String>,
}

/// Nights 00:00-05:59, mornings 06:00-11:59, afternoons 12:00-17:59, evenings 18:00-23:59.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PartOfDay {
    Night,
    Morning,
    Afternoon,
    Evening,
}

impl PartOfDay {
    fn of_hour(hour: i64) -> PartOfDay {
        match hour {
            0..=5 => PartOfDay::Night,
            6..=11 => PartOfDay::Morning,
            12..=17 => PartOfDay::Afternoon,
            _ => PartOfDay::Evening,
        }
    }

    /// "on Saturday mornings", "in the early hours of Saturday".
    fn when(self, day: &str, plural: bool) -> String {
        let s = if plural { "s" } else { "" };
        match self {
            PartOfDay::Night => format!("in the early hours of {day}"),
            PartOfDay::Morning => format!("on {day} morning{s}"),
            PartOfDay::Afternoon => format!("on {day} afternoon{s}"),
            PartOfDay::Evening => format!("on {day} evening{s}"),
        }
    }
}

/// Calls that went from one end to another at the same weekday and part of the day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Move {
    pub count: usize,
    /// "31 calls on Saturday mornings: from Reception to voicemail 'Messages'".
    pub label: String,
    /// Where the calls went with the stored routing.
    pub from: String,
    /// Where they would have gone with the edited routing.
    pub to: String,
    /// The local weekday, 1 (Monday) to 7.
    pub day: i64,
    pub part_of_day: PartOfDay,
    /// The calls, in the order given, for the list to open.
    pub call_ids: Vec<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Impact {
    pub total: usize,
    pub moved: usize,
    /// "12 of 340 calls would have gone elsewhere".
    pub headline: String,
    /// Biggest first.
    pub moves: Vec<Move>,
}

/// Where a call ends, by id: equal ends are the same place for the caller (every hang-up is
/// one end, whatever its reason).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum End<'a> {
    DestinationPlan(i64),
    Voicemail(i64),
    HangUp,
    Number(&'a str),
    NotConnected,
}

/// A snapshot indexed for many calls.
struct Router<'a> {
    snapshot: &'a RoutingSnapshot,
    plans: HashMap<i64, &'a [TimeRow]>,
    exceptions: HashMap<i64, &'a [PlanException]>,
    entries: HashMap<i64, &'a EntryRoute>,
}

impl<'a> Router<'a> {
    fn new(snapshot: &'a RoutingSnapshot) -> Router<'a> {
        Router {
            snapshot,
            plans: snapshot.service_plans.iter().rev().map(|p| (p.id, p.form.rows.as_slice())).collect(),
            exceptions: snapshot.service_plans.iter().rev().map(|p| (p.id, p.form.exceptions.as_slice())).collect(),
            entries: snapshot.entries.iter().rev().map(|e| (e.id, &e.route)).collect(),
        }
    }

    fn end(&self, call: &ReplayCall, minute_of_week: i64, date: NaiveDate) -> End<'a> {
        match self.entries.get(&call.entry) {
            None => End::NotConnected,
            Some(EntryRoute::Number { destination }) => End::Number(destination.trim()),
            Some(EntryRoute::ServicePlan { id }) => {
                let Some(rows) = self.plans.get(id) else { return End::HangUp };
                // A dated exception (a bank holiday) answers its days instead of the week.
                let exception = self
                    .exceptions
                    .get(id)
                    .and_then(|list| exception_on(list, date, (minute_of_week % MINUTES_PER_DAY) as u32))
                    .map(|(_, e)| exception_row(e));
                let row = exception.as_ref().or_else(|| row_at(rows, minute_of_week).map(|i| &rows[i]));
                let presses = &call.presses[..call.presses.len().min(MAX_PRESSES_PER_CALL)];
                match reach(row, &self.snapshot.library, presses, |_, _, _, _| {}) {
                    Reached::DestinationPlan(id) => End::DestinationPlan(id),
                    Reached::Voicemail(id) => End::Voicemail(id),
                    Reached::HangUp(_) => End::HangUp,
                }
            }
        }
    }

    fn label(&self, end: End<'_>) -> String {
        let library = &self.snapshot.library;
        let name = |list: &[crate::routing::ivr::Named], id: i64| {
            list.iter().find(|n| n.id == id).map_or_else(|| format!("#{id} (deleted)"), |n| n.description.clone())
        };
        match end {
            End::DestinationPlan(id) => name(&library.destination_plans, id),
            End::Voicemail(id) => format!("voicemail '{}'", name(&library.voicemails, id)),
            End::HangUp => "a hang-up".to_string(),
            End::Number("") => "no number".to_string(),
            End::Number(number) => number.to_string(),
            End::NotConnected => "no routing".to_string(),
        }
    }
}

/// 12345 as "12,345".
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "N of M calls would have gone elsewhere"; "1 of 1 call ..."; "No calls to replay" for none.
pub fn impact_headline(moved: usize, total: usize) -> String {
    if total == 0 {
        return "No calls to replay".to_string();
    }
    let calls = if total == 1 { "call" } else { "calls" };
    format!("{} of {} {calls} would have gone elsewhere", thousands(moved), thousands(total))
}

/// Replays `calls` through the `before` and `after` routing in `time_zone` (an IANA name).
/// Refused beyond MAX_REPLAY_CALLS calls, for an unknown zone, or a time out of range.
pub fn replay_impact(
    before: &RoutingSnapshot,
    after: &RoutingSnapshot,
    calls: &[ReplayCall],
    time_zone: &str,
) -> Result<Impact, String> {
    if calls.len() > MAX_REPLAY_CALLS {
        return Err(format!(
            "At most {} calls can be replayed at once; there are {}.",
            thousands(MAX_REPLAY_CALLS),
            thousands(calls.len())
        ));
    }
    let zone = parse_zone(time_zone)?;
    let (old, new) = (Router::new(before), Router::new(after));
    let mut groups: HashMap<(End, End, i64, PartOfDay), Vec<i64>> = HashMap::new();
    for call in calls {
        let local = local_time(&zone, call.started_at_millis).map_err(|e| format!("Call {}: {e}", call.id))?;
        let (day, minute) = day_and_minute(&local);
        let date = local.date_naive();
        let (from, to) = (old.end(call, minute, date), new.end(call, minute, date));
        if from != to {
            let part = PartOfDay::of_hour(minute % crate::routing::MINUTES_PER_DAY / 60);
            groups.entry((from, to, day, part)).or_default().push(call.id);
        }
    }
    let moved = groups.values().map(Vec::len).sum();
    let mut moves: Vec<Move> = groups
        .into_iter()
        .map(|((from, to, day, part), call_ids)| {
            let (from, to) = (old.label(from), new.label(to));
            let count = call_ids.len();
            let day_name = DAYS[(day - 1) as usize];
            let calls = if count == 1 { "call" } else { "calls" };
            let label = format!("{} {calls} {}: from {from} to {to}", thousands(count), part.when(day_name, count > 1));
            Move { count, label, from, to, day, part_of_day: part, call_ids }
        })
        .collect();
    moves.sort_by(|a, b| {
        b.count.cmp(&a.count).then_with(|| {
            (a.day, a.part_of_day, &a.from, &a.to, &a.call_ids).cmp(&(
                b.day,
                b.part_of_day,
                &b.from,
                &b.to,
                &b.call_ids,
            ))
        })
    });
    Ok(Impact { total: calls.len(), moved, headline: impact_headline(moved, calls.len()), moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::history::snapshot::{RoutingEntry, StoredServicePlan};
    use crate::routing::ivr::{IvrForm, IvrKey, KeyType, Library, Named, StoredIvr, NO_REPEAT};
    use crate::routing::{RowType, ServicePlanForm, LAST_MINUTE_OF_WEEK, MINUTES_PER_DAY};

    // Wednesday 14 January 2026 10:00 GMT; Saturday 17 January 2026 10:00 GMT.
    const WEDNESDAY: i64 = 1_768_384_800_000;
    const SATURDAY: i64 = 1_768_644_000_000;
    const HOUR: i64 = 3_600_000;

    fn key(k: &str, key_type: KeyType, id: i64) -> IvrKey {
        let mut key = IvrKey { key: k.into(), description: k.into(), key_type, ..Default::default() };
        match key_type {
            KeyType::Routing => key.destination_id = id,
            KeyType::Ivr => key.ivr_id = id,
            KeyType::Voicemail => key.voicemail_id = id,
        }
        key
    }

    /// Plan 1: weekdays to Reception (10), weekends to the main menu (IVR 1: 1 Reception,
    /// 2 Billing menu (IVR 2: 1 Billing (11)), 3 voicemail 20). Entry 100 uses plan 1; entry 200
    /// rings a number.
    fn snapshot() -> RoutingSnapshot {
        let weekend = 5 * MINUTES_PER_DAY;
        let rows = vec![
            TimeRow::spanning(0, weekend - 1, 10),
            TimeRow {
                plan_type: RowType::Ivr,
                routing: 0,
                ivr: 1,
                ..TimeRow::spanning(weekend, LAST_MINUTE_OF_WEEK, 0)
            },
        ];
        let menu = |id, description: &str, options| StoredIvr {
            id,
            ivr: IvrForm {
                description: description.into(),
                repeat_key: NO_REPEAT.into(),
                options,
                ..Default::default()
            },
        };
        RoutingSnapshot {
            service_plans: vec![StoredServicePlan {
                id: 1,
                form: ServicePlanForm { description: "Office".into(), rows, exceptions: vec![] },
            }],
            library: Library {
                ivrs: vec![
                    menu(
                        1,
                        "Main menu",
                        vec![
                            key("1", KeyType::Routing, 10),
                            key("2", KeyType::Ivr, 2),
                            key("3", KeyType::Voicemail, 20),
                        ],
                    ),
                    menu(2, "Billing menu", vec![key("1", KeyType::Routing, 11)]),
                ],
                destination_plans: vec![
                    Named { id: 10, description: "Reception".into() },
                    Named { id: 11, description: "Billing".into() },
                    Named { id: 12, description: "Voicemail".into() },
                ],
                voicemails: vec![Named { id: 20, description: "Messages".into() }],
            },
            entries: vec![
                RoutingEntry { id: 100, label: "01632 960000".into(), route: EntryRoute::ServicePlan { id: 1 } },
                RoutingEntry {
                    id: 200,
                    label: "01632 960001".into(),
                    route: EntryRoute::Number { destination: "07700900123".into() },
                },
            ],
        }
    }

    fn call(id: i64, entry: i64, at: i64, presses: &[&str]) -> ReplayCall {
        ReplayCall { id, entry, started_at_millis: at, presses: presses.iter().map(|p| p.to_string()).collect() }
    }

    fn calls() -> Vec<ReplayCall> {
        vec![
            call(1, 100, WEDNESDAY, &[]),
            call(2, 100, SATURDAY, &["1"]),
            call(3, 100, SATURDAY + HOUR / 2, &["1"]),
            call(4, 100, SATURDAY, &["2", "1"]),
            call(5, 200, WEDNESDAY, &[]),
        ]
    }

    fn replay(after: &RoutingSnapshot, calls: &[ReplayCall]) -> Impact {
        replay_impact(&snapshot(), after, calls, "Europe/London").unwrap()
    }

    #[test]
    fn unchanged_routing_moves_nothing() {
        let impact = replay(&snapshot(), &calls());
        assert_eq!((impact.total, impact.moved, impact.moves.len()), (5, 0, 0));
        assert_eq!(impact.headline, "0 of 5 calls would have gone elsewhere");
    }

    #[test]
    fn a_retargeted_key_moves_the_calls_that_pressed_it_grouped_by_day_and_part_of_day() {
        let mut after = snapshot();
        after.library.ivrs[0].ivr.options[0].destination_id = 12;
        let impact = replay(&after, &calls());
        assert_eq!(impact.headline, "2 of 5 calls would have gone elsewhere");
        assert_eq!(impact.moves.len(), 1);
        let moved = &impact.moves[0];
        assert_eq!(moved.label, "2 calls on Saturday mornings: from Reception to Voicemail");
        assert_eq!((moved.day, moved.part_of_day, moved.call_ids.clone()), (6, PartOfDay::Morning, vec![2, 3]));
    }

    #[test]
    fn one_call_reads_in_the_singular() {
        let mut after = snapshot();
        after.library.ivrs[1].ivr.options[0].key_type = KeyType::Voicemail;
        after.library.ivrs[1].ivr.options[0].voicemail_id = 20;
        let impact = replay(&after, &calls()[3..4]);
        assert_eq!(impact.headline, "1 of 1 call would have gone elsewhere");
        assert_eq!(impact.moves[0].label, "1 call on Saturday morning: from Billing to voicemail 'Messages'");
        assert_eq!(impact_headline(0, 0), "No calls to replay");
        assert_eq!(impact_headline(1234, 10_000), "1,234 of 10,000 calls would have gone elsewhere");
    }

    #[test]
    fn moves_come_biggest_first() {
        let mut after = snapshot();
        after.service_plans[0].form.rows[0].routing = 11;
        let mut calls = calls();
        calls.push(call(6, 100, WEDNESDAY + 10 * HOUR, &[]));
        calls.push(call(7, 100, WEDNESDAY + 11 * HOUR, &[]));
        let impact = replay(&after, &calls);
        let labels: Vec<&str> = impact.moves.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(
            labels,
            vec![
                "2 calls on Wednesday evenings: from Reception to Billing",
                "1 call on Wednesday morning: from Reception to Billing",
            ]
        );
    }

    #[test]
    fn the_time_of_day_is_read_in_the_accounts_zone() {
        // Wednesday 15 July 2026 08:30 UTC is 09:30 BST; Saturday 18 July 05:30 UTC is 06:30 BST.
        let mut after = snapshot();
        after.service_plans[0].form.rows[0] = TimeRow::spanning(0, 9 * 60 - 1, 10);
        after.service_plans[0].form.rows.insert(1, TimeRow::spanning(9 * 60, 5 * MINUTES_PER_DAY - 1, 11));
        let summer = [call(1, 100, 1_784_104_200_000, &[]), call(2, 100, 1_784_352_600_000, &[])];
        let impact = replay(&after, &summer);
        assert_eq!(impact.moves[0].label, "1 call on Wednesday morning: from Reception to Billing");
        // Monday 00:00-08:59 kept Reception, so the Saturday call did not move.
        assert_eq!(impact.moved, 1);
    }

    #[test]
    fn a_connect_change_moves_calls_to_the_number_or_away_from_it() {
        let mut after = snapshot();
        after.entries[1].route = EntryRoute::Number { destination: "07700900999".into() };
        after.entries.remove(0);
        let impact = replay(&after, &calls());
        let labels: Vec<&str> = impact.moves.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(
            labels,
            vec![
                "2 calls on Saturday mornings: from Reception to no routing",
                "1 call on Wednesday morning: from 07700900123 to 07700900999",
                "1 call on Wednesday morning: from Reception to no routing",
                "1 call on Saturday morning: from Billing to no routing",
            ]
        );
    }

    #[test]
    fn early_hours_are_told_as_such() {
        let mut after = snapshot();
        after.library.ivrs[0].ivr.options[0].destination_id = 12;
        let impact = replay(&after, &[call(1, 100, SATURDAY - 8 * HOUR, &["1"])]);
        assert_eq!(impact.moves[0].label, "1 call in the early hours of Saturday: from Reception to Voicemail");
    }

    #[test]
    fn presses_beyond_the_cap_are_not_replayed() {
        let mut before = snapshot();
        before.library.ivrs[0].ivr.options[1].ivr_id = 1; // key 2 stays in the main menu
        let mut after = before.clone();
        after.library.ivrs[0].ivr.options[0].destination_id = 11;
        let mut presses = vec!["2"; MAX_PRESSES_PER_CALL];
        presses.push("1");
        let capped = replay_impact(&before, &after, &[call(1, 100, SATURDAY, &presses)], "UTC").unwrap();
        assert_eq!(capped.moved, 0);
        presses.remove(0);
        let within = replay_impact(&before, &after, &[call(1, 100, SATURDAY, &presses)], "UTC").unwrap();
        assert_eq!(within.moved, 1);
    }

    #[test]
    fn too_many_calls_an_unknown_zone_or_a_time_out_of_range_are_refused() {
        let many = vec![ReplayCall::default(); MAX_REPLAY_CALLS + 1];
        assert_eq!(
            replay_impact(&snapshot(), &snapshot(), &many, "UTC").unwrap_err(),
            "At most 50,000 calls can be replayed at once; there are 50,001."
        );
        assert_eq!(
            replay_impact(&snapshot(), &snapshot(), &[], "Mars/Base").unwrap_err(),
            "Unknown time zone Mars/Base."
        );
        let far = [call(9, 100, i64::MAX, &[])];
        assert_eq!(
            replay_impact(&snapshot(), &snapshot(), &far, "UTC").unwrap_err(),
            "Call 9: The time is out of range."
        );
    }
}
