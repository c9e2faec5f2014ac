//! Connecting an integration (the connect link's `authUrl`, then the provider's return to
//! `/integrations/callback`), setting up our own ones with their forms, and removing one after
//! the password is confirmed.

use std::collections::BTreeMap;

use crate::http::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::integrations::{
    settings_fields, validate_settings, IntegrationDef, FTP_KEEP_PASSWORD_FIELD, FTP_PASSWORD_FIELD,
    FTP_PASSWORD_REQUIRED,
};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ftp_test_form::{FtpTestContract, FtpTestRequest};
use super::AccountUser;
use crate::ad_platforms::{AdPlatforms, ProviderError, Sandbox};
use crate::file_export::{test_connection, Protocol, Target};
use crate::http::bounds;
use crate::http::contract::Done;
use crate::http::error::AppError;
use crate::http::typed_form::Form;
use crate::state::AppState;
use crate::store::integrations::ConnectFlow;
use crate::store::sessions::Session;
use crate::store::{accounts, confirmations, integrations};

/// The tag manager is connected like an integration (for the website check's tag set-up),
/// without a card of its own.
pub const TAG_MANAGER: &str = "google_tag_manager";

/// Where providers send the browser back.
pub const CALLBACK_PATH: &str = "/integrations/callback";

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(connect_link))
        .routes(routes!(remove))
        .routes(routes!(save_settings))
        .routes(routes!(test_ftp_connection))
}

/// The provider's consent page, with this session's flow in it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationAuthUrl {
    pub auth_url: String,
}

/// Starts a connect flow for this session and gives the provider's consent address.
pub async fn auth_url(
    state: &AppState,
    session: &Session,
    identifier: &str,
    return_to: &str,
) -> Result<IntegrationAuthUrl, AppError> {
    let flow = integrations::begin_connect(&state.db, session, identifier, return_to, state.clock.now()).await?;
    Ok(IntegrationAuthUrl { auth_url: Sandbox(&state.db).authorize_url(identifier, &flow, CALLBACK_PATH) })
}

/// Starts connecting an OAuth integration: the browser goes on to `authUrl`.
#[utoipa::path(get, path = "/integrations/connect/{identifier}", tag = "integrations",
    params(("identifier" = String, Path, description = "The integration, `google_ads`", max_length = 100)),
    responses((status = 200, body = IntegrationAuthUrl)))]
async fn connect_link(
    State(state): State<AppState>,
    user: AccountUser,
    Path(identifier): Path<String>,
) -> Result<Json<IntegrationAuthUrl>, AppError> {
    let def = may_connect(&state, &user, &identifier).await?.ok_or(AppError::NotFound)?;
    // Google Analytics goes on to choosing a property; the others back to their page.
    let back = if def.identifier == "google_analytics" { "/ga_connect" } else { def.destination };
    Ok(Json(auth_url(&state, &user.session, def.identifier, &format!("/manage{back}")).await?))
}

/// Whether this user may connect `identifier` on the account they are on: an OAuth integration
/// whose card offers Connect or Configure (else 404 or 403), or the tag manager of the website
/// checks (dynamic URLs shown, else 403); and the right to manage integrations (else 403).
/// The integration's definition, none for the tag manager.
async fn may_connect(
    state: &AppState,
    user: &AccountUser,
    identifier: &str,
) -> Result<Option<&'static IntegrationDef>, AppError> {
    if identifier == TAG_MANAGER {
        user.require_dynamic()?;
        user.require_manage()?;
        return Ok(None);
    }
    let def = user.usable(state, identifier).await?;
    if !def.oauth {
        return Err(AppError::NotFound);
    }
    user.require_manage()?;
    Ok(Some(def))
}

/// Where the browser lands after the provider sent it back.
pub enum FlowEnd {
    Connected(String),
    Declined(String),
    /// Not a flow this session started (or it expired, or was used).
    Unknown,
}

