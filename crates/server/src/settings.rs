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
        })
    }
}
