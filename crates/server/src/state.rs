use std::sync::Arc;

use sqlx::AnyPool;

use crate::caches::account_states::AccountStates;
use crate::caches::kept_pages::KeptPages;
use crate::clock::Clock;
use crate::files::sales_file::WorkbookReader;
use crate::providers::caller_id_verification::{CodeSender, SandboxPhone};
use crate::providers::payments::{PaymentProvider, Sandbox};
use crate::secrets::SecretBox;
use crate::settings::Settings;
use crate::store::session_reads::SessionReads;
use axum::body::Bytes;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: AnyPool,
    pub settings: Arc<Settings>,
    pub clock: Clock,
    /// The payment sandbox's SHA passphrase (the setting, or one generated and stored): the
    /// sandbox pages sign and check with it, as the provider would.
    pub card_passphrase: Arc<str>,
    /// Card and Direct Debit updates go through this provider.
    pub payments: Arc<dyn PaymentProvider>,
    /// Seals and opens the secrets customers give us (the FTP export's password).
    pub secrets: Arc<SecretBox>,
    /// Caller id verification codes go to the number through this provider (Manage CLI).
    pub caller_id_codes: Arc<dyn CodeSender>,
    /// The account states this process has derived, used while their versions hold.
    pub account_states: Arc<AccountStates>,
    /// The numbers pages this process has read, used while the customer's numbers version holds.
    pub numbers_pages: Arc<KeptPages<Bytes>>,
    /// Where the session every `/api` request starts with is read (on SQLite, in place).
    pub session_reads: Arc<SessionReads>,
    /// Customers' workbooks are read in child processes, a few at once.
    pub workbooks: Arc<WorkbookReader>,
    /// How long each step of a live call took to decide (telephony/metrics.rs).
    pub telephony_steps: Arc<crate::telephony::metrics::StepTimes>,
    /// The callers waiting in each queue, across every engine connection.
    pub telephony_queues: Arc<crate::telephony::queues::QueueBoard>,
}

impl AppState {
    /// Opens (creating if needed) and migrates the database. The demo is seeded by the caller
    /// (`seed::seed_demo_if_asked`), so the state knows nothing of it.
    pub async fn start(settings: Settings) -> Result<AppState, Box<dyn std::error::Error>> {
        let db = crate::db::connect(&settings.database_url).await?;
        let clock = settings.clock_start.map(Clock::starting_at).unwrap_or_default();
        let card_passphrase: Arc<str> =
            crate::providers::payments::passphrase(&db, settings.card_passphrase.as_deref()).await?.into();
        let payments = Arc::new(Sandbox { passphrase: card_passphrase.clone() });
        let secrets = Arc::new(SecretBox::load(&db, settings.settings_key.as_deref()).await?);
        let caller_id_codes = Arc::new(SandboxPhone { db: db.clone(), product: settings.product_name.clone() });
        let session_reads = Arc::new(SessionReads::for_pool(&db));
        let workbooks = Arc::new(WorkbookReader::new(settings.workbook_reader.clone()));
        Ok(AppState {
            db,
            settings: Arc::new(settings),
            clock,
            card_passphrase,
            payments,
            secrets,
            caller_id_codes,
            account_states: Arc::default(),
            numbers_pages: Arc::default(),
            session_reads,
            workbooks,
            telephony_steps: Arc::default(),
            telephony_queues: Arc::default(),
        })
    }
}
