//! The tags' test vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/tagsVectors.test.ts), so native and browser answers agree.
//! `UPDATE_TAGS_VECTORS=1 cargo test -p domain --test tags_vectors` rewrites the expected
//! answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::tags;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tags_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/tags.json");

fn answer(call: &str, args: &[Value]) -> Value {
    match call {
        "validateTag" => {
            let taken: Vec<String> = arg(args, 1);
            json!(tags::validate_tag(&arg(args, 0), &taken))
        }
        "validateTagRule" => json!(tags::parse_tag_rule(0, &arg(args, 0)).err().unwrap_or_default()),
        "automaticTags" => {
            let rules: Vec<tags::TagRule> = arg(args, 1);
            json!(tags::automatic_tags(&arg(args, 0), &rules))
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_tags_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_TAGS_VECTORS", 16, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_TAGS_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
