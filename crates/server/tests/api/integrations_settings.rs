//! Each connected integration's settings (issue 31): Google Ads' account and HubSpot's portal
//! chosen from the sandbox provider's list, with what is sent; the FTP export's host, port, user,
//! password (sealed, never answered) and protocol, and its Test connection against an SFTP server
//! this test runs (russh with an in-memory file store).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::http::header::{CONTENT_TYPE, LOCATION};
use axum::http::StatusCode;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::PrivateKey;
use russh::server::{Auth, Msg, Session};
use russh::{Channel, ChannelId};
use russh_sftp::protocol::{FileAttributes, Handle, OpenFlags, Status, StatusCode as SftpStatus};
use serde_json::{json, Value};

use crate::helpers::{request, rows_as_text, Reply, TestApp};
use crate::integrations_connect::reports_only_user;

async fn integration(app: &TestApp, session: &str, id: &str) -> Value {
    let reply = app.get("/api/admin/getIntegrationsList", Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["integrations"].as_array().unwrap().iter().find(|i| i["identifier"] == id).unwrap().clone()
}

fn location(reply: &Reply) -> String {
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.text());
    reply.header(LOCATION.as_str()).unwrap()
}

/// Connects `id` through the sandbox consent page, as the browser would.
async fn connect(app: &TestApp, session: &str, id: &str) {
    let reply = app.get(&format!("/api/integrations/connect/{id}"), Some(session)).await;
    let url = reply.json()["authUrl"].as_str().unwrap().to_string();
    let query = url.split_once('?').unwrap().1;
    let mut fields: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    fields.push(("decision".into(), "allow".into()));
    let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(fields).finish();
    let req = request("POST", "/sandbox/oauth/authorize", Some(session), false)
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .unwrap();
    let back = location(&app.send(req).await);
    let page = app.send(request("GET", &back, Some(session), false).body(Body::empty()).unwrap()).await;
    assert!(location(&page).ends_with("connected=1"));
}

async fn save_provider(app: &TestApp, session: &str, id: &str, account: &str, sends: &[&str]) -> Reply {
    let mut fields = vec![("form_account_id", account)];
    fields.extend(sends.iter().map(|s| ("form_sends[]", *s)));
    app.post_multipart(&format!("/api/integrations/provider_settings/{id}"), Some(session), &fields).await
}

#[tokio::test]
async fn google_ads_offers_the_logins_accounts_and_keeps_the_one_chosen_with_what_is_sent() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    // Not connected on Harbour Lane yet (Atlas's is Atlas's): nothing to choose, nothing to save.
    let options = app.get("/api/integrations/provider_settings/google_ads", Some(&owner)).await;
    assert_eq!(options.json(), json!({ "connected": false, "accounts": [], "accountId": "", "sends": [] }));
    assert_eq!(
        save_provider(&app, &owner, "google_ads", "000-300-0001", &["all_calls"]).await.status,
        StatusCode::NOT_FOUND
    );

    connect(&app, &owner, "google_ads").await;
    let options = app.get("/api/integrations/provider_settings/google_ads", Some(&owner)).await.json();
    assert_eq!(options["connected"], true);
    assert_eq!(
        options["accounts"],
        json!([
            { "id": "000-100-0001", "name": "Harbour Lane Dental – Search" },
            { "id": "000-100-0002", "name": "Harbour Lane Dental – Display" },
        ])
    );
    assert_eq!(options["accountId"], "");

    let empty = save_provider(&app, &owner, "google_ads", "", &[]).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(empty.json()["errors"]["form_account_id"], "Please choose a Google Ads account.");
    assert_eq!(empty.json()["errors"]["form_sends"], "Please choose at least one thing to send.");
    // Atlas's account is not in Harbour Lane's login; a HubSpot choice is not a Google Ads one.
    let other = save_provider(&app, &owner, "google_ads", "000-300-0001", &["new_contacts"]).await;
    assert_eq!(other.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(other.json()["errors"]["form_account_id"], "That account is not in your Google Ads login.");
    assert_eq!(other.json()["errors"]["form_sends"], "Please choose only from the options shown.");
    assert!(!other.text().contains("Atlas"), "nothing of Atlas's account is told");

    let good = save_provider(&app, &owner, "google_ads", "000-100-0002", &["long_calls", "all_calls"]).await;
    assert_eq!(good.status, StatusCode::OK, "{}", good.text());
    let settings = integration(&app, &owner, "google_ads").await["connection"]["settings"].clone();
    assert_eq!(
        settings,
        json!({ "accountId": "000-100-0002", "accountName": "Harbour Lane Dental – Display", "sends": "all_calls,long_calls" })
    );
    let options = app.get("/api/integrations/provider_settings/google_ads", Some(&owner)).await.json();
    assert_eq!(options["accountId"], "000-100-0002");
    assert_eq!(options["sends"], json!(["all_calls", "long_calls"]));
    // Atlas's own settings are untouched.
    let atlas = app.login("enterprise@demo.test").await;
    assert_eq!(integration(&app, &atlas, "google_ads").await["connection"]["settings"]["accountId"], "000-300-0001");
}

