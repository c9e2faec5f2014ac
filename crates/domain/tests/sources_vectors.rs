//! The source / medium classifier's test vectors: the same cases run through the
//! wasm build in vitest (frontend/src/domain/sourcesVectors.test.ts), so the browser's tester
//! and the server classify alike. `UPDATE_SOURCES_VECTORS=1 cargo test -p domain --test
//! sources_vectors` rewrites the expected answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::sources::{classify, pair_in_use, validate_pair, validate_rule, PairForm, RuleForm, Ruleset, VisitFacts};
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sources_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/sources.json");

fn answer(call: &str, args: &[Value]) -> Value {
    match call {
        "classifySourceVisit" => json!(classify(&arg::<VisitFacts>(args, 0), &arg::<Ruleset>(args, 1))),
        "validateSourceRule" => json!(validate_rule(&arg::<RuleForm>(args, 0))),
        "validateSourcePair" => {
            json!(validate_pair(&arg::<PairForm>(args, 0), &arg::<Vec<(String, String)>>(args, 1)))
        }
        "sourcePairInUse" => {
            json!(pair_in_use(arg(args, 0), &arg::<Vec<String>>(args, 1), &arg::<Vec<String>>(args, 2)))
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_sources_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_SOURCES_VECTORS", 20, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_SOURCES_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
