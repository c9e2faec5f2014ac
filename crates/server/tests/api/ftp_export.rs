//! The FTP export's settings (host, port, user, password sealed and never answered, protocol,
//! the SFTP host key confirmed) and its Test connection against the local servers of
//! `ftp_servers`.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::ftp_servers::{ftp_server, host_key, only_file, sftp_server, PASSWORD};
use crate::helpers::{rows_as_text, TestApp};
use crate::integrations_connect::reports_only_user;

pub async fn integration(app: &TestApp, session: &str, id: &str) -> Value {
    let reply = app.get("/api/admin/getIntegrationsList", Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["integrations"].as_array().unwrap().iter().find(|i| i["identifier"] == id).unwrap().clone()
}

pub fn ftp_form<'a>(port: &'a str, password: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("form_ftp_protocol", "sftp"),
        ("form_ftp_host", "127.0.0.1"),
        ("form_ftp_port", port),
        ("form_ftp_username", "calls"),
        ("form_ftp_password", password),
        ("form_ftp_file_name", "calls_{timestamp}"),
    ]
}

#[tokio::test]
async fn the_ftp_export_keeps_its_password_sealed_and_never_answers_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let bad = app
        .post_multipart(
            "/api/integrations/settings/ftp_export",
            Some(&owner),
            &[
                ("form_ftp_protocol", "scp"),
                ("form_ftp_host", "ftp host"),
                ("form_ftp_port", "70000"),
                ("form_ftp_file_name", "calls.csv"),
            ],
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad.json()["errors"],
        json!({
            "form_ftp_protocol": "Please choose FTP or SFTP.",
            "form_ftp_host": "FTP host can have only letters, numbers, dots and hyphens.",
            "form_ftp_port": "Port must be a number from 1 to 65535.",
            "form_ftp_username": "FTP username is required.",
            "form_ftp_password": "FTP password is required.",
            "form_ftp_file_name": "Invalid characters found. Allowed characters are letters, numbers, underscores and {timestamp}.",
        })
    );
    // Nothing that would end an FTP command line early.
    let mut injected = ftp_form("21", "pass\r\nword");
    injected[3] = ("form_ftp_username", "calls\r\nDELE calls.csv");
    let refused = app.post_multipart("/api/integrations/ftp_export/test", Some(&owner), &injected).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.json()["errors"]["form_ftp_username"],
        "FTP username cannot contain spaces or control characters."
    );
    assert_eq!(refused.json()["errors"]["form_ftp_password"], "FTP password cannot contain control characters.");
    // Keeping a password needs one stored.
    let mut keep = ftp_form("22", "");
    keep.push(("form_ftp_keep_password", "1"));
    let none = app.post_multipart("/api/integrations/settings/ftp_export", Some(&owner), &keep).await;
    assert_eq!(none.json()["errors"]["form_ftp_password"], "FTP password is required.");

    let saved =
        app.post_multipart("/api/integrations/settings/ftp_export", Some(&owner), &ftp_form("22", PASSWORD)).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let ftp = integration(&app, &owner, "ftp_export").await;
    assert_eq!(ftp["connection"]["secretStored"], true);
    assert_eq!(
        ftp["connection"]["settings"],
        json!({
            "form_ftp_protocol": "sftp", "form_ftp_host": "127.0.0.1", "form_ftp_port": "22",
            "form_ftp_username": "calls", "form_ftp_file_name": "calls_{timestamp}",
        })
    );
    let stored = rows_as_text(
        &app.state.db,
        "SELECT secret, settings FROM customer_integrations WHERE identifier = 'ftp_export'",
    )
    .await;
    assert_eq!(stored.len(), 1);
    assert!(stored[0].starts_with("[\"v1:") && !stored[0].contains(PASSWORD), "sealed: {}", stored[0]);
    let sealed = stored[0].clone();
    // Saving again without typing it keeps it as it was.
    let kept = app.post_multipart("/api/integrations/settings/ftp_export", Some(&owner), &keep).await;
    assert_eq!(kept.status, StatusCode::OK, "{}", kept.text());
    let again = rows_as_text(
        &app.state.db,
        "SELECT secret, settings FROM customer_integrations WHERE identifier = 'ftp_export'",
    )
    .await;
    assert_eq!(again[0], sealed);
    // No answer carries it.
    let list = app.get("/api/admin/getIntegrationsList", Some(&owner)).await;
    assert!(!list.text().contains(PASSWORD) && !list.text().contains("v1:"));
    // Reports-only users may not set it up, nor test it.
    let user = reports_only_user(&app).await;
    assert_eq!(
        app.post_multipart("/api/integrations/settings/ftp_export", Some(&user), &ftp_form("22", "x")).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post_multipart("/api/integrations/ftp_export/test", Some(&user), &ftp_form("22", "x")).await.status,
        StatusCode::FORBIDDEN
    );
    // Stone & Sons (Starter) has no FTP export in its package.
    let starter = app.login("starter@demo.test").await;
    assert_eq!(
        app.post_multipart("/api/integrations/ftp_export/test", Some(&starter), &ftp_form("22", "x")).await.status,
        StatusCode::FORBIDDEN
    );
}

