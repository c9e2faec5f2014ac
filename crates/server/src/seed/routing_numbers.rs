//! (being written)
use sqlx::{Sqlite, Transaction};

pub async fn seed(_tx: &mut Transaction<'_, Sqlite>, _now: i64) -> Result<(), sqlx::Error> {
    Ok(())
}
