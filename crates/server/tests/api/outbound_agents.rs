//! Outbound agents (/agents, docs/outbound-api.md): the agents with their last 30
//! days from the calls, giving access within the paid agents (refused beyond them, allowed
//! again once another agent is bought) and taking it, an agent's page with their calls, the
//! agent's campaign, permissions and another customer's ids.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{Reply, TestApp};

const PAGE: &str = "/api/agents/getAgents";
const GIVE: &str = "/api/agents/giveAccess";
const DAY: i64 = 24 * 60 * 60;

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn agent(page: &Value, id: i64) -> Option<&Value> {
    page["agents"].as_array().unwrap().iter().find(|a| a["id"] == id)
}

async fn recent(app: &TestApp, user: i64) -> (i64, i64) {
    let since = app.state.clock.now() - 30 * DAY;
    sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(talk_seconds), 0) AS BIGINT) FROM calls
         WHERE customer_id = 100 AND user_id = $1 AND direction = 'outbound' AND started_at >= $2",
    )
    .bind(user)
    .bind(since)
    .fetch_one(&app.state.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn the_agents_page_lists_the_agents_with_their_last_30_days_and_the_paid_agents() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let ids: Vec<i64> = page["agents"].as_array().unwrap().iter().map(|a| a["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, vec![10, 1], "Marsh, then Owen");
    let olivia = agent(&page, 1).unwrap();
    assert_eq!(olivia["name"], "Olivia Owen");
    assert_eq!(olivia["email"], "owner@demo.test");
    let (calls, talk) = recent(&app, 1).await;
    assert!(calls > 0, "the demo's agents call");
    assert_eq!(olivia["calls30Days"], calls);
    assert_eq!(olivia["talkSeconds30Days"], talk);
    assert_eq!(olivia["talkTime30Days"], domain::agents::format_talk_time(talk));
    assert!(olivia["takeQuestion"].as_str().unwrap().starts_with("Take outbound access from Olivia Owen?"));
    assert_eq!(page["seats"], json!({ "agents": 2, "paid": 2, "free": 0, "summary": "2 of 2 paid agents in use." }));
    let candidates = page["candidates"].as_array().unwrap();
    assert!(candidates.iter().any(|c| c["id"] == 3 && c["name"] == "Uma Upton"), "{candidates:?}");
    assert!(!candidates.iter().any(|c| c["id"] == 1 || c["id"] == 10));
    assert_eq!(page["canEdit"], true);
    assert_eq!(page["canBuy"], true);
    assert_eq!(page["addAgentScope"], "outbound_additional_user");
    // Every paid agent is in use: said before a user is chosen, in the refusal's words.
    assert_eq!(
        page["allInUse"],
        "All 2 agents your account pays for are in use. Buy another agent to give a user outbound access, or take access from an agent first."
    );
}

#[tokio::test]
async fn access_beyond_the_paid_agents_is_refused_until_another_agent_is_bought() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let refused = app.post_form(GIVE, Some(&owner), &[("userId", "3")]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text());
    assert_eq!(refused.json()["code"], "AGENT_LIMIT_REACHED");
    assert_eq!(
        refused.json()["errors"]["userId"],
        "All 2 agents your account pays for are in use. Buy another agent to give Uma Upton outbound access, or take access from an agent first."
    );
    assert_eq!(app.get("/api/agents/getAgent/3", Some(&owner)).await.status, StatusCode::NOT_FOUND);

    let bought = app.post_form("/api/services/addAddon", Some(&owner), &[("scope", "outbound_additional_user")]).await;
    assert_eq!(bought.status, StatusCode::OK, "{}", bought.text());
    assert_eq!(ok(app.get(PAGE, Some(&owner)).await)["allInUse"], Value::Null, "a free paid agent");
    let given = ok(app.post_form(GIVE, Some(&owner), &[("userId", "3")]).await);
    assert_eq!(given["seats"]["agents"], 3);
    assert_eq!(given["seats"]["paid"], 3);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert_eq!(agent(&page, 3).unwrap()["email"], "user@demo.test");
    assert_eq!(ok(app.get("/api/agents/getAgent/3", Some(&owner)).await)["agent"]["name"], "Uma Upton");
    // Already an agent: no longer one of the users who may be given access.
    assert_eq!(app.post_form(GIVE, Some(&owner), &[("userId", "3")]).await.status, StatusCode::NOT_FOUND);

    // Each purchase pays for one more agent.
    ok(app.post_form("/api/services/addAddon", Some(&owner), &[("scope", "outbound_additional_user")]).await);
    assert_eq!(ok(app.get(PAGE, Some(&owner)).await)["seats"]["paid"], 4);

    let taken = ok(app.post_form("/api/agents/takeAccess/3", Some(&owner), &[]).await);
    assert_eq!(
        taken["seats"],
        json!({ "agents": 2, "paid": 4, "free": 2, "summary": "2 of 4 paid agents in use (2 free)." })
    );
    assert_eq!(app.post_form("/api/agents/takeAccess/3", Some(&owner), &[]).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/agents/getAgent/3", Some(&owner)).await.status, StatusCode::NOT_FOUND);
    // A free paid agent: given again without buying.
    ok(app.post_form(GIVE, Some(&owner), &[("userId", "3")]).await);
}

#[tokio::test]
async fn hostile_ids_are_not_found() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    for id in ["0", "-1", "abc", "99999999999999999999", "2"] {
        assert_eq!(
            app.get(&format!("/api/agents/getAgent/{id}"), Some(&owner)).await.status,
            StatusCode::NOT_FOUND,
            "{id}"
        );
        let reply = app.post_form(&format!("/api/agents/takeAccess/{id}"), Some(&owner), &[]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{id}");
    }
    for id in ["0", "99999"] {
        assert_eq!(app.post_form(GIVE, Some(&owner), &[("userId", id)]).await.status.as_u16() / 100, 4, "{id}");
    }
    let reply = app.post_form(GIVE, Some(&owner), &[("userId", "x")]).await;
    assert!(reply.status.is_client_error(), "{}", reply.status);
}

#[tokio::test]
async fn an_agents_page_shows_their_details_and_their_outbound_calls_newest_first() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let first = ok(app.get("/api/agents/getAgent/10?page=1&pageSize=5", Some(&owner)).await);
    assert_eq!(first["agent"]["name"], "Morgan Marsh");
    assert_eq!(first["agent"]["calls30Days"], recent(&app, 10).await.0);
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM calls WHERE user_id = 10 AND direction = 'outbound'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(first["total"], total);
    let calls = first["calls"].as_array().unwrap();
    assert_eq!(calls.len(), 5);
    assert!(calls.iter().all(|c| c["kind"] == "Landline" || c["kind"] == "Mobile"));
    // Each call on the campaign the agent was on: the demo's agent is on theirs.
    assert!(calls.iter().all(|c| c["campaign"] == first["agent"]["campaign"]), "{calls:?} {}", first["agent"]);
    let ids =
        |page: &Value| page["calls"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect::<Vec<_>>();
    let second = ok(app.get("/api/agents/getAgent/10?page=2&pageSize=5", Some(&owner)).await);
    assert!(ids(&first).iter().all(|id| !ids(&second).contains(id)));
    let campaigns = first["campaigns"].as_array().unwrap();
    assert_eq!(campaigns.len(), 3, "the account's own campaigns: {campaigns:?}");
    // Page size is bounded.
    let big = ok(app.get("/api/agents/getAgent/10?pageSize=100000", Some(&owner)).await);
    assert_eq!(big["pageSize"], 100);
    assert_eq!(app.get("/api/agents/getAgent/10?page=x", Some(&owner)).await.status.as_u16() / 100, 4);
}

#[tokio::test]
async fn an_agent_is_put_on_one_of_the_accounts_campaigns() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get("/api/agents/getAgent/10", Some(&owner)).await);
    let spring = page["campaigns"].as_array().unwrap().iter().find(|c| c["name"] == "Spring recall").unwrap()["id"]
        .as_i64()
        .unwrap();
    let set = |campaign: String| {
        let app = &app;
        let owner = owner.clone();
        async move {
            app.post_form("/api/agents/setCampaign/10", Some(&owner), &[("outboundCampaignId", campaign.as_str())])
                .await
        }
    };
    ok(set(spring.to_string()).await);
    let page = ok(app.get("/api/agents/getAgent/10", Some(&owner)).await);
    assert_eq!(page["agent"]["campaign"], "Spring recall");
    assert_eq!(page["agent"]["campaignId"], spring);
    // Atlas's campaign is not this account's.
    let renewals: i64 = sqlx::query_scalar("SELECT id FROM outbound_campaigns WHERE customer_id = 300")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(set(renewals.to_string()).await.status, StatusCode::NOT_FOUND);
    assert_eq!(set("-4".into()).await.status, StatusCode::NOT_FOUND);
    ok(set(String::new()).await);
    assert_eq!(ok(app.get("/api/agents/getAgent/10", Some(&owner)).await)["agent"]["campaign"], "");
    // A user who is not an agent has no agent campaign to set.
    let reply = app.post_form("/api/agents/setCampaign/3", Some(&owner), &[("outboundCampaignId", "")]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_agent_s_caller_id_is_picked_from_the_tracked_numbers_and_verified_caller_ids() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get("/api/agents/getAgent/10", Some(&owner)).await);
    let choices = page["callerIds"].as_array().unwrap();
    let allowed = domain::caller_ids::caller_id_choices(
        &sqlx::query_scalar::<_, String>(
            "SELECT number FROM routing_entries WHERE customer_id = 100 AND kind = 'static' AND number <> ''",
        )
        .fetch_all(&app.state.db)
        .await
        .unwrap(),
    );
    assert!(!allowed.is_empty());
    for number in &allowed {
        let choice = choices.iter().find(|c| c["number"] == number.as_str()).unwrap_or_else(|| panic!("{number}"));
        assert!(choice["label"].as_str().unwrap().ends_with(" · Tracked number"), "{choice}");
    }
    let set = |number: &str| {
        let (app, owner, number) = (&app, owner.clone(), number.to_string());
        async move {
            app.post_form("/api/agents/setCallerId/10", Some(&owner), &[("outboundNumber", number.as_str())]).await
        }
    };
    let number = allowed[0].clone();
    ok(set(&number).await);
    let page = ok(app.get("/api/agents/getAgent/10", Some(&owner)).await);
    assert_eq!(page["agent"]["outboundNumber"], number.as_str());
    // A number that is neither tracked nor verified: refused, the caller id unchanged.
    let refused = set("07700900999").await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["outboundNumber"], domain::caller_ids::NOT_A_CALLER_ID_CHOICE);
    assert_eq!(ok(app.get("/api/agents/getAgent/10", Some(&owner)).await)["agent"]["outboundNumber"], number.as_str());
    // Another customer's tracked number is not this account's choice.
    let theirs: String = sqlx::query_scalar(
        "SELECT number FROM routing_entries WHERE customer_id = 300 AND kind = 'static' AND number <> '' LIMIT 1",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(set(&theirs).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    ok(set("").await);
    assert_eq!(ok(app.get("/api/agents/getAgent/10", Some(&owner)).await)["agent"]["outboundNumber"], "");
    // Not an agent, or another customer's agent: 404, whatever the number.
    assert_eq!(
        app.post_form("/api/agents/setCallerId/3", Some(&owner), &[("outboundNumber", "")]).await.status,
        StatusCode::NOT_FOUND
    );
    let other = app.login("enterprise@demo.test").await;
    let reply = app.post_form("/api/agents/setCallerId/10", Some(&other), &[("outboundNumber", theirs.as_str())]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let user = app.login("user@demo.test").await;
    let reply = app.post_form("/api/agents/setCallerId/10", Some(&user), &[("outboundNumber", "")]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn agents_need_the_outbound_permission_and_changes_need_a_user_admin() {
    let app = TestApp::spawn().await;
    let calls = [
        ("GET", PAGE.to_string()),
        ("GET", "/api/agents/getAgent/1".to_string()),
        ("POST", GIVE.to_string()),
        ("POST", "/api/agents/takeAccess/1".to_string()),
        ("POST", "/api/agents/setCampaign/1".to_string()),
        ("POST", "/api/agents/setCallerId/1".to_string()),
    ];
    // user@demo.test has no outbound permission; Starter has no outbound at all.
    for email in ["user@demo.test", "starter@demo.test"] {
        let session = app.login(email).await;
        for (method, path) in &calls {
            let reply = if *method == "GET" {
                app.get(path, Some(&session)).await
            } else {
                app.post_form(path, Some(&session), &[("userId", "3")]).await
            };
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email} {path}");
        }
    }
    for (method, path) in &calls {
        let reply = if *method == "GET" { app.get(path, None).await } else { app.post_form(path, None, &[]).await };
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{path}");
    }
    // The outbound permission without user admin: the page, not its changes.
    sqlx::query("UPDATE user_access SET perm_outbound = 1 WHERE user_id = 3 AND customer_id = 100")
        .execute(&app.state.db)
        .await
        .unwrap();
    let user = app.login("user@demo.test").await;
    let page = ok(app.get(PAGE, Some(&user)).await);
    assert_eq!(page["canEdit"], false);
    assert_eq!(page["canBuy"], false);
    ok(app.get("/api/agents/getAgent/1", Some(&user)).await);
    for (method, path) in calls.iter().filter(|(m, _)| *m == "POST") {
        let reply = app.post_form(path, Some(&user), &[("userId", "3")]).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{method} {path}");
    }
    // The administrator administers users: they may.
    let admin = app.login("admin@demo.test").await;
    assert_eq!(ok(app.get(PAGE, Some(&admin)).await)["canEdit"], true);
    let owner = app.login("owner@demo.test").await;
    assert_eq!(ok(app.get(PAGE, Some(&owner)).await)["seats"]["agents"], 2, "nothing changed");
}

#[tokio::test]
async fn another_customers_users_are_not_found_and_unchanged() {
    let app = TestApp::spawn().await;
    // Atlas Insurance's owner has outbound; Harbour Lane's users are not theirs.
    let other = app.login("enterprise@demo.test").await;
    let theirs = ok(app.get(PAGE, Some(&other)).await);
    assert!(theirs["agents"].as_array().unwrap().iter().all(|a| a["id"] != 1 && a["id"] != 10), "{theirs}");
    assert!(theirs["candidates"].as_array().unwrap().iter().all(|c| c["id"] != 3));
    for id in [1, 10] {
        assert_eq!(app.get(&format!("/api/agents/getAgent/{id}"), Some(&other)).await.status, StatusCode::NOT_FOUND);
        let reply = app.post_form(&format!("/api/agents/takeAccess/{id}"), Some(&other), &[]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND);
        let reply =
            app.post_form(&format!("/api/agents/setCampaign/{id}"), Some(&other), &[("outboundCampaignId", "")]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND);
    }
    let reply = app.post_form(GIVE, Some(&other), &[("userId", "3")]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND, "{}", reply.text());
    assert!(!reply.text().contains("Uma"));
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert!(agent(&page, 1).is_some() && agent(&page, 10).is_some() && agent(&page, 3).is_none());
}

#[tokio::test]
async fn an_outbound_user_bought_on_the_user_form_is_a_paid_agent() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let offer = ok(app.get("/api/users/getOutboundService", Some(&owner)).await);
    let service = offer["data"]["serviceId"].to_string();
    let fields = [("userId", "3"), ("serviceId", service.as_str()), ("acceptTerms", "1")];
    ok(app.post_multipart("/api/users/setOutboundService", Some(&owner), &fields).await);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert_eq!(page["seats"], json!({ "agents": 3, "paid": 3, "free": 0, "summary": "3 of 3 paid agents in use." }));
    // On the bill too.
    let (user, pence): (Option<i64>, i64) = sqlx::query_as(
        "SELECT user_id, unit_price_pence FROM customer_charges WHERE customer_id = 100 AND item = 'outbound_user' AND ended_at IS NULL",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!((user, pence), (Some(3), offer["data"]["price"].as_f64().map(|p| (p * 100.0).round() as i64).unwrap()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_many_users_given_access_at_once_only_the_paid_agents_get_it() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    ok(app.post_form("/api/services/addAddon", Some(&owner), &[("scope", "outbound_additional_user")]).await);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let ids: Vec<String> = page["candidates"].as_array().unwrap().iter().take(6).map(|c| c["id"].to_string()).collect();
    assert_eq!(ids.len(), 6);
    let replies = futures_util::future::join_all(ids.iter().map(|id| {
        let (app, owner) = (&app, &owner);
        async move { app.post_form(GIVE, Some(owner), &[("userId", id.as_str())]).await }
    }))
    .await;
    let given = replies.iter().filter(|r| r.status == StatusCode::OK).count();
    assert_eq!(given, 1, "{:?}", replies.iter().map(|r| r.text()).collect::<Vec<_>>());
    for refused in replies.iter().filter(|r| r.status != StatusCode::OK) {
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.text());
        assert_eq!(refused.json()["code"], "AGENT_LIMIT_REACHED");
    }
    assert_eq!(ok(app.get(PAGE, Some(&owner)).await)["seats"]["agents"], 3);
}
