//! The demo's calls: a year of calls for every customer with tracked numbers,
//! with a daily and weekly rhythm, from a fixed seed per customer (the same demo gives the same
//! calls). Each inbound call is sent through the domain's call path (`follow_call`: the service
//! plan row at that instant in the account's zone, then the keys pressed) to decide where it went,
//! and its outcome is the domain's `call_outcome`; first-time callers and call-backs are the
//! domain's too. So the reports, the routing screens and the invoices agree.
//!
//! Run after the rest of the demo is committed (the routing is read back as the routing
//! history's snapshot), before the billing run that invoices the calls.

use crate::store::CustomerId;
use std::collections::{HashMap, HashSet};

use domain::purchase::usage::{billable_minutes, call_cost, inbound_rate_item};
use domain::reports::{
    call_outcome, first_time_calls, is_abandoned, link_callbacks, CallFacts, CallOutcome, CallerCall,
};
use domain::routing::history::EntryRoute;
use domain::routing::ivr::{follow_call, menu_credits, CallEnd, CallPath, CallStep};
use domain::sources::{classify, MatchOp, RuleField, Ruleset, VisitFacts};
use sqlx::{Any, AnyPool, Transaction};

pub(super) use super::call_rows::{placeholders, Call, Customer, Entry, Visit};
use super::recordings;
use crate::db::{Backend, Flag};
use crate::store::routing_history;

pub const DAYS: i64 = 365;
const DAY: i64 = 24 * 60 * 60;
/// Rows per INSERT: a handful of statements instead of thousands of round trips.
const BATCH: usize = 80;

/// A small deterministic generator (xorshift64*).
pub(super) struct Dice(pub u64);

impl Dice {
    pub fn roll(&mut self, below: i64) -> i64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as i64 % below.max(1)
    }

    fn pick<'a, T>(&mut self, list: &'a [T]) -> &'a T {
        &list[self.roll(list.len() as i64) as usize]
    }
}

/// Ofcom's numbers reserved for drama: a caller's number is one of these plus three digits.
const CALLER_RANGES: [&str; 10] = [
    "07700900", "01134960", "01174960", "01214960", "01614960", "02079460", "01632960", "02920180", "01414960",
    "01314960",
];
/// Callers who ring again and again: this many per customer.
const REGULARS: i64 = 40;

/// The sources a customer without any of its own is given: (source, medium).
const DEFAULT_SOURCES: [(&str, &str); 6] = [
    ("google", "cpc"),
    ("google", "organic"),
    ("(direct)", "(none)"),
    ("bing", "cpc"),
    ("facebook", "social"),
    ("yell.com", "referral"),
];
const KEYWORDS: [&str; 6] = ["emergency appointment", "near me", "prices", "reviews", "open today", "book online"];

/// The keys an inbound demo call pressed: none for a quarter of them, else 1, 2 or 3, from the
/// call's own time and length.
fn keys_of(started_at: i64, duration: i64) -> &'static str {
    ["", "1", "2", "3"][(started_at + duration).rem_euclid(4) as usize]
}

fn caller(dice: &mut Dice, regulars: &[String]) -> String {
    match dice.roll(100) {
        0..=3 => String::new(),
        4..=39 => dice.pick(regulars).clone(),
        _ => format!("{}{:03}", dice.pick(&CALLER_RANGES), dice.roll(1000)),
    }
}

/// The number an agent's outbound call rang, a mobile or a landline as its rate says. Made
/// from the call's own time, not the dice, so that adding it left every other demo figure as it was.
fn number_called(mobile: bool, seed: i64) -> String {
    let range = if mobile { CALLER_RANGES[0] } else { CALLER_RANGES[1 + seed.rem_euclid(9) as usize] };
    format!("{range}{:03}", seed.rem_euclid(997))
}

/// A medium's share of the website's callers.
fn weight(medium: &str) -> i64 {
    match medium {
        "cpc" => 30,
        "organic" => 25,
        "(none)" => 15,
        _ => 10,
    }
}

fn random_token(dice: &mut Dice, alphabet: &[u8], len: usize) -> String {
    (0..len).map(|_| alphabet[dice.roll(alphabet.len() as i64) as usize] as char).collect()
}

const CAMPAIGNS: [&str; 3] = ["spring_offer", "new_patients", "brand"];

