//! The demo's custom dimensions: Atlas Insurance Group (Enterprise, with sales data)
//! records the policy asked about, the premium quoted and a note on its calls; about a third of
//! its calls of the last 60 days have values, checked by the domain as a user's would be.

use crate::store::CustomerId;
use domain::dimensions::{check_value, DimensionKind};
use sqlx::AnyPool;

const CUSTOMER: CustomerId = CustomerId::new(300);
const DAY: i64 = 24 * 60 * 60;
const POLICIES: [&str; 4] = ["Car", "Home", "Travel", "Business"];
const NOTES: [&str; 3] = ["Wants a callback after 5pm", "Comparing three quotes", "Renewal due next month"];

pub async fn seed(db: &AnyPool, now: i64) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    let mut ids = Vec::new();
    for (name, kind, choices) in [
        ("Policy type", DimensionKind::Choice, POLICIES.join("\n")),
        ("Quoted premium", DimensionKind::Number, String::new()),
        ("Agent notes", DimensionKind::Text, String::new()),
    ] {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO custom_dimensions (customer_id, name, kind, choices, created_at) VALUES ($1, $2, $3, $4, $5)
             RETURNING id",
        )
        .bind(CUSTOMER)
        .bind(name)
        .bind(kind.key())
        .bind(choices)
        .bind(now - 90 * DAY)
        .fetch_one(&mut *tx)
        .await?;
        ids.push((id, kind));
    }
    let calls: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT id, started_at FROM calls WHERE customer_id = $1 AND direction = 'inbound' AND started_at >= $2 ORDER BY id",
    )
    .bind(CUSTOMER)
    .bind(now - 60 * DAY)
    .fetch_all(&mut *tx)
    .await?;
    let choices: Vec<String> = POLICIES.iter().map(|p| p.to_string()).collect();
    for (call, at) in calls.into_iter().filter(|(id, _)| id % 3 == 0) {
        let premium = format!("{}.{:02}", 180 + call % 420, call % 100);
        let typed = [POLICIES[(call % 4) as usize].to_string(), premium, NOTES[(call % 3) as usize].to_string()];
        for ((dimension, kind), typed) in ids.iter().zip(typed) {
            // The note on every other valued call only.
            if *kind == DimensionKind::Text && call % 2 == 0 {
                continue;
            }
            let value = check_value(*kind, &choices, &typed).unwrap_or_default();
            sqlx::query(
                "INSERT INTO call_dimension_values (call_id, dimension_id, customer_id, value, updated_at)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(call)
            .bind(dimension)
            .bind(CUSTOMER)
            .bind(value)
            .bind(at + 600)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await
}
