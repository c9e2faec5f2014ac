//! The pronunciations of an account's vocabulary words for the recogniser: each word the phones
//! espeak-ng's American English says it with, in the model's phone set
//! (`domain::speech::phones`). They are worked out once, when a vocabulary is saved (a word
//! espeak-ng gives no pronunciation for is refused then), and kept with it
//! (`store::vocabulary_pronunciations`); the transcription job reads them, and runs espeak-ng
//! only for a vocabulary saved before they were kept, once, keeping what it gives.

use crate::store::CustomerId;
use sqlx::AnyPool;
use tokio::process::Command;

use crate::providers::text_to_speech::run_program;
use crate::store::vocabulary_pronunciations as store;
pub use crate::store::vocabulary_pronunciations::Pronunciation;

/// The phones of each word as espeak-ng's American English says it, in the model's phone set; a
/// word espeak-ng gives phonemes the table lacks (or none) is left out. One espeak-ng run for all
/// the words, a line each ("word."); should its lines not match the words one to one, a run a
/// word.
pub async fn pronunciations(words: &[String]) -> Result<Vec<Pronunciation>, String> {
    let espeak = |text: String| async move {
        let out =
            run_program(Command::new("espeak-ng").args(["-v", "en-us", "-q", "-x", "--sep=_"]), text.as_bytes(), true)
                .await
                .map_err(|e| e.0)?;
        Ok::<_, String>(
            String::from_utf8_lossy(&out)
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect::<Vec<_>>(),
        )
    };
    if words.is_empty() {
        return Ok(Vec::new());
    }
    let mut said = espeak(words.iter().map(|w| format!("{w}.\n")).collect()).await?;
    if said.len() != words.len() {
        said = Vec::with_capacity(words.len());
        for word in words {
            said.push(espeak(format!("{word}.\n")).await?.join(" "));
        }
    }
    Ok(words
        .iter()
        .zip(said)
        .filter_map(|(word, espeak)| {
            Some((word.clone(), domain::speech::phones::espeak_to_arpabet(&espeak)?.join(" ")))
        })
        .collect())
}

/// The pronunciations of a vocabulary's entries (one a line) to keep with it, or the words
/// espeak-ng gives none for (`Err(Ok(words))`), or why espeak-ng could not be run
/// (`Err(Err(cause))`).
pub async fn of_entries(entries: &str) -> Result<Vec<Pronunciation>, Result<Vec<String>, String>> {
    let words = domain::speech::recogniser_words(&[entries]);
    let said = pronunciations(&words).await.map_err(Err)?;
    let unsaid: Vec<String> = words.into_iter().filter(|word| !said.iter().any(|(w, _)| w == word)).collect();
    if unsaid.is_empty() {
        Ok(said)
    } else {
        Err(Ok(unsaid))
    }
}

/// The account's vocabulary as the recogniser is given it: the kept pronunciations of all its
/// vocabularies' words, each word once, sorted. A vocabulary kept without them (saved before they
/// were) has them worked out now and kept; should espeak-ng fail, its words are left out this time.
pub async fn account_vocabulary(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<Pronunciation>> {
    let mut all = Vec::new();
    for vocabulary in store::of_account(db, customer).await? {
        match vocabulary.pronunciations() {
            Some(kept) => all.extend(kept),
            None => {
                let words = domain::speech::recogniser_words(&[&vocabulary.words]);
                match pronunciations(&words).await {
                    Ok(said) => {
                        store::keep(db, customer, vocabulary.id, &vocabulary.words, &said).await?;
                        all.extend(said);
                    }
                    Err(cause) => tracing::warn!(%cause, vocabulary = vocabulary.id, "no pronunciations"),
                }
            }
        }
    }
    all.sort();
    all.dedup_by(|a, b| a.0 == b.0);
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn vocabulary_words_get_the_phones_espeak_ng_says_them_with() {
        let words: Vec<String> = ["zentrova", "dorvana", "24-hour"].map(String::from).into();
        let said = pronunciations(&words).await.expect("espeak-ng is installed");
        let phones: Vec<(&str, &str)> = said.iter().map(|(w, p)| (w.as_str(), p.as_str())).collect();
        assert_eq!(
            phones,
            [
                ("zentrova", "Z EH N T R OW V AH"),
                ("dorvana", "D AO R V AA N AH"),
                ("24-hour", "T W EH N T IY F AO R AW ER")
            ]
        );
        assert!(pronunciations(&[]).await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_vocabulary_is_given_its_pronunciations_or_the_words_espeak_ng_cannot_say() {
        let said = of_entries("Zentrova kit\nKit").await.expect("espeak-ng is installed");
        assert_eq!(said, [("kit".into(), "K IH T".into()), ("zentrova".into(), "Z EH N T R OW V AH".into())]);
        // A letter on its own espeak-ng spells out ("e acute"), in phonemes the model has not.
        assert_eq!(of_entries("Zentrova\né\nâââ").await, Err(Ok(vec!["âââ".to_string(), "é".to_string()])));
    }
}
