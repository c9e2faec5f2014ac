//! Dynamic: Source / mediums (docs/sources-api.md): the pairs with their visits and
//! calls, the demo's visits classified by the seeded rules (domain `sources::classify`), adding,
//! renaming and deleting pairs (refused while a whisper or pool uses one), the rules' changes
//! and order, the paid-click setting, permissions and other customers' ids.

use axum::http::StatusCode;
use domain::sources::{classify, Ruleset, VisitFacts};
use serde_json::Value;

use crate::helpers::{rows_as_text, Reply, TestApp};

const LIST: &str = "/api/managesources/getSources";
const PAGE: &str = "/api/managesources/getSource";
const INSERT: &str = "/api/managesources/insertSource";
const UPDATE: &str = "/api/managesources/updateSource";
const DELETE: &str = "/api/managesources/deleteSource";
const ADD_RULE: &str = "/api/managesources/insertRule";
const EDIT_RULE: &str = "/api/managesources/updateRule";
const DROP_RULE: &str = "/api/managesources/deleteRule";
const MOVE_RULE: &str = "/api/managesources/moveRule";
const SETTINGS: &str = "/api/managesources/updateSettings";

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn field_error(reply: &Reply, field: &str) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    reply.json()["errors"][field].as_str().unwrap_or_default().to_string()
}

async fn get(app: &TestApp, path: &str, session: &str) -> Value {
    ok(app.get(path, Some(session)).await)
}

async fn post(app: &TestApp, path: &str, session: &str, fields: &[(&str, &str)]) -> Reply {
    app.post_form(path, Some(session), fields).await
}

/// A count the database gives.
async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap()
}

