//! The router: `/api` by feature, the login pages, the small outside pages and the frontend,
//! under one set of security headers, body limits and request logs.

mod accountsettings;
mod agents;
mod billing_details;
mod categories;
pub mod contract;
mod conversions;
mod cta;
mod dev_clock;
mod dimensions;
mod direct_debit;
mod first_run;
mod handleajax;
mod import_sales;
mod integrations;
mod invoices;
pub mod kit;
mod login;
pub(crate) mod numbers;
pub(crate) mod outbound_campaigns;
mod outbound_cli;
mod outbound_terms;
mod outbox_page;
mod pages;
mod parameters;
mod partner;
mod payment_details;
pub mod phone;
mod reporting_api;
pub(crate) mod reports;
mod reset_password;
mod routing;
mod sandbox_card;
mod sandbox_direct_debit;
mod sandbox_oauth;
mod sandbox_phone;
pub(crate) mod scoring;
mod services;
mod sources;
mod speech_trial;
mod spend;
mod static_files;
mod tag_rule_form;
mod tags;
mod technology_partner;
mod track_sales;
mod tracking;
mod users;
mod voice_tags;

use axum::extract::{DefaultBodyLimit, Request};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, STRICT_TRANSPORT_SECURITY,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::HeaderValue;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::any::Any;
use utoipa_axum::router::OpenApiRouter;

use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

pub use handleajax::{TOO_MANY_ATTEMPTS as CONFIRM_TOO_MANY_ATTEMPTS, WRONG_PASSWORD};
pub use kit::error::AppError;
pub use login::{BAD_CREDENTIALS, TOO_MANY_ATTEMPTS};
pub use reset_password::{LINK_NOT_VALID, PASSWORD_CHANGED, PASSWORD_SET, WELCOME_TITLE};
pub use tracking::ADDRESS_LIMIT as TRACKING_ADDRESS_LIMIT;

use crate::state::AppState;

/// The marker every `/api` request carries (ARCHITECTURE.md); with SameSite cookies it is also
/// the defence against cross-site requests, which cannot set it.
pub const ADMIN_HEADER: &str = "x-admin-area";

/// Largest request body accepted (later uploads raise it on their own routes).
pub const BODY_LIMIT: usize = 1024 * 1024;

/// Audio is played from blob: URLs (recordings and audio files are fetched with the admin header,
/// then handed to the player), so media may come from them too.
const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
                   img-src 'self' data:; media-src 'self' blob:; connect-src 'self'; font-src 'self'; \
                   object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
/// An API answer is data, never a page that loads anything: OWASP's policy for REST answers,
/// a tenth of the document's in bytes (the first screen makes five such calls).
const DATA_CSP: &str = "default-src 'none'; frame-ancestors 'none'";

/// The calls of the contract: typed, each with its OpenAPI description.
fn documented_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(accountsettings::router())
        .merge(billing_details::router())
        .merge(cta::router())
        .merge(dimensions::router())
        .merge(track_sales::router())
        .merge(speech_trial::router())
        .merge(import_sales::router())
        .merge(first_run::router())
        .merge(handleajax::router())
        .merge(integrations::router())
        .merge(agents::router())
        .merge(categories::router())
        .merge(outbound_campaigns::router())
        .merge(invoices::router())
        .merge(numbers::router())
        .merge(outbound_cli::router())
        .merge(phone::router())
        .merge(outbound_terms::router())
        .merge(parameters::router())
        .merge(partner::router())
        .merge(payment_details::router())
        .merge(reports::router())
        .merge(voice_tags::router())
        .merge(routing::router())
        .merge(scoring::router())
        .merge(services::router())
        .merge(sources::router())
        .merge(spend::router())
        .merge(tags::router())
        .merge(conversions::router())
        .merge(technology_partner::router())
        .merge(users::router())
}

/// The contract as served at /api/openapi.json (`server --openapi` prints it).
pub fn contract_json() -> String {
    let (_, description) = documented_routes().split_for_parts();
    serde_json::to_string_pretty(&contract::finish(description)).expect("the contract serialises")
}

/// The `/api` calls, every one documented in the contract (typed, collected with its OpenAPI
/// description), under one router with `/openapi.json`; an unknown path is 404.
pub fn api_router() -> Router<AppState> {
    let (documented, description) = documented_routes().split_for_parts();
    let contract = std::sync::Arc::new(contract::finish(description));
    Router::new()
        .merge(documented)
        .route(CONTRACT_PATH, axum::routing::get(move || contract::serve(contract.clone())))
        .fallback(|| async { AppError::NotFound })
        .layer(middleware::from_fn(require_admin_header))
        .layer(middleware::map_response(json_refusals))
        // Account data never sits in a browser's or proxy's cache (unless a handler says how).
        .layer(SetResponseHeaderLayer::if_not_present(CACHE_CONTROL, HeaderValue::from_static("no-store")))
        // JSON compresses about tenfold (a 10,000-number list is megabytes); audio does not.
        .layer(
            CompressionLayer::new().compress_when(DefaultPredicate::new().and(NotForContentType::const_new("audio/"))),
        )
}

