//! The custom dimensions' test vectors: the same cases run through the wasm build in
//! vitest (frontend/src/domain/dimensionsVectors.test.ts), so native and browser answers agree.
//! `UPDATE_DIMENSIONS_VECTORS=1 cargo test -p domain --test dimensions_vectors` rewrites the
//! expected answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::dimensions;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/dimensions_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/dimensions.json");

fn answer(call: &str, args: &[Value]) -> Value {
    match call {
        "validateDimension" => json!(dimensions::validate_dimension(&arg(args, 0), &arg(args, 1))),
        "checkDimensionValue" => {
            let (kind, choices, typed): (String, Vec<String>, String) = (arg(args, 0), arg(args, 1), arg(args, 2));
            json!(dimensions::value_answer(&kind, &choices, &typed))
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_dimensions_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_DIMENSIONS_VECTORS", 12, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_DIMENSIONS_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
