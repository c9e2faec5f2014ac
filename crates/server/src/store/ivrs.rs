//! IVR menus and their keys, the IVR credits a customer owns and the charges for more
//! (docs/ivr-api.md), plus the lists an IVR's keys point at. Every query is scoped by customer.

use crate::db::Flag;
use crate::store::CustomerId;
use domain::routing::ivr::{IvrForm, IvrKey, KeyType, Named, StoredIvr};
use sqlx::{Any, AnyConnection, FromRow, Transaction};

use super::routing_entries::all_owned;

/// The multi-level IVR price's row in `services`.
pub const MULTI_LEVEL_IVR_SERVICE: &str = "multi_level_ivr";

#[derive(Debug, Clone, FromRow)]
struct IvrRow {
    id: i64,
    description: String,
    #[sqlx(try_from = "Flag")]
    is_child: bool,
    intro_audio_id: i64,
    #[sqlx(try_from = "Flag")]
    log_keys: bool,
    report_group_id: i64,
    secondary_report_group_id: i64,
    #[sqlx(try_from = "Flag")]
    has_dead_end: bool,
    repeat_key: String,
    default_key: String,
    repeat_audio: String,
}

#[derive(Debug, Clone, FromRow)]
struct KeyRow {
    ivr_id: i64,
    key: String,
    description: String,
    key_type: String,
    destination_plan_id: i64,
    target_ivr_id: i64,
    voicemail_id: i64,
    category_id: i64,
}

impl KeyRow {
    fn into_key(self) -> IvrKey {
        IvrKey {
            key: self.key,
            description: self.description,
            key_type: KeyType::parse(&self.key_type).unwrap_or_default(),
            destination_id: self.destination_plan_id,
            ivr_id: self.target_ivr_id,
            voicemail_id: self.voicemail_id,
            category_id: self.category_id,
        }
    }
}

fn stored(row: IvrRow, keys: &mut Vec<KeyRow>) -> StoredIvr {
    let (mine, rest): (Vec<KeyRow>, Vec<KeyRow>) = std::mem::take(keys).into_iter().partition(|k| k.ivr_id == row.id);
    *keys = rest;
    StoredIvr {
        id: row.id,
        ivr: IvrForm {
            description: row.description,
            intro_audio: row.intro_audio_id,
            log_keys: row.log_keys,
            report_group_id: row.report_group_id,
            secondary_report_group_id: row.secondary_report_group_id,
            has_dead_end: row.has_dead_end,
            repeat_key: row.repeat_key,
            default_key: row.default_key,
            repeat_audio: row.repeat_audio,
            is_child: row.is_child,
            options: mine.into_iter().map(KeyRow::into_key).collect(),
        },
    }
}

const IVR_COLUMNS: &str = "id, description, is_child, intro_audio_id, log_keys, report_group_id,
    secondary_report_group_id, has_dead_end, repeat_key, default_key, repeat_audio";
const KEY_COLUMNS: &str = "k.ivr_id, k.key, k.description, k.key_type, k.destination_plan_id, k.target_ivr_id,
    k.voicemail_id, k.category_id";

/// Every IVR of the customer with its keys, by description.
pub async fn all(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<StoredIvr>> {
    let rows: Vec<IvrRow> = sqlx::query_as(&format!(
        "SELECT {IVR_COLUMNS} FROM ivrs WHERE customer_id = $1 ORDER BY LOWER(description), id"
    ))
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut keys: Vec<KeyRow> = sqlx::query_as(&format!(
        "SELECT {KEY_COLUMNS} FROM ivr_keys k JOIN ivrs i ON i.id = k.ivr_id WHERE i.customer_id = $1
         ORDER BY k.ivr_id, k.position"
    ))
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|row| stored(row, &mut keys)).collect())
}

/// One of the customer's IVRs with its keys.
pub async fn find(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<Option<StoredIvr>> {
    find_in(conn, customer_id, id).await
}

/// One of the customer's IVRs with its keys, read on `conn` (in a transaction).
pub async fn find_in(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<Option<StoredIvr>> {
    let row: Option<IvrRow> =
        sqlx::query_as(&format!("SELECT {IVR_COLUMNS} FROM ivrs WHERE customer_id = $1 AND id = $2"))
            .bind(customer_id)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(row) = row else { return Ok(None) };
    let mut keys: Vec<KeyRow> = sqlx::query_as(&format!(
        "SELECT {KEY_COLUMNS} FROM ivr_keys k JOIN ivrs i ON i.id = k.ivr_id WHERE i.customer_id = $1 AND k.ivr_id = $2
         ORDER BY k.position"
    ))
    .bind(customer_id)
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Some(stored(row, &mut keys)))
}

/// The customer's IVRs (id, description, is a child) by description; children only when asked.
pub async fn list(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    with_children: bool,
) -> sqlx::Result<Vec<(i64, String, bool)>> {
    let rows: Vec<(i64, String, Flag)> = sqlx::query_as(
        "SELECT id, description, is_child FROM ivrs WHERE customer_id = $1 AND ($2 = 1 OR is_child = 0)
         ORDER BY LOWER(description), id",
    )
    .bind(customer_id)
    .bind(Flag(with_children))
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|(id, description, Flag(child))| (id, description, child)).collect())
}

