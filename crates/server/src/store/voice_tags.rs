//! Vocabularies and voice tags (migration 0051), and the voice tags found in the
//! account's transcripts (`voice_tag_hits`). The hits are the domain's finds
//! (`speech::voice_tags::find_phrases`) over `transcripts.text`, rewritten for a call when its
//! transcript is stored and for every transcript of the account, in batches, when a voice tag is
//! added, changed or deleted; `calls.tags` (the call log's tags) shows their names.

use crate::store::CustomerId;
use std::collections::HashMap;

use domain::speech::voice_tags::{find_phrases, phrase_lines, Side, VoiceTag};
use sqlx::{AnyConnection, AnyPool, FromRow};

use super::tags::refresh_names;
use super::vocabulary_pronunciations::{to_json, Pronunciation};

/// Transcripts read and re-tagged in one transaction.
const BATCH: i64 = 200;

#[derive(Debug, Clone, FromRow)]
pub struct VocabularyRow {
    pub id: i64,
    pub description: String,
    pub words: String,
}

pub async fn vocabularies(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<VocabularyRow>> {
    sqlx::query_as(
        "SELECT id, description, words FROM vocabularies WHERE customer_id = $1 ORDER BY LOWER(description), id",
    )
    .bind(customer)
    .fetch_all(db)
    .await
}

/// The names of a table's rows of the customer but one (`except`), for the unique-name rule.
async fn other_names(db: &AnyPool, table: &str, customer: CustomerId, except: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(&format!("SELECT description FROM {table} WHERE customer_id = $1 AND id <> $2"))
        .bind(customer)
        .bind(except)
        .fetch_all(db)
        .await
}

pub async fn other_voice_tag_names(db: &AnyPool, customer: CustomerId, except: i64) -> sqlx::Result<Vec<String>> {
    other_names(db, "voice_tags", customer, except).await
}

/// Adds a vocabulary with its words' pronunciations (None: to be worked out when first needed).
pub async fn insert_vocabulary(
    db: &AnyPool,
    customer: CustomerId,
    description: &str,
    words: &str,
    pronunciations: Option<&[Pronunciation]>,
    now: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO vocabularies (customer_id, description, words, pronunciations, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(customer)
    .bind(description.trim())
    .bind(words)
    .bind(pronunciations.map(to_json))
    .bind(now)
    .fetch_one(db)
    .await
}

/// Renames a vocabulary and replaces its words and their pronunciations.
pub async fn update_vocabulary(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    description: &str,
    words: &str,
    pronunciations: &[Pronunciation],
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE vocabularies SET description = $1, words = $2, pronunciations = $3 WHERE id = $4 AND customer_id = $5",
    )
    .bind(description.trim())
    .bind(words)
    .bind(to_json(pronunciations))
    .bind(id)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete_vocabulary(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM vocabularies WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// A voice tag with the calls it is on.
#[derive(Debug, Clone, FromRow)]
pub struct VoiceTagRow {
    pub id: i64,
    pub description: String,
    pub phrases: String,
    pub side: String,
    /// Calls it is on that started since the `since` asked for.
    pub recent_calls: i64,
    pub calls: i64,
}

impl VoiceTagRow {
    pub fn side(&self) -> Side {
        Side::from_key(&self.side).unwrap_or(Side::Either)
    }

    pub fn for_matching(&self) -> VoiceTag {
        VoiceTag { id: self.id, phrases: phrase_lines(&self.phrases), side: self.side() }
    }
}

pub async fn voice_tags(db: &AnyPool, customer: CustomerId, since: i64) -> sqlx::Result<Vec<VoiceTagRow>> {
    sqlx::query_as(
        "SELECT v.id, v.description, v.phrases, v.side,
                CAST(COALESCE(SUM(CASE WHEN h.started_at >= $2 THEN 1 ELSE 0 END), 0) AS BIGINT) AS recent_calls,
                COUNT(h.call_id) AS calls
         FROM voice_tags v LEFT JOIN voice_tag_hits h ON h.voice_tag_id = v.id
         WHERE v.customer_id = $1
         GROUP BY v.id, v.description, v.phrases, v.side
         ORDER BY LOWER(v.description), v.id",
    )
    .bind(customer)
    .bind(since)
    .fetch_all(db)
    .await
}

pub async fn insert_voice_tag(
    db: &AnyPool,
    customer: CustomerId,
    description: &str,
    phrases: &str,
    side: Side,
    now: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO voice_tags (customer_id, description, phrases, side, created_at) VALUES ($1, $2, $3, $4, $5)
         RETURNING id",
    )
    .bind(customer)
    .bind(description.trim())
    .bind(phrase_lines(phrases).join("\n"))
    .bind(side.key())
    .bind(now)
    .fetch_one(db)
    .await
}

pub async fn update_voice_tag(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    description: &str,
    phrases: &str,
    side: Side,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE voice_tags SET description = $1, phrases = $2, side = $3 WHERE id = $4 AND customer_id = $5",
    )
    .bind(description.trim())
    .bind(phrase_lines(phrases).join("\n"))
    .bind(side.key())
    .bind(id)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Deletes a voice tag and takes it off its calls (their `calls.tags` rewritten).
pub async fn delete_voice_tag(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    let calls: Vec<i64> =
        sqlx::query_scalar("SELECT call_id FROM voice_tag_hits WHERE voice_tag_id = $1 AND customer_id = $2")
            .bind(id)
            .bind(customer)
            .fetch_all(&mut *tx)
            .await?;
    sqlx::query("DELETE FROM voice_tag_hits WHERE voice_tag_id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    let done = sqlx::query("DELETE FROM voice_tags WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    refresh_names(&mut tx, customer, &calls).await?;
    tx.commit().await?;
    Ok(done.rows_affected() > 0)
}

/// The account's voice tags as matching needs them.
pub async fn for_matching(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<VoiceTag>> {
    Ok(voice_tags(db, customer, 0).await?.iter().map(VoiceTagRow::for_matching).collect())
}

#[derive(FromRow)]
struct TranscriptColumns {
    call_id: i64,
    text: String,
    words: String,
    started_at: i64,
}

/// Rewrites the hits of the given transcripts and the tag names of their calls.
async fn retag(
    db: &mut AnyConnection,
    customer: CustomerId,
    tags: &[VoiceTag],
    rows: &[TranscriptColumns],
) -> sqlx::Result<usize> {
    let mut tagged = 0;
    for row in rows {
        let before: Vec<i64> = sqlx::query_scalar(
            "SELECT voice_tag_id FROM voice_tag_hits WHERE call_id = $1 AND customer_id = $2 ORDER BY voice_tag_id",
        )
        .bind(row.call_id)
        .bind(customer)
        .fetch_all(&mut *db)
        .await?;
        sqlx::query("DELETE FROM voice_tag_hits WHERE call_id = $1 AND customer_id = $2")
            .bind(row.call_id)
            .bind(customer)
            .execute(&mut *db)
            .await?;
        let words: Vec<(String, i64, i64)> = serde_json::from_str(&row.words).unwrap_or_default();
        let mut found: HashMap<i64, (i64, String, Option<i64>)> = HashMap::new();
        for hit in find_phrases(&row.text, tags) {
            let entry = found
                .entry(hit.voice_tag)
                .or_insert_with(|| (0, hit.phrase.clone(), words.get(hit.word_index).map(|(_, start, _)| *start)));
            entry.0 += 1;
        }
        let mut after: Vec<i64> = found.keys().copied().collect();
        after.sort_unstable();
        for (tag, (hits, phrase, first_ms)) in &found {
            sqlx::query(
                "INSERT INTO voice_tag_hits (call_id, voice_tag_id, customer_id, hits, first_phrase, first_ms, started_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(row.call_id)
            .bind(*tag)
            .bind(customer)
            .bind(*hits)
            .bind(phrase.as_str())
            .bind(*first_ms)
            .bind(row.started_at)
            .execute(&mut *db)
            .await?;
        }
        if !after.is_empty() {
            tagged += 1;
        }
        if before != after {
            refresh_names(&mut *db, customer, &[row.call_id]).await?;
        }
    }
    Ok(tagged)
}

const TRANSCRIPTS: &str = "SELECT t.call_id, t.text, t.words, c.started_at FROM transcripts t
     JOIN calls c ON c.id = t.call_id WHERE t.customer_id = $1";

/// Finds the account's voice tags in one call's transcript (when it is stored).
pub async fn tag_call(db: &AnyPool, customer: CustomerId, call: i64) -> sqlx::Result<()> {
    let tags = for_matching(db, customer).await?;
    let mut tx = crate::db::begin_write(db).await?;
    let rows: Vec<TranscriptColumns> = sqlx::query_as(&format!("{TRANSCRIPTS} AND t.call_id = $2"))
        .bind(customer)
        .bind(call)
        .fetch_all(&mut *tx)
        .await?;
    retag(&mut tx, customer, &tags, &rows).await?;
    tx.commit().await
}

/// What re-tagging the account's transcripts did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Retagged {
    pub transcripts: i64,
    /// Calls with at least one voice tag.
    pub tagged: i64,
}

/// Finds the account's voice tags in all its transcripts again, `BATCH` a transaction (after a
/// voice tag is added, changed or deleted).
pub async fn retag_all(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Retagged> {
    let tags = for_matching(db, customer).await?;
    let mut done = Retagged::default();
    let mut after = 0i64;
    loop {
        let rows: Vec<TranscriptColumns> =
            sqlx::query_as(&format!("{TRANSCRIPTS} AND t.call_id > $2 ORDER BY t.call_id LIMIT {BATCH}"))
                .bind(customer)
                .bind(after)
                .fetch_all(db)
                .await?;
        let Some(last) = rows.last() else { break };
        after = last.call_id;
        let mut tx = crate::db::begin_write(db).await?;
        done.tagged += retag(&mut tx, customer, &tags, &rows).await? as i64;
        tx.commit().await?;
        done.transcripts += rows.len() as i64;
    }
    Ok(done)
}

/// A voice tag's calls in a period.
#[derive(Debug, Clone, FromRow)]
pub struct TagFigures {
    pub id: i64,
    pub description: String,
    pub calls: i64,
    pub hits: i64,
}

/// The voice tags found in the period's calls, most calls first.
pub async fn figures(db: &AnyPool, customer: CustomerId, from: i64, to: i64) -> sqlx::Result<Vec<TagFigures>> {
    sqlx::query_as(
        "SELECT v.id, v.description, COUNT(h.call_id) AS calls, CAST(COALESCE(SUM(h.hits), 0) AS BIGINT) AS hits
         FROM voice_tags v JOIN voice_tag_hits h ON h.voice_tag_id = v.id
         WHERE v.customer_id = $1 AND h.customer_id = $1 AND h.started_at >= $2 AND h.started_at < $3
         GROUP BY v.id, v.description ORDER BY COUNT(h.call_id) DESC, LOWER(v.description), v.id",
    )
    .bind(customer)
    .bind(from)
    .bind(to)
    .fetch_all(db)
    .await
}

/// A call of the period with a voice tag.
#[derive(Debug, Clone, FromRow)]
pub struct TaggedCall {
    pub call_id: i64,
    pub started_at: i64,
    pub caller: String,
    pub voice_tag_id: i64,
    pub description: String,
    pub first_phrase: String,
}

/// The period's calls with voice tags (newest first, at most `limit` calls' rows), one row a call
/// and tag.
pub async fn tagged_calls(
    db: &AnyPool,
    customer: CustomerId,
    from: i64,
    to: i64,
    limit: i64,
) -> sqlx::Result<Vec<TaggedCall>> {
    sqlx::query_as(&format!(
        "SELECT h.call_id, h.started_at, c.caller_number AS caller, v.id AS voice_tag_id, v.description, h.first_phrase
         FROM voice_tag_hits h JOIN voice_tags v ON v.id = h.voice_tag_id JOIN calls c ON c.id = h.call_id
         WHERE h.customer_id = $1 AND h.started_at >= $2 AND h.started_at < $3
           AND h.call_id IN (SELECT DISTINCT call_id FROM voice_tag_hits WHERE customer_id = $1
                             AND started_at >= $2 AND started_at < $3 ORDER BY call_id DESC LIMIT {limit})
         ORDER BY h.started_at DESC, h.call_id DESC, LOWER(v.description)"
    ))
    .bind(customer)
    .bind(from)
    .bind(to)
    .fetch_all(db)
    .await
}
