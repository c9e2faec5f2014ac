//! The library's routing records as the routing history keeps them (issue 18): destination
//! numbers, voicemails, audio, categories, report groups, in-call attribution, DTMF plans and
//! IVRs, dynamic whispers. Each is read in the shape of the domain's `RoutingRecord`, put back
//! in a given state by a rollback (updated in place, or re-created under its own id), or
//! removed when a rollback undoes its creation and nothing uses it. Every query is scoped by
//! customer and runs on the caller's connection (the change's transaction).

use domain::routing::history::{RecordKind, RoutingRecord, StoredAudio, StoredDestinationNumber};
use domain::routing::{
    DtmfIvrForm, DtmfIvrKey, DtmfPlanForm, DynamicWhisperForm, GroupForm, InCallAttributionForm, VoicemailForm,
    WhisperSource,
};
use sqlx::AnyConnection;

use super::audios;
use super::routing_extras::{self, GroupKind};
use crate::db::Flag;

/// Whether `kind` is one of this module's.
pub fn is_library(kind: RecordKind) -> bool {
    table(kind).is_some()
}

/// The table of a library kind (a constant, never input).
fn table(kind: RecordKind) -> Option<&'static str> {
    Some(match kind {
        RecordKind::DestinationNumber => "destination_numbers",
        RecordKind::Voicemail => "voicemails",
        RecordKind::Audio => "audios",
        RecordKind::Category => GroupKind::Category.table(),
        RecordKind::ReportGroup => GroupKind::ReportGroup.table(),
        RecordKind::SecondaryReportGroup => GroupKind::SecondaryReportGroup.table(),
        RecordKind::InCallAttribution => "in_call_attributions",
        RecordKind::DtmfPlan => "dtmf_plans",
        RecordKind::DtmfIvr => "dtmf_ivrs",
        RecordKind::DynamicWhisper => "dynamic_whispers",
        _ => return None,
    })
}

/// One of the customer's library records as stored now (None: not the customer's, or a kind
/// of another module). A deleted audio reads as None.
pub async fn load(
    conn: &mut AnyConnection,
    customer_id: i64,
    kind: RecordKind,
    id: i64,
) -> sqlx::Result<Option<RoutingRecord>> {
    Ok(match kind {
        RecordKind::DestinationNumber => destination_number(conn, customer_id, id).await?,
        RecordKind::Voicemail => {
            let row: Option<(String, i64)> =
                sqlx::query_as("SELECT description, audio_id FROM voicemails WHERE customer_id = $1 AND id = $2")
                    .bind(customer_id)
                    .bind(id)
                    .fetch_optional(&mut *conn)
                    .await?;
            row.map(|(description, audio_id)| RoutingRecord::Voicemail {
                id,
                form: VoicemailForm { description, audio_id },
            })
        }
        RecordKind::Audio => {
            let row: Option<(String, String, String, String)> = sqlx::query_as(
                "SELECT description, file_name, original_name, sentence FROM audios
                 WHERE customer_id = $1 AND id = $2 AND deleted_at IS NULL",
            )
            .bind(customer_id)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
            row.map(|(description, file_name, original_name, sentence)| RoutingRecord::Audio {
                id,
                form: StoredAudio { description, file_name, original_name, sentence },
            })
        }
        RecordKind::Category | RecordKind::ReportGroup | RecordKind::SecondaryReportGroup => {
            let table = table(kind).expect("a group kind has a table");
            let description: Option<String> =
                sqlx::query_scalar(&format!("SELECT description FROM {table} WHERE customer_id = $1 AND id = $2"))
                    .bind(customer_id)
                    .bind(id)
                    .fetch_optional(&mut *conn)
                    .await?;
            description.map(|description| {
                let form = GroupForm { description };
                match kind {
                    RecordKind::Category => RoutingRecord::Category { id, form },
                    RecordKind::ReportGroup => RoutingRecord::ReportGroup { id, form },
                    _ => RoutingRecord::SecondaryReportGroup { id, form },
                }
            })
        }
        RecordKind::InCallAttribution => {
            let row: Option<(String, i64, i64, i64, i64, i64)> = sqlx::query_as(
                "SELECT description, active, attribution_type, terminator, delay_before, delay_after
                 FROM in_call_attributions WHERE customer_id = $1 AND id = $2",
            )
            .bind(customer_id)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
            row.map(|(description, active, attribution_type, terminator, before, after)| {
                RoutingRecord::InCallAttribution {
                    id,
                    form: InCallAttributionForm {
                        description,
                        active: active.to_string(),
                        attribution_type: attribution_type.to_string(),
                        terminator: terminator.to_string(),
                        delay_before: before.to_string(),
                        delay_after: after.to_string(),
                    },
                }
            })
        }
        RecordKind::DtmfPlan => {
            type Row = (String, i64, i64, i64, i64, i64, i64, i64);
            let row: Option<Row> = sqlx::query_as(
                "SELECT description, intro_audio_id, end_audio_id, min_length, max_length, initial_key_timeout,
                 inter_key_timeout, skip_audio FROM dtmf_plans WHERE customer_id = $1 AND id = $2",
            )
            .bind(customer_id)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
            row.map(|(description, intro, end, min, max, initial, inter, skip)| RoutingRecord::DtmfPlan {
                id,
                form: DtmfPlanForm {
                    description,
                    intro_audio: intro,
                    end_audio: end,
                    minimum_digits: min,
                    maximum_digits: max,
                    initial_timeout: initial,
                    internal_timeout: inter,
                    skip_audio: skip != 0,
                },
            })
        }
        RecordKind::DtmfIvr => dtmf_ivr(conn, customer_id, id).await?,
        RecordKind::DynamicWhisper => dynamic_whisper(conn, customer_id, id).await?,
        _ => None,
    })
}

