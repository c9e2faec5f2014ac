//! overview/getFirstRun: the home page's first-run checklist (the domain's `first_run_checklist`),
//! each step ticked by what the account holds.

use axum::extract::State;
use axum::Json;
use domain::first_run::{first_run_checklist, FirstRunFacts};
use domain::integrations::website_check::status;
use domain::routing::routing_access;
use serde::Serialize;
use sqlx::AnyPool;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::account_user::AccountUser;
use crate::http::error::AppError;
use crate::state::AppState;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(first_run))
}

/// One step of the checklist.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FirstRunStep {
    /// 'number', 'routing' or 'trackingCode'.
    key: String,
    title: String,
    detail: String,
    done: bool,
    /// The app path to do it on.
    link: String,
    link_label: String,
}

#[derive(Serialize, ToSchema)]
struct FirstRun {
    steps: Vec<FirstRunStep>,
}

async fn facts(db: &AnyPool, customer: i64, advanced_routing: bool) -> sqlx::Result<FirstRunFacts> {
    // Static numbers, and each number of a pool.
    let numbers: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM routing_entries WHERE customer_id = $1 AND kind = 'static')
              + (SELECT COUNT(*) FROM pool_numbers p JOIN routing_entries e ON e.id = p.routing_entry_id
                 WHERE e.customer_id = $1)",
    )
    .bind(customer)
    .fetch_one(db)
    .await?;
    let unrouted: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM routing_entries WHERE customer_id = $1 AND service_plan_id IS NULL AND destination = ''",
    )
    .bind(customer)
    .fetch_one(db)
    .await?;
    let with_hours: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM routing_entries e WHERE e.customer_id = $1
           AND (SELECT COUNT(*) FROM service_plan_times t WHERE t.plan_id = e.service_plan_id) > 1",
    )
    .bind(customer)
    .fetch_one(db)
    .await?;
    let working: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM website_checks WHERE customer_id = $1 AND status = $2 AND mhct = 1 AND mhct_working = 1",
    )
    .bind(customer)
    .bind(i64::from(status::SUCCESS))
    .fetch_one(db)
    .await?;
    let first_dynamic_url: Option<i64> =
        sqlx::query_scalar("SELECT id FROM dynamic_urls WHERE customer_id = $1 ORDER BY id LIMIT 1")
            .bind(customer)
            .fetch_optional(db)
            .await?;
    Ok(FirstRunFacts {
        numbers,
        unrouted,
        advanced_routing,
        hours_set: with_hours > 0,
        tracking_code_found: working > 0,
        first_dynamic_url,
    })
}

#[utoipa::path(get, path = "/overview/getFirstRun", tag = "overview", responses((status = 200, body = FirstRun)))]
async fn first_run(State(state): State<AppState>, user: AccountUser) -> Result<Json<FirstRun>, AppError> {
    let advanced_routing = routing_access(&user.account).has_advanced;
    let facts = facts(&state.db, user.customer(), advanced_routing).await?;
    let steps = first_run_checklist(&facts)
        .into_iter()
        .map(|step| FirstRunStep {
            key: step.key.as_str().to_string(),
            title: step.title,
            detail: step.detail,
            done: step.done,
            link: step.link,
            link_label: step.link_label,
        })
        .collect();
    Ok(Json(FirstRun { steps }))
}
