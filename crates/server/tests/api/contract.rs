//! The published contract (issue 17): `/api/openapi.json` describes the typed calls, with what
//! every call shares, and a typed form's shape rules answer as the other checks do.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

async fn contract(app: &TestApp) -> Value {
    let reply = app.get("/api/openapi.json", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    reply.json()
}

#[tokio::test]
async fn the_contract_is_openapi_3_1_with_the_admin_header_and_the_session() {
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    assert_eq!(api["openapi"], "3.1.0");
    assert_eq!(api["servers"][0]["url"], "/api");
    let schemes = &api["components"]["securitySchemes"];
    assert_eq!(schemes["adminHeader"]["name"], "X-Admin-Area");
    assert_eq!(schemes["session"]["in"], "cookie");
    let post = &api["paths"]["/partnerportal/addAccount"]["post"];
    for status in ["200", "401", "403", "404", "422"] {
        assert!(post["responses"][status].is_object(), "addAccount answers {status}");
    }
    assert_eq!(post["operationId"], "post_partnerportal_addAccount");
    assert!(post["requestBody"]["content"]["multipart/form-data"].is_object());
}

#[tokio::test]
async fn operation_ids_are_unique() {
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    let mut ids: Vec<String> = api["paths"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|item| item.as_object().unwrap().values().map(|op| op["operationId"].as_str().unwrap().to_string()))
        .collect();
    let count = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), count);
}

#[tokio::test]
async fn the_contract_is_public_and_every_call_still_needs_the_admin_header() {
    let app = TestApp::spawn().await;
    let bare = |path: &str| crate::helpers::request("GET", path, None, false).body(axum::body::Body::empty()).unwrap();
    assert_eq!(app.send(bare("/api/openapi.json")).await.status, StatusCode::OK);
    assert_eq!(app.send(bare("/api/openapi.json/")).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.send(bare("/api/accountsettings/getAccountDetails")).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_typed_forms_shape_rules_answer_422_and_a_wrong_type_400() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let zero = app.post_form("/api/login/", Some(&token), &[("form_customer_id", "0")]).await;
    assert_eq!(zero.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", zero.text());
    assert_eq!(zero.json()["code"], "VALIDATION_FAILED");
    assert!(zero.json()["errors"]["form_customer_id"].is_string());
    let word = app.post_form("/api/login/", Some(&token), &[("form_customer_id", "abc")]).await;
    assert_eq!(word.status, StatusCode::BAD_REQUEST);
    let twice =
        app.post_form("/api/login/", Some(&token), &[("form_customer_id", "601"), ("form_customer_id", "602")]).await;
    assert_eq!(twice.status, StatusCode::BAD_REQUEST, "a field posted twice is refused");
    let long = "x".repeat(1_001);
    let reply = app.post_form("/api/partnerportal/addAccount", Some(&token), &[("accountName", long.as_str())]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(reply.json()["errors"]["accountName"].is_string(), "{}", reply.text());
    assert_eq!(app.account(&token).await["customerId"], 600);
}
