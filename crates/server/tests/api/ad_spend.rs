//! Ad spend (docs/figures.md): a month's spend read and entered by hand with every message,
//! the rights and another customer's ids; the import from the connected platforms (the demo's,
//! an outage and its retry, lines it cannot trust); and what each call cost, whose figures are
//! the ones every screen counts and whose arithmetic is the domain's.

use axum::http::StatusCode;
use domain::spend::{cost_line, CostFacts};
use serde_json::Value;
use server::jobs::conversion_uploads::sandbox_outage;
use server::jobs::spend_import::{run, Ran, Sandbox, RETRY_SECONDS};
use server::store::CustomerId;

use crate::helpers::{Reply, TestApp, TEST_NOW};

const MONTH: &str = "/api/spend/getMonth";
const SAVE: &str = "/api/spend/saveMonth";
const COSTS: &str = "/api/reports/costs";
const DAY: i64 = 86_400;

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

async fn scalar(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// The posted table of a month of `days` days on (source, campaign): `amounts` on the days
/// given (1-based).
fn table(month: &str, days: usize, on: (&str, &str), amounts: &[(usize, &str)]) -> Vec<(String, String)> {
    number_table(month, days, (on.0, on.1, ""), amounts)
}

/// The same on (source, campaign, number).
fn number_table(month: &str, days: usize, on: (&str, &str, &str), amounts: &[(usize, &str)]) -> Vec<(String, String)> {
    let mut fields = vec![
        ("month".to_string(), month.to_string()),
        ("sourceMediumId".to_string(), on.0.to_string()),
        ("campaignId".to_string(), on.1.to_string()),
        ("routingEntryId".to_string(), on.2.to_string()),
    ];
    for day in 1..=days {
        let amount = amounts.iter().find(|(d, _)| *d == day).map_or("", |(_, a)| *a);
        fields.push(("amounts[]".to_string(), amount.to_string()));
    }
    fields
}

async fn save(app: &TestApp, session: &str, fields: &[(String, String)]) -> Reply {
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    app.post_form(SAVE, Some(session), &fields).await
}

#[tokio::test]
async fn a_month_shows_the_spend_entered_and_imported_with_each_imports_state() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let month = ok(app.get(MONTH, Some(&owner)).await);
    assert_eq!((month["month"].as_str(), month["monthLabel"].as_str()), (Some("2026-11"), Some("November 2026")));
    assert_eq!(month["days"].as_array().unwrap().len(), 30);
    assert_eq!(month["canEdit"], true);
    let lines = month["lines"].as_array().unwrap();
    let line = |label: &str, origin: &str| {
        lines
            .iter()
            .find(|l| l["label"] == label && l["origin"] == origin)
            .unwrap_or_else(|| panic!("{label}: {month}"))
    };
    // Yell.com's listing on the 1st, entered by hand; Meta's import, every day to today.
    let yell = line("yell.com / referral", "manual");
    assert_eq!((yell["days"][0].as_i64(), yell["total"].as_str()), (Some(12_000), Some("£120.00")));
    assert_eq!(yell["originLabel"], "Entered by hand");
    let meta = line("facebook / paid_social · new_patients", "meta_ads");
    assert_eq!(meta["days"].as_array().unwrap().iter().filter(|d| d.is_i64()).count(), 23, "to 23/11");
    let imports = month["imports"].as_array().unwrap();
    let state = |platform: &str| imports.iter().find(|i| i["platform"] == platform).unwrap()["state"].clone();
    assert_eq!(
        state("google_ads"),
        "Not connected: connect Google Ads on its integration page to import its spend every day."
    );
    assert!(state("meta_ads").as_str().unwrap().starts_with("Imported 23/11/2026"), "{}", state("meta_ads"));
    // Another month, and months it cannot be.
    assert_eq!(
        ok(app.get(&format!("{MONTH}?month=2026-02"), Some(&owner)).await)["days"].as_array().unwrap().len(),
        28
    );
    for (month, message) in [
        ("2026-12", "Spend can be entered for this month and the months before it."),
        ("2024-09", "Spend can be entered for the last 25 months."),
        ("Nov", "Choose a month, like 2026-11."),
    ] {
        let reply = app.get(&format!("{MONTH}?month={month}"), Some(&owner)).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{month}");
        assert_eq!(reply.json()["errors"]["month"], message);
    }
    // No reports permission, no spend.
    sqlx::query("UPDATE user_access SET perm_reports = 0 WHERE user_id = 3").execute(&app.state.db).await.unwrap();
    let user = app.login("user@demo.test").await;
    assert_eq!(app.get(MONTH, Some(&user)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_months_table_is_saved_whole_with_each_days_message_and_only_by_an_administrator() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let google =
        scalar(&app, "SELECT id FROM sources_mediums WHERE customer_id = 100 AND source = 'google' AND medium = 'cpc'")
            .await;
    let google = google.to_string();
    let saved = ok(save(&app, &owner, &table("2026-10", 31, (&google, ""), &[(1, "£1,250.50"), (31, "20")])).await);
    assert_eq!(saved["message"], "Saved the spend on google / cpc for October 2026: £1,270.50 over 2 days.");
    let stored = |app: &TestApp| {
        let sql = format!(
            "SELECT CAST(COALESCE(SUM(amount_pence), 0) AS BIGINT) FROM ad_spend WHERE customer_id = 100 AND source_medium_id = {google}
             AND origin = 'manual' AND day >= '2026-10-01' AND day <= '2026-10-31'"
        );
        let db = app.state.db.clone();
        async move { sqlx::query_scalar::<_, i64>(&sql).fetch_one(&db).await.unwrap() }
    };
    assert_eq!(stored(&app).await, 127_050);
    // A table is saved whole: the month's days not posted are cleared.
    ok(save(&app, &owner, &table("2026-10", 31, (&google, ""), &[(2, "5")])).await);
    assert_eq!(stored(&app).await, 500);

    // Each wrong day has its message; nothing changes.
    let bad =
        save(&app, &owner, &table("2026-10", 31, (&google, ""), &[(3, "twelve"), (4, "-4"), (8, "1000000.01")])).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.text());
    let errors = &bad.json()["errors"];
    assert_eq!(errors["amounts.2"], "Enter an amount in pounds, like 12.50.");
    assert_eq!(errors["amounts.3"], "Spend cannot be negative.");
    assert_eq!(errors["amounts.7"], "Spend cannot be more than £1,000,000.00 a day.");
    assert_eq!(stored(&app).await, 500);
    let short = save(&app, &owner, &table("2026-10", 30, (&google, ""), &[])).await;
    assert_eq!(short.json()["errors"]["amounts"], "Give one amount for each of the month's 31 days.");
    let nothing_on = save(&app, &owner, &table("2026-10", 31, ("", ""), &[(1, "5")])).await;
    assert_eq!(
        nothing_on.json()["errors"]["sourceMediumId"],
        "Choose a source / medium, a campaign or a number the spend was on."
    );
    let later = save(&app, &owner, &table("2026-12", 31, (&google, ""), &[(1, "5")])).await;
    assert_eq!(later.json()["errors"]["month"], "Spend can be entered for this month and the months before it.");
    // Too many days posted is refused by the contract's bounds.
    assert_eq!(
        save(&app, &owner, &table("2026-10", 32, (&google, ""), &[])).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );

    // Another customer's source or campaign: 404, nothing stored.
    let theirs = scalar(&app, "SELECT MIN(id) FROM campaigns WHERE customer_id = 300").await.to_string();
    let foreign = save(&app, &owner, &table("2026-10", 31, ("", &theirs), &[(1, "5")])).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM ad_spend WHERE campaign_id = {theirs} AND customer_id = 100"))
            .await,
        0
    );
    // A user who reads the reports may not change the spend.
    let user = app.login("user@demo.test").await;
    assert_eq!(ok(app.get(MONTH, Some(&user)).await)["canEdit"], false);
    assert_eq!(
        save(&app, &user, &table("2026-10", 31, (&google, ""), &[(1, "5")])).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(stored(&app).await, 500);
}

#[tokio::test]
async fn an_import_that_fails_says_why_keeps_the_spend_it_had_and_is_tried_again() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let imported = || {
        scalar(
            &app,
            "SELECT CAST(COALESCE(SUM(amount_pence), 0) AS BIGINT) FROM ad_spend WHERE customer_id = 300 AND origin = 'google_ads'",
        )
    };
    let before = imported().await;
    assert!(before > 0, "the demo imported Atlas's Google Ads spend");
    // The platform is down a day later: the import fails, the spend stays, and it says so.
    let tomorrow = TEST_NOW + DAY;
    sandbox_outage(db, "google_ads", tomorrow + 10).await.unwrap();
    let ran = run(db, &Sandbox(db), tomorrow).await.unwrap();
    assert_eq!(ran, Ran { imported: 1, failed: 1 }, "Atlas's Google Ads fails; Harbour Lane's Meta Ads, up, imports");
    assert_eq!(imported().await, before);
    let enterprise = app.login("enterprise@demo.test").await;
    let month = ok(app.get(MONTH, Some(&enterprise)).await);
    let google = month["imports"].as_array().unwrap().iter().find(|i| i["platform"] == "google_ads").unwrap().clone();
    assert!(
        google["state"]
            .as_str()
            .unwrap()
            .contains("failed (the platform answered 503 Service unavailable). It is tried again at"),
        "{google}"
    );
    // Not before the retry; then it imports again, leaving out the lines it cannot trust.
    sandbox_outage(db, "google_ads", tomorrow).await.unwrap();
    assert_eq!(run(db, &Sandbox(db), tomorrow + 60).await.unwrap().imported, 0);
    sqlx::query(
        "INSERT INTO sandbox_ad_spend (customer_id, platform, day, campaign, cost_pence) VALUES
         (300, 'google_ads', '2026-11-24', 'brand', -500), (300, 'google_ads', '2026-11-24', 'Summer', 999999999999)",
    )
    .execute(db)
    .await
    .unwrap();
    assert_eq!(run(db, &Sandbox(db), tomorrow + RETRY_SECONDS).await.unwrap(), Ran { imported: 1, failed: 0 });
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM ad_spend WHERE customer_id = 300 AND amount_pence <= 0").await, 0);
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM campaigns WHERE customer_id = 300 AND description = 'Summer'").await,
        0
    );
    let month = ok(app.get(MONTH, Some(&enterprise)).await);
    let google = month["imports"].as_array().unwrap().iter().find(|i| i["platform"] == "google_ads").unwrap().clone();
    assert!(google["state"].as_str().unwrap().starts_with("Imported 24/11/2026"), "{google}");
}

