//! The API's published contract (issue 17): an OpenAPI 3.1 document generated from the typed
//! requests and responses of the `/api` handlers (`#[utoipa::path]`, collected by
//! `utoipa_axum`'s router as the routes are registered), finished here with what every call
//! shares: the admin header and the session cookie, and the 400/401/403/404/413/422 answers.
//! Served at `/api/openapi.json`.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::server::Server;
use utoipa::openapi::{ComponentsBuilder, OpenApi, RefOr, Response, ResponseBuilder};
use utoipa::{PartialSchema, ToSchema};

use super::session::COOKIE_NAME;

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

/// Adds what every call shares to the collected document.
pub fn finish(mut api: OpenApi) -> OpenApi {
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
pub async fn serve(api: std::sync::Arc<OpenApi>) -> axum::Json<OpenApi> {
    axum::Json((*api).clone())
}
