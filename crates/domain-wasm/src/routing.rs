//! The call routing rules for the browser (docs/routing-domain.md lists them with their types).

use domain::routing::{self as rules, TimeRow};
use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};

pub(crate) fn errors(result: Result<(), domain::FieldErrors>) -> Result<JsValue, JsError> {
    to_js(&result.err().unwrap_or_default())
}

/// The other records' descriptions; left out (the parameter is optional in TypeScript), none.
pub(crate) fn taken(value: JsValue) -> Result<Vec<String>, JsError> {
    if value.is_undefined() || value.is_null() {
        Ok(vec![])
    } else {
        from_js(value)
    }
}

#[wasm_bindgen(js_name = routingAccess, unchecked_return_type = "RoutingAccess")]
pub fn routing_access(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] account: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&rules::routing_access(&from_js(account)?))
}

/// The campaign reference a tag manager tag carries: the account's code, else its id.
#[wasm_bindgen(js_name = campaignReference)]
pub fn campaign_reference(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] account: JsValue,
) -> Result<String, JsError> {
    Ok(rules::campaign_reference(&from_js(account)?))
}

#[wasm_bindgen(js_name = routingConstants, unchecked_return_type = "RoutingConstants")]
pub fn routing_constants() -> Result<JsValue, JsError> {
    to_js(&rules::routing_constants())
}

#[wasm_bindgen(js_name = validateServicePlan, unchecked_return_type = "FieldErrors")]
pub fn validate_service_plan(
    #[wasm_bindgen(unchecked_param_type = "ServicePlanForm")] form: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] taken_descriptions: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_service_plan(&from_js(form)?, &taken(taken_descriptions)?))
}

/// Numbers per row in `ServicePlanCheck.validate`'s `rows`.
const PACKED_ROW: usize = 9;

/// `validateServicePlan` with a cheap crossing, for the service plan form that checks on every
/// change: walking a JS object row by row costs fifty times the check itself. The browser's
/// wrapper (frontend/src/domain/routing.ts) makes one check per list of taken descriptions (one a
/// line), kept in wasm, and passes the rows packed into one Float64Array of 9 numbers a row (from
/// day, hour, minute; to day, hour, minute; 1 for an IVR row else 0; destination plan id; IVR id).
#[wasm_bindgen]
pub struct ServicePlanCheck {
    taken: Vec<String>,
    form: rules::ServicePlanForm,
}

#[wasm_bindgen]
impl ServicePlanCheck {
    #[wasm_bindgen(constructor)]
    pub fn new(taken: &str) -> ServicePlanCheck {
        let taken = taken.lines().map(str::to_string).collect();
        ServicePlanCheck { taken, form: rules::ServicePlanForm::default() }
    }

    /// Checks the plan whose first `row_count` rows are packed at the start of `packed` (the
    /// wrapper's reused buffer, longer than the rows). Null when the plan is valid, else its
    /// field errors.
    #[wasm_bindgen(unchecked_return_type = "FieldErrors | null")]
    pub fn validate(&mut self, description: Option<String>, packed: &[f64]) -> Result<JsValue, JsError> {
        if !packed.len().is_multiple_of(PACKED_ROW) {
            return Err(JsError::new("rows must hold 9 numbers a row"));
        }
        if let Some(description) = description {
            self.form.description = description;
        }
        self.load_rows(packed);
        match rules::validate_service_plan(&self.form, &self.taken) {
            Ok(()) => Ok(JsValue::NULL),
            Err(errors) => to_js(&errors),
        }
    }

    /// The precise words for a break in the rows' continuity (`time_break_detail`), for the
    /// row the editor marks; null when there is none. Rows packed as for `validate`.
    #[wasm_bindgen(js_name = timeBreak, unchecked_return_type = "TimeBreak | null")]
    pub fn time_break(&mut self, packed: &[f64]) -> Result<JsValue, JsError> {
        if !packed.len().is_multiple_of(PACKED_ROW) {
            return Err(JsError::new("rows must hold 9 numbers a row"));
        }
        self.load_rows(packed);
        match rules::time_break_detail(&self.form.rows) {
            Some((field, message)) => to_js(&TimeBreak { field, message }),
            None => Ok(JsValue::NULL),
        }
    }
}

impl ServicePlanCheck {
    fn load_rows(&mut self, packed: &[f64]) {
        self.form.rows.clear();
        self.form.rows.extend(packed.chunks_exact(PACKED_ROW).map(|r| rules::TimeRow {
            from_day: r[0] as i64,
            from_hour: r[1] as i64,
            from_minute: r[2] as i64,
            to_day: r[3] as i64,
            to_hour: r[4] as i64,
            to_minute: r[5] as i64,
            plan_type: if r[6] == 1.0 { rules::RowType::Ivr } else { rules::RowType::Routing },
            routing: r[7] as i64,
            ivr: r[8] as i64,
        }));
    }
}

