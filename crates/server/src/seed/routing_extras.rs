//! Demo data of call routing part 2's simpler entities: call categories, report groups,
//! secondary report groups, in-call attribution plans, DTMF plans and a DTMF IVR, sources /
//! mediums and dynamic whispers for Harbour Lane Dental (100), and one of each for Atlas
//! Insurance (300) so tenant tests have another customer's ids. Runs after `routing_numbers`.
//!
//! Ids are fixed: customer 100's records start at 1, customer 300's at 101. Audio ids are the
//! library seed's (100: 1-11, 300: 101).

use sqlx::{Any, Transaction};

type Tx<'a, 'b> = &'a mut Transaction<'b, Any>;

/// (id, customer, description) for the three description-only lists.
const CATEGORIES: &[(i64, i64, &str)] = &[
    (1, 100, "New patient enquiry"),
    (2, 100, "Existing patient"),
    (3, 100, "Emergency appointment"),
    (4, 100, "Cosmetic consultation"),
    (5, 100, "Billing question"),
    (101, 300, "Motor claim"),
];
const REPORT_GROUPS: &[(i64, i64, &str)] = &[
    (1, 100, "Leeds & Sheffield"),
    (2, 100, "Manchester (central)"),
    (3, 100, "Bristol / South West"),
    (101, 300, "Claims"),
];
const SECONDARY_REPORT_GROUPS: &[(i64, i64, &str)] =
    &[(1, 100, "Paid search"), (2, 100, "Organic & referral"), (101, 300, "Brokers")];

