//! Calls from browser phones (docs/webrtc.md) as they arrive at the engine: the phone's channel
//! names its endpoint (`PJSIP/web-…-…`), and the extension it dialled is the one-time token the
//! API gave it: "t…" a test call of one of the account's numbers, routed at the moment it chose;
//! "o…" an agent's call out, rung through the same live session as a number connected straight
//! to that destination. A token that is unknown, another phone's, used or stale opens nothing.

use domain::purchase::usage::outbound_rate_item;
use domain::routing::history::EntryRoute;
use domain::routing::live::{dial_number, CallFacts, LiveEntry};
use sqlx::AnyPool;

use super::calls::{facts, CallKind, Opened};
use crate::store::browser_calls::{self, Pending};
use crate::store::live_calls;
use crate::store::routing_drafts;

/// The browser call on `channel` (named `channel_name`) to `dialled`, its row written.
pub async fn open(
    db: &AnyPool,
    channel: &str,
    channel_name: &str,
    dialled: &str,
    now_millis: i64,
) -> sqlx::Result<Option<Opened>> {
    let Some(phone) = phone_of_channel(channel_name) else { return Ok(None) };
    let Some(token) = dialled.get(1..) else { return Ok(None) };
    let Some(pending) = browser_calls::take(db, token, phone, now_millis / 1000).await? else { return Ok(None) };
    let opened = match (dialled.as_bytes()[0], pending.kind.as_str()) {
        (b't', browser_calls::TEST) => open_test(db, channel, &pending, now_millis).await?,
        (b'o', browser_calls::OUT) => open_out(db, channel, &pending, now_millis).await?,
        _ => None,
    };
    Ok(opened.map(|opened| Opened { token: Some(token.to_string()), ..opened }))
}

/// A test call: the account's number it asked for, routed at the moment it chose.
async fn open_test(db: &AnyPool, channel: &str, pending: &Pending, now_millis: i64) -> sqlx::Result<Option<Opened>> {
    let customer = pending.customer_id;
    let Some((number, zone)) = live_calls::entry_number(db, customer, pending.routing_entry_id).await? else {
        return Ok(None);
    };
    // A test of the open draft reads the routing with the draft laid over it, then forgets it.
    let mut tx = crate::db::begin_write(db).await?;
    if pending.use_draft {
        if let Some(draft) = routing_drafts::open_draft(&mut tx, customer).await? {
            let records = routing_drafts::records(&mut tx, draft.id).await?;
            let laid = crate::routing::draft::lay_over(now_millis / 1000, &mut tx, customer, &records).await;
            if let Err(error) = laid {
                tracing::warn!(customer = customer.get(), ?error, "a test call's draft could not be laid over");
            }
        }
    }
    let facts = facts(&mut tx, customer, pending.routing_entry_id, &zone, now_millis).await?;
    tx.rollback().await?;
    let Some(mut facts) = facts else { return Ok(None) };
    facts.routed_as_at_millis = pending.routed_as_at.map(|at| at * 1000);
    let call_id = live_calls::open_test(
        db,
        &live_calls::TestArrival {
            customer,
            entry_id: pending.routing_entry_id,
            user_id: pending.user_id,
            channel,
            started_at: now_millis / 1000,
            tracked_number: &number,
            note: &pending.test_note,
        },
    )
    .await?;
    facts.call_id = call_id;
    Ok(Some(Opened {
        call_id,
        customer,
        tracked_number: number,
        caller: String::new(),
        facts,
        kind: CallKind::Test,
        token: None,
    }))
}

/// An agent's call out: the destination rung from the verified caller id, recorded when the
/// account records its agents' calls.
async fn open_out(db: &AnyPool, channel: &str, pending: &Pending, now_millis: i64) -> sqlx::Result<Option<Opened>> {
    let customer = pending.customer_id;
    let (time_zone, recording) = live_calls::out_settings(db, customer).await?;
    let call_id = live_calls::open_out(
        db,
        &live_calls::OutArrival {
            customer,
            user_id: pending.user_id,
            channel,
            started_at: now_millis / 1000,
            destination: &pending.destination,
            caller_id: &pending.caller_id,
            rate_item: outbound_rate_item(&pending.destination),
            outbound_campaign_id: pending.outbound_campaign_id,
        },
    )
    .await?;
    let facts = CallFacts {
        started_at_millis: now_millis,
        call_id,
        caller: pending.caller_id.clone(),
        time_zone,
        entry: LiveEntry {
            route: Some(EntryRoute::Number { destination: dial_number("44", &pending.destination) }),
            recording,
            ..LiveEntry::default()
        },
        ..CallFacts::default()
    };
    Ok(Some(Opened {
        call_id,
        customer,
        tracked_number: pending.caller_id.clone(),
        caller: pending.caller_id.clone(),
        facts,
        kind: CallKind::Out,
        token: None,
    }))
}

/// The browser phone a channel belongs to: "PJSIP/web-abc-00000002" is phone "web-abc".
fn phone_of_channel(name: &str) -> Option<&str> {
    let endpoint = name.strip_prefix("PJSIP/")?;
    let (phone, _) = endpoint.rsplit_once('-')?;
    phone.starts_with(crate::telephony::phones::PHONE_ID_PREFIX).then_some(phone)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_channel_names_its_browser_phone() {
        assert_eq!(super::phone_of_channel("PJSIP/web-4f2a9c-00000002"), Some("web-4f2a9c"));
        assert_eq!(super::phone_of_channel("PJSIP/carrier-00000001"), None);
        assert_eq!(super::phone_of_channel("Local/web-x-1"), None);
    }
}
