//! Invoices: what the billing run reads to make a month's invoice, the invoice it
//! stores (with its lines and files, in one transaction, once per customer per month), and what
//! the invoices list and downloads read back, always within one customer.

use crate::store::CustomerId;
use domain::billing::invoice::{BillingMonth, CallUsage, InvoiceLine, InvoiceTotals, NumberCharge, RecurringCharge};
use sqlx::AnyPool;

/// The file formats an invoice can be downloaded in, as the API names them.
pub const FORMATS: [&str; 3] = ["pdf", "csv", "excel"];

/// A customer the run may invoice: (id, time zone, plan, when its first charge or call began).
pub async fn billable_customers(db: &AnyPool) -> sqlx::Result<Vec<(CustomerId, String, String, i64)>> {
    sqlx::query_as(
        "SELECT c.id, c.time_zone, c.plan, MIN(x.started_at)
         FROM customers c JOIN (SELECT customer_id, started_at FROM customer_charges
                                UNION ALL SELECT customer_id, started_at FROM calls) x ON x.customer_id = c.id
         GROUP BY c.id, c.time_zone, c.plan ORDER BY c.id",
    )
    .fetch_all(db)
    .await
}

/// The months already invoiced, by their start.
pub async fn invoiced_periods(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<i64>> {
    let rows: Vec<(i64,)> =
        sqlx::query_as("SELECT period_start FROM invoices WHERE customer_id = $1").bind(customer).fetch_all(db).await?;
    Ok(rows.into_iter().map(|(start,)| start).collect())
}

#[derive(sqlx::FromRow)]
struct ChargeRow {
    description: String,
    quantity: i64,
    unit_price_pence: i64,
    billing_frequency: String,
    started_at: i64,
    ended_at: Option<i64>,
}

/// The charges that ran at some time in the month (a user's charge names the user).
pub async fn charges_in(
    db: &AnyPool,
    customer: CustomerId,
    month: &BillingMonth,
) -> sqlx::Result<Vec<RecurringCharge>> {
    let rows: Vec<ChargeRow> = sqlx::query_as(
        "SELECT CASE WHEN u.id IS NULL THEN ch.description
                     ELSE ch.description || ': ' || u.forename || ' ' || u.surname END AS description,
                ch.quantity, ch.unit_price_pence, ch.billing_frequency, ch.started_at, ch.ended_at
         FROM customer_charges ch LEFT JOIN users u ON u.id = ch.user_id
         WHERE ch.customer_id = $1 AND ch.started_at < $2 AND (ch.ended_at IS NULL OR ch.ended_at > $3)
         ORDER BY CASE WHEN ch.item = 'plan' THEN 0 ELSE 1 END, ch.id",
    )
    .bind(customer)
    .bind(month.period.end)
    .bind(month.period.start)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| RecurringCharge {
            description: r.description,
            quantity: r.quantity,
            unit_price_pence: r.unit_price_pence,
            billing_frequency: r.billing_frequency,
            started_at: r.started_at,
            ended_at: r.ended_at,
        })
        .collect())
}

/// Static numbers and pools held at the month's end (bought before it), and static numbers
/// released during it, against the plan's allowance, at the catalogue's prices.
pub async fn numbers(
    db: &AnyPool,
    customer: CustomerId,
    plan: &str,
    month: &BillingMonth,
) -> sqlx::Result<Vec<NumberCharge>> {
    Ok(numbers_by_item(db, customer, plan, month).await?.into_iter().map(|(_, numbers)| numbers).collect())
}

