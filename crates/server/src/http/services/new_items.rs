//! What the purchase forms add on the way: a channel, media owner, department or
//! campaign from the inline add dialogs, and a service plan from the new service plan dialog (a
//! plan sending every call, all week, to one destination number), with its uniqueness check.

use axum::extract::State;
use axum::Json;
use domain::names::DESCRIPTION_NOT_UNIQUE;
use domain::routing::history::{RecordKey, RecordKind};
use domain::services::inline_add::{validate_inline_add, InlineList};
use domain::services::new_service_plan::{all_week_plan, validate_new_service_plan, NewServicePlanForm};
use domain::{guard, GuardStep};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::bounds;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::routing::change_log::ChangeLog;
use crate::routing::service_plans;
use crate::state::AppState;
use crate::store::service_plans as stored_plans;
use crate::store::{destinations, inventory, number_lists, routing_history};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(insert_channel))
        .routes(routes!(insert_media_owner))
        .routes(routes!(insert_department))
        .routes(routes!(insert_campaign))
        .routes(routes!(create_service_plan))
        .routes(routes!(check_unique_description))
}

#[derive(Serialize, ToSchema)]
struct ListItemCreated {
    id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PlanCreated {
    plan_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DescriptionCheck {
    description_valid: bool,
}

/// The purchase forms' guard: buying numbers online (or, for the lists a number is filed
/// under, changing numbers on the Static pages).
fn require_purchase_forms(user: &AccountUser) -> Result<(), AppError> {
    let allowed =
        ["/services/static", "/services/dynamic"].iter().any(|page| guard(page, &user.account) == GuardStep::Allow);
    if allowed {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// The Static pages' editors (the Static menu, its guard and the number/campaign admin right).
fn require_static_editor(user: &AccountUser) -> Result<(), AppError> {
    if crate::http::numbers::opens_static_pages(&user.account) && domain::numbers::can_edit_numbers(&user.account) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// The most characters an inline add's field takes as posted (before the list's own maximum).
const RAW_MAX: usize = 1_000;

/// The inline add dialogs' forms: the new item's description, posted under the list's own
/// field name. The domain's rules (`validate_inline_add`) decide; the bound stops absurd input.
#[derive(Deserialize, Validate, ToSchema)]
struct NewChannel {
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<{ InlineList::Channel.max_length() }, RAW_MAX>)]
    channel: String,
}

#[derive(Deserialize, Validate, ToSchema)]
struct NewMediaOwner {
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<{ InlineList::MediaOwner.max_length() }, RAW_MAX>)]
    mediaowner: String,
}

#[derive(Deserialize, Validate, ToSchema)]
struct NewDepartment {
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<{ InlineList::Department.max_length() }, RAW_MAX>)]
    department: String,
}

#[derive(Deserialize, Validate, ToSchema)]
struct NewCampaign {
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<{ InlineList::Campaign.max_length() }, RAW_MAX>)]
    campaign: String,
}

#[utoipa::path(post, path = "/managechannels/insertChannel", tag = "services",
    request_body(content((NewChannel = "multipart/form-data"), (NewChannel = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ListItemCreated)))]
async fn insert_channel(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields, .. }: Form<NewChannel>,
) -> Result<Json<ListItemCreated>, AppError> {
    insert(&state, &user, &fields.channel, InlineList::Channel).await
}

#[utoipa::path(post, path = "/managemediaowners/insertMediaOwner", tag = "services",
    request_body(content((NewMediaOwner = "multipart/form-data"), (NewMediaOwner = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ListItemCreated)))]
async fn insert_media_owner(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields, .. }: Form<NewMediaOwner>,
) -> Result<Json<ListItemCreated>, AppError> {
    insert(&state, &user, &fields.mediaowner, InlineList::MediaOwner).await
}

#[utoipa::path(post, path = "/managedepartments/insertDepartment", tag = "services",
    request_body(content((NewDepartment = "multipart/form-data"), (NewDepartment = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ListItemCreated)))]
async fn insert_department(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields, .. }: Form<NewDepartment>,
) -> Result<Json<ListItemCreated>, AppError> {
    insert(&state, &user, &fields.department, InlineList::Department).await
}

#[utoipa::path(post, path = "/managecampaigns/insertCampaign", tag = "services",
    request_body(content((NewCampaign = "multipart/form-data"), (NewCampaign = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ListItemCreated)))]
async fn insert_campaign(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields, .. }: Form<NewCampaign>,
) -> Result<Json<ListItemCreated>, AppError> {
    insert(&state, &user, &fields.campaign, InlineList::Campaign).await
}

