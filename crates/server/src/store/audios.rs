//! Audio files and text-to-speech sentences, scoped by the customer. Deleting is soft: a
//! deleted audio keeps its row (old references stay readable) but leaves every list.

use crate::db::Flag;
use crate::store::CustomerId;
use domain::routing::history::StoredAudio;
use sqlx::{Any, AnyConnection, Executor, FromRow};

/// Why a library record could not be put back.
#[derive(Debug)]
pub enum PutRefused {
    /// The file an audio played then is no longer kept.
    FileGone,
}

/// An audio without its bytes.
#[derive(Debug, Clone, FromRow)]
pub struct Audio {
    pub id: i64,
    pub description: String,
    pub file_name: String,
    pub original_name: String,
    pub sentence: String,
    /// The day it was added, YYYY-MM-DD (UTC).
    pub created_at: i64,
}

/// A stored file: the audio's description and bytes.
#[derive(Debug, Clone, FromRow)]
pub struct AudioFile {
    pub description: String,
    pub file_name: String,
    pub content: Vec<u8>,
}

/// A new file for an audio: the stored name (random token and extension), the name it was
/// uploaded with, and the bytes.
#[derive(Debug, Clone)]
pub struct NewFile {
    pub file_name: String,
    pub original_name: String,
    pub content: Vec<u8>,
}

/// What an audio holds after a save.
#[derive(Debug, Clone)]
pub enum Content {
    File(NewFile),
    Sentence(String),
    /// Update only: keep the stored file.
    Keep,
}

/// A number or pool using an audio as its intro or whisper.
#[derive(Debug, Clone, FromRow)]
pub struct EntryUse {
    pub kind: String,
    pub number: String,
    pub pool_name: String,
    pub description: String,
    /// "Intro" or "Whisper".
    pub slot: String,
}

pub enum Deleted {
    Done,
    /// One of the ids is not the customer's (or already deleted): nothing was deleted.
    NotFound,
    /// One of the audios is in use: nothing was deleted.
    InUse,
}

const SELECT: &str = "SELECT id, description, file_name, original_name, sentence,
        created_at FROM audios";

