//! The tag-manager provider behind a trait, and a sandbox of our own that keeps each customer's
//! accounts, containers and workspaces in the database and answers as the provider would:
//! a second tag in a container is refused (already set up), a workspace with someone else's
//! changes needs a manual publish, and a version can be made and published.

use crate::store::sandbox_tag_manager as store;
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
    if store::owns_account(db, customer, &account).await? {
        Ok(())
    } else {
        Err(TagManagerError::NotFound)
    }
}

fn items(rows: Vec<(String, String)>) -> Vec<Item> {
    rows.into_iter().map(|(name, path)| Item { name, path }).collect()
}

/// The container of a workspace path that exists.
async fn container_of(db: &AnyPool, workspace: &str) -> Result<String> {
    store::container_of(db, workspace).await?.ok_or(TagManagerError::NotFound)
}

impl TagManager for Sandbox<'_> {
    async fn accounts(&self, customer: CustomerId) -> Result<Vec<Item>> {
        Ok(items(store::accounts(self.0, customer).await?))
    }

    async fn containers(&self, customer: CustomerId, account: &str) -> Result<Vec<Item>> {
        owns(self.0, customer, account).await?;
        Ok(items(store::containers(self.0, account).await?))
    }

    async fn workspaces(&self, customer: CustomerId, container: &str) -> Result<Vec<Item>> {
        owns(self.0, customer, container).await?;
        Ok(items(store::workspaces(self.0, container).await?))
    }

    async fn create_tag(&self, customer: CustomerId, workspace: &str, campaign_ref: &str, now: i64) -> Result<Item> {
        owns(self.0, customer, workspace).await?;
        let container = container_of(self.0, workspace).await?;
        let path = format!("{workspace}/tags/1");
        if !store::add_tag_once(self.0, &path, (workspace, &container), campaign_ref, now).await? {
            return Err(TagManagerError::AlreadySetUp);
        }
        Ok(Item { name: TAG_NAME.to_string(), path })
    }

    async fn workspace_status(&self, customer: CustomerId, workspace: &str, tag: &str) -> Result<&'static str> {
        owns(self.0, customer, workspace).await?;
        match store::has_other_changes(self.0, workspace, tag).await? {
            Some(true) => Ok("manual"),
            Some(false) => Ok("publish"),
            None => Err(TagManagerError::NotFound),
        }
    }

    async fn create_version(&self, customer: CustomerId, workspace: &str) -> Result<String> {
        owns(self.0, customer, workspace).await?;
        let container = container_of(self.0, workspace).await?;
        Ok(store::add_version(self.0, &container, workspace).await?)
    }

    async fn publish(&self, customer: CustomerId, version: &str, now: i64) -> Result<()> {
        owns(self.0, customer, version).await?;
        if store::publish(self.0, version, now).await? {
            Ok(())
        } else {
            Err(TagManagerError::NotFound)
        }
    }
}
