//! The IVRs page (/routing/ivrs): every IVR of the account, top-level and child, with the
//! numbers and pools whose service plan reaches it, so an IVR is found and edited without
//! knowing which number's plan leads to it. Reads need an advanced routing scope.

use axum::extract::State;
use axum::Json;
use domain::reports::format_uk;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::RoutingUser;
use crate::http::kit::error::AppError;
use crate::routing::draft::RoutingRead;
use crate::routing::ivrs::{library, plans_reaching_each};
use crate::state::AppState;
use crate::store::{ivrs, routing_entries};

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(overview))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct IvrSummary {
    id: i64,
    description: String,
    /// Reached from another IVR's key rather than a service plan row.
    is_child: bool,
    /// The numbers ("01632 960123") and pools whose service plan reaches it, by name.
    used_by: Vec<String>,
}

#[derive(Serialize, ToSchema)]
struct IvrOverview {
    ivrs: Vec<IvrSummary>,
}

/// Every IVR, by description, with what reaches it.
#[utoipa::path(get, path = "/manageivrrouting/getIvrOverview", tag = "routing",
    responses((status = 200, body = IvrOverview), (status = 403, description = "No advanced routing")))]
async fn overview(State(state): State<AppState>, user: RoutingUser) -> Result<Json<IvrOverview>, AppError> {
    user.require_advanced()?;
    let customer = user.customer();
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let library = library(&mut view, customer).await?;
    let reaching = plans_reaching_each(&mut view, customer, &library).await?;
    let mut plans_used: Vec<(i64, Vec<String>)> = vec![];
    for (_, plan) in &reaching {
        if plans_used.iter().any(|(p, _)| p == plan) {
            continue;
        }
        let names = routing_entries::using_plan(&mut view, customer, *plan)
            .await?
            .into_iter()
            .map(|(_, kind, number, pool)| if kind == "static" { format_uk(&number) } else { pool })
            .collect();
        plans_used.push((*plan, names));
    }
    let ivrs = ivrs::list(&mut view, customer, true)
        .await?
        .into_iter()
        .map(|(id, description, is_child)| {
            let mut used_by: Vec<String> = reaching
                .iter()
                .filter(|(ivr, _)| *ivr == id)
                .flat_map(|(_, plan)| {
                    plans_used.iter().find(|(p, _)| p == plan).map(|(_, n)| n.clone()).unwrap_or_default()
                })
                .collect();
            used_by.dedup();
            IvrSummary { id, description, is_child, used_by }
        })
        .collect();
    Ok(Json(IvrOverview { ivrs }))
}
