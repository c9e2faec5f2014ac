//! Call tags: a customer's tags with their call counts, the rules that tag calls, the
//! links of calls to tags, and `calls.tags`, the names the call log shows, kept in step with the
//! links. Every statement names the customer.

use crate::store::{rule_facts, CustomerId};
use std::collections::HashMap;

use domain::reports::CallOutcome;
use domain::tags::{automatic_tags, TagRule};
use sqlx::{AnyConnection, AnyPool, FromRow};

use crate::db::Flag;

/// Calls read and written a statement at a time.
pub const BATCH: usize = 500;

#[derive(Debug, Clone, FromRow)]
pub struct TagRow {
    pub id: i64,
    pub description: String,
    pub colour: String,
    /// Inbound calls since the time asked that carry the tag.
    pub recent_calls: i64,
    /// Every call that carries it.
    pub calls: i64,
}

/// A stored rule: the domain's rule and its own id.
#[derive(Debug, Clone)]
pub struct RuleRow {
    pub id: i64,
    pub rule: TagRule,
}

#[derive(FromRow)]
struct RuleColumns {
    id: i64,
    tag_id: i64,
    source_medium_id: Option<i64>,
    campaign_id: Option<i64>,
    min_duration_seconds: Option<i64>,
    key_pressed: Option<String>,
    first_time: i64,
    outcome: Option<String>,
}

impl From<RuleColumns> for RuleRow {
    fn from(c: RuleColumns) -> RuleRow {
        RuleRow {
            id: c.id,
            rule: TagRule {
                tag_id: c.tag_id,
                source_medium_id: c.source_medium_id,
                campaign_id: c.campaign_id,
                min_duration_seconds: c.min_duration_seconds,
                key_pressed: c.key_pressed,
                first_time: c.first_time != 0,
                outcome: c.outcome.as_deref().and_then(CallOutcome::from_key),
            },
        }
    }
}

const TAG_ROW: &str = "SELECT t.id, t.description, t.colour,
        (SELECT COUNT(*) FROM call_tag_links l JOIN calls c ON c.id = l.call_id
         WHERE l.tag_id = t.id AND c.started_at >= $2) AS recent_calls,
        (SELECT COUNT(*) FROM call_tag_links l WHERE l.tag_id = t.id) AS calls
    FROM call_tag_names t WHERE t.customer_id = $1";

/// The customer's tags by name, with their calls since `since` and in all.
pub async fn list(db: &AnyPool, customer: CustomerId, since: i64) -> sqlx::Result<Vec<TagRow>> {
    sqlx::query_as(&format!("{TAG_ROW} ORDER BY LOWER(t.description), t.id"))
        .bind(customer)
        .bind(since)
        .fetch_all(db)
        .await
}

/// One of the customer's tags.
pub async fn one(db: &AnyPool, customer: CustomerId, id: i64, since: i64) -> sqlx::Result<Option<TagRow>> {
    sqlx::query_as(&format!("{TAG_ROW} AND t.id = $3")).bind(customer).bind(since).bind(id).fetch_optional(db).await
}

/// The names of the customer's tags other than `except`.
pub async fn other_names(db: &AnyPool, customer: CustomerId, except: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT description FROM call_tag_names WHERE customer_id = $1 AND id <> $2")
        .bind(customer)
        .bind(except)
        .fetch_all(db)
        .await
}

