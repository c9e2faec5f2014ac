//! Demo numbers, pools and service plans. Runs after `routing_library`, whose
//! destination plans and audio the routing points at; with none of those the numbers are
//! connected to basic destinations only.
//!
//! Harbour Lane Dental (100): 300 numbers named by marketing source and town, 12 website pools
//! and 6 service plans; about 40 numbers have a basic destination only. Atlas Insurance (300):
//! 10 numbers and one plan. Stone & Sons Plumbing (200, Starter): 15 numbers with basic
//! destinations. Numbers come from Ofcom's drama ranges.

use crate::db::Flag;
use crate::store::CustomerId;
use domain::routing::{
    time_template, validate_service_plan, working_hours_rows, ServicePlanForm, TemplateKind, TimeRow, WorkingHours,
};
use sqlx::{Any, Transaction};

use crate::store::service_plans::{self, PlanTime};

/// (town, 8-digit drama-range prefix; three digits follow).
const TOWNS: [(&str, &str); 15] = [
    ("Manchester", "01614960"),
    ("Leeds", "01134960"),
    ("Sheffield", "01144960"),
    ("Nottingham", "01154960"),
    ("Leicester", "01164960"),
    ("Bristol", "01174960"),
    ("Reading", "01184960"),
    ("Birmingham", "01214960"),
    ("Edinburgh", "01314960"),
    ("Glasgow", "01414960"),
    ("Liverpool", "01514960"),
    ("Newcastle", "01914980"),
    ("London", "02079460"),
    ("Belfast", "02896496"),
    ("Cardiff", "02920180"),
];
const LONDON: &str = "02079460";
const MOBILE: &str = "07700900";

const SOURCES: [&str; 19] = [
    "Google Ads",
    "Bing Ads",
    "Facebook Ads",
    "Instagram",
    "Google Business Profile",
    "Yellow Pages",
    "Yell.com",
    "Thomson Local",
    "Local paper",
    "Radio",
    "Bus shelter poster",
    "Leaflet drop",
    "Direct mail",
    "Email newsletter",
    "Billboard",
    "Magazine",
    "Referral card",
    "Community newsletter",
    "Sponsorship",
];

/// Numbers used in one place rather than one town.
const SPECIALS: [&str; 15] = [
    "Van livery",
    "Website header",
    "Website footer",
    "Website contact page",
    "Reception window",
    "Appointment cards",
    "Email signature",
    "Practice brochure",
    "Patient recall letters",
    "Emergency dental line",
    "NHS listing",
    "Trustpilot profile",
    "Google Maps",
    "Open day banner",
    "Fun run sponsorship",
];

const POOLS: [(&str, &str); 12] = [
    ("Website - Google Ads", "Paid search visitors"),
    ("Website - Bing", "Microsoft Ads visitors"),
    ("Website - Organic", "Organic search visitors"),
    ("Website - Facebook", "Facebook and Instagram visitors"),
    ("Website - Direct", ""),
    ("Website - Email", "Newsletter clicks"),
    ("Website - Referral", ""),
    ("Website - Google Business Profile", "Maps and profile clicks"),
    ("Landing page - Implants", "Implants campaign"),
    ("Landing page - Invisalign", "Invisalign campaign"),
    ("Landing page - Whitening", "Whitening offer"),
    ("Landing page - New patients", "New patient offer"),
];

/// A routing entry to insert.
#[derive(Default)]
struct Entry {
    kind: &'static str,
    number: String,
    pool_name: String,
    description: String,
    plan: Option<i64>,
    destination: String,
    recording: bool,
    intro: i64,
    whisper: i64,
    mid_call_divert: bool,
    mid_call_attribution: bool,
    mid_call_audio: &'static str,
    post_url: String,
    provisioned: bool,
}

pub async fn seed(tx: &mut Transaction<'_, Any>, now: i64) -> Result<(), sqlx::Error> {
    seed_dental(tx, now).await?;
    seed_insurance(tx, now).await?;
    seed_plumbing(tx, now).await?;
    seed_motors(tx, now).await?;
    seed_clinics(tx, now).await
}

/// Static numbers straight to a phone: the legacy package's dealer and the group account, so
/// their first screens have calls, routing and invoices like the others'.
async fn seed_direct(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    range: &str,
    names: &[&str],
    destinations: [&str; 2],
    now: i64,
) -> sqlx::Result<()> {
    let entries: Vec<Entry> = names
        .iter()
        .enumerate()
        .map(|(i, description)| Entry {
            kind: "static",
            number: format!("{range}{:03}", 950 + i),
            description: description.to_string(),
            destination: destinations[i % 2].to_string(),
            recording: i % 3 == 0,
            provisioned: true,
            ..Entry::default()
        })
        .collect();
    insert_entries(tx, customer, &entries, now).await
}

