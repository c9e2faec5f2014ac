//! users/getUserDetails, getUserPermissions and getPartnerUserPermissions.

use crate::store::CustomerId;
use std::collections::BTreeMap;

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::users::{
    assignable_auth_codes, authority_label, default_permissions, partner_permission_columns, permission_grid_columns,
};
use domain::users::{shows_outbound, GridColumn, PartnerRights, Permission};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::editor::{Editor, Target};
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::user_admin::{self, UserAccessRow};
use crate::store::{customers, outbound};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(user_details))
        .routes(routes!(user_permissions))
        .routes(routes!(partner_user_permissions))
}

/// The user form's object: the user (blank for id 0) and what the form needs to know.
#[derive(Serialize, ToSchema)]
struct UserDetails {
    user: UserFields,
    context: UserEditContext,
}

/// The user's values as the form shows them (flags as "1" or "0").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UserFields {
    /// 0 for a new user.
    id: i64,
    forename: String,
    surname: String,
    /// The login name: the email.
    name: String,
    email: String,
    /// "10", "20" or "25".
    user_auth_code: String,
    /// "0" or "2".
    prov_auth_code: String,
    /// The home customer's id, "" when it is not one of the editor's.
    #[serde(rename = "customerID")]
    customer_id: String,
    call_rec_flag: &'static str,
    has_access_to_new_outbound: bool,
    has_outbound_access: bool,
    /// "" for none.
    outbound_campaign_id: String,
    outbound_number: String,
    cli_restricted: &'static str,
    new_outbound_auto_dial: &'static str,
    outbound_daily: UserReportEmail,
    outbound_weekly: UserReportEmail,
    outbound_monthly: UserReportEmail,
    /// Call summary e-mails: offered when the user has the reports permission on their home
    /// customer (a new user: always; the save keeps them only with it).
    summary_daily: UserReportEmail,
    summary_weekly: UserReportEmail,
    summary_monthly: UserReportEmail,
}

/// A report email: offered (on the account, or to the user), and chosen for the user.
#[derive(Serialize, ToSchema)]
struct UserReportEmail {
    enabled: bool,
    checked: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UserEditContext {
    /// The customers the editor administers.
    customers: Vec<UserCustomerChoice>,
    /// The levels the editor may give.
    auth_codes: Vec<AuthCodeChoice>,
    account_has_auth_code: bool,
    account_has_inbound_recording: bool,
    editor_can_access_recordings: bool,
    is_partner: bool,
    is_group_account: bool,
    is_tech_partner_reports_login: bool,
    is_self: bool,
    editor_auth_code: u8,
    identity_editable: bool,
    /// The outbound section shows (domain `shows_outbound`).
    shows_outbound: bool,
    has_other_accounts: bool,
}

#[derive(Serialize, ToSchema)]
struct UserCustomerChoice {
    id: i64,
    name: String,
}

#[derive(Serialize, ToSchema)]
struct AuthCodeChoice {
    value: u8,
    label: &'static str,
}

#[utoipa::path(get, path = "/users/getUserDetails/{id}", tag = "users",
    params(("id" = i64, Path, minimum = 0, description = "The user; 0 for a new user's blank form.")),
    responses((status = 200, body = UserDetails)))]
