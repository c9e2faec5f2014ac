//! The reports' benchmark ("Performance"): run by `scripts/bench-reports.sh`, or
//! `cargo run --release -p server --example bench_reports -- [--calls N] [--days D] [--runs R]
//! [--database-url postgres://…/empty_database | --sqlite-file new.db]`.
//!
//! An example rather than a bin: it is no part of the server, and it uses the dev-dependencies
//! (a temporary folder, reading response bodies). It seeds the demo into a fresh database (a
//! SQLite file in a temporary folder, or the empty PostgreSQL database given) with the server's
//! clock fixed at the router tests' instant, adds N inbound calls (1,000,000 by default) on the
//! demo owner's customer (100) over D days (365) through the demo's own call generator
//! (`seed::seed_volume`), then times requests SERVER side, in-process through the real router
//! (tower's `oneshot`, as the router tests do) logged in as user@demo.test: each query is warmed
//! up once, then run R times (7); the median and the 95th percentile are printed against the
//! issue's targets. The export's whole body is read and its lines counted; the process's peak
//! RSS (VmHWM) is read before and after an export of the last 30 days and of the whole set.

use std::error::Error;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::header::{CONTENT_TYPE, COOKIE, SET_COOKIE};
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use server::jobs::website_check::FetchPolicy;
use server::{app, AppState, Settings};

/// The router tests' instant: Monday 2026-11-23 10:00 UTC.
const NOW: i64 = 1_795_428_000;
const DAY: i64 = 24 * 60 * 60;
/// The demo owner's customer, user@demo.test's.
const CUSTOMER: i64 = 100;

struct Args {
    calls: u64,
    days: i64,
    runs: usize,
    database_url: Option<String>,
    /// A SQLite file to keep (for EXPLAIN QUERY PLAN afterwards) instead of a temporary one.
    sqlite_file: Option<String>,
}

fn args() -> Result<Args, Box<dyn Error>> {
    let mut parsed = Args { calls: 1_000_000, days: 365, runs: 7, database_url: None, sqlite_file: None };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--calls" => parsed.calls = value()?.replace(['_', ','], "").parse()?,
            "--days" => parsed.days = value()?.parse()?,
            "--runs" => parsed.runs = value()?.parse()?,
            "--database-url" => parsed.database_url = Some(value()?),
            "--sqlite-file" => parsed.sqlite_file = Some(value()?),
            _ => return Err(format!("unknown argument {arg}").into()),
        }
    }
    if !(1..=700).contains(&parsed.days) || parsed.runs == 0 {
        return Err("--days is 1 to 700 (a custom range covers them all), --runs at least 1".into());
    }
    Ok(parsed)
}

/// YYYY-MM-DD of a unix instant (UTC: the demo customer's zone is London, and the ranges asked
/// are whole days well inside the data).
fn ymd(at: i64) -> String {
    let z = at.div_euclid(DAY) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    format!("{:04}-{m:02}-{d:02}", yoe + era * 400 + i64::from(m <= 2))
}

/// kB from /proc/self/status (VmHWM: the peak resident set; VmRSS: now).
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

async fn send(router: &Router, session: &str, path: &str) -> (StatusCode, Bytes) {
    let mut req = Request::get(path)
        .header("X-Admin-Area", "1")
        .header(COOKIE, format!("admin_session={session}"))
        .body(Body::empty())
        .unwrap();
    req.extensions_mut().insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 50_000))));
    let res = tower::ServiceExt::oneshot(router.clone(), req).await.unwrap();
    let status = res.status();
    (status, res.into_body().collect().await.unwrap().to_bytes())
}

async fn login(router: &Router) -> Result<String, Box<dyn Error>> {
    let mut req = Request::post("/login")
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from("email=user%40demo.test&password=demopass&return=%2Freports"))
        .unwrap();
    req.extensions_mut().insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 50_000))));
    let res = tower::ServiceExt::oneshot(router.clone(), req).await.unwrap();
    let cookie = res.headers().get(SET_COOKIE).ok_or("the login set no cookie")?.to_str()?;
    let token = cookie.split(';').next().and_then(|c| c.split_once('=')).map(|(_, v)| v.to_string());
    token.filter(|t| !t.is_empty()).ok_or_else(|| "the login failed".into())
}

/// A query's figures: (median, p95) in ms, and the calls it matched.
struct Timing {
    median: f64,
    p95: f64,
    total: i64,
}

