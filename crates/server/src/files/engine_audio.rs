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
    ffmpeg.args(["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact"]);
    ffmpeg.args(["-vn", "-ac", "1", "-ar", "8000", "-c:a", "pcm_s16le", "-f", "wav", "pipe:1"]);
    let mut wav = child_process::run(&mut ffmpeg, stdin, LIMITS).await.map_err(|e| format!("ffmpeg: {e}"))?;
    if wav.len() <= 44 {
        return Err("ffmpeg wrote no sound".into());
    }
    set_sizes(&mut wav)?;
    Ok(wav)
}

/// Writes the RIFF and data chunk sizes that ffmpeg, writing to a pipe it cannot seek back
/// in, leaves as 0xFFFFFFFF: Asterisk refuses to open such a file ("Unable to open format
/// wav"), so the caller would hear nothing.
fn set_sizes(wav: &mut [u8]) -> Result<(), String> {
    if wav.len() < 12 || &wav[0..4] != b"RIFF" || &wav[8..12] != b"WAVE" {
        return Err("ffmpeg wrote no WAV".into());
    }
    let total = u32::try_from(wav.len() - 8).map_err(|_| "the sound is too long".to_string())?;
    wav[4..8].copy_from_slice(&total.to_le_bytes());
    let mut at = 12;
    while at + 8 <= wav.len() {
        let size = u32::from_le_bytes(wav[at + 4..at + 8].try_into().expect("four bytes"));
        if &wav[at..at + 4] == b"data" {
            let data = u32::try_from(wav.len() - at - 8).expect("smaller than the whole");
            wav[at + 4..at + 8].copy_from_slice(&data.to_le_bytes());
            return Ok(());
        }
        // Chunks are padded to an even size.
        let padded = usize::try_from(size).unwrap_or(usize::MAX).saturating_add(size as usize & 1);
        at = at.saturating_add(8).saturating_add(padded);
    }
    Err("ffmpeg wrote a WAV without sound".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piped(extra_chunk: &[u8], samples: usize) -> Vec<u8> {
        let mut wav = b"RIFF\xff\xff\xff\xffWAVEfmt ".to_vec();
        wav.extend_from_slice(&[16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1f, 0, 0, 0x80, 0x3e, 0, 0, 2, 0, 16, 0]);
        wav.extend_from_slice(extra_chunk);
        wav.extend_from_slice(b"data\xff\xff\xff\xff");
        wav.extend(std::iter::repeat_n(7u8, samples * 2));
        wav
    }

    fn size_at(wav: &[u8], at: usize) -> u32 {
        u32::from_le_bytes(wav[at..at + 4].try_into().unwrap())
    }

    #[test]
    fn the_sizes_a_pipe_left_unknown_are_written() {
        let mut wav = piped(&[], 100);
        set_sizes(&mut wav).unwrap();
        assert_eq!((size_at(&wav, 4), size_at(&wav, 40)), (wav.len() as u32 - 8, 200));
        // A chunk before the sound (ffmpeg's LIST of tags, odd-sized and padded) is stepped over.
        let mut tagged = piped(b"LIST\x03\x00\x00\x00abc\x00", 10);
        set_sizes(&mut tagged).unwrap();
        assert_eq!(size_at(&tagged, tagged.len() - 20 - 4), 20);
    }

    #[test]
    fn what_is_not_a_wav_with_sound_is_refused() {
        assert!(set_sizes(&mut b"ID3\x04 not a wav at all".to_vec()).is_err());
        let mut no_data = piped(&[], 0);
        no_data.truncate(36);
        assert!(set_sizes(&mut no_data).is_err());
    }
}
