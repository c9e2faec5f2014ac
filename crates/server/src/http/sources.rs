//! Dynamic: Source / mediums (docs/sources-api.md). The account's source / medium
//! pairs with their visits and calls, the ordered rules that classify a visit (domain
//! `sources::classify`, which the page's tester runs through wasm), and the paid-click setting.
//! Every call needs the menu item (domain `menu_page_opens("/sources")`: the menu item and the page's guard);
//! changes need `sources::can_edit_sources`. Another customer's ids are 404.

use crate::http::kit::extract::Path;
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::sources::{
    can_edit_sources, describe_rule, pair_in_use, pairs_limit_problem, parse_rule, rules_limit_problem, validate_pair,
    PairForm, RuleForm, Ruleset, PAIR_NOT_UNIQUE,
};
use domain::{menu_page_opens, AccountState};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::db::violated_unique_index;
use crate::http::contract::{Done, Saved};
use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::recent::last_30_days;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::sources::{self as store, PairRow};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(source_list))
        .routes(routes!(source_page))
        .routes(routes!(insert_source))
        .routes(routes!(update_source))
        .routes(routes!(delete_source))
        .routes(routes!(insert_rule))
        .routes(routes!(update_rule))
        .routes(routes!(delete_rule))
        .routes(routes!(move_rule))
        .routes(routes!(update_settings))
}

/// The Source / mediums pages: the menu item and its guard; changes need the edit right.
pub struct SourcesRights;

impl PageRights for SourcesRights {
    fn opens(account: &AccountState) -> bool {
        menu_page_opens("/sources", account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_edit_sources(account)
    }
}

/// A user of the page.
pub type SourcesUser = PageUser<SourcesRights>;

/// A positive whole number, else 404 (an id in a path or form).
fn id_of(text: Option<&str>) -> Result<i64, AppError> {
    text.and_then(|t| t.trim().parse::<i64>().ok()).filter(|id| *id > 0).ok_or(AppError::NotFound)
}

/// A pair as the list shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceRow {
    id: i64,
    source: String,
    medium: String,
    /// The 'direct / none' default: every visit no rule matches.
    is_default: bool,
    /// Its rules.
    rules: i64,
    /// Visits classified into it in the last 30 days.
    visits30_days: i64,
    /// Inbound calls credited to it in the last 30 days.
    calls30_days: i64,
}

