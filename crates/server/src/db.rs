//! The one store the server writes to: SQLite (the embedded default) or PostgreSQL (the
//! scale-out store), chosen once at start from the URL. Every query goes through sqlx's `Any`
//! driver, so the store code is written once in SQL both backends accept.

use std::str::FromStr;

use sqlx::any::AnyPoolOptions;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
use sqlx::{AnyConnection, AnyPool, ConnectOptions, Connection, Executor};

mod flag;
pub use flag::Flag;

/// Which database the URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of_url(database_url: &str) -> Result<Backend, String> {
        if database_url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if database_url.starts_with("postgres://") || database_url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err("DATABASE_URL must start with sqlite: or postgres://".into())
        }
    }

    /// The backend a pool was opened on.
    pub fn of(db: &AnyPool) -> Backend {
        Backend::of_url(db.connect_options().database_url.as_str()).unwrap_or(Backend::Sqlite)
    }

    /// The backend a connection (or transaction) talks to.
    pub fn of_connection(conn: &AnyConnection) -> Backend {
        if conn.backend_name().eq_ignore_ascii_case("postgresql") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }

    /// What a claiming subquery adds so that concurrent claims pass over each other's rows
    /// (SQLite has one writer at a time, so nothing).
    pub fn skip_locked(self) -> &'static str {
        match self {
            Backend::Sqlite => "",
            Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        }
    }

    /// A subquery of the integers in the JSON array bound at `$n` (the two dialects differ).
    pub fn json_integers(self, n: usize) -> String {
        match self {
            Backend::Sqlite => format!("SELECT value FROM json_each(${n})"),
            Backend::Postgres => {
                format!("SELECT CAST(value AS BIGINT) FROM json_array_elements_text(CAST(${n} AS JSON))")
            }
        }
    }
}

/// The unique index a write broke, if that is why it failed. PostgreSQL names it as the
/// constraint. SQLite names an index on expressions ("UNIQUE constraint failed: index 'x'") but
/// lists the columns of any other ("... failed: t.a, t.b"): those are named here.
pub fn violated_unique_index(error: &sqlx::Error) -> Option<String> {
    let error = error.as_database_error()?;
    if !error.is_unique_violation() {
        return None;
    }
    if let Some(name) = error.constraint() {
        return Some(name.to_string());
    }
    let message = error.message();
    if let Some(start) = message.find("index '").map(|i| i + "index '".len()) {
        let end = start + message[start..].find('\'')?;
        return Some(message[start..end].to_string());
    }
    let columns = message.split_once("failed: ")?.1;
    SQLITE_COLUMN_INDEXES.iter().find(|(listed, _)| *listed == columns).map(|(_, name)| name.to_string())
}

/// SQLite's column lists of the unique constraints on plain columns that a save can lose a race
/// to, by PostgreSQL's names for the same constraints (migrations 0001 and 0003; PostgreSQL
/// cuts a generated name to 63 characters, hence "numbe_key").
const SQLITE_COLUMN_INDEXES: [(&str, &str); 2] = [
    (
        "destination_numbers.customer_id, destination_numbers.international_code_id, destination_numbers.number",
        "destination_numbers_customer_id_international_code_id_numbe_key",
    ),
    // The NOCASE email column of 0001; users_by_lower_email (0010) says the same.
    ("users.email", "users_by_lower_email"),
];

/// Begins a transaction that reads and then writes. On SQLite it takes the write lock at once
/// (`BEGIN IMMEDIATE`, waiting out the busy timeout like any writer): a deferred transaction's
/// first write after its reads fails outright (SQLITE_BUSY_SNAPSHOT, which the busy timeout does
/// not wait out) when another connection committed in between, e.g. the provisioning job
/// finishing a number while a rollback reads what it will restore. PostgreSQL: a plain BEGIN.
pub async fn begin_write(db: &AnyPool) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Any>> {
    match Backend::of(db) {
        Backend::Sqlite => db.begin_with("BEGIN IMMEDIATE").await,
        Backend::Postgres => db.begin().await,
    }
}