/// The id of the session's pair 'source / medium'.
async fn pair_id(app: &TestApp, session: &str, source: &str, medium: &str) -> i64 {
    let list = get(app, LIST, session).await;
    list["sources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["source"] == source && s["medium"] == medium)
        .unwrap_or_else(|| panic!("{source} / {medium} in {list}"))["id"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn the_pairs_are_listed_with_their_rules_visits_and_calls_in_30_days() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let list = get(&app, LIST, &owner).await;
    assert_eq!(list["canEdit"], true);
    let sources = list["sources"].as_array().unwrap();
    // The website's ten, Meta's paid social (its imported spend is on it), and the offline pair
    // of each channel its static numbers' calls came on.
    let offline: Vec<&Value> = sources.iter().filter(|s| s["medium"] == "offline").collect();
    assert_eq!((sources.len(), offline.len()), (11 + offline.len(), 4), "{list}");
    assert!(sources.iter().any(|s| s["source"] == "facebook" && s["medium"] == "paid_social"), "{list}");
    assert!(offline.iter().all(|s| s["rules"] == 0 && s["visits30Days"] == 0), "{list}");
    let direct = sources.iter().find(|s| s["source"] == "(direct)").unwrap();
    assert_eq!(direct["isDefault"], true);
    assert_eq!(list["ruleset"]["defaultId"], direct["id"]);
    assert_eq!(list["ruleset"]["paidOverrides"], false);
    assert!(list["ruleset"]["rules"].as_array().unwrap().len() >= 8, "the demo's rules: {list}");
    // The last 30 days: the 30 local days to today, as the dashboard and the call log count them.
    let (since, end) = (1_792_882_800, 1_795_478_400);
    for source in sources {
        let id = source["id"].as_i64().unwrap();
        let visits = count(
            &app,
            &format!(
                "SELECT COUNT(*) FROM visits WHERE customer_id = 100 AND source_medium_id = {id}
                 AND started_at >= {since} AND started_at < {end}"
            ),
        )
        .await;
        let calls = count(
            &app,
            &format!(
                "SELECT COUNT(*) FROM calls WHERE customer_id = 100 AND direction = 'inbound' AND credit_source_id = {id}
                 AND started_at >= {since} AND started_at < {end}"
            ),
        )
        .await;
        assert_eq!(source["visits30Days"].as_i64(), Some(visits), "{source}");
        assert_eq!(source["calls30Days"].as_i64(), Some(calls), "{source}");
    }
    let google = sources.iter().find(|s| s["source"] == "google" && s["medium"] == "cpc").unwrap();
    assert!(google["visits30Days"].as_i64().unwrap() > 0 && google["calls30Days"].as_i64().unwrap() > 0);
    assert_eq!(google["rules"], 2);
    // A pair's page: its rules with their places in the account's order, and who uses it.
    let page = get(&app, &format!("{PAGE}/{}", google["id"]), &owner).await;
    let rules = page["rules"].as_array().unwrap();
    assert_eq!(rules.len(), 2);
    assert_eq!(rules[0]["description"], "the landing page has a gclid");
    assert_eq!(rules[1]["description"], "utm_source equals \"google\"");
    assert!(rules[0]["position"].as_i64() < rules[1]["position"].as_i64());
    assert_eq!(page["whispers"][0], "Marketing channel");
    assert!(!page["pools"].as_array().unwrap().is_empty(), "{page}");
    assert!(page["deleteRefusal"]
        .as_str()
        .unwrap()
        .starts_with("In use by the dynamic whispers \"Marketing channel\""));
    for bad in ["0", "-3", "abc", "99999999999999999999", "999999"] {
        assert_eq!(app.get(&format!("{PAGE}/{bad}"), Some(&owner)).await.status, StatusCode::NOT_FOUND, "{bad}");
    }
}

#[tokio::test]
async fn every_demo_visit_has_the_source_the_classifier_gives_it_with_the_seeded_rules() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let ruleset: Ruleset = serde_json::from_value(get(&app, LIST, &owner).await["ruleset"].clone()).unwrap();
    let visits: Vec<(String, String, Option<i64>, String)> = sqlx::query_as(
        "SELECT landing_page, referrer, source_medium_id, click_id FROM visits WHERE customer_id = 100 ORDER BY id",
    )
    .fetch_all(&app.state.db)
    .await
    .unwrap();
    assert!(visits.len() > 500, "{}", visits.len());
    let mut seen = std::collections::HashSet::new();
    for (landing, referrer, stored, click_id) in &visits {
        let facts = VisitFacts { landing_url: landing.clone(), referrer: referrer.clone(), ..Default::default() };
        let got = classify(&facts, &ruleset);
        assert_eq!(Some(got.source_medium_id), *stored, "{landing} {referrer}: {}", got.why);
        if !click_id.is_empty() {
            assert!(landing.contains(click_id.as_str()), "the click id is on the landing page: {landing}");
        }
        seen.insert(got.source_medium_id);
    }
    assert!(seen.len() >= 8, "the demo's visits come from most pairs: {seen:?}");
    assert!(visits.iter().any(|v| v.0.contains("utm_source=bing&utm_medium=cpc")));
    // A pool call's source is its visit's.
    let differ = count(
        &app,
        "SELECT COUNT(*) FROM calls c JOIN visits v ON v.id = c.visit_id
         WHERE c.customer_id = 100 AND c.source_medium_id <> v.source_medium_id",
    )
    .await;
    assert_eq!(differ, 0);
}

#[tokio::test]
async fn a_pair_is_added_renamed_and_deleted_unless_in_use() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    assert_eq!(
        field_error(&post(&app, INSERT, &owner, &[("source", " "), ("medium", "")]).await, "source"),
        "Source is required."
    );
    let long = "m".repeat(101);
    assert_eq!(
        field_error(&post(&app, INSERT, &owner, &[("source", "tv"), ("medium", &long)]).await, "medium"),
        "Max medium length is 100 characters."
    );
    assert_eq!(
        field_error(&post(&app, INSERT, &owner, &[("source", "a/b"), ("medium", "x")]).await, "source"),
        "Source may not contain '/' or line breaks."
    );
    let taken = post(&app, INSERT, &owner, &[("source", "Google"), ("medium", "CPC")]).await;
    assert_eq!(field_error(&taken, "source"), "This source / medium already exists.");
    assert_eq!(taken.json()["code"], "SOURCE_MEDIUM_NOT_UNIQUE");
    let id =
        ok(post(&app, INSERT, &owner, &[("source", "podcast"), ("medium", "offline")]).await)["id"].as_i64().unwrap();
    let text = id.to_string();
    let renamed =
        ok(post(&app, UPDATE, &owner, &[("id", &text), ("source", "Podcast Leeds"), ("medium", "offline")]).await);
    assert_eq!(renamed["id"], id);
    let page = get(&app, &format!("{PAGE}/{id}"), &owner).await;
    assert_eq!((page["source"]["source"].as_str(), page["deleteRefusal"].as_str()), (Some("Podcast Leeds"), Some("")));
    // Renaming into another pair's name is refused; keeping its own is not.
    let clash = post(&app, UPDATE, &owner, &[("id", &text), ("source", "bing"), ("medium", "cpc")]).await;
    assert_eq!(field_error(&clash, "source"), "This source / medium already exists.");
    ok(post(&app, UPDATE, &owner, &[("id", &text), ("source", "Podcast Leeds"), ("medium", "offline")]).await);
    // Its rules go with it.
    ok(post(
        &app,
        ADD_RULE,
        &owner,
        &[("sourceId", &text), ("field", "utmSource"), ("op", "equals"), ("value", "radio")],
    )
    .await);
    ok(post(&app, DELETE, &owner, &[("id", &text)]).await);
    assert_eq!(app.get(&format!("{PAGE}/{id}"), Some(&owner)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM source_rules WHERE source_medium_id = {id}")).await, 0);
    // In use by a whisper and the pools playing it: refused, naming them.
    let google = pair_id(&app, &owner, "google", "cpc").await.to_string();
    let refused = field_error(&post(&app, DELETE, &owner, &[("id", &google)]).await, "id");
    assert!(
        refused.starts_with("In use by the dynamic whispers \"Marketing channel\", \"Search only\" and the pool"),
        "{refused}"
    );
    assert!(refused.ends_with("Remove it there first."));
    let direct = pair_id(&app, &owner, "(direct)", "(none)").await.to_string();
    let refused = field_error(&post(&app, DELETE, &owner, &[("id", &direct)]).await, "id");
    assert!(refused.starts_with("This is the website's default"), "{refused}");
    // A pair nothing uses goes, and its past visits and calls keep no source.
    let yell = pair_id(&app, &owner, "yell.com", "referral").await;
    ok(post(&app, DELETE, &owner, &[("id", &yell.to_string())]).await);
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM visits WHERE source_medium_id = {yell}")).await, 0);
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM calls WHERE source_medium_id = {yell}")).await, 0);
}

#[tokio::test]
async fn rules_are_added_checked_edited_moved_and_deleted() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let bing = pair_id(&app, &owner, "bing", "cpc").await.to_string();
    let add = |fields: Vec<(&'static str, String)>| {
        let (app, owner, bing) = (&app, &owner, bing.clone());
        async move {
            let mut all: Vec<(&str, &str)> = vec![("sourceId", bing.as_str())];
            all.extend(fields.iter().map(|(k, v)| (*k, v.as_str())));
            post(app, ADD_RULE, owner, &all).await
        }
    };
    let reply = add(vec![("field", "colour".into())]).await;
    assert_eq!(field_error(&reply, "field"), "Choose what the rule looks at.");
    let reply = add(vec![("field", "utmSource".into()), ("op", "like".into()), ("value", "".into())]).await;
    assert_eq!(field_error(&reply, "op"), "Choose equals or contains.");
    assert_eq!(field_error(&reply, "value"), "Value is required.");
    let reply = add(vec![("field", "referrerHost".into()), ("value", "https://bing.com/x".into())]).await;
    assert_eq!(field_error(&reply, "value"), "Enter a host such as bing.com (no https:// or path).");
    let reply = add(vec![("field", "landingPath".into()), ("op", "equals".into()), ("value", "offers".into())]).await;
    assert_eq!(field_error(&reply, "value"), "A landing page path starts with '/'.");
    let reply = add(vec![("field", "clickId".into()), ("value", "dclid".into())]).await;
    assert_eq!(field_error(&reply, "value"), "Choose gclid, msclkid or fbclid.");
    let reply = add(vec![("field", "referrerGroup".into()), ("value", "news".into())]).await;
    assert_eq!(field_error(&reply, "value"), "Choose search engines or social networks.");
    let reply = add(vec![("field", "utmCampaign".into()), ("op", "contains".into()), ("value", "x".repeat(201))]).await;
    assert_eq!(field_error(&reply, "value"), "Max value length is 200 characters.");
    // A pair that is not there: 404.
    let reply = post(&app, ADD_RULE, &owner, &[("sourceId", "999999"), ("field", "always")]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);

    let added =
        ok(add(vec![("field", "utmCampaign".into()), ("op", "contains".into()), ("value", "bing_brand".into())]).await);
    let id = added["id"].as_i64().unwrap();
    let positions = |page: &Value| -> Vec<(i64, i64)> {
        page["rules"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["id"].as_i64().unwrap(), r["position"].as_i64().unwrap()))
            .collect()
    };
    let page = get(&app, &format!("{PAGE}/{bing}"), &owner).await;
    let total = page["ruleset"]["rules"].as_array().unwrap().len() as i64;
    assert_eq!(positions(&page).last(), Some(&(id, total)), "added last: {page}");
    assert_eq!(
        page["rules"].as_array().unwrap().last().unwrap()["description"],
        "utm_campaign contains \"bing_brand\""
    );
    // Moved up one place, down again; past the end it stays.
    let text = id.to_string();
    ok(post(&app, MOVE_RULE, &owner, &[("id", &text), ("direction", "up")]).await);
    let page = get(&app, &format!("{PAGE}/{bing}"), &owner).await;
    assert_eq!(positions(&page).last(), Some(&(id, total - 1)));
    ok(post(&app, MOVE_RULE, &owner, &[("id", &text), ("direction", "down")]).await);
    ok(post(&app, MOVE_RULE, &owner, &[("id", &text), ("direction", "down")]).await);
    let page = get(&app, &format!("{PAGE}/{bing}"), &owner).await;
    assert_eq!(positions(&page).last(), Some(&(id, total)));
    assert_eq!(
        field_error(&post(&app, MOVE_RULE, &owner, &[("id", &text), ("direction", "left")]).await, "direction"),
        "Choose up or down."
    );
    // Edited (its messages too), and given to another pair.
    let edit = post(&app, EDIT_RULE, &owner, &[("id", &text), ("field", "referrerHost"), ("value", "nope")]).await;
    assert_eq!(field_error(&edit, "value"), "Enter a host such as bing.com (no https:// or path).");
    let google = pair_id(&app, &owner, "google", "cpc").await.to_string();
    ok(post(
        &app,
        EDIT_RULE,
        &owner,
        &[("id", &text), ("sourceId", &google), ("field", "referrerHost"), ("value", "WWW.Ads.Example.com")],
    )
    .await);
    let stored = rows_as_text(
        &app.state.db,
        &format!("SELECT source_medium_id, field, op, value FROM source_rules WHERE id = {id}"),
    )
    .await;
    assert_eq!(stored, vec![format!("[{google},\"referrerHost\",\"equals\",\"ads.example.com\"]")]);
    ok(post(&app, DROP_RULE, &owner, &[("id", &text)]).await);
    assert_eq!(post(&app, DROP_RULE, &owner, &[("id", &text)]).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        post(&app, EDIT_RULE, &owner, &[("id", &text), ("field", "always")]).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        post(&app, MOVE_RULE, &owner, &[("id", &text), ("direction", "up")]).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_paid_click_setting_is_stored_and_read_by_the_classifier() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = post(&app, SETTINGS, &owner, &[("paidOverrides", "maybe")]).await;
    assert_eq!(field_error(&reply, "paidOverrides"), "Choose on or off.");
    assert_eq!(ok(post(&app, SETTINGS, &owner, &[("paidOverrides", "1")]).await)["paidOverrides"], true);
    assert_eq!(get(&app, LIST, &owner).await["ruleset"]["paidOverrides"], true);
    ok(post(&app, SETTINGS, &owner, &[("paidOverrides", "0")]).await);
    assert_eq!(get(&app, LIST, &owner).await["ruleset"]["paidOverrides"], false);
}

#[tokio::test]
async fn the_pages_need_the_menu_item_and_changes_the_edit_right() {
    let app = TestApp::spawn().await;
    // A group account has no Dynamic menu.
    let group = app.login("group@demo.test").await;
    assert_eq!(app.get(LIST, Some(&group)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(post(&app, INSERT, &group, &[("source", "a"), ("medium", "b")]).await.status, StatusCode::FORBIDDEN);
    // Below administrator and without the number/campaign admin right: read only.
    sqlx::query(
        "UPDATE user_access SET auth_code = 10, perm_services_admin = 0 WHERE customer_id = 100
         AND user_id = (SELECT id FROM users WHERE email = 'admin@demo.test')",
    )
    .execute(&app.state.db)
    .await
    .unwrap();
    let reader = app.login("admin@demo.test").await;
    let owner = app.login("owner@demo.test").await;
    let bing = pair_id(&app, &owner, "bing", "cpc").await.to_string();
    let rule = get(&app, &format!("{PAGE}/{bing}"), &owner).await["rules"][0]["id"].to_string();
    let reply = app.get(LIST, Some(&reader)).await;
    if reply.status == StatusCode::OK {
        assert_eq!(reply.json()["canEdit"], false);
    } else {
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "no admin area at all");
    }
    let before = rows_as_text(&app.state.db, "SELECT * FROM source_rules ORDER BY id").await;
    for reply in [
        post(&app, INSERT, &reader, &[("source", "a"), ("medium", "b")]).await,
        post(&app, UPDATE, &reader, &[("id", &bing), ("source", "a"), ("medium", "b")]).await,
        post(&app, DELETE, &reader, &[("id", &bing)]).await,
        post(&app, ADD_RULE, &reader, &[("sourceId", &bing), ("field", "always")]).await,
        post(&app, EDIT_RULE, &reader, &[("id", &rule), ("field", "always")]).await,
        post(&app, DROP_RULE, &reader, &[("id", &rule)]).await,
        post(&app, MOVE_RULE, &reader, &[("id", &rule), ("direction", "up")]).await,
        post(&app, SETTINGS, &reader, &[("paidOverrides", "1")]).await,
    ] {
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.text());
    }
    assert_eq!(rows_as_text(&app.state.db, "SELECT * FROM source_rules ORDER BY id").await, before);
    // The number/campaign admin right is enough.
    sqlx::query(
        "UPDATE user_access SET perm_services_admin = 1 WHERE customer_id = 100
         AND user_id = (SELECT id FROM users WHERE email = 'admin@demo.test')",
    )
    .execute(&app.state.db)
    .await
    .unwrap();
    let editor = app.login("admin@demo.test").await;
    if app.get(LIST, Some(&editor)).await.status == StatusCode::OK {
        ok(post(&app, INSERT, &editor, &[("source", "tv"), ("medium", "offline")]).await);
    }
    // Without a session: 401.
    assert_eq!(app.get(LIST, None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn another_customers_pairs_and_rules_are_not_found_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let other = app.login("enterprise@demo.test").await;
    assert_eq!(app.get(LIST, Some(&other)).await.status, StatusCode::OK, "the other customer has the Dynamic menu");
    let theirs = pair_id(&app, &owner, "bing", "cpc").await.to_string();
    let rule = get(&app, &format!("{PAGE}/{theirs}"), &owner).await["rules"][0]["id"].to_string();
    let mine = get(&app, LIST, &other).await["sources"][0]["id"].to_string();
    let before = rows_as_text(&app.state.db, "SELECT * FROM source_rules ORDER BY id").await;
    let pairs_before = rows_as_text(&app.state.db, "SELECT * FROM sources_mediums ORDER BY id").await;
    let replies = [
        app.get(&format!("{PAGE}/{theirs}"), Some(&other)).await,
        post(&app, UPDATE, &other, &[("id", &theirs), ("source", "mine"), ("medium", "now")]).await,
        post(&app, DELETE, &other, &[("id", &theirs)]).await,
        post(&app, ADD_RULE, &other, &[("sourceId", &theirs), ("field", "always")]).await,
        post(&app, EDIT_RULE, &other, &[("id", &rule), ("field", "always")]).await,
        post(&app, EDIT_RULE, &other, &[("id", &rule), ("sourceId", &mine), ("field", "always")]).await,
        post(&app, DROP_RULE, &other, &[("id", &rule)]).await,
        post(&app, MOVE_RULE, &other, &[("id", &rule), ("direction", "up")]).await,
    ];
    for (i, reply) in replies.iter().enumerate() {
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{i}: {}", reply.text());
        assert!(!reply.text().contains("bing"), "{i}");
    }
    // Their own rule may not be given to our pair either.
    let my_rule = ok(post(&app, ADD_RULE, &other, &[("sourceId", &mine), ("field", "always")]).await)["id"].to_string();
    let reply = post(&app, EDIT_RULE, &other, &[("id", &my_rule), ("sourceId", &theirs), ("field", "always")]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    ok(post(&app, DROP_RULE, &other, &[("id", &my_rule)]).await);
    assert_eq!(rows_as_text(&app.state.db, "SELECT * FROM source_rules ORDER BY id").await, before);
    assert_eq!(rows_as_text(&app.state.db, "SELECT * FROM sources_mediums ORDER BY id").await, pairs_before);
    let listed = app.get(LIST, Some(&other)).await.text();
    assert!(!listed.contains("nhs.uk"), "never another customer's pairs");
}

#[tokio::test]
async fn an_account_without_direct_none_is_given_it_as_the_default_once() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    sqlx::query(
        "UPDATE sources_mediums SET source = 'tv', medium = 'offline' WHERE customer_id = 100 AND source = '(direct)'",
    )
    .execute(&app.state.db)
    .await
    .unwrap();
    let (first, second) = tokio::join!(app.get(LIST, Some(&owner)), app.get(LIST, Some(&owner)));
    for list in [ok(first), ok(second), get(&app, LIST, &owner).await] {
        let sources = list["sources"].as_array().unwrap();
        assert_eq!(
            sources.len(),
            16,
            "{list}: the website's ten, Meta's paid social, the four offline pairs, (direct)"
        );
        let direct = sources.iter().find(|s| s["source"] == "(direct)").unwrap();
        assert_eq!(
            (direct["isDefault"].as_bool(), list["ruleset"]["defaultId"].as_i64()),
            (Some(true), direct["id"].as_i64())
        );
    }
}