/// The provider's return: the flow must be this session's, in time and not used before (it is
/// used up here); the user must still be allowed to connect the integration on the customer the
/// flow was started on (whichever account the session is on now); the code must have been given
/// for that customer and integration. Then the integration is configured for that customer.
pub async fn finish_connect_flow(
    state: &AppState,
    session: &Session,
    flow_state: &str,
    code: Option<&str>,
) -> Result<FlowEnd, AppError> {
    let now = state.clock.now();
    let Some(flow) = integrations::finish_connect(&state.db, session, flow_state, now).await? else {
        return Ok(FlowEnd::Unknown);
    };
    let sep = if flow.return_to.contains('?') { '&' } else { '?' };
    let Some(code) = code.filter(|c| !c.is_empty()) else {
        return Ok(FlowEnd::Declined(format!("{}{sep}error=denied", flow.return_to)));
    };
    if !still_may_connect(state, session, &flow).await? {
        tracing::warn!(
            user = session.user_id,
            customer = flow.customer_id,
            integration = flow.identifier,
            "connect flow refused: the user may no longer connect it"
        );
        return Ok(FlowEnd::Declined(format!("{}{sep}error=forbidden", flow.return_to)));
    }
    match Sandbox(&state.db).exchange(&flow.identifier, code, flow.customer_id, now).await {
        Ok(grant) => {
            integrations::configure(
                &state.db,
                flow.customer_id,
                &flow.identifier,
                &grant.account,
                &BTreeMap::new(),
                None,
                session.user_id,
                now,
            )
            .await?;
            tracing::info!(customer = flow.customer_id, integration = flow.identifier, "integration connected");
            Ok(FlowEnd::Connected(format!("{}{sep}connected=1", flow.return_to)))
        }
        Err(ProviderError::Refused) => Ok(FlowEnd::Declined(format!("{}{sep}error=failed", flow.return_to))),
        Err(ProviderError::Provider(e)) => Err(AppError::Internal(e)),
    }
}

/// The connect link's checks again, on the flow's customer as the user stands there now (their
/// access, level and rights, the package and the integration's card may have changed).
async fn still_may_connect(state: &AppState, session: &Session, flow: &ConnectFlow) -> Result<bool, AppError> {
    let account = accounts::load_state(
        &state.db,
        session.user_id,
        flow.customer_id,
        &state.settings.product_name,
        state.clock.now(),
    )
    .await?;
    let Some(account) = account else { return Ok(false) };
    // The checks read no kept page, so the numbers version is not needed here.
    let user = AccountUser { session: session.clone(), account, numbers_version: 0 };
    match may_connect(state, &user, &flow.identifier).await {
        Ok(_) => Ok(true),
        Err(AppError::Forbidden | AppError::NotFound) => Ok(false),
        Err(other) => Err(other),
    }
}

/// Removes an integration's connection, with the key handleajax/confirmPassword gave (used up
/// here: a key removes once).
#[utoipa::path(post, path = "/integrations/remove/{identifier}/{key}", tag = "integrations",
    params(
        ("identifier" = String, Path, description = "The integration, `hubspot`", max_length = 100),
        ("key" = String, Path, description = "The password confirmation's key", max_length = 200),
    ),
    responses((status = 200, body = Done)))]
async fn remove(
    State(state): State<AppState>,
    user: AccountUser,
    Path((identifier, key)): Path<(String, String)>,
) -> Result<Json<Done>, AppError> {
    let def = domain::integrations::integration(&identifier).ok_or(AppError::NotFound)?;
    if !def.removable {
        return Err(AppError::NotFound);
    }
    user.require_manage()?;
    // The key from handleajax/confirmPassword is used up first, so it cannot be replayed.
    if key.len() > 200 || !confirmations::consume(&state.db, &user.session, &key, state.clock.now()).await? {
        return Err(AppError::Forbidden);
    }
    if !integrations::remove(&state.db, user.customer(), def.identifier).await? {
        return Err(AppError::NotFound);
    }
    tracing::info!(customer = user.customer(), integration = def.identifier, "integration removed");
    Ok(Json(Done { success: true }))
}

