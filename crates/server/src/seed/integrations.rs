//! The home page's demo: Harbour Lane Dental (100) has Google Analytics (with a
//! property), HubSpot and the tag manager connected, three dynamic URLs (the main site checked
//! yesterday and working) and a splash screen; its sister practice, Stone & Sons (Starter) and
//! Atlas Insurance have a dynamic URL each, for the tenant tests.

use crate::store::CustomerId;
use sqlx::{Any, Transaction};

const DAY: i64 = 24 * 60 * 60;

/// (id, customer, description, url, reference)
const DYNAMIC_URLS: [(i64, i64, &str, &str, &str); 6] = [
    (1, 100, "Main website", "https://www.harbourlanedental.co.uk/", "hld-main"),
    (2, 100, "Implants landing page", "http://implants.harbourlanedental.co.uk/", "hld-implants"),
    (3, 100, "Online booking", "https://book.harbourlanedental.co.uk/", "hld-booking"),
    (4, 101, "Orthodontics website", "https://www.harbourlaneortho.co.uk/", "hlo-main"),
    (5, 200, "Stone & Sons website", "https://www.stoneandsons.example/", "ssp-main"),
    (6, 300, "Atlas quotes", "https://quotes.atlasinsurance.example/", "aig-quotes"),
];

/// The number each demo website shows, which its pools' numbers replace (the implants page of the
/// Playwright flows' demo site shows 0113 496 0000).
const REPLACED: [(i64, &str); 6] = [
    (1, "0113 496 0100"),
    (2, "0113 496 0000"),
    (3, "0113 496 0200"),
    (4, "0113 496 0300"),
    (5, "0161 496 0400"),
    (6, "0207 946 0500"),
];

pub const SPLASH_TITLE: &str = "New: check your website's tracking";

pub async fn seed(tx: &mut Transaction<'_, Any>, now: i64) -> Result<(), sqlx::Error> {
    for (id, customer, description, url, reference) in DYNAMIC_URLS {
        sqlx::query(
            "INSERT INTO dynamic_urls (id, customer_id, description, url, reference, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(customer)
        .bind(description)
        .bind(url)
        .bind(reference)
        .bind(now - 90 * DAY)
        .execute(&mut **tx)
        .await?;
    }
    for (url, number) in REPLACED {
        sqlx::query("INSERT INTO dynamic_url_replacements (dynamic_url_id, position, number) VALUES ($1, 0, $2)")
            .bind(url)
            .bind(number)
            .execute(&mut **tx)
            .await?;
    }
    // Yesterday's check of the main site: script working, with the tag manager and analytics.
    sqlx::query(
        "INSERT INTO website_checks (customer_id, dynamic_url_id, status, mhct, mhct_working, tag_manager,
             google_analytics, created_at, finished_at)
         VALUES (100, 1, 5, 1, 1, 1, 1, $1, $2)",
    )
    .bind(now - DAY)
    .bind(now - DAY + 20)
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE dynamic_urls SET last_good_check_at = $1 WHERE id = 1")
        .bind(now - DAY + 20)
        .execute(&mut **tx)
        .await?;
    let connected = [
        (
            100,
            "google_analytics",
            "Harbour Lane Dental (Google Analytics)",
            r#"{"propertyId":"G-HLD0000101","propertyType":"1","propertyUrl":"https://www.harbourlanedental.co.uk/"}"#,
        ),
        (
            100,
            "hubspot",
            "Harbour Lane Dental (HubSpot)",
            r#"{"accountId":"400010001","accountName":"Harbour Lane Dental","sends":"call_timeline,new_contacts"}"#,
        ),
        (100, "google_tag_manager", "Harbour Lane Dental (Google Tag Manager)", "{}"),
        // Its conversions go to Meta; Google Ads stays unconnected, as the tests connect it.
        (100, "meta_ads", "Harbour Lane Dental (Meta Ads)", "{}"),
        (
            300,
            "google_ads",
            "Atlas Insurance Group (Google Ads)",
            r#"{"accountId":"000-300-0001","accountName":"Atlas Insurance Group – Search","sends":"all_calls"}"#,
        ),
    ];
    for (customer, identifier, account, settings) in connected {
        sqlx::query(
            "INSERT INTO customer_integrations (customer_id, identifier, account, settings, connected_at, connected_by)
             VALUES ($1, $2, $3, $4, $5, 0)",
        )
        .bind(customer)
        .bind(identifier)
        .bind(account)
        .bind(settings)
        .bind(now - 30 * DAY)
        .execute(&mut **tx)
        .await?;
    }
    // The logins' accounts and portals at the sandbox provider, as a first consent makes them.
    let logins = [(100, "hubspot", "Harbour Lane Dental"), (300, "google_ads", "Atlas Insurance Group")];
    for (customer, identifier, name) in logins {
        for found in crate::providers::ad_platforms::sandbox_accounts(identifier, CustomerId::new(customer), name) {
            sqlx::query(
                "INSERT INTO sandbox_provider_accounts (customer_id, identifier, account_id, name) VALUES ($1, $2, $3, $4)",
            )
            .bind(customer)
            .bind(identifier)
            .bind(&found.account_id)
            .bind(&found.name)
            .execute(&mut **tx)
            .await?;
        }
    }
    let properties = [
        ("G-HLD0000101", "https://www.harbourlanedental.co.uk/"),
        ("G-HLD0000102", "https://book.harbourlanedental.co.uk/"),
    ];
    for (ua, url) in properties {
        sqlx::query("INSERT INTO sandbox_ga_properties (customer_id, ua, url) VALUES (100, $1, $2)")
            .bind(ua)
            .bind(url)
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query("INSERT INTO splash_screens (id, customer_id, title, body, created_at) VALUES (1, 100, $1, $2, $3)")
        .bind(SPLASH_TITLE)
        .bind(
            "Each dynamic URL on the Integrate page now has a Check website button: it loads your site and \
             tells you whether the tracking code is there and working, and which marketing tags it found.",
        )
        .bind(now - DAY)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
