//! The FTP export's safety rules around its stored password and Test connection: who may set
//! it up, which ports a test may dial, when the stored password may be used, how often an
//! account may test, what an SFTP host key's fingerprint looks like, and the words for each
//! refusal. A test dials what a customer types, so it must neither hand the stored password to
//! another server nor tell open, closed and filtered ports apart.

use std::collections::BTreeMap;

use crate::account::{AccountState, AuthLevel};
use crate::validation::FieldErrors;

/// The FTP export's protocols, as posted in `form_ftp_protocol`, with their usual ports.
pub const FTP_PROTOCOLS: [(&str, u16); 2] = [("ftp", 21), ("sftp", 22)];

/// The FTP export's password field: checked with the form, kept apart from its settings.
pub const FTP_PASSWORD_FIELD: &str = "form_ftp_password";
/// Posted as "1" to keep the password already stored (the form never shows it).
pub const FTP_KEEP_PASSWORD_FIELD: &str = "form_ftp_keep_password";

/// The port of an FTP export form: 1 to 65535, digits only.
pub fn ftp_port(value: &str) -> Option<u16> {
    let value = value.trim();
    if value.is_empty() || value.len() > 5 || !value.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    value.parse::<u16>().ok().filter(|p| *p > 0)
}

/// The SFTP server's host key the user confirmed, as its fingerprint (`SHA256:` and base64).
pub const FTP_HOST_KEY_FIELD: &str = "form_ftp_host_key";
/// Connection tests one account may run in a minute.
pub const FTP_TESTS_PER_MINUTE: i64 = 10;

pub const FTP_TESTS_TOO_MANY: &str = "You have tested the connection too often. Wait a minute, then try again.";
pub const FTP_PORT_NOT_TESTED: &str =
    "Test connection uses port 21 (FTP) or 22 (SFTP), or the port saved with these settings.";
pub const FTP_PASSWORD_RETYPE: &str =
    "Type the FTP password: the saved one is used only with the saved protocol, host, port, username and host key.";
pub const FTP_NOT_CONNECTED: &str =
    "We could not connect to the server: check the host and port, and that the server is running and lets us connect.";
pub const FTP_HOST_KEY_FORMAT: &str = "The host key must be a SHA256 fingerprint, as Test connection shows it.";
pub const FTP_HOST_KEY_CONFIRM: &str =
    "Check that this is your server's host key, then confirm it: we log in only to a server whose key you confirmed.";
pub const FTP_HOST_KEY_CHANGED: &str = "The server's host key is not the one confirmed for it, so we did not log in. If the key was changed on purpose, check the new one and confirm it.";

/// The fields that say where and as whom the password is used.
const TARGET_FIELDS: [&str; 4] = ["form_ftp_protocol", "form_ftp_host", "form_ftp_port", "form_ftp_username"];

/// Saving and testing the FTP export: administrators and account owners only (the stored
/// password opens the customer's server).
pub fn can_set_up_ftp_export(account: &AccountState) -> bool {
    account.user_auth_code >= AuthLevel::ADMINISTRATOR
}

/// What the FTP export's form says to a user who may not set it up.
pub const FTP_EXPORT_ADMINS_ONLY: &str =
    "Only administrators can set up the FTP export or test its connection: its password opens your server.";

/// Why the user may not set up the FTP export, or None when they may.
pub fn ftp_export_refusal(account: &AccountState) -> Option<&'static str> {
    (!can_set_up_ftp_export(account)).then_some(FTP_EXPORT_ADMINS_ONLY)
}

/// Whether Test connection may dial `port`: a protocol's usual port (the ones the form offers)
/// or the port saved with the settings.
pub fn ftp_test_port_allowed(port: u16, saved: Option<u16>) -> bool {
    FTP_PROTOCOLS.iter().any(|(_, usual)| *usual == port) || saved == Some(port)
}

/// An SFTP host key's fingerprint as OpenSSH shows it: `SHA256:` then 43 characters of
/// unpadded base64.
pub fn is_host_key_fingerprint(text: &str) -> bool {
    text.strip_prefix("SHA256:")
        .is_some_and(|b64| b64.len() == 43 && b64.chars().all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '/'))
}

