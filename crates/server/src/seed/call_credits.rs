//! The demo's calls credited as real calls are (`store::call_credit`, domain
//! `reports::credit`): a static number's to its own pair and campaign, a pool call's to its
//! visit's source and campaign, a call-back's to its missed call's. Each number and campaign is
//! looked up once.

use std::collections::HashMap;

use domain::reports::{credit_of, visit_campaign, Credit};
use sqlx::{Any, Transaction};

use super::call_rows::{Call, Visit};
use crate::store::{call_credit, CustomerId};

/// Sets each inbound call's own source and its credit, in time order (a call-back after its
/// missed call).
pub(super) async fn credit(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    calls: &mut [Call],
    visits: &[Visit],
    now: i64,
) -> sqlx::Result<()> {
    let visits: HashMap<i64, &Visit> = visits.iter().map(|v| (v.id, v)).collect();
    let mut statics: HashMap<i64, Credit> = HashMap::new();
    let mut campaigns: HashMap<String, Credit> = HashMap::new();
    let mut credited: HashMap<i64, Credit> = HashMap::new();
    for call in calls.iter_mut().filter(|c| c.inbound) {
        let own = match (call.visit_id.and_then(|id| visits.get(&id)), call.entry_id) {
            (Some(visit), _) => {
                let campaign = match visit_campaign(&visit.landing_page) {
                    Some(name) => match campaigns.get(&name.to_lowercase()) {
                        Some(known) => known.campaign_id,
                        None => {
                            let made = call_credit::visit(tx, customer, None, &visit.landing_page, now).await?;
                            campaigns.insert(name.to_lowercase(), made);
                            made.campaign_id
                        }
                    },
                    None => None,
                };
                Credit { source_medium_id: visit.source_medium_id, campaign_id: campaign }
            }
            (None, Some(entry)) => match statics.get(&entry) {
                Some(known) => *known,
                None => {
                    let made = call_credit::static_number(tx, customer, entry).await?;
                    statics.insert(entry, made);
                    made
                }
            },
            (None, None) => Credit::default(),
        };
        call.source_medium_id = own.source_medium_id;
        call.credit = credit_of(own, call.callback_of.and_then(|first| credited.get(&first).copied()));
        credited.insert(call.id, call.credit);
    }
    Ok(())
}
