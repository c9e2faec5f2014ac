//! Dynamic URLs and their website checks: the job's statuses to the end against small sites
//! served by the test (script working, broken, absent; slow, redirect loop, huge page, an error
//! page, a redirect into a private network), the safe fetch's refusals, and other customers'
//! URLs and jobs.

use std::time::Duration;

use axum::http::StatusCode;
use axum::response::{Html, Redirect};
use axum::routing::get;
use axum::Router;
use serde_json::Value;
use server::website_check::{self, FetchPolicy};

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
                tokio::time::sleep(Duration::from_secs(10)).await;
                Html("late")
            }),
        )
        .route("/loop", get(|| async { Redirect::temporary("/loop") }))
        .route("/huge", get(|| async { "x".repeat(3 * 1024 * 1024) }))
        .route("/gone", get(|| async { (StatusCode::NOT_FOUND, "gone") }))
        .route("/inside", get(|| async { Redirect::temporary("http://10.0.0.1/") }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{addr}")
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
        assert!(started.elapsed() < Duration::from_secs(8), "{path} took {:?}", started.elapsed());
    }
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
    let purge = || async { server::housekeeping::purge_expired(&app.state.db, app.state.clock.now()).await.unwrap() };
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
