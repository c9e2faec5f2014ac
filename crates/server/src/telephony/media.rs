//! Customers' audio for the engine: a signed address per audio (the engine cannot sign in),
//! serving the audio's 8 kHz WAV, made once and kept.

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use ring::hmac;

use domain::routing::live::Prompt;
use domain::routing::HOLD_MUSIC;

use super::ari::encode;
use crate::files::engine_audio;
use crate::state::AppState;
use crate::store::{audios, CustomerId};

const AUDIO_PATH: &str = "/telephony/audio/{customer}/{audio}/{signature}";

pub fn router() -> Router<AppState> {
    Router::new().route(AUDIO_PATH, get(serve))
}

fn key(secret: &str) -> hmac::Key {
    hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes())
}

fn signature(secret: &str, customer: CustomerId, audio: i64) -> String {
    let tag = hmac::sign(&key(secret), format!("audio/{customer}/{audio}").as_bytes());
    tag.as_ref()[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// The media the engine plays for one of the customer's audios.
pub fn audio_uri(state: &AppState, customer: CustomerId, audio: i64) -> String {
    let telephony = &state.settings.telephony;
    let secret = telephony.secret.as_deref().unwrap_or_default();
    let base = telephony.media_url.trim_end_matches('/');
    format!("sound:{base}/telephony/audio/{customer}/{audio}/{}.wav", signature(secret, customer, audio))
}

/// The engine's `media` parameter for a prompt: one of the customer's audios, or the engine's
/// own sounds (Asterisk's core English prompts and its way of saying a number). Several media
/// play as one playback, reported finished after the last; ARI takes them comma-separated (a
/// repeated parameter keeps only the last). Our audio addresses hold no comma.
pub fn prompt_media(state: &AppState, customer: CustomerId, prompt: Prompt) -> String {
    media_param(prompt, |audio| audio_uri(state, customer, audio))
}

fn media_param(prompt: Prompt, audio_uri: impl Fn(i64) -> String) -> String {
    let media = match prompt {
        Prompt::Audio(audio) => vec![audio_uri(audio)],
        Prompt::Beep => vec!["sound:beep".to_string()],
        Prompt::Position(place) => {
            vec!["sound:queue-thereare".to_string(), format!("number:{place}"), "sound:queue-callswaiting".to_string()]
        }
    };
    format!("media={}", encode(&media.join(",")))
}

/// The engine's music-on-hold class for a queue's hold music genre (scripts/telephony/asterisk/
/// musiconhold.conf): `hold-<genre>`, or the default class for a genre the product does not offer.
pub fn hold_class(genre: i64) -> String {
    if HOLD_MUSIC.iter().any(|(id, _)| i64::from(*id) == genre) {
        format!("hold-{genre}")
    } else {
        "default".to_string()
    }
}

async fn serve(State(state): State<AppState>, Path((customer, audio, signed)): Path<(i64, i64, String)>) -> Response {
    let Some(secret) = state.settings.telephony.secret.as_deref() else { return StatusCode::NOT_FOUND.into_response() };
    let customer = CustomerId::new(customer);
    let expected = format!("{}.wav", signature(secret, customer, audio));
    if !super::same_secret(signed.as_bytes(), expected.as_bytes()) {
        return StatusCode::NOT_FOUND.into_response();
    }
    match engine_wav(&state, customer, audio).await {
        Ok(Some(wav)) => {
            ([(header::CONTENT_TYPE, "audio/wav"), (header::CACHE_CONTROL, "max-age=300")], wav).into_response()
        }
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => {
            tracing::error!(error = %e, audio, "telephony: an audio could not be made for the engine");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// Makes a saved audio's engine WAV once, as it is saved. A failure is logged, and the engine's
/// first fetch tries again.
pub async fn prepare(state: &AppState, customer: CustomerId, audio: i64) {
    if let Err(e) = engine_wav(state, customer, audio).await {
        tracing::warn!(error = %e, audio, "telephony: a saved audio could not be made for the engine yet");
    }
}

/// The audio's engine WAV: kept, or made now (an audio saved before the engine's form was
/// kept) and kept.
pub async fn engine_wav(state: &AppState, customer: CustomerId, audio: i64) -> Result<Option<Vec<u8>>, String> {
    let Some(stored) =
        audios::engine_audio(&mut *state.db.acquire().await.map_err(|e| e.to_string())?, customer, audio)
            .await
            .map_err(|e| e.to_string())?
    else {
        return Ok(None);
    };
    if let Some(wav) = stored.engine_wav {
        return Ok(Some(wav));
    }
    let wav = match stored.content.filter(|c| !c.is_empty()) {
        Some(content) => engine_audio::from_file(&stored.file_name, &content).await?,
        None if !stored.sentence.trim().is_empty() => engine_audio::from_sentence(&stored.sentence).await?,
        None => return Ok(None),
    };
    audios::set_engine_wav(&mut *state.db.acquire().await.map_err(|e| e.to_string())?, customer, audio, &wav)
        .await
        .map_err(|e| e.to_string())?;
    Ok(Some(wav))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_three_media_in_one_playback_and_a_genre_names_its_class() {
        let uri = |audio: i64| format!("sound:http://server/a/{audio}.wav");
        assert_eq!(media_param(Prompt::Audio(7), uri), "media=sound%3Ahttp%3A%2F%2Fserver%2Fa%2F7.wav");
        assert_eq!(media_param(Prompt::Beep, uri), "media=sound%3Abeep");
        assert_eq!(
            media_param(Prompt::Position(3), uri),
            "media=sound%3Aqueue-thereare%2Cnumber%3A3%2Csound%3Aqueue-callswaiting"
        );
        assert_eq!((hold_class(1), hold_class(5)), ("hold-1".to_string(), "hold-5".to_string()));
        assert_eq!(
            (hold_class(0), hold_class(6), hold_class(-1)),
            ("default".to_string(), "default".to_string(), "default".to_string())
        );
    }
}
