//! The number inventory: the numbers free to buy, in Ofcom's ranges kept for drama
//! (0113 496 0xxx, 0114 496 0xxx, 0117 496 0xxx, 0121 496 0xxx, 0161 496 0xxx, 020 7946 0xxx)
//! plus 0800 and 0330 ranges, less the numbers the demo's customers hold; the restricted
//! destination prefixes; the demo pools' numbers and dynamic URLs; and each customer's campaigns,
//! channels, departments and media owners.

use std::collections::HashSet;

use sqlx::{Any, Transaction};

/// (prefix as shown, its digits, the place or kind) of each range of 1,000 numbers.
const RANGES: [(&str, &str, &str); 8] = [
    ("0113 496", "01134960", "Leeds"),
    ("0114 496", "01144960", "Sheffield"),
    ("0117 496", "01174960", "Bristol"),
    ("0121 496", "01214960", "Birmingham"),
    ("0161 496", "01614960", "Manchester"),
    ("020 7946", "02079460", "London"),
    ("0800 496", "08004960", "Freephone"),
    ("0330 496", "03304960", "National (03)"),
];

/// Premium rate, directory enquiries and personal numbers: no plan may send calls there.
const RESTRICTED: [&str; 7] = ["09", "118", "0871", "0872", "0873", "070", "076"];

/// Rows per INSERT.
const BATCH: usize = 250;

const CAMPAIGNS: [&str; 3] = ["Website", "Yellow Pages", "Local radio"];
const CHANNELS: [&str; 3] = ["Print", "Radio", "Online"];
const DEPARTMENTS: [&str; 2] = ["Sales", "Service"];
const MEDIA_OWNERS: [&str; 2] = ["Reach plc", "Global Radio"];

