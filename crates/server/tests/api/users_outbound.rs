use axum::http::StatusCode;
use server::db::Flag;

use crate::helpers::TestApp;

async fn outbound_quantity(app: &TestApp) -> i64 {
    let (n,): (i64,) = sqlx::query_as(
        "SELECT s.quantity FROM customer_services s JOIN services v ON v.id = s.service_id
         WHERE s.customer_id = 100 AND v.product_code = 'OUTBOUND-USER'",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    n
}

#[tokio::test]
async fn the_outbound_service_comes_with_the_servers_price() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let body = app.get("/api/users/getOutboundService", Some(&owner)).await.json();
    assert_eq!(body["status"], 1);
    // One price for an agent: Professional's additional user, as the Upgrade centre offers it.
    assert_eq!(body["data"]["price"], 12.0);
    assert_eq!(body["data"]["billingFrequency"], "1");
    assert_eq!(body["data"]["minimumTerm"], 12);
    assert_eq!(body["data"]["existingCustomerService"], true);
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get("/api/users/getOutboundService", Some(&starter)).await.json()["status"], 0);
}

#[tokio::test]
async fn a_service_that_is_no_longer_on_offer_is_refused_with_a_reason_and_nothing_is_bought() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let before = outbound_quantity(&app).await;
    let fields = [("serviceId", "6"), ("userId", "3"), ("form_include_outbound_permission", "1"), ("acceptTerms", "1")];
    let reply = app.post_multipart("/api/users/setOutboundService", Some(&owner), &fields).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert_eq!(reply.json()["errors"]["serviceId"], domain::users::OUTBOUND_SERVICE_CHANGED);
    assert_eq!(outbound_quantity(&app).await, before);
}

#[tokio::test]
async fn setting_the_service_gives_an_existing_user_outbound_and_bills_one_more_user() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let before = outbound_quantity(&app).await;
    let mut fields = vec![("serviceId", "1"), ("userId", "3"), ("form_include_outbound_permission", "1")];
    fields.push(("price", "0.01"));
    let unaccepted = app.post_multipart("/api/users/setOutboundService", Some(&owner), &fields).await;
    assert_eq!(unaccepted.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(unaccepted.json()["errors"]["acceptTerms"], "Please accept the terms and conditions.");
    assert_eq!(outbound_quantity(&app).await, before, "nothing bought without the terms");
    fields.push(("acceptTerms", "1"));
    let reply = app.post_multipart("/api/users/setOutboundService", Some(&owner), &fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let (who,): (String,) = sqlx::query_as("SELECT accepted_by_email FROM terms_acceptances WHERE customer_id = 100")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(who, "owner@demo.test");
    assert_eq!(outbound_quantity(&app).await, before + 1);
    let details = app.get("/api/users/getUserDetails/3", Some(&owner)).await.json();
    assert_eq!(details["user"]["hasAccessToNewOutbound"], true);
    let (price,): (i64,) = sqlx::query_as("SELECT price_pence FROM customer_services WHERE customer_id = 100")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(price, 1200, "the browser's price is ignored: the agent's one price is charged");
    let (charged,): (i64,) = sqlx::query_as(
        "SELECT unit_price_pence FROM customer_charges WHERE customer_id = 100 AND item = 'outbound_user' AND user_id = 3",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    assert_eq!(charged, 1200, "invoiced at the price offered");
}

#[tokio::test]
async fn outbound_needs_the_user_to_have_permissions() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    sqlx::query("UPDATE user_access SET perm_reports = 0, perm_services_admin = 0 WHERE user_id = 3")
        .execute(&app.state.db)
        .await
        .unwrap();
    let reply =
        app.post_multipart("/api/users/setOutboundService", Some(&owner), &[("serviceId", "1"), ("userId", "3")]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        reply.json()["errors"]["hasAccessToNewOutbound"],
        "The user you selected does not have any permissions set up. Please configure their permissions to be able to enable Outbound."
    );
}

#[tokio::test]
async fn outbound_service_refuses_other_customers_users() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply =
        app.post_multipart("/api/users/setOutboundService", Some(&owner), &[("serviceId", "1"), ("userId", "4")]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn campaigns_are_listed_and_added() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let body = app.get("/api/outboundcampaigns/getAll/", Some(&owner)).await.json();
    assert_eq!(body["status"], 1);
    assert_eq!(body["campaigns"].as_array().unwrap().len(), 3);
    assert_eq!(body["outboundDailyEnabled"], true);
    assert_eq!(body["user"]["customerSettings"]["name"], "Harbour Lane Dental");
    let added = app
        .post_multipart(
            "/api/outboundcampaigns/addCampaign",
            Some(&owner),
            &[("outboundCampaignName", "Winter check-ups")],
        )
        .await;
    assert_eq!(added.status, StatusCode::OK);
    assert_eq!(added.json()["campaign"]["name"], "Winter check-ups");
    let empty =
        app.post_multipart("/api/outboundcampaigns/addCampaign", Some(&owner), &[("outboundCampaignName", " ")]).await;
    assert_eq!(empty.json()["errors"]["outboundCampaignName"], "Campaign name is required.");
}

#[tokio::test]
async fn a_new_user_with_outbound_chosen_gets_it_on_save() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let before = outbound_quantity(&app).await;
    let fields = [
        ("form_first_name", "Omar"),
        ("form_last_name", "Said"),
        ("form_email", "omar@example.test"),
        ("form_auth_code", "10"),
        ("form_customer", "100"),
        ("hasAccessToNewOutbound", "1"),
        ("form_include_outbound_permission", "1"),
        ("form_permission", r#"[{"customerId": 100, "PERM_REPORTS": true}]"#),
        ("acceptTerms", "1"),
    ];
    let reply = app.post_multipart("/api/users/save/0", Some(&owner), &fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(outbound_quantity(&app).await, before + 1);
    let id = reply.json()["id"].as_i64().unwrap();
    let (Flag(perm),): (Flag,) =
        sqlx::query_as("SELECT perm_outbound FROM user_access WHERE user_id = $1 AND customer_id = 100")
            .bind(id)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert!(perm);
}

#[tokio::test]
async fn outbound_is_not_for_group_or_partner_accounts_nor_for_a_shared_users_identity() {
    let app = TestApp::spawn().await;
    for portal in ["group@demo.test", "partner@demo.test"] {
        let session = app.login(portal).await;
        assert_eq!(app.get("/api/users/getOutboundService", Some(&session)).await.status, StatusCode::FORBIDDEN);
        assert_eq!(app.get("/api/outboundcampaigns/getAll/", Some(&session)).await.status, StatusCode::FORBIDDEN);
        let add = app
            .post_multipart("/api/outboundcampaigns/addCampaign", Some(&session), &[("outboundCampaignName", "X")])
            .await;
        assert_eq!(add.status, StatusCode::FORBIDDEN, "{portal}");
    }
    // Morgan also owns Atlas: outbound is a setting of the user everywhere, not this owner's.
    let owner = app.login("owner@demo.test").await;
    let fields = [("serviceId", "1"), ("userId", "10"), ("acceptTerms", "1")];
    let reply = app.post_multipart("/api/users/setOutboundService", Some(&owner), &fields).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
}
