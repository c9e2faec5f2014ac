//! The demo's call-to-actions: three for each customer with dynamic pools (the
//! header's click-to-call link on every page, a booking button, the contact form), and clicks on
//! the stored visits: a few minutes before some of the pool calls of the last 30 days (and a
//! few after, or too long before, which do not count), and many on visits that never called.
//! The counts the pages show come from these rows by the same query the page uses. A few dozen
//! rows a customer, inserted in batches.

use crate::store::CustomerId;
use domain::cta::{Cta, CtaKind, CALL_WINDOW_SECONDS};
use sqlx::AnyPool;

use crate::db::Backend;
use crate::store::cta as store;

const DAY: i64 = 24 * 60 * 60;
/// Pool calls of the last 30 days given a click before them, a customer.
const CALLS_CLICKED: i64 = 12;
/// Visits that never called given a click, a customer.
const VISITS_CLICKED: i64 = 36;

fn demo_ctas() -> [Cta; 3] {
    [
        Cta {
            name: "Header call button".into(),
            kind: CtaKind::CallLink,
            selector: "a[href^=\"tel:\"]".into(),
            pages: vec![],
        },
        Cta {
            name: "Book now button".into(),
            kind: CtaKind::Button,
            selector: "#book-now".into(),
            pages: vec!["/book*".into()],
        },
        Cta {
            name: "Contact form".into(),
            kind: CtaKind::Form,
            selector: "form.contact".into(),
            pages: vec!["/contact*".into()],
        },
    ]
}

/// The path of a landing URL ("https://site/offers?x=1" gives "/offers").
fn path_of(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let path = rest.find('/').map_or("/", |i| &rest[i..]);
    path.split(['?', '#']).next().unwrap_or("/").to_string()
}

/// Seeds the call-to-actions once, after the visits: nothing when any is stored.
pub async fn seed(db: &AnyPool, now: i64) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    if Backend::of_connection(&tx) == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(super::SEED_LOCK).execute(&mut *tx).await?;
    }
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM call_to_actions").fetch_one(&mut *tx).await?;
    if stored > 0 {
        return Ok(());
    }
    let customers: Vec<CustomerId> = sqlx::query_scalar(
        "SELECT DISTINCT customer_id FROM routing_entries WHERE kind = 'dynamic' ORDER BY customer_id",
    )
    .fetch_all(&mut *tx)
    .await?;
    for customer in customers {
        let mut ids = Vec::new();
        for cta in demo_ctas() {
            ids.push(store::insert(&mut tx, customer, &cta, now - 60 * DAY).await?);
        }
        let mut clicks: Vec<Vec<store::NewClick>> = vec![Vec::new(); ids.len()];
        // Pool calls of the last 30 days, newest first: most clicked a few minutes before.
        let called: Vec<(i64, i64, i64, String)> = sqlx::query_as(
            "SELECT c.id, v.id, c.started_at, v.landing_page FROM calls c JOIN visits v ON v.id = c.visit_id
             WHERE c.customer_id = $1 AND c.direction = 'inbound' AND c.started_at >= $2 AND c.started_at < $3
             ORDER BY c.started_at DESC, c.id DESC LIMIT $4",
        )
        .bind(customer)
        .bind(now - 30 * DAY)
        .bind(now)
        .bind(CALLS_CLICKED)
        .fetch_all(&mut *tx)
        .await?;
        for (i, (call, visit, started, landing)) in called.iter().enumerate() {
            let minutes = 1 + call.rem_euclid(20);
            match i % 6 {
                // The header's number, on the page the visitor landed on.
                0..=2 => clicks[0].push((*visit, started - minutes * 60, path_of(landing))),
                3 => clicks[1].push((*visit, started - minutes * 60, "/book-online".into())),
                // Clicked after the call: not counted.
                4 => clicks[0].push((*visit, started + 5 * 60, path_of(landing))),
                // Clicked too long before the call: not counted.
                _ => clicks[2].push((*visit, started - CALL_WINDOW_SECONDS - 10 * 60, "/contact".into())),
            }
            if i % 4 == 0 {
                // A second click of the same visit: the call still counts once.
                clicks[0].push((*visit, started - 30, path_of(landing)));
            }
        }
        // Visits that never called: clicks that did not lead to a call.
        let visits: Vec<(i64, i64, String)> = sqlx::query_as(
            "SELECT id, started_at, landing_page FROM visits WHERE customer_id = $1 AND called = 0 AND started_at < $2
             ORDER BY started_at DESC, id DESC LIMIT $3",
        )
        .bind(customer)
        .bind(now - 60 * 60)
        .bind(VISITS_CLICKED)
        .fetch_all(&mut *tx)
        .await?;
        for (i, (visit, started, landing)) in visits.iter().enumerate() {
            let at = started + 20 + (visit.rem_euclid(10)) * 30;
            match i % 3 {
                0 => clicks[0].push((*visit, at, path_of(landing))),
                1 => clicks[1].push((*visit, at, "/book-online".into())),
                _ => clicks[2].push((*visit, at, "/contact".into())),
            }
        }
        for (cta, clicks) in ids.iter().zip(&clicks) {
            store::insert_clicks(&mut tx, customer, *cta, clicks).await?;
        }
    }
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_landing_urls_path_leaves_the_site_and_the_query() {
        assert_eq!(path_of("https://www.harbourlane.test/offers?utm_source=x"), "/offers");
        assert_eq!(path_of("https://www.harbourlane.test"), "/");
        assert_eq!(path_of("/contact#form"), "/contact");
    }

    #[test]
    fn the_demo_ctas_are_valid_forms() {
        for cta in demo_ctas() {
            let form = domain::cta::CtaForm {
                name: cta.name.clone(),
                kind: cta.kind.key().into(),
                selector: cta.selector.clone(),
                all_pages: if cta.pages.is_empty() { "1".into() } else { String::new() },
                pages: cta.pages.join("\n"),
            };
            assert_eq!(domain::cta::parse_cta(&form, &[] as &[&str]), Ok(cta));
        }
    }
}