async fn seed_motors(tx: &mut Transaction<'_, Any>, now: i64) -> sqlx::Result<()> {
    let names = [
        "Auto Trader listing",
        "Showroom sign",
        "Service department",
        "Local paper - Leeds",
        "Website",
        "Radio - Leeds",
    ];
    seed_direct(tx, CustomerId::new(400), "01134960", &names, ["01134960990", "07700900990"], now).await
}

/// The group's own lines, and each member clinic's numbers.
async fn seed_clinics(tx: &mut Transaction<'_, Any>, now: i64) -> sqlx::Result<()> {
    let names = ["Head office", "Group website", "Recruitment", "Press office"];
    seed_direct(tx, CustomerId::new(500), "01214960", &names, ["01214960990", "07700900991"], now).await?;
    let clinic = ["Reception", "Clinic website", "Local paper", "Google Business Profile"];
    seed_direct(tx, CustomerId::new(501), "01614960", &clinic, ["01614960990", "07700900992"], now).await?;
    seed_direct(tx, CustomerId::new(502), "01914980", &clinic, ["01914980990", "07700900993"], now).await?;
    seed_direct(tx, CustomerId::new(503), "01144960", &clinic, ["01144960990", "07700900994"], now).await
}

/// The customer's destination plans (id, lower-case description), oldest first.
async fn destination_plans(tx: &mut Transaction<'_, Any>, customer: CustomerId) -> sqlx::Result<Vec<(i64, String)>> {
    let rows: Vec<(i64, String)> =
        sqlx::query_as("SELECT id, description FROM destination_plans WHERE customer_id = $1 ORDER BY id")
            .bind(customer)
            .fetch_all(&mut **tx)
            .await?;
    Ok(rows.into_iter().map(|(id, d)| (id, d.to_lowercase())).collect())
}

/// The first plan whose description mentions one of `words`, else the `fallback`-th (cycling).
fn pick(plans: &[(i64, String)], words: &[&str], fallback: usize) -> i64 {
    plans
        .iter()
        .find(|(_, d)| words.iter().any(|w| d.contains(w)))
        .or_else(|| plans.get(fallback % plans.len()))
        .map_or(0, |(id, _)| *id)
}

/// The customer's audio for intros and for whispers (0 when none).
async fn intro_and_whisper(tx: &mut Transaction<'_, Any>, customer: CustomerId) -> sqlx::Result<(i64, i64)> {
    let rows: Vec<(i64, String)> =
        sqlx::query_as("SELECT id, description FROM audios WHERE customer_id = $1 AND deleted_at IS NULL ORDER BY id")
            .bind(customer)
            .fetch_all(&mut **tx)
            .await?;
    let rows: Vec<(i64, String)> = rows.into_iter().map(|(id, d)| (id, d.to_lowercase())).collect();
    let intro = if rows.is_empty() { 0 } else { pick(&rows, &["welcome", "greeting", "intro"], 0) };
    let whisper = if rows.is_empty() { 0 } else { pick(&rows, &["whisper"], 1) };
    Ok((intro, whisper))
}

fn hours(
    days: std::ops::RangeInclusive<i64>,
    start: (i64, i64),
    end: (i64, i64),
    open: i64,
    closed: i64,
) -> Vec<TimeRow> {
    working_hours_rows(&WorkingHours {
        days: days.collect(),
        start_hour: start.0,
        start_minute: start.1,
        end_hour: end.0,
        end_minute: end.1,
        open_routing: open,
        closed_routing: closed,
    })
    .unwrap_or_default()
}

/// Moves the boundary after the open row of `day`: it closes at `close` and the next row
/// starts the minute after.
fn close_at(rows: &mut [TimeRow], day: i64, close: (i64, i64)) {
    if let Some(i) = rows.iter().position(|r| r.from_day == day && r.from_hour > 0) {
        rows[i].to_hour = close.0;
        rows[i].to_minute = close.1;
        if let Some(next) = rows.get_mut(i + 1) {
            let minute = close.0 * 60 + close.1 + 1;
            next.from_hour = minute / 60;
            next.from_minute = minute % 60;
        }
    }
}

/// Moves the start of the open row of `day` to `open`, the row before ending a minute earlier.
fn open_at(rows: &mut [TimeRow], day: i64, open: (i64, i64)) {
    if let Some(i) = rows.iter().position(|r| r.from_day == day && r.from_hour > 0) {
        rows[i].from_hour = open.0;
        rows[i].from_minute = open.1;
        if i > 0 {
            let minute = open.0 * 60 + open.1 - 1;
            rows[i - 1].to_hour = minute / 60;
            rows[i - 1].to_minute = minute % 60;
        }
    }
}