/// The visit that showed a pool number, a few minutes before the call: a landing page and a
/// referrer as the marketing makes them (click ids and UTM tags on paid clicks, the parameters the
/// account captures), credited to the source / medium the customer's rules give it (domain
/// `sources::classify`, as for a real visit).
pub(super) fn visit(dice: &mut Dice, customer: &Customer, entry: &Entry, id: i64, call_at: i64) -> Visit {
    let total: i64 = customer.sources.iter().map(|s| weight(&s.2)).sum();
    let mut at = dice.roll(total.max(1));
    let source = customer.sources.iter().find(|s| {
        at -= weight(&s.2);
        at < 0
    });
    let (name, medium) = source.map_or(("", ""), |(_, s, m)| (s.as_str(), m.as_str()));
    let page = match medium {
        "cpc" => *dice.pick(&["/offers", "/book-online", "/prices"]),
        "social" => "/offers/new-customers",
        "email" => "/newsletter",
        _ => *dice.pick(&["/", "/services", "/contact-us", "/about"]),
    };
    let alnum = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let click_id = match (name, medium) {
        ("google", "cpc") => format!("gclid=Cj0KCQ{}", random_token(dice, alnum, 24)),
        ("bing", "cpc") => format!("msclkid={}", random_token(dice, b"0123456789abcdef", 32)),
        ("facebook" | "instagram", _) => format!("fbclid=IwAR{}", random_token(dice, alnum, 24)),
        _ => String::new(),
    };
    // Choices from the visit's id, not the dice: the calls' sequence stays as it was.
    let campaign = CAMPAIGNS[id.rem_euclid(CAMPAIGNS.len() as i64) as usize];
    let tags = match medium {
        "cpc" if name != "google" || id % 4 == 0 => format!("utm_source={name}&utm_medium=cpc&utm_campaign={campaign}"),
        "email" => format!("utm_source={name}&utm_medium=email&utm_campaign=monthly"),
        _ => String::new(),
    };
    let query: Vec<&str> = [tags.as_str(), click_id.as_str()].into_iter().filter(|q| !q.is_empty()).collect();
    let query = if query.is_empty() { String::new() } else { format!("?{}", query.join("&")) };
    let referrer = match (name, medium) {
        ("(direct)", _) | (_, "email") => String::new(),
        ("google", "organic") => "https://www.google.co.uk/".to_string(),
        ("google" | "bing", _) => format!("https://www.{name}.com/"),
        ("facebook", _) => "https://m.facebook.com/".to_string(),
        ("instagram", _) => "https://l.instagram.com/".to_string(),
        _ => format!("https://{name}/"),
    };
    // Drawn in the order the visit always drew them: the calls' sequence stays as it was.
    let number_shown = dice.pick(&entry.pool_numbers).clone();
    let keyword = if medium == "cpc" { dice.pick(&KEYWORDS).to_string() } else { String::new() };
    let started_at = call_at - 60 - dice.roll(20 * 60);
    let captured = super::landing_urls::landing_query(&customer.parameters, &keyword, medium, started_at);
    let query = match captured.strip_prefix('?') {
        Some(more) if !query.is_empty() => format!("{query}&{more}"),
        _ if query.is_empty() => captured,
        _ => query,
    };
    let landing_page = format!("{}{page}{query}", customer.website);
    let facts = VisitFacts { landing_url: landing_page.clone(), referrer: referrer.clone(), ..Default::default() };
    let classified = classify(&facts, &customer.rules);
    Visit {
        id,
        entry_id: entry.id,
        number_shown,
        source_medium_id: Some(classified.source_medium_id).filter(|id| *id > 0),
        landing_page,
        referrer,
        keyword,
        click_id,
        started_at,
        visitor_id: String::new(),
    }
}

/// The rules the demo gives a pair, by what it is: paid search by its click id and UTM tags,
/// organic search and social by the referrer, e-mail by its UTM medium, a referral by its host.
fn rules_for(source: &str, medium: &str) -> Vec<(RuleField, &'static str)> {
    let host_rule = |host: &'static str| (RuleField::ReferrerHost, host);
    match (source, medium) {
        ("google", "cpc") => vec![(RuleField::ClickId, "gclid"), (RuleField::UtmSource, "google")],
        ("bing", "cpc") => vec![(RuleField::ClickId, "msclkid"), (RuleField::UtmSource, "bing")],
        ("google", "organic") => vec![(RuleField::ReferrerGroup, "search")],
        ("bing", "organic") => vec![host_rule("bing.com")],
        ("facebook", "social") => vec![host_rule("facebook.com"), (RuleField::ReferrerGroup, "social")],
        ("instagram", "social") => vec![host_rule("instagram.com")],
        (_, "email") => vec![(RuleField::UtmMedium, "email")],
        _ => vec![],
    }
}

/// Gives a customer without rules the demo's, then reads its ruleset (the default 'direct /
/// none' made if missing) into `customer.rules`.
pub(super) async fn ensure_rules(tx: &mut Transaction<'_, Any>, customer: &mut Customer, now: i64) -> sqlx::Result<()> {
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM source_rules WHERE customer_id = $1")
        .bind(customer.id)
        .fetch_one(&mut **tx)
        .await?;
    if stored == 0 {
        for (id, source, medium) in customer.sources.clone() {
            for (field, value) in rules_for(&source, &medium) {
                crate::store::sources::insert_rule(tx, customer.id, id, (field, MatchOp::Equals, value), now).await?;
            }
            // A referral's own host ("nhs.uk / referral").
            if medium == "referral" && source.contains('.') {
                let host = source.to_lowercase();
                crate::store::sources::insert_rule(
                    tx,
                    customer.id,
                    id,
                    (RuleField::ReferrerHost, MatchOp::Equals, &host),
                    now,
                )
                .await?;
            }
        }
    }
    customer.rules = crate::store::sources::ruleset(tx, customer.id).await?;
    Ok(())
}

