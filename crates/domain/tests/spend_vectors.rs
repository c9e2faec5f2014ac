//! Ad spend's test vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/spendVectors.test.ts), so the cost the browser shows is the server's.
//! `UPDATE_SPEND_VECTORS=1 cargo test -p domain --test spend_vectors` rewrites the expected
//! answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::spend::{cost_line, cost_lines, parse_month_form, CostFacts, SpendMonthForm};
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/spend_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/spend.json");

fn answer(call: &str, args: &[Value]) -> Value {
    match call {
        "validateSpendMonth" => {
            let form: SpendMonthForm = arg(args, 0);
            let today: String = arg(args, 1);
            json!(parse_month_form(&form, &today).err().unwrap_or_default())
        }
        "costLine" => json!(cost_line(&arg::<CostFacts>(args, 0))),
        "costLines" => {
            let rows: Vec<(String, CostFacts, CostFacts)> = arg(args, 0);
            json!(cost_lines(&rows, &arg::<String>(args, 1)))
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_spend_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_SPEND_VECTORS", 8, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_SPEND_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
