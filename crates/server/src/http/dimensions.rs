//! Custom dimensions (/customdimensions, docs/dimensions-api.md): the account's
//! own fields on calls, added, edited and deleted (with the values on calls, after a question),
//! and each call's values, set in the call log's details. The page needs the Custom dimensions
//! menu item (domain `dimensions::opens_dimensions`: the `sales_custom_dimensions` scope and sales
//! data access); definitions need an administrator (`can_edit_dimensions`), values the page's
//! access (`can_set_values`). Another customer's dimension or call is 404.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::dimensions::{
    can_edit_dimensions, can_set_values, check_value, delete_question, opens_dimensions, parse_dimension,
    DimensionContext, DimensionForm, DimensionKind, NAME_NOT_UNIQUE,
};
use domain::{AccountState, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::{Done, Saved};
use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::{calls, dimensions as store};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_dimensions))
        .routes(routes!(add_dimension))
        .routes(routes!(edit_dimension))
        .routes(routes!(delete_dimension))
        .routes(routes!(get_call_dimensions))
        .routes(routes!(set_call_dimension))
}

const TEXT_MAX: usize = 2_000;

/// /customdimensions: its menu item; definitions need an administrator.
pub struct DimensionsRights;

impl PageRights for DimensionsRights {
    fn opens(account: &AccountState) -> bool {
        opens_dimensions(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_edit_dimensions(account)
    }
}

pub type DimensionsUser = PageUser<DimensionsRights>;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DimensionView {
    id: i64,
    name: String,
    kind: DimensionKind,
    kind_label: String,
    /// A choice field's choices, in order.
    choices: Vec<String>,
    /// Calls with a value.
    calls: i64,
    delete_question: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DimensionKindChoice {
    key: DimensionKind,
    label: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DimensionsPage {
    dimensions: Vec<DimensionView>,
    kinds: Vec<DimensionKindChoice>,
    /// Whether the user may add, edit and delete definitions.
    can_edit: bool,
}

fn view(row: &store::DimensionRow) -> DimensionView {
    DimensionView {
        id: row.id,
        name: row.name.clone(),
        kind: row.kind(),
        kind_label: row.kind().label().to_string(),
        choices: row.choice_list(),
        calls: row.calls,
        delete_question: delete_question(&row.name, row.calls),
    }
}

/// The account's custom dimensions by name, with the calls that have a value.
#[utoipa::path(get, path = "/customdimensions/getDimensions", tag = "sales",
    responses((status = 200, body = DimensionsPage), (status = 403, description = "No Custom dimensions menu item")))]
async fn get_dimensions(State(state): State<AppState>, user: DimensionsUser) -> Result<Json<DimensionsPage>, AppError> {
    let rows = store::list(&state.db, user.customer()).await?;
    Ok(Json(DimensionsPage {
        dimensions: rows.iter().map(view).collect(),
        kinds: DimensionKind::ALL
            .into_iter()
            .map(|key| DimensionKindChoice { key, label: key.label().to_string() })
            .collect(),
        can_edit: user.can_edit(),
    }))
}

/// The definition form.
#[derive(Deserialize, Validate, ToSchema)]
struct DimensionFields {
    /// Required, at most 50 characters, unique in the account (without case).
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_name: String,
    /// text, number or choice.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    form_kind: String,
    /// A choice field's choices, one a line: 2 to 20, each at most 50 characters.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_choices: String,
}

fn path_id(raw: &str) -> Result<i64, AppError> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

/// Checks the form against the domain's rules and the account's other definitions (and, for an
/// edit, the values calls have); stores it (`id` 0 adds).
async fn save(state: &AppState, user: &DimensionsUser, id: i64, form: &DimensionFields) -> Result<i64, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let all = store::list(&state.db, customer).await?;
    let mut context = DimensionContext {
        other_names: all.iter().filter(|d| d.id != id).map(|d| d.name.clone()).collect(),
        ..DimensionContext::default()
    };
    if id != 0 {
        let stored = all.iter().find(|d| d.id == id).ok_or(AppError::NotFound)?;
        context.stored_kind = Some(stored.kind());
        context.calls_with_value = stored.calls;
        context.choices_in_use = store::value_counts(&state.db, customer, id).await?;
    }
    let form = DimensionForm {
        name: form.form_name.clone(),
        kind: form.form_kind.clone(),
        choices: form.form_choices.clone(),
    };
    let dimension = parse_dimension(&form, &context).map_err(|errors| {
        if errors.get("form_name") == Some(NAME_NOT_UNIQUE) {
            AppError::Coded("NAME_NOT_UNIQUE", errors)
        } else {
            AppError::Validation(errors)
        }
    })?;
    store::save(&state.db, customer, id, &dimension, state.clock.now()).await?.ok_or(AppError::NotFound)
}

/// Adds a custom dimension.
#[utoipa::path(post, path = "/customdimensions/addDimension", tag = "sales",
    request_body(content((DimensionFields = "multipart/form-data"), (DimensionFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 403, description = "Not an administrator"),
        (status = 422, description = "form_name, form_kind, form_choices")))]
