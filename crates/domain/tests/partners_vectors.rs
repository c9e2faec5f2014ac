//! The portals' test vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/partnersVectors.test.ts), so native and browser answers agree.
//! `UPDATE_PARTNERS_VECTORS=1 cargo test -p domain --test partners_vectors` rewrites the
//! expected answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::partners::{add_account, api_keys, branding, profile};
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/partners_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/partners.json");

fn answer(call: &str, args: &[Value]) -> Value {
    match call {
        "validateAddAccount" => json!(add_account::validate_add_account(&arg(args, 0))),
        "validateBrandingColours" => json!(branding::validate_branding_colours(&arg(args, 0))),
        "brandImageProblem" => {
            let image = if arg(args, 0) { branding::BrandImage::Favicon } else { branding::BrandImage::Logo };
            let first_bytes: Vec<u8> = arg(args, 1);
            json!(branding::image_problem(image, &first_bytes, arg(args, 2)))
        }
        "validateApiKeyName" => json!(api_keys::validate_api_key_name(args[0].as_str().unwrap())),
        "validateTechPartnerProfile" => json!(profile::validate_tech_partner_profile(&arg(args, 0))),
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_partners_vector_gives_its_expected_answer() {
    common::check_cases(FILE, common::read(FILE), "UPDATE_PARTNERS_VECTORS", 20, answer);
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_PARTNERS_VECTORS", answer);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        common::fuzz_round(&common::read(FILE), seed, answer);
    }
}
