//! The IVR test vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/ivrVectors.test.ts). `UPDATE_IVR_VECTORS=1` rewrites the answers after a
//! deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::routing::ivr::*;
use domain::routing::TimeRow;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ivr_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/ivr.json");

fn millis(rfc3339: &Value) -> i64 {
    // A time the mutation made unreadable is an argument the function's type refuses.
    let text = rfc3339.as_str().unwrap_or_default();
    chrono::DateTime::parse_from_rfc3339(text).unwrap_or_else(|e| panic!("argument 2: {e}")).timestamp_millis()
}

fn answer(call: &str, a: &[Value]) -> Value {
    match call {
        "ivrAddKey" => json!(add_key(arg(a, 0))),
        "ivrRemoveKey" => json!(remove_key(arg(a, 0), arg(a, 1))),
        "ivrSetRepeatKey" => json!(set_repeat_key(arg(a, 0), a[1].as_str().unwrap())),
        "ivrSetKeyType" => json!(set_key_type(arg(a, 0), arg(a, 1), arg(a, 2))),
        "ivrSetHangUpAfterAudio" => json!(set_hang_up_after_audio(arg(a, 0), arg(a, 1))),
        "validateIvr" => json!(validate_ivr(&arg(a, 0), &arg::<Vec<String>>(a, 1)).err().unwrap_or_default()),
        "ivrFlow" => json!(ivr_flow(arg(a, 0), &arg(a, 1))),
        "servicePlanFlow" => json!(service_plan_flow(&arg::<Vec<TimeRow>>(a, 0), &arg(a, 1))),
        "followCall" => {
            let path = follow_call(
                &arg::<Vec<TimeRow>>(a, 0),
                &[],
                a[1].as_str().unwrap(),
                millis(&a[2]),
                &arg(a, 3),
                &arg::<Vec<String>>(a, 4),
            );
            match path {
                Ok(path) => json!(path),
                Err(error) => json!({ "error": error }),
            }
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_ivr_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_IVR_VECTORS", 15, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_IVR_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
