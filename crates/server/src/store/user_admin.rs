//! Queries of the users area: lists, one user, their permissions per customer, saving and
//! deleting. Every query is scoped to customers the editor administers.

use crate::db::Flag;
use crate::store::CustomerId;
use std::collections::HashMap;

use domain::users::{LevelOn, Permission};
use sqlx::{Any, AnyPool, FromRow, Transaction};

/// The permission columns of user_access, in Permission order.
pub const PERMISSION_COLUMNS: [(Permission, &str); 13] = [
    (Permission::Reports, "perm_reports"),
    (Permission::Billing, "perm_billing"),
    (Permission::ServicesAdmin, "perm_services_admin"),
    (Permission::UserAdmin, "perm_user_admin"),
    (Permission::Purchase, "perm_purchase"),
    (Permission::Voicemail, "perm_voicemail"),
    (Permission::ViewEditUsers, "perm_view_edit_users"),
    (Permission::EditApi, "perm_edit_api"),
    (Permission::CallRecording, "perm_call_recording"),
    (Permission::Accounts, "perm_accounts"),
    (Permission::AddAccounts, "perm_add_accounts"),
    (Permission::Rewards, "perm_rewards"),
    (Permission::Outbound, "perm_outbound"),
];

/// One user's access to one customer, as listed.
#[derive(Debug, Clone, FromRow)]
pub struct UserAccessRow {
    pub user_id: i64,
    pub forename: String,
    pub surname: String,
    pub email: String,
    pub home_customer_id: i64,
    pub customer_id: i64,
    pub customer_name: String,
    pub auth_code: i64,
    pub provisioning: String,
    pub last_accessed_at: Option<i64>,
    pub created_at: i64,
    #[sqlx(try_from = "Flag")]
    pub mfa_enabled: bool,
    pub calls_played_7_days: i64,
    #[sqlx(try_from = "Flag")]
    pub call_rec_flag: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_reports: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_billing: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_services_admin: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_user_admin: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_purchase: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_voicemail: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_view_edit_users: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_edit_api: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_call_recording: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_accounts: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_add_accounts: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_rewards: bool,
    #[sqlx(try_from = "Flag")]
    pub perm_outbound: bool,
}

impl UserAccessRow {
    pub fn has(&self, permission: Permission) -> bool {
        match permission {
            Permission::Reports => self.perm_reports,
            Permission::Billing => self.perm_billing,
            Permission::ServicesAdmin => self.perm_services_admin,
            Permission::UserAdmin => self.perm_user_admin,
            Permission::Purchase => self.perm_purchase,
            Permission::Voicemail => self.perm_voicemail,
            Permission::ViewEditUsers => self.perm_view_edit_users,
            Permission::EditApi => self.perm_edit_api,
            Permission::CallRecording => self.perm_call_recording,
            Permission::Accounts => self.perm_accounts,
            Permission::AddAccounts => self.perm_add_accounts,
            Permission::Rewards => self.perm_rewards,
            Permission::Outbound => self.perm_outbound,
        }
    }

    pub fn permissions(&self) -> Vec<Permission> {
        Permission::ALL.into_iter().filter(|p| self.has(*p)).collect()
    }
}

const ACCESS_SELECT: &str = "SELECT u.id AS user_id, u.forename, u.surname, u.email, u.home_customer_id, a.customer_id,
        c.name AS customer_name, a.auth_code, a.provisioning, u.last_accessed_at, u.created_at, u.mfa_enabled,
        u.calls_played_7_days, u.call_rec_flag, a.perm_reports, a.perm_billing, a.perm_services_admin, a.perm_user_admin,
        a.perm_purchase, a.perm_voicemail, a.perm_view_edit_users, a.perm_edit_api, a.perm_call_recording,
        a.perm_accounts, a.perm_add_accounts, a.perm_rewards, a.perm_outbound
    FROM user_access a JOIN users u ON u.id = a.user_id JOIN customers c ON c.id = a.customer_id";

/// Everyone with access to a customer, ordered by email.
pub async fn access_rows_on(db: &AnyPool, customer_id: CustomerId) -> sqlx::Result<Vec<UserAccessRow>> {
    sqlx::query_as(&format!("{ACCESS_SELECT} WHERE a.customer_id = $1 ORDER BY LOWER(u.email), u.id"))
        .bind(customer_id)
        .fetch_all(db)
        .await
}

