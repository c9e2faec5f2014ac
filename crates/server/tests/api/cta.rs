//! Call-to-actions (docs/cta-api.md): the list with the demo's clicks and the calls
//! within 30 minutes of a click (checked against the domain's rule over the stored rows), a
//! call-to-action's page, add / edit / delete with every message, permissions and other
//! customers' ids.

use axum::http::StatusCode;
use domain::cta::{calls_after_clicks, CallStart, Click};
use serde_json::Value;

use crate::helpers::{Reply, TestApp};

const LIST: &str = "/api/cta/getCtas";
const ADD: &str = "/api/cta/addCta";
const DAY: i64 = 24 * 60 * 60;

/// A form's fields and values.
type Fields<'a> = Vec<(&'static str, &'a str)>;

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn field_error(reply: &Reply, field: &str) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    reply.json()["errors"][field].as_str().unwrap_or_default().to_string()
}

fn named<'a>(page: &'a Value, name: &str) -> &'a Value {
    page["ctas"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("{name}: {page}"))
}

fn form<'a>(name: &'a str, kind: &'a str, selector: &'a str, all: &'a str, pages: &'a str) -> Fields<'a> {
    vec![
        ("form_name", name),
        ("form_kind", kind),
        ("form_selector", selector),
        ("form_all_pages", all),
        ("form_pages", pages),
    ]
}

async fn add(app: &TestApp, session: &str, name: &str, selector: &str) -> i64 {
    ok(app.post_form(ADD, Some(session), &form(name, "button", selector, "1", "")).await)["id"].as_i64().unwrap()
}

/// The calls of the last 30 days the domain's rule credits to a call-to-action, from the rows.
async fn expected_calls(app: &TestApp, customer: i64, cta: i64) -> Vec<i64> {
    let since = app.state.clock.now() - 30 * DAY;
    let clicks: Vec<(i64, i64)> = sqlx::query_as(&format!(
        "SELECT visit_id, clicked_at FROM cta_clicks WHERE cta_id = {cta} AND customer_id = {customer}"
    ))
    .fetch_all(&app.state.db)
    .await
    .unwrap();
    let calls: Vec<(i64, Option<i64>, i64)> = sqlx::query_as(&format!(
        "SELECT id, visit_id, started_at FROM calls WHERE customer_id = {customer} AND direction = 'inbound'
           AND started_at >= {since} ORDER BY id"
    ))
    .fetch_all(&app.state.db)
    .await
    .unwrap();
    let clicks: Vec<Click> = clicks.into_iter().map(|(visit_id, at)| Click { visit_id, at }).collect();
    let calls: Vec<CallStart> =
        calls.into_iter().map(|(id, visit_id, started_at)| CallStart { id, visit_id, started_at }).collect();
    calls_after_clicks(&clicks, &calls)
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap()
}

#[tokio::test]
async fn the_list_shows_the_demo_ctas_with_their_clicks_and_the_calls_within_30_minutes() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(LIST, Some(&owner)).await);
    assert_eq!(
        (page["canEdit"].as_bool(), page["days"].as_i64(), page["windowMinutes"].as_i64()),
        (Some(true), Some(30), Some(30))
    );
    assert_eq!(page["kinds"][0], serde_json::json!({ "value": "call_link", "label": "Click-to-call link" }));
    let names: Vec<&str> = page["ctas"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Book now button", "Contact form", "Header call button"]);
    let header = named(&page, "Header call button");
    assert_eq!(header["kindLabel"], "Click-to-call link");
    assert_eq!(header["selector"], "a[href^=\"tel:\"]");
    assert_eq!(header["pages"], serde_json::json!([]));
    assert_eq!(header["form"]["allPages"], "1");
    assert_eq!(named(&page, "Book now button")["pages"], serde_json::json!(["/book*"]));
    let since = app.state.clock.now() - 30 * DAY;
    for cta in page["ctas"].as_array().unwrap() {
        let id = cta["id"].as_i64().unwrap();
        let clicks =
            count(&app, &format!("SELECT COUNT(*) FROM cta_clicks WHERE cta_id = {id} AND clicked_at >= {since}"))
                .await;
        assert_eq!(cta["clicks30Days"], clicks, "{cta}");
        // The SQL count is the domain's rule over the stored rows.
        assert_eq!(cta["calls30Days"], expected_calls(&app, 100, id).await.len() as i64, "{cta}");
    }
    // The header link: clicks before calls and many that led nowhere; clicks after a call do not count.
    let header_calls = header["calls30Days"].as_i64().unwrap();
    let header_clicks = header["clicks30Days"].as_i64().unwrap();
    assert!(header_calls >= 3 && header_clicks > header_calls * 2, "{header}");
    // The contact form's clicks were all too long before their calls.
    assert_eq!(named(&page, "Contact form")["calls30Days"], 0);
    assert!(named(&page, "Book now button")["calls30Days"].as_i64().unwrap() >= 1);
    let rate = header["conversionRate"].as_str().unwrap();
    assert_eq!(rate, domain::cta::conversion_rate(header_clicks, header_calls));
    assert!(rate.ends_with('%'));
    assert!(header["deleteQuestion"]
        .as_str()
        .unwrap()
        .starts_with("Delete the call-to-action 'Header call button'? Its "));
}