#[tokio::test]
async fn what_each_call_cost_divides_the_spend_by_the_calls_every_screen_counts() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let report = ok(app.get(&format!("{COSTS}?preset=last30Days&by=source"), Some(&owner)).await);
    assert_eq!(report["previousLabel"], "vs previous 30 days");
    let rows = report["rows"].as_array().unwrap();
    let yell = rows.iter().find(|r| r["label"] == "yell.com / referral").unwrap();
    let yell_id = yell["id"].as_i64().unwrap();
    // The calls are the call log's for that source; the spend what was entered for its days.
    let log = ok(app.get(&format!("/api/reports/getCalls?preset=last30Days&source={yell_id}"), Some(&owner)).await);
    assert_eq!(yell["current"]["calls"], log["total"]);
    let (first, last) = (report["firstDay"].as_str().unwrap(), report["lastDay"].as_str().unwrap());
    let spent = scalar(
        &app,
        &format!(
            "SELECT CAST(COALESCE(SUM(amount_pence), 0) AS BIGINT) FROM ad_spend WHERE customer_id = 100 AND source_medium_id = {yell_id}
             AND day >= '{first}' AND day <= '{last}'"
        ),
    )
    .await;
    assert_eq!((yell["current"]["spendPence"].as_i64(), spent), (Some(12_000), 12_000), "November's listing");
    // The arithmetic the browser runs through wasm, on the server's figures.
    let facts: CostFacts = serde_json::from_value(yell["current"].clone()).unwrap();
    let calls = facts.calls;
    assert!(calls > 0);
    let expected = (12_000 + calls / 2) / calls;
    assert_eq!(cost_line(&facts).cost_per_call, format!("£{}.{:02}", expected / 100, expected % 100));
    // The whole account: every spend of the days, every call counted.
    let total = &report["total"]["current"];
    let all_spend =
        scalar(&app, &format!("SELECT CAST(COALESCE(SUM(amount_pence), 0) AS BIGINT) FROM ad_spend WHERE customer_id = 100 AND day >= '{first}' AND day <= '{last}'")).await;
    assert_eq!(total["spendPence"].as_i64(), Some(all_spend));
    let everything = ok(app.get("/api/reports/getCalls?preset=last30Days", Some(&owner)).await);
    assert_eq!(total["calls"], everything["total"]);

    // By campaign: the radio advert's spend against its calls.
    let by_campaign = ok(app.get(&format!("{COSTS}?by=campaign"), Some(&owner)).await);
    let radio = by_campaign["rows"].as_array().unwrap().iter().find(|r| r["label"] == "Local radio").unwrap().clone();
    assert!(radio["current"]["spendPence"].as_i64().unwrap() > 0 && radio["current"]["calls"].as_i64().unwrap() > 0);
    // A breakdown or period that is not one.
    let bad = app.get(&format!("{COSTS}?by=weather"), Some(&owner)).await;
    assert_eq!(
        (bad.status, bad.json()["errors"]["by"].clone()),
        (StatusCode::UNPROCESSABLE_ENTITY, Value::from("Break down by source, campaign or number."))
    );
    assert_eq!(
        app.get(&format!("{COSTS}?preset=fortnight"), Some(&owner)).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    // Another customer's figures never show: Atlas's Google Ads spend is not Harbour Lane's.
    assert!(!rows.iter().any(|r| r["label"] == "google / cpc" && r["current"]["spendPence"].as_i64().unwrap() > 0));
}

