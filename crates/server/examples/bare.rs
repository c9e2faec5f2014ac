//! The yardstick of `scripts/bench-request-cost.sh`: a bare axum handler on this machine, so the
//! API's requests/s can be given as a share of what axum itself answers in the same run.
//!   BIND=127.0.0.1:8350 cargo run --release -p server --example bare

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let bind = std::env::var("BIND").unwrap_or_else(|_| "127.0.0.1:8350".into());
    let app = axum::Router::new().route("/", axum::routing::get(|| async { "ok" }));
    let listener = tokio::net::TcpListener::bind(&bind).await?;
    axum::serve(listener, app).await
}
