//! The tracking script's calls (docs/tracking-api.md): page views given a pool number
//! of their own (kept for the session, shared when the pool runs dry), classified with the
//! visitor's first touch; clicks on call-to-actions; the bots filter; every bound, the address
//! limit and other customers' visits and call-to-actions.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::header::{CONTENT_TYPE, USER_AGENT};
use axum::http::StatusCode;
use domain::tracking::{
    ADDRESS_HOLDS_MAX, CLICKS_PER_VISIT_MAX, CTA_NOT_ON_PAGE, PAGE_NOT_ON_SITE, PAGE_NOT_WEB, TOO_MANY_CLICKS,
};
use serde_json::Value;

use crate::helpers::{request, Reply, TestApp};

const CHROME: &str =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
/// Harbour Lane's implants landing page (dynamic URL 2, customer 100).
const IMPLANTS: &str = "hld-implants";
const SITE: &str = "http://implants.harbourlanedental.co.uk";
const HOUR: i64 = 60 * 60;
const DAY: i64 = 24 * HOUR;

async fn post(app: &TestApp, path: &str, agent: &str, fields: &[(&str, &str)]) -> Reply {
    post_from(app, LOCAL, path, agent, fields).await
}

const LOCAL: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// A tracking call from the client address `from`.
async fn post_from(app: &TestApp, from: IpAddr, path: &str, agent: &str, fields: &[(&str, &str)]) -> Reply {
    let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(fields).finish();
    let mut req = request("POST", path, None, false)
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(USER_AGENT, agent)
        .body(Body::from(body))
        .unwrap();
    req.extensions_mut().insert(ConnectInfo(SocketAddr::new(from, 40_000)));
    app.send(req).await
}

/// A new visitor's page view on the implants site from `from`.
async fn new_visit_from(app: &TestApp, from: &str) -> Value {
    let fields = [("reference", IMPLANTS), ("visitorId", ""), ("page", "http://implants.harbourlanedental.co.uk/")];
    ok(post_from(app, from.parse().unwrap(), "/tracking/visit", CHROME, &fields).await)
}

async fn view(app: &TestApp, visitor: &str, page: &str, referrer: &str) -> Reply {
    post(
        app,
        "/tracking/visit",
        CHROME,
        &[("reference", IMPLANTS), ("visitorId", visitor), ("page", page), ("referrer", referrer)],
    )
    .await
}

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.header("access-control-allow-origin").as_deref(), Some("*"));
    reply.json()
}

fn field_error(reply: &Reply, field: &str) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    reply.json()["errors"][field].as_str().unwrap_or_default().to_string()
}

/// A fresh app an hour on, so that no demo visit still holds a pool number.
async fn quiet_app() -> TestApp {
    let app = TestApp::spawn().await;
    app.state.clock.advance(HOUR);
    app
}

async fn pool_numbers(app: &TestApp) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT p.number FROM pool_numbers p JOIN routing_entries e ON e.id = p.routing_entry_id
         WHERE e.dynamic_url_id = 2 ORDER BY p.number",
    )
    .fetch_all(&app.state.db)
    .await
    .unwrap()
}