/// The customer's audio that is not deleted, by description.
pub async fn list(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<Audio>> {
    sqlx::query_as(&format!("{SELECT} WHERE customer_id = $1 AND deleted_at IS NULL ORDER BY LOWER(description), id"))
        .bind(customer_id)
        .fetch_all(&mut *conn)
        .await
}

/// One of the customer's audios, if it is not deleted.
pub async fn find<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<Audio>> {
    sqlx::query_as(&format!("{SELECT} WHERE customer_id = $1 AND id = $2 AND deleted_at IS NULL"))
        .bind(customer_id)
        .bind(id)
        .fetch_optional(db)
        .await
}

/// True when every id is one of the customer's audios that is not deleted.
pub async fn owns_all(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    owns_all_on(conn, customer_id, ids).await
}

async fn owns_all_on(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    for &id in ids {
        let found: Option<(i64,)> =
            sqlx::query_as("SELECT id FROM audios WHERE customer_id = $1 AND id = $2 AND deleted_at IS NULL")
                .bind(customer_id)
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?;
        if found.is_none() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The stored file of one of the customer's audios that is not deleted, by its stored name.
pub async fn file(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    file_name: &str,
) -> sqlx::Result<Option<AudioFile>> {
    sqlx::query_as(
        "SELECT description, file_name, content FROM audios
         WHERE customer_id = $1 AND file_name = $2 AND file_name <> '' AND content IS NOT NULL AND deleted_at IS NULL",
    )
    .bind(customer_id)
    .bind(file_name)
    .fetch_optional(&mut *conn)
    .await
}

/// The descriptions of the customer's other audio (not deleted, not `except`; 0: all).
pub async fn descriptions(conn: &mut AnyConnection, customer_id: CustomerId, except: i64) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT description FROM audios WHERE customer_id = $1 AND id <> $2 AND deleted_at IS NULL")
            .bind(customer_id)
            .bind(except)
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows.into_iter().map(|(d,)| d).collect())
}

pub async fn insert<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    description: &str,
    content: &Content,
    now: i64,
) -> sqlx::Result<i64> {
    let (file_name, original_name, sentence, bytes) = columns(content);
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO audios (customer_id, description, file_name, original_name, sentence, content, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(customer_id)
    .bind(description)
    .bind(file_name)
    .bind(original_name)
    .bind(sentence)
    .bind(bytes)
    .bind(now)
    .fetch_one(db)
    .await?;
    Ok(id)
}

/// Updates one of the customer's audios: the description, and the file or sentence unless
/// `Keep`. A file it replaces is kept in the archive, for a rollback to put back.
pub async fn update(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
    description: &str,
    content: &Content,
    now: i64,
) -> sqlx::Result<()> {
    if let Content::Keep = content {
        sqlx::query("UPDATE audios SET description = $1 WHERE customer_id = $2 AND id = $3 AND deleted_at IS NULL")
            .bind(description)
            .bind(customer_id)
            .bind(id)
            .execute(&mut *conn)
            .await?;
        return Ok(());
    }
    archive_file(conn, customer_id, id, now).await?;
    let (file_name, original_name, sentence, bytes) = columns(content);
    write_content(conn, customer_id, id, description, (file_name, original_name, sentence, bytes)).await
}

async fn write_content(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
    description: &str,
    (file_name, original_name, sentence, bytes): (&str, &str, &str, Option<&[u8]>),
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE audios SET description = $1, file_name = $2, original_name = $3, sentence = $4, content = $5,
             engine_wav = NULL
         WHERE customer_id = $6 AND id = $7",
    )
    .bind(description)
    .bind(file_name)
    .bind(original_name)
    .bind(sentence)
    .bind(bytes)
    .bind(customer_id)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Keeps the audio's current file (if it has one) in the archive under its stored name.
async fn archive_file(conn: &mut AnyConnection, customer_id: CustomerId, id: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO audio_file_archive (file_name, customer_id, original_name, content, archived_at)
         SELECT file_name, customer_id, original_name, content, $1 FROM audios
         WHERE customer_id = $2 AND id = $3 AND file_name <> '' AND content IS NOT NULL
         ON CONFLICT (file_name) DO NOTHING",
    )
    .bind(now)
    .bind(customer_id)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Puts one of the customer's audios back as `audio` says (a rollback): its description, its
/// file (from the archive, unless it is the current one) or sentence; a deleted audio is
/// restored. The file it replaces is archived in turn.
pub async fn restore(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
    audio: &StoredAudio,
    now: i64,
) -> sqlx::Result<Result<(), PutRefused>> {
    let current: Option<String> = sqlx::query_scalar("SELECT file_name FROM audios WHERE customer_id = $1 AND id = $2")
        .bind(customer_id)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(current) = current else { return Ok(Err(PutRefused::FileGone)) };
    sqlx::query("UPDATE audios SET deleted_at = NULL WHERE customer_id = $1 AND id = $2")
        .bind(customer_id)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    if !audio.file_name.is_empty() && audio.file_name == current {
        sqlx::query("UPDATE audios SET description = $1, sentence = '' WHERE customer_id = $2 AND id = $3")
            .bind(&audio.description)
            .bind(customer_id)
            .bind(id)
            .execute(&mut *conn)
            .await?;
        return Ok(Ok(()));
    }
    let content: Option<Vec<u8>> = if audio.file_name.is_empty() {
        None
    } else {
        let kept: Option<Vec<u8>> =
            sqlx::query_scalar("SELECT content FROM audio_file_archive WHERE customer_id = $1 AND file_name = $2")
                .bind(customer_id)
                .bind(&audio.file_name)
                .fetch_optional(&mut *conn)
                .await?;
        match kept {
            Some(bytes) => Some(bytes),
            None => return Ok(Err(PutRefused::FileGone)),
        }
    };
    archive_file(conn, customer_id, id, now).await?;
    let columns = (audio.file_name.as_str(), audio.original_name.as_str(), audio.sentence.as_str(), content.as_deref());
    write_content(conn, customer_id, id, &audio.description, columns).await?;
    Ok(Ok(()))
}

fn columns(content: &Content) -> (&str, &str, &str, Option<&[u8]>) {
    match content {
        Content::File(f) => (&f.file_name, &f.original_name, "", Some(&f.content)),
        Content::Sentence(s) => ("", "", s, None),
        Content::Keep => ("", "", "", None),
    }
}

/// The customer's numbers and pools using an audio as intro or whisper.
pub async fn entry_uses(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    audio_id: i64,
) -> sqlx::Result<Vec<EntryUse>> {
    sqlx::query_as(
        "SELECT kind, number, pool_name, description, 'Intro' AS slot FROM routing_entries
         WHERE customer_id = $1 AND intro_audio_id = $2
         UNION ALL
         SELECT kind, number, pool_name, description, 'Whisper' AS slot FROM routing_entries
         WHERE customer_id = $3 AND whisper_audio_id = $4
         ORDER BY 5, 1 DESC, 2, 3",
    )
    .bind(customer_id)
    .bind(audio_id)
    .bind(customer_id)
    .bind(audio_id)
    .fetch_all(&mut *conn)
    .await
}

/// Whether anything of the customer's plays this audio: a number's or pool's intro or
/// whisper, a queue's audio slot, a voicemail greeting, an IVR's intro, or a DTMF plan's or
/// DTMF IVR's intro or end.
async fn in_use(conn: &mut AnyConnection, customer_id: CustomerId, audio_id: i64) -> sqlx::Result<bool> {
    let (Flag(used),): (Flag,) = sqlx::query_as(
        "SELECT EXISTS (SELECT 1 FROM routing_entries WHERE customer_id = $1
                        AND (intro_audio_id = $2 OR whisper_audio_id = $2))
             OR EXISTS (SELECT 1 FROM queues WHERE customer_id = $1
                        AND $2 IN (welcome_audio_id, audio_1_id, audio_2_id, audio_3_id, next_in_line_audio_id,
                                   queue_full_audio_id))
             OR EXISTS (SELECT 1 FROM voicemails WHERE customer_id = $1 AND audio_id = $2)
             OR EXISTS (SELECT 1 FROM ivrs WHERE customer_id = $1 AND intro_audio_id = $2)
             OR EXISTS (SELECT 1 FROM dtmf_plans WHERE customer_id = $1 AND $2 IN (intro_audio_id, end_audio_id))
             OR EXISTS (SELECT 1 FROM dtmf_ivrs WHERE customer_id = $1 AND $2 IN (intro_audio_id, end_audio_id))",
    )
    .bind(customer_id)
    .bind(audio_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(used)
}

/// Soft-deletes the audios on the caller's transaction, or nothing when one is not the
/// customer's or is in use.
pub async fn soft_delete(
    tx: &mut AnyConnection,
    customer_id: CustomerId,
    ids: &[i64],
    now: i64,
) -> sqlx::Result<Deleted> {
    if !owns_all_on(tx, customer_id, ids).await? {
        return Ok(Deleted::NotFound);
    }
    for &id in ids {
        if in_use(tx, customer_id, id).await? {
            return Ok(Deleted::InUse);
        }
    }
    for &id in ids {
        mark_deleted(tx, customer_id, id, now).await?;
    }
    Ok(Deleted::Done)
}

async fn mark_deleted(conn: &mut AnyConnection, customer_id: CustomerId, id: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE audios SET deleted_at = $1 WHERE customer_id = $2 AND id = $3 AND deleted_at IS NULL")
        .bind(now)
        .bind(customer_id)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Soft-deletes one audio unless something plays it (then false).
pub async fn soft_delete_on(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
    now: i64,
) -> sqlx::Result<bool> {
    if in_use(conn, customer_id, id).await? {
        return Ok(false);
    }
    mark_deleted(conn, customer_id, id, now).await?;
    Ok(true)
}

/// An audio as the telephony engine plays it: its 8 kHz WAV when made, else what it is made
/// from (the stored file and its name, or the sentence).
#[derive(Debug, Clone, FromRow)]
pub struct EngineAudio {
    pub engine_wav: Option<Vec<u8>>,
    pub file_name: String,
    pub content: Option<Vec<u8>>,
    pub sentence: String,
}

/// One of the customer's audios for the engine (a deleted one too: a call may still play what
/// routing referred to when it started).
pub async fn engine_audio(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<EngineAudio>> {
    sqlx::query_as("SELECT engine_wav, file_name, content, sentence FROM audios WHERE customer_id = $1 AND id = $2")
        .bind(customer_id)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// Keeps the engine's WAV of an audio (made once, when saved or first played).
pub async fn set_engine_wav(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
    wav: &[u8],
) -> sqlx::Result<()> {
    sqlx::query("UPDATE audios SET engine_wav = $1 WHERE customer_id = $2 AND id = $3")
        .bind(wav)
        .bind(customer_id)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
