//! What the first screen needs: the menu, the route guard and table, titles, the integration
//! overview and its dynamic URLs, dates. Everything else waits in `pages` (or `forms`).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{account, to_js};

#[wasm_bindgen(js_name = buildMenu, unchecked_return_type = "Menu")]
pub fn build_menu(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&domain::build_menu(&account(acc)?))
}

/// The top bar's portal icons and reports switch for the account.
#[wasm_bindgen(js_name = topBarIcons, unchecked_return_type = "TopBarIcons")]
pub fn top_bar_icons(#[wasm_bindgen(unchecked_param_type = "unknown")] acc: JsValue) -> Result<JsValue, JsError> {
    to_js(&domain::top_bar_icons(&account(acc)?))
}

#[wasm_bindgen(js_name = guardRoute, unchecked_return_type = "GuardStep")]
pub fn guard_route(
    path: &str,
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&domain::guard(path, &account(acc)?))
}

/// The unauthorised page's text after `from` was refused ('' when unknown).
#[wasm_bindgen(js_name = unauthorisedNotice, unchecked_return_type = "UnauthorisedNotice")]
pub fn unauthorised_notice(
    from: &str,
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&domain::unauthorised_notice(from, &account(acc)?))
}

#[wasm_bindgen(js_name = resolveRoute, unchecked_return_type = "Resolution")]
pub fn resolve_route(
    path: &str,
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&domain::resolve(path, &account(acc)?))
}

/// The overview's integration cards for an account, `configured` naming the integrations the
/// customer has set up (spec: plan logic on the overview, integration card buttons).
#[wasm_bindgen(js_name = integrationOverview, unchecked_return_type = "IntegrationOverview")]
pub fn integration_overview(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
    configured: Vec<String>,
) -> Result<JsValue, JsError> {
    let account = account(acc)?;
    to_js(&domain::integrations::overview(&account, |id| configured.iter().any(|c| c == id)))
}

/// Whether the user may connect and remove integrations and run website checks.
#[wasm_bindgen(js_name = canManageIntegrations)]
pub fn can_manage_integrations(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
) -> Result<bool, JsError> {
    Ok(domain::integrations::can_manage_integrations(&account(acc)?))
}

/// Why the user may not set up or test the FTP export (its password opens the customer's
/// server), or null when they may.
#[wasm_bindgen(js_name = ftpExportRefusal)]
pub fn ftp_export_refusal(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
) -> Result<Option<String>, JsError> {
    Ok(domain::integrations::ftp_export_refusal(&account(acc)?).map(str::to_string))
}

/// Whether the overview shows (and fetches) the Dynamic URLs section.
#[wasm_bindgen(js_name = showsDynamicUrls)]
pub fn shows_dynamic_urls(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
) -> Result<bool, JsError> {
    Ok(domain::integrations::shows_dynamic_urls(&account(acc)?))
}

/// The identifier of the integration a destination page shows.
#[wasm_bindgen(js_name = integrationForPage)]
pub fn integration_for_page(path: &str) -> Option<String> {
    domain::integrations::integration_for_page(path).map(|d| d.identifier.to_string())
}

/// What a dynamic URL's row shows for a website-check job with status `code`.
#[wasm_bindgen(js_name = websiteCheckView, unchecked_return_type = "WebsiteCheckView")]
pub fn website_check_view(code: u8, mhct: bool, mhct_working: bool) -> Result<JsValue, JsError> {
    to_js(&domain::integrations::website_check::check_view(code, mhct, mhct_working))
}

/// The view while no job has come back (retry soon).
#[wasm_bindgen(js_name = websiteCheckPending, unchecked_return_type = "WebsiteCheckView")]
pub fn website_check_pending() -> Result<JsValue, JsError> {
    to_js(&domain::integrations::website_check::no_job_view())
}

#[wasm_bindgen(js_name = pageTitle)]
pub fn page_title(product: &str, title: Option<String>) -> String {
    domain::page_title(product, title.as_deref())
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub(crate) struct RouteInfo {
    pattern: &'static str,
    title: Option<&'static str>,
    section: &'static str,
    external: bool,
    redirect: Option<&'static str>,
}

/// Every route of the table, for the router to register.
#[wasm_bindgen(js_name = routeTable, unchecked_return_type = "RouteInfo[]")]
pub fn route_table() -> Result<JsValue, JsError> {
    let routes: Vec<RouteInfo> = domain::ROUTES
        .iter()
        .map(|r| RouteInfo {
            pattern: r.pattern,
            title: r.title,
            section: r.section,
            external: r.external,
            redirect: r.redirect,
        })
        .collect();
    to_js(&routes)
}

#[wasm_bindgen(js_name = formatDate)]
pub fn format_date(stored: &str) -> Option<String> {
    domain::format_date(stored)
}

/// Seconds arrive as a JS number: one that is not finite, or beyond the dates the domain
/// knows (`as` saturates), gives "".
fn seconds(epoch_seconds: f64) -> Option<i64> {
    epoch_seconds.is_finite().then_some(epoch_seconds as i64)
}

#[wasm_bindgen(js_name = formatDayAt)]
pub fn format_day_at(epoch_seconds: f64, time_zone: &str) -> String {
    seconds(epoch_seconds).map(|s| domain::format_day_at(s, time_zone)).unwrap_or_default()
}

#[wasm_bindgen(js_name = formatDateTime)]
pub fn format_date_time(epoch_seconds: f64, time_zone: &str) -> String {
    seconds(epoch_seconds).map(|s| domain::format_date_time(s, time_zone)).unwrap_or_default()
}

#[wasm_bindgen(js_name = formatRelative)]
pub fn format_relative(epoch_seconds: f64, now_seconds: f64, time_zone: &str) -> String {
    match (seconds(epoch_seconds), seconds(now_seconds)) {
        (Some(at), Some(now)) => domain::format_relative(at, now, time_zone),
        _ => String::new(),
    }
}
