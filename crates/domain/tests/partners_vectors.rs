//! The portals' test vectors (issue 16): the same cases run through the wasm build in vitest
//! (frontend/src/domain/partnersVectors.test.ts), so native and browser answers agree.
//! `UPDATE_PARTNERS_VECTORS=1 cargo test -p domain --test partners_vectors` rewrites the
//! expected answers after a deliberate rule change (review the diff).

use domain::partners::{add_account, api_keys, branding, profile};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/partners_vectors.json");

fn arg<T: DeserializeOwned>(args: &[Value], i: usize) -> T {
    serde_json::from_value(args[i].clone()).unwrap_or_else(|e| panic!("argument {i}: {e}"))
}

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
    let mut vectors: Value = serde_json::from_str(&std::fs::read_to_string(FILE).unwrap()).unwrap();
    let update = std::env::var_os("UPDATE_PARTNERS_VECTORS").is_some();
    let cases = vectors["cases"].as_array_mut().unwrap();
    assert!(cases.len() >= 20);
    for case in cases.iter_mut() {
        let call = case["call"].as_str().unwrap().to_string();
        let got = answer(&call, case["args"].as_array().unwrap());
        if update {
            case["expect"] = got;
        } else {
            assert_eq!(got, case["expect"], "{call} {}", case["args"]);
        }
    }
    if update {
        std::fs::write(FILE, serde_json::to_string_pretty(&vectors).unwrap() + "\n").unwrap();
    }
}
