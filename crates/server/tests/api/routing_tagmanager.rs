//! tagmanager/*: the setup dialog's flow against the sandbox provider — accounts, containers,
//! workspaces, the tag (400 when already set up), the workspace status and publishing.

use axum::http::StatusCode;

use crate::helpers::TestApp;

const CONTAINER: &str = "accounts/6001/containers/7001";
const WORKSPACE: &str = "accounts/6001/containers/7001/workspaces/1";

#[tokio::test]
async fn an_owner_lists_creates_the_tag_and_publishes() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let accounts = app.get("/api/tagmanager/accounts", Some(&owner)).await.json();
    assert_eq!(accounts["accounts"][0]["path"], "accounts/6001");
    let containers = app.get("/api/tagmanager/containers?path=accounts/6001", Some(&owner)).await.json();
    assert_eq!(containers["containers"].as_array().unwrap().len(), 2);
    let workspaces = app.get(&format!("/api/tagmanager/workspaces?path={CONTAINER}"), Some(&owner)).await.json();
    assert_eq!(workspaces["workspaces"][0]["path"], WORKSPACE);

    let tag =
        app.post_form("/api/tagmanager/tag", Some(&owner), &[("path", WORKSPACE), ("campaignRef", "HLD-100")]).await;
    assert_eq!(tag.status, StatusCode::OK, "{}", tag.text());
    let tag_path = tag.json()["tag"]["path"].as_str().unwrap().to_string();
    let status =
        app.get(&format!("/api/tagmanager/workspaceStatus?path={WORKSPACE}&tag={tag_path}"), Some(&owner)).await;
    assert_eq!(status.json()["action"], "publish");
    let version = app.post_form("/api/tagmanager/containerVersion", Some(&owner), &[("path", WORKSPACE)]).await.json();
    let version = version["path"].as_str().unwrap().to_string();
    assert_eq!(version, format!("{CONTAINER}/versions/1"));
    let published = app.post_form("/api/tagmanager/publish", Some(&owner), &[("path", &version)]).await;
    assert_eq!(published.status, StatusCode::OK);

    // The container now has the tag: another attempt is 400, "already set up".
    let again =
        app.post_form("/api/tagmanager/tag", Some(&owner), &[("path", WORKSPACE), ("campaignRef", "HLD-100")]).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_workspace_with_other_changes_needs_a_manual_publish() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let workspace = "accounts/6001/containers/7002/workspaces/1";
    let tag = app.post_form("/api/tagmanager/tag", Some(&owner), &[("path", workspace), ("campaignRef", "HLD")]).await;
    let tag_path = tag.json()["tag"]["path"].as_str().unwrap().to_string();
    let status =
        app.get(&format!("/api/tagmanager/workspaceStatus?path={workspace}&tag={tag_path}"), Some(&owner)).await;
    assert_eq!(status.json()["action"], "manual");
}

#[tokio::test]
async fn the_tag_carries_the_accounts_own_reference_whatever_is_posted() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply =
        app.post_form("/api/tagmanager/tag", Some(&owner), &[("path", WORKSPACE), ("campaignRef", "ATLAS-300")]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let (reference,): (String,) = sqlx::query_as("SELECT campaign_ref FROM tm_tags ORDER BY created_at DESC LIMIT 1")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let (code,): (String,) =
        sqlx::query_as("SELECT account_code FROM customers WHERE id = 100").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(reference, code);
}

#[tokio::test]
async fn the_tag_manager_is_for_accounts_with_dynamic_numbers_and_not_for_portals() {
    let app = TestApp::spawn().await;
    sqlx::query("UPDATE customers SET has_dynamic = 0 WHERE id = 100").execute(&app.state.db).await.unwrap();
    let owner = app.login("owner@demo.test").await;
    assert_eq!(app.get("/api/tagmanager/accounts", Some(&owner)).await.status, StatusCode::FORBIDDEN);
    for portal in ["partner@demo.test", "techpartner@demo.test"] {
        let session = app.login(portal).await;
        assert_eq!(app.get("/api/tagmanager/accounts", Some(&session)).await.status, StatusCode::FORBIDDEN, "{portal}");
    }
}

#[tokio::test]
async fn another_customers_paths_are_404_and_a_customer_without_tag_manager_has_no_accounts() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let foreign = "accounts/6101/containers/7101/workspaces/1";
    assert_eq!(
        app.get("/api/tagmanager/containers?path=accounts/6101", Some(&owner)).await.status,
        StatusCode::NOT_FOUND
    );
    let reply = app.post_form("/api/tagmanager/tag", Some(&owner), &[("path", foreign), ("campaignRef", "X")]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let enterprise = app.login("enterprise@demo.test").await;
    // The foreign tag was not created: the owner of that account can still set it up.
    let reply =
        app.post_form("/api/tagmanager/tag", Some(&enterprise), &[("path", foreign), ("campaignRef", "X")]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get("/api/tagmanager/accounts", Some(&starter)).await.status, StatusCode::FORBIDDEN);
    let group = app.login("group@demo.test").await;
    assert_eq!(app.get("/api/tagmanager/accounts", Some(&group)).await.status, StatusCode::FORBIDDEN);
}