#[tokio::test]
async fn hubspot_keeps_its_portal_and_only_managers_change_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let options = app.get("/api/integrations/provider_settings/hubspot", Some(&owner)).await.json();
    assert_eq!(options["accountId"], "400010001");
    assert_eq!(options["sends"], json!(["call_timeline", "new_contacts"]));
    assert_eq!(options["accounts"][1], json!({ "id": "400010002", "name": "Harbour Lane Dental (test portal)" }));
    let bad = save_provider(&app, &owner, "hubspot", "400030001", &["call_timeline", "call_timeline"]).await;
    assert_eq!(bad.json()["errors"]["form_account_id"], "That portal is not in your HubSpot login.");
    assert_eq!(bad.json()["errors"]["form_sends"], "Please choose only from the options shown.");
    let good = save_provider(&app, &owner, "hubspot", "400010002", &["recording_links"]).await;
    assert_eq!(good.status, StatusCode::OK, "{}", good.text());
    assert_eq!(integration(&app, &owner, "hubspot").await["connection"]["settings"]["sends"], "recording_links");

    // A reports-only user may not change it; Stone & Sons has no HubSpot in its package.
    let user = reports_only_user(&app).await;
    assert_eq!(
        save_provider(&app, &user, "hubspot", "400010001", &["call_timeline"]).await.status,
        StatusCode::FORBIDDEN
    );
    let starter = app.login("starter@demo.test").await;
    assert_eq!(
        save_provider(&app, &starter, "hubspot", "400010001", &["call_timeline"]).await.status,
        StatusCode::FORBIDDEN
    );
    // Integrations without such a form, and unknown ones, are not found.
    for id in ["google_analytics", "ftp_export", "nothing"] {
        let reply = app.get(&format!("/api/integrations/provider_settings/{id}"), Some(&owner)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{id}");
    }
    assert_eq!(
        rows_as_text(&app.state.db, "SELECT settings FROM customer_integrations WHERE identifier = 'hubspot'")
            .await
            .len(),
        1
    );
}

const PASSWORD: &str = "correct horse 42";

fn ftp_form<'a>(port: &'a str, password: &'a str) -> Vec<(&'a str, &'a str)> {
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

/// The files the test's SFTP server was sent, by name.
type Files = Arc<Mutex<HashMap<String, Vec<u8>>>>;

#[derive(Clone)]
struct SshSide {
    files: Files,
    channels: Arc<Mutex<HashMap<ChannelId, Channel<Msg>>>>,
}

