//! The server's router tests (`tests/api`) again, on PostgreSQL: each test gets a new database
//! (a copy of one seeded per run) beside the one `TEST_DATABASE_URL` names (`scripts/test.sh`
//! starts a cluster with `scripts/pg.sh`).
//! Without that variable this binary is empty (build.rs sets `pg_tests` only when it is set).
#![cfg(pg_tests)]

/// This binary's tests run on PostgreSQL.
const ON_POSTGRES: bool = true;

// Every module of `tests/api/main.rs`, written by build.rs.
include!(concat!(env!("OUT_DIR"), "/api_pg_modules.rs"));
