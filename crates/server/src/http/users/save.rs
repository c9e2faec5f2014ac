//! users/checkUniqueEmail and users/save: every rule of the user form checked again here,
//! plus authority, ownership and which permissions this editor may change.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::Json;
use domain::users::{
    assignable_auth_codes, default_permissions, merge_permissions, partner_permission_columns, permission_grid_columns,
    permissions_to_save, validate_user_form, Permission, UserForm, UserFormContext, EMAIL_IN_USE,
};
use domain::FieldErrors;
use serde_json::{json, Value};

use super::details::partner_rights;
use super::editor::{Editor, Target};
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::security::{hash_password, random_token};
use crate::state::AppState;
use crate::store::user_admin::{self, UserSettings};
use crate::store::{customers, outbound};

fn email_in_use() -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("form_email", EMAIL_IN_USE);
    AppError::Validation(errors)
}

pub(super) async fn check_unique_email(
    State(state): State<AppState>,
    _editor: Editor,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    let except: i64 = form.text("userId").parse().unwrap_or(0);
    if user_admin::email_taken(&state.db, form.text("form_email"), except).await? {
        return Err(email_in_use());
    }
    Ok(Json(json!({ "success": true })))
}

/// One row of form_permission: a customer id and the flags the browser ticked.
fn submitted_rows(form: &FormData) -> Result<HashMap<i64, Vec<Permission>>, AppError> {
    let raw = form.get("form_permission").unwrap_or("[]");
    let rows: Vec<serde_json::Map<String, Value>> =
        serde_json::from_str(raw).map_err(|_| AppError::BadRequest("form_permission must be a JSON list".into()))?;
    let mut out = HashMap::new();
    for row in rows {
        let id = row.get("customerId").and_then(|v| v.as_i64().or_else(|| v.as_str()?.parse().ok()));
        let id = id.ok_or_else(|| AppError::BadRequest("each form_permission row needs a customerId".into()))?;
        let ticked = row
            .iter()
            .filter(|(_, v)| v.as_bool() == Some(true))
            .filter_map(|(k, _)| Permission::from_key(k))
            .collect();
        out.insert(id, ticked);
    }
    Ok(out)
}

fn submitted_partner_permissions(form: &FormData) -> Result<Vec<Permission>, AppError> {
    let raw = form.get("form_user_permissions").unwrap_or("[]");
    let keys: Vec<String> = serde_json::from_str(raw)
        .map_err(|_| AppError::BadRequest("form_user_permissions must be a JSON list".into()))?;
    Ok(keys.iter().filter_map(|k| Permission::from_key(k)).collect())
}