fn routed(rows: Vec<TimeRow>, routings: &[i64]) -> Vec<TimeRow> {
    rows.into_iter().zip(routings.iter().cycle()).map(|(row, &routing)| TimeRow { routing, ..row }).collect()
}

/// Inserts the plan when the domain accepts it (it always should: the rows come from the
/// domain's templates); returns its id.
async fn insert_plan(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    description: &str,
    rows: Vec<TimeRow>,
) -> sqlx::Result<Option<i64>> {
    let form = ServicePlanForm { description: description.into(), rows, exceptions: vec![] };
    if let Err(errors) = validate_service_plan(&form, domain::names::NOTHING_TAKEN) {
        tracing::warn!(description, ?errors, "demo service plan skipped: not valid");
        return Ok(None);
    }
    let id = service_plans::insert(tx, customer, description).await?;
    let times: Vec<PlanTime> = form.rows.iter().map(PlanTime::from_row).collect();
    service_plans::replace_times(tx, id, &times).await?;
    Ok(Some(id))
}

async fn insert_entries(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    entries: &[Entry],
    now: i64,
) -> sqlx::Result<()> {
    for e in entries {
        sqlx::query(
            "INSERT INTO routing_entries (customer_id, kind, number, pool_name, description, service_plan_id, destination,
             call_recording, intro_audio_id, whisper_audio_id, mid_call_divert, mid_call_attribution, mid_call_audio,
             post_url, provisioned, provision_requested_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
        )
        .bind(customer)
        .bind(e.kind)
        .bind(&e.number)
        .bind(&e.pool_name)
        .bind(&e.description)
        .bind(e.plan)
        .bind(&e.destination)
        .bind(Flag(e.recording))
        .bind(e.intro)
        .bind(e.whisper)
        .bind(Flag(e.mid_call_divert))
        .bind(Flag(e.mid_call_attribution))
        .bind(if e.mid_call_audio.is_empty() { "None" } else { e.mid_call_audio })
        .bind(&e.post_url)
        .bind(Flag(e.provisioned))
        .bind(if e.provisioned { now - 30 * 86_400 } else { now })
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

async fn seed_dental(tx: &mut Transaction<'_, Any>, now: i64) -> sqlx::Result<()> {
    const CUSTOMER: CustomerId = CustomerId::new(100);
    let destinations = destination_plans(tx, CUSTOMER).await?;
    let (intro, whisper) = intro_and_whisper(tx, CUSTOMER).await?;
    let mut plans: Vec<i64> = vec![];
    if !destinations.is_empty() {
        let reception = pick(&destinations, &["reception", "front desk", "main"], 0);
        let closed = pick(&destinations, &["out of hours", "closed", "voicemail", "answer"], 1);
        let weekend = pick(&destinations, &["weekend", "mobile", "on call"], 2);
        let emergency = pick(&destinations, &["emergency", "on call", "urgent"], 3);

        let office = hours(1..=5, (8, 30), (17, 30), reception, closed);
        let weekdays = routed(time_template(TemplateKind::Weekdays), &[reception, weekend]);
        let always = routed(time_template(TemplateKind::AllSame), &[reception]);
        let mut late_thursday = hours(1..=5, (9, 0), (17, 30), reception, closed);
        close_at(&mut late_thursday, 4, (20, 0));
        let mut saturday = hours(1..=6, (8, 30), (17, 30), reception, closed);
        open_at(&mut saturday, 6, (9, 0));
        close_at(&mut saturday, 6, (13, 0));
        let emergency_line = hours(1..=7, (8, 0), (20, 0), reception, emergency);
        for (description, rows) in [
            ("Office hours", office),
            ("Weekdays and weekends", weekdays),
            ("Always reception", always),
            ("Late opening Thursday", late_thursday),
            ("Saturday morning clinic", saturday),
            ("Emergency line out of hours", emergency_line),
        ] {
            plans.extend(insert_plan(tx, CUSTOMER, description, rows).await?);
        }
    }
    // Office hours for most, the others spread out.
    let plan_for = |i: usize| -> Option<i64> {
        const SHARE: [usize; 10] = [0, 0, 0, 0, 1, 2, 3, 3, 4, 5];
        (!plans.is_empty()).then(|| plans[SHARE[i % 10] % plans.len()])
    };

    let mut entries = vec![];
    let descriptions =
        SPECIALS.iter().enumerate().map(|(i, s)| (s.to_string(), if i % 2 == 0 { LONDON } else { MOBILE })).chain(
            SOURCES.iter().flat_map(|s| TOWNS.iter().map(move |(town, prefix)| (format!("{s} - {town}"), *prefix))),
        );
    let mut used: Vec<(&str, usize)> = vec![];
    for (i, (description, prefix)) in descriptions.enumerate() {
        let n = match used.iter_mut().find(|(p, _)| *p == prefix) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                used.push((prefix, 0));
                0
            }
        };
        let basic = i % 15 == 2 || i % 15 == 9 || plans.is_empty();
        let town = TOWNS.iter().position(|(_, p)| *p == prefix).unwrap_or(0);
        let mut entry = Entry {
            kind: "static",
            number: format!("{prefix}{:03}", 100 + n * 3),
            description,
            plan: if basic { None } else { plan_for(i) },
            destination: if basic { format!("{}{:03}", TOWNS[town].1, 900 + town) } else { String::new() },
            recording: i % 3 == 0,
            provisioned: !matches!(i, 4 | 57),
            ..Entry::default()
        };
        if !basic {
            if i % 23 == 5 {
                entry.intro = intro;
            }
            if i % 31 == 7 {
                entry.whisper = whisper;
            }
        }
        match i {
            16 if !basic => {
                entry.mid_call_attribution = true;
                entry.mid_call_audio = "Ringing";
            }
            18 => entry.post_url = "https://crm.harbourlanedental.example/calls/webhook".into(),
            40 if !basic => entry.mid_call_divert = true,
            _ => {}
        }
        entries.push(entry);
    }
    for (i, (pool, description)) in POOLS.iter().enumerate() {
        entries.push(Entry {
            kind: "dynamic",
            pool_name: pool.to_string(),
            description: description.to_string(),
            plan: plan_for(i * 3),
            destination: if plans.is_empty() { "01614960900".into() } else { String::new() },
            recording: i % 2 == 0,
            provisioned: i != 3,
            ..Entry::default()
        });
    }
    insert_entries(tx, CUSTOMER, &entries, now).await
}

