//! The integrations of the overview page (spec/shell-users-integrations.md, "Overview (/),
//! titled Integrate", "Integration card buttons", "Plan logic on the overview", "Website check",
//! "Google Analytics setup"): the catalogue in display order, which section a card goes in,
//! which buttons it shows, who may connect, and the website check's rules. The server enforces
//! them and the browser draws by the same code.

mod catalogue;
mod connect;
mod ftp_export;
mod overview;
mod page_scan;
mod provider_settings;
mod settings;
pub mod website_check;

pub use catalogue::{integration, IntegrationDef, INTEGRATIONS, WEBHOOKS_AND_API_TITLE};
pub use connect::{
    can_manage_integrations, integration_for_page, shows_dynamic_urls, validate_ga_connect, GA_PROPERTY_REQUIRED,
    GA_PROPERTY_TYPES, GA_PROPERTY_UNKNOWN, GA_TYPE_REQUIRED,
};
pub use ftp_export::{
    can_set_up_ftp_export, ftp_export_refusal, ftp_port, ftp_test_port_allowed, is_host_key_fingerprint,
    validate_kept_password, FTP_EXPORT_ADMINS_ONLY, FTP_HOST_KEY_CHANGED, FTP_HOST_KEY_CONFIRM, FTP_HOST_KEY_FIELD,
    FTP_HOST_KEY_FORMAT, FTP_KEEP_PASSWORD_FIELD, FTP_NOT_CONNECTED, FTP_PASSWORD_FIELD, FTP_PASSWORD_RETYPE,
    FTP_PORT_NOT_TESTED, FTP_PROTOCOLS, FTP_TESTS_PER_MINUTE, FTP_TESTS_TOO_MANY,
};
pub use overview::{card_buttons, overview, section, Card, CardButtons, MainButton, Overview, Section};
pub use page_scan::{scan_page, tracking_snippet, PageScan, TRACKING_SCRIPT_PATH};
pub use provider_settings::{
    account_required, account_unknown, provider_settings, validate_provider_settings, ProviderSettingsDef, SendOption,
    PROVIDER_SETTINGS, SENDS_REQUIRED, SENDS_UNKNOWN,
};
pub use settings::{
    ftp_file_name_hint, settings_fields, validate_settings, FTP_FILE_NAME_MAX, FTP_HOST_MAX, FTP_PASSWORD_MAX,
    FTP_PASSWORD_REQUIRED, FTP_USERNAME_MAX,
};
