//! Spawns the app on a temporary database seeded with the demo, and drives it through the
//! router as a browser would.

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::OnceLock;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::header::{CONTENT_TYPE, COOKIE, LOCATION, SET_COOKIE};
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use server::jobs::website_check::FetchPolicy;
use server::{app, AppState, Settings};
use sqlx::{AnyConnection, Connection, Executor};
use tempfile::TempDir;
use tower::ServiceExt;

/// A fresh database for one test, seeded with the demo: a SQLite file in the test's folder, or
/// (in the PostgreSQL run, `tests/api_pg`) a new database beside the one `TEST_DATABASE_URL`
/// names. Both are copies of a template seeded once per test process, since seeding (a year of
/// invoices) costs a second on SQLite and more on PostgreSQL, and copying a few milliseconds.
/// `AppState::start` then finds the copy migrated and seeded and leaves it as it is, exactly as a
/// restarted server would.
async fn database_url(dir: &TempDir) -> String {
    if !crate::ON_POSTGRES {
        let path = dir.path().join("test.db");
        std::fs::write(&path, seeded_sqlite_template()).unwrap();
        return format!("sqlite://{}", path.display());
    }
    let name = format!("{}_{:016x}", postgres_base().1, rand::random::<u64>());
    // FILE_COPY copies the template's files; the default (WAL_LOG) also writes all of it to the
    // write-ahead log, once per test.
    postgres_execute(&format!("CREATE DATABASE {name} TEMPLATE {} STRATEGY FILE_COPY", seeded_postgres_template()))
        .await;
    postgres_url(&name)
}

/// The SQLite template, kept in memory.
fn seeded_sqlite_template() -> &'static [u8] {
    static TEMPLATE: OnceLock<Vec<u8>> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let dir = TempDir::new().unwrap();
        let url = format!("sqlite://{}", dir.path().join("seeding.db").display());
        let copy = dir.path().join("template.db");
        let target = copy.clone();
        on_own_runtime(async move {
            let state = AppState::start(test_settings(url, PathBuf::new())).await.expect("app starts");
            server::seed::seed_demo_if_asked(&state).await.expect("demo seeded");
            cheap_demo_password(&state.db).await;
            // One file, the write-ahead log folded in.
            sqlx::query(&format!("VACUUM INTO '{}'", target.display())).execute(&state.db).await.unwrap();
            state.db.close().await;
        });
        std::fs::read(copy).unwrap()
    })
}

/// The PostgreSQL template database's name (no one may be connected to it while it is copied).
fn seeded_postgres_template() -> &'static str {
    static TEMPLATE: OnceLock<String> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let name = format!("{}_template_{}", postgres_base().1, std::process::id());
        let template = name.clone();
        on_own_runtime(async move {
            drop_leftover_databases().await;
            postgres_execute(&format!("CREATE DATABASE {template}")).await;
            let state =
                AppState::start(test_settings(postgres_url(&template), PathBuf::new())).await.expect("app starts");
            server::seed::seed_demo_if_asked(&state).await.expect("demo seeded");
            cheap_demo_password(&state.db).await;
            state.db.close().await;
        });
        name
    })
}

/// The demo users' password, `demopass`, hashed again with Argon2's least costs (8 KiB, one
/// pass) in the templates. The server checks a password with the costs its stored hash names, so
/// a test's login costs microseconds instead of the production hash's 19 MiB pass, which was an
/// eighth of the router tests' time (about 800 logins a run, measured with perf). What is tested
/// is unchanged: the same Argon2id check, and every hash the server makes (a password changed or
/// set in a test) still has the production costs.
async fn cheap_demo_password(db: &sqlx::AnyPool) {
    use argon2::password_hash::{PasswordHasher, SaltString};
    let params = argon2::Params::new(argon2::Params::MIN_M_COST, 1, 1, None).unwrap();
    let argon = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params);
    let salt = SaltString::encode_b64(b"router tests salt").unwrap();
    let hash = argon.hash_password(server::seed::DEMO_PASSWORD.as_bytes(), &salt).unwrap().to_string();
    // Every demo login shares the one hash the seed made (`server::seed`).
    let changed = sqlx::query(
        "UPDATE users SET password_hash = $1
         WHERE password_hash = (SELECT password_hash FROM users WHERE email = 'owner@demo.test')",
    )
    .bind(hash)
    .execute(db)
    .await
    .unwrap();
    assert!(changed.rows_affected() > 0, "the demo has users");
}

