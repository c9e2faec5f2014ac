//! Track Sales (docs/sales-api.md): the period's revenue by source / medium and
//! campaign from the stored sales, each matched by the domain's rule; a call-back's sale credited
//! to its missed call's source; the settings saved and every sale matched again; every
//! message, permissions and other accounts.

use axum::http::StatusCode;
use domain::sales::{MatchSettings, MATCH_BY_CHOICE, MATCH_DAYS_MESSAGE};
use serde_json::Value;
use server::store::sales::{insert, NewSale};
use server::store::CustomerId;

use crate::helpers::{Reply, TestApp};

const PAGE: &str = "/api/tracksales/getSales";
const SAVE: &str = "/api/tracksales/saveMatching";
const DAY: i64 = 24 * 60 * 60;

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

async fn scalar(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap()
}

fn pence(revenue: &Value) -> i64 {
    let text = revenue.as_str().unwrap().replace(',', "");
    let (pounds, pence) = text.split_once('.').unwrap();
    pounds.parse::<i64>().unwrap() * 100 + pence.parse::<i64>().unwrap()
}

#[tokio::test]
async fn the_page_shows_the_periods_revenue_by_source_and_campaign_from_the_matched_sales() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(&format!("{PAGE}?preset=last30Days"), Some(&owner)).await);
    let period = domain::reports::report_period(
        &domain::reports::DatePreset::Last30Days,
        app.state.clock.now(),
        "Europe/London",
    )
    .unwrap();
    let within = format!("customer_id = 100 AND sold_at >= {} AND sold_at < {}", period.start, period.end);
    let sales = scalar(&app, &format!("SELECT COUNT(*) FROM sales WHERE {within}")).await;
    assert!(sales > 3, "the demo sold in the last 30 days");
    assert_eq!(page["sales"], sales);
    assert_eq!(
        page["matched"],
        scalar(&app, &format!("SELECT COUNT(*) FROM sales WHERE {within} AND call_id IS NOT NULL")).await
    );
    let revenue = scalar(&app, &format!("SELECT CAST(SUM(value_pence) AS BIGINT) FROM sales WHERE {within}")).await;
    assert_eq!(pence(&page["revenue"]), revenue);
    let summed: i64 = page["bySource"].as_array().unwrap().iter().map(|l| pence(&l["revenue"])).sum();
    assert_eq!(summed, revenue);
    let summed: i64 = page["byCampaign"].as_array().unwrap().iter().map(|l| pence(&l["revenue"])).sum();
    assert_eq!(summed, revenue);
    assert_eq!(page["matching"]["matchBy"], "callerNumber");
    assert_eq!(page["matching"]["matchDays"], 30);
    assert_eq!(page["canEdit"], true);

    // Each matched sale's call is the latest call from its number within the 30 days before it.
    let matched: Vec<(i64, String, i64, i64)> = sqlx::query_as(
        "SELECT s.id, s.phone, s.sold_at, s.call_id FROM sales s WHERE s.customer_id = 100 AND s.call_id IS NOT NULL",
    )
    .fetch_all(&app.state.db)
    .await
    .unwrap();
    assert!(!matched.is_empty());
    for (id, phone, sold_at, call) in matched {
        let latest = scalar(
            &app,
            &format!(
                "SELECT MAX(id) FROM calls WHERE customer_id = 100 AND direction = 'inbound' AND caller_number = '{phone}'
                   AND started_at <= {sold_at} AND started_at >= {} AND started_at = (SELECT MAX(started_at) FROM calls
                   WHERE customer_id = 100 AND direction = 'inbound' AND caller_number = '{phone}' AND started_at <= {sold_at}
                   AND started_at >= {})",
                sold_at - 30 * DAY,
                sold_at - 30 * DAY
            ),
        )
        .await;
        assert_eq!(call, latest, "sale {id}");
    }
    let latest = page["latest"].as_array().unwrap();
    assert!(latest.len() <= 20 && !latest.is_empty());
    assert!(latest.iter().any(|s| s["callId"].is_null()) || sales > 20);
}

