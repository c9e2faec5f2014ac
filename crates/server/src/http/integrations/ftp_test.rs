//! The FTP export's Test connection: the form as it stands is checked like a save, the port
//! must be one the form offers or the saved one, each account may test a few times a minute,
//! and then the server logs in (over SFTP only to the host key the user confirmed) and writes a
//! test file. Nothing is saved.

use axum::extract::State;
use axum::Json;
use domain::integrations::{
    ftp_port, ftp_test_port_allowed, FTP_PORT_NOT_TESTED, FTP_TESTS_PER_MINUTE, FTP_TESTS_TOO_MANY,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ftp_test_form::{FtpTestContract, FtpTestRequest};
use super::own_settings::{check_settings, secret_context, IntegrationSettingsRequest};
use super::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::providers::ftp_export::{test_connection, Protocol, Target};
use crate::state::AppState;
use crate::store::{api_rate, integrations};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(test_ftp_connection))
}

/// What Test connection found, in words.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FtpConnectionTest {
    /// Logged in and wrote the test file.
    pub connected: bool,
    /// "Connected to ftp.example.co.uk:22 and wrote a test file, ...", or why not.
    pub message: String,
    /// SFTP: the fingerprint of the host key the server showed (`SHA256:...`).
    pub host_key: Option<String>,
    /// The server's key is not the one confirmed (or none was), so nothing was sent: the user
    /// may check `hostKey` and confirm it (posted back as `form_ftp_host_key`).
    pub confirm_host_key: bool,
}

/// Counts one test of this account: 429 past the limit.
async fn limit_tests(state: &AppState, user: &AccountUser) -> Result<(), AppError> {
    let bucket = format!("ftp_test:{}", user.customer());
    let usage = api_rate::hit(&state.db, &bucket, FTP_TESTS_PER_MINUTE, state.clock.now()).await?;
    if usage.exceeded() {
        return Err(AppError::TooManyRequests(
            FTP_TESTS_TOO_MANY.into(),
            serde_json::json!({ "retryAfter": usage.reset }),
        ));
    }
    Ok(())
}

/// Test connection: the FTP export's form as it stands (the stored password when it keeps it,
/// only for the server it was saved with) is checked like a save, and the port must be one the
/// form offers or the saved one; then, within the account's limit of tests, the server logs in
/// over SFTP (to a server with the confirmed host key only) or FTP and writes a test file.
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
        form_ftp_host_key: typed.form_ftp_host_key,
    };
    let def = user.usable(&state, "ftp_export").await?;
    let checked = check_settings(&state, &user, def, &form).await?;
    let port = ftp_port(&form.form_ftp_port).unwrap_or(22);
    if !ftp_test_port_allowed(port, checked.saved_port) {
        return Err(AppError::field("form_ftp_port", FTP_PORT_NOT_TESTED));
    }
    limit_tests(&state, &user).await?;
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
        port,
        username: value("form_ftp_username"),
        password: &password,
        file_name: value("form_ftp_file_name"),
        host_key: Some(checked.host_key.as_str()).filter(|k| !k.is_empty()),
    };
    let outcome = test_connection(&target, &state.settings.website_check, state.clock.now()).await;
    tracing::info!(customer = user.customer().get(), connected = outcome.connected, "FTP export connection tested");
    Ok(Json(FtpConnectionTest {
        connected: outcome.connected,
        message: outcome.message,
        host_key: outcome.host_key,
        confirm_host_key: outcome.confirm_host_key,
    }))
}
