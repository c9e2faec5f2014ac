//! The conversions' test vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/conversionsVectors.test.ts), so native and browser answers agree.
//! `UPDATE_CONVERSIONS_VECTORS=1 cargo test -p domain --test conversions_vectors` rewrites the
//! expected answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::conversions;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conversions_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/conversions.json");

fn answer(call: &str, args: &[Value]) -> Value {
    match call {
        "validateConversion" => {
            let taken: Vec<String> = arg(args, 1);
            json!(conversions::parse_conversion(&arg(args, 0), &taken).err().unwrap_or_default())
        }
        "callCounts" => json!(conversions::call_counts(&arg(args, 0), &arg(args, 1))),
        "e164" => {
            let number: String = arg(args, 0);
            json!(conversions::e164(&number))
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_conversions_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_CONVERSIONS_VECTORS", 12, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_CONVERSIONS_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
