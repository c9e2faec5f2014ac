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
}

impl AppState {
    /// Opens (creating if needed) and migrates the database, seeding the demo into an empty one.
    pub async fn start(settings: Settings) -> Result<AppState, Box<dyn std::error::Error>> {
        let db = crate::db::connect(&settings.database_url).await?;
        let clock = settings.clock_start.map(Clock::starting_at).unwrap_or_default();
        if settings.seed_demo {
            crate::seed::seed_if_empty(&db, clock.now()).await?;
        }
        Ok(AppState { db, settings: Arc::new(settings), clock })
    }
}