/// Databases an earlier run left (a test process killed before its apps were dropped). One in
/// use is not dropped (PostgreSQL refuses), so a run alongside this one keeps its own.
async fn drop_leftover_databases() {
    sqlx::any::install_default_drivers();
    let mut conn = AnyConnection::connect(&postgres_url(&postgres_base().1)).await.expect("TEST_DATABASE_URL answers");
    let pattern = format!("{}\\_%", postgres_base().1.replace('_', "\\_"));
    let leftovers: Vec<(String,)> =
        sqlx::query_as("SELECT CAST(datname AS TEXT) FROM pg_database WHERE datname LIKE $1")
            .bind(pattern)
            .fetch_all(&mut conn)
            .await
            .unwrap();
    for (name,) in leftovers {
        let _ = conn.execute(format!("DROP DATABASE {name}").as_str()).await;
    }
    conn.close().await.unwrap();
}

/// `TEST_DATABASE_URL` split at its database name: (the server's URL, the database).
fn postgres_base() -> (String, String) {
    let base = std::env::var("TEST_DATABASE_URL").expect("the PostgreSQL run needs TEST_DATABASE_URL");
    let (server, database) = base.rsplit_once('/').expect("TEST_DATABASE_URL ends in a database name");
    assert!(!database.contains('?'), "TEST_DATABASE_URL takes no parameters");
    (server.to_string(), database.to_string())
}

fn postgres_url(database: &str) -> String {
    format!("{}/{database}", postgres_base().0)
}

/// Runs one statement on the database `TEST_DATABASE_URL` names.
async fn postgres_execute(sql: &str) {
    sqlx::any::install_default_drivers();
    let mut conn = AnyConnection::connect(&postgres_url(&postgres_base().1)).await.expect("TEST_DATABASE_URL answers");
    conn.execute(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    conn.close().await.unwrap();
}

/// Runs a future to its end on a runtime of its own thread: the test whose runtime would
/// otherwise run it (the first to need a template, or a test app being dropped) may end first.
fn on_own_runtime(work: impl Future<Output = ()> + Send + 'static) {
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(work)
    })
    .join()
    .expect("the work finishes");
}

/// Every test app's clock starts here, whatever day the machine thinks it is: Monday
/// 2026-11-23 10:00 UTC. A test that needs another moment advances the clock.
pub const TEST_NOW: i64 = 1_795_428_000;

/// The password the test's fake telephony engine connects with.
pub const TELEPHONY_SECRET: &str = "engine-secret-for-tests";

fn test_settings(database_url: String, static_dir: PathBuf) -> Settings {
    Settings {
        bind: "127.0.0.1:0".into(),
        database_url,
        static_dir,
        seed_demo: true,
        product_name: "Calltrack".into(),
        dev_outbox: true,
        dev_clock: false,
        secure_cookies: false,
        clock_start: Some(TEST_NOW),
        card_passphrase: None,
        settings_key: None,
        call_retention_months: domain::reports::DEFAULT_CALL_RETENTION_MONTHS,
        speech_python: server::jobs::transcription::Pocketsphinx5::in_checkout().python,
        workbook_reader: env!("CARGO_BIN_EXE_server").into(),
        trusted_proxies: Default::default(),
        live_chat_url: None,
        telephony: server::TelephonySettings {
            secret: Some(TELEPHONY_SECRET.into()),
            dial: "PJSIP/{number}@carrier".into(),
            media_url: "http://127.0.0.1:8080".into(),
            ari_url: "http://127.0.0.1:1/ari".into(),
        },
        // The website-check tests serve their sites on this machine. The timeout is well above
        // what a page of this machine takes on a busy CI machine (2 s once failed a fetch there),
        // and far below the minute the slow page waits.
        website_check: FetchPolicy {
            allow_loopback: true,
            timeout: std::time::Duration::from_secs(6),
            ..FetchPolicy::default()
        },
    }
}

pub struct TestApp {
    pub state: AppState,
    pub router: Router,
    pub static_dir: PathBuf,
    _dir: TempDir,
}

pub struct Reply {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|_| panic!("not JSON: {}", self.text()))
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers.get(name).map(|v| v.to_str().unwrap().to_string())
    }
    /// The session token this reply sets, if any.
    pub fn session_cookie(&self) -> Option<String> {
        let set = self.header(SET_COOKIE.as_str())?;
        let value = set.split(';').next()?.split_once('=')?.1.to_string();
        (!value.is_empty()).then_some(value)
    }
}