#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct TimeBreak {
    field: String,
    message: String,
}

#[wasm_bindgen(js_name = setRowType, unchecked_return_type = "TimeRow")]
pub fn set_row_type(
    #[wasm_bindgen(unchecked_param_type = "TimeRow")] row: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RowType")] plan_type: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&rules::set_row_type(from_js(row)?, from_js(plan_type)?))
}

#[wasm_bindgen(js_name = defaultTimeRow, unchecked_return_type = "TimeRow")]
pub fn default_time_row() -> Result<JsValue, JsError> {
    to_js(&rules::default_time_row())
}

#[wasm_bindgen(js_name = timeTemplate, unchecked_return_type = "TimeRow[]")]
pub fn time_template(#[wasm_bindgen(unchecked_param_type = "TemplateKind")] kind: JsValue) -> Result<JsValue, JsError> {
    to_js(&rules::time_template(from_js(kind)?))
}

/// The rows, or why the hours give none; `ok` tells which.
#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(untagged)]
pub(crate) enum WorkingHoursResult {
    Rows {
        #[cfg_attr(test, ts(type = "true"))]
        ok: bool,
        rows: Vec<TimeRow>,
    },
    Errors {
        #[cfg_attr(test, ts(type = "false"))]
        ok: bool,
        errors: domain::FieldErrors,
    },
}

#[wasm_bindgen(js_name = workingHoursRows, unchecked_return_type = "WorkingHoursResult")]
pub fn working_hours_rows(
    #[wasm_bindgen(unchecked_param_type = "WorkingHours")] hours: JsValue,
) -> Result<JsValue, JsError> {
    match rules::working_hours_rows(&from_js(hours)?) {
        Ok(rows) => to_js(&WorkingHoursResult::Rows { ok: true, rows }),
        Err(errors) => to_js(&WorkingHoursResult::Errors { ok: false, errors }),
    }
}

#[wasm_bindgen(js_name = weekGrid, unchecked_return_type = "WeekGrid")]
pub fn week_grid(#[wasm_bindgen(unchecked_param_type = "TimeRow[]")] rows: JsValue) -> Result<JsValue, JsError> {
    let rows: Vec<TimeRow> = from_js(rows)?;
    to_js(&rules::week_grid(&rows))
}

/// Which row answers a call at that moment in the zone; throws for an unknown time zone.
#[wasm_bindgen(js_name = whereDoesACallGo, unchecked_return_type = "CallAnswer")]
pub fn where_does_a_call_go(
    #[wasm_bindgen(unchecked_param_type = "TimeRow[]")] rows: JsValue,
    time_zone: &str,
    epoch_millis: f64,
) -> Result<JsValue, JsError> {
    let rows: Vec<TimeRow> = from_js(rows)?;
    let answer = rules::where_does_a_call_go(&rows, time_zone, epoch_millis as i64).map_err(|e| JsError::new(&e))?;
    to_js(&answer)
}

/// Which dated exception, else which row, answers a call at that moment in the zone.
#[wasm_bindgen(js_name = whereDoesACallGoOn, unchecked_return_type = "CallAnswer")]
pub fn where_does_a_call_go_on(
    #[wasm_bindgen(unchecked_param_type = "TimeRow[]")] rows: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PlanException[]")] exceptions: JsValue,
    time_zone: &str,
    epoch_millis: f64,
) -> Result<JsValue, JsError> {
    let rows: Vec<TimeRow> = from_js(rows)?;
    let exceptions: Vec<rules::plan_exceptions::PlanException> = from_js(exceptions)?;
    let answer = rules::where_does_a_call_go_on(&rows, &exceptions, time_zone, epoch_millis as i64)
        .map_err(|e| JsError::new(&e))?;
    to_js(&answer)
}

/// The bank holidays of a calendar and year the plan has no exception on yet, as exceptions to `target`.
#[wasm_bindgen(js_name = bankHolidayExceptions, unchecked_return_type = "PlanException[]")]
pub fn bank_holiday_exceptions(
    #[wasm_bindgen(unchecked_param_type = "Calendar")] calendar: JsValue,
    year: i32,
    #[wasm_bindgen(unchecked_param_type = "RowType")] plan_type: JsValue,
    target: f64,
    #[wasm_bindgen(unchecked_param_type = "PlanException[]")] existing: JsValue,
) -> Result<JsValue, JsError> {
    let calendar: rules::bank_holidays::Calendar = from_js(calendar)?;
    let plan_type: rules::RowType = from_js(plan_type)?;
    let existing: Vec<rules::plan_exceptions::PlanException> = from_js(existing)?;
    to_js(&rules::plan_exceptions::bank_holiday_exceptions(calendar, year, plan_type, target as i64, &existing))
}