/// The visit's (source, medium), visitor id, keyword, click id, exhausted flag.
async fn stored_visit(app: &TestApp, id: i64) -> (String, String, String, String, String, i64) {
    sqlx::query_as(&format!(
        "SELECT s.source, s.medium, v.visitor_id, v.keyword, v.click_id, v.pool_exhausted
         FROM visits v JOIN sources_mediums s ON s.id = v.source_medium_id WHERE v.id = {id}"
    ))
    .fetch_one(&app.state.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_page_view_gets_a_pool_number_kept_for_the_session_and_the_first_touch_credits_the_next_visit() {
    let app = quiet_app().await;
    let numbers = pool_numbers(&app).await;
    assert!(!numbers.is_empty(), "the implants page has a pool");
    let landing =
        format!("{SITE}/offer?utm_source=bing&utm_medium=cpc&utm_term=dental+implants&msclkid=abc&branch=leeds");
    let first = ok(view(&app, "", &landing, "https://www.bing.com/").await);
    let visitor = first["visitorId"].as_str().unwrap().to_string();
    assert_eq!(visitor.len(), 22);
    let visit = first["visitId"].as_i64().unwrap();
    let display = first["number"]["display"].as_str().unwrap();
    let tel = first["number"]["tel"].as_str().unwrap();
    let digits: String = display.chars().filter(char::is_ascii_digit).collect();
    assert!(numbers.contains(&digits), "{display} is one of {numbers:?}");
    assert_eq!(tel, format!("+44{}", &digits[1..]));
    // The page's own number, as a pattern the script runs.
    assert_eq!(first["replace"].as_array().unwrap().len(), 1);
    assert!(first["replace"][0].as_str().unwrap().contains(r"(?!\d)"));
    let stored = stored_visit(&app, visit).await;
    assert_eq!(
        stored,
        ("bing".into(), "cpc".into(), visitor.clone(), "dental implants".into(), "msclkid=abc".into(), 0)
    );
    let branch: Vec<String> =
        sqlx::query_scalar(&format!("SELECT value FROM visit_parameters WHERE visit_id = {visit} AND name = 'branch'"))
            .fetch_all(&app.state.db)
            .await
            .unwrap();
    assert_eq!(branch, ["leeds"]);

    // Another page 10 minutes later: the same visit and number.
    app.state.clock.advance(10 * 60);
    // The test clock runs: a busy machine may pass a second between a request and a reading.
    let sent_at = app.state.clock.now();
    let again = ok(view(&app, &visitor, &format!("{SITE}/prices"), &landing).await);
    assert_eq!((again["visitId"].as_i64(), again["number"]["display"].as_str()), (Some(visit), Some(display)));
    let seen: i64 = sqlx::query_scalar(&format!("SELECT last_seen_at FROM visits WHERE id = {visit}"))
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert!((sent_at..=app.state.clock.now()).contains(&seen), "last seen {seen} is the second page's time");

    // Back directly three days later: a new visit, credited to the first touch (bing / cpc).
    app.state.clock.advance(3 * DAY);
    let back = ok(view(&app, &visitor, &format!("{SITE}/"), "").await);
    let second = back["visitId"].as_i64().unwrap();
    assert_ne!(second, visit);
    assert_eq!(stored_visit(&app, second).await.0, "bing");
    // A new visitor landing directly is direct.
    let other = ok(view(&app, "", &format!("{SITE}/"), "").await);
    assert_ne!(other["visitorId"], back["visitorId"]);
    assert_eq!(stored_visit(&app, other["visitId"].as_i64().unwrap()).await.0, "(direct)");

    // 30 days after the first touch it no longer holds: the visit counts for itself.
    app.state.clock.advance(27 * DAY);
    let sent_at = app.state.clock.now();
    let late = ok(view(&app, &visitor, &format!("{SITE}/"), "").await);
    assert_eq!(stored_visit(&app, late["visitId"].as_i64().unwrap()).await.0, "(direct)");
    let first_touch: (String, i64) = sqlx::query_as(&format!(
        "SELECT s.source, t.first_seen_at FROM visitors t JOIN sources_mediums s ON s.id = t.first_source_medium_id
         WHERE t.customer_id = 100 AND t.visitor_id = '{visitor}'"
    ))
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(first_touch.0, "(direct)", "the first touch starts again");
    assert!((sent_at..=app.state.clock.now()).contains(&first_touch.1), "it starts at this visit");
}

#[tokio::test]
async fn each_visitor_holds_a_number_alone_until_the_pool_runs_dry() {
    let app = quiet_app().await;
    let numbers = pool_numbers(&app).await;
    let mut shown = Vec::new();
    // Each visitor from an address of their own (one address holds only a few numbers).
    for i in 0..numbers.len() {
        let answer = new_visit_from(&app, &format!("203.0.113.{i}")).await;
        shown.push(answer["number"]["display"].as_str().unwrap().to_string());
    }
    let mut distinct = shown.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), numbers.len(), "every visitor a number of their own: {shown:?}");
    let dry = new_visit_from(&app, "203.0.113.200").await;
    assert_eq!(stored_visit(&app, dry["visitId"].as_i64().unwrap()).await.5, 1, "the pool ran dry");
    assert!(shown.contains(&dry["number"]["display"].as_str().unwrap().to_string()));
    // 31 minutes on every hold has ended.
    app.state.clock.advance(31 * 60);
    let fresh = ok(view(&app, "", &format!("{SITE}/"), "").await);
    assert_eq!(stored_visit(&app, fresh["visitId"].as_i64().unwrap()).await.5, 0);
}