impl SourceRow {
    fn from_row(row: PairRow, default_id: i64) -> SourceRow {
        SourceRow {
            is_default: row.id == default_id,
            id: row.id,
            source: row.source,
            medium: row.medium,
            rules: row.rules,
            visits30_days: row.visits,
            calls30_days: row.calls,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SourcesPage {
    sources: Vec<SourceRow>,
    /// The pairs, the rules in order, the default and the setting: what the classifier reads.
    ruleset: Ruleset,
    can_edit: bool,
}

async fn ruleset_of(state: &AppState, customer: CustomerId) -> Result<Ruleset, AppError> {
    let mut conn = state.db.acquire().await?;
    Ok(store::ruleset(&mut conn, customer).await?)
}

/// The account's source / medium pairs with their visits and calls in the last 30 days, and the
/// ruleset (for the tester).
#[utoipa::path(get, path = "/managesources/getSources", tag = "dynamic", responses((status = 200, body = SourcesPage)))]
async fn source_list(State(state): State<AppState>, user: SourcesUser) -> Result<Json<SourcesPage>, AppError> {
    let ruleset = ruleset_of(&state, user.customer()).await?;
    let rows = store::pairs(&state.db, user.customer(), last_30_days(&state, user.zone())?).await?;
    Ok(Json(SourcesPage {
        sources: rows.into_iter().map(|r| SourceRow::from_row(r, ruleset.default_id)).collect(),
        ruleset,
        can_edit: can_edit_sources(&user.account),
    }))
}

/// A rule as a pair's page shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RuleRow {
    id: i64,
    /// Its place in the account's order, from 1.
    position: i64,
    field: domain::sources::RuleField,
    op: domain::sources::MatchOp,
    value: String,
    /// The rule in words: 'utm_source equals "bing"'.
    description: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SourcePage {
    source: SourceRow,
    rules: Vec<RuleRow>,
    /// The dynamic whispers that whisper for it, and the pools that play them.
    whispers: Vec<String>,
    pools: Vec<String>,
    /// Why it cannot be deleted ('' when it can).
    delete_refusal: String,
    ruleset: Ruleset,
    can_edit: bool,
}

/// A pair, its rules (with their places in the account's order) and who uses it.
#[utoipa::path(get, path = "/managesources/getSource/{id}", tag = "dynamic",
    params(("id" = String, Path, description = "The pair's id.")), responses((status = 200, body = SourcePage)))]
async fn source_page(
    State(state): State<AppState>,
    user: SourcesUser,
    Path(id): Path<String>,
) -> Result<Json<SourcePage>, AppError> {
    let id = id_of(Some(&id))?;
    let customer = user.customer();
    let row =
        store::pair(&state.db, customer, id, last_30_days(&state, user.zone())?).await?.ok_or(AppError::NotFound)?;
    let ruleset = ruleset_of(&state, customer).await?;
    let (whispers, pools) = store::users_of(&state.db, customer, id).await?;
    let rules = ruleset
        .rules
        .iter()
        .enumerate()
        .filter(|(_, r)| r.source_medium_id == id)
        .map(|(i, r)| RuleRow {
            id: r.id,
            position: i as i64 + 1,
            field: r.field,
            op: r.op,
            value: r.value.clone(),
            description: describe_rule(r),
        })
        .collect();
    Ok(Json(SourcePage {
        delete_refusal: pair_in_use(id == ruleset.default_id, &whispers, &pools).unwrap_or_default(),
        source: SourceRow::from_row(row, ruleset.default_id),
        rules,
        whispers,
        pools,
        ruleset,
        can_edit: can_edit_sources(&user.account),
    }))
}

/// The most characters an id field takes (an add ignores the id: any text of this length).
const ID_TEXT_MAX: usize = 30;

/// The most characters a pair's name takes as posted, before the domain's rule.
const NAME_RAW_MAX: usize = 1_000;

/// A pair's fields (the id only for an edit).
#[derive(Deserialize, Validate, ToSchema)]
struct PairFields {
    /// The record edited (an add ignores it).
    #[serde(default)]
    #[garde(length(chars, max = ID_TEXT_MAX))]
    #[schema(schema_with = crate::http::contract::bounds::text::<ID_TEXT_MAX>)]
    id: Option<String>,
    /// Domain `validate_pair` decides; the bound stops absurd input.
    #[serde(default)]
    #[garde(length(chars, max = NAME_RAW_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::source_name::<NAME_RAW_MAX>)]
    source: String,
    #[serde(default)]
    #[garde(length(chars, max = NAME_RAW_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::source_name::<NAME_RAW_MAX>)]
    medium: String,
}

async fn check_pair(state: &AppState, customer: CustomerId, except: i64, fields: &PairFields) -> Result<(), AppError> {
    let taken = store::taken(&state.db, customer, except).await?;
    let form = PairForm { source: fields.source.clone(), medium: fields.medium.clone() };
    let errors = validate_pair(&form, &taken);
    if errors.get("source") == Some(PAIR_NOT_UNIQUE) {
        return Err(AppError::Coded("SOURCE_MEDIUM_NOT_UNIQUE", errors));
    }
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    if let Some(problem) = pairs_limit_problem(taken.len()).filter(|_| except == 0) {
        return Err(AppError::field("source", problem));
    }
    Ok(())
}

fn not_unique(error: sqlx::Error) -> AppError {
    if violated_unique_index(&error).is_some() {
        let mut errors = domain::FieldErrors::new();
        errors.add("source", PAIR_NOT_UNIQUE);
        AppError::Coded("SOURCE_MEDIUM_NOT_UNIQUE", errors)
    } else {
        error.into()
    }
}

/// Adds a pair (form: `source`, `medium`).
#[utoipa::path(post, path = "/managesources/insertSource", tag = "dynamic",
    request_body(content((PairFields = "multipart/form-data"), (PairFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved)))]
async fn insert_source(
    State(state): State<AppState>,
    user: SourcesUser,
    Form { fields, .. }: Form<PairFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    check_pair(&state, user.customer(), 0, &fields).await?;
    let id = store::insert_pair(&state.db, user.customer(), fields.source.trim(), fields.medium.trim())
        .await
        .map_err(not_unique)?;
    Ok(Json(Saved { success: true, id }))
}

/// Renames a pair (form: `id`, `source`, `medium`).
#[utoipa::path(post, path = "/managesources/updateSource", tag = "dynamic",
    request_body(content((PairFields = "multipart/form-data"), (PairFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved)))]
