//! The extractor most /api handlers start from: a logged-in session and the current account's
//! state. The session and the state's version numbers are read in one statement; the state
//! itself is the one this process derived at those versions (`crate::caches::account_states`), or is
//! derived afresh (access removed since login ends the session's use). Areas add their own
//! checks on top (`users::Editor`, `routing::RoutingUser`).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use domain::AccountState;

use crate::http::kit::error::AppError;
use crate::http::kit::session::session_with_versions;
use crate::state::AppState;
use crate::store::sessions::{Session, StateVersions};
use crate::store::{accounts, CustomerId};

/// A logged-in user with the current account's state.
pub struct AccountUser {
    pub session: Session,
    pub account: AccountState,
    /// The customer's numbers version, read with the session (`crate::caches::kept_pages`).
    pub numbers_version: i64,
}

impl AccountUser {
    /// The customer whose account the user has open: the key of every row the request reads.
    pub fn customer(&self) -> CustomerId {
        CustomerId::new(self.account.customer_id)
    }
}

impl<S> FromRequestParts<S> for AccountUser
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let (session, versions, numbers_version) = session_with_versions(parts, &state).await?;
        let account = kept_state(&state, &session, versions).await?;
        Ok(AccountUser { session, account: AccountState::clone(&account), numbers_version })
    }
}

/// The current account's state as JSON (getAccountDetails): kept serialised with the state, so a
/// request that only reads it costs the session's statement and a copy of bytes.
pub struct AccountJson(pub Bytes);

impl<S> FromRequestParts<S> for AccountJson
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let (session, versions, _) = session_with_versions(parts, &state).await?;
        let (user, customer) = (session.user_id, session.customer_id);
        if let Some(json) = state.account_states.get_json(user, customer, versions, state.clock.now()) {
            return Ok(AccountJson(json));
        }
        let (_, json) = derive_and_keep(&state, &session, versions).await?;
        Ok(AccountJson(json))
    }
}

/// The session's account state at these versions: the one kept, or derived and kept. The
/// versions were read before the state is, so a state kept under them is never older than them.
pub(crate) async fn kept_state(
    state: &AppState,
    session: &Session,
    versions: StateVersions,
) -> Result<Arc<AccountState>, AppError> {
    let (user, customer, now) = (session.user_id, session.customer_id, state.clock.now());
    if let Some(kept) = state.account_states.get(user, customer, versions, now) {
        return Ok(kept);
    }
    Ok(derive_and_keep(state, session, versions).await?.0)
}

/// The state derived from the database and kept, with its JSON as kept.
async fn derive_and_keep(
    state: &AppState,
    session: &Session,
    versions: StateVersions,
) -> Result<(Arc<AccountState>, Bytes), AppError> {
    let (user, customer, now) = (session.user_id, session.customer_id, state.clock.now());
    let (mut account, valid_until) =
        accounts::load_state_until(&state.db, user, customer, &state.settings.product_name, now)
            .await?
            .ok_or(AppError::Forbidden)?;
    account.live_chat_url = state.settings.live_chat_url.clone().unwrap_or_default();
    let account = Arc::new(account);
    let json = state.account_states.put(user, customer, versions, valid_until, account.clone());
    Ok((account, json))
}

impl<'a> From<&'a AccountUser> for crate::routing::change_log::Editor<'a> {
    fn from(user: &'a AccountUser) -> Self {
        crate::routing::change_log::Editor { user_id: user.session.user_id, account: &user.account }
    }
}
