//! Call-to-actions (/cta and /cta/{id}, docs/cta-api.md): the elements of the
//! customer's site the tracking script watches, with their clicks and the calls within 30 minutes
//! of a click; add / edit / delete. Every call needs the Call-to-actions menu item (domain
//! `cta::opens_cta`, the `admin_call_to_actions` scope) and its page guard; changes need the edit
//! right (`cta::can_edit_cta`). Another customer's call-to-action is 404.

use crate::http::kit::extract::{Path, Query};
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::cta::{
    can_edit_cta, conversion_rate, delete_question, opens_cta, parse_cta, CtaForm, CtaKind, CALL_WINDOW_SECONDS,
    NAME_NOT_UNIQUE,
};
use domain::AccountState;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::reports::CallLogRow;
use crate::http::contract::Saved;
use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::{calls, cta};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_ctas))
        .routes(routes!(get_cta))
        .routes(routes!(add_cta))
        .routes(routes!(edit_cta))
        .routes(routes!(delete_cta))
}

/// 'Clicks in the last 30 days'.
const RECENT_DAYS: i64 = 30;
const DAY: i64 = 24 * 60 * 60;
/// Clicks the call-to-action's page lists.
const RECENT_CLICKS: i64 = 50;
/// Calls a page of the call-to-action's calls.
const CALLS_PAGE: i64 = 50;
const TEXT_MAX: usize = 1_000;
/// 20 patterns of 200 characters, their line ends, and room for blank lines.
const PAGES_TEXT_MAX: usize = 5_000;

/// /cta: the Call-to-actions menu item and its guard; changes need the edit right.
pub struct CtaRights;

impl PageRights for CtaRights {
    fn opens(account: &AccountState) -> bool {
        opens_cta(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_edit_cta(account)
    }
}

/// A user of the page.
pub type CtaUser = PageUser<CtaRights>;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindChoice {
    /// 'call_link', 'button' or 'form'.
    value: String,
    label: String,
}

/// The form's values, as the edit dialog starts from them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CtaFormValues {
    name: String,
    kind: String,
    selector: String,
    /// "1" for all pages, else "".
    all_pages: String,
    /// One pattern a line.
    pages: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CtaView {
    id: i64,
    name: String,
    /// 'call_link', 'button' or 'form'.
    kind: String,
    /// "Click-to-call link", "Button", "Form".
    kind_label: String,
    selector: String,
    /// Path patterns ('/book*'); empty: all pages.
    pages: Vec<String>,
    /// Clicks in the last 30 days.
    clicks30_days: i64,
    /// Inbound calls of the last 30 days that a click of their visit led to (within 30 minutes).
    calls30_days: i64,
    /// Calls per click, "12.5%", or "–" without clicks.
    conversion_rate: String,
    /// The delete confirmation's question.
    delete_question: String,
    form: CtaFormValues,
}

fn view(row: cta::CtaRow) -> CtaView {
    let kind = CtaKind::from_key(&row.kind);
    let pages = row.page_list();
    CtaView {
        id: row.id,
        kind_label: kind.map(|k| k.label().to_string()).unwrap_or_default(),
        conversion_rate: conversion_rate(row.recent_clicks, row.recent_calls),
        delete_question: delete_question(&row.name, row.clicks),
        form: CtaFormValues {
            name: row.name.clone(),
            kind: row.kind.clone(),
            selector: row.selector.clone(),
            all_pages: if pages.is_empty() { "1" } else { "" }.to_string(),
            pages: row.pages.clone(),
        },
        pages,
        name: row.name,
        kind: row.kind,
        selector: row.selector,
        clicks30_days: row.recent_clicks,
        calls30_days: row.recent_calls,
    }
}

fn kinds() -> Vec<KindChoice> {
    CtaKind::ALL.iter().map(|k| KindChoice { value: k.key().to_string(), label: k.label().to_string() }).collect()
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CtasPage {
    ctas: Vec<CtaView>,
    /// Whether the user may add, edit and delete call-to-actions.
    can_edit: bool,
    kinds: Vec<KindChoice>,
    /// The counts' period.
    days: i64,
    /// A call counts when it starts at most this long after a click of its visit.
    window_minutes: i64,
}

/// The account's call-to-actions with their clicks and calls in the last 30 days.
#[utoipa::path(get, path = "/cta/getCtas", tag = "cta",
    responses((status = 200, body = CtasPage), (status = 403, description = "No Call-to-actions menu item")))]
