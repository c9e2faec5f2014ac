//! The routing list a page at a time (getNumbersList with page, pageSize, search, sort and
//! direction) and its streamed CSV export (exportNumbersCsv).

use axum::http::StatusCode;
use serde_json::Value;
use server::store::CustomerId;
use std::collections::HashSet;

use crate::helpers::TestApp;
use crate::routing_connect::{get_json, ENTERPRISE, OWNER};

const LIST: &str = "/api/manageconnections/getNumbersList";
const CSV: &str = "/api/manageconnections/exportNumbersCsv";

fn rows(answer: &Value) -> Vec<Value> {
    answer["numbers"].as_array().unwrap().clone()
}

fn ids(rows: &[Value]) -> Vec<i64> {
    rows.iter().map(|r| r["id"].as_i64().unwrap()).collect()
}

async fn set_description(app: &TestApp, id: i64, description: &str) {
    sqlx::query("UPDATE routing_entries SET description = $1 WHERE id = $2")
        .bind(description)
        .bind(id)
        .execute(&app.state.db)
        .await
        .unwrap();
}

#[tokio::test]
async fn pages_cover_the_list_once_in_number_order() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let everything = rows(&get_json(&app, LIST, &owner).await);
    assert_eq!(everything.len(), 312);

    let mut seen = Vec::new();
    for page in 1..=13 {
        let answer = get_json(&app, &format!("{LIST}?page={page}&pageSize=25"), &owner).await;
        assert_eq!(answer["total"], 312);
        let page_rows = rows(&answer);
        assert_eq!(page_rows.len(), if page == 13 { 12 } else { 25 }, "page {page}");
        seen.extend(ids(&page_rows));
    }
    assert_eq!(seen, ids(&everything), "the pages in turn are the whole list, each row once");
    let names: Vec<String> = everything.iter().map(|r| r["numberPool"].as_str().unwrap().to_lowercase()).collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "by number or pool");

    // Past the last page: nothing, and still the count.
    let beyond = get_json(&app, &format!("{LIST}?page=1000000&pageSize=200"), &owner).await;
    assert_eq!((rows(&beyond).len(), beyond["total"].as_i64()), (0, Some(312)));
}

#[tokio::test]
async fn a_search_matches_the_shown_columns_of_this_customer_only() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let everything = rows(&get_json(&app, LIST, &owner).await);
    let first = everything[0]["id"].as_i64().unwrap();
    set_description(&app, first, "Spring 100% Offer_A").await;

    let found = get_json(&app, &format!("{LIST}?search=SPRING%20100%25&pageSize=10"), &owner).await;
    assert_eq!((found["total"].as_i64(), ids(&rows(&found))), (Some(1), vec![first]));
    // % and _ are letters to the search, not wildcards.
    let literal = get_json(&app, &format!("{LIST}?search=100%25%20offer_a"), &owner).await;
    assert_eq!(literal["total"], 1);
    let wildcard = get_json(&app, &format!("{LIST}?search=Spring%25Offer"), &owner).await;
    assert_eq!(wildcard["total"], 0);

    // The kind as the list names it.
    assert_eq!(get_json(&app, &format!("{LIST}?search=dynamic%20pool"), &owner).await["total"], 12);

    // A number typed as the list shows it, spaces and all, or in international form.
    let number = everything.iter().find(|r| r["type"] == "static").unwrap()["numberPool"].as_str().unwrap().to_string();
    let shown = format!("{} {}", &number[..4], &number[4..8]);
    let by_shown = rows(&get_json(&app, &format!("{LIST}?search={}", shown.replace(' ', "%20")), &owner).await);
    assert!(by_shown.iter().any(|r| r["numberPool"] == number.as_str()), "{shown}");
    let international = format!("%2B44%20{}", &number[1..]);
    let by_plus = rows(&get_json(&app, &format!("{LIST}?search={international}"), &owner).await);
    assert_eq!(
        ids(&by_plus),
        vec![everything.iter().find(|r| r["numberPool"] == number.as_str()).unwrap()["id"].as_i64().unwrap()]
    );

    // Another customer's rows are never found, even by their own description.
    let enterprise = app.login(ENTERPRISE).await;
    let theirs = rows(&get_json(&app, LIST, &enterprise).await);
    let their_id = theirs[0]["id"].as_i64().unwrap();
    set_description(&app, their_id, "Only at the enterprise").await;
    let search = format!("{LIST}?search=only%20at%20the%20enterprise");
    assert_eq!(get_json(&app, &search, &owner).await["total"], 0);
    assert_eq!(ids(&rows(&get_json(&app, &search, &enterprise).await)), vec![their_id]);
}

#[tokio::test]
async fn every_column_sorts_both_ways_with_ties_in_id_order() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    for sort in ["numberPool", "type", "description", "destination", "recording", "status"] {
        let up = ids(&rows(&get_json(&app, &format!("{LIST}?sort={sort}&direction=asc"), &owner).await));
        let down = ids(&rows(&get_json(&app, &format!("{LIST}?sort={sort}&direction=desc"), &owner).await));
        assert_eq!(up.len(), 312, "{sort}");
        assert_eq!(up.iter().collect::<HashSet<_>>(), down.iter().collect::<HashSet<_>>(), "{sort}");
    }
    let by_description = rows(&get_json(&app, &format!("{LIST}?sort=description&direction=desc"), &owner).await);
    let descriptions: Vec<String> =
        by_description.iter().map(|r| r["description"].as_str().unwrap().to_lowercase()).collect();
    assert!(descriptions.windows(2).all(|w| w[0] >= w[1]));
    let by_status = rows(&get_json(&app, &format!("{LIST}?sort=status&pageSize=10"), &owner).await);
    assert!(by_status[..3].iter().all(|r| r["provisioned"] == false), "the 3 unprovisioned first");
    let tied: Vec<i64> = ids(&by_status[3..]);
    assert!(tied.windows(2).all(|w| w[0] < w[1]), "ties in id order");
}

