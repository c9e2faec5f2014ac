//! The demo's legacy package (Lacey Motors) and group account (Northern Clinics Group) hold
//! numbers, have a year of calls and their invoices, like the other demo accounts: their first
//! screens are not empty.

use axum::http::StatusCode;

use crate::helpers::TestApp;

#[tokio::test]
async fn the_legacy_and_group_accounts_have_numbers_calls_and_invoices() {
    let app = TestApp::spawn().await;
    for (email, customer) in [("legacy@demo.test", 400), ("group@demo.test", 500)] {
        let numbers: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM routing_entries WHERE customer_id = $1")
            .bind(customer)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        assert!(numbers >= 4, "{email}: {numbers} numbers");
        let session = app.login(email).await;
        let log = app.get("/api/reports/getCalls?preset=last30Days", Some(&session)).await;
        assert_eq!(log.status, StatusCode::OK, "{email}: {}", log.text());
        assert!(log.json()["total"].as_i64().unwrap() > 20, "{email}: {}", log.json()["total"]);
        let invoices: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM invoices WHERE customer_id = $1")
            .bind(customer)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
        assert!(invoices >= 6, "{email}: {invoices} invoices");
    }
}