async fn add_dimension(
    State(state): State<AppState>,
    user: DimensionsUser,
    Form { fields, .. }: Form<DimensionFields>,
) -> Result<Json<Saved>, AppError> {
    let id = save(&state, &user, 0, &fields).await?;
    Ok(Json(Saved { success: true, id }))
}

/// Edits a custom dimension: its type is kept while calls have a value, and a choice calls have
/// stays on the list.
#[utoipa::path(post, path = "/customdimensions/editDimension/{id}", tag = "sales",
    params(("id" = String, Path, description = "The custom dimension's id")),
    request_body(content((DimensionFields = "multipart/form-data"), (DimensionFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 404, description = "No such custom dimension in this account"),
        (status = 422, description = "form_name, form_kind, form_choices")))]
async fn edit_dimension(
    State(state): State<AppState>,
    user: DimensionsUser,
    Path(id): Path<String>,
    Form { fields, .. }: Form<DimensionFields>,
) -> Result<Json<Saved>, AppError> {
    let id = save(&state, &user, path_id(&id)?, &fields).await?;
    Ok(Json(Saved { success: true, id }))
}

/// Deletes a custom dimension with its values on calls.
#[utoipa::path(post, path = "/customdimensions/deleteDimension/{id}", tag = "sales",
    params(("id" = String, Path, description = "The custom dimension's id")),
    responses((status = 200, body = Done), (status = 404, description = "No such custom dimension in this account")))]
async fn delete_dimension(
    State(state): State<AppState>,
    user: DimensionsUser,
    Path(id): Path<String>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    if !store::delete(&state.db, user.customer(), path_id(&id)?).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done { success: true }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CallDimensionField {
    id: i64,
    name: String,
    kind: DimensionKind,
    choices: Vec<String>,
    /// '' when the call has none.
    value: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CallDimensions {
    fields: Vec<CallDimensionField>,
    /// Whether the user may set the values (else they are shown only).
    can_set: bool,
}

/// The call's custom dimensions: the account's fields with the call's values.
async fn call_dimensions(state: &AppState, user: &DimensionsUser, call: i64) -> Result<CallDimensions, AppError> {
    let customer = user.customer();
    calls::row(&state.db, customer, call).await?.ok_or(AppError::NotFound)?;
    let values = store::values_of_call(&state.db, customer, call).await?;
    let fields = store::list(&state.db, customer)
        .await?
        .iter()
        .map(|row| CallDimensionField {
            id: row.id,
            name: row.name.clone(),
            kind: row.kind(),
            choices: row.choice_list(),
            value: values.iter().find(|(id, _)| *id == row.id).map(|(_, v)| v.clone()).unwrap_or_default(),
        })
        .collect();
    Ok(CallDimensions { fields, can_set: can_set_values(&user.account) })
}

/// A call's custom dimensions, for its details in the call log.
#[utoipa::path(get, path = "/customdimensions/getCallDimensions/{id}", tag = "sales",
    params(("id" = String, Path, description = "The call's id")),
    responses((status = 200, body = CallDimensions), (status = 403, description = "No Custom dimensions menu item"),
        (status = 404, description = "No such call in this account")))]
async fn get_call_dimensions(
    State(state): State<AppState>,
    user: DimensionsUser,
    Path(id): Path<String>,
) -> Result<Json<CallDimensions>, AppError> {
    Ok(Json(call_dimensions(&state, &user, path_id(&id)?).await?))
}

/// A call's value of one custom dimension.
#[derive(Deserialize, Validate, ToSchema)]
struct CallDimensionFields {
    /// The custom dimension's id.
    #[serde(default)]
    #[garde(length(chars, max = 40))]
    form_dimension_id: String,
    /// The value as typed ('' clears it): a text of at most 200 characters, a number, or one of
    /// the choices.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_value: String,
}

/// Sets (or clears) a call's value of a custom dimension; answers the call's values.
#[utoipa::path(post, path = "/customdimensions/setCallDimension/{id}", tag = "sales",
    params(("id" = String, Path, description = "The call's id")),
    request_body(content((CallDimensionFields = "multipart/form-data"), (CallDimensionFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = CallDimensions), (status = 403, description = "No Custom dimensions menu item"),
        (status = 404, description = "No such call or custom dimension in this account"),
        (status = 422, description = "form_value")))]
async fn set_call_dimension(
    State(state): State<AppState>,
    user: DimensionsUser,
    Path(id): Path<String>,
    Form { fields, .. }: Form<CallDimensionFields>,
) -> Result<Json<CallDimensions>, AppError> {
    if !can_set_values(&user.account) {
        return Err(AppError::Forbidden);
    }
    let (customer, call) = (user.customer(), path_id(&id)?);
    calls::row(&state.db, customer, call).await?.ok_or(AppError::NotFound)?;
    let dimension =
        store::one(&state.db, customer, path_id(fields.form_dimension_id.trim())?).await?.ok_or(AppError::NotFound)?;
    let value = check_value(dimension.kind(), &dimension.choice_list(), &fields.form_value).map_err(|message| {
        let mut errors = FieldErrors::new();
        errors.add("form_value", message);
        AppError::Validation(errors)
    })?;
    store::set_value(&state.db, customer, call, dimension.id, &value, state.clock.now()).await?;
    Ok(Json(call_dimensions(&state, &user, call).await?))
}
