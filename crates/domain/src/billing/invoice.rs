//! Invoices: the months a billing run invoices, what a month's invoice holds (from
//! the customer's stored charges, numbers and calls), its totals with VAT at 20% in whole pence,
//! its number and its file names.

use chrono::{DateTime, Datelike};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::format::format_money;
use crate::purchase::usage::{month_label, period, shift, Period};
use crate::time::parse_zone;

/// VAT on every invoice line (UK standard rate).
pub const VAT_PERCENT: i64 = 20;

/// A calendar month in the account's time zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BillingMonth {
    pub year: i32,
    pub month: u32,
    pub period: Period,
}

impl BillingMonth {
    fn index(&self) -> i64 {
        i64::from(self.year) * 12 + i64::from(self.month) - 1
    }
}

fn zone_of(time_zone: &str) -> Result<Tz, String> {
    parse_zone(time_zone)
}

/// (year, month) at an instant in a zone.
fn month_at(instant: i64, zone: &Tz) -> Result<(i32, u32), String> {
    let local = DateTime::from_timestamp(instant, 0).ok_or("The time is out of range.")?.with_timezone(zone);
    Ok((local.year(), local.month()))
}

fn billing_month(zone: &Tz, (year, month): (i32, u32)) -> BillingMonth {
    BillingMonth { year, month, period: period(zone, (year, month), 1, month_label((year, month))) }
}

/// The calendar months a period of the plan and usage page covers (a month or a quarter), in
/// the account's zone; the last one may not be over yet.
pub fn months_of(period: &Period, time_zone: &str) -> Result<Vec<BillingMonth>, String> {
    let zone = zone_of(time_zone)?;
    let mut months = Vec::new();
    let mut month = billing_month(&zone, month_at(period.start, &zone)?);
    while month.period.start < period.end && months.len() < 12 {
        let next = billing_month(&zone, shift(month.year, month.month, 1));
        months.push(month);
        month = next;
    }
    Ok(months)
}

/// The billing month an instant falls in, in the account's zone.
pub fn month_containing(instant: i64, time_zone: &str) -> Result<BillingMonth, String> {
    let zone = zone_of(time_zone)?;
    Ok(billing_month(&zone, month_at(instant, &zone)?))
}

/// The complete months before `now` that a billing run invoices, oldest first: at most `count`
/// (the most recent ones), and none that ended before `since` (when the customer's first charge
/// started).
pub fn months_to_invoice(now: i64, time_zone: &str, since: i64, count: u32) -> Result<Vec<BillingMonth>, String> {
    let zone = zone_of(time_zone)?;
    let current = month_at(now, &zone)?;
    let months = (1..=count as i32)
        .rev()
        .map(|back| billing_month(&zone, shift(current.0, current.1, -back)))
        .filter(|month| month.period.end > since)
        .collect();
    Ok(months)
}

/// A charge that runs until ended (the plan, an add-on, an outbound user).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecurringCharge {
    pub description: String,
    pub quantity: i64,
    pub unit_price_pence: i64,
    /// Months between charges ('1', '3', '12'); anything else ('per_IVR') is monthly.
    pub billing_frequency: String,
    pub started_at: i64,
    pub ended_at: Option<i64>,
}

/// Numbers of one kind held, against what the plan includes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NumberCharge {
    pub description: String,
    pub count: i64,
    pub included: i64,
    pub unit_price_pence: i64,
}

/// The month's calls at one usage rate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallUsage {
    pub inbound: bool,
    pub description: String,
    pub minutes: i64,
    pub cost_tenth_pence: i64,
}

