//! Audio files and text to speech (spec/call-routing.md section 5), with the checks an upload
//! gets: extension, size and whether the bytes really are that kind of audio.

use serde::{Deserialize, Serialize};

use super::constants::{AUDIO_DESCRIPTION_MAX, AUDIO_EXTENSIONS, AUDIO_SENTENCE_MAX, MAX_AUDIO_BYTES};
use crate::character_rules::CharacterRule;
use crate::names::TextRule;
use crate::validation::FieldErrors;

pub const FILE_OR_SPEECH_REQUIRED: &str = "File or text to speech is required.";
pub const ADD_FILE_OR_SPEECH: &str = "Add file or type text to speech.";
pub const FILE_AND_SPEECH: &str = "Choose a file or text to speech, not both.";
pub const BAD_EXTENSION: &str = "Valid file extensions are wav, wma, mp3, m4a and aac.";
pub const FILE_TOO_LARGE: &str = "The file must not exceed 5 MB.";
/// Deleting an audio that routing, an IVR or a whisper still plays.
pub const AUDIO_IN_USE: &str = "This audio is in use and cannot be deleted.";
pub const FILE_EMPTY: &str = "The file is empty.";
pub const SENTENCE_TOO_LONG: &str = "Text to speech must not exceed 60 characters.";
const DESCRIPTION: TextRule =
    TextRule::description(AUDIO_DESCRIPTION_MAX, "Description must not exceed 60 characters.");

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AudioForm {
    pub description: String,
    pub sentence: String,
    /// The chosen file's name, None when no file is chosen.
    pub file_name: Option<String>,
    pub file_size: usize,
    /// Editing an audio that already has a stored file (it may be kept).
    pub has_stored_file: bool,
}

/// The file name's extension, lower-cased.
pub fn extension(file_name: &str) -> Option<String> {
    file_name.rsplit_once('.').map(|(_, ext)| ext.to_ascii_lowercase())
}

/// Keys: form_description, form_file, form_audio_sentence.
pub fn validate_audio(form: &AudioForm, taken: &[String]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    DESCRIPTION.check(&mut errors, "form_description", &form.description, taken);
    let sentence = form.sentence.trim();
    match &form.file_name {
        Some(_) if !sentence.is_empty() => errors.add("form_audio_sentence", FILE_AND_SPEECH),
        Some(name) => {
            if !extension(name).is_some_and(|ext| AUDIO_EXTENSIONS.contains(&ext.as_str())) {
                errors.add("form_file", BAD_EXTENSION);
            } else if form.file_size == 0 {
                errors.add("form_file", FILE_EMPTY);
            } else if form.file_size > MAX_AUDIO_BYTES {
                errors.add("form_file", FILE_TOO_LARGE);
            }
        }
        None if sentence.is_empty() && !form.has_stored_file => {
            errors.add("form_file", FILE_OR_SPEECH_REQUIRED);
            errors.add("form_audio_sentence", ADD_FILE_OR_SPEECH);
        }
        None => {}
    }
    if sentence.chars().count() > AUDIO_SENTENCE_MAX {
        errors.add("form_audio_sentence", SENTENCE_TOO_LONG);
    } else if !CharacterRule::NoForeignCharacters.allows(sentence) {
        errors.add("form_audio_sentence", CharacterRule::NoForeignCharacters.message());
    }
    errors.into_result()
}

/// The message when a file's first bytes are not audio of the kind its extension says, else
/// None. Needs at least the first 12 bytes.
pub fn audio_content_problem(file_name: &str, head: &[u8]) -> Option<String> {
    let ext = extension(file_name).unwrap_or_default();
    let ok = match ext.as_str() {
        "wav" => head.len() >= 12 && &head[0..4] == b"RIFF" && &head[8..12] == b"WAVE",
        "mp3" => head.starts_with(b"ID3") || is_mpeg_frame(head),
        "aac" => head.starts_with(b"ADIF") || (is_mpeg_frame(head) && head[1] & 0x06 == 0),
        "m4a" => head.len() >= 8 && &head[4..8] == b"ftyp",
        // The ASF header object's GUID, which starts every WMA file.
        "wma" => head.starts_with(&[0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11]),
        _ => return Some(BAD_EXTENSION.to_string()),
    };
    (!ok).then(|| not_valid_audio(file_name))
}

