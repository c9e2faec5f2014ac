//! The partner portal's data: a partner's clients, creating one, its agreements and its
//! clients' invoices (rewards), and its branding.

use crate::store::CustomerId;
use domain::partners::rewards::{AgreementRates, ClientInvoice, Programme};
use sqlx::{Any, AnyPool, FromRow, Transaction};

const DAY: i64 = 86_400;

/// One row of /partner/accounts.
#[derive(Debug, Clone, FromRow, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Client {
    pub id: i64,
    pub name: String,
    pub account_code: Option<String>,
    pub package_name: String,
    pub programme: Option<String>,
    /// Static numbers and the numbers in pools.
    pub numbers: i64,
    /// Inbound calls in the last 30 days.
    pub calls_30_days: i64,
    pub created_at: i64,
}

pub async fn clients(db: &AnyPool, partner_id: CustomerId, now: i64) -> sqlx::Result<Vec<Client>> {
    sqlx::query_as(
        "SELECT c.id, c.name, c.account_code, c.package_name, c.partner_programme AS programme,
                CAST((SELECT COUNT(*) FROM routing_entries e WHERE e.customer_id = c.id AND e.kind = 'static')
                   + (SELECT COUNT(*) FROM pool_numbers p JOIN routing_entries e ON e.id = p.routing_entry_id
                      WHERE e.customer_id = c.id) AS BIGINT) AS numbers,
                CAST((SELECT COUNT(*) FROM calls k WHERE k.customer_id = c.id AND k.direction = 'inbound'
                      AND k.started_at >= $2) AS BIGINT) AS calls_30_days,
                c.created_at
         FROM customers c WHERE c.partner_id = $1 ORDER BY LOWER(c.name), c.id",
    )
    .bind(partner_id)
    .bind(now - 30 * DAY)
    .fetch_all(db)
    .await
}

/// The client's name when `customer_id` is one of the partner's clients.
pub async fn client_name(
    db: &AnyPool,
    partner_id: CustomerId,
    customer_id: CustomerId,
) -> sqlx::Result<Option<String>> {
    let row: Option<(String,)> = sqlx::query_as("SELECT name FROM customers WHERE id = $1 AND partner_id = $2")
        .bind(customer_id)
        .bind(partner_id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(|(name,)| name))
}

/// A new client of the partner, on Starter (charged at its price from now) in the partner's time
/// zone, reached by the partner's users who may see its accounts (and by whoever created it), each
/// with their partner rights.
pub async fn create_client(
    tx: &mut Transaction<'_, Any>,
    partner_id: CustomerId,
    creator: i64,
    name: &str,
    programme: Programme,
    now: i64,
) -> sqlx::Result<CustomerId> {
    let (id,): (CustomerId,) = sqlx::query_as(
        "INSERT INTO customers (name, time_zone, package_name, plan, partner_id, partner_programme, has_static,
                                has_dynamic, has_billing, can_purchase_online, created_at)
         SELECT $1, time_zone, 'Starter', 'Starter', id, $2, 1, 1, 1, 1, $3 FROM customers WHERE id = $4
         RETURNING id",
    )
    .bind(name)
    .bind(programme.key())
    .bind(now)
    .bind(partner_id)
    .fetch_one(&mut **tx)
    .await?;
    sqlx::query("UPDATE customers SET account_code = $1 WHERE id = $2")
        .bind(domain::partners::add_account::account_code(name, id.get()))
        .bind(id)
        .execute(&mut **tx)
        .await?;
    // Its plan is charged from today at the price list's price, as a plan bought online is: its
    // subscription shows the price and the charge, and the month's invoice has it.
    sqlx::query(
        "INSERT INTO customer_charges (customer_id, item, description, quantity, unit_price_pence, billing_frequency,
             started_at, created_by)
         SELECT $1, 'plan', description, 1, price_pence, billing_frequency, $2, $3 FROM price_catalogue
         WHERE item = 'plan' AND plan = 'Starter' AND price_pence IS NOT NULL",
    )
    .bind(id)
    .bind(now)
    .bind(creator)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO user_access (user_id, customer_id, auth_code, provisioning, perm_reports, perm_billing,
             perm_services_admin, perm_user_admin, perm_purchase, perm_view_edit_users, perm_edit_api, perm_outbound,
             perm_accounts, perm_add_accounts, perm_rewards, perm_voicemail, perm_call_recording)
         SELECT user_id, $1, auth_code, provisioning, perm_reports, perm_billing, perm_services_admin, perm_user_admin,
             perm_purchase, perm_view_edit_users, perm_edit_api, perm_outbound, perm_accounts, perm_add_accounts,
             perm_rewards, perm_voicemail, perm_call_recording
         FROM user_access WHERE customer_id = $2 AND (perm_accounts = 1 OR user_id = $3)",
    )
    .bind(id)
    .bind(partner_id)
    .bind(creator)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

/// The client's account owner: a user whose password nobody knows until they set it through
/// the emailed link, owner of the new account with every customer right.
pub async fn create_owner(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    (forename, surname, email): (&str, &str, &str),
    password_hash: &str,
    now: i64,
) -> sqlx::Result<i64> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO users (email, forename, surname, password_hash, home_customer_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(email)
    .bind(forename)
    .bind(surname)
    .bind(password_hash)
    .bind(customer_id)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO user_access (user_id, customer_id, auth_code, provisioning, perm_reports, perm_billing,
             perm_services_admin, perm_user_admin, perm_purchase, perm_view_edit_users, perm_edit_api, perm_outbound,
             perm_voicemail, perm_call_recording)
         VALUES ($1, $2, 25, '2', 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)",
    )
    .bind(id)
    .bind(customer_id)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

/// One agreement: its programme, rate and when it was signed.
#[derive(Debug, Clone, FromRow)]
pub struct Agreement {
    pub programme: String,
    pub rate_basis_points: i64,
    pub signed_at: i64,
}

pub async fn agreements(db: &AnyPool, partner_id: CustomerId) -> sqlx::Result<Vec<Agreement>> {
    sqlx::query_as(
        "SELECT programme, rate_basis_points, signed_at FROM partner_agreements WHERE partner_id = $1 ORDER BY programme",
    )
    .bind(partner_id)
    .fetch_all(db)
    .await
}

pub fn rates(agreements: &[Agreement]) -> AgreementRates {
    let rate = |programme: Programme| {
        agreements.iter().find(|a| a.programme == programme.key()).and_then(|a| u32::try_from(a.rate_basis_points).ok())
    };
    AgreementRates { reseller: rate(Programme::Reseller), referrer: rate(Programme::Referrer) }
}

#[derive(FromRow)]
struct InvoiceRow {
    client_id: i64,
    client_name: String,
    programme: Option<String>,
    period_start: i64,
    period_label: String,
    net_pence: i64,
}

/// Every invoice of the partner's clients.
pub async fn client_invoices(db: &AnyPool, partner_id: CustomerId) -> sqlx::Result<Vec<ClientInvoice>> {
    let rows: Vec<InvoiceRow> = sqlx::query_as(
        "SELECT c.id AS client_id, c.name AS client_name, c.partner_programme AS programme, i.period_start,
                i.period_label, i.net_pence
         FROM invoices i JOIN customers c ON c.id = i.customer_id WHERE c.partner_id = $1 ORDER BY i.period_start, c.id",
    )
    .bind(partner_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            Some(ClientInvoice {
                client_id: r.client_id,
                client_name: r.client_name,
                programme: Programme::from_key(r.programme.as_deref()?)?,
                period_start: r.period_start,
                period_label: r.period_label,
                net_pence: r.net_pence,
            })
        })
        .collect())
}
