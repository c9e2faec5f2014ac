//! The user of one page's calls (Tags, Source / mediums, Call-to-actions, Conversions, Scores,
//! Categories): logged in to an account whose menu shows the page and whose guard allows it,
//! else 403; changes check the page's edit right. Each page states its two rules once, as a
//! `PageRights`, and names its user `PageUser<ItsRights>`.

use std::marker::PhantomData;
use std::ops::Deref;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use domain::AccountState;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::CustomerId;

/// Who may open a page and who may change what it shows (domain rules).
pub trait PageRights {
    fn opens(account: &AccountState) -> bool;
    fn can_edit(account: &AccountState) -> bool;
}

/// A logged-in user whose account opens the page `P`; derefs to the `AccountUser`.
pub struct PageUser<P> {
    user: AccountUser,
    page: PhantomData<fn() -> P>,
}

impl<S, P: PageRights> FromRequestParts<S> for PageUser<P>
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let user = AccountUser::from_request_parts(parts, state).await?;
        if !P::opens(&user.account) {
            return Err(AppError::Forbidden);
        }
        Ok(PageUser { user, page: PhantomData })
    }
}

impl<P> Deref for PageUser<P> {
    type Target = AccountUser;

    fn deref(&self) -> &AccountUser {
        &self.user
    }
}

impl<P: PageRights> PageUser<P> {
    pub fn customer(&self) -> CustomerId {
        self.user.customer()
    }

    /// The account's time zone ("Europe/London").
    pub fn zone(&self) -> &str {
        &self.user.account.customer_time_zone
    }

    pub fn can_edit(&self) -> bool {
        P::can_edit(&self.user.account)
    }

    /// 403 unless the user may change the page's records.
    pub fn require_edit(&self) -> Result<(), AppError> {
        if self.can_edit() {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }
}
