//! Phones in the browser (docs/webrtc.md): for one login session, a SIP-over-websocket endpoint
//! in the engine with a random id and password, pushed over ARI's dynamic configuration
//! (sorcery.conf keeps such endpoints in memory), handed to the browser once, and deleted when
//! the phone is closed or its session ends. The password is never stored or logged here: the
//! engine holds it. A deleted endpoint's calls in progress are the engine's to end (rtp_timeout)
//! and the session's to hang up.

use std::time::Duration;

use serde_json::json;

use super::ENGINE_USER;
use crate::security::random_token;
use crate::state::AppState;

/// Every browser phone's id starts so (the engine's endpoints of pjsip.conf never do).
pub const PHONE_ID_PREFIX: &str = "web-";
/// A browser gone without hanging up (tab closed, network lost) ends its call after this many
/// seconds without audio.
const RTP_TIMEOUT_SECONDS: &str = "15";

/// A phone's credentials: its endpoint's id (also its SIP user) and password.
pub struct Phone {
    pub id: String,
    pub password: String,
}

pub fn new_phone() -> Phone {
    let id: String = random_token().chars().filter(char::is_ascii_alphanumeric).take(16).collect();
    Phone { id: format!("{PHONE_ID_PREFIX}{}", id.to_lowercase()), password: random_token() }
}

fn client() -> Result<reqwest::Client, String> {
    reqwest::Client::builder().timeout(Duration::from_secs(10)).build().map_err(|e| e.to_string())
}

fn object_url(state: &AppState, kind: &str, id: &str) -> String {
    format!("{}/asterisk/config/dynamic/res_pjsip/{kind}/{id}", state.settings.telephony.ari_url.trim_end_matches('/'))
}

fn fields(pairs: &[(&str, &str)]) -> serde_json::Value {
    json!({ "fields": pairs.iter().map(|(a, v)| json!({ "attribute": a, "value": v })).collect::<Vec<_>>() })
}

/// Creates the phone's auth, aor and endpoint in the engine.
pub async fn push(state: &AppState, phone: &Phone) -> Result<(), String> {
    let client = client()?;
    let secret = state.settings.telephony.secret.as_deref().unwrap_or_default();
    let id = phone.id.as_str();
    let objects = [
        ("auth", fields(&[("auth_type", "userpass"), ("username", id), ("password", &phone.password)])),
        ("aor", fields(&[("max_contacts", "1"), ("remove_existing", "yes")])),
        (
            "endpoint",
            fields(&[
                ("context", "from-webrtc"),
                ("webrtc", "yes"),
                ("disallow", "all"),
                ("allow", "opus,alaw,ulaw"),
                ("dtmf_mode", "rfc4733"),
                ("auth", id),
                ("aors", id),
                ("rtp_timeout", RTP_TIMEOUT_SECONDS),
            ]),
        ),
    ];
    for (kind, body) in objects {
        let response = client
            .put(object_url(state, kind, id))
            .basic_auth(ENGINE_USER, Some(secret))
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body.to_string())
            .send()
            .await
            .map_err(|e| format!("the engine could not be reached: {e}"))?;
        if !response.status().is_success() {
            return Err(format!("the engine refused the phone's {kind}: {}", response.status()));
        }
    }
    Ok(())
}

/// Deletes the phone's endpoint, auth and aor from the engine (gone already is fine).
pub async fn remove(state: &AppState, id: &str) -> Result<(), String> {
    let client = client()?;
    let secret = state.settings.telephony.secret.as_deref().unwrap_or_default();
    for kind in ["endpoint", "auth", "aor"] {
        let response = client
            .delete(object_url(state, kind, id))
            .basic_auth(ENGINE_USER, Some(secret))
            .send()
            .await
            .map_err(|e| format!("the engine could not be reached: {e}"))?;
        if !response.status().is_success() && response.status() != reqwest::StatusCode::NOT_FOUND {
            return Err(format!("the engine refused to delete the phone's {kind}: {}", response.status()));
        }
    }
    Ok(())
}
