//! The changes the campaign and number pages make to static numbers (docs/static-api.md):
//! their attribution fields, their campaign, and releasing them. Each checks every number (and
//! every list id) is the customer's and changes them in one transaction.

use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::numbers::{number_ids, prefix_of, release_message, release_terms, validate_attribution, AttributionEdit};
use domain::reports::format_uk;
use domain::routing::history::{RecordKey, RecordKind};
use domain::services::inline_add::InlineList;
use domain::services::static_number::CAMPAIGN_REQUIRED;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::StaticUser;
use crate::http::contract::bounds;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::routing::change_log::{ChangeLog, Editor};
use crate::state::AppState;
use crate::store::routing_history as history_store;
use crate::store::{confirmations, inventory, number_lists, numbers};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(update_numbers)).routes(routes!(move_numbers)).routes(routes!(release_numbers))
}

impl<'a> From<&'a StaticUser> for Editor<'a> {
    fn from(user: &'a StaticUser) -> Self {
        Editor { user_id: user.session.user_id, account: &user.account }
    }
}

/// The most ids a request may post (the domain's `number_ids` allows 100 distinct ones).
const IDS_POSTED_MAX: usize = 1_000;

/// The numbers' ids as posted, bounded, then checked by the domain.
fn checked_ids(posted: &[i64]) -> Result<Vec<i64>, AppError> {
    number_ids(posted).map_err(AppError::Validation)
}

/// The customer's static numbers among `ids`, every one of them, else 404.
async fn owned(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    customer: CustomerId,
    ids: &[i64],
) -> Result<Vec<(i64, String)>, AppError> {
    let found = numbers::owned_statics(tx, customer, ids).await?;
    if found.len() != ids.len() {
        return Err(AppError::NotFound);
    }
    Ok(found)
}

/// The most characters a media description takes as posted, before the domain's rule.
const RAW_MAX: usize = 1_000;

/// An edit of the numbers' attribution fields: a field not posted stays as it is.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct UpdateNumbers {
    #[serde(default, rename = "ids[]")]
    #[garde(length(max = IDS_POSTED_MAX))]
    #[schema(required = true, schema_with = bounds::ids::<{ domain::numbers::IDS_MAX }>)]
    ids: Vec<i64>,
    #[serde(default)]
    #[garde(inner(length(chars, max = RAW_MAX)))]
    #[schema(schema_with = bounds::required::<{ domain::numbers::MEDIA_DESCRIPTION_MAX }, RAW_MAX>)]
    mediaDescription: Option<String>,
    /// A channel's id; 0 for none.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(schema_with = bounds::whole_in::<0, { i64::MAX }>)]
    channel: Option<i64>,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(schema_with = bounds::whole_in::<0, { i64::MAX }>)]
    department: Option<i64>,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(schema_with = bounds::whole_in::<0, { i64::MAX }>)]
    mediaOwner: Option<i64>,
}

#[derive(Serialize, ToSchema)]
struct Updated {
    updated: usize,
}

#[utoipa::path(post, path = "/managenumbers/updateNumbers", tag = "static",
    request_body(content((UpdateNumbers = "multipart/form-data"), (UpdateNumbers = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Updated)))]
async fn update_numbers(
    State(state): State<AppState>,
    user: StaticUser,
    Form { fields: form, .. }: Form<UpdateNumbers>,
) -> Result<Json<Updated>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let edit = AttributionEdit {
        media_description: form.mediaDescription.clone(),
        channel: form.channel,
        department: form.department,
        media_owner: form.mediaOwner,
    };
    let errors = validate_attribution(&edit);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let ids = checked_ids(&form.ids)?;
    for (list, id) in [
        (InlineList::Channel, edit.channel),
        (InlineList::Department, edit.department),
        (InlineList::MediaOwner, edit.media_owner),
    ] {
        if let Some(id) = id.filter(|id| *id > 0) {
            if !number_lists::owns(&state.db, customer, list, id).await? {
                return Err(AppError::NotFound);
            }
        }
    }
    let mut tx = crate::db::begin_write(&state.db).await?;
    owned(&mut tx, customer, &ids).await?;
    numbers::update_attribution(&mut tx, customer, &ids, &edit).await?;
    tx.commit().await?;
    Ok(Json(Updated { updated: ids.len() }))
}