pub(super) async fn save_user(
    State(state): State<AppState>,
    editor: Editor,
    Path(id): Path<i64>,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    editor.require_editing()?;
    let acc = &editor.account;
    let now = state.clock.now();
    let target = if id > 0 {
        let target = Target::load(&state, &editor, id).await?;
        target.require_manageable(&editor)?;
        Some(target)
    } else {
        None
    };
    let stored = match id {
        0 => UserSettings::default(),
        _ => user_admin::settings(&state.db, id).await?.ok_or(AppError::NotFound)?,
    };
    let editing_self = id == editor.id();
    let grid_rows = submitted_rows(&form)?;
    let partner_submitted = submitted_partner_permissions(&form)?;
    let administered: HashMap<i64, String> =
        user_admin::administered_customers(&state.db, editor.id()).await?.into_iter().collect();
    if grid_rows.keys().any(|c| !administered.contains_key(c)) {
        return Err(AppError::NotFound);
    }

    let wants_outbound = form.text("hasAccessToNewOutbound") == "1";
    let include_outbound = form.text("form_include_outbound_permission") == "1";
    let enabling_outbound = wants_outbound && !stored.has_new_outbound;
    let customer_flags = customers::flags(&state.db, acc.customer_id).await?;
    let editor_settings = user_admin::settings(&state.db, editor.id()).await?.ok_or(AppError::Forbidden)?;
    let user_form = UserForm {
        first_name: form.text("form_first_name").to_string(),
        last_name: form.text("form_last_name").to_string(),
        email: form.text("form_email").to_string(),
        auth_code: form.text("form_auth_code").to_string(),
        customer: form.text("form_customer").to_string(),
        has_access_to_new_outbound: match form.text("hasAccessToNewOutbound") {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        },
        call_recording: if form.text("form_recordings") == "1" { "1" } else { "0" }.to_string(),
        outbound_number: form.text("form_user_outbound_number").to_string(),
    };
    let any_permission = grid_rows.values().any(|p| !p.is_empty())
        || target.as_ref().is_some_and(|t| t.rows.iter().any(|r| !r.permissions().is_empty()));
    let context = UserFormContext {
        account_has_auth_code: customer_flags.has_auth_codes,
        loaded_call_recording: if stored.call_rec_flag { "1" } else { "0" }.to_string(),
        account_has_inbound_recording: customer_flags.has_inbound_recording,
        editor_can_access_recordings: editor_settings.call_rec_flag,
        existing_user: id > 0,
        enabling_outbound,
        has_permissions: any_permission,
    };
    validate_user_form(&user_form, &context).map_err(AppError::Validation)?;

    let auth_code: u8 = if editing_self {
        editor.level()
    } else if customer_flags.has_auth_codes {
        let code: u8 = user_form.auth_code.trim().parse().unwrap_or(0);
        if !assignable_auth_codes(editor.level()).contains(&code) {
            return Err(AppError::Forbidden);
        }
        code
    } else {
        domain::AuthLevel::USER
    };
    let home: i64 = user_form.customer.trim().parse().unwrap_or(0);
    if !administered.contains_key(&home) {
        let mut errors = FieldErrors::new();
        errors.add("form_customer", "Customer is required.");
        return Err(AppError::Validation(errors));
    }
    if user_admin::email_taken(&state.db, &user_form.email, id).await? {
        return Err(email_in_use());
    }
    let provisioning = if form.text("form_provisioning") == "2" { "2" } else { "0" };
    let (daily, weekly, monthly) = outbound::report_options(&state.db, acc.customer_id).await?;
    let campaign = match form.text("form_outbound_campaign").trim().parse::<i64>() {
        Ok(c) if outbound::campaign_belongs(&state.db, acc.customer_id, c).await? => Some(c),
        Ok(_) => return Err(AppError::NotFound),
        Err(_) => None,
    };
    let service = if enabling_outbound && include_outbound {
        Some(outbound::service_for(&state.db, acc.customer_id).await?.ok_or(AppError::Forbidden)?)
    } else {
        None
    };
    let settings = UserSettings {
        id,
        forename: user_form.first_name.trim().to_string(),
        surname: user_form.last_name.trim().to_string(),
        email: user_form.email.trim().to_string(),
        home_customer_id: home,
        call_rec_flag: user_form.call_recording == "1",
        // Turning outbound off is not self-service: only on is taken from the form.
        has_new_outbound: stored.has_new_outbound || service.is_some(),
        outbound_campaign_id: campaign,
        outbound_number: user_form.outbound_number.trim().to_string(),
        cli_restricted: form.text("form_customer_restrict_cli") == "1",
        new_outbound_auto_dial: form.text("form_new_outbound_auto_dial") == "1",
        outbound_email_daily: daily && form.text("form_email_daily") == "1",
        outbound_email_weekly: weekly && form.text("form_email_weekly") == "1",
        outbound_email_monthly: monthly && form.text("form_email_monthly") == "1",
    };

    let grid_columns = permission_grid_columns(&editor.grid_rights(id));
    let grid_editable: Vec<Permission> = grid_columns.iter().filter(|c| c.editable).map(|c| c.permission).collect();
    let partner_editable: Vec<Permission> = if acc.is_partner {
        partner_permission_columns(&partner_rights(&editor, id))
            .iter()
            .filter(|c| c.editable)
            .map(|c| c.permission)
            .collect()
    } else {
        vec![]
    };

    let mut tx = state.db.begin().await?;
    let user_id = if id == 0 {
        // Nobody knows this password: the new user sets their own through the emailed link.
        user_admin::insert_user(&mut tx, &settings, &hash_password(&random_token()), now).await?
    } else {
        id
    };
    user_admin::update_settings(&mut tx, &UserSettings { id: user_id, ..settings.clone() }).await?;
    for customer_id in administered.keys() {
        let before: Vec<Permission> = target
            .as_ref()
            .and_then(|t| t.rows.iter().find(|r| r.customer_id == *customer_id))
            .map(|r| r.permissions())
            .unwrap_or_else(|| if id == 0 && *customer_id == home { default_permissions(auth_code) } else { vec![] });
        let submitted = grid_rows.get(customer_id).cloned().unwrap_or_else(|| before.clone());
        let mut held = merge_permissions(&before, &submitted, &grid_editable);
        if *customer_id == acc.customer_id && acc.is_partner {
            let partner_held = merge_permissions(&before, &partner_submitted, &partner_editable);
            held = permissions_to_save(&held, &partner_held, true);
        }
        if service.is_some() && *customer_id == acc.customer_id && !held.contains(&Permission::Outbound) {
            held.push(Permission::Outbound);
        }
        let had_access = target.as_ref().is_some_and(|t| t.rows.iter().any(|r| r.customer_id == *customer_id));
        if held.is_empty() && *customer_id != home {
            if had_access {
                user_admin::remove_access(&mut tx, user_id, *customer_id).await?;
            }
            continue;
        }
        let level = if editing_self {
            target.as_ref().map(|t| t.main_row(*customer_id).auth_code as u8).unwrap_or(auth_code)
        } else {
            auth_code
        };
        user_admin::put_access(&mut tx, user_id, *customer_id, level, provisioning, &held).await?;
    }
    if let Some(service) = &service {
        outbound::add_user_to_service(&mut tx, acc.customer_id, service, now).await?;
    }
    tx.commit().await?;
    if id == 0 {
        super::actions::send_password_email(&state, user_id, true).await?;
    }
    tracing::info!(editor = editor.id(), user = user_id, "user saved");
    Ok(Json(json!({ "success": true, "id": user_id })))
}
