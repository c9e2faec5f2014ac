//! The technology-partner portal: technologypartner/* for the partner's API keys,
//! its lead reports and its settings, and the way back to the portal. A call is answered only
//! when the account's menu leads to its page (`portal_page_open`), as in the partner portal.

mod api_keys;
mod back_to_portal;
mod reports;
mod settings;

use axum::Router;
use domain::partners::portal_page_open;
use utoipa_axum::router::OpenApiRouter;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;

/// The portal's calls, under /api.
pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().merge(api_keys::router()).merge(reports::router()).merge(settings::router())
}

/// The portal's browser navigation, outside /api.
pub(super) fn pages() -> Router<AppState> {
    back_to_portal::router()
}

/// The current account is a technology partner's and the page behind this call is open to the
/// user.
fn require_page(user: &AccountUser, page: &str) -> Result<(), AppError> {
    if user.account.is_tech_partner && portal_page_open(&user.account, page) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}
