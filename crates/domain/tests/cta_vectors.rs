//! The call-to-actions' test vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/ctaVectors.test.ts), so native and browser answers agree.
//! `UPDATE_CTA_VECTORS=1 cargo test -p domain --test cta_vectors` rewrites the expected
//! answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::cta;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cta_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/cta.json");

fn answer(call: &str, args: &[Value]) -> Value {
    match call {
        "validateCta" => {
            let taken: Vec<String> = arg(args, 1);
            json!(cta::validate_cta(&arg(args, 0), &taken))
        }
        "pageMatches" => {
            let (pattern, path): (String, String) = (arg(args, 0), arg(args, 1));
            json!(cta::page_matches(&pattern, &path))
        }
        "callsAfterClicks" => {
            let (clicks, calls): (Vec<cta::Click>, Vec<cta::CallStart>) = (arg(args, 0), arg(args, 1));
            json!(cta::calls_after_clicks(&clicks, &calls))
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_cta_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_CTA_VECTORS", 16, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_CTA_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
