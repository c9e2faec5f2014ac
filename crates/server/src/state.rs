use std::sync::Arc;

use sqlx::AnyPool;

use crate::clock::Clock;
use crate::settings::Settings;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: AnyPool,
    pub settings: Arc<Settings>,
    pub clock: Clock,
    /// The card provider's SHA passphrase (the setting, or one generated and stored).
    pub card_passphrase: Arc<str>,
}

impl AppState {
    /// Opens (creating if needed) and migrates the database, seeding the demo into an empty one.
    pub async fn start(settings: Settings) -> Result<AppState, Box<dyn std::error::Error>> {
        let db = crate::db::connect(&settings.database_url).await?;
        let clock = settings.clock_start.map(Clock::starting_at).unwrap_or_default();
        if settings.seed_demo {
            crate::seed::seed_if_empty(&db, clock.now()).await?;
        }
        let card_passphrase = crate::card_payments::passphrase(&db, settings.card_passphrase.as_deref()).await?;
        Ok(AppState { db, settings: Arc::new(settings), clock, card_passphrase: card_passphrase.into() })
    }
}
