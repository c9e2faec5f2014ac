//! Track Sales (/tracksales, docs/sales-api.md): how a sale is matched to a call, and
//! the revenue by source / medium and campaign over a period, with the latest sales and the
//! calls they matched. The page needs its menu item (domain `sales::opens_track_sales`, the
//! `integration_track_sales` scope); the settings need an administrator. Saving them matches every
//! sale of the account again.

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::Json;
use domain::reports::{format_uk, preset_from_query, report_period};
use domain::sales::{
    can_edit_matching, match_rate, opens_track_sales, parse_match_form, MatchBy, MatchForm, MATCH_DAYS_MAX,
    MATCH_DAYS_MIN,
};
use domain::{format_date_time, format_money, AccountState, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::sales as store;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_sales)).routes(routes!(save_matching))
}

/// Sales the page lists.
const LATEST: i64 = 20;

pub struct TrackSalesRights;

impl PageRights for TrackSalesRights {
    fn opens(account: &AccountState) -> bool {
        opens_track_sales(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_edit_matching(account)
    }
}

pub type TrackSalesUser = PageUser<TrackSalesRights>;

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct SalesQuery {
    /// today, yesterday, last7Days, last30Days (the default), thisMonth, lastMonth or custom.
    #[param(max_length = 20)]
    preset: Option<String>,
    /// A custom range's first day, YYYY-MM-DD.
    #[param(max_length = 10)]
    from: Option<String>,
    /// A custom range's last day, YYYY-MM-DD.
    #[param(max_length = 10)]
    to: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MatchOption {
    key: MatchBy,
    label: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesMatching {
    match_by: MatchBy,
    match_days: i64,
    options: Vec<MatchOption>,
    min_days: i64,
    max_days: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RevenueLine {
    /// What the sales are credited to; '' for sales matched to no call (or a call without one).
    label: String,
    sales: i64,
    /// "1,234.50" (pounds).
    revenue: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SaleLine {
    id: i64,
    /// In the account's zone.
    time: String,
    /// UK format; '' when none.
    phone: String,
    reference: String,
    value: String,
    /// The call it matched, for a link to its details.
    call_id: Option<i64>,
    credited: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TrackSalesPage {
    matching: SalesMatching,
    can_edit: bool,
    first_day: String,
    last_day: String,
    sales: i64,
    matched: i64,
    /// Whole percent of the sales matched to a call; null without sales.
    match_rate: Option<i64>,
    revenue: String,
    by_source: Vec<RevenueLine>,
    by_campaign: Vec<RevenueLine>,
    latest: Vec<SaleLine>,
}

fn pounds(pence: i64) -> String {
    format_money(pence as f64 / 100.0)
}

fn lines(rows: Vec<store::RevenueRow>) -> Vec<RevenueLine> {
    rows.into_iter().map(|r| RevenueLine { label: r.label, sales: r.sales, revenue: pounds(r.value_pence) }).collect()
}

/// The matching settings, and the period's sales: totals, revenue by source / medium and by
/// campaign, the latest sales.
#[utoipa::path(get, path = "/tracksales/getSales", tag = "sales", params(crate::http::contract::bounds::PeriodParams),
    responses((status = 200, body = TrackSalesPage), (status = 403, description = "No Track Sales menu item"),
        (status = 422, description = "preset, from")))]
async fn get_sales(
    State(state): State<AppState>,
    user: TrackSalesUser,
    Query(query): Query<SalesQuery>,
) -> Result<Json<TrackSalesPage>, AppError> {
    let refuse = |field: &str, message: String| {
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        AppError::Validation(errors)
    };
    // The bounds the contract states (a day is YYYY-MM-DD), before anything is read.
    for (field, value, max) in [("preset", &query.preset, 20), ("from", &query.from, 10), ("to", &query.to, 10)] {
        if value.as_deref().is_some_and(|v| v.chars().count() > max) {
            return Err(refuse(field, format!("{field} must not exceed {max} characters.")));
        }
    }
    let preset = preset_from_query(query.preset.as_deref(), query.from.as_deref(), query.to.as_deref())
        .map_err(|m| refuse("preset", m))?;
    let zone = user.zone().to_string();
    let period = report_period(&preset, state.clock.now(), &zone).map_err(|m| refuse("from", m))?;
    let (customer, range) = (user.customer(), (period.start, period.end));
    let settings = store::settings(&state.db, customer).await?;
    let (sales, matched, revenue) = store::totals(&state.db, customer, range).await?;
    let latest = store::latest(&state.db, customer, range, LATEST)
        .await?
        .into_iter()
        .map(|s| SaleLine {
            id: s.id,
            time: format_date_time(s.sold_at, &zone),
            phone: if s.phone.is_empty() { String::new() } else { format_uk(&s.phone) },
            reference: s.reference,
            value: pounds(s.value_pence),
            call_id: s.call_id,
            credited: s.credited,
        })
        .collect();
    Ok(Json(TrackSalesPage {
        matching: SalesMatching {
            match_by: settings.match_by,
            match_days: settings.match_days,
            options: MatchBy::ALL.into_iter().map(|key| MatchOption { key, label: key.label().to_string() }).collect(),
            min_days: MATCH_DAYS_MIN,
            max_days: MATCH_DAYS_MAX,
        },
        can_edit: user.can_edit(),
        first_day: period.first_day,
        last_day: period.last_day,
        sales,
        matched,
        match_rate: match_rate(matched, sales),
        revenue: pounds(revenue),
        by_source: lines(store::by_source(&state.db, customer, range).await?),
        by_campaign: lines(store::by_campaign(&state.db, customer, range).await?),
        latest,
    }))
}

/// The matching form.
#[derive(Deserialize, Validate, ToSchema)]
struct MatchingFields {
    /// callerNumber or callId.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::match_by)]
    form_match_by: String,
    /// 1 to 90.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::whole_in::<{ domain::sales::MATCH_DAYS_MIN }, { domain::sales::MATCH_DAYS_MAX }>)]
    form_match_days: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MatchingSaved {
    success: bool,
    /// Sales of the account matched to a call under the new settings.
    matched: i64,
}

/// Saves how sales are matched, and matches every sale of the account again.
#[utoipa::path(post, path = "/tracksales/saveMatching", tag = "sales",
    request_body(content((MatchingFields = "multipart/form-data"), (MatchingFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = MatchingSaved), (status = 403, description = "Not an administrator"),
        (status = 422, description = "form_match_by, form_match_days")))]
async fn save_matching(
    State(state): State<AppState>,
    user: TrackSalesUser,
    Form { fields, .. }: Form<MatchingFields>,
) -> Result<Json<MatchingSaved>, AppError> {
    user.require_edit()?;
    let settings = parse_match_form(&MatchForm { match_by: fields.form_match_by, match_days: fields.form_match_days })
        .map_err(AppError::Validation)?;
    let matched = store::save_settings_and_rematch(&state.db, user.customer(), &settings).await?;
    Ok(Json(MatchingSaved { success: true, matched }))
}
