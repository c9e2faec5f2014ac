//! Dynamic URLs and their website checks: the job's statuses to the end against small sites
//! served by the test (script working, broken, absent; slow, redirect loop, huge page, an error
//! page, a redirect into a private network or to an IPv6 form of an inside address), the safe
//! fetch's refusals, other customers' URLs and jobs, and one customer's silent sites never
//! holding up another's check.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use axum::response::{Html, Redirect};
use axum::routing::get;
use axum::Router;
use serde_json::Value;
use server::jobs::website_check::{self, FetchPolicy, PER_CUSTOMER};
use server::store::dynamic_urls;

use crate::helpers::TestApp;

const WORKING: &str = r#"<html><head>
<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-HLD123"></script>
<script async src="/tracking/mhct.js" data-vcam="hld-implants"></script>
<script src="//bat.bing.com/bat.js"></script></head><body>Implants</body></html>"#;
const BROKEN: &str = r#"<script async src="/tracking/mhct.js" data-vcam="someone-else"></script>"#;
const ABSENT: &str = r#"<script src="//js.hs-scripts.com/1234.js"></script><p>No tracking here</p>"#;

/// A small site on this machine; its address.
async fn site() -> String {
    let router = Router::new()
        .route("/working", get(|| async { Html(WORKING) }))
        .route("/broken", get(|| async { Html(BROKEN) }))
        .route("/absent", get(|| async { Html(ABSENT) }))
        .route("/moved", get(|| async { Redirect::temporary("/working") }))
        .route(
            "/slow",
            get(|| async {
                tokio::time::sleep(Duration::from_secs(60)).await;
                Html("late")
            }),
        )
        .route("/loop", get(|| async { Redirect::temporary("/loop") }))
        .route("/huge", get(|| async { "x".repeat(3 * 1024 * 1024) }))
        .route("/gone", get(|| async { (StatusCode::NOT_FOUND, "gone") }))
        .route("/inside", get(|| async { Redirect::temporary("http://10.0.0.1/") }))
        .route("/inside6", get(|| async { Redirect::temporary("http://[64:ff9b::7f00:1]/") }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{addr}")
}

/// A site that takes every connection and never answers; its address.
async fn silent_site() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((connection, _)) = listener.accept().await {
            held.push(connection);
        }
    });
    format!("http://{addr}/")
}

/// Gives Atlas (customer 300) `n` more dynamic URLs at `url` and starts a check of each, as its
/// owner; the checks' ids.
async fn queue_atlas_checks(app: &TestApp, atlas: &str, url: &str, n: usize) -> Vec<i64> {
    let mut jobs = Vec::new();
    for i in 0..n {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO dynamic_urls (customer_id, description, url, reference, created_at)
             VALUES (300, $1, $2, $3, $4) RETURNING id",
        )
        .bind(format!("Slow page {i}"))
        .bind(url)
        .bind(format!("aig-slow-{i}"))
        .bind(crate::helpers::TEST_NOW)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
        let started = app.get(&format!("/api/admin/startJob/{id}/1"), Some(atlas)).await;
        assert_eq!(started.status, StatusCode::OK, "{}", started.text());
        jobs.push(started.json()["jobId"].as_i64().unwrap());
    }
    jobs
}

/// How many of the customer's checks are loading a website now.
async fn loading(app: &TestApp, customer: i64) -> i64 {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM website_checks WHERE customer_id = $1 AND status = 3")
        .bind(customer)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    n
}

async fn point(app: &TestApp, id: i64, url: &str) {
    sqlx::query("UPDATE dynamic_urls SET url = $1 WHERE id = $2")
        .bind(url)
        .bind(id)
        .execute(&app.state.db)
        .await
        .unwrap();
}

async fn run_checks(app: &TestApp, policy: &FetchPolicy) -> u64 {
    website_check::run_once(&app.state.db, &app.state.clock, policy).await.unwrap()
}

