//! The reports' test vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/reportsVectors.test.ts), so native and browser answers agree.
//! `UPDATE_REPORTS_VECTORS=1 cargo test -p domain --test reports_vectors` rewrites the expected
//! answers after a deliberate rule change (review the diff).

mod common;

use std::collections::HashSet;

use common::arg;
use domain::reports::{
    call_outcome, first_time_calls, format_uk, is_abandoned, link_callbacks, report_period, CallFacts, CallOutcome,
    CallerCall, DatePreset,
};
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reports_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/reports.json");

fn answer(call: &str, args: &[Value]) -> Value {
    match call {
        "reportPeriod" => {
            let preset: DatePreset = arg(args, 0);
            let now: f64 = arg(args, 1);
            let zone: String = arg(args, 2);
            match report_period(&preset, now as i64, &zone) {
                Ok(period) => json!({ "period": period, "error": null }),
                Err(error) => json!({ "period": null, "error": error }),
            }
        }
        "formatUk" => json!(format_uk(&arg::<String>(args, 0))),
        "callOutcome" => json!(call_outcome(&arg::<CallFacts>(args, 0)).key()),
        "isAbandoned" => {
            let outcome: String = arg(args, 0);
            let talk: f64 = arg(args, 1);
            json!(is_abandoned(CallOutcome::from_key(&outcome).unwrap_or(CallOutcome::Missed), talk as i64))
        }
        "linkCallbacks" => json!(link_callbacks(&arg::<Vec<CallerCall>>(args, 0))),
        "firstTimeCalls" => {
            let known: HashSet<String> = arg::<Vec<String>>(args, 1).into_iter().collect();
            json!(first_time_calls(&arg::<Vec<CallerCall>>(args, 0), &known))
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_reports_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_REPORTS_VECTORS", 20, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_REPORTS_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
