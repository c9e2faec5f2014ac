//! A real call's record: found and opened when the engine brings it (whose number, the routing
//! it meets, the visit it is credited to), and completed from the live session when it ends,
//! through the same domain rules as every other call (outcome, cost, first-time caller, menu
//! credits).

use domain::purchase::usage::{billable_minutes, call_cost, inbound_rate_item, outbound_rate_item};
use std::collections::HashSet;

use domain::reports::{first_time_calls, stored_number, CallerCall};
use domain::routing::history::{EntryRoute, RecordKey, RecordKind, RoutingRecord};
use domain::routing::ivr::menu_credits;
use domain::routing::live::{AgentAttribution, CallFacts, LegResult, LiveEntry, SessionRecord};
use domain::tracking::continues_visit;
use sqlx::{AnyConnection, AnyPool};

use crate::store::live_calls::{self, Arrival, Ending};
use crate::store::{routing_entries, routing_extras, routing_history, CustomerId};

/// A call the server has taken: its row, and what its session starts from.
#[derive(Debug, Clone)]
pub struct Opened {
    pub call_id: i64,
    pub customer: CustomerId,
    pub tracked_number: String,
    pub caller: String,
    pub facts: CallFacts,
    pub kind: CallKind,
    /// A browser call's token: where the call has been is noted under it for the phone's page.
    pub token: Option<String>,
}

impl Opened {
    /// The number an agent's call out rings (its row keeps it as the caller's number).
    fn caller_number_rung(&self) -> String {
        stored_number(self.facts.entry.route.as_ref().map_or("", |route| match route {
            EntryRoute::Number { destination } => destination.as_str(),
            EntryRoute::ServicePlan { .. } => "",
        }))
    }
}

/// Whose call it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallKind {
    /// A caller's, through the carrier.
    Caller,
    /// A test call from a browser phone: charged nothing.
    Test,
    /// An agent's call out from a browser phone: charged as one.
    Out,
}

/// The call to `dialled` from `caller`, arriving at `now_millis` on the engine's `channel`:
/// its row is written (once per channel) and its routing read. None when no customer tracks
/// the number: nothing is written.
pub async fn open(
    db: &AnyPool,
    channel: &str,
    dialled: &str,
    caller: &str,
    now_millis: i64,
) -> sqlx::Result<Option<Opened>> {
    let number = stored_number(dialled);
    if number.is_empty() {
        return Ok(None);
    }
    let Some(tracked) = live_calls::tracked(db, &number).await? else { return Ok(None) };
    let customer = tracked.customer_id;
    let facts = facts(&mut *db.acquire().await?, customer, tracked.entry_id, &tracked.time_zone, now_millis).await?;
    let Some(mut facts) = facts else { return Ok(None) };
    let now = now_millis / 1000;
    let holder = if tracked.kind == "dynamic" {
        live_calls::latest_holder(db, customer, tracked.entry_id, &number, now)
            .await?
            .filter(|visit| continues_visit(visit.last_seen_at, now))
    } else {
        None
    };
    let caller = stored_number(caller);
    let call_id = live_calls::open(
        db,
        &Arrival {
            customer,
            entry_id: tracked.entry_id,
            channel,
            rate_item: inbound_rate_item(&number, false, false),
            started_at: now,
            caller: &caller,
            tracked_number: &number,
            static_number: tracked.kind == "static",
            visit: holder.as_ref(),
            recorded: false,
        },
    )
    .await?;
    facts.call_id = call_id;
    facts.caller = caller.clone();
    Ok(Some(Opened { call_id, customer, tracked_number: number, caller, facts, kind: CallKind::Caller, token: None }))
}

