//! Call scoring: a customer's scorecards and their questions, the scores given to
//! calls, the lead scoring rules and the calls' lead scores. `calls.score` (the call's latest
//! scorecard score) and `calls.lead_score` are kept in step with the rows they come from, so
//! the call log reads them without a join. Every statement names the customer.

use crate::store::{rule_facts, CustomerId};
use domain::reports::CallOutcome;
use domain::scoring::{lead_score, AnswerKind, LeadScore, Question};
use domain::tags::TagRule;
use sqlx::{AnyConnection, AnyPool, FromRow};

use crate::db::Flag;

/// Calls read and written a statement at a time.
pub const BATCH: usize = 500;

#[derive(Debug, Clone, FromRow)]
pub struct ScorecardRow {
    pub id: i64,
    pub name: String,
    /// Calls scored with it.
    pub scored_calls: i64,
}

/// A stored question: its scorecard, its id and the domain's question.
#[derive(Debug, Clone)]
pub struct QuestionRow {
    pub scorecard_id: i64,
    pub question: Question,
}

const CARD_ROW: &str = "SELECT s.id, s.name,
        (SELECT COUNT(*) FROM call_scores x WHERE x.scorecard_id = s.id) AS scored_calls
    FROM scorecards s WHERE s.customer_id = $1";

/// The customer's scorecards by name.
pub async fn scorecards(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<ScorecardRow>> {
    sqlx::query_as(&format!("{CARD_ROW} ORDER BY LOWER(s.name), s.id")).bind(customer).fetch_all(db).await
}

/// One of the customer's scorecards.
pub async fn scorecard(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<ScorecardRow>> {
    sqlx::query_as(&format!("{CARD_ROW} AND s.id = $2")).bind(customer).bind(id).fetch_optional(db).await
}

/// The questions of the customer's scorecards (of one when `only` is set), by card and position.
pub async fn questions(db: &AnyPool, customer: CustomerId, only: Option<i64>) -> sqlx::Result<Vec<QuestionRow>> {
    let rows: Vec<(i64, String, String, i64)> = sqlx::query_as(
        "SELECT scorecard_id, text, kind, weight FROM scorecard_questions
         WHERE customer_id = $1 AND ($2 = 0 OR scorecard_id = $2) ORDER BY scorecard_id, position",
    )
    .bind(customer)
    .bind(only.unwrap_or(0))
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(scorecard_id, text, kind, weight)| QuestionRow {
            scorecard_id,
            question: Question { text, kind: AnswerKind::from_key(&kind).unwrap_or(AnswerKind::YesNo), weight },
        })
        .collect())
}

/// The names of the customer's scorecards other than `except`.
pub async fn other_names(db: &AnyPool, customer: CustomerId, except: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT name FROM scorecards WHERE customer_id = $1 AND id <> $2")
        .bind(customer)
        .bind(except)
        .fetch_all(db)
        .await
}

