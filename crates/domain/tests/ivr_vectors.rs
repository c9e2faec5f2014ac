//! The IVR test vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/ivrVectors.test.ts). `UPDATE_IVR_VECTORS=1` rewrites the answers after a
//! deliberate rule change (review the diff).

use domain::routing::ivr::*;
use domain::routing::TimeRow;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ivr_vectors.json");

fn arg<T: DeserializeOwned>(args: &[Value], i: usize) -> T {
    serde_json::from_value(args[i].clone()).unwrap_or_else(|e| panic!("argument {i}: {e}"))
}

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
    let mut vectors: Value = serde_json::from_str(&std::fs::read_to_string(FILE).unwrap()).unwrap();
    let update = std::env::var_os("UPDATE_IVR_VECTORS").is_some();
    let cases = vectors["cases"].as_array_mut().unwrap();
    assert!(cases.len() >= 15);
    for case in cases.iter_mut() {
        let call = case["call"].as_str().unwrap().to_string();
        let got = answer(&call, case["args"].as_array().unwrap());
        if update {
            case["expect"] = got;
        } else {
            assert_eq!(got, case["expect"], "{call} {}", case["args"]);
        }
    }
    if update {
        std::fs::write(FILE, serde_json::to_string_pretty(&vectors).unwrap() + "\n").unwrap();
    }
}
