//! The API's published contract: an OpenAPI 3.1 document generated from the typed
//! requests and responses of the `/api` handlers (`#[utoipa::path]`, collected by
//! `utoipa_axum`'s router as the routes are registered), finished here with what every call
//! shares: the admin header and the session cookie, and the 400/401/403/404/413/422 answers.
//! Served at `/api/openapi.json`.

pub mod bounds;
pub mod bounds_chars;
pub mod bounds_text;
pub mod refused_by_rules;

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::server::Server;
use utoipa::openapi::{ComponentsBuilder, OpenApi, RefOr, Response, ResponseBuilder};
use utoipa::{PartialSchema, ToSchema};

use crate::http::kit::session::COOKIE_NAME;

/// 403, 404, 400 and 413: `{ success: false, code }` (400 adds a message).
#[derive(Serialize, ToSchema)]
pub struct Refusal {
    pub success: bool,
    /// FORBIDDEN, NOT_FOUND, BAD_REQUEST, PAYLOAD_TOO_LARGE
    pub code: String,
    pub message: Option<String>,
}

/// 422: the fields' messages, keyed by the posted field names.
#[derive(Serialize, ToSchema)]
pub struct ValidationFailed {
    pub success: bool,
    /// VALIDATION_FAILED, or a catalogue code such as DESCRIPTION_NOT_UNIQUE
    pub code: String,
    pub errors: BTreeMap<String, String>,
}

/// The answer of a call that only says it worked.
#[derive(Serialize, ToSchema)]
pub struct Done {
    pub success: bool,
}

/// The answer of a call that saved a record: the record's id.
#[derive(Serialize, ToSchema)]
pub struct Saved {
    pub success: bool,
    pub id: i64,
}

/// 401: no session; the browser goes to this login address.
#[derive(Serialize, ToSchema)]
pub struct LoginRequired {
    pub login: String,
}

fn answer<T: ToSchema>(description: &str) -> RefOr<Response> {
    let content = utoipa::openapi::ContentBuilder::new()
        .schema(Some(RefOr::Ref(utoipa::openapi::Ref::from_schema_name(T::name()))))
        .build();
    RefOr::T(ResponseBuilder::new().description(description).content("application/json", content).build())
}

/// Adds what every call shares to the collected document, and says of every form what the
/// server refuses in any form (see `forms_as_posted`) and which calls the rules may refuse.
pub fn finish(api: OpenApi) -> serde_json::Value {
    let mut api = serde_json::to_value(shared(api)).expect("the contract serialises");
    forms_as_posted(&mut api);
    int64_bounded(&mut api);
    refused_by_rules(&mut api);
    api
}

/// A whole number the server reads as an `i64` (`format: int64`) is within an `i64`'s range: a
/// larger one does not parse (400). Stated wherever the schema does not bound it already.
fn int64_bounded(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(schema) => {
            let integer = match schema.get("type") {
                Some(serde_json::Value::String(t)) => t == "integer",
                Some(serde_json::Value::Array(types)) => types.iter().any(|t| t == "integer"),
                _ => false,
            };
            if integer && schema.get("format").is_some_and(|f| f == "int64") {
                schema.entry("minimum").or_insert(i64::MIN.into());
                schema.entry("maximum").or_insert(i64::MAX.into());
            }
            schema.values_mut().for_each(int64_bounded);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(int64_bounded),
        _ => {}
    }
}

