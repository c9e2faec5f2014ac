//! The routing API follows the /routing page's guard: partner and technology-partner portal
//! accounts have no call routing, whatever their level and provisioning rights.

use axum::http::StatusCode;

use crate::helpers::TestApp;

#[tokio::test]
async fn portal_accounts_can_neither_read_nor_change_routing() {
    let app = TestApp::spawn().await;
    for portal in ["partner@demo.test", "techpartner@demo.test"] {
        let session = app.login(portal).await;
        for path in [
            "/api/manageconnections/getNumbersList",
            "/api/manageconnections/getServicePlansList",
            "/api/manageivrrouting/getIvrLibrary",
        ] {
            assert_eq!(app.get(path, Some(&session)).await.status, StatusCode::FORBIDDEN, "{portal} {path}");
        }
        let plan = app
            .post_form(
                "/api/manageconnections/create_plan",
                Some(&session),
                &[("form_plan_description", "Portal plan"), ("form_from_day[0]", "1")],
            )
            .await;
        assert_eq!(plan.status, StatusCode::FORBIDDEN, "{portal}");
        let ivr =
            app.post_form("/api/manageivrrouting/createIvr/0", Some(&session), &[("description", "Portal IVR")]).await;
        assert_eq!(ivr.status, StatusCode::FORBIDDEN, "{portal}");
    }
    let (plans,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM service_plans WHERE customer_id IN (600, 700)")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(plans, 0);
}

#[tokio::test]
async fn a_partner_inside_a_client_account_routes_it() {
    let app = TestApp::spawn().await;
    let partner = app.login("partner@demo.test").await;
    let entered = app
        .post_multipart(
            "/api/login/",
            Some(&partner),
            &[("form_partner_login", "1"), ("form_customer_id", "602"), ("form_customer_name", "Riverside")],
        )
        .await;
    assert_eq!(entered.status, StatusCode::OK, "{}", entered.text());
    let list = app.get("/api/manageconnections/getNumbersList", Some(&partner)).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text());
}
