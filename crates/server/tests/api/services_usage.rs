//! services/getAccountUsage, services/getCallCharges and services/getPlanScopes: the plan and
//! usage page's figures, counted from the stored numbers, users, add-ons and calls.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{rows_as_text, TestApp, TEST_NOW};

/// 1 November 2026 00:00 in London (GMT), the month TEST_NOW is in, and its end.
const NOVEMBER: (i64, i64) = (1_793_491_200, 1_796_083_200);
/// 1 October 2026 00:00 in London (BST).
const OCTOBER_START: i64 = 1_790_809_200;

async fn get_ok(app: &TestApp, path: &str, session: &str) -> Value {
    let reply = app.get(path, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text());
    reply.json()
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    let rows = rows_as_text(&app.state.db, sql).await;
    rows[0].trim_matches(['[', ']']).parse().unwrap_or_else(|_| panic!("{sql}: {rows:?}"))
}

/// (calls, minutes, cost in tenths of a penny) of one direction in [start, end).
async fn totals(app: &TestApp, customer: i64, direction: &str, (start, end): (i64, i64)) -> (i64, i64, i64) {
    let where_ = format!(
        "FROM calls WHERE customer_id = {customer} AND direction = '{direction}' AND started_at >= {start} AND started_at < {end}"
    );
    (
        count(app, &format!("SELECT COUNT(*) {where_}")).await,
        count(app, &format!("SELECT CAST(COALESCE(SUM(minutes), 0) AS BIGINT) {where_}")).await,
        count(app, &format!("SELECT CAST(COALESCE(SUM(cost_tenth_pence), 0) AS BIGINT) {where_}")).await,
    )
}

#[tokio::test]
async fn usage_is_counted_from_the_customers_own_numbers_pools_users_and_calls() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let usage = get_ok(&app, "/api/services/getAccountUsage", &owner).await;

    let statics = count(&app, "SELECT COUNT(*) FROM routing_entries WHERE customer_id = 100 AND kind = 'static'").await;
    let pools = count(&app, "SELECT COUNT(*) FROM routing_entries WHERE customer_id = 100 AND kind = 'dynamic'").await;
    let urls = count(&app, "SELECT COUNT(*) FROM dynamic_urls WHERE customer_id = 100").await;
    let agents = count(&app, "SELECT COUNT(*) FROM users WHERE home_customer_id = 100 AND has_new_outbound = 1").await;
    assert!(statics > 0 && pools > 0 && urls > 0 && agents > 0, "the demo has something to count");
    assert_eq!(usage["staticNumbers"], statics);
    assert_eq!(usage["poolsCount"], pools);
    assert_eq!(usage["pools"].as_array().unwrap().len() as i64, pools);
    assert_eq!(usage["dynamicUrlsCount"], urls);
    assert_eq!(usage["dynamicUrls"].as_array().unwrap().len() as i64, urls);
    assert_eq!(usage["outboundAgents"], agents);
    // Professional includes 350 static numbers, 15 pools and 1,000 minutes, with 30 days' storage free.
    assert_eq!(usage["staticsAvailable"], 350);
    assert_eq!(usage["poolsAvailable"], 15);
    assert_eq!(usage["minutesAvailable"], 1000);
    assert_eq!(usage["callRecordingStorage"], 30);
    assert_eq!(usage["freeCallRecordingStorage"], 30);
    assert_eq!(usage["onlyUseAssignedNumbers"], false);
    assert_eq!(
        usage["addOns"],
        json!([
            { "scope": "integration_sales_import", "description": "Sales import" },
            { "scope": "outbound", "description": "Outbound" },
        ])
    );
    let (_, inbound_minutes, _) = totals(&app, 100, "inbound", NOVEMBER).await;
    assert!(inbound_minutes > 0, "the demo has calls this month");
    assert_eq!(usage["inclusiveMinutesLeft"], (1000 - inbound_minutes).max(0));

    // Another customer's figures are its own.
    let starter = app.login("starter@demo.test").await;
    let theirs = get_ok(&app, "/api/services/getAccountUsage", &starter).await;
    let their_statics =
        count(&app, "SELECT COUNT(*) FROM routing_entries WHERE customer_id = 200 AND kind = 'static'").await;
    assert_eq!(theirs["staticNumbers"], their_statics);
    assert_eq!(theirs["staticsAvailable"], 10);
    assert_eq!(theirs["poolsAvailable"], 1, "Starter's website tracking");
    assert_eq!(theirs["addOns"], json!([]));
}

