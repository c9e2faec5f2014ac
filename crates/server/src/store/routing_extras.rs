//! Call routing part 2, the simpler entities: call categories, report groups and secondary
//! report groups, in-call attribution plans, DTMF plans and DTMF IVRs, sources / mediums and
//! dynamic whispers. Every query is scoped by the customer.

use crate::store::CustomerId;
use domain::routing::dtmf::DTMF_IVR_KEYS;
use domain::routing::history::RecordKind;
use domain::routing::{DtmfIvrForm, DtmfPlanForm, InCallAttributionForm};
use sqlx::{Any, AnyConnection, Executor, FromRow};

use super::routing_entries::all_owned;

/// The three lists that are only a description. The table name is a constant, never input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupKind {
    Category,
    ReportGroup,
    SecondaryReportGroup,
}

impl GroupKind {
    pub fn table(self) -> &'static str {
        match self {
            GroupKind::Category => "call_categories",
            GroupKind::ReportGroup => "report_groups",
            GroupKind::SecondaryReportGroup => "secondary_report_groups",
        }
    }

    /// The kind as the routing history records it.
    pub fn record_kind(self) -> RecordKind {
        match self {
            GroupKind::Category => RecordKind::Category,
            GroupKind::ReportGroup => RecordKind::ReportGroup,
            GroupKind::SecondaryReportGroup => RecordKind::SecondaryReportGroup,
        }
    }
}

#[derive(Debug, Clone, FromRow)]
pub struct Group {
    pub id: i64,
    pub description: String,
}

pub async fn groups(conn: &mut AnyConnection, kind: GroupKind, customer_id: CustomerId) -> sqlx::Result<Vec<Group>> {
    sqlx::query_as(&format!(
        "SELECT id, description FROM {} WHERE customer_id = $1 ORDER BY LOWER(description), id",
        kind.table()
    ))
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await
}

pub async fn find_group<'e>(
    db: impl Executor<'e, Database = Any>,
    kind: GroupKind,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<Group>> {
    sqlx::query_as(&format!("SELECT id, description FROM {} WHERE customer_id = $1 AND id = $2", kind.table()))
        .bind(customer_id)
        .bind(id)
        .fetch_optional(db)
        .await
}

/// The descriptions of the customer's rows other than `except` (0: all).
async fn descriptions_of(
    conn: &mut AnyConnection,
    table: &str,
    customer_id: CustomerId,
    except: i64,
) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> =
        sqlx::query_as(&format!("SELECT description FROM {table} WHERE customer_id = $1 AND id <> $2"))
            .bind(customer_id)
            .bind(except)
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows.into_iter().map(|(d,)| d).collect())
}

pub async fn group_descriptions(
    conn: &mut AnyConnection,
    kind: GroupKind,
    customer_id: CustomerId,
    except: i64,
) -> sqlx::Result<Vec<String>> {
    descriptions_of(&mut *conn, kind.table(), customer_id, except).await
}

/// Inserts (`id` 0) or renames the customer's row; answers its id.
pub async fn save_group(
    db: &mut AnyConnection,
    kind: GroupKind,
    customer_id: CustomerId,
    id: i64,
    description: &str,
) -> sqlx::Result<i64> {
    if id == 0 {
        let id = sqlx::query_scalar::<_, i64>(&format!(
            "INSERT INTO {} (customer_id, description) VALUES ($1, $2) RETURNING id",
            kind.table()
        ))
        .bind(customer_id)
        .bind(description)
        .fetch_one(&mut *db)
        .await?;
        return Ok(id);
    }
    sqlx::query(&format!("UPDATE {} SET description = $1 WHERE customer_id = $2 AND id = $3", kind.table()))
        .bind(description)
        .bind(customer_id)
        .bind(id)
        .execute(db)
        .await?;
    Ok(id)
}

#[derive(Debug, Clone, Default, FromRow)]
pub struct InCallAttribution {
    pub id: i64,
    pub description: String,
    pub active: i64,
    pub attribution_type: i64,
    pub terminator: i64,
    pub delay_before: i64,
    pub delay_after: i64,
}

impl InCallAttribution {
    /// The stored plan as the form holds it (its values as text).
    pub fn form(&self) -> InCallAttributionForm {
        InCallAttributionForm {
            description: self.description.clone(),
            active: self.active.to_string(),
            attribution_type: self.attribution_type.to_string(),
            terminator: self.terminator.to_string(),
            delay_before: self.delay_before.to_string(),
            delay_after: self.delay_after.to_string(),
        }
    }

