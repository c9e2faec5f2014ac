//! The price catalogue: realistic UK prices for the plans, the services and each
//! plan's add-ons, in pence per month unless the frequency says otherwise. Enterprise and
//! Dealerweb are price on application; Atlas Insurance has a contract price for its Enterprise
//! plan.

use domain::billing::plan_price::plan_price_pence;
use sqlx::{Any, Transaction};

/// (item, plan, pence, frequency, minimum charge pence, minimum term months)
type Price = (&'static str, &'static str, Option<i64>, &'static str, i64, i64);

const PRICES: &[Price] = &[
    ("plan", "Starter", Some(4_900), "1", 0, 12),
    ("plan", "Professional", Some(14_900), "1", 0, 12),
    ("plan", "Enterprise", None, "1", 0, 12),
    ("static", "", Some(500), "1", 0, 1),
    ("dynamic_pool", "", Some(2_500), "1", 0, 1),
    ("outbound_user", "", Some(1_500), "1", 0, 1),
    ("recording_storage", "", Some(300), "1", 0, 1),
    // Speech analytics: a minimum charge of £25 per month (spec section 9).
    ("report_voice_tags", "Starter", Some(3_500), "1", 2_500, 1),
    ("report_voice_tags", "Professional", Some(2_500), "1", 2_500, 1),
    ("integration_speech_redaction", "Professional", Some(1_500), "1", 0, 1),
    ("integration_api", "Starter", Some(2_000), "1", 0, 1),
    ("integration_api", "Professional", Some(1_500), "1", 0, 1),
    ("integration_webhooks", "Starter", Some(2_000), "1", 0, 1),
    ("integration_webhooks", "Professional", Some(1_500), "1", 0, 1),
    ("integration_salesforce", "Professional", Some(7_500), "1", 0, 12),
    ("integration_dealerweb", "Professional", None, "1", 0, 12),
    ("outbound", "Starter", Some(1_500), "1", 0, 1),
    ("outbound", "Professional", Some(1_500), "1", 0, 1),
    ("outbound_additional_user", "Professional", Some(1_200), "1", 0, 1),
    ("other_managed", "Professional", Some(25_000), "1", 0, 3),
    ("other_insight", "Professional", Some(9_900), "1", 0, 1),
    ("integration_config_api", "Professional", Some(5_000), "1", 0, 1),
    ("routing_advanced_ivr", "Professional", Some(500), "per_IVR", 0, 1),
    ("routing_call_recording_extended", "Starter", Some(300), "1", 0, 1),
    ("routing_call_recording_extended", "Professional", Some(300), "1", 0, 1),
    ("integration_sales_import", "Starter", Some(2_500), "1", 0, 1),
    ("integration_sales_import", "Professional", Some(2_000), "1", 0, 1),
    ("advanced_call_handling", "Starter", Some(2_000), "1", 0, 1),
    ("sales_custom_dimensions", "Professional", Some(1_000), "1", 0, 1),
];

/// What each item is called on the pricing breakdown and invoices.
const DESCRIPTIONS: &[(&str, &str)] = &[
    ("static", "Static number"),
    ("dynamic_pool", "Dynamic number pool"),
    ("outbound_user", "Outbound user"),
    ("recording_storage", "Call recording storage (30 days)"),
    ("report_voice_tags", "Speech analytics"),
    ("integration_speech_redaction", "Speech redaction"),
    ("integration_api", "API"),
    ("integration_webhooks", "Webhooks"),
    ("integration_salesforce", "Salesforce integration"),
    ("integration_dealerweb", "Dealerweb integration"),
    ("outbound", "Outbound"),
    ("outbound_additional_user", "Outbound additional user"),
    ("other_managed", "Managed service"),
    ("other_insight", "Insight reports"),
    ("integration_config_api", "Configuration API"),
    ("routing_advanced_ivr", "Multi-level IVR"),
    ("routing_call_recording_extended", "Extended call recording storage (30 days)"),
    ("integration_sales_import", "Sales import"),
    ("advanced_call_handling", "Advanced call handling"),
    ("sales_custom_dimensions", "Custom dimensions"),
];

fn description(item: &str, plan: &str) -> String {
    if item == "plan" {
        return format!("{plan} plan");
    }
    DESCRIPTIONS.iter().find(|(i, _)| *i == item).map(|(_, d)| d.to_string()).unwrap_or_default()
}

/// (item, description, tenths of a penny per minute)
const USAGE_RATES: &[(&str, &str, i64)] = &[
    ("inbound_geographic", "Inbound calls to geographic numbers", 15),
    ("inbound_freephone", "Inbound calls to 0800 numbers", 35),
    ("forwarded_mobile", "Calls forwarded to mobiles", 60),
    ("outbound_landline", "Outbound calls to UK landlines", 12),
    ("outbound_mobile", "Outbound calls to UK mobiles", 40),
];

/// Contract prices agreed with customers on a plan priced on application, in pence a month:
/// Atlas Insurance's Enterprise plan.
const CONTRACT_PRICES: &[(i64, i64)] = &[(300, 125_000)];

/// The demo's running charges other than the plans, from the catalogue: each add-on bought, and
/// outbound for each user who has it (charged to their home customer), started a year ago.
const DEMO_CHARGES: [&str; 2] = [
    "INSERT INTO customer_charges (customer_id, item, description, quantity, unit_price_pence, billing_frequency, started_at, created_by)
     SELECT a.customer_id, a.scope, p.description, 1, p.price_pence, p.billing_frequency, $1, 0
     FROM customer_addons a JOIN customers c ON c.id = a.customer_id
     JOIN price_catalogue p ON p.item = a.scope AND p.plan = c.plan
     WHERE a.scope <> 'outbound' AND p.price_pence IS NOT NULL",
    // An agent at the agent's one price (domain agents::AGENT_PRICE_ITEMS: the plan's additional
    // user first), as the pages offer it.
    "INSERT INTO customer_charges (customer_id, item, description, user_id, quantity, unit_price_pence, billing_frequency, started_at, created_by)
     SELECT u.home_customer_id, 'outbound', p.description, u.id, 1,
            COALESCE((SELECT a.price_pence FROM price_catalogue a WHERE a.item = 'outbound_additional_user' AND a.plan = c.plan),
                     p.price_pence),
            p.billing_frequency, $1, 0
     FROM users u JOIN customers c ON c.id = u.home_customer_id
     JOIN price_catalogue p ON p.item = 'outbound' AND p.plan = c.plan
     WHERE u.has_new_outbound = 1 AND p.price_pence IS NOT NULL",
];

pub async fn seed(tx: &mut Transaction<'_, Any>, now: i64) -> Result<(), sqlx::Error> {
    for (position, (item, description, tenths)) in USAGE_RATES.iter().enumerate() {
        sqlx::query(
            "INSERT INTO usage_rates (item, plan, description, price_tenth_pence, position) VALUES ($1, '', $2, $3, $4)",
        )
        .bind(item)
        .bind(description)
        .bind(tenths)
        .bind(position as i64)
        .execute(&mut **tx)
        .await?;
    }
    for (item, plan, pence, frequency, minimum, term) in PRICES {
        sqlx::query(
            "INSERT INTO price_catalogue (item, plan, price_pence, billing_frequency, minimum_charge_pence,
                 minimum_term_months, description)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(item)
        .bind(plan)
        .bind(pence)
        .bind(frequency)
        .bind(minimum)
        .bind(term)
        .bind(description(item, plan))
        .execute(&mut **tx)
        .await?;
    }
    for (customer, pence) in CONTRACT_PRICES {
        sqlx::query("UPDATE customers SET contract_price_pence = $1 WHERE id = $2")
            .bind(pence)
            .bind(customer)
            .execute(&mut **tx)
            .await?;
    }
    plan_charges(tx, now - 365 * 24 * 60 * 60).await?;
    for sql in DEMO_CHARGES {
        sqlx::query(sql).bind(now - 365 * 24 * 60 * 60).execute(&mut **tx).await?;
    }
    Ok(())
}

/// (customer, catalogue price, contract price, description, billing frequency)
type PlanRow = (i64, Option<i64>, Option<i64>, String, String);

/// Each customer's plan, charged from `started_at` at the price the domain's plan price rule
/// gives (the catalogue's, or the customer's contract price for a plan priced on application).
async fn plan_charges(tx: &mut Transaction<'_, Any>, started_at: i64) -> Result<(), sqlx::Error> {
    let plans: Vec<PlanRow> = sqlx::query_as(
        "SELECT c.id, p.price_pence, c.contract_price_pence, p.description, p.billing_frequency
         FROM customers c JOIN price_catalogue p ON p.item = 'plan' AND p.plan = c.plan ORDER BY c.id",
    )
    .fetch_all(&mut **tx)
    .await?;
    for (customer, catalogue, contract, description, frequency) in plans {
        let Some(pence) = plan_price_pence(catalogue, contract) else { continue };
        sqlx::query(
            "INSERT INTO customer_charges (customer_id, item, description, quantity, unit_price_pence, billing_frequency,
                 started_at, created_by)
             VALUES ($1, 'plan', $2, 1, $3, $4, $5, 0)",
        )
        .bind(customer)
        .bind(description)
        .bind(pence)
        .bind(frequency)
        .bind(started_at)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
