//! The routing history vectors: the explainer, the replay of calls, rollback plans and
//! the restored-routing check, answered here natively and through wasm in vitest (the frontend's
//! src/domain/historyVectors.test.ts), so the server's and the browser's answers agree.
//! `UPDATE_HISTORY_VECTORS=1 cargo test -p domain --test history_vectors` rewrites the expected
//! answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::routing::history::*;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/history_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/history.json");

fn answer(call: &str, a: &[Value]) -> Value {
    match call {
        "explainChange" => {
            let (before, after): (Option<RoutingRecord>, Option<RoutingRecord>) = (arg(a, 0), arg(a, 1));
            json!(explain_change(before.as_ref(), after.as_ref(), &arg(a, 2)))
        }
        "replayImpact" => {
            let calls: Vec<ReplayCall> = arg(a, 2);
            let zone: String = arg(a, 3);
            match replay_impact(&arg(a, 0), &arg(a, 1), &calls, &zone) {
                Ok(impact) => json!(impact),
                Err(error) => json!({ "error": error }),
            }
        }
        "planRollback" => {
            let later: Vec<Change> = arg(a, 1);
            json!(plan_rollback(&arg(a, 0), &later, arg(a, 2), &arg(a, 3)))
        }
        "checkRestoredGraph" => json!(check_restored_graph(&arg(a, 0), &arg(a, 1))),
        "changeTime" => json!(change_time(arg(a, 0), &arg::<String>(a, 1))),
        "applyRecords" => {
            let snapshot: RoutingSnapshot = arg(a, 0);
            match snapshot.with(&arg::<Vec<RecordState>>(a, 1)) {
                Ok(snapshot) => json!(snapshot),
                Err(error) => json!({ "error": error }),
            }
        }
        "postedAsStored" => json!(posted_as_stored(&arg(a, 0), &arg::<String>(a, 1))),
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_history_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_HISTORY_VECTORS", 30, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_HISTORY_VECTORS", answer);
}

/// Arguments the mutation made unreadable panic with "argument ..." (the harness's `arg`): they
/// are not printed, so that with RUST_BACKTRACE=1 the first one does not spend the time budget
/// of a call capturing a backtrace. Every other panic goes to the usual hook.
fn quiet_argument_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let usual = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let message = info
                .payload()
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| info.payload().downcast_ref::<&str>().copied())
                .unwrap_or_default();
            if !message.starts_with("argument ") {
                usual(info);
            }
        }));
    });
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        quiet_argument_panics();
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
