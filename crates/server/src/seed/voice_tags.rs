//! The demo's speech settings: Atlas Insurance Group's vocabulary and voice tags. The
//! seed transcribes nothing, so no call has a voice tag yet: the transcription job finds them in
//! Atlas's demo transcripts a few seconds after the first start (store::voice_tags::tag_call), as
//! it would for a real call. Which are found depends on what the recogniser heard (see
//! docs/speech-api.md): today 'Polite caller' and 'Time offered' are, 'Appointment' is said in the
//! dialogues but not heard. The vocabulary is kept with its words' pronunciations, as one saved
//! on /vocabularies is (without espeak-ng, the job works them out when it first needs them).

use crate::store::CustomerId;
use domain::speech::Side;
use sqlx::AnyPool;

use crate::store::voice_tags as store;

const ATLAS: CustomerId = CustomerId::new(300);

/// Atlas's vocabulary: its products and a place, one a line.
const VOCABULARY: &str = "Atlas Home Cover\nno claims bonus\nexcess\nDun Laoghaire";

const VOICE_TAGS: &[(&str, &str, Side)] = &[
    ("Appointment", "appointment\nbook an appointment", Side::Caller),
    ("Polite caller", "please\nthank you", Side::Caller),
    ("Price enquiry", "prices\nprice list", Side::Either),
    ("Time offered", "o'clock\nthree\nhalf past", Side::Agent),
];

pub async fn seed(db: &AnyPool, now: i64) -> sqlx::Result<()> {
    let said = match crate::providers::pronunciations::of_entries(VOCABULARY).await {
        Ok(said) => Some(said),
        Err(cause) => {
            tracing::warn!(?cause, "the demo's vocabulary is kept without its pronunciations");
            None
        }
    };
    store::insert_vocabulary(db, ATLAS, "Atlas products", VOCABULARY, said.as_deref(), now).await?;
    for (name, phrases, side) in VOICE_TAGS {
        store::insert_voice_tag(db, ATLAS, name, phrases, *side, now).await?;
    }
    Ok(())
}
