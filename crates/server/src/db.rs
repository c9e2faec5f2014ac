use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

/// Opens the SQLite database (file and folder created on first start) and applies migrations.
/// A failure is one line naming the database (its password hidden).
pub async fn connect(database_url: &str) -> Result<SqlitePool, Box<dyn std::error::Error>> {
    open(database_url)
        .await
        .map_err(|error| format!("cannot open the database {}: {error}", shown(database_url)).into())
}

/// The URL with any password replaced by `***`, for messages and logs.
pub fn shown(database_url: &str) -> String {
    match url::Url::parse(database_url) {
        Ok(mut url) if url.password().is_some() => {
            let _ = url.set_password(Some("***"));
            url.to_string()
        }
        _ => database_url.to_string(),
    }
}

async fn open(database_url: &str) -> Result<SqlitePool, Box<dyn std::error::Error>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_never_shows() {
        assert_eq!(shown("postgres://bob:secret@db.example:5432/admin"), "postgres://bob:***@db.example:5432/admin");
        assert_eq!(shown("postgres://bob@db.example/admin"), "postgres://bob@db.example/admin");
        assert_eq!(shown("sqlite://data/admin.db"), "sqlite://data/admin.db");
    }

    #[tokio::test]
    async fn a_database_that_cannot_be_opened_is_named_in_one_line() {
        let error = connect("postgres://bob:secret@127.0.0.1:1/admin").await.unwrap_err().to_string();
        assert!(error.starts_with("cannot open the database postgres://bob:***@127.0.0.1:1/admin: "), "{error}");
        assert!(!error.contains("secret") && !error.contains('\n'), "{error}");
        let file = tempfile::NamedTempFile::new().unwrap();
        let under_a_file = format!("sqlite://{}/admin.db", file.path().display());
        let error = connect(&under_a_file).await.unwrap_err().to_string();
        assert!(error.starts_with(&format!("cannot open the database {under_a_file}: ")), "{error}");
    }
}
