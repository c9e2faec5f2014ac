//! Call categories (/categories, docs/scoring-api.md): the page with the calls
//! per category and where the routing uses each, adding and renaming with every message (the
//! calls follow a rename), a delete refused while a key uses the category (naming where),
//! permissions and another customer's ids.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{Reply, TestApp};

const PAGE: &str = "/api/categories/getCategories";
const ADD: &str = "/api/categories/addCategory";

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn named<'a>(page: &'a Value, name: &str) -> &'a Value {
    page["categories"].as_array().unwrap().iter().find(|c| c["description"] == name).unwrap_or_else(|| panic!("{name}"))
}

fn has(page: &Value, name: &str) -> bool {
    page["categories"].as_array().unwrap().iter().any(|c| c["description"] == name)
}

async fn calls_in(app: &TestApp, customer: i64, name: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM calls WHERE customer_id = $1 AND direction = 'inbound' AND category = $2")
        .bind(customer)
        .bind(name)
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_categories_page_lists_the_calls_and_where_the_routing_uses_each() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert_eq!(page["canEdit"], true);
    let billing = named(&page, "Billing question");
    assert_eq!(billing["usedBy"], serde_json::json!(["IVR 'Billing menu' key 1"]));
    assert!(billing["deleteQuestion"].as_str().unwrap().starts_with("The category 'Billing question' is used by"));
    assert_eq!(billing["calls"], calls_in(&app, 100, "Billing question").await);
    assert!(billing["calls"].as_i64().unwrap() > 0, "{billing}");
    assert!(billing["calls"].as_i64().unwrap() >= billing["calls30Days"].as_i64().unwrap());
    let patient = named(&page, "New patient enquiry");
    assert_eq!(patient["usedBy"][0], "DTMF IVR 'Patient type' key 1");
    let cosmetic = named(&page, "Cosmetic consultation");
    assert!(cosmetic["usedBy"].as_array().unwrap().is_empty());
    assert_eq!(cosmetic["deleteQuestion"], "Delete the category 'Cosmetic consultation'? No calls are in it.");
    // Another customer's categories are not listed.
    assert!(!has(&page, "Motor claim"));
}

#[tokio::test]
async fn a_category_is_added_and_renamed_with_every_message_and_its_calls_follow() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let cases = [
        ("", "Description is required.", "VALIDATION_FAILED"),
        ("  ", "Description is required.", "VALIDATION_FAILED"),
        (&*"x".repeat(61).leak(), "Description must not exceed 60 characters.", "VALIDATION_FAILED"),
        ("billing QUESTION", "Description must be unique.", "DESCRIPTION_NOT_UNIQUE"),
    ];
    for (name, message, code) in cases {
        let reply = app.post_form(ADD, Some(&owner), &[("form_description", name)]).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {}", reply.text());
        assert_eq!(reply.json()["errors"]["form_description"], message, "{name}");
        assert_eq!(reply.json()["code"], code, "{name}");
    }
    let reply = app.post_form(ADD, Some(&owner), &[("form_description", "Лид")]).await;
    assert!(reply.json()["errors"]["form_description"].as_str().unwrap().starts_with("Invalid characters"));

    let id =
        ok(app.post_form(ADD, Some(&owner), &[("form_description", " Orthodontics ")]).await)["id"].as_i64().unwrap();
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert_eq!(named(&page, "Orthodontics")["id"], id);
    // The routing's own list has it too.
    let routing = ok(app.get("/api/manageroutings/getCategories", Some(&owner)).await);
    assert!(routing["categories"].as_array().unwrap().iter().any(|c| c["id"] == id));

    // Renaming: the calls filed under the old name take the new one.
    sqlx::query("UPDATE calls SET category = 'Orthodontics' WHERE id IN (SELECT id FROM calls WHERE customer_id = 100 AND direction = 'inbound' ORDER BY id LIMIT 3)")
        .execute(&app.state.db)
        .await
        .unwrap();
    let path = format!("/api/categories/renameCategory/{id}");
    let reply = app.post_form(&path, Some(&owner), &[("form_description", "Existing patient")]).await;
    assert_eq!(reply.json()["code"], "DESCRIPTION_NOT_UNIQUE");
    let reply = app.post_form(&path, Some(&owner), &[("form_description", "")]).await;
    assert_eq!(reply.json()["errors"]["form_description"], "Description is required.");
    ok(app.post_form(&path, Some(&owner), &[("form_description", "Braces")]).await);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert!(!has(&page, "Orthodontics"));
    assert_eq!(named(&page, "Braces")["calls"], 3);
    assert_eq!(calls_in(&app, 100, "Braces").await, 3);
    assert_eq!(calls_in(&app, 100, "Orthodontics").await, 0);
    // Its own name again, in another case, is allowed.
    ok(app.post_form(&path, Some(&owner), &[("form_description", "BRACES")]).await);
    for bad in ["0", "-1", "abc", "99999999"] {
        let reply = app
            .post_form(&format!("/api/categories/renameCategory/{bad}"), Some(&owner), &[("form_description", "A")])
            .await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{bad}");
    }
}