/// Access rows on the editor's other accounts where the editor is a user admin.
pub async fn access_rows_on_other_accounts(
    db: &AnyPool,
    editor_id: i64,
    current_customer: CustomerId,
) -> sqlx::Result<Vec<UserAccessRow>> {
    sqlx::query_as(&format!(
        "{ACCESS_SELECT} WHERE a.customer_id IN (
            SELECT customer_id FROM user_access WHERE user_id = $1 AND perm_user_admin = 1 AND customer_id != $2)
         ORDER BY LOWER(u.email), u.id, c.name"
    ))
    .bind(editor_id)
    .bind(current_customer)
    .fetch_all(db)
    .await
}

/// A user's access rows on the customers the editor administers (none: not the editor's to see).
pub async fn visible_access(db: &AnyPool, editor_id: i64, user_id: i64) -> sqlx::Result<Vec<UserAccessRow>> {
    sqlx::query_as(&format!(
        "{ACCESS_SELECT} WHERE a.user_id = $1 AND a.customer_id IN (
            SELECT customer_id FROM user_access WHERE user_id = $2 AND perm_user_admin = 1)
         ORDER BY c.name"
    ))
    .bind(user_id)
    .bind(editor_id)
    .fetch_all(db)
    .await
}

/// The customers the editor may grant access to (those they administer), by name.
pub async fn administered_customers(db: &AnyPool, editor_id: i64) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT c.id, c.name FROM user_access a JOIN customers c ON c.id = a.customer_id
         WHERE a.user_id = $1 AND a.perm_user_admin = 1 ORDER BY c.name",
    )
    .bind(editor_id)
    .fetch_all(db)
    .await
}

pub async fn owners_on(db: &AnyPool, customer_id: CustomerId) -> sqlx::Result<u32> {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM user_access WHERE customer_id = $1 AND auth_code = 25")
        .bind(customer_id)
        .fetch_one(db)
        .await?;
    Ok(n as u32)
}

/// The fewest account owners on any customer where this user is an account owner (None when
/// the user owns none).
pub async fn fewest_owners_where_owner(db: &AnyPool, user_id: i64) -> sqlx::Result<Option<u32>> {
    let (n,): (Option<i64>,) = sqlx::query_as(
        "SELECT MIN((SELECT COUNT(*) FROM user_access o WHERE o.customer_id = a.customer_id AND o.auth_code = 25))
         FROM user_access a WHERE a.user_id = $1 AND a.auth_code = 25",
    )
    .bind(user_id)
    .fetch_one(db)
    .await?;
    Ok(n.map(|n| n as u32))
}

pub async fn email_taken(db: &AnyPool, email: &str, except_user: i64) -> sqlx::Result<bool> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT id FROM users WHERE LOWER(email) = LOWER($1) AND id != $2")
        .bind(email.trim())
        .bind(except_user)
        .fetch_optional(db)
        .await?;
    Ok(row.is_some())
}

/// The user-level settings of the user form.
#[derive(Debug, Clone, Default, FromRow)]
pub struct UserSettings {
    pub id: i64,
    pub forename: String,
    pub surname: String,
    pub email: String,
    pub home_customer_id: i64,
    #[sqlx(try_from = "Flag")]
    pub call_rec_flag: bool,
    #[sqlx(try_from = "Flag")]
    pub has_new_outbound: bool,
    pub outbound_campaign_id: Option<i64>,
    pub outbound_number: String,
    #[sqlx(try_from = "Flag")]
    pub cli_restricted: bool,
    #[sqlx(try_from = "Flag")]
    pub new_outbound_auto_dial: bool,
    #[sqlx(try_from = "Flag")]
    pub outbound_email_daily: bool,
    #[sqlx(try_from = "Flag")]
    pub outbound_email_weekly: bool,
    #[sqlx(try_from = "Flag")]
    pub outbound_email_monthly: bool,
    /// Scheduled call summary e-mails (reports), kept only with the reports permission on the
    /// home customer.
    #[sqlx(try_from = "Flag")]
    pub summary_email_daily: bool,
    #[sqlx(try_from = "Flag")]
    pub summary_email_weekly: bool,
    #[sqlx(try_from = "Flag")]
    pub summary_email_monthly: bool,
}

