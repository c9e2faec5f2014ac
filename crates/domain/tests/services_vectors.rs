//! The number purchase forms' test vectors (issue 15): the same cases run through the wasm
//! build in vitest (frontend/src/domain/servicesVectors.test.ts), so native and browser answers
//! agree. `UPDATE_SERVICES_VECTORS=1 cargo test -p domain --test services_vectors` rewrites the
//! expected answers after a deliberate rule change (review the diff).

use domain::services::{dynamic_pool, inline_add, new_service_plan, online_text, static_number};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/services_vectors.json");

fn arg<T: DeserializeOwned>(args: &[Value], i: usize) -> T {
    serde_json::from_value(args[i].clone()).unwrap_or_else(|e| panic!("argument {i}: {e}"))
}

fn answer(call: &str, args: &[Value]) -> Value {
    let strings = |i: usize| -> Vec<String> { arg(args, i) };
    match call {
        "validateStaticNumber" => json!(static_number::validate_static_number(&arg(args, 0))),
        "validateNewServicePlan" => {
            json!(new_service_plan::validate_new_service_plan(&arg(args, 0), &strings(1), &strings(2)))
        }
        "validateInlineAdd" => {
            json!(inline_add::validate_inline_add(arg(args, 0), args[1].as_str().unwrap(), &strings(2)))
        }
        "validateDynamicPool" => json!(dynamic_pool::validate_dynamic_pool(&arg(args, 0))),
        "onlineText" => json!(online_text(args[0].as_i64().unwrap())),
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_services_vector_gives_its_expected_answer() {
    let mut vectors: Value = serde_json::from_str(&std::fs::read_to_string(FILE).unwrap()).unwrap();
    let update = std::env::var_os("UPDATE_SERVICES_VECTORS").is_some();
    let cases = vectors["cases"].as_array_mut().unwrap();
    assert!(cases.len() >= 20);
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