async fn get_ctas(State(state): State<AppState>, user: CtaUser) -> Result<Json<CtasPage>, AppError> {
    let rows = cta::list(&state.db, user.customer(), state.clock.now() - RECENT_DAYS * DAY).await?;
    Ok(Json(CtasPage {
        ctas: rows.into_iter().map(view).collect(),
        can_edit: can_edit_cta(&user.account),
        kinds: kinds(),
        days: RECENT_DAYS,
        window_minutes: CALL_WINDOW_SECONDS / 60,
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ClickView {
    id: i64,
    /// In the account's time zone, "dd/mm/yyyy HH:MM".
    time: String,
    clicked_at: i64,
    /// The page's path.
    page: String,
    /// The call it led to (the first within 30 minutes in the same visit), if any.
    call_id: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CtaDetail {
    cta: CtaView,
    can_edit: bool,
    kinds: Vec<KindChoice>,
    days: i64,
    window_minutes: i64,
    /// The account's other call-to-actions' names (the edit dialog's uniqueness check).
    taken: Vec<String>,
    /// The latest 50 clicks, newest first.
    clicks: Vec<ClickView>,
    /// The calls of the last 30 days its clicks led to, newest first, a page of 50.
    calls: Vec<CallLogRow>,
    total: i64,
    page: i64,
    page_size: i64,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    /// The page of calls, 1 and up; out of range reads as 1.
    #[serde(default)]
    page: Option<String>,
}

/// A path's id: a positive whole number, else nothing of the customer's.
fn path_id(raw: &str) -> Result<i64, AppError> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

/// A call-to-action: its details, its latest clicks and the calls they led to.
#[utoipa::path(get, path = "/cta/getCta/{id}", tag = "cta", params(("id" = String, Path, description = "The call-to-action's id"), PageQuery),
    responses((status = 200, body = CtaDetail), (status = 403, description = "No Call-to-actions menu item"),
        (status = 404, description = "No such call-to-action in this account")))]
async fn get_cta(
    State(state): State<AppState>,
    user: CtaUser,
    Path(id): Path<String>,
    Query(query): Query<PageQuery>,
) -> Result<Json<CtaDetail>, AppError> {
    let (customer, id) = (user.customer(), path_id(&id)?);
    let since = state.clock.now() - RECENT_DAYS * DAY;
    let row = cta::one(&state.db, customer, id, since).await?.ok_or(AppError::NotFound)?;
    let page =
        query.page.as_deref().and_then(|p| p.parse::<i64>().ok()).filter(|p| (1..=100_000).contains(p)).unwrap_or(1);
    let zone = &user.account.customer_time_zone;
    let clicks = cta::recent_clicks(&state.db, customer, id, RECENT_CLICKS)
        .await?
        .into_iter()
        .map(|c| ClickView {
            id: c.id,
            time: domain::format_date_time(c.clicked_at, zone),
            clicked_at: c.clicked_at,
            page: c.page_path,
            call_id: c.call_id,
        })
        .collect();
    let (rows, total) =
        calls::after_cta_clicks(&state.db, customer, (id, since), (CALLS_PAGE, (page - 1) * CALLS_PAGE)).await?;
    let hears = calls::may_hear_recordings(&state.db, user.session.user_id, user.customer()).await?;
    Ok(Json(CtaDetail {
        cta: view(row),
        can_edit: can_edit_cta(&user.account),
        kinds: kinds(),
        days: RECENT_DAYS,
        window_minutes: CALL_WINDOW_SECONDS / 60,
        taken: cta::other_names(&state.db, customer, id).await?,
        clicks,
        calls: rows.iter().map(|row| CallLogRow::from_row(row, zone, hears)).collect(),
        total,
        page,
        page_size: CALLS_PAGE,
    }))
}

fn cta_kinds() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds::keys(domain::cta::CtaKind::ALL.map(domain::cta::CtaKind::key))
}

/// The call-to-action form.
#[derive(Deserialize, Validate, ToSchema)]
struct CtaFields {
    /// At most 100 characters, unique in the account ignoring case.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<{ domain::cta::NAME_MAX }, TEXT_MAX>)]
    form_name: String,
    /// 'call_link', 'button' or 'form'.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = cta_kinds)]
    form_kind: String,
    /// A CSS selector, at most 500 characters.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_selector: String,
    /// "1": all pages.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_all_pages: String,
    /// Path patterns one a line (at most 20, each from '/', at most 200 characters, '*' only at
    /// the end).
    #[serde(default)]
    #[garde(length(chars, max = PAGES_TEXT_MAX))]
    form_pages: String,
}

impl CtaFields {
    fn form(&self) -> CtaForm {
        CtaForm {
            name: self.form_name.clone(),
            kind: self.form_kind.clone(),
            selector: self.form_selector.clone(),
            all_pages: self.form_all_pages.clone(),
            pages: self.form_pages.clone(),
        }
    }
}

async fn checked(
    state: &AppState,
    customer: CustomerId,
    id: i64,
    form: &CtaFields,
) -> Result<domain::cta::Cta, AppError> {
    let taken = cta::other_names(&state.db, customer, id).await?;
    parse_cta(&form.form(), &taken).map_err(|errors| {
        if errors.get("form_name") == Some(NAME_NOT_UNIQUE) {
            AppError::Coded("NAME_NOT_UNIQUE", errors)
        } else {
            AppError::Validation(errors)
        }
    })
}

/// Adds a call-to-action.
#[utoipa::path(post, path = "/cta/addCta", tag = "cta",
    request_body(content((CtaFields = "multipart/form-data"), (CtaFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 422, description = "form_name, form_kind, form_selector, form_pages")))]
async fn add_cta(
    State(state): State<AppState>,
    user: CtaUser,
    Form { fields: form, .. }: Form<CtaFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let new = checked(&state, customer, 0, &form).await?;
    let mut conn = state.db.acquire().await?;
    let id = cta::insert(&mut conn, customer, &new, state.clock.now()).await?;
    Ok(Json(Saved { success: true, id }))
}

/// Changes a call-to-action (its clicks stay).
#[utoipa::path(post, path = "/cta/editCta/{id}", tag = "cta",
    params(("id" = String, Path, description = "The call-to-action's id")),
    request_body(content((CtaFields = "multipart/form-data"), (CtaFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 404, description = "No such call-to-action in this account")))]
async fn edit_cta(
    State(state): State<AppState>,
    user: CtaUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<CtaFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    cta::one(&state.db, customer, id, 0).await?.ok_or(AppError::NotFound)?;
    let changed = checked(&state, customer, id, &form).await?;
    if !cta::update(&state.db, customer, id, &changed).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Saved { success: true, id }))
}

#[derive(Serialize, ToSchema)]
struct CtaDeleted {
    success: bool,
    /// The clicks deleted with it (calls stay).
    clicks: i64,
}

/// Deletes a call-to-action and its clicks.
#[utoipa::path(post, path = "/cta/deleteCta/{id}", tag = "cta",
    params(("id" = String, Path, description = "The call-to-action's id")),
    responses((status = 200, body = CtaDeleted), (status = 404, description = "No such call-to-action in this account")))]
async fn delete_cta(
    State(state): State<AppState>,
    user: CtaUser,
    Path(id): Path<String>,
) -> Result<Json<CtaDeleted>, AppError> {
    user.require_edit()?;
    let clicks = cta::delete(&state.db, user.customer(), path_id(&id)?).await?.ok_or(AppError::NotFound)?;
    Ok(Json(CtaDeleted { success: true, clicks }))
}