/// Everything a month's invoice is made from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceInput {
    pub charges: Vec<RecurringCharge>,
    pub numbers: Vec<NumberCharge>,
    pub calls: Vec<CallUsage>,
    /// Inbound minutes the plan includes each month.
    pub inclusive_minutes: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceLine {
    pub description: String,
    pub quantity: i64,
    /// Tenths of a penny, so that call rates such as 1.5p a minute are exact.
    pub unit_price_tenth_pence: i64,
    pub amount_pence: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceTotals {
    pub net_pence: i64,
    pub vat_pence: i64,
    pub gross_pence: i64,
}

/// `numerator / denominator` rounded half away from zero (denominator above 0).
fn rounded_div(numerator: i128, denominator: i128) -> i64 {
    let half = denominator / 2;
    let rounded = if numerator >= 0 { (numerator + half) / denominator } else { (numerator - half) / denominator };
    rounded.clamp(i64::MIN.into(), i64::MAX.into()) as i64
}

/// VAT on a net amount, rounded to the nearest penny (half a penny up).
pub fn vat_pence(net_pence: i64) -> i64 {
    rounded_div(i128::from(net_pence) * i128::from(VAT_PERCENT), 100)
}

pub fn invoice_totals(lines: &[InvoiceLine]) -> InvoiceTotals {
    let net_pence = lines.iter().map(|line| line.amount_pence).sum();
    let vat_pence = vat_pence(net_pence);
    InvoiceTotals { net_pence, vat_pence, gross_pence: net_pence + vat_pence }
}

/// The recurring charges' lines: a monthly charge pro rata for the part of the month it ran; a
/// charge every N months in full in the month it started and every N months after.
fn charge_lines(month: &BillingMonth, zone: &Tz, charges: &[RecurringCharge]) -> Result<Vec<InvoiceLine>, String> {
    let Period { start, end, .. } = month.period;
    let mut lines = Vec::new();
    for charge in charges {
        let (from, to) = (charge.started_at.max(start), charge.ended_at.unwrap_or(end).min(end));
        if from >= to || charge.quantity <= 0 || charge.unit_price_pence <= 0 {
            continue;
        }
        let full = i128::from(charge.quantity) * i128::from(charge.unit_price_pence);
        let every = charge.billing_frequency.trim().parse::<i64>().unwrap_or(1).max(1);
        let (amount, description) = if every == 1 {
            let part = (to - from) < (end - start);
            let amount = rounded_div(full * i128::from(to - from), i128::from(end - start));
            (amount, if part { format!("{} (part month)", charge.description) } else { charge.description.clone() })
        } else {
            let (year, month_number) = month_at(charge.started_at, zone)?;
            let started = i64::from(year) * 12 + i64::from(month_number) - 1;
            if (month.index() - started).rem_euclid(every) != 0 {
                continue;
            }
            (full as i64, format!("{} ({every} months)", charge.description))
        };
        lines.push(InvoiceLine {
            description,
            quantity: charge.quantity,
            unit_price_tenth_pence: charge.unit_price_pence * 10,
            amount_pence: amount,
        });
    }
    Ok(lines)
}

/// The numbers of one kind above the plan's allowance, each charged its unit price a month: the
/// one rule the invoice's number lines and the pricing breakdown share. None when the plan
/// includes them all (or they cost nothing).
pub fn numbers_above_allowance(numbers: &NumberCharge) -> Option<InvoiceLine> {
    let included = numbers.included.max(0);
    let extra = numbers.count - included;
    if extra <= 0 || numbers.unit_price_pence <= 0 {
        return None;
    }
    Some(InvoiceLine {
        description: format!("{} above the {included} included", numbers.description),
        quantity: extra,
        unit_price_tenth_pence: numbers.unit_price_pence.saturating_mul(10),
        amount_pence: extra.saturating_mul(numbers.unit_price_pence),
    })
}

fn number_lines(numbers: &[NumberCharge]) -> impl Iterator<Item = InvoiceLine> + '_ {
    numbers.iter().filter_map(numbers_above_allowance)
}

/// A month's call charges after the plan's inclusive minutes, in pence: the one rule the
/// invoice's call lines, the plan and usage page and the pricing breakdown share. The inclusive
/// minutes cover inbound minutes only, the cheapest rate's first; the rest cost what the calls
/// cost, each rate's amount rounded to the nearest penny.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MonthCallCharges {
    pub inbound_pence: i64,
    pub outbound_pence: i64,
    /// Inbound minutes the inclusive minutes covered.
    pub inclusive_used: i64,
}