    /// The plan `id` as the store keeps the form (its values as numbers; 0 where not one).
    pub fn stored(id: i64, form: &InCallAttributionForm) -> InCallAttribution {
        let as_number = |value: &str| value.trim().parse::<i64>().unwrap_or(0);
        InCallAttribution {
            id,
            description: form.description.clone(),
            active: as_number(&form.active),
            attribution_type: as_number(&form.attribution_type),
            terminator: as_number(&form.terminator),
            delay_before: as_number(&form.delay_before),
            delay_after: as_number(&form.delay_after),
        }
    }
}

const IN_CALL: &str = "SELECT id, description, active, attribution_type, terminator, delay_before, delay_after
     FROM in_call_attributions";

pub async fn in_call_attributions(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
) -> sqlx::Result<Vec<InCallAttribution>> {
    sqlx::query_as(&format!("{IN_CALL} WHERE customer_id = $1 ORDER BY LOWER(description), id"))
        .bind(customer_id)
        .fetch_all(&mut *conn)
        .await
}

pub async fn find_in_call<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<InCallAttribution>> {
    sqlx::query_as(&format!("{IN_CALL} WHERE customer_id = $1 AND id = $2"))
        .bind(customer_id)
        .bind(id)
        .fetch_optional(db)
        .await
}

pub async fn in_call_descriptions(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    except: i64,
) -> sqlx::Result<Vec<String>> {
    descriptions_of(&mut *conn, "in_call_attributions", customer_id, except).await
}

/// Inserts (`plan.id` 0) or updates the customer's plan; answers its id.
pub async fn save_in_call<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    plan: &InCallAttribution,
) -> sqlx::Result<i64> {
    let sql = if plan.id == 0 {
        "INSERT INTO in_call_attributions (description, active, attribution_type, terminator, delay_before,
         delay_after, customer_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id"
    } else {
        "UPDATE in_call_attributions SET description = $1, active = $2, attribution_type = $3, terminator = $4,
         delay_before = $5, delay_after = $6 WHERE customer_id = $7 AND id = $8 RETURNING id"
    };
    let mut query = sqlx::query_scalar(sql)
        .bind(&plan.description)
        .bind(plan.active)
        .bind(plan.attribution_type)
        .bind(plan.terminator)
        .bind(plan.delay_before)
        .bind(plan.delay_after)
        .bind(customer_id);
    // Only the update names the plan (PostgreSQL refuses a value the statement does not use).
    if plan.id != 0 {
        query = query.bind(plan.id);
    }
    let id: Option<i64> = query.fetch_optional(db).await?;
    Ok(id.unwrap_or(plan.id))
}

pub async fn in_calls_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "in_call_attributions", "", customer_id, ids).await
}

#[derive(Debug, Clone, Default, FromRow)]
pub struct DtmfPlan {
    pub id: i64,
    pub description: String,
    pub intro_audio_id: i64,
    pub end_audio_id: i64,
    pub min_length: i64,
    pub max_length: i64,
    pub initial_key_timeout: i64,
    pub inter_key_timeout: i64,
    pub skip_audio: i64,
}

impl DtmfPlan {
    /// The stored plan as the form holds it.
    pub fn form(&self) -> DtmfPlanForm {
        DtmfPlanForm {
            description: self.description.clone(),
            intro_audio: self.intro_audio_id,
            end_audio: self.end_audio_id,
            minimum_digits: self.min_length,
            maximum_digits: self.max_length,
            initial_timeout: self.initial_key_timeout,
            internal_timeout: self.inter_key_timeout,
            skip_audio: self.skip_audio != 0,
        }
    }

    /// The plan `id` as the store keeps the form.
    pub fn stored(id: i64, form: &DtmfPlanForm) -> DtmfPlan {
        DtmfPlan {
            id,
            description: form.description.clone(),
            intro_audio_id: form.intro_audio,
            end_audio_id: form.end_audio,
            min_length: form.minimum_digits,
            max_length: form.maximum_digits,
            initial_key_timeout: form.initial_timeout,
            inter_key_timeout: form.internal_timeout,
            skip_audio: i64::from(form.skip_audio),
        }
    }
}

