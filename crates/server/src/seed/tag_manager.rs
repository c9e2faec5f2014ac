//! The sandbox tag manager's demo: Harbour Lane Dental has one account with two containers (one
//! workspace that publishes straight away; two workspaces, one with someone else's changes so a
//! manual publish is needed). Atlas Insurance has one, for the tenant tests; Starter has none.

use crate::db::Flag;
use sqlx::{Any, Transaction};

pub async fn seed(tx: &mut Transaction<'_, Any>, _now: i64) -> Result<(), sqlx::Error> {
    let accounts = [("accounts/6001", 100, "Harbour Lane Dental"), ("accounts/6101", 300, "Atlas Insurance Group")];
    for (path, customer, name) in accounts {
        sqlx::query("INSERT INTO tm_accounts (path, customer_id, name) VALUES ($1, $2, $3)")
            .bind(path)
            .bind(customer)
            .bind(name)
            .execute(&mut **tx)
            .await?;
    }
    let containers = [
        ("accounts/6001/containers/7001", "accounts/6001", "www.harbourlanedental.co.uk"),
        ("accounts/6001/containers/7002", "accounts/6001", "book.harbourlanedental.co.uk"),
        ("accounts/6101/containers/7101", "accounts/6101", "www.atlasinsurance.example"),
    ];
    for (path, account, name) in containers {
        sqlx::query("INSERT INTO tm_containers (path, account_path, name) VALUES ($1, $2, $3)")
            .bind(path)
            .bind(account)
            .bind(name)
            .execute(&mut **tx)
            .await?;
    }
    let workspaces = [
        ("accounts/6001/containers/7001/workspaces/1", "accounts/6001/containers/7001", "Default Workspace", false),
        ("accounts/6001/containers/7002/workspaces/1", "accounts/6001/containers/7002", "Default Workspace", true),
        ("accounts/6001/containers/7002/workspaces/2", "accounts/6001/containers/7002", "Summer campaign", false),
        ("accounts/6101/containers/7101/workspaces/1", "accounts/6101/containers/7101", "Default Workspace", false),
    ];
    for (path, container, name, other_changes) in workspaces {
        sqlx::query(
            "INSERT INTO tm_workspaces (path, container_path, name, has_other_changes) VALUES ($1, $2, $3, $4)",
        )
        .bind(path)
        .bind(container)
        .bind(name)
        .bind(Flag(other_changes))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