pub async fn insert(
    db: &mut AnyConnection,
    customer: CustomerId,
    description: &str,
    colour: &str,
    now: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO call_tag_names (customer_id, description, colour, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(customer)
    .bind(description.trim())
    .bind(colour.trim().to_lowercase())
    .bind(now)
    .fetch_one(db)
    .await
}

/// Renames and recolours a tag, and rewrites the names of its calls, in one transaction.
pub async fn update(
    db: &AnyPool,
    customer: CustomerId,
    id: i64,
    description: &str,
    colour: &str,
) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    let done =
        sqlx::query("UPDATE call_tag_names SET description = $1, colour = $2 WHERE id = $3 AND customer_id = $4")
            .bind(description.trim())
            .bind(colour.trim().to_lowercase())
            .bind(id)
            .bind(customer)
            .execute(&mut *tx)
            .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    let calls = calls_of_tag(&mut tx, customer, id).await?;
    refresh_names(&mut tx, customer, &calls).await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes a tag (its rules and links go with it) and rewrites its calls' names; the number of
/// calls it was on, or None when it was not the customer's.
pub async fn delete(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<i64>> {
    let mut tx = crate::db::begin_write(db).await?;
    let calls = calls_of_tag(&mut tx, customer, id).await?;
    sqlx::query("DELETE FROM call_tag_links WHERE tag_id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM call_tag_rules WHERE tag_id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    let done = sqlx::query("DELETE FROM call_tag_names WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    refresh_names(&mut tx, customer, &calls).await?;
    tx.commit().await?;
    Ok(Some(calls.len() as i64))
}

async fn calls_of_tag(db: &mut AnyConnection, customer: CustomerId, tag: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT call_id FROM call_tag_links WHERE tag_id = $1 AND customer_id = $2 ORDER BY call_id")
        .bind(tag)
        .bind(customer)
        .fetch_all(db)
        .await
}

/// The customer's rules, by tag then as added.
pub async fn rules(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<RuleRow>> {
    let rows: Vec<RuleColumns> = sqlx::query_as(
        "SELECT id, tag_id, source_medium_id, campaign_id, min_duration_seconds, key_pressed, first_time, outcome
         FROM call_tag_rules WHERE customer_id = $1 ORDER BY tag_id, id",
    )
    .bind(customer)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(RuleRow::from).collect())
}

/// Stores a new rule of the customer's tag `rule.tag_id` (the caller checked the tag is theirs).
pub async fn insert_rule(db: &mut AnyConnection, customer: CustomerId, rule: &TagRule, now: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO call_tag_rules (customer_id, tag_id, source_medium_id, campaign_id, min_duration_seconds,
             key_pressed, first_time, outcome, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(customer)
    .bind(rule.tag_id)
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

/// Replaces a rule's conditions (its tag stays).
pub async fn update_rule(db: &AnyPool, customer: CustomerId, id: i64, rule: &TagRule) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE call_tag_rules SET source_medium_id = $1, campaign_id = $2, min_duration_seconds = $3,
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

pub async fn delete_rule(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM call_tag_rules WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The tag of a rule of the customer's.
pub async fn rule_tag(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT tag_id FROM call_tag_rules WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .fetch_optional(db)
        .await
}

/// Whether the source / medium is the customer's.
pub async fn owns_source(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM sources_mediums WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// Whether the campaign is the customer's.
pub async fn owns_campaign(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM campaigns WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// The customer's sources / mediums ("google / cpc") and campaigns, by id, for the rule form.
pub async fn choices(db: &AnyPool, customer: CustomerId) -> sqlx::Result<(Vec<(i64, String)>, Vec<(i64, String)>)> {
    let sources: Vec<(i64, String, String)> = sqlx::query_as(
        "SELECT id, source, medium FROM sources_mediums WHERE customer_id = $1 ORDER BY LOWER(source), LOWER(medium), id",
    )
    .bind(customer)
    .fetch_all(db)
    .await?;
    let campaigns: Vec<(i64, String)> =
        sqlx::query_as("SELECT id, description FROM campaigns WHERE customer_id = $1 ORDER BY LOWER(description), id")
            .bind(customer)
            .fetch_all(db)
            .await?;
    Ok((sources.into_iter().map(|(id, s, m)| (id, format!("{s} / {m}"))).collect(), campaigns))
}

/// The tags on a call of the customer's: (tag id, by a rule), by name.
pub async fn of_call(db: &AnyPool, customer: CustomerId, call: i64) -> sqlx::Result<Vec<(i64, bool)>> {
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT l.tag_id, l.by_rule FROM call_tag_links l JOIN call_tag_names t ON t.id = l.tag_id
         WHERE l.call_id = $1 AND l.customer_id = $2 ORDER BY LOWER(t.description), t.id",
    )
    .bind(call)
    .bind(customer)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(id, by_rule)| (id, by_rule != 0)).collect())
}

/// Tags a call by hand (nothing when it has the tag already) or takes the tag off, and rewrites
/// the call's names. The caller checked the call and the tag are the customer's.
pub async fn set_by_hand(
    db: &AnyPool,
    customer: CustomerId,
    call: i64,
    tag: i64,
    on: bool,
    now: i64,
) -> sqlx::Result<()> {
    let mut tx = crate::db::begin_write(db).await?;
    if on {
        sqlx::query(
            "INSERT INTO call_tag_links (call_id, tag_id, customer_id, by_rule, created_at) VALUES ($1, $2, $3, 0, $4)
             ON CONFLICT (call_id, tag_id) DO NOTHING",
        )
        .bind(call)
        .bind(tag)
        .bind(customer)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    } else {
        sqlx::query("DELETE FROM call_tag_links WHERE call_id = $1 AND tag_id = $2 AND customer_id = $3")
            .bind(call)
            .bind(tag)
            .bind(customer)
            .execute(&mut *tx)
            .await?;
    }
    refresh_names(&mut tx, customer, &[call]).await?;
    tx.commit().await
}

/// "$from, $from+1, ..." for `n` values.
fn list_of(from: usize, n: usize) -> String {
    (from..from + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// Writes `calls.tags` of the calls from their links and their voice tags (a name once): the
/// names by name, ", " between them.
pub async fn refresh_names(db: &mut AnyConnection, customer: CustomerId, calls: &[i64]) -> sqlx::Result<()> {
    for chunk in calls.chunks(BATCH) {
        let sql = format!(
            "SELECT l.call_id, t.description FROM call_tag_links l JOIN call_tag_names t ON t.id = l.tag_id
             WHERE l.customer_id = $1 AND l.call_id IN ({}) ORDER BY l.call_id, LOWER(t.description), t.id",
            list_of(2, chunk.len())
        );
        let mut query = sqlx::query_as::<_, (i64, String)>(&sql).bind(customer);
        for id in chunk {
            query = query.bind(*id);
        }
        let mut names: HashMap<i64, Vec<String>> = HashMap::new();
        for (call, name) in query.fetch_all(&mut *db).await? {
            names.entry(call).or_default().push(name);
        }
        // The voice tags found in the calls' transcripts show as tags too.
        let sql = format!(
            "SELECT h.call_id, v.description FROM voice_tag_hits h JOIN voice_tags v ON v.id = h.voice_tag_id
             WHERE h.customer_id = $1 AND h.call_id IN ({})",
            list_of(2, chunk.len())
        );
        let mut query = sqlx::query_as::<_, (i64, String)>(&sql).bind(customer);
        for id in chunk {
            query = query.bind(*id);
        }
        for (call, name) in query.fetch_all(&mut *db).await? {
            let list = names.entry(call).or_default();
            if !list.iter().any(|n| n.to_lowercase() == name.to_lowercase()) {
                list.push(name);
            }
            list.sort_by_key(|n| n.to_lowercase());
        }
        for id in chunk {
            let text = names.get(id).map(|n| n.join(", ")).unwrap_or_default();
            sqlx::query("UPDATE calls SET tags = $1 WHERE id = $2 AND customer_id = $3")
                .bind(text)
                .bind(*id)
                .bind(customer)
                .execute(&mut *db)
                .await?;
        }
    }
    Ok(())
}

/// What 'Apply to past calls' did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Applied {
    /// Inbound calls the rules were run on.
    pub checked: i64,
    /// Calls that got at least one tag they did not have.
    pub tagged: i64,
}

/// Runs the customer's rules over its inbound calls since `since`, a batch of calls a
/// transaction, adding the tags the rules give (a tag already on a call stays as it is; nothing
/// is taken off).
pub async fn apply_rules(db: &AnyPool, customer: CustomerId, since: i64, now: i64) -> sqlx::Result<Applied> {
    let rules: Vec<TagRule> = rules(db, customer).await?.into_iter().map(|r| r.rule).collect();
    let mut applied = Applied::default();
    let mut after = 0i64;
    loop {
        let rows = rule_facts::batch_since(db, customer, since, after).await?;
        let Some((last, _)) = rows.last() else { break };
        after = *last;
        applied.checked += rows.len() as i64;
        let wanted: Vec<(i64, Vec<i64>)> = rows
            .iter()
            .map(|(id, facts)| (*id, automatic_tags(facts, &rules)))
            .filter(|(_, tags)| !tags.is_empty())
            .collect();
        if wanted.is_empty() {
            continue;
        }
        let mut tx = crate::db::begin_write(db).await?;
        let changed = link_by_rule(&mut tx, customer, &wanted, now).await?;
        refresh_names(&mut tx, customer, &changed).await?;
        tx.commit().await?;
        applied.tagged += changed.len() as i64;
    }
    Ok(applied)
}

/// Runs the customer's rules over one call as it is completed (a real call), adding the tags
/// they give, as 'Apply to past calls' does for many; whether it gained a tag.
pub async fn apply_rules_to_call(db: &AnyPool, customer: CustomerId, call: i64, now: i64) -> sqlx::Result<bool> {
    let rules: Vec<TagRule> = rules(db, customer).await?.into_iter().map(|r| r.rule).collect();
    if rules.is_empty() {
        return Ok(false);
    }
    let Some(facts) = rule_facts::of_call(db, customer, call).await? else { return Ok(false) };
    let tags = automatic_tags(&facts, &rules);
    if tags.is_empty() {
        return Ok(false);
    }
    let mut tx = crate::db::begin_write(db).await?;
    let changed = link_by_rule(&mut tx, customer, &[(call, tags)], now).await?;
    refresh_names(&mut tx, customer, &changed).await?;
    tx.commit().await?;
    Ok(!changed.is_empty())
}

/// Links each call to its tags by rule where it lacks them; the calls that gained a tag.
pub async fn link_by_rule(
    db: &mut AnyConnection,
    customer: CustomerId,
    wanted: &[(i64, Vec<i64>)],
    now: i64,
) -> sqlx::Result<Vec<i64>> {
    let mut changed = Vec::new();
    for (call, tags) in wanted {
        let mut gained = false;
        for tag in tags {
            let done = sqlx::query(
                "INSERT INTO call_tag_links (call_id, tag_id, customer_id, by_rule, created_at) VALUES ($1, $2, $3, 1, $4)
                 ON CONFLICT (call_id, tag_id) DO NOTHING",
            )
            .bind(*call)
            .bind(*tag)
            .bind(customer)
            .bind(now)
            .execute(&mut *db)
            .await?;
            gained |= done.rows_affected() > 0;
        }
        if gained {
            changed.push(*call);
        }
    }
    Ok(changed)
}