const DTMF: &str = "SELECT id, description, intro_audio_id, end_audio_id, min_length, max_length,
        initial_key_timeout, inter_key_timeout, skip_audio FROM dtmf_plans";

pub async fn dtmf_plans(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<DtmfPlan>> {
    sqlx::query_as(&format!("{DTMF} WHERE customer_id = $1 ORDER BY LOWER(description), id"))
        .bind(customer_id)
        .fetch_all(&mut *conn)
        .await
}

pub async fn find_dtmf_plan<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<DtmfPlan>> {
    sqlx::query_as(&format!("{DTMF} WHERE customer_id = $1 AND id = $2"))
        .bind(customer_id)
        .bind(id)
        .fetch_optional(db)
        .await
}

pub async fn dtmf_plans_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "dtmf_plans", "", customer_id, ids).await
}

/// Inserts (`plan.id` 0) or updates the customer's plan; answers its id.
pub async fn save_dtmf_plan<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    plan: &DtmfPlan,
) -> sqlx::Result<i64> {
    let sql = if plan.id == 0 {
        "INSERT INTO dtmf_plans (description, intro_audio_id, end_audio_id, min_length, max_length,
         initial_key_timeout, inter_key_timeout, skip_audio, customer_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         RETURNING id"
    } else {
        "UPDATE dtmf_plans SET description = $1, intro_audio_id = $2, end_audio_id = $3, min_length = $4,
         max_length = $5, initial_key_timeout = $6, inter_key_timeout = $7, skip_audio = $8
         WHERE customer_id = $9 AND id = $10 RETURNING id"
    };
    let mut query = sqlx::query_scalar(sql)
        .bind(&plan.description)
        .bind(plan.intro_audio_id)
        .bind(plan.end_audio_id)
        .bind(plan.min_length)
        .bind(plan.max_length)
        .bind(plan.initial_key_timeout)
        .bind(plan.inter_key_timeout)
        .bind(plan.skip_audio)
        .bind(customer_id);
    // Only the update names the plan (PostgreSQL refuses a value the statement does not use).
    if plan.id != 0 {
        query = query.bind(plan.id);
    }
    let id: Option<i64> = query.fetch_optional(db).await?;
    Ok(id.unwrap_or(plan.id))
}

#[derive(Debug, Clone, Default, FromRow)]
pub struct DtmfIvr {
    pub id: i64,
    pub description: String,
    pub intro_audio_id: i64,
    pub end_audio_id: i64,
}

#[derive(Debug, Clone, Default, FromRow)]
pub struct DtmfIvrKey {
    pub key: String,
    pub description: String,
    pub category_id: i64,
    pub dtmf_plan_id: i64,
}

impl DtmfIvr {
    /// The stored DTMF IVR and its keys (in key order) as the form holds them.
    pub fn form(&self, keys: &[DtmfIvrKey]) -> DtmfIvrForm {
        DtmfIvrForm {
            description: self.description.clone(),
            intro_audio_id: self.intro_audio_id,
            end_audio_id: self.end_audio_id,
            keys: keys
                .iter()
                .map(|k| domain::routing::DtmfIvrKey {
                    description: k.description.clone(),
                    category_id: k.category_id,
                    dtmf_id: k.dtmf_plan_id,
                })
                .collect(),
        }
    }

    /// The DTMF IVR `id` and its keys (key i is `DTMF_IVR_KEYS[i]`) as the store keeps the form;
    /// no end audio or DTMF plan is 0.
    pub fn stored(id: i64, form: &DtmfIvrForm) -> (DtmfIvr, Vec<DtmfIvrKey>) {
        let ivr = DtmfIvr {
            id,
            description: form.description.clone(),
            intro_audio_id: form.intro_audio_id,
            end_audio_id: form.end_audio_id.max(0),
        };
        let keys = form
            .keys
            .iter()
            .zip(DTMF_IVR_KEYS)
            .map(|(k, key)| DtmfIvrKey {
                key: key.to_string(),
                description: k.description.clone(),
                category_id: k.category_id,
                dtmf_plan_id: k.dtmf_id.max(0),
            })
            .collect();
        (ivr, keys)
    }
}

