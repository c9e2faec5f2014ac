//! Transcription (issue 36): the recorded calls of accounts with speech analytics are
//! transcribed by a background job with an offline recogniser, behind the `Recogniser` trait so a
//! hosted one can replace it. The local one is Debian's pocketsphinx with its US English model
//! (packages pocketsphinx and pocketsphinx-en-us, installed by scripts/setup.sh): the recording is
//! decoded by lame, resampled to 16 kHz by sox and heard by `pocketsphinx_continuous`, each a
//! process on this machine working on files in a folder of its own (removed after), so no audio
//! leaves the installation. Why this
//! recogniser, and how well it hears the demo's recordings: docs/speech-api.md.
//!
//! Every server process runs the job; each call is claimed in the database before it is heard
//! (`store::transcripts::claim`: held `CLAIM_SECONDS`, so a process that dies lets it go), so a
//! call is transcribed once however many processes run. A failure holds the call for
//! `RETRY_SECONDS`, and it is given up after `MAX_ATTEMPTS`. Audio heard before (by its SHA-256:
//! the demo's calls share three dialogues) takes the earlier transcript instead of being heard
//! again.

use std::future::Future;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::AnyPool;
use tokio::process::Command;
use tokio::task::JoinHandle;

use crate::security::random_token;
use crate::speech::run_program;
use crate::state::AppState;
use crate::store::transcripts::{self as store, NewTranscript};

/// How often the job looks for recordings to transcribe.
pub const INTERVAL: Duration = Duration::from_secs(10);
/// How long a claim holds a call: far longer than hearing a recording takes.
pub const CLAIM_SECONDS: i64 = 10 * 60;
/// How long a call waits after a failed attempt.
pub const RETRY_SECONDS: i64 = 60 * 60;
/// Attempts before a call is given up.
pub const MAX_ATTEMPTS: i64 = 3;
/// Calls heard in one run (the next run takes the rest).
pub const BATCH: i64 = 20;

/// A word heard, with where it is in the recording.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeardWord {
    pub word: String,
    pub start_ms: i64,
    pub end_ms: i64,
}

/// What a recogniser heard in a recording.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Heard {
    /// One line an utterance.
    pub text: String,
    /// Empty when the recogniser gives no times.
    pub words: Vec<HeardWord>,
    /// The recording's length.
    pub audio_ms: i64,
}

/// A speech recogniser: the local one, or a hosted one later.
pub trait Recogniser: Send + Sync {
    /// Its name, stored with each transcript.
    fn name(&self) -> &str;
    /// What it hears in a recording (MP3 bytes).
    fn transcribe(&self, mp3: &[u8]) -> impl Future<Output = Result<Heard, String>> + Send;
}

/// Debian's pocketsphinx (0.8+5prealpha) with pocketsphinx-en-us, on this machine.
#[derive(Debug, Clone, Copy, Default)]
pub struct Pocketsphinx;

/// The stored name of Debian's pocketsphinx.
pub const POCKETSPHINX: &str = "pocketsphinx 0.8+5prealpha en-us (Debian, offline)";

/// The model's sample rate: 16 kHz, 16-bit mono.
const SAMPLE_RATE: i64 = 16_000;
const WAV_HEADER: usize = 44;

impl Recogniser for Pocketsphinx {
    fn name(&self) -> &str {
        POCKETSPHINX
    }

    async fn transcribe(&self, mp3: &[u8]) -> Result<Heard, String> {
        // Files of ours for the moment it takes, removed after: lame decodes MP3 from a file only
        // (from a pipe it fails unless the bytes are already waiting).
        let dir = std::env::temp_dir().join(format!("transcription-{}", random_token()));
        tokio::fs::create_dir(&dir).await.map_err(|e| format!("no working folder for the recording: {e}"))?;
        let heard = hear_in(&dir, mp3).await;
        let _ = tokio::fs::remove_dir_all(&dir).await;
        heard
    }
}

async fn hear_in(dir: &std::path::Path, mp3: &[u8]) -> Result<Heard, String> {
    let (call, decoded, wav) = (dir.join("call.mp3"), dir.join("decoded.wav"), dir.join("call.wav"));
    tokio::fs::write(&call, mp3).await.map_err(|e| format!("the recording could not be written: {e}"))?;
    let step = |e: crate::speech::SpeechError| e.0;
    run_program(Command::new("lame").args(["--quiet", "--decode"]).arg(&call).arg(&decoded), &[], true)
        .await
        .map_err(step)?;
    // No dither (-D): sox's is random, and the same recording is then heard the same every time.
    run_program(
        Command::new("sox").args(["-q", "-D"]).arg(&decoded).args(["-r", "16000", "-c", "1", "-b", "16"]).arg(&wav),
        &[],
        true,
    )
    .await
    .map_err(step)?;
    let bytes = tokio::fs::metadata(&wav).await.map_err(|e| format!("sox wrote nothing: {e}"))?.len() as i64;
    let heard = run_program(
        Command::new("pocketsphinx_continuous").arg("-infile").arg(&wav).args(["-time", "yes", "-logfn", "/dev/null"]),
        &[],
        true,
    )
    .await
    .map_err(step)?;
    let audio_ms = (bytes - WAV_HEADER as i64).max(0) * 1000 / (SAMPLE_RATE * 2);
    Ok(Heard { audio_ms, ..parse_pocketsphinx(&String::from_utf8_lossy(&heard)) })
}

