//! users/checkUniqueEmail and users/save: every rule of the user form checked again here,
//! plus authority, ownership and which permissions this editor may change.

use crate::http::contract::bounds;
use crate::store::CustomerId;
use std::collections::HashMap;

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::caller_ids::may_present;
use domain::users::{
    assignable_auth_codes, default_permissions, may_change_access, merge_permissions, partner_permission_columns,
    permission_grid_columns, permissions_to_save, shows_outbound, validate_user_form, LevelOn, Permission, UserForm,
    UserFormContext, EMAIL_IN_USE,
};
use domain::FieldErrors;
use garde::Validate;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::details::partner_rights;
use super::editor::{Editor, Target};
use super::{save_bounds, TEXT_MAX};
use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::http::BODY_LIMIT;
use crate::security::{new_password_hash, random_token};
use crate::state::AppState;
use crate::store::user_admin::{self, UserSettings};
use crate::store::{caller_ids, customers, outbound, sessions};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(check_unique_email_slash))
        .routes(routes!(check_unique_email))
        .routes(routes!(save_user))
}

fn same(a: &[Permission], b: &[Permission]) -> bool {
    a.len() == b.len() && a.iter().all(|p| b.contains(p))
}

fn email_in_use() -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("form_email", EMAIL_IN_USE);
    AppError::Validation(errors)
}

/// The user form's email, checked before saving.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct CheckEmailRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_email: String,
    /// The user being edited, whose own email is not taken; 0 or empty for a new user.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(inner(range(min = 0)))]
    #[schema(schema_with = bounds::whole_in::<0, { i64::MAX }>)]
    userId: Option<i64>,
}

/// Answers only for users the editor can already list: another customer's users are not
/// theirs to probe for. A taken email is 422 with the form_email message.
#[utoipa::path(post, path = "/users/checkUniqueEmail", tag = "users",
    request_body(content((CheckEmailRequest = "multipart/form-data"), (CheckEmailRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn check_unique_email(
    State(state): State<AppState>,
    editor: Editor,
    Form { fields: form, .. }: Form<CheckEmailRequest>,
) -> Result<Json<Done>, AppError> {
    let except = form.userId.unwrap_or(0);
    if user_admin::email_taken_among_listed(&state.db, editor.id(), &form.form_email, except).await? {
        return Err(email_in_use());
    }
    Ok(Json(Done { success: true }))
}

/// users/checkUniqueEmail/, as the browser calls it.
#[utoipa::path(post, path = "/users/checkUniqueEmail/", tag = "users",
    request_body(content((CheckEmailRequest = "multipart/form-data"), (CheckEmailRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn check_unique_email_slash(
    state: State<AppState>,
    editor: Editor,
    form: Form<CheckEmailRequest>,
) -> Result<Json<Done>, AppError> {
    check_unique_email(state, editor, form).await
}

/// The user form (users/save/{id}). The domain's rules (`validate_user_form`) decide; these
/// bounds only stop absurd input first. Flags are "1" for on. The permission grids are JSON in
/// a field, read as before (`submitted_rows`, `submitted_partner_permissions`).
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct SaveUserRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = save_bounds::first_name)]
    form_first_name: String,
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = save_bounds::last_name)]
    form_last_name: String,
    /// Not another user's (EMAIL_IN_USE).
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = save_bounds::email)]
    form_email: String,
    /// "10", "20" or "25" (ignored when the account has no levels, and for oneself).
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_auth_code: String,
    /// "2": provisioning access; anything else none.
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_provisioning: String,
    /// The home customer's id.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = save_bounds::customer)]
    form_customer: String,
    /// Call recording: "1" or "0".
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_recordings: String,
    /// Outbound: "1" or "0" (needed when turning it on).
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(required = true, schema_with = save_bounds::outbound_access)]
    hasAccessToNewOutbound: String,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(inner(range(min = bounds::ID_MIN)))]
    #[schema(schema_with = bounds::id)]
    form_outbound_campaign: Option<i64>,
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = save_bounds::outbound_number)]
    form_user_outbound_number: String,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_customer_restrict_cli: String,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_new_outbound_auto_dial: String,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_email_daily: String,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_email_weekly: String,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_email_monthly: String,
    /// Call summary e-mails, "1" to receive them: kept only when the user has the reports
    /// permission on their home customer.
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_summary_daily: String,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_summary_weekly: String,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_summary_monthly: String,
    /// "1": a new outbound user is bought (with acceptTerms) and gets the outbound permission.
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_include_outbound_permission: String,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    acceptTerms: String,
    /// JSON: a list of grid rows, each `{ "customerId": 100, "PERM_REPORTS": true, ... }`.
    #[garde(inner(length(max = BODY_LIMIT)))]
    #[schema(schema_with = save_bounds::permission_rows)]
    form_permission: Option<String>,
    /// JSON: the partner grid's ticked permission keys, `["PERM_ACCOUNTS"]`.
    #[garde(inner(length(max = BODY_LIMIT)))]
    #[schema(schema_with = save_bounds::permission_keys)]
    form_user_permissions: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct UserSaved {
    success: bool,
    /// The user's id (new for id 0).
    id: i64,
}

