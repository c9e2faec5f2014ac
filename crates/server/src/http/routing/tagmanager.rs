//! tagmanager/*: the tag manager setup dialog's calls (spec/call-routing.md sections 4 and 7),
//! answered by the provider behind the `TagManager` trait (the sandbox here). A 400 means the
//! container is already set up.

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::Json;
use domain::routing::campaign_reference;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extras::TEXT_MAX;
use super::RoutingUser;
use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::providers::tag_manager::{Item, Sandbox, TagManager, TagManagerError};
use crate::state::AppState;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(accounts))
        .routes(routes!(containers))
        .routes(routes!(workspaces))
        .routes(routes!(tag))
        .routes(routes!(workspace_status))
        .routes(routes!(container_version))
        .routes(routes!(publish))
}

/// Where in the provider's tree: an account's, container's or workspace's path.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PathQuery {
    #[serde(default)]
    #[param(max_length = 1_000)]
    path: String,
    /// The tag's path (workspaceStatus).
    #[serde(default)]
    #[param(max_length = 1_000)]
    tag: String,
}

/// A path in the provider's tree, as posted. `campaignRef` is sent by the page and not read:
/// the tag always carries the account's own reference.
#[derive(Deserialize, Validate, ToSchema)]
struct PathForm {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    path: String,
}

/// An account, container, workspace or tag of the provider.
#[derive(Serialize, ToSchema)]
struct TagManagerItem {
    name: String,
    path: String,
}

#[derive(Serialize, ToSchema)]
struct TagManagerAccounts {
    accounts: Vec<TagManagerItem>,
}

#[derive(Serialize, ToSchema)]
struct TagManagerContainers {
    containers: Vec<TagManagerItem>,
}

#[derive(Serialize, ToSchema)]
struct TagManagerWorkspaces {
    workspaces: Vec<TagManagerItem>,
}

#[derive(Serialize, ToSchema)]
struct TagCreated {
    success: bool,
    tag: TagManagerItem,
}

#[derive(Serialize, ToSchema)]
struct WorkspaceStatus {
    /// What the workspace needs next.
    action: String,
}

#[derive(Serialize, ToSchema)]
struct ContainerVersion {
    path: String,
}

fn refused(error: TagManagerError) -> AppError {
    match error {
        TagManagerError::NotFound => AppError::NotFound,
        TagManagerError::AlreadySetUp => AppError::BadRequest(domain::routing::TAG_MANAGER_ALREADY_SET_UP.into()),
        TagManagerError::Provider(cause) => AppError::Internal(cause),
    }
}

fn listed(items: Vec<Item>) -> Vec<TagManagerItem> {
    items.into_iter().map(|i| TagManagerItem { name: i.name, path: i.path }).collect()
}

#[utoipa::path(get, path = "/tagmanager/accounts", tag = "routing",
    responses((status = 200, body = TagManagerAccounts)))]
async fn accounts(State(state): State<AppState>, user: RoutingUser) -> Result<Json<TagManagerAccounts>, AppError> {
    user.require_tag_manager()?;
    let accounts = Sandbox(&state.db).accounts(user.customer()).await.map_err(refused)?;
    Ok(Json(TagManagerAccounts { accounts: listed(accounts) }))
}

#[utoipa::path(get, path = "/tagmanager/containers", tag = "routing", params(PathQuery),
    responses((status = 200, body = TagManagerContainers)))]
async fn containers(
    State(state): State<AppState>,
    user: RoutingUser,
    Query(q): Query<PathQuery>,
) -> Result<Json<TagManagerContainers>, AppError> {
    user.require_tag_manager()?;
    let containers = Sandbox(&state.db).containers(user.customer(), &q.path).await.map_err(refused)?;
    Ok(Json(TagManagerContainers { containers: listed(containers) }))
}

#[utoipa::path(get, path = "/tagmanager/workspaces", tag = "routing", params(PathQuery),
    responses((status = 200, body = TagManagerWorkspaces)))]
async fn workspaces(
    State(state): State<AppState>,
    user: RoutingUser,
    Query(q): Query<PathQuery>,
) -> Result<Json<TagManagerWorkspaces>, AppError> {
    user.require_tag_manager()?;
    let workspaces = Sandbox(&state.db).workspaces(user.customer(), &q.path).await.map_err(refused)?;
    Ok(Json(TagManagerWorkspaces { workspaces: listed(workspaces) }))
}

/// Creates the tracking tag in a workspace (400: the container is already set up).
#[utoipa::path(post, path = "/tagmanager/tag", tag = "routing",
    request_body(content((PathForm = "multipart/form-data"), (PathForm = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = TagCreated)))]
async fn tag(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<PathForm>,
) -> Result<Json<TagCreated>, AppError> {
    user.require_tag_manager()?;
    // The tag carries this account's own reference, whatever the browser posted as campaignRef:
    // a tag must never publish another customer's reference.
    let campaign_ref = campaign_reference(&user.account);
    let sandbox = Sandbox(&state.db);
    let tag = sandbox.create_tag(user.customer(), &form.fields.path, &campaign_ref, state.clock.now()).await;
    let tag = tag.map_err(refused)?;
    Ok(Json(TagCreated { success: true, tag: TagManagerItem { name: tag.name, path: tag.path } }))
}

#[utoipa::path(get, path = "/tagmanager/workspaceStatus", tag = "routing", params(PathQuery),
    responses((status = 200, body = WorkspaceStatus)))]
async fn workspace_status(
    State(state): State<AppState>,
    user: RoutingUser,
    Query(q): Query<PathQuery>,
) -> Result<Json<WorkspaceStatus>, AppError> {
    user.require_tag_manager()?;
    let action = Sandbox(&state.db).workspace_status(user.customer(), &q.path, &q.tag).await.map_err(refused)?;
    Ok(Json(WorkspaceStatus { action: action.to_string() }))
}

#[utoipa::path(post, path = "/tagmanager/containerVersion", tag = "routing",
    request_body(content((PathForm = "multipart/form-data"), (PathForm = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ContainerVersion)))]
async fn container_version(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<PathForm>,
) -> Result<Json<ContainerVersion>, AppError> {
    user.require_tag_manager()?;
    let path = Sandbox(&state.db).create_version(user.customer(), &form.fields.path).await.map_err(refused)?;
    Ok(Json(ContainerVersion { path }))
}

#[utoipa::path(post, path = "/tagmanager/publish", tag = "routing",
    request_body(content((PathForm = "multipart/form-data"), (PathForm = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn publish(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<PathForm>,
) -> Result<Json<Done>, AppError> {
    user.require_tag_manager()?;
    Sandbox(&state.db).publish(user.customer(), &form.fields.path, state.clock.now()).await.map_err(refused)?;
    Ok(Json(Done { success: true }))
}
