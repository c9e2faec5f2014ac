//! Test connection's form (integrations/ftp_export/test): the FTP export's settings as typed,
//! stated field by field from the domain's limits (`validate_settings`), and the password's
//! rule across fields: one typed, or the stored one kept.

use domain::integrations::{FTP_FILE_NAME_MAX, FTP_HOST_MAX, FTP_PASSWORD_MAX, FTP_PROTOCOLS, FTP_USERNAME_MAX};
use domain::FTP_TIMESTAMP_TOKEN;
use garde::Validate;
use serde::Deserialize;
use utoipa::openapi::schema::{Object, ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

use crate::http::contract::bounds::{self, escaped};
use crate::http::contract::bounds_text;
use crate::http::kit::typed_form::{any_of_choice, form_contract, with_any_of};

/// The longest field the form takes (the rules' own limits are far below).
const FIELD_MAX: usize = 1_000;
/// The keep-the-password flag that keeps it.
const KEEP: &str = "1";
/// Characters no FTP line may carry: C0 and C1 controls (`char::is_control`).
const CONTROLS: &str = "\\x00-\\x1f\\x7f-\\x9f";

/// The FTP export's form as typed for a test: nothing is stored.
#[derive(Deserialize, Validate, ToSchema)]
pub(super) struct FtpTestRequest {
    /// `ftp` or `sftp`.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(required = true, schema_with = protocol)]
    pub(super) form_ftp_protocol: String,
    /// Letters, digits, dots and hyphens.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(required = true, schema_with = host)]
    pub(super) form_ftp_host: String,
    /// 1 to 65535.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(required = true, schema_with = port)]
    pub(super) form_ftp_port: String,
    /// No spaces or controls.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(required = true, schema_with = username)]
    pub(super) form_ftp_username: String,
    /// Write-only, never stored by a test; empty keeps the stored one (with the flag below).
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = password)]
    pub(super) form_ftp_password: String,
    /// "1": use the password already stored (the password field left empty).
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = bounds::text::<FIELD_MAX>)]
    pub(super) form_ftp_keep_password: String,
    /// Letters, digits, underscores and {timestamp}.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(required = true, schema_with = file_name)]
    pub(super) form_ftp_file_name: String,
    /// SFTP: the server's host key the user confirmed (`SHA256:` fingerprint); none logs in to
    /// no server, the test only shows its key.
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(schema_with = host_key)]
    pub(super) form_ftp_host_key: String,
}

/// Whitespace (`domain::WHITESPACE`) as the inside of a character class.
fn whitespace() -> String {
    let space = bounds::space();
    space[1..space.len() - 1].to_string()
}

fn protocol() -> Object {
    bounds::trimmed_key(&FTP_PROTOCOLS.map(|(name, _)| name), FIELD_MAX)
}

fn host() -> Object {
    bounds_text::trimmed(&format!("[A-Za-z0-9.-]{{1,{FTP_HOST_MAX}}}"), false, FIELD_MAX)
}

/// `ftp_port`: digits only, as many as the largest port has.
fn port() -> Object {
    let width = u16::MAX.to_string().len();
    bounds_text::trimmed(&bounds_text::padded_range(1, u64::from(u16::MAX), width), false, FIELD_MAX)
}

/// A host key's fingerprint (`is_host_key_fingerprint`), or nothing.
pub(super) fn host_key() -> Object {
    bounds_text::trimmed("SHA256:[A-Za-z0-9+/]{43}", true, FIELD_MAX)
}

fn username() -> Object {
    bounds_text::trimmed(&format!("[^{}{CONTROLS}]{{1,{FTP_USERNAME_MAX}}}", whitespace()), false, FIELD_MAX)
}

/// Not trimmed: a password may start or end with a space. It ends where the text does (`$`
/// would let a line break follow in Python's regexes, and a line break is a control).
fn typed_password(min: usize) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .format(Some(utoipa::openapi::schema::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Password)))
        .pattern(Some(format!("^[^{CONTROLS}]{{{min},{FTP_PASSWORD_MAX}}}(?![\\s\\S])")))
        .build()
}

fn password() -> Object {
    typed_password(0)
}

/// At most `FTP_FILE_NAME_MAX` characters once trimmed, the token's counted: a name without
/// the token, or up to a few tokens with a few characters around each (a lookahead would state
/// the length exactly, but the fuzzer's generator would filter nearly everything it makes).
fn file_name() -> Object {
    const AROUND: usize = 3;
    let plain = "[A-Za-z0-9_]";
    let token: String = FTP_TIMESTAMP_TOKEN.chars().map(escaped).collect();
    let tokens = (FTP_FILE_NAME_MAX - AROUND) / (AROUND + FTP_TIMESTAMP_TOKEN.len());
    let name =
        format!("{plain}{{1,{FTP_FILE_NAME_MAX}}}|(?:{plain}{{0,{AROUND}}}{token}){{1,{tokens}}}{plain}{{0,{AROUND}}}");
    bounds_text::trimmed(&name, false, FIELD_MAX)
}

/// The form's contract: a password typed, or the stored one kept (`FTP_PASSWORD_REQUIRED`).
fn ftp_test_contract() -> RefOr<Schema> {
    let choices = serde_json::json!([
        any_of_choice(&[("form_ftp_password", typed_password(1))]),
        any_of_choice(&[("form_ftp_keep_password", bounds::keys([KEEP]))]),
    ]);
    with_any_of(<FtpTestRequest as utoipa::PartialSchema>::schema(), choices)
}

form_contract!(FtpTestContract, FtpTestRequest, ftp_test_contract());
