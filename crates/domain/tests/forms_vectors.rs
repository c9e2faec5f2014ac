//! The form validators of the users, integrations, billing and password forms as calls, for
//! fuzzing: the seed cases come from tests/vectors.json, the arbitrary ones are in
//! tests/fuzz/forms.json; the wasm build answers the same in vitest
//! (frontend/src/domain/formsVectors.test.ts). `UPDATE_FORMS_VECTORS=1` rewrites the answers.

mod common;

use common::arg;
use domain::{billing, integrations, users};
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/forms_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/forms.json");

fn answer(call: &str, args: &[Value]) -> Value {
    let text = |i: usize| args[i].as_str().unwrap_or_else(|| panic!("argument {i}: not text"));
    match call {
        "validateUserForm" => json!(users::validate_user_form(&arg(args, 0), &arg(args, 1)).err().unwrap_or_default()),
        "validateGaConnect" => json!(integrations::validate_ga_connect(text(0), text(1), &arg::<Vec<String>>(args, 2))
            .err()
            .unwrap_or_default()),
        "validateIntegrationSettings" => {
            json!(integrations::validate_settings(text(0), &arg(args, 1)).err().unwrap_or_default())
        }
        "validateProviderSettings" => json!(integrations::validate_provider_settings(
            text(0),
            text(1),
            &arg::<Vec<String>>(args, 2),
            &arg::<Vec<String>>(args, 3)
        )
        .err()
        .unwrap_or_default()),
        "validateBillingDetails" => json!(billing::validate_billing_details(&arg(args, 0))),
        "validatePasswordConfirmation" => {
            json!(domain::validate_password_confirmation(text(0)).err().unwrap_or_default())
        }
        "termsProblem" => json!(users::terms_problem(arg(args, 0))),
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_forms_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_FORMS_VECTORS", 20, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_FORMS_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
