//! Call routing part 2, the simpler entities (docs/routing-api.md "Part 2"): call
//! categories, report groups and secondary report groups, and in-call attribution plans here;
//! DTMF plans and DTMF IVRs in `dtmf`, dynamic whispers in `whispers`. The rules and messages
//! are the domain's; the server adds uniqueness against stored rows, ownership of every id
//! (404) and permission (reads need an advanced routing scope, writes an administrator with one).

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::names::DESCRIPTION_NOT_UNIQUE;
use domain::routing::history::RecordKind;
use domain::routing::in_call;
use domain::routing::{
    validate_category, validate_in_call_attribution, validate_report_group, GroupForm, InCallAttributionForm,
    GROUP_DESCRIPTION_MAX,
};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::library::refused;
use super::RoutingUser;
use crate::http::contract::bounds;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::routing::draft::RecordedWrite;
use crate::routing::draft::RoutingRead;
use crate::state::AppState;
use crate::store::routing_extras::{self as store, GroupKind};

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(categories))
        .routes(routes!(categories_slash))
        .routes(routes!(create_category))
        .routes(routes!(create_category_slash))
        .routes(routes!(update_category))
        .routes(routes!(update_category_slash))
        .routes(routes!(add_report_group))
        .routes(routes!(add_report_group_slash))
        .routes(routes!(update_report_group))
        .routes(routes!(update_report_group_slash))
        .routes(routes!(report_groups))
        .routes(routes!(report_groups_slash))
        .routes(routes!(add_secondary_report_group))
        .routes(routes!(add_secondary_report_group_slash))
        .routes(routes!(update_secondary_report_group))
        .routes(routes!(update_secondary_report_group_slash))
        .routes(routes!(secondary_report_groups))
        .routes(routes!(secondary_report_groups_slash))
        .routes(routes!(in_call_attributions))
        .routes(routes!(in_call_attributions_bare))
        .routes(routes!(save_in_call))
        .routes(routes!(attribution_options))
}

/// Far above the domain's limits: only absurd input stops here.
pub(super) const TEXT_MAX: usize = 1_000;

/// A number field: `default` when absent or empty, -1 (refused by the domain) when not a number.
pub(super) fn number(value: &str, default: i64) -> i64 {
    match value.trim() {
        "" => default,
        typed => typed.parse().unwrap_or(-1),
    }
}

/// An id field: 0 when absent, empty or not a number.
pub(super) fn id(value: &str) -> i64 {
    value.trim().parse().unwrap_or(0)
}

pub(super) fn not_found_unless(owned: bool) -> Result<(), AppError> {
    if owned {
        Ok(())
    } else {
        Err(AppError::NotFound)
    }
}

pub(super) fn ids(list: &[i64]) -> Vec<i64> {
    list.iter().copied().filter(|&id| id > 0).collect()
}

/// A record of a selector list: a category, report group, DTMF plan or dynamic whisper.
#[derive(Serialize, ToSchema)]
pub(super) struct RoutingChoice {
    pub id: i64,
    pub description: String,
}

/// A saved record's id.
#[derive(Serialize, ToSchema)]
pub(super) struct RoutingSaved {
    pub success: bool,
    pub id: i64,
}

// ---- Categories and report groups ------------------------------------------------------------

#[derive(Serialize, ToSchema)]
struct CategoryList {
    categories: Vec<RoutingChoice>,
}

/// The selector of the IVR keys and the DTMF IVR keys. Like the other selector lists of part 1,
/// any routing user may read it.
#[utoipa::path(get, path = "/manageroutings/getCategories", tag = "routing",
    responses((status = 200, body = CategoryList)))]
async fn categories(State(state): State<AppState>, user: RoutingUser) -> Result<Json<CategoryList>, AppError> {
    let categories = group_values(&state, &user, GroupKind::Category).await?;
    Ok(Json(CategoryList { categories }))
}
twin!(get categories_slash, "/manageroutings/getCategories/", categories, CategoryList;
    state: State<AppState>, user: RoutingUser);

