//! Billing details: Harbour Lane Dental (and the technology partner Quantum Leads)
//! pay by card, Stone & Sons by Direct Debit.
//! Harbour Lane Dental's invoices come as PDF, CSV and Excel; the others' as the default PDF and
//! CSV.

use sqlx::{Any, Transaction};

/// (customer, company, street 1, town, post code, contact, email, telephone, payment type, card)
type Details = (
    i64,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<(&'static str, &'static str, &'static str)>,
);

const DETAILS: &[Details] = &[
    (
        100,
        "Harbour Lane Dental Ltd",
        "1 Harbour Lane",
        "Bristol",
        "BS1 4RN",
        "Olivia Owen",
        "accounts@harbourlane.test",
        "0117 496 0000",
        "1",
        Some(("Visa", "4242", "0828")),
    ),
    (
        101,
        "Harbour Lane Orthodontics Ltd",
        "3 Harbour Lane",
        "Bristol",
        "BS1 4RN",
        "Olivia Owen",
        "accounts@harbourlane.test",
        "0117 496 0001",
        "1",
        Some(("Mastercard", "4444", "1127")),
    ),
    (
        200,
        "Stone & Sons Plumbing",
        "12 Furnace Hill",
        "Sheffield",
        "S3 7AG",
        "Sam Stone",
        "office@stoneandsons.test",
        "0114 496 0590",
        "2",
        None,
    ),
    (
        300,
        "Atlas Insurance Group plc",
        "40 King Street",
        "Manchester",
        "M2 4LQ",
        "Accounts Payable",
        "ap@atlas.test",
        "0161 496 0300",
        "2",
        None,
    ),
    (
        700,
        "Quantum Leads Ltd",
        "8 Whitworth Street",
        "Manchester",
        "M1 3HB",
        "Theo Tran",
        "accounts@quantumleads.test",
        "0161 496 0700",
        "1",
        Some(("Visa", "1881", "0329")),
    ),
];

pub async fn seed(tx: &mut Transaction<'_, Any>, now: i64) -> Result<(), sqlx::Error> {
    for (customer, company, street1, town, post_code, contact, email, telephone, payment, card) in DETAILS {
        let (brand, last4, expiry) = card.unwrap_or(("", "", ""));
        sqlx::query(
            "INSERT INTO billing_details (customer_id, company_name, street1, town, post_code, contact_name, contact_email,
                 contact_telephone, payment_method_type, card_brand, card_last4, card_expiry, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        )
        .bind(customer)
        .bind(company)
        .bind(street1)
        .bind(town)
        .bind(post_code)
        .bind(contact)
        .bind(email)
        .bind(telephone)
        .bind(payment)
        .bind(brand)
        .bind(last4)
        .bind(expiry)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    // The Direct Debit payers' mandates, as set up at the provider before.
    for (customer, reference, ending) in [(200, "MD4C2E19", "31"), (300, "MD7A90B3", "08")] {
        sqlx::query(
            "UPDATE billing_details SET direct_debit_reference = $1, direct_debit_account_ending = $2 WHERE customer_id = $3",
        )
        .bind(reference)
        .bind(ending)
        .bind(customer)
        .execute(&mut **tx)
        .await?;
    }
    sqlx::query("UPDATE customers SET invoice_file_options = 'pdf,csv,excel' WHERE id = 100")
        .execute(&mut **tx)
        .await?;
    Ok(())
}
