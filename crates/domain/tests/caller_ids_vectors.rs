//! The Manage CLI vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/callerIdsVectors.test.ts), so native and browser answers agree.
//! `UPDATE_CALLER_IDS_VECTORS=1 cargo test -p domain --test caller_ids_vectors` rewrites the
//! expected answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::caller_ids;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/caller_ids_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/caller_ids.json");

fn answer(call: &str, args: &[Value]) -> Value {
    match call {
        "validateOutsideNumber" => {
            let number: String = arg(args, 0);
            let tracked: Vec<String> = arg(args, 1);
            let outside: Vec<String> = arg(args, 2);
            json!(caller_ids::validate_outside_number(&number, &tracked, &outside).err().unwrap_or_default())
        }
        "validateCallerIdCode" => {
            let code: String = arg(args, 0);
            json!(caller_ids::validate_code(&code).err().unwrap_or_default())
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_caller_ids_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_CALLER_IDS_VECTORS", 8, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_CALLER_IDS_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
