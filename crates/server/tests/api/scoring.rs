//! Call scoring (/scores, docs/scoring-api.md): the scores page with the demo's
//! scorecard and lead rules, scorecards added, edited and deleted with every message, scoring a
//! call from the call log with every message, the score in the call log (column, filter, CSV),
//! lead rules and 'Apply to past calls', permissions and another customer's ids.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{Reply, TestApp};

const PAGE: &str = "/api/scores/getScores";
const ADD: &str = "/api/scores/addScorecard";

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn field_error(reply: &Reply, field: &str) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    reply.json()["errors"][field].as_str().unwrap_or_default().to_string()
}

/// A form's fields.
type Fields = Vec<(String, String)>;

fn card_named<'a>(page: &'a Value, name: &str) -> &'a Value {
    page["scorecards"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("{name}"))
}

/// A scorecard form: its name and (text, kind, weight) rows.
fn card_form(name: &str, questions: &[(&str, &str, &str)]) -> Fields {
    let mut fields = vec![("form_name".to_string(), name.to_string())];
    for (i, (text, kind, weight)) in questions.iter().enumerate() {
        fields.push((format!("form_question_text[{i}]"), text.to_string()));
        fields.push((format!("form_question_kind[{i}]"), kind.to_string()));
        fields.push((format!("form_question_weight[{i}]"), weight.to_string()));
    }
    fields
}

async fn post(app: &TestApp, path: &str, session: &str, fields: &[(String, String)]) -> Reply {
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    app.post_form(path, Some(session), &fields).await
}

async fn add_card(app: &TestApp, session: &str, name: &str, questions: &[(&str, &str, &str)]) -> i64 {
    ok(post(app, ADD, session, &card_form(name, questions)).await)["id"].as_i64().unwrap()
}

fn answers(card: i64, given: &[&str]) -> Fields {
    let mut fields = vec![("form_scorecard_id".to_string(), card.to_string())];
    for (i, a) in given.iter().enumerate() {
        fields.push((format!("form_answer[{i}]"), a.to_string()));
    }
    fields
}

/// The customer's newest inbound call.
async fn newest_call(app: &TestApp, customer: i64) -> i64 {
    sqlx::query_scalar("SELECT MAX(id) FROM calls WHERE customer_id = $1 AND direction = 'inbound'")
        .bind(customer)
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

async fn stored_score(app: &TestApp, call: i64) -> Option<i64> {
    sqlx::query_scalar("SELECT score FROM calls WHERE id = $1").bind(call).fetch_one(&app.state.db).await.unwrap()
}

#[tokio::test]
async fn the_scores_page_lists_the_demo_scorecard_and_lead_rules() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert_eq!(page["canEdit"], true);
    let card = card_named(&page, "New patient call");
    assert_eq!(card["questions"].as_array().unwrap().len(), 5);
    assert_eq!(card["questions"][0]["kind"], "yesNo");
    assert_eq!(card["questions"][3]["kind"], "scale");
    assert!(card["scoredCalls"].as_i64().unwrap() > 0, "{card}");
    assert_eq!(
        page["leadRules"][0]["conditions"],
        serde_json::json!(["Talked for at least 120 seconds", "Outcome is Answered"])
    );
    assert_eq!(page["leadRules"][1]["form"]["firstTime"], "1");
    assert!(page["sources"].as_array().unwrap().iter().any(|s| s["label"] == "google / cpc"));
    // The demo's scores are the domain's arithmetic of their answers, and the calls carry them.
    let unmatched: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM call_scores x JOIN calls c ON c.id = x.call_id WHERE x.customer_id = 100
           AND (c.score IS NULL OR c.score <> x.score)",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(unmatched, 0);
    // Their lead scores came from the rules: every answered call of 120 seconds or more is a good lead.
    let wrong: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM calls WHERE customer_id = 100 AND direction = 'inbound' AND talk_seconds >= 120
           AND outcome = 'answered' AND (lead_score IS NULL OR lead_score <> 1)",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(wrong, 0);
}

