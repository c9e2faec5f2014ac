//! What the purchase forms add on the way (issue 15): a channel, media owner, department or
//! campaign from the inline add dialogs, and a service plan from the new service plan dialog (a
//! plan sending every call, all week, to one destination number), with its uniqueness check.

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use domain::routing::DESCRIPTION_NOT_UNIQUE;
use domain::services::inline_add::{validate_inline_add, InlineList};
use domain::services::new_service_plan::{validate_new_service_plan, NewServicePlanForm};
use domain::{guard, GuardStep};
use serde::Serialize;
use sqlx::{Any, Transaction};

use crate::http::account_user::AccountUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::service_plans::{self, PlanTime};
use crate::store::{destinations, inventory, number_lists};

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/managechannels/insertChannel", post(|s, u, f| insert(s, u, f, InlineList::Channel)))
        .route("/managemediaowners/insertMediaOwner", post(|s, u, f| insert(s, u, f, InlineList::MediaOwner)))
        .route("/managedepartments/insertDepartment", post(|s, u, f| insert(s, u, f, InlineList::Department)))
        .route("/managecampaigns/insertCampaign", post(|s, u, f| insert(s, u, f, InlineList::Campaign)))
        .route("/timeofday/createNewServicePlan", post(create_service_plan))
        .route("/timeofday/checkUniquePlanDescription", post(check_unique_description))
}

#[derive(Serialize)]
struct Created {
    id: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlanCreated {
    plan_id: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DescriptionCheck {
    description_valid: bool,
}

/// The purchase forms' guard: buying numbers online.
fn require_purchase_forms(user: &AccountUser) -> Result<(), AppError> {
    let allowed =
        ["/services/static", "/services/dynamic"].iter().any(|page| guard(page, &user.account) == GuardStep::Allow);
    if allowed {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

async fn insert(
    State(state): State<AppState>,
    user: AccountUser,
    form: FormData,
    list: InlineList,
) -> Result<Json<Created>, AppError> {
    require_purchase_forms(&user)?;
    let customer = user.customer();
    let description = form.text(list.field());
    let taken: Vec<String> = number_lists::list(&state.db, customer, list).await?.into_iter().map(|(_, d)| d).collect();
    let errors = validate_inline_add(list, description, &taken);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    // The unique index has the last word when two tabs add the same name at once.
    let id = number_lists::insert(&state.db, customer, list, description, state.clock.now())
        .await?
        .ok_or_else(|| AppError::field(list.field(), DESCRIPTION_NOT_UNIQUE))?;
    Ok(Json(Created { id }))
}

async fn check_unique_description(
    State(state): State<AppState>,
    user: AccountUser,
    form: FormData,
) -> Result<Json<DescriptionCheck>, AppError> {
    require_purchase_forms(&user)?;
    let taken = service_plans::other_descriptions(&state.db, user.customer(), 0).await?;
    let description = form.text("description").trim();
    let valid = !description.is_empty() && !domain::routing::is_taken(description, &taken);
    Ok(Json(DescriptionCheck { description_valid: valid }))
}

/// The customer's destination plan that rings only this destination number, or a new one.
async fn destination_plan_for(
    tx: &mut Transaction<'_, Any>,
    customer: i64,
    number_id: i64,
    number: &str,
) -> Result<i64, AppError> {
    let existing: Option<(i64,)> = sqlx::query_as(
        "SELECT p.id FROM destination_plans p JOIN destination_plan_rows r ON r.plan_id = p.id
         WHERE p.customer_id = $1 AND p.plan_type = 0
         GROUP BY p.id HAVING COUNT(*) = 1 AND MAX(r.destination_number_id) = $2 ORDER BY p.id LIMIT 1",
    )
    .bind(customer)
    .bind(number_id)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some((id,)) = existing {
        return Ok(id);
    }
    let taken: Vec<(String,)> =
        sqlx::query_as("SELECT LOWER(description) FROM destination_plans WHERE customer_id = $1")
            .bind(customer)
            .fetch_all(&mut **tx)
            .await?;
    let base = format!("Ring {number}");
    let description = (1..)
        .map(|n| if n == 1 { base.clone() } else { format!("{base} ({n})") })
        .find(|d| !taken.iter().any(|(t,)| *t == d.to_lowercase()))
        .unwrap_or(base);
    let (plan,): (i64,) = sqlx::query_as(
        "INSERT INTO destination_plans (customer_id, description, plan_type) VALUES ($1, $2, 0) RETURNING id",
    )
    .bind(customer)
    .bind(&description)
    .fetch_one(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO destination_plan_rows (plan_id, position, destination_number_id, ring_length) VALUES ($1, 0, $2, 20)",
    )
    .bind(plan)
    .bind(number_id)
    .execute(&mut **tx)
    .await?;
    Ok(plan)
}

/// The customer's destination number with this code and digits, or a new one named by them.
async fn destination_number_for(
    tx: &mut Transaction<'_, Any>,
    customer: i64,
    code: i64,
    number: &str,
) -> Result<i64, AppError> {
    let existing: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM destination_numbers WHERE customer_id = $1 AND international_code_id = $2 AND number = $3",
    )
    .bind(customer)
    .bind(code)
    .bind(number)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some((id,)) = existing {
        return Ok(id);
    }
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO destination_numbers (customer_id, description, international_code_id, number, mailbox)
         VALUES ($1, $2, $3, $4, 0) RETURNING id",
    )
    .bind(customer)
    .bind(number)
    .bind(code)
    .bind(number)
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

async fn create_service_plan(
    State(state): State<AppState>,
    user: AccountUser,
    form: FormData,
) -> Result<Json<PlanCreated>, AppError> {
    require_purchase_forms(&user)?;
    let customer = user.customer();
    let plan = NewServicePlanForm {
        description: form.text("description").to_string(),
        country_code: form.id("countryCode"),
        destination_number: form.text("destinationNumber").to_string(),
    };
    let taken = service_plans::other_descriptions(&state.db, customer, 0).await?;
    let restricted = inventory::restricted_prefixes(&state.db).await?;
    let errors = validate_new_service_plan(&plan, &taken, &restricted);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    if !destinations::international_code_exists(&state.db, plan.country_code).await? {
        return Err(AppError::field("countryCode", domain::services::new_service_plan::INTERNATIONAL_CODE_REQUIRED));
    }
    let number = plan.destination_number.trim();
    let mut tx = state.db.begin().await?;
    let number_id = destination_number_for(&mut tx, customer, plan.country_code, number).await?;
    let destination_plan = destination_plan_for(&mut tx, customer, number_id, number).await?;
    let plan_id = service_plans::insert(&mut tx, customer, plan.description.trim()).await?;
    // All week, Monday 00:00 to Sunday 23:59, to the one destination.
    let all_week = PlanTime {
        from_day: 1,
        from_minute: 0,
        to_day: 7,
        to_minute: 23 * 60 + 59,
        plan_type: "routing".into(),
        destination_plan_id: Some(destination_plan),
        ivr_id: None,
    };
    service_plans::replace_times(&mut tx, plan_id, &[all_week]).await?;
    tx.commit().await?;
    tracing::info!(customer, plan_id, "service plan created from a purchase form");
    Ok(Json(PlanCreated { plan_id }))
}
