//! The monthly billing run: for each customer, every complete month of the last
//! twelve since its first charge or call that has no invoice yet becomes one, made by the
//! domain's invoice rules from the stored charges, numbers and calls. Safe to rerun and to run
//! on several servers at once: a month is invoiced once (a unique index decides).

use crate::store::CustomerId;
use std::time::Duration;

use domain::billing::invoice::{invoice_lines, invoice_totals, months_to_invoice, BillingMonth, InvoiceInput};
use sqlx::AnyPool;
use tokio::task::JoinHandle;

use crate::state::AppState;
use crate::store::charges::{self, NewCharge};
use crate::store::invoices::{self, NewInvoice};
use crate::store::{prices, speech_trials, usage};
use domain::speech::SPEECH_SCOPE;

pub const INTERVAL: Duration = Duration::from_secs(60 * 60);
/// How far back a run looks for months without an invoice.
pub const MONTHS_BACK: u32 = 12;

async fn invoice_month(
    db: &AnyPool,
    customer: CustomerId,
    zone: &str,
    plan: &str,
    month: &BillingMonth,
    now: i64,
) -> sqlx::Result<bool> {
    let input = InvoiceInput {
        charges: invoices::charges_in(db, customer, month).await?,
        numbers: invoices::numbers(db, customer, plan, month).await?,
        calls: invoices::calls_in(db, customer, month).await?,
        inclusive_minutes: usage::allowance(plan).inclusive_minutes,
    };
    let lines = match invoice_lines(month, zone, &input) {
        Ok(lines) => lines,
        Err(error) => {
            tracing::error!(customer = customer.get(), %error, "invoice not made");
            return Ok(false);
        }
    };
    if lines.is_empty() {
        return Ok(false);
    }
    let (bill_to, po_number) = invoices::bill_to(db, customer).await?;
    let invoice = NewInvoice {
        customer_id: customer,
        month,
        bill_to: &bill_to,
        po_number: &po_number,
        totals: invoice_totals(&lines),
        lines: &lines,
        inclusive_minutes: input.inclusive_minutes,
    };
    Ok(invoices::insert(db, &invoice, now).await?.is_some())
}

/// Settles the speech analytics trials that ended by `now`, each once (domain
/// `speech::trial`): one not cancelled becomes the add-on, charged from the trial's end at the
/// plan's price (nothing more when the add-on was bought during the trial); a cancelled one just
/// ends, uncharged. Returns how many converted.
pub async fn settle_speech_trials(db: &AnyPool, now: i64) -> sqlx::Result<usize> {
    let mut converted = 0;
    for trial in speech_trials::unsettled(db, now).await? {
        let price = prices::price(db, SPEECH_SCOPE, &trial.plan).await?;
        let customer = trial.customer_id;
        let mut tx = crate::db::begin_write(db).await?;
        charges::lock_customer(&mut tx, customer).await?;
        if !speech_trials::settle(&mut tx, trial.id, now).await? {
            continue; // another run settled it
        }
        if trial.trial().converts(now) {
            converted += 1;
            let bought = charges::add_scope(&mut tx, customer, SPEECH_SCOPE).await?;
            if let Some((price, pence)) = price.as_ref().and_then(|p| Some((p, p.price_pence?))).filter(|_| bought) {
                let charge = NewCharge {
                    customer_id: customer,
                    item: SPEECH_SCOPE,
                    description: &price.description,
                    user_id: None,
                    quantity: 1,
                    unit_price_pence: pence,
                    billing_frequency: &price.billing_frequency,
                    created_by: trial.started_by,
                };
                charges::start(&mut tx, &charge, trial.ends_at).await?;
            }
            tracing::info!(customer = customer.get(), "speech analytics trial converted");
        }
        tx.commit().await?;
    }
    Ok(converted)
}

/// Invoices every month due at `now` (after settling the ended speech analytics trials);
/// returns how many invoices it made.
pub async fn run(db: &AnyPool, now: i64) -> sqlx::Result<usize> {
    settle_speech_trials(db, now).await?;
    let mut made = 0;
    for (customer, zone, plan, since) in invoices::billable_customers(db).await? {
        let Ok(months) = months_to_invoice(now, &zone, since, MONTHS_BACK) else {
            tracing::error!(customer = customer.get(), zone, "unknown time zone: not invoiced");
            continue;
        };
        let done = invoices::invoiced_periods(db, customer).await?;
        for month in months.iter().filter(|m| !done.contains(&m.period.start)) {
            if invoice_month(db, customer, &zone, &plan, month, now).await? {
                made += 1;
            }
        }
    }
    Ok(made)
}

/// Runs the billing run every `INTERVAL` for as long as the server runs.
pub fn spawn(state: AppState) -> JoinHandle<()> {
    crate::jobs::every(INTERVAL, move || {
        let state = state.clone();
        async move {
            match run(&state.db, state.clock.now()).await {
                Ok(0) => {}
                Ok(count) => tracing::info!(count, "invoices made"),
                Err(error) => tracing::error!(%error, "billing run failed"),
            }
        }
    })
}