/// Where the call went (the domain's call path), and what became of it.
fn route(dice: &mut Dice, customer: &Customer, call: &mut Call) {
    let entry = customer.snapshot.entries.iter().find(|e| Some(e.id) == call.entry_id);
    let presses: Vec<String> = call.keys.chars().map(String::from).collect();
    let path: Option<CallPath> = match entry.map(|e| &e.route) {
        Some(EntryRoute::ServicePlan { id }) => {
            customer.snapshot.service_plans.iter().find(|p| p.id == *id).and_then(|plan| {
                follow_call(
                    &plan.form.rows,
                    &plan.form.exceptions,
                    &customer.time_zone,
                    call.started_at * 1000,
                    &customer.snapshot.library,
                    &presses,
                )
                .ok()
                .map(|path| path.named(&plan.form.description))
            })
        }
        _ => None,
    };
    let mut members = Vec::new();
    let mut facts = CallFacts::default();
    match (&path, entry.map(|e| &e.route)) {
        (Some(path), _) => {
            let (category, report_group) = menu_credits(&path.steps, &customer.snapshot.library);
            call.category = customer.categories.get(&category).cloned().unwrap_or_default();
            call.report_group = customer.report_groups.get(&report_group).cloned().unwrap_or_default();
            match &path.end {
                CallEnd::DestinationPlan { id, .. } => {
                    members = customer.plan_members.get(id).cloned().unwrap_or_default();
                    call.queue = customer.plan_queues.get(id).cloned().unwrap_or_default();
                }
                CallEnd::Voicemail { description, .. } => {
                    facts.reached_voicemail = true;
                    call.destination = description.clone();
                }
                CallEnd::HangUp { .. } => {
                    facts.ended_in_ivr = path.steps.iter().any(|s| matches!(s, CallStep::Menu { .. }));
                }
            }
            call.route_path = serde_json::to_string(path).expect("a call path serialises");
        }
        (None, Some(EntryRoute::Number { destination })) => members = vec![domain::reports::format_uk(destination)],
        (None, _) => {}
    }
    if !members.is_empty() {
        let roll = dice.roll(100);
        call.ring_seconds = (3 + dice.roll(20)).min(call.duration - 1).max(0);
        if roll < 72 {
            facts.talk_seconds = (call.duration - call.ring_seconds).max(1);
            call.destination = dice.pick(&members).clone();
        } else {
            // Not answered: a busy line ends at once, otherwise the caller gives up after
            // ringing for under a minute. The call is that long: ringing is never talk time.
            facts.busy = roll < 77;
            // (From the call's drawn length, not a new draw: the demo's later calls stay as
            // they were.)
            call.ring_seconds = if facts.busy { call.duration % 3 } else { 10 + call.duration % 50 };
            call.duration = call.ring_seconds.max(1);
            call.destination = members[0].clone();
        }
    } else if facts.reached_voicemail {
        // Ringing, then the greeting and a message of up to a minute.
        call.ring_seconds = 20 + dice.roll(10);
        call.duration = call.ring_seconds + 10 + call.duration % 50;
    }
    call.talk_seconds = facts.talk_seconds;
    call.outcome = Some(call_outcome(&facts));
    call.recorded = call.recorded && facts.talk_seconds > 0;
}

/// Whether the day starting at `midnight` (UTC) is a Saturday or a Sunday.
fn weekend(midnight: i64) -> bool {
    (midnight / DAY + 4).rem_euclid(7) >= 5 // 1970-01-01 was a Thursday
}

/// One day of a customer's calls: what `day_of_calls` needs besides the dice.
struct Day<'a> {
    midnight: i64,
    inbound: i64,
    regulars: &'a [String],
    pools: &'a [&'a Entry],
    rates: &'a [(String, i64)],
}