/// A PostgreSQL test's database goes with its app (connections still open are ended).
impl Drop for TestApp {
    fn drop(&mut self) {
        if crate::ON_POSTGRES {
            let url = self.state.settings.database_url.clone();
            let name = url.rsplit_once('/').expect("a database URL").1.to_string();
            on_own_runtime(async move { postgres_execute(&format!("DROP DATABASE {name} WITH (FORCE)")).await });
        }
    }
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        // The server's errors show in a failing test's output (captured otherwise).
        let _ = tracing_subscriber::fmt().with_test_writer().with_max_level(tracing::Level::WARN).try_init();
        let dir = TempDir::new().unwrap();
        let static_dir = dir.path().join("dist");
        std::fs::create_dir_all(static_dir.join("assets")).unwrap();
        std::fs::write(static_dir.join("index.html"), "<!doctype html><title>app</title><div id=root></div>").unwrap();
        std::fs::write(static_dir.join("assets/app-123.js"), "console.log('app')").unwrap();
        let settings = test_settings(database_url(&dir).await, static_dir.clone());
        let state = AppState::start(settings).await.expect("app starts");
        TestApp { router: app(state.clone()), state, static_dir, _dir: dir }
    }

    /// An app served on a port of this machine (as `main` serves it), for what must come over
    /// a real connection: the telephony engine's websocket and its audio fetches.
    pub async fn spawn_serving() -> (TestApp, std::net::SocketAddr) {
        // Nothing listens there: no engine's files reach a test that has no engine.
        TestApp::spawn_serving_with("http://127.0.0.1:1/ari").await
    }

    /// As `spawn_serving`, with the engine's ARI over HTTP at `ari_url` (recordings, and the
    /// records of calls missed while away).
    pub async fn spawn_serving_with(ari_url: &str) -> (TestApp, std::net::SocketAddr) {
        let _ = tracing_subscriber::fmt().with_test_writer().with_max_level(tracing::Level::WARN).try_init();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let dir = TempDir::new().unwrap();
        let static_dir = dir.path().join("dist");
        std::fs::create_dir_all(&static_dir).unwrap();
        std::fs::write(static_dir.join("index.html"), "<!doctype html><title>app</title>").unwrap();
        let mut settings = test_settings(database_url(&dir).await, static_dir.clone());
        settings.telephony.media_url = format!("http://{addr}");
        // As the test lab's engine dials its phones (scripts/telephony/asterisk/phones.conf.lab).
        settings.telephony.dial = "PJSIP/{number}".into();
        settings.telephony.ari_url = ari_url.into();
        let state = AppState::start(settings).await.expect("app starts");
        let router = app(state.clone());
        let service = router.clone().into_make_service_with_connect_info::<std::net::SocketAddr>();
        tokio::spawn(async move { axum::serve(listener, service).await });
        (TestApp { router, state, static_dir, _dir: dir }, addr)
    }

    /// Sends a request as a browser on this machine would (see `send_via`).
    pub async fn send(&self, req: Request<Body>) -> Reply {
        send_via(&self.router, req).await
    }

    pub async fn get(&self, path: &str, session: Option<&str>) -> Reply {
        self.send(request("GET", path, session, true).body(Body::empty()).unwrap()).await
    }

    /// A urlencoded form post to the API (with the admin header).
    pub async fn post_form(&self, path: &str, session: Option<&str>, fields: &[(&str, &str)]) -> Reply {
        let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(fields).finish();
        let req = request("POST", path, session, true)
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .unwrap();
        self.send(req).await
    }

    /// A urlencoded body as given (for bodies too large to build field by field).
    pub async fn post_raw_form(&self, path: &str, session: &str, body: String) -> Reply {
        let req = request("POST", path, Some(session), true)
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .unwrap();
        self.send(req).await
    }

    /// A multipart form post to the API, as the browser's FormData sends it.
    pub async fn post_multipart(&self, path: &str, session: Option<&str>, fields: &[(&str, &str)]) -> Reply {
        let boundary = "XBOUNDARYX";
        let mut body = String::new();
        for (name, value) in fields {
            body.push_str(&format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            ));
        }
        body.push_str(&format!("--{boundary}--\r\n"));
        let req = request("POST", path, session, true)
            .header(CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"))
            .body(Body::from(body))
            .unwrap();
        self.send(req).await
    }

    /// A multipart post with one file (`file`: field name, file name, bytes) after the text
    /// fields, as the browser's FormData sends an upload.
    pub async fn post_multipart_file(
        &self,
        path: &str,
        session: Option<&str>,
        fields: &[(&str, &str)],
        file: (&str, &str, &[u8]),
    ) -> Reply {
        let boundary = "XBOUNDARYX";
        let mut body: Vec<u8> = vec![];
        for (name, value) in fields {
            body.extend_from_slice(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                    .as_bytes(),
            );
        }
        let (field, file_name, bytes) = file;
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\n\
                 Content-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let req = request("POST", path, session, true)
            .header(CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"))
            .body(Body::from(body))
            .unwrap();
        self.send(req).await
    }

    pub async fn login_attempt(&self, email: &str, password: &str) -> Reply {
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs([("email", email), ("password", password), ("return", "/manage/routing")])
            .finish();
        let req = Request::post("/login")
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .unwrap();
        self.send(req).await
    }

    /// Logs in as a demo persona and returns the session token.
    pub async fn login(&self, email: &str) -> String {
        let reply = self.login_attempt(email, "demopass").await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "login as {email}: {}", reply.text());
        assert_eq!(reply.header(LOCATION.as_str()).as_deref(), Some("/manage/routing"));
        reply.session_cookie().expect("a session cookie")
    }

    /// A single-use key from handleajax/confirmPassword, for a destructive call.
    pub async fn confirm_key(&self, session: &str) -> String {
        let reply =
            self.post_form("/api/handleajax/confirmPassword", Some(session), &[("form_password", "demopass")]).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        reply.json()["key"].as_str().expect("a key").to_string()
    }

    /// users/deleteUser with a fresh confirmation key.
    pub async fn delete_user(&self, session: &str, id: i64) -> Reply {
        let key = self.confirm_key(session).await;
        self.post_multipart(&format!("/api/users/deleteUser/{id}"), Some(session), &[("key", &key)]).await
    }

    pub async fn account(&self, session: &str) -> Value {
        let reply = self.get("/api/accountsettings/getAccountDetails", Some(session)).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        reply.json()
    }
}