/// The settings forms of our own integrations (`settings_fields`): each posts its own fields;
/// the domain's rules (`validate_settings`) decide, these bounds only stop absurd input first.
/// The FTP password is never stored with the settings, never sent back and never logged.
#[derive(Deserialize, Validate, ToSchema)]
struct IntegrationSettingsRequest {
    /// Webhooks.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    form_webhook_url: String,
    /// FTP export: `ftp` or `sftp`.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    form_ftp_protocol: String,
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    form_ftp_host: String,
    /// 1 to 65535.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    form_ftp_port: String,
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    form_ftp_username: String,
    /// Write-only: stored encrypted, never answered.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = password)]
    form_ftp_password: String,
    /// "1": keep the password already stored (the password field left empty).
    #[serde(default)]
    #[garde(length(chars, max = KEEP_MAX))]
    #[schema(schema_with = bounds::text::<KEEP_MAX>)]
    form_ftp_keep_password: String,
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    form_ftp_file_name: String,
}

/// The longest settings field the form takes (the domain's rules are far below).
const FIELD_MAX: usize = 1_000;
/// The longest keep-the-password flag the form takes.
const KEEP_MAX: usize = 10;

/// The FTP password as posted: write-only text of at most `FIELD_MAX` characters.
fn password() -> utoipa::openapi::schema::Object {
    let mut schema = bounds::text::<FIELD_MAX>();
    schema.format = Some(utoipa::openapi::schema::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Password));
    schema
}

impl IntegrationSettingsRequest {
    /// A settings field by its posted name ("" for one this form does not have).
    fn value(&self, name: &str) -> &str {
        match name {
            "form_webhook_url" => &self.form_webhook_url,
            "form_ftp_protocol" => &self.form_ftp_protocol,
            "form_ftp_host" => &self.form_ftp_host,
            "form_ftp_port" => &self.form_ftp_port,
            "form_ftp_username" => &self.form_ftp_username,
            "form_ftp_file_name" => &self.form_ftp_file_name,
            _ => "",
        }
    }
}

/// Where a customer's sealed secret belongs (it opens only there).
fn secret_context(identifier: &str, customer: i64) -> String {
    format!("{identifier}:{customer}")
}

/// A checked settings form: the values to store and the password to use (typed, or the stored
/// one when the form keeps it), sealed or not.
struct CheckedSettings {
    values: BTreeMap<String, String>,
    /// The password typed (None: keep the stored one).
    typed_password: Option<String>,
}

/// The domain's rules over the form, then the server's own: a kept password must exist.
async fn check_settings(
    state: &AppState,
    user: &AccountUser,
    def: &IntegrationDef,
    form: &IntegrationSettingsRequest,
) -> Result<CheckedSettings, AppError> {
    let fields = settings_fields(def.identifier).ok_or(AppError::NotFound)?;
    user.require_manage()?;
    let values: BTreeMap<String, String> =
        fields.iter().map(|f| (f.to_string(), form.value(f).trim().to_string())).collect();
    let mut checked = values.clone();
    if def.identifier == "ftp_export" {
        checked.insert(FTP_PASSWORD_FIELD.into(), form.form_ftp_password.clone());
        checked.insert(FTP_KEEP_PASSWORD_FIELD.into(), form.form_ftp_keep_password.clone());
    }
    validate_settings(def.identifier, &checked).map_err(AppError::Validation)?;
    let typed_password =
        (def.identifier == "ftp_export" && !form.form_ftp_password.is_empty()).then(|| form.form_ftp_password.clone());
    if def.identifier == "ftp_export" && typed_password.is_none() {
        let stored = integrations::secret(&state.db, user.customer(), def.identifier).await?;
        if stored.is_none_or(|s| s.is_empty()) {
            let mut errors = domain::FieldErrors::new();
            errors.add(FTP_PASSWORD_FIELD, FTP_PASSWORD_REQUIRED);
            return Err(AppError::Validation(errors));
        }
    }
    Ok(CheckedSettings { values, typed_password })
}

