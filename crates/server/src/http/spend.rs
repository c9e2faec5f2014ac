//! Ad spend (/reports/spend): a month's spend by source / medium, campaign and number, day by day, as
//! entered by hand and as imported from the connected ad platforms with each import's state in
//! words; and a month's table of one line saved at once. Reading needs the reports permission;
//! saving an administrator or owner as well. The rules are domain `spend`.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::Json;
use domain::billing::invoice::{local_date, pounds_text};
use domain::conversions::Platform;
use domain::spend::{self, import_words, ImportState, SpendMonthForm, SpendOrigin};
use domain::AuthLevel;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::bounds;
use crate::http::kit::error::AppError;
use crate::http::kit::extract::Query;
use crate::http::kit::typed_form::Form;
use crate::http::reports::{named_lines, ReportsUser};
use crate::state::AppState;
use crate::store::ad_spend::{self, SpendOn};
use crate::store::call_credit::Breakdown;
use crate::store::{conversions, CustomerId};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_month)).routes(routes!(save_month))
}

/// A month's amounts as posted: at most 31 days, each a short amount.
const AMOUNT_RAW_MAX: usize = 40;
const DAYS_MAX: usize = 31;
/// The name of a line whose source, campaign or number was since deleted or released.
const NO_LONGER_LISTED: &str = "No longer listed";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct MonthQuery {
    /// YYYY-MM; this month when empty.
    month: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SpendChoice {
    id: i64,
    label: String,
}

/// One line of the month: what it is on, where it came from, and each day's pence (null none).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SpendLine {
    source_medium_id: Option<i64>,
    campaign_id: Option<i64>,
    /// A static number's or a pool's id.
    routing_entry_id: Option<i64>,
    /// "google / cpc · spring_offer", "Local radio · 01632 960 123".
    label: String,
    /// domain `spend::SpendOrigin` key: manual, google_ads, microsoft_ads, meta_ads.
    origin: String,
    /// "Entered by hand", "Imported from Google Ads".
    origin_label: String,
    days: Vec<Option<i64>>,
    /// "£1,234.50".
    total: String,
}

/// A platform's import in words.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SpendImport {
    platform: String,
    label: String,
    connected: bool,
    state: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SpendMonth {
    /// YYYY-MM.
    month: String,
    /// "November 2026".
    month_label: String,
    /// Every day of the month, YYYY-MM-DD.
    days: Vec<String>,
    /// The account's today, YYYY-MM-DD (the last month a table may be entered for).
    today: String,
    lines: Vec<SpendLine>,
    /// "£2,345.00".
    total: String,
    sources: Vec<SpendChoice>,
    campaigns: Vec<SpendChoice>,
    /// The account's static numbers and pools.
    numbers: Vec<SpendChoice>,
    imports: Vec<SpendImport>,
    can_edit: bool,
}

/// What a line of the month is on and where it came from.
type LineKey = (SpendOn, String);

fn can_edit(user: &ReportsUser) -> bool {
    user.account.user_auth_code >= AuthLevel::ADMINISTRATOR
}

fn today(state: &AppState, user: &ReportsUser) -> Result<String, AppError> {
    local_date(state.clock.now(), &user.account.customer_time_zone).map_err(AppError::Internal)
}

/// The account's sources / mediums, campaigns and numbers a line of spend may be on, named as
/// the reports name them.
struct Choices {
    sources: Vec<SpendChoice>,
    campaigns: Vec<SpendChoice>,
    numbers: Vec<SpendChoice>,
}

impl Choices {
    async fn of(state: &AppState, customer: CustomerId) -> Result<Choices, AppError> {
        let list = |by| async move {
            let lines = named_lines(state, customer, by).await?;
            Ok::<_, AppError>(lines.into_iter().map(|(id, label)| SpendChoice { id, label }).collect())
        };
        Ok(Choices {
            sources: list(Breakdown::Source).await?,
            campaigns: list(Breakdown::Campaign).await?,
            numbers: list(Breakdown::Number).await?,
        })
    }

    /// "google / cpc · Local radio · 01632 960 123": the names of what a line is on, or
    /// Err(id) for an id that is not among the account's.
    fn label(&self, on: &SpendOn) -> Result<String, i64> {
        let name = |list: &[SpendChoice], id: Option<i64>| match id {
            None => Ok(None),
            Some(id) => list.iter().find(|c| c.id == id).map(|c| Some(c.label.clone())).ok_or(id),
        };
        let names = [
            name(&self.sources, on.source_medium_id)?,
            name(&self.campaigns, on.campaign_id)?,
            name(&self.numbers, on.routing_entry_id)?,
        ];
        Ok(names.into_iter().flatten().collect::<Vec<_>>().join(" · "))
    }
}

/// A month's spend, day by day, with the imports' states.
#[utoipa::path(get, path = "/spend/getMonth", tag = "reports", params(MonthQuery),
    responses((status = 200, body = SpendMonth), (status = 403, description = "No reports permission"),
        (status = 422, description = "A month that is not one")))]
