//! users/getOutboundService, users/setOutboundService and outboundcampaigns/*.

use axum::extract::State;
use axum::Json;
use domain::users::{terms_problem, validate_campaign_name, Permission, NO_PERMISSIONS_FOR_OUTBOUND};
use domain::FieldErrors;
use serde_json::{json, Value};

use super::editor::{Editor, Target};
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::{outbound, user_admin};

pub(super) async fn outbound_service(State(state): State<AppState>, editor: Editor) -> Result<Json<Value>, AppError> {
    editor.require_editing()?;
    editor.require_outbound()?;
    let Some(service) = outbound::service_for(&state.db, editor.account.customer_id).await? else {
        return Ok(Json(json!({ "status": 0 })));
    };
    Ok(Json(json!({
        "status": 1,
        "data": {
            "serviceId": service.service_id,
            "price": service.price_pence as f64 / 100.0,
            "billingFrequency": service.billing_frequency,
            "minimumTerm": service.minimum_term,
            "productCode": service.product_code,
            "existingCustomerService": service.existing_customer_service,
            "serviceType": service.service_type,
        }
    })))
}

/// Gives an existing user outbound: one more outbound user on the bill, at the server's price.
pub(super) async fn set_outbound_service(
    State(state): State<AppState>,
    editor: Editor,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    editor.require_editing()?;
    editor.require_outbound()?;
    let customer = editor.account.customer_id;
    let user_id: i64 =
        form.text("userId").parse().map_err(|_| AppError::BadRequest("userId must be a user id".into()))?;
    let target = Target::load(&state, &editor, user_id).await?;
    target.require_manageable(&editor)?;
    // Outbound is a setting of the user everywhere, so it is the whole identity's to change.
    target.require_identity()?;
    let service = outbound::service_for(&state.db, customer).await?.ok_or(AppError::Forbidden)?;
    if form.text("serviceId") != service.service_id.to_string() {
        return Err(AppError::BadRequest("serviceId is not the outbound service on offer".into()));
    }
    if target.rows.iter().all(|r| r.permissions().is_empty()) {
        let mut errors = FieldErrors::new();
        errors.add("hasAccessToNewOutbound", NO_PERMISSIONS_FOR_OUTBOUND);
        return Err(AppError::Validation(errors));
    }
    require_terms(&form)?;
    let mut settings = user_admin::settings(&state.db, user_id).await?.ok_or(AppError::NotFound)?;
    if settings.has_new_outbound {
        return Ok(Json(json!({ "success": true })));
    }
    settings.has_new_outbound = true;
    let row = target.main_row(customer);
    let mut tx = state.db.begin().await?;
    user_admin::update_settings(&mut tx, &settings).await?;
    if form.text("form_include_outbound_permission") == "1" && row.customer_id == customer {
        let mut held = row.permissions();
        if !held.contains(&Permission::Outbound) {
            held.push(Permission::Outbound);
        }
        user_admin::put_access(&mut tx, user_id, customer, row.auth_code as u8, &row.provisioning, &held).await?;
    }
    let now = state.clock.now();
    outbound::add_user_to_service(&mut tx, customer, &service, now).await?;
    outbound::record_terms(&mut tx, customer, OUTBOUND_USER, editor.id(), now).await?;
    tx.commit().await?;
    Ok(Json(json!({ "success": true })))
}

/// What an outbound user's terms acceptance is recorded as.
pub(super) const OUTBOUND_USER: &str = "outbound_user";

/// A purchase on the customer's bill needs the terms ticked (`acceptTerms=1`), as the dialog asks.
pub(super) fn require_terms(form: &FormData) -> Result<(), AppError> {
    match terms_problem(form.text("acceptTerms") == "1") {
        None => Ok(()),
        Some(message) => {
            let mut errors = FieldErrors::new();
            errors.add("acceptTerms", message);
            Err(AppError::Validation(errors))
        }
    }
}

pub(super) async fn campaigns(State(state): State<AppState>, editor: Editor) -> Result<Json<Value>, AppError> {
    editor.require_editing()?;
    editor.require_outbound()?;
    let customer = editor.account.customer_id;
    let campaigns: Vec<Value> = outbound::campaigns(&state.db, customer)
        .await?
        .into_iter()
        .map(|(id, name)| json!({ "name": name, "val": id.to_string() }))
        .collect();
    let (daily, weekly, monthly) = outbound::report_options(&state.db, customer).await?;
    Ok(Json(json!({
        "status": 1,
        "campaigns": campaigns,
        "outboundDailyEnabled": daily,
        "outboundWeeklyEnabled": weekly,
        "outboundMonthlyEnabled": monthly,
        "user": { "customerSettings": { "name": editor.account.customer_name, "unique": customer.to_string() } },
    })))
}

pub(super) async fn add_campaign(
    State(state): State<AppState>,
    editor: Editor,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    editor.require_editing()?;
    editor.require_outbound()?;
    let name = form.text("outboundCampaignName").trim();
    validate_campaign_name(name).map_err(AppError::Validation)?;
    let id = outbound::add_campaign(&state.db, editor.account.customer_id, name).await?;
    Ok(Json(json!({ "campaign": { "name": name, "value": id.to_string() } })))
}
