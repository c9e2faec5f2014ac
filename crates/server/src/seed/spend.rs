//! The demo's ad spend. Atlas Insurance's connected Google Ads account reports a daily cost
//! for the campaigns its visits name (utm_campaign), and Harbour Lane's connected Meta Ads one,
//! with the campaign of each ad click in their click reports (Meta's clicks carry no UTM tags)
//! for its new-patient campaign: the real import job reads them from the sandbox platform, run
//! as it would have run every 30 days over the last year and then today. Harbour Lane enters
//! by hand what its offline marketing costs: the Yell.com listing each month, the local radio
//! advert on weekdays, and the van livery (its own number) a month at a time.

use chrono::{Datelike, NaiveDate};
use domain::billing::invoice::local_date;
use domain::spend::{month_days, SpendMonthForm};
use sqlx::AnyPool;

use crate::jobs::spend_import::{run, Sandbox};
use crate::store::ad_spend::{self, SpendOn};
use crate::store::CustomerId;

const DAY: i64 = 24 * 60 * 60;
const HARBOUR: CustomerId = CustomerId::new(100);
const ATLAS: CustomerId = CustomerId::new(300);

/// A cost that varies by day, from the day's number (no dice: the calls' sequence is untouched).
fn varied(base: i64, day: &str, spread: i64) -> i64 {
    let n: i64 = day.bytes().map(i64::from).sum::<i64>() * 7919 % 1_000;
    base + n * spread / 1_000
}

async fn sandbox_line(
    db: &AnyPool,
    customer: CustomerId,
    platform: &str,
    day: &str,
    campaign: &str,
    pence: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sandbox_ad_spend (customer_id, platform, day, campaign, cost_pence) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(customer)
    .bind(platform)
    .bind(day)
    .bind(campaign)
    .bind(pence)
    .execute(db)
    .await?;
    Ok(())
}

/// The local days of the 400 before `now` in London, oldest first.
fn days_before(now: i64) -> Vec<String> {
    (0..400).rev().filter_map(|back| local_date(now - back * DAY, "Europe/London").ok()).collect()
}

pub async fn seed(db: &AnyPool, now: i64) -> sqlx::Result<()> {
    for day in days_before(now) {
        for (campaign, base) in [("spring_offer", 3_500), ("new_patients", 2_200), ("brand", 900)] {
            sandbox_line(db, ATLAS, "google_ads", &day, campaign, varied(base, &day, 1_500)).await?;
        }
        sandbox_line(db, HARBOUR, "meta_ads", &day, "new_patients", varied(600, &day, 400)).await?;
    }
    // The platforms' click reports: the campaign of each ad click of their connected accounts
    // (Harbour Lane's Meta clicks carry no UTM tags).
    use domain::conversions::Platform;
    for (customer, platform) in [(HARBOUR, Platform::MetaAds), (ATLAS, Platform::GoogleAds)] {
        let clicks: Vec<(i64, String, String)> =
            sqlx::query_as("SELECT id, click_id, landing_page FROM visits WHERE customer_id = $1 AND click_id LIKE $2")
                .bind(customer)
                .bind(format!("{}=%", platform.click_parameter()))
                .fetch_all(db)
                .await?;
        for (id, click, landing) in clicks {
            let Some(click) = domain::spend::click_to_resolve(platform, &click, &landing) else { continue };
            let campaign = ["spring_offer", "new_patients", "brand"][id.rem_euclid(3) as usize];
            sqlx::query(
                "INSERT INTO sandbox_ad_clicks (platform, click_id, customer_id, campaign) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (platform, click_id) DO NOTHING",
            )
            .bind(platform.key())
            .bind(click)
            .bind(customer)
            .bind(campaign)
            .execute(db)
            .await?;
        }
    }
    // The imports as they ran: every 30 days over the year, then today.
    for back in (1..=12).rev() {
        run(db, &Sandbox(db), now - back * 30 * DAY).await?;
    }
    run(db, &Sandbox(db), now).await?;
    manual(db, now).await
}

/// What a day of a month's table holds ('' none).
type DayAmount = fn(&str, NaiveDate) -> Option<String>;

/// Harbour Lane's offline spend entered by hand, a month at a time, through the page's rules.
async fn manual(db: &AnyPool, now: i64) -> sqlx::Result<()> {
    let id =
        |sql: &'static str| async move { sqlx::query_scalar::<_, i64>(sql).bind(HARBOUR).fetch_optional(db).await };
    let yell = id("SELECT id FROM sources_mediums WHERE customer_id = $1 AND source = 'yell.com'").await?;
    let radio = id("SELECT id FROM campaigns WHERE customer_id = $1 AND description = 'Local radio'").await?;
    let van =
        id("SELECT id FROM routing_entries WHERE customer_id = $1 AND description = 'Van livery' ORDER BY id LIMIT 1")
            .await?;
    let today = local_date(now, "Europe/London").unwrap_or_default();
    let Ok(this_month) = NaiveDate::parse_from_str(&format!("{}-01", &today[..7]), "%Y-%m-%d") else { return Ok(()) };
    for back in (0..12).rev() {
        let Some(first) = this_month.checked_sub_months(chrono::Months::new(back)) else { continue };
        let days = month_days(first);
        let month = first.format("%Y-%m").to_string();
        let listing: DayAmount = |d, _| d.ends_with("-01").then(|| "120.00".to_string());
        let advert: DayAmount = |d, date| {
            let pence = varied(3_000, d, 1_000);
            (date.weekday().num_days_from_monday() < 5).then(|| format!("{}.{:02}", pence / 100, pence % 100))
        };
        let livery: DayAmount = |d, _| d.ends_with("-01").then(|| "45.00".to_string());
        let lines = [
            (SpendOn { source_medium_id: yell, ..SpendOn::default() }, listing),
            (SpendOn { campaign_id: radio, ..SpendOn::default() }, advert),
            (SpendOn { routing_entry_id: van, ..SpendOn::default() }, livery),
        ];
        for (on, amount) in lines {
            if on == SpendOn::default() {
                continue;
            }
            let amounts = days
                .iter()
                .map(|d| {
                    let date = NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap_or(first);
                    if *d > today {
                        String::new()
                    } else {
                        amount(d, date).unwrap_or_default()
                    }
                })
                .collect();
            let form = SpendMonthForm {
                month: month.clone(),
                source_medium_id: on.source_medium_id,
                campaign_id: on.campaign_id,
                routing_entry_id: on.routing_entry_id,
                amounts,
            };
            let Ok(spent) = domain::spend::parse_month_form(&form, &today) else { continue };
            let range = (days[0].as_str(), days[days.len() - 1].as_str());
            ad_spend::save_month(db, HARBOUR, on, range, &spent, now).await?;
        }
    }
    Ok(())
}