async fn destination_number(
    conn: &mut AnyConnection,
    customer_id: i64,
    id: i64,
) -> sqlx::Result<Option<RoutingRecord>> {
    let row: Option<(String, i64, String, String, i64)> = sqlx::query_as(
        "SELECT d.description, d.international_code_id, COALESCE(c.code, '') AS code, d.number, d.mailbox
         FROM destination_numbers d LEFT JOIN international_codes c ON c.id = d.international_code_id
         WHERE d.customer_id = $1 AND d.id = $2",
    )
    .bind(customer_id)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|(description, international_code, code, number, mailbox)| RoutingRecord::DestinationNumber {
        id,
        form: StoredDestinationNumber { description, international_code, code, number, mailbox: mailbox != 0 },
    }))
}

async fn dtmf_ivr(conn: &mut AnyConnection, customer_id: i64, id: i64) -> sqlx::Result<Option<RoutingRecord>> {
    let row: Option<(String, i64, i64)> = sqlx::query_as(
        "SELECT description, intro_audio_id, end_audio_id FROM dtmf_ivrs WHERE customer_id = $1 AND id = $2",
    )
    .bind(customer_id)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((description, intro_audio_id, end_audio_id)) = row else { return Ok(None) };
    let keys: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT description, category_id, dtmf_plan_id FROM dtmf_ivr_keys WHERE ivr_id = $1 ORDER BY position",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let keys = keys
        .into_iter()
        .map(|(description, category_id, dtmf_id)| DtmfIvrKey { description, category_id, dtmf_id })
        .collect();
    Ok(Some(RoutingRecord::DtmfIvr { id, form: DtmfIvrForm { description, intro_audio_id, end_audio_id, keys } }))
}

