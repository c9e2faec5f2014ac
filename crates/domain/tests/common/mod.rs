//! The harness of the call vectors (ivr, routing, services, partners): each file holds `cases`
//! of `{ call, args, expect }`, answered natively here and through wasm in vitest. With the
//! update variable set, the expected answers are rewritten instead (review the diff).

use serde::de::DeserializeOwned;
use serde_json::Value;

/// Argument `i` of a case, as the domain function takes it.
pub fn arg<T: DeserializeOwned>(args: &[Value], i: usize) -> T {
    serde_json::from_value(args[i].clone()).unwrap_or_else(|e| panic!("argument {i}: {e}"))
}

/// The file's JSON.
pub fn read(file: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

/// Checks (or with `update_var` set, rewrites) every case of `vectors`, read from `file`:
/// there must be at least `min_cases`.
pub fn check_cases(
    file: &str,
    mut vectors: Value,
    update_var: &str,
    min_cases: usize,
    answer: impl Fn(&str, &[Value]) -> Value,
) {
    let update = std::env::var_os(update_var).is_some();
    let cases = vectors["cases"].as_array_mut().unwrap();
    assert!(cases.len() >= min_cases, "{file} has {} cases", cases.len());
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
        std::fs::write(file, serde_json::to_string_pretty(&vectors).unwrap() + "\n").unwrap();
    }
}