#[tokio::test]
async fn a_category_in_use_is_not_deleted_and_the_refusal_names_where() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let billing = named(&page, "Billing question")["id"].as_i64().unwrap();
    let reply = app.post_form(&format!("/api/categories/deleteCategory/{billing}"), Some(&owner), &[]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert_eq!(reply.json()["code"], "CATEGORY_IN_USE");
    assert_eq!(
        reply.json()["errors"]["form_category"],
        "The category 'Billing question' is used by IVR 'Billing menu' key 1: choose another category there first."
    );
    assert!(has(&ok(app.get(PAGE, Some(&owner)).await), "Billing question"));

    let cosmetic = named(&page, "Cosmetic consultation")["id"].as_i64().unwrap();
    let reply = app.post_form(&format!("/api/categories/deleteCategory/{cosmetic}"), Some(&owner), &[]).await;
    assert_eq!(ok(reply)["success"], true);
    assert!(!has(&ok(app.get(PAGE, Some(&owner)).await), "Cosmetic consultation"));
    let reply = app.post_form(&format!("/api/categories/deleteCategory/{cosmetic}"), Some(&owner), &[]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn another_customers_categories_are_not_found_and_unchanged() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let other = app.login("enterprise@demo.test").await;
    let theirs = ok(app.get(PAGE, Some(&other)).await);
    let motor = named(&theirs, "Motor claim")["id"].as_i64().unwrap();
    let spare =
        ok(app.post_form(ADD, Some(&other), &[("form_description", "Glass claim")]).await)["id"].as_i64().unwrap();
    for id in [motor, spare] {
        let reply = app
            .post_form(&format!("/api/categories/renameCategory/{id}"), Some(&owner), &[("form_description", "Mine")])
            .await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{}", reply.text());
        let reply = app.post_form(&format!("/api/categories/deleteCategory/{id}"), Some(&owner), &[]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND);
    }
    let theirs = ok(app.get(PAGE, Some(&other)).await);
    assert!(has(&theirs, "Motor claim") && has(&theirs, "Glass claim") && !has(&theirs, "Mine"));
}

#[tokio::test]
async fn categories_need_the_menu_item_and_changes_need_the_edit_right() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let cosmetic = named(&page, "Cosmetic consultation")["id"].as_i64().unwrap();
    // The Starter plan has no Categories menu item (admin_call_categorisation).
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get(PAGE, Some(&starter)).await.status, StatusCode::FORBIDDEN);
    let writes = [
        ADD.to_string(),
        format!("/api/categories/renameCategory/{cosmetic}"),
        format!("/api/categories/deleteCategory/{cosmetic}"),
    ];
    for path in &writes {
        let reply = app.post_form(path, Some(&starter), &[("form_description", "A")]).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    // Without the number/campaign admin right the page is not the user's (the guard), nor its changes.
    sqlx::query("UPDATE user_access SET perm_services_admin = 0 WHERE user_id = 3 AND customer_id = 100")
        .execute(&app.state.db)
        .await
        .unwrap();
    let user = app.login("user@demo.test").await;
    for path in &writes {
        let reply = app.post_form(path, Some(&user), &[("form_description", "A")]).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert!(has(&ok(app.get(PAGE, Some(&owner)).await), "Cosmetic consultation"));
    assert_eq!(app.get(PAGE, None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_call_log_filters_by_a_category_by_its_name() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let filters = app.get("/api/reports/getCallFilters", Some(&owner)).await.json();
    let names: Vec<String> =
        filters["categories"].as_array().unwrap().iter().map(|c| c["key"].as_str().unwrap().to_string()).collect();
    assert!(!names.is_empty());
    let period = domain::reports::report_period(
        &domain::reports::DatePreset::Last30Days,
        app.state.clock.now(),
        "Europe/London",
    )
    .unwrap();
    let mut seen = 0;
    for name in &names {
        let query = url::form_urlencoded::Serializer::new(String::new()).append_pair("category", name).finish();
        let reply = app.get(&format!("/api/reports/getCalls?{query}"), Some(&owner)).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        let expected: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM calls WHERE customer_id = 100 AND direction = 'inbound' AND category = $1
               AND started_at >= $2 AND started_at < $3",
        )
        .bind(name)
        .bind(period.start)
        .bind(period.end)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
        assert_eq!(reply.json()["total"], expected, "{name}");
        seen += expected;
    }
    assert!(seen > 0, "the demo files calls under its categories");
    let long = "c".repeat(61);
    let reply = app.get(&format!("/api/reports/getCalls?category={long}"), Some(&owner)).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["errors"]["category"], domain::reports::call_log::CATEGORY_MESSAGE);
    // Another account's category name finds none of this account's calls, and none of theirs.
    let atlas = app.login("enterprise@demo.test").await;
    let query = url::form_urlencoded::Serializer::new(String::new()).append_pair("category", &names[0]).finish();
    let theirs = app.get(&format!("/api/reports/getCalls?{query}"), Some(&atlas)).await.json();
    let atlas_count: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM calls WHERE customer_id = 300 AND direction = 'inbound' AND category = $1
           AND started_at >= $2",
    )
    .bind(&names[0])
    .bind(period.start)
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert!(theirs["total"].as_i64().unwrap() <= atlas_count);
}
