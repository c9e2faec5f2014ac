//! The server binary at start: a database it cannot open is one line naming it, without its
//! password, and exit code 1 (on either backend's URL).

use std::process::Command;

fn start_with(database_url: &str) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_server"))
        .env("DATABASE_URL", database_url)
        .env("BIND", "127.0.0.1:0")
        .env("NO_COLOR", "1")
        .env("RUST_LOG", "info")
        .output()
        .expect("the server binary runs");
    let said = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
    (output.status.code(), said)
}

#[test]
fn an_unreachable_postgresql_is_one_line_without_the_password_and_exit_code_1() {
    let (code, said) = start_with("postgres://bob:secret@127.0.0.1:1/admin");
    assert_eq!(code, Some(1), "{said}");
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 1, "{said}");
    assert!(lines[0].contains("cannot open the database postgres://bob:***@127.0.0.1:1/admin: "), "{said}");
    assert!(lines[0].contains("Connection refused"), "the cause is named: {said}");
    assert!(!said.contains("secret"), "{said}");
}

#[test]
fn a_sqlite_file_that_cannot_be_made_is_one_line_and_exit_code_1() {
    let file = tempfile::NamedTempFile::new().unwrap();
    let url = format!("sqlite://{}/admin.db", file.path().display());
    let (code, said) = start_with(&url);
    assert_eq!(code, Some(1), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.contains(&format!("cannot open the database {url}: ")), "{said}");
}
