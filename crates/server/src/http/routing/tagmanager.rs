//! tagmanager/*: the tag manager setup dialog's calls (spec/call-routing.md sections 4 and 7),
//! answered by the provider behind the `TagManager` trait (the sandbox here). A 400 means the
//! container is already set up.

use axum::extract::{Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::routing::campaign_reference;
use serde::Deserialize;
use serde_json::{json, Value};

use super::RoutingUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::tag_manager::{Item, Sandbox, TagManager, TagManagerError};

pub const ALREADY_SET_UP: &str = "Tag manager is already set up for this container.";

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/tagmanager/accounts", get(accounts))
        .route("/tagmanager/containers", get(containers))
        .route("/tagmanager/workspaces", get(workspaces))
        .route("/tagmanager/tag", post(tag))
        .route("/tagmanager/workspaceStatus", get(workspace_status))
        .route("/tagmanager/containerVersion", post(container_version))
        .route("/tagmanager/publish", post(publish))
}

#[derive(Deserialize)]
struct PathQuery {
    #[serde(default)]
    path: String,
    #[serde(default)]
    tag: String,
}

fn refused(error: TagManagerError) -> AppError {
    match error {
        TagManagerError::NotFound => AppError::NotFound,
        TagManagerError::AlreadySetUp => AppError::BadRequest(ALREADY_SET_UP.into()),
        TagManagerError::Provider(cause) => AppError::Internal(cause),
    }
}

fn listed(items: Vec<Item>) -> Vec<Value> {
    items.into_iter().map(|i| json!({ "name": i.name, "path": i.path })).collect()
}

async fn accounts(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    user.require_tag_manager()?;
    let accounts = Sandbox(&state.db).accounts(user.customer()).await.map_err(refused)?;
    Ok(Json(json!({ "accounts": listed(accounts) })))
}

async fn containers(
    State(state): State<AppState>,
    user: RoutingUser,
    Query(q): Query<PathQuery>,
) -> Result<Json<Value>, AppError> {
    user.require_tag_manager()?;
    let containers = Sandbox(&state.db).containers(user.customer(), &q.path).await.map_err(refused)?;
    Ok(Json(json!({ "containers": listed(containers) })))
}

async fn workspaces(
    State(state): State<AppState>,
    user: RoutingUser,
    Query(q): Query<PathQuery>,
) -> Result<Json<Value>, AppError> {
    user.require_tag_manager()?;
    let workspaces = Sandbox(&state.db).workspaces(user.customer(), &q.path).await.map_err(refused)?;
    Ok(Json(json!({ "workspaces": listed(workspaces) })))
}

async fn tag(State(state): State<AppState>, user: RoutingUser, form: FormData) -> Result<Json<Value>, AppError> {
    user.require_tag_manager()?;
    // The tag carries this account's own reference, whatever the browser posted as campaignRef:
    // a tag must never publish another customer's reference.
    let campaign_ref = campaign_reference(&user.account);
    let sandbox = Sandbox(&state.db);
    let tag = sandbox.create_tag(user.customer(), form.text("path"), &campaign_ref, state.clock.now()).await;
    let tag = tag.map_err(refused)?;
    Ok(Json(json!({ "success": true, "tag": { "name": tag.name, "path": tag.path } })))
}

async fn workspace_status(
    State(state): State<AppState>,
    user: RoutingUser,
    Query(q): Query<PathQuery>,
) -> Result<Json<Value>, AppError> {
    user.require_tag_manager()?;
    let action = Sandbox(&state.db).workspace_status(user.customer(), &q.path, &q.tag).await.map_err(refused)?;
    Ok(Json(json!({ "action": action })))
}

async fn container_version(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_tag_manager()?;
    let path = Sandbox(&state.db).create_version(user.customer(), form.text("path")).await.map_err(refused)?;
    Ok(Json(json!({ "path": path })))
}

async fn publish(State(state): State<AppState>, user: RoutingUser, form: FormData) -> Result<Json<Value>, AppError> {
    user.require_tag_manager()?;
    Sandbox(&state.db).publish(user.customer(), form.text("path"), state.clock.now()).await.map_err(refused)?;
    Ok(Json(json!({ "success": true })))
}
