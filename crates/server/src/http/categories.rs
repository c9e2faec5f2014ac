//! Call categories (/categories, docs/scoring-api.md): the categories the routing
//! files calls under (IVR and DTMF IVR keys), with their calls, added, renamed (the calls follow)
//! and deleted (refused while a key uses the category, naming where). Every call needs the
//! Categories menu item (domain `scoring::opens_categories`, the `admin_call_categorisation`
//! scope); changes need the edit right. Another customer's category is 404. Changes are recorded
//! in the routing history, as the routing's own category calls are.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::names::DESCRIPTION_NOT_UNIQUE;
use domain::routing::history::RecordKind;
use domain::routing::{validate_category, GroupForm, GROUP_DESCRIPTION_MAX};
use domain::scoring::{can_edit_categories, category_delete_question, category_delete_refusal, opens_categories};
use domain::{AccountState, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::Form;
use crate::routing::draft::RecordedWrite;
use crate::state::AppState;
use crate::store::call_categories as store;
use crate::store::routing_extras::{self as groups, GroupKind};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_categories))
        .routes(routes!(add_category))
        .routes(routes!(rename_category))
        .routes(routes!(delete_category))
}

const RECENT_DAYS: i64 = 30;
const DAY: i64 = 24 * 60 * 60;
const TEXT_MAX: usize = 1_000;

/// /categories: the Categories menu item and its guard; changes need the edit right.
pub struct CategoriesRights;

impl PageRights for CategoriesRights {
    fn opens(account: &AccountState) -> bool {
        opens_categories(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_edit_categories(account)
    }
}

/// A user of the page.
pub type CategoriesUser = PageUser<CategoriesRights>;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CategoryView {
    id: i64,
    description: String,
    /// Inbound calls of the last 30 days filed under it.
    calls30_days: i64,
    /// Every call filed under it.
    calls: i64,
    /// Where the routing uses it ("IVR 'Main menu' key 1"); a category in use cannot be deleted.
    used_by: Vec<String>,
    /// The delete confirmation's question, or the refusal when it is in use.
    delete_question: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CategoriesPage {
    categories: Vec<CategoryView>,
    /// Whether the user may add, rename and delete categories.
    can_edit: bool,
}

/// The account's categories by name, with their calls and where the routing uses them.
#[utoipa::path(get, path = "/categories/getCategories", tag = "call scoring",
    responses((status = 200, body = CategoriesPage), (status = 403, description = "No Categories menu item")))]
async fn get_categories(State(state): State<AppState>, user: CategoriesUser) -> Result<Json<CategoriesPage>, AppError> {
    let customer = user.customer();
    let rows = groups::groups(&mut *state.db.acquire().await?, GroupKind::Category, customer).await?;
    let calls = store::calls_by_category(&state.db, customer, state.clock.now() - RECENT_DAYS * DAY).await?;
    let mut categories = Vec::with_capacity(rows.len());
    for row in rows {
        let counted = calls.get(&row.description.to_lowercase()).copied().unwrap_or_default();
        let uses = store::uses(&state.db, customer, row.id).await?;
        let delete_question = if uses.is_empty() {
            category_delete_question(&row.description, counted.all)
        } else {
            category_delete_refusal(&row.description, &uses)
        };
        categories.push(CategoryView {
            id: row.id,
            calls30_days: counted.recent,
            calls: counted.all,
            used_by: uses.iter().map(|u| format!("{} '{}' key {}", u.kind, u.name, u.key)).collect(),
            delete_question,
            description: row.description,
        });
    }
    Ok(Json(CategoriesPage { categories, can_edit: can_edit_categories(&user.account) }))
}

/// The category form.
#[derive(Deserialize, Validate, ToSchema)]
struct CategoryFields {
    /// The name: required, at most 60 characters, unique in the account.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<GROUP_DESCRIPTION_MAX, TEXT_MAX>)]
    form_description: String,
}

#[derive(Serialize, ToSchema)]
struct CategorySaved {
    success: bool,
    id: i64,
}

fn path_id(raw: &str) -> Result<i64, AppError> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

