//! Saves that race: the same description sent at once many times. The check before the write
//! cannot see a row another request has not committed yet, so the database's unique index
//! decides, and the loser gets the answer the check gives (on SQLite and on PostgreSQL).

use axum::http::StatusCode;
use futures_util::future::join_all;
use serde_json::json;

use crate::helpers::TestApp;
use crate::routing_connect::{destination_plan, post, OWNER};
use crate::routing_library::new_number;
use crate::routing_plans::{plan_count, plan_form, week};

const CREATE: &str = "/api/manageconnections/create_plan";

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_of_many_racing_plans_with_one_description_is_saved() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let d = destination_plan(&app, 100, "Racing target").await;
    let before = plan_count(&app).await;
    let form = plan_form("Racing plan", &week(d));
    // Differently capitalised: still one description.
    let forms: Vec<_> = (0..8)
        .map(|i| {
            let mut form = form.clone();
            if i % 2 == 1 {
                form[0].1 = "RACING plan".into();
            }
            form
        })
        .collect();
    let replies = join_all(forms.iter().map(|form| post(&app, CREATE, &owner, form))).await;

    let saved = replies.iter().filter(|r| r.status == StatusCode::OK).count();
    assert_eq!(saved, 1, "{:?}", replies.iter().map(|r| r.text()).collect::<Vec<_>>());
    for refused in replies.iter().filter(|r| r.status != StatusCode::OK) {
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            refused.json(),
            json!({ "success": false, "code": "DESCRIPTION_NOT_UNIQUE",
                    "errors": { "form_plan_description": "Description must be unique." } })
        );
    }
    assert_eq!(plan_count(&app).await, before + 1);
}

#[tokio::test]
async fn the_database_refuses_a_second_email_however_it_is_capitalised() {
    let app = TestApp::spawn().await;
    let error = sqlx::query(
        "INSERT INTO users (email, forename, surname, password_hash, home_customer_id, created_at)
         VALUES ('OWNER@demo.test', 'Second', 'Owner', 'x', 100, 0)",
    )
    .execute(&app.state.db)
    .await
    .unwrap_err();
    assert_eq!(server::db::violated_unique_index(&error).as_deref(), Some("users_by_lower_email"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_of_many_racing_destination_numbers_with_one_number_is_saved() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let count = || async {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM destination_numbers WHERE number = '01904960777'")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        n
    };
    // One number under eight descriptions: only the number can clash.
    let descriptions: Vec<String> = (0..8).map(|i| format!("York office {i}")).collect();
    let replies = join_all(descriptions.iter().map(|description| {
        let form = new_number(description, "01904960777");
        let owner = owner.clone();
        let app = &app;
        async move { app.post_form("/api/manageterms/storeDestinationNumber", Some(&owner), &form).await }
    }))
    .await;

    assert_eq!(replies.iter().filter(|r| r.status == StatusCode::OK).count(), 1);
    for refused in replies.iter().filter(|r| r.status != StatusCode::OK) {
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            refused.json(),
            json!({ "success": false, "code": "DESTINATION_NUMBER_NOT_UNIQUE",
                    "errors": { "form_destination_number": "This destination number already exists on this account." } })
        );
    }
    assert_eq!(count().await, 1);
}

#[tokio::test]
async fn the_database_names_a_second_destination_number_on_both_backends() {
    let app = TestApp::spawn().await;
    let insert = || {
        sqlx::query(
            "INSERT INTO destination_numbers (customer_id, description, number, international_code_id, mailbox)
             VALUES (100, $1, '01904960778', 1, 0)",
        )
    };
    insert().bind("First York").execute(&app.state.db).await.unwrap();
    let error = insert().bind("Second York").execute(&app.state.db).await.unwrap_err();
    assert_eq!(
        server::db::violated_unique_index(&error).as_deref(),
        Some("destination_numbers_customer_id_international_code_id_numbe_key")
    );
}

/// Found by schemathesis with a random seed: service plans bought at once, each
/// reading the destination numbers before writing, answered 500 "database is locked" on SQLite
/// (a deferred transaction's first write after another's commit). Every write transaction now
/// takes the write lock first (`db::begin_write`).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn service_plans_bought_at_once_for_one_number_are_all_saved() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let descriptions: Vec<String> = (0..8).map(|i| format!("Racing line {i}")).collect();
    let replies = join_all(descriptions.iter().map(|description| {
        let fields =
            [("description", description.as_str()), ("countryCode", "1"), ("destinationNumber", "01144960777")];
        let owner = owner.clone();
        let app = &app;
        async move { app.post_multipart("/api/timeofday/createNewServicePlan", Some(&owner), &fields).await }
    }))
    .await;
    for reply in &replies {
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    }
    let numbers = crate::helpers::rows_as_text(
        &app.state.db,
        "SELECT COUNT(*) FROM destination_numbers WHERE customer_id = 100 AND number = '01144960777'",
    )
    .await;
    assert_eq!(numbers, ["[1]"], "one destination number, shared by the plans");
}
