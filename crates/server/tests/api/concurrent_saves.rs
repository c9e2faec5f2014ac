//! Saves that race: the same description sent at once many times. The check before the write
//! cannot see a row another request has not committed yet, so the database's unique index
//! decides, and the loser gets the answer the check gives (on SQLite and on PostgreSQL).

use axum::http::StatusCode;
use futures_util::future::join_all;
use serde_json::json;

use crate::helpers::TestApp;
use crate::routing_connect::{destination_plan, post, OWNER};
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
