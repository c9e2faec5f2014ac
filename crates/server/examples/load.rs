//! A small load generator for `scripts/bench-load.sh`: mixed reads and writes at a fixed rate
//! against one or more server processes, for a fixed time; prints requests/s, p50/p99 latency
//! and the errors, then checks that the database holds exactly the plans the writes created.
//!   cargo run --release -p server --example load -- DATABASE_URL SECONDS RATE http://host:port [...]
//! Requests go out on a schedule (open loop): a slow answer does not slow the next request
//! down, and latency counts from the moment the request was due. The first WARMUP (env, 2)
//! seconds go at the same rate and are not counted: they open the servers' database
//! connections and prepare their statements, which a server does once, not per request. The
//! HTTP client is reqwest (keep-alive connections pooled per server).

use std::time::{Duration, Instant};

use reqwest::header::{HeaderMap, HeaderValue, COOKIE, SET_COOKIE};
use reqwest::{Client, RequestBuilder};
use tokio::sync::mpsc;

/// One request of the mix: 4 reads (the plan list, a page of numbers, the account, a search of
/// numbers) to every write (a new one-row service plan with a description of its own).
fn request(client: &Client, n: u64, server: &str, target: i64) -> (bool, RequestBuilder) {
    // Descriptions unique across runs on the same database.
    let run = std::process::id();
    let read = |path: &str| client.get(format!("{server}{path}"));
    match n % 5 {
        0 => (false, read("/api/manageconnections/getServicePlansList")),
        1 => (false, read("/api/manageconnections/getNumbersList?page=1&pageSize=25&sort=description&direction=asc")),
        2 => (false, read("/api/accountsettings/getAccountDetails")),
        3 => (false, read("/api/manageconnections/getNumbersList?page=1&pageSize=25&search=0161")),
        _ => {
            let description = format!("Load plan {run}-{n}");
            let target = target.to_string();
            let form = [
                ("form_plan_description", description.as_str()),
                ("form_from_day[0]", "1"),
                ("form_from_hour[0]", "0"),
                ("form_from_minute[0]", "0"),
                ("form_to_day[0]", "7"),
                ("form_to_hour[0]", "23"),
                ("form_to_minute[0]", "59"),
                ("form_routing_type[0]", "routing"),
                ("form_routing[0]", target.as_str()),
                ("form_ivr[0]", "0"),
            ];
            (true, client.post(format!("{server}/api/manageconnections/create_plan")).form(&form))
        }
    }
}

/// Logs in as the demo's owner on a server; the session cookie's value.
async fn login(server: &str) -> Result<String, Box<dyn std::error::Error>> {
    let client = Client::builder().redirect(reqwest::redirect::Policy::none()).build()?;
    let answer = client
        .post(format!("{server}/login"))
        .form(&[("email", "owner@demo.test"), ("password", "demopass"), ("return", "/manage/routing")])
        .send()
        .await?;
    let cookie = answer
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix("admin_session="))
        .and_then(|rest| rest.split(';').next())
        .ok_or("the login set no session")?;
    Ok(cookie.to_string())
}

/// A client that sends the session and the admin marker with every request.
fn client_for(session: &str) -> Result<Client, Box<dyn std::error::Error>> {
    let mut headers = HeaderMap::new();
    headers.insert("X-Admin-Area", HeaderValue::from_static("1"));
    headers.insert(COOKIE, HeaderValue::from_str(&format!("admin_session={session}"))?);
    Ok(Client::builder().default_headers(headers).timeout(Duration::from_secs(30)).build()?)
}

/// The mix's kinds of request, in the order of `request`'s `n % 5`.
const KINDS: [&str; 5] = ["plan list", "numbers page", "account", "numbers search", "new plan"];

struct Outcome {
    counted: bool,
    kind: usize,
    write: bool,
    status: Option<u16>,
    latency: Duration,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, url, seconds, rate, servers @ ..] = args.as_slice() else {
        return Err("usage: load DATABASE_URL SECONDS RATE http://host:port [...]".into());
    };
    if servers.is_empty() {
        return Err("name at least one server".into());
    }
    let (seconds, rate): (u64, u64) = (seconds.parse()?, rate.parse()?);
    let warmup: u64 = std::env::var("WARMUP").map_or(Ok(2), |w| w.parse())?;
    let db = server::db::connect(url).await?;
    let target: i64 =
        sqlx::query_scalar("SELECT MIN(id) FROM destination_plans WHERE customer_id = 100").fetch_one(&db).await?;
    let plans_before: i64 = plan_count(&db).await?;
    // One session, made on the first server, used on all of them (sessions live in the database).
    let session = login(&servers[0]).await?;
    let client = client_for(&session)?;

    let (done_tx, mut done_rx) = mpsc::unbounded_channel::<Outcome>();
    let (first_counted, total) = (warmup * rate, (warmup + seconds) * rate);
    let start = Instant::now();
    let interval = Duration::from_secs_f64(1.0 / rate as f64);
    for n in 0..total {
        let due = start + interval * n as u32;
        tokio::time::sleep_until(due.into()).await;
        let (write, request) = request(&client, n, &servers[n as usize % servers.len()], target);
        let done = done_tx.clone();
        tokio::spawn(async move {
            let status = request.send().await.ok().map(|answer| answer.status().as_u16());
            let latency = due.elapsed();
            let _ = done.send(Outcome { counted: n >= first_counted, kind: (n % 5) as usize, write, status, latency });
        });
    }
    drop(done_tx);
    let mut latencies = Vec::with_capacity(total as usize);
    let mut by_kind: [Vec<Duration>; 5] = Default::default();
    let (mut errors, mut writes_ok) = (0u64, 0i64);
    while let Some(outcome) = done_rx.recv().await {
        if outcome.counted {
            latencies.push(outcome.latency);
            by_kind[outcome.kind].push(outcome.latency);
        }
        match outcome.status {
            Some(200) if outcome.write => writes_ok += 1,
            Some(200) => {}
            _ => errors += 1,
        }
    }
    let elapsed = start.elapsed().as_secs_f64() - warmup as f64;
    let p99 = |mut l: Vec<Duration>| -> f64 {
        l.sort();
        l.get(((l.len() as f64 * 0.99) as usize).min(l.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    let kinds: Vec<String> = KINDS.iter().zip(by_kind).map(|(name, l)| format!("{name} {:.1} ms", p99(l))).collect();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    let plans_made = plan_count(&db).await? - plans_before;
    println!(
        "{} requests in {elapsed:.1} s to {} process(es) after {warmup} s of warm-up: {:.1} requests/s, p50 {:.1} ms, \
         p99 {:.1} ms, {errors} errors; {writes_ok} plans saved, {plans_made} new rows in service_plans{}",
        latencies.len(),
        servers.len(),
        latencies.len() as f64 / elapsed,
        at(0.50).as_secs_f64() * 1000.0,
        at(0.99).as_secs_f64() * 1000.0,
        if plans_made == writes_ok { " (exact)" } else { " (MISMATCH)" },
    );
    println!("p99 by kind: {}", kinds.join(", "));
    if errors > 0 || plans_made != writes_ok {
        std::process::exit(1);
    }
    Ok(())
}

async fn plan_count(db: &sqlx::AnyPool) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM service_plans WHERE description LIKE 'Load plan %'").fetch_one(db).await
}
