//! The website form (/services/website): a website added by its address alone, with the pool
//! its plan includes (Starter's website call tracking) and at no charge: its numbers local to
//! the number the website shows (domain `services::website`), its calls on a service plan of
//! the account if one is chosen. Answers the dynamic URL, whose page shows the tracking code.
//! With no pool left in the plan: 422 on websiteUrl (the full form sells more, with its price).

use axum::extract::State;
use axum::Json;
use domain::purchase::plan_includes;
use domain::services::dynamic_pool::{DynamicPoolForm, NUMBERS_PER_POOL};
use domain::services::website::{
    validate_website, website_number_format, website_prefix, PrefixStock, WEBSITE_NOT_INCLUDED, WEBSITE_POOL_NAME,
};
use domain::{guard, GuardStep};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::dynamic::{check_choices, store_pool, BeyondPlan};
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::{inventory, service_plans, usage};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(website_details)).routes(routes!(add_website))
}

fn require_form(user: &AccountUser) -> Result<(), AppError> {
    match guard("/services/website", &user.account) {
        GuardStep::Allow => Ok(()),
        _ => Err(AppError::Forbidden),
    }
}

#[derive(Serialize, ToSchema)]
struct PlanChoice {
    id: i64,
    plan: String,
}

/// What the website form needs: whether the plan still includes a website, and the service
/// plans its calls may follow.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct WebsiteDetails {
    /// The plan includes another website's pool (else the form sends the user to Add dynamic URLs).
    included: bool,
    /// How many websites' pools the plan includes.
    included_in_plan: i64,
    service_plans: Vec<PlanChoice>,
}

#[utoipa::path(get, path = "/services/getWebsiteDetails", tag = "services",
    responses((status = 200, body = WebsiteDetails), (status = 403, description = "No right to add services")))]
async fn website_details(State(state): State<AppState>, user: AccountUser) -> Result<Json<WebsiteDetails>, AppError> {
    require_form(&user)?;
    let customer = user.customer();
    let plan = user.account.plan().name();
    Ok(Json(WebsiteDetails {
        included: usage::held(&state.db, customer, plan).await?.pools_left() > 0,
        included_in_plan: plan_includes(user.account.plan()).pools,
        service_plans: service_plans::list(&mut *state.db.acquire().await?, customer)
            .await?
            .into_iter()
            .map(|(id, plan)| PlanChoice { id, plan })
            .collect(),
    }))
}

/// The website form as posted.
#[derive(Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
struct WebsiteRequest {
    /// The website's address ("www.example.co.uk"), at most 60 characters once trimmed.
    #[serde(default)]
    #[garde(length(chars, max = 1_000))]
    website_url: String,
    /// The phone number the website shows, in any common form, or "".
    #[serde(default)]
    #[garde(length(chars, max = 40))]
    number_shown: String,
    /// A service plan of the account for its calls; 0 or "" for none yet.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    service_plan: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct WebsiteAdded {
    success: bool,
    /// The new dynamic URL: its page shows the tracking code.
    campaign_id: i64,
    numbers: Vec<String>,
}

#[utoipa::path(post, path = "/services/addWebsite", tag = "services",
    request_body(content((WebsiteRequest = "multipart/form-data"), (WebsiteRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = WebsiteAdded), (status = 403, description = "No right to add services"),
        (status = 404, description = "Another account's service plan"),
        (status = 422, description = "An address or number that is not one; no website left in the plan")))]
async fn add_website(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<WebsiteRequest>,
) -> Result<Json<WebsiteAdded>, AppError> {
    require_form(&user)?;
    validate_website(&form.website_url, &form.number_shown).map_err(AppError::Validation)?;
    let stock: Vec<PrefixStock> = inventory::prefix_stock(&state.db, state.clock.now())
        .await?
        .into_iter()
        .map(|(id, prefix, free)| PrefixStock { id, prefix, free })
        .collect();
    let Some(prefix) = website_prefix(&form.number_shown, &stock, NUMBERS_PER_POOL as i64) else {
        return Err(AppError::field("websiteUrl", domain::services::dynamic_pool::NOT_ENOUGH_NUMBERS));
    };
    let shown = form.number_shown.trim();
    let pool = DynamicPoolForm {
        campaign_name: form.website_url.trim().to_string(),
        pool_name: WEBSITE_POOL_NAME.to_string(),
        number_prefix: prefix,
        number_format: website_number_format(shown),
        service_plan: form.service_plan.unwrap_or(0).max(0),
        numbers_to_replace: if shown.is_empty() { vec![] } else { vec![shown.to_string()] },
        ..DynamicPoolForm::default()
    };
    check_choices(&state, &user, &pool).await?;
    let (campaign_id, numbers) =
        store_pool(&state, &user, &pool, BeyondPlan::Refuse("websiteUrl", WEBSITE_NOT_INCLUDED)).await?;
    Ok(Json(WebsiteAdded { success: true, campaign_id, numbers }))
}
