use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::website_check::FetchPolicy;

/// Server settings from the environment, each with a default that works on a new machine.
#[derive(Debug, Clone)]
pub struct Settings {
    pub bind: String,
    pub database_url: String,
    pub static_dir: PathBuf,
    pub seed_demo: bool,
    pub product_name: String,
    /// Serve /outbox, the mail the server sent (reset links included): demos and tests only.
    pub dev_outbox: bool,
    /// Start the server's clock at this instant (unix seconds) instead of the machine's time:
    /// for browser tests that must not depend on the day they run.
    pub clock_start: Option<i64>,
    /// Served over HTTPS only (directly or behind a TLS proxy): Secure `__Host-` session
    /// cookies and HSTS.
    pub secure_cookies: bool,
    /// How the website check fetches customers' pages (WEBSITE_CHECK_ALLOW_LOOPBACK,
    /// WEBSITE_CHECK_TIMEOUT_SECONDS, WEBSITE_CHECK_RESOLVE).
    pub website_check: FetchPolicy,
    /// CARD_SHA_PASSPHRASE: the card provider's SHA passphrase; unset, one is generated once
    /// and stored in the database.
    pub card_passphrase: Option<String>,
    /// SETTINGS_ENCRYPTION_KEY: 64 hex digits, the key of the secrets kept at rest (the FTP
    /// export's password); unset, one is generated once and stored in the database.
    pub settings_key: Option<String>,
    /// CALL_RETENTION_MONTHS: calls and their recordings are kept this many calendar months
    /// (25 by default; 14 to 120, so the billing run's months keep their calls).
    pub call_retention_months: u32,
    /// SPEECH_PYTHON: the Python with PocketSphinx 5 installed, which hears recordings with the
    /// account's vocabulary (scripts/setup.sh makes target/speech).
    pub speech_python: PathBuf,
}

/// The checkout's PocketSphinx 5 (scripts/setup.sh): target/speech beside the target/debug or
/// target/release folder this server runs from, wherever it is started; else relative.
fn checkout_speech_python() -> PathBuf {
    let beside = std::env::current_exe().ok().and_then(|exe| Some(exe.parent()?.parent()?.join("speech/bin/python")));
    beside.filter(|python| python.exists()).unwrap_or_else(|| PathBuf::from("target/speech/bin/python"))
}

/// `host=ip:port,host=ip:port`: names the website check answers without DNS.
fn parse_resolve(text: &str) -> Result<Vec<(String, SocketAddr)>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (host, addr) =
                pair.split_once('=').ok_or_else(|| format!("WEBSITE_CHECK_RESOLVE: {pair:?} is not host=ip:port"))?;
            let addr = addr.parse().map_err(|_| format!("WEBSITE_CHECK_RESOLVE: {addr:?} is not ip:port"))?;
            Ok((host.trim().to_ascii_lowercase(), addr))
        })
        .collect()
}

impl Settings {
    pub fn from_env() -> Result<Settings, String> {
        let var = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_string());
        let flag = |name: &str, default: &str| match var(name, default).as_str() {
            "1" | "true" => Ok(true),
            "0" | "false" => Ok(false),
            other => Err(format!("{name} must be 1 or 0, not {other:?}")),
        };
        Ok(Settings {
            bind: var("BIND", "127.0.0.1:8080"),
            database_url: var("DATABASE_URL", "sqlite://data/admin.db"),
            static_dir: PathBuf::from(var("STATIC_DIR", "frontend/dist")),
            seed_demo: flag("SEED_DEMO", "1")?,
            product_name: var("PRODUCT_NAME", "Calltrack"),
            dev_outbox: flag("DEV_OUTBOX", "0")?,
            secure_cookies: flag("SECURE_COOKIES", "0")?,
            website_check: FetchPolicy {
                allow_loopback: flag("WEBSITE_CHECK_ALLOW_LOOPBACK", "0")?,
                timeout: Duration::from_secs(match var("WEBSITE_CHECK_TIMEOUT_SECONDS", "10").parse::<u64>() {
                    Ok(seconds @ 1..=60) => seconds,
                    _ => return Err("WEBSITE_CHECK_TIMEOUT_SECONDS must be 1 to 60".into()),
                }),
                resolve: parse_resolve(&var("WEBSITE_CHECK_RESOLVE", ""))?,
                ..FetchPolicy::default()
            },
            card_passphrase: std::env::var("CARD_SHA_PASSPHRASE").ok().filter(|p| !p.is_empty()),
            settings_key: std::env::var("SETTINGS_ENCRYPTION_KEY").ok().filter(|p| !p.is_empty()),
            call_retention_months: domain::reports::parse_call_retention_months(&var(
                "CALL_RETENTION_MONTHS",
                &domain::reports::DEFAULT_CALL_RETENTION_MONTHS.to_string(),
            ))?,
            speech_python: std::env::var_os("SPEECH_PYTHON")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
                .unwrap_or_else(checkout_speech_python),
            clock_start: match std::env::var("CLOCK_START") {
                Ok(text) if !text.is_empty() => {
                    Some(text.parse().map_err(|_| format!("CLOCK_START must be unix seconds, not {text:?}"))?)
                }
                _ => None,
            },
        })
    }
}
