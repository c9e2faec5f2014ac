//! services/getPlanScopes: what Starter, Professional and Enterprise include and sell as
//! add-ons, from the scopes the menu and the route guard check; the browser lays them out with
//! the domain's plan comparison.

use axum::extract::State;
use axum::Json;
use domain::purchase::PlanScopes;
use domain::{guard, GuardStep, Plan};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::prices;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(plan_scopes))
}

#[derive(Serialize, ToSchema)]
struct PlanList {
    plans: Vec<PlanScopes>,
}

#[utoipa::path(get, path = "/services/getPlanScopes", tag = "services", responses((status = 200, body = PlanList)))]
async fn plan_scopes(State(state): State<AppState>, user: AccountUser) -> Result<Json<PlanList>, AppError> {
    if guard("/upgradecentre", &user.account) != GuardStep::Allow {
        return Err(AppError::Forbidden);
    }
    let rows = prices::plan_scopes(&state.db).await?;
    let plans = [Plan::Starter, Plan::Professional, Plan::Enterprise]
        .into_iter()
        .map(|plan| {
            let of = |addon: bool| {
                rows.iter()
                    .filter(|(p, _, a)| p == plan.name() && (*a != 0) == addon)
                    .map(|(_, scope, _)| scope.clone())
                    .collect()
            };
            PlanScopes { plan: plan.name().to_string(), included: of(false), addons: of(true) }
        })
        .collect();
    Ok(Json(PlanList { plans }))
}