/// Warms the query up once, then times `runs` runs; None when the endpoint does not exist.
async fn time(router: &Router, session: &str, path: &str, runs: usize) -> Result<Option<Timing>, Box<dyn Error>> {
    let (status, body) = send(router, session, path).await;
    if status == StatusCode::NOT_FOUND {
        return Ok(None);
    }
    if status != StatusCode::OK {
        return Err(format!("{path}: {status} {}", String::from_utf8_lossy(&body)).into());
    }
    let total = serde_json::from_slice::<serde_json::Value>(&body).ok().and_then(|v| v["total"].as_i64()).unwrap_or(-1);
    let mut times = Vec::new();
    for _ in 0..runs {
        let started = Instant::now();
        let (status, _) = send(router, session, path).await;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(status, StatusCode::OK, "{path}");
    }
    times.sort_by(f64::total_cmp);
    let p95 = times[((times.len() as f64 * 0.95).ceil() as usize).clamp(1, times.len()) - 1];
    Ok(Some(Timing { median: times[times.len() / 2], p95, total }))
}

/// An export's figures: (rows, duration, VmHWM growth in kB).
async fn export(router: &Router, session: &str, path: &str) -> Result<(u64, Duration, u64), Box<dyn Error>> {
    let hwm = proc_status_kb("VmHWM:");
    let started = Instant::now();
    let mut req = Request::get(path)
        .header("X-Admin-Area", "1")
        .header(COOKIE, format!("admin_session={session}"))
        .body(Body::empty())
        .unwrap();
    req.extensions_mut().insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 50_000))));
    let res = tower::ServiceExt::oneshot(router.clone(), req).await.unwrap();
    if res.status() != StatusCode::OK {
        return Err(format!("{path}: {}", res.status()).into());
    }
    // The body is read piece by piece as a browser would, never held whole.
    let mut body = res.into_body();
    let mut lines = 0u64;
    while let Some(frame) = body.frame().await {
        if let Ok(data) = frame?.into_data() {
            lines += data.iter().filter(|b| **b == b'\n').count() as u64;
        }
    }
    let took = started.elapsed();
    Ok((lines.saturating_sub(1), took, proc_status_kb("VmHWM:").saturating_sub(hwm)))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let args = args()?;
    let dir = tempfile::TempDir::new()?;
    let sqlite = args.sqlite_file.clone().map_or_else(|| dir.path().join("bench.db"), PathBuf::from);
    let url = args.database_url.clone().unwrap_or_else(|| format!("sqlite://{}", sqlite.display()));
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
    println!("== reports benchmark on {backend}: {} calls on customer {CUSTOMER} over {} days", args.calls, args.days);
    let started = Instant::now();
    let state = AppState::start(settings).await?;
    server::seed::seed_demo_if_asked(&state).await?;
    let db = state.db.clone();
    let (demo,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM calls WHERE customer_id = $1").bind(CUSTOMER).fetch_one(&db).await?;
    if demo > 100_000 {
        return Err("the database already holds a benchmark's calls: give an empty one".into());
    }
    println!("demo seeded in {:.1} s ({demo} demo calls on the customer)", started.elapsed().as_secs_f64());

    let started = Instant::now();
    let mut last_report = Instant::now();
    let volume =
        server::seed::seed_volume(&db, server::store::CustomerId::new(CUSTOMER), NOW, args.calls, args.days, |n| {
            if last_report.elapsed() > Duration::from_secs(10) {
                last_report = Instant::now();
                println!("  … {n} calls stored, {:.0} calls/s", n as f64 / started.elapsed().as_secs_f64());
            }
        })
        .await?;
    let took = started.elapsed().as_secs_f64();
    println!(
        "generated {} inbound calls ({} calls with the agents' outbound ones, {} visits) in {took:.1} s: {:.0} calls/s",
        volume.calls,
        volume.all_calls,
        volume.visits,
        volume.all_calls as f64 / took
    );
    if backend == "PostgreSQL" {
        // What autovacuum does after such a load (its insert threshold is a fifth of the table):
        // the planner's statistics, and the visibility map that lets index-only scans skip the
        // table.
        let started = Instant::now();
        sqlx::query("VACUUM ANALYZE").execute(&db).await?;
        println!("VACUUM ANALYZE in {:.1} s", started.elapsed().as_secs_f64());
    }

    let router = app(state.clone());
    let session = login(&router).await?;
    let source: i64 = sqlx::query_scalar(
        "SELECT id FROM sources_mediums WHERE customer_id = $1 ORDER BY CASE WHEN medium = 'cpc' THEN 0 ELSE 1 END, id LIMIT 1",
    )
    .bind(CUSTOMER)
    .fetch_one(&db)
    .await?;
    let number: i64 = sqlx::query_scalar(
        "SELECT id FROM routing_entries WHERE customer_id = $1 ORDER BY CASE WHEN kind = 'dynamic' THEN 0 ELSE 1 END, id LIMIT 1",
    )
    .bind(CUSTOMER)
    .fetch_one(&db)
    .await?;
    let caller: String = sqlx::query_scalar(
        "SELECT caller_number FROM calls WHERE customer_id = $1 AND caller_number <> '' ORDER BY id DESC LIMIT 1",
    )
    .bind(CUSTOMER)
    .fetch_one(&db)
    .await?;
    let (from, to) = (ymd(NOW - 120 * DAY), ymd(NOW - 30 * DAY));
    let log = "/api/reports/getCalls?preset=last30Days";
    let queries: Vec<(String, String, f64)> = vec![
        ("first page, last 30 days".into(), log.into(), 300.0),
        ("filter: source (paid search)".into(), format!("{log}&source={source}"), 300.0),
        ("filter: outcome missed".into(), format!("{log}&outcome=missed"), 300.0),
        ("filter: first-time callers".into(), format!("{log}&firstTime=1"), 300.0),
        ("filter: min duration 5 min".into(), format!("{log}&minDuration=300"), 300.0),
        ("filter: number (a pool)".into(), format!("{log}&number={number}"), 300.0),
        ("filter: search a caller".into(), format!("{log}&search={caller}"), 300.0),
        // A name no number has: the search reads every call of the period (its worst case).
        ("filter: search a name (none)".into(), format!("{log}&search=bench-none"), 300.0),
        (
            "filter: custom range (90 days)".into(),
            format!("/api/reports/getCalls?preset=custom&from={from}&to={to}"),
            300.0,
        ),
        ("sort: duration".into(), format!("{log}&sort=duration&direction=desc"), 300.0),
        ("sort: source".into(), format!("{log}&sort=source&direction=asc"), 300.0),
        ("page 40 of the last 30 days".into(), format!("{log}&page=40"), 300.0),
        ("dashboard, last 30 days".into(), "/api/reports/dashboard?preset=last30Days".into(), 500.0),
    ];
    println!("\nserver time in-process, {} runs after a warm-up (ms)", args.runs);
    println!("{:<34} {:>9} {:>9} {:>9} {:>8}  target", "query", "matches", "median", "p95", "");
    let mut missed = 0;
    for (name, path, target) in &queries {
        match time(&router, &session, path, args.runs).await? {
            None => println!(
                "{name:<34} {:>9} {:>9} {:>9} {:>8}  ≤ {target} ms (404: not on this branch)",
                "-", "-", "-", "skipped"
            ),
            Some(t) => {
                let ok = t.p95 <= *target;
                missed += usize::from(!ok);
                let total = if t.total >= 0 { t.total.to_string() } else { "-".into() };
                println!(
                    "{name:<34} {total:>9} {:>9.1} {:>9.1} {:>8}  ≤ {target} ms",
                    t.median,
                    t.p95,
                    if ok { "ok" } else { "MISSED" }
                );
            }
        }
    }

    let export_of = |from: String| format!("/api/reports/exportCallsCsv?preset=custom&from={from}&to={}", ymd(NOW));
    let rss_before = proc_status_kb("VmHWM:");
    let (small_rows, small_took, small_growth) = export(&router, &session, &export_of(ymd(NOW - 29 * DAY))).await?;
    let (rows, took, growth) = export(&router, &session, &export_of(ymd(NOW - (args.days + 1) * DAY))).await?;
    let rate = rows as f64 / took.as_secs_f64();
    let small_rate = small_rows as f64 / small_took.as_secs_f64();
    println!("\nCSV export (the body read piece by piece, lines counted)");
    println!(
        "{:<34} {small_rows:>9} rows in {:.1} s: {small_rate:>7.0} rows/s; peak RSS +{} MB",
        "export, last 30 days",
        small_took.as_secs_f64(),
        small_growth / 1024
    );
    println!(
        "{:<34} {rows:>9} rows in {:.1} s: {rate:>7.0} rows/s; peak RSS +{} MB  {}  ≥ 50000 rows/s",
        "export, the whole set",
        took.as_secs_f64(),
        growth / 1024,
        if rate >= 50_000.0 { "ok" } else { "MISSED" }
    );
    missed += usize::from(rate < 50_000.0);
    // Flat: the whole set's export raises the peak by less than 32 MB over the small one's.
    let flat = growth < 32 * 1024;
    missed += usize::from(!flat);
    println!(
        "peak RSS (VmHWM) before the exports {} MB, after {} MB: {}",
        rss_before / 1024,
        proc_status_kb("VmHWM:") / 1024,
        if flat { "flat (ok)" } else { "GROWS (MISSED)" }
    );
    println!("\n{}", if missed == 0 { "every target met".to_string() } else { format!("{missed} target(s) missed") });
    state.db.close().await;
    Ok(())
}
