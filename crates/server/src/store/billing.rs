//! Billing details: the customer's billing address, contact and payment method.

use crate::store::CustomerId;
use domain::billing::BillingDetailsForm;
use sqlx::{Any, AnyPool, Transaction};

#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct StoredBillingDetails {
    pub company_name: String,
    pub street1: String,
    pub street2: String,
    pub town: String,
    pub county: String,
    pub post_code: String,
    pub country: String,
    pub contact_name: String,
    pub contact_email: String,
    pub contact_telephone: String,
    pub po_number: String,
    pub payment_method_type: String,
    pub card_brand: String,
    pub card_last4: String,
    pub card_expiry: String,
    pub direct_debit_reference: String,
    pub direct_debit_account_ending: String,
}

pub async fn load(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Option<StoredBillingDetails>> {
    sqlx::query_as(
        "SELECT company_name, street1, street2, town, county, post_code, country, contact_name, contact_email,
                contact_telephone, po_number, payment_method_type, card_brand, card_last4, card_expiry,
                direct_debit_reference, direct_debit_account_ending
         FROM billing_details WHERE customer_id = $1",
    )
    .bind(customer)
    .fetch_optional(db)
    .await
}

/// Saves the editable fields (one statement: the row is created with defaults the first time).
pub async fn save(db: &AnyPool, customer: CustomerId, form: &BillingDetailsForm, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO billing_details (customer_id, company_name, street1, street2, town, county, post_code,
             contact_name, contact_email, contact_telephone, po_number, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (customer_id) DO UPDATE SET company_name = excluded.company_name, street1 = excluded.street1,
             street2 = excluded.street2, town = excluded.town, county = excluded.county,
             post_code = excluded.post_code, contact_name = excluded.contact_name,
             contact_email = excluded.contact_email, contact_telephone = excluded.contact_telephone,
             po_number = excluded.po_number, updated_at = excluded.updated_at",
    )
    .bind(customer)
    .bind(form.company_name.trim())
    .bind(form.street1.trim())
    .bind(form.street2.trim())
    .bind(form.town.trim())
    .bind(form.county.trim())
    .bind(form.post_code.trim())
    .bind(form.contact_name.trim())
    .bind(form.contact_email.trim())
    .bind(form.contact_telephone.trim())
    .bind(form.po_number.trim())
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// Keeps the Direct Debit mandate the provider confirmed, on a customer paying by Direct Debit;
/// false when the customer's billing details are not (or no longer) that.
pub async fn set_direct_debit(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    mandate: &str,
    account_ending: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let updated = sqlx::query(
        "UPDATE billing_details SET direct_debit_reference = $1, direct_debit_account_ending = $2, updated_at = $3
         WHERE customer_id = $4 AND payment_method_type = '2'",
    )
    .bind(mandate)
    .bind(account_ending)
    .bind(now)
    .bind(customer)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// The card the provider answered for, as shown (never its number).
pub struct StoredCard<'a> {
    pub brand: &'a str,
    pub last4: &'a str,
    pub expiry: &'a str,
    pub alias: &'a str,
}

/// Keeps the customer's card.
pub async fn set_card(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    card: &StoredCard<'_>,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE billing_details SET card_brand = $1, card_last4 = $2, card_expiry = $3, card_alias = $4, updated_at = $5
         WHERE customer_id = $6",
    )
    .bind(card.brand)
    .bind(card.last4)
    .bind(card.expiry)
    .bind(card.alias)
    .bind(now)
    .bind(customer)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
