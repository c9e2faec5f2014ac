//! The pronunciations of an account's vocabulary words (`vocabularies.pronunciations`, migration
//! 0059): each vocabulary's words with the phones the recogniser is given, worked out once when
//! it is saved, as JSON, a list of [word, phones]. NULL for a vocabulary saved before they were
//! kept (`transcription::account_vocabulary` works them out the first time and keeps them).

use crate::store::CustomerId;
use sqlx::{AnyPool, FromRow};

/// A word and its phones in the model's phone set ("zentrova", "Z EH N T R OW V AH").
pub type Pronunciation = (String, String);

/// The JSON stored for a vocabulary's pronunciations.
pub fn to_json(pronunciations: &[Pronunciation]) -> String {
    serde_json::to_string(pronunciations).unwrap_or_else(|_| "[]".into())
}

/// A vocabulary's words and, when worked out, their pronunciations.
#[derive(Debug, Clone, FromRow)]
pub struct VocabularyPronunciations {
    pub id: i64,
    /// Its entries, one a line.
    pub words: String,
    pronunciations: Option<String>,
}

impl VocabularyPronunciations {
    /// Its words' pronunciations; None when they were never worked out.
    pub fn pronunciations(&self) -> Option<Vec<Pronunciation>> {
        self.pronunciations.as_deref().map(|json| serde_json::from_str(json).unwrap_or_default())
    }
}

/// The account's vocabularies with their pronunciations.
pub async fn of_account(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<VocabularyPronunciations>> {
    sqlx::query_as("SELECT id, words, pronunciations FROM vocabularies WHERE customer_id = $1 ORDER BY id")
        .bind(customer)
        .fetch_all(db)
        .await
}

/// Keeps a vocabulary's pronunciations, unless its words have changed since they were read.
pub async fn keep(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    words: &str,
    pronunciations: &[Pronunciation],
) -> sqlx::Result<()> {
    sqlx::query("UPDATE vocabularies SET pronunciations = $1 WHERE id = $2 AND customer_id = $3 AND words = $4")
        .bind(to_json(pronunciations))
        .bind(id)
        .bind(customer)
        .bind(words)
        .execute(db)
        .await?;
    Ok(())
}