async fn insert(
    state: &AppState,
    user: &AccountUser,
    description: &str,
    list: InlineList,
) -> Result<Json<ListItemCreated>, AppError> {
    require_purchase_forms(user).or_else(|_| require_static_editor(user))?;
    let customer = user.customer();
    let taken: Vec<String> = number_lists::list(&state.db, customer, list).await?.into_iter().map(|(_, d)| d).collect();
    let errors = validate_inline_add(list, description, &taken);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    // The unique index has the last word when two tabs add the same name at once.
    let id = number_lists::insert(&state.db, customer, list, description, state.clock.now())
        .await?
        .ok_or_else(|| AppError::field(list.field(), DESCRIPTION_NOT_UNIQUE))?;
    Ok(Json(ListItemCreated { id }))
}

#[derive(Deserialize, Validate, ToSchema)]
struct PlanDescriptionRequest {
    #[serde(default)]
    #[garde(length(chars, max = 1_000))]
    description: String,
}

#[utoipa::path(post, path = "/timeofday/checkUniquePlanDescription", tag = "services",
    request_body(content((PlanDescriptionRequest = "multipart/form-data"), (PlanDescriptionRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = DescriptionCheck)))]
async fn check_unique_description(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<PlanDescriptionRequest>,
) -> Result<Json<DescriptionCheck>, AppError> {
    require_purchase_forms(&user)?;
    let taken = stored_plans::other_descriptions(&mut *state.db.acquire().await?, user.customer(), 0).await?;
    let description = form.description.trim();
    let valid = !description.is_empty() && !domain::names::is_taken(description, &taken);
    Ok(Json(DescriptionCheck { description_valid: valid }))
}

/// The new service plan dialog. The domain's rules (`validate_new_service_plan`) decide.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct NewServicePlanRequest {
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<{ domain::services::new_service_plan::DESCRIPTION_MAX }, RAW_MAX>)]
    description: String,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = bounds::id)]
    countryCode: Option<i64>,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = bounds::destination_digits)]
    destinationNumber: String,
}

#[utoipa::path(post, path = "/timeofday/createNewServicePlan", tag = "services",
    request_body(content((NewServicePlanRequest = "multipart/form-data"), (NewServicePlanRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = PlanCreated)))]
async fn create_service_plan(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<NewServicePlanRequest>,
) -> Result<Json<PlanCreated>, AppError> {
    require_purchase_forms(&user)?;
    let customer = user.customer();
    let plan = NewServicePlanForm {
        description: form.description,
        country_code: form.countryCode.unwrap_or(0),
        destination_number: domain::reports::typed_number(&form.destinationNumber),
    };
    let taken = stored_plans::other_descriptions(&mut *state.db.acquire().await?, customer, 0).await?;
    let restricted = inventory::restricted_prefixes(&state.db).await?;
    let errors = validate_new_service_plan(&plan, &taken, &restricted);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    if !destinations::international_code_exists(&mut *state.db.acquire().await?, plan.country_code).await? {
        return Err(AppError::field("countryCode", domain::services::new_service_plan::INTERNATIONAL_CODE_REQUIRED));
    }
    let number = plan.destination_number.trim();
    let mut tx = crate::db::begin_write(&state.db).await?;
    // Two plans bought at once for one number share it: on PostgreSQL the second waits here
    // until the first has stored the number (SQLite's write lock already orders them).
    crate::store::charges::lock_customer(&mut tx, customer).await?;
    let (number_id, new_number) = destinations::number_for(&mut tx, customer, plan.country_code, number).await?;
    let (destination_plan, made) = destinations::ringing_plan_for(&mut tx, customer, number_id, number).await?;
    let new_destination_plan = made.then_some(destination_plan);
    let log = &mut ChangeLog::new(&state, &user);
    // The routing history: the destination number and plan when they were made for it, and the
    // service plan.
    if new_number {
        let key = RecordKey { kind: RecordKind::DestinationNumber, id: number_id };
        let after = routing_history::load(&mut tx, customer, key).await?;
        log.record(&mut tx, key, None, after).await?;
    }
    let plan_id =
        service_plans::create(&mut tx, log, customer, &all_week_plan(&plan.description, destination_plan)).await?;
    if let Some(made) = new_destination_plan {
        let key = RecordKey { kind: RecordKind::DestinationPlan, id: made };
        let after = routing_history::destination_plan(&mut tx, customer, made).await?;
        log.record(&mut tx, key, None, after).await?;
    }
    tx.commit().await?;
    tracing::info!(customer = customer.get(), plan_id, "service plan created from a purchase form");
    Ok(Json(PlanCreated { plan_id }))
}