pub async fn settings(db: &AnyPool, user_id: i64) -> sqlx::Result<Option<UserSettings>> {
    sqlx::query_as(
        "SELECT id, forename, surname, email, home_customer_id, call_rec_flag, has_new_outbound, outbound_campaign_id,
                outbound_number, cli_restricted, new_outbound_auto_dial, outbound_email_daily, outbound_email_weekly,
                outbound_email_monthly, summary_email_daily, summary_email_weekly, summary_email_monthly
         FROM users WHERE id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await
}

/// Creates a user (with a password nobody knows until they set one) and returns the id.
pub async fn insert_user(
    tx: &mut Transaction<'_, Any>,
    s: &UserSettings,
    password_hash: &str,
    now: i64,
) -> sqlx::Result<i64> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO users (email, forename, surname, password_hash, home_customer_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id",
    )
    .bind(s.email.trim())
    .bind(s.forename.trim())
    .bind(s.surname.trim())
    .bind(password_hash)
    .bind(s.home_customer_id)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

pub async fn update_settings(tx: &mut Transaction<'_, Any>, s: &UserSettings) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE users SET email = $1, forename = $2, surname = $3, home_customer_id = $4, call_rec_flag = $5,
                has_new_outbound = $6, outbound_campaign_id = $7, outbound_number = $8, cli_restricted = $9,
                new_outbound_auto_dial = $10, outbound_email_daily = $11, outbound_email_weekly = $12, outbound_email_monthly = $13,
                summary_email_daily = $14, summary_email_weekly = $15, summary_email_monthly = $16
         WHERE id = $17",
    )
    .bind(s.email.trim())
    .bind(s.forename.trim())
    .bind(s.surname.trim())
    .bind(s.home_customer_id)
    .bind(Flag(s.call_rec_flag))
    .bind(Flag(s.has_new_outbound))
    .bind(s.outbound_campaign_id)
    .bind(&s.outbound_number)
    .bind(Flag(s.cli_restricted))
    .bind(Flag(s.new_outbound_auto_dial))
    .bind(Flag(s.outbound_email_daily))
    .bind(Flag(s.outbound_email_weekly))
    .bind(Flag(s.outbound_email_monthly))
    .bind(Flag(s.summary_email_daily))
    .bind(Flag(s.summary_email_weekly))
    .bind(Flag(s.summary_email_monthly))
    .bind(s.id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Whether the user holds the reports permission on their home customer (summary e-mails need it).
pub async fn reports_on_home(db: &AnyPool, user_id: i64) -> sqlx::Result<bool> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT 1 FROM users u JOIN user_access a ON a.user_id = u.id AND a.customer_id = u.home_customer_id
         WHERE u.id = $1 AND a.perm_reports = 1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(row.is_some())
}

/// Turns the user's summary e-mails off unless they hold the reports permission on their home
/// customer (as saved in this transaction).
pub async fn drop_summaries_without_reports(tx: &mut Transaction<'_, Any>, user_id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE users SET summary_email_daily = 0, summary_email_weekly = 0, summary_email_monthly = 0
         WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM user_access a
                                       WHERE a.user_id = users.id AND a.customer_id = users.home_customer_id
                                         AND a.perm_reports = 1)",
    )
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Replaces a user's access to one customer.
pub async fn put_access(
    tx: &mut Transaction<'_, Any>,
    user_id: i64,
    customer_id: CustomerId,
    auth_code: u8,
    provisioning: &str,
    permissions: &[Permission],
) -> sqlx::Result<()> {
    let columns: Vec<&str> = PERMISSION_COLUMNS.iter().map(|(_, c)| *c).collect();
    let placeholders: Vec<String> = (5..5 + columns.len()).map(|n| format!("${n}")).collect();
    // Every column but the key is set, so this replaces the row as a whole.
    let updates: Vec<String> =
        ["auth_code", "provisioning"].iter().chain(&columns).map(|c| format!("{c} = excluded.{c}")).collect();
    let sql = format!(
        "INSERT INTO user_access (user_id, customer_id, auth_code, provisioning, {}) VALUES ($1, $2, $3, $4, {})
         ON CONFLICT (user_id, customer_id) DO UPDATE SET {}",
        columns.join(", "),
        placeholders.join(", "),
        updates.join(", ")
    );
    let mut query = sqlx::query(&sql).bind(user_id).bind(customer_id).bind(auth_code as i64).bind(provisioning);
    for (permission, _) in PERMISSION_COLUMNS {
        query = query.bind(Flag(permissions.contains(&permission)));
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

pub async fn remove_access(tx: &mut Transaction<'_, Any>, user_id: i64, customer_id: CustomerId) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM user_access WHERE user_id = $1 AND customer_id = $2")
        .bind(user_id)
        .bind(customer_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Removes a user and everything that hangs off them, in one transaction.
pub async fn delete_user(db: &AnyPool, user_id: i64) -> sqlx::Result<()> {
    let mut tx = crate::db::begin_write(db).await?;
    for table in ["sessions", "password_confirmations", "password_resets", "user_access", "summary_emails_sent"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE user_id = $1")).bind(user_id).execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM users WHERE id = $1").bind(user_id).execute(&mut *tx).await?;
    tx.commit().await
}

/// The customers the editor may change users on (user admin with the edit-users right, at
/// administrator level or above), with the editor's level on each.
pub async fn managed_levels(db: &AnyPool, editor_id: i64) -> sqlx::Result<Vec<LevelOn>> {
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT customer_id, auth_code FROM user_access
         WHERE user_id = $1 AND perm_user_admin = 1 AND perm_view_edit_users = 1 AND auth_code >= 20",
    )
    .bind(editor_id)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(customer_id, level)| LevelOn { customer_id, level: level as u8 }).collect())
}

/// Every customer a user can reach, with their level there: on any tenant, for the server's
/// own checks only (never sent to an editor).
pub async fn all_levels(db: &AnyPool, user_id: i64) -> sqlx::Result<Vec<LevelOn>> {
    let rows: Vec<(i64, i64)> = sqlx::query_as("SELECT customer_id, auth_code FROM user_access WHERE user_id = $1")
        .bind(user_id)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(|(customer_id, level)| LevelOn { customer_id, level: level as u8 }).collect())
}

