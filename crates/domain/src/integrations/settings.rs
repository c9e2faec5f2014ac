//! The forms that set up the integrations of our own side (FTP export, webhooks, the API):
//! which fields each has and their rules. The FTP export's password is posted with the form but
//! never stored with the other fields (the server keeps it encrypted, apart): a form for an
//! export that has one posts `form_ftp_keep_password` = "1" instead to keep it.

use std::collections::BTreeMap;

use super::ftp_export::{
    ftp_port, is_host_key_fingerprint, FTP_HOST_KEY_FIELD, FTP_HOST_KEY_FORMAT, FTP_KEEP_PASSWORD_FIELD,
    FTP_PASSWORD_FIELD, FTP_PROTOCOLS,
};
use crate::character_rules::{CharacterRule, FTP_TIMESTAMP_TOKEN};
use crate::validation::FieldErrors;

pub const WEBHOOK_URL_MAX: usize = 255;
pub const FTP_HOST_MAX: usize = 100;
pub const FTP_USERNAME_MAX: usize = 60;
pub const FTP_FILE_NAME_MAX: usize = 60;

pub const WEBHOOK_URL_REQUIRED: &str = "Webhook URL is required.";
pub const WEBHOOK_URL_SCHEME: &str = "URL must begin with http:// or https://";
pub const FTP_HOST_REQUIRED: &str = "FTP host is required.";
pub const FTP_HOST_CHARACTERS: &str = "FTP host can have only letters, numbers, dots and hyphens.";
pub const FTP_USERNAME_REQUIRED: &str = "FTP username is required.";
pub const FTP_FILE_NAME_REQUIRED: &str = "File name is required.";
pub const FTP_PASSWORD_MAX: usize = 128;
pub const FTP_PROTOCOL_REQUIRED: &str = "Please choose FTP or SFTP.";
pub const FTP_PORT_RANGE: &str = "Port must be a number from 1 to 65535.";
pub const FTP_PASSWORD_REQUIRED: &str = "FTP password is required.";
pub const FTP_USERNAME_CHARACTERS: &str = "FTP username cannot contain spaces or control characters.";
pub const FTP_PASSWORD_CHARACTERS: &str = "FTP password cannot contain control characters.";

/// The help text under the FTP export's file name: the character rule's hint and what the
/// token becomes.
pub fn ftp_file_name_hint() -> String {
    format!(
        "Allowed characters are {}. {} becomes the export's date and time, e.g. calls_{}.",
        CharacterRule::FtpFileName.hint(),
        FTP_TIMESTAMP_TOKEN,
        FTP_TIMESTAMP_TOKEN
    )
}

/// The form fields of an integration set up on our side that are stored as its settings (the
/// FTP password is not among them), or None for one connected at the provider.
pub fn settings_fields(identifier: &str) -> Option<&'static [&'static str]> {
    match identifier {
        "webhooks" => Some(&["form_webhook_url"]),
        "ftp_export" => {
            Some(&["form_ftp_protocol", "form_ftp_host", "form_ftp_port", "form_ftp_username", "form_ftp_file_name"])
        }
        "api" => Some(&[]),
        _ => None,
    }
}

fn too_long(label: &str, max: usize) -> String {
    format!("{label} cannot exceed {max} characters.")
}

fn required(errors: &mut FieldErrors, field: &str, value: &str, message: &str) -> bool {
    if value.trim().is_empty() {
        errors.add(field, message);
        return false;
    }
    true
}

fn limited(errors: &mut FieldErrors, field: &str, value: &str, label: &str, max: usize) -> bool {
    if value.chars().count() > max {
        errors.add(field, too_long(label, max));
        return false;
    }
    true
}

