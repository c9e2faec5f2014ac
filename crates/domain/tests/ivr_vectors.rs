//! The IVR test vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/ivrVectors.test.ts). `UPDATE_IVR_VECTORS=1` rewrites the answers after a
//! deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::routing::ivr::*;
use domain::routing::TimeRow;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ivr_vectors.json");

fn millis(rfc3339: &Value) -> i64 {
    chrono::DateTime::parse_from_rfc3339(rfc3339.as_str().unwrap()).unwrap().timestamp_millis()
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
                a[1].as_str().unwrap(),
                millis(&a[2]),
                &arg(a, 3),
                &arg::<Vec<String>>(a, 4),
            );
            json!(path.unwrap())
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_ivr_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_IVR_VECTORS", 15, answer);
}
