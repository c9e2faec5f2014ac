//! Customer settings the users area needs.

use crate::db::Flag;
use crate::store::CustomerId;
use sqlx::{AnyPool, FromRow};

#[derive(Debug, Clone, FromRow)]
pub struct CustomerFlags {
    #[sqlx(try_from = "Flag")]
    pub has_auth_codes: bool,
    #[sqlx(try_from = "Flag")]
    pub has_inbound_recording: bool,
}

pub async fn flags(db: &AnyPool, customer_id: CustomerId) -> sqlx::Result<CustomerFlags> {
    sqlx::query_as("SELECT has_auth_codes, has_inbound_recording FROM customers WHERE id = $1")
        .bind(customer_id)
        .fetch_one(db)
        .await
}

/// Whether the customer's package (plan or owned add-ons) includes a scope.
pub async fn has_scope(db: &AnyPool, customer_id: CustomerId, scope: &str) -> sqlx::Result<bool> {
    let (Flag(found),): (Flag,) = sqlx::query_as(
        "SELECT EXISTS (SELECT 1 FROM customers c JOIN plan_scopes p ON p.plan = c.plan AND p.addon = 0
                        WHERE c.id = $1 AND p.scope = $2)
             OR EXISTS (SELECT 1 FROM customer_addons WHERE customer_id = $1 AND scope = $2)",
    )
    .bind(customer_id)
    .bind(scope)
    .fetch_one(db)
    .await?;
    Ok(found)
}
