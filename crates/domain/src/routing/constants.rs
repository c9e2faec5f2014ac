//! The business constants of spec/call-routing.md section 9.

use serde::Serialize;

pub const SERVICE_PLAN_DESCRIPTION_MAX: usize = 60;
pub const ROUTING_ROW_DESCRIPTION_MAX: usize = 80;
pub const DESTINATION_NUMBER_DESCRIPTION_MAX: usize = 40;
pub const DESTINATION_PLAN_DESCRIPTION_MAX: usize = 60;
pub const QUEUE_DESCRIPTION_MAX: usize = 60;
pub const VOICEMAIL_DESCRIPTION_MAX: usize = 60;
pub const AUDIO_DESCRIPTION_MAX: usize = 60;
pub const AUDIO_SENTENCE_MAX: usize = 60;
pub const DESTINATION_DIGITS_MIN: usize = 8;
pub const DESTINATION_DIGITS_MAX: usize = 20;
pub const QUEUE_MAX_CALLS: i64 = 100;
pub const QUEUE_LINES_MAX: i64 = 99;
/// Largest audio upload accepted.
pub const MAX_AUDIO_BYTES: usize = 5 * 1024 * 1024;
pub const AUDIO_EXTENSIONS: [&str; 5] = ["wav", "wma", "mp3", "m4a", "aac"];
pub const MID_CALL_AUDIOS: [&str; 7] = ["None", "Ringing", "Classical", "EasyListening", "Eighties", "Pop", "Rock"];
pub const DISCONNECT_LABEL: &str = "-- Disconnect --";

pub const RING_LENGTH_DEFAULT: u32 = 60;
pub const RING_LENGTH_MULTI_DIAL_DEFAULT: u32 = 30;

/// Normal ring lengths: 5 to 60 seconds in steps of 5.
pub fn ring_lengths() -> Vec<u32> {
    (5..=60).step_by(5).collect()
}

/// Multi-dial ring lengths (first row only): 5 to 30 seconds in steps of 5.
pub fn ring_lengths_multi_dial() -> Vec<u32> {
    (5..=30).step_by(5).collect()
}

/// Queue message intervals: 30 to 120 seconds in steps of 10.
pub fn message_intervals() -> Vec<u32> {
    (30..=120).step_by(10).collect()
}

pub const HOLD_MUSIC: [(u32, &str); 5] =
    [(1, "Classical"), (2, "Easy Listening"), (3, "Light Rock"), (4, "Eighties"), (5, "Pop")];

pub const MESSAGE_MODES: [(u32, &str); 5] = [
    (1, "Cycle"),
    (2, "Repeat 1st Audio Message Only"),
    (3, "Position"),
    (4, "Cycle + Position"),
    (5, "Repeat + Position"),
];

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Choice {
    pub id: u32,
    pub label: &'static str,
}

/// Everything the routing screens' selects offer, in one answer for the browser.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoutingConstants {
    pub ring_lengths: Vec<u32>,
    pub ring_lengths_multi_dial: Vec<u32>,
    pub default_ring_length: u32,
    pub default_ring_length_multi_dial: u32,
    pub hold_music: Vec<Choice>,
    pub message_modes: Vec<Choice>,
    pub message_intervals: Vec<u32>,
    pub mid_call_audios: Vec<&'static str>,
    pub audio_extensions: Vec<&'static str>,
    pub max_audio_bytes: usize,
    pub queue_max_calls: i64,
    pub queue_lines_max: i64,
}

pub fn routing_constants() -> RoutingConstants {
    let choices = |list: &[(u32, &'static str)]| list.iter().map(|&(id, label)| Choice { id, label }).collect();
    RoutingConstants {
        ring_lengths: ring_lengths(),
        ring_lengths_multi_dial: ring_lengths_multi_dial(),
        default_ring_length: RING_LENGTH_DEFAULT,
        default_ring_length_multi_dial: RING_LENGTH_MULTI_DIAL_DEFAULT,
        hold_music: choices(&HOLD_MUSIC),
        message_modes: choices(&MESSAGE_MODES),
        message_intervals: message_intervals(),
        mid_call_audios: MID_CALL_AUDIOS.to_vec(),
        audio_extensions: AUDIO_EXTENSIONS.to_vec(),
        max_audio_bytes: MAX_AUDIO_BYTES,
        queue_max_calls: QUEUE_MAX_CALLS,
        queue_lines_max: QUEUE_LINES_MAX,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_lengths_run_in_fives_with_the_spec_defaults() {
        assert_eq!(ring_lengths().first(), Some(&5));
        assert_eq!(ring_lengths().last(), Some(&60));
        assert_eq!(ring_lengths().len(), 12);
        assert_eq!(ring_lengths_multi_dial(), vec![5, 10, 15, 20, 25, 30]);
        assert!(ring_lengths().contains(&RING_LENGTH_DEFAULT));
        assert!(ring_lengths_multi_dial().contains(&RING_LENGTH_MULTI_DIAL_DEFAULT));
    }

    #[test]
    fn message_intervals_run_from_30_to_120_in_tens() {
        assert_eq!(message_intervals(), vec![30, 40, 50, 60, 70, 80, 90, 100, 110, 120]);
    }

    #[test]
    fn the_constants_carry_the_spec_labels() {
        let c = routing_constants();
        assert_eq!(c.hold_music[2].label, "Light Rock");
        assert_eq!(c.message_modes[1].label, "Repeat 1st Audio Message Only");
        assert_eq!(c.mid_call_audios[0], "None");
        assert_eq!(c.audio_extensions.join(","), "wav,wma,mp3,m4a,aac");
    }
}
