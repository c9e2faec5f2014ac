//! What keeps the FTP export's Test connection from leaking the stored password or scanning
//! ports: the stored password only for the saved server, user and host key; administrators
//! only; SFTP logs in only to the host key confirmed; the ports the form offers or the saved
//! one; a few tests a minute per account; and the same words for every failure to connect.

use axum::http::StatusCode;
use domain::integrations::{
    FTP_HOST_KEY_CHANGED, FTP_NOT_CONNECTED, FTP_PASSWORD_RETYPE, FTP_PORT_NOT_TESTED, FTP_TESTS_PER_MINUTE,
    FTP_TESTS_TOO_MANY,
};

use crate::ftp_export::{ftp_form, integration, save, test_connection};
use crate::ftp_servers::{ftp_server, host_key, sftp_server, PASSWORD};
use crate::helpers::{Reply, TestApp};

async fn try_test(app: &TestApp, session: &str, fields: &[(&str, &str)]) -> Reply {
    app.post_multipart("/api/integrations/ftp_export/test", Some(session), fields).await
}

async fn try_save(app: &TestApp, session: &str, fields: &[(&str, &str)]) -> Reply {
    app.post_multipart("/api/integrations/settings/ftp_export", Some(session), fields).await
}

fn refused_with(reply: &Reply, field: &str, message: &str) {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert_eq!(reply.json()["errors"][field], message, "{}", reply.text());
}

/// The form keeping the stored password, with `field` changed to `value`.
fn kept_with<'a>(port: &'a str, key: &'a str, field: &'a str, value: &'a str) -> Vec<(&'a str, &'a str)> {
    let mut form = ftp_form(port, "");
    form.push(("form_ftp_keep_password", "1"));
    form.push(("form_ftp_host_key", key));
    for pair in form.iter_mut().filter(|(name, _)| *name == field) {
        pair.1 = value;
    }
    form
}

#[tokio::test]
async fn the_stored_password_is_used_only_with_the_saved_protocol_host_port_user_and_host_key() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let saved = sftp_server().await;
    let (other_port, _, other_logins) = ftp_server().await;
    let (port, other) = (saved.port.to_string(), other_port.to_string());
    let key = host_key(42);
    let mut form = ftp_form(&port, PASSWORD);
    form.push(("form_ftp_host_key", &key));
    save(&app, &owner, &form).await;
    assert_eq!(test_connection(&app, &owner, &kept_with(&port, &key, "", "")).await["connected"], true);

    let another_key = host_key(7);
    for (field, value) in [
        ("form_ftp_host", "localhost"),
        ("form_ftp_port", other.as_str()),
        ("form_ftp_port", "22"),
        ("form_ftp_protocol", "ftp"),
        ("form_ftp_username", "root"),
        ("form_ftp_host_key", another_key.as_str()),
        ("form_ftp_host_key", ""),
    ] {
        let form = kept_with(&port, &key, field, value);
        refused_with(&try_test(&app, &owner, &form).await, "form_ftp_password", FTP_PASSWORD_RETYPE);
        // Nor can it be saved for another server, to be tested there afterwards.
        refused_with(&try_save(&app, &owner, &form).await, "form_ftp_password", FTP_PASSWORD_RETYPE);
    }
    assert!(other_logins.lock().unwrap().is_empty(), "the other server was never sent the password");
    assert_eq!(saved.logins.lock().unwrap().as_slice(), [PASSWORD]);
    // Typed again, it may go to another server.
    let mut typed = ftp_form(&other, "typed for the other");
    typed[0] = ("form_ftp_protocol", "ftp");
    save(&app, &owner, &typed).await;
    assert_eq!(test_connection(&app, &owner, &typed).await["connected"], false);
    assert_eq!(other_logins.lock().unwrap().as_slice(), ["typed for the other"]);
}

#[tokio::test]
async fn only_administrators_save_and_test_the_ftp_export() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    save(&app, &owner, &ftp_form("22", PASSWORD)).await;
    // Uma is a user with the number and campaign right: she manages integrations, not this one.
    let user = app.login("user@demo.test").await;
    let mut keep = ftp_form("22", "");
    keep.push(("form_ftp_keep_password", "1"));
    assert_eq!(try_test(&app, &user, &keep).await.status, StatusCode::FORBIDDEN);
    assert_eq!(try_test(&app, &user, &ftp_form("22", "typed")).await.status, StatusCode::FORBIDDEN);
    assert_eq!(try_save(&app, &user, &ftp_form("22", "typed")).await.status, StatusCode::FORBIDDEN);
    // An administrator may.
    let admin = app.login("admin@demo.test").await;
    save(&app, &admin, &ftp_form("21", PASSWORD)).await;
    assert_eq!(integration(&app, &admin, "ftp_export").await["connection"]["settings"]["form_ftp_port"], "21");
}