/// One row of form_permission: a customer id and the flags the browser ticked.
fn submitted_rows(form: &SaveUserRequest) -> Result<HashMap<i64, Vec<Permission>>, AppError> {
    let raw = form.form_permission.as_deref().unwrap_or("[]");
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

fn submitted_partner_permissions(form: &SaveUserRequest) -> Result<Vec<Permission>, AppError> {
    let raw = form.form_user_permissions.as_deref().unwrap_or("[]");
    let keys: Vec<String> = serde_json::from_str(raw)
        .map_err(|_| AppError::BadRequest("form_user_permissions must be a JSON list".into()))?;
    Ok(keys.iter().filter_map(|k| Permission::from_key(k)).collect())
}

/// The user form as submitted, or, when the user's identity is not the editor's, with the
/// identity fields as stored (whatever the browser sent for them).
fn user_form_of(form: &SaveUserRequest, stored: &UserSettings, identity: bool) -> UserForm {
    let flag = |on: bool| if on { "1" } else { "0" }.to_string();
    if identity {
        UserForm {
            first_name: form.form_first_name.clone(),
            last_name: form.form_last_name.clone(),
            email: form.form_email.clone(),
            auth_code: form.form_auth_code.clone(),
            customer: form.form_customer.clone(),
            has_access_to_new_outbound: match form.hasAccessToNewOutbound.as_str() {
                "1" => Some(true),
                "0" => Some(false),
                _ => None,
            },
            call_recording: flag(form.form_recordings == "1"),
            outbound_number: domain::reports::typed_number(&form.form_user_outbound_number),
        }
    } else {
        UserForm {
            first_name: stored.forename.clone(),
            last_name: stored.surname.clone(),
            email: stored.email.clone(),
            auth_code: form.form_auth_code.clone(),
            customer: stored.home_customer_id.to_string(),
            has_access_to_new_outbound: Some(stored.has_new_outbound),
            call_recording: flag(stored.call_rec_flag),
            outbound_number: stored.outbound_number.clone(),
        }
    }
}

/// A change to who the user is (names, email, home customer) sent for a user whose identity is
/// not the editor's: refused outright, never half-saved. Absent fields change nothing.
fn rewrites_identity(form: &SaveUserRequest, stored: &UserSettings) -> bool {
    let differs = |posted: &str, stored: &str| !posted.trim().is_empty() && posted.trim() != stored;
    differs(&form.form_first_name, &stored.forename)
        || differs(&form.form_last_name, &stored.surname)
        || differs(&form.form_email, &stored.email)
        || differs(&form.form_customer, &stored.home_customer_id.to_string())
}

/// Creates (id 0) or saves a user: every rule of the form again, then authority, ownership and
/// which permissions this editor may change.
#[utoipa::path(post, path = "/users/save/{id}", tag = "users",
    params(("id" = i64, Path, minimum = 0, description = "The user; 0 creates one.")),
    request_body(content((SaveUserRequest = "multipart/form-data"), (SaveUserRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = UserSaved)))]