async fn update_source(
    State(state): State<AppState>,
    user: SourcesUser,
    Form { fields, .. }: Form<PairFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let id = id_of(fields.id.as_deref())?;
    let customer = user.customer();
    store::pair(&state.db, customer, id, (0, 0)).await?.ok_or(AppError::NotFound)?;
    check_pair(&state, customer, id, &fields).await?;
    let updated = store::update_pair(&state.db, customer, id, fields.source.trim(), fields.medium.trim())
        .await
        .map_err(not_unique)?;
    if updated {
        Ok(Json(Saved { success: true, id }))
    } else {
        Err(AppError::NotFound)
    }
}

#[derive(Deserialize, Validate, ToSchema)]
struct IdField {
    #[serde(default)]
    #[garde(length(max = 30))]
    #[schema(schema_with = crate::http::contract::bounds::id)]
    id: Option<String>,
}

/// Deletes a pair and its rules; refused (422 under `id`, naming them) while a dynamic whisper
/// or a pool uses it, and for the default.
#[utoipa::path(post, path = "/managesources/deleteSource", tag = "dynamic",
    request_body(content((IdField = "multipart/form-data"), (IdField = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn delete_source(
    State(state): State<AppState>,
    user: SourcesUser,
    Form { fields, .. }: Form<IdField>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let id = id_of(fields.id.as_deref())?;
    let customer = user.customer();
    store::pair(&state.db, customer, id, (0, 0)).await?.ok_or(AppError::NotFound)?;
    let default_id = ruleset_of(&state, customer).await?.default_id;
    let (whispers, pools) = store::users_of(&state.db, customer, id).await?;
    if let Some(refusal) = pair_in_use(id == default_id, &whispers, &pools) {
        return Err(AppError::field("id", refusal));
    }
    if store::delete_pair(&state.db, customer, id).await? {
        Ok(Json(Done { success: true }))
    } else {
        Err(AppError::NotFound)
    }
}

/// A rule's fields: `sourceId` its pair (for an add, and to move it to another pair on an edit),
/// `field`, `op` and `value` as domain `validate_rule` reads them.
#[derive(Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SourceRuleFields {
    /// The record edited (an add ignores it).
    #[serde(default)]
    #[garde(length(chars, max = ID_TEXT_MAX))]
    #[schema(schema_with = crate::http::contract::bounds::text::<ID_TEXT_MAX>)]
    id: Option<String>,
    #[serde(default)]
    #[garde(length(max = 30))]
    #[schema(schema_with = crate::http::contract::bounds::id)]
    source_id: Option<String>,
    #[serde(default)]
    #[garde(length(max = 40))]
    #[schema(required = true, schema_with = rule_fields)]
    field: String,
    #[serde(default)]
    #[garde(length(max = 40))]
    op: String,
    #[serde(default)]
    #[garde(length(chars, max = 2_000))]
    value: String,
}

type ParsedRule = (domain::sources::RuleField, domain::sources::MatchOp, String);

fn parse(fields: &SourceRuleFields) -> Result<ParsedRule, AppError> {
    let form = RuleForm { field: fields.field.clone(), op: fields.op.clone(), value: fields.value.clone() };
    parse_rule(&form).map_err(AppError::Validation)
}

/// The customer's pair named by `sourceId`, else 404.
async fn own_pair(state: &AppState, customer: CustomerId, text: Option<&str>) -> Result<i64, AppError> {
    let id = id_of(text)?;
    store::pair(&state.db, customer, id, (0, 0)).await?.ok_or(AppError::NotFound)?;
    Ok(id)
}

/// Adds a rule to a pair, last in the account's order.
#[utoipa::path(post, path = "/managesources/insertRule", tag = "dynamic",
    request_body(content((SourceRuleFields = "multipart/form-data"), (SourceRuleFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved)))]
async fn insert_rule(
    State(state): State<AppState>,
    user: SourcesUser,
    Form { fields, .. }: Form<SourceRuleFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let pair = own_pair(&state, customer, fields.source_id.as_deref()).await?;
    let (field, op, value) = parse(&fields)?;
    let mut conn = state.db.acquire().await?;
    if let Some(problem) = rules_limit_problem(store::rules(&mut conn, customer).await?.len()) {
        return Err(AppError::field("field", problem));
    }
    drop(conn);
    let mut tx = crate::db::begin_write(&state.db).await?;
    let id = store::insert_rule(&mut tx, customer, pair, (field, op, &value), state.clock.now()).await?;
    tx.commit().await?;
    Ok(Json(Saved { success: true, id }))
}

/// Changes a rule (form: `id`, `field`, `op`, `value`, and `sourceId` to give it to another pair).
#[utoipa::path(post, path = "/managesources/updateRule", tag = "dynamic",
    request_body(content((SourceRuleFields = "multipart/form-data"), (SourceRuleFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved)))]
