//! Outbound campaigns (/outboundcampaigns, docs/outbound-api.md): the list with the
//! agents on each, add and edit with every message, a delete refused while agents use the
//! campaign (naming them), the report emails on offer, permissions and another customer's ids.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{Reply, TestApp};

const PAGE: &str = "/api/outboundcampaigns/getCampaigns";
const ADD: &str = "/api/outboundcampaigns/addCampaign";
const FIELD: &str = "outboundCampaignName";

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn named<'a>(page: &'a Value, name: &str) -> Option<&'a Value> {
    page["campaigns"].as_array().unwrap().iter().find(|c| c["name"] == name)
}

fn id_of(page: &Value, name: &str) -> i64 {
    named(page, name).unwrap_or_else(|| panic!("{name}: {page}"))["id"].as_i64().unwrap()
}

async fn put_on(app: &TestApp, users: &[i64], campaign: Option<i64>) {
    for user in users {
        sqlx::query("UPDATE users SET outbound_campaign_id = $1 WHERE id = $2")
            .bind(campaign)
            .bind(user)
            .execute(&app.state.db)
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn the_campaigns_page_lists_the_accounts_campaigns_with_their_agents_and_report_emails() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let names: Vec<&str> = page["campaigns"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Implant consultations", "New patient follow-up", "Spring recall"]);
    assert!(named(&page, "Renewals").is_none(), "Atlas's campaign");
    assert_eq!(page["outboundDailyEnabled"], true);
    assert_eq!(page["outboundWeeklyEnabled"], true);
    assert_eq!(page["outboundMonthlyEnabled"], false);
    assert_eq!(page["canEdit"], true);
    let spring = named(&page, "Spring recall").unwrap();
    assert_eq!(spring["agents"], 0);
    assert_eq!(spring["deleteQuestion"], "Delete the campaign 'Spring recall'? No agent uses it.");

    put_on(&app, &[1, 10], Some(spring["id"].as_i64().unwrap())).await;
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let spring = named(&page, "Spring recall").unwrap();
    assert_eq!(spring["agents"], 2);
    assert_eq!(
        spring["deleteQuestion"],
        "This campaign is used by 2 agents: Morgan Marsh and Olivia Owen. Move them to another campaign first."
    );
    let one = ok(app.get(&format!("/api/outboundcampaigns/getCampaign/{}", spring["id"]), Some(&owner)).await);
    assert_eq!(one["name"], "Spring recall");
    let agents: Vec<&str> = one["agents"].as_array().unwrap().iter().map(|a| a["email"].as_str().unwrap()).collect();
    assert_eq!(agents, vec!["manager@demo.test", "owner@demo.test"]);
    assert_eq!(one["deleteQuestion"], spring["deleteQuestion"]);
}

#[tokio::test]
async fn a_campaign_is_added_and_edited_with_every_message() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let long = "x".repeat(61);
    let cases = [
        ("", "Campaign name is required.", "VALIDATION_FAILED"),
        ("  ", "Campaign name is required.", "VALIDATION_FAILED"),
        (long.as_str(), "Campaign name cannot exceed 60 characters.", "VALIDATION_FAILED"),
        ("spring RECALL", "Another campaign already has this name.", "NAME_NOT_UNIQUE"),
    ];
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let implant = id_of(&page, "Implant consultations");
    let edit = format!("/api/outboundcampaigns/editCampaign/{implant}");
    for path in [ADD, edit.as_str()] {
        for (name, message, code) in cases {
            let reply = app.post_form(path, Some(&owner), &[(FIELD, name)]).await;
            assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{path} {name}: {}", reply.text());
            assert_eq!(reply.json()["errors"][FIELD], message, "{path} {name}");
            assert_eq!(reply.json()["code"], code, "{path} {name}");
        }
        let reply = app.post_form(path, Some(&owner), &[(FIELD, "Рассылка")]).await;
        assert!(reply.json()["errors"][FIELD].as_str().unwrap().starts_with("Invalid characters"), "{path}");
        let huge = "y".repeat(5_000);
        assert_eq!(
            app.post_form(path, Some(&owner), &[(FIELD, huge.as_str())]).await.status,
            StatusCode::UNPROCESSABLE_ENTITY
        );
    }
    let added = ok(app.post_form(ADD, Some(&owner), &[(FIELD, " Winter check-ups ")]).await);
    assert_eq!(added["campaign"]["name"], "Winter check-ups");
    // Its own name (another case) is no clash.
    ok(app.post_form(&edit, Some(&owner), &[(FIELD, "implant CONSULTATIONS")]).await);
    ok(app.post_form(&edit, Some(&owner), &[(FIELD, "Implant follow-up")]).await);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert_eq!(id_of(&page, "Implant follow-up"), implant);
    assert!(named(&page, "Winter check-ups").is_some() && named(&page, "Implant consultations").is_none());
    // The user form's list (the spec's getAll) has the same campaigns.
    let all = ok(app.get("/api/outboundcampaigns/getAll", Some(&owner)).await);
    assert!(all["campaigns"].as_array().unwrap().iter().any(|c| c["name"] == "Implant follow-up"));
}

#[tokio::test]
async fn a_campaign_agents_use_is_not_deleted_and_the_refusal_names_them() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let spring = id_of(&page, "Spring recall");
    // Agents 1 and 10 on it, and user 3 (no outbound access) kept it from before.
    put_on(&app, &[1, 10, 3], Some(spring)).await;
    let delete = format!("/api/outboundcampaigns/deleteCampaign/{spring}");
    let refused = app.post_form(&delete, Some(&owner), &[]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text());
    assert_eq!(refused.json()["code"], "CAMPAIGN_IN_USE");
    assert_eq!(
        refused.json()["errors"]["outboundCampaignId"],
        "This campaign is used by 2 agents: Morgan Marsh and Olivia Owen. Move them to another campaign first."
    );
    assert!(named(&ok(app.get(PAGE, Some(&owner)).await), "Spring recall").is_some());
    // Moved through the agents' page: the campaign can go, and the non-agent loses it.
    for agent in [1, 10] {
        ok(app
            .post_form(&format!("/api/agents/setCampaign/{agent}"), Some(&owner), &[("outboundCampaignId", "")])
            .await);
    }
    ok(app.post_form(&delete, Some(&owner), &[]).await);
    assert!(named(&ok(app.get(PAGE, Some(&owner)).await), "Spring recall").is_none());
    let kept: Option<i64> = sqlx::query_scalar("SELECT outbound_campaign_id FROM users WHERE id = 3")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(kept, None);
    assert_eq!(app.post_form(&delete, Some(&owner), &[]).await.status, StatusCode::NOT_FOUND);
    let get = format!("/api/outboundcampaigns/getCampaign/{spring}");
    assert_eq!(app.get(&get, Some(&owner)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_report_emails_on_offer_are_saved() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let fields = [("outboundDailyEnabled", "0"), ("outboundWeeklyEnabled", "1"), ("outboundMonthlyEnabled", "1")];
    ok(app.post_form("/api/outboundcampaigns/saveReportSettings", Some(&owner), &fields).await);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert_eq!(
        (&page["outboundDailyEnabled"], &page["outboundWeeklyEnabled"], &page["outboundMonthlyEnabled"]),
        (&Value::Bool(false), &Value::Bool(true), &Value::Bool(true))
    );
    let all = ok(app.get("/api/outboundcampaigns/getAll/", Some(&owner)).await);
    assert_eq!(all["outboundMonthlyEnabled"], true);
    let hostile = [("outboundDailyEnabled", "yes please")];
    let reply = app.post_form("/api/outboundcampaigns/saveReportSettings", Some(&owner), &hostile).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn whether_agents_calls_out_are_recorded_is_saved_for_the_account_alone() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    assert_eq!(ok(app.get(PAGE, Some(&owner)).await)["recordOutboundCalls"], true, "on unless turned off");
    ok(app.post_form("/api/outboundcampaigns/saveRecording", Some(&owner), &[("recordOutboundCalls", "0")]).await);
    assert_eq!(ok(app.get(PAGE, Some(&owner)).await)["recordOutboundCalls"], false);
    let other = app.login("enterprise@demo.test").await;
    assert_eq!(ok(app.get(PAGE, Some(&other)).await)["recordOutboundCalls"], true, "another account's unchanged");
    let hostile = app
        .post_form("/api/outboundcampaigns/saveRecording", Some(&owner), &[("recordOutboundCalls", "on please")])
        .await;
    assert_eq!(hostile.status, StatusCode::UNPROCESSABLE_ENTITY);
    ok(app.post_form("/api/outboundcampaigns/saveRecording", Some(&owner), &[("recordOutboundCalls", "1")]).await);
    assert_eq!(ok(app.get(PAGE, Some(&owner)).await)["recordOutboundCalls"], true);
}

#[tokio::test]
async fn another_customers_campaign_is_not_found_and_unchanged() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let other = app.login("enterprise@demo.test").await;
    let theirs = ok(app.get(PAGE, Some(&other)).await);
    let renewals = id_of(&theirs, "Renewals");
    assert!(named(&theirs, "Spring recall").is_none());
    let get = app.get(&format!("/api/outboundcampaigns/getCampaign/{renewals}"), Some(&owner)).await;
    assert_eq!(get.status, StatusCode::NOT_FOUND);
    assert!(!get.text().contains("Renewals"));
    let reply = app
        .post_form(&format!("/api/outboundcampaigns/editCampaign/{renewals}"), Some(&owner), &[(FIELD, "Mine")])
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let reply = app.post_form(&format!("/api/outboundcampaigns/deleteCampaign/{renewals}"), Some(&owner), &[]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    // Their name is no clash here.
    ok(app.post_form(ADD, Some(&owner), &[(FIELD, "Renewals")]).await);
    assert!(named(&ok(app.get(PAGE, Some(&other)).await), "Renewals").is_some());
    for id in ["0", "abc", "-3"] {
        let reply = app.get(&format!("/api/outboundcampaigns/getCampaign/{id}"), Some(&owner)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{id}");
    }
}

#[tokio::test]
async fn campaigns_need_the_outbound_permission_and_changes_need_an_administrator() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let spring = id_of(&ok(app.get(PAGE, Some(&owner)).await), "Spring recall");
    let writes = [
        format!("/api/outboundcampaigns/editCampaign/{spring}"),
        format!("/api/outboundcampaigns/deleteCampaign/{spring}"),
        "/api/outboundcampaigns/saveReportSettings".to_string(),
        "/api/outboundcampaigns/saveRecording".to_string(),
        ADD.to_string(),
    ];
    let get = format!("/api/outboundcampaigns/getCampaign/{spring}");
    for email in ["user@demo.test", "starter@demo.test"] {
        let session = app.login(email).await;
        assert_eq!(app.get(PAGE, Some(&session)).await.status, StatusCode::FORBIDDEN, "{email}");
        assert_eq!(app.get(&get, Some(&session)).await.status, StatusCode::FORBIDDEN, "{email}");
        // The spec's addCampaign also serves the user form of a user editor (starter's owner).
        for path in writes.iter().filter(|p| email == "user@demo.test" || p.as_str() != ADD) {
            let reply = app.post_form(path, Some(&session), &[(FIELD, "A")]).await;
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email} {path}");
        }
    }
    assert_eq!(app.get(PAGE, None).await.status, StatusCode::UNAUTHORIZED);
    // The outbound permission on a User (10): the page, not its changes.
    sqlx::query("UPDATE user_access SET perm_outbound = 1 WHERE user_id = 3 AND customer_id = 100")
        .execute(&app.state.db)
        .await
        .unwrap();
    let user = app.login("user@demo.test").await;
    assert_eq!(ok(app.get(PAGE, Some(&user)).await)["canEdit"], false);
    ok(app.get(&get, Some(&user)).await);
    for path in &writes {
        let reply = app.post_form(path, Some(&user), &[(FIELD, "A")]).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert!(named(&ok(app.get(PAGE, Some(&owner)).await), "Spring recall").is_some());
}
