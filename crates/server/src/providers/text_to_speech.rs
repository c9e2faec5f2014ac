//! Text to speech (ARCHITECTURE.md, "Things outside our walls"): a trait for the engine, and a
//! local one that really speaks — espeak-ng (British English) to WAV, then lame to MP3, both
//! from Debian's packages (installed by scripts/setup.sh).

use tokio::process::Command;

use crate::child_process::{self, Limits};

#[derive(Debug)]
pub struct SpeechError(pub String);

pub trait SpeechEngine: Send + Sync {
    /// The text spoken, as MP3 bytes.
    fn mp3(&self, text: &str) -> impl std::future::Future<Output = Result<Vec<u8>, SpeechError>> + Send;
}

/// espeak-ng and lame on this machine.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalSpeech;

impl SpeechEngine for LocalSpeech {
    async fn mp3(&self, text: &str) -> Result<Vec<u8>, SpeechError> {
        // The text is one argument after `--`, never parsed by a shell.
        let wav = run(Command::new("espeak-ng").args(["-v", "en-gb", "--stdout", "--", text]), &[]).await?;
        run(Command::new("lame").args(["--quiet", "-", "-"]), &wav).await
    }
}

/// A voice of the dialogue: espeak-ng's British English, or its female variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voice {
    Agent,
    Caller,
}

/// espeak-ng writes a canonical 44-byte WAV header (RIFF, a 16-byte fmt chunk, data).
const WAV_HEADER: usize = 44;
/// A pause between two lines: 0.4 s of 16-bit mono silence at espeak-ng's 22,050 Hz.
const PAUSE_BYTES: usize = 22_050 * 2 * 4 / 10;

/// The espeak-ng voices of a dialogue and how fast they speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DialogueVoices {
    pub agent: &'static str,
    pub caller: &'static str,
    pub words_per_minute: u32,
}

/// The demo's voices: espeak-ng's British English and its female variant, at its usual pace.
pub const BRITISH: DialogueVoices = DialogueVoices { agent: "en-gb", caller: "en-gb+f3", words_per_minute: 175 };
/// espeak-ng's US English voice (both speakers) a little slower: the recogniser's model is US
/// English (scripts/bench-transcription.sh compares both).
pub const AMERICAN: DialogueVoices = DialogueVoices { agent: "en-us", caller: "en-us", words_per_minute: 140 };

/// A short dialogue in two voices as one MP3 (the demo's call recordings): each line spoken on
/// its own, the samples joined with a pause between, then encoded once.
pub async fn dialogue_mp3(lines: &[(Voice, &str)]) -> Result<Vec<u8>, SpeechError> {
    dialogue_mp3_in(lines, BRITISH).await
}

/// `dialogue_mp3` in the given voices.
pub async fn dialogue_mp3_in(lines: &[(Voice, &str)], voices: DialogueVoices) -> Result<Vec<u8>, SpeechError> {
    let mut header = None;
    let mut samples = Vec::new();
    let speed = voices.words_per_minute.to_string();
    for (voice, text) in lines {
        let name = if *voice == Voice::Agent { voices.agent } else { voices.caller };
        let wav = run(Command::new("espeak-ng").args(["-v", name, "-s", &speed, "--stdout", "--", text]), &[]).await?;
        if wav.len() <= WAV_HEADER || &wav[36..40] != b"data" {
            return Err(SpeechError("espeak-ng wrote an unexpected WAV header".into()));
        }
        header.get_or_insert_with(|| wav[..WAV_HEADER].to_vec());
        if !samples.is_empty() {
            samples.resize(samples.len() + PAUSE_BYTES, 0);
        }
        samples.extend_from_slice(&wav[WAV_HEADER..]);
    }
    let mut wav = header.ok_or_else(|| SpeechError("a dialogue needs a line".into()))?;
    let data = u32::try_from(samples.len()).map_err(|_| SpeechError("the dialogue is too long".into()))?;
    wav[4..8].copy_from_slice(&(data + 36).to_le_bytes());
    wav[40..44].copy_from_slice(&data.to_le_bytes());
    wav.extend_from_slice(&samples);
    // Speech needs no more than 32 kbit/s mono: a recording of a few seconds is a few kilobytes.
    run(Command::new("lame").args(["--quiet", "-b", "32", "-m", "m", "-", "-"]), &wav).await
}

async fn run(command: &mut Command, input: &[u8]) -> Result<Vec<u8>, SpeechError> {
    run_program(command, input, false).await
}

/// Runs a program with `input` on its standard input (never through a shell), within the
/// speech programs' limits of memory and time: its standard output, an error when it fails (or,
/// unless `may_be_empty`, writes nothing).
pub(crate) async fn run_program(
    command: &mut Command,
    input: &[u8],
    may_be_empty: bool,
) -> Result<Vec<u8>, SpeechError> {
    let program = command.as_std().get_program().to_string_lossy().into_owned();
    let output = child_process::run(command, input, Limits::SPEECH)
        .await
        .map_err(|failure| SpeechError(format!("{program}: {failure}")))?;
    if output.is_empty() && !may_be_empty {
        return Err(SpeechError(format!("{program} wrote nothing")));
    }
    Ok(output)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_sentence_becomes_an_mp3() {
        let mp3 = LocalSpeech.mp3("Google paid search caller").await.expect("espeak-ng and lame are installed");
        // An MP3 frame sync (lame writes no ID3 tag by default) or an ID3 header.
        assert!(mp3.starts_with(b"ID3") || (mp3[0] == 0xFF && mp3[1] & 0xE0 == 0xE0), "{:?}", &mp3[..4]);
        assert!(mp3.len() > 1000);
    }

    #[tokio::test]
    async fn a_dialogue_in_two_voices_is_longer_than_either_line() {
        let one = dialogue_mp3(&[(Voice::Agent, "Good morning, Harbour Lane Dental.")]).await.unwrap();
        let both = dialogue_mp3(&[
            (Voice::Agent, "Good morning, Harbour Lane Dental."),
            (Voice::Caller, "Hello, I would like to book a check up."),
        ])
        .await
        .unwrap();
        assert!(both.len() > one.len() * 3 / 2, "{} vs {}", both.len(), one.len());
        assert!(dialogue_mp3(&[]).await.is_err());
    }
}
