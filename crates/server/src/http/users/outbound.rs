//! users/getOutboundService, users/setOutboundService and outboundcampaigns/*.

use crate::http::contract::bounds;
use axum::extract::State;
use axum::Json;
use domain::agents::can_edit_outbound_campaigns;
use domain::users::{terms_problem, Permission, NO_PERMISSIONS_FOR_OUTBOUND};
use domain::FieldErrors;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::editor::{Editor, Target};
use super::TEXT_MAX;
use crate::http::contract::Done;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::http::outbound_campaigns::check_campaign_name;
use crate::state::AppState;
use crate::store::{outbound, user_admin};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(outbound_service))
        .routes(routes!(set_outbound_service))
        .routes(routes!(campaigns_slash))
        .routes(routes!(campaigns))
        .routes(routes!(add_campaign))
}

/// status 1 with the outbound service on offer (at the server's price), or status 0 without
/// one.
#[derive(Serialize, ToSchema)]
struct OutboundServiceAnswer {
    status: u8,
    /// With status 1 only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    data: Option<OutboundOffer>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OutboundOffer {
    service_id: i64,
    /// Pounds per user per billing period.
    price: f64,
    billing_frequency: String,
    /// Months.
    minimum_term: i64,
    product_code: String,
    existing_customer_service: bool,
    service_type: String,
}

#[utoipa::path(get, path = "/users/getOutboundService", tag = "users",
    responses((status = 200, body = OutboundServiceAnswer)))]
async fn outbound_service(
    State(state): State<AppState>,
    editor: Editor,
) -> Result<Json<OutboundServiceAnswer>, AppError> {
    editor.require_editing()?;
    editor.require_outbound()?;
    let Some(service) = outbound::service_for(&state.db, editor.customer()).await? else {
        return Ok(Json(OutboundServiceAnswer { status: 0, data: None }));
    };
    Ok(Json(OutboundServiceAnswer {
        status: 1,
        data: Some(OutboundOffer {
            service_id: service.service_id,
            price: service.price_pence as f64 / 100.0,
            billing_frequency: service.billing_frequency,
            minimum_term: service.minimum_term,
            product_code: service.product_code,
            existing_customer_service: service.existing_customer_service,
            service_type: service.service_type,
        }),
    }))
}

/// The outbound dialog's post for an existing user. The dialog also sends the offer's other
/// fields (price, productCode...): the server's own offer is what is bought.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct SetOutboundRequest {
    #[garde(range(min = bounds::ID_MIN))]
    #[schema(schema_with = bounds::id)]
    userId: i64,
    /// The outbound service on offer (getOutboundService).
    #[garde(range(min = bounds::ID_MIN))]
    #[schema(schema_with = bounds::id)]
    serviceId: i64,
    /// 1: the terms were ticked; needed.
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(required = true, schema_with = bounds::ticked)]
    acceptTerms: String,
    /// 1: the user also gets the outbound permission on this account.
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_include_outbound_permission: String,
}

