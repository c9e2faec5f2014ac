//! One count for one question: for every demo account with calls, every source, campaign and
//! number, over the last 7 and the last 30 days, the dashboard (by source and by campaign), the
//! call log, Source / mediums, Campaigns, the numbers' list, the CSV export and the reporting API
//! give the same number of calls (each screen that shows the figure for that period).

use std::collections::BTreeMap;

use axum::body::Body;
use axum::http::header::AUTHORIZATION;
use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{request, TestApp};

const PERIODS: [(&str, &str); 2] = [("last7Days", "7 days"), ("last30Days", "30 days")];

async fn json(app: &TestApp, path: &str, session: &str) -> Value {
    let reply = app.get(path, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text());
    reply.json()
}

/// The call log's count of a period with one filter ("" none).
async fn log_total(app: &TestApp, session: &str, preset: &str, filter: &str) -> i64 {
    let body = json(app, &format!("/api/reports/getCalls?preset={preset}&pageSize=25{filter}"), session).await;
    body["total"].as_i64().unwrap()
}

/// Counts by key of the rows of the export of a period.
struct Export {
    rows: usize,
    by_source: BTreeMap<String, i64>,
    by_campaign: BTreeMap<String, i64>,
}

async fn export(app: &TestApp, session: &str, preset: &str) -> Export {
    let text = app.get(&format!("/api/reports/exportCallsCsv?preset={preset}"), Some(session)).await.text();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("{name}: {header:?}"));
    let (source, medium, campaign) = (at("Source"), at("Medium"), at("Campaign"));
    let mut export = Export { rows: 0, by_source: BTreeMap::new(), by_campaign: BTreeMap::new() };
    for record in reader.records() {
        let record = record.unwrap();
        export.rows += 1;
        *export.by_source.entry(format!("{} / {}", &record[source], &record[medium])).or_default() += 1;
        *export.by_campaign.entry(record[campaign].to_string()).or_default() += 1;
    }
    export
}

/// The reporting API's inbound calls of a period for one account, by source and by campaign.
async fn reported(app: &TestApp, key: &str, account: i64, (from, to): (&str, &str)) -> (i64, Export) {
    let mut export = Export { rows: 0, by_source: BTreeMap::new(), by_campaign: BTreeMap::new() };
    for page in 1.. {
        let path = format!("/v1/calls?from={from}&to={to}&per_page=100&page={page}");
        let builder = request("GET", &path, None, false).header(AUTHORIZATION, format!("Bearer {key}"));
        let reply = app.send(builder.body(Body::empty()).unwrap()).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        let body = reply.json();
        for call in body["data"].as_array().unwrap() {
            if call["accountId"] != account || call["direction"] != "inbound" {
                continue;
            }
            export.rows += 1;
            let text = |field: &str| call[field].as_str().unwrap_or("").to_string();
            *export.by_source.entry(format!("{} / {}", text("source"), text("medium"))).or_default() += 1;
            *export.by_campaign.entry(text("campaign")).or_default() += 1;
        }
        if body["hasMore"] != true {
            break;
        }
    }
    (export.rows as i64, export)
}

