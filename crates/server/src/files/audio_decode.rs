//! An uploaded audio file is decoded whole before it is kept, not judged by its first bytes: a
//! file that starts like an MP3 and holds anything else after its header is refused. ffmpeg
//! (Debian's, installed by scripts/setup.sh) decodes it to the telephony engine's 8 kHz mono
//! 16-bit samples, stopping at the first decoding error, within a child process's limits.

use tokio::process::Command;

use crate::child_process::{self, ChildFailure, Limits};
use crate::security::random_token;

/// Decoding a 5 MB upload: at 8 kHz mono 16-bit, 64 MB of samples is over half an hour.
const LIMITS: Limits =
    Limits { memory: 1 << 30, cpu_seconds: 30, wall: std::time::Duration::from_secs(60), output_max: 64 << 20 };

/// Why an upload is not audio that plays.
#[derive(Debug, PartialEq, Eq)]
pub enum NotAudio {
    /// It does not decode, or decodes to no sound at all.
    Undecodable,
    /// The decoder could not be run here (not installed): the server's fault, not the file's.
    NoDecoder(String),
}

/// Decodes `bytes` (a file with the `extension` given, without its dot) whole: its length in
/// milliseconds, or why it is not audio.
pub async fn decode(extension: &str, bytes: &[u8]) -> Result<u64, NotAudio> {
    // A file, not a pipe: an M4A's index may follow its sound, and ffmpeg seeks to read it.
    let path = std::env::temp_dir().join(format!("upload-{}.{extension}", random_token()));
    tokio::fs::write(&path, bytes).await.map_err(|e| NotAudio::NoDecoder(format!("no temporary file: {e}")))?;
    let mut ffmpeg = Command::new("ffmpeg");
    ffmpeg
        .args(["-nostdin", "-hide_banner", "-v", "error", "-xerror", "-i"])
        .arg(&path)
        .args(["-vn", "-ac", "1", "-ar", "8000", "-f", "s16le", "pipe:1"]);
    let samples = child_process::run(&mut ffmpeg, &[], LIMITS).await;
    let _ = tokio::fs::remove_file(&path).await;
    match samples {
        Ok(samples) if samples.len() >= 2 => Ok(samples.len() as u64 / 2 * 1000 / 8000),
        Ok(_) => Err(NotAudio::Undecodable),
        Err(ChildFailure::NotStarted(e)) => Err(NotAudio::NoDecoder(e)),
        Err(_) => Err(NotAudio::Undecodable),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A second of a tone in `format` (an extension), made by ffmpeg itself.
    async fn tone(extension: &str) -> Vec<u8> {
        let path = std::env::temp_dir().join(format!("tone-{}.{extension}", random_token()));
        let made = Command::new("ffmpeg")
            .args(["-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1"])
            .arg(&path)
            .status()
            .await
            .expect("ffmpeg is installed");
        assert!(made.success(), "ffmpeg made a {extension}");
        let bytes = std::fs::read(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        bytes
    }

    #[tokio::test]
    async fn every_accepted_kind_of_audio_decodes_to_its_length() {
        for extension in ["wav", "mp3", "wma", "m4a", "aac"] {
            let ms = decode(extension, &tone(extension).await).await;
            assert!(matches!(ms, Ok(900..=1200)), "{extension}: {ms:?}");
        }
    }

    #[tokio::test]
    async fn a_file_that_only_starts_like_audio_is_refused() {
        let mp3 = tone("mp3").await;
        let mut disguised = mp3[..mp3.len().min(600)].to_vec();
        disguised.extend(b"<!doctype html><script>alert(1)</script>".repeat(2000));
        assert_eq!(decode("mp3", &disguised).await, Err(NotAudio::Undecodable));
        let wav = tone("wav").await;
        let header_only = wav[..44].to_vec();
        assert_eq!(decode("wav", &header_only).await, Err(NotAudio::Undecodable));
        assert_eq!(decode("m4a", b"\0\0\0\x18ftypM4A junk junk junk").await, Err(NotAudio::Undecodable));
    }
}