/// The routing a call to `entry` meets now, as stored.
pub(super) async fn facts(
    conn: &mut AnyConnection,
    customer: CustomerId,
    entry: i64,
    time_zone: &str,
    now_millis: i64,
) -> sqlx::Result<Option<CallFacts>> {
    let Some(row) = routing_entries::find_in(&mut *conn, customer, entry).await? else { return Ok(None) };
    let route = match row.service_plan_id {
        Some(id) => Some(EntryRoute::ServicePlan { id }),
        None if !row.destination.is_empty() => Some(EntryRoute::Number { destination: row.destination.clone() }),
        None => None,
    };
    let snapshot = routing_history::snapshot(&mut *conn, customer).await?;
    let mut records = Vec::new();
    let mut wanted: Vec<(RecordKind, i64)> =
        snapshot.library.destination_plans.iter().map(|p| (RecordKind::DestinationPlan, p.id)).collect();
    wanted.extend(snapshot.library.voicemails.iter().map(|v| (RecordKind::Voicemail, v.id)));
    let mut i = 0;
    while i < wanted.len() {
        let (kind, id) = wanted[i];
        i += 1;
        let Some(record) = routing_history::load(&mut *conn, customer, RecordKey { kind, id }).await? else { continue };
        if let RoutingRecord::DestinationPlan { form, .. } = &record {
            let numbers = form.destinations.iter().map(|d| d.destination).chain([form.no_response_destination]);
            for number in numbers.filter(|n| *n > 0) {
                if !wanted.contains(&(RecordKind::DestinationNumber, number)) {
                    wanted.push((RecordKind::DestinationNumber, number));
                }
            }
            if form.queue > 0 && !wanted.contains(&(RecordKind::Queue, form.queue)) {
                wanted.push((RecordKind::Queue, form.queue));
            }
        }
        records.push(record);
    }
    let mut in_call_plans = Vec::new();
    for record in &records {
        if let RoutingRecord::DestinationPlan { form, .. } = record {
            if form.incall > 0 && !in_call_plans.iter().any(|(id, _)| *id == form.incall) {
                if let Some(plan) = routing_extras::find_in_call(&mut *conn, customer, form.incall).await? {
                    in_call_plans.push((plan.id, plan.form()));
                }
            }
        }
    }
    let agent = agent_attribution(&mut *conn, customer, row.attribution_id, row.attribution_dtmf_ivr_id).await?;
    Ok(Some(CallFacts {
        started_at_millis: now_millis,
        routed_as_at_millis: None,
        time_zone: time_zone.to_string(),
        entry: LiveEntry {
            id: entry,
            route,
            recording: row.call_recording,
            intro_audio: row.intro_audio_id,
            whisper_audio: row.whisper_audio_id,
            agent,
        },
        snapshot,
        records,
        queue_waiting: Vec::new(),
        in_call_plans,
        // Known once the call's row is written (`open`).
        call_id: 0,
        caller: String::new(),
    }))
}

/// The connection's post call attribution: its DTMF plan (`plan`), or its DTMF IVR (`ivr`)
/// with the plans its keys run; None for neither, or one no longer stored.
async fn agent_attribution(
    conn: &mut AnyConnection,
    customer: CustomerId,
    plan: i64,
    ivr: i64,
) -> sqlx::Result<Option<AgentAttribution>> {
    if plan > 0 {
        let found = routing_extras::find_dtmf_plan(&mut *conn, customer, plan).await?;
        return Ok(found.map(|p| AgentAttribution::Plan { plan: p.form() }));
    }
    if ivr <= 0 {
        return Ok(None);
    }
    let Some(stored) = routing_extras::find_dtmf_ivr(&mut *conn, customer, ivr).await? else { return Ok(None) };
    let keys = routing_extras::dtmf_ivr_keys(&mut *conn, customer, ivr).await?;
    let mut plans = Vec::new();
    for id in keys.iter().map(|k| k.dtmf_plan_id).filter(|id| *id > 0) {
        if !plans.iter().any(|(known, _)| *known == id) {
            if let Some(p) = routing_extras::find_dtmf_plan(&mut *conn, customer, id).await? {
                plans.push((id, p.form()));
            }
        }
    }
    Ok(Some(AgentAttribution::Ivr { ivr: stored.form(&keys), plans }))
}