#[tokio::test]
async fn a_cta_page_lists_its_clicks_and_the_calls_that_followed() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(LIST, Some(&owner)).await);
    let header = named(&page, "Header call button");
    let id = header["id"].as_i64().unwrap();
    let detail = ok(app.get(&format!("/api/cta/getCta/{id}"), Some(&owner)).await);
    assert_eq!(detail["cta"]["name"], "Header call button");
    assert_eq!(detail["canEdit"], true);
    let mut taken: Vec<&str> = detail["taken"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    taken.sort();
    assert_eq!(taken, ["Book now button", "Contact form"]);
    let expected = expected_calls(&app, 100, id).await;
    assert_eq!(detail["total"], expected.len() as i64);
    let mut shown: Vec<i64> = detail["calls"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect();
    shown.sort();
    assert_eq!(shown, expected);
    let call = &detail["calls"][0];
    assert!(
        call["time"].as_str().unwrap().contains('/') && call["caller"].is_string() && call["outcomeLabel"].is_string()
    );
    let clicks = detail["clicks"].as_array().unwrap();
    assert!(!clicks.is_empty() && clicks.len() <= 50);
    let times: Vec<i64> = clicks.iter().map(|c| c["clickedAt"].as_i64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
    assert!(clicks.iter().all(|c| c["page"].as_str().unwrap().starts_with('/')));
    // A click's call is one of the calls that followed; some clicks led nowhere.
    let led: Vec<i64> = clicks.iter().filter_map(|c| c["callId"].as_i64()).collect();
    assert!(!led.is_empty() && led.len() < clicks.len());
    assert!(led.iter().all(|c| expected.contains(c)), "{led:?} {expected:?}");
    // Bad and missing ids.
    for bad in ["0", "x", "-1", "99999999"] {
        assert_eq!(
            app.get(&format!("/api/cta/getCta/{bad}"), Some(&owner)).await.status,
            StatusCode::NOT_FOUND,
            "{bad}"
        );
    }
    // An out-of-range page reads as the first.
    let again = ok(app.get(&format!("/api/cta/getCta/{id}?page=abc"), Some(&owner)).await);
    assert_eq!(again["page"], 1);
}

#[tokio::test]
async fn a_cta_is_added_edited_and_deleted_with_every_message() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let long_name = "x".repeat(101);
    let long_selector = format!(".{}", "a".repeat(500));
    let long_page = format!("/{}", "p".repeat(200));
    let many_pages = (0..21).map(|i| format!("/p{i}")).collect::<Vec<_>>().join("\n");
    let cases: Vec<(Fields, &str, &str)> = vec![
        (form("", "button", "#a", "1", ""), "form_name", "Name is required."),
        (form(&long_name, "button", "#a", "1", ""), "form_name", "Name must not exceed 100 characters."),
        (form("Кнопка", "button", "#a", "1", ""), "form_name", "Invalid characters found."),
        (form("header CALL button", "button", "#a", "1", ""), "form_name", "Name must be unique."),
        (form("A", "link", "#a", "1", ""), "form_kind", "Choose a kind from the list."),
        (form("A", "button", " ", "1", ""), "form_selector", "CSS selector is required."),
        (form("A", "button", &long_selector, "1", ""), "form_selector", "CSS selector must not exceed 500 characters."),
        (
            form("A", "button", "[href]]", "1", ""),
            "form_selector",
            "This is not a valid CSS selector: unexpected ']' at character 7.",
        ),
        (
            form("A", "button", "a:hovr", "1", ""),
            "form_selector",
            "This is not a valid CSS selector: unknown pseudo-class at character 2.",
        ),
        (
            form("A", "button", "#a", "", ""),
            "form_pages",
            "List the pages it applies to, one a line, or choose all pages.",
        ),
        (form("A", "button", "#a", "", "book"), "form_pages", "Page 1 must start with '/'."),
        (form("A", "button", "#a", "", &long_page), "form_pages", "Page 1 must not exceed 200 characters."),
        (form("A", "button", "#a", "", "/a*/b"), "form_pages", "Page 1 may only end with '*'."),
        (form("A", "button", "#a", "", "/a\n/a"), "form_pages", "Page 2 is listed twice."),
        (form("A", "button", "#a", "", &many_pages), "form_pages", "List at most 20 pages."),
    ];
    for (fields, field, message) in cases {
        let reply = app.post_form(ADD, Some(&owner), &fields).await;
        assert!(field_error(&reply, field).starts_with(message), "{fields:?}: {}", reply.text());
    }
    let reply = app.post_form(ADD, Some(&owner), &form("Header Call Button", "button", "#a", "1", "")).await;
    assert_eq!(reply.json()["code"], "NAME_NOT_UNIQUE");
    // Hostile lengths are refused before anything is read.
    let huge = "a".repeat(20_000);
    let reply = app.post_form(ADD, Some(&owner), &form("A", "button", &huge, "1", "")).await;
    assert!(reply.status.is_client_error(), "{}", reply.status);

    let before = count(&app, "SELECT COUNT(*) FROM call_to_actions WHERE customer_id = 100").await;
    let id = ok(app
        .post_form(ADD, Some(&owner), &form(" Quote form ", "form", " form#quote ", "", "/quote*\n\n/offers"))
        .await)["id"]
        .as_i64()
        .unwrap();
    assert_eq!(count(&app, "SELECT COUNT(*) FROM call_to_actions WHERE customer_id = 100").await, before + 1);
    let page = ok(app.get(LIST, Some(&owner)).await);
    let quote = named(&page, "Quote form");
    assert_eq!(quote["id"], id);
    assert_eq!(quote["selector"], "form#quote");
    assert_eq!(quote["pages"], serde_json::json!(["/quote*", "/offers"]));
    assert_eq!((quote["clicks30Days"].as_i64(), quote["calls30Days"].as_i64()), (Some(0), Some(0)));
    assert_eq!(quote["conversionRate"], "–");
    assert_eq!(quote["deleteQuestion"], "Delete the call-to-action 'Quote form'? It has no clicks.");
    assert_eq!(quote["form"]["pages"], "/quote*\n/offers");

    let edit = format!("/api/cta/editCta/{id}");
    let reply = app.post_form(&edit, Some(&owner), &form("Contact form", "form", "form", "1", "")).await;
    assert_eq!(field_error(&reply, "form_name"), "Name must be unique.");
    // Its own name is not taken; all pages clears the list.
    ok(app.post_form(&edit, Some(&owner), &form("quote FORM", "button", "button.quote", "1", "/ignored")).await);
    let detail = ok(app.get(&format!("/api/cta/getCta/{id}"), Some(&owner)).await);
    assert_eq!(
        (detail["cta"]["name"].as_str(), detail["cta"]["kind"].as_str(), detail["cta"]["selector"].as_str()),
        (Some("quote FORM"), Some("button"), Some("button.quote"))
    );
    assert_eq!(detail["cta"]["pages"], serde_json::json!([]));
    assert_eq!(
        app.post_form("/api/cta/editCta/abc", Some(&owner), &form("B", "form", "a", "1", "")).await.status,
        StatusCode::NOT_FOUND
    );

    // Deleting the demo's header link takes its clicks; its calls stay.
    let header = named(&page, "Header call button")["id"].as_i64().unwrap();
    let clicks = count(&app, &format!("SELECT COUNT(*) FROM cta_clicks WHERE cta_id = {header}")).await;
    let calls = count(&app, "SELECT COUNT(*) FROM calls WHERE customer_id = 100").await;
    let deleted = ok(app.post_form(&format!("/api/cta/deleteCta/{header}"), Some(&owner), &[]).await);
    assert_eq!(deleted["clicks"], clicks);
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM cta_clicks WHERE cta_id = {header}")).await, 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM calls WHERE customer_id = 100").await, calls);
    assert_eq!(app.get(&format!("/api/cta/getCta/{header}"), Some(&owner)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.post_form(&format!("/api/cta/deleteCta/{header}"), Some(&owner), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    ok(app.post_form(&format!("/api/cta/deleteCta/{id}"), Some(&owner), &[]).await);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM call_to_actions WHERE customer_id = 100").await, before - 1);
}

#[tokio::test]
async fn another_customers_cta_is_not_found_and_unchanged() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let other = app.login("enterprise@demo.test").await;
    let their_id = add(&app, &other, "Their header link", "a.call").await;
    let before = (
        count(&app, &format!("SELECT COUNT(*) FROM cta_clicks WHERE cta_id = {their_id}")).await,
        ok(app.get(&format!("/api/cta/getCta/{their_id}"), Some(&other)).await)["cta"]["selector"].clone(),
    );
    assert_eq!(app.get(&format!("/api/cta/getCta/{their_id}"), Some(&owner)).await.status, StatusCode::NOT_FOUND);
    for path in [format!("/api/cta/editCta/{their_id}"), format!("/api/cta/deleteCta/{their_id}")] {
        let reply = app.post_form(&path, Some(&owner), &form("Taken over", "form", "form", "1", "")).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}: {}", reply.text());
        assert!(!reply.text().contains("Their header link"));
    }
    let after = (
        count(&app, &format!("SELECT COUNT(*) FROM cta_clicks WHERE cta_id = {their_id}")).await,
        ok(app.get(&format!("/api/cta/getCta/{their_id}"), Some(&other)).await)["cta"]["selector"].clone(),
    );
    assert_eq!(before, after);
    assert_eq!(named(&ok(app.get(LIST, Some(&other)).await), "Their header link")["selector"], "a.call");
    // The same name in two accounts is fine.
    add(&app, &owner, "Only mine", "#mine").await;
    add(&app, &other, "Only mine", "#theirs").await;
}