async fn user_details(
    State(state): State<AppState>,
    editor: Editor,
    Path(id): Path<i64>,
) -> Result<Json<UserDetails>, AppError> {
    editor.require_editing()?;
    let acc = &editor.account;
    let customer = customers::flags(&state.db, CustomerId::new(acc.customer_id)).await?;
    let (daily, weekly, monthly) = outbound::report_options(&state.db, CustomerId::new(acc.customer_id)).await?;
    let editor_settings = user_admin::settings(&state.db, editor.id()).await?.ok_or(AppError::Forbidden)?;
    let option = |enabled: bool, checked: bool| UserReportEmail { enabled, checked };
    let (user, identity_editable, has_other_accounts) = if id == 0 {
        let user = UserFields {
            id: 0,
            forename: String::new(),
            surname: String::new(),
            name: String::new(),
            email: String::new(),
            user_auth_code: "10".into(),
            prov_auth_code: "0".into(),
            customer_id: acc.customer_id.to_string(),
            call_rec_flag: "0",
            has_access_to_new_outbound: false,
            has_outbound_access: acc.has_outbound,
            outbound_campaign_id: String::new(),
            outbound_number: String::new(),
            cli_restricted: "0",
            new_outbound_auto_dial: "0",
            outbound_daily: option(daily, false),
            outbound_weekly: option(weekly, false),
            outbound_monthly: option(monthly, false),
            summary_daily: option(true, false),
            summary_weekly: option(true, false),
            summary_monthly: option(true, false),
        };
        (user, true, false)
    } else {
        let target = Target::load(&state, &editor, id).await?;
        target.require_manageable(&editor)?;
        let row = target.main_row(acc.customer_id);
        let s = user_admin::settings(&state.db, id).await?.ok_or(AppError::NotFound)?;
        let reports = user_admin::reports_on_home(&state.db, id).await?;
        // The home customer is named only when it is one of the editor's.
        let home = if target.managed.iter().any(|m| m.customer_id == s.home_customer_id) {
            s.home_customer_id.to_string()
        } else {
            String::new()
        };
        let user = UserFields {
            id,
            forename: s.forename,
            surname: s.surname,
            name: s.email.clone(),
            email: s.email,
            user_auth_code: row.auth_code.to_string(),
            prov_auth_code: row.provisioning.clone(),
            customer_id: home,
            call_rec_flag: flag(s.call_rec_flag),
            has_access_to_new_outbound: s.has_new_outbound,
            has_outbound_access: acc.has_outbound,
            outbound_campaign_id: s.outbound_campaign_id.map(|c| c.to_string()).unwrap_or_default(),
            outbound_number: s.outbound_number,
            cli_restricted: flag(s.cli_restricted),
            new_outbound_auto_dial: flag(s.new_outbound_auto_dial),
            outbound_daily: option(daily, s.outbound_email_daily),
            outbound_weekly: option(weekly, s.outbound_email_weekly),
            outbound_monthly: option(monthly, s.outbound_email_monthly),
            summary_daily: option(reports, s.summary_email_daily),
            summary_weekly: option(reports, s.summary_email_weekly),
            summary_monthly: option(reports, s.summary_email_monthly),
        };
        (user, target.identity_editable(), target.has_other_accounts())
    };
    let customers = user_admin::administered_customers(&state.db, editor.id())
        .await?
        .into_iter()
        .map(|(id, name)| UserCustomerChoice { id, name })
        .collect();
    let auth_codes = assignable_auth_codes(editor.level())
        .into_iter()
        .map(|code| AuthCodeChoice { value: code, label: authority_label(code) })
        .collect();
    Ok(Json(UserDetails {
        user,
        context: UserEditContext {
            customers,
            auth_codes,
            account_has_auth_code: customer.has_auth_codes,
            account_has_inbound_recording: customer.has_inbound_recording,
            editor_can_access_recordings: editor_settings.call_rec_flag,
            is_partner: acc.is_partner,
            is_group_account: acc.is_group_account,
            is_tech_partner_reports_login: acc.tech_partner_reports_login,
            is_self: id == editor.id(),
            editor_auth_code: editor.level(),
            identity_editable,
            shows_outbound: shows_outbound(acc),
            has_other_accounts,
        },
    }))
}

fn flag(on: bool) -> &'static str {
    if on {
        "1"
    } else {
        "0"
    }
}

/// A row of the permission grid: a customer and, for each column's permission key
/// (`PERM_REPORTS`...), whether the user holds it there.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)] // the grid's keys
struct UserPermissionRow {
    customerId: i64,
    CustomerName: String,
    HasCallAdvanceFeatures: bool,
    #[serde(flatten)]
    held: BTreeMap<&'static str, bool>,
}

fn grid_row(
    customer_id: i64,
    name: &str,
    advanced: bool,
    columns: &[GridColumn],
    held: &[Permission],
) -> UserPermissionRow {
    UserPermissionRow {
        customerId: customer_id,
        CustomerName: name.to_string(),
        HasCallAdvanceFeatures: advanced,
        held: columns.iter().map(|c| (c.permission.key(), held.contains(&c.permission))).collect(),
    }
}

/// The permission grid: its columns, a row per customer the editor administers, and whether
/// each row has every editable column ticked (by customer id).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UserPermissionGrid {
    columns: Vec<GridColumn>,
    permissions: Vec<UserPermissionRow>,
    select_all: BTreeMap<String, bool>,
}