impl russh::server::Handler for SshSide {
    type Error = russh::Error;

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        Ok(if user == "calls" && password == PASSWORD { Auth::Accept } else { Auth::reject() })
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.channels.lock().unwrap().insert(channel.id(), channel);
        reply.accept().await;
        Ok(())
    }

    async fn subsystem_request(&mut self, id: ChannelId, name: &str, session: &mut Session) -> Result<(), Self::Error> {
        let channel = self.channels.lock().unwrap().remove(&id);
        match channel {
            Some(channel) if name == "sftp" => {
                session.channel_success(id)?;
                let files = SftpSide { files: self.files.clone(), open: HashMap::new() };
                russh_sftp::server::run(channel.into_stream(), files).await;
            }
            _ => session.channel_failure(id)?,
        }
        Ok(())
    }
}

/// An SFTP server that keeps what it is sent in memory.
struct SftpSide {
    files: Files,
    open: HashMap<String, String>,
}

fn ok(id: u32) -> Status {
    Status { id, status_code: SftpStatus::Ok, error_message: "Ok".into(), language_tag: "en-US".into() }
}

impl russh_sftp::server::Handler for SftpSide {
    type Error = SftpStatus;

    fn unimplemented(&self) -> Self::Error {
        SftpStatus::OpUnsupported
    }

    async fn open(
        &mut self,
        id: u32,
        filename: String,
        pflags: OpenFlags,
        _attrs: FileAttributes,
    ) -> Result<Handle, Self::Error> {
        if !pflags.contains(OpenFlags::CREATE) {
            return Err(SftpStatus::NoSuchFile);
        }
        let handle = format!("h{}", self.open.len());
        self.files.lock().unwrap().insert(filename.clone(), Vec::new());
        self.open.insert(handle.clone(), filename);
        Ok(Handle { id, handle })
    }

    async fn write(&mut self, id: u32, handle: String, _offset: u64, data: Vec<u8>) -> Result<Status, Self::Error> {
        let name = self.open.get(&handle).ok_or(SftpStatus::Failure)?;
        self.files.lock().unwrap().get_mut(name).ok_or(SftpStatus::Failure)?.extend_from_slice(&data);
        Ok(ok(id))
    }

    async fn close(&mut self, id: u32, handle: String) -> Result<Status, Self::Error> {
        self.open.remove(&handle);
        Ok(ok(id))
    }
}

/// The one file a server was sent: its name and content.
fn only_file(files: &Files) -> (String, Vec<u8>) {
    let files = files.lock().unwrap();
    assert_eq!(files.len(), 1, "{:?}", files.keys());
    files.iter().next().map(|(name, content)| (name.clone(), content.clone())).unwrap()
}

/// Serves SFTP on a free local port; the files it was sent.
async fn sftp_server() -> (u16, Files) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let config = Arc::new(russh::server::Config {
        auth_rejection_time: Duration::from_millis(10),
        auth_rejection_time_initial: Some(Duration::ZERO),
        keys: vec![PrivateKey::from(Ed25519Keypair::from_seed(&[42; 32]))],
        ..Default::default()
    });
    let files: Files = Arc::default();
    let side = SshSide { files: files.clone(), channels: Arc::default() };
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let (config, side) = (config.clone(), side.clone());
            tokio::spawn(async move {
                if let Ok(session) = russh::server::run_stream(config, stream, side).await {
                    let _ = session.await;
                }
            });
        }
    });
    (port, files)
}

