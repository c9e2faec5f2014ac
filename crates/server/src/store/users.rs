use crate::db::Flag;
use crate::store::CustomerId;
use sqlx::AnyPool;

#[derive(sqlx::FromRow)]
pub struct Credentials {
    pub id: i64,
    pub email: String,
    pub password_hash: String,
    pub home_customer_id: CustomerId,
}

const CREDENTIALS: &str = "SELECT id, email, password_hash, home_customer_id FROM users";

pub async fn find_by_email(db: &AnyPool, email: &str) -> sqlx::Result<Option<Credentials>> {
    sqlx::query_as(&format!("{CREDENTIALS} WHERE LOWER(email) = LOWER($1)")).bind(email.trim()).fetch_optional(db).await
}

pub async fn find_by_id(db: &AnyPool, id: i64) -> sqlx::Result<Option<Credentials>> {
    sqlx::query_as(&format!("{CREDENTIALS} WHERE id = $1")).bind(id).fetch_optional(db).await
}

pub async fn record_access(db: &AnyPool, id: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET last_accessed_at = $1 WHERE id = $2").bind(now).bind(id).execute(db).await?;
    Ok(())
}

pub async fn is_system_manager(db: &AnyPool, id: i64) -> sqlx::Result<bool> {
    let (Flag(flag),): (Flag,) =
        sqlx::query_as("SELECT is_system_manager FROM users WHERE id = $1").bind(id).fetch_one(db).await?;
    Ok(flag)
}

/// Flips the user's new-reports mode and returns the new value.
pub async fn toggle_new_reports(db: &AnyPool, id: i64) -> sqlx::Result<bool> {
    let (Flag(value),): (Flag,) = sqlx::query_as(
        "UPDATE users SET show_reports_2023 = 1 - show_reports_2023 WHERE id = $1 RETURNING show_reports_2023",
    )
    .bind(id)
    .fetch_one(db)
    .await?;
    Ok(value)
}

/// The user's home account when it is a partner account (the partner portal).
pub async fn home_partner_account(db: &AnyPool, id: i64) -> sqlx::Result<Option<CustomerId>> {
    let row: Option<(CustomerId,)> = sqlx::query_as(
        "SELECT c.id FROM users u JOIN customers c ON c.id = u.home_customer_id WHERE u.id = $1 AND c.is_partner = 1",
    )
    .bind(id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// The user's own account when it is a technology partner's (technologypartnerportal/backToPortal).
pub async fn home_tech_partner_account(db: &AnyPool, id: i64) -> sqlx::Result<Option<CustomerId>> {
    let row: Option<(CustomerId,)> = sqlx::query_as(
        "SELECT c.id FROM users u JOIN customers c ON c.id = u.home_customer_id WHERE u.id = $1 AND c.is_tech_partner = 1",
    )
    .bind(id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// A user the outbound add-on can be given to (the add-on price response's `users`).
#[derive(Debug, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct OutboundCandidate {
    #[serde(rename = "UserID")]
    pub id: i64,
    #[serde(rename = "UserForename")]
    pub forename: String,
    #[serde(rename = "UserSurname")]
    pub surname: String,
}

/// The customer's users who do not have outbound yet. Outbound is a setting of the user, so only
/// users who are this customer's alone (home here, no access elsewhere) are offered: buying it
/// must not change a user another customer shares.
pub async fn without_new_outbound<'e, E>(db: E, customer: CustomerId) -> sqlx::Result<Vec<OutboundCandidate>>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query_as(
        "SELECT u.id, u.forename, u.surname FROM users u JOIN user_access a ON a.user_id = u.id
         WHERE a.customer_id = $1 AND u.has_new_outbound = 0 AND u.home_customer_id = $1
           AND NOT EXISTS (SELECT 1 FROM user_access o WHERE o.user_id = u.id AND o.customer_id <> $1)
         ORDER BY u.surname, u.forename, u.id",
    )
    .bind(customer)
    .fetch_all(db)
    .await
}
