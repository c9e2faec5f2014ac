//! Reading from the engine's HTTP interface (beside ARI): a recording, or the records of calls
//! missed while the server was away. Authenticated as the engine's user, with a timeout, and
//! never more than the caller's bound held in memory.

use std::time::Duration;

use super::ENGINE_USER;
use crate::state::AppState;

pub fn client() -> Result<reqwest::Client, String> {
    reqwest::Client::builder().timeout(Duration::from_secs(30)).build().map_err(|e| e.to_string())
}

/// The body at `url`, at most `max_bytes` (past it, `too_long` is the error); None when the
/// engine has no such file (404).
pub async fn get_bounded(
    state: &AppState,
    client: &reqwest::Client,
    url: &str,
    max_bytes: usize,
    too_long: &str,
) -> Result<Option<Vec<u8>>, String> {
    let secret = state.settings.telephony.secret.as_deref().unwrap_or_default();
    let mut response = client.get(url).basic_auth(ENGINE_USER, Some(secret)).send().await.map_err(|e| e.to_string())?;
    if response.status() == reqwest::StatusCode::NOT_FOUND {
        return Ok(None);
    }
    if !response.status().is_success() {
        return Err(format!("the engine answered {}", response.status()));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| e.to_string())? {
        if body.len() + chunk.len() > max_bytes {
            return Err(too_long.to_string());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(Some(body))
}
