//! Outbound agents and campaigns: the users with outbound access and their outbound
//! calls, the agents the account pays for, and the campaigns with the agents using them.

use crate::store::CustomerId;
use domain::agents::AgentSeats;
use sqlx::{Any, AnyPool, FromRow, Transaction};

use crate::db::Flag;

/// The running charges that each pay for outbound agents: the outbound add-on's user, an
/// outbound user bought on the user form, and the additional-user add-on (by its quantity).
const PAID_AGENT_ITEMS: &str = "('outbound', 'outbound_user', 'outbound_additional_user')";

/// The account's agents against the agents its running charges pay for.
pub async fn seats<'e, E>(db: E, customer: CustomerId) -> sqlx::Result<AgentSeats>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let (agents, paid): (i64, i64) = sqlx::query_as(&format!(
        "SELECT (SELECT COUNT(*) FROM users WHERE home_customer_id = $1 AND has_new_outbound = 1),
                (SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM customer_charges
                 WHERE customer_id = $2 AND ended_at IS NULL AND item IN {PAID_AGENT_ITEMS})"
    ))
    .bind(customer)
    .bind(customer)
    .fetch_one(db)
    .await?;
    Ok(AgentSeats { agents, paid })
}

/// An agent with their figures since a time.
#[derive(Debug, Clone, FromRow)]
pub struct AgentRow {
    pub id: i64,
    pub forename: String,
    pub surname: String,
    pub email: String,
    pub outbound_number: String,
    pub campaign_id: Option<i64>,
    pub campaign: Option<String>,
    pub calls: i64,
    pub talk_seconds: i64,
}

const AGENT_SELECT: &str = "SELECT u.id, u.forename, u.surname, u.email, u.outbound_number,
        oc.id AS campaign_id, oc.name AS campaign,
        CAST(COALESCE(s.calls, 0) AS BIGINT) AS calls, CAST(COALESCE(s.talk, 0) AS BIGINT) AS talk_seconds
    FROM users u
    LEFT JOIN outbound_campaigns oc ON oc.id = u.outbound_campaign_id AND oc.customer_id = $1
    LEFT JOIN (SELECT user_id, COUNT(*) AS calls, SUM(talk_seconds) AS talk FROM calls
               WHERE customer_id = $2 AND direction = 'outbound' AND started_at >= $3 GROUP BY user_id) s
        ON s.user_id = u.id
    WHERE u.home_customer_id = $4 AND u.has_new_outbound = 1";

/// The account's agents by name, with their outbound calls and talk time since `since`.
pub async fn agents(db: &AnyPool, customer: CustomerId, since: i64) -> sqlx::Result<Vec<AgentRow>> {
    sqlx::query_as(&format!("{AGENT_SELECT} ORDER BY u.surname, u.forename, u.id"))
        .bind(customer)
        .bind(customer)
        .bind(since)
        .bind(customer)
        .fetch_all(db)
        .await
}

/// One agent of the account; None for a user who is not one (or not the account's).
pub async fn agent(db: &AnyPool, customer: CustomerId, id: i64, since: i64) -> sqlx::Result<Option<AgentRow>> {
    sqlx::query_as(&format!("{AGENT_SELECT} AND u.id = $5"))
        .bind(customer)
        .bind(customer)
        .bind(since)
        .bind(customer)
        .bind(id)
        .fetch_optional(db)
        .await
}

/// An agent's outbound call.
#[derive(Debug, Clone, FromRow)]
pub struct AgentCall {
    pub id: i64,
    pub started_at: i64,
    /// Seconds talking once the called party answered.
    pub talk_seconds: i64,
    pub rate_item: String,
    pub cost_tenth_pence: i64,
    pub caller_number: String,
    pub campaign: Option<String>,
}

/// A page of an agent's outbound calls, newest first, and how many there are.
pub async fn agent_calls(
    db: &AnyPool,
    customer: CustomerId,
    agent: i64,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<AgentCall>, i64)> {
    let rows = sqlx::query_as(
        "SELECT c.id, c.started_at, c.talk_seconds, c.rate_item, c.cost_tenth_pence, c.caller_number,
                oc.name AS campaign
         FROM calls c LEFT JOIN outbound_campaigns oc ON oc.id = c.outbound_campaign_id AND oc.customer_id = c.customer_id
         WHERE c.customer_id = $1 AND c.user_id = $2 AND c.direction = 'outbound'
         ORDER BY c.started_at DESC, c.id DESC LIMIT $3 OFFSET $4",
    )
    .bind(customer)
    .bind(agent)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM calls WHERE customer_id = $1 AND user_id = $2 AND direction = 'outbound'")
            .bind(customer)
            .bind(agent)
            .fetch_one(db)
            .await?;
    Ok((rows, total))
}

