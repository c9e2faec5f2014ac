//! users/getUsers/onaccount and /otheraccounts.

use axum::extract::{Path, State};
use axum::Json;
use std::collections::HashMap;

use domain::users::{authority_label, identity_editable, may_manage, LevelOn, Permission};
use domain::{format_date, AuthLevel};
use serde_json::{json, Map, Value};

use super::editor::Editor;
use crate::http::error::AppError;
use crate::state::AppState;
use crate::store::user_admin::{self, UserAccessRow};

/// The permission flags a list row carries (spec section 3, "User row in list").
const LISTED: [Permission; 12] = [
    Permission::Reports,
    Permission::Billing,
    Permission::ServicesAdmin,
    Permission::UserAdmin,
    Permission::Purchase,
    Permission::ViewEditUsers,
    Permission::EditApi,
    Permission::Outbound,
    Permission::Accounts,
    Permission::AddAccounts,
    Permission::Rewards,
    Permission::Voicemail,
];

pub(super) async fn get_users(
    State(state): State<AppState>,
    editor: Editor,
    Path(view): Path<String>,
) -> Result<Json<Value>, AppError> {
    let customer = editor.account.customer_id;
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
            let (home, permitted): (Vec<_>, Vec<_>) = rows.iter().partition(|r| r.home_customer_id == customer);
            let owners = rows.iter().filter(|r| r.auth_code == AuthLevel::ACCOUNT_OWNER as i64).count();
            Ok(Json(json!({
                "users": home.into_iter().map(|r| row_json(r, &rights)).collect::<Vec<_>>(),
                "usersWithPermission": permitted.into_iter().map(|r| row_json(r, &rights)).collect::<Vec<_>>(),
                "accountOwnersQty": owners,
                "accessToOtherAccounts": access_to_other_accounts,
                "canEditUsers": can_edit_users,
            })))
        }
        "otheraccounts" => {
            let rows = user_admin::access_rows_on_other_accounts(&state.db, editor.id(), customer).await?;
            Ok(Json(json!({
            "users": rows.iter().map(|r| row_json(r, &rights)).collect::<Vec<_>>(),
            "accessToOtherAccounts": access_to_other_accounts,
            "canEditUsers": can_edit_users,
            })))
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

fn row_json(r: &UserAccessRow, rights: &Rights) -> Value {
    let mut row = Map::new();
    row.insert("UserID".into(), json!(r.user_id));
    row.insert("UserForename".into(), json!(r.forename));
    row.insert("UserSurname".into(), json!(r.surname));
    row.insert("UserEmail".into(), json!(r.email));
    row.insert("CustName".into(), json!(r.customer_name));
    row.insert("Authorisation".into(), json!(authority_label(r.auth_code as u8)));
    row.insert("UserAuthCode".into(), json!(r.auth_code));
    row.insert("UserDateAccessed".into(), json!(r.last_accessed_at.map(date).unwrap_or_default()));
    row.insert("MFAEnabled".into(), json!(if r.mfa_enabled { "1" } else { "0" }));
    row.insert("CallsPlayed7Days".into(), json!(r.calls_played_7_days));
    row.insert("UserCallRecFlag".into(), json!(if r.call_rec_flag { "1" } else { "0" }));
    row.insert("UserDateCreated".into(), json!(date(r.created_at)));
    row.insert("EditUser".into(), json!(r.user_id));
    row.insert("DeleteUser".into(), json!(r.user_id));
    row.insert("canManage".into(), json!(may_manage(rights.editor_level, r.auth_code as u8)));
    let levels = rights.levels.get(&r.user_id).map_or(&[][..], Vec::as_slice);
    row.insert("identityEditable".into(), json!(identity_editable(&rights.managed, levels)));
    for permission in LISTED {
        row.insert(permission.key().into(), json!(r.has(permission)));
    }
    Value::Object(row)
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