async fn group_values(state: &AppState, user: &RoutingUser, kind: GroupKind) -> Result<Vec<RoutingChoice>, AppError> {
    let mut view = RoutingRead::open(state, user.customer()).await?;
    Ok(store::groups(&mut view, kind, user.customer())
        .await?
        .into_iter()
        .map(|g| RoutingChoice { id: g.id, description: g.description })
        .collect())
}

/// Checks and stores a category or report group (`id` 0 adds); answers its id.
async fn save_group(
    state: &AppState,
    user: &RoutingUser,
    kind: GroupKind,
    id: i64,
    description: &str,
) -> Result<i64, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut write = RecordedWrite::begin(state, user, kind.record_kind(), id).await?;
    if id != 0 && store::find_group(&mut *write.write.tx, kind, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let group = GroupForm { description: description.trim().to_string() };
    let taken = store::group_descriptions(&mut write.write.tx, kind, customer, id).await?;
    let checked = match kind {
        GroupKind::Category => validate_category(&group, &taken),
        _ => validate_report_group(&group, &taken),
    };
    checked.map_err(|e| refused(e, "form_description", DESCRIPTION_NOT_UNIQUE))?;
    let saved = store::save_group(&mut write.write.tx, kind, customer, id, &group.description).await?;
    write.commit(state, saved).await?;
    Ok(saved)
}

/// A category as posted (`form_customer_id` is ignored: the customer is the session's).
#[derive(Deserialize, Validate, ToSchema)]
struct CategoryRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<GROUP_DESCRIPTION_MAX, TEXT_MAX>)]
    form_description: String,
    /// The category changed (updateExisting only).
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_record_id: String,
}

#[utoipa::path(post, path = "/managecallcategories/createNew", tag = "routing",
    request_body(content((CategoryRequest = "multipart/form-data"), (CategoryRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = RoutingSaved)))]
async fn create_category(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<CategoryRequest>,
) -> Result<Json<RoutingSaved>, AppError> {
    let id = save_group(&state, &user, GroupKind::Category, 0, &form.fields.form_description).await?;
    Ok(Json(RoutingSaved { success: true, id }))
}
twin!(post create_category_slash, "/managecallcategories/createNew/", create_category, CategoryRequest, RoutingSaved;
    state: State<AppState>, user: RoutingUser, form: Form<CategoryRequest>);

#[utoipa::path(post, path = "/managecallcategories/updateExisting", tag = "routing",
    request_body(content((CategoryRequest = "multipart/form-data"), (CategoryRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = RoutingSaved)))]
async fn update_category(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<CategoryRequest>,
) -> Result<Json<RoutingSaved>, AppError> {
    let record = id(&form.fields.form_record_id);
    if record <= 0 {
        user.require_edit()?;
        return Err(AppError::NotFound);
    }
    let saved = save_group(&state, &user, GroupKind::Category, record, &form.fields.form_description).await?;
    Ok(Json(RoutingSaved { success: true, id: saved }))
}
twin!(post update_category_slash, "/managecallcategories/updateExisting/", update_category, CategoryRequest,
    RoutingSaved; state: State<AppState>, user: RoutingUser, form: Form<CategoryRequest>);

/// A number (`NumbNGNumber`) a report group's change reaches.
#[derive(Serialize, ToSchema)]
struct GroupNumber {
    #[serde(rename = "NumbNGNumber")]
    number: String,
}

/// A pool (`VlnsDescription`) a report group's change reaches.
#[derive(Serialize, ToSchema)]
struct GroupPool {
    #[serde(rename = "VlnsDescription")]
    pool: String,
}