/// Takes outbound access from an agent of the account; false when they are not one.
pub async fn take_access(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE users SET has_new_outbound = 0 WHERE id = $1 AND home_customer_id = $2 AND has_new_outbound = 1",
    )
    .bind(id)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Puts an agent of the account on a campaign of the account (None: no campaign); false when
/// either is not the account's.
pub async fn set_campaign(db: &AnyPool, customer: CustomerId, id: i64, campaign: Option<i64>) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE users SET outbound_campaign_id = $1
         WHERE id = $2 AND home_customer_id = $3 AND has_new_outbound = 1
           AND ($4 = 0 OR EXISTS (SELECT 1 FROM outbound_campaigns WHERE id = $5 AND customer_id = $6))",
    )
    .bind(campaign)
    .bind(id)
    .bind(customer)
    .bind(campaign.unwrap_or(0))
    .bind(campaign.unwrap_or(0))
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives an agent of the account the caller id `number` ("" for none); false when they are not
/// an agent of the account.
pub async fn set_outbound_number(db: &AnyPool, customer: CustomerId, id: i64, number: &str) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE users SET outbound_number = $1 WHERE id = $2 AND home_customer_id = $3 AND has_new_outbound = 1",
    )
    .bind(number)
    .bind(id)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A campaign of the account with how many agents use it.
#[derive(Debug, Clone, FromRow)]
pub struct CampaignRow {
    pub id: i64,
    pub name: String,
    pub agents: i64,
}

pub async fn campaigns(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<CampaignRow>> {
    sqlx::query_as(
        "SELECT oc.id, oc.name,
            (SELECT COUNT(*) FROM users u WHERE u.outbound_campaign_id = oc.id AND u.has_new_outbound = 1) AS agents
         FROM outbound_campaigns oc WHERE oc.customer_id = $1 ORDER BY oc.name, oc.id",
    )
    .bind(customer)
    .fetch_all(db)
    .await
}

pub async fn campaign(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as("SELECT id, name FROM outbound_campaigns WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .fetch_optional(db)
        .await
}

/// The agents on a campaign, by name: (id, forename, surname, email).
pub async fn campaign_agents(db: &AnyPool, campaign: i64) -> sqlx::Result<Vec<(i64, String, String, String)>> {
    sqlx::query_as(
        "SELECT id, forename, surname, email FROM users WHERE outbound_campaign_id = $1 AND has_new_outbound = 1
         ORDER BY surname, forename, id",
    )
    .bind(campaign)
    .fetch_all(db)
    .await
}

/// The names of the account's campaigns other than `except`.
pub async fn other_names(db: &AnyPool, customer: CustomerId, except: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT name FROM outbound_campaigns WHERE customer_id = $1 AND id <> $2")
        .bind(customer)
        .bind(except)
        .fetch_all(db)
        .await
}

pub async fn rename(db: &AnyPool, customer: CustomerId, id: i64, name: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE outbound_campaigns SET name = $1 WHERE id = $2 AND customer_id = $3")
        .bind(name)
        .bind(id)
        .bind(customer)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes a campaign no agent uses (users without outbound who kept it lose it); false when
/// it is not the account's or an agent uses it by now.
pub async fn delete(tx: &mut Transaction<'_, Any>, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "DELETE FROM outbound_campaigns WHERE id = $1 AND customer_id = $2
           AND NOT EXISTS (SELECT 1 FROM users WHERE outbound_campaign_id = $3 AND has_new_outbound = 1)",
    )
    .bind(id)
    .bind(customer)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 1 {
        sqlx::query("UPDATE users SET outbound_campaign_id = NULL WHERE outbound_campaign_id = $1")
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(done.rows_affected() == 1)
}

/// Sets the outbound report emails the account offers its users (daily, weekly, monthly).
pub async fn set_report_options(
    db: &AnyPool,
    customer: CustomerId,
    daily: bool,
    weekly: bool,
    monthly: bool,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE customers SET outbound_daily_enabled = $1, outbound_weekly_enabled = $2, outbound_monthly_enabled = $3
         WHERE id = $4",
    )
    .bind(Flag(daily))
    .bind(Flag(weekly))
    .bind(Flag(monthly))
    .bind(customer)
    .execute(db)
    .await?;
    Ok(())
}