/// A website call from a Google Ads click whose visit carried no UTM tags gets the campaign of
/// its click from the platform's click report, with the import; an unknown click gets none.
#[tokio::test]
async fn a_call_from_an_ad_click_takes_its_campaign_from_the_platforms_click_report() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    // The demo: Harbour Lane's recent calls from Meta ad clicks (no UTM tags) have their click's.
    let from_meta = |resolved: bool| {
        format!(
            "SELECT COUNT(*) FROM calls c JOIN visits v ON v.id = c.visit_id
             WHERE c.customer_id = 100 AND v.click_id LIKE 'fbclid=%' AND v.landing_page NOT LIKE '%utm_campaign=%'
               AND c.campaign_id IS {} NULL AND c.started_at >= {}",
            if resolved { "NOT" } else { "" },
            TEST_NOW - 29 * DAY
        )
    };
    assert_eq!(scalar(&app, &from_meta(false)).await, 0, "every recent Meta ad call has its click's campaign");
    assert!(scalar(&app, &from_meta(true)).await > 0);
    let pool = scalar(&app, "SELECT MIN(id) FROM routing_entries WHERE customer_id = 300").await;
    let at = TEST_NOW - 2 * 3_600;
    for (visit, click) in [(900_001, "gclid=WINTERCLICK"), (900_002, "gclid=UNKNOWNCLICK")] {
        sqlx::query(&format!(
            "INSERT INTO visits (id, customer_id, routing_entry_id, number_shown, landing_page, click_id, started_at, called)
             VALUES ({visit}, 300, {pool}, '', 'https://www.atlas.example/quote?{}', '{click}', {at}, 1)",
            click
        ))
        .execute(db)
        .await
        .unwrap();
        sqlx::query(&format!(
            "INSERT INTO calls (customer_id, routing_entry_id, direction, rate_item, started_at, duration_seconds, minutes,
                 cost_tenth_pence, visit_id, outcome)
             VALUES (300, {pool}, 'inbound', 'inbound_geographic', {at}, 60, 1, 0, {visit}, 'answered')"
        ))
        .execute(db)
        .await
        .unwrap();
    }
    sqlx::query("INSERT INTO sandbox_ad_clicks (platform, click_id, customer_id, campaign) VALUES ('google_ads', 'WINTERCLICK', 300, 'Winter promo')")
        .execute(db)
        .await
        .unwrap();
    assert_eq!(run(db, &Sandbox(db), TEST_NOW + DAY).await.unwrap().failed, 0);
    let campaign_of = |visit: i64| {
        let sql = format!(
            "SELECT COALESCE((SELECT g.description FROM campaigns g WHERE g.id = c.campaign_id), '') FROM calls c WHERE c.visit_id = {visit}"
        );
        async move { sqlx::query_scalar::<_, String>(&sql).fetch_one(db).await.unwrap() }
    };
    assert_eq!(campaign_of(900_001).await, "Winter promo");
    assert_eq!(campaign_of(900_002).await, "", "a click the platform does not know gets no campaign");
}