async fn numbers(tx: &mut Transaction<'_, Any>) -> Result<(), sqlx::Error> {
    let held: Vec<(String,)> = sqlx::query_as("SELECT number FROM routing_entries").fetch_all(&mut **tx).await?;
    let held: HashSet<String> = held.into_iter().map(|(n,)| n).collect();
    for (position, (prefix, digits, description)) in RANGES.iter().enumerate() {
        let id = position as i64 + 1;
        sqlx::query("INSERT INTO number_prefixes (id, prefix, description, position) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(prefix)
            .bind(description)
            .bind(position as i64)
            .execute(&mut **tx)
            .await?;
        let free: Vec<String> =
            (0..1000).map(|n| format!("{digits}{n:03}")).filter(|number| !held.contains(number)).collect();
        for chunk in free.chunks(BATCH) {
            let values: Vec<String> = (0..chunk.len()).map(|i| format!("({id}, ${})", i + 1)).collect();
            let sql = format!("INSERT INTO available_numbers (prefix_id, number) VALUES {}", values.join(", "));
            let mut query = sqlx::query(&sql);
            for number in chunk {
                query = query.bind(number);
            }
            query.execute(&mut **tx).await?;
        }
    }
    for prefix in RESTRICTED {
        sqlx::query("INSERT INTO restricted_prefixes (prefix) VALUES ($1)").bind(prefix).execute(&mut **tx).await?;
    }
    Ok(())
}

async fn lists(tx: &mut Transaction<'_, Any>, now: i64) -> Result<(), sqlx::Error> {
    let customers: Vec<(i64,)> =
        sqlx::query_as("SELECT id FROM customers WHERE is_partner = 0 AND is_tech_partner = 0 ORDER BY id")
            .fetch_all(&mut **tx)
            .await?;
    for (customer,) in customers {
        for (table, names) in [
            ("campaigns", &CAMPAIGNS[..]),
            ("channels", &CHANNELS[..]),
            ("departments", &DEPARTMENTS[..]),
            ("media_owners", &MEDIA_OWNERS[..]),
        ] {
            for name in names {
                // Table names are ours, not input.
                sqlx::query(&format!("INSERT INTO {table} (customer_id, description, created_at) VALUES ($1, $2, $3)"))
                    .bind(customer)
                    .bind(name)
                    .bind(now)
                    .execute(&mut **tx)
                    .await?;
            }
        }
    }
    Ok(())
}

/// The demo's pools belong to their customer's dynamic URLs (in turn) and hold numbers taken
/// from the inventory's Manchester range, as a purchase would have given them.
async fn demo_pools(tx: &mut Transaction<'_, Any>) -> Result<(), sqlx::Error> {
    let pools: Vec<(i64, i64)> =
        sqlx::query_as("SELECT id, customer_id FROM routing_entries WHERE kind = 'dynamic' ORDER BY id")
            .fetch_all(&mut **tx)
            .await?;
    let urls: Vec<(i64, i64)> =
        sqlx::query_as("SELECT id, customer_id FROM dynamic_urls ORDER BY id").fetch_all(&mut **tx).await?;
    for (turn, (pool, customer)) in pools.iter().enumerate() {
        let own: Vec<i64> = urls.iter().filter(|(_, c)| c == customer).map(|(id, _)| *id).collect();
        if own.is_empty() {
            continue;
        }
        sqlx::query("UPDATE routing_entries SET dynamic_url_id = $1 WHERE id = $2")
            .bind(own[turn % own.len()])
            .bind(pool)
            .execute(&mut **tx)
            .await?;
        let numbers: Vec<(String,)> = sqlx::query_as(
            "DELETE FROM available_numbers WHERE id IN
                 (SELECT id FROM available_numbers WHERE prefix_id = 5 ORDER BY number DESC LIMIT 5)
             RETURNING number",
        )
        .fetch_all(&mut **tx)
        .await?;
        for (number,) in numbers {
            sqlx::query("INSERT INTO pool_numbers (number, routing_entry_id) VALUES ($1, $2)")
                .bind(number)
                .bind(pool)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// The demo's static numbers are filed as a purchase files them: each under one of
/// its customer's campaigns, channels, departments and media owners in turn (some without the
/// optional ones), described, and bought over a year ago, before every month the billing run
/// invoices, so the invoices are what they were before.
async fn file_statics(tx: &mut Transaction<'_, Any>, now: i64) -> Result<(), sqlx::Error> {
    let statics: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT id, customer_id FROM routing_entries WHERE kind = 'static' AND campaign_id IS NULL ORDER BY id",
    )
    .fetch_all(&mut **tx)
    .await?;
    let mut lists: std::collections::HashMap<(i64, &str), Vec<i64>> = Default::default();
    for (turn, (id, customer)) in statics.into_iter().enumerate() {
        let mut chosen = Vec::new();
        for table in ["campaigns", "channels", "departments", "media_owners"] {
            if let std::collections::hash_map::Entry::Vacant(entry) = lists.entry((customer, table)) {
                // Table names are ours, not input.
                let ids: Vec<(i64,)> =
                    sqlx::query_as(&format!("SELECT id FROM {table} WHERE customer_id = $1 ORDER BY id"))
                        .bind(customer)
                        .fetch_all(&mut **tx)
                        .await?;
                entry.insert(ids.into_iter().map(|(id,)| id).collect());
            }
            let ids = &lists[&(customer, table)];
            // Every number has a campaign; one in four goes without each optional list.
            let pick = if ids.is_empty() || (table != "campaigns" && turn % 4 == 3) {
                None
            } else {
                Some(ids[turn % ids.len()])
            };
            chosen.push(pick);
        }
        let days_ago = 400 + (turn as i64 * 7) % 300;
        sqlx::query(
            "UPDATE routing_entries SET campaign_id = $1, channel_id = $2, department_id = $3, media_owner_id = $4,
                 media_description = CASE WHEN media_description = '' THEN description ELSE media_description END,
                 created_at = CASE WHEN created_at = 0 THEN $5 ELSE created_at END
             WHERE id = $6",
        )
        .bind(chosen[0])
        .bind(chosen[1])
        .bind(chosen[2])
        .bind(chosen[3])
        .bind(now - days_ago * 24 * 60 * 60)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

pub async fn seed(tx: &mut Transaction<'_, Any>, now: i64) -> Result<(), sqlx::Error> {
    numbers(tx).await?;
    demo_pools(tx).await?;
    lists(tx, now).await?;
    file_statics(tx, now).await
}