/// The message for a file that is not audio of the kind its extension says (its first bytes,
/// or the whole file once decoded).
pub fn not_valid_audio(file_name: &str) -> String {
    let ext = extension(file_name).unwrap_or_default();
    format!("The file is not a valid {} audio file.", ext.to_ascii_uppercase())
}

/// An MPEG audio frame sync (11 set bits): MP3 frames and AAC ADTS headers start with one.
fn is_mpeg_frame(head: &[u8]) -> bool {
    head.len() >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0
}

/// How long a constant-bit-rate MP3 lasts (what lame writes here), in whole seconds rounded:
/// its bytes after any ID3 tag over the first frame's bit rate. None when no MPEG-1/2 layer III
/// frame header is found in its first 64 KB.
pub fn mp3_seconds(mp3: &[u8]) -> Option<i64> {
    // kbit/s by the header's index, MPEG-1 and MPEG-2/2.5 layer III.
    const MPEG1: [i64; 15] = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
    const MPEG2: [i64; 15] = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
    let mut start = 0;
    if mp3.len() >= 10 && mp3.starts_with(b"ID3") {
        // The tag's size: four 7-bit bytes, after its 10-byte header.
        let size = mp3[6..10].iter().fold(0usize, |n, b| (n << 7) | usize::from(b & 0x7F));
        start = 10 + size;
    }
    let window = mp3.get(start..)?.iter().take(65_536).count();
    let at = (start..start + window.saturating_sub(3)).find(|&i| {
        mp3[i] == 0xFF && mp3[i + 1] & 0xE0 == 0xE0 && mp3[i + 1] & 0x06 == 0x02 && mp3[i + 2] >> 4 != 0x0F
    })?;
    let index = usize::from(mp3[at + 2] >> 4);
    let kbits = if mp3[at + 1] & 0x18 == 0x18 { MPEG1[index] } else { MPEG2[index] };
    if kbits == 0 {
        return None;
    }
    let bytes = i64::try_from(mp3.len() - at).ok()?;
    Some((bytes * 8 + kbits * 500) / (kbits * 1000))
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_mp3s_length_comes_from_its_bit_rate() {
        use super::mp3_seconds;
        // A 32 kbit/s MPEG-1 layer III frame header (FF FB 1x) and 42 seconds of bytes.
        let mut mp3 = vec![0xFF, 0xFB, 0x10, 0xC4];
        mp3.resize(42 * 4_000, 0);
        assert_eq!(mp3_seconds(&mp3), Some(42));
        // After an ID3 tag of 100 bytes.
        let mut tagged = b"ID3\x04\x00\x00\x00\x00\x00\x64".to_vec();
        tagged.extend(vec![0; 100]);
        tagged.extend(&mp3);
        assert_eq!(mp3_seconds(&tagged), Some(42));
        // MPEG-2 at 32 kbit/s (index 4).
        let mut low = vec![0xFF, 0xF3, 0x40, 0xC4];
        low.resize(10 * 4_000, 0);
        assert_eq!(mp3_seconds(&low), Some(10));
        assert_eq!(mp3_seconds(b"RIFF....WAVE"), None);
        assert_eq!(mp3_seconds(&[]), None);
        assert_eq!(mp3_seconds(&[0xFF, 0xFB, 0x00, 0x00]), None, "a free-format frame has no rate");
    }

    use super::*;

    fn with_file(name: &str, size: usize) -> AudioForm {
        AudioForm { description: "Welcome".into(), file_name: Some(name.into()), file_size: size, ..Default::default() }
    }

    #[test]
    fn a_file_or_a_sentence_is_required_for_a_new_audio() {
        let errors =
            validate_audio(&AudioForm { description: "Welcome".into(), ..Default::default() }, &[]).unwrap_err();
        assert_eq!(errors.get("form_file"), Some("File or text to speech is required."));
        assert_eq!(errors.get("form_audio_sentence"), Some("Add file or type text to speech."));
        let speech =
            AudioForm { description: "Welcome".into(), sentence: "Thanks for calling".into(), ..Default::default() };
        assert!(validate_audio(&speech, &[]).is_ok());
        let kept = AudioForm { description: "Welcome".into(), has_stored_file: true, ..Default::default() };
        assert!(validate_audio(&kept, &[]).is_ok());
    }

    #[test]
    fn a_file_and_a_sentence_exclude_each_other() {
        let both = AudioForm { sentence: "Hello".into(), ..with_file("a.wav", 10) };
        assert_eq!(validate_audio(&both, &[]).unwrap_err().get("form_audio_sentence"), Some(FILE_AND_SPEECH));
    }

    #[test]
    fn only_the_five_audio_extensions_are_accepted_in_any_case() {
        for name in ["a.wav", "b.WMA", "c.mp3", "d.m4a", "e.aac"] {
            assert!(validate_audio(&with_file(name, 10), &[]).is_ok(), "{name}");
        }
        for name in ["a.ogg", "noextension", "a.wav.exe"] {
            let errors = validate_audio(&with_file(name, 10), &[]).unwrap_err();
            assert_eq!(
                errors.get("form_file"),
                Some("Valid file extensions are wav, wma, mp3, m4a and aac."),
                "{name}"
            );
        }
    }

    #[test]
    fn files_must_hold_something_and_stay_within_5_mb() {
        assert_eq!(validate_audio(&with_file("a.wav", 0), &[]).unwrap_err().get("form_file"), Some(FILE_EMPTY));
        let big = validate_audio(&with_file("a.wav", MAX_AUDIO_BYTES + 1), &[]).unwrap_err();
        assert_eq!(big.get("form_file"), Some(FILE_TOO_LARGE));
        assert!(validate_audio(&with_file("a.wav", MAX_AUDIO_BYTES), &[]).is_ok());
    }

    #[test]
    fn the_sentence_is_limited_and_plain() {
        let long = AudioForm { description: "W".into(), sentence: "s".repeat(61), ..Default::default() };
        assert_eq!(validate_audio(&long, &[]).unwrap_err().get("form_audio_sentence"), Some(SENTENCE_TOO_LONG));
    }

    #[test]
    fn the_description_is_required_and_unique() {
        let errors = validate_audio(&with_file("a.wav", 1), &["welcome".into()]).unwrap_err();
        assert_eq!(errors.get("form_description"), Some("Description must be unique."));
    }

    #[test]
    fn the_bytes_must_match_the_extension() {
        assert_eq!(audio_content_problem("a.wav", b"RIFF\x24\x00\x00\x00WAVEfmt "), None);
        assert_eq!(
            audio_content_problem("a.wav", b"<html><body>"),
            Some("The file is not a valid WAV audio file.".into())
        );
        assert_eq!(audio_content_problem("a.mp3", b"ID3\x04\x00\x00\x00\x00\x00\x00\x00\x00"), None);
        assert_eq!(audio_content_problem("a.mp3", &[0xFF, 0xFB, 0x90, 0x64]), None);
        assert_eq!(audio_content_problem("a.aac", &[0xFF, 0xF1, 0x50, 0x80]), None);
        assert_eq!(audio_content_problem("a.m4a", b"\x00\x00\x00\x20ftypM4A "), None);
        assert_eq!(audio_content_problem("a.wma", &[0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6]), None);
        assert!(audio_content_problem("a.m4a", b"RIFF\x00\x00\x00\x00WAVE").is_some());
        assert!(audio_content_problem("a.wav", b"RIFF").is_some());
        assert_eq!(audio_content_problem("a.txt", b"RIFF").as_deref(), Some(BAD_EXTENSION));
    }
}
