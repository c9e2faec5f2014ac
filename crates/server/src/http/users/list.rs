//! users/getUsers/onaccount and /otheraccounts.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use domain::users::{authority_label, identity_editable, may_manage, LevelOn, Permission};
use domain::{format_date, AuthLevel};

use super::editor::Editor;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::user_admin::{self, UserAccessRow};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_users))
}

/// The list's two views: the users on the current account, and those of the editor's other
/// accounts. Any other view is 404.
#[derive(ToSchema)]
#[allow(non_camel_case_types, dead_code)] // the path's words; documentation only
enum UsersView {
    onaccount,
    otheraccounts,
}

/// users/getUsers: onaccount also has the users whose home is another account and the
/// number of account owners.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UserList {
    users: Vec<UserRow>,
    /// onaccount only: users of other home accounts with access to this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    users_with_permission: Option<Vec<UserRow>>,
    /// onaccount only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    account_owners_qty: Option<usize>,
    access_to_other_accounts: bool,
    can_edit_users: bool,
}

/// A user row in the list (spec section 3, "User row in list"), by the spec's keys.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)] // the spec's keys
struct UserRow {
    UserID: i64,
    UserForename: String,
    UserSurname: String,
    UserEmail: String,
    CustName: String,
    /// The level's name ("Account Owner").
    Authorisation: &'static str,
    UserAuthCode: i64,
    /// dd/mm/yyyy, or "" when never.
    UserDateAccessed: String,
    /// "1" or "0".
    MFAEnabled: &'static str,
    CallsPlayed7Days: i64,
    /// "1" or "0".
    UserCallRecFlag: &'static str,
    /// dd/mm/yyyy.
    UserDateCreated: String,
    EditUser: i64,
    DeleteUser: i64,
    canManage: bool,
    identityEditable: bool,
    #[serde(flatten)]
    permissions: ListedPermissions,
}

/// The permission flags a list row carries (spec section 3, "User row in list").
#[derive(Serialize, ToSchema)]
struct ListedPermissions {
    #[serde(rename = "PERM_REPORTS")]
    reports: bool,
    #[serde(rename = "PERM_BILLING")]
    billing: bool,
    #[serde(rename = "PERM_SERVICES_ADMIN")]
    services_admin: bool,
    #[serde(rename = "PERM_USER_ADMIN")]
    user_admin: bool,
    #[serde(rename = "PERM_PURCHASE")]
    purchase: bool,
    #[serde(rename = "PERM_VIEW_EDIT_USERS")]
    view_edit_users: bool,
    #[serde(rename = "PERM_EDIT_API")]
    edit_api: bool,
    #[serde(rename = "PERM_OUTBOUND")]
    outbound: bool,
    #[serde(rename = "PERM_ACCOUNTS")]
    accounts: bool,
    #[serde(rename = "PERM_ADD_ACCOUNTS")]
    add_accounts: bool,
    #[serde(rename = "PERM_REWARDS")]
    rewards: bool,
    #[serde(rename = "PERM_VOICEMAIL")]
    voicemail: bool,
}

impl ListedPermissions {
    fn of(r: &UserAccessRow) -> ListedPermissions {
        ListedPermissions {
            reports: r.has(Permission::Reports),
            billing: r.has(Permission::Billing),
            services_admin: r.has(Permission::ServicesAdmin),
            user_admin: r.has(Permission::UserAdmin),
            purchase: r.has(Permission::Purchase),
            view_edit_users: r.has(Permission::ViewEditUsers),
            edit_api: r.has(Permission::EditApi),
            outbound: r.has(Permission::Outbound),
            accounts: r.has(Permission::Accounts),
            add_accounts: r.has(Permission::AddAccounts),
            rewards: r.has(Permission::Rewards),
            voicemail: r.has(Permission::Voicemail),
        }
    }
}

#[utoipa::path(get, path = "/users/getUsers/{view}", tag = "users",
    params(("view" = inline(UsersView), Path)),
    responses((status = 200, body = UserList)))]
async fn get_users(
    State(state): State<AppState>,
    editor: Editor,
    Path(view): Path<String>,
) -> Result<Json<UserList>, AppError> {
    let customer = editor.customer();
    let access_to_other_accounts = editor.account.accounts.len() > 1;
    let can_edit_users = editor.account.is_administrator && editor.account.can_edit_users;
    let rights = Rights {
        managed: user_admin::managed_levels(&state.db, editor.id()).await?,
        levels: user_admin::all_levels_of_listed(&state.db, editor.id()).await?,
        editor_level: editor.level(),
    };
    match view.as_str() {
        "onaccount" => {
            let rows = user_admin::access_rows_on(&state.db, customer).await?;
            let (home, permitted): (Vec<_>, Vec<_>) = rows.iter().partition(|r| r.home_customer_id == customer.get());
            let owners = rows.iter().filter(|r| r.auth_code == AuthLevel::ACCOUNT_OWNER as i64).count();
            Ok(Json(UserList {
                users: home.into_iter().map(|r| user_row(r, &rights)).collect(),
                users_with_permission: Some(permitted.into_iter().map(|r| user_row(r, &rights)).collect()),
                account_owners_qty: Some(owners),
                access_to_other_accounts,
                can_edit_users,
            }))
        }
        "otheraccounts" => {
            let rows = user_admin::access_rows_on_other_accounts(&state.db, editor.id(), customer).await?;
            Ok(Json(UserList {
                users: rows.iter().map(|r| user_row(r, &rights)).collect(),
                users_with_permission: None,
                account_owners_qty: None,
                access_to_other_accounts,
                can_edit_users,
            }))
        }
        _ => Err(AppError::NotFound),
    }
}

/// What decides a row's actions: the editor's level here, the customers they manage and every
/// listed user's levels (used, never sent).
struct Rights {
    managed: Vec<LevelOn>,
    levels: HashMap<i64, Vec<LevelOn>>,
    editor_level: u8,
}

fn bit(on: bool) -> &'static str {
    if on {
        "1"
    } else {
        "0"
    }
}

fn user_row(r: &UserAccessRow, rights: &Rights) -> UserRow {
    let levels = rights.levels.get(&r.user_id).map_or(&[][..], Vec::as_slice);
    UserRow {
        UserID: r.user_id,
        UserForename: r.forename.clone(),
        UserSurname: r.surname.clone(),
        UserEmail: r.email.clone(),
        CustName: r.customer_name.clone(),
        Authorisation: authority_label(r.auth_code as u8),
        UserAuthCode: r.auth_code,
        UserDateAccessed: r.last_accessed_at.map(date).unwrap_or_default(),
        MFAEnabled: bit(r.mfa_enabled),
        CallsPlayed7Days: r.calls_played_7_days,
        UserCallRecFlag: bit(r.call_rec_flag),
        UserDateCreated: date(r.created_at),
        EditUser: r.user_id,
        DeleteUser: r.user_id,
        canManage: may_manage(rights.editor_level, r.auth_code as u8),
        identityEditable: identity_editable(&rights.managed, levels),
        permissions: ListedPermissions::of(r),
    }
}

/// Unix seconds as dd/mm/yyyy (UTC).
pub(crate) fn date(unix: i64) -> String {
    format_date(&iso_date(unix)).unwrap_or_default()
}

/// Unix seconds as YYYY-MM-DD, by the civil-from-days algorithm (no time crate needed).
fn iso_date(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::date;

    #[test]
    fn unix_times_become_uk_dates() {
        assert_eq!(date(0), "01/01/1970");
        assert_eq!(date(1_795_219_200), "21/11/2026");
        assert_eq!(date(951_782_400), "29/02/2000");
    }
}
