//! Call tags (docs/tags-api.md): the tags page, tags and rules added, edited and
//! deleted with every message, 'Apply to past calls', tagging a call by hand from the call log,
//! permissions and other customers' ids.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{Reply, TestApp};

const TAGS: &str = "/api/tags/getTags";
const ADD: &str = "/api/tags/addTag";
const DAY: i64 = 24 * 60 * 60;

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn field_error(reply: &Reply, field: &str) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    reply.json()["errors"][field].as_str().unwrap_or_default().to_string()
}

fn tag_named<'a>(page: &'a Value, name: &str) -> &'a Value {
    page["tags"].as_array().unwrap().iter().find(|t| t["description"] == name).unwrap_or_else(|| panic!("{name}"))
}

async fn add_tag(app: &TestApp, session: &str, name: &str, colour: &str) -> i64 {
    let reply = app.post_form(ADD, Some(session), &[("form_description", name), ("form_colour", colour)]).await;
    ok(reply)["id"].as_i64().unwrap()
}

/// The customer's newest inbound call.
async fn newest_call(app: &TestApp, customer: i64) -> i64 {
    sqlx::query_scalar(&format!("SELECT MAX(id) FROM calls WHERE customer_id = {customer} AND direction = 'inbound'"))
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

async fn call_tags_text(app: &TestApp, call: i64) -> String {
    sqlx::query_scalar(&format!("SELECT tags FROM calls WHERE id = {call}")).fetch_one(&app.state.db).await.unwrap()
}

#[tokio::test]
async fn the_tags_page_lists_the_demo_tags_their_calls_and_rules() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(TAGS, Some(&owner)).await);
    assert_eq!(page["canEdit"], true);
    assert_eq!(page["applyDays"], 90);
    let lead = tag_named(&page, "Qualified lead");
    assert_eq!(lead["colour"], "#2e7d32");
    assert!(lead["calls30Days"].as_i64().unwrap() > 0, "{lead}");
    assert!(lead["calls"].as_i64().unwrap() >= lead["calls30Days"].as_i64().unwrap());
    assert_eq!(lead["rules"][0]["conditions"][0], "Talked for at least 120 seconds");
    assert_eq!(lead["rules"][0]["form"]["minDuration"], "120");
    let paid = tag_named(&page, "Paid search lead");
    assert_eq!(
        paid["rules"][0]["conditions"],
        serde_json::json!(["Source / medium is google / cpc", "Talked for at least 60 seconds"])
    );
    assert!(page["sources"].as_array().unwrap().iter().any(|s| s["label"] == "google / cpc"));
    assert!(page["outcomes"].as_array().unwrap().iter().any(|o| o["value"] == "hungUpInIvr"));
    // The demo's tags came from the rules: every call of 120 seconds or more is a qualified lead.
    let untagged: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM calls c WHERE c.customer_id = 100 AND c.direction = 'inbound' AND c.talk_seconds >= 120
           AND NOT EXISTS (SELECT 1 FROM call_tag_links l JOIN call_tag_names t ON t.id = l.tag_id
                           WHERE l.call_id = c.id AND t.description = 'Qualified lead')",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(untagged, 0);
    let short_leads: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM calls WHERE customer_id = 100 AND talk_seconds < 120 AND tags LIKE '%Qualified lead%'",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(short_leads, 0);
}