#[derive(Serialize, ToSchema)]
struct AffectedPoolsAndNumbers {
    numbers: Vec<GroupNumber>,
    number_sets: Vec<GroupPool>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ReportGroupSaved {
    success: bool,
    id: i64,
    affected_pools_and_numbers: AffectedPoolsAndNumbers,
}

/// The numbers and pools a report group's change reaches (through the IVRs carrying it).
async fn affected_pools_and_numbers(
    state: &AppState,
    user: &RoutingUser,
    kind: GroupKind,
    id: i64,
) -> Result<AffectedPoolsAndNumbers, AppError> {
    let mut view = RoutingRead::open(state, user.customer()).await?;
    let (numbers, pools) = store::numbers_using_group(&mut view, user.customer(), kind, id).await?;
    Ok(AffectedPoolsAndNumbers {
        numbers: numbers.into_iter().map(|number| GroupNumber { number }).collect(),
        number_sets: pools.into_iter().map(|pool| GroupPool { pool }).collect(),
    })
}

/// A report group as posted.
#[derive(Deserialize, Validate, ToSchema)]
struct ReportGroupRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required_report_group::<GROUP_DESCRIPTION_MAX, TEXT_MAX>)]
    form_description: String,
    /// The group changed (updateReportGroup only).
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_id: String,
}

async fn add_group(
    state: &AppState,
    user: &RoutingUser,
    form: &ReportGroupRequest,
    kind: GroupKind,
) -> Result<Json<ReportGroupSaved>, AppError> {
    let id = save_group(state, user, kind, 0, &form.form_description).await?;
    let affected = affected_pools_and_numbers(state, user, kind, id).await?;
    Ok(Json(ReportGroupSaved { success: true, id, affected_pools_and_numbers: affected }))
}

async fn update_group(
    state: &AppState,
    user: &RoutingUser,
    form: &ReportGroupRequest,
    kind: GroupKind,
) -> Result<Json<ReportGroupSaved>, AppError> {
    let record = id(&form.form_id);
    if record <= 0 {
        user.require_edit()?;
        return Err(AppError::NotFound);
    }
    let id = save_group(state, user, kind, record, &form.form_description).await?;
    let affected = affected_pools_and_numbers(state, user, kind, id).await?;
    Ok(Json(ReportGroupSaved { success: true, id, affected_pools_and_numbers: affected }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ReportGroupList {
    report_groups: Vec<RoutingChoice>,
}

async fn group_list(state: &AppState, user: &RoutingUser, kind: GroupKind) -> Result<Json<ReportGroupList>, AppError> {
    user.require_advanced()?;
    Ok(Json(ReportGroupList { report_groups: group_values(state, user, kind).await? }))
}

#[utoipa::path(post, path = "/managereportgroup/addReportGroup", tag = "routing",
    request_body(content((ReportGroupRequest = "multipart/form-data"), (ReportGroupRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ReportGroupSaved)))]
async fn add_report_group(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<ReportGroupRequest>,
) -> Result<Json<ReportGroupSaved>, AppError> {
    add_group(&state, &user, &form.fields, GroupKind::ReportGroup).await
}
twin!(post add_report_group_slash, "/managereportgroup/addReportGroup/", add_report_group, ReportGroupRequest,
    ReportGroupSaved; state: State<AppState>, user: RoutingUser, form: Form<ReportGroupRequest>);

#[utoipa::path(post, path = "/managereportgroup/updateReportGroup", tag = "routing",
    request_body(content((ReportGroupRequest = "multipart/form-data"), (ReportGroupRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ReportGroupSaved)))]
async fn update_report_group(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<ReportGroupRequest>,
) -> Result<Json<ReportGroupSaved>, AppError> {
    update_group(&state, &user, &form.fields, GroupKind::ReportGroup).await
}
twin!(post update_report_group_slash, "/managereportgroup/updateReportGroup/", update_report_group,
    ReportGroupRequest, ReportGroupSaved; state: State<AppState>, user: RoutingUser, form: Form<ReportGroupRequest>);

#[utoipa::path(get, path = "/managereportgroup/getReportGroups", tag = "routing",
    responses((status = 200, body = ReportGroupList)))]