/// Starts a fresh check of dynamic URL 2 (Harbour Lane's implants page) at `path` of the site,
/// runs it and answers checkJob.
async fn check(app: &TestApp, owner: &str, url: &str) -> Value {
    point(app, 2, url).await;
    let started = app.get("/api/admin/startJob/2/1", Some(owner)).await;
    assert_eq!(started.status, StatusCode::OK, "{}", started.text());
    let started = started.json();
    assert_eq!(started["job"]["WechStatus"], 1, "queued");
    let job = started["jobId"].as_i64().unwrap();
    assert_eq!(run_checks(app, &app.state.settings.website_check).await, 1);
    let reply = app.get(&format!("/api/admin/checkJob/{job}"), Some(owner)).await;
    assert_eq!(reply.status, StatusCode::OK);
    reply.json()
}

#[tokio::test]
async fn a_page_with_our_script_set_up_is_checked_and_working_with_its_tags() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let site = site().await;
    let job = check(&app, &owner, &format!("{site}/working")).await;
    assert_eq!(job["WechStatus"], 5);
    assert_eq!((job["WechMhct"].clone(), job["WechMhctWorking"].clone()), (1.into(), 1.into()));
    assert_eq!((job["WechTagManager"].clone(), job["WechBingAds"].clone()), (1.into(), 1.into()));
    assert_eq!((job["WechGoogleAds"].clone(), job["WechHubSpot"].clone()), (0.into(), 0.into()));
    assert_eq!(job["VcamID"], 2);
    // A redirect within the site is followed.
    assert_eq!(check(&app, &owner, &format!("{site}/moved")).await["WechMhctWorking"], 1);
}

#[tokio::test]
async fn a_script_for_another_url_is_present_but_not_working_and_an_absent_one_is_absent() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let site = site().await;
    let broken = check(&app, &owner, &format!("{site}/broken")).await;
    assert_eq!(
        (broken["WechStatus"].clone(), broken["WechMhct"].clone(), broken["WechMhctWorking"].clone()),
        (5.into(), 1.into(), 0.into())
    );
    let absent = check(&app, &owner, &format!("{site}/absent")).await;
    assert_eq!(
        (absent["WechStatus"].clone(), absent["WechMhct"].clone(), absent["WechHubSpot"].clone()),
        (5.into(), 0.into(), 1.into())
    );
}

#[tokio::test]
async fn slow_looping_huge_and_missing_pages_end_in_error_checking_website() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let site = site().await;
    for path in ["/slow", "/loop", "/huge", "/gone"] {
        let started = std::time::Instant::now();
        let job = check(&app, &owner, &format!("{site}{path}")).await;
        assert_eq!(job["WechStatus"], 6, "{path}");
        assert_eq!(job["WechMhct"], 0, "{path}");
        // The slow page answers after a minute: the check gave up long before.
        assert!(started.elapsed() < Duration::from_secs(30), "{path} took {:?}", started.elapsed());
    }
}

