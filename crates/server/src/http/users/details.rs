//! users/getUserDetails, getUserPermissions and getPartnerUserPermissions.

use axum::extract::{Path, State};
use axum::Json;
use domain::users::{
    assignable_auth_codes, authority_label, default_permissions, partner_permission_columns, permission_grid_columns,
};
use domain::users::{shows_outbound, GridColumn, PartnerRights, Permission};
use serde_json::{json, Map, Value};

use super::editor::{Editor, Target};
use crate::http::error::AppError;
use crate::state::AppState;
use crate::store::user_admin::{self, UserAccessRow};
use crate::store::{customers, outbound};

pub(super) async fn user_details(
    State(state): State<AppState>,
    editor: Editor,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    editor.require_editing()?;
    let acc = &editor.account;
    let customer = customers::flags(&state.db, acc.customer_id).await?;
    let (daily, weekly, monthly) = outbound::report_options(&state.db, acc.customer_id).await?;
    let editor_settings = user_admin::settings(&state.db, editor.id()).await?.ok_or(AppError::Forbidden)?;
    let (user, identity_editable, has_other_accounts) = if id == 0 {
        let user = json!({
            "id": 0, "forename": "", "surname": "", "name": "", "email": "",
            "userAuthCode": "10", "provAuthCode": "0", "customerID": acc.customer_id.to_string(), "callRecFlag": "0",
            "hasAccessToNewOutbound": false, "hasOutboundAccess": acc.has_outbound, "outboundCampaignId": "",
            "outboundNumber": "", "cliRestricted": "0", "newOutboundAutoDial": "0",
            "outboundDaily": { "enabled": daily, "checked": false },
            "outboundWeekly": { "enabled": weekly, "checked": false },
            "outboundMonthly": { "enabled": monthly, "checked": false },
        });
        (user, true, false)
    } else {
        let target = Target::load(&state, &editor, id).await?;
        target.require_manageable(&editor)?;
        let row = target.main_row(acc.customer_id);
        let s = user_admin::settings(&state.db, id).await?.ok_or(AppError::NotFound)?;
        // The home customer is named only when it is one of the editor's.
        let home = if target.managed.iter().any(|m| m.customer_id == s.home_customer_id) {
            s.home_customer_id.to_string()
        } else {
            String::new()
        };
        let user = json!({
            "id": id, "forename": s.forename, "surname": s.surname, "name": s.email, "email": s.email,
            "userAuthCode": row.auth_code.to_string(), "provAuthCode": row.provisioning,
            "customerID": home, "callRecFlag": flag(s.call_rec_flag),
            "hasAccessToNewOutbound": s.has_new_outbound, "hasOutboundAccess": acc.has_outbound,
            "outboundCampaignId": s.outbound_campaign_id.map(|c| c.to_string()).unwrap_or_default(),
            "outboundNumber": s.outbound_number, "cliRestricted": flag(s.cli_restricted),
            "newOutboundAutoDial": flag(s.new_outbound_auto_dial),
            "outboundDaily": { "enabled": daily, "checked": s.outbound_email_daily },
            "outboundWeekly": { "enabled": weekly, "checked": s.outbound_email_weekly },
            "outboundMonthly": { "enabled": monthly, "checked": s.outbound_email_monthly },
        });
        (user, target.identity_editable(), target.has_other_accounts())
    };
    let customers: Vec<Value> = user_admin::administered_customers(&state.db, editor.id())
        .await?
        .into_iter()
        .map(|(id, name)| json!({ "id": id, "name": name }))
        .collect();
    let auth_codes: Vec<Value> = assignable_auth_codes(editor.level())
        .into_iter()
        .map(|code| json!({ "value": code, "label": authority_label(code) }))
        .collect();
    Ok(Json(json!({
        "user": user,
        "context": {
            "customers": customers,
            "authCodes": auth_codes,
            "accountHasAuthCode": customer.has_auth_codes,
            "accountHasInboundRecording": customer.has_inbound_recording,
            "editorCanAccessRecordings": editor_settings.call_rec_flag,
            "isPartner": acc.is_partner,
            "isGroupAccount": acc.is_group_account,
            "isTechPartnerReportsLogin": acc.tech_partner_reports_login,
            "isSelf": id == editor.id(),
            "editorAuthCode": editor.level(),
            "identityEditable": identity_editable,
            "showsOutbound": shows_outbound(acc),
            "hasOtherAccounts": has_other_accounts,
        },
    })))
}

fn flag(on: bool) -> &'static str {
    if on {
        "1"
    } else {
        "0"
    }
}

fn grid_row(customer_id: i64, name: &str, advanced: bool, columns: &[GridColumn], held: &[Permission]) -> Value {
    let mut row = Map::new();
    row.insert("customerId".into(), json!(customer_id));
    row.insert("CustomerName".into(), json!(name));
    row.insert("HasCallAdvanceFeatures".into(), json!(advanced));
    for column in columns {
        row.insert(column.permission.key().into(), json!(held.contains(&column.permission)));
    }
    Value::Object(row)
}

pub(super) async fn user_permissions(
    State(state): State<AppState>,
    editor: Editor,
    Path((id, auth_code, update)): Path<(i64, u8, String)>,
) -> Result<Json<Value>, AppError> {
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
    let mut select_all = Map::new();
    for (customer_id, name) in user_admin::administered_customers(&state.db, editor.id()).await? {
        let held = if id > 0 && update == "1" {
            stored.iter().find(|r| r.customer_id == customer_id).map(|r| r.permissions()).unwrap_or_default()
        } else if customer_id == editor.account.customer_id {
            default_permissions(auth_code)
        } else {
            vec![]
        };
        let advanced = customers::has_scope(&state.db, customer_id, "advanced_call_handling").await?;
        let editable: Vec<_> = columns.iter().filter(|c| c.editable).collect();
        let all = !editable.is_empty() && editable.iter().all(|c| held.contains(&c.permission));
        select_all.insert(customer_id.to_string(), json!(all));
        rows.push(grid_row(customer_id, &name, advanced, &columns, &held));
    }
    Ok(Json(json!({ "columns": columns, "permissions": rows, "selectAll": select_all })))
}

pub(super) async fn partner_user_permissions(
    State(state): State<AppState>,
    editor: Editor,
    Path((id, update)): Path<(i64, String)>,
) -> Result<Json<Value>, AppError> {
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
    Ok(Json(json!({ "columns": columns, "permissions": [row] })))
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
