//! Text to speech (ARCHITECTURE.md, "Things outside our walls"): a trait for the engine, and a
//! local one that really speaks — espeak-ng (British English) to WAV, then lame to MP3, both
//! from Debian's packages (installed by scripts/setup.sh).

use std::process::Stdio;

use tokio::io::AsyncWriteExt;
use tokio::process::Command;

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

async fn run(command: &mut Command, input: &[u8]) -> Result<Vec<u8>, SpeechError> {
    let program = command.as_std().get_program().to_string_lossy().into_owned();
    let failed = |e: std::io::Error| SpeechError(format!("{program}: {e}"));
    let mut child =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().map_err(failed)?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let writer = tokio::spawn(async move {
        let written = stdin.write_all(&input).await;
        drop(stdin);
        written
    });
    let output = child.wait_with_output().await.map_err(failed)?;
    writer.await.map_err(|e| SpeechError(e.to_string()))?.map_err(failed)?;
    if !output.status.success() || output.stdout.is_empty() {
        return Err(SpeechError(format!("{program} failed: {}", String::from_utf8_lossy(&output.stderr))));
    }
    Ok(output.stdout)
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
}