/// Sends a request through a router (the app's, or one built with other settings) from
/// 127.0.0.1, unless the request says otherwise with a ConnectInfo extension.
pub async fn send_via(router: &Router, mut req: Request<Body>) -> Reply {
    if req.extensions().get::<ConnectInfo<SocketAddr>>().is_none() {
        req.extensions_mut().insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 50_000))));
    }
    let res = router.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let body = res.into_body().collect().await.unwrap().to_bytes().to_vec();
    Reply { status, headers, body }
}

/// A second server process on a test app's database: a pool of its own and its own kept
/// account states and pages, as another process of a scaled-out server has.
pub struct SecondProcess {
    pub state: AppState,
    router: Router,
}

impl SecondProcess {
    pub async fn of(app: &TestApp) -> SecondProcess {
        let db = server::db::connect(&app.state.settings.database_url).await.unwrap();
        let session_reads = std::sync::Arc::new(server::store::session_reads::SessionReads::for_pool(&db));
        let state = AppState {
            db,
            account_states: Default::default(),
            numbers_pages: Default::default(),
            session_reads,
            ..app.state.clone()
        };
        SecondProcess { router: server::app(state.clone()), state }
    }

    /// This process served on a port of this machine.
    pub async fn serve(&self) -> SocketAddr {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let service = self.router.clone().into_make_service_with_connect_info::<SocketAddr>();
        tokio::spawn(async move { axum::serve(listener, service).await });
        addr
    }

    pub async fn get(&self, path: &str, token: &str) -> Reply {
        send_via(&self.router, request("GET", path, Some(token), true).body(Body::empty()).unwrap()).await
    }
}

pub fn request(method: &str, path: &str, session: Option<&str>, admin_header: bool) -> axum::http::request::Builder {
    let mut builder = Request::builder().method(method).uri(path);
    if admin_header {
        builder = builder.header("X-Admin-Area", "1");
    }
    if let Some(token) = session {
        builder = builder.header(COOKIE, format!("admin_session={token}"));
    }
    builder
}

/// The rows a query returns, each column shown as text (NULL as `null`): a portable snapshot of
/// stored data for tests that prove nothing changed, on either backend.
pub async fn rows_as_text(db: &sqlx::AnyPool, sql: &str) -> Vec<String> {
    use sqlx::Row;
    let rows = sqlx::query(sql).fetch_all(db).await.unwrap_or_else(|error| panic!("{sql}: {error}"));
    rows.iter()
        .map(|row| {
            let cells: Vec<String> = (0..row.len())
                .map(|i| {
                    if let Ok(value) = row.try_get::<Option<i64>, _>(i) {
                        value.map_or("null".into(), |v| v.to_string())
                    } else if let Ok(value) = row.try_get::<Option<String>, _>(i) {
                        value.map_or("null".into(), |v| format!("{v:?}"))
                    } else if let Ok(value) = row.try_get::<Option<f64>, _>(i) {
                        value.map_or("null".into(), |v| v.to_string())
                    } else {
                        let value: Option<Vec<u8>> = row.try_get(i).unwrap();
                        value.map_or("null".into(), |v| format!("{} bytes", v.len()))
                    }
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect()
}