#[tokio::test]
async fn a_scorecard_is_added_edited_and_deleted_with_every_message() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let q = [("Greeted by name?", "yesNo", "2")];
    let long_name = "n".repeat(101);
    let long_question = "q".repeat(201);
    let cases: Vec<(Fields, &str, &str)> = vec![
        (card_form("", &q), "form_name", "Name is required."),
        (card_form(&long_name, &q), "form_name", "Name must not exceed 100 characters."),
        (card_form("new PATIENT call", &q), "form_name", "Name must be unique."),
        (card_form("A", &[]), "form_questions", "A scorecard needs from 1 to 20 questions."),
        (card_form("A", &[("", "yesNo", "1")]), "form_question_text[0]", "Question is required."),
        (
            card_form("A", &[(&long_question, "yesNo", "1")]),
            "form_question_text[0]",
            "Question must not exceed 200 characters.",
        ),
        (
            card_form("A", &[("Q", "yesNo", "1"), ("Q", "stars", "1")]),
            "form_question_kind[1]",
            "Answer must be yes / no or 1 to 5.",
        ),
        (
            card_form("A", &[("Q", "scale", "11")]),
            "form_question_weight[0]",
            "Weight must be a whole number from 1 to 10.",
        ),
        (
            card_form("A", &[("Q", "scale", "0")]),
            "form_question_weight[0]",
            "Weight must be a whole number from 1 to 10.",
        ),
        (card_form("A", &vec![("Q", "yesNo", "1"); 21]), "form_questions", "A scorecard needs from 1 to 20 questions."),
    ];
    for (fields, field, message) in cases {
        let reply = post(&app, ADD, &owner, &fields).await;
        assert_eq!(field_error(&reply, field), message, "{field}: {}", reply.text());
    }
    let reply = post(&app, ADD, &owner, &card_form("New Patient Call", &q)).await;
    assert_eq!(reply.json()["code"], "NAME_NOT_UNIQUE");

    let id = add_card(&app, &owner, " Booking call ", &[("Booked?", "yesNo", "3"), ("Tone", "scale", "1")]).await;
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let card = card_named(&page, "Booking call");
    assert_eq!(card["id"], id);
    assert_eq!(card["questions"][1], serde_json::json!({"text": "Tone", "kind": "scale", "weight": 1}));
    assert_eq!(card["scoredCalls"], 0);
    assert_eq!(card["deleteQuestion"], "Delete the scorecard 'Booking call'? No calls are scored with it.");

    let edit = format!("/api/scores/editScorecard/{id}");
    ok(post(&app, &edit, &owner, &card_form("Booking calls", &[("Booked?", "yesNo", "4")])).await);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert_eq!(card_named(&page, "Booking calls")["questions"].as_array().unwrap().len(), 1);
    let reply = post(&app, &edit, &owner, &card_form("New patient call", &q)).await;
    assert_eq!(reply.json()["code"], "NAME_NOT_UNIQUE");

    // Deleting removes its scores, and the calls' scores with them.
    let call = newest_call(&app, 100).await;
    ok(post(&app, &format!("/api/reports/scoreCall/{call}"), &owner, &answers(id, &["yes"])).await);
    assert_eq!(stored_score(&app, call).await, Some(100));
    let deleted = ok(app.post_form(&format!("/api/scores/deleteScorecard/{id}"), Some(&owner), &[]).await);
    assert_eq!(deleted["calls"], 1);
    assert_eq!(stored_score(&app, call).await, None);
    let reply = app.post_form(&format!("/api/scores/deleteScorecard/{id}"), Some(&owner), &[]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    for bad in ["0", "abc", "-3"] {
        let reply = post(&app, &format!("/api/scores/editScorecard/{bad}"), &owner, &card_form("X", &q)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{bad}");
    }
}

#[tokio::test]
async fn the_owner_scores_a_call_and_the_call_log_shows_filters_and_exports_the_score() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let card = add_card(&app, &owner, "Quick check", &[("Greeted?", "yesNo", "2"), ("Helpful", "scale", "1")]).await;
    let call = newest_call(&app, 100).await;
    let path = format!("/api/reports/scoreCall/{call}");
    // Every question answered, each from its own answers.
    let reply = post(&app, &path, &owner, &answers(card, &["yes"])).await;
    assert_eq!(field_error(&reply, "form_answer[1]"), "Answer every question.");
    let reply = post(&app, &path, &owner, &answers(card, &["maybe", "6"])).await;
    assert_eq!(field_error(&reply, "form_answer[0]"), "Choose one of the answers.");
    assert_eq!(field_error(&reply, "form_answer[1]"), "Choose one of the answers.");
    let reply = post(&app, &path, &owner, &answers(card, &["3", "yes"])).await;
    assert_eq!(field_error(&reply, "form_answer[0]"), "Choose one of the answers.");
    assert_eq!(stored_score(&app, call).await, None);

    // 2 × yes + 1 × (3 - 1) / 4 of 3 = 83.3 → 83%.
    let scoring = ok(post(&app, &path, &owner, &answers(card, &["yes", "3"])).await);
    assert_eq!(scoring["scores"][0]["score"], 83);
    assert_eq!(scoring["scores"][0]["label"], "83%");
    assert_eq!(scoring["scores"][0]["scorecard"], "Quick check");
    assert_eq!(scoring["scores"][0]["answers"], serde_json::json!(["yes", "3"]));
    assert!(scoring["scores"][0]["scoredBy"].as_str().unwrap().len() > 1);
    // Scoring again with the same card replaces its score.
    let scoring = ok(post(&app, &path, &owner, &answers(card, &["no", "5"])).await);
    assert_eq!(scoring["scores"].as_array().unwrap().len(), 1);
    assert_eq!(scoring["scores"][0]["score"], 33);
    let detail = ok(app.get(&format!("/api/reports/getCall/{call}"), Some(&owner)).await);
    assert_eq!(detail["call"]["score"], 33);
    assert_eq!(detail["call"]["scoreLabel"], "33%");
    assert_eq!(detail["scoring"]["canScore"], true);
    assert!(detail["scoring"]["scorecards"].as_array().unwrap().iter().any(|c| c["name"] == "Quick check"));

    // The log: the column, the filters and the CSV.
    let log = ok(app.get("/api/reports/getCalls?score=scored&pageSize=100", Some(&owner)).await);
    let row = log["calls"].as_array().unwrap().iter().find(|r| r["id"] == call).expect("the scored call");
    assert_eq!(row["scoreLabel"], "33%");
    for row in log["calls"].as_array().unwrap() {
        assert!(row["score"].is_i64(), "{row}");
    }
    let log = ok(app.get("/api/reports/getCalls?minScore=34&pageSize=100", Some(&owner)).await);
    assert!(log["calls"].as_array().unwrap().iter().all(|r| r["score"].as_i64().unwrap() >= 34 && r["id"] != call));
    let log = ok(app.get("/api/reports/getCalls?score=unscored&pageSize=100", Some(&owner)).await);
    assert!(log["calls"].as_array().unwrap().iter().all(|r| r["score"].is_null()));
    for (query, field) in [("score=best", "score"), ("minScore=101", "minScore"), ("minScore=x", "minScore")] {
        let reply = app.get(&format!("/api/reports/getCalls?{query}"), Some(&owner)).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert!(reply.json()["errors"][field].is_string(), "{query}");
    }
    let filters = ok(app.get("/api/reports/getCallFilters", Some(&owner)).await);
    assert_eq!(filters["scores"][2], serde_json::json!({"key": "goodLead", "label": "Good lead"}));
    let csv = app.get("/api/reports/exportCallsCsv?score=scored", Some(&owner)).await.text();
    let header = csv.lines().next().unwrap();
    assert!(header.ends_with(r#""Call id","Score (%)","Lead score","Follow-up","Note""#), "{header}");
    assert!(csv.lines().any(|l| l.contains(&format!(r#""{call}","33","#))), "{csv}");
}

#[tokio::test]
async fn lead_rules_are_added_edited_deleted_and_applied_to_past_calls() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let add = "/api/scores/addLeadRule";
    let reply = app.post_form(add, Some(&owner), &[("form_first_time", "0")]).await;
    assert_eq!(field_error(&reply, "form_conditions"), "A rule needs at least one condition.");
    let reply = app.post_form(add, Some(&owner), &[("form_min_duration", "0"), ("form_key", "12")]).await;
    assert_eq!(field_error(&reply, "form_min_duration"), "Duration must be a whole number of seconds from 1 to 86400.");
    assert_eq!(field_error(&reply, "form_key"), "Key must be one of 0 to 9, * or #.");
    let reply = app.post_form(add, Some(&owner), &[("form_outcome", "won")]).await;
    assert_eq!(field_error(&reply, "form_outcome"), "Choose an outcome from the list.");
    // Another customer's source / medium is not in the list.
    let reply = app.post_form(add, Some(&owner), &[("form_source_medium", "101")]).await;
    assert_eq!(field_error(&reply, "form_source_medium"), "Choose a source / medium from the list.");

    // Only this rule: a good lead lasted 300 seconds or more.
    let page = ok(app.get(PAGE, Some(&owner)).await);
    for rule in page["leadRules"].as_array().unwrap() {
        ok(app.post_form(&format!("/api/scores/deleteLeadRule/{}", rule["id"]), Some(&owner), &[]).await);
    }
    let id = ok(app.post_form(add, Some(&owner), &[("form_min_duration", "200")]).await)["id"].as_i64().unwrap();
    ok(app.post_form(&format!("/api/scores/editLeadRule/{id}"), Some(&owner), &[("form_min_duration", "300")]).await);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert_eq!(page["leadRules"][0]["conditions"], serde_json::json!(["Talked for at least 300 seconds"]));
    let applied = ok(app.post_form("/api/scores/applyLeadRules", Some(&owner), &[]).await);
    let good: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM calls WHERE customer_id = 100 AND direction = 'inbound' AND talk_seconds >= 300
           AND started_at >= {}",
        app.state.clock.now() - 90 * 24 * 60 * 60
    ))
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(applied["goodLeads"], good);
    assert!(applied["checked"].as_i64().unwrap() >= good && good > 0);
    assert!(applied["message"].as_str().unwrap().ends_with("in the last 90 days."));
    let log = ok(app.get("/api/reports/getCalls?score=goodLead&pageSize=100", Some(&owner)).await);
    assert!(log["total"].as_i64().unwrap() > 0);
    for row in log["calls"].as_array().unwrap() {
        assert!(row["talkSeconds"].as_i64().unwrap() >= 300, "{row}");
        assert_eq!(row["leadScore"], "Good lead");
    }
    let log = ok(app.get("/api/reports/getCalls?score=notALead&pageSize=100", Some(&owner)).await);
    assert!(log["calls"].as_array().unwrap().iter().all(|r| r["talkSeconds"].as_i64().unwrap() < 300));
    // Without rules, applying leaves the calls unjudged.
    ok(app.post_form(&format!("/api/scores/deleteLeadRule/{id}"), Some(&owner), &[]).await);
    ok(app.post_form("/api/scores/applyLeadRules", Some(&owner), &[]).await);
    let log = ok(app.get("/api/reports/getCalls?score=goodLead", Some(&owner)).await);
    assert_eq!(log["total"], 0);
    let reply = app.post_form(&format!("/api/scores/deleteLeadRule/{id}"), Some(&owner), &[]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn another_customers_scorecards_rules_and_calls_are_not_found() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let other = app.login("enterprise@demo.test").await;
    let their_card = add_card(&app, &other, "Claims call", &[("Policy number taken?", "yesNo", "1")]).await;
    let their_rule = ok(app.post_form("/api/scores/addLeadRule", Some(&other), &[("form_min_duration", "60")]).await)
        ["id"]
        .as_i64()
        .unwrap();
    let customer = app.account(&other).await["customerId"].as_i64().unwrap();
    let their_call = newest_call(&app, customer).await;
    let my_card = add_card(&app, &owner, "Mine", &[("Q", "yesNo", "1")]).await;
    let form = card_form("Taken over", &[("Q", "yesNo", "1")]);
    for path in [
        format!("/api/scores/editScorecard/{their_card}"),
        format!("/api/scores/deleteScorecard/{their_card}"),
        format!("/api/scores/editLeadRule/{their_rule}"),
        format!("/api/scores/deleteLeadRule/{their_rule}"),
    ] {
        let mut fields = form.clone();
        fields.push(("form_min_duration".into(), "5".into()));
        let reply = post(&app, &path, &owner, &fields).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}: {}", reply.text());
    }
    let reply = post(&app, &format!("/api/reports/scoreCall/{their_call}"), &owner, &answers(my_card, &["yes"])).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let my_call = newest_call(&app, 100).await;
    let reply = post(&app, &format!("/api/reports/scoreCall/{my_call}"), &owner, &answers(their_card, &["yes"])).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    for bad in ["", "0", "abc"] {
        let mut fields = answers(my_card, &["yes"]);
        fields[0].1 = bad.into();
        let reply = post(&app, &format!("/api/reports/scoreCall/{my_call}"), &owner, &fields).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{bad}");
    }
    // Theirs unchanged.
    let page = ok(app.get(PAGE, Some(&other)).await);
    assert_eq!(card_named(&page, "Claims call")["questions"][0]["text"], "Policy number taken?");
    assert_eq!(page["leadRules"][0]["form"]["minDuration"], "60");
    assert!(page["scorecards"].as_array().unwrap().iter().all(|c| c["name"] != "Mine"));
    assert_eq!(stored_score(&app, their_call).await, None);
}

#[tokio::test]
async fn scores_need_the_menu_item_and_changes_and_scoring_need_the_edit_right() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let card = add_card(&app, &owner, "Owner's", &[("Q", "yesNo", "1")]).await;
    let call = newest_call(&app, 100).await;
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get(PAGE, Some(&starter)).await.status, StatusCode::FORBIDDEN);
    let writes = [
        ADD.to_string(),
        format!("/api/scores/editScorecard/{card}"),
        format!("/api/scores/deleteScorecard/{card}"),
        "/api/scores/addLeadRule".into(),
        "/api/scores/applyLeadRules".into(),
    ];
    for path in &writes {
        let reply = post(&app, path, &starter, &card_form("A", &[("Q", "yesNo", "1")])).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    sqlx::query("UPDATE user_access SET perm_services_admin = 0 WHERE user_id = 3 AND customer_id = 100")
        .execute(&app.state.db)
        .await
        .unwrap();
    let user = app.login("user@demo.test").await;
    for path in &writes {
        let reply = post(&app, path, &user, &card_form("A", &[("Q", "yesNo", "1")])).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    let detail = ok(app.get(&format!("/api/reports/getCall/{call}"), Some(&user)).await);
    assert_eq!(detail["scoring"]["canScore"], false);
    assert!(detail["scoring"]["scorecards"].as_array().unwrap().is_empty());
    let reply = post(&app, &format!("/api/reports/scoreCall/{call}"), &user, &answers(card, &["yes"])).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(stored_score(&app, call).await, None);
    assert_eq!(app.get(PAGE, None).await.status, StatusCode::UNAUTHORIZED);
}