#[tokio::test]
async fn a_new_call_uses_inclusive_minutes_and_extended_storage_shows_at_once() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let before = get_ok(&app, "/api/services/getAccountUsage", &owner).await;
    // The demo's calls this month may already use every inclusive minute; start from none.
    sqlx::query("DELETE FROM calls WHERE customer_id = 100 AND started_at >= $1")
        .bind(NOVEMBER.0)
        .execute(&app.state.db)
        .await
        .unwrap();
    let cleared = get_ok(&app, "/api/services/getAccountUsage", &owner).await;
    assert_eq!(cleared["inclusiveMinutesLeft"], 1000);
    sqlx::query(
        "INSERT INTO calls (customer_id, direction, rate_item, started_at, duration_seconds, minutes, cost_tenth_pence)
         VALUES (100, 'inbound', 'inbound_geographic', $1, 125, 3, 45)",
    )
    .bind(TEST_NOW - 60)
    .execute(&app.state.db)
    .await
    .unwrap();
    let after = get_ok(&app, "/api/services/getAccountUsage", &owner).await;
    assert_eq!(after["inclusiveMinutesLeft"], 997);
    let charges = get_ok(&app, "/api/services/getCallCharges", &owner).await;
    assert_eq!(charges["inclusive"], json!({ "used": 3, "total": 1000 }));
    assert_eq!(
        charges["inbound"]["monthlyUsage"]["current"],
        // Inside the inclusive minutes: nothing to pay (it was 4.5p before the one rule).
        json!({ "label": "November 2026", "calls": 1, "minutes": 3, "totalCost": 0.0 })
    );
    assert_eq!(before["callRecordingStorage"], 30);

    let bought = app
        .post_multipart("/api/services/addAddon", Some(&owner), &[("scope", "routing_call_recording_extended")])
        .await;
    assert_eq!(bought.status, StatusCode::OK, "{}", bought.text());
    let extended = get_ok(&app, "/api/services/getAccountUsage", &owner).await;
    assert_eq!(extended["callRecordingStorage"], 60);
}

#[tokio::test]
async fn call_charges_cover_the_previous_and_current_month_and_quarter_in_the_accounts_zone() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let charges = get_ok(&app, "/api/services/getCallCharges", &owner).await;
    for (direction, expect_calls) in [("inbound", true), ("outbound", true)] {
        for (key, period, range) in [
            ("monthlyUsage", "previous", (OCTOBER_START, NOVEMBER.0)),
            ("monthlyUsage", "current", NOVEMBER),
            ("quarterlyUsage", "current", (OCTOBER_START, 1_798_761_600)),
        ] {
            let (calls, minutes, cost) = totals(&app, 100, direction, range).await;
            let shown = &charges[direction][key][period];
            assert_eq!(shown["calls"], calls, "{direction} {key} {period}");
            assert_eq!(shown["minutes"], minutes, "{direction} {key} {period}");
            // What the calls cost after the inclusive minutes:
            // the_usage_pages_charge_for_a_closed_month_is_its_invoices_to_the_penny.
            // The page shows pence, rounded up: under a penny above the calls' cost.
            let shown_cost = shown["totalCost"].as_f64().unwrap() * 1000.0;
            assert!(shown_cost < cost as f64 + 10.0, "{direction} {key} {period}: {shown_cost} vs {cost}");
            assert_eq!(calls > 0, expect_calls, "{direction} {key} {period} has demo calls");
        }
    }
    assert_eq!(charges["inbound"]["monthlyUsage"]["previous"]["label"], "October 2026");
    assert_eq!(charges["inbound"]["quarterlyUsage"]["current"]["label"], "Oct to Dec 2026");
    assert_eq!(charges["inbound"]["quarterlyUsage"]["previous"]["label"], "Jul to Sep 2026");
    let (_, minutes, _) = totals(&app, 100, "inbound", NOVEMBER).await;
    assert_eq!(charges["inclusive"], json!({ "used": minutes.min(1000), "total": 1000 }));

    // The starter's calls are the starter's.
    let starter = app.login("starter@demo.test").await;
    let theirs = get_ok(&app, "/api/services/getCallCharges", &starter).await;
    let (calls, _, _) = totals(&app, 200, "inbound", NOVEMBER).await;
    assert_eq!(theirs["inbound"]["monthlyUsage"]["current"]["calls"], calls);
    assert_eq!(theirs["inclusive"]["total"], 300);
}