/// A day's calls in time order: `inbound` calls to the customer's numbers (the visits of pool
/// calls pushed to `visits`, numbered from `next_visit`), and its agents' outbound calls on a
/// weekday. Ids and first-time callers are set afterwards.
fn day_of_calls(
    dice: &mut Dice,
    customer: &Customer,
    day: &Day,
    next_visit: i64,
    visits: &mut Vec<Visit>,
) -> Vec<Call> {
    let (midnight, regulars, pools, rates) = (day.midnight, day.regulars, day.pools, day.rates);
    let has_rate = |item: &str| rates.iter().any(|(i, _)| i == item);
    let weekend = weekend(midnight);
    let mut today = Vec::new();
    for _ in 0..day.inbound {
        // Most calls of a tracked website come through its pools.
        let entry =
            if !pools.is_empty() && dice.roll(100) < 60 { *dice.pick(pools) } else { dice.pick(&customer.entries) };
        let mobile = dice.roll(5) == 0;
        let started_at = midnight + 8 * 3600 + dice.roll(10 * 3600);
        let duration = 15 + dice.roll(600);
        let mut call = Call {
            customer_id: customer.id.get(),
            entry_id: Some(entry.id),
            inbound: true,
            rate_item: inbound_rate_item(&entry.number, mobile, has_rate("forwarded_mobile")),
            started_at,
            duration,
            recorded: entry.recording,
            keys: keys_of(started_at, duration).to_string(),
            caller: caller(dice, regulars),
            tracked_number: entry.number.clone(),
            ..Call::default()
        };
        if entry.dynamic && !entry.pool_numbers.is_empty() {
            let shown = visit(dice, customer, entry, next_visit + visits.len() as i64, started_at);
            call.tracked_number = shown.number_shown.clone();
            call.visit_id = Some(shown.id);
            call.source_medium_id = shown.source_medium_id;
            visits.push(shown);
        }
        route(dice, customer, &mut call);
        today.push(call);
    }
    for agent in &customer.agents {
        if weekend {
            continue;
        }
        for _ in 0..dice.roll(4) {
            // An agent's call is talk from the moment the other party answers.
            let duration = 30 + dice.roll(420);
            let mobile = dice.roll(3) == 0;
            let started_at = midnight + 9 * 3600 + dice.roll(8 * 3600);
            let caller = number_called(mobile, started_at + duration);
            today.push(Call {
                customer_id: customer.id.get(),
                user_id: Some(*agent),
                rate_item: domain::purchase::usage::outbound_rate_item(&caller),
                started_at,
                duration,
                talk_seconds: duration,
                caller,
                ..Call::default()
            });
        }
    }
    today.sort_by_key(|c| c.started_at);
    today
}

/// The customer's calls (and the visits of its pool calls), oldest first; ids from `next_call`
/// and `next_visit` on.
pub(super) fn calls_for(
    customer: &Customer,
    rates: &[(String, i64)],
    now: i64,
    next_call: i64,
    next_visit: i64,
) -> (Vec<Call>, Vec<Visit>) {
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15 ^ customer.id.get() as u64);
    let regulars: Vec<String> =
        (0..REGULARS).map(|_| format!("{}{:03}", dice.pick(&CALLER_RANGES), dice.roll(1000))).collect();
    let pools: Vec<&Entry> = customer.entries.iter().filter(|e| e.dynamic && !e.pool_numbers.is_empty()).collect();
    let mut calls = Vec::new();
    let mut visits = Vec::new();
    for day in (1..=DAYS).rev() {
        let midnight = now - now.rem_euclid(DAY) - day * DAY;
        let inbound = if weekend(midnight) { 1 + dice.roll(3) } else { 4 + dice.roll(6) };
        let day = Day { midnight, inbound, regulars: &regulars, pools: &pools, rates };
        calls.extend(day_of_calls(&mut dice, customer, &day, next_visit, &mut visits));
    }
    super::visitors::give_visitor_ids(&mut visits, &customer.rules);
    for (i, call) in calls.iter_mut().enumerate() {
        call.id = next_call + i as i64;
    }
    mark_first_times_and_callbacks(&mut calls, &HashSet::new());
    (calls, visits)
}

/// The domain decides which calls are a caller's first (none of `known`, who called before these
/// calls), and which call back a missed one.
fn mark_first_times_and_callbacks(calls: &mut [Call], known: &HashSet<String>) {
    let callers: Vec<CallerCall> = calls
        .iter()
        .filter(|c| c.inbound)
        .map(|c| CallerCall {
            id: c.id,
            caller: c.caller.clone(),
            started_at: c.started_at,
            abandoned: is_abandoned(c.outcome.unwrap_or(CallOutcome::Missed), c.talk_seconds),
        })
        .collect();
    let first: HashSet<i64> = first_time_calls(&callers, known).into_iter().collect();
    let links: HashMap<i64, i64> = link_callbacks(&callers).into_iter().map(|l| (l.call_id, l.first_call_id)).collect();
    for call in calls.iter_mut().filter(|c| c.inbound) {
        call.first_time = first.contains(&call.id);
        call.callback_of = links.get(&call.id).copied();
    }
}

