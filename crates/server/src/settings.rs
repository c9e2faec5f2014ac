use std::path::PathBuf;

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
            clock_start: match std::env::var("CLOCK_START") {
                Ok(text) if !text.is_empty() => {
                    Some(text.parse().map_err(|_| format!("CLOCK_START must be unix seconds, not {text:?}"))?)
                }
                _ => None,
            },
        })
    }
}
