//! Scheduled summary e-mails: who receives them, the record of each summary sent
//! (claimed before the mail is written, in its transaction, so a period goes once per user) and
//! the period's inbound calls by source / medium.

use crate::store::call_credit::COUNTED;
use crate::store::CustomerId;
use domain::reports::{SourceCalls, SummaryFrequency};
use sqlx::{AnyConnection, AnyPool, FromRow};

use crate::db::Flag;

/// A user who ticked at least one summary and may read their home customer's reports.
#[derive(Debug, Clone, FromRow)]
pub struct Subscriber {
    pub user_id: i64,
    pub email: String,
    pub customer_id: CustomerId,
    pub customer_name: String,
    pub time_zone: String,
    #[sqlx(try_from = "Flag")]
    pub daily: bool,
    #[sqlx(try_from = "Flag")]
    pub weekly: bool,
    #[sqlx(try_from = "Flag")]
    pub monthly: bool,
}

impl Subscriber {
    pub fn wants(&self, frequency: SummaryFrequency) -> bool {
        match frequency {
            SummaryFrequency::Daily => self.daily,
            SummaryFrequency::Weekly => self.weekly,
            SummaryFrequency::Monthly => self.monthly,
        }
    }
}

pub async fn subscribers(db: &AnyPool) -> sqlx::Result<Vec<Subscriber>> {
    sqlx::query_as(
        "SELECT u.id AS user_id, u.email, c.id AS customer_id, c.name AS customer_name, c.time_zone,
                u.summary_email_daily AS daily, u.summary_email_weekly AS weekly, u.summary_email_monthly AS monthly
         FROM users u
         JOIN customers c ON c.id = u.home_customer_id
         JOIN user_access a ON a.user_id = u.id AND a.customer_id = u.home_customer_id AND a.perm_reports = 1
         WHERE u.summary_email_daily = 1 OR u.summary_email_weekly = 1 OR u.summary_email_monthly = 1
         ORDER BY u.id",
    )
    .fetch_all(db)
    .await
}

/// Records that the user's summary of the period starting at `period_start` is being sent;
/// false when it already was (by this process or another).
pub async fn claim(
    conn: &mut AnyConnection,
    user_id: i64,
    frequency: SummaryFrequency,
    period_start: i64,
    customer_id: CustomerId,
    now: i64,
) -> sqlx::Result<bool> {
    let row: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO summary_emails_sent (user_id, frequency, period_start, customer_id, sent_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING user_id",
    )
    .bind(user_id)
    .bind(frequency.key())
    .bind(period_start)
    .bind(customer_id)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.is_some())
}

/// The customer's inbound calls in [start, end) by the source / medium they are credited to
/// (`store::call_credit`: a call-back's is its missed call's): answered, and not.
pub async fn calls_by_source(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    start: i64,
    end: i64,
) -> sqlx::Result<Vec<SourceCalls>> {
    let rows: Vec<(String, String, i64, i64)> = sqlx::query_as(&format!(
        "SELECT COALESCE(s.source, ''), COALESCE(s.medium, ''),
                CAST(COUNT(*) FILTER (WHERE c.outcome = 'answered') AS BIGINT),
                CAST(COUNT(*) FILTER (WHERE c.outcome <> 'answered') AS BIGINT)
         FROM calls c
         LEFT JOIN sources_mediums s ON s.id = c.credit_source_id AND s.customer_id = c.customer_id
         WHERE {COUNTED}
         GROUP BY s.source, s.medium"
    ))
    .bind(customer_id)
    .bind(start)
    .bind(end)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(source, medium, answered, missed)| SourceCalls { source, medium, answered, missed })
        .collect())
}
