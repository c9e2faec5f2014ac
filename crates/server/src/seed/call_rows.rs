//! The rows the demo's calls are made from and into: one customer's tracked numbers, routing and
//! sources, and the visits and calls made for it. Shared by `calls` and the modules that add to
//! its calls (scores, tags, recordings, visitors).

use crate::store::CustomerId;
use std::collections::HashMap;

use domain::reports::CallOutcome;
use domain::routing::history::RoutingSnapshot;
use domain::sources::Ruleset;

/// A tracked number or pool of the customer.
#[derive(Debug, Clone)]
pub(super) struct Entry {
    pub id: i64,
    pub dynamic: bool,
    pub number: String,
    pub recording: bool,
    /// A pool's numbers (national digits).
    pub pool_numbers: Vec<String>,
}

/// Everything of one customer the calls are made from.
pub(super) struct Customer {
    pub id: CustomerId,
    pub time_zone: String,
    pub website: String,
    pub entries: Vec<Entry>,
    pub agents: Vec<i64>,
    /// (id, source, medium)
    pub sources: Vec<(i64, String, String)>,
    /// The rules the visits are classified by (domain `sources::classify`, as the server does).
    pub rules: Ruleset,
    pub snapshot: RoutingSnapshot,
    /// Destination plan id → the destination numbers' descriptions, in ringing order.
    pub plan_members: HashMap<i64, Vec<String>>,
    /// Destination plan id → its queue's description.
    pub plan_queues: HashMap<i64, String>,
    pub categories: HashMap<i64, String>,
    pub report_groups: HashMap<i64, String>,
    /// The URL parameters the account captures (its landing URLs carry them).
    pub parameters: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub(super) struct Visit {
    pub id: i64,
    pub entry_id: i64,
    pub number_shown: String,
    pub source_medium_id: Option<i64>,
    pub landing_page: String,
    pub referrer: String,
    pub keyword: String,
    pub click_id: String,
    pub started_at: i64,
    /// The id the tracking script keeps in the visitor's browser (`seed::visitors`).
    pub visitor_id: String,
}

#[derive(Debug, Clone, Default)]
pub(super) struct Call {
    pub id: i64,
    pub customer_id: i64,
    pub entry_id: Option<i64>,
    pub user_id: Option<i64>,
    pub inbound: bool,
    pub rate_item: &'static str,
    pub started_at: i64,
    pub duration: i64,
    pub recorded: bool,
    /// The IVR keys the caller pressed, in order ('' for none).
    pub keys: String,
    pub caller: String,
    pub tracked_number: String,
    pub visit_id: Option<i64>,
    pub source_medium_id: Option<i64>,
    pub route_path: String,
    pub queue: String,
    pub destination: String,
    pub ring_seconds: i64,
    pub talk_seconds: i64,
    pub outcome: Option<CallOutcome>,
    pub first_time: bool,
    pub category: String,
    pub report_group: String,
    pub tags: String,
    pub callback_of: Option<i64>,
    /// What it is credited to (`seed::call_credits`).
    pub credit: domain::reports::Credit,
}

/// "($1, $2), ($3, $4)" for `rows` rows of `columns`.
pub(super) fn placeholders(rows: usize, columns: usize) -> String {
    (0..rows)
        .map(|r| {
            let cells: Vec<String> = (1..=columns).map(|c| format!("${}", r * columns + c)).collect();
            format!("({})", cells.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}
