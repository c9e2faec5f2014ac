//! A missed call that is called back still counts: a missed or abandoned call
//! followed within 7 days by another call between the same caller and the account is linked to
//! it, so that the call-back (and any sale matched to it later) is credited to the first call's
//! source.

use serde::{Deserialize, Serialize};

/// How long after a missed call a call between the same caller and the account is its call-back.
pub const CALLBACK_WINDOW_SECONDS: i64 = 7 * 86_400;

/// One call of one caller (in either direction), as the rule needs it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CallerCall {
    pub id: i64,
    /// The caller's number as stored (the same caller writes the same way).
    pub caller: String,
    pub started_at: i64,
    pub abandoned: bool,
}

/// A later call linked to the missed call that started its chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CallbackLink {
    pub call_id: i64,
    pub first_call_id: i64,
}

/// The links among `calls` (any order). Per caller, in time order: an abandoned call opens a
/// chain unless one is open; every later call within 7 days of the chain's first call is linked
/// to that first call; an answered one closes the chain (the caller was reached). A call after
/// the 7 days finds the chain closed.
pub fn link_callbacks(calls: &[CallerCall]) -> Vec<CallbackLink> {
    let mut ordered: Vec<&CallerCall> = calls.iter().collect();
    ordered.sort_by(|a, b| (a.caller.as_str(), a.started_at, a.id).cmp(&(b.caller.as_str(), b.started_at, b.id)));
    let mut links = Vec::new();
    let mut open: Option<&CallerCall> = None;
    for call in ordered {
        if let Some(first) = open {
            let same_chain =
                first.caller == call.caller && call.started_at - first.started_at <= CALLBACK_WINDOW_SECONDS;
            if same_chain {
                links.push(CallbackLink { call_id: call.id, first_call_id: first.id });
                if !call.abandoned {
                    open = None;
                }
                continue;
            }
            open = None;
        }
        if call.abandoned {
            open = Some(call);
        }
    }
    links.sort_by_key(|link| link.call_id);
    links
}

/// The caller's latest call before a new one, with the link stored for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LatestCall {
    pub id: i64,
    pub started_at: i64,
    pub abandoned: bool,
    /// The missed call it was linked to, and when that call started.
    pub linked_to: Option<(i64, i64)>,
}

/// The missed call a new call (at `started_at`) of the same caller calls back, from the caller's
/// latest earlier call and its stored link: the chain `link_callbacks` leaves open after that
/// call (an abandoned call continues its chain, or opens one), while within 7 days of the
/// chain's first call. So a live call is linked as the whole history would link it.
pub fn callback_after(latest: Option<LatestCall>, started_at: i64) -> Option<i64> {
    let latest = latest.filter(|l| l.abandoned)?;
    let (first, first_at) = latest.linked_to.unwrap_or((latest.id, latest.started_at));
    (started_at - first_at <= CALLBACK_WINDOW_SECONDS).then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 86_400;

    fn call(id: i64, caller: &str, day: i64, abandoned: bool) -> CallerCall {
        CallerCall { id, caller: caller.into(), started_at: 1_795_428_000 + day * DAY, abandoned }
    }

    fn pairs(links: &[CallbackLink]) -> Vec<(i64, i64)> {
        links.iter().map(|link| (link.call_id, link.first_call_id)).collect()
    }

    #[test]
    fn a_call_back_within_seven_days_is_credited_to_the_missed_call() {
        let calls = [call(1, "07700900001", 0, true), call(2, "07700900001", 3, false)];
        assert_eq!(pairs(&link_callbacks(&calls)), [(2, 1)]);
        // Exactly seven days later still counts; a second later does not.
        let edge = [call(1, "07700900001", 0, true), call(2, "07700900001", 7, false)];
        assert_eq!(pairs(&link_callbacks(&edge)), [(2, 1)]);
        let mut late = edge.clone();
        late[1].started_at += 1;
        assert!(link_callbacks(&late).is_empty());
    }

    #[test]
    fn a_chain_of_missed_calls_is_credited_to_its_first_until_someone_answers() {
        let calls = [
            call(5, "07700900002", 4, false), // answered: after the chain closed, links to nothing
            call(1, "07700900002", 0, true),
            call(2, "07700900002", 1, true),
            call(3, "07700900002", 2, false),
            call(6, "07700900002", 9, true), // a new chain
            call(7, "07700900002", 10, false),
        ];
        assert_eq!(pairs(&link_callbacks(&calls)), [(2, 1), (3, 1), (7, 6)]);
    }

    #[test]
    fn answered_calls_and_other_callers_link_to_nothing() {
        let calls = [
            call(1, "07700900003", 0, false),
            call(2, "07700900003", 1, false),
            call(3, "07700900004", 0, true),
            call(4, "07700900005", 1, false),
        ];
        assert!(link_callbacks(&calls).is_empty());
    }

    proptest::proptest! {
        /// Linking each call as it comes, from the caller's latest call and its link, gives the
        /// links of the whole history.
        #[test]
        fn a_call_linked_as_it_comes_is_linked_as_the_history_links_it(
            gaps in proptest::collection::vec((0i64..5 * DAY, proptest::bool::ANY), 1..25)
        ) {
            let mut at = 1_795_428_000;
            let calls: Vec<CallerCall> = gaps.iter().enumerate().map(|(i, (gap, abandoned))| {
                at += gap;
                CallerCall { id: i as i64 + 1, caller: "07700900009".into(), started_at: at, abandoned: *abandoned }
            }).collect();
            let links = link_callbacks(&calls);
            let link_of = |id: i64| links.iter().find(|l| l.call_id == id).map(|l| l.first_call_id);
            for (i, call) in calls.iter().enumerate() {
                let latest = i.checked_sub(1).map(|p| {
                    let previous = &calls[p];
                    let linked_to = link_of(previous.id).map(|first| (first, calls[first as usize - 1].started_at));
                    LatestCall { id: previous.id, started_at: previous.started_at, abandoned: previous.abandoned, linked_to }
                });
                proptest::prop_assert_eq!(callback_after(latest, call.started_at), link_of(call.id));
            }
        }
    }
}