#[tokio::test]
async fn usage_and_charges_need_the_plan_and_usage_page() {
    let app = TestApp::spawn().await;
    for (email, allowed) in [
        ("owner@demo.test", true),
        ("admin@demo.test", true),
        ("enterprise@demo.test", true),
        ("user@demo.test", false),
        ("legacy@demo.test", false),
        ("group@demo.test", false),
        ("partner@demo.test", false),
        // Its portal's My subscription is this page, without call charges (no calls to charge).
        ("techpartner@demo.test", true),
    ] {
        let session = app.login(email).await;
        for path in ["/api/services/getAccountUsage", "/api/services/getCallCharges"] {
            let reply = app.get(path, Some(&session)).await;
            let no_calls = email == "techpartner@demo.test" && path.ends_with("getCallCharges");
            let expected = if allowed && !no_calls { StatusCode::OK } else { StatusCode::FORBIDDEN };
            assert_eq!(reply.status, expected, "{email} {path}: {}", reply.text());
        }
    }
    let reply = app.get("/api/services/getAccountUsage", None).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_plans_scopes_are_the_ones_the_gating_uses() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let list = get_ok(&app, "/api/services/getPlanScopes", &owner).await;
    let plans = list["plans"].as_array().unwrap();
    let names: Vec<&str> = plans.iter().map(|p| p["plan"].as_str().unwrap()).collect();
    assert_eq!(names, ["Starter", "Professional", "Enterprise"]);
    let has = |plan: &Value, key: &str, scope: &str| plan[key].as_array().unwrap().iter().any(|s| s == scope);
    assert!(has(&plans[0], "included", "routing_simple"));
    assert!(!has(&plans[0], "included", "routing_ivr"));
    assert!(has(&plans[0], "addons", "report_voice_tags"));
    assert!(has(&plans[1], "included", "routing_ivr"));
    assert!(has(&plans[1], "addons", "integration_salesforce"));
    assert!(has(&plans[2], "included", "integration_salesforce"));
    assert_eq!(plans[2]["addons"], json!([]));
    // The same scopes the account's own gating reads.
    let account = app.account(&owner).await;
    let package: Vec<&Value> = account["packageScopes"].as_array().unwrap().iter().collect();
    for scope in plans[1]["included"].as_array().unwrap() {
        assert!(package.contains(&scope), "{scope} is in the Professional owner's package");
    }

    for email in ["user@demo.test", "legacy@demo.test", "group@demo.test", "partner@demo.test"] {
        let session = app.login(email).await;
        let reply = app.get("/api/services/getPlanScopes", Some(&session)).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email}");
    }
}

/// (period start, call charges in pence) of each of a customer's invoices: the lines the
/// calls make ('{rate}: {n} min', with ', {k} inclusive' when the inclusive minutes covered some).
async fn invoiced_call_charges(app: &TestApp, customer: i64) -> Vec<(i64, i64)> {
    let rows = rows_as_text(
        &app.state.db,
        &format!(
            "SELECT i.period_start, l.description, l.amount_pence FROM invoices i
             JOIN invoice_lines l ON l.invoice_id = i.id WHERE i.customer_id = {customer} ORDER BY i.period_start"
        ),
    )
    .await;
    let mut months: Vec<(i64, i64)> = Vec::new();
    for row in rows {
        let (start, description, pence): (i64, String, i64) = serde_json::from_str(&row).unwrap();
        let calls = description
            .rsplit_once(": ")
            .is_some_and(|(_, tail)| tail.split(' ').nth(1).is_some_and(|word| word.starts_with("min")));
        match months.last_mut() {
            Some((last, sum)) if *last == start => *sum += if calls { pence } else { 0 },
            _ => months.push((start, if calls { pence } else { 0 })),
        }
    }
    months
}