#[tokio::test]
async fn every_screen_gives_the_same_count_for_each_source_campaign_and_number() {
    let app = TestApp::spawn().await;
    // The technology partner's reporting API, for the accounts it is supplied with.
    let partner = app.login("techpartner@demo.test").await;
    let created =
        app.post_form("/api/technologypartner/createApiKey", Some(&partner), &[("form_name", "Figures")]).await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text());
    let key = created.json()["key"].as_str().unwrap().to_string();
    let supplied: Vec<i64> = sqlx::query_scalar("SELECT customer_id FROM lead_supplies ORDER BY customer_id")
        .fetch_all(&app.state.db)
        .await
        .unwrap();

    // Every demo account with calls, opened by its first owner (switching to it when it is not
    // their home account).
    let accounts: Vec<(i64, String, String, i64)> = sqlx::query_as(
        "SELECT k.id, k.name, u.email, u.home_customer_id FROM customers k
         JOIN users u ON u.id = (SELECT MIN(a.user_id) FROM user_access a WHERE a.customer_id = k.id AND a.auth_code = 25)
         WHERE EXISTS (SELECT 1 FROM calls c WHERE c.customer_id = k.id AND c.direction = 'inbound') ORDER BY k.id",
    )
    .fetch_all(&app.state.db)
    .await
    .unwrap();
    assert!(accounts.len() >= 5, "{accounts:?}");
    let mut compared = 0;
    for (account, name, email, home) in accounts {
        let email = format!("{email} ({name})");
        let session = app.login(email.split(' ').next().unwrap()).await;
        if home != account {
            let switch = [("form_customer_id", account.to_string()), ("form_customer_name", name.clone())];
            let switch: Vec<(&str, &str)> = switch.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let reply = app.post_form("/api/accountsettings/switchAccount", Some(&session), &switch).await;
            assert_eq!(reply.status, StatusCode::OK, "{email}: {}", reply.text());
        }
        // The legacy package and the group account have no source/medium, campaign or number
        // screens to compare (their menus leave them out): the others are compared.
        if app.get("/api/managesources/getSources", Some(&session)).await.status == StatusCode::FORBIDDEN {
            continue;
        }
        let sources = json(&app, "/api/managesources/getSources", &session).await;
        let sources = sources["sources"].as_array().unwrap().clone();
        let campaigns = json(&app, "/api/managecampaigns/getCampaigns", &session).await;
        let campaigns = campaigns["campaigns"].as_array().unwrap().clone();
        let numbers = json(&app, "/api/managenumbers/getNumbers", &session).await;
        let numbers = numbers["numbers"].as_array().unwrap().clone();
        for (preset, days) in PERIODS {
            let dashboard = json(&app, &format!("/api/reports/dashboard?preset={preset}"), &session).await;
            let (first, last) = (dashboard["firstDay"].as_str().unwrap(), dashboard["lastDay"].as_str().unwrap());
            let total = log_total(&app, &session, preset, "").await;
            assert!(total > 0, "{email} has calls in the last {days}");
            assert_eq!(dashboard["totals"]["calls"]["current"], total, "{email} {days}: dashboard = call log");
            let csv = export(&app, &session, preset).await;
            assert_eq!(csv.rows as i64, total, "{email} {days}: export = call log");
            let api = if supplied.contains(&account) {
                let (rows, api) = reported(&app, &key, account, (first, last)).await;
                assert_eq!(rows, total, "{email} {days}: reporting API = call log");
                Some(api)
            } else {
                None
            };
            let top: BTreeMap<String, i64> = dashboard["topSources"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| (s["label"].as_str().unwrap().to_string(), s["calls"].as_i64().unwrap()))
                .collect();
            let least_shown = top.values().min().copied().unwrap_or(0);
            let shown_all = top.len() < 10;

            for pair in &sources {
                let label = format!("{} / {}", pair["source"].as_str().unwrap(), pair["medium"].as_str().unwrap());
                let log = log_total(&app, &session, preset, &format!("&source={}", pair["id"])).await;
                let context = format!("{email} {days} source {label}");
                assert_eq!(csv.by_source.get(&label).copied().unwrap_or(0), log, "{context}: export = call log");
                if let Some(api) = &api {
                    assert_eq!(api.by_source.get(&label).copied().unwrap_or(0), log, "{context}: API = call log");
                }
                match top.get(&label) {
                    Some(calls) => assert_eq!(*calls, log, "{context}: dashboard = call log"),
                    None if log > 0 => {
                        assert!(!shown_all && log <= least_shown, "{context}: missing from the dashboard")
                    }
                    None => {}
                }
                if preset == "last30Days" {
                    assert_eq!(pair["calls30Days"], log, "{context}: Source / mediums = call log");
                }
                compared += 1;
            }
            let by_campaign =
                json(&app, &format!("/api/reports/dashboard?preset={preset}&by=campaign"), &session).await;
            let top_campaigns: BTreeMap<String, i64> = by_campaign["topSources"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| (s["label"].as_str().unwrap().to_string(), s["calls"].as_i64().unwrap()))
                .collect();
            for campaign in &campaigns {
                let name = campaign["description"].as_str().unwrap();
                let log = log_total(&app, &session, preset, &format!("&campaign={}", campaign["id"])).await;
                let context = format!("{email} {days} campaign {name}");
                if let Some(calls) = top_campaigns.get(name) {
                    assert_eq!(*calls, log, "{context}: dashboard by campaign = call log");
                }
                assert_eq!(csv.by_campaign.get(name).copied().unwrap_or(0), log, "{context}: export = call log");
                if let Some(api) = &api {
                    assert_eq!(api.by_campaign.get(name).copied().unwrap_or(0), log, "{context}: API = call log");
                }
                if preset == "last30Days" {
                    assert_eq!(campaign["calls30Days"], log, "{context}: Campaigns = call log");
                }
                compared += 1;
            }
            if preset == "last30Days" {
                // A pool's calls are its numbers' calls.
                let mut by_entry: BTreeMap<i64, i64> = BTreeMap::new();
                for number in &numbers {
                    *by_entry.entry(number["id"].as_i64().unwrap()).or_default() +=
                        number["calls30Days"].as_i64().unwrap();
                }
                for (entry, calls) in by_entry {
                    let log = log_total(&app, &session, preset, &format!("&number={entry}")).await;
                    assert_eq!(calls, log, "{email} {days} number {entry}: numbers' list = call log");
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 100, "{compared} figures compared");
}
