use server::{app, AppState, Settings};
use tokio::net::TcpListener;
use tracing_subscriber::EnvFilter;

fn main() {
    // `server read-workbook`: a customer's workbook read in a child process of the server
    // (sales_file::WorkbookReader), before any runtime starts.
    if std::env::args().nth(1).as_deref() == Some(server::files::sales_file::READ_WORKBOOK) {
        std::process::exit(server::files::sales_file::read_workbook_main());
    }
    serve();
}

#[tokio::main]
async fn serve() {
    // `server --openapi`: print the API contract (frontend/scripts/api-types.sh reads it).
    if std::env::args().any(|arg| arg == "--openapi") {
        println!("{}", server::http::contract_json());
        return;
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| EnvFilter::new("info,tower_http=info,sqlx=warn,russh=warn,russh_sftp=warn")),
        )
        .init();
    if let Err(error) = run().await {
        tracing::error!("{error:#}");
        std::process::exit(1);
    }
}

async fn run() -> Result<(), Box<dyn std::error::Error>> {
    let settings = Settings::from_env()?;
    let state = AppState::start(settings.clone()).await?;
    server::seed::seed_demo_if_asked(&state).await?;
    // Connects and plan changes are applied on the telephony side in the background.
    server::jobs::provisioning::spawn(state.clone());
    server::jobs::housekeeping::spawn(state.clone());
    // Each month's invoices, made once the month is over.
    server::jobs::billing_run::spawn(state.clone());
    // Daily, weekly and monthly call summaries to the users who asked for them.
    server::jobs::summary_emails::spawn(state.clone());
    // Calls that count as conversions, uploaded to the connected ad platforms.
    server::jobs::conversion_uploads::spawn(state.clone());
    // The connected ad platforms' daily spend, imported once a day.
    server::jobs::spend_import::spawn(state.clone());
    // Website checks of dynamic URLs run in the background; the browser polls for the result.
    server::jobs::website_check::spawn(state.clone());
    // Recorded calls of accounts with speech analytics, transcribed on this machine.
    server::jobs::transcription::spawn(state.clone());
    // Routing drafts published, and put back, at the moments their accounts chose.
    server::jobs::routing_schedule::spawn(state.clone());
    let listener = TcpListener::bind(&settings.bind).await?;
    tracing::info!(
        "serving http://{}/manage/ (static files from {})",
        listener.local_addr()?,
        settings.static_dir.display()
    );
    // Connection info gives handlers the client's address (login throttling, /outbox).
    let service = app(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, service).with_graceful_shutdown(shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(())
}

/// Ctrl-C or SIGTERM: stop taking connections and let requests in flight finish.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down");
}
