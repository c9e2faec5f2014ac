//! A call's recording (the conversation, or the caller's voicemail message): the engine writes
//! it as WAV; the server fetches it over ARI's HTTP interface, keeps it as MP3 where recordings
//! live (the transcription job takes it from there), and has the engine delete its copy.

use tokio::process::Command;

use super::{engine_http, ENGINE_USER};
use crate::child_process::{self, Limits};
use crate::state::AppState;
use crate::store::live_calls;

/// The longest recording fetched: 8 kHz 16-bit mono is 57.6 MB an hour.
const RECORDING_MAX_BYTES: usize = 100 << 20;
const PREFIX: &str = "call-";

/// The engine's name for the recording of call `id`.
pub fn name(id: i64) -> String {
    format!("{PREFIX}{id}")
}

/// Fetches, keeps and removes the engine's recording `name`, in a task of its own.
pub fn fetch_later(state: &AppState, name: &str) {
    let Some(call) = name.strip_prefix(PREFIX).and_then(|id| id.parse::<i64>().ok()) else { return };
    let (state, name) = (state.clone(), name.to_string());
    tokio::spawn(async move {
        if let Err(e) = fetch(&state, call, &name).await {
            tracing::error!(error = %e, call, "telephony: a recording could not be kept");
        }
    });
}

async fn fetch(state: &AppState, call: i64, name: &str) -> Result<(), String> {
    let telephony = &state.settings.telephony;
    let secret = telephony.secret.as_deref().unwrap_or_default();
    let url = format!("{}/recordings/stored/{name}/file", telephony.ari_url.trim_end_matches('/'));
    let client = engine_http::client()?;
    let too_long = "the recording is longer than any call may be";
    let wav = engine_http::get_bounded(state, &client, &url, RECORDING_MAX_BYTES, too_long)
        .await?
        .ok_or_else(|| "the engine has no such recording".to_string())?;
    let mp3 = child_process::run(
        Command::new("lame").args(["--quiet", "-b", "32", "-m", "m", "-", "-"]),
        &wav,
        Limits::SPEECH,
    )
    .await
    .map_err(|e| format!("lame: {e}"))?;
    let Some(customer) = live_calls::customer_of(&state.db, call).await.map_err(|e| e.to_string())? else {
        return Err("no such call".into());
    };
    let file_name = format!("{}.mp3", crate::security::random_token());
    live_calls::store_recording(&state.db, customer, call, &file_name, &mp3, state.clock.now())
        .await
        .map_err(|e| e.to_string())?;
    let _ = client
        .delete(format!("{}/recordings/stored/{name}", telephony.ari_url.trim_end_matches('/')))
        .basic_auth(ENGINE_USER, Some(secret))
        .send()
        .await;
    Ok(())
}
