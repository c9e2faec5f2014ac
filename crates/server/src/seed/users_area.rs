//! Demo data of the users area: a realistic staff list on the Professional customer (about 60
//! users across the levels, some with access to the second account), outbound campaigns and
//! the outbound service.

use crate::db::Flag;
use sqlx::{Any, Transaction};

const FORENAMES: &[&str] = &[
    "Amelia", "Oliver", "Isla", "George", "Ava", "Noah", "Mia", "Arthur", "Ivy", "Leo", "Freya", "Oscar", "Lily",
    "Harry", "Grace", "Jack", "Sophie", "Charlie", "Ella", "Thomas", "Evie", "James", "Poppy", "William", "Rosie",
    "Henry", "Millie", "Alfie", "Daisy", "Theo", "Florence", "Archie", "Ruby", "Finley", "Alice", "Reuben", "Matilda",
    "Joshua", "Phoebe", "Samuel", "Imogen", "Edward", "Harriet", "Max", "Eliza", "Jacob", "Martha", "Logan", "Zara",
    "Nathan", "Layla", "Dylan", "Hannah", "Ethan", "Chloe", "Rory",
];
const SURNAMES: &[&str] = &[
    "Smith",
    "Jones",
    "Taylor",
    "Brown",
    "Williams",
    "Wilson",
    "Johnson",
    "Davies",
    "Patel",
    "Robinson",
    "Wright",
    "Thompson",
    "Evans",
    "Walker",
    "White",
    "Roberts",
    "Green",
    "Hall",
    "Wood",
    "Jackson",
    "Clarke",
    "Hughes",
    "Edwards",
    "Lewis",
    "Harris",
    "Khan",
    "Martin",
    "Cooper",
    "King",
    "Lee",
    "Baker",
    "Harrison",
    "Morgan",
    "Allen",
    "James",
    "Scott",
    "Phillips",
    "Watson",
    "Davis",
    "Parker",
    "Price",
    "Bennett",
    "Young",
    "Griffiths",
    "Mitchell",
    "Kelly",
    "Cook",
    "Carter",
    "Richardson",
];

/// Users 11 and up, on Harbour Lane Dental (100).
const GENERATED_USERS: i64 = 56;
const DAY: i64 = 24 * 60 * 60;