pub async fn dtmf_ivrs(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<DtmfIvr>> {
    sqlx::query_as(
        "SELECT id, description, intro_audio_id, end_audio_id FROM dtmf_ivrs WHERE customer_id = $1
         ORDER BY LOWER(description), id",
    )
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await
}

pub async fn find_dtmf_ivr<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<DtmfIvr>> {
    sqlx::query_as(
        "SELECT id, description, intro_audio_id, end_audio_id FROM dtmf_ivrs WHERE customer_id = $1 AND id = $2",
    )
    .bind(customer_id)
    .bind(id)
    .fetch_optional(db)
    .await
}

pub async fn dtmf_ivr_keys<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    ivr_id: i64,
) -> sqlx::Result<Vec<DtmfIvrKey>> {
    sqlx::query_as(
        "SELECT k.key, k.description, k.category_id, k.dtmf_plan_id FROM dtmf_ivr_keys k
         JOIN dtmf_ivrs i ON i.id = k.ivr_id WHERE i.customer_id = $1 AND k.ivr_id = $2 ORDER BY k.position",
    )
    .bind(customer_id)
    .bind(ivr_id)
    .fetch_all(db)
    .await
}

/// Inserts (`ivr.id` 0) or updates the customer's DTMF IVR with its keys, on the caller's
/// transaction.
pub async fn save_dtmf_ivr(
    tx: &mut AnyConnection,
    customer_id: CustomerId,
    ivr: &DtmfIvr,
    keys: &[DtmfIvrKey],
) -> sqlx::Result<i64> {
    let id = if ivr.id == 0 {
        sqlx::query_scalar::<_, i64>(
            "INSERT INTO dtmf_ivrs (customer_id, description, intro_audio_id, end_audio_id) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(customer_id)
        .bind(&ivr.description)
        .bind(ivr.intro_audio_id)
        .bind(ivr.end_audio_id)
        .fetch_one(&mut *tx)
        .await?
    } else {
        sqlx::query(
            "UPDATE dtmf_ivrs SET description = $1, intro_audio_id = $2, end_audio_id = $3 WHERE customer_id = $4 AND id = $5",
        )
        .bind(&ivr.description)
        .bind(ivr.intro_audio_id)
        .bind(ivr.end_audio_id)
        .bind(customer_id)
        .bind(ivr.id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM dtmf_ivr_keys WHERE ivr_id = $1").bind(ivr.id).execute(&mut *tx).await?;
        ivr.id
    };
    for (position, key) in keys.iter().enumerate() {
        sqlx::query(
            "INSERT INTO dtmf_ivr_keys (ivr_id, position, key, description, category_id, dtmf_plan_id)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(position as i64)
        .bind(&key.key)
        .bind(&key.description)
        .bind(key.category_id)
        .bind(key.dtmf_plan_id)
        .execute(&mut *tx)
        .await?;
    }
    Ok(id)
}

pub async fn dtmf_ivrs_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "dtmf_ivrs", "", customer_id, ids).await
}

pub async fn categories_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "call_categories", "", customer_id, ids).await
}

#[derive(Debug, Clone, FromRow)]
pub struct SourceWhisper {
    pub id: i64,
    pub source: String,
    pub medium: String,
    /// '' when this source has no whisper.
    pub whisper: String,
}

/// Every source / medium of the customer with the whisper of `whisper_id` (0: none) for it.
pub async fn whisper_sources(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    whisper_id: i64,
) -> sqlx::Result<Vec<SourceWhisper>> {
    sqlx::query_as(
        "SELECT s.id, s.source, s.medium, COALESCE(w.whisper, '') AS whisper FROM sources_mediums s
         LEFT JOIN dynamic_whisper_sources w ON w.source_medium_id = s.id AND w.whisper_id = $1
         WHERE s.customer_id = $2 ORDER BY LOWER(s.source), LOWER(s.medium), s.id",
    )
    .bind(whisper_id)
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await
}

pub async fn sources_owned(conn: &mut AnyConnection, customer_id: CustomerId, ids: &[i64]) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "sources_mediums", "", customer_id, ids).await
}

