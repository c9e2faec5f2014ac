//! Transcription: the recorded calls of accounts with speech analytics are
//! transcribed by a background job with an offline recogniser, behind the `Recogniser` trait so a
//! hosted one can replace it. The local one (`Local`) is Debian's pocketsphinx with its US English
//! model (packages pocketsphinx and pocketsphinx-en-us, installed by scripts/setup.sh): the
//! recording is decoded by lame, resampled to 16 kHz by sox and heard by `pocketsphinx_continuous`.
//! Debian's takes no words of the account's, so when the account has a vocabulary
//! (/vocabularies) the recording is heard as well by PocketSphinx 5 (PyPI, in target/speech),
//! given the vocabulary's words with the pronunciations kept when it was saved
//! (`pronunciations`: espeak-ng is not run for a recording), and its transcript is taken when it
//! has more of them. Each is a process on this machine
//! working on files in a folder of its own (removed after), so no audio leaves the installation.
//! Why these recognisers, and how well they hear the demo's recordings: docs/speech-api.md.
//!
//! Every server process runs the job; each call is claimed in the database before it is heard
//! (`store::transcripts::claim`: held `CLAIM_SECONDS`, so a process that dies lets it go), so a
//! call is transcribed once however many processes run. A failure holds the call for
//! `RETRY_SECONDS`, and it is given up after `MAX_ATTEMPTS`. Audio heard before with the same
//! vocabulary (`heard_key`: the demo's calls share four dialogues) takes the earlier transcript
//! instead of being heard again.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::AnyPool;
use tokio::process::Command;
use tokio::task::JoinHandle;

pub use crate::providers::pronunciations::{pronunciations, Pronunciation};
use crate::providers::text_to_speech::run_program;
use crate::security::random_token;
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
    /// What it hears in a recording (MP3 bytes), the account's vocabulary words (lower case,
    /// `domain::speech::recogniser_words`, with their kept pronunciations:
    /// `pronunciations::account_vocabulary`) added to what it knows.
    fn transcribe(
        &self,
        mp3: &[u8],
        vocabulary: &[Pronunciation],
    ) -> impl Future<Output = Result<Heard, String>> + Send;
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

    async fn transcribe(&self, mp3: &[u8], _vocabulary: &[Pronunciation]) -> Result<Heard, String> {
        // Files of ours for the moment it takes, removed after: lame decodes MP3 from a file only
        // (from a pipe it fails unless the bytes are already waiting).
        let dir = std::env::temp_dir().join(format!("transcription-{}", random_token()));
        tokio::fs::create_dir(&dir).await.map_err(|e| format!("no working folder for the recording: {e}"))?;
        let heard = hear_in(&dir, mp3).await;
        let _ = tokio::fs::remove_dir_all(&dir).await;
        heard
    }
}

