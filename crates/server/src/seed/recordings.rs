//! The demo's call recordings: real audio, a short dialogue in two voices made with
//! the project's text-to-speech engine, stored like uploaded audio. A few recorded, answered
//! calls of each customer get one (the latest of each source, and the latest few); the dialogues
//! are spoken once and shared. The latest few voicemail calls of each customer keep the caller's
//! message, spoken the same way.

use sqlx::{Any, Transaction};

use super::call_rows::{placeholders, Call};
use crate::providers::text_to_speech::{dialogue_mp3_in, DialogueVoices, Voice, BRITISH};
use crate::security::random_token;

/// The latest answers of each customer that are recorded, whatever their source.
const LATEST: usize = 3;

/// A demo dialogue: its lines (also the reference transcript the word error rate of the
/// transcription is measured against, scripts/bench-transcription.sh) and how fast it is spoken.
pub struct Dialogue {
    pub lines: &'static [(Voice, &'static str)],
    pub words_per_minute: u32,
}

/// The dialogues the demo's recordings speak, in espeak-ng's British voices. The first, which
/// every customer's first recording gets, is a short booking spoken slower (140 words a minute):
/// the local recogniser hears it whole, "book an appointment" included; at 175 it hears little of
/// the others (docs/speech-api.md).
pub const DIALOGUES: [Dialogue; 4] = [
    Dialogue {
        lines: &[
            (Voice::Agent, "Good morning, how can I help?"),
            (Voice::Caller, "I would like to book an appointment, please."),
        ],
        words_per_minute: 140,
    },
    Dialogue {
        lines: &[
            (Voice::Agent, "Good morning, thank you for calling. How can I help?"),
            (Voice::Caller, "Hello. I saw your advert online and I would like to book an appointment, please."),
            (Voice::Agent, "Of course. Would Thursday at ten o'clock suit you?"),
            (Voice::Caller, "Thursday at ten is perfect. Thank you."),
        ],
        words_per_minute: BRITISH.words_per_minute,
    },
    Dialogue {
        lines: &[
            (Voice::Agent, "Hello, you're through to the front desk."),
            (Voice::Caller, "Hi, could you tell me your prices, and whether you are open on Saturdays?"),
            (Voice::Agent, "We are open Saturday mornings. I can send you our price list by email."),
            (Voice::Caller, "Lovely, please do. Goodbye."),
        ],
        words_per_minute: BRITISH.words_per_minute,
    },
    Dialogue {
        lines: &[
            (Voice::Agent, "Good afternoon. Sorry we missed your call earlier."),
            (Voice::Caller, "That's alright. I wanted to ask about an emergency appointment."),
            (Voice::Agent, "We have one free this afternoon at half past three."),
            (Voice::Caller, "Brilliant, I will take it."),
        ],
        words_per_minute: BRITISH.words_per_minute,
    },
];

impl Dialogue {
    /// The voices the seed speaks it in.
    pub fn voices(&self) -> DialogueVoices {
        DialogueVoices { words_per_minute: self.words_per_minute, ..BRITISH }
    }
}

/// The messages the demo's voicemail callers leave, in turn.
pub const VOICEMAILS: [&str; 2] = [
    "Hello, this is Sarah Wilson. I would like to book a check up for my son, please call me back when you can. Thank you.",
    "Hi, it's Tom. I'm ringing about the quote you sent last week. Could someone call me back this afternoon? Thanks, bye.",
];

/// (call id, customer id) of each customer's latest voicemail calls, whose message is kept.
pub(super) fn voicemails(calls: &[Call]) -> Vec<(i64, i64)> {
    let left = calls.iter().rev().filter(|c| c.inbound && c.outcome == Some(domain::reports::CallOutcome::Voicemail));
    left.take(LATEST).map(|c| (c.id, c.customer_id)).collect()
}

/// (call id, customer id) of the calls to record: each customer's latest recorded answer from
/// each source (so every source's calls can be heard), and its latest few overall.
pub(super) fn chosen(calls: &[Call]) -> Vec<(i64, i64)> {
    let answered: Vec<&Call> = calls.iter().rev().filter(|c| c.recorded && c.talk_seconds > 0).collect();
    let mut sources = std::collections::HashSet::new();
    let mut picked: Vec<(i64, i64)> = answered
        .iter()
        .filter(|c| c.source_medium_id.is_some_and(|s| sources.insert(s)))
        .map(|c| (c.id, c.customer_id))
        .collect();
    for call in answered.iter().take(LATEST) {
        if !picked.contains(&(call.id, call.customer_id)) {
            picked.push((call.id, call.customer_id));
        }
    }
    picked
}

/// Speaks the dialogues and stores one per chosen call, and a voicemail message per voicemail
/// call. Without the speech engine (espeak-ng and lame missing) the demo has no recordings, and
/// says so in the log.
pub(super) async fn store(
    tx: &mut Transaction<'_, Any>,
    calls: &[(i64, i64)],
    voicemail_calls: &[(i64, i64)],
    now: i64,
) -> sqlx::Result<()> {
    let mut spoken = Vec::new();
    for dialogue in &DIALOGUES {
        match dialogue_mp3_in(dialogue.lines, dialogue.voices()).await {
            Ok(mp3) => spoken.push(mp3),
            Err(e) => {
                tracing::warn!("the demo has no call recordings: {}", e.0);
                return Ok(());
            }
        }
    }
    let mut messages = Vec::new();
    for message in VOICEMAILS {
        match dialogue_mp3_in(&[(Voice::Caller, message)], BRITISH).await {
            Ok(mp3) => messages.push(mp3),
            Err(e) => {
                tracing::warn!("the demo has no voicemail messages: {}", e.0);
                return Ok(());
            }
        }
    }
    insert(tx, calls, &spoken, now).await?;
    insert(tx, voicemail_calls, &messages, now).await?;
    // An account whose calls are recorded records its inbound calls (who hears them needs both).
    sqlx::query(
        "UPDATE customers SET has_inbound_recording = 1 WHERE id IN (SELECT DISTINCT customer_id FROM call_recordings)",
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Stores `audio` in turn for each customer's `calls`, with its length.
async fn insert(tx: &mut Transaction<'_, Any>, calls: &[(i64, i64)], audio: &[Vec<u8>], now: i64) -> sqlx::Result<()> {
    let spoken = audio;
    // Each customer's recordings take the dialogues in turn: one with four or more has them all.
    let mut taken: std::collections::HashMap<i64, usize> = std::collections::HashMap::new();
    for chunk in calls.chunks(20) {
        let sql = format!(
            "INSERT INTO call_recordings (call_id, customer_id, file_name, content, created_at, seconds) VALUES {}",
            placeholders(chunk.len(), 6)
        );
        let mut query = sqlx::query(&sql);
        for (call, customer) in chunk {
            let turn = taken.entry(*customer).or_default();
            query = query
                .bind(*call)
                .bind(*customer)
                .bind(format!("{}.mp3", random_token()))
                .bind(spoken[*turn % spoken.len()].clone())
                .bind(now)
                .bind(domain::routing::mp3_seconds(&spoken[*turn % spoken.len()]));
            *turn += 1;
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}
