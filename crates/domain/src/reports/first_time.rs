//! First-time callers: a call is a first-time call when the same caller never called the
//! account before it (within what the account keeps).

use std::collections::HashSet;

use super::callback::CallerCall;

/// The ids of the first-time calls among `calls` (any order): each caller's earliest call, or
/// none for a caller already seen in `known_callers` (who called before these calls).
pub fn first_time_calls(calls: &[CallerCall], known_callers: &HashSet<String>) -> Vec<i64> {
    let mut ordered: Vec<&CallerCall> = calls.iter().collect();
    ordered.sort_by_key(|call| (call.started_at, call.id));
    let mut seen: HashSet<&str> = HashSet::new();
    let mut first = Vec::new();
    for call in ordered {
        // A withheld number is never a first-time caller: it cannot be told apart.
        if call.caller.is_empty() || known_callers.contains(&call.caller) {
            continue;
        }
        if seen.insert(call.caller.as_str()) {
            first.push(call.id);
        }
    }
    first.sort_unstable();
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(id: i64, caller: &str, started_at: i64) -> CallerCall {
        CallerCall { id, caller: caller.into(), started_at, abandoned: false }
    }

    #[test]
    fn each_callers_earliest_call_is_first_time_unless_they_called_before() {
        let calls = [
            call(3, "07700900001", 300),
            call(1, "07700900001", 100),
            call(2, "07700900002", 200),
            call(4, "07700900003", 400),
            call(5, "", 500),
            call(6, "", 600),
        ];
        let known: HashSet<String> = ["07700900003".to_string()].into();
        assert_eq!(first_time_calls(&calls, &known), [1, 2]);
        assert_eq!(first_time_calls(&calls, &HashSet::new()), [1, 2, 4]);
    }
}