/// Saves the FTP export's form, which must be accepted.
pub async fn save(app: &TestApp, session: &str, fields: &[(&str, &str)]) {
    let saved = app.post_multipart("/api/integrations/settings/ftp_export", Some(session), fields).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
}

/// Test connection's answer, which must be a 200.
pub async fn test_connection(app: &TestApp, session: &str, fields: &[(&str, &str)]) -> Value {
    let reply = app.post_multipart("/api/integrations/ftp_export/test", Some(session), fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

#[tokio::test]
async fn test_connection_logs_in_over_sftp_once_the_host_key_is_confirmed_and_writes_a_test_file() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let server = sftp_server().await;
    let port = server.port;
    let port_text = port.to_string();
    // Saved first: a test dials the usual ports or the saved one.
    save(&app, &owner, &ftp_form(&port_text, PASSWORD)).await;

    // No key confirmed yet: the test shows the server's and sends nothing.
    let shown = test_connection(&app, &owner, &ftp_form(&port_text, PASSWORD)).await;
    assert_eq!(
        shown,
        json!({
            "connected": false,
            "message": domain::integrations::FTP_HOST_KEY_CONFIRM,
            "hostKey": host_key(42),
            "confirmHostKey": true,
        })
    );
    assert!(server.logins.lock().unwrap().is_empty(), "no password was sent");

    let mut confirmed = ftp_form(&port_text, PASSWORD);
    let key = host_key(42);
    confirmed.push(("form_ftp_host_key", &key));
    let answer = test_connection(&app, &owner, &confirmed).await;
    assert_eq!(answer["connected"], true, "{answer}");
    assert_eq!(answer["confirmHostKey"], false);
    // The one file written, named after the export's with its token filled in (the test clock
    // starts at 10:00:00 and runs on).
    let (name, written) = only_file(&server.files);
    assert!(name.starts_with("calls_20261123T1000") && name.ends_with("_connection_test.csv"), "{name}");
    assert_eq!(
        answer["message"],
        format!("Connected to 127.0.0.1:{port} and wrote a test file, {name}. The server's host key is {key}.")
    );
    assert!(String::from_utf8(written).unwrap().contains("Test connection"));

    let mut wrong = confirmed.clone();
    wrong[4] = ("form_ftp_password", "wrong password");
    assert_eq!(
        test_connection(&app, &owner, &wrong).await["message"],
        format!("127.0.0.1:{port} refused the username or password.")
    );

    // The stored password is used when the form keeps it, with the key confirmed and saved.
    save(&app, &owner, &confirmed).await;
    assert_eq!(integration(&app, &owner, "ftp_export").await["connection"]["hostKey"], key);
    let mut keep = ftp_form(&port_text, "");
    keep.push(("form_ftp_keep_password", "1"));
    keep.push(("form_ftp_host_key", &key));
    assert_eq!(test_connection(&app, &owner, &keep).await["connected"], true);

    // The form is checked first; addresses inside a network are refused, as the website check's.
    let invalid = app.post_multipart("/api/integrations/ftp_export/test", Some(&owner), &ftp_form("0", PASSWORD)).await;
    assert_eq!(invalid.json()["errors"]["form_ftp_port"], "Port must be a number from 1 to 65535.");
    let mut inside = ftp_form("22", PASSWORD);
    inside[1] = ("form_ftp_host", "10.1.2.3");
    assert_eq!(
        test_connection(&app, &owner, &inside).await["message"],
        "10.1.2.3 is an address inside a private network: we only connect to servers on the internet."
    );
}

#[tokio::test]
async fn test_connection_also_speaks_plain_ftp() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let (port, files, _) = ftp_server().await;
    let port_text = port.to_string();
    let mut form = ftp_form(&port_text, PASSWORD);
    form[0] = ("form_ftp_protocol", "ftp");
    save(&app, &owner, &form).await;
    let answer = test_connection(&app, &owner, &form).await;
    let (name, written) = only_file(&files);
    assert!(name.starts_with("calls_20261123T1000"), "{name}");
    assert!(String::from_utf8(written).unwrap().contains("Test connection"));
    assert_eq!(
        answer,
        json!({
            "connected": true,
            "message": format!("Connected to 127.0.0.1:{port} and wrote a test file, {name}."),
            "hostKey": null,
            "confirmHostKey": false,
        })
    );
    let mut wrong = ftp_form(&port_text, "nope");
    wrong[0] = ("form_ftp_protocol", "ftp");
    assert_eq!(
        test_connection(&app, &owner, &wrong).await["message"],
        format!("127.0.0.1:{port} refused the username or password.")
    );
    // An SFTP test against an FTP server says so.
    let sftp = test_connection(&app, &owner, &ftp_form(&port_text, PASSWORD)).await;
    assert_eq!(sftp["connected"], false);
    assert_eq!(sftp["message"], format!("127.0.0.1:{port} did not answer as an SFTP server: is it an FTP one?"));
}
