//! The library's routing records as the routing history keeps them: destination
//! numbers, voicemails, audio, categories, report groups, in-call attribution, DTMF plans and
//! IVRs, dynamic whispers. Each is read in the shape of the domain's `RoutingRecord`, put back
//! in a given state by a rollback (updated in place, or re-created under its own id), or
//! removed when a rollback undoes its creation and nothing uses it. Every query is scoped by
//! customer and runs on the caller's connection (the change's transaction).

pub use super::audios::PutRefused;
use crate::store::CustomerId;
use domain::routing::history::{RecordKind, RoutingRecord, StoredAudio, StoredDestinationNumber};
use domain::routing::{DynamicWhisperForm, GroupForm, VoicemailForm, WhisperSource};
use sqlx::AnyConnection;

use super::routing_extras::{self, GroupKind};
use super::{audios, destinations, voicemails};
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
/// of another module), read with the store's own finders. A deleted audio reads as None.
pub async fn load(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    kind: RecordKind,
    id: i64,
) -> sqlx::Result<Option<RoutingRecord>> {
    let group = |description: String| GroupForm { description };
    Ok(match kind {
        RecordKind::DestinationNumber => {
            destinations::find_number(&mut *conn, customer_id, id).await?.map(|n| RoutingRecord::DestinationNumber {
                id,
                form: StoredDestinationNumber {
                    description: n.description,
                    international_code: n.international_code_id,
                    code: n.code,
                    number: n.number,
                    mailbox: n.mailbox != 0,
                },
            })
        }
        RecordKind::Voicemail => voicemails::find(&mut *conn, customer_id, id).await?.map(|v| {
            RoutingRecord::Voicemail { id, form: VoicemailForm { description: v.description, audio_id: v.audio_id } }
        }),
        RecordKind::Audio => audios::find(&mut *conn, customer_id, id).await?.map(|a| RoutingRecord::Audio {
            id,
            form: StoredAudio {
                description: a.description,
                file_name: a.file_name,
                original_name: a.original_name,
                sentence: a.sentence,
            },
        }),
        RecordKind::Category => routing_extras::find_group(&mut *conn, GroupKind::Category, customer_id, id)
            .await?
            .map(|g| RoutingRecord::Category { id, form: group(g.description) }),
        RecordKind::ReportGroup => routing_extras::find_group(&mut *conn, GroupKind::ReportGroup, customer_id, id)
            .await?
            .map(|g| RoutingRecord::ReportGroup { id, form: group(g.description) }),
        RecordKind::SecondaryReportGroup => {
            routing_extras::find_group(&mut *conn, GroupKind::SecondaryReportGroup, customer_id, id)
                .await?
                .map(|g| RoutingRecord::SecondaryReportGroup { id, form: group(g.description) })
        }
        RecordKind::InCallAttribution => routing_extras::find_in_call(&mut *conn, customer_id, id)
            .await?
            .map(|plan| RoutingRecord::InCallAttribution { id, form: plan.form() }),
        RecordKind::DtmfPlan => routing_extras::find_dtmf_plan(&mut *conn, customer_id, id)
            .await?
            .map(|plan| RoutingRecord::DtmfPlan { id, form: plan.form() }),
        RecordKind::DtmfIvr => match routing_extras::find_dtmf_ivr(&mut *conn, customer_id, id).await? {
            Some(ivr) => {
                let keys = routing_extras::dtmf_ivr_keys(&mut *conn, customer_id, id).await?;
                Some(RoutingRecord::DtmfIvr { id, form: ivr.form(&keys) })
            }
            None => None,
        },
        RecordKind::DynamicWhisper => dynamic_whisper(conn, customer_id, id).await?,
        _ => None,
    })
}

/// A whisper with only the sources that have a text (the dialog's list shows every source).
async fn dynamic_whisper(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<RoutingRecord>> {
    let Some(whisper) = routing_extras::find_dynamic_whisper(&mut *conn, customer_id, id).await? else {
        return Ok(None);
    };
    let sources: Vec<(i64, String)> = sqlx::query_as(
        "SELECT source_medium_id, whisper FROM dynamic_whisper_sources WHERE whisper_id = $1 ORDER BY source_medium_id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let sources =
        sources.into_iter().map(|(source_medium_id, whisper)| WhisperSource { source_medium_id, whisper }).collect();
    Ok(Some(RoutingRecord::DynamicWhisper {
        id,
        form: DynamicWhisperForm { description: whisper.description, sources },
    }))
}

/// Puts one of the customer's library records in `record`'s state: updated in place, or
/// re-created under its own id when a rollback had removed it. A deleted audio is restored.
pub async fn put(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
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
async fn row_exists(
    conn: &mut AnyConnection,
    kind: RecordKind,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<bool> {
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
    customer_id: CustomerId,
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