/// Completes the call's row from its session's record; false when it was complete already.
pub async fn close(db: &AnyPool, call: &Opened, record: &SessionRecord) -> sqlx::Result<bool> {
    let duration = record.duration_seconds();
    let answered = record.tries.iter().find(|t| t.result == Some(LegResult::Answered));
    let to_mobile = answered.is_some_and(|t| stored_number(&t.number).starts_with("07"));
    let mobile_rate = live_calls::rate(db, "forwarded_mobile").await? > 0;
    let item = match call.kind {
        CallKind::Out => outbound_rate_item(&call.caller_number_rung()),
        CallKind::Caller | CallKind::Test => inbound_rate_item(&call.tracked_number, to_mobile, mobile_rate),
    };
    let rate = live_calls::rate(db, item).await?;
    let (category, report_group) = menu_credits(&record.steps, &call.facts.snapshot.library);
    let first_time = call.kind != CallKind::Out && first_time(db, call, record.started_millis / 1000).await?;
    // The category whoever answered keyed in after the call, else the menus' own.
    let agent_category = live_calls::group_name(db, "call_categories", call.customer, record.agent_category).await?;
    let category = if agent_category.is_empty() {
        live_calls::group_name(db, "call_categories", call.customer, category).await?
    } else {
        agent_category.clone()
    };
    let ending = Ending {
        duration_seconds: duration,
        minutes: billable_minutes(duration),
        cost_tenth_pence: if call.kind == CallKind::Test { 0 } else { call_cost(duration, rate) },
        recorded: record.recorded,
        keys: record.keys.clone(),
        route_path: record.path().map(|p| serde_json::to_string(&p).expect("a path serialises")).unwrap_or_default(),
        queue: record.queue.clone(),
        destination: record.answered_by.clone(),
        ring_seconds: record.ring_seconds(),
        talk_seconds: record.talk_seconds(),
        outcome: record.outcome().key(),
        first_time,
        category,
        report_group: live_calls::group_name(db, "report_groups", call.customer, report_group).await?,
        destinations_tried: if record.tries.is_empty() {
            String::new()
        } else {
            serde_json::to_string(&record.tries).expect("tries serialise")
        },
        ended_where: record.ended_at.clone(),
        end_reason: record.hang_up_reason.clone(),
        reference_sent: record.reference_sent.clone(),
        agent_reference: record.agent_reference.clone(),
        agent_category,
    };
    if live_calls::close(db, call.customer, call.call_id, &ending).await? && call.kind != CallKind::Out {
        // The automatic tags and the lead score, by the customer's rules, as any caller's call
        // gets them (an agent's call out is not a lead).
        let now = record.ended_millis.unwrap_or(record.started_millis) / 1000;
        crate::store::tags::apply_rules_to_call(db, call.customer, call.call_id, now).await?;
        crate::store::scoring::apply_lead_rules_to_call(db, call.customer, call.call_id).await?;
        return Ok(true);
    }
    Ok(false)
}

/// The call on `channel` ended, and no session of this process held it (the server restarted
/// while it went on): its row is completed as far as it was known.
pub async fn close_unheld(db: &AnyPool, channel: &str, now: i64) -> sqlx::Result<()> {
    let Some((id, customer, started_at, ring_seconds, outcome, rate_item)) =
        live_calls::in_progress_on(db, channel).await?
    else {
        return Ok(());
    };
    let duration = (now - started_at).max(0);
    let talk = if outcome == "answered" { (duration - ring_seconds).max(1) } else { 0 };
    let rate = live_calls::rate(db, &rate_item).await?;
    let end = (duration, billable_minutes(duration), call_cost(duration, rate), talk);
    live_calls::close_unheld(db, customer, id, end, RESTARTED).await?;
    Ok(())
}

/// Why a call's record ends where it does when the server restarted during it.
pub const RESTARTED: &str = "The server restarted during the call; the record is complete as far as it was known.";

/// Notes on the row that the call was put through.
pub async fn connected(db: &AnyPool, call: &Opened, record: &SessionRecord) -> sqlx::Result<()> {
    let ring_seconds = record.connected_millis.map_or(0, |at| (at - record.started_millis) / 1000);
    live_calls::mark_connected(db, call.customer, call.call_id, &record.answered_by, ring_seconds).await
}

/// Why a call's record ends where it does when no end was ever reported for it.
pub const NEVER_ENDED: &str = "No end was reported for this call; it was closed as far as it was known.";

/// Closes the calls still in progress longer than any call lasts (the housekeeping's part).
pub async fn close_stale(db: &AnyPool, now: i64) -> sqlx::Result<u64> {
    live_calls::close_stale(db, now - domain::routing::live::LONGEST_CALL_SECONDS, NEVER_ENDED).await
}

/// Whether the call is its caller's first, by the reports' own rule (`first_time_calls`: a
/// withheld number never is), given whether the caller called before.
async fn first_time(db: &AnyPool, call: &Opened, started_at: i64) -> sqlx::Result<bool> {
    let before = live_calls::called_before(db, call.customer, &call.caller, started_at).await?;
    let known: HashSet<String> = if before { HashSet::from([call.caller.clone()]) } else { HashSet::new() };
    let this = CallerCall { id: call.call_id, caller: call.caller.clone(), started_at, abandoned: false };
    Ok(first_time_calls(&[this], &known).contains(&call.call_id))
}