/// Reads `pocketsphinx_continuous -time yes`: each utterance is its hypothesis on a line, then a
/// line a segment, "word start end confidence" (seconds). Silences, fillers and sentence marks are
/// left out; an alternative pronunciation's mark ("to(2)") is dropped.
pub fn parse_pocketsphinx(output: &str) -> Heard {
    let mut lines: Vec<Vec<String>> = Vec::new();
    let mut words = Vec::new();
    for line in output.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [word, start, end, _confidence] = fields[..] else { continue };
        let (Ok(start), Ok(end)) = (start.parse::<f64>(), end.parse::<f64>()) else { continue };
        if word == "<s>" {
            lines.push(Vec::new());
        }
        if word.starts_with('<') || word.starts_with('[') || word.starts_with("++") {
            continue;
        }
        let word = word.split_once('(').map_or(word, |(w, _)| w).to_string();
        match lines.last_mut() {
            Some(line) => line.push(word.clone()),
            None => lines.push(vec![word.clone()]),
        }
        words.push(HeardWord {
            word,
            start_ms: (start * 1000.0).round() as i64,
            end_ms: (end * 1000.0).round() as i64,
        });
    }
    let text = lines.iter().filter(|l| !l.is_empty()).map(|l| l.join(" ")).collect::<Vec<_>>().join("\n");
    Heard { text, words, audio_ms: 0 }
}

/// What a run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ran {
    /// Recordings the recogniser heard.
    pub heard: usize,
    /// Calls given the transcript of the same audio heard before.
    pub reused: usize,
    pub failed: usize,
}

/// Transcribes up to `BATCH` waiting calls, one at a time.
pub async fn run_once(db: &AnyPool, recogniser: &impl Recogniser, now: i64) -> sqlx::Result<Ran> {
    let mut ran = Ran::default();
    for (call_id, customer_id) in store::waiting(db, now, MAX_ATTEMPTS, BATCH).await? {
        if store::claim(db, call_id, now, now + CLAIM_SECONDS, MAX_ATTEMPTS).await?.is_none() {
            continue; // another run has it, or has just finished it
        }
        // A speech analytics trial's call beyond its day's allowance gets no insights.
        if !crate::trial_allowance::gets_insights(db, call_id, customer_id).await? {
            continue;
        }
        let Some(audio) = store::audio(db, call_id).await? else { continue };
        let sha256: String = Sha256::digest(&audio).iter().map(|b| format!("{b:02x}")).collect();
        let heard = match store::heard_before(db, &sha256, recogniser.name()).await? {
            Some(before) => {
                ran.reused += 1;
                Ok((before.text, before.words, before.audio_ms))
            }
            None => recogniser.transcribe(&audio).await.map(|heard| {
                ran.heard += 1;
                // PostgreSQL's text holds no NUL, whatever a recogniser answers.
                let clean = |text: &str| text.replace('\0', "");
                let words: Vec<(String, i64, i64)> =
                    heard.words.iter().map(|w| (clean(&w.word), w.start_ms, w.end_ms)).collect();
                (clean(&heard.text), serde_json::to_string(&words).unwrap_or_else(|_| "[]".into()), heard.audio_ms)
            }),
        };
        match heard {
            Ok((text, words, audio_ms)) => {
                let transcript = NewTranscript {
                    call_id,
                    customer_id,
                    text: &text,
                    words: &words,
                    recogniser: recogniser.name(),
                    audio_sha256: &sha256,
                    audio_ms,
                };
                store::store(db, &transcript, now).await?;
                crate::store::voice_tags::tag_call(db, customer_id, call_id).await?;
            }
            Err(cause) => {
                tracing::warn!(call = call_id, %cause, "transcription failed; will retry");
                store::failed(db, call_id, &cause, now + RETRY_SECONDS).await?;
                ran.failed += 1;
            }
        }
    }
    Ok(ran)
}

/// Runs `run_once` with the local recogniser every `INTERVAL` for as long as the server runs.
pub fn spawn(state: AppState) -> JoinHandle<()> {
    crate::background::every(INTERVAL, move || {
        let state = state.clone();
        async move {
            match run_once(&state.db, &Pocketsphinx, state.clock.now()).await {
                Ok(ran) if ran == Ran::default() => {}
                Ok(ran) => tracing::info!(?ran, "transcription run"),
                Err(error) => tracing::error!(%error, "transcription run failed"),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pocketsphinx_word_times_become_words_and_lines() {
        let output = "hello there\n<s> 0.000 0.070 0.999600\nhello 0.080 0.600 0.583295\n<sil> 0.610 0.870 0.99\n\
                      there 0.880 1.060 0.68\n</s> 1.07 1.2 1.0\nto book\n<s> 2.0 2.1 1\n[NOISE] 2.1 2.2 1\n\
                      to(2) 2.2 2.4 0.03\nbook 2.5 2.9 0.5\n</s> 3.0 3.2 1\n";
        let heard = parse_pocketsphinx(output);
        assert_eq!(heard.text, "hello there\nto book");
        assert_eq!(heard.words.len(), 4);
        assert_eq!(heard.words[0], HeardWord { word: "hello".into(), start_ms: 80, end_ms: 600 });
        assert_eq!(heard.words[2], HeardWord { word: "to".into(), start_ms: 2200, end_ms: 2400 });
        assert_eq!(parse_pocketsphinx(""), Heard::default());
    }
}