#[tokio::test]
async fn sftp_refuses_a_host_key_other_than_the_one_confirmed_before_sending_the_password() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let server = sftp_server().await;
    let port = server.port.to_string();
    let key = host_key(42);
    let mut form = ftp_form(&port, PASSWORD);
    form.push(("form_ftp_host_key", &key));
    save(&app, &owner, &form).await;
    assert_eq!(integration(&app, &owner, "ftp_export").await["connection"]["hostKey"], key);
    let refused = try_save(&app, &owner, &kept_with(&port, "SHA256:not a fingerprint", "", "")).await;
    refused_with(&refused, "form_ftp_host_key", domain::integrations::FTP_HOST_KEY_FORMAT);

    // Another machine answers there now (a new key, or one in the middle).
    *server.key_seed.lock().unwrap() = 7;
    let answer = test_connection(&app, &owner, &kept_with(&port, &key, "", "")).await;
    assert_eq!(answer["connected"], false);
    assert_eq!(answer["message"], FTP_HOST_KEY_CHANGED);
    assert_eq!(answer["hostKey"], host_key(7));
    assert_eq!(answer["confirmHostKey"], true);
    // Typed too, the password is not sent to a key other than the one confirmed.
    let answer = test_connection(&app, &owner, &form).await;
    assert_eq!(answer["message"], FTP_HOST_KEY_CHANGED);
    assert!(server.logins.lock().unwrap().is_empty(), "no password was sent");
}

#[tokio::test]
async fn a_test_dials_only_the_ports_the_form_offers_or_the_saved_one() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let (port, _, logins) = ftp_server().await;
    let port = port.to_string();
    let mut form = ftp_form(&port, PASSWORD);
    form[0] = ("form_ftp_protocol", "ftp");
    refused_with(&try_test(&app, &owner, &form).await, "form_ftp_port", FTP_PORT_NOT_TESTED);
    assert!(logins.lock().unwrap().is_empty());
    save(&app, &owner, &form).await;
    assert_eq!(test_connection(&app, &owner, &form).await["connected"], true);
    // The usual ports are always offered (this one inside a network, refused as such).
    let mut usual = ftp_form("21", PASSWORD);
    usual[1] = ("form_ftp_host", "10.0.0.1");
    assert_eq!(try_test(&app, &owner, &usual).await.status, StatusCode::OK);
    for other in ["3306", "8080"] {
        refused_with(&try_test(&app, &owner, &ftp_form(other, PASSWORD)).await, "form_ftp_port", FTP_PORT_NOT_TESTED);
    }
}

#[tokio::test]
async fn every_failure_to_connect_reads_the_same() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    // A closed port (nobody listens) and a silent one (a listener that never answers, as a
    // filtered port does): the test cannot tell them apart.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let closed_port = closed.local_addr().unwrap().port().to_string();
    drop(closed);
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let silent_port = silent.local_addr().unwrap().port().to_string();
    for port in [&closed_port, &silent_port] {
        let form = ftp_form(port, PASSWORD);
        save(&app, &owner, &form).await;
        let answer = test_connection(&app, &owner, &form).await;
        assert_eq!(answer["connected"], false);
        assert_eq!(answer["message"], FTP_NOT_CONNECTED, "port {port}");
    }
    drop(silent);
}

#[tokio::test]
async fn each_account_may_test_only_a_few_times_a_minute() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    // Inside a network: refused at once, but each is a test.
    let mut form = ftp_form("22", PASSWORD);
    form[1] = ("form_ftp_host", "10.0.0.1");
    for _ in 0..FTP_TESTS_PER_MINUTE {
        assert_eq!(try_test(&app, &owner, &form).await.status, StatusCode::OK);
    }
    let limited = try_test(&app, &owner, &form).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.json()["message"], FTP_TESTS_TOO_MANY);
    // Another account has its own count.
    let atlas = app.login("enterprise@demo.test").await;
    assert_eq!(try_test(&app, &atlas, &form).await.status, StatusCode::OK);
    // A minute on, testing again is allowed.
    app.state.clock.advance(60);
    assert_eq!(try_test(&app, &owner, &form).await.status, StatusCode::OK);
}

#[tokio::test]
async fn internal_addresses_in_disguise_are_still_refused() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let disguised = [
        "167772161",
        "0xa000001",
        "0x0a.0.0.1",
        "012.0.0.1",
        "10.1",
        "10.0.1",
        "2852039166",
        "0xa9fea9fe",
        "169.254.43518",
        "3232235521",
        "0xc0a80001",
        "192.168.1",
        "0300.0250.0.1",
        "2886729729",
        "0xac100001",
        "172.16.1",
    ];
    for (n, host) in disguised.into_iter().enumerate() {
        if n > 0 && n as i64 % FTP_TESTS_PER_MINUTE == 0 {
            app.state.clock.advance(60);
        }
        let mut form = ftp_form("22", PASSWORD);
        form[1] = ("form_ftp_host", host);
        let answer = test_connection(&app, &owner, &form).await;
        assert_eq!(answer["connected"], false, "{host}");
        let message = answer["message"].as_str().unwrap();
        assert!(
            message.ends_with("is an address inside a private network: we only connect to servers on the internet.")
                || message.starts_with("We could not find"),
            "{host}: {message}"
        );
    }
}