/// `numbers`, each with its catalogue item ('static', 'dynamic_pool').
pub async fn numbers_by_item(
    db: &AnyPool,
    customer: CustomerId,
    plan: &str,
    month: &BillingMonth,
) -> sqlx::Result<Vec<(&'static str, NumberCharge)>> {
    let held = |kind: &'static str| async move {
        let (count,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM routing_entries WHERE customer_id = $1 AND kind = $2 AND created_at < $3",
        )
        .bind(customer)
        .bind(kind)
        .bind(month.period.end)
        .fetch_one(db)
        .await?;
        Ok::<i64, sqlx::Error>(count)
    };
    // A static number released in the month is still charged for it (its charge ends at the
    // end of the billing month it was released in: domain numbers::release_terms).
    let (released,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM released_numbers WHERE customer_id = $1 AND created_at < $2 AND charge_ends_at > $3",
    )
    .bind(customer)
    .bind(month.period.end)
    .bind(month.period.start)
    .fetch_one(db)
    .await?;
    let allowance = super::usage::allowance(plan);
    let price = |item: &'static str| async move {
        let found: Option<(Option<i64>,)> = sqlx::query_as(
            "SELECT price_pence FROM price_catalogue WHERE item = $1 AND plan IN ($2, '') ORDER BY plan DESC",
        )
        .bind(item)
        .bind(plan)
        .fetch_optional(db)
        .await?;
        Ok::<i64, sqlx::Error>(found.and_then(|(p,)| p).unwrap_or(0))
    };
    Ok(vec![
        (
            "static",
            NumberCharge {
                description: "Static numbers".into(),
                count: held("static").await? + released,
                included: allowance.static_numbers,
                unit_price_pence: price("static").await?,
            },
        ),
        (
            "dynamic_pool",
            NumberCharge {
                description: "Dynamic number pools".into(),
                count: held("dynamic").await?,
                included: allowance.pools,
                unit_price_pence: price("dynamic_pool").await?,
            },
        ),
    ])
}

/// The month's calls per direction and usage rate, described as the rate is.
pub async fn calls_in(db: &AnyPool, customer: CustomerId, month: &BillingMonth) -> sqlx::Result<Vec<CallUsage>> {
    let rows: Vec<(String, String, i64, i64)> = sqlx::query_as(
        "SELECT c.direction, COALESCE(MAX(r.description), c.rate_item), CAST(SUM(c.minutes) AS BIGINT),
                CAST(SUM(c.cost_tenth_pence) AS BIGINT)
         FROM calls c LEFT JOIN usage_rates r ON r.item = c.rate_item
         WHERE c.customer_id = $1 AND c.started_at >= $2 AND c.started_at < $3 AND c.direction <> 'test'
         GROUP BY c.direction, c.rate_item ORDER BY c.direction, c.rate_item",
    )
    .bind(customer)
    .bind(month.period.start)
    .bind(month.period.end)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(direction, description, minutes, cost_tenth_pence)| CallUsage {
            inbound: direction == "inbound",
            description,
            minutes,
            cost_tenth_pence,
        })
        .collect())
}

/// The billing address lines an invoice is issued to, and its PO number.
pub async fn bill_to(db: &AnyPool, customer: CustomerId) -> sqlx::Result<(String, String)> {
    if let Some(d) = super::billing::load(db, customer).await? {
        let lines: Vec<String> = [d.company_name, d.street1, d.street2, d.town, d.county, d.post_code, d.country]
            .into_iter()
            .filter(|line| !line.is_empty())
            .collect();
        return Ok((lines.join("\n"), d.po_number));
    }
    let (name,): (String,) =
        sqlx::query_as("SELECT name FROM customers WHERE id = $1").bind(customer).fetch_one(db).await?;
    Ok((name, String::new()))
}

pub struct NewInvoice<'a> {
    pub customer_id: CustomerId,
    pub month: &'a BillingMonth,
    pub bill_to: &'a str,
    pub po_number: &'a str,
    pub lines: &'a [InvoiceLine],
    pub totals: InvoiceTotals,
    /// The plan's inclusive minutes the call charges were made with.
    pub inclusive_minutes: i64,
}