/// The users an editor can list: those with access to a customer the editor is user admin on
/// (the editor's id is the query's first parameter, $1).
const LISTED_USERS: &str = "SELECT v.user_id FROM user_access v WHERE v.customer_id IN (
        SELECT customer_id FROM user_access WHERE user_id = $1 AND perm_user_admin = 1)";

/// `all_levels` of every user the editor can list (those with access to a customer the editor
/// is user admin on), by user, in one query.
pub async fn all_levels_of_listed(db: &AnyPool, editor_id: i64) -> sqlx::Result<HashMap<i64, Vec<LevelOn>>> {
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as(&format!(
        "SELECT user_id, customer_id, auth_code FROM user_access WHERE user_id IN ({LISTED_USERS})"
    ))
    .bind(editor_id)
    .fetch_all(db)
    .await?;
    let mut out: HashMap<i64, Vec<LevelOn>> = HashMap::new();
    for (user_id, customer_id, level) in rows {
        out.entry(user_id).or_default().push(LevelOn { customer_id, level: level as u8 });
    }
    Ok(out)
}

/// Whether a user with access to one of the editor's customers already has this email: the
/// only uniqueness an editor may ask about (no probing of other customers' users).
pub async fn email_taken_among_listed(
    db: &AnyPool,
    editor_id: i64,
    email: &str,
    except_user: i64,
) -> sqlx::Result<bool> {
    let row: Option<(i64,)> = sqlx::query_as(&format!(
        "SELECT u.id FROM users u WHERE u.id IN ({LISTED_USERS}) AND LOWER(u.email) = LOWER($2) AND u.id != $3"
    ))
    .bind(editor_id)
    .bind(email.trim())
    .bind(except_user)
    .fetch_optional(db)
    .await?;
    Ok(row.is_some())
}

/// Moves a user's home customer to one they can still reach, when the home one is gone.
pub async fn rehome_if_needed(tx: &mut Transaction<'_, Any>, user_id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE users SET home_customer_id = (SELECT MIN(customer_id) FROM user_access WHERE user_id = users.id)
         WHERE id = $1 AND home_customer_id NOT IN (SELECT customer_id FROM user_access WHERE user_id = $2)
           AND EXISTS (SELECT 1 FROM user_access WHERE user_id = $3)",
    )
    .bind(user_id)
    .bind(user_id)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