/// The partner's permission grid: the partner account's row only.
#[derive(Serialize, ToSchema)]
struct PartnerUserPermissionGrid {
    columns: Vec<GridColumn>,
    permissions: Vec<UserPermissionRow>,
}

#[utoipa::path(get, path = "/users/getUserPermissions/{id}/{auth_code}/{update}", tag = "users",
    params(
        ("id" = i64, Path, minimum = 0, description = "The user; 0 for a new user."),
        ("auth_code" = inline(crate::http::contract::bounds::Byte), Path, description = "The level whose default permissions a new row gets."),
        ("update" = String, Path, description = "1: the user's stored permissions; otherwise the defaults."),
    ),
    responses((status = 200, body = UserPermissionGrid)))]
async fn user_permissions(
    State(state): State<AppState>,
    editor: Editor,
    Path((id, auth_code, update)): Path<(i64, u8, String)>,
) -> Result<Json<UserPermissionGrid>, AppError> {
    if id < 0 {
        return Err(AppError::NotFound); // no user has a negative id
    }
    editor.require_editing()?;
    let stored: Vec<UserAccessRow> = if id > 0 {
        let target = Target::load(&state, &editor, id).await?;
        target.require_manageable(&editor)?;
        target.rows
    } else {
        vec![]
    };
    let columns = permission_grid_columns(&editor.grid_rights(id));
    let mut rows = vec![];
    let mut select_all = BTreeMap::new();
    for (customer_id, name) in user_admin::administered_customers(&state.db, editor.id()).await? {
        let held = if id > 0 && update == "1" {
            stored.iter().find(|r| r.customer_id == customer_id).map(|r| r.permissions()).unwrap_or_default()
        } else if customer_id == editor.account.customer_id {
            default_permissions(auth_code)
        } else {
            vec![]
        };
        let advanced = customers::has_scope(&state.db, CustomerId::new(customer_id), "advanced_call_handling").await?;
        let editable: Vec<_> = columns.iter().filter(|c| c.editable).collect();
        let all = !editable.is_empty() && editable.iter().all(|c| held.contains(&c.permission));
        select_all.insert(customer_id.to_string(), all);
        rows.push(grid_row(customer_id, &name, advanced, &columns, &held));
    }
    Ok(Json(UserPermissionGrid { columns, permissions: rows, select_all }))
}

#[utoipa::path(get, path = "/users/getPartnerUserPermissions/{id}/{update}", tag = "users",
    params(
        ("id" = i64, Path, minimum = 0, description = "The user; 0 for a new user."),
        ("update" = String, Path, description = "1: the user's stored permissions; otherwise none."),
    ),
    responses((status = 200, body = PartnerUserPermissionGrid)))]
async fn partner_user_permissions(
    State(state): State<AppState>,
    editor: Editor,
    Path((id, update)): Path<(i64, String)>,
) -> Result<Json<PartnerUserPermissionGrid>, AppError> {
    if id < 0 {
        return Err(AppError::NotFound); // no user has a negative id
    }
    editor.require_editing()?;
    let acc = &editor.account;
    if !acc.is_partner {
        return Err(AppError::Forbidden);
    }
    let held = if id > 0 && update == "1" {
        let target = Target::load(&state, &editor, id).await?;
        target.require_manageable(&editor)?;
        target.rows.iter().find(|r| r.customer_id == acc.customer_id).map(|r| r.permissions()).unwrap_or_default()
    } else {
        vec![]
    };
    let columns = partner_permission_columns(&partner_rights(&editor, id));
    let row = grid_row(acc.customer_id, &acc.customer_name, false, &columns, &held);
    Ok(Json(PartnerUserPermissionGrid { columns, permissions: vec![row] }))
}

pub(super) fn partner_rights(editor: &Editor, target_id: i64) -> PartnerRights {
    let a = &editor.account;
    PartnerRights {
        can_access_partner_billing: a.can_access_partner_billing,
        is_user_admin: a.is_user_admin,
        can_access_partner_accounts: a.can_access_partner_accounts,
        can_add_partner_accounts: a.can_add_partner_accounts,
        can_access_partner_rewards: a.can_access_partner_rewards,
        editing_self: target_id == editor.id(),
    }
}
