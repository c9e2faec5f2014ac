//! A small load generator for `scripts/bench-load.sh`: mixed reads and writes at a fixed rate
//! against one or more server processes, for a fixed time; prints requests/s, p50/p99 latency
//! and the errors, then checks that the database holds exactly the plans the writes created.
//!   cargo run --release -p server --example load -- DATABASE_URL SECONDS RATE http://host:port [...]
//! Requests go out on a schedule (open loop): a slow answer does not slow the next request
//! down, and latency counts from the moment the request was due. HTTP/1.1 over keep-alive
//! connections, written by hand to need no client crate.

use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

const CONNECTIONS_PER_SERVER: usize = 16;

/// One request of the mix: 4 reads (the plan list, a page of numbers, the account, a search of
/// numbers) to every write (a new one-row service plan with a description of its own).
fn request(n: u64, host: &str, session: &str, target: i64) -> (bool, Vec<u8>) {
    let read = |path: &str| {
        format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nX-Admin-Area: 1\r\nCookie: admin_session={session}\r\n\r\n")
            .into_bytes()
    };
    match n % 5 {
        0 => (false, read("/api/manageconnections/getServicePlansList")),
        1 => (false, read("/api/manageconnections/getNumbersList?page=1&pageSize=25&sort=description&direction=asc")),
        2 => (false, read("/api/accountsettings/getAccountDetails")),
        3 => (false, read("/api/manageconnections/getNumbersList?page=1&pageSize=25&search=0161")),
        _ => {
            let week = [("1", "0", "0", "7", "23", "59")];
            let mut body = format!("form_plan_description=Load+plan+{n}");
            for (i, (fd, fh, fm, td, th, tm)) in week.iter().enumerate() {
                body.push_str(&format!(
                    "&form_from_day%5B{i}%5D={fd}&form_from_hour%5B{i}%5D={fh}&form_from_minute%5B{i}%5D={fm}\
                     &form_to_day%5B{i}%5D={td}&form_to_hour%5B{i}%5D={th}&form_to_minute%5B{i}%5D={tm}\
                     &form_routing_type%5B{i}%5D=routing&form_routing%5B{i}%5D={target}&form_ivr%5B{i}%5D=0"
                ));
            }
            let head = format!(
                "POST /api/manageconnections/create_plan HTTP/1.1\r\nHost: {host}\r\nX-Admin-Area: 1\r\n\
                 Cookie: admin_session={session}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                 Content-Length: {}\r\n\r\n",
                body.len()
            );
            (true, [head.into_bytes(), body.into_bytes()].concat())
        }
    }
}

/// A keep-alive connection; answers the status of each request it sends.
struct Connection {
    address: String,
    stream: Option<BufReader<TcpStream>>,
}

impl Connection {
    async fn send(&mut self, request: &[u8]) -> std::io::Result<u16> {
        if self.stream.is_none() {
            self.stream = Some(BufReader::new(TcpStream::connect(&self.address).await?));
        }
        let result = exchange(self.stream.as_mut().unwrap(), request).await;
        if result.is_err() {
            self.stream = None;
        }
        result
    }
}

async fn exchange(stream: &mut BufReader<TcpStream>, request: &[u8]) -> std::io::Result<u16> {
    stream.get_mut().write_all(request).await?;
    let mut line = String::new();
    stream.read_line(&mut line).await?;
    let status: u16 = line.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| bad(&line))?;
    let mut length = 0usize;
    loop {
        line.clear();
        stream.read_line(&mut line).await?;
        if line == "\r\n" || line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().map_err(|_| bad(&line))?;
            } else if name.eq_ignore_ascii_case("transfer-encoding") {
                return Err(bad("a chunked answer: not one of the mix's"));
            }
        }
    }
    let mut body = vec![0; length];
    stream.read_exact(&mut body).await?;
    Ok(status)
}

fn bad(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string())
}

async fn login(server: &str) -> Result<String, Box<dyn std::error::Error>> {
    let address = server.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).await?;
    let body = "email=owner%40demo.test&password=demopass&return=%2Fmanage%2Frouting";
    let request = format!(
        "POST /login HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await?;
    let cookie = answer
        .lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: admin_session=").or_else(|| l.strip_prefix("Set-Cookie: admin_session="))
        })
        .and_then(|rest| rest.split(';').next())
        .ok_or("the login set no session")?;
    Ok(cookie.to_string())
}

struct Outcome {
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
    let db = server::db::connect(url).await?;
    let target: i64 =
        sqlx::query_scalar("SELECT MIN(id) FROM destination_plans WHERE customer_id = 100").fetch_one(&db).await?;
    let plans_before: i64 = plan_count(&db).await?;
    // One session, made on the first server, used on all of them (sessions live in the database).
    let session = login(&servers[0]).await?;

    let (done_tx, mut done_rx) = mpsc::unbounded_channel::<Outcome>();
    let mut queues = Vec::new();
    for server in servers {
        let host = server.trim_start_matches("http://").to_string();
        for _ in 0..CONNECTIONS_PER_SERVER {
            let (tx, mut rx) = mpsc::unbounded_channel::<(Instant, bool, Vec<u8>)>();
            let done = done_tx.clone();
            let mut connection = Connection { address: host.clone(), stream: None };
            tokio::spawn(async move {
                while let Some((due, write, bytes)) = rx.recv().await {
                    let status = connection.send(&bytes).await.ok();
                    let _ = done.send(Outcome { write, status, latency: due.elapsed() });
                }
            });
            queues.push((host.clone(), tx));
        }
    }
    drop(done_tx);

    let total = seconds * rate;
    let start = Instant::now();
    let interval = Duration::from_secs_f64(1.0 / rate as f64);
    for n in 0..total {
        let due = start + interval * n as u32;
        tokio::time::sleep_until(due.into()).await;
        let (host, queue) = &queues[n as usize % queues.len()];
        let (write, bytes) = request(n, host, &session, target);
        queue.send((due, write, bytes))?;
    }
    drop(queues);
    let mut latencies = Vec::with_capacity(total as usize);
    let (mut errors, mut writes_ok) = (0u64, 0i64);
    while let Some(outcome) = done_rx.recv().await {
        latencies.push(outcome.latency);
        match outcome.status {
            Some(200) if outcome.write => writes_ok += 1,
            Some(200) => {}
            _ => errors += 1,
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    let plans_made = plan_count(&db).await? - plans_before;
    println!(
        "{} requests in {elapsed:.1} s to {} process(es): {:.1} requests/s, p50 {:.1} ms, p99 {:.1} ms, {errors} errors; \
         {writes_ok} plans saved, {plans_made} new rows in service_plans{}",
        latencies.len(),
        servers.len(),
        latencies.len() as f64 / elapsed,
        at(0.50).as_secs_f64() * 1000.0,
        at(0.99).as_secs_f64() * 1000.0,
        if plans_made == writes_ok { " (exact)" } else { " (MISMATCH)" },
    );
    if errors > 0 || plans_made != writes_ok {
        std::process::exit(1);
    }
    Ok(())
}

async fn plan_count(db: &sqlx::AnyPool) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM service_plans WHERE description LIKE 'Load plan %'").fetch_one(db).await
}
