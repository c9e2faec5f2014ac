//! The speech forms' test vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/speechVectors.test.ts), so native and browser answers agree.
//! `UPDATE_SPEECH_VECTORS=1 cargo test -p domain --test speech_vectors` rewrites the expected
//! answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::speech;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/speech_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/speech.json");

fn answer(call: &str, args: &[Value]) -> Value {
    let taken: Vec<String> = arg(args, 1);
    match call {
        "validateVoiceTag" => json!(speech::validate_voice_tag(&arg(args, 0), &taken)),
        "validateVocabulary" => json!(speech::validate_vocabulary(&arg(args, 0), &taken)),
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_speech_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_SPEECH_VECTORS", 19, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_SPEECH_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
