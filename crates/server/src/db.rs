use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

/// Opens the SQLite database (file and folder created on first start) and applies migrations.
pub async fn connect(database_url: &str) -> Result<SqlitePool, Box<dyn std::error::Error>> {
    if database_url.starts_with("postgres") {
        return Err("PostgreSQL is not supported by this build yet: use a sqlite:// DATABASE_URL".into());
    }
    let options = SqliteConnectOptions::from_str(database_url)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(5))
        .foreign_keys(true);
    if let Some(parent) = options.get_filename().parent() {
        if !parent.as_os_str().is_empty() {
            std::fs::create_dir_all(parent)?;
        }
    }
    let pool = SqlitePoolOptions::new().max_connections(8).connect_with(options).await?;
    sqlx::migrate!("./migrations/sqlite").run(&pool).await?;
    Ok(pool)
}