async fn dynamic_whisper(conn: &mut AnyConnection, customer_id: i64, id: i64) -> sqlx::Result<Option<RoutingRecord>> {
    let description: Option<String> =
        sqlx::query_scalar("SELECT description FROM dynamic_whispers WHERE customer_id = $1 AND id = $2")
            .bind(customer_id)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(description) = description else { return Ok(None) };
    let sources: Vec<(i64, String)> = sqlx::query_as(
        "SELECT source_medium_id, whisper FROM dynamic_whisper_sources WHERE whisper_id = $1 ORDER BY source_medium_id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let sources =
        sources.into_iter().map(|(source_medium_id, whisper)| WhisperSource { source_medium_id, whisper }).collect();
    Ok(Some(RoutingRecord::DynamicWhisper { id, form: DynamicWhisperForm { description, sources } }))
}

/// Why a library record could not be put back.
#[derive(Debug)]
pub enum PutRefused {
    /// The file an audio played then is no longer kept.
    FileGone,
}

/// Puts one of the customer's library records in `record`'s state: updated in place, or
/// re-created under its own id when a rollback had removed it. A deleted audio is restored.
pub async fn put(
    conn: &mut AnyConnection,
    customer_id: i64,
    record: &RoutingRecord,
    now: i64,
) -> sqlx::Result<Result<(), PutRefused>> {
    let id = record.id();
    let exists = row_exists(conn, record.kind(), customer_id, id).await?;
    match record {
        RoutingRecord::DestinationNumber { form, .. } => {
            let mailbox = i64::from(form.mailbox);
            if exists {
                sqlx::query(
                    "UPDATE destination_numbers SET description = $1, mailbox = $2 WHERE customer_id = $3 AND id = $4",
                )
                .bind(&form.description)
                .bind(mailbox)
                .bind(customer_id)
                .bind(id)
                .execute(&mut *conn)
                .await?;
            } else {
                sqlx::query(
                    "INSERT INTO destination_numbers (id, customer_id, description, international_code_id, number, mailbox)
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(id)
                .bind(customer_id)
                .bind(&form.description)
                .bind(form.international_code)
                .bind(&form.number)
                .bind(mailbox)
                .execute(&mut *conn)
                .await?;
            }
        }
        RoutingRecord::Voicemail { form, .. } => {
            let sql = if exists {
                "UPDATE voicemails SET description = $3, audio_id = $4 WHERE customer_id = $2 AND id = $1"
            } else {
                "INSERT INTO voicemails (id, customer_id, description, audio_id) VALUES ($1, $2, $3, $4)"
            };
            sqlx::query(sql)
                .bind(id)
                .bind(customer_id)
                .bind(&form.description)
                .bind(form.audio_id)
                .execute(&mut *conn)
                .await?;
        }
        RoutingRecord::Audio { form, .. } => {
            if let Err(refused) = audios::restore(conn, customer_id, id, form, now).await? {
                return Ok(Err(refused));
            }
        }
        RoutingRecord::Category { form, .. }
        | RoutingRecord::ReportGroup { form, .. }
        | RoutingRecord::SecondaryReportGroup { form, .. } => {
            let table = table(record.kind()).expect("a group kind has a table");
            let sql = if exists {
                format!("UPDATE {table} SET description = $3 WHERE customer_id = $2 AND id = $1")
            } else {
                format!("INSERT INTO {table} (id, customer_id, description) VALUES ($1, $2, $3)")
            };
            sqlx::query(&sql).bind(id).bind(customer_id).bind(&form.description).execute(&mut *conn).await?;
        }
        RoutingRecord::InCallAttribution { form, .. } => {
            if !exists {
                sqlx::query(
                    "INSERT INTO in_call_attributions (id, customer_id, description, attribution_type)
                     VALUES ($1, $2, $3, 0)",
                )
                .bind(id)
                .bind(customer_id)
                .bind(&form.description)
                .execute(&mut *conn)
                .await?;
            }
            routing_extras::save_in_call(&mut *conn, customer_id, &routing_extras::InCallAttribution::stored(id, form))
                .await?;
        }
        RoutingRecord::DtmfPlan { form, .. } => {
            if !exists {
                sqlx::query(
                    "INSERT INTO dtmf_plans (id, customer_id, description, intro_audio_id, end_audio_id, min_length,
                     max_length) VALUES ($1, $2, $3, 0, 0, 1, 1)",
                )
                .bind(id)
                .bind(customer_id)
                .bind(&form.description)
                .execute(&mut *conn)
                .await?;
            }
            routing_extras::save_dtmf_plan(&mut *conn, customer_id, &routing_extras::DtmfPlan::stored(id, form))
                .await?;
        }
        RoutingRecord::DtmfIvr { form, .. } => {
            if !exists {
                sqlx::query(
                    "INSERT INTO dtmf_ivrs (id, customer_id, description, intro_audio_id) VALUES ($1, $2, $3, 0)",
                )
                .bind(id)
                .bind(customer_id)
                .bind(&form.description)
                .execute(&mut *conn)
                .await?;
            }
            let (ivr, keys) = routing_extras::DtmfIvr::stored(id, form);
            routing_extras::save_dtmf_ivr(conn, customer_id, &ivr, &keys).await?;
        }
        RoutingRecord::DynamicWhisper { form, .. } => {
            if !exists {
                sqlx::query("INSERT INTO dynamic_whispers (id, customer_id, description) VALUES ($1, $2, $3)")
                    .bind(id)
                    .bind(customer_id)
                    .bind(&form.description)
                    .execute(&mut *conn)
                    .await?;
            }
            let texts: Vec<(i64, String)> =
                form.sources.iter().map(|s| (s.source_medium_id, s.whisper.clone())).collect();
            routing_extras::save_dynamic_whisper(conn, customer_id, id, &form.description, &texts).await?;
        }
        // The routing records of other modules are not put here.
        _ => {}
    }
    Ok(Ok(()))
}

/// Whether the customer has the row (a deleted audio's row counts: it is restored in place).
async fn row_exists(conn: &mut AnyConnection, kind: RecordKind, customer_id: i64, id: i64) -> sqlx::Result<bool> {
    let Some(table) = table(kind) else { return Ok(false) };
    let found: Option<i64> = sqlx::query_scalar(&format!("SELECT id FROM {table} WHERE customer_id = $1 AND id = $2"))
        .bind(customer_id)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(found.is_some())
}

/// The columns that point at a record of `kind` (table, column): it is in use while one does.
fn references(kind: RecordKind) -> &'static [(&'static str, &'static str)] {
    match kind {
        RecordKind::DestinationNumber => {
            &[("destination_plan_rows", "destination_number_id"), ("destination_plans", "no_response_destination_id")]
        }
        RecordKind::Voicemail => &[("ivr_keys", "voicemail_id")],
        RecordKind::Category => &[("ivr_keys", "category_id"), ("dtmf_ivr_keys", "category_id")],
        RecordKind::ReportGroup => &[("ivrs", "report_group_id")],
        RecordKind::SecondaryReportGroup => &[("ivrs", "secondary_report_group_id")],
        RecordKind::InCallAttribution => &[("destination_plans", "incall_id")],
        RecordKind::DtmfPlan => &[("routing_entries", "attribution_id"), ("dtmf_ivr_keys", "dtmf_plan_id")],
        RecordKind::DtmfIvr => &[("routing_entries", "attribution_dtmf_ivr_id")],
        RecordKind::DynamicWhisper => &[("routing_entries", "dynamic_whisper_id")],
        _ => &[],
    }
}

