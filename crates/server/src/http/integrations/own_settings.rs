//! The settings forms of our own integrations (webhooks, the FTP export, the API): checked by
//! the domain's rules and stored. The FTP export is set up by administrators only, and its
//! stored password is kept only for the server it was saved with.

use crate::store::CustomerId;
use std::collections::BTreeMap;

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::integrations::{
    can_set_up_ftp_export, ftp_port, settings_fields, validate_kept_password, validate_settings, IntegrationDef,
    FTP_HOST_KEY_FIELD, FTP_KEEP_PASSWORD_FIELD, FTP_PASSWORD_FIELD, FTP_PASSWORD_REQUIRED,
};
use garde::Validate;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AccountUser;
use crate::http::contract::bounds;
use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::integrations;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(save_settings))
}

/// The settings forms of our own integrations (`settings_fields`): each posts its own fields;
/// the domain's rules (`validate_settings`) decide, these bounds only stop absurd input first.
/// The FTP password is never stored with the settings, never sent back and never logged.
#[derive(Deserialize, Validate, ToSchema)]
pub(super) struct IntegrationSettingsRequest {
    /// Webhooks.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    pub(super) form_webhook_url: String,
    /// FTP export: `ftp` or `sftp`.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    pub(super) form_ftp_protocol: String,
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    pub(super) form_ftp_host: String,
    /// 1 to 65535.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    pub(super) form_ftp_port: String,
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    pub(super) form_ftp_username: String,
    /// Write-only: stored encrypted, never answered.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = password)]
    pub(super) form_ftp_password: String,
    /// "1": keep the password already stored (the password field left empty).
    #[serde(default)]
    #[garde(length(chars, max = KEEP_MAX))]
    #[schema(schema_with = bounds::text::<KEEP_MAX>)]
    pub(super) form_ftp_keep_password: String,
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    pub(super) form_ftp_file_name: String,
    /// SFTP: the server's host key the user confirmed after Test connection showed it
    /// (`SHA256:` fingerprint); the test then logs in only to a server showing it.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = super::ftp_test_form::host_key)]
    pub(super) form_ftp_host_key: String,
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
pub(super) fn secret_context(identifier: &str, customer: CustomerId) -> String {
    format!("{identifier}:{customer}")
}

/// A checked settings form: the values to store and the password to use (typed, or the stored
/// one when the form keeps it), sealed or not.
pub(super) struct CheckedSettings {
    pub(super) values: BTreeMap<String, String>,
    /// The password typed (None: keep the stored one).
    pub(super) typed_password: Option<String>,
    /// The FTP export's SFTP host key confirmed ("" for none, and for plain FTP).
    pub(super) host_key: String,
    /// The FTP export's port as saved before this form.
    pub(super) saved_port: Option<u16>,
}

/// The FTP export's settings as saved, with the saved host key among them.
async fn saved_ftp_settings(state: &AppState, user: &AccountUser) -> Result<BTreeMap<String, String>, AppError> {
    let Some(found) = integrations::find(&state.db, user.customer(), "ftp_export").await? else {
        return Ok(BTreeMap::new());
    };
    let mut saved = found.settings_map();
    saved.insert(FTP_HOST_KEY_FIELD.into(), found.host_key);
    Ok(saved)
}

/// The domain's rules over the form, then the server's own: the FTP export is for
/// administrators, and a kept password must exist and be kept for the server it was saved with.
pub(super) async fn check_settings(
    state: &AppState,
    user: &AccountUser,
    def: &IntegrationDef,
    form: &IntegrationSettingsRequest,
) -> Result<CheckedSettings, AppError> {
    let fields = settings_fields(def.identifier).ok_or(AppError::NotFound)?;
    user.require_manage()?;
    let is_ftp = def.identifier == "ftp_export";
    if is_ftp && !can_set_up_ftp_export(&user.account) {
        return Err(AppError::Forbidden);
    }
    let values: BTreeMap<String, String> =
        fields.iter().map(|f| (f.to_string(), form.value(f).trim().to_string())).collect();
    let mut checked = values.clone();
    let host_key = if is_ftp && form.form_ftp_protocol.trim() == "sftp" {
        form.form_ftp_host_key.trim().to_string()
    } else {
        String::new()
    };
    if is_ftp {
        checked.insert(FTP_PASSWORD_FIELD.into(), form.form_ftp_password.clone());
        checked.insert(FTP_KEEP_PASSWORD_FIELD.into(), form.form_ftp_keep_password.clone());
        checked.insert(FTP_HOST_KEY_FIELD.into(), host_key.clone());
    }
    validate_settings(def.identifier, &checked).map_err(AppError::Validation)?;
    let typed_password = (is_ftp && !form.form_ftp_password.is_empty()).then(|| form.form_ftp_password.clone());
    if is_ftp && typed_password.is_none() {
        let stored = integrations::secret(&state.db, user.customer(), def.identifier).await?;
        if stored.is_none_or(|s| s.is_empty()) {
            return Err(AppError::field(FTP_PASSWORD_FIELD, FTP_PASSWORD_REQUIRED));
        }
    }
    let saved = if is_ftp { saved_ftp_settings(state, user).await? } else { BTreeMap::new() };
    validate_kept_password(&checked, &saved).map_err(AppError::Validation)?;
    let saved_port = saved.get("form_ftp_port").and_then(|p| ftp_port(p));
    Ok(CheckedSettings { values, typed_password, host_key, saved_port })
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
        Some(&checked.host_key),
        user.session.user_id,
        state.clock.now(),
    )
    .await?;
    Ok(Json(Done { success: true }))
}
