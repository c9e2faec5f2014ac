//! The home page's calls (spec/shell-users-integrations.md section 7): the integration list and
//! settings, connecting (OAuth through `AdPlatforms`) and removing integrations, the Google
//! Analytics setup, dynamic URLs with their website checks, and the Salesforce configuration.
//! The domain's integration rules decide what each user may do; the server checks them again.

mod connect;
mod dynamic_urls;
mod ftp_test;
mod ftp_test_form;
mod google_analytics;
mod list;
mod own_settings;
mod provider_settings;

use domain::integrations::{
    can_manage_integrations, card_buttons, integration, section, IntegrationDef, MainButton, Section,
};
use utoipa_axum::router::OpenApiRouter;

pub use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::integrations;

pub use connect::{finish_connect_flow, FlowEnd, CALLBACK_PATH, TAG_MANAGER};

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(list::router())
        .merge(connect::router())
        .merge(own_settings::router())
        .merge(ftp_test::router())
        .merge(google_analytics::router())
        .merge(dynamic_urls::router())
        .merge(provider_settings::router())
}

impl AccountUser {
    /// Connecting, removing and website checks (domain `can_manage_integrations`).
    pub fn require_manage(&self) -> Result<(), AppError> {
        if can_manage_integrations(&self.account) {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }

    /// The integration, known (else 404), whose card lets this user connect or configure it
    /// (else 403: not in the package, dynamic-only without dynamic, api without the right).
    pub async fn usable(&self, state: &AppState, identifier: &str) -> Result<&'static IntegrationDef, AppError> {
        let def = integration(identifier).ok_or(AppError::NotFound)?;
        if section(def, &self.account) != Some(Section::Authorised) {
            return Err(AppError::Forbidden);
        }
        let configured = integrations::find(&state.db, self.customer(), identifier).await?.is_some();
        match card_buttons(def, Section::Authorised, configured, &self.account).main {
            MainButton::Connect | MainButton::Configure => Ok(def),
            _ => Err(AppError::Forbidden),
        }
    }
}
