//! Static: campaigns and numbers (docs/static-api.md). Every call needs the Static
//! menu (the static feature, not a group account) and the page's guard; changes need the
//! number/campaign admin right (domain `numbers::can_edit_numbers`). The customer is always the
//! session's: another customer's campaign or number is 404.

mod campaigns;
mod changes;
mod list;
mod number_page;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use domain::numbers::{can_edit_numbers, status_label, NumberRoute};
use domain::reports::format_uk;
use domain::{format_day_at, menu_page_opens, AccountState};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::numbers::NumberRow;
use crate::store::sessions::Session;
use crate::store::CustomerId;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(campaigns::router())
        .merge(list::router())
        .merge(number_page::router())
        .merge(changes::router())
}

/// The Static menu's rule (the static feature, not a group account) and the pages' guard.
pub(crate) fn opens_static_pages(account: &AccountState) -> bool {
    menu_page_opens("/campaigns", account)
}

/// A user of the Static pages.
pub struct StaticUser {
    pub session: Session,
    pub account: AccountState,
    /// The customer's numbers version, read with the session (`crate::caches::kept_pages`).
    pub numbers_version: i64,
}

impl<S> FromRequestParts<S> for StaticUser
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let AccountUser { session, account, numbers_version } = AccountUser::from_request_parts(parts, state).await?;
        if !opens_static_pages(&account) {
            return Err(AppError::Forbidden);
        }
        Ok(StaticUser { session, account, numbers_version })
    }
}

impl StaticUser {
    pub fn customer(&self) -> CustomerId {
        CustomerId::new(self.account.customer_id)
    }

    pub fn can_edit(&self) -> bool {
        can_edit_numbers(&self.account)
    }

    pub fn require_edit(&self) -> Result<(), AppError> {
        if self.can_edit() {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// The period of the lists' 'calls in the last 30 days', as every screen counts it.
    pub fn calls_period(&self, state: &AppState) -> Result<(i64, i64), AppError> {
        crate::http::kit::recent::last_30_days(state, &self.account.customer_time_zone)
    }
}

/// Where a number's calls go, for the lists' link.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteCell {
    /// 'plan', 'number' or 'none'.
    pub mode: String,
    /// The service plan's id (plan), else 0.
    pub id: i64,
    pub label: String,
}

/// A tracked number as the lists show it (docs/static-api.md "NumberRow").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NumberListRow {
    /// The static number's id, or the pool's for a pool's number.
    pub id: i64,
    /// 'static' or 'pool'.
    pub kind: String,
    /// UK format: "0161 496 0000".
    pub number: String,
    pub pool_id: i64,
    pub pool_name: String,
    pub dynamic_url_id: i64,
    pub campaign_id: i64,
    pub campaign: String,
    pub media_description: String,
    pub channel_id: i64,
    pub channel: String,
    pub media_owner_id: i64,
    pub media_owner: String,
    pub department_id: i64,
    pub department: String,
    pub routing: RouteCell,
    pub call_recording: bool,
    pub calls30_days: i64,
    pub created_at: i64,
    /// The day bought, dd/mm/yyyy in the account's zone.
    pub bought: String,
    /// 'live' or 'provisioning'.
    pub status: String,
    pub status_label: String,
}

/// Where the row's calls go, as the domain names it.
pub fn route_of(row: &NumberRow) -> NumberRoute {
    if !row.destination.is_empty() {
        NumberRoute::Number { destination: format_uk(&row.destination) }
    } else if row.service_plan_id > 0 {
        NumberRoute::Plan { id: row.service_plan_id, name: row.plan_name.clone() }
    } else {
        NumberRoute::None
    }
}

impl NumberListRow {
    pub fn from_row(row: NumberRow, zone: &str) -> NumberListRow {
        let route = route_of(&row);
        let routing = RouteCell {
            mode: match route {
                NumberRoute::Plan { .. } => "plan",
                NumberRoute::Number { .. } => "number",
                NumberRoute::None => "none",
            }
            .to_string(),
            id: if let NumberRoute::Plan { id, .. } = route { id } else { 0 },
            label: route.label(),
        };
        NumberListRow {
            id: row.id,
            number: format_uk(&row.number),
            pool_id: row.pool_id,
            pool_name: row.pool_name,
            dynamic_url_id: row.dynamic_url_id,
            campaign_id: row.campaign_id,
            campaign: row.campaign,
            media_description: row.media_description,
            channel_id: row.channel_id,
            channel: row.channel,
            media_owner_id: row.media_owner_id,
            media_owner: row.media_owner,
            department_id: row.department_id,
            department: row.department,
            routing,
            call_recording: row.call_recording,
            calls30_days: row.calls,
            created_at: row.created_at,
            bought: format_day_at(row.created_at, zone),
            status: if row.provisioned { "live" } else { "provisioning" }.to_string(),
            status_label: status_label(row.provisioned).to_string(),
            kind: row.kind,
        }
    }
}