async fn hear_in(dir: &Path, mp3: &[u8]) -> Result<Heard, String> {
    let wav = decode(dir, mp3).await?;
    let step = |e: crate::providers::text_to_speech::SpeechError| e.0;
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

/// PocketSphinx 5 (PyPI `pocketsphinx`, with the US English model it ships) on this machine, run
/// by crates/server/speech/hear.py with the Python of its virtual environment (scripts/setup.sh
/// installs it in target/speech; SPEECH_PYTHON names another). It takes the account's vocabulary:
/// each word its dictionary lacks is added with its kept pronunciation (the phones espeak-ng says
/// it with, worked out when the vocabulary was saved: `pronunciations`), and to its language
/// model.
#[derive(Debug, Clone)]
pub struct Pocketsphinx5 {
    /// The Python that has `pocketsphinx` installed.
    pub python: PathBuf,
}

/// The stored name of PocketSphinx 5.
pub const POCKETSPHINX_5: &str = "pocketsphinx 5.1.1 en-us (PyPI, offline)";

/// The script that hears a recording.
const HEAR_PY: &str = include_str!("../../speech/hear.py");

impl Pocketsphinx5 {
    /// The one scripts/setup.sh installs in this checkout's target/speech (tests and tools).
    pub fn in_checkout() -> Pocketsphinx5 {
        Pocketsphinx5 { python: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/speech/bin/python")) }
    }
}

impl Recogniser for Pocketsphinx5 {
    fn name(&self) -> &str {
        POCKETSPHINX_5
    }

    async fn transcribe(&self, mp3: &[u8], vocabulary: &[Pronunciation]) -> Result<Heard, String> {
        let dir = std::env::temp_dir().join(format!("transcription-{}", random_token()));
        tokio::fs::create_dir(&dir).await.map_err(|e| format!("no working folder for the recording: {e}"))?;
        let heard = hear_5_in(&dir, &self.python, mp3, vocabulary).await;
        let _ = tokio::fs::remove_dir_all(&dir).await;
        heard
    }
}

async fn hear_5_in(dir: &Path, python: &Path, mp3: &[u8], vocabulary: &[Pronunciation]) -> Result<Heard, String> {
    let wav = decode(dir, mp3).await?;
    let bytes = tokio::fs::metadata(&wav).await.map_err(|e| format!("sox wrote nothing: {e}"))?.len() as i64;
    let script = dir.join("hear.py");
    tokio::fs::write(&script, HEAR_PY)
        .await
        .map_err(|e| format!("the recogniser's script could not be written: {e}"))?;
    let words = serde_json::to_vec(vocabulary).map_err(|e| e.to_string())?;
    let heard = run_program(Command::new(python).arg(&script).arg(&wav), &words, true).await.map_err(|e| e.0)?;
    let audio_ms = (bytes - WAV_HEADER as i64).max(0) * 1000 / (SAMPLE_RATE * 2);
    Ok(Heard { audio_ms, ..parse_pocketsphinx(&String::from_utf8_lossy(&heard)) })
}

/// The recording as the model wants it: decoded by lame, resampled by sox to 16 kHz mono.
async fn decode(dir: &Path, mp3: &[u8]) -> Result<PathBuf, String> {
    let (call, decoded, wav) = (dir.join("call.mp3"), dir.join("decoded.wav"), dir.join("call.wav"));
    tokio::fs::write(&call, mp3).await.map_err(|e| format!("the recording could not be written: {e}"))?;
    let step = |e: crate::providers::text_to_speech::SpeechError| e.0;
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
    Ok(wav)
}

/// The local recogniser the job runs: Debian's pocketsphinx, which hears the demo's British
/// recordings best (docs/speech-api.md), and, when the account has a vocabulary, PocketSphinx 5
/// with it as well, whose transcript is taken when it has more of the vocabulary's words in it
/// (Debian's cannot be given words). Should PocketSphinx 5 fail (not installed), Debian's
/// transcript stands.
#[derive(Debug, Clone)]
pub struct Local {
    pub with_vocabulary: Pocketsphinx5,
}

impl Local {
    /// With the PocketSphinx 5 of this checkout (tests and tools).
    pub fn in_checkout() -> Local {
        Local { with_vocabulary: Pocketsphinx5::in_checkout() }
    }
}

/// The stored name of the local recogniser's transcripts.
pub const LOCAL: &str = "pocketsphinx en-us, offline (Debian's 0.8; PyPI's 5.1.1 with the account's vocabulary)";

impl Recogniser for Local {
    fn name(&self) -> &str {
        LOCAL
    }

    async fn transcribe(&self, mp3: &[u8], vocabulary: &[Pronunciation]) -> Result<Heard, String> {
        let heard = Pocketsphinx.transcribe(mp3, &[]).await?;
        if vocabulary.is_empty() {
            return Ok(heard);
        }
        let words = vocabulary_words(vocabulary);
        match self.with_vocabulary.transcribe(mp3, vocabulary).await {
            Ok(with) if vocabulary_heard(&with, &words) > vocabulary_heard(&heard, &words) => Ok(with),
            Ok(_) => Ok(heard),
            Err(cause) => {
                tracing::warn!(%cause, "PocketSphinx 5 failed; the transcript is Debian's pocketsphinx's");
                Ok(heard)
            }
        }
    }
}

/// The words of a vocabulary given with their pronunciations.
pub fn vocabulary_words(vocabulary: &[Pronunciation]) -> Vec<String> {
    vocabulary.iter().map(|(word, _)| word.clone()).collect()
}

/// How many of the words heard are the vocabulary's.
pub fn vocabulary_heard(heard: &Heard, vocabulary: &[String]) -> usize {
    heard.words.iter().filter(|w| vocabulary.contains(&w.word)).count()
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

/// What a transcript is reused by (`transcripts.audio_sha256`): the SHA-256 of the audio, or, when
/// the account has vocabulary words, of the audio and the words (another account's vocabulary
/// hears the same audio otherwise).
pub fn heard_key(audio: &[u8], vocabulary: &[String]) -> String {
    let mut hash = Sha256::new();
    hash.update(audio);
    if !vocabulary.is_empty() {
        hash.update(b"\0vocabulary\0");
        hash.update(vocabulary.join("\n").as_bytes());
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Transcribes up to `BATCH` waiting calls, one at a time, each with its account's vocabulary.
pub async fn run_once(db: &AnyPool, recogniser: &impl Recogniser, now: i64) -> sqlx::Result<Ran> {
    run_batch(db, recogniser, now, BATCH).await
}

/// Transcribes up to `batch` waiting calls (the accounts' in turn: `store::transcripts::waiting`).
pub async fn run_batch(db: &AnyPool, recogniser: &impl Recogniser, now: i64, batch: i64) -> sqlx::Result<Ran> {
    let mut ran = Ran::default();
    for (call_id, customer_id) in store::waiting(db, now, MAX_ATTEMPTS, batch).await? {
        if store::claim(db, call_id, now, now + CLAIM_SECONDS, MAX_ATTEMPTS).await?.is_none() {
            continue; // another run has it, or has just finished it
        }
        // A speech analytics trial's call beyond its day's allowance gets no insights.
        if !crate::trial_allowance::gets_insights(db, call_id, customer_id).await? {
            continue;
        }
        let Some(audio) = store::audio(db, call_id).await? else { continue };
        let vocabulary = crate::providers::pronunciations::account_vocabulary(db, customer_id).await?;
        let sha256 = heard_key(&audio, &vocabulary_words(&vocabulary));
        let heard = match store::heard_before(db, &sha256, recogniser.name()).await? {
            Some(before) => {
                ran.reused += 1;
                Ok((before.text, before.words, before.audio_ms))
            }
            None => recogniser.transcribe(&audio, &vocabulary).await.map(|heard| {
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
    let recogniser = Local { with_vocabulary: Pocketsphinx5 { python: state.settings.speech_python.clone() } };
    crate::jobs::every(INTERVAL, move || {
        let (state, recogniser) = (state.clone(), recogniser.clone());
        async move {
            match run_once(&state.db, &recogniser, state.clock.now()).await {
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

    #[test]
    fn the_same_audio_is_heard_again_when_the_vocabulary_differs() {
        let none = heard_key(b"audio", &[]);
        assert_eq!(none, "6ed8919ce20490a5e3ad8630a4fab69475297abd07db73918dd5f36fcfaeb11b", "the audio's own SHA-256");
        let dorvana = heard_key(b"audio", &["dorvana".into()]);
        assert_ne!(none, dorvana);
        assert_eq!(dorvana, heard_key(b"audio", &["dorvana".into()]));
        assert_ne!(dorvana, heard_key(b"audio", &["dorvana".into(), "kit".into()]));
    }

    #[test]
    fn the_vocabulary_words_heard_are_counted() {
        let word = |w: &str| HeardWord { word: w.into(), start_ms: 0, end_ms: 1 };
        let heard =
            Heard { words: vec![word("the"), word("dorvana"), word("kit"), word("dorvana")], ..Heard::default() };
        assert_eq!(vocabulary_heard(&heard, &["dorvana".into()]), 2);
        assert_eq!(vocabulary_heard(&heard, &[]), 0);
    }
}