pub fn app(state: AppState) -> Router {
    let hsts = state.settings.secure_cookies.then(|| HeaderValue::from_static("max-age=31536000"));
    let document_policy = document_policy(&state);
    Router::new()
        .nest("/api", api_router())
        .merge(login::router())
        .merge(reset_password::router())
        .merge(outbox_page::router())
        .merge(dev_clock::router())
        .merge(pages::router())
        .merge(sandbox_oauth::router())
        .merge(sandbox_card::router())
        .merge(sandbox_direct_debit::router())
        .merge(sandbox_phone::router())
        .merge(direct_debit::router())
        .merge(technology_partner::pages())
        .merge(reporting_api::router())
        .merge(tracking::router())
        .merge(crate::telephony::router())
        .merge(static_files::router())
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(SetResponseHeaderLayer::overriding(CONTENT_SECURITY_POLICY, move |response: &Response| {
            content_policy(response, &document_policy)
        }))
        .layer(SetResponseHeaderLayer::overriding(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(X_FRAME_OPTIONS, for_documents("DENY")))
        .layer(SetResponseHeaderLayer::overriding(
            REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::overriding(STRICT_TRANSPORT_SECURITY, move |_: &Response| hsts.clone()))
        .layer(catch_panics())
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(request_span)
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .with_state(state)
}

/// A header that only a document obeys (the content security policy, framing): a script, a
/// stylesheet or a wasm module goes without it, since there it does nothing but add 330 bytes
/// to each of the 30 assets of the first screen. Anything a browser may render (HTML, JSON, SVG,
/// images, audio) keeps it.
fn for_documents(value: &'static str) -> impl Fn(&Response) -> Option<HeaderValue> + Clone {
    move |response: &Response| (!is_script_or_style(response)).then(|| HeaderValue::from_static(value))
}

/// The documents' content security policy: with real calls on, the browser phone may also
/// connect to the engine's SIP websocket (docs/webrtc.md).
fn document_policy(state: &AppState) -> HeaderValue {
    let policy = match state.settings.telephony.secret {
        Some(_) => CSP.replacen(
            "connect-src 'self';",
            &format!("connect-src 'self' {};", state.settings.telephony.phone_websocket_url()),
            1,
        ),
        None => CSP.to_string(),
    };
    // The address comes from the server's own settings; one that is no header value is left out.
    HeaderValue::from_str(&policy).unwrap_or_else(|_| HeaderValue::from_static(CSP))
}

/// The content security policy of an answer: the document's for what a browser renders as a
/// page, the data policy for JSON, none for scripts, styles and wasm (`for_documents`).
fn content_policy(response: &Response, document: &HeaderValue) -> Option<HeaderValue> {
    if is_script_or_style(response) {
        return None;
    }
    let json = response.headers().get(CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    Some(if json { HeaderValue::from_static(DATA_CSP) } else { document.clone() })
}

fn is_script_or_style(response: &Response) -> bool {
    let content_type = response.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    ["text/javascript", "application/javascript", "text/css", "application/wasm"]
        .iter()
        .any(|kind| content_type.starts_with(kind))
}

/// The request log's span: method and path only. A query string can carry a secret (a reset
/// link's token), so it never reaches the log; nor does the confirmation key at the end of a
/// removal path (`logged_path`).
fn request_span(req: &Request) -> tracing::Span {
    tracing::info_span!("request", method = %req.method(), path = %logged_path(req.uri().path()))
}

/// Paths whose last segment is a password-confirmation key.
const KEYED_PATHS: [&str; 1] = ["/api/integrations/remove/"];

/// The path as logged: a key at the end of a keyed path is replaced by `{key}`.
pub fn logged_path(path: &str) -> std::borrow::Cow<'_, str> {
    match KEYED_PATHS.iter().find(|prefix| path.starts_with(*prefix)) {
        Some(_) => match path.rsplit_once('/') {
            Some((head, _)) => format!("{head}/{{key}}").into(),
            None => path.into(),
        },
        None => path.into(),
    }
}

/// A panic in a handler answers that one request with a 500 (and a log line) instead of taking
/// the process, and every customer with it, down.
pub fn catch_panics() -> CatchPanicLayer<fn(Box<dyn Any + Send + 'static>) -> Response> {
    CatchPanicLayer::custom(panic_response as fn(Box<dyn Any + Send + 'static>) -> Response)
}

fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let cause = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("a panic");
    AppError::Internal(format!("handler panicked: {cause}")).into_response()
}

/// Refusals axum writes itself (an id that is not a number in a path, a method the path does
/// not take, a body it cannot read) as the API's JSON error body, like every other refusal.
async fn json_refusals(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !status.is_client_error() || is_json {
        return response;
    }
    let code = match status.as_u16() {
        404 => "NOT_FOUND",
        405 => "METHOD_NOT_ALLOWED",
        413 => "PAYLOAD_TOO_LARGE",
        415 => "UNSUPPORTED_MEDIA_TYPE",
        _ => "BAD_REQUEST",
    };
    let (parts, body) = response.into_parts();
    let text =
        axum::body::to_bytes(body, 4096).await.map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
    let mut answer = (
        status,
        axum::Json(contract::Refusal {
            success: false,
            code: code.into(),
            message: (!text.is_empty()).then_some(text),
        }),
    )
        .into_response();
    // Keep what the refusal said about itself (Allow on a 405, the length on a 416).
    let own = [axum::http::header::ALLOW, axum::http::header::CONTENT_RANGE];
    for (name, value) in parts.headers.iter().filter(|(name, _)| own.contains(name)) {
        answer.headers_mut().insert(name, value.clone());
    }
    answer
}

/// The contract is public: it describes the calls and holds no account's data.
const CONTRACT_PATH: &str = "/openapi.json";

async fn require_admin_header(req: Request, next: Next) -> Response {
    match req.headers().get(ADMIN_HEADER) {
        Some(value) if value.as_bytes() == b"1" => next.run(req).await,
        _ if req.uri().path() == CONTRACT_PATH => next.run(req).await,
        _ => AppError::Forbidden.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::logged_path;

    #[test]
    fn a_confirmation_key_in_a_path_is_not_logged() {
        assert_eq!(logged_path("/api/integrations/remove/hubspot/s3cr3tkey"), "/api/integrations/remove/hubspot/{key}");
        assert_eq!(logged_path("/api/admin/checkJob/7"), "/api/admin/checkJob/7");
    }
}