async fn report_groups(State(state): State<AppState>, user: RoutingUser) -> Result<Json<ReportGroupList>, AppError> {
    group_list(&state, &user, GroupKind::ReportGroup).await
}
twin!(get report_groups_slash, "/managereportgroup/getReportGroups/", report_groups, ReportGroupList;
    state: State<AppState>, user: RoutingUser);

#[utoipa::path(post, path = "/managesecondaryreportgroup/addReportGroup", tag = "routing",
    request_body(content((ReportGroupRequest = "multipart/form-data"), (ReportGroupRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ReportGroupSaved)))]
async fn add_secondary_report_group(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<ReportGroupRequest>,
) -> Result<Json<ReportGroupSaved>, AppError> {
    add_group(&state, &user, &form.fields, GroupKind::SecondaryReportGroup).await
}
twin!(post add_secondary_report_group_slash, "/managesecondaryreportgroup/addReportGroup/",
    add_secondary_report_group, ReportGroupRequest, ReportGroupSaved;
    state: State<AppState>, user: RoutingUser, form: Form<ReportGroupRequest>);

#[utoipa::path(post, path = "/managesecondaryreportgroup/updateReportGroup", tag = "routing",
    request_body(content((ReportGroupRequest = "multipart/form-data"), (ReportGroupRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ReportGroupSaved)))]
async fn update_secondary_report_group(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<ReportGroupRequest>,
) -> Result<Json<ReportGroupSaved>, AppError> {
    update_group(&state, &user, &form.fields, GroupKind::SecondaryReportGroup).await
}
twin!(post update_secondary_report_group_slash, "/managesecondaryreportgroup/updateReportGroup/",
    update_secondary_report_group, ReportGroupRequest, ReportGroupSaved;
    state: State<AppState>, user: RoutingUser, form: Form<ReportGroupRequest>);

#[utoipa::path(get, path = "/managesecondaryreportgroup/getReportGroups", tag = "routing",
    responses((status = 200, body = ReportGroupList)))]
async fn secondary_report_groups(
    State(state): State<AppState>,
    user: RoutingUser,
) -> Result<Json<ReportGroupList>, AppError> {
    group_list(&state, &user, GroupKind::SecondaryReportGroup).await
}
twin!(get secondary_report_groups_slash, "/managesecondaryreportgroup/getReportGroups/", secondary_report_groups,
    ReportGroupList; state: State<AppState>, user: RoutingUser);

// ---- In-call attribution -----------------------------------------------------------------------

/// An in-call attribution plan; the settings as text, as the page's selects hold them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InCallAttributionView {
    id: i64,
    description: String,
    active: String,
    attribution_type: String,
    terminator: String,
    delay_before: String,
    delay_after: String,
}

#[derive(Serialize, ToSchema)]
struct InCallAttributions {
    attributions: Vec<InCallAttributionView>,
}

/// The customer's in-call attribution plans.
#[utoipa::path(get, path = "/manageconnections/getInCallAttribution/", tag = "routing",
    responses((status = 200, body = InCallAttributions)))]
async fn in_call_attributions(
    State(state): State<AppState>,
    user: RoutingUser,
) -> Result<Json<InCallAttributions>, AppError> {
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let attributions = store::in_call_attributions(&mut view, user.customer())
        .await?
        .into_iter()
        .map(|p| InCallAttributionView {
            id: p.id,
            description: p.description,
            active: p.active.to_string(),
            attribution_type: p.attribution_type.to_string(),
            terminator: p.terminator.to_string(),
            delay_before: p.delay_before.to_string(),
            delay_after: p.delay_after.to_string(),
        })
        .collect();
    Ok(Json(InCallAttributions { attributions }))
}
twin!(get in_call_attributions_bare, "/manageconnections/getInCallAttribution", in_call_attributions,
    InCallAttributions; state: State<AppState>, user: RoutingUser);

fn in_call_active() -> utoipa::openapi::schema::Object {
    bounds::keys(in_call::ACTIVE_FLAGS)
}

