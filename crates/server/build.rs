//! `pg_tests` is set when TEST_DATABASE_URL is: then `tests/api_pg` runs the router tests on
//! PostgreSQL as well as SQLite.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(pg_tests)");
    println!("cargo::rerun-if-env-changed=TEST_DATABASE_URL");
    if std::env::var_os("TEST_DATABASE_URL").is_some_and(|url| !url.is_empty()) {
        println!("cargo::rustc-cfg=pg_tests");
    }
}