#[derive(Deserialize, Validate, ToSchema)]
struct MoveNumbers {
    #[serde(default, rename = "ids[]")]
    #[garde(length(max = IDS_POSTED_MAX))]
    #[schema(required = true, schema_with = bounds::ids::<{ domain::numbers::IDS_MAX }>)]
    ids: Vec<i64>,
    /// The campaign to file them under.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = bounds::id)]
    campaign: Option<i64>,
}

#[derive(Serialize, ToSchema)]
struct Moved {
    moved: usize,
    /// The campaign's name.
    campaign: String,
}

#[utoipa::path(post, path = "/managenumbers/moveNumbers", tag = "static",
    request_body(content((MoveNumbers = "multipart/form-data"), (MoveNumbers = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Moved)))]
async fn move_numbers(
    State(state): State<AppState>,
    user: StaticUser,
    Form { fields: form, .. }: Form<MoveNumbers>,
) -> Result<Json<Moved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let campaign = form.campaign.unwrap_or(0);
    if campaign <= 0 {
        return Err(AppError::field("campaign", CAMPAIGN_REQUIRED));
    }
    let ids = checked_ids(&form.ids)?;
    let lists = number_lists::list(&state.db, customer, InlineList::Campaign).await?;
    let name = lists.into_iter().find(|(id, _)| *id == campaign).map(|(_, d)| d).ok_or(AppError::NotFound)?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    owned(&mut tx, customer, &ids).await?;
    numbers::move_to(&mut tx, customer, &ids, campaign).await?;
    tx.commit().await?;
    Ok(Json(Moved { moved: ids.len(), campaign: name }))
}

#[derive(Deserialize, Validate, ToSchema)]
struct ReleaseNumbers {
    #[serde(default, rename = "ids[]")]
    #[garde(length(max = IDS_POSTED_MAX))]
    ids: Vec<i64>,
    /// The password confirmation key (used up by this call).
    #[serde(default)]
    #[garde(length(max = 200))]
    key: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Released {
    /// The numbers released, UK format.
    released: Vec<String>,
    /// The last day their monthly charge runs, dd/mm/yyyy.
    charge_ends: String,
    /// The day they return to the inventory, dd/mm/yyyy.
    returns_to_inventory: String,
    /// What happened, in words.
    message: String,
}

/// Releases static numbers. The key from handleajax/confirmPassword is used up first, so it
/// cannot be replayed whatever happens next.
#[utoipa::path(post, path = "/managenumbers/releaseNumbers", tag = "static",
    request_body(content((ReleaseNumbers = "multipart/form-data"), (ReleaseNumbers = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Released)))]
async fn release_numbers(
    State(state): State<AppState>,
    user: StaticUser,
    Form { fields: form, .. }: Form<ReleaseNumbers>,
) -> Result<Json<Released>, AppError> {
    user.require_edit()?;
    let now = state.clock.now();
    if form.key.is_empty() || !confirmations::consume(&state.db, &user.session, &form.key, now).await? {
        return Err(AppError::Forbidden);
    }
    let ids = checked_ids(&form.ids)?;
    let customer = user.customer();
    let zone = user.account.customer_time_zone.clone();
    let terms = release_terms(now, &zone).map_err(AppError::Internal)?;
    let prefixes: Vec<(i64, String)> =
        inventory::prefixes(&state.db).await?.into_iter().map(|(id, prefix, _)| (id, prefix)).collect();
    let mut tx = crate::db::begin_write(&state.db).await?;
    let found = owned(&mut tx, customer, &ids).await?;
    let mut changes = ChangeLog::new(&state, &user);
    let mut released = Vec::with_capacity(found.len());
    for (id, number) in &found {
        let key = RecordKey { kind: RecordKind::Connect, id: *id };
        let before = history_store::connect(&mut tx, customer, *id).await?;
        numbers::release(&mut tx, customer, *id, user.session.user_id, now, &terms).await?;
        changes.record(&mut tx, key, before, None).await?;
        if let Some(prefix) = prefix_of(number, &prefixes) {
            inventory::put_back(&mut tx, prefix, number, terms.returns_at).await?;
        }
        released.push(format_uk(number));
    }
    tx.commit().await?;
    tracing::info!(customer = customer.get(), count = released.len(), "static numbers released");
    Ok(Json(Released {
        message: release_message(&released, &terms),
        released,
        charge_ends: terms.charge_ends.clone(),
        returns_to_inventory: terms.returns_to_inventory.clone(),
    }))
}