async fn insert_questions(
    db: &mut AnyConnection,
    customer: CustomerId,
    card: i64,
    questions: &[Question],
) -> sqlx::Result<()> {
    for (position, q) in questions.iter().enumerate() {
        sqlx::query(
            "INSERT INTO scorecard_questions (scorecard_id, customer_id, position, text, kind, weight)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(card)
        .bind(customer)
        .bind(position as i64)
        .bind(q.text.as_str())
        .bind(q.kind.key())
        .bind(q.weight)
        .execute(&mut *db)
        .await?;
    }
    Ok(())
}

/// Stores a new scorecard with its questions, in one transaction.
pub async fn insert(
    db: &AnyPool,
    customer: CustomerId,
    name: &str,
    questions: &[Question],
    now: i64,
) -> sqlx::Result<i64> {
    let mut tx = crate::db::begin_write(db).await?;
    let id: i64 =
        sqlx::query_scalar("INSERT INTO scorecards (customer_id, name, created_at) VALUES ($1, $2, $3) RETURNING id")
            .bind(customer)
            .bind(name.trim())
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
    insert_questions(&mut tx, customer, id, questions).await?;
    tx.commit().await?;
    Ok(id)
}

/// Renames a scorecard and replaces its questions (scores already given stay as given).
pub async fn update(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    name: &str,
    questions: &[Question],
) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    let done = sqlx::query("UPDATE scorecards SET name = $1 WHERE id = $2 AND customer_id = $3")
        .bind(name.trim())
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("DELETE FROM scorecard_questions WHERE scorecard_id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    insert_questions(&mut tx, customer, id, questions).await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes a scorecard, its questions and the scores given with it; the calls' scores are
/// rewritten. The number of calls it had scored, or None when it was not the customer's.
pub async fn delete(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<i64>> {
    let mut tx = crate::db::begin_write(db).await?;
    let calls: Vec<i64> =
        sqlx::query_scalar("SELECT call_id FROM call_scores WHERE scorecard_id = $1 AND customer_id = $2")
            .bind(id)
            .bind(customer)
            .fetch_all(&mut *tx)
            .await?;
    for table in ["call_scores", "scorecard_questions"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE scorecard_id = $1 AND customer_id = $2"))
            .bind(id)
            .bind(customer)
            .execute(&mut *tx)
            .await?;
    }
    let done = sqlx::query("DELETE FROM scorecards WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    for call in &calls {
        refresh_score(&mut tx, customer, *call).await?;
    }
    tx.commit().await?;
    Ok(Some(calls.len() as i64))
}

/// Writes `calls.score` of a call from its latest score (NULL when it has none).
async fn refresh_score(db: &mut AnyConnection, customer: CustomerId, call: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE calls SET score = (SELECT x.score FROM call_scores x WHERE x.call_id = $1 AND x.customer_id = $2
             ORDER BY x.scored_at DESC, x.id DESC LIMIT 1) WHERE id = $1 AND customer_id = $2",
    )
    .bind(call)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(())
}

/// Scores a call with a scorecard (scoring it again with the same card replaces the score) and
/// makes it the call's score. The caller checked the call and the card are the customer's.
#[allow(clippy::too_many_arguments)]
pub async fn score_call(
    db: &AnyPool,
    customer: CustomerId,
    call: i64,
    card: i64,
    answers: &[String],
    score: i64,
    user: i64,
    now: i64,
) -> sqlx::Result<()> {
    let mut tx = crate::db::begin_write(db).await?;
    let answers = serde_json::to_string(answers).unwrap_or_else(|_| "[]".into());
    sqlx::query(
        "INSERT INTO call_scores (call_id, scorecard_id, customer_id, answers, score, scored_by, scored_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (call_id, scorecard_id) DO UPDATE SET answers = $4, score = $5, scored_by = $6, scored_at = $7",
    )
    .bind(call)
    .bind(card)
    .bind(customer)
    .bind(answers)
    .bind(score)
    .bind(user)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    refresh_score(&mut tx, customer, call).await?;
    tx.commit().await
}

/// A score given to a call.
#[derive(Debug, Clone, FromRow)]
pub struct CallScoreRow {
    pub scorecard_id: i64,
    pub scorecard: String,
    pub answers: String,
    pub score: i64,
    pub scored_by: String,
    pub scored_at: i64,
}

/// The scores given to a call of the customer's, latest first.
pub async fn scores_of_call(db: &AnyPool, customer: CustomerId, call: i64) -> sqlx::Result<Vec<CallScoreRow>> {
    sqlx::query_as(
        "SELECT x.scorecard_id, s.name AS scorecard, x.answers, x.score,
                COALESCE(u.forename || ' ' || u.surname, '') AS scored_by, x.scored_at
         FROM call_scores x JOIN scorecards s ON s.id = x.scorecard_id LEFT JOIN users u ON u.id = x.scored_by
         WHERE x.call_id = $1 AND x.customer_id = $2 ORDER BY x.scored_at DESC, x.id DESC",
    )
    .bind(call)
    .bind(customer)
    .fetch_all(db)
    .await
}

/// The lead score stored on a call of the customer's.
pub async fn lead_of_call(db: &AnyPool, customer: CustomerId, call: i64) -> sqlx::Result<Option<LeadScore>> {
    let flag: Option<Option<i64>> =
        sqlx::query_scalar("SELECT lead_score FROM calls WHERE id = $1 AND customer_id = $2")
            .bind(call)
            .bind(customer)
            .fetch_optional(db)
            .await?;
    Ok(flag.flatten().map(|f| if f == 1 { LeadScore::GoodLead } else { LeadScore::NotALead }))
}

// ---- Lead rules ------------------------------------------------------------------------------

/// A stored lead rule: its id and its conditions (a tag rule's, `tag_id` 0).
#[derive(Debug, Clone)]
pub struct LeadRuleRow {
    pub id: i64,
    pub rule: TagRule,
}

#[derive(FromRow)]
struct RuleColumns {
    id: i64,
    source_medium_id: Option<i64>,
    campaign_id: Option<i64>,
    min_duration_seconds: Option<i64>,
    key_pressed: Option<String>,
    first_time: i64,
    outcome: Option<String>,
}

/// The customer's lead rules, as added.
pub async fn lead_rules(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<LeadRuleRow>> {
    let rows: Vec<RuleColumns> = sqlx::query_as(
        "SELECT id, source_medium_id, campaign_id, min_duration_seconds, key_pressed, first_time, outcome
         FROM lead_rules WHERE customer_id = $1 ORDER BY id",
    )
    .bind(customer)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|c| LeadRuleRow {
            id: c.id,
            rule: TagRule {
                tag_id: 0,
                source_medium_id: c.source_medium_id,
                campaign_id: c.campaign_id,
                min_duration_seconds: c.min_duration_seconds,
                key_pressed: c.key_pressed,
                first_time: c.first_time != 0,
                outcome: c.outcome.as_deref().and_then(CallOutcome::from_key),
            },
        })
        .collect())
}

pub async fn insert_lead_rule(
    db: &mut AnyConnection,
    customer: CustomerId,
    rule: &TagRule,
    now: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO lead_rules (customer_id, source_medium_id, campaign_id, min_duration_seconds, key_pressed,
             first_time, outcome, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(customer)
    .bind(rule.source_medium_id)
    .bind(rule.campaign_id)
    .bind(rule.min_duration_seconds)
    .bind(rule.key_pressed.clone())
    .bind(Flag(rule.first_time))
    .bind(rule.outcome.map(|o| o.key()))
    .bind(now)
    .fetch_one(db)
    .await
}

pub async fn update_lead_rule(db: &AnyPool, customer: CustomerId, id: i64, rule: &TagRule) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE lead_rules SET source_medium_id = $1, campaign_id = $2, min_duration_seconds = $3,
             key_pressed = $4, first_time = $5, outcome = $6 WHERE id = $7 AND customer_id = $8",
    )
    .bind(rule.source_medium_id)
    .bind(rule.campaign_id)
    .bind(rule.min_duration_seconds)
    .bind(rule.key_pressed.clone())
    .bind(Flag(rule.first_time))
    .bind(rule.outcome.map(|o| o.key()))
    .bind(id)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn delete_lead_rule(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM lead_rules WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// What 'Apply to past calls' did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LeadsApplied {
    pub checked: i64,
    pub good: i64,
}

/// "$from, $from+1, ..." for `n` values.
fn list_of(from: usize, n: usize) -> String {
    (from..from + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// Runs the customer's lead rules over its inbound calls since `since`, a batch of calls a
/// statement per score, writing each call's lead score (NULL when the account has no rules).
pub async fn apply_lead_rules(db: &AnyPool, customer: CustomerId, since: i64) -> sqlx::Result<LeadsApplied> {
    let rules: Vec<TagRule> = lead_rules(db, customer).await?.into_iter().map(|r| r.rule).collect();
    let mut applied = LeadsApplied::default();
    let mut after = 0i64;
    loop {
        let rows = rule_facts::batch_since(db, customer, since, after).await?;
        let Some((last, _)) = rows.last() else { break };
        after = *last;
        applied.checked += rows.len() as i64;
        let mut by_score: [(Option<i64>, Vec<i64>); 3] = [(Some(1), vec![]), (Some(0), vec![]), (None, vec![])];
        for (id, facts) in &rows {
            let slot = match lead_score(facts, &rules) {
                Some(LeadScore::GoodLead) => 0,
                Some(LeadScore::NotALead) => 1,
                None => 2,
            };
            by_score[slot].1.push(*id);
        }
        applied.good += by_score[0].1.len() as i64;
        let mut tx = crate::db::begin_write(db).await?;
        for (flag, ids) in &by_score {
            if ids.is_empty() {
                continue;
            }
            let sql = format!(
                "UPDATE calls SET lead_score = $1 WHERE customer_id = $2 AND id IN ({})",
                list_of(3, ids.len())
            );
            let mut query = sqlx::query(&sql).bind(*flag).bind(customer);
            for id in ids {
                query = query.bind(*id);
            }
            query.execute(&mut *tx).await?;
        }
        tx.commit().await?;
    }
    Ok(applied)
}

/// Runs the customer's lead rules over one call as it is completed (a real call), as 'Apply to
/// past calls' does for many; the lead score written (None: the account has no rules, or the
/// call is not its inbound call).
pub async fn apply_lead_rules_to_call(
    db: &AnyPool,
    customer: CustomerId,
    call: i64,
) -> sqlx::Result<Option<LeadScore>> {
    let rules: Vec<TagRule> = lead_rules(db, customer).await?.into_iter().map(|r| r.rule).collect();
    if rules.is_empty() {
        return Ok(None);
    }
    let Some(facts) = rule_facts::of_call(db, customer, call).await? else { return Ok(None) };
    let score = lead_score(&facts, &rules);
    let flag = score.map(|s| i64::from(s == LeadScore::GoodLead));
    sqlx::query("UPDATE calls SET lead_score = $1 WHERE customer_id = $2 AND id = $3")
        .bind(flag)
        .bind(customer)
        .bind(call)
        .execute(db)
        .await?;
    Ok(score)
}
