//! Import sales' benchmark: run by `scripts/bench-sales-import.sh`, or
//! `cargo run --release -p server --example bench_sales_import -- [--rows N] [--database-url
//! postgres://…/empty_database]`.
//!
//! Seeds the demo into a fresh database (a SQLite file in a temporary folder, or the empty
//! PostgreSQL database given) with the clock at the router tests' instant, writes a CSV of N
//! sales (100,000 by default; a tenth of them with a bad value, half of the others from callers of
//! the demo customer's calls of the last 30 days, the rest from unknown numbers) and imports it as
//! owner@demo.test through the real router in-process (importsales/import, skipping bad rows):
//! prints the rows per second and the process's peak RSS (VmHWM) before and after, for a file a
//! tenth the size first, so the growth of both can be compared (memory flat: it is the upload).

use std::error::Error;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Instant;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::header::{CONTENT_TYPE, COOKIE, SET_COOKIE};
use axum::http::Request;
use axum::Router;
use http_body_util::BodyExt;
use server::jobs::website_check::FetchPolicy;
use server::{app, AppState, Settings};

/// The router tests' instant: Monday 2026-11-23 10:00 UTC.
const NOW: i64 = 1_795_428_000;
const DAY: i64 = 24 * 60 * 60;

fn proc_status_kb(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

fn request(builder: axum::http::request::Builder, body: Body) -> Request<Body> {
    let mut req = builder.body(body).unwrap();
    req.extensions_mut().insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 50_000))));
    req
}

async fn login(router: &Router) -> Result<String, Box<dyn Error>> {
    let req = request(
        Request::post("/login").header(CONTENT_TYPE, "application/x-www-form-urlencoded"),
        Body::from("email=owner%40demo.test&password=demopass&return=%2Fimportsales"),
    );
    let res = tower::ServiceExt::oneshot(router.clone(), req).await?;
    let cookie = res.headers().get(SET_COOKIE).ok_or("the login set no cookie")?.to_str()?;
    let token = cookie.split(';').next().and_then(|c| c.split_once('=')).map(|(_, v)| v.to_string());
    token.filter(|t| !t.is_empty()).ok_or_else(|| "the login failed".into())
}

/// A CSV of `rows` sales over the last 30 days.
fn sales_csv(rows: usize, callers: &[String], seed: usize) -> Vec<u8> {
    let mut csv = String::with_capacity(rows * 48);
    csv.push_str("Date,Phone,Value,Reference\n");
    for i in 0..rows {
        let sold = NOW - ((i * 7_919) as i64 % (30 * DAY));
        let day = domain::format_day_at(sold, "Europe/London");
        let phone = if i % 2 == 0 && !callers.is_empty() {
            callers[i % callers.len()].clone()
        } else {
            format!("0770{:07}", (i * 31 + seed) % 10_000_000)
        };
        let value = if i % 10 == 9 { "n/a".to_string() } else { format!("{}.{:02}", 20 + i % 900, i % 100) };
        csv.push_str(&format!("{day},{phone},{value},B{seed}-{i}\n"));
    }
    csv.into_bytes()
}

async fn import(router: &Router, session: &str, csv: Vec<u8>) -> Result<serde_json::Value, Box<dyn Error>> {
    let boundary = "BENCHBOUNDARY";
    let mut body = Vec::with_capacity(csv.len() + 1_000);
    for (name, value) in [
        ("form_column_date", "0"),
        ("form_column_phone", "1"),
        ("form_column_value", "2"),
        ("form_column_reference", "3"),
        ("form_match_by", "callerNumber"),
        ("form_match_days", "30"),
        ("form_same_reference", "combine"),
        ("form_bad_rows", "skip"),
    ] {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"form_file\"; filename=\"sales.csv\"\r\n\
             Content-Type: text/csv\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(&csv);
    drop(csv);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let req = request(
        Request::post("/api/importsales/import")
            .header("X-Admin-Area", "1")
            .header(COOKIE, format!("admin_session={session}"))
            .header(CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}")),
        Body::from(body),
    );
    let res = tower::ServiceExt::oneshot(router.clone(), req).await?;
    let status = res.status();
    let bytes = res.into_body().collect().await?.to_bytes();
    if !status.is_success() {
        return Err(format!("import: {status} {}", String::from_utf8_lossy(&bytes)).into());
    }
    Ok(serde_json::from_slice(&bytes)?)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let mut rows = 100_000usize;
    let mut database_url = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rows" => rows = args.next().ok_or("--rows needs a value")?.replace(['_', ','], "").parse()?,
            "--database-url" => database_url = Some(args.next().ok_or("--database-url needs a value")?),
            _ => return Err(format!("unknown argument {arg}").into()),
        }
    }
    let dir = tempfile::TempDir::new()?;
    let url = database_url.unwrap_or_else(|| format!("sqlite://{}", dir.path().join("bench.db").display()));
    let backend = if url.starts_with("sqlite:") { "SQLite" } else { "PostgreSQL" };
    let static_dir = dir.path().join("dist");
    std::fs::create_dir_all(&static_dir)?;
    std::fs::write(static_dir.join("index.html"), "<!doctype html><title>bench</title>")?;
    let settings = Settings {
        bind: "127.0.0.1:0".into(),
        database_url: url,
        static_dir: PathBuf::from(&static_dir),
        seed_demo: true,
        product_name: "Calltrack".into(),
        dev_outbox: false,
        dev_clock: false,
        secure_cookies: false,
        clock_start: Some(NOW),
        card_passphrase: None,
        settings_key: None,
        website_check: FetchPolicy::default(),
        call_retention_months: domain::reports::DEFAULT_CALL_RETENTION_MONTHS,
        speech_python: "target/speech/bin/python".into(),
        workbook_reader: server::settings::own_binary(),
        trusted_proxies: Default::default(),
        live_chat_url: None,
        telephony: Default::default(),
    };
    println!("== Import sales benchmark on {backend}: {rows} rows");
    let state = AppState::start(settings).await?;
    server::seed::seed_demo_if_asked(&state).await?;
    let callers: Vec<String> = sqlx::query_scalar(
        "SELECT DISTINCT caller_number FROM calls WHERE customer_id = 100 AND direction = 'inbound'
         AND caller_number <> '' AND started_at >= $1",
    )
    .bind(NOW - 30 * DAY)
    .fetch_all(&state.db)
    .await?;
    let router = app(state);
    let session = login(&router).await?;
    for (label, n, seed) in [("a tenth", rows / 10, 1), ("the file", rows, 2)] {
        let csv = sales_csv(n, &callers, seed);
        let megabytes = csv.len() as f64 / 1_048_576.0;
        let before = proc_status_kb("VmHWM:");
        let started = Instant::now();
        let done = import(&router, &session, csv).await?;
        let took = started.elapsed().as_secs_f64();
        let after = proc_status_kb("VmHWM:");
        println!(
            "{label}: {n} rows ({megabytes:.1} MB) in {took:.2} s = {:.0} rows/s; imported {}, skipped {}, matched {} ({}%); peak RSS {} MB -> {} MB (+{} MB)",
            n as f64 / took,
            done["imported"],
            done["skipped"],
            done["matched"],
            done["matchRate"],
            before / 1024,
            after / 1024,
            after.saturating_sub(before) / 1024,
        );
    }
    Ok(())
}
