use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

fn emails(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|r| r["UserEmail"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_owner_lists_about_sixty_users_on_the_account_sorted_by_email() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let reply = app.get("/api/users/getUsers/onaccount", Some(&token)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    let users = emails(&body["users"]);
    assert!(users.len() >= 55, "{}", users.len());
    let mut sorted = users.clone();
    sorted.sort();
    assert_eq!(users, sorted);
    assert!(users.contains(&"owner@demo.test".to_string()));
    assert!(body["accountOwnersQty"].as_u64().unwrap() >= 3);
    assert_eq!(body["accessToOtherAccounts"], true);
    assert_eq!(body["canEditUsers"], true);
    let owner = body["users"].as_array().unwrap().iter().find(|r| r["UserEmail"] == "owner@demo.test").unwrap();
    assert_eq!(owner["Authorisation"], "Account Owner");
    assert_eq!(owner["UserAuthCode"], 25);
    assert_eq!(owner["PERM_USER_ADMIN"], true);
    assert_eq!(owner["EditUser"], owner["UserID"]);
    assert!(owner["UserDateCreated"].as_str().unwrap().len() == 10);
}

#[tokio::test]
async fn users_of_other_home_accounts_are_listed_as_permitted() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    app.post_form("/api/accountsettings/switchAccount", Some(&token), &[("form_customer_id", "101")]).await;
    let body = app.get("/api/users/getUsers/onaccount", Some(&token)).await.json();
    let permitted = emails(&body["usersWithPermission"]);
    assert!(permitted.contains(&"owner@demo.test".to_string()), "{permitted:?}");
    assert!(emails(&body["users"]).is_empty(), "nobody has Orthodontics as their home account");
}

#[tokio::test]
async fn other_accounts_lists_users_of_the_editors_other_accounts() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let body = app.get("/api/users/getUsers/otheraccounts", Some(&token)).await.json();
    let rows = body["users"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r["CustName"] == "Harbour Lane Orthodontics"));
}

#[tokio::test]
async fn a_user_below_the_editor_can_be_managed_but_not_one_above() {
    let app = TestApp::spawn().await;
    let token = app.login("admin@demo.test").await;
    let body = app.get("/api/users/getUsers/onaccount", Some(&token)).await.json();
    let row = |email: &str| body["users"].as_array().unwrap().iter().find(|r| r["UserEmail"] == email).unwrap().clone();
    assert_eq!(row("user@demo.test")["canManage"], true);
    assert_eq!(row("admin@demo.test")["canManage"], true);
    assert_eq!(row("owner@demo.test")["canManage"], false);
}

#[tokio::test]
async fn only_user_admins_reach_the_list() {
    let app = TestApp::spawn().await;
    let token = app.login("user@demo.test").await;
    for path in ["/api/users/getUsers/onaccount", "/api/users/getUsers/otheraccounts", "/api/users/getUserDetails/1"] {
        let reply = app.get(path, Some(&token)).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
}

#[tokio::test]
async fn an_unknown_view_is_404() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    assert_eq!(app.get("/api/users/getUsers/everyone", Some(&token)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn every_users_call_is_refused_to_a_user_who_is_not_a_user_admin() {
    let app = TestApp::spawn().await;
    let token = app.login("user@demo.test").await;
    for path in [
        "/api/users/getUserPermissions/3/10/1",
        "/api/users/getPartnerUserPermissions/3/1",
        "/api/users/getOutboundService",
        "/api/outboundcampaigns/getAll/",
    ] {
        assert_eq!(app.get(path, Some(&token)).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    for path in [
        "/api/users/checkUniqueEmail/",
        "/api/users/save/0",
        "/api/users/sendPasswordReset/2",
        "/api/users/deleteUser/2",
        "/api/users/setOutboundService",
        "/api/outboundcampaigns/addCampaign",
    ] {
        let reply = app.post_multipart(path, Some(&token), &[("form_email", "x@example.test")]).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
}

#[tokio::test]
async fn another_customers_user_is_404_on_every_call_that_names_a_user() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    for path in ["/api/users/getUserDetails/4", "/api/users/getUserPermissions/4/25/1"] {
        let reply = app.get(path, Some(&token)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(!reply.text().contains("Stone"), "{path} leaks nothing");
    }
    for path in ["/api/users/sendPasswordReset/4", "/api/users/deleteUser/4", "/api/users/save/4"] {
        assert_eq!(app.post_multipart(path, Some(&token), &[]).await.status, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn an_administrator_without_the_edit_users_right_cannot_open_or_save_the_form() {
    let app = TestApp::spawn().await;
    sqlx::query("UPDATE user_access SET perm_view_edit_users = 0 WHERE user_id = 2")
        .execute(&app.state.db)
        .await
        .unwrap();
    let token = app.login("admin@demo.test").await;
    let list = app.get("/api/users/getUsers/onaccount", Some(&token)).await;
    assert_eq!(list.status, StatusCode::OK);
    assert_eq!(list.json()["canEditUsers"], false);
    assert_eq!(app.get("/api/users/getUserDetails/3", Some(&token)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.post_multipart("/api/users/save/3", Some(&token), &[]).await.status, StatusCode::FORBIDDEN);
}