async fn insert_visits(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    visits: &[Visit],
    batch: usize,
) -> sqlx::Result<()> {
    for chunk in visits.chunks(batch) {
        let sql = format!(
            "INSERT INTO visits (id, customer_id, routing_entry_id, number_shown, source_medium_id, landing_page,
                 referrer, keyword, click_id, started_at, called, visitor_id, last_seen_at) VALUES {}",
            placeholders_on(tx, chunk.len(), 13)
        );
        let mut query = sqlx::query(&sql);
        for v in chunk {
            query = query
                .bind(v.id)
                .bind(customer_id)
                .bind(v.entry_id)
                .bind(v.number_shown.as_str())
                .bind(v.source_medium_id)
                .bind(v.landing_page.as_str())
                .bind(v.referrer.as_str())
                .bind(v.keyword.as_str())
                .bind(v.click_id.as_str())
                .bind(v.started_at)
                .bind(Flag(true))
                .bind(v.visitor_id.as_str())
                .bind(v.started_at);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// The placeholders of a multi-row INSERT on the transaction's backend: SQLite's anonymous `?`
/// (SQLite looks a numbered one's name up by a linear scan, so binding n of them costs n²: 90%
/// of a 1,000-row INSERT's time), PostgreSQL's `$n`.
fn placeholders_on(tx: &Transaction<'_, Any>, rows: usize, columns: usize) -> String {
    if Backend::of_connection(tx) == Backend::Sqlite {
        let row = format!("({})", vec!["?"; columns].join(", "));
        vec![row; rows].join(", ")
    } else {
        placeholders(rows, columns)
    }
}

async fn insert_calls(
    tx: &mut Transaction<'_, Any>,
    calls: &[Call],
    rates: &[(String, i64)],
    batch: usize,
) -> sqlx::Result<()> {
    for chunk in calls.chunks(batch) {
        let sql = format!(
            "INSERT INTO calls (id, customer_id, routing_entry_id, user_id, direction, rate_item, started_at,
                 duration_seconds, minutes, cost_tenth_pence, recorded, keys_pressed, caller_number, tracked_number,
                 visit_id, source_medium_id, route_path, queue_name, destination, ring_seconds, talk_seconds, outcome,
                 first_time, category, report_group, tags, callback_of, credit_source_id, campaign_id) VALUES {}",
            placeholders_on(tx, chunk.len(), 29)
        );
        let mut query = sqlx::query(&sql);
        for call in chunk {
            let rate = rates.iter().find(|(item, _)| item == call.rate_item).map_or(0, |(_, r)| *r);
            query = query
                .bind(call.id)
                .bind(call.customer_id)
                .bind(call.entry_id)
                .bind(call.user_id)
                .bind(if call.inbound { "inbound" } else { "outbound" })
                .bind(call.rate_item)
                .bind(call.started_at)
                .bind(call.duration)
                .bind(billable_minutes(call.duration))
                .bind(call_cost(call.duration, rate))
                .bind(Flag(call.recorded))
                .bind(call.keys.as_str())
                .bind(call.caller.as_str())
                .bind(call.tracked_number.as_str())
                .bind(call.visit_id)
                .bind(call.source_medium_id)
                .bind(call.route_path.as_str())
                .bind(call.queue.as_str())
                .bind(call.destination.as_str())
                .bind(call.ring_seconds)
                .bind(call.talk_seconds)
                .bind(call.outcome.unwrap_or(CallOutcome::Answered).key())
                .bind(Flag(call.first_time))
                .bind(call.category.as_str())
                .bind(call.report_group.as_str())
                .bind(call.tags.as_str())
                .bind(call.callback_of)
                .bind(call.credit.source_medium_id)
                .bind(call.credit.campaign_id);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

async fn pairs(db: &AnyPool, sql: &str, customer_id: CustomerId) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(sql).bind(customer_id).fetch_all(db).await
}

/// Reads what the customer's calls are made from (the routing as the routing history sees it).
pub(super) async fn customer(db: &AnyPool, id: CustomerId) -> sqlx::Result<Customer> {
    let time_zone: String =
        sqlx::query_scalar("SELECT time_zone FROM customers WHERE id = $1").bind(id).fetch_one(db).await?;
    let website: Option<String> =
        sqlx::query_scalar("SELECT url FROM dynamic_urls WHERE customer_id = $1 ORDER BY id LIMIT 1")
            .bind(id)
            .fetch_optional(db)
            .await?;
    let rows: Vec<(i64, String, String, i64)> = sqlx::query_as(
        "SELECT id, kind, number, call_recording FROM routing_entries WHERE customer_id = $1 ORDER BY id",
    )
    .bind(id)
    .fetch_all(db)
    .await?;
    let pool_numbers: Vec<(i64, String)> = pairs(
        db,
        "SELECT p.routing_entry_id, p.number FROM pool_numbers p JOIN routing_entries e ON e.id = p.routing_entry_id
         WHERE e.customer_id = $1 ORDER BY p.number",
        id,
    )
    .await?;
    let entries = rows
        .into_iter()
        .map(|(entry, kind, number, recording)| Entry {
            id: entry,
            dynamic: kind == "dynamic",
            number,
            recording: recording != 0,
            pool_numbers: pool_numbers.iter().filter(|(e, _)| *e == entry).map(|(_, n)| n.clone()).collect(),
        })
        .collect();
    let agents: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM users WHERE home_customer_id = $1 AND has_new_outbound = 1 ORDER BY id")
            .bind(id)
            .fetch_all(db)
            .await?;
    let sources: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT id, source, medium FROM sources_mediums WHERE customer_id = $1 ORDER BY id")
            .bind(id)
            .fetch_all(db)
            .await?;
    let mut plan_members: HashMap<i64, Vec<String>> = HashMap::new();
    for (plan, name) in pairs(
        db,
        "SELECT r.plan_id, n.description FROM destination_plan_rows r
         JOIN destination_numbers n ON n.id = r.destination_number_id
         JOIN destination_plans p ON p.id = r.plan_id WHERE p.customer_id = $1 ORDER BY r.plan_id, r.position",
        id,
    )
    .await?
    {
        plan_members.entry(plan).or_default().push(name);
    }
    let plan_queues = pairs(
        db,
        "SELECT p.id, q.description FROM destination_plans p JOIN queues q ON q.id = p.queue_id WHERE p.customer_id = $1",
        id,
    )
    .await?
    .into_iter()
    .collect();
    let categories = pairs(db, "SELECT id, description FROM call_categories WHERE customer_id = $1", id)
        .await?
        .into_iter()
        .collect();
    let report_groups =
        pairs(db, "SELECT id, description FROM report_groups WHERE customer_id = $1", id).await?.into_iter().collect();
    Ok(Customer {
        id,
        time_zone,
        website: website.map_or_else(|| "https://www.example.com".to_string(), |u| u.trim_end_matches('/').to_string()),
        entries,
        agents,
        sources,
        rules: Ruleset::default(),
        snapshot: routing_history::snapshot(&mut *db.acquire().await?, id).await?,
        plan_members,
        plan_queues,
        categories,
        report_groups,
        parameters: sqlx::query_scalar("SELECT name FROM customer_parameters WHERE customer_id = $1 ORDER BY position")
            .bind(id)
            .fetch_all(db)
            .await?,
    })
}

/// Gives a customer without traffic sources the usual ones, so its calls have a source.
async fn default_sources(tx: &mut Transaction<'_, Any>, customer: &mut Customer) -> sqlx::Result<()> {
    if !customer.sources.is_empty() {
        return Ok(());
    }
    for (source, medium) in DEFAULT_SOURCES {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO sources_mediums (customer_id, source, medium) VALUES ($1, $2, $3) RETURNING id",
        )
        .bind(customer.id)
        .bind(source)
        .bind(medium)
        .fetch_one(&mut **tx)
        .await?;
        customer.sources.push((id, source.to_string(), medium.to_string()));
    }
    Ok(())
}

/// Seeds the calls once: nothing when any call is stored.
pub async fn seed(db: &AnyPool, now: i64) -> sqlx::Result<()> {
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM calls").fetch_one(db).await?;
    if stored > 0 {
        return Ok(());
    }
    let rates: Vec<(String, i64)> =
        sqlx::query_as("SELECT item, price_tenth_pence FROM usage_rates WHERE plan = ''").fetch_all(db).await?;
    let ids: Vec<CustomerId> =
        sqlx::query_scalar("SELECT DISTINCT customer_id FROM routing_entries ORDER BY customer_id")
            .fetch_all(db)
            .await?;
    let mut customers = Vec::new();
    for id in ids {
        customers.push(customer(db, id).await?);
    }
    let mut tx = db.begin().await?;
    let backend = Backend::of_connection(&tx);
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(super::SEED_LOCK).execute(&mut *tx).await?;
    }
    // Another server process may have seeded them while the routing was read.
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM calls").fetch_one(&mut *tx).await?;
    if stored > 0 {
        return Ok(());
    }
    let (mut next_call, mut next_visit) = (1, 1);
    let (mut recorded, mut voicemails) = (Vec::new(), Vec::new());
    for customer in &mut customers {
        default_sources(&mut tx, customer).await?;
        ensure_rules(&mut tx, customer, now).await?;
        let (mut calls, visits) = calls_for(customer, &rates, now, next_call, next_visit);
        super::call_credits::credit(&mut tx, customer.id, &mut calls, &visits, now).await?;
        let tag_links = super::call_tags::tag_calls(&mut tx, customer, &mut calls, now).await?;
        insert_visits(&mut tx, customer.id, &visits, BATCH).await?;
        insert_calls(&mut tx, &calls, &rates, BATCH).await?;
        super::call_tags::insert_links(&mut tx, customer.id, &tag_links, now).await?;
        super::call_scores::score_calls(&mut tx, customer, &calls, now).await?;
        next_call += calls.len() as i64;
        next_visit += visits.len() as i64;
        recorded.extend(recordings::chosen(&calls));
        voicemails.extend(recordings::voicemails(&calls));
    }
    recordings::store(&mut tx, &recorded, &voicemails, now).await?;
    // An agent's calls were made on the campaign the agent is on.
    sqlx::query(
        "UPDATE calls SET outbound_campaign_id = (SELECT u.outbound_campaign_id FROM users u WHERE u.id = calls.user_id)
         WHERE direction = 'outbound'",
    )
    .execute(&mut *tx)
    .await?;
    if backend == Backend::Postgres {
        super::continue_identities(&mut tx).await?;
    }
    tx.commit().await
}

/// What `seed_volume` stored.
#[derive(Debug, Clone, Copy, Default)]
pub struct Volume {
    /// Inbound calls.
    pub calls: u64,
    /// All calls, the agents' outbound ones too.
    pub all_calls: u64,
    pub visits: u64,
}

/// Rows per INSERT for `seed_volume`: 29 columns a call, within SQLite's 32,766 placeholders.
const VOLUME_BATCH: usize = 1_000;
/// Calls generated, marked and stored a transaction at a time: memory stays bounded.
const VOLUME_CHUNK: usize = 100_000;

/// The benchmark's volume (examples/bench_reports.rs): `count` more inbound calls on one customer
/// of a seeded demo, over the `days` days before `now`, made exactly as the demo's (the same day
/// generator: its pools and visits, sources by medium, the domain's call path and outcomes,
/// regular callers), only more of them a day (weekends a third of a weekday). First-time callers
/// carry over from chunk to chunk; call-backs are linked within a chunk (100,000 calls). No
/// recordings are stored. `progress` hears the inbound calls stored so far.
pub async fn seed_volume(
    db: &AnyPool,
    customer_id: CustomerId,
    now: i64,
    count: u64,
    days: i64,
    mut progress: impl FnMut(u64),
) -> sqlx::Result<Volume> {
    let rates: Vec<(String, i64)> =
        sqlx::query_as("SELECT item, price_tenth_pence FROM usage_rates WHERE plan = ''").fetch_all(db).await?;
    let mut customer = customer(db, customer_id).await?;
    let mut tx = db.begin().await?;
    default_sources(&mut tx, &mut customer).await?;
    ensure_rules(&mut tx, &mut customer, now).await?;
    let mut next_call: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM calls").fetch_one(&mut *tx).await?;
    let mut next_visit: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM visits").fetch_one(&mut *tx).await?;
    let mut known: HashSet<String> =
        sqlx::query_scalar("SELECT DISTINCT caller_number FROM calls WHERE customer_id = $1 AND caller_number <> ''")
            .bind(customer_id)
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .collect();
    tx.commit().await?;

    let mut dice = Dice(0x5eed_ca11 ^ customer_id.get() as u64);
    let regulars: Vec<String> =
        (0..REGULARS).map(|_| format!("{}{:03}", dice.pick(&CALLER_RANGES), dice.roll(1000))).collect();
    let pools: Vec<&Entry> = customer.entries.iter().filter(|e| e.dynamic && !e.pool_numbers.is_empty()).collect();
    let first_midnight = now - now.rem_euclid(DAY) - days * DAY;
    // A weekday's share is 3, a weekend day's 1.
    let shares: i64 = (0..days).map(|d| if weekend(first_midnight + d * DAY) { 1 } else { 3 }).sum();
    let mut stored = Volume::default();
    let (mut calls, mut visits) = (Vec::new(), Vec::new());
    let mut made = 0u64;
    for d in 0..days {
        let midnight = first_midnight + d * DAY;
        let share = if weekend(midnight) { 1 } else { 3 };
        let left = count - made;
        let inbound = if d == days - 1 {
            left
        } else {
            // The day's share of the count, give or take a tenth.
            let mean = count as i64 * share / shares.max(1);
            ((mean * (90 + dice.roll(21)) / 100).max(0) as u64).min(left)
        };
        made += inbound;
        let day = Day { midnight, inbound: inbound as i64, regulars: &regulars, pools: &pools, rates: &rates };
        calls.extend(day_of_calls(&mut dice, &customer, &day, next_visit, &mut visits));
        if calls.len() >= VOLUME_CHUNK || d == days - 1 {
            super::visitors::give_visitor_ids(&mut visits, &customer.rules);
            for (i, call) in calls.iter_mut().enumerate() {
                call.id = next_call + i as i64;
            }
            mark_first_times_and_callbacks(&mut calls, &known);
            known.extend(calls.iter().filter(|c| c.inbound && !c.caller.is_empty()).map(|c| c.caller.clone()));
            let mut tx = db.begin().await?;
            super::call_credits::credit(&mut tx, customer_id, &mut calls, &visits, now).await?;
            insert_visits(&mut tx, customer_id, &visits, VOLUME_BATCH * 2).await?;
            insert_calls(&mut tx, &calls, &rates, VOLUME_BATCH).await?;
            tx.commit().await?;
            next_call += calls.len() as i64;
            next_visit += visits.len() as i64;
            stored.calls += calls.iter().filter(|c| c.inbound).count() as u64;
            stored.all_calls += calls.len() as u64;
            stored.visits += visits.len() as u64;
            progress(stored.calls);
            calls.clear();
            visits.clear();
        }
    }
    let mut tx = db.begin().await?;
    if Backend::of_connection(&tx) == Backend::Postgres {
        super::continue_identities(&mut tx).await?;
    }
    tx.commit().await?;
    Ok(stored)
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::routing::history::{RoutingEntry, RoutingSnapshot};

    fn customer() -> Customer {
        let entry = |id, dynamic, number: &str| Entry {
            id,
            dynamic,
            number: number.to_string(),
            recording: true,
            pool_numbers: if dynamic { vec!["01174960100".into(), "01174960101".into()] } else { vec![] },
        };
        Customer {
            id: CustomerId::new(100),
            time_zone: "Europe/London".into(),
            website: "https://www.example.test".into(),
            entries: vec![entry(1, false, "01614960000"), entry(2, true, ""), entry(3, false, "08001234567")],
            agents: vec![7],
            sources: vec![(1, "google".into(), "cpc".into()), (2, "(direct)".into(), "(none)".into())],
            rules: Ruleset {
                pairs: vec![
                    domain::sources::SourcePair { id: 1, source: "google".into(), medium: "cpc".into() },
                    domain::sources::SourcePair { id: 2, source: "(direct)".into(), medium: "(none)".into() },
                ],
                rules: vec![domain::sources::SourceRule {
                    id: 1,
                    source_medium_id: 1,
                    field: RuleField::ClickId,
                    op: MatchOp::Equals,
                    value: "gclid".into(),
                }],
                default_id: 2,
                paid_overrides: false,
            },
            snapshot: RoutingSnapshot {
                entries: [1, 2, 3]
                    .map(|id| RoutingEntry {
                        id,
                        label: String::new(),
                        route: EntryRoute::Number { destination: "07700900123".into() },
                    })
                    .to_vec(),
                ..RoutingSnapshot::default()
            },
            plan_members: HashMap::new(),
            plan_queues: HashMap::new(),
            categories: HashMap::new(),
            report_groups: HashMap::new(),
            parameters: vec!["Branch".into()],
        }
    }

    const NOW: i64 = 1_795_428_000;

    #[test]
    fn the_same_customer_gets_the_same_year_of_calls_and_weekdays_are_busier() {
        let rates = vec![("forwarded_mobile".to_string(), 60)];
        let (a, visits) = calls_for(&customer(), &rates, NOW, 1, 1);
        let (b, _) = calls_for(&customer(), &rates, NOW, 1, 1);
        assert_eq!(a.len(), b.len());
        assert!(a.iter().zip(&b).all(|(x, y)| x.started_at == y.started_at && x.caller == y.caller));
        assert!(a.iter().all(|c| c.started_at < NOW && c.started_at >= NOW - (DAYS + 1) * DAY));
        assert!(a.windows(2).all(|w| w[0].started_at <= w[1].started_at && w[0].id + 1 == w[1].id));
        assert!(a.iter().any(|c| c.rate_item == "inbound_freephone"));
        assert!(a.iter().any(|c| !c.inbound && c.user_id == Some(7)));
        // Every outbound call records the number it rang, landline or mobile as it was charged.
        let outbound: Vec<&Call> = a.iter().filter(|c| !c.inbound).collect();
        assert!(outbound.iter().all(|c| c.caller.len() == 11 && c.caller.starts_with('0')));
        assert!(outbound.iter().all(|c| c.caller.starts_with("07") == (c.rate_item == "outbound_mobile")));
        assert!(a.len() as i64 > DAYS * 3, "a year of calls");
        // Pool calls come from a visit that showed one of the pool's numbers.
        let pool_call = a.iter().find(|c| c.entry_id == Some(2)).unwrap();
        let shown = visits.iter().find(|v| Some(v.id) == pool_call.visit_id).unwrap();
        assert_eq!(pool_call.tracked_number, shown.number_shown);
        assert!(shown.landing_page.starts_with("https://www.example.test/"));
        assert!(shown.started_at < pool_call.started_at);
    }

    #[test]
    fn outcomes_first_times_and_callbacks_come_from_the_domain() {
        let (calls, _) = calls_for(&customer(), &[], NOW, 1, 1);
        let inbound: Vec<&Call> = calls.iter().filter(|c| c.inbound).collect();
        assert!(inbound.iter().any(|c| c.outcome == Some(CallOutcome::Answered)));
        assert!(inbound.iter().any(|c| c.outcome == Some(CallOutcome::Missed)));
        // Basic connect rings the number, written as the call log writes numbers.
        assert!(inbound.iter().filter(|c| c.talk_seconds > 0).all(|c| c.destination == "07700 900123"));
        // A regular caller's first call is first-time, the next is not.
        let regular = inbound
            .iter()
            .find(|c| !c.caller.is_empty() && inbound.iter().filter(|o| o.caller == c.caller).count() > 3)
            .unwrap();
        let theirs: Vec<&&Call> = inbound.iter().filter(|c| c.caller == regular.caller).collect();
        assert!(theirs[0].first_time && !theirs[1].first_time);
        assert!(inbound.iter().filter(|c| c.caller.is_empty()).all(|c| !c.first_time));
        let callback = inbound.iter().find(|c| c.callback_of.is_some()).expect("some missed call is called back");
        let first = inbound.iter().find(|c| Some(c.id) == callback.callback_of).unwrap();
        assert_eq!(first.caller, callback.caller);
        assert!(callback.started_at - first.started_at <= 7 * DAY);
    }

    #[test]
    fn placeholders_number_every_cell() {
        assert_eq!(placeholders(2, 3), "($1, $2, $3), ($4, $5, $6)");
    }
}