/// Gives an existing user outbound: one more outbound user on the bill, at the server's price.
#[utoipa::path(post, path = "/users/setOutboundService", tag = "users",
    request_body(content((SetOutboundRequest = "multipart/form-data"), (SetOutboundRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn set_outbound_service(
    State(state): State<AppState>,
    editor: Editor,
    Form { fields: form, .. }: Form<SetOutboundRequest>,
) -> Result<Json<Done>, AppError> {
    editor.require_editing()?;
    editor.require_outbound()?;
    let customer = editor.customer();
    let user_id = form.userId;
    let target = Target::load(&state, &editor, user_id).await?;
    target.require_manageable(&editor)?;
    // Outbound is a setting of the user everywhere, so it is the whole identity's to change.
    target.require_identity()?;
    let service = outbound::service_for(&state.db, customer).await?.ok_or(AppError::Forbidden)?;
    if form.serviceId != service.service_id {
        return Err(AppError::field("serviceId", domain::users::OUTBOUND_SERVICE_CHANGED));
    }
    if target.rows.iter().all(|r| r.permissions().is_empty()) {
        let mut errors = FieldErrors::new();
        errors.add("hasAccessToNewOutbound", NO_PERMISSIONS_FOR_OUTBOUND);
        return Err(AppError::Validation(errors));
    }
    require_terms(&form.acceptTerms)?;
    let mut settings = user_admin::settings(&state.db, user_id).await?.ok_or(AppError::NotFound)?;
    if settings.has_new_outbound {
        return Ok(Json(Done { success: true }));
    }
    settings.has_new_outbound = true;
    let row = target.main_row(customer.get());
    let mut tx = crate::db::begin_write(&state.db).await?;
    user_admin::update_settings(&mut tx, &settings).await?;
    if form.form_include_outbound_permission == "1" && row.customer_id == customer.get() {
        let mut held = row.permissions();
        if !held.contains(&Permission::Outbound) {
            held.push(Permission::Outbound);
        }
        user_admin::put_access(&mut tx, user_id, customer, row.auth_code as u8, &row.provisioning, &held).await?;
    }
    let now = state.clock.now();
    outbound::add_user_to_service(&mut tx, customer, &service, user_id, editor.id(), now).await?;
    outbound::record_terms(&mut tx, customer, OUTBOUND_USER, editor.id(), now).await?;
    tx.commit().await?;
    Ok(Json(Done { success: true }))
}

/// What an outbound user's terms acceptance is recorded as.
pub(super) const OUTBOUND_USER: &str = "outbound_user";

/// A purchase on the customer's bill needs the terms ticked (`acceptTerms=1`), as the dialog asks.
pub(super) fn require_terms(accept_terms: &str) -> Result<(), AppError> {
    match terms_problem(accept_terms == bounds::TICKED) {
        None => Ok(()),
        Some(message) => {
            let mut errors = FieldErrors::new();
            errors.add("acceptTerms", message);
            Err(AppError::Validation(errors))
        }
    }
}

/// The outbound campaigns of the account, with its report-email options.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OutboundCampaigns {
    /// Always 1.
    status: u8,
    campaigns: Vec<OutboundCampaignOption>,
    outbound_daily_enabled: bool,
    outbound_weekly_enabled: bool,
    outbound_monthly_enabled: bool,
    user: CampaignsUser,
}

#[derive(Serialize, ToSchema)]
struct OutboundCampaignOption {
    name: String,
    /// The campaign's id.
    val: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CampaignsUser {
    customer_settings: CampaignsCustomer,
}

#[derive(Serialize, ToSchema)]
struct CampaignsCustomer {
    name: String,
    /// The customer's id.
    unique: String,
}

#[utoipa::path(get, path = "/outboundcampaigns/getAll", tag = "users",
    responses((status = 200, body = OutboundCampaigns)))]
async fn campaigns(State(state): State<AppState>, editor: Editor) -> Result<Json<OutboundCampaigns>, AppError> {
    editor.require_editing()?;
    editor.require_outbound()?;
    let customer = editor.customer();
    let campaigns = outbound::campaigns(&state.db, customer)
        .await?
        .into_iter()
        .map(|(id, name)| OutboundCampaignOption { name, val: id.to_string() })
        .collect();
    let (daily, weekly, monthly) = outbound::report_options(&state.db, customer).await?;
    Ok(Json(OutboundCampaigns {
        status: 1,
        campaigns,
        outbound_daily_enabled: daily,
        outbound_weekly_enabled: weekly,
        outbound_monthly_enabled: monthly,
        user: CampaignsUser {
            customer_settings: CampaignsCustomer {
                name: editor.account.customer_name.clone(),
                unique: customer.to_string(),
            },
        },
    }))
}

/// outboundcampaigns/getAll/, as the browser calls it.
#[utoipa::path(get, path = "/outboundcampaigns/getAll/", tag = "users",
    responses((status = 200, body = OutboundCampaigns)))]
async fn campaigns_slash(state: State<AppState>, editor: Editor) -> Result<Json<OutboundCampaigns>, AppError> {
    campaigns(state, editor).await
}

#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted name, which the 422 body's errors are keyed by
struct AddCampaignRequest {
    /// The domain's rules (`validate_campaign_name`) decide; this only bounds it first.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<{ domain::users::CAMPAIGN_NAME_MAX }, TEXT_MAX>)]
    outboundCampaignName: String,
}

#[derive(Serialize, ToSchema)]
struct CampaignAdded {
    campaign: AddedCampaign,
}

#[derive(Serialize, ToSchema)]
struct AddedCampaign {
    name: String,
    /// The new campaign's id.
    value: String,
}

/// Adds a campaign, from the user form (a user editor) or the Campaigns page (its editors):
/// the name's rules and unique in the account (422 `NAME_NOT_UNIQUE`).
#[utoipa::path(post, path = "/outboundcampaigns/addCampaign", tag = "users",
    request_body(content((AddCampaignRequest = "multipart/form-data"), (AddCampaignRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = CampaignAdded)))]
async fn add_campaign(
    State(state): State<AppState>,
    editor: Result<Editor, AppError>,
    user: AccountUser,
    Form { fields: form, .. }: Form<AddCampaignRequest>,
) -> Result<Json<CampaignAdded>, AppError> {
    let by_editor = editor.is_ok_and(|e| e.require_editing().is_ok() && e.require_outbound().is_ok());
    if !by_editor && !can_edit_outbound_campaigns(&user.account) {
        return Err(AppError::Forbidden);
    }
    let customer = user.customer();
    let name = form.outboundCampaignName.trim();
    check_campaign_name(&state, customer, 0, name).await?;
    let id = outbound::add_campaign(&state.db, customer, name).await?;
    Ok(Json(CampaignAdded { campaign: AddedCampaign { name: name.to_string(), value: id.to_string() } }))
}