#[tokio::test]
async fn a_call_backs_sale_is_credited_to_the_missed_calls_source() {
    let app = TestApp::spawn().await;
    let (call, first, caller, started): (i64, i64, String, i64) = sqlx::query_as(
        "SELECT c.id, c.callback_of, c.caller_number, c.started_at FROM calls c JOIN calls f ON f.id = c.callback_of
         WHERE c.customer_id = 100 AND c.caller_number <> '' AND f.source_medium_id IS NOT NULL
           AND (c.source_medium_id IS NULL OR c.source_medium_id <> f.source_medium_id)
         ORDER BY c.id LIMIT 1",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    let first_source = scalar(&app, &format!("SELECT source_medium_id FROM calls WHERE id = {first}")).await;
    let mut conn = app.state.db.acquire().await.unwrap();
    // No other call of the caller between the call-back and the sale.
    let sale = NewSale {
        sold_at: started + 60,
        phone: caller,
        reference: "CB-1".into(),
        value_pence: 12_345,
        given_call_id: None,
        import_id: None,
    };
    let id = insert(&mut conn, CustomerId::new(100), &sale, &MatchSettings::default(), started + 60).await.unwrap();
    let (matched, source): (Option<i64>, Option<i64>) =
        sqlx::query_as(&format!("SELECT call_id, source_medium_id FROM sales WHERE id = {id}"))
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert_eq!(matched, Some(call));
    assert_eq!(source, Some(first_source), "credited to where the caller found the account");
}

#[tokio::test]
async fn saving_the_matching_checks_it_and_matches_every_sale_again() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let reply = app.post_form(SAVE, Some(&owner), &[("form_match_by", "email"), ("form_match_days", "30")]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["errors"]["form_match_by"], MATCH_BY_CHOICE);
    for days in ["0", "91", "x"] {
        let reply =
            app.post_form(SAVE, Some(&owner), &[("form_match_by", "callerNumber"), ("form_match_days", days)]).await;
        assert_eq!(reply.json()["errors"]["form_match_days"], MATCH_DAYS_MESSAGE, "{days}");
    }
    let before = scalar(&app, "SELECT COUNT(*) FROM sales WHERE customer_id = 100 AND call_id IS NOT NULL").await;
    let saved =
        ok(app.post_form(SAVE, Some(&owner), &[("form_match_by", "callerNumber"), ("form_match_days", "1")]).await);
    let after = saved["matched"].as_i64().unwrap();
    assert!(after < before, "{after} of {before} within a day");
    let far = scalar(
        &app,
        &format!(
            "SELECT COUNT(*) FROM sales s JOIN calls c ON c.id = s.call_id WHERE s.customer_id = 100
               AND c.started_at < s.sold_at - {DAY}"
        ),
    )
    .await;
    assert_eq!(far, 0);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert_eq!(page["matching"]["matchDays"], 1);
    // By call id: the demo's sales carry none.
    let saved = ok(app.post_form(SAVE, Some(&owner), &[("form_match_by", "callId"), ("form_match_days", "30")]).await);
    assert_eq!(saved["matched"], 0);
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM sales WHERE customer_id = 100 AND source_medium_id IS NOT NULL").await,
        0
    );
}

#[tokio::test]
async fn only_the_menu_items_users_see_it_administrators_change_it_and_each_account_its_own() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get(PAGE, Some(&starter)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(PAGE, None).await.status, StatusCode::UNAUTHORIZED);
    let user = app.login("user@demo.test").await;
    let reply = app.get(PAGE, Some(&user)).await;
    if reply.status == StatusCode::OK {
        assert_eq!(reply.json()["canEdit"], false);
    }
    let reply = app.post_form(SAVE, Some(&user), &[("form_match_by", "callId"), ("form_match_days", "30")]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    // Atlas sees its own sales: none, not Harbour Lane's.
    let atlas = app.login("enterprise@demo.test").await;
    let page = ok(app.get(&format!("{PAGE}?preset=lastMonth"), Some(&atlas)).await);
    assert_eq!((page["sales"].as_i64(), page["bySource"].as_array().unwrap().len()), (Some(0), 0));
    ok(app.post_form(SAVE, Some(&atlas), &[("form_match_by", "callId"), ("form_match_days", "30")]).await);
    let harbour = ok(app.get(PAGE, Some(&app.login("owner@demo.test").await)).await);
    assert_eq!(harbour["matching"]["matchBy"], "callerNumber", "another account's save changes nothing here");
    let reply = app.get(&format!("{PAGE}?preset=someday"), Some(&atlas)).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    // The contract's bounds are the server's (schemathesis found a long `to` accepted).
    let reply = app.get(&format!("{PAGE}?to=00000000000"), Some(&atlas)).await;
    assert_eq!(reply.json()["errors"]["to"], "to must not exceed 10 characters.");
}