async fn save_user(
    State(state): State<AppState>,
    editor: Editor,
    Path(id): Path<i64>,
    Form { fields: form, .. }: Form<SaveUserRequest>,
) -> Result<Json<UserSaved>, AppError> {
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

    let include_outbound = form.form_include_outbound_permission == "1";
    // Outbound settings are the user's everywhere and shown only on some accounts.
    let outbound_here = identity && shows_outbound(acc);
    let enabling_outbound = outbound_here && form.hasAccessToNewOutbound == "1" && !stored.has_new_outbound;
    let customer_flags = customers::flags(&state.db, CustomerId::new(acc.customer_id)).await?;
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
    let provisioning = if form.form_provisioning == "2" { "2" } else { "0" };
    let settings = if identity && !outbound_here {
        UserSettings {
            forename: user_form.first_name.trim().to_string(),
            surname: user_form.last_name.trim().to_string(),
            email: user_form.email.trim().to_string(),
            home_customer_id: home,
            call_rec_flag: user_form.call_recording == "1",
            summary_email_daily: form.form_summary_daily == "1",
            summary_email_weekly: form.form_summary_weekly == "1",
            summary_email_monthly: form.form_summary_monthly == "1",
            ..stored.clone()
        }
    } else if identity {
        let (daily, weekly, monthly) = outbound::report_options(&state.db, CustomerId::new(acc.customer_id)).await?;
        let campaign = match form.form_outbound_campaign {
            Some(c) if outbound::campaign_belongs(&state.db, CustomerId::new(acc.customer_id), c).await? => Some(c),
            Some(_) => return Err(AppError::NotFound),
            None => None,
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
            cli_restricted: form.form_customer_restrict_cli == "1",
            new_outbound_auto_dial: form.form_new_outbound_auto_dial == "1",
            outbound_email_daily: daily && form.form_email_daily == "1",
            outbound_email_weekly: weekly && form.form_email_weekly == "1",
            outbound_email_monthly: monthly && form.form_email_monthly == "1",
            summary_email_daily: form.form_summary_daily == "1",
            summary_email_weekly: form.form_summary_weekly == "1",
            summary_email_monthly: form.form_summary_monthly == "1",
        }
    } else {
        stored.clone()
    };
    // A restricted agent presents only the account's tracked or verified caller ids (Manage CLI).
    if outbound_here
        && (settings.outbound_number != stored.outbound_number || settings.cli_restricted != stored.cli_restricted)
    {
        let allowed = caller_ids::allowed(&state.db, CustomerId::new(acc.customer_id)).await?;
        may_present(&settings.outbound_number, settings.cli_restricted, &allowed)
            .map_err(|message| AppError::field("form_user_outbound_number", message))?;
    }
    let service = if enabling_outbound && include_outbound {
        super::outbound::require_terms(&form.acceptTerms)?;
        Some(outbound::service_for(&state.db, CustomerId::new(acc.customer_id)).await?.ok_or(AppError::Forbidden)?)
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

    let mut tx = crate::db::begin_write(&state.db).await?;
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
            Some(level) => {
                user_admin::put_access(&mut tx, user_id, CustomerId::new(*customer_id), level, provisioning, &held)
                    .await?
            }
            None => {
                user_admin::remove_access(&mut tx, user_id, CustomerId::new(*customer_id)).await?;
                sessions::end_on_customer(&mut tx, user_id, CustomerId::new(*customer_id)).await?;
            }
        }
    }
    if !identity {
        user_admin::rehome_if_needed(&mut tx, user_id).await?;
    }
    // Summary e-mails are for users who may read the reports.
    user_admin::drop_summaries_without_reports(&mut tx, user_id).await?;
    if let Some(service) = &service {
        outbound::add_user_to_service(&mut tx, CustomerId::new(acc.customer_id), service, user_id, editor.id(), now)
            .await?;
        outbound::record_terms(
            &mut tx,
            CustomerId::new(acc.customer_id),
            super::outbound::OUTBOUND_USER,
            editor.id(),
            now,
        )
        .await?;
    }
    tx.commit().await?;
    if id == 0 {
        super::actions::send_password_email(&state, user_id, true).await?;
    }
    tracing::info!(editor = editor.id(), user = user_id, "user saved");
    Ok(Json(UserSaved { success: true, id: user_id }))
}