/// The stored password may be kept (neither typed nor sent anywhere new) only for the saved
/// protocol, host, port and username, and the saved host key when one is saved. `form` holds
/// the posted fields (missing ones are empty), `saved` the stored settings with the stored key
/// under `FTP_HOST_KEY_FIELD`.
pub fn validate_kept_password(
    form: &BTreeMap<String, String>,
    saved: &BTreeMap<String, String>,
) -> Result<(), FieldErrors> {
    let value = |map: &BTreeMap<String, String>, name: &str| map.get(name).map(|v| v.trim().to_string());
    let keeps = form.get(FTP_PASSWORD_FIELD).is_none_or(String::is_empty)
        && form.get(FTP_KEEP_PASSWORD_FIELD).map(String::as_str) == Some("1");
    if !keeps {
        return Ok(());
    }
    let same = |name: &str| {
        let (typed, stored) = (value(form, name).unwrap_or_default(), value(saved, name).unwrap_or_default());
        match name {
            "form_ftp_host" => typed.eq_ignore_ascii_case(&stored),
            "form_ftp_port" => ftp_port(&typed).is_some() && ftp_port(&typed) == ftp_port(&stored),
            _ => typed == stored,
        }
    };
    let saved_key = value(saved, FTP_HOST_KEY_FIELD).unwrap_or_default();
    let key_same = saved_key.is_empty() || value(form, FTP_HOST_KEY_FIELD).unwrap_or_default() == saved_key;
    if TARGET_FIELDS.iter().all(|f| same(f)) && key_same {
        return Ok(());
    }
    let mut errors = FieldErrors::new();
    errors.add(FTP_PASSWORD_FIELD, FTP_PASSWORD_RETYPE);
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s";

    fn form(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn saved() -> BTreeMap<String, String> {
        form(&[
            ("form_ftp_protocol", "sftp"),
            ("form_ftp_host", "ftp.example.co.uk"),
            ("form_ftp_port", "2222"),
            ("form_ftp_username", "calls"),
            (FTP_HOST_KEY_FIELD, KEY),
        ])
    }

    fn kept() -> BTreeMap<String, String> {
        let mut fields = saved();
        fields.insert(FTP_KEEP_PASSWORD_FIELD.into(), "1".into());
        fields
    }

    #[test]
    fn only_administrators_and_owners_set_up_the_ftp_export() {
        let level =
            |user_auth_code| AccountState { user_auth_code, can_edit_numbers_campaigns: true, ..Default::default() };
        assert!(!can_set_up_ftp_export(&level(AuthLevel::USER)), "the number admin right is not enough");
        assert!(can_set_up_ftp_export(&level(AuthLevel::ADMINISTRATOR)));
        assert_eq!(ftp_export_refusal(&level(AuthLevel::ADMINISTRATOR)), None);
        assert_eq!(ftp_export_refusal(&level(AuthLevel::USER)), Some(FTP_EXPORT_ADMINS_ONLY));
        assert!(can_set_up_ftp_export(&level(AuthLevel::ACCOUNT_OWNER)));
    }

    #[test]
    fn a_test_dials_only_the_usual_ports_or_the_saved_one() {
        assert!(ftp_test_port_allowed(21, None));
        assert!(ftp_test_port_allowed(22, None));
        assert!(!ftp_test_port_allowed(2222, None));
        assert!(ftp_test_port_allowed(2222, Some(2222)));
        assert!(!ftp_test_port_allowed(3306, Some(2222)));
        // The message names the ports the rule allows.
        for (name, port) in FTP_PROTOCOLS {
            assert!(FTP_PORT_NOT_TESTED.contains(&format!("{port} ({})", name.to_uppercase())));
        }
    }

    #[test]
    fn a_host_key_fingerprint_is_sha256_and_43_base64_characters() {
        assert!(is_host_key_fingerprint(KEY));
        for bad in ["", "SHA256:", "MD5:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s", &format!("{KEY}="), &KEY[..49]] {
            assert!(!is_host_key_fingerprint(bad), "{bad}");
        }
        assert!(!is_host_key_fingerprint("SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2-"));
    }

    #[test]
    fn the_stored_password_is_kept_only_for_the_saved_server_and_user() {
        assert!(validate_kept_password(&kept(), &saved()).is_ok());
        let mut upper = kept();
        upper.insert("form_ftp_host".into(), "FTP.Example.co.uk".into());
        upper.insert("form_ftp_port".into(), " 2222 ".into());
        assert!(validate_kept_password(&upper, &saved()).is_ok(), "the same host and port, written differently");
        for (field, other) in [
            ("form_ftp_protocol", "ftp"),
            ("form_ftp_host", "evil.example.com"),
            ("form_ftp_port", "22"),
            ("form_ftp_username", "root"),
            (FTP_HOST_KEY_FIELD, "SHA256:AAAAztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s"),
            (FTP_HOST_KEY_FIELD, ""),
        ] {
            let mut changed = kept();
            changed.insert(field.into(), other.into());
            let errors = validate_kept_password(&changed, &saved()).unwrap_err();
            assert_eq!(errors.get(FTP_PASSWORD_FIELD), Some(FTP_PASSWORD_RETYPE), "{field}");
        }
    }

    #[test]
    fn a_typed_password_goes_anywhere_and_no_saved_key_asks_for_none() {
        let mut typed = kept();
        typed.remove(FTP_KEEP_PASSWORD_FIELD);
        typed.insert(FTP_PASSWORD_FIELD.into(), "secret".into());
        typed.insert("form_ftp_host".into(), "other.example.com".into());
        assert!(validate_kept_password(&typed, &saved()).is_ok());
        let mut without_key = saved();
        without_key.remove(FTP_HOST_KEY_FIELD);
        let mut confirmed = kept();
        confirmed.insert(FTP_HOST_KEY_FIELD.into(), "SHA256:AAAAztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s".into());
        assert!(validate_kept_password(&confirmed, &without_key).is_ok(), "a key newly confirmed");
    }
}