pub async fn dynamic_whispers(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<Group>> {
    sqlx::query_as(
        "SELECT id, description FROM dynamic_whispers WHERE customer_id = $1 ORDER BY LOWER(description), id",
    )
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await
}

pub async fn find_dynamic_whisper<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<Group>> {
    sqlx::query_as("SELECT id, description FROM dynamic_whispers WHERE customer_id = $1 AND id = $2")
        .bind(customer_id)
        .bind(id)
        .fetch_optional(db)
        .await
}

pub async fn dynamic_whisper_descriptions(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    except: i64,
) -> sqlx::Result<Vec<String>> {
    descriptions_of(&mut *conn, "dynamic_whispers", customer_id, except).await
}

pub async fn dynamic_whispers_owned(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    ids: &[i64],
) -> sqlx::Result<bool> {
    all_owned(&mut *conn, "dynamic_whispers", "", customer_id, ids).await
}

/// Inserts (`id` 0) or updates the customer's whisper and replaces its per-source texts (only
/// the non-empty ones are kept), on the caller's transaction.
pub async fn save_dynamic_whisper(
    tx: &mut AnyConnection,
    customer_id: CustomerId,
    id: i64,
    description: &str,
    sources: &[(i64, String)],
) -> sqlx::Result<i64> {
    let id = if id == 0 {
        sqlx::query_scalar::<_, i64>(
            "INSERT INTO dynamic_whispers (customer_id, description) VALUES ($1, $2) RETURNING id",
        )
        .bind(customer_id)
        .bind(description)
        .fetch_one(&mut *tx)
        .await?
    } else {
        sqlx::query("UPDATE dynamic_whispers SET description = $1 WHERE customer_id = $2 AND id = $3")
            .bind(description)
            .bind(customer_id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM dynamic_whisper_sources WHERE whisper_id = $1").bind(id).execute(&mut *tx).await?;
        id
    };
    for (source, whisper) in sources.iter().filter(|(_, w)| !w.is_empty()) {
        sqlx::query(
            "INSERT INTO dynamic_whisper_sources (whisper_id, source_medium_id, whisper) VALUES ($1, $2, $3)
             ON CONFLICT (whisper_id, source_medium_id) DO UPDATE SET whisper = excluded.whisper",
        )
        .bind(id)
        .bind(source)
        .bind(whisper)
        .execute(&mut *tx)
        .await?;
    }
    Ok(id)
}

/// The customer's pools that whisper with `whisper_id`, other than the entry `except`.
pub async fn pools_using_whisper(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    whisper_id: i64,
    except: i64,
) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT pool_name FROM routing_entries WHERE customer_id = $1 AND kind = 'dynamic' AND dynamic_whisper_id = $2
         AND id <> $3 ORDER BY LOWER(pool_name), id",
    )
    .bind(customer_id)
    .bind(whisper_id)
    .bind(except)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|(p,)| p).collect())
}

/// Whether `id` is one of the customer's pools.
pub async fn owns_pool(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<bool> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM routing_entries WHERE customer_id = $1 AND id = $2 AND kind = 'dynamic'")
            .bind(customer_id)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(found.is_some())
}

/// The numbers (static, by number) and pools (by name) whose service plan reaches, directly or
/// through other IVRs' keys, an IVR that files its calls under this report group.
pub async fn numbers_using_group(
    conn: &mut AnyConnection,
    customer: CustomerId,
    kind: GroupKind,
    group: i64,
) -> sqlx::Result<(Vec<String>, Vec<String>)> {
    let column = match kind {
        GroupKind::ReportGroup => "report_group_id",
        GroupKind::SecondaryReportGroup => "secondary_report_group_id",
        GroupKind::Category => return Ok((vec![], vec![])),
    };
    let sql = format!(
        "WITH RECURSIVE reach(root, ivr) AS (
             SELECT id, id FROM ivrs WHERE customer_id = $1
             UNION
             SELECT reach.root, k.target_ivr_id FROM reach JOIN ivr_keys k ON k.ivr_id = reach.ivr
             WHERE k.key_type = 'ivr' AND k.target_ivr_id <> 0
         )
         SELECT DISTINCT e.kind, e.number, e.pool_name FROM routing_entries e
         JOIN service_plan_times t ON t.plan_id = e.service_plan_id AND t.plan_type = 'ivr'
         JOIN reach r ON r.root = t.ivr_id
         JOIN ivrs i ON i.id = r.ivr AND i.customer_id = $1
         WHERE e.customer_id = $1 AND i.{column} = $2
         ORDER BY e.kind, e.number, e.pool_name"
    );
    let rows: Vec<(String, String, String)> =
        sqlx::query_as(&sql).bind(customer).bind(group).fetch_all(&mut *conn).await?;
    let numbers = rows.iter().filter(|r| r.0 == "static").map(|r| r.1.clone()).collect();
    let pools = rows.iter().filter(|r| r.0 == "dynamic").map(|r| r.2.clone()).collect();
    Ok((numbers, pools))
}