/// Opens the database (a SQLite file and its folder are created on first start) and applies
/// the migrations of its backend. A failure is one line naming the database (password hidden).
pub async fn connect(database_url: &str) -> Result<AnyPool, Box<dyn std::error::Error>> {
    open(database_url)
        .await
        .map_err(|error| one_line(&format!("cannot open the database {}: {error}", shown(database_url))).into())
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

fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

async fn open(database_url: &str) -> Result<AnyPool, Box<dyn std::error::Error>> {
    sqlx::any::install_default_drivers();
    let backend = Backend::of_url(database_url)?;
    match backend {
        Backend::Sqlite => create_sqlite_file(database_url).await?,
        // One connection first: its error says why (refused, unknown host, password), where
        // the pool would retry and report only a timeout.
        Backend::Postgres => AnyConnection::connect(database_url).await?.close().await?,
    }
    let pool = AnyPoolOptions::new()
        .max_connections(match backend {
            Backend::Sqlite => 8,
            Backend::Postgres => 16,
        })
        .acquire_timeout(std::time::Duration::from_secs(10))
        // sqlx pings a connection before lending it, by default: on SQLite that is a round trip
        // to the connection's worker thread for a file that cannot have hung up, and it doubled
        // the thread wake-ups of a request that runs one statement. A PostgreSQL
        // connection can be dropped by the server, so its pool still checks.
        .test_before_acquire(backend == Backend::Postgres)
        .after_connect(|conn, _meta| {
            Box::pin(async move {
                if Backend::of_connection(conn) == Backend::Sqlite {
                    // Per connection: wait for a writer rather than fail, enforce foreign keys.
                    conn.execute("PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL")
                        .await?;
                }
                Ok(())
            })
        })
        .connect(database_url)
        .await?;
    match backend {
        Backend::Sqlite => migrate_sqlite(&pool).await?,
        Backend::Postgres => sqlx::migrate!("./migrations/postgres").run(&pool).await?,
    }
    Ok(pool)
}

/// Applies the SQLite migrations on a connection with foreign keys off, as SQLite's procedure
/// for rebuilding a table asks (0027): with them on, dropping the old table would delete, or
/// cascade into, the rows that refer to it. Every reference is checked after, and the
/// connection is closed (never returned to the pool with foreign keys off).
async fn migrate_sqlite(pool: &AnyPool) -> Result<(), Box<dyn std::error::Error>> {
    let mut conn = pool.acquire().await?.detach();
    conn.execute("PRAGMA foreign_keys = OFF").await?;
    sqlx::migrate!("./migrations/sqlite").run_direct(&mut conn).await?;
    let broken = sqlx::query("PRAGMA foreign_key_check").fetch_all(&mut conn).await?;
    if !broken.is_empty() {
        return Err(format!("the migrations left {} rows referring to rows that do not exist", broken.len()).into());
    }
    conn.close().await?;
    Ok(())
}

/// Creates the SQLite file (and its folder) on first start, in write-ahead-log mode, which the
/// file keeps; the `Any` driver itself opens existing files only.
async fn create_sqlite_file(database_url: &str) -> Result<(), Box<dyn std::error::Error>> {
    let options =
        SqliteConnectOptions::from_str(database_url)?.create_if_missing(true).journal_mode(SqliteJournalMode::Wal);
    if let Some(parent) = options.get_filename().parent() {
        if !parent.as_os_str().is_empty() {
            std::fs::create_dir_all(parent)?;
        }
    }
    options.connect().await?.close().await?;
    Ok(())
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

    #[test]
    fn the_backend_is_read_from_the_url() {
        assert_eq!(Backend::of_url("sqlite://data/admin.db"), Ok(Backend::Sqlite));
        assert_eq!(Backend::of_url("postgres://bob@db/admin"), Ok(Backend::Postgres));
        assert_eq!(Backend::of_url("postgresql://bob@db/admin"), Ok(Backend::Postgres));
        assert!(Backend::of_url("mysql://bob@db/admin").is_err());
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
        let error = connect("mysql://bob:secret@db/admin").await.unwrap_err().to_string();
        assert!(error.contains("must start with sqlite: or postgres://") && !error.contains("secret"), "{error}");
    }
}
