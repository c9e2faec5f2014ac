//! The tag-manager provider behind a trait, and a sandbox of our own that keeps each customer's
//! accounts, containers and workspaces in the database and answers as the provider would:
//! a second tag in a container is refused (already set up), a workspace with someone else's
//! changes needs a manual publish, and a version can be made and published.

use crate::db::Flag;
use crate::store::CustomerId;
use sqlx::AnyPool;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub name: String,
    pub path: String,
}

#[derive(Debug)]
pub enum TagManagerError {
    /// The path is not one of this customer's.
    NotFound,
    /// The container already has our tag.
    AlreadySetUp,
    Provider(String),
}

impl From<sqlx::Error> for TagManagerError {
    fn from(e: sqlx::Error) -> Self {
        TagManagerError::Provider(e.to_string())
    }
}

type Result<T> = std::result::Result<T, TagManagerError>;

/// What the setup dialog asks of a tag-manager provider, on behalf of one customer.
pub trait TagManager {
    fn accounts(&self, customer: CustomerId) -> impl std::future::Future<Output = Result<Vec<Item>>> + Send;
    fn containers(
        &self,
        customer: CustomerId,
        account: &str,
    ) -> impl std::future::Future<Output = Result<Vec<Item>>> + Send;
    fn workspaces(
        &self,
        customer: CustomerId,
        container: &str,
    ) -> impl std::future::Future<Output = Result<Vec<Item>>> + Send;
    fn create_tag(
        &self,
        customer: CustomerId,
        workspace: &str,
        campaign_ref: &str,
        now: i64,
    ) -> impl std::future::Future<Output = Result<Item>> + Send;
    /// "publish" when the workspace can be published now, "manual" when the user must.
    fn workspace_status(
        &self,
        customer: CustomerId,
        workspace: &str,
        tag: &str,
    ) -> impl std::future::Future<Output = Result<&'static str>> + Send;
    fn create_version(
        &self,
        customer: CustomerId,
        workspace: &str,
    ) -> impl std::future::Future<Output = Result<String>> + Send;
    fn publish(
        &self,
        customer: CustomerId,
        version: &str,
        now: i64,
    ) -> impl std::future::Future<Output = Result<()>> + Send;
}

pub const TAG_NAME: &str = "Call tracking numbers";

/// The sandbox provider, in this server's database.
pub struct Sandbox<'a>(pub &'a AnyPool);

/// The account of a path (its first two segments), when it is the customer's.
async fn owns(db: &AnyPool, customer: CustomerId, path: &str) -> Result<()> {
    let account: String = path.split('/').take(2).collect::<Vec<_>>().join("/");
    let found: Option<(i64,)> = sqlx::query_as("SELECT 1 FROM tm_accounts WHERE path = $1 AND customer_id = $2")
        .bind(&account)
        .bind(customer)
        .fetch_optional(db)
        .await?;
    found.map(|_| ()).ok_or(TagManagerError::NotFound)
}

async fn items(db: &AnyPool, sql: &str, parent: &str) -> Result<Vec<Item>> {
    let rows: Vec<(String, String)> = sqlx::query_as(sql).bind(parent).fetch_all(db).await?;
    Ok(rows.into_iter().map(|(name, path)| Item { name, path }).collect())
}

/// The container of a workspace path that exists.
async fn container_of(db: &AnyPool, workspace: &str) -> Result<String> {
    let row: Option<(String,)> = sqlx::query_as("SELECT container_path FROM tm_workspaces WHERE path = $1")
        .bind(workspace)
        .fetch_optional(db)
        .await?;
    row.map(|(c,)| c).ok_or(TagManagerError::NotFound)
}

impl TagManager for Sandbox<'_> {
    async fn accounts(&self, customer: CustomerId) -> Result<Vec<Item>> {
        let rows: Vec<(String, String)> =
            sqlx::query_as("SELECT name, path FROM tm_accounts WHERE customer_id = $1 ORDER BY name")
                .bind(customer)
                .fetch_all(self.0)
                .await?;
        Ok(rows.into_iter().map(|(name, path)| Item { name, path }).collect())
    }

    async fn containers(&self, customer: CustomerId, account: &str) -> Result<Vec<Item>> {
        owns(self.0, customer, account).await?;
        items(self.0, "SELECT name, path FROM tm_containers WHERE account_path = $1 ORDER BY name", account).await
    }

    async fn workspaces(&self, customer: CustomerId, container: &str) -> Result<Vec<Item>> {
        owns(self.0, customer, container).await?;
        items(self.0, "SELECT name, path FROM tm_workspaces WHERE container_path = $1 ORDER BY name", container).await
    }

    async fn create_tag(&self, customer: CustomerId, workspace: &str, campaign_ref: &str, now: i64) -> Result<Item> {
        owns(self.0, customer, workspace).await?;
        let container = container_of(self.0, workspace).await?;
        let mut tx = crate::db::begin_write(self.0).await?;
        let (existing,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM tm_tags WHERE container_path = $1")
            .bind(&container)
            .fetch_one(&mut *tx)
            .await?;
        if existing > 0 {
            return Err(TagManagerError::AlreadySetUp);
        }
        let path = format!("{workspace}/tags/1");
        sqlx::query("INSERT INTO tm_tags (path, workspace_path, container_path, campaign_ref, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&path)
            .bind(workspace)
            .bind(&container)
            .bind(campaign_ref)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Item { name: TAG_NAME.to_string(), path })
    }

    async fn workspace_status(&self, customer: CustomerId, workspace: &str, tag: &str) -> Result<&'static str> {
        owns(self.0, customer, workspace).await?;
        let row: Option<(Flag,)> = sqlx::query_as(
            "SELECT w.has_other_changes FROM tm_workspaces w JOIN tm_tags t ON t.workspace_path = w.path
             WHERE w.path = $1 AND t.path = $2",
        )
        .bind(workspace)
        .bind(tag)
        .fetch_optional(self.0)
        .await?;
        match row {
            Some((Flag(true),)) => Ok("manual"),
            Some((Flag(false),)) => Ok("publish"),
            None => Err(TagManagerError::NotFound),
        }
    }

    async fn create_version(&self, customer: CustomerId, workspace: &str) -> Result<String> {
        owns(self.0, customer, workspace).await?;
        let container = container_of(self.0, workspace).await?;
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM tm_versions WHERE container_path = $1")
            .bind(&container)
            .fetch_one(self.0)
            .await?;
        let path = format!("{container}/versions/{}", count + 1);
        sqlx::query("INSERT INTO tm_versions (path, container_path, workspace_path) VALUES ($1, $2, $3)")
            .bind(&path)
            .bind(&container)
            .bind(workspace)
            .execute(self.0)
            .await?;
        Ok(path)
    }

    async fn publish(&self, customer: CustomerId, version: &str, now: i64) -> Result<()> {
        owns(self.0, customer, version).await?;
        let done = sqlx::query("UPDATE tm_versions SET published_at = $1 WHERE path = $2")
            .bind(now)
            .bind(version)
            .execute(self.0)
            .await?;
        if done.rows_affected() == 0 {
            return Err(TagManagerError::NotFound);
        }
        Ok(())
    }
}
