//! Who may use the users area, and the target users they may reach.

use crate::store::CustomerId;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use domain::users::{
    has_other_accounts, identity_editable, may_change_access, may_manage, shows_outbound, GridRights, LevelOn,
};
use domain::{guard, AccountState, GuardStep};

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::sessions::Session;
use crate::store::user_admin::{self, UserAccessRow};

/// A user admin on the current account whose package has user management: only they reach
/// the users area (the same route guard the menu and the browser apply to /users).
pub struct Editor {
    pub session: Session,
    pub account: AccountState,
}

/// The page whose guard decides who reaches the users API.
const USERS_PAGE: &str = "/users";

impl<S> FromRequestParts<S> for Editor
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let AccountUser { session, account, .. } = AccountUser::from_request_parts(parts, state).await?;
        if !account.is_user_admin || guard(USERS_PAGE, &account) != GuardStep::Allow {
            return Err(AppError::Forbidden);
        }
        Ok(Editor { session, account })
    }
}

impl Editor {
    pub fn id(&self) -> i64 {
        self.session.user_id
    }

    /// The account the editor has open.
    pub fn customer(&self) -> CustomerId {
        CustomerId::new(self.account.customer_id)
    }

    pub fn level(&self) -> u8 {
        self.account.user_auth_code
    }

    /// Editing a user's details needs administrator level and the edit-users right.
    pub fn require_editing(&self) -> Result<(), AppError> {
        if self.account.is_administrator && self.account.can_edit_users {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// The outbound section and its calls (domain `shows_outbound`).
    pub fn require_outbound(&self) -> Result<(), AppError> {
        if shows_outbound(&self.account) {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// The editor's rights as they decide the permission grid's editable columns.
    pub fn grid_rights(&self, target_id: i64) -> GridRights {
        let a = &self.account;
        GridRights {
            can_access_reports: a.can_access_reports,
            can_access_billing: a.can_access_billing,
            can_edit_numbers_campaigns: a.can_edit_numbers_campaigns,
            is_user_admin: a.is_user_admin,
            can_purchase: a.purchase_permission_flag,
            is_partner: a.is_partner,
            has_call_advance_features: a.has_scope("advanced_call_handling"),
            can_edit_users: a.can_edit_users,
            can_edit_api: a.can_access_api,
            editing_self: target_id == self.id(),
        }
    }
}

/// Another user as the editor may see them: their access rows on customers the editor
/// administers. None of those rows means the user is not the editor's to see: 404.
pub struct Target {
    pub rows: Vec<UserAccessRow>,
    /// Every customer the user reaches, on any tenant, with their level: for checks only.
    pub levels: Vec<LevelOn>,
    /// The customers the editor changes users on, with the editor's level on each.
    pub managed: Vec<LevelOn>,
}

impl Target {
    pub async fn load(state: &AppState, editor: &Editor, id: i64) -> Result<Target, AppError> {
        let rows = user_admin::visible_access(&state.db, editor.id(), id).await?;
        if rows.is_empty() {
            return Err(AppError::NotFound);
        }
        let levels = user_admin::all_levels(&state.db, id).await?;
        let managed = user_admin::managed_levels(&state.db, editor.id()).await?;
        Ok(Target { rows, levels, managed })
    }

    /// The user's email, names, password and the user as a whole are the editor's to change.
    pub fn identity_editable(&self) -> bool {
        identity_editable(&self.managed, &self.levels)
    }

    /// The user reaches customers the editor does not manage (never named).
    pub fn has_other_accounts(&self) -> bool {
        has_other_accounts(&self.managed, &self.levels)
    }

    /// Resetting the password or deleting the user needs the whole identity.
    pub fn require_identity(&self) -> Result<(), AppError> {
        if self.identity_editable() {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// The user's level on one customer, if they reach it.
    pub fn level_on(&self, customer_id: i64) -> Option<u8> {
        self.levels.iter().find(|l| l.customer_id == customer_id).map(|l| l.level)
    }

    /// Setting (or removing, with None) the user's access on a customer, judged by the
    /// editor's level there.
    pub fn require_access_change(&self, customer_id: i64, new_level: Option<u8>) -> Result<(), AppError> {
        if may_change_access(&self.managed, customer_id, self.level_on(customer_id), new_level) {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// The level that counts for authority: the highest the user holds on the editor's customers.
    pub fn level(&self) -> u8 {
        self.rows.iter().map(|r| r.auth_code as u8).max().unwrap_or(0)
    }

    /// The access row on the current customer, else the first visible one.
    pub fn main_row(&self, customer_id: i64) -> &UserAccessRow {
        self.rows.iter().find(|r| r.customer_id == customer_id).unwrap_or(&self.rows[0])
    }

    /// Edit, reset and delete need the target at or below the editor's level.
    pub fn require_manageable(&self, editor: &Editor) -> Result<(), AppError> {
        if may_manage(editor.level(), self.level()) {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }
}
