//! Where the one statement every `/api` request runs first (`sessions::find_with_versions`) is
//! read. On SQLite it runs on the request's own thread, on a read-only connection of its own:
//! sqlx runs each SQLite connection on a worker thread and hands every statement to it, and its
//! rows back, through channels, and for a request whose only statement is this one those thread
//! wake-ups cost more than the read (half the server's CPU under load was the kernel
//! switching threads). The read is one row found by index in a file in write-ahead-log mode,
//! where a reader never waits for a writer, so running it in place does not hold the thread up;
//! and each statement sees every transaction committed before it, from any process, as the
//! pool's do. PostgreSQL's reads go through the pool (a network round trip either way).

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::{OpenFlags, OptionalExtension};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::AnyPool;

use crate::db::Backend;

/// How many idle read connections are kept (one per request being read at once, at most).
const IDLE_KEPT: usize = 8;

/// Where session reads go: SQLite's own connections, or the pool.
pub enum SessionReads {
    Sqlite(SqliteReads),
    Pool(AnyPool),
}

pub struct SqliteReads {
    path: PathBuf,
    idle: Mutex<Vec<rusqlite::Connection>>,
}

impl SessionReads {
    /// Reads for the database `db` is connected to: a SQLite file's own connections (opened when
    /// first needed), or `db` itself for PostgreSQL and an in-memory SQLite database.
    pub fn for_pool(db: &AnyPool) -> SessionReads {
        let url = db.connect_options().database_url.to_string();
        let file = match Backend::of(db) {
            Backend::Sqlite => SqliteConnectOptions::from_str(&url).ok().map(|o| o.get_filename().to_path_buf()),
            Backend::Postgres => None,
        };
        match file {
            // sqlx names an in-memory database `file:sqlx-in-memory-…`, which no other connection
            // can open.
            Some(path) if !path.as_os_str().is_empty() && !path.to_string_lossy().starts_with("file:") => {
                SessionReads::Sqlite(SqliteReads { path, idle: Mutex::default() })
            }
            _ => SessionReads::Pool(db.clone()),
        }
    }

    /// The first row `sql` (one `$1` parameter, every column an integer) returns for `key`.
    pub async fn row<const N: usize>(&self, sql: &str, key: &str) -> sqlx::Result<Option<[i64; N]>> {
        match self {
            SessionReads::Sqlite(reads) => {
                reads.row(sql, key).map_err(|error| sqlx::Error::Protocol(error.to_string()))
            }
            SessionReads::Pool(db) => {
                let row = sqlx::query(sql).bind(key).fetch_optional(db).await?;
                row.map(|row| {
                    let mut values = [0; N];
                    for (i, value) in values.iter_mut().enumerate() {
                        *value = sqlx::Row::try_get(&row, i)?;
                    }
                    Ok(values)
                })
                .transpose()
            }
        }
    }
}

impl SqliteReads {
    fn row<const N: usize>(&self, sql: &str, key: &str) -> rusqlite::Result<Option<[i64; N]>> {
        let taken = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let conn = match taken {
            Some(conn) => conn,
            None => self.open()?,
        };
        let row = conn
            .prepare_cached(sql)?
            .query_row([key], |row| {
                let mut values = [0; N];
                for (i, value) in values.iter_mut().enumerate() {
                    *value = row.get(i)?;
                }
                Ok(values)
            })
            .optional()?;
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        if idle.len() < IDLE_KEPT {
            idle.push(conn);
        }
        Ok(row)
    }

    fn open(&self) -> rusqlite::Result<rusqlite::Connection> {
        let conn = rusqlite::Connection::open_with_flags(
            &self.path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        // As the pool's connections (db.rs): a checkpoint's brief lock is waited out, not failed.
        conn.busy_timeout(Duration::from_secs(5))?;
        Ok(conn)
    }

    /// How many idle connections are kept (for tests).
    pub fn idle(&self) -> usize {
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}