/// (id, customer, description, active, type, terminator, delay before, delay after)
type InCallSeed = (i64, i64, &'static str, i64, i64, i64, i64, i64);
const IN_CALL: &[InCallSeed] = &[
    (1, 100, "Caller ID capture", 1, 1, 2, 0, 1),
    (2, 100, "Caller's number", 1, 2, 0, 0, 0),
    (3, 100, "Referral code (paused)", 0, 1, 1, 2, 2),
    (101, 300, "Policy caller ID", 1, 1, 2, 1, 1),
];

/// (id, customer, description, intro audio, end audio, min, max, initial timeout, inter timeout, skip)
type DtmfPlanSeed = (i64, i64, &'static str, i64, i64, i64, i64, i64, i64, i64);
const DTMF_PLANS: &[DtmfPlanSeed] = &[
    (1, 100, "Patient number", 1, 11, 6, 8, 5, 3, 0),
    (2, 100, "Appointment reference", 1, 11, 4, 4, 5, 2, 1),
    (3, 100, "Referral code", 3, 11, 1, 15, 10, 5, 0),
    (101, 300, "Policy number", 101, 101, 8, 10, 5, 3, 0),
];

/// (id, customer, description, intro audio, end audio, keys: (description, category, dtmf plan))
type DtmfIvrSeed = (i64, i64, &'static str, i64, i64, &'static [(&'static str, i64, i64)]);
const DTMF_IVRS: &[DtmfIvrSeed] = &[
    (1, 100, "Patient type", 1, 11, &[("New patients", 1, 0), ("Existing patients", 2, 1), ("Emergencies", 3, 2)]),
    (101, 300, "Claim type", 101, 0, &[("Motor claim", 101, 101)]),
];

/// (id, customer, source, medium)
const SOURCES_MEDIUMS: &[(i64, i64, &str, &str)] = &[
    (1, 100, "google", "cpc"),
    (2, 100, "google", "organic"),
    (3, 100, "bing", "cpc"),
    (4, 100, "bing", "organic"),
    (5, 100, "facebook", "social"),
    (6, 100, "instagram", "social"),
    (7, 100, "(direct)", "(none)"),
    (8, 100, "nhs.uk", "referral"),
    (9, 100, "newsletter", "email"),
    (10, 100, "yell.com", "referral"),
    (101, 300, "google", "cpc"),
    (102, 300, "(direct)", "(none)"),
];

/// (id, customer, description, whispers: (source / medium id, text))
type WhisperSeed = (i64, i64, &'static str, &'static [(i64, &'static str)]);
const DYNAMIC_WHISPERS: &[WhisperSeed] = &[
    (
        1,
        100,
        "Marketing channel",
        &[(1, "Google Ads caller"), (3, "Bing Ads caller"), (5, "Facebook caller"), (7, "Direct website visitor")],
    ),
    (2, 100, "Search only", &[(1, "Paid search"), (2, "Organic search")]),
    (101, 300, "Atlas channels", &[(101, "Google Ads caller")]),
];

async fn groups(tx: Tx<'_, '_>, table: &str, rows: &[(i64, i64, &str)]) -> Result<(), sqlx::Error> {
    for &(id, customer, description) in rows {
        sqlx::query(&format!("INSERT INTO {table} (id, customer_id, description) VALUES ($1, $2, $3)"))
            .bind(id)
            .bind(customer)
            .bind(description)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

pub async fn seed(tx: Tx<'_, '_>) -> Result<(), sqlx::Error> {
    groups(tx, "call_categories", CATEGORIES).await?;
    groups(tx, "report_groups", REPORT_GROUPS).await?;
    groups(tx, "secondary_report_groups", SECONDARY_REPORT_GROUPS).await?;
    for &(id, customer, description, active, kind, terminator, before, after) in IN_CALL {
        sqlx::query(
            "INSERT INTO in_call_attributions (id, customer_id, description, active, attribution_type, terminator,
             delay_before, delay_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(id)
        .bind(customer)
        .bind(description)
        .bind(active)
        .bind(kind)
        .bind(terminator)
        .bind(before)
        .bind(after)
        .execute(&mut **tx)
        .await?;
    }
    for &(id, customer, description, intro, end, min, max, initial, inter, skip) in DTMF_PLANS {
        sqlx::query(
            "INSERT INTO dtmf_plans (id, customer_id, description, intro_audio_id, end_audio_id, min_length, max_length,
             initial_key_timeout, inter_key_timeout, skip_audio) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(id)
        .bind(customer)
        .bind(description)
        .bind(intro)
        .bind(end)
        .bind(min)
        .bind(max)
        .bind(initial)
        .bind(inter)
        .bind(skip)
        .execute(&mut **tx)
        .await?;
    }
    for &(id, customer, description, intro, end, keys) in DTMF_IVRS {
        sqlx::query(
            "INSERT INTO dtmf_ivrs (id, customer_id, description, intro_audio_id, end_audio_id) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(customer)
        .bind(description)
        .bind(intro)
        .bind(end)
        .execute(&mut **tx)
        .await?;
        for (position, &(key_description, category, plan)) in keys.iter().enumerate() {
            sqlx::query(
                "INSERT INTO dtmf_ivr_keys (ivr_id, position, key, description, category_id, dtmf_plan_id)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(position as i64)
            .bind(domain::routing::dtmf::DTMF_IVR_KEYS[position])
            .bind(key_description)
            .bind(category)
            .bind(plan)
            .execute(&mut **tx)
            .await?;
        }
    }
    for &(id, customer, source, medium) in SOURCES_MEDIUMS {
        sqlx::query("INSERT INTO sources_mediums (id, customer_id, source, medium) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(customer)
            .bind(source)
            .bind(medium)
            .execute(&mut **tx)
            .await?;
    }
    for &(id, customer, description, whispers) in DYNAMIC_WHISPERS {
        sqlx::query("INSERT INTO dynamic_whispers (id, customer_id, description) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(customer)
            .bind(description)
            .execute(&mut **tx)
            .await?;
        for &(source, text) in whispers {
            sqlx::query(
                "INSERT INTO dynamic_whisper_sources (whisper_id, source_medium_id, whisper) VALUES ($1, $2, $3)",
            )
            .bind(id)
            .bind(source)
            .bind(text)
            .execute(&mut **tx)
            .await?;
        }
    }
    // Two of Harbour Lane's website pools whisper the marketing channel.
    sqlx::query(
        "UPDATE routing_entries SET dynamic_whisper_id = 1 WHERE id IN (
            SELECT id FROM routing_entries WHERE customer_id = 100 AND kind = 'dynamic' ORDER BY id LIMIT 2)",
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}
