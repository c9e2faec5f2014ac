//! `pg_tests` is set when TEST_DATABASE_URL is: then `tests/api_pg` runs the router tests on
//! PostgreSQL as well as SQLite, every module `tests/api/main.rs` declares (the list is written
//! here, never kept by hand). A new migration rebuilds the crate.
use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(pg_tests)");
    println!("cargo::rerun-if-env-changed=TEST_DATABASE_URL");
    // `sqlx::migrate!` embeds the migrations: a new one must rebuild the crate (cargo does not
    // see a new file in a folder the code does not name).
    println!("cargo::rerun-if-changed=migrations");
    println!("cargo::rerun-if-changed=tests/api/main.rs");
    if std::env::var_os("TEST_DATABASE_URL").is_some_and(|url| !url.is_empty()) {
        println!("cargo::rustc-cfg=pg_tests");
    }
    write_postgres_test_modules();
}

/// `OUT_DIR/api_pg_modules.rs`: each `mod name;` of the SQLite run, as a module of the
/// PostgreSQL run at the same file.
fn write_postgres_test_modules() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let api = Path::new(&manifest).join("tests/api");
    let main = std::fs::read_to_string(api.join("main.rs")).expect("tests/api/main.rs is readable");
    let modules: String = main
        .lines()
        .filter_map(|line| line.strip_prefix("mod ")?.strip_suffix(';'))
        .map(|name| format!("#[path = {:?}]\nmod {name};\n", api.join(format!("{name}.rs")).display().to_string()))
        .collect();
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out).join("api_pg_modules.rs"), modules).expect("OUT_DIR is writable");
}