#[tokio::test]
async fn a_failed_check_says_why_in_words_and_keeps_the_last_good_result_beside_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let site = site().await;
    let never = check(&app, &owner, "http://nonexistent.invalid/").await;
    assert_eq!(never["reason"], "We could not reach nonexistent.invalid");
    assert_eq!(never["lastGoodCheckAt"], Value::Null, "never found working");

    let working = check(&app, &owner, &format!("{site}/working")).await;
    assert_eq!((working["reason"].clone(), working["WechStatus"].clone()), (Value::Null, 5.into()));
    let good_at = app.state.clock.now();
    assert_eq!(working["lastGoodCheckAt"], good_at);

    app.state.clock.advance(60 * 60);
    let owner = app.login("owner@demo.test").await;
    // A port nothing listens on: the site cannot be reached.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap().local_addr().unwrap();
    for (url, reason) in [
        (format!("{site}/absent"), "The tracking code was not found on the page".to_string()),
        (format!("{site}/gone"), "The site answered 404".to_string()),
        (format!("http://{closed}/"), "We could not reach 127.0.0.1".to_string()),
        (format!("{site}/broken"), "The tracking code on the page is not this dynamic URL's".to_string()),
    ] {
        let job = check(&app, &owner, &url).await;
        assert_eq!(job["reason"], reason, "{url}");
        assert_eq!(job["lastGoodCheckAt"], good_at, "{url}: the last good result stays");
    }
    // The list shows the last check with its reason and the last good result.
    let urls = app.get("/api/admin/getDynamicUrls", Some(&owner)).await.json()["dynamicUrls"].clone();
    let implants = urls.as_array().unwrap().iter().find(|u| u["VcamID"] == 2).unwrap();
    assert_eq!(implants["previousDayCheck"]["reason"], "The tracking code on the page is not this dynamic URL's");
    assert_eq!(implants["previousDayCheck"]["lastGoodCheckAt"], good_at);
    let main = urls.as_array().unwrap().iter().find(|u| u["VcamID"] == 1).unwrap();
    assert_eq!(main["previousDayCheck"]["reason"], Value::Null);
    assert!(main["previousDayCheck"]["lastGoodCheckAt"].is_i64(), "the demo's check of yesterday");
}

#[tokio::test]
async fn addresses_that_cannot_or_must_not_be_fetched_are_an_invalid_domain() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let site = site().await;
    for url in [
        "http://nonexistent.invalid/",
        "ftp://files.example/",
        "not a url",
        &format!("{site}/inside"),
        "http://169.254.169.254/latest/meta-data/",
        // IPv6 forms holding an IPv4 address (here the tests' own loopback, allowed as itself).
        "http://[::127.0.0.1]/",
        "http://[2002:7f00:1::]/",
        "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",
        &format!("{site}/inside6"),
    ] {
        let job = check(&app, &owner, url).await;
        assert_eq!(job["WechStatus"], 2, "{url}");
    }
    // Loopback is refused unless the setting allows it (the tests' own sites).
    point(&app, 2, &format!("{site}/working")).await;
    let job = app.get("/api/admin/startJob/2/1", Some(&owner)).await.json()["jobId"].as_i64().unwrap();
    let strict = FetchPolicy { allow_loopback: false, ..app.state.settings.website_check.clone() };
    run_checks(&app, &strict).await;
    assert_eq!(app.get(&format!("/api/admin/checkJob/{job}"), Some(&owner)).await.json()["WechStatus"], 2);
}

