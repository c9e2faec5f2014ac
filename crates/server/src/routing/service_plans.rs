//! Service plans: one create and one update for the routing editor and the purchase form's new
//! service plan, each storing the rows and recording the change in the history.

use crate::store::CustomerId;
use domain::routing::history::{RecordKey, RecordKind};
use domain::routing::{RowType, ServicePlanForm};
use sqlx::{Any, Transaction};

use crate::http::kit::error::AppError;
use crate::routing::change_log::ChangeLog;
use crate::store::service_plans::{self, PlanTime};
use crate::store::{plan_exceptions, routing_entries, routing_history};
use sqlx::AnyConnection;

fn plan_key(id: i64) -> RecordKey {
    RecordKey { kind: RecordKind::ServicePlan, id }
}

fn stored_times(plan: &ServicePlanForm) -> Vec<PlanTime> {
    plan.rows.iter().map(PlanTime::from_row).collect()
}

/// Every destination plan and IVR the rows point at must be the customer's (else 404).
pub async fn check_targets(
    db: &mut AnyConnection,
    customer: CustomerId,
    plan: &ServicePlanForm,
) -> Result<(), AppError> {
    // The rows' targets and the dated exceptions' alike.
    let targets = plan
        .rows
        .iter()
        .map(|r| (r.plan_type, r.routing, r.ivr))
        .chain(plan.exceptions.iter().map(|e| (e.plan_type, e.routing, e.ivr)));
    let (mut routings, mut ivrs): (Vec<i64>, Vec<i64>) = (vec![], vec![]);
    for (kind, routing, ivr) in targets {
        match kind {
            RowType::Routing => routings.push(routing),
            RowType::Ivr => ivrs.push(ivr),
        }
    }
    if service_plans::destination_plans_owned(&mut *db, customer, &routings).await?
        && service_plans::ivrs_owned(&mut *db, customer, &ivrs).await?
    {
        Ok(())
    } else {
        Err(AppError::NotFound)
    }
}

/// Stores a new plan the caller has checked with the domain's rules; its id.
pub async fn create(
    tx: &mut Transaction<'_, Any>,
    log: &mut ChangeLog,
    customer: CustomerId,
    plan: &ServicePlanForm,
) -> Result<i64, AppError> {
    let id = service_plans::insert(tx, customer, plan.description.trim()).await?;
    service_plans::replace_times(tx, id, &stored_times(plan)).await?;
    plan_exceptions::replace(tx, id, &plan.exceptions).await?;
    let after = routing_history::service_plan(tx, customer, id).await?;
    log.record(tx, plan_key(id), None, after).await?;
    Ok(id)
}

/// Saves a checked plan's new description and rows; every number and pool using it is
/// provisioned again.
pub async fn update(
    tx: &mut Transaction<'_, Any>,
    log: &mut ChangeLog,
    customer: CustomerId,
    id: i64,
    plan: &ServicePlanForm,
    now: i64,
) -> Result<(), AppError> {
    let before = routing_history::service_plan(tx, customer, id).await?;
    service_plans::update_description(tx, customer, id, plan.description.trim()).await?;
    service_plans::replace_times(tx, id, &stored_times(plan)).await?;
    plan_exceptions::replace(tx, id, &plan.exceptions).await?;
    routing_entries::reprovision_plan_users(tx, customer, id, now).await?;
    let after = routing_history::service_plan(tx, customer, id).await?;
    log.record(tx, plan_key(id), before, after).await?;
    Ok(())
}
