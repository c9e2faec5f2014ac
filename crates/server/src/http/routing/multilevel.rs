//! Multi-level IVR (docs/ivr-api.md, "managemultilevelivr"): the price of one more IVR with the
//! credits used, the flow of an IVR (domain `ivr_flow`) and cloning an IVR with the child IVRs
//! it reaches.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::names::DESCRIPTION_NOT_UNIQUE;
use domain::routing::history::RecordKind;
use domain::routing::ivr::{ivr_flow, validate_ivr, IvrFlow, IvrForm, KeyType, Library, StoredIvr};
use domain::{billing_frequency_word, format_money};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ivrs::{flag, ivr_key, refused};
use super::library::{IdField, NUMBER_MAX};
use super::RoutingUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::routing::draft::{RoutingRead, RoutingWrite, IVR_BOUGHT_LIVE};
use crate::routing::ivrs::{charge, credits_for, library, Credits};
use crate::state::AppState;
use crate::store::{ivrs, routing_history};
use domain::routing::ivr::TERMS_REQUIRED;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(charges))
        .routes(routes!(charges_slash))
        .routes(routes!(flow))
        .routes(routes!(clone_ivr))
        .routes(routes!(clone_ivr_slash))
}

/// The price of one more IVR past the credits.
#[derive(Serialize, ToSchema)]
struct MultiIvrCharges {
    /// Pounds, two decimals, no sign ("10.00").
    cost: String,
    /// The billing word: "month", "quarter"...
    frequency: String,
    /// The IVRs the customer owns credits for.
    credits: i64,
    /// The IVRs the customer has.
    used: i64,
}

/// getMultiIvrCharges: the price of one more IVR (pounds, two decimals, no sign), its billing
/// word, the credits owned and the IVRs used.
#[utoipa::path(get, path = "/managemultilevelivr/getMultiIvrCharges", tag = "routing",
    responses((status = 200, body = MultiIvrCharges)))]
async fn charges(State(state): State<AppState>, user: RoutingUser) -> Result<Json<MultiIvrCharges>, AppError> {
    user.require_advanced()?;
    let mut conn = state.db.acquire().await?;
    let (used, credits) = ivrs::usage(&mut conn, user.customer()).await?;
    let (pence, months) = ivrs::multi_level_price(&mut conn)
        .await?
        .ok_or_else(|| AppError::Internal("no multi_level_ivr row in services".into()))?;
    Ok(Json(MultiIvrCharges {
        cost: format_money(pence as f64 / 100.0),
        frequency: billing_frequency_word(&months, None),
        credits,
        used,
    }))
}

/// getMultiIvrCharges/, as the spec also writes it.
#[utoipa::path(get, path = "/managemultilevelivr/getMultiIvrCharges/", tag = "routing",
    responses((status = 200, body = MultiIvrCharges)))]
async fn charges_slash(state: State<AppState>, user: RoutingUser) -> Result<Json<MultiIvrCharges>, AppError> {
    charges(state, user).await
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MultiLevelIvr {
    ivr_flow: IvrFlow,
    /// Only a top-level IVR can be cloned.
    can_clone: bool,
}

/// getMultiLevelIvr/{id}: the IVR's flow and whether it can be cloned (a top-level IVR).
#[utoipa::path(get, path = "/managemultilevelivr/getMultiLevelIvr/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1)),
    responses((status = 200, body = MultiLevelIvr)))]
async fn flow(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<MultiLevelIvr>, AppError> {
    user.require_advanced()?;
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let library = library(&mut view, user.customer()).await?;
    let stored = library.ivr(id).ok_or(AppError::NotFound)?;
    Ok(Json(MultiLevelIvr { ivr_flow: ivr_flow(id, &library), can_clone: !stored.ivr.is_child }))
}

/// The IVR and the child IVRs it reaches through its keys (top-level IVRs are left shared),
/// the IVR first.
fn to_copy(root: &StoredIvr, library: &Library) -> Vec<StoredIvr> {
    let mut copies = vec![root.clone()];
    let mut i = 0;
    while i < copies.len() {
        let ivr = copies[i].ivr.clone();
        for key in ivr.options.iter().filter(|k| k.key_type == KeyType::Ivr && !ivr.repeats(&k.key)) {
            if let Some(child) = library.ivr(key.ivr_id) {
                if child.ivr.is_child && copies.iter().all(|c| c.id != child.id) {
                    copies.push(child.clone());
                }
            }
        }
        i += 1;
    }
    copies
}

/// The description's problem by the domain's rule, if any.
fn description_problem(description: &str, taken: &[String]) -> Option<String> {
    let form = IvrForm { description: description.into(), ..IvrForm::default() };
    validate_ivr(&form, taken).err().and_then(|e| e.get("description").map(str::to_string))
}

/// "{description} (copy)", then " (copy 2)" and so on, the first the customer does not have;
/// the description is shortened when the domain finds the copy's too long.
fn copy_description(description: &str, taken: &[String]) -> String {
    let mut n = 1;
    loop {
        let suffix = if n == 1 { " (copy)".to_string() } else { format!(" (copy {n})") };
        let mut stem: Vec<char> = description.trim().chars().collect();
        loop {
            let name = format!("{}{suffix}", stem.iter().collect::<String>().trim_end());
            match description_problem(&name, taken) {
                None => return name,
                Some(problem) if problem == DESCRIPTION_NOT_UNIQUE => break,
                Some(_) if !stem.is_empty() => {
                    stem.pop();
                }
                Some(_) => return name,
            }
        }
        n += 1;
    }
}

#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct CloneIvrRequest {
    /// The top-level IVR to copy.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    id: IdField,
    /// "1" accepts the multi-level IVR terms, needed when the copies go past the IVR credits.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(schema_with = crate::http::contract::bounds::text::<NUMBER_MAX>)]
    acceptTerms: String,
}

