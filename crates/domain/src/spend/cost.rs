//! What each call cost: cost per call, per first-time caller, per qualified lead and per sale,
//! and the return on spend (revenue from sales matched to calls over spend), for a source,
//! campaign or number over a period, against the period before. The server gives the figures;
//! this arithmetic runs in the browser through wasm and wherever the server words a cost.

use serde::{Deserialize, Serialize};

use crate::billing::invoice::pounds_text;
use crate::reports::compare;

/// What a figure has nothing to divide by: no spend, or no calls.
pub const NO_FIGURE: &str = "—";

/// One line's figures over a period: the spend on it, its calls as every screen counts them
/// (`reports::credit`), their first-time callers and qualified leads (talk time of 60 seconds or
/// more, `partners::lead_reports::is_qualified_lead`), and the sales matched to its calls.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CostFacts {
    pub spend_pence: i64,
    pub calls: i64,
    pub first_time: i64,
    pub qualified: i64,
    pub sales: i64,
    pub revenue_pence: i64,
}

/// A line as shown: money as "£12.40", a figure without spend or without its count as "—".
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CostLine {
    pub spend: String,
    pub calls: i64,
    pub cost_per_call: String,
    pub cost_per_first_time: String,
    pub cost_per_lead: String,
    pub cost_per_sale: String,
    pub revenue: String,
    /// Revenue over spend: "3.20×".
    pub return_on_spend: String,
}

/// Spend over a count, in whole pence rounded half up; None without spend or without the count.
pub fn cost_per(spend_pence: i64, count: i64) -> Option<i64> {
    (spend_pence > 0 && count > 0).then(|| spend_pence.saturating_add(count / 2) / count)
}

/// Revenue over spend in hundredths ("3.20×" is 320), rounded half up; None without spend.
pub fn return_hundredths(revenue_pence: i64, spend_pence: i64) -> Option<i64> {
    (spend_pence > 0).then(|| revenue_pence.max(0).saturating_mul(100).saturating_add(spend_pence / 2) / spend_pence)
}

fn money(pence: Option<i64>) -> String {
    pence.map_or_else(|| NO_FIGURE.to_string(), pounds_text)
}

/// A line of figures, worded.
pub fn cost_line(facts: &CostFacts) -> CostLine {
    let spend = facts.spend_pence;
    CostLine {
        spend: money((spend > 0).then_some(spend)),
        calls: facts.calls,
        cost_per_call: money(cost_per(spend, facts.calls)),
        cost_per_first_time: money(cost_per(spend, facts.first_time)),
        cost_per_lead: money(cost_per(spend, facts.qualified)),
        cost_per_sale: money(cost_per(spend, facts.sales)),
        revenue: pounds_text(facts.revenue_pence),
        return_on_spend: return_hundredths(facts.revenue_pence, spend)
            .map_or_else(|| NO_FIGURE.to_string(), |h| format!("{}.{:02}×", h / 100, h % 100)),
    }
}

/// A source's, campaign's or number's line this period and the period before, and how its
/// cost per call and return on spend changed ("−12% vs previous 30 days"; "—" when either
/// period has no figure).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CostRow {
    pub label: String,
    pub current: CostLine,
    pub previous: CostLine,
    pub cost_per_call_change: String,
    pub return_change: String,
}

/// The rows of (label, this period's figures, the period before's), compared in words after
/// `previous_label` ("vs previous 30 days").
pub fn cost_lines(rows: &[(String, CostFacts, CostFacts)], previous_label: &str) -> Vec<CostRow> {
    let change = |now: Option<i64>, before: Option<i64>| match (now, before) {
        (Some(now), Some(before)) => compare(now, before, previous_label).change,
        _ => NO_FIGURE.to_string(),
    };
    rows.iter()
        .map(|(label, now, before)| CostRow {
            label: label.clone(),
            current: cost_line(now),
            previous: cost_line(before),
            cost_per_call_change: change(
                cost_per(now.spend_pence, now.calls),
                cost_per(before.spend_pence, before.calls),
            ),
            return_change: change(
                return_hundredths(now.revenue_pence, now.spend_pence),
                return_hundredths(before.revenue_pence, before.spend_pence),
            ),
        })
        .collect()
}