/// A session of a user of `customer` who may see the plan and usage page, if it has one.
async fn subscription_session(app: &TestApp, customer: i64) -> Option<String> {
    let emails = rows_as_text(
        &app.state.db,
        &format!("SELECT email FROM users WHERE home_customer_id = {customer} ORDER BY id"),
    )
    .await;
    for email in emails {
        let email: String = serde_json::from_str::<(String,)>(&email).unwrap().0;
        let reply = app.login_attempt(&email, "demopass").await;
        let Some(session) = reply.session_cookie() else { continue };
        if app.get("/api/services/getCallCharges", Some(&session)).await.status == StatusCode::OK {
            return Some(session);
        }
    }
    None
}

fn pence(pounds: &Value) -> i64 {
    (pounds.as_f64().unwrap() * 100.0).round() as i64
}

/// The page's charge (inbound and outbound) for the previous month and quarter.
async fn shown_charges(app: &TestApp, session: &str) -> ((String, i64), (String, i64)) {
    let charges = get_ok(app, "/api/services/getCallCharges", session).await;
    let sum = |key: &str| {
        let label = charges["inbound"][key]["previous"]["label"].as_str().unwrap().to_string();
        (
            label,
            pence(&charges["inbound"][key]["previous"]["totalCost"])
                + pence(&charges["outbound"][key]["previous"]["totalCost"]),
        )
    };
    (sum("monthlyUsage"), sum("quarterlyUsage"))
}

#[tokio::test]
async fn the_usage_pages_charge_for_a_closed_month_is_its_invoices_to_the_penny() {
    let app = TestApp::spawn().await;
    let customers: Vec<i64> =
        rows_as_text(&app.state.db, "SELECT DISTINCT customer_id FROM invoices ORDER BY customer_id")
            .await
            .iter()
            .map(|row| row.trim_matches(['[', ']']).parse().unwrap())
            .collect();
    assert!(customers.len() >= 2, "{customers:?}");
    // 1 July, 1 August, 1 September, 1 October 2026 in London (BST).
    let quarter = [1_782_860_400, 1_785_538_800, 1_788_217_200];
    let mut compared = 0;
    let mut charged_before_july = false;
    for &customer in &customers {
        let invoiced = invoiced_call_charges(&app, customer).await;
        let Some(session) = subscription_session(&app, customer).await else {
            // No user of it may see the page (a legacy plan): nothing the page could disagree with.
            continue;
        };
        let ((month, shown_month), (quarter_label, shown_quarter)) = shown_charges(&app, &session).await;
        assert_eq!(month, "October 2026");
        let october = invoiced.iter().find(|(start, _)| *start == OCTOBER_START).map_or(0, |m| m.1);
        assert_eq!(shown_month, october, "customer {customer}: October on the page and on its invoice");
        assert_eq!(quarter_label, "Jul to Sep 2026");
        let invoiced_quarter: i64 = invoiced.iter().filter(|(start, _)| quarter.contains(start)).map(|m| m.1).sum();
        assert_eq!(shown_quarter, invoiced_quarter, "customer {customer}: July to September");
        // The demo has a year of calls: the months before July are invoiced for theirs too.
        charged_before_july |= invoiced.iter().any(|(start, pence)| *start < quarter[0] && *pence > 0);
        compared += 1;
    }
    assert!(compared >= 2, "at least Harbour Lane and Stone & Sons compared");
    assert!(charged_before_july, "a year of calls is invoiced");

    // Harbour Lane's October: all 931 inbound minutes inside its 1,000 inclusive minutes.
    let owner = app.login("owner@demo.test").await;
    let charges = get_ok(&app, "/api/services/getCallCharges", &owner).await;
    assert_eq!(charges["inbound"]["monthlyUsage"]["previous"]["totalCost"], 0.0);

    // Into December: November is over; its invoice and the page agree too.
    app.state.clock.advance(9 * 24 * 60 * 60);
    server::jobs::billing_run::run(&app.state.db, app.state.clock.now()).await.unwrap();
    for &customer in &customers {
        let Some(session) = subscription_session(&app, customer).await else { continue };
        let ((month, shown), _) = shown_charges(&app, &session).await;
        assert_eq!(month, "November 2026");
        let november = invoiced_call_charges(&app, customer).await;
        let invoiced = november.iter().find(|(start, _)| *start == NOVEMBER.0).map_or(0, |m| m.1);
        assert_eq!(shown, invoiced, "customer {customer}: November");
    }

    // Into January: December is over, and October to December is the previous quarter.
    app.state.clock.advance(31 * 24 * 60 * 60);
    server::jobs::billing_run::run(&app.state.db, app.state.clock.now()).await.unwrap();
    for &customer in &customers {
        let Some(session) = subscription_session(&app, customer).await else { continue };
        let ((month, shown_month), (quarter_label, shown_quarter)) = shown_charges(&app, &session).await;
        assert_eq!((month.as_str(), quarter_label.as_str()), ("December 2026", "Oct to Dec 2026"));
        let invoiced = invoiced_call_charges(&app, customer).await;
        let december = invoiced.iter().find(|(start, _)| *start == NOVEMBER.1).map_or(0, |m| m.1);
        assert_eq!(shown_month, december, "customer {customer}: December");
        let quarter: i64 = invoiced.iter().filter(|(start, _)| *start >= OCTOBER_START).map(|m| m.1).sum();
        assert_eq!(shown_quarter, quarter, "customer {customer}: October to December");
    }
}

