//! Call routing part 1 (spec/call-routing.md, docs/routing-api.md): the numbers and pools and
//! how they connect (`connections`), and the library they route through (`library`: destination
//! plans and numbers, queues, audio and voicemail).

/// The spec writes some calls with a trailing slash and some without, and both are served: the
/// second spelling is a documented handler of its own that calls the first (operation ids end
/// in `_slash`). `twin!(get name, "/path/", target, Answer; args)` or
/// `twin!(post name, "/path/", target, Request, Answer; args)`.
macro_rules! twin {
    (get $twin:ident, $path:literal, $target:path, $answer:ty; $($arg:ident: $ty:ty),*) => {
        #[utoipa::path(get, path = $path, tag = "routing", responses((status = 200, body = $answer)))]
        async fn $twin($($arg: $ty),*) -> Result<axum::Json<$answer>, crate::http::kit::error::AppError> {
            $target($($arg),*).await
        }
    };
    (post $twin:ident, $path:literal, $target:path, $request:ty, $answer:ty; $($arg:ident: $ty:ty),*) => {
        #[utoipa::path(post, path = $path, tag = "routing",
            request_body(content(($request = "multipart/form-data"), ($request = "application/x-www-form-urlencoded"))),
            responses((status = 200, body = $answer)))]
        async fn $twin($($arg: $ty),*) -> Result<axum::Json<$answer>, crate::http::kit::error::AppError> {
            $target($($arg),*).await
        }
    };
}

mod audio;
mod connect;
mod connections;
mod destinations;
mod draft_schedule;
mod drafts;
mod dtmf;
mod extras;
pub(crate) mod history;
mod ivr_overview;
mod ivrs;
mod library;
mod multilevel;
mod plans;
mod queues;
mod speech;
mod tagmanager;
mod voicemails;
mod whispers;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use domain::routing::{routing_access, RoutingAccess};
use domain::AccountState;

use utoipa_axum::router::OpenApiRouter;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::routing::change_log::Editor;
use crate::state::AppState;
use crate::store::sessions::Session;
use crate::store::CustomerId;

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(connections::router())
        // The library: destination plans and numbers, queues, audio and voicemail.
        .merge(destinations::router())
        .merge(queues::router())
        .merge(audio::router())
        .merge(voicemails::router())
        .merge(extras::router())
        .merge(dtmf::router())
        .merge(whispers::router())
        .merge(ivrs::router())
        .merge(ivr_overview::router())
        .merge(multilevel::router())
        .merge(speech::router())
        .merge(tagmanager::router())
        .merge(history::router())
        .merge(drafts::router())
        .merge(draft_schedule::router())
}

/// A user who may see the routing pages (domain `routing_access`: the /routing page's guard,
/// a non-group account, provisioning rights). Everything else is 403.
pub struct RoutingUser {
    pub session: Session,
    pub account: AccountState,
    pub access: RoutingAccess,
}

impl<S> FromRequestParts<S> for RoutingUser
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let AccountUser { session, account, .. } = AccountUser::from_request_parts(parts, state).await?;
        let access = routing_access(&account);
        if !access.can_view {
            return Err(AppError::Forbidden);
        }
        Ok(RoutingUser { session, account, access })
    }
}

impl RoutingUser {
    /// The customer every query is scoped by.
    pub fn customer(&self) -> CustomerId {
        CustomerId::new(self.account.customer_id)
    }

    /// Bulk connect: an administrator with routing_simple.
    pub fn require_connect(&self) -> Result<(), AppError> {
        if self.access.can_connect {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// Advanced connect and the editors' reads: one of the advanced routing scopes.
    pub fn require_advanced(&self) -> Result<(), AppError> {
        if self.access.has_advanced {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// The tag manager: an editor of an account with dynamic numbers.
    pub fn require_tag_manager(&self) -> Result<(), AppError> {
        if self.access.shows_tag_manager {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// Changing the routing library (plans, destinations, queues, audio, voicemail): an
    /// administrator with an advanced routing scope.
    pub fn require_edit(&self) -> Result<(), AppError> {
        if self.access.can_edit {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }
}

impl<'a> From<&'a RoutingUser> for Editor<'a> {
    fn from(user: &'a RoutingUser) -> Self {
        Editor { user_id: user.session.user_id, account: &user.account }
    }
}