/// The implants site's first pool.
async fn first_pool(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT MIN(id) FROM routing_entries WHERE dynamic_url_id = 2 AND kind = 'dynamic'")
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

/// The pool page's health of the implants site's first pool.
async fn first_pool_health(app: &TestApp, session: &str) -> Value {
    let reply = app.get(&format!("/api/dynamicurls/getPool/2/{}", first_pool(app).await), Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["health"].clone()
}

#[tokio::test]
async fn one_address_holds_at_most_a_few_numbers_and_its_other_visits_share_as_suspected_abuse() {
    let app = quiet_app().await;
    let owner = app.login("owner@demo.test").await;
    let before = first_pool_health(&app, &owner).await;
    let numbers = pool_numbers(&app).await;
    assert!(numbers.len() > ADDRESS_HOLDS_MAX + 1, "the pool is larger than the bound");
    let mut visits = Vec::new();
    for _ in 0..30 {
        visits.push(new_visit_from(&app, "198.51.100.7").await["visitId"].as_i64().unwrap());
    }
    let held: Vec<(String, i64, i64)> =
        sqlx::query_as("SELECT number_shown, pool_exhausted, suspected_abuse FROM visits WHERE id >= $1 ORDER BY id")
            .bind(visits[0])
            .fetch_all(&app.state.db)
            .await
            .unwrap();
    let own: Vec<&(String, i64, i64)> = held.iter().filter(|(_, exhausted, _)| *exhausted == 0).collect();
    assert_eq!(own.len(), ADDRESS_HOLDS_MAX, "the address holds its bound: {held:?}");
    assert!(held.iter().skip(ADDRESS_HOLDS_MAX).all(|(_, exhausted, abuse)| (*exhausted, *abuse) == (1, 1)));
    // An IPv6 /64 is one address: its other addresses share too.
    for i in 1..=5 {
        new_visit_from(&app, &format!("2001:db8:7:7::{i}")).await;
    }
    let v6_own: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM visits WHERE id > $1 AND pool_exhausted = 0")
        .bind(visits[29])
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(v6_own, ADDRESS_HOLDS_MAX as i64);
    // A visitor from another address still gets a number of their own, free of the drainers'.
    let other = new_visit_from(&app, "192.0.2.44").await;
    assert_eq!(stored_visit(&app, other["visitId"].as_i64().unwrap()).await.5, 0, "a number of its own");
    let drained: Vec<String> = own.iter().map(|(number, _, _)| number.clone()).collect();
    let other_number: String = sqlx::query_scalar("SELECT number_shown FROM visits WHERE id = $1")
        .bind(other["visitId"].as_i64().unwrap())
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert!(!drained.contains(&other_number));
    // The pool page leaves the shared visits out of its figures and counts them as suspected abuse.
    let after = first_pool_health(&app, &owner).await;
    let grew = |field: &str| after[field].as_i64().unwrap() - before[field].as_i64().unwrap();
    assert_eq!(grew("suspectedAbuseVisits"), (30 - ADDRESS_HOLDS_MAX + 5 - ADDRESS_HOLDS_MAX) as i64);
    let own_in_pool: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM visits WHERE id >= $1 AND routing_entry_id = $2 AND pool_exhausted = 0",
    )
    .bind(visits[0])
    .bind(first_pool(&app).await)
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(grew("visits"), own_in_pool, "only visits with numbers of their own: {after}");
}

#[tokio::test]
async fn the_bots_filter_gives_crawlers_no_number_and_stores_no_visit() {
    let app = quiet_app().await;
    let bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let fields = [("reference", IMPLANTS), ("page", "http://implants.harbourlanedental.co.uk/")];
    let count = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM visits").fetch_one(&app.state.db).await.unwrap()
    };
    let before = count().await;
    assert!(ok(post(&app, "/tracking/visit", bot, &fields).await)["number"].is_object(), "no filter: a number");
    assert_eq!(count().await, before + 1);
    sqlx::query("UPDATE dynamic_urls SET bots_filter = 1 WHERE id = 2").execute(&app.state.db).await.unwrap();
    let filtered = ok(post(&app, "/tracking/visit", bot, &fields).await);
    assert_eq!((filtered["visitId"].clone(), filtered["number"].clone()), (Value::Null, Value::Null));
    assert_eq!(count().await, before + 1);
    assert!(ok(post(&app, "/tracking/visit", CHROME, &fields).await)["number"].is_object());
}