#[wasm_bindgen(js_name = validateConnectBasic, unchecked_return_type = "FieldErrors")]
pub fn validate_connect_basic(
    #[wasm_bindgen(unchecked_param_type = "BasicRow[]")] rows: JsValue,
) -> Result<JsValue, JsError> {
    let rows: Vec<rules::BasicRow> = from_js(rows)?;
    errors(rules::validate_connect_basic(&rows))
}

#[wasm_bindgen(js_name = validateConnectAdvanced, unchecked_return_type = "FieldErrors")]
pub fn validate_connect_advanced(
    #[wasm_bindgen(unchecked_param_type = "AdvancedRow[]")] rows: JsValue,
    has_speech: bool,
) -> Result<JsValue, JsError> {
    let rows: Vec<rules::AdvancedRow> = from_js(rows)?;
    errors(rules::validate_connect_advanced(&rows, has_speech))
}

#[wasm_bindgen(js_name = hasOnlyBasicFeatures)]
pub fn has_only_basic_features(
    #[wasm_bindgen(unchecked_param_type = "RoutingRow[]")] rows: JsValue,
) -> Result<bool, JsError> {
    let rows: Vec<rules::RoutingRow> = from_js(rows)?;
    Ok(rules::has_only_basic_features(&rows))
}

#[wasm_bindgen(js_name = usesAdditionalFeatures)]
pub fn uses_additional_features(
    #[wasm_bindgen(unchecked_param_type = "RoutingRow[]")] rows: JsValue,
) -> Result<bool, JsError> {
    let rows: Vec<rules::RoutingRow> = from_js(rows)?;
    Ok(rules::uses_additional_features(&rows))
}

#[wasm_bindgen(js_name = validateDestinationNumber, unchecked_return_type = "FieldErrors")]
pub fn validate_destination_number(
    #[wasm_bindgen(unchecked_param_type = "DestinationNumberForm")] form: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] taken_descriptions: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_destination_number(&from_js(form)?, &taken(taken_descriptions)?))
}

#[wasm_bindgen(js_name = validateDestinationPlan, unchecked_return_type = "FieldErrors")]
pub fn validate_destination_plan(
    #[wasm_bindgen(unchecked_param_type = "DestinationPlanForm")] form: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] taken_descriptions: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_destination_plan(&from_js(form)?, &taken(taken_descriptions)?))
}

/// The plan's rows fitted to its type (ring lengths; no fallback for a hunt group).
#[wasm_bindgen(js_name = fitDestinationPlan, unchecked_return_type = "DestinationPlanForm")]
pub fn fit_destination_plan(
    #[wasm_bindgen(unchecked_param_type = "DestinationPlanForm")] form: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&rules::fit_destination_plan(from_js(form)?))
}

#[wasm_bindgen(js_name = validateQueue, unchecked_return_type = "FieldErrors")]
pub fn validate_queue(
    #[wasm_bindgen(unchecked_param_type = "QueueForm")] form: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] taken_descriptions: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_queue(&from_js(form)?, &taken(taken_descriptions)?))
}

#[wasm_bindgen(js_name = validateVoicemail, unchecked_return_type = "FieldErrors")]
pub fn validate_voicemail(
    #[wasm_bindgen(unchecked_param_type = "VoicemailForm")] form: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_voicemail(&from_js(form)?))
}

#[wasm_bindgen(js_name = validateAudio, unchecked_return_type = "FieldErrors")]
pub fn validate_audio(
    #[wasm_bindgen(unchecked_param_type = "AudioForm")] form: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] taken_descriptions: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_audio(&from_js(form)?, &taken(taken_descriptions)?))
}

#[wasm_bindgen(js_name = audioContentProblem)]
pub fn audio_content_problem(file_name: &str, head: &[u8]) -> Option<String> {
    rules::audio_content_problem(file_name, head)
}

/// How the routing list and its export name a row's kind ('Static', 'Dynamic pool').
#[wasm_bindgen(js_name = kindLabel)]
pub fn kind_label(kind: &str) -> String {
    domain::list_query::kind_label(kind).to_string()
}

/// The label of the service plan choice that disconnects a number ('-- Disconnect --').
#[wasm_bindgen(js_name = disconnectLabel)]
pub fn disconnect_label() -> String {
    rules::DISCONNECT_LABEL.to_string()
}
