//! The partner portal: partnerportal/* for the partner's client accounts, adding
//! one, rewards, the programmes and branding, and the portal's entry into a client (`login/`).
//! A call is answered only when the account's menu leads to its page (`portal_page_open`), so
//! the server refuses exactly what the menu hides.

mod accounts;
mod branding;
mod entry;
mod rewards;

use domain::partners::portal_page_open;
use utoipa_axum::router::OpenApiRouter;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(accounts::router())
        .merge(branding::router())
        .merge(entry::router())
        .merge(rewards::router())
}

/// The current account is a partner's and the page behind this call is open to the user.
pub(super) fn require_page(user: &AccountUser, page: &str) -> Result<(), AppError> {
    if user.account.is_partner && portal_page_open(&user.account, page) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}
