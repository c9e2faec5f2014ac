//! The outbound campaign form vectors: the same cases run through the wasm build in
//! vitest (frontend/src/domain/agentsVectors.test.ts), so native and browser answers agree.
//! `UPDATE_AGENTS_VECTORS=1 cargo test -p domain --test agents_vectors` rewrites the expected
//! answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::agents;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/agents_vectors.json");

fn answer(call: &str, args: &[Value]) -> Value {
    match call {
        "validateOutboundCampaign" => {
            let name: String = arg(args, 0);
            let taken: Vec<String> = arg(args, 1);
            json!(agents::validate_campaign(&name, &taken))
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_agents_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_AGENTS_VECTORS", 6, answer);
}

/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/agents.json");

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_AGENTS_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