#[tokio::test]
async fn a_tag_is_added_edited_and_deleted_with_every_message() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let post = |fields: Vec<(&'static str, String)>| {
        let app = &app;
        let owner = owner.clone();
        async move {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            app.post_form(ADD, Some(&owner), &fields).await
        }
    };
    let cases = [
        ("", "#2e7d32", "form_description", "Description is required."),
        ("x".repeat(41).leak() as &str, "#2e7d32", "form_description", "Description must not exceed 40 characters."),
        ("Лид", "#2e7d32", "form_description", "Invalid characters found."),
        ("qualified LEAD", "#2e7d32", "form_description", "Description must be unique."),
        ("Hot", "red", "form_colour", "Colour must be a hex code such as #1a2b3c."),
        (
            "Hot",
            "#ffeb3b",
            "form_colour",
            "Choose a darker colour: the tag's white text needs a contrast of at least 4.5 to 1.",
        ),
    ];
    for (name, colour, field, message) in cases {
        let reply = post(vec![("form_description", name.to_string()), ("form_colour", colour.to_string())]).await;
        assert!(field_error(&reply, field).starts_with(message), "{name} {colour}: {}", reply.text());
    }
    let reply = post(vec![("form_description", "Qualified Lead".into()), ("form_colour", "#2e7d32".into())]).await;
    assert_eq!(reply.json()["code"], "DESCRIPTION_NOT_UNIQUE");

    let id = add_tag(&app, &owner, "Hot lead", "#B71C1C").await;
    let page = ok(app.get(TAGS, Some(&owner)).await);
    let hot = tag_named(&page, "Hot lead");
    assert_eq!(
        (hot["id"].as_i64(), hot["colour"].as_str(), hot["calls"].as_i64()),
        (Some(id), Some("#b71c1c"), Some(0))
    );
    assert_eq!(hot["deleteQuestion"], "Delete the tag 'Hot lead'? It is on no calls.");

    // On a call, renamed: the call log shows the new name.
    let call = newest_call(&app, 100).await;
    ok(app.post_form(&format!("/api/reports/tagCall/{call}"), Some(&owner), &[("form_tag_id", &id.to_string())]).await);
    let edit = format!("/api/tags/editTag/{id}");
    let reply =
        app.post_form(&edit, Some(&owner), &[("form_description", "New caller"), ("form_colour", "#b71c1c")]).await;
    assert_eq!(field_error(&reply, "form_description"), "Description must be unique.");
    ok(app.post_form(&edit, Some(&owner), &[("form_description", "Very hot lead"), ("form_colour", "#0d47a1")]).await);
    assert!(call_tags_text(&app, call).await.contains("Very hot lead"));
    let detail = ok(app.get(&format!("/api/reports/getCall/{call}"), Some(&owner)).await);
    assert!(detail["call"]["tags"].as_array().unwrap().iter().any(|t| t == "Very hot lead"));
    let page = ok(app.get(TAGS, Some(&owner)).await);
    assert_eq!(
        tag_named(&page, "Very hot lead")["deleteQuestion"],
        "Delete the tag 'Very hot lead'? It will be removed from 1 call."
    );

    // Deleted: off its call, with the count.
    let deleted = ok(app.post_form(&format!("/api/tags/deleteTag/{id}"), Some(&owner), &[]).await);
    assert_eq!(deleted["calls"], 1);
    assert!(!call_tags_text(&app, call).await.contains("Very hot lead"));
    assert_eq!(
        app.post_form(&format!("/api/tags/deleteTag/{id}"), Some(&owner), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.post_form("/api/tags/editTag/abc", Some(&owner), &[]).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn rules_are_added_edited_and_deleted_with_every_message() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let tag = add_tag(&app, &owner, "Long paid call", "#1565c0").await;
    let page = ok(app.get(TAGS, Some(&owner)).await);
    let google = page["sources"].as_array().unwrap().iter().find(|s| s["label"] == "google / cpc").unwrap()["value"]
        .as_str()
        .unwrap()
        .to_string();
    let add = format!("/api/tags/addRule/{tag}");
    let reply = app.post_form(&add, Some(&owner), &[("form_first_time", "0")]).await;
    assert_eq!(field_error(&reply, "form_conditions"), "A rule needs at least one condition.");
    let reply = app
        .post_form(
            &add,
            Some(&owner),
            &[
                ("form_source_medium", "x"),
                ("form_campaign", "0"),
                ("form_min_duration", "0"),
                ("form_key", "12"),
                ("form_outcome", "won"),
            ],
        )
        .await;
    assert_eq!(field_error(&reply, "form_source_medium"), "Choose a source / medium from the list.");
    assert_eq!(field_error(&reply, "form_campaign"), "Choose a campaign from the list.");
    assert_eq!(field_error(&reply, "form_min_duration"), "Duration must be a whole number of seconds from 1 to 86400.");
    assert_eq!(field_error(&reply, "form_key"), "Key must be one of 0 to 9, * or #.");
    assert_eq!(field_error(&reply, "form_outcome"), "Choose an outcome from the list.");
    // Another customer's source / medium and campaign are not in the list.
    let theirs: (i64,) = sqlx::query_as("SELECT id FROM sources_mediums WHERE customer_id <> 100 ORDER BY id LIMIT 1")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let their_campaign: Option<i64> = sqlx::query_scalar("SELECT MIN(id) FROM campaigns WHERE customer_id <> 100")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let their_campaign = their_campaign.unwrap_or(999_999).to_string();
    let reply = app
        .post_form(
            &add,
            Some(&owner),
            &[("form_source_medium", &theirs.0.to_string()), ("form_campaign", &their_campaign)],
        )
        .await;
    assert_eq!(field_error(&reply, "form_source_medium"), "Choose a source / medium from the list.");
    assert_eq!(field_error(&reply, "form_campaign"), "Choose a campaign from the list.");

    let rule = ok(app
        .post_form(&add, Some(&owner), &[("form_source_medium", &google), ("form_min_duration", "60")])
        .await)["id"]
        .as_i64()
        .unwrap();
    let page = ok(app.get(TAGS, Some(&owner)).await);
    let rules = &tag_named(&page, "Long paid call")["rules"];
    assert_eq!(rules[0]["id"], rule);
    assert_eq!(
        rules[0]["conditions"],
        serde_json::json!(["Source / medium is google / cpc", "Talked for at least 60 seconds"])
    );

    let edit = format!("/api/tags/editRule/{rule}");
    let reply = app.post_form(&edit, Some(&owner), &[("form_key", "a")]).await;
    assert_eq!(field_error(&reply, "form_key"), "Key must be one of 0 to 9, * or #.");
    ok(app
        .post_form(&edit, Some(&owner), &[("form_key", "#"), ("form_first_time", "1"), ("form_outcome", "answered")])
        .await);
    let page = ok(app.get(TAGS, Some(&owner)).await);
    assert_eq!(
        tag_named(&page, "Long paid call")["rules"][0]["conditions"],
        serde_json::json!(["Pressed # in a menu", "First-time caller", "Outcome is Answered"])
    );
    ok(app.post_form(&format!("/api/tags/deleteRule/{rule}"), Some(&owner), &[]).await);
    assert_eq!(app.post_form(&edit, Some(&owner), &[("form_key", "1")]).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.post_form(&format!("/api/tags/deleteRule/{rule}"), Some(&owner), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.post_form("/api/tags/addRule/0", Some(&owner), &[("form_key", "1")]).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn apply_to_past_calls_tags_the_calls_of_the_last_90_days_that_the_rules_give() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let tag = add_tag(&app, &owner, "Pressed one", "#4a148c").await;
    ok(app.post_form(&format!("/api/tags/addRule/{tag}"), Some(&owner), &[("form_key", "1")]).await);
    let applied = ok(app.post_form("/api/tags/applyRules", Some(&owner), &[]).await);
    let now = app.state.clock.now();
    let (expected, checked): (i64, i64) = sqlx::query_as(&format!(
        "SELECT SUM(CASE WHEN keys_pressed LIKE '%1%' THEN 1 ELSE 0 END), COUNT(*) FROM calls
         WHERE customer_id = 100 AND direction = 'inbound' AND started_at >= {}",
        now - 90 * DAY
    ))
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert!(expected > 0);
    assert_eq!(applied["checked"], checked);
    // The demo's own rules were applied when the calls were stored: only the new tag is news.
    assert_eq!(applied["tagged"], expected);
    assert_eq!(applied["message"], format!("{expected} calls tagged of {checked} calls in the last 90 days."));
    let page = ok(app.get(TAGS, Some(&owner)).await);
    assert_eq!(tag_named(&page, "Pressed one")["calls"], expected);
    let text: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM calls WHERE customer_id = 100 AND tags LIKE '%Pressed one%'")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert_eq!(text, expected);
    // Again: nothing new.
    let again = ok(app.post_form("/api/tags/applyRules", Some(&owner), &[]).await);
    assert_eq!(again["tagged"], 0);
}

#[tokio::test]
async fn a_call_is_tagged_and_untagged_by_hand_from_the_call_log() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let tag = add_tag(&app, &owner, "Complaint", "#b71c1c").await;
    let call = newest_call(&app, 100).await;
    let detail = ok(app.get(&format!("/api/reports/getCall/{call}"), Some(&owner)).await);
    assert_eq!(detail["tags"]["canTag"], true);
    assert!(detail["tags"]["available"].as_array().unwrap().iter().any(|t| t["id"] == tag));
    let tagged = ok(app
        .post_form(&format!("/api/reports/tagCall/{call}"), Some(&owner), &[("form_tag_id", &tag.to_string())])
        .await);
    let on = tagged["on"].as_array().unwrap().iter().find(|t| t["id"] == tag).unwrap();
    assert_eq!((on["byRule"].as_bool(), on["colour"].as_str()), (Some(false), Some("#b71c1c")));
    assert!(!tagged["available"].as_array().unwrap().iter().any(|t| t["id"] == tag));
    assert!(call_tags_text(&app, call).await.contains("Complaint"));
    // Twice is once.
    ok(app
        .post_form(&format!("/api/reports/tagCall/{call}"), Some(&owner), &[("form_tag_id", &tag.to_string())])
        .await);
    let untagged = ok(app
        .post_form(&format!("/api/reports/untagCall/{call}"), Some(&owner), &[("form_tag_id", &tag.to_string())])
        .await);
    assert!(!untagged["on"].as_array().unwrap().iter().any(|t| t["id"] == tag));
    assert!(!call_tags_text(&app, call).await.contains("Complaint"));
    for bad in ["", "0", "x", "99999999"] {
        let reply = app.post_form(&format!("/api/reports/tagCall/{call}"), Some(&owner), &[("form_tag_id", bad)]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{bad}");
    }
    let reply = app.post_form("/api/reports/tagCall/abc", Some(&owner), &[("form_tag_id", &tag.to_string())]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn another_customers_tags_rules_and_calls_are_not_found() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let other = app.login("enterprise@demo.test").await;
    let page = ok(app.get(TAGS, Some(&other)).await);
    let their_tag = tag_named(&page, "Qualified lead")["id"].as_i64().unwrap();
    let their_rule = tag_named(&page, "Qualified lead")["rules"][0]["id"].as_i64().unwrap();
    let customer = app.account(&other).await["customerId"].as_i64().unwrap();
    let their_call = newest_call(&app, customer).await;
    let my_tag = add_tag(&app, &owner, "Mine", "#1565c0").await;
    let fields: &[(&str, &str)] = &[("form_description", "Taken over"), ("form_colour", "#1565c0"), ("form_key", "1")];
    for path in [
        format!("/api/tags/editTag/{their_tag}"),
        format!("/api/tags/deleteTag/{their_tag}"),
        format!("/api/tags/addRule/{their_tag}"),
        format!("/api/tags/editRule/{their_rule}"),
        format!("/api/tags/deleteRule/{their_rule}"),
    ] {
        let reply = app.post_form(&path, Some(&owner), fields).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}: {}", reply.text());
    }
    let reply = app
        .post_form(&format!("/api/reports/tagCall/{their_call}"), Some(&owner), &[("form_tag_id", &my_tag.to_string())])
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let my_call = newest_call(&app, 100).await;
    let reply = app
        .post_form(&format!("/api/reports/tagCall/{my_call}"), Some(&owner), &[("form_tag_id", &their_tag.to_string())])
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    // Theirs unchanged.
    let page = ok(app.get(TAGS, Some(&other)).await);
    assert_eq!(tag_named(&page, "Qualified lead")["rules"].as_array().unwrap().len(), 1);
    assert!(!page["tags"].as_array().unwrap().iter().any(|t| t["description"] == "Mine"));
}

#[tokio::test]
async fn tags_need_the_menu_item_and_changes_need_the_edit_right() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let tag = add_tag(&app, &owner, "Owner's", "#1565c0").await;
    let call = newest_call(&app, 100).await;
    // The Starter plan has no Tags menu item (admin_tagging_for_dynamics).
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get(TAGS, Some(&starter)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.post_form(ADD, Some(&starter), &[("form_description", "A"), ("form_colour", "#1565c0")]).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.post_form("/api/tags/applyRules", Some(&starter), &[]).await.status, StatusCode::FORBIDDEN);
    // A user with the number/campaign admin right edits tags; without it, reads them only.
    let user = app.login("user@demo.test").await;
    assert_eq!(ok(app.get(TAGS, Some(&user)).await)["canEdit"], true);
    sqlx::query("UPDATE user_access SET perm_services_admin = 0 WHERE user_id = 3 AND customer_id = 100")
        .execute(&app.state.db)
        .await
        .unwrap();
    // Without it the page's guard refuses /tags (403), and the call log offers no tagging.
    let user = app.login("user@demo.test").await;
    assert_eq!(app.get(TAGS, Some(&user)).await.status, StatusCode::FORBIDDEN);
    for path in [
        ADD.to_string(),
        format!("/api/tags/editTag/{tag}"),
        format!("/api/tags/deleteTag/{tag}"),
        "/api/tags/applyRules".into(),
    ] {
        let reply = app.post_form(&path, Some(&user), &[("form_description", "A"), ("form_colour", "#1565c0")]).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    let detail = ok(app.get(&format!("/api/reports/getCall/{call}"), Some(&user)).await);
    assert_eq!(detail["tags"]["canTag"], false);
    assert!(detail["tags"]["available"].as_array().unwrap().is_empty());
    let reply =
        app.post_form(&format!("/api/reports/tagCall/{call}"), Some(&user), &[("form_tag_id", &tag.to_string())]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    // No session: the login.
    assert_eq!(app.get(TAGS, None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_call_log_filters_by_tag_and_offers_the_accounts_tags() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let filters = ok(app.get("/api/reports/getCallFilters", Some(&owner)).await);
    let lead = filters["tags"].as_array().unwrap().iter().find(|t| t["label"] == "Qualified lead").unwrap()["id"]
        .as_i64()
        .unwrap();
    // The log's last 30 days: from 25 October 00:00 BST to the end of 23 November, the test
    // clock's day (not the 30 days back from the clock's moment).
    let (since, until) = (1_792_882_800_i64, 1_795_478_400_i64);
    let expected: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM calls c JOIN call_tag_links l ON l.call_id = c.id
         WHERE c.customer_id = 100 AND c.direction = 'inbound' AND l.tag_id = {lead}
           AND c.started_at >= {since} AND c.started_at < {until}"
    ))
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert!(expected > 0);
    let log = ok(app.get(&format!("/api/reports/getCalls?tag={lead}&pageSize=100"), Some(&owner)).await);
    assert_eq!(log["total"], expected);
    for row in log["calls"].as_array().unwrap() {
        assert!(row["tags"].as_array().unwrap().iter().any(|t| t == "Qualified lead"), "{row}");
        assert!(row["talkSeconds"].as_i64().unwrap() >= 120);
    }
    // Another customer's tag finds none of theirs; a bad id is the filter's message.
    let other = app.login("enterprise@demo.test").await;
    let theirs = ok(app.get("/api/reports/getCallFilters", Some(&other)).await)["tags"][0]["id"].as_i64().unwrap();
    let log = ok(app.get(&format!("/api/reports/getCalls?tag={theirs}"), Some(&owner)).await);
    assert_eq!(log["total"], 0);
    assert_eq!(app.get("/api/reports/getCalls?tag=x", Some(&owner)).await.status, StatusCode::UNPROCESSABLE_ENTITY);
}