async fn seed_insurance(tx: &mut Transaction<'_, Any>, now: i64) -> sqlx::Result<()> {
    const CUSTOMER: CustomerId = CustomerId::new(300);
    const NUMBERS: [&str; 10] = [
        "Car insurance - Google Ads",
        "Home insurance - Google Ads",
        "Van insurance - Comparison sites",
        "Pet insurance - Facebook Ads",
        "Travel insurance - Radio",
        "Business insurance - LinkedIn",
        "Claims line",
        "Renewals - Direct mail",
        "Car insurance - TV",
        "Website header",
    ];
    let destinations = destination_plans(tx, CUSTOMER).await?;
    let plan = if destinations.is_empty() {
        None
    } else {
        let open = pick(&destinations, &["head office", "contact centre", "sales"], 0);
        let closed = pick(&destinations, &["out of hours", "closed", "voicemail"], 1);
        insert_plan(tx, CUSTOMER, "Contact centre hours", hours(1..=5, (8, 0), (20, 0), open, closed)).await?
    };
    let entries: Vec<Entry> = NUMBERS
        .iter()
        .enumerate()
        .map(|(i, description)| {
            let basic = i >= 7 || plan.is_none();
            Entry {
                kind: "static",
                number: format!("{}{:03}", if i % 2 == 0 { "01214960" } else { LONDON }, 700 + i),
                description: description.to_string(),
                plan: if basic { None } else { plan },
                destination: if basic { format!("02079460{:03}", 950 + i) } else { String::new() },
                recording: true,
                provisioned: true,
                ..Entry::default()
            }
        })
        .collect();
    insert_entries(tx, CUSTOMER, &entries, now).await
}

async fn seed_plumbing(tx: &mut Transaction<'_, Any>, now: i64) -> sqlx::Result<()> {
    const CUSTOMER: CustomerId = CustomerId::new(200);
    const NUMBERS: [&str; 15] = [
        "Van livery",
        "Yellow Pages - Sheffield",
        "Checkatrade",
        "Google Ads - Boiler repair",
        "Google Ads - Emergency plumber",
        "Facebook Ads",
        "Leaflet drop - Rotherham",
        "Local paper - Sheffield",
        "Website header",
        "Website footer",
        "Google Business Profile",
        "Rated People",
        "Radio - Sheffield",
        "Bus shelter poster",
        "Referral card",
    ];
    let entries: Vec<Entry> = NUMBERS
        .iter()
        .enumerate()
        .map(|(i, description)| Entry {
            kind: "static",
            number: format!("01144960{:03}", 500 + i),
            description: description.to_string(),
            // The office by day for most; the emergency numbers go to the plumber's mobile.
            destination: if description.contains("Emergency") || i == 0 {
                "07700900590".into()
            } else {
                "01144960590".into()
            },
            recording: i % 4 == 0,
            provisioned: true,
            ..Entry::default()
        })
        .collect();
    insert_entries(tx, CUSTOMER, &entries, now).await
}
