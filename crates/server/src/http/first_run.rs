//! overview/getFirstRun: the home page's first-run checklist (the domain's `first_run_checklist`),
//! each step ticked by what the account holds.

use axum::extract::State;
use axum::Json;
use domain::first_run::first_run_checklist;
use domain::routing::routing_access;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::first_run;

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

#[utoipa::path(get, path = "/overview/getFirstRun", tag = "overview", responses((status = 200, body = FirstRun)))]
async fn first_run(State(state): State<AppState>, user: AccountUser) -> Result<Json<FirstRun>, AppError> {
    let advanced_routing = routing_access(&user.account).has_advanced;
    let facts = first_run::facts(&state.db, user.customer(), advanced_routing, user.account.plan().name()).await?;
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