/// A line of spend on a number (the van livery printed with it): saved with its message, read
/// back on the month, and the number's own spend on the costs by number against its calls; a
/// number that is not the account's is 404 and stores nothing; a released number's spend and
/// calls still count, under its number.
#[tokio::test]
async fn a_numbers_own_spend_is_its_cost_per_call() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let van = scalar(
        &app,
        "SELECT id FROM routing_entries WHERE customer_id = 100 AND description = 'Van livery' ORDER BY id LIMIT 1",
    )
    .await;
    let number_label = |report: &Value, id: i64| {
        report["rows"].as_array().unwrap().iter().find(|r| r["id"] == id).cloned().unwrap_or(Value::Null)
    };
    // The demo entered the livery's £45 on the 1st of each month.
    let month = ok(app.get(&format!("{MONTH}?month=2026-11"), Some(&owner)).await);
    let line = month["lines"].as_array().unwrap().iter().find(|l| l["routingEntryId"] == van).unwrap().clone();
    assert_eq!((line["total"].as_str(), line["originLabel"].as_str()), (Some("£45.00"), Some("Entered by hand")));
    let number = month["numbers"].as_array().unwrap().iter().find(|n| n["id"] == van).unwrap()["label"].clone();
    assert_eq!(line["label"], number);

    let costs = |by: &'static str| {
        let url = format!("{COSTS}?preset=custom&from=2026-11-01&to=2026-11-30&by={by}");
        let (app, owner) = (&app, owner.clone());
        async move { ok(app.get(&url, Some(&owner)).await) }
    };
    let rows_spend = |report: &Value| -> Vec<(i64, i64)> {
        let rows = report["rows"].as_array().unwrap().iter();
        rows.map(|r| (r["id"].as_i64().unwrap(), r["current"]["spendPence"].as_i64().unwrap())).collect()
    };
    let others = [("source", costs("source").await), ("campaign", costs("campaign").await)];
    let id = van.to_string();
    let saved = ok(save(&app, &owner, &number_table("2026-11", 30, ("", "", &id), &[(1, "45"), (16, "30")])).await);
    assert_eq!(
        saved["message"],
        format!("Saved the spend on {} for November 2026: £75.00 over 2 days.", number.as_str().unwrap())
    );
    let row = number_label(&costs("number").await, van);
    assert_eq!(row["current"]["spendPence"], 7_500, "{row}");
    let log = ok(app
        .get(&format!("/api/reports/getCalls?preset=custom&from=2026-11-01&to=2026-11-30&number={van}"), Some(&owner))
        .await);
    assert_eq!(row["current"]["calls"], log["total"]);
    // The number's spend is its own: the source and campaign breakdowns do not read it; the
    // total reads every line once.
    for (by, before) in &others {
        let after = costs(by).await;
        assert_eq!(rows_spend(&after), rows_spend(before), "{by}");
        assert_eq!(
            after["total"]["current"]["spendPence"].as_i64().unwrap()
                - before["total"]["current"]["spendPence"].as_i64().unwrap(),
            3_000
        );
    }

    // Another customer's number: 404, nothing stored.
    let theirs = scalar(&app, "SELECT MIN(id) FROM routing_entries WHERE customer_id = 300").await.to_string();
    let foreign = save(&app, &owner, &number_table("2026-11", 30, ("", "", &theirs), &[(1, "5")])).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM ad_spend WHERE routing_entry_id = {theirs}")).await, 0);

    // Released, the number keeps its spend and calls, named as released.
    let terms = domain::numbers::release_terms(TEST_NOW, "Europe/London").unwrap();
    let mut tx = app.state.db.begin().await.unwrap();
    server::store::numbers::release(&mut tx, CustomerId::new(100), van, 1, TEST_NOW, &terms).await.unwrap();
    tx.commit().await.unwrap();
    let row = number_label(&costs("number").await, van);
    assert_eq!(row["current"]["spendPence"], 7_500);
    assert!(row["label"].as_str().unwrap().ends_with(" (released)"), "{row}");
    let month = ok(app.get(&format!("{MONTH}?month=2026-11"), Some(&owner)).await);
    let line = month["lines"].as_array().unwrap().iter().find(|l| l["routingEntryId"] == van).unwrap().clone();
    assert_eq!(line["label"], "No longer listed");
}