/// Sets up one of our own integrations (webhooks, FTP export, API) with its form.
#[utoipa::path(post, path = "/integrations/settings/{identifier}", tag = "integrations",
    params(("identifier" = String, Path, description = "The integration: `webhooks`, `ftp_export` or `api`", max_length = 100)),
    request_body(content((IntegrationSettingsRequest = "multipart/form-data"), (IntegrationSettingsRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn save_settings(
    State(state): State<AppState>,
    user: AccountUser,
    Path(identifier): Path<String>,
    Form { fields: form, .. }: Form<IntegrationSettingsRequest>,
) -> Result<Json<Done>, AppError> {
    let def = user.usable(&state, &identifier).await?;
    let checked = check_settings(&state, &user, def, &form).await?;
    let sealed =
        checked.typed_password.map(|p| state.secrets.seal(&secret_context(def.identifier, user.customer()), &p));
    integrations::configure(
        &state.db,
        user.customer(),
        def.identifier,
        "",
        &checked.values,
        sealed.as_deref(),
        user.session.user_id,
        state.clock.now(),
    )
    .await?;
    Ok(Json(Done { success: true }))
}

/// What Test connection found, in words.
#[derive(Serialize, ToSchema)]
pub struct FtpConnectionTest {
    /// Logged in and wrote the test file.
    pub connected: bool,
    /// "Connected to ftp.example.co.uk:22 and wrote a test file, ...", or why not.
    pub message: String,
}

/// Test connection: the FTP export's form as it stands (the stored password when it keeps it)
/// is checked like a save, then the server logs in over SFTP or FTP and writes a test file.
/// Nothing is saved.
#[utoipa::path(post, path = "/integrations/ftp_export/test", tag = "integrations",
    request_body(content((FtpTestContract = "multipart/form-data"), (FtpTestContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = FtpConnectionTest)))]
async fn test_ftp_connection(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: typed, .. }: Form<FtpTestRequest>,
) -> Result<Json<FtpConnectionTest>, AppError> {
    let form = IntegrationSettingsRequest {
        form_webhook_url: String::new(),
        form_ftp_protocol: typed.form_ftp_protocol,
        form_ftp_host: typed.form_ftp_host,
        form_ftp_port: typed.form_ftp_port,
        form_ftp_username: typed.form_ftp_username,
        form_ftp_password: typed.form_ftp_password,
        form_ftp_keep_password: typed.form_ftp_keep_password,
        form_ftp_file_name: typed.form_ftp_file_name,
    };
    let def = user.usable(&state, "ftp_export").await?;
    let checked = check_settings(&state, &user, def, &form).await?;
    let password = match checked.typed_password {
        Some(typed) => typed,
        None => {
            let sealed = integrations::secret(&state.db, user.customer(), def.identifier).await?.unwrap_or_default();
            state
                .secrets
                .open(&secret_context(def.identifier, user.customer()), &sealed)
                .ok_or_else(|| AppError::Internal("the stored FTP password does not open with this key".into()))?
        }
    };
    let value = |name: &str| checked.values.get(name).map(String::as_str).unwrap_or("");
    let target = Target {
        protocol: Protocol::parse(value("form_ftp_protocol")).unwrap_or(Protocol::Sftp),
        host: value("form_ftp_host"),
        port: domain::integrations::ftp_port(value("form_ftp_port")).unwrap_or(22),
        username: value("form_ftp_username"),
        password: &password,
        file_name: value("form_ftp_file_name"),
    };
    let outcome = test_connection(&target, &state.settings.website_check, state.clock.now()).await;
    tracing::info!(customer = user.customer(), connected = outcome.connected, "FTP export connection tested");
    Ok(Json(FtpConnectionTest { connected: outcome.connected, message: outcome.message }))
}