#[tokio::test]
async fn ctas_need_the_menu_item_and_changes_need_the_edit_right() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let id = add(&app, &owner, "Owner's", "#owners").await;
    // A group account has no Dynamic menu, so no Call-to-actions item (admin_call_to_actions).
    let starter = app.login("group@demo.test").await;
    assert_eq!(app.get(LIST, Some(&starter)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(&format!("/api/cta/getCta/{id}"), Some(&starter)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.post_form(ADD, Some(&starter), &form("A", "form", "form", "1", "")).await.status,
        StatusCode::FORBIDDEN
    );
    // Below administrator and without the number/campaign admin right: no changes.
    sqlx::query(
        "UPDATE user_access SET auth_code = 10, perm_services_admin = 0 WHERE customer_id = 100
         AND user_id = (SELECT id FROM users WHERE email = 'admin@demo.test')",
    )
    .execute(&app.state.db)
    .await
    .unwrap();
    let reader = app.login("admin@demo.test").await;
    let reply = app.get(LIST, Some(&reader)).await;
    if reply.status == StatusCode::OK {
        assert_eq!(reply.json()["canEdit"], false);
    } else {
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.text());
    }
    let before = count(&app, "SELECT COUNT(*) FROM call_to_actions WHERE customer_id = 100").await;
    for path in [ADD.to_string(), format!("/api/cta/editCta/{id}"), format!("/api/cta/deleteCta/{id}")] {
        let reply = app.post_form(&path, Some(&reader), &form("Reader's", "form", "form", "1", "")).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM call_to_actions WHERE customer_id = 100").await, before);
    assert_eq!(named(&ok(app.get(LIST, Some(&owner)).await), "Owner's")["selector"], "#owners");
    // The number/campaign admin right is enough to edit.
    sqlx::query(
        "UPDATE user_access SET perm_services_admin = 1 WHERE customer_id = 100
         AND user_id = (SELECT id FROM users WHERE email = 'admin@demo.test')",
    )
    .execute(&app.state.db)
    .await
    .unwrap();
    let editor = app.login("admin@demo.test").await;
    assert_eq!(ok(app.get(LIST, Some(&editor)).await)["canEdit"], true);
    add(&app, &editor, "Editor's", "#editors").await;
    // Without a session: 401.
    assert_eq!(app.get(LIST, None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn clicks_outlive_their_uncalled_visit_and_go_with_the_calls_retention() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let now = app.state.clock.now();
    let owner = app.login("owner@demo.test").await;
    let cta = add(&app, &owner, "Retention check", "#retention").await;
    let cutoff = domain::reports::call_retention_cutoff(now, app.state.settings.call_retention_months);
    let visit: i64 = sqlx::query_scalar(
        "INSERT INTO visits (customer_id, routing_entry_id, number_shown, landing_page, started_at, called)
         VALUES (100, 1, '01632960001', 'https://www.harbourlanedental.co.uk/', $1, 0) RETURNING id",
    )
    .bind(now - 80 * 60 * 60)
    .fetch_one(db)
    .await
    .unwrap();
    for at in [now - 80 * 60 * 60 + 30, cutoff - DAY] {
        sqlx::query(
            "INSERT INTO cta_clicks (customer_id, cta_id, visit_id, clicked_at, page_path) VALUES (100, $1, $2, $3, '/')",
        )
        .bind(cta)
        .bind(visit)
        .bind(at)
        .execute(db)
        .await
        .unwrap();
    }
    server::jobs::housekeeping::purge_reports(db, now, app.state.settings.call_retention_months).await.unwrap();
    let visits = count(&app, &format!("SELECT COUNT(*) FROM visits WHERE id = {visit}")).await;
    assert_eq!(visits, 0, "an uncalled visit goes after 72 hours");
    let kept: Vec<i64> = sqlx::query_scalar(&format!("SELECT clicked_at FROM cta_clicks WHERE cta_id = {cta}"))
        .fetch_all(db)
        .await
        .unwrap();
    assert_eq!(kept, [now - 80 * 60 * 60 + 30], "the recent click stays, the one past the retention goes");
    let page = ok(app.get(LIST, Some(&owner)).await);
    assert_eq!(named(&page, "Retention check")["clicks30Days"], 1);
}