/// The descriptions of the customer's IVRs other than `except` (0: all of them).
pub async fn descriptions(conn: &mut AnyConnection, customer_id: CustomerId, except: i64) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as("SELECT description FROM ivrs WHERE customer_id = $1 AND id != $2")
        .bind(customer_id)
        .bind(except)
        .fetch_all(&mut *conn)
        .await?;
    Ok(rows.into_iter().map(|(d,)| d).collect())
}

/// The customer's IVRs greeting callers with this audio (id, description).
pub async fn using_audio(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    audio_id: i64,
) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT id, description FROM ivrs WHERE customer_id = $1 AND intro_audio_id = $2
         ORDER BY LOWER(description), id",
    )
    .bind(customer_id)
    .bind(audio_id)
    .fetch_all(&mut *conn)
    .await
}

/// The customer's destination plans, as IVR keys name them.
pub async fn destination_plans(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<Named>> {
    named(
        &mut *conn,
        "SELECT id, description FROM destination_plans WHERE customer_id = $1 ORDER BY LOWER(description), id",
        customer_id,
    )
    .await
}

/// The customer's voicemails, as IVR keys name them.
pub async fn voicemails(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<Named>> {
    named(
        &mut *conn,
        "SELECT id, description FROM voicemails WHERE customer_id = $1 ORDER BY LOWER(description), id",
        customer_id,
    )
    .await
}

async fn named(conn: &mut AnyConnection, sql: &'static str, customer_id: CustomerId) -> sqlx::Result<Vec<Named>> {
    let rows: Vec<(i64, String)> = sqlx::query_as(sql).bind(customer_id).fetch_all(&mut *conn).await?;
    Ok(rows.into_iter().map(|(id, description)| Named { id, description }).collect())
}

/// Whether every id is one of the customer's IVRs.
pub async fn ivrs_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "ivrs", "", customer_id, ids).await
}

/// Whether every id is one of the customer's voicemails.
pub async fn voicemails_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "voicemails", "", customer_id, ids).await
}

/// Whether every id is one of the customer's call categories.
pub async fn categories_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "call_categories", "", customer_id, ids).await
}

/// Whether every id is one of the customer's report groups.
pub async fn report_groups_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "report_groups", "", customer_id, ids).await
}

/// Whether every id is one of the customer's secondary report groups.
pub async fn secondary_report_groups_owned(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    ids: &[i64],
) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "secondary_report_groups", "", customer_id, ids).await
}

/// How many IVRs the customer has, and how many it may have (its IVR credits).
pub async fn usage(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM ivrs WHERE customer_id = $1), ivr_credits FROM customers WHERE id = $1",
    )
    .bind(customer_id)
    .fetch_one(conn)
    .await
}

/// The multi-level IVR price: pence and billing frequency (months, as `services` stores it).
pub async fn multi_level_price(conn: &mut AnyConnection) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as("SELECT price_pence, billing_frequency FROM services WHERE product_code = $1")
        .bind(MULTI_LEVEL_IVR_SERVICE)
        .fetch_optional(conn)
        .await
}

/// An accepted charge for one more IVR: the customer owns one more credit.
pub struct Charge<'a> {
    pub ivr_id: i64,
    pub price_pence: i64,
    pub frequency: &'a str,
    pub accepted_by: i64,
    pub accepted_at: i64,
}