/// Checks the name against the domain's rule and the account's other categories; stores it
/// (`id` 0 adds) with the calls following a rename, recorded in the routing history.
async fn save(state: &AppState, user: &CategoriesUser, id: i64, description: &str) -> Result<i64, AppError> {
    let customer = user.customer();
    let before = if id == 0 {
        None
    } else {
        Some(groups::find_group(&state.db, GroupKind::Category, customer, id).await?.ok_or(AppError::NotFound)?)
    };
    let form = GroupForm { description: description.trim().to_string() };
    let taken = groups::group_descriptions(&mut *state.db.acquire().await?, GroupKind::Category, customer, id).await?;
    if let Err(errors) = validate_category(&form, &taken) {
        if errors.get("form_description") == Some(DESCRIPTION_NOT_UNIQUE) {
            return Err(AppError::Coded("DESCRIPTION_NOT_UNIQUE", errors));
        }
        return Err(AppError::Validation(errors));
    }
    let mut write = RecordedWrite::begin(state, &**user, RecordKind::Category, id).await?;
    let saved = groups::save_group(&mut write.write.tx, GroupKind::Category, customer, id, &form.description).await?;
    if let Some(before) = before {
        store::rename_calls(&mut write.write.tx, customer, &before.description, &form.description).await?;
    }
    write.commit(state, saved).await?;
    Ok(saved)
}

/// Adds a category.
#[utoipa::path(post, path = "/categories/addCategory", tag = "call scoring",
    request_body(content((CategoryFields = "multipart/form-data"), (CategoryFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = CategorySaved), (status = 422, description = "form_description")))]
async fn add_category(
    State(state): State<AppState>,
    user: CategoriesUser,
    Form { fields: form, .. }: Form<CategoryFields>,
) -> Result<Json<CategorySaved>, AppError> {
    user.require_edit()?;
    let id = save(&state, &user, 0, &form.form_description).await?;
    Ok(Json(CategorySaved { success: true, id }))
}

/// Renames a category; its calls in the call log take the new name.
#[utoipa::path(post, path = "/categories/renameCategory/{id}", tag = "call scoring",
    params(("id" = String, Path, description = "The category's id")),
    request_body(content((CategoryFields = "multipart/form-data"), (CategoryFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = CategorySaved), (status = 404, description = "No such category in this account")))]
async fn rename_category(
    State(state): State<AppState>,
    user: CategoriesUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<CategoryFields>,
) -> Result<Json<CategorySaved>, AppError> {
    user.require_edit()?;
    let id = save(&state, &user, path_id(&id)?, &form.form_description).await?;
    Ok(Json(CategorySaved { success: true, id }))
}

#[derive(Serialize, ToSchema)]
struct CategoryDeleted {
    success: bool,
}

/// Deletes a category no IVR key or DTMF IVR key uses; its calls keep the name. In use: 422
/// `CATEGORY_IN_USE` with the places in `errors.form_category`.
#[utoipa::path(post, path = "/categories/deleteCategory/{id}", tag = "call scoring",
    params(("id" = String, Path, description = "The category's id")),
    responses((status = 200, body = CategoryDeleted), (status = 404, description = "No such category in this account"),
        (status = 422, description = "CATEGORY_IN_USE: the refusal names where it is used")))]
async fn delete_category(
    State(state): State<AppState>,
    user: CategoriesUser,
    Path(id): Path<String>,
) -> Result<Json<CategoryDeleted>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    let category = groups::find_group(&state.db, GroupKind::Category, customer, id).await?.ok_or(AppError::NotFound)?;
    let uses = store::uses(&state.db, customer, id).await?;
    if !uses.is_empty() {
        let mut errors = FieldErrors::new();
        errors.add("form_category", category_delete_refusal(&category.description, &uses));
        return Err(AppError::Coded("CATEGORY_IN_USE", errors));
    }
    let mut write = RecordedWrite::begin(&state, &*user, RecordKind::Category, id).await?;
    if !store::delete(&mut write.write.tx, customer, id).await? {
        return Err(AppError::NotFound);
    }
    write.commit(&state, id).await?;
    Ok(Json(CategoryDeleted { success: true }))
}