async fn test_connection(app: &TestApp, session: &str, fields: &[(&str, &str)]) -> Value {
    let reply = app.post_multipart("/api/integrations/ftp_export/test", Some(session), fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

#[tokio::test]
async fn test_connection_logs_in_over_sftp_and_writes_a_test_file() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let (port, files) = sftp_server().await;
    let port_text = port.to_string();

    let answer = test_connection(&app, &owner, &ftp_form(&port_text, PASSWORD)).await;
    assert_eq!(answer["connected"], true, "{answer}");
    // The one file written, named after the export's with its token filled in (the test clock
    // starts at 10:00:00 and runs on).
    let (name, written) = only_file(&files);
    assert!(name.starts_with("calls_20261123T1000") && name.ends_with("_connection_test.csv"), "{name}");
    let message = answer["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!(
            "Connected to 127.0.0.1:{port} and wrote a test file, {name}. The server's host key is SHA256:"
        )),
        "{message}"
    );
    assert!(String::from_utf8(written).unwrap().contains("Test connection"));

    let wrong = test_connection(&app, &owner, &ftp_form(&port_text, "wrong password")).await;
    assert_eq!(
        wrong,
        json!({ "connected": false, "message": format!("127.0.0.1:{port} refused the username or password.") })
    );

    // The stored password is used when the form keeps it.
    let saved = app
        .post_multipart("/api/integrations/settings/ftp_export", Some(&owner), &ftp_form(&port_text, PASSWORD))
        .await;
    assert_eq!(saved.status, StatusCode::OK);
    let mut keep = ftp_form(&port_text, "");
    keep.push(("form_ftp_keep_password", "1"));
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
async fn test_connection_says_why_it_could_not_connect() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    // A port nobody listens on.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let answer = test_connection(&app, &owner, &ftp_form(&port.to_string(), PASSWORD)).await;
    assert_eq!(
        answer["message"],
        format!("127.0.0.1:{port} refused the connection: check the port and that the server is running.")
    );
    // A server that says nothing: the test gives up in the time allowed (2 seconds in tests).
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = silent.local_addr().unwrap().port();
    let answer = test_connection(&app, &owner, &ftp_form(&port.to_string(), PASSWORD)).await;
    assert_eq!(answer["message"], format!("127.0.0.1:{port} did not answer within 2 seconds."));
    drop(silent);
}

/// A plain FTP server of a few commands (USER, PASS, TYPE, PASV, STOR, QUIT) on a free local
/// port; the files it was sent. Its passive reply names another address (203.0.113.9): the test
/// must connect to the address it already checked, not that one.
async fn ftp_server() -> (u16, Files) {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let files: Files = Arc::default();
    let kept = files.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let files = kept.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                let mut data = None;
                let mut user = String::new();
                write.write_all(b"220-Welcome\r\n220 Test FTP ready\r\n").await.unwrap();
                while let Ok(Some(line)) = lines.next_line().await {
                    let (command, argument) = line.split_once(' ').unwrap_or((&line, ""));
                    let answer = match command {
                        "USER" => {
                            user = argument.to_string();
                            "331 Password please".to_string()
                        }
                        "PASS" if user == "calls" && argument == PASSWORD => "230 Logged in".into(),
                        "PASS" => "530 Login incorrect".into(),
                        "TYPE" => "200 Binary".into(),
                        "PASV" => {
                            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                            let p = listener.local_addr().unwrap().port();
                            data = Some(listener);
                            format!("227 Entering Passive Mode (203,0,113,9,{},{})", p / 256, p % 256)
                        }
                        "STOR" => {
                            let listener = data.take().unwrap();
                            write.write_all(b"150 Send it\r\n").await.unwrap();
                            let (mut socket, _) = listener.accept().await.unwrap();
                            let mut content = Vec::new();
                            socket.read_to_end(&mut content).await.unwrap();
                            files.lock().unwrap().insert(argument.to_string(), content);
                            "226 Stored".into()
                        }
                        "QUIT" => break,
                        _ => "502 Not here".into(),
                    };
                    write.write_all(format!("{answer}\r\n").as_bytes()).await.unwrap();
                }
            });
        }
    });
    (port, files)
}

#[tokio::test]
async fn test_connection_also_speaks_plain_ftp() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let (port, files) = ftp_server().await;
    let port_text = port.to_string();
    let mut form = ftp_form(&port_text, PASSWORD);
    form[0] = ("form_ftp_protocol", "ftp");
    let answer = test_connection(&app, &owner, &form).await;
    let (name, written) = only_file(&files);
    assert!(name.starts_with("calls_20261123T1000"), "{name}");
    assert!(String::from_utf8(written).unwrap().contains("Test connection"));
    assert_eq!(
        answer,
        json!({
            "connected": true,
            "message": format!("Connected to 127.0.0.1:{port} and wrote a test file, {name}."),
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