fn in_call_transfer_types() -> utoipa::openapi::schema::Object {
    bounds::keys(in_call::TRANSFER_TYPES.map(|(id, _)| id))
}

fn in_call_terminators() -> utoipa::openapi::schema::Object {
    bounds::keys(in_call::TERMINATORS.map(|(id, _)| id))
}

/// An in-call attribution plan as posted.
#[derive(Deserialize, Validate, ToSchema)]
struct InCallRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<{ in_call::IN_CALL_DESCRIPTION_MAX }, TEXT_MAX>)]
    form_description: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(required = true, schema_with = in_call_active)]
    form_active_flag: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(required = true, schema_with = in_call_transfer_types)]
    form_transfer_type: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(required = true, schema_with = in_call_terminators)]
    form_terminator: String,
    /// Seconds.
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::whole_in::<0, { in_call::ATTRIBUTION_DELAY_MAX }>)]
    form_delay_before: String,
    /// Seconds.
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::whole_in::<0, { in_call::ATTRIBUTION_DELAY_MAX }>)]
    form_delay_after: String,
}

/// managedtmf/saveInCall/{id}: `id` 0 creates (also "save as new").
#[utoipa::path(post, path = "/managedtmf/saveInCall/{id}", tag = "routing",
    params(("id" = i64, Path, description = "0 creates")),
    request_body(content((InCallRequest = "multipart/form-data"), (InCallRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = RoutingSaved)))]
async fn save_in_call(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    form: Form<InCallRequest>,
) -> Result<Json<RoutingSaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut write = RecordedWrite::begin(&state, &user, RecordKind::InCallAttribution, id).await?;
    if id != 0 && store::find_in_call(&mut *write.write.tx, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let f = &form.fields;
    let text = |value: &str| value.trim().to_string();
    let plan = InCallAttributionForm {
        description: text(&f.form_description),
        active: text(&f.form_active_flag),
        attribution_type: text(&f.form_transfer_type),
        terminator: text(&f.form_terminator),
        delay_before: text(&f.form_delay_before),
        delay_after: text(&f.form_delay_after),
    };
    let taken = store::in_call_descriptions(&mut write.write.tx, customer, id).await?;
    validate_in_call_attribution(&plan, &taken).map_err(|e| refused(e, "form_description", DESCRIPTION_NOT_UNIQUE))?;
    let id = store::save_in_call(&mut *write.write.tx, customer, &store::InCallAttribution::stored(id, &plan)).await?;
    write.commit(&state, id).await?;
    Ok(Json(RoutingSaved { success: true, id }))
}

// ---- Post call agent attribution -------------------------------------------------------------

/// A DTMF IVR as an attribution option: id `IVR_{id}`.
#[derive(Serialize, ToSchema)]
struct DtmfIvrChoice {
    id: String,
    description: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AttributionOptions {
    dtmfs: Vec<RoutingChoice>,
    dtmf_ivrs: Vec<DtmfIvrChoice>,
}

/// DTMF plans, and DTMF IVRs with ids `IVR_{id}`.
#[utoipa::path(get, path = "/manageconnections/getAttributionOptions", tag = "routing",
    responses((status = 200, body = AttributionOptions)))]
async fn attribution_options(
    State(state): State<AppState>,
    user: RoutingUser,
) -> Result<Json<AttributionOptions>, AppError> {
    let customer = user.customer();
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let dtmfs = store::dtmf_plans(&mut view, customer)
        .await?
        .into_iter()
        .map(|p| RoutingChoice { id: p.id, description: p.description })
        .collect();
    let dtmf_ivrs = store::dtmf_ivrs(&mut view, customer)
        .await?
        .into_iter()
        .map(|i| DtmfIvrChoice { id: format!("IVR_{}", i.id), description: i.description })
        .collect();
    Ok(Json(AttributionOptions { dtmfs, dtmf_ivrs }))
}