/// A change of plan never re-prices a month already invoiced: after an upgrade (more inclusive
/// minutes), an add-on bought, a downgrade and the add-on's end, My subscription's past month
/// and quarter are still what their invoices charged.
#[tokio::test]
async fn past_months_stay_as_invoiced_after_an_upgrade_a_downgrade_and_an_add_on_bought_and_ended() {
    let app = TestApp::spawn().await;
    const STONE: i64 = 200;
    let owner = app.login("starter@demo.test").await;
    let quarter = [1_782_860_400, 1_785_538_800, 1_788_217_200];
    let compare = |when: &'static str| {
        let (app, owner) = (&app, &owner);
        async move {
            let invoiced = invoiced_call_charges(app, STONE).await;
            let ((month, shown_month), (_, shown_quarter)) = shown_charges(app, owner).await;
            assert_eq!(month, "October 2026");
            let october = invoiced.iter().find(|(start, _)| *start == OCTOBER_START).map_or(0, |m| m.1);
            assert_eq!(shown_month, october, "{when}: October on the page and on its invoice");
            let invoiced_quarter: i64 = invoiced.iter().filter(|(start, _)| quarter.contains(start)).map(|m| m.1).sum();
            assert_eq!(shown_quarter, invoiced_quarter, "{when}: July to September");
            shown_quarter
        }
    };
    // Starter's inclusive minutes left Stone & Sons paying for calls: what an upgrade would hide.
    assert!(compare("on Starter").await > 0, "the quarter charged calls beyond Starter's minutes");
    let upgraded = app.post_form("/api/services/upgrade", Some(&owner), &[]).await;
    assert_eq!(upgraded.status, StatusCode::OK, "{}", upgraded.text());
    compare("after the upgrade to Professional").await;
    let bought = app.post_form("/api/services/addAddon", Some(&owner), &[("scope", "report_voice_tags")]).await;
    assert_eq!(bought.status, StatusCode::OK, "{}", bought.text());
    compare("after an add-on was bought").await;
    // The product has no online downgrade: our staff make it (the plan and its charge) by hand.
    let db = &app.state.db;
    for sql in [
        "UPDATE customers SET plan = 'Starter', package_name = 'Starter' WHERE id = 200",
        "UPDATE customer_charges SET ended_at = 1795428000 WHERE customer_id = 200 AND ended_at IS NULL AND item <> 'plan'",
        "DELETE FROM customer_addons WHERE customer_id = 200 AND scope = 'report_voice_tags'",
    ] {
        sqlx::query(sql).execute(db).await.unwrap();
    }
    compare("after a downgrade and the add-on's end").await;
}