/// Each rate's calls with its invoice line, in the order given.
fn charged_calls(calls: &[CallUsage], inclusive_minutes: i64) -> Vec<(&CallUsage, InvoiceLine, i64)> {
    let per_minute = |usage: &CallUsage| rounded_div(usage.cost_tenth_pence.into(), usage.minutes.max(1).into());
    let mut order: Vec<(usize, &CallUsage)> = calls.iter().enumerate().filter(|(_, usage)| usage.minutes > 0).collect();
    order.sort_by_key(|(_, usage)| (!usage.inbound, per_minute(usage)));
    let mut left = inclusive_minutes.max(0);
    let mut lines: Vec<(usize, &CallUsage, InvoiceLine, i64)> = order
        .into_iter()
        .map(|(position, usage)| {
            let covered = if usage.inbound { usage.minutes.min(left) } else { 0 };
            left -= covered;
            let charged = usage.minutes - covered;
            let description = if covered > 0 {
                format!("{}: {} min, {covered} inclusive", usage.description, usage.minutes)
            } else {
                format!("{}: {} min", usage.description, usage.minutes)
            };
            let cost = i128::from(usage.cost_tenth_pence) * i128::from(charged);
            let amount_pence = rounded_div(cost, i128::from(usage.minutes) * 10);
            let line =
                InvoiceLine { description, quantity: charged, unit_price_tenth_pence: per_minute(usage), amount_pence };
            (position, usage, line, covered)
        })
        .collect();
    // Listed in the order given, whichever rate the inclusive minutes went to first.
    lines.sort_by_key(|(position, ..)| *position);
    lines.into_iter().map(|(_, usage, line, covered)| (usage, line, covered)).collect()
}

/// The inclusive minutes a month's call charges are worked out with: those its invoice was made
/// with once it is invoiced (a change of plan afterwards never re-prices a month already
/// invoiced), else the plan's of today.
pub fn month_inclusive_minutes(invoiced: Option<i64>, plan_now: i64) -> i64 {
    invoiced.unwrap_or(plan_now)
}

/// The month's call charges of `calls` (one entry per direction and rate) after
/// `inclusive_minutes`.
pub fn month_call_charges(calls: &[CallUsage], inclusive_minutes: i64) -> MonthCallCharges {
    let mut charges = MonthCallCharges::default();
    for (usage, line, covered) in charged_calls(calls, inclusive_minutes) {
        if usage.inbound {
            charges.inbound_pence += line.amount_pence;
        } else {
            charges.outbound_pence += line.amount_pence;
        }
        charges.inclusive_used += covered;
    }
    charges
}

/// The calls' lines, one per usage rate, charged as `month_call_charges` says.
fn call_lines(calls: &[CallUsage], inclusive_minutes: i64) -> Vec<InvoiceLine> {
    charged_calls(calls, inclusive_minutes).into_iter().map(|(_, line, _)| line).collect()
}

/// A month's invoice lines: recurring charges, numbers above the plan's, then calls.
pub fn invoice_lines(month: &BillingMonth, time_zone: &str, input: &InvoiceInput) -> Result<Vec<InvoiceLine>, String> {
    let zone = zone_of(time_zone)?;
    let mut lines = charge_lines(month, &zone, &input.charges)?;
    lines.extend(number_lines(&input.numbers));
    lines.extend(call_lines(&input.calls, input.inclusive_minutes));
    Ok(lines)
}

/// The calendar date of an instant in the account's zone, written as dates are stored
/// (YYYY-MM-DD): an invoice is dated the first day after its month.
pub fn local_date(instant: i64, time_zone: &str) -> Result<String, String> {
    let zone = zone_of(time_zone)?;
    let local = DateTime::from_timestamp(instant, 0).ok_or("The time is out of range.")?.with_timezone(&zone);
    Ok(format!("{:04}-{:02}-{:02}", local.year(), local.month(), local.day()))
}

/// The number an invoice is known by.
pub fn invoice_number(id: i64) -> String {
    format!("INV-{id:06}")
}

/// '£1,234.56' for an amount in pence.
pub fn pounds_text(pence: i64) -> String {
    let text = format_money(pence.unsigned_abs() as f64 / 100.0);
    if pence < 0 {
        format!("-£{text}")
    } else {
        format!("£{text}")
    }
}

/// A unit price in tenths of a penny: '£5.00', or '£0.015' when it has a tenth of a penny.
pub fn unit_price_text(tenth_pence: i64) -> String {
    if tenth_pence % 10 == 0 {
        return pounds_text(tenth_pence / 10);
    }
    let sign = if tenth_pence < 0 { "-" } else { "" };
    let abs = tenth_pence.unsigned_abs();
    format!("{sign}£{}.{:03}", abs / 1000, abs % 1000)
}

#[cfg(test)]
#[path = "invoice_tests.rs"]
mod tests;