async fn update_rule(
    State(state): State<AppState>,
    user: SourcesUser,
    Form { fields, .. }: Form<SourceRuleFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let id = id_of(fields.id.as_deref())?;
    let current = store::rule_pair(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let pair = match fields.source_id.as_deref().filter(|s| !s.trim().is_empty()) {
        Some(text) => own_pair(&state, customer, Some(text)).await?,
        None => current,
    };
    let (field, op, value) = parse(&fields)?;
    if store::update_rule(&state.db, customer, id, pair, (field, op, &value)).await? {
        Ok(Json(Saved { success: true, id }))
    } else {
        Err(AppError::NotFound)
    }
}

/// Deletes a rule.
#[utoipa::path(post, path = "/managesources/deleteRule", tag = "dynamic",
    request_body(content((IdField = "multipart/form-data"), (IdField = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn delete_rule(
    State(state): State<AppState>,
    user: SourcesUser,
    Form { fields, .. }: Form<IdField>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let id = id_of(fields.id.as_deref())?;
    if store::delete_rule(&state.db, user.customer(), id).await? {
        Ok(Json(Done { success: true }))
    } else {
        Err(AppError::NotFound)
    }
}

fn rule_fields() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds::keys(domain::sources::RuleField::ALL.map(domain::sources::RuleField::key))
}

/// A move's directions, and whether each is up.
const MOVES: [(&str, bool); 2] = [("up", true), ("down", false)];

fn move_directions() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds::keys(MOVES.map(|(key, _)| key))
}

/// The paid-overrides setting's values, and whether each is on.
const SWITCH: [(&str, bool); 4] = [("1", true), ("true", true), ("0", false), ("false", false)];

fn switch_values() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds::keys(SWITCH.map(|(key, _)| key))
}

#[derive(Deserialize, Validate, ToSchema)]
struct MoveFields {
    #[serde(default)]
    #[garde(length(max = 30))]
    #[schema(schema_with = crate::http::contract::bounds::id)]
    id: Option<String>,
    /// 'up' (earlier, stronger within its level) or 'down'.
    #[serde(default)]
    #[garde(length(max = 10))]
    #[schema(required = true, schema_with = move_directions)]
    direction: String,
}

/// Moves a rule one place up or down in the account's order (within a level, the earlier rule
/// wins); at either end it stays.
#[utoipa::path(post, path = "/managesources/moveRule", tag = "dynamic",
    request_body(content((MoveFields = "multipart/form-data"), (MoveFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn move_rule(
    State(state): State<AppState>,
    user: SourcesUser,
    Form { fields, .. }: Form<MoveFields>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let id = id_of(fields.id.as_deref())?;
    let up = match MOVES.iter().find(|(key, _)| *key == fields.direction) {
        Some((_, up)) => *up,
        None => return Err(AppError::field("direction", "Choose up or down.")),
    };
    if store::move_rule(&state.db, user.customer(), id, up).await? {
        Ok(Json(Done { success: true }))
    } else {
        Err(AppError::NotFound)
    }
}

#[derive(Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SettingsFields {
    /// '1' lets a paid click (gclid, msclkid, a paid utm_medium) override a first touch.
    #[serde(default)]
    #[garde(length(max = 10))]
    #[schema(required = true, schema_with = switch_values)]
    paid_overrides: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Settings {
    paid_overrides: bool,
}

/// First touch holds for 30 days; with `paidOverrides` 1 a paid click overrides it.
#[utoipa::path(post, path = "/managesources/updateSettings", tag = "dynamic",
    request_body(content((SettingsFields = "multipart/form-data"), (SettingsFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Settings)))]
async fn update_settings(
    State(state): State<AppState>,
    user: SourcesUser,
    Form { fields, .. }: Form<SettingsFields>,
) -> Result<Json<Settings>, AppError> {
    user.require_edit()?;
    let on = match SWITCH.iter().find(|(key, _)| *key == fields.paid_overrides) {
        Some((_, on)) => *on,
        None => return Err(AppError::field("paidOverrides", "Choose on or off.")),
    };
    store::set_paid_overrides(&state.db, user.customer(), on).await?;
    Ok(Json(Settings { paid_overrides: on }))
}
