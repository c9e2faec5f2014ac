//! Reports: the call log, a call's detail and recording, and the CSV export, over the
//! demo's year of generated calls. Figures are compared with the stored calls, counted in SQL.

use axum::http::header::{CONTENT_DISPOSITION, CONTENT_RANGE, CONTENT_TYPE, RANGE};
use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{request, TestApp};

const CALLS: &str = "/api/reports/getCalls";
/// Harbour Lane Dental, the demo users' account.
const CUSTOMER: i64 = 100;
/// Monday 23 November 2026 10:00 UTC is the test clock: the last 30 days began on 25 October
/// (00:00 BST, 23:00 UTC the day before).
const LAST_30_DAYS: (i64, i64) = (1_792_882_800, 1_795_478_400);

async fn scalar(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

async fn exec(app: &TestApp, sql: &str) {
    sqlx::query(sql).execute(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// How many of the customer's inbound calls in the last 30 days match `condition`.
async fn count(app: &TestApp, condition: &str) -> i64 {
    let (start, end) = LAST_30_DAYS;
    scalar(
        app,
        &format!(
            "SELECT COUNT(*) FROM calls c WHERE c.customer_id = {CUSTOMER} AND c.direction = 'inbound'
             AND c.started_at >= {start} AND c.started_at < {end} AND ({condition})"
        ),
    )
    .await
}

async fn calls(app: &TestApp, session: &str, query: &str) -> Value {
    let reply = app.get(&format!("{CALLS}?{query}"), Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{query}: {}", reply.text());
    reply.json()
}

fn rows(log: &Value) -> &Vec<Value> {
    log["calls"].as_array().unwrap()
}

#[tokio::test]
async fn the_log_pages_the_last_30_days_newest_first_in_the_accounts_zone() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    let log = calls(&app, &user, "").await;
    let total = count(&app, "1 = 1").await;
    assert!(total > 100, "the demo has a month of calls: {total}");
    assert_eq!(log["total"], total);
    assert_eq!((log["firstDay"].as_str(), log["lastDay"].as_str()), (Some("2026-10-25"), Some("2026-11-23")));
    let page = rows(&log);
    assert_eq!(page.len(), 25);
    let newest = scalar(
        &app,
        &format!("SELECT MAX(started_at) FROM calls WHERE customer_id = {CUSTOMER} AND direction = 'inbound'"),
    )
    .await;
    assert_eq!(page[0]["startedAt"], newest);
    assert!(page.windows(2).all(|w| w[0]["startedAt"].as_i64() >= w[1]["startedAt"].as_i64()));
    // Written as the account reads them: UK numbers with spaces, London time, m:ss.
    let first = &page[0];
    let time = first["time"].as_str().unwrap();
    assert!(time.ends_with(" GMT") && time.contains("/2026 "), "{time}");
    let caller = first["caller"].as_str().unwrap();
    assert!(caller == "Withheld" || caller.starts_with('0') && caller.contains(' '), "{caller}");
    assert!(first["duration"].as_str().unwrap().contains(':'));
    assert!(["answered", "missed", "busy", "voicemail", "hungUpInIvr"].contains(&first["outcome"].as_str().unwrap()));
    // The second page follows the first without repeating it.
    let second = calls(&app, &user, "page=2").await;
    assert_eq!(rows(&second).len(), 25);
    assert!(rows(&second)[0]["startedAt"].as_i64() <= page[24]["startedAt"].as_i64());
    assert_ne!(rows(&second)[0]["id"], page[24]["id"]);
}

#[tokio::test]
async fn every_filter_narrows_the_log_to_exactly_the_matching_calls() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    let paid =
        scalar(&app, "SELECT id FROM sources_mediums WHERE customer_id = 100 AND source = 'google' AND medium = 'cpc'")
            .await;
    let pool = scalar(&app, "SELECT MIN(id) FROM routing_entries WHERE customer_id = 100 AND kind = 'dynamic'").await;
    for (query, condition) in [
        (format!("source={paid}"), format!("c.credit_source_id = {paid}")),
        ("outcome=missed".to_string(), "c.outcome = 'missed'".to_string()),
        ("outcome=answered".to_string(), "c.outcome = 'answered'".to_string()),
        ("firstTime=1".to_string(), "c.first_time = 1".to_string()),
        ("minDuration=300".to_string(), "c.talk_seconds >= 300".to_string()),
        (format!("number={pool}"), format!("c.routing_entry_id = {pool}")),
        (
            format!("source={paid}&outcome=answered&minDuration=60"),
            format!("c.credit_source_id = {paid} AND c.outcome = 'answered' AND c.talk_seconds >= 60"),
        ),
    ] {
        let log = calls(&app, &user, &format!("{query}&pageSize=100")).await;
        let expected = count(&app, &condition).await;
        assert!(expected > 0, "{query}: the demo has such calls");
        assert_eq!(log["total"], expected, "{query}");
        assert_eq!(rows(&log).len() as i64, expected.min(100), "{query}");
    }
    let paid_rows = calls(&app, &user, &format!("source={paid}")).await;
    assert!(rows(&paid_rows).iter().all(|r| r["source"] == "google" && r["medium"] == "cpc"));
    assert!(rows(&paid_rows).iter().all(|r| r["landingPage"].as_str().unwrap().starts_with("http")));
}

#[tokio::test]
async fn a_caller_typed_as_the_log_shows_it_finds_their_calls() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    let caller: String = sqlx::query_scalar(
        "SELECT caller_number FROM calls WHERE customer_id = 100 AND direction = 'inbound' AND caller_number <> ''
         GROUP BY caller_number ORDER BY COUNT(*) DESC, caller_number LIMIT 1",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    let shown = domain::reports::format_uk(&caller);
    let expected = count(&app, &format!("c.caller_number = '{caller}' OR c.tracked_number LIKE '%{caller}%'")).await;
    for typed in [shown.clone(), format!("+44{}", &caller[1..]), caller.clone()] {
        let log = calls(&app, &user, &format!("search={}&pageSize=100", urlencoding(&typed))).await;
        assert_eq!(log["total"], expected, "{typed}");
        assert!(rows(&log).iter().all(|r| r["caller"] == shown.as_str()), "{typed}");
    }
    // A pool's name finds its calls; a LIKE wildcard typed is taken literally.
    let pool: String = sqlx::query_scalar(
        "SELECT pool_name FROM routing_entries WHERE customer_id = 100 AND kind = 'dynamic' LIMIT 1",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    let by_name = calls(&app, &user, &format!("search={}", urlencoding(&pool.to_uppercase()))).await;
    assert!(by_name["total"].as_i64().unwrap() > 0);
    assert!(rows(&by_name).iter().all(|r| r["numberName"] == pool.as_str()));
    assert_eq!(calls(&app, &user, "search=%25").await["total"], 0);
}

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn date_presets_cover_the_accounts_local_days() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    // Yesterday, Sunday 22 November (GMT): 00:00 to 24:00 UTC.
    let yesterday = calls(&app, &user, "preset=yesterday").await;
    let expected = scalar(
        &app,
        "SELECT COUNT(*) FROM calls WHERE customer_id = 100 AND direction = 'inbound'
         AND started_at >= 1795305600 AND started_at < 1795392000",
    )
    .await;
    assert_eq!(yesterday["total"], expected);
    assert_eq!(yesterday["firstDay"], "2026-11-22");
    // A custom range across the end of British summer time (25 October): 24 October 00:00 BST
    // to 27 October 00:00 GMT.
    let custom = calls(&app, &user, "preset=custom&from=2026-10-24&to=2026-10-26").await;
    let expected = scalar(
        &app,
        "SELECT COUNT(*) FROM calls WHERE customer_id = 100 AND direction = 'inbound'
         AND started_at >= 1792796400 AND started_at < 1793059200",
    )
    .await;
    assert_eq!(custom["total"], expected);
}

#[tokio::test]
async fn out_of_bounds_filters_are_422_with_the_domains_messages() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    for (query, field, message) in [
        ("preset=lastYear", "preset", "Choose a date range from the list."),
        ("preset=custom", "from", "Choose the first and the last day."),
        ("preset=custom&from=2026-11-02&to=2026-11-01", "from", "The first day must not be after the last day."),
        ("preset=custom&from=2020-01-01&to=2026-11-01", "from", "A report covers at most 25 months."),
        ("preset=custom&from=1%2F11%2F2026&to=2026-11-01", "from", "Dates are written as YYYY-MM-DD."),
        ("source=abc", "source", "Choose an item from the list."),
        ("outcome=lost", "outcome", "Outcome must be answered, missed, busy, voicemail or hung up in menu."),
        ("minDuration=99999", "minDuration", "Minimum talk time must be a whole number of seconds from 0 to 86400."),
        ("pageSize=1000000", "pageSize", "Rows per page must be 25, 50 or 100."),
        ("page=99999999999", "page", "Page must be a whole number from 1 to 10000."),
        ("sort=cost", "sort", "Sort must be one of the log's columns."),
    ] {
        for path in [CALLS, "/api/reports/exportCallsCsv"] {
            let reply = app.get(&format!("{path}?{query}"), Some(&user)).await;
            assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{path}?{query}");
            let body = reply.json();
            assert_eq!(body["errors"][field], message, "{path}?{query}: {body}");
        }
    }
    let long = format!("{CALLS}?search={}", "9".repeat(101));
    assert_eq!(app.get(&long, Some(&user)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// A call of another customer (Stone & Sons).
async fn other_customers_call(app: &TestApp) -> i64 {
    scalar(app, "SELECT MAX(c.id) FROM calls c JOIN call_recordings r ON r.call_id = c.id WHERE c.customer_id <> 100")
        .await
}

#[tokio::test]
async fn another_customers_calls_are_never_shown_and_404_by_id() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    let theirs = other_customers_call(&app).await;
    for path in [
        format!("/api/reports/getCall/{theirs}"),
        format!("/api/reports/getRecording/{theirs}"),
        "/api/reports/getCall/99999999".to_string(),
        "/api/reports/getCall/-1".to_string(),
        "/api/reports/getCall/abc".to_string(),
    ] {
        let reply = app.get(&path, Some(&user)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(!reply.text().contains("caller"), "{path}: nothing leaked");
    }
    // An agent's call out is the account's own: it opens (the log lists it only when asked, below).
    let outbound = scalar(&app, "SELECT MAX(id) FROM calls WHERE customer_id = 100 AND direction = 'outbound'").await;
    assert_eq!(app.get(&format!("/api/reports/getCall/{outbound}"), Some(&user)).await.status, StatusCode::OK);
    let log = calls(&app, &user, "pageSize=100&preset=custom&from=2025-12-01&to=2026-11-23").await;
    let ids: Vec<String> = rows(&log).iter().map(|r| r["id"].to_string()).collect();
    let foreign =
        scalar(&app, &format!("SELECT COUNT(*) FROM calls WHERE customer_id <> 100 AND id IN ({})", ids.join(",")))
            .await;
    assert_eq!(foreign, 0);
    assert!(!ids.contains(&outbound.to_string()), "a call out only when asked");
    // The filters offer the account's own choices only.
    let filters = app.get("/api/reports/getCallFilters", Some(&user)).await.json();
    let sources = scalar(&app, "SELECT COUNT(*) FROM sources_mediums WHERE customer_id = 100").await;
    assert_eq!(filters["sources"].as_array().unwrap().len() as i64, sources);
    assert_eq!(filters["outcomes"].as_array().unwrap().len(), 5);
}

#[tokio::test]
async fn without_the_reports_permission_every_call_is_refused() {
    let app = TestApp::spawn().await;
    exec(&app, "UPDATE user_access SET perm_reports = 0 WHERE user_id = 3 AND customer_id = 100").await;
    let user = app.login("user@demo.test").await;
    let mine = scalar(&app, "SELECT MAX(id) FROM calls WHERE customer_id = 100 AND direction = 'inbound'").await;
    for path in [
        CALLS.to_string(),
        "/api/reports/getCallFilters".to_string(),
        "/api/reports/exportCallsCsv".to_string(),
        format!("/api/reports/getCall/{mine}"),
        format!("/api/reports/getRecording/{mine}"),
    ] {
        assert_eq!(app.get(&path, Some(&user)).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(app.get(CALLS, None).await.status, StatusCode::UNAUTHORIZED);
}

/// The customer's latest recorded call.
async fn recorded_call(app: &TestApp) -> i64 {
    scalar(app, "SELECT MAX(c.id) FROM calls c JOIN call_recordings r ON r.call_id = c.id WHERE c.customer_id = 100")
        .await
}

#[tokio::test]
async fn a_calls_detail_tells_its_journey_and_links_its_call_backs() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    let pool_call =
        scalar(&app, "SELECT MAX(id) FROM calls WHERE customer_id = 100 AND visit_id IS NOT NULL AND route_path <> ''")
            .await;
    let detail = app.get(&format!("/api/reports/getCall/{pool_call}"), Some(&user)).await.json();
    let titles: Vec<&str> =
        detail["journey"].as_array().unwrap().iter().map(|s| s["title"].as_str().unwrap()).collect();
    assert_eq!(&titles[..3], ["Visited the website", "Was shown a tracking number", "Called"], "{detail}");
    assert!(titles.contains(&"Service plan"), "{titles:?}");
    // The routing in plain words: the plan by name and the hours of the row that answered.
    let plan = detail["journey"].as_array().unwrap().iter().find(|s| s["title"] == "Service plan").unwrap().clone();
    assert!(plan["detail"].as_str().unwrap().starts_with("Routed by "), "{plan}");
    assert!(!plan["detail"].as_str().unwrap().contains("Row "), "{plan}");
    assert_eq!(*titles.last().unwrap(), "Outcome");
    assert_eq!(detail["call"]["id"], pool_call);
    // The caller's other calls, newest first, are the stored ones.
    let caller: String = sqlx::query_scalar(&format!("SELECT caller_number FROM calls WHERE id = {pool_call}"))
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let others = scalar(
        &app,
        &format!("SELECT COUNT(*) FROM calls WHERE customer_id = 100 AND direction = 'inbound' AND caller_number = '{caller}' AND id <> {pool_call}"),
    )
    .await;
    assert_eq!(detail["callerCalls"].as_array().unwrap().len() as i64, others.min(10));
    // A call-back is linked both ways.
    let (callback, first): (i64, i64) = sqlx::query_as(
        "SELECT MAX(id), MAX(callback_of) FROM calls WHERE customer_id = 100
         AND id = (SELECT MAX(id) FROM calls WHERE customer_id = 100 AND callback_of IS NOT NULL)",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    let back = app.get(&format!("/api/reports/getCall/{callback}"), Some(&user)).await.json();
    assert_eq!(back["firstCall"]["id"], first);
    // Credited to the missed call's source (its own when the missed call had none).
    let first_source: Option<String> = sqlx::query_scalar(&format!(
        "SELECT s.source || ' / ' || s.medium FROM calls c LEFT JOIN sources_mediums s ON s.id = c.source_medium_id
         WHERE c.id = {first}"
    ))
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    let own = back["call"]["source"]
        .as_str()
        .filter(|s| !s.is_empty())
        .map(|s| format!("{s} / {}", back["call"]["medium"].as_str().unwrap()));
    assert_eq!(back["creditedTo"].as_str(), first_source.or(own).as_deref().or(Some("(none)")));
    // The call log's tags are the call's tags (the demo's rules put them on).
    let on: Vec<&str> =
        back["tags"]["on"].as_array().unwrap().iter().map(|t| t["description"].as_str().unwrap()).collect();
    let listed: Vec<&str> = back["call"]["tags"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    assert_eq!(listed, on);
    let original = app.get(&format!("/api/reports/getCall/{first}"), Some(&user)).await.json();
    assert!(original["callbacks"].as_array().unwrap().iter().any(|c| c["id"] == callback));
    let outcome = original["call"]["outcome"].as_str().unwrap();
    let talk = original["call"]["talkSeconds"].as_i64().unwrap();
    assert!(outcome != "answered" || talk < 15, "the first call was missed or abandoned: {outcome} {talk}");
}

#[tokio::test]
async fn recordings_play_seek_and_download_only_with_the_recordings_flag() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    // The demo has a paid search call of the last 7 days to listen to (the browser flow plays it).
    let paid = scalar(
        &app,
        "SELECT COUNT(*) FROM calls c JOIN call_recordings r ON r.call_id = c.id
         JOIN sources_mediums s ON s.id = c.source_medium_id
         WHERE c.customer_id = 100 AND s.source = 'google' AND s.medium = 'cpc' AND c.started_at >= 1794873600",
    )
    .await;
    assert!(paid > 0, "a recorded paid search call in the last 7 days");
    let call = recorded_call(&app).await;
    let detail = app.get(&format!("/api/reports/getCall/{call}"), Some(&user)).await.json();
    let url = detail["recordingUrl"].as_str().expect("the user hears recordings").to_string();
    assert_eq!(detail["call"]["hasRecording"], true);
    let full = app.get(&url, Some(&user)).await;
    assert_eq!(full.status, StatusCode::OK);
    assert_eq!(full.header(CONTENT_TYPE.as_str()).as_deref(), Some("audio/mpeg"));
    assert!(full.body.len() > 10_000, "a real dialogue: {} bytes", full.body.len());
    assert!(full.body[0] == 0xFF || full.body.starts_with(b"ID3"));
    // The player seeks with byte ranges.
    let req = request("GET", &url, Some(&user), true).header(RANGE, "bytes=100-199").body(Default::default()).unwrap();
    let part = app.send(req).await;
    assert_eq!(part.status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.body, full.body[100..200]);
    // A range past the end: 416, and Content-Range says how long the recording is.
    let past = format!("bytes={}-", full.body.len() + 10);
    let req = request("GET", &url, Some(&user), true).header(RANGE, past).body(Default::default()).unwrap();
    let refused = app.send(req).await;
    assert_eq!(refused.status, StatusCode::RANGE_NOT_SATISFIABLE);
    assert_eq!(refused.header(CONTENT_RANGE.as_str()), Some(format!("bytes */{}", full.body.len())));
    let saved = app.get(&format!("{url}?download=1"), Some(&user)).await;
    assert!(saved.header(CONTENT_DISPOSITION.as_str()).unwrap().starts_with("attachment"));

    // admin@demo.test sees the calls, not the recordings.
    let admin = app.login("admin@demo.test").await;
    let detail = app.get(&format!("/api/reports/getCall/{call}"), Some(&admin)).await.json();
    assert_eq!(detail["recordingUrl"], Value::Null);
    assert_eq!(detail["call"]["hasRecording"], false);
    assert_eq!(app.get(&url, Some(&admin)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(&format!("{url}?download=1"), Some(&admin)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn recordings_need_the_accounts_inbound_recording_and_a_partners_client_permission() {
    let app = TestApp::spawn().await;
    let user = app.login("owner@demo.test").await;
    let call = recorded_call(&app).await;
    let detail = app.get(&format!("/api/reports/getCall/{call}"), Some(&user)).await.json();
    let url = detail["recordingUrl"].as_str().expect("the user hears recordings").to_string();
    let transcript = format!("/api/reports/getTranscript/{call}");
    // (The speech insights list, which quotes transcripts, is checked in voice_tags.)
    let statuses = || async {
        let mut seen = Vec::new();
        for path in [url.as_str(), transcript.as_str()] {
            seen.push(app.get(path, Some(&user)).await.status);
        }
        seen
    };
    assert!(statuses().await.iter().all(|s| *s != StatusCode::FORBIDDEN), "{:?}", statuses().await);
    // The account stops recording inbound calls: the user's own flag is not enough.
    sqlx::query("UPDATE customers SET has_inbound_recording = 0 WHERE id = 100").execute(&app.state.db).await.unwrap();
    assert_eq!(statuses().await, vec![StatusCode::FORBIDDEN; 2]);
    let detail = app.get(&format!("/api/reports/getCall/{call}"), Some(&user)).await.json();
    assert_eq!(detail["recordingUrl"], Value::Null);

    // A partner's user on a client's account needs the client's "Call recording access".
    let partner = app.login("partner@demo.test").await;
    let enter = [("form_partner_login", "1"), ("form_customer_id", "602"), ("form_customer_name", "Riverside")];
    assert_eq!(app.post_multipart("/api/login/", Some(&partner), &enter).await.status, StatusCode::OK);
    sqlx::query("UPDATE users SET call_rec_flag = 1 WHERE id = 8").execute(&app.state.db).await.unwrap();
    sqlx::query("UPDATE customers SET has_inbound_recording = 1 WHERE id = 602").execute(&app.state.db).await.unwrap();
    let hears = || async {
        let filters = app.get("/api/reports/getCallFilters", Some(&partner)).await;
        assert_eq!(filters.status, StatusCode::OK, "{}", filters.text());
        filters.json()["hearsRecordings"].as_bool().unwrap()
    };
    sqlx::query("UPDATE user_access SET perm_call_recording = 0 WHERE user_id = 8 AND customer_id = 602")
        .execute(&app.state.db)
        .await
        .unwrap();
    assert!(!hears().await, "no permission from the client");
    sqlx::query("UPDATE user_access SET perm_call_recording = 1 WHERE user_id = 8 AND customer_id = 602")
        .execute(&app.state.db)
        .await
        .unwrap();
    assert!(hears().await, "the client's permission, the user's flag and the account's recording");
}

#[tokio::test]
async fn the_export_streams_every_filtered_call_as_csv() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    let reply = app.get("/api/reports/exportCallsCsv?outcome=missed", Some(&user)).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(reply.header(CONTENT_TYPE.as_str()).unwrap().starts_with("text/csv"));
    assert!(reply.header(CONTENT_DISPOSITION.as_str()).unwrap().contains("_calls_2026-10-25_to_2026-11-23.csv"));
    let text = reply.text();
    let lines: Vec<&str> = text.trim_end().split("\r\n").collect();
    assert!(lines[0].starts_with("\u{feff}\"Date and time\",\"Caller\""), "{}", lines[0]);
    let missed = count(&app, "c.outcome = 'missed'").await;
    assert_eq!(lines.len() as i64 - 1, missed);
    assert!(lines[1..].iter().all(|l| l.contains("\"Missed\"")));
    // Every call of the year, beyond any page size.
    let year = app.get("/api/reports/exportCallsCsv?preset=custom&from=2025-11-01&to=2026-11-23", Some(&user)).await;
    let all = scalar(&app, "SELECT COUNT(*) FROM calls WHERE customer_id = 100 AND direction = 'inbound'").await;
    assert_eq!(year.text().trim_end().split("\r\n").count() as i64 - 1, all);
    assert!(all > 1_000, "a year of calls: {all}");
}

async fn lands(app: &TestApp, email: &str) -> Option<String> {
    let body = format!("email={}&password=demopass", email.replace('@', "%40"));
    let req = axum::http::Request::post("/login")
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(axum::body::Body::from(body))
        .unwrap();
    app.send(req).await.header("location")
}

#[tokio::test]
async fn a_user_lands_on_the_reports_and_an_owner_at_home() {
    let app = TestApp::spawn().await;
    assert_eq!(lands(&app, "user@demo.test").await.as_deref(), Some("/manage/reports"));
    assert_eq!(lands(&app, "owner@demo.test").await.as_deref(), Some("/manage/"));
    assert_eq!(lands(&app, "partner@demo.test").await.as_deref(), Some("/manage/"));
    exec(&app, "UPDATE user_access SET perm_reports = 0 WHERE user_id = 3").await;
    assert_eq!(lands(&app, "user@demo.test").await.as_deref(), Some("/manage/"));
}

#[tokio::test]
async fn a_partner_sees_a_clients_calls_once_in_the_clients_account_and_no_others() {
    let app = TestApp::spawn().await;
    let partner = app.login("partner@demo.test").await;
    // In its own portal: no calls of anyone's.
    let own = app.get(CALLS, Some(&partner)).await;
    assert!(own.status == StatusCode::FORBIDDEN || own.json()["total"] == 0, "{}", own.text());
    let client = 601;
    let switched = app.post_form("/api/login/", Some(&partner), &[("form_customer_id", &client.to_string())]).await;
    assert!(switched.status.is_success() || switched.status.is_redirection(), "{}", switched.text());
    let log = calls(&app, &partner, "preset=custom&from=2025-11-01&to=2026-11-23&pageSize=100").await;
    let expected =
        scalar(&app, &format!("SELECT COUNT(*) FROM calls WHERE customer_id = {client} AND direction = 'inbound'"))
            .await;
    assert!(expected > 0, "the client has calls");
    assert_eq!(log["total"], expected);
    let theirs =
        scalar(&app, &format!("SELECT MAX(id) FROM calls WHERE customer_id = {client} AND direction = 'inbound'"))
            .await;
    assert_eq!(app.get(&format!("/api/reports/getCall/{theirs}"), Some(&partner)).await.status, StatusCode::OK);
    // Harbour Lane's calls stay out of reach.
    let harbour = scalar(&app, "SELECT MAX(id) FROM calls WHERE customer_id = 100 AND direction = 'inbound'").await;
    assert_eq!(app.get(&format!("/api/reports/getCall/{harbour}"), Some(&partner)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_dashboards_sources_credit_call_backs_to_the_missed_calls_source() {
    let app = TestApp::spawn().await;
    let user = app.login("user@demo.test").await;
    let dashboard = app.get("/api/reports/dashboard?preset=last30Days", Some(&user)).await;
    assert_eq!(dashboard.status, StatusCode::OK, "{}", dashboard.text());
    let (start, end) = LAST_30_DAYS;
    let credited: Vec<(String, i64)> = sqlx::query_as(&format!(
        "SELECT s.source || ' / ' || s.medium, COUNT(*) FROM calls c
         LEFT JOIN calls f ON f.id = c.callback_of
         JOIN sources_mediums s ON s.id = COALESCE(f.source_medium_id, c.source_medium_id)
         WHERE c.customer_id = 100 AND c.direction = 'inbound' AND c.started_at >= {start} AND c.started_at < {end}
         GROUP BY s.source, s.medium"
    ))
    .fetch_all(&app.state.db)
    .await
    .unwrap();
    let moved = count(&app, "c.callback_of IS NOT NULL").await;
    assert!(moved > 0, "the month has call-backs");
    let top = dashboard.json()["topSources"].as_array().unwrap().clone();
    for source in &top {
        let label = source["label"].as_str().unwrap();
        let expected = credited.iter().find(|(l, _)| l == label).map_or(0, |(_, n)| *n);
        assert_eq!(source["calls"], expected, "{label}");
    }
}