#[tokio::test]
async fn a_check_under_way_or_from_today_is_answered_again_and_one_asks_for_a_fresh_one() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let first = app.get("/api/admin/startJob/2", Some(&owner)).await.json()["jobId"].as_i64().unwrap();
    // Queued: both forms answer the same job rather than queue a second.
    assert_eq!(app.get("/api/admin/startJob/2", Some(&owner)).await.json()["jobId"], first);
    assert_eq!(app.get("/api/admin/startJob/2/1", Some(&owner)).await.json()["jobId"], first);
    run_checks(&app, &app.state.settings.website_check).await;
    // Finished today: startJob answers it; /1 starts another.
    assert_eq!(app.get("/api/admin/startJob/2", Some(&owner)).await.json()["jobId"], first);
    let fresh = app.get("/api/admin/startJob/2/1", Some(&owner)).await.json()["jobId"].as_i64().unwrap();
    assert!(fresh > first);
    assert_eq!(app.get("/api/admin/startJob/2/2", Some(&owner)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(run_checks(&app, &app.state.settings.website_check).await, 1);
    assert_eq!(run_checks(&app, &app.state.settings.website_check).await, 0, "nothing left to run");
}

#[tokio::test]
async fn the_dynamic_urls_list_the_customers_own_with_the_last_check() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = app.get("/api/admin/getDynamicUrls", Some(&owner)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let urls = reply.json()["dynamicUrls"].as_array().unwrap().clone();
    let names: Vec<&str> = urls.iter().map(|u| u["VcamDescription"].as_str().unwrap()).collect();
    assert_eq!(names, ["Implants landing page", "Main website", "Online booking"]);
    let main = urls.iter().find(|u| u["VcamID"] == 1).unwrap();
    assert_eq!(main["VcamReference"], "hld-main");
    assert_eq!(main["previousDayCheck"]["WechMhct"], 1);
    assert_eq!(main["previousDayCheck"]["WechStatus"], 5);
    assert_eq!(urls.iter().find(|u| u["VcamID"] == 2).unwrap()["previousDayCheck"], Value::Null);
}

#[tokio::test]
async fn group_accounts_and_accounts_without_dynamic_have_no_dynamic_urls() {
    let app = TestApp::spawn().await;
    let group = app.login("group@demo.test").await;
    assert_eq!(app.get("/api/admin/getDynamicUrls", Some(&group)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/admin/startJob/1", Some(&group)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn another_customers_dynamic_url_and_job_are_not_found() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let atlas = app.login("enterprise@demo.test").await;
    let atlas_job = app.get("/api/admin/startJob/6", Some(&atlas)).await.json()["jobId"].as_i64().unwrap();
    for path in [
        "/api/admin/startJob/6".to_string(),
        "/api/admin/startJob/6/1".to_string(),
        format!("/api/admin/checkJob/{atlas_job}"),
        "/api/tagmanager/auth/6".to_string(),
        "/api/admin/startJob/abc".to_string(),
        "/api/admin/startJob/-1".to_string(),
        "/api/admin/checkJob/99999999999999999999".to_string(),
    ] {
        let reply = app.get(&path, Some(&owner)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(!reply.text().contains("aig-quotes"), "{path}");
    }
    // A reports-only user sees the list but cannot start checks.
    let user = crate::integrations_connect::reports_only_user(&app).await;
    assert_eq!(app.get("/api/admin/getDynamicUrls", Some(&user)).await.status, StatusCode::OK);
    assert_eq!(app.get("/api/admin/startJob/1", Some(&user)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_tag_manager_authorisation_is_the_customers_own() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let auth = app.get("/api/tagmanager/auth/1", Some(&owner)).await.json();
    assert_eq!(auth, serde_json::json!({ "status": true, "authUrl": null }));
    let atlas = app.login("enterprise@demo.test").await;
    let auth = app.get("/api/tagmanager/auth/6", Some(&atlas)).await.json();
    assert_eq!(auth["status"], false);
    let start = auth["authUrl"].as_str().unwrap();
    assert!(start.starts_with("/sandbox/oauth/authorize?") && start.contains("scope=google_tag_manager"), "{start}");
}

#[tokio::test]
async fn one_customers_silent_sites_do_not_keep_another_customers_check_waiting() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let atlas = app.login("enterprise@demo.test").await;
    let (silent, site) = (silent_site().await, site().await);
    queue_atlas_checks(&app, &atlas, &silent, 10).await;
    let worker = website_check::spawn(app.state.clone());
    // Atlas's checks hang on its silent site before Harbour Lane asks for one.
    let deadline = Instant::now() + Duration::from_secs(20);
    while loading(&app, 300).await == 0 {
        assert!(Instant::now() < deadline, "Atlas's checks never started");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    point(&app, 2, &format!("{site}/working")).await;
    let asked = Instant::now();
    let job = app.get("/api/admin/startJob/2/1", Some(&owner)).await.json()["jobId"].as_i64().unwrap();
    loop {
        let reply = app.get(&format!("/api/admin/checkJob/{job}"), Some(&owner)).await.json();
        let atlas_loading = loading(&app, 300).await;
        assert!(atlas_loading <= PER_CUSTOMER, "{atlas_loading} of Atlas's checks under way at once");
        if reply["WechStatus"] == 5 {
            assert_eq!(reply["WechMhctWorking"], 1);
            break;
        }
        assert!(asked.elapsed() < Duration::from_secs(5), "Harbour Lane's check waited {:?}: {reply}", asked.elapsed());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    worker.abort();
}

#[tokio::test]
async fn server_processes_claiming_together_take_each_check_once_and_customers_in_turn() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let atlas = app.login("enterprise@demo.test").await;
    let atlas_jobs = queue_atlas_checks(&app, &atlas, "http://slow.invalid/", 10).await;
    let own_job = app.get("/api/admin/startJob/2/1", Some(&owner)).await.json()["jobId"].as_i64().unwrap();
    // A second process: a pool of its own on the same database.
    let second = server::db::connect(&app.state.settings.database_url).await.unwrap();
    let now = app.state.clock.now();
    let claim = |db: &sqlx::AnyPool, now: i64| {
        let db = db.clone();
        async move {
            let claimed = dynamic_urls::claim_checks(&db, now, now + 60, 16, PER_CUSTOMER).await.unwrap();
            claimed.into_iter().map(|c| c.id).collect::<Vec<i64>>()
        }
    };
    let (first, other) = tokio::join!(claim(&app.state.db, now), claim(&second, now));
    let mut claimed: Vec<i64> = first.into_iter().chain(other).collect();
    claimed.sort();
    assert_eq!(claimed, [atlas_jobs[0], atlas_jobs[1], own_job], "each once, Atlas two at most");
    assert_eq!(claim(&second, now).await, Vec::<i64>::new(), "Atlas has its share under way");
    // One of Atlas's ends: its next check is claimed, and only that.
    dynamic_urls::finish(&app.state.db, atlas_jobs[0], 6, &Default::default(), None, now).await.unwrap();
    assert_eq!(claim(&app.state.db, now).await, [atlas_jobs[2]]);
    // Claims of a process that died lapse and are taken again, still two at most.
    assert_eq!(claim(&second, now + 61).await, [atlas_jobs[1], atlas_jobs[2], own_job]);
    second.close().await;
}

/// The checks of Harbour Lane's main dynamic URL: (status, finished at), oldest first.
async fn checks_of_url_1(app: &TestApp) -> Vec<String> {
    crate::helpers::rows_as_text(
        &app.state.db,
        "SELECT status, finished_at FROM website_checks WHERE dynamic_url_id = 1 ORDER BY id",
    )
    .await
}

#[tokio::test]
async fn housekeeping_purges_old_finished_checks_but_each_urls_latest_and_those_under_way() {
    let app = TestApp::spawn().await;
    let purge =
        || async { server::jobs::housekeeping::purge_expired(&app.state.db, app.state.clock.now()).await.unwrap() };
    let seeded = checks_of_url_1(&app).await;
    assert_eq!(seeded.len(), 1, "yesterday's check: {seeded:?}");
    const DAY: i64 = 24 * 60 * 60;
    app.state.clock.advance(40 * DAY);
    purge().await;
    assert_eq!(checks_of_url_1(&app).await, seeded, "41 days old, but the latest: the page shows it");

    // A new finished check and one under way (queued long ago).
    let now = app.state.clock.now();
    sqlx::query(
        "INSERT INTO website_checks (customer_id, dynamic_url_id, status, created_at, finished_at)
         VALUES (100, 1, 5, $1, $2), (100, 1, 1, $3, NULL)",
    )
    .bind(now - 60)
    .bind(now - 40)
    .bind(now - 40 * DAY)
    .execute(&app.state.db)
    .await
    .unwrap();
    purge().await;
    let kept = [format!("[5,{}]", now - 40), "[1,null]".to_string()];
    assert_eq!(checks_of_url_1(&app).await, kept, "the old one went");

    app.state.clock.advance(31 * DAY);
    purge().await;
    assert_eq!(checks_of_url_1(&app).await, kept, "the latest and the one under way stay");
}
