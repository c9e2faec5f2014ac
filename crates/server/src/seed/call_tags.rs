//! The demo's call tags: a few tags with rules, stored for each customer, and the tags
//! of its demo calls decided by the domain's rules (`tags::automatic_tags`), as the server does
//! when a call is stored, so the call log's tags come from rules, never typed in.

use crate::store::CustomerId;
use std::collections::HashMap;

use domain::tags::{automatic_tags, TagFacts, TagRule};
use sqlx::{Any, Transaction};

use super::call_rows::{Call, Customer};
use crate::db::Flag;
use crate::store::tags as store;

/// A demo tag: its name, its colour and its rule's conditions (tag_id filled in when stored).
struct DemoTag {
    name: &'static str,
    colour: &'static str,
    rule: fn(&Customer) -> Option<TagRule>,
}

fn source_id(customer: &Customer, source: &str, medium: &str) -> Option<i64> {
    customer.sources.iter().find(|(_, s, m)| s == source && m == medium).map(|(id, _, _)| *id)
}

const DEMO_TAGS: &[DemoTag] = &[
    DemoTag {
        name: "Qualified lead",
        colour: "#2e7d32",
        rule: |_| Some(TagRule { min_duration_seconds: Some(120), ..TagRule::default() }),
    },
    DemoTag {
        name: "Paid search lead",
        colour: "#1565c0",
        rule: |c| {
            let id = source_id(c, "google", "cpc")?;
            Some(TagRule { source_medium_id: Some(id), min_duration_seconds: Some(60), ..TagRule::default() })
        },
    },
    DemoTag {
        name: "New caller",
        colour: "#6a1b9a",
        rule: |_| Some(TagRule { first_time: true, ..TagRule::default() }),
    },
];

/// The customer's demo tags and rules, stored; then each inbound call's tags by the rules: its
/// `tags` text set for the call log, and the links to store once the calls are (`insert_links`).
pub(super) async fn tag_calls(
    tx: &mut Transaction<'_, Any>,
    customer: &Customer,
    calls: &mut [Call],
    now: i64,
) -> sqlx::Result<Vec<(i64, Vec<i64>)>> {
    let mut rules = Vec::new();
    let mut names = HashMap::new();
    for demo in DEMO_TAGS {
        let Some(rule) = (demo.rule)(customer) else { continue };
        let tag = store::insert(tx, customer.id, demo.name, demo.colour, now).await?;
        let rule = TagRule { tag_id: tag, ..rule };
        store::insert_rule(tx, customer.id, &rule, now).await?;
        rules.push(rule);
        names.insert(tag, demo.name);
    }
    let mut links = Vec::new();
    for call in calls.iter_mut().filter(|c| c.inbound) {
        let facts = TagFacts {
            source_medium_id: call.credit.source_medium_id,
            campaign_id: call.credit.campaign_id,
            talk_seconds: call.talk_seconds,
            keys_pressed: call.keys.clone(),
            first_time: call.first_time,
            outcome: call.outcome,
        };
        let tags = automatic_tags(&facts, &rules);
        if tags.is_empty() {
            continue;
        }
        let mut text: Vec<&str> = tags.iter().map(|t| names[t]).collect();
        text.sort_by_key(|name| name.to_lowercase());
        call.tags = text.join(", ");
        links.push((call.id, tags));
    }
    Ok(links)
}

/// Stores the links `tag_calls` decided, by rule.
pub(super) async fn insert_links(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    links: &[(i64, Vec<i64>)],
    now: i64,
) -> sqlx::Result<()> {
    for (call, tags) in links {
        for tag in tags {
            sqlx::query(
                "INSERT INTO call_tag_links (call_id, tag_id, customer_id, by_rule, created_at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(*call)
            .bind(*tag)
            .bind(customer)
            .bind(Flag(true))
            .bind(now)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}
