//! The server's own secrets kept in the database when no setting gives them (the settings
//! encryption key, the card passphrase): made once, on the first start that needs one.

use sqlx::AnyPool;

/// The secret stored under `name`; `fresh` is stored first when there is none yet. Several
/// processes starting at once all get the one that was stored first.
pub async fn kept_or_stored(db: &AnyPool, name: &str, fresh: &str) -> sqlx::Result<String> {
    sqlx::query("INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
        .bind(name)
        .bind(fresh)
        .execute(db)
        .await?;
    let (stored,): (String,) =
        sqlx::query_as("SELECT value FROM app_secrets WHERE name = $1").bind(name).fetch_one(db).await?;
    Ok(stored)
}
