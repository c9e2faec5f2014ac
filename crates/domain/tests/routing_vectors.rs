//! The call routing test vectors: the same cases run through the wasm build in vitest
//! (frontend/src/domain/routingVectors.test.ts), so native and browser answers agree.
//! `UPDATE_ROUTING_VECTORS=1 cargo test -p domain --test routing_vectors` rewrites the expected
//! answers after a deliberate rule change (review the diff).

mod common;

use common::arg;
use domain::routing::*;
use domain::{AccountState, FieldErrors};
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/routing_vectors.json");
/// Arbitrary arguments for the same calls, with their native answers (`common::check_fuzz_corpus`).
const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fuzz/routing.json");

fn errors(result: Result<(), FieldErrors>) -> Value {
    serde_json::to_value(result.err().unwrap_or_default()).unwrap()
}

fn millis(rfc3339: &Value) -> i64 {
    // A time the mutation made unreadable is an argument the function's type refuses.
    let text = rfc3339.as_str().unwrap_or_default();
    chrono::DateTime::parse_from_rfc3339(text).unwrap_or_else(|e| panic!("argument 2: {e}")).timestamp_millis()
}

fn answer(call: &str, args: &[Value], working_hours: &[TimeRow]) -> Value {
    let taken = |i: usize| -> Vec<String> { arg(args, i) };
    match call {
        "validateServicePlan" => errors(validate_service_plan(&arg(args, 0), &taken(1))),
        "setRowType" => json!(set_row_type(arg(args, 0), arg(args, 1))),
        "timeTemplate" => json!(time_template(arg(args, 0))),
        "workingHoursRows" => match working_hours_rows(&arg(args, 0)) {
            Ok(rows) => json!({ "ok": true, "rows": rows }),
            Err(e) => json!({ "ok": false, "errors": e }),
        },
        "weekGrid" => json!(week_grid(&arg::<Vec<TimeRow>>(args, 0))),
        "whereDoesACallGo" => {
            let rows: Vec<TimeRow> = if args[0] == "WORKING_HOURS" { working_hours.to_vec() } else { arg(args, 0) };
            match where_does_a_call_go(&rows, args[1].as_str().unwrap(), millis(&args[2])) {
                Ok(answer) => json!(answer),
                Err(error) => json!({ "error": error }),
            }
        }
        "validateConnectBasic" => errors(validate_connect_basic(&arg::<Vec<BasicRow>>(args, 0))),
        "validateConnectAdvanced" => errors(validate_connect_advanced(&arg::<Vec<AdvancedRow>>(args, 0), arg(args, 1))),
        "hasOnlyBasicFeatures" => json!(has_only_basic_features(&arg::<Vec<RoutingRow>>(args, 0))),
        "usesAdditionalFeatures" => json!(uses_additional_features(&arg::<Vec<RoutingRow>>(args, 0))),
        "validateDestinationNumber" => errors(validate_destination_number(&arg(args, 0), &taken(1))),
        "validateDestinationPlan" => errors(validate_destination_plan(&arg(args, 0), &taken(1))),
        "fitDestinationPlan" => json!(fit_destination_plan(arg(args, 0))),
        "validateQueue" => errors(validate_queue(&arg(args, 0), &taken(1))),
        "validateVoicemail" => errors(validate_voicemail(&arg(args, 0))),
        "validateAudio" => errors(validate_audio(&arg(args, 0), &taken(1))),
        "audioContentProblem" => json!(audio_content_problem(args[0].as_str().unwrap(), &arg::<Vec<u8>>(args, 1))),
        "validateCategory" => errors(validate_category(&arg(args, 0), &taken(1))),
        "validateReportGroup" => errors(validate_report_group(&arg(args, 0), &taken(1))),
        "validateInCallAttribution" => errors(validate_in_call_attribution(&arg(args, 0), &taken(1))),
        "validateDtmfPlan" => errors(validate_dtmf_plan(&arg(args, 0))),
        "validateDtmfIvr" => errors(validate_dtmf_ivr(&arg(args, 0))),
        "validateDynamicWhisper" => errors(validate_dynamic_whisper(&arg(args, 0), &taken(1))),
        "whisperTextProblem" => json!(whisper_text_problem(args[0].as_str().unwrap())),
        "routingAccess" => json!(routing_access(&arg::<AccountState>(args, 0))),
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn every_routing_vector_gives_its_expected_answer() {
    let vectors = common::read(FILE);
    let working_hours = working_hours_rows(&serde_json::from_value(vectors["workingHours"].clone()).unwrap()).unwrap();
    common::check_cases(FILE, vectors, "UPDATE_ROUTING_VECTORS", 50, |call, args| answer(call, args, &working_hours));
}

fn working_hours() -> Vec<TimeRow> {
    working_hours_rows(&serde_json::from_value(common::read(FILE)["workingHours"].clone()).unwrap()).unwrap()
}

#[test]
fn the_fuzz_corpus_gives_its_answers() {
    let hours = working_hours();
    common::check_fuzz_corpus(FILE, FUZZ, "UPDATE_ROUTING_VECTORS", |call, args| answer(call, args, &hours));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(common::fuzz_rounds()))]
    #[test]
    fn arbitrary_input_is_answered_quickly_without_a_panic(seed in proptest::prelude::any::<u64>()) {
        let hours = working_hours();
        common::fuzz_round(&common::read(FILE), seed, |call, args| answer(call, args, &hours));
    }
}
