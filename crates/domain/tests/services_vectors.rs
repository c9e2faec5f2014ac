//! The number purchase forms' test vectors: the same cases run through the wasm
//! build in vitest (frontend/src/domain/servicesVectors.test.ts), so native and browser answers
//! agree. `UPDATE_SERVICES_VECTORS=1 cargo test -p domain --test services_vectors` rewrites the
//! expected answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::services::{dynamic_pool, inline_add, new_service_plan, online_text, static_number};
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/services_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/services.json");

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
        "validateNumberAttribution" => json!(domain::numbers::validate_attribution(&arg(args, 0))),
        "releaseNote" => json!(domain::numbers::release_note_at(
            args[0].as_u64().unwrap_or(0).min(u32::MAX.into()) as usize,
            args[1].as_f64().unwrap_or(0.0) as i64,
            args[2].as_str().unwrap_or("")
        )),
        "onlineText" => json!(online_text(args[0].as_i64().unwrap())),
        "validateParameterName" => {
            json!(domain::services::parameters::parameter_name_errors(args[0].as_str().unwrap_or(""), &strings(1)))
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_services_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_SERVICES_VECTORS", 20, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_SERVICES_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