/// Checks the settings form of `identifier` (fields by their form names; missing ones are empty).
pub fn validate_settings(identifier: &str, fields: &BTreeMap<String, String>) -> Result<(), FieldErrors> {
    let value = |name: &str| fields.get(name).map(String::as_str).unwrap_or("");
    let mut errors = FieldErrors::new();
    match identifier {
        "webhooks" => {
            let url = value("form_webhook_url");
            if required(&mut errors, "form_webhook_url", url, WEBHOOK_URL_REQUIRED)
                && limited(&mut errors, "form_webhook_url", url, "Webhook URL", WEBHOOK_URL_MAX)
            {
                let lower = url.trim().to_ascii_lowercase();
                let rest = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://"));
                if rest.is_none_or(|host| host.is_empty() || host.contains(char::is_whitespace)) {
                    errors.add("form_webhook_url", WEBHOOK_URL_SCHEME);
                }
            }
        }
        "ftp_export" => {
            if !FTP_PROTOCOLS.iter().any(|(p, _)| *p == value("form_ftp_protocol")) {
                errors.add("form_ftp_protocol", FTP_PROTOCOL_REQUIRED);
            }
            let host = value("form_ftp_host");
            if required(&mut errors, "form_ftp_host", host, FTP_HOST_REQUIRED)
                && limited(&mut errors, "form_ftp_host", host, "FTP host", FTP_HOST_MAX)
                && !host.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
            {
                errors.add("form_ftp_host", FTP_HOST_CHARACTERS);
            }
            if ftp_port(value("form_ftp_port")).is_none() {
                errors.add("form_ftp_port", FTP_PORT_RANGE);
            }
            let username = value("form_ftp_username");
            // Sent on a line of its own to an FTP server: no line breaks or other controls.
            if required(&mut errors, "form_ftp_username", username, FTP_USERNAME_REQUIRED)
                && limited(&mut errors, "form_ftp_username", username, "FTP username", FTP_USERNAME_MAX)
                && username.chars().any(|c| c.is_whitespace() || c.is_control())
            {
                errors.add("form_ftp_username", FTP_USERNAME_CHARACTERS);
            }
            // Not trimmed: a password may start or end with a space.
            let password = value(FTP_PASSWORD_FIELD);
            if password.is_empty() {
                if value(FTP_KEEP_PASSWORD_FIELD) != "1" {
                    errors.add(FTP_PASSWORD_FIELD, FTP_PASSWORD_REQUIRED);
                }
            } else if limited(&mut errors, FTP_PASSWORD_FIELD, password, "FTP password", FTP_PASSWORD_MAX)
                && password.chars().any(char::is_control)
            {
                errors.add(FTP_PASSWORD_FIELD, FTP_PASSWORD_CHARACTERS);
            }
            let key = value(FTP_HOST_KEY_FIELD).trim();
            if !key.is_empty() && !is_host_key_fingerprint(key) {
                errors.add(FTP_HOST_KEY_FIELD, FTP_HOST_KEY_FORMAT);
            }
            let file = value("form_ftp_file_name");
            if required(&mut errors, "form_ftp_file_name", file, FTP_FILE_NAME_REQUIRED)
                && limited(&mut errors, "form_ftp_file_name", file, "File name", FTP_FILE_NAME_MAX)
                && !CharacterRule::FtpFileName.allows(file)
            {
                errors.add("form_ftp_file_name", CharacterRule::FtpFileName.message());
            }
        }
        _ => {}
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn only_our_own_integrations_have_settings_forms() {
        assert_eq!(settings_fields("webhooks"), Some(&["form_webhook_url"][..]));
        assert_eq!(settings_fields("api"), Some(&[][..]));
        assert_eq!(settings_fields("ftp_export").map(<[_]>::len), Some(5));
        assert!(!settings_fields("ftp_export").unwrap().contains(&FTP_PASSWORD_FIELD), "the password is kept apart");
        assert_eq!(settings_fields("google_ads"), None);
    }

    #[test]
    fn a_webhook_needs_an_http_address() {
        assert!(
            validate_settings("webhooks", &form(&[("form_webhook_url", "https://crm.example.co.uk/calls")])).is_ok()
        );
        let message = |url: &str| {
            validate_settings("webhooks", &form(&[("form_webhook_url", url)]))
                .unwrap_err()
                .get("form_webhook_url")
                .map(String::from)
        };
        assert_eq!(message("").as_deref(), Some(WEBHOOK_URL_REQUIRED));
        assert_eq!(message("ftp://x").as_deref(), Some(WEBHOOK_URL_SCHEME));
        assert_eq!(message("https://").as_deref(), Some(WEBHOOK_URL_SCHEME));
        assert_eq!(message("http://a b").as_deref(), Some(WEBHOOK_URL_SCHEME));
        let long = format!("https://{}", "a".repeat(250));
        assert_eq!(message(&long).as_deref(), Some("Webhook URL cannot exceed 255 characters."));
    }

    #[test]
    fn an_ftp_export_needs_a_protocol_host_port_username_password_and_file_name() {
        let good = form(&[
            ("form_ftp_protocol", "sftp"),
            ("form_ftp_host", "ftp.example.co.uk"),
            ("form_ftp_port", "22"),
            ("form_ftp_username", "calls"),
            ("form_ftp_password", " secret "),
            ("form_ftp_file_name", "calls_{timestamp}"),
        ]);
        assert!(validate_settings("ftp_export", &good).is_ok());
        let errors = validate_settings("ftp_export", &form(&[])).unwrap_err();
        assert_eq!(errors.get("form_ftp_protocol"), Some(FTP_PROTOCOL_REQUIRED));
        assert_eq!(errors.get("form_ftp_port"), Some(FTP_PORT_RANGE));
        assert_eq!(errors.get("form_ftp_password"), Some(FTP_PASSWORD_REQUIRED));
        assert_eq!(errors.get("form_ftp_host"), Some(FTP_HOST_REQUIRED));
        assert_eq!(errors.get("form_ftp_username"), Some(FTP_USERNAME_REQUIRED));
        assert_eq!(errors.get("form_ftp_file_name"), Some(FTP_FILE_NAME_REQUIRED));
        let bad = form(&[
            ("form_ftp_host", "ftp example"),
            ("form_ftp_username", &"u".repeat(61)),
            ("form_ftp_file_name", "calls.csv"),
        ]);
        let errors = validate_settings("ftp_export", &bad).unwrap_err();
        assert_eq!(errors.get("form_ftp_host"), Some(FTP_HOST_CHARACTERS));
        assert_eq!(errors.get("form_ftp_username"), Some("FTP username cannot exceed 60 characters."));
        assert_eq!(
            errors.get("form_ftp_file_name"),
            Some("Invalid characters found. Allowed characters are letters, numbers, underscores and {timestamp}.")
        );
    }

    #[test]
    fn a_stored_password_is_kept_when_none_is_typed() {
        let mut keep = form(&[
            ("form_ftp_protocol", "ftp"),
            ("form_ftp_host", "ftp.example.co.uk"),
            ("form_ftp_port", "21"),
            ("form_ftp_username", "calls"),
            ("form_ftp_keep_password", "1"),
            ("form_ftp_file_name", "calls"),
        ]);
        assert!(validate_settings("ftp_export", &keep).is_ok());
        keep.insert("form_ftp_password".into(), "p".repeat(129));
        assert_eq!(
            validate_settings("ftp_export", &keep).unwrap_err().get("form_ftp_password"),
            Some("FTP password cannot exceed 128 characters.")
        );
    }

    #[test]
    fn the_username_and_password_cannot_carry_line_breaks() {
        let mut fields = form(&[
            ("form_ftp_protocol", "ftp"),
            ("form_ftp_host", "ftp.example.co.uk"),
            ("form_ftp_port", "21"),
            ("form_ftp_username", "calls\r\nDELE x"),
            ("form_ftp_password", "pass\nword"),
            ("form_ftp_file_name", "calls"),
        ]);
        let errors = validate_settings("ftp_export", &fields).unwrap_err();
        assert_eq!(errors.get("form_ftp_username"), Some(FTP_USERNAME_CHARACTERS));
        assert_eq!(errors.get("form_ftp_password"), Some(FTP_PASSWORD_CHARACTERS));
        fields.insert("form_ftp_username".into(), "calls user".into());
        fields.insert("form_ftp_password".into(), "a pass phrase".into());
        let errors = validate_settings("ftp_export", &fields).unwrap_err();
        assert_eq!(errors.get("form_ftp_username"), Some(FTP_USERNAME_CHARACTERS));
        assert_eq!(errors.get("form_ftp_password"), None, "spaces are fine in a password");
    }

    #[test]
    fn ports_are_whole_numbers_from_1_to_65535() {
        assert_eq!(ftp_port("22"), Some(22));
        assert_eq!(ftp_port(" 65535 "), Some(65535));
        for bad in ["0", "65536", "-1", "2 2", "+22", "22.0", "", "000000022", "x"] {
            assert_eq!(ftp_port(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_file_name_hint_names_the_rule_and_the_token() {
        assert_eq!(
            ftp_file_name_hint(),
            "Allowed characters are letters, numbers, underscores and {timestamp}. {timestamp} becomes the export's date and time, e.g. calls_{timestamp}."
        );
    }

    #[test]
    fn a_confirmed_host_key_is_a_fingerprint() {
        let mut fields = form(&[
            ("form_ftp_protocol", "sftp"),
            ("form_ftp_host", "ftp.example.co.uk"),
            ("form_ftp_port", "22"),
            ("form_ftp_username", "calls"),
            ("form_ftp_password", "secret"),
            ("form_ftp_file_name", "calls"),
            ("form_ftp_host_key", "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s"),
        ]);
        assert!(validate_settings("ftp_export", &fields).is_ok());
        fields.insert("form_ftp_host_key".into(), "ssh-ed25519 AAAA".into());
        assert_eq!(
            validate_settings("ftp_export", &fields).unwrap_err().get("form_ftp_host_key"),
            Some(FTP_HOST_KEY_FORMAT)
        );
    }

    #[test]
    fn the_api_needs_nothing() {
        assert!(validate_settings("api", &form(&[])).is_ok());
    }
}