pub(super) async fn seed(tx: &mut Transaction<'_, Any>, now: i64, hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE customers SET has_inbound_recording = 1, outbound_daily_enabled = 1, outbound_weekly_enabled = 1
         WHERE id IN (100, 300)",
    )
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE customers SET has_auth_codes = 0 WHERE id = 400").execute(&mut **tx).await?;
    sqlx::query("UPDATE users SET call_rec_flag = 1, has_new_outbound = 1 WHERE id IN (1, 10)")
        .execute(&mut **tx)
        .await?;
    // user@demo.test hears the call recordings of the reports.
    sqlx::query("UPDATE users SET call_rec_flag = 1 WHERE id = 3").execute(&mut **tx).await?;
    // enterprise@demo.test hears Atlas's recordings and reads their transcripts.
    sqlx::query("UPDATE users SET call_rec_flag = 1 WHERE id = 5").execute(&mut **tx).await?;
    // starter@demo.test, Stone & Sons' owner, hears its recordings: Speech Insights, which
    // quotes them, opens for the owner who buys speech analytics.
    sqlx::query("UPDATE users SET call_rec_flag = 1 WHERE id = 4").execute(&mut **tx).await?;
    let outbound: i64 = sqlx::query_scalar(
        "INSERT INTO services (product_code, service_type, name, price_pence, billing_frequency, minimum_term)
         VALUES ('OUTBOUND-USER', 'outbound', 'Outbound user', 1500, '1', 12) RETURNING id",
    )
    .fetch_one(&mut **tx)
    .await?;
    sqlx::query("INSERT INTO customer_services VALUES (100, $1, 2, 1500, $2), (300, $1, 1, 1500, $3)")
        .bind(outbound)
        .bind(now - 200 * DAY)
        .bind(now - 90 * DAY)
        .execute(&mut **tx)
        .await?;
    for (customer, name) in
        [(100, "Spring recall"), (100, "New patient follow-up"), (100, "Implant consultations"), (300, "Renewals")]
    {
        sqlx::query("INSERT INTO outbound_campaigns (customer_id, name) VALUES ($1, $2)")
            .bind(customer)
            .bind(name)
            .execute(&mut **tx)
            .await?;
    }

    // Oscar manages the practice's sister business, whose account he alone owns: deleting him
    // is refused as the last account owner there.
    sqlx::query(
        "INSERT INTO customers (id, name, account_code, time_zone, package_name, plan, has_static, has_billing, created_at)
         VALUES (102, 'Harbour Lane Hygiene', 'HLH-102', 'Europe/London', 'Starter', 'Starter', 1, 1, $1)",
    )
    .bind(now - 300 * DAY)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO users (id, email, forename, surname, password_hash, home_customer_id, created_at, last_accessed_at)
         VALUES (70, 'oscar.hale@harbourlane.test', 'Oscar', 'Hale', $1, 100, $2, $3)",
    )
    .bind(hash)
    .bind(now - 300 * DAY)
    .bind(now - 2 * DAY)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO user_access (user_id, customer_id, auth_code, provisioning, perm_reports, perm_services_admin)
         VALUES (70, 100, 20, '2', 1, 1),
                (70, 102, 25, '2', 1, 1)",
    )
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "UPDATE user_access SET perm_billing = 1, perm_user_admin = 1, perm_purchase = 1, perm_view_edit_users = 1
         WHERE user_id = 70 AND customer_id = 102",
    )
    .execute(&mut **tx)
    .await?;

    for n in 0..GENERATED_USERS {
        let id = 11 + n;
        let forename = FORENAMES[n as usize % FORENAMES.len()];
        let surname = SURNAMES[(n as usize * 7 + 3) % SURNAMES.len()];
        let email = format!("{}.{}@harbourlane.test", forename.to_lowercase(), surname.to_lowercase());
        let (auth, provisioning) = match n % 10 {
            0 => (25, "2"),
            3 | 6 => (20, "2"),
            _ => (10, "0"),
        };
        let created = now - (400 - n * 7) * DAY;
        let accessed = (n % 4 != 3).then_some(now - (n % 30) * DAY - 3600);
        sqlx::query(
            "INSERT INTO users (id, email, forename, surname, password_hash, home_customer_id, created_at, last_accessed_at,
             mfa_enabled, calls_played_7_days, call_rec_flag)
             VALUES ($1, $2, $3, $4, $5, 100, $6, $7, $8, $9, $10)",
        )
        .bind(id)
        .bind(&email)
        .bind(forename)
        .bind(surname)
        .bind(hash)
        .bind(created)
        .bind(accessed)
        .bind(Flag(n % 3 == 0))
        .bind((n * 13) % 40)
        .bind(Flag(n % 2 == 0))
        .execute(&mut **tx)
        .await?;
        // Reports for everyone; more rights as the level rises.
        let admin = auth >= 20;
        let owner = auth == 25;
        let customers: &[i64] = if n % 7 == 2 { &[100, 101] } else { &[100] };
        for customer in customers {
            sqlx::query(
                "INSERT INTO user_access (user_id, customer_id, auth_code, provisioning, perm_reports, perm_billing,
                 perm_services_admin, perm_user_admin, perm_purchase, perm_view_edit_users, perm_edit_api, perm_voicemail)
                 VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(id)
            .bind(customer)
            .bind(auth)
            .bind(provisioning)
            .bind(Flag(admin))
            .bind(Flag(admin || n % 5 == 1))
            .bind(Flag(admin))
            .bind(Flag(owner))
            .bind(Flag(admin))
            .bind(Flag(owner))
            .bind(Flag(n % 4 == 0))
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}