/// Stores the invoice with its lines and one file per format, in one transaction; None when the
/// month was invoiced already (by an earlier run or another server).
pub async fn insert(db: &AnyPool, invoice: &NewInvoice<'_>, now: i64) -> sqlx::Result<Option<i64>> {
    let mut tx = crate::db::begin_write(db).await?;
    let created: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO invoices (customer_id, period_start, period_end, period_label, issued_at, bill_to, po_number,
             net_pence, vat_pence, gross_pence, created_at, inclusive_minutes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (customer_id, period_start) DO NOTHING RETURNING id",
    )
    .bind(invoice.customer_id)
    .bind(invoice.month.period.start)
    .bind(invoice.month.period.end)
    .bind(&invoice.month.period.label)
    .bind(invoice.month.period.end)
    .bind(invoice.bill_to)
    .bind(invoice.po_number)
    .bind(invoice.totals.net_pence)
    .bind(invoice.totals.vat_pence)
    .bind(invoice.totals.gross_pence)
    .bind(now)
    .bind(invoice.inclusive_minutes)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((id,)) = created else {
        return Ok(None);
    };
    for (position, line) in invoice.lines.iter().enumerate() {
        sqlx::query(
            "INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_price_tenth_pence, amount_pence)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(position as i64)
        .bind(&line.description)
        .bind(line.quantity)
        .bind(line.unit_price_tenth_pence)
        .bind(line.amount_pence)
        .execute(&mut *tx)
        .await?;
    }
    for format in FORMATS {
        sqlx::query("INSERT INTO invoice_files (invoice_id, format) VALUES ($1, $2)")
            .bind(id)
            .bind(format)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(Some(id))
}

/// The inclusive minutes the month starting `period_start` was invoiced with; None when it has no
/// invoice (or one made before they were kept).
pub async fn invoiced_inclusive_minutes(
    db: &AnyPool,
    customer: CustomerId,
    period_start: i64,
) -> sqlx::Result<Option<i64>> {
    let row: Option<(Option<i64>,)> =
        sqlx::query_as("SELECT inclusive_minutes FROM invoices WHERE customer_id = $1 AND period_start = $2")
            .bind(customer)
            .bind(period_start)
            .fetch_optional(db)
            .await?;
    Ok(row.and_then(|(minutes,)| minutes))
}

/// One row of the invoices list: the invoice with its file ids.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ListedInvoice {
    pub id: i64,
    pub issued_at: i64,
    pub net_pence: i64,
    pub vat_pence: i64,
    pub gross_pence: i64,
    pub pdf_id: Option<i64>,
    pub csv_id: Option<i64>,
    pub excel_id: Option<i64>,
}

pub async fn list(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<ListedInvoice>> {
    sqlx::query_as(
        "SELECT i.id, i.issued_at, i.net_pence, i.vat_pence, i.gross_pence,
                MAX(CASE WHEN f.format = 'pdf' THEN f.id END) AS pdf_id,
                MAX(CASE WHEN f.format = 'csv' THEN f.id END) AS csv_id,
                MAX(CASE WHEN f.format = 'excel' THEN f.id END) AS excel_id
         FROM invoices i LEFT JOIN invoice_files f ON f.invoice_id = i.id
         WHERE i.customer_id = $1
         GROUP BY i.id, i.issued_at, i.net_pence, i.vat_pence, i.gross_pence
         ORDER BY i.issued_at DESC, i.id DESC",
    )
    .bind(customer)
    .fetch_all(db)
    .await
}

/// The customer's file options ('pdf,csv').
pub async fn file_options(db: &AnyPool, customer: CustomerId) -> sqlx::Result<String> {
    let (options,): (String,) =
        sqlx::query_as("SELECT invoice_file_options FROM customers WHERE id = $1").bind(customer).fetch_one(db).await?;
    Ok(options)
}

/// A stored invoice, as its files show it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredInvoice {
    pub id: i64,
    pub period_label: String,
    pub issued_at: i64,
    pub bill_to: String,
    pub po_number: String,
    pub net_pence: i64,
    pub vat_pence: i64,
    pub gross_pence: i64,
}

/// The invoice a file belongs to, if the file is the customer's and of that format.
pub async fn invoice_of_file(
    db: &AnyPool,
    customer: CustomerId,
    file: i64,
    format: &str,
) -> sqlx::Result<Option<(StoredInvoice, Vec<InvoiceLine>)>> {
    let invoice: Option<StoredInvoice> = sqlx::query_as(
        "SELECT i.id, i.period_label, i.issued_at, i.bill_to, i.po_number, i.net_pence, i.vat_pence, i.gross_pence
         FROM invoice_files f JOIN invoices i ON i.id = f.invoice_id
         WHERE f.id = $1 AND f.format = $2 AND i.customer_id = $3",
    )
    .bind(file)
    .bind(format)
    .bind(customer)
    .fetch_optional(db)
    .await?;
    let Some(invoice) = invoice else {
        return Ok(None);
    };
    let rows: Vec<(String, i64, i64, i64)> = sqlx::query_as(
        "SELECT description, quantity, unit_price_tenth_pence, amount_pence FROM invoice_lines
         WHERE invoice_id = $1 ORDER BY position",
    )
    .bind(invoice.id)
    .fetch_all(db)
    .await?;
    let lines = rows
        .into_iter()
        .map(|(description, quantity, unit_price_tenth_pence, amount_pence)| InvoiceLine {
            description,
            quantity,
            unit_price_tenth_pence,
            amount_pence,
        })
        .collect();
    Ok(Some((invoice, lines)))
}
