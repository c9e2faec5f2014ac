//! The demo's call scoring: Harbour Lane Dental (customer 100) has the scorecard
//! "New patient call" with some of its answered calls scored by the owner (the score worked out
//! by the domain's `scoring::score_answers`), and two lead rules whose lead scores its calls carry
//! (the domain's `scoring::lead_score`, as the server decides them). A few statements: the router
//! tests seed per test.

use crate::store::CustomerId;
use domain::reports::CallOutcome;
use domain::scoring::{lead_score, score_answers, AnswerKind, LeadScore, Question};
use domain::tags::{TagFacts, TagRule};
use sqlx::{Any, Transaction};

use super::call_rows::{Call, Customer};
use crate::db::Flag;

pub(super) const DEMO_CUSTOMER: CustomerId = CustomerId::new(100);
/// Scored calls at most.
const SCORED: usize = 12;

const QUESTIONS: [(&str, AnswerKind, i64); 5] = [
    ("Did we greet the caller with the practice's name?", AnswerKind::YesNo, 2),
    ("Did we ask for the caller's name and number?", AnswerKind::YesNo, 3),
    ("Did we offer an appointment?", AnswerKind::YesNo, 5),
    ("How well did we explain the treatment and fees?", AnswerKind::Scale, 3),
    ("How friendly was the call?", AnswerKind::Scale, 2),
];

fn lead_rules() -> Vec<TagRule> {
    vec![
        TagRule { min_duration_seconds: Some(120), outcome: Some(CallOutcome::Answered), ..TagRule::default() },
        TagRule { first_time: true, outcome: Some(CallOutcome::Answered), ..TagRule::default() },
    ]
}

/// Answers that vary with the call, deterministically.
fn answers(call: i64) -> Vec<String> {
    let yes = |bit: i64| if (call >> bit) & 1 == 0 { "yes" } else { "no" }.to_string();
    vec![yes(0), "yes".into(), yes(1), (2 + call % 4).to_string(), (3 + call % 3).to_string()]
}

/// Stores the demo scorecard, its scores and lead rules, and the calls' scores (after the calls
/// are stored).
pub(super) async fn score_calls(
    tx: &mut Transaction<'_, Any>,
    customer: &Customer,
    calls: &[Call],
    now: i64,
) -> sqlx::Result<()> {
    if customer.id != DEMO_CUSTOMER {
        return Ok(());
    }
    let owner: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE LOWER(email) = 'owner@demo.test'")
        .fetch_optional(&mut **tx)
        .await?;
    let Some(owner) = owner else { return Ok(()) };
    let card: i64 = sqlx::query_scalar(
        "INSERT INTO scorecards (customer_id, name, created_at) VALUES ($1, 'New patient call', $2) RETURNING id",
    )
    .bind(customer.id)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    let questions: Vec<Question> = QUESTIONS
        .iter()
        .map(|(text, kind, weight)| Question { text: text.to_string(), kind: *kind, weight: *weight })
        .collect();
    for (position, q) in questions.iter().enumerate() {
        sqlx::query(
            "INSERT INTO scorecard_questions (scorecard_id, customer_id, position, text, kind, weight)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(card)
        .bind(customer.id)
        .bind(position as i64)
        .bind(q.text.as_str())
        .bind(q.kind.key())
        .bind(q.weight)
        .execute(&mut **tx)
        .await?;
    }
    let answered = calls
        .iter()
        .filter(|c| c.inbound && c.outcome == Some(CallOutcome::Answered) && c.talk_seconds >= 60)
        .step_by(3)
        .take(SCORED);
    for call in answered {
        let given = answers(call.id);
        let Ok(score) = score_answers(&questions, &given) else { continue };
        sqlx::query(
            "INSERT INTO call_scores (call_id, scorecard_id, customer_id, answers, score, scored_by, scored_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(call.id)
        .bind(card)
        .bind(customer.id)
        .bind(serde_json::to_string(&given).unwrap_or_default())
        .bind(score)
        .bind(owner)
        .bind(call.started_at + call.duration + 3_600)
        .execute(&mut **tx)
        .await?;
        sqlx::query("UPDATE calls SET score = $1 WHERE id = $2").bind(score).bind(call.id).execute(&mut **tx).await?;
    }
    let rules = lead_rules();
    for rule in &rules {
        sqlx::query(
            "INSERT INTO lead_rules (customer_id, min_duration_seconds, first_time, outcome, created_at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(customer.id)
        .bind(rule.min_duration_seconds)
        .bind(Flag(rule.first_time))
        .bind(rule.outcome.map(|o| o.key()))
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    let mut good = Vec::new();
    let mut not = Vec::new();
    for call in calls.iter().filter(|c| c.inbound) {
        let facts = TagFacts {
            source_medium_id: call.source_medium_id,
            campaign_id: None,
            talk_seconds: call.talk_seconds,
            keys_pressed: call.keys.clone(),
            first_time: call.first_time,
            outcome: call.outcome,
        };
        match lead_score(&facts, &rules) {
            Some(LeadScore::GoodLead) => good.push(call.id),
            Some(LeadScore::NotALead) => not.push(call.id),
            None => {}
        }
    }
    for (flag, ids) in [(1i64, good), (0, not)] {
        for chunk in ids.chunks(500) {
            let list: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 3)).collect();
            let sql =
                format!("UPDATE calls SET lead_score = $1 WHERE customer_id = $2 AND id IN ({})", list.join(", "));
            let mut query = sqlx::query(&sql).bind(flag).bind(customer.id);
            for id in chunk {
                query = query.bind(*id);
            }
            query.execute(&mut **tx).await?;
        }
    }
    Ok(())
}
