use std::path::PathBuf;

/// Server settings from the environment, each with a default that works on a new machine.
#[derive(Debug, Clone)]
pub struct Settings {
    pub bind: String,
    pub database_url: String,
    pub static_dir: PathBuf,
    pub seed_demo: bool,
    pub product_name: String,
}

impl Settings {
    pub fn from_env() -> Result<Settings, String> {
        let var = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_string());
        let seed = var("SEED_DEMO", "1");
        let seed_demo = match seed.as_str() {
            "1" | "true" => true,
            "0" | "false" => false,
            other => return Err(format!("SEED_DEMO must be 1 or 0, not {other:?}")),
        };
        Ok(Settings {
            bind: var("BIND", "127.0.0.1:8080"),
            database_url: var("DATABASE_URL", "sqlite://data/admin.db"),
            static_dir: PathBuf::from(var("STATIC_DIR", "frontend/dist")),
            seed_demo,
            product_name: var("PRODUCT_NAME", "Calltrack"),
        })
    }
}