async fn get_month(
    State(state): State<AppState>,
    user: ReportsUser,
    Query(query): Query<MonthQuery>,
) -> Result<Json<SpendMonth>, AppError> {
    let today = today(&state, &user)?;
    let asked = query.month.as_deref().map(str::trim).filter(|m| !m.is_empty()).unwrap_or(&today[..7]).to_string();
    let first = spend::parse_month(&asked, &today).map_err(|message| AppError::field("month", message))?;
    let days = spend::month_days(first);
    let (first_day, last_day) = (days[0].clone(), days[days.len() - 1].clone());
    let customer = user.customer();
    let choices = Choices::of(&state, customer).await?;
    let mut grouped: BTreeMap<LineKey, Vec<Option<i64>>> = BTreeMap::new();
    let mut total = 0;
    for day in ad_spend::days(&state.db, customer, (&first_day, &last_day)).await? {
        let Some(at) = days.iter().position(|d| *d == day.day) else { continue };
        let line = grouped
            .entry((
                SpendOn {
                    source_medium_id: day.source_medium_id,
                    campaign_id: day.campaign_id,
                    routing_entry_id: day.routing_entry_id,
                },
                day.origin,
            ))
            .or_insert_with(|| vec![None; days.len()]);
        line[at] = Some(line[at].unwrap_or(0) + day.amount_pence);
        total += day.amount_pence;
    }
    let lines = grouped
        .into_iter()
        .map(|((on, origin), amounts)| {
            // A line on something since deleted or released keeps its spend, unnamed.
            let label = choices.label(&on).unwrap_or_else(|_| NO_LONGER_LISTED.to_string());
            SpendLine {
                source_medium_id: on.source_medium_id,
                campaign_id: on.campaign_id,
                routing_entry_id: on.routing_entry_id,
                label,
                origin_label: SpendOrigin::from_key(&origin).map_or("", SpendOrigin::label).to_string(),
                origin,
                total: pounds_text(amounts.iter().flatten().sum()),
                days: amounts,
            }
        })
        .collect();
    let connected = conversions::connected(&state.db, customer).await?;
    let mut imports = Vec::new();
    for platform in Platform::ALL {
        let is_connected = connected.iter().any(|c| c == platform.key());
        let state_now = if is_connected {
            ad_spend::import_state(&state.db, customer, platform.key()).await?
        } else {
            ImportState::NotConnected
        };
        imports.push(SpendImport {
            platform: platform.key().to_string(),
            label: platform.label().to_string(),
            connected: is_connected,
            state: import_words(platform, &state_now, &user.account.customer_time_zone),
        });
    }
    Ok(Json(SpendMonth {
        month: first.format("%Y-%m").to_string(),
        month_label: spend::month_label(first),
        days,
        today,
        lines,
        total: pounds_text(total),
        sources: choices.sources,
        campaigns: choices.campaigns,
        numbers: choices.numbers,
        imports,
        can_edit: can_edit(&user),
    }))
}

/// A month's table of one line, as posted.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct SaveMonth {
    /// YYYY-MM.
    #[serde(default)]
    #[garde(length(chars, max = 7))]
    #[schema(required = true, schema_with = bounds::text::<7>)]
    month: String,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(schema_with = bounds::id)]
    sourceMediumId: Option<i64>,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(schema_with = bounds::id)]
    campaignId: Option<i64>,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(schema_with = bounds::id)]
    routingEntryId: Option<i64>,
    /// Pounds, one a day of the month in order ('' none).
    #[serde(default, rename = "amounts[]")]
    #[garde(length(max = DAYS_MAX), inner(length(chars, max = AMOUNT_RAW_MAX)))]
    #[schema(required = true)]
    amounts: Vec<String>,
}

#[derive(Serialize, ToSchema)]
struct SpendSaved {
    success: bool,
    /// "Saved the spend on google / cpc for November 2026: £1,234.50 over 12 days."
    message: String,
}

/// Saves a month's table of one line, replacing what was entered by hand for it that month.
#[utoipa::path(post, path = "/spend/saveMonth", tag = "reports", request_body(content = SaveMonth, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = SpendSaved), (status = 403, description = "Not an administrator or owner"),
        (status = 404, description = "A source, campaign or number that is not the account's"),
        (status = 422, description = "Each field's message")))]
async fn save_month(
    State(state): State<AppState>,
    user: ReportsUser,
    Form { fields: form, .. }: Form<SaveMonth>,
) -> Result<Json<SpendSaved>, AppError> {
    if !can_edit(&user) {
        return Err(AppError::Forbidden);
    }
    let today = today(&state, &user)?;
    let posted = SpendMonthForm {
        month: form.month,
        source_medium_id: form.sourceMediumId,
        campaign_id: form.campaignId,
        routing_entry_id: form.routingEntryId,
        amounts: form.amounts,
    };
    let spent = spend::parse_month_form(&posted, &today).map_err(AppError::Validation)?;
    let customer = user.customer();
    let on = SpendOn {
        source_medium_id: posted.source_medium_id,
        campaign_id: posted.campaign_id,
        routing_entry_id: posted.routing_entry_id,
    };
    let on_label = Choices::of(&state, customer).await?.label(&on).map_err(|_| AppError::NotFound)?;
    let first = spend::parse_month(&posted.month, &today).map_err(|m| AppError::field("month", m))?;
    let days = spend::month_days(first);
    let month = (days[0].as_str(), days[days.len() - 1].as_str());
    ad_spend::save_month(&state.db, customer, on, month, &spent, state.clock.now()).await?;
    let total: i64 = spent.iter().map(|(_, pence)| pence).sum();
    let message = if spent.is_empty() {
        format!("Cleared the spend on {on_label} for {}.", spend::month_label(first))
    } else {
        format!(
            "Saved the spend on {on_label} for {}: {} over {} {}.",
            spend::month_label(first),
            pounds_text(total),
            spent.len(),
            if spent.len() == 1 { "day" } else { "days" }
        )
    };
    Ok(Json(SpendSaved { success: true, message }))
}
