//! The portals: Brightside Marketing's agreements (a reseller margin and a referral
//! fee), how each of its clients came, its top-bar colours and a few numbers for its clients
//! (their calls come from the usage seed); Quantum Leads' lead supplies (Harbour Lane Dental
//! and Atlas Insurance), its profile and one API key in use (whose secret nobody holds).

use sqlx::{Any, Transaction};

use crate::security::{random_token, token_hash};

const DAY: i64 = 86_400;
const BRIGHTSIDE: i64 = 600;
const QUANTUM: i64 = 700;

/// A static number: the number, its description and where it rings.
type Number = (&'static str, &'static str, &'static str);

/// (client, programme, numbers)
const CLIENTS: &[(i64, &str, &[Number])] = &[
    (
        601,
        "referrer",
        &[
            ("01914960601", "Garden centre - main line", "01914960690"),
            ("01914960602", "Spring catalogue", "01914960690"),
        ],
    ),
    (
        602,
        "reseller",
        &[
            ("01914960621", "Riverside - surgery line", "01914960699"),
            ("01914960622", "Out of hours vet", "07700900622"),
            ("01914960623", "Pet insurance leaflet", "01914960699"),
        ],
    ),
];

pub async fn seed(tx: &mut Transaction<'_, Any>, now: i64) -> Result<(), sqlx::Error> {
    for (programme, rate) in [("reseller", 2_000), ("referrer", 1_000)] {
        sqlx::query(
            "INSERT INTO partner_agreements (partner_id, programme, rate_basis_points, signed_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(BRIGHTSIDE)
        .bind(programme)
        .bind(rate)
        .bind(now - 400 * DAY)
        .execute(&mut **tx)
        .await?;
    }
    for (client, programme, numbers) in CLIENTS {
        sqlx::query("UPDATE customers SET partner_programme = $1, created_at = $2 WHERE id = $3")
            .bind(programme)
            .bind(now - (client - 560) * 10 * DAY)
            .bind(client)
            .execute(&mut **tx)
            .await?;
        for (number, description, destination) in *numbers {
            sqlx::query(
                "INSERT INTO routing_entries (customer_id, kind, number, description, destination, provisioned,
                 provision_requested_at, created_at) VALUES ($1, 'static', $2, $3, $4, 1, $5, $5)",
            )
            .bind(client)
            .bind(number)
            .bind(description)
            .bind(destination)
            .bind(now - 200 * DAY)
            .execute(&mut **tx)
            .await?;
        }
    }
    sqlx::query(
        "INSERT INTO partner_branding (partner_id, top_bar_background, top_bar_text, updated_by, updated_at)
         VALUES ($1, '#4a148c', '#ffffff', 8, $2)",
    )
    .bind(BRIGHTSIDE)
    .bind(now - 30 * DAY)
    .execute(&mut **tx)
    .await?;

    for client in [100, 300] {
        sqlx::query("INSERT INTO lead_supplies (tech_partner_id, customer_id, since) VALUES ($1, $2, $3)")
            .bind(QUANTUM)
            .bind(client)
            .bind(now - 365 * DAY)
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query(
        "INSERT INTO tech_partner_profiles (customer_id, website, contact_name, contact_email, contact_telephone, updated_at)
         VALUES ($1, 'https://www.quantumleads.example', 'Theo Tran', 'integrations@quantumleads.example', '0161 496 0700', $2)",
    )
    .bind(QUANTUM)
    .bind(now - 60 * DAY)
    .execute(&mut **tx)
    .await?;
    // A key in use by the partner's dashboard; its secret was never kept, only its hash.
    let secret = random_token();
    sqlx::query(
        "INSERT INTO api_keys (customer_id, name, key_hash, key_hint, created_by, created_at, last_used_at)
         VALUES ($1, 'Lead dashboard', $2, 'ctk_Qd81xZ…', 9, $3, $4)",
    )
    .bind(QUANTUM)
    .bind(token_hash(&secret))
    .bind(now - 45 * DAY)
    .bind(now - 2 * DAY)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
