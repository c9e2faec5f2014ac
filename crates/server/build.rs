//! `pg_tests` is set when TEST_DATABASE_URL is: then `tests/api_pg` runs the router tests on
//! PostgreSQL as well as SQLite. A new migration rebuilds the crate.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(pg_tests)");
    println!("cargo::rerun-if-env-changed=TEST_DATABASE_URL");
    // `sqlx::migrate!` embeds the migrations: a new one must rebuild the crate (cargo does not
    // see a new file in a folder the code does not name).
    println!("cargo::rerun-if-changed=migrations");
    if std::env::var_os("TEST_DATABASE_URL").is_some_and(|url| !url.is_empty()) {
        println!("cargo::rustc-cfg=pg_tests");
    }
}
