//! Routing history for the browser: what a change did in plain words, the impact of
//! an edit on last week's calls (run on the edited form as the user types), rollback plans and
//! the check that a restore leaves routing whole.

use domain::routing::history::{
    self, Change, Connection, Names, RecordKey, RecordState, ReplayCall, RoutingRecord, RoutingSnapshot,
};
use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};

/// When a change was made, in the account's zone ("15/07/2026 09:30 BST"), as the history's CSV
/// writes it. Seconds come as a JS number; one beyond the dates the domain knows gives "".
#[wasm_bindgen(js_name = changeTime)]
pub fn change_time(epoch_seconds: f64, time_zone: &str) -> String {
    if !epoch_seconds.is_finite() {
        return String::new();
    }
    // `as` saturates: an out-of-range instant stays out of range and gives "".
    history::change_time(epoch_seconds as i64, time_zone)
}

#[wasm_bindgen(js_name = explainChange, unchecked_return_type = "string[]")]
pub fn explain_change(
    #[wasm_bindgen(unchecked_param_type = "RoutingRecord | null")] before: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RoutingRecord | null")] after: JsValue,
    #[wasm_bindgen(unchecked_param_type = "HistoryNames")] names: JsValue,
) -> Result<JsValue, JsError> {
    let before: Option<RoutingRecord> = from_js(before)?;
    let after: Option<RoutingRecord> = from_js(after)?;
    let names: Names = from_js(names)?;
    to_js(&history::explain_change(before.as_ref(), after.as_ref(), &names))
}

/// Throws the refusal (too many calls, an unknown zone, a time out of range) as an error.
#[wasm_bindgen(js_name = replayImpact, unchecked_return_type = "Impact")]
pub fn replay_impact(
    #[wasm_bindgen(unchecked_param_type = "RoutingSnapshot")] before: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RoutingSnapshot")] after: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ReplayCall[]")] calls: JsValue,
    time_zone: &str,
) -> Result<JsValue, JsError> {
    let before: RoutingSnapshot = from_js(before)?;
    let after: RoutingSnapshot = from_js(after)?;
    let calls: Vec<ReplayCall> = from_js(calls)?;
    let impact = history::replay_impact(&before, &after, &calls, time_zone).map_err(|e| JsError::new(&e))?;
    to_js(&impact)
}

/// The snapshot with each record put in its state: the edited routing for `replayImpact`.
/// Throws for a broken state.
#[wasm_bindgen(js_name = applyRecords, unchecked_return_type = "RoutingSnapshot")]
pub fn apply_records(
    #[wasm_bindgen(unchecked_param_type = "RoutingSnapshot")] snapshot: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RecordState[]")] states: JsValue,
) -> Result<JsValue, JsError> {
    let snapshot: RoutingSnapshot = from_js(snapshot)?;
    let states: Vec<RecordState> = from_js(states)?;
    to_js(&snapshot.with(&states).map_err(|e| JsError::new(&e))?)
}

/// What a connect page's posted row will read as once stored, given the basic destination the
/// number or pool has now: the connection the impact replays.
#[wasm_bindgen(js_name = postedAsStored, unchecked_return_type = "Connection")]
pub fn posted_as_stored(
    #[wasm_bindgen(unchecked_param_type = "Connection")] posted: JsValue,
    stored_destination: &str,
) -> Result<JsValue, JsError> {
    let posted: Connection = from_js(posted)?;
    to_js(&history::posted_as_stored(&posted, stored_destination))
}

/// The ids of the numbers and pools whose calls can pass through `key` in either snapshot: the
/// calls an edit of that record is replayed on.
#[wasm_bindgen(js_name = affectedEntries, unchecked_return_type = "number[]")]
pub fn affected_entries(
    #[wasm_bindgen(unchecked_param_type = "RoutingSnapshot")] before: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RoutingSnapshot")] after: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RecordKey")] key: JsValue,
) -> Result<JsValue, JsError> {
    let before: RoutingSnapshot = from_js(before)?;
    let after: RoutingSnapshot = from_js(after)?;
    let key: RecordKey = from_js(key)?;
    to_js(&history::affected_entries(&before, &after, key))
}

#[wasm_bindgen(js_name = planRollback, unchecked_return_type = "RollbackPlan")]
pub fn plan_rollback(
    #[wasm_bindgen(unchecked_param_type = "Change")] target: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Change[]")] later: JsValue,
    include_later: bool,
    #[wasm_bindgen(unchecked_param_type = "HistoryNames")] names: JsValue,
) -> Result<JsValue, JsError> {
    let target: Change = from_js(target)?;
    let later: Vec<Change> = from_js(later)?;
    let names: Names = from_js(names)?;
    to_js(&history::plan_rollback(&target, &later, include_later, &names))
}

#[wasm_bindgen(js_name = checkRestoredGraph, unchecked_return_type = "string | null")]
pub fn check_restored_graph(
    #[wasm_bindgen(unchecked_param_type = "RoutingSnapshot")] current: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RoutingSnapshot")] restored: JsValue,
) -> Result<JsValue, JsError> {
    let current: RoutingSnapshot = from_js(current)?;
    let restored: RoutingSnapshot = from_js(restored)?;
    to_js(&history::check_restored_graph(&current, &restored))
}