/// The copy's id.
#[derive(Serialize, ToSchema)]
struct ClonedIvrId {
    id: i64,
}

/// A copy made: `status` is true.
#[derive(Serialize, ToSchema)]
struct IvrCloned {
    status: bool,
    data: ClonedIvrId,
}

/// No copy made: `status` is the text "false" and `message` says why (a child IVR, or the
/// terms are needed).
#[derive(Serialize, ToSchema)]
struct IvrNotCloned {
    status: String,
    message: String,
}

/// The answer of cloneIVR (the spec's shapes, both 200).
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
enum CloneIvrAnswer {
    Cloned(IvrCloned),
    NotCloned(IvrNotCloned),
}

fn not_cloned(message: &str) -> Json<CloneIvrAnswer> {
    Json(CloneIvrAnswer::NotCloned(IvrNotCloned { status: "false".into(), message: message.into() }))
}

/// cloneIVR: copies a top-level IVR and its child IVRs; keys between them point at the copies.
/// Each copy counts as an IVR: past the credits without acceptTerms, status 'false'.
#[utoipa::path(post, path = "/managemultilevelivr/cloneIVR", tag = "routing",
    request_body(content((CloneIvrRequest = "multipart/form-data"), (CloneIvrRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = CloneIvrAnswer)))]
async fn clone_ivr(
    State(state): State<AppState>,
    user: RoutingUser,
    Form { fields: form, .. }: Form<CloneIvrRequest>,
) -> Result<Json<CloneIvrAnswer>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut tx = RoutingWrite::begin(&state, &user, RecordKind::Ivr).await?;
    let library = library(&mut tx.tx, customer).await?;
    let root = library.ivr(form.id.unwrap_or(0)).ok_or(AppError::NotFound)?;
    if let Some(refusal) = domain::routing::ivr::clone_refusal(root.ivr.is_child) {
        return Ok(not_cloned(refusal));
    }
    let originals = to_copy(root, &library);
    let mut taken: Vec<String> = library.ivrs.iter().map(|i| i.ivr.description.clone()).collect();
    let mut copies = vec![];
    for original in &originals {
        let copy = IvrForm { description: copy_description(&original.ivr.description, &taken), ..original.ivr.clone() };
        validate_ivr(&copy, &taken).map_err(refused)?;
        taken.push(copy.description.clone());
        copies.push(copy);
    }

    let credits = credits_for(&mut tx, customer, copies.len() as i64, flag(&form.acceptTerms)).await?;
    if matches!(credits, Credits::TermsNeeded) {
        return Ok(not_cloned(TERMS_REQUIRED));
    }
    if tx.in_draft() && matches!(credits, Credits::Charge { .. }) {
        return Err(AppError::field("draft", IVR_BOUGHT_LIVE));
    }
    let mut ids = vec![];
    for copy in &copies {
        ids.push(ivrs::insert(&mut tx, customer, copy).await?);
    }
    let new_id = |old: i64| originals.iter().position(|o| o.id == old).map_or(old, |i| ids[i]);
    for (copy, id) in copies.iter().zip(&ids) {
        let mut keys = copy.options.clone();
        for key in keys.iter_mut().filter(|k| k.ivr_id != 0) {
            key.ivr_id = new_id(key.ivr_id);
        }
        ivrs::replace_keys(&mut tx, *id, &keys).await?;
    }
    charge(&mut tx, customer, user.session.user_id, &credits, &ids, state.clock.now()).await?;
    // Each copy is a change of its own: a new IVR.
    for &id in &ids {
        let after = routing_history::ivr(&mut tx, customer, id).await?;
        tx.record(ivr_key(id), None, after).await?;
    }
    tx.commit(&state).await?;
    Ok(Json(CloneIvrAnswer::Cloned(IvrCloned { status: true, data: ClonedIvrId { id: ids[0] } })))
}

/// cloneIVR/, as the browser calls it.
#[utoipa::path(post, path = "/managemultilevelivr/cloneIVR/", tag = "routing",
    request_body(content((CloneIvrRequest = "multipart/form-data"), (CloneIvrRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = CloneIvrAnswer)))]
async fn clone_ivr_slash(
    state: State<AppState>,
    user: RoutingUser,
    form: Form<CloneIvrRequest>,
) -> Result<Json<CloneIvrAnswer>, AppError> {
    clone_ivr(state, user, form).await
}