pub async fn record_charge(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    charge: &Charge<'_>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO ivr_charges (customer_id, ivr_id, price_pence, frequency, accepted_by_user_id, accepted_by_email,
                                  accepted_at)
         VALUES ($1, $2, $3, $4, $5, (SELECT email FROM users WHERE id = $6), $7)",
    )
    .bind(customer_id)
    .bind(charge.ivr_id)
    .bind(charge.price_pence)
    .bind(charge.frequency)
    .bind(charge.accepted_by)
    .bind(charge.accepted_by)
    .bind(charge.accepted_at)
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE customers SET ivr_credits = ivr_credits + 1 WHERE id = $1")
        .bind(customer_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Inserts an IVR without keys (see `replace_keys`); returns its id.
pub async fn insert(tx: &mut Transaction<'_, Any>, customer_id: CustomerId, form: &IvrForm) -> sqlx::Result<i64> {
    let id = sqlx::query_scalar::<_, i64>("INSERT INTO ivrs (customer_id, description) VALUES ($1, $2) RETURNING id")
        .bind(customer_id)
        .bind(form.description.trim())
        .fetch_one(&mut **tx)
        .await?;
    update(tx, customer_id, id, form).await?;
    Ok(id)
}

/// Saves an IVR's fields (not its keys).
pub async fn update(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    id: i64,
    form: &IvrForm,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE ivrs SET description = $1, is_child = $2, intro_audio_id = $3, log_keys = $4, report_group_id = $5,
         secondary_report_group_id = $6, has_dead_end = $7, repeat_key = $8, default_key = $9, repeat_audio = $10
         WHERE id = $11 AND customer_id = $12",
    )
    .bind(form.description.trim())
    .bind(Flag(form.is_child))
    .bind(form.intro_audio)
    .bind(Flag(form.log_keys))
    .bind(form.report_group_id)
    .bind(form.secondary_report_group_id)
    .bind(Flag(form.has_dead_end))
    .bind(&form.repeat_key)
    .bind(&form.default_key)
    .bind(form.repeat_audio.trim())
    .bind(id)
    .bind(customer_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Replaces an IVR's keys. The IVR's owner is checked by the caller.
pub async fn replace_keys(tx: &mut Transaction<'_, Any>, ivr_id: i64, keys: &[IvrKey]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM ivr_keys WHERE ivr_id = $1").bind(ivr_id).execute(&mut **tx).await?;
    for (position, key) in keys.iter().enumerate() {
        sqlx::query(
            "INSERT INTO ivr_keys (ivr_id, position, key, description, key_type, destination_plan_id, target_ivr_id,
             voicemail_id, category_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(ivr_id)
        .bind(position as i64)
        .bind(&key.key)
        .bind(key.description.trim())
        .bind(key.key_type.as_str())
        .bind(key.destination_id)
        .bind(key.ivr_id)
        .bind(key.voicemail_id)
        .bind(key.category_id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Puts back an IVR that a rollback restores after its creation was undone: the same id,
/// without keys (see `replace_keys`).
pub async fn insert_with_id(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    id: i64,
    form: &IvrForm,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO ivrs (id, customer_id, description) VALUES ($1, $2, $3)")
        .bind(id)
        .bind(customer_id)
        .bind(form.description.trim())
        .execute(&mut **tx)
        .await?;
    update(tx, customer_id, id, form).await
}

/// Removes one of the customer's IVRs and its keys (a rollback of its creation; the caller has
/// made sure nothing uses it and no charge names it).
pub async fn delete(tx: &mut Transaction<'_, Any>, customer_id: CustomerId, id: i64) -> sqlx::Result<()> {
    let owned: Option<i64> = sqlx::query_scalar("SELECT id FROM ivrs WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer_id)
        .fetch_optional(&mut **tx)
        .await?;
    if owned.is_some() {
        sqlx::query("DELETE FROM ivr_keys WHERE ivr_id = $1").bind(id).execute(&mut **tx).await?;
        sqlx::query("DELETE FROM ivrs WHERE id = $1").bind(id).execute(&mut **tx).await?;
    }
    Ok(())
}

/// What keeps one of the customer's IVRs: the service plans and other IVRs going to it, and
/// whether a multi-level IVR charge names it (a bought IVR stays on the bill).
pub async fn users(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<(Vec<String>, bool)> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT s.description FROM service_plans s JOIN service_plan_times t ON t.plan_id = s.id
         WHERE s.customer_id = $1 AND t.plan_type = 'ivr' AND t.ivr_id = $2
         UNION SELECT i.description FROM ivrs i JOIN ivr_keys k ON k.ivr_id = i.id
         WHERE i.customer_id = $1 AND i.id <> $2 AND k.key_type = 'ivr' AND k.target_ivr_id = $2",
    )
    .bind(customer_id)
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let charges: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ivr_charges WHERE customer_id = $1 AND ivr_id = $2")
        .bind(customer_id)
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
    Ok((rows.into_iter().map(|(d,)| d).collect(), charges > 0))
}