/// What every call shares.
fn shared(mut api: OpenApi) -> OpenApi {
    api.info.title = "Calltrack admin API".into();
    api.info.description = Some(
        "The admin area's calls. Every call needs the X-Admin-Area: 1 header and a session cookie \
         (POST /login). Forms are posted as multipart/form-data or application/x-www-form-urlencoded."
            .into(),
    );
    api.servers = Some(vec![Server::new("/api")]);
    let components = api.components.get_or_insert_with(|| ComponentsBuilder::new().build());
    components
        .add_security_scheme("adminHeader", SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("X-Admin-Area"))));
    components.add_security_scheme("session", SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(COOKIE_NAME))));
    for (name, schema) in [
        (Refusal::name(), Refusal::schema()),
        (ValidationFailed::name(), ValidationFailed::schema()),
        (LoginRequired::name(), LoginRequired::schema()),
    ] {
        components.schemas.insert(name.to_string(), schema);
    }
    api.security =
        Some(vec![SecurityRequirement::new("adminHeader", Vec::<String>::new()).add("session", Vec::<String>::new())]);
    let paths: Vec<String> = api.paths.paths.keys().cloned().collect();
    for (path, item) in api.paths.paths.iter_mut() {
        let operations =
            [("get", &mut item.get), ("post", &mut item.post), ("put", &mut item.put), ("delete", &mut item.delete)];
        for (method, operation) in operations {
            let Some(operation) = operation else { continue };
            // Handlers' names repeat across areas; method and path never do.
            operation.operation_id = Some(operation_id(method, path, &paths));
            // A POST may be refused by the rules (422) even without a body (removals), and so may a
            // query the domain reads (a list's sort, a date filter).
            let writes = operation.request_body.is_some() || method == "post";
            let queried = operation.parameters.as_ref().is_some_and(|params| {
                params.iter().any(|p| matches!(p.parameter_in, utoipa::openapi::path::ParameterIn::Query))
            });
            let responses = &mut operation.responses.responses;
            let mut shared = vec![
                ("401", answer::<LoginRequired>("No session: log in first.")),
                ("403", answer::<Refusal>("The account or user may not make this call.")),
                ("404", answer::<Refusal>("No such record for this account.")),
                ("400", answer::<Refusal>("A malformed request.")),
            ];
            if writes {
                shared.push(("413", answer::<Refusal>("The body is too large.")));
            }
            if writes || queried {
                shared.push(("422", answer::<ValidationFailed>("Validation failed: each field's message.")));
            }
            for (status, response) in shared {
                responses.entry(status.to_string()).or_insert(response);
            }
            for response in responses.values_mut() {
                if let RefOr::T(response) = response {
                    if response.description.is_empty() {
                        response.description = "The answer.".into();
                    }
                }
            }
        }
    }
    api
}

/// "post_technologypartner_revokeApiKey_id" for POST /technologypartner/revokeApiKey/{id}. A
/// path served with and without its trailing slash is two paths: the slashed one's id ends in
/// "_slash" ("post_users_checkUniqueEmail_slash"), so ids stay unique.
fn operation_id(method: &str, path: &str, paths: &[String]) -> String {
    let words: Vec<&str> = path.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let unslashed = path.strip_suffix('/').filter(|p| !p.is_empty());
    let twin = unslashed.is_some_and(|p| paths.iter().any(|other| other == p));
    format!("{method}_{}{}", words.join("_"), if twin { "_slash" } else { "" })
}

/// GET /api/openapi.json
pub async fn serve(api: std::sync::Arc<serde_json::Value>) -> axum::Json<serde_json::Value> {
    axum::Json((*api).clone())
}

/// A form field's name holds no control character: multipart carries it in a header line, where
/// none may stand, and the server refuses one in either encoding alike (`typed_form::typed`).
pub const FIELD_NAME_PATTERN: &str = r"^[^\x00-\x1f\x7f]*$";
/// No text a person types holds a NUL character, and PostgreSQL cannot store one: a form's text
/// never holds one (`typed_form::typed` refuses it).
pub const FORM_TEXT_PATTERN: &str = r"^[^\x00]*$";

/// A form's rule across its fields that a schema states (one field or another present and of
/// its shape): put by the form's contract under this extension (utoipa's schemas have no
/// `anyOf` beside `properties`), made the form's `anyOf` here.
pub const ANY_OF: &str = "x-any-of";

/// A form field whose text is JSON of a schema (`contentMediaType: application/json`): that
/// schema, put by the field under this extension (utoipa's schemas have no `contentSchema`),
/// made the field's `contentSchema` here.
pub const CONTENT_SCHEMA: &str = "x-content-schema";

