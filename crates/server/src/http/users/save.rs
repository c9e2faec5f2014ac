//! users/checkUniqueEmail and users/save: every rule of the user form checked again here,
//! plus authority, ownership and which permissions this editor may change.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::Json;
use domain::users::{
    assignable_auth_codes, default_permissions, may_change_access, merge_permissions, partner_permission_columns,
    permission_grid_columns, permissions_to_save, shows_outbound, validate_user_form, LevelOn, Permission, UserForm,
    UserFormContext, EMAIL_IN_USE,
};
use domain::FieldErrors;
use serde_json::{json, Value};

use super::details::partner_rights;
use super::editor::{Editor, Target};
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::security::{new_password_hash, random_token};
use crate::state::AppState;
use crate::store::user_admin::{self, UserSettings};
use crate::store::{customers, outbound, sessions};

fn same(a: &[Permission], b: &[Permission]) -> bool {
    a.len() == b.len() && a.iter().all(|p| b.contains(p))
}

fn email_in_use() -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("form_email", EMAIL_IN_USE);
    AppError::Validation(errors)
}

/// Answers only for users the editor can already list: another customer's users are not
/// theirs to probe for.
pub(super) async fn check_unique_email(
    State(state): State<AppState>,
    editor: Editor,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    let except: i64 = form.text("userId").parse().unwrap_or(0);
    if user_admin::email_taken_among_listed(&state.db, editor.id(), form.text("form_email"), except).await? {
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

/// The user form as submitted, or, when the user's identity is not the editor's, with the
/// identity fields as stored (whatever the browser sent for them).
fn user_form_of(form: &FormData, stored: &UserSettings, identity: bool) -> UserForm {
    let flag = |on: bool| if on { "1" } else { "0" }.to_string();
    if identity {
        UserForm {
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
            call_recording: flag(form.text("form_recordings") == "1"),
            outbound_number: form.text("form_user_outbound_number").to_string(),
        }
    } else {
        UserForm {
            first_name: stored.forename.clone(),
            last_name: stored.surname.clone(),
            email: stored.email.clone(),
            auth_code: form.text("form_auth_code").to_string(),
            customer: stored.home_customer_id.to_string(),
            has_access_to_new_outbound: Some(stored.has_new_outbound),
            call_recording: flag(stored.call_rec_flag),
            outbound_number: stored.outbound_number.clone(),
        }
    }
}

/// A change to who the user is (names, email, home customer) sent for a user whose identity is
/// not the editor's: refused outright, never half-saved. Absent fields change nothing.
fn rewrites_identity(form: &FormData, stored: &UserSettings) -> bool {
    let differs =
        |field: &str, stored: &str| form.get(field).is_some_and(|v| !v.trim().is_empty() && v.trim() != stored);
    differs("form_first_name", &stored.forename)
        || differs("form_last_name", &stored.surname)
        || differs("form_email", &stored.email)
        || differs("form_customer", &stored.home_customer_id.to_string())
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
    // Email, names, home customer and the user-level settings change only when every customer
    // the user reaches is the editor's; otherwise only access to the editor's customers does.
    let identity = target.as_ref().is_none_or(Target::identity_editable);
    if !identity && rewrites_identity(&form, &stored) {
        return Err(AppError::Forbidden);
    }
    let editing_self = id == editor.id();
    let grid_rows = submitted_rows(&form)?;
    let partner_submitted = submitted_partner_permissions(&form)?;
    let managed: Vec<LevelOn> = match &target {
        Some(t) => t.managed.clone(),
        None => user_admin::managed_levels(&state.db, editor.id()).await?,
    };
    let managed_ids: Vec<i64> = managed.iter().map(|m| m.customer_id).collect();
    if grid_rows.keys().any(|c| !managed_ids.contains(c)) {
        return Err(AppError::NotFound);
    }

    let include_outbound = form.text("form_include_outbound_permission") == "1";
    // Outbound settings are the user's everywhere and shown only on some accounts.
    let outbound_here = identity && shows_outbound(acc);
    let enabling_outbound = outbound_here && form.text("hasAccessToNewOutbound") == "1" && !stored.has_new_outbound;
    let customer_flags = customers::flags(&state.db, acc.customer_id).await?;
    let editor_settings = user_admin::settings(&state.db, editor.id()).await?.ok_or(AppError::Forbidden)?;
    let user_form = user_form_of(&form, &stored, identity);
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
        identity_read_only: !identity,
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
    if identity && !managed_ids.contains(&home) {
        let mut errors = FieldErrors::new();
        errors.add("form_customer", "Customer is required.");
        return Err(AppError::Validation(errors));
    }
    if identity && user_admin::email_taken(&state.db, &user_form.email, id).await? {
        return Err(email_in_use());
    }
    let provisioning = if form.text("form_provisioning") == "2" { "2" } else { "0" };
    let settings = if identity && !outbound_here {
        UserSettings {
            forename: user_form.first_name.trim().to_string(),
            surname: user_form.last_name.trim().to_string(),
            email: user_form.email.trim().to_string(),
            home_customer_id: home,
            call_rec_flag: user_form.call_recording == "1",
            ..stored.clone()
        }
    } else if identity {
        let (daily, weekly, monthly) = outbound::report_options(&state.db, acc.customer_id).await?;
        let campaign = match form.text("form_outbound_campaign").trim().parse::<i64>() {
            Ok(c) if outbound::campaign_belongs(&state.db, acc.customer_id, c).await? => Some(c),
            Ok(_) => return Err(AppError::NotFound),
            Err(_) => None,
        };
        UserSettings {
            id,
            forename: user_form.first_name.trim().to_string(),
            surname: user_form.last_name.trim().to_string(),
            email: user_form.email.trim().to_string(),
            home_customer_id: home,
            call_rec_flag: user_form.call_recording == "1",
            // Turning outbound off is not self-service: only on is taken from the form.
            has_new_outbound: stored.has_new_outbound || (enabling_outbound && include_outbound),
            outbound_campaign_id: campaign,
            outbound_number: user_form.outbound_number.trim().to_string(),
            cli_restricted: form.text("form_customer_restrict_cli") == "1",
            new_outbound_auto_dial: form.text("form_new_outbound_auto_dial") == "1",
            outbound_email_daily: daily && form.text("form_email_daily") == "1",
            outbound_email_weekly: weekly && form.text("form_email_weekly") == "1",
            outbound_email_monthly: monthly && form.text("form_email_monthly") == "1",
        }
    } else {
        stored.clone()
    };
    let service = if enabling_outbound && include_outbound {
        super::outbound::require_terms(&form)?;
        Some(outbound::service_for(&state.db, acc.customer_id).await?.ok_or(AppError::Forbidden)?)
    } else {
        None
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
        user_admin::insert_user(&mut tx, &settings, &new_password_hash(&random_token()).await, now).await?
    } else {
        id
    };
    if identity {
        user_admin::update_settings(&mut tx, &UserSettings { id: user_id, ..settings.clone() }).await?;
    }
    for customer_id in &managed_ids {
        let row = target.as_ref().and_then(|t| t.rows.iter().find(|r| r.customer_id == *customer_id));
        let before: Vec<Permission> = row.map(|r| r.permissions()).unwrap_or_else(|| {
            if id == 0 && *customer_id == home {
                default_permissions(auth_code)
            } else {
                vec![]
            }
        });
        let submitted = grid_rows.get(customer_id).cloned().unwrap_or_else(|| before.clone());
        let mut held = merge_permissions(&before, &submitted, &grid_editable);
        if *customer_id == acc.customer_id && acc.is_partner {
            let partner_held = merge_permissions(&before, &partner_submitted, &partner_editable);
            held = permissions_to_save(&held, &partner_held, true);
        }
        if service.is_some() && *customer_id == acc.customer_id && !held.contains(&Permission::Outbound) {
            held.push(Permission::Outbound);
        }
        let level = match (editing_self, row) {
            (true, Some(r)) => r.auth_code as u8,
            _ => auth_code,
        };
        let keeps_home = *customer_id == settings.home_customer_id;
        let new_level = (!held.is_empty() || keeps_home).then_some(level);
        let unchanged = match row {
            Some(r) => {
                new_level == Some(r.auth_code as u8) && same(&held, &r.permissions()) && r.provisioning == provisioning
            }
            None => new_level.is_none(),
        };
        if unchanged {
            continue;
        }
        // Each customer by the editor's own level there, not the current account's.
        let current = target.as_ref().and_then(|t| t.level_on(*customer_id));
        if !may_change_access(&managed, *customer_id, current, new_level) {
            return Err(AppError::Forbidden);
        }
        match new_level {
            Some(level) => user_admin::put_access(&mut tx, user_id, *customer_id, level, provisioning, &held).await?,
            None => {
                user_admin::remove_access(&mut tx, user_id, *customer_id).await?;
                sessions::end_on_customer(&mut tx, user_id, *customer_id).await?;
            }
        }
    }
    if !identity {
        user_admin::rehome_if_needed(&mut tx, user_id).await?;
    }
    if let Some(service) = &service {
        outbound::add_user_to_service(&mut tx, acc.customer_id, service, now).await?;
        outbound::record_terms(&mut tx, acc.customer_id, super::outbound::OUTBOUND_USER, editor.id(), now).await?;
    }
    tx.commit().await?;
    if id == 0 {
        super::actions::send_password_email(&state, user_id, true).await?;
    }
    tracing::info!(editor = editor.id(), user = user_id, "user saved");
    Ok(Json(json!({ "success": true, "id": user_id })))
}
