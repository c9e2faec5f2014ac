//! Audio as the telephony engine plays it: 8 kHz mono 16-bit WAV, made once from an uploaded
//! file (ffmpeg) or a text-to-speech sentence (espeak-ng, then ffmpeg), within a child
//! process's limits, so no call waits for a conversion after the first.

use tokio::process::Command;

use crate::child_process::{self, Limits};
use crate::security::random_token;

const LIMITS: Limits =
    Limits { memory: 1 << 30, cpu_seconds: 30, wall: std::time::Duration::from_secs(60), output_max: 64 << 20 };

/// The engine's WAV of a stored file (`file_name` gives its extension).
pub async fn from_file(file_name: &str, bytes: &[u8]) -> Result<Vec<u8>, String> {
    let extension: String =
        file_name.rsplit('.').next().unwrap_or("").chars().filter(char::is_ascii_alphanumeric).take(5).collect();
    // A file, not a pipe: an M4A's index may follow its sound, and ffmpeg seeks to read it.
    let path = std::env::temp_dir().join(format!("engine-{}.{extension}", random_token()));
    tokio::fs::write(&path, bytes).await.map_err(|e| format!("no temporary file: {e}"))?;
    let wav = to_wav(path.as_os_str(), &[]).await;
    let _ = tokio::fs::remove_file(&path).await;
    wav
}

/// The engine's WAV of a sentence, spoken by espeak-ng's British English.
pub async fn from_sentence(sentence: &str) -> Result<Vec<u8>, String> {
    let spoken =
        child_process::run(Command::new("espeak-ng").args(["-v", "en-gb", "--stdout", "--", sentence]), &[], LIMITS)
            .await
            .map_err(|e| format!("espeak-ng: {e}"))?;
    to_wav(std::ffi::OsStr::new("pipe:0"), &spoken).await
}

/// ffmpeg reading `input` (a file, or "pipe:0" for `stdin`), writing the engine's WAV.
async fn to_wav(input: &std::ffi::OsStr, stdin: &[u8]) -> Result<Vec<u8>, String> {
    let mut ffmpeg = Command::new("ffmpeg");
    ffmpeg.args(["-nostdin", "-hide_banner", "-v", "error", "-i"]).arg(input);
    ffmpeg.args(["-vn", "-ac", "1", "-ar", "8000", "-c:a", "pcm_s16le", "-f", "wav", "pipe:1"]);
    let wav = child_process::run(&mut ffmpeg, stdin, LIMITS).await.map_err(|e| format!("ffmpeg: {e}"))?;
    if wav.len() <= 44 {
        return Err("ffmpeg wrote no sound".into());
    }
    Ok(wav)
}