/// The schemas of the posted forms, told as a form carries them: a field is text, absent or
/// present, never `null` (an `Option` is an optional field, not a nullable one: "null" posted
/// for a number is not a number); a text never holds NUL; a field's name no control character.
fn forms_as_posted(api: &mut serde_json::Value) {
    let mut forms = std::collections::BTreeSet::new();
    if let Some(paths) = api["paths"].as_object() {
        for item in paths.values() {
            for operation in item.as_object().into_iter().flat_map(|item| item.values()) {
                let Some(content) = operation["requestBody"]["content"].as_object() else { continue };
                for (media, body) in content {
                    let form = media == "multipart/form-data" || media == "application/x-www-form-urlencoded";
                    if let (true, Some(reference)) = (form, body["schema"]["$ref"].as_str()) {
                        forms.insert(reference.trim_start_matches("#/components/schemas/").to_string());
                    }
                }
            }
        }
    }
    let Some(schemas) = api["components"]["schemas"].as_object_mut() else { return };
    let components = schemas.clone();
    for name in forms {
        let Some(form) = schemas.get_mut(&name) else { continue };
        form["propertyNames"] = serde_json::json!({ "pattern": FIELD_NAME_PATTERN });
        if let Some(choices) = form.as_object_mut().and_then(|form| form.remove(ANY_OF)) {
            form["anyOf"] = choices;
        }
        if let Some(properties) = form.get_mut("properties").and_then(|p| p.as_object_mut()) {
            for field in properties.values_mut() {
                inlined(field, &components);
                as_posted(field);
                if let Some(content) = field.as_object_mut().and_then(|field| field.remove(CONTENT_SCHEMA)) {
                    field["contentSchema"] = content;
                }
            }
        }
    }
}

/// A form field whose schema is a component's (`$ref`, as utoipa writes a field of an aliased
/// type, `Option<i64>` behind a name: "Option", nullable) gets that schema itself, so that it is
/// told as posted like any other field; its own keys (a description) stay.
fn inlined(field: &mut serde_json::Value, components: &serde_json::Map<String, serde_json::Value>) {
    let Some(schema) = field.as_object_mut() else { return };
    let Some(reference) = schema.get("$ref").and_then(|r| r.as_str()) else { return };
    let Some(component) = reference.strip_prefix("#/components/schemas/").and_then(|name| components.get(name)) else {
        return;
    };
    let Some(component) = component.as_object() else { return };
    schema.remove("$ref");
    for (key, value) in component {
        schema.entry(key.clone()).or_insert_with(|| value.clone());
    }
}

/// One field's schema as posted (see `forms_as_posted`), and a list's items likewise.
fn as_posted(field: &mut serde_json::Value) {
    let Some(schema) = field.as_object_mut() else { return };
    if let Some(serde_json::Value::Array(types)) = schema.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types[0].clone();
            schema.insert("type".into(), only);
        }
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(serde_json::Value::Array(choices)) = schema.get_mut(key) {
            choices.retain(|choice| choice.get("type").is_none_or(|t| t != "null"));
            if choices.len() == 1 {
                let only = choices.remove(0);
                schema.remove(key);
                if let serde_json::Value::Object(only) = only {
                    schema.extend(only);
                }
            }
        }
    }
    let text = schema.get("type").is_some_and(|t| t == "string");
    // A password is text too (a file, `format: binary`, is not).
    let free = !schema.contains_key("pattern")
        && !schema.contains_key("enum")
        && schema.get("format").is_none_or(|format| format == "password");
    if text && free {
        schema.insert("pattern".into(), FORM_TEXT_PATTERN.into());
    }
    if let Some(items) = schema.get_mut("items") {
        as_posted(items);
    }
}

/// Marks the calls of `refused_by_rules::REFUSED_BY_RULES` (`x-refused-by-rules`, with the
/// reason, and their 422 told).
fn refused_by_rules(api: &mut serde_json::Value) {
    let Some(paths) = api["paths"].as_object_mut() else { return };
    for item in paths.values_mut() {
        let Some(item) = item.as_object_mut() else { continue };
        for operation in item.values_mut() {
            let id = operation["operationId"].as_str().unwrap_or_default().to_string();
            let Some(reason) = crate::http::contract::refused_by_rules::reason(&id) else { continue };
            let description = format!("Validation failed: each field's message. Refused by the rules: {reason}");
            operation["x-refused-by-rules"] = serde_json::json!({ "refused": true, "reason": reason });
            let answer = serde_json::to_value(answer::<ValidationFailed>(&description)).expect("serialises");
            operation["responses"]["422"] = answer;
        }
    }
}
