//! The tag-manager sandbox's own tables (`tm_*`): the accounts, containers, workspaces, tags and
//! versions `providers::tag_manager::Sandbox` answers from, as the outside provider would keep
//! them. Paths are the provider's ("accounts/1/containers/2/workspaces/3").

use sqlx::AnyPool;

use crate::db::Flag;
use crate::store::CustomerId;

/// The customer's accounts at the provider: (name, path), by name.
pub async fn accounts(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT name, path FROM tm_accounts WHERE customer_id = $1 ORDER BY name")
        .bind(customer)
        .fetch_all(db)
        .await
}

/// Whether the account at `account_path` is the customer's.
pub async fn owns_account(db: &AnyPool, customer: CustomerId, account_path: &str) -> sqlx::Result<bool> {
    let found: Option<(i64,)> = sqlx::query_as("SELECT 1 FROM tm_accounts WHERE path = $1 AND customer_id = $2")
        .bind(account_path)
        .bind(customer)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// An account's containers: (name, path), by name.
pub async fn containers(db: &AnyPool, account_path: &str) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT name, path FROM tm_containers WHERE account_path = $1 ORDER BY name")
        .bind(account_path)
        .fetch_all(db)
        .await
}

/// A container's workspaces: (name, path), by name.
pub async fn workspaces(db: &AnyPool, container_path: &str) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT name, path FROM tm_workspaces WHERE container_path = $1 ORDER BY name")
        .bind(container_path)
        .fetch_all(db)
        .await
}

/// The container of a workspace, when the workspace exists.
pub async fn container_of(db: &AnyPool, workspace_path: &str) -> sqlx::Result<Option<String>> {
    let row: Option<(String,)> = sqlx::query_as("SELECT container_path FROM tm_workspaces WHERE path = $1")
        .bind(workspace_path)
        .fetch_optional(db)
        .await?;
    Ok(row.map(|(container,)| container))
}

/// Adds the tag at `path` unless the container has a tag already; false when it has.
pub async fn add_tag_once(
    db: &AnyPool,
    path: &str,
    (workspace, container): (&str, &str),
    campaign_ref: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    let (existing,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM tm_tags WHERE container_path = $1")
        .bind(container)
        .fetch_one(&mut *tx)
        .await?;
    if existing > 0 {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO tm_tags (path, workspace_path, container_path, campaign_ref, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(path)
    .bind(workspace)
    .bind(container)
    .bind(campaign_ref)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// Whether the workspace holding the tag has someone else's changes; None when the workspace
/// does not hold that tag.
pub async fn has_other_changes(db: &AnyPool, workspace: &str, tag: &str) -> sqlx::Result<Option<bool>> {
    let row: Option<(Flag,)> = sqlx::query_as(
        "SELECT w.has_other_changes FROM tm_workspaces w JOIN tm_tags t ON t.workspace_path = w.path
         WHERE w.path = $1 AND t.path = $2",
    )
    .bind(workspace)
    .bind(tag)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(Flag(other),)| other))
}

/// Makes the container's next version from the workspace; its path.
pub async fn add_version(db: &AnyPool, container: &str, workspace: &str) -> sqlx::Result<String> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM tm_versions WHERE container_path = $1")
        .bind(container)
        .fetch_one(db)
        .await?;
    let path = format!("{container}/versions/{}", count + 1);
    sqlx::query("INSERT INTO tm_versions (path, container_path, workspace_path) VALUES ($1, $2, $3)")
        .bind(&path)
        .bind(container)
        .bind(workspace)
        .execute(db)
        .await?;
    Ok(path)
}

/// Marks a version published; false when there is no such version.
pub async fn publish(db: &AnyPool, version: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE tm_versions SET published_at = $1 WHERE path = $2")
        .bind(now)
        .bind(version)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}