#[tokio::test]
async fn bad_page_views_are_refused_and_every_field_is_bounded() {
    let app = quiet_app().await;
    let unknown = post(&app, "/tracking/visit", CHROME, &[("reference", "nope"), ("page", "http://x.test/")]).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let long_ref = "r".repeat(65);
    let reply = post(&app, "/tracking/visit", CHROME, &[("reference", &long_ref), ("page", "http://x.test/")]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(field_error(&view(&app, "", "ftp://implants.harbourlanedental.co.uk/", "").await, "page"), PAGE_NOT_WEB);
    assert_eq!(field_error(&view(&app, "", "https://evil.example/", "").await, "page"), PAGE_NOT_ON_SITE);
    // A browser reads this page as on evil.example (the backslash ends the host).
    let disguised = "https://evil.example\\@implants.harbourlanedental.co.uk/";
    assert_eq!(field_error(&view(&app, "", disguised, "").await, "page"), PAGE_NOT_ON_SITE);
    let huge = format!("{SITE}/?q={}", "x".repeat(9_000));
    assert_eq!(view(&app, "", &huge, "").await.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = format!("reference={IMPLANTS}&page={}", "x".repeat(20_000));
    let req = request("POST", "/tracking/visit", None, false)
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .unwrap();
    assert_eq!(app.send(req).await.status, StatusCode::PAYLOAD_TOO_LARGE);
    // A tampered visitor id starts a new visitor; a long page address is cut to 2,000 characters.
    let long = format!("{SITE}/?q={}", "y".repeat(3_000));
    let answer = ok(view(&app, "not valid!", &long, &"z".repeat(5_000)).await);
    assert_ne!(answer["visitorId"], "not valid!");
    let (page, referrer): (String, String) = sqlx::query_as(&format!(
        "SELECT landing_page, referrer FROM visits WHERE id = {}",
        answer["visitId"].as_i64().unwrap()
    ))
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!((page.len(), referrer.len()), (2_000, 2_000));
}

/// Customer 100's call-to-action for `a.call` links on the offer pages.
async fn offer_cta(app: &TestApp) -> i64 {
    let owner = app.login("owner@demo.test").await;
    let fields = [
        ("form_name", "Offer call link"),
        ("form_kind", "call_link"),
        ("form_selector", "a.call"),
        ("form_all_pages", "0"),
        ("form_pages", "/offer*"),
    ];
    let reply = app.post_form("/api/cta/addCta", Some(&owner), &fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["id"].as_i64().unwrap()
}

#[tokio::test]
async fn clicks_are_recorded_on_the_visitors_own_visit_on_the_pages_the_cta_applies_to() {
    let app = quiet_app().await;
    let cta = offer_cta(&app).await;
    let offer = format!("{SITE}/offer/spring");
    let answer = ok(view(&app, "", &offer, "").await);
    let watched: Vec<i64> = answer["ctas"].as_array().unwrap().iter().filter_map(|c| c["id"].as_i64()).collect();
    assert!(watched.contains(&cta), "{answer}");
    let offered = answer["ctas"].as_array().unwrap().iter().find(|c| c["id"] == cta).unwrap();
    assert_eq!((offered["kind"].as_str(), offered["selector"].as_str()), (Some("callLink"), Some("a.call")));
    let about = ok(view(&app, "", &format!("{SITE}/about"), "").await);
    assert!(!about["ctas"].as_array().unwrap().iter().any(|c| c["id"] == cta));

    let visitor = answer["visitorId"].as_str().unwrap().to_string();
    let visit = answer["visitId"].as_i64().unwrap().to_string();
    let cta_id = cta.to_string();
    let click = |visitor: String, visit: String, cta: String, page: String| {
        let app = &app;
        async move {
            let fields = [
                ("reference", IMPLANTS),
                ("visitorId", visitor.as_str()),
                ("visitId", visit.as_str()),
                ("ctaId", cta.as_str()),
                ("page", page.as_str()),
            ];
            post(app, "/tracking/click", CHROME, &fields).await
        }
    };
    assert_eq!(ok(click(visitor.clone(), visit.clone(), cta_id.clone(), offer.clone()).await)["recorded"], true);
    let stored: (i64, String) =
        sqlx::query_as(&format!("SELECT visit_id, page_path FROM cta_clicks WHERE cta_id = {cta}"))
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert_eq!(stored, (visit.parse().unwrap(), "/offer/spring".to_string()));

    // Another visitor's id, another customer's call-to-action or visit, an unknown reference: 404.
    let other_visitor = "a".repeat(22);
    let reply = click(other_visitor, visit.clone(), cta_id.clone(), offer.clone()).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let foreign_cta: i64 = sqlx::query_scalar(
        "INSERT INTO call_to_actions (customer_id, name, kind, selector, pages, created_at)
         VALUES (101, 'Their call link', 'call_link', 'a.call', '', 0) RETURNING id",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    let reply = click(visitor.clone(), visit.clone(), foreign_cta.to_string(), offer.clone()).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let foreign_visitor = "their-visitor-000000000".to_string();
    let foreign_visit: i64 = sqlx::query_scalar(&format!(
        "INSERT INTO visits (customer_id, routing_entry_id, number_shown, started_at, visitor_id, last_seen_at)
         VALUES (101, 0, '', 0, '{foreign_visitor}', 0) RETURNING id"
    ))
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    let reply = click(foreign_visitor, foreign_visit.to_string(), cta_id.clone(), offer.clone()).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let reply = post(
        &app,
        "/tracking/click",
        CHROME,
        &[("reference", "nope"), ("visitorId", &visitor), ("visitId", &visit), ("ctaId", &cta_id), ("page", &offer)],
    )
    .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let reply = click(visitor.clone(), "0".into(), cta_id.clone(), offer.clone()).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let reply = click(visitor.clone(), "x".into(), cta_id.clone(), offer.clone()).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);

    // Not on this page; then at most 50 clicks a visit.
    let reply = click(visitor.clone(), visit.clone(), cta_id.clone(), format!("{SITE}/about")).await;
    assert_eq!(field_error(&reply, "ctaId"), CTA_NOT_ON_PAGE);
    for _ in 1..CLICKS_PER_VISIT_MAX {
        ok(click(visitor.clone(), visit.clone(), cta_id.clone(), offer.clone()).await);
    }
    let reply = click(visitor.clone(), visit.clone(), cta_id.clone(), offer.clone()).await;
    assert_eq!(field_error(&reply, "visitId"), TOO_MANY_CLICKS);
    let count: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM cta_clicks WHERE visit_id = {visit}"))
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(count, CLICKS_PER_VISIT_MAX);
}

#[tokio::test]
async fn an_address_past_its_limit_waits() {
    let app = quiet_app().await;
    let fields = [("reference", "nope"), ("page", "http://x.test/")];
    for _ in 0..server::http::TRACKING_ADDRESS_LIMIT {
        assert_eq!(post(&app, "/tracking/visit", CHROME, &fields).await.status, StatusCode::NOT_FOUND);
    }
    let reply = post(&app, "/tracking/visit", CHROME, &fields).await;
    assert_eq!(reply.status, StatusCode::TOO_MANY_REQUESTS, "{}", reply.text());
    assert_eq!(reply.header("access-control-allow-origin").as_deref(), Some("*"));
    // The next minute starts again.
    app.state.clock.advance(60);
    assert_eq!(post(&app, "/tracking/visit", CHROME, &fields).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_script_is_served_to_any_site_as_javascript() {
    let app = TestApp::spawn().await;
    let reply = app.send(request("GET", "/tracking/mhct.js", None, false).body(Body::empty()).unwrap()).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("content-type").as_deref(), Some("text/javascript; charset=utf-8"));
    assert_eq!(reply.header("access-control-allow-origin").as_deref(), Some("*"));
    assert!(reply.text().contains("/tracking/visit") && reply.text().contains("data-vcam"));
}

#[tokio::test]
async fn the_demo_has_returning_visitors_whose_first_touch_is_stored_and_purged_after_30_days() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    // Every visit has a visitor; some visitors came back, always from their first touch's pair.
    let unnamed: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM visits WHERE visitor_id = ''").fetch_one(db).await.unwrap();
    assert_eq!(unnamed, 0);
    let returning: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT visitor_id, COUNT(*), COUNT(DISTINCT source_medium_id) FROM visits GROUP BY visitor_id HAVING COUNT(*) > 1",
    )
    .fetch_all(db)
    .await
    .unwrap();
    assert!(returning.len() > 10, "{} returning visitors", returning.len());
    assert!(returning.iter().all(|(_, _, pairs)| *pairs == 1), "a returning visitor keeps their first touch");
    let now = app.state.clock.now();
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM visitors").fetch_one(db).await.unwrap();
    let old: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM visitors WHERE first_seen_at <= {}", now - 30 * DAY))
            .fetch_one(db)
            .await
            .unwrap();
    assert!(stored > 0);
    assert_eq!(old, 0);
    server::jobs::housekeeping::purge_expired(db, now + 30 * DAY).await.unwrap();
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM visitors").fetch_one(db).await.unwrap();
    assert_eq!(left, 0, "every first touch is over 30 days old by then");
}
