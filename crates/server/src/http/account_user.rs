//! The extractor most /api handlers start from: a logged-in session and the current account's
//! state, loaded afresh (access removed since login ends the session's use). Areas add their
//! own checks on top (`users::Editor`, `routing::RoutingUser`).

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use domain::AccountState;

use super::accountsettings::current_state;
use super::error::AppError;
use super::session::CurrentSession;
use crate::state::AppState;
use crate::store::sessions::Session;

/// A logged-in user with the current account's state.
pub struct AccountUser {
    pub session: Session,
    pub account: AccountState,
}

impl<S> FromRequestParts<S> for AccountUser
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let CurrentSession(session) = CurrentSession::from_request_parts(parts, state).await?;
        let account = current_state(&AppState::from_ref(state), &session).await?;
        Ok(AccountUser { session, account })
    }
}
