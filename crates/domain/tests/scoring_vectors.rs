//! The call scoring vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/scoringVectors.test.ts), so native and browser answers agree.
//! `UPDATE_SCORING_VECTORS=1 cargo test -p domain --test scoring_vectors` rewrites the expected
//! answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::scoring;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scoring_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/scoring.json");

fn answer(call: &str, args: &[Value]) -> Value {
    match call {
        "validateScorecard" => {
            let taken: Vec<String> = arg(args, 1);
            json!(scoring::validate_scorecard(&arg(args, 0), &taken))
        }
        "scoreAnswers" => {
            let questions: Vec<scoring::Question> = arg(args, 0);
            let answers: Vec<String> = arg(args, 1);
            match scoring::score_answers(&questions, &answers) {
                Ok(score) => json!({ "score": score, "errors": {} }),
                Err(errors) => json!({ "score": null, "errors": errors }),
            }
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_scoring_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_SCORING_VECTORS", 8, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_SCORING_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