#[tokio::test]
async fn out_of_bounds_queries_are_refused_with_their_messages() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let long = "x".repeat(101);
    let cases = [
        ("page=0", "page", "Page must be a whole number from 1."),
        ("page=4294967296", "page", "Page must be a whole number from 1."),
        ("page=-1", "page", "Page must be a whole number from 1."),
        ("pageSize=7", "pageSize", "Rows per page must be 10, 25, 50, 100, 200 or all."),
        ("pageSize=100000000", "pageSize", "Rows per page must be 10, 25, 50, 100, 200 or all."),
        (&format!("search={long}") as &str, "search", "Search must not exceed 100 characters."),
        ("sort=password", "sort", "Sort must be one of the list's columns."),
        ("direction=sideways", "direction", "Direction must be asc or desc."),
    ];
    for (query, field, message) in cases {
        for path in [LIST, CSV] {
            let reply = app.get(&format!("{path}?{query}"), Some(&owner)).await;
            assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{path}?{query}");
            assert_eq!(reply.json()["errors"][field], message, "{path}?{query}");
        }
    }
}

#[tokio::test]
async fn the_csv_export_streams_the_matching_rows_in_the_list_order() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let everything = rows(&get_json(&app, &format!("{LIST}?sort=description&direction=desc"), &owner).await);
    let first = everything[0]["id"].as_i64().unwrap();
    set_description(&app, first, "=HYPERLINK(\"http://x\")").await;

    let reply = app.get(&format!("{CSV}?sort=description&direction=desc"), Some(&owner)).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("content-type").as_deref(), Some("text/csv; charset=utf-8"));
    let disposition = reply.header("content-disposition").unwrap();
    assert!(disposition.starts_with("attachment; filename=\"") && disposition.ends_with("_call_routing.csv\""));
    let text = reply.text();
    let text = text.strip_prefix('\u{feff}').expect("a byte order mark");
    let lines: Vec<&str> = text.split_terminator("\r\n").collect();
    assert_eq!(lines[0], r#""Type","Number / pool","Description","Destination","Service plan","Recording""#);
    assert_eq!(lines.len(), 313);
    // The list re-sorted after the edit: find the edited row and check its defused formula.
    let edited = lines.iter().find(|l| l.contains("HYPERLINK")).unwrap();
    assert!(edited.contains(r#""'=HYPERLINK(""http://x"")""#), "{edited}");
    assert!(lines[1..].iter().all(|l| l.ends_with(r#","On""#) || l.ends_with(r#","Off""#)));

    let pools = app.get(&format!("{CSV}?search=dynamic%20pool"), Some(&owner)).await.text();
    let pool_lines: Vec<&str> = pools.split_terminator("\r\n").skip(1).collect();
    assert_eq!(pool_lines.len(), 12);
    assert!(pool_lines.iter().all(|l| l.starts_with(r#""Dynamic pool","#)));

    // Compressed as it streams, to the end.
    for encoding in ["br", "gzip"] {
        let request = crate::helpers::request("GET", CSV, Some(&owner), true)
            .header("accept-encoding", encoding)
            .body(axum::body::Body::empty())
            .unwrap();
        let reply = app.send(request).await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.header("content-encoding").as_deref(), Some(encoding));
        assert!(reply.body.len() > 1000, "{encoding}: {} bytes", reply.body.len());
    }

    // Another customer's export holds only theirs.
    let enterprise = app.login(ENTERPRISE).await;
    let theirs = app.get(CSV, Some(&enterprise)).await.text();
    assert_eq!(theirs.split_terminator("\r\n").count(), 11);
}

#[tokio::test]
async fn a_static_number_is_held_by_one_customer_only() {
    let app = TestApp::spawn().await;
    let (number, holder): (String, i64) =
        sqlx::query_as("SELECT number, customer_id FROM routing_entries WHERE kind = 'static' ORDER BY id LIMIT 1")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    let other: i64 = sqlx::query_scalar("SELECT id FROM customers WHERE id <> $1 ORDER BY id LIMIT 1")
        .bind(holder)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    for customer in [holder, other] {
        let taken = server::store::routing_entries::add_static_numbers(
            &app.state.db,
            CustomerId::new(customer),
            &[(number.clone(), "Taken".to_string())],
            "01614960000",
        )
        .await
        .unwrap_err();
        let unique = taken.as_database_error().is_some_and(|e| e.is_unique_violation());
        assert!(unique, "{number} for customer {customer}: {taken}");
    }
    let fresh = [("01619990001".to_string(), "Free".to_string())];
    server::store::routing_entries::add_static_numbers(&app.state.db, CustomerId::new(other), &fresh, "01614960000")
        .await
        .unwrap();
}