/// Removes one of the customer's library records (a rollback of its creation): an audio is
/// soft-deleted as the audio list does. Nothing is removed while something uses it: then
/// false.
pub async fn remove(
    conn: &mut AnyConnection,
    customer_id: i64,
    kind: RecordKind,
    id: i64,
    now: i64,
) -> sqlx::Result<bool> {
    if kind == RecordKind::Audio {
        return audios::soft_delete_on(conn, customer_id, id, now).await;
    }
    let Some(table) = table(kind) else { return Ok(false) };
    // Ids are unique across customers, so a reference by id is to this customer's record.
    for (other, column) in references(kind) {
        let (Flag(used),): (Flag,) =
            sqlx::query_as(&format!("SELECT EXISTS (SELECT 1 FROM {other} WHERE {column} = $1)"))
                .bind(id)
                .fetch_one(&mut *conn)
                .await?;
        if used {
            return Ok(false);
        }
    }
    // The rows' own lists go with them (as ON DELETE CASCADE says, whatever the connection's
    // foreign key setting).
    let children = match kind {
        RecordKind::DynamicWhisper => Some("DELETE FROM dynamic_whisper_sources WHERE whisper_id = $1"),
        RecordKind::DtmfIvr => Some("DELETE FROM dtmf_ivr_keys WHERE ivr_id = $1"),
        _ => None,
    };
    if let Some(sql) = children {
        sqlx::query(sql).bind(id).execute(&mut *conn).await?;
    }
    sqlx::query(&format!("DELETE FROM {table} WHERE customer_id = $1 AND id = $2"))
        .bind(customer_id)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(true)
}
