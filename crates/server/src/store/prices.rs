//! The price catalogue.

use sqlx::AnyPool;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CataloguePrice {
    pub item: String,
    pub plan: String,
    /// None: price on application.
    pub price_pence: Option<i64>,
    pub billing_frequency: String,
    pub minimum_charge_pence: i64,
    pub minimum_charge_frequency: String,
    pub minimum_term_months: i64,
    pub description: String,
}

const COLUMNS: &str =
    "item, plan, price_pence, billing_frequency, minimum_charge_pence, minimum_charge_frequency, minimum_term_months,
    description";

/// Every price of these items (all plans).
pub async fn for_items(db: &AnyPool, items: &[&str]) -> sqlx::Result<Vec<CataloguePrice>> {
    let mut found = Vec::new();
    for item in items {
        let rows: Vec<CataloguePrice> =
            sqlx::query_as(&format!("SELECT {COLUMNS} FROM price_catalogue WHERE item = $1 ORDER BY plan"))
                .bind(item)
                .fetch_all(db)
                .await?;
        found.extend(rows);
    }
    Ok(found)
}

/// The price of an item on a plan (or its every-plan price).
pub async fn price(db: &AnyPool, item: &str, plan: &str) -> sqlx::Result<Option<CataloguePrice>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM price_catalogue WHERE item = $1 AND plan IN ($2, '') ORDER BY plan DESC LIMIT 1"
    ))
    .bind(item)
    .bind(plan)
    .fetch_optional(db)
    .await
}

/// Every price on a plan (its own and the every-plan ones).
pub async fn on_plan(db: &AnyPool, plan: &str) -> sqlx::Result<Vec<CataloguePrice>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM price_catalogue WHERE plan IN ($1, '') ORDER BY item, plan DESC"))
        .bind(plan)
        .fetch_all(db)
        .await
}

/// The scopes a plan includes (not those it sells as add-ons).
pub async fn plan_includes(db: &AnyPool, plan: &str) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT scope FROM plan_scopes WHERE plan = $1 AND addon = 0").bind(plan).fetch_all(db).await?;
    Ok(rows.into_iter().map(|(scope,)| scope).collect())
}

/// Every scope of the plans sold today (Legacy left out), by scope: (plan, scope, 1 for an
/// add-on the plan sells, 0 for one it includes).
pub async fn plan_scopes(db: &AnyPool) -> sqlx::Result<Vec<(String, String, i64)>> {
    sqlx::query_as("SELECT plan, scope, addon FROM plan_scopes WHERE plan <> 'Legacy' ORDER BY scope")
        .fetch_all(db)
        .await
}

/// The price catalogue as the public pricing page lists it: (description, plan, price in pence
/// or None on application, billing frequency), plans first.
pub async fn public_catalogue(db: &AnyPool) -> sqlx::Result<Vec<(String, String, Option<i64>, String)>> {
    sqlx::query_as(
        "SELECT description, plan, price_pence, billing_frequency FROM price_catalogue
         WHERE description <> '' ORDER BY CASE WHEN item = 'plan' THEN 0 ELSE 1 END, description, plan",
    )
    .fetch_all(db)
    .await
}

/// The call rates as the public pricing page lists them: (description, tenths of a penny).
pub async fn public_call_rates(db: &AnyPool) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as("SELECT description, price_tenth_pence FROM usage_rates ORDER BY position").fetch_all(db).await
}
