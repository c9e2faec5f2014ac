//! Static: campaigns and numbers (docs/static-api.md): the campaigns list and its
//! changes, the numbers lists, a number's page, editing, moving and releasing numbers (and the
//! release's charge end, quarantine and history), permissions and other customers' ids.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, Reply, TestApp};

const CAMPAIGNS: &str = "/api/managecampaigns/getCampaigns";
const NUMBERS: &str = "/api/managenumbers/getNumbers";
const UPDATE: &str = "/api/managenumbers/updateNumbers";
const MOVE: &str = "/api/managenumbers/moveNumbers";
const RELEASE: &str = "/api/managenumbers/releaseNumbers";
const DAY: i64 = 24 * 60 * 60;

async fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

async fn get(app: &TestApp, path: &str, session: &str) -> Value {
    ok(app.get(path, Some(session)).await).await
}

async fn post(app: &TestApp, path: &str, session: &str, fields: &[(&str, &str)]) -> Reply {
    app.post_form(path, Some(session), fields).await
}

fn field_error(reply: &Reply, field: &str) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    reply.json()["errors"][field].as_str().unwrap_or_default().to_string()
}

/// The session's static numbers (id, number as shown), newest first.
async fn statics(app: &TestApp, session: &str) -> Vec<(i64, String)> {
    let page = get(app, &format!("{NUMBERS}?pageSize=all"), session).await;
    page["numbers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "static")
        .map(|n| (n["id"].as_i64().unwrap(), n["number"].as_str().unwrap().to_string()))
        .collect()
}

async fn campaign_id(app: &TestApp, session: &str, index: usize) -> i64 {
    get(app, &format!("{CAMPAIGNS}?pageSize=all"), session).await["campaigns"][index]["id"].as_i64().unwrap()
}

async fn entry_fields(app: &TestApp, id: i64) -> Vec<String> {
    rows_as_text(
        &app.state.db,
        &format!(
            "SELECT campaign_id, channel_id, department_id, media_owner_id, media_description
             FROM routing_entries WHERE id = {id}"
        ),
    )
    .await
}

#[tokio::test]
async fn campaigns_are_listed_a_page_at_a_time_with_their_numbers_and_calls() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = get(&app, CAMPAIGNS, &owner).await;
    // The static numbers' three, and those the website's visits named (utm_campaign).
    let stored = rows_as_text(&app.state.db, "SELECT id FROM campaigns WHERE customer_id = 100").await.len() as i64;
    assert!(stored > 3, "{stored}");
    assert_eq!(page["total"], stored, "{page}");
    assert_eq!(page["canEdit"], true);
    let rows = page["campaigns"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|c| c["description"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, sorted, "by name by default");
    let held: i64 = rows.iter().map(|c| c["numbers"].as_i64().unwrap()).sum();
    let statics = rows_as_text(
        &app.state.db,
        "SELECT id FROM routing_entries WHERE customer_id = 100 AND kind = 'static'
        AND campaign_id IS NOT NULL",
    )
    .await;
    assert_eq!(held as usize, statics.len());
    assert!(rows.iter().any(|c| c["calls30Days"].as_i64().unwrap() > 0), "the demo's calls count: {page}");
    assert!(rows[0]["created"].as_str().unwrap().contains('/'));
    // Sorted by numbers, most first; searched; paged.
    let by_numbers = get(&app, &format!("{CAMPAIGNS}?sort=numbers&direction=desc"), &owner).await;
    let counts: Vec<i64> =
        by_numbers["campaigns"].as_array().unwrap().iter().map(|c| c["numbers"].as_i64().unwrap()).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    let first = names[0].to_string();
    let found = get(&app, &format!("{CAMPAIGNS}?search={}", &first[..4].to_uppercase()), &owner).await;
    assert!(found["campaigns"].as_array().unwrap().iter().any(|c| c["description"] == first.as_str()));
    let paged = get(&app, &format!("{CAMPAIGNS}?pageSize=10&page=2"), &owner).await;
    assert_eq!((paged["total"].as_i64(), paged["campaigns"].as_array().unwrap().len()), (Some(stored), 0));
    // Out of bounds: the field's message.
    let reply = app.get(&format!("{CAMPAIGNS}?sort=customer_id&pageSize=7"), Some(&owner)).await;
    assert_eq!(field_error(&reply, "sort"), "Sort must be one of the list's columns.");
    assert_eq!(field_error(&reply, "pageSize"), "Rows per page must be 10, 25, 50, 100, 200 or all.");
    let id = rows[0]["id"].as_i64().unwrap();
    let one = get(&app, &format!("/api/managecampaigns/getCampaign/{id}"), &owner).await;
    assert_eq!(one["description"], first.as_str());
    for bad in ["0", "-3", "abc", "99999999999999999999"] {
        let reply = app.get(&format!("/api/managecampaigns/getCampaign/{bad}"), Some(&owner)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{bad}");
    }
}

#[tokio::test]
async fn a_campaign_is_added_renamed_and_deleted_only_when_empty() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let before = get(&app, CAMPAIGNS, &owner).await["total"].clone();
    let added =
        ok(post(&app, "/api/managecampaigns/insertCampaign", &owner, &[("campaign", "Radio Leeds")]).await).await;
    let id = added["id"].as_i64().unwrap().to_string();
    let rename = |name: String| {
        let (app, owner, id) = (&app, &owner, &id);
        async move { post(app, "/api/managecampaigns/renameCampaign", owner, &[("id", id), ("campaign", &name)]).await }
    };
    assert_eq!(field_error(&rename("  ".into()).await, "campaign"), "Description is required.");
    assert_eq!(field_error(&rename("x".repeat(1001)).await, "campaign"), "Max description length is 1000 characters.");
    let taken = get(&app, CAMPAIGNS, &owner).await["campaigns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"].as_i64().unwrap().to_string() != id)
        .unwrap()["description"]
        .as_str()
        .unwrap()
        .to_uppercase();
    assert_eq!(field_error(&rename(taken).await, "campaign"), "Description must be unique.");
    let renamed = ok(rename(" Radio Yorkshire ".into()).await).await;
    assert_eq!(renamed["description"], "Radio Yorkshire");
    // Keeping its own name (another case) is no clash.
    ok(rename("RADIO YORKSHIRE".into()).await).await;

    // A campaign holding numbers is not deleted: the page says how many.
    let full = get(&app, &format!("{CAMPAIGNS}?sort=numbers&direction=desc"), &owner).await["campaigns"][0].clone();
    let reply = post(&app, "/api/managecampaigns/deleteCampaign", &owner, &[("id", &full["id"].to_string())]).await;
    assert_eq!(
        field_error(&reply, "id"),
        format!("This campaign holds {} numbers. Move or release them first.", full["numbers"])
    );
    let deleted = ok(post(&app, "/api/managecampaigns/deleteCampaign", &owner, &[("id", &id)]).await).await;
    assert_eq!(deleted["success"], true);
    let gone = post(&app, "/api/managecampaigns/deleteCampaign", &owner, &[("id", &id)]).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&app, CAMPAIGNS, &owner).await["total"], before);
}

#[tokio::test]
async fn the_numbers_lists_show_static_and_pool_numbers_found_as_typed() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let every = get(&app, &format!("{NUMBERS}?pageSize=25"), &owner).await;
    let held_statics =
        rows_as_text(&app.state.db, "SELECT id FROM routing_entries WHERE customer_id = 100 AND kind = 'static'")
            .await
            .len();
    let pool_numbers = rows_as_text(
        &app.state.db,
        "SELECT p.number FROM pool_numbers p JOIN routing_entries e ON e.id = p.routing_entry_id WHERE e.customer_id = 100",
    )
    .await
    .len();
    assert!(pool_numbers > 0);
    assert_eq!(every["total"].as_i64().unwrap() as usize, held_statics + pool_numbers);
    let rows = every["numbers"].as_array().unwrap();
    assert_eq!(rows.len(), 25);
    let bought: Vec<i64> = rows.iter().map(|n| n["createdAt"].as_i64().unwrap()).collect();
    assert!(bought.windows(2).all(|w| w[0] >= w[1]), "newest first by default");
    let row = &rows[0];
    assert!(row["number"].as_str().unwrap().starts_with('0') && row["number"].as_str().unwrap().contains(' '));
    assert!(["Live", "Being connected"].contains(&row["statusLabel"].as_str().unwrap()));
    assert!(["plan", "number", "none"].contains(&row["routing"]["mode"].as_str().unwrap()));

    // Every pool number is there, with its pool.
    let pools = get(&app, &format!("{NUMBERS}?pageSize=all&sort=number"), &owner).await;
    let pool_rows: Vec<&Value> = pools["numbers"].as_array().unwrap().iter().filter(|n| n["kind"] == "pool").collect();
    assert_eq!(pool_rows.len(), pool_numbers);
    assert!(pool_rows.iter().all(|n| n["poolId"].as_i64().unwrap() > 0 && !n["poolName"].as_str().unwrap().is_empty()));

    // A number typed as shown, in the national or international form, finds it.
    let (_, shown) = statics(&app, &owner).await[0].clone();
    let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
    for typed in [shown.clone(), format!("+44 {}", &shown[1..]), format!("0044{}", &digits[1..])] {
        let found = get(&app, &format!("{NUMBERS}?search={}", urlencoding(&typed)), &owner).await;
        assert!(found["numbers"].as_array().unwrap().iter().any(|n| n["number"] == shown.as_str()), "{typed}: {found}");
    }
    // A channel's name finds its numbers, and only those.
    let channel = rows.iter().find(|n| !n["channel"].as_str().unwrap().is_empty()).map(|n| n["channel"].clone());
    if let Some(channel) = channel {
        let found =
            get(&app, &format!("{NUMBERS}?pageSize=all&search={}", urlencoding(channel.as_str().unwrap())), &owner)
                .await;
        assert!(found["total"].as_i64().unwrap() > 0);
    }
    // A campaign's numbers: its static numbers only.
    let campaign = campaign_id(&app, &owner, 0).await;
    let of_campaign = get(&app, &format!("{NUMBERS}?campaign={campaign}&pageSize=all"), &owner).await;
    assert!(of_campaign["numbers"]
        .as_array()
        .unwrap()
        .iter()
        .all(|n| n["kind"] == "static" && n["campaignId"] == campaign));
    let reply = app.get(&format!("{NUMBERS}?sort=password"), Some(&owner)).await;
    assert_eq!(field_error(&reply, "sort"), "Sort must be one of the list's columns.");
    assert_eq!(app.get(&format!("{NUMBERS}?campaign=abc"), Some(&owner)).await.status, StatusCode::NOT_FOUND);
}

fn urlencoding(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

#[tokio::test]
async fn a_numbers_page_says_where_calls_go_its_last_calls_and_its_history() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let plan_connected = get(&app, &format!("{NUMBERS}?pageSize=all&sort=calls&direction=desc"), &owner).await
        ["numbers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["kind"] == "static" && n["routing"]["mode"] == "plan")
        .cloned()
        .expect("a number routed through a service plan");
    let id = plan_connected["id"].as_i64().unwrap();
    let page = get(&app, &format!("/api/managenumbers/getNumber/{id}"), &owner).await;
    assert_eq!(page["number"]["number"], plan_connected["number"]);
    assert_eq!(
        page["routeSummary"],
        format!("Calls go to service plan \"{}\".", plan_connected["routing"]["label"].as_str().unwrap()).as_str()
    );
    let path = page["callPath"].as_array().unwrap();
    assert!(!path.is_empty(), "{page}");
    assert!(["Routed to", "Call ended"].contains(&path.last().unwrap()["title"].as_str().unwrap()), "{page}");
    assert_eq!(page["seesCalls"], true);
    let calls = page["recentCalls"].as_array().unwrap();
    assert!(!calls.is_empty() && calls.len() <= 20, "{}", calls.len());
    let times: Vec<i64> = calls.iter().map(|c| c["startedAt"].as_i64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]));
    assert!(calls.iter().all(|c| c["trackedNumber"] == plan_connected["number"]));
    // 'See all calls': the log's range from the first stored call to today.
    assert_eq!(page["allCalls"]["to"], "2026-11-23");
    let first = page["allCalls"]["from"].as_str().unwrap().to_string();
    let log =
        get(&app, &format!("/api/reports/getCalls?number={id}&preset=custom&from={first}&to=2026-11-23"), &owner).await;
    let stored = rows_as_text(
        &app.state.db,
        &format!("SELECT COUNT(*) FROM calls WHERE routing_entry_id = {id} AND direction = 'inbound'"),
    )
    .await;
    assert_eq!(format!("[{}]", log["total"]), stored[0], "every stored call of the number: {first}");

    // A change of its attribution is not routing; a release is, and its history says so (below).
    // Without the reports permission: no calls.
    sqlx::query("UPDATE user_access SET perm_reports = 0 WHERE customer_id = 100 AND user_id = (SELECT id FROM users WHERE email = 'admin@demo.test')")
        .execute(&app.state.db)
        .await
        .unwrap();
    let admin = app.login("admin@demo.test").await;
    let page = get(&app, &format!("/api/managenumbers/getNumber/{id}"), &admin).await;
    assert_eq!((page["seesCalls"].clone(), page["recentCalls"].clone()), (Value::Bool(false), serde_json::json!([])));
    assert_eq!(page["allCalls"], Value::Null);
    // A pool's id is not a static number's page.
    let pool =
        rows_as_text(&app.state.db, "SELECT id FROM routing_entries WHERE customer_id = 100 AND kind = 'dynamic'")
            .await;
    let pool: Vec<i64> = serde_json::from_str(&pool[0]).unwrap();
    let reply = app.get(&format!("/api/managenumbers/getNumber/{}", pool[0]), Some(&owner)).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn attribution_fields_are_edited_under_the_purchase_forms_rules() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let numbers = statics(&app, &owner).await;
    let (a, b) = (numbers[0].0.to_string(), numbers[1].0.to_string());
    let lists = get(&app, "/api/managenumbers/getNumberLists", &owner).await;
    let channel = lists["channels"][0]["id"].to_string();
    let before_b = entry_fields(&app, numbers[1].0).await;

    let reply = post(&app, UPDATE, &owner, &[("ids[]", &a), ("mediaDescription", " ")]).await;
    assert_eq!(field_error(&reply, "mediaDescription"), "Media description is required.");
    let long = "a".repeat(121);
    let reply = post(&app, UPDATE, &owner, &[("ids[]", &a), ("mediaDescription", &long)]).await;
    assert_eq!(field_error(&reply, "mediaDescription"), "Maximum media description length is 120 characters.");
    let reply = post(&app, UPDATE, &owner, &[("ids[]", &a), ("channel", "-1")]).await;
    assert_eq!(field_error(&reply, "channel"), "Choose from the list.");
    let reply = post(&app, UPDATE, &owner, &[("channel", &channel)]).await;
    assert_eq!(field_error(&reply, "ids"), "Choose between 1 and 100 numbers.");
    let many: Vec<String> = (1..=101).map(|i| i.to_string()).collect();
    let mut fields: Vec<(&str, &str)> = many.iter().map(|id| ("ids[]", id.as_str())).collect();
    fields.push(("channel", &channel));
    assert_eq!(field_error(&post(&app, UPDATE, &owner, &fields).await, "ids"), "Choose between 1 and 100 numbers.");
    let reply = post(&app, UPDATE, &owner, &[("ids[]", "abc")]).await;
    assert!(reply.status.is_client_error());
    assert_eq!(entry_fields(&app, numbers[1].0).await, before_b, "nothing changed");

    // Two numbers get the channel; only the first a new description; nothing else moves.
    let done = ok(post(&app, UPDATE, &owner, &[("ids[]", &a), ("ids[]", &b), ("channel", &channel)]).await).await;
    assert_eq!(done["updated"], 2);
    ok(post(&app, UPDATE, &owner, &[("ids[]", &a), ("mediaDescription", " Bus shelter, Leeds "), ("department", "0")])
        .await)
    .await;
    let row_a: Vec<Value> = serde_json::from_str(&entry_fields(&app, numbers[0].0).await[0]).unwrap();
    assert_eq!(row_a[1].to_string(), channel);
    assert_eq!((row_a[2].clone(), row_a[4].clone()), (Value::Null, Value::from("Bus shelter, Leeds")));
    let row_b: Vec<Value> = serde_json::from_str(&entry_fields(&app, numbers[1].0).await[0]).unwrap();
    let old_b: Vec<Value> = serde_json::from_str(&before_b[0]).unwrap();
    assert_eq!(row_b[1].to_string(), channel);
    assert_eq!(
        (row_b[0].clone(), row_b[3].clone(), row_b[4].clone()),
        (old_b[0].clone(), old_b[3].clone(), old_b[4].clone())
    );
}

#[tokio::test]
async fn numbers_move_to_another_campaign() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let added = ok(post(&app, "/api/managecampaigns/insertCampaign", &owner, &[("campaign", "Summer")]).await).await;
    let summer = added["id"].as_i64().unwrap();
    let numbers = statics(&app, &owner).await;
    let (a, b) = (numbers[0].0.to_string(), numbers[1].0.to_string());
    let reply = post(&app, MOVE, &owner, &[("ids[]", &a), ("campaign", "")]).await;
    assert_eq!(field_error(&reply, "campaign"), "Campaign is required.");
    let moved =
        ok(post(&app, MOVE, &owner, &[("ids[]", &a), ("ids[]", &b), ("campaign", &summer.to_string())]).await).await;
    assert_eq!((moved["moved"].clone(), moved["campaign"].clone()), (Value::from(2), Value::from("Summer")));
    let page = get(&app, &format!("{NUMBERS}?campaign={summer}"), &owner).await;
    assert_eq!(page["total"], 2);
    let campaigns = get(&app, &format!("{CAMPAIGNS}?search=summer"), &owner).await;
    assert_eq!(campaigns["campaigns"][0]["numbers"], 2);
}

#[tokio::test]
async fn another_customers_campaigns_and_numbers_are_not_found_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let starter = app.login("starter@demo.test").await;
    let theirs = campaign_id(&app, &owner, 0).await.to_string();
    let (number, shown) = statics(&app, &owner).await[0].clone();
    let number = number.to_string();
    let mine = campaign_id(&app, &starter, 0).await.to_string();
    let their_channel = get(&app, "/api/managenumbers/getNumberLists", &owner).await["channels"][0]["id"].to_string();
    let my_number = statics(&app, &starter).await[0].0.to_string();
    let before = rows_as_text(&app.state.db, "SELECT * FROM routing_entries WHERE customer_id = 100 ORDER BY id").await;
    let campaigns_before = rows_as_text(&app.state.db, "SELECT * FROM campaigns ORDER BY id").await;
    let replies = [
        app.get(&format!("/api/managecampaigns/getCampaign/{theirs}"), Some(&starter)).await,
        app.get(&format!("{NUMBERS}?campaign={theirs}"), Some(&starter)).await,
        app.get(&format!("/api/managenumbers/getNumber/{number}"), Some(&starter)).await,
        post(&app, "/api/managecampaigns/renameCampaign", &starter, &[("id", &theirs), ("campaign", "Mine now")]).await,
        post(&app, "/api/managecampaigns/deleteCampaign", &starter, &[("id", &theirs)]).await,
        post(&app, UPDATE, &starter, &[("ids[]", &number), ("mediaDescription", "Mine now")]).await,
        post(&app, UPDATE, &starter, &[("ids[]", &my_number), ("ids[]", &number), ("mediaDescription", "Mine")]).await,
        post(&app, UPDATE, &starter, &[("ids[]", &my_number), ("channel", &their_channel)]).await,
        post(&app, MOVE, &starter, &[("ids[]", &number), ("campaign", &mine)]).await,
        post(&app, MOVE, &starter, &[("ids[]", &my_number), ("campaign", &theirs)]).await,
    ];
    for (i, reply) in replies.iter().enumerate() {
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{i}: {}", reply.text());
        assert!(!reply.text().contains("Harbour") && !reply.text().contains(&shown), "{i}");
    }
    let key = app.confirm_key(&starter).await;
    let release = post(&app, RELEASE, &starter, &[("ids[]", &number), ("key", &key)]).await;
    assert_eq!(release.status, StatusCode::NOT_FOUND);
    assert_eq!(
        rows_as_text(&app.state.db, "SELECT * FROM routing_entries WHERE customer_id = 100 ORDER BY id").await,
        before
    );
    assert_eq!(rows_as_text(&app.state.db, "SELECT * FROM campaigns ORDER BY id").await, campaigns_before);
    // Their lists never show another customer's numbers.
    let listed = app.get(&format!("{NUMBERS}?pageSize=all"), Some(&starter)).await.text();
    assert!(!listed.contains(&shown));
}

#[tokio::test]
async fn the_pages_need_the_static_menu_and_changes_the_number_admin_right() {
    let app = TestApp::spawn().await;
    // A group account has no Static menu.
    let group = app.login("group@demo.test").await;
    for path in [CAMPAIGNS, NUMBERS, "/api/managenumbers/getNumberLists"] {
        assert_eq!(app.get(path, Some(&group)).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    // Without the number/campaign admin right and below administrator: read only.
    sqlx::query(
        "UPDATE user_access SET auth_code = 10, perm_services_admin = 0 WHERE customer_id = 100
         AND user_id = (SELECT id FROM users WHERE email = 'admin@demo.test')",
    )
    .execute(&app.state.db)
    .await
    .unwrap();
    let reader = app.login("admin@demo.test").await;
    // (Adding a campaign is also the purchase form's inline add: a buyer may, right or not.)
    let reply = app.get(CAMPAIGNS, Some(&reader)).await;
    if reply.status == StatusCode::OK {
        assert_eq!(reply.json()["canEdit"], false);
    } else {
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "no admin area at all");
    }
    let owner = app.login("owner@demo.test").await;
    let id = campaign_id(&app, &owner, 0).await.to_string();
    let number = statics(&app, &owner).await[0].0.to_string();
    let before = rows_as_text(&app.state.db, "SELECT * FROM routing_entries WHERE customer_id = 100 ORDER BY id").await;
    for reply in [
        post(&app, "/api/managecampaigns/renameCampaign", &reader, &[("id", &id), ("campaign", "Nope")]).await,
        post(&app, "/api/managecampaigns/deleteCampaign", &reader, &[("id", &id)]).await,
        post(&app, UPDATE, &reader, &[("ids[]", &number), ("mediaDescription", "Nope")]).await,
        post(&app, MOVE, &reader, &[("ids[]", &number), ("campaign", &id)]).await,
        post(&app, RELEASE, &reader, &[("ids[]", &number), ("key", "x")]).await,
    ] {
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.text());
    }
    assert_eq!(
        rows_as_text(&app.state.db, "SELECT * FROM routing_entries WHERE customer_id = 100 ORDER BY id").await,
        before
    );
    // The number admin right alone is enough to change numbers.
    sqlx::query(
        "UPDATE user_access SET perm_services_admin = 1 WHERE customer_id = 100
         AND user_id = (SELECT id FROM users WHERE email = 'admin@demo.test')",
    )
    .execute(&app.state.db)
    .await
    .unwrap();
    let editor = app.login("admin@demo.test").await;
    if app.get(CAMPAIGNS, Some(&editor)).await.status == StatusCode::OK {
        ok(post(&app, UPDATE, &editor, &[("ids[]", &number), ("mediaDescription", "Yes")]).await).await;
    }
}

/// Stone & Sons' November and December invoices' line for numbers above the plan's.
async fn numbers_above(app: &TestApp, session: &str) -> Vec<(String, i64)> {
    let invoices = get(app, "/api/invoices/getInvoiceList", session).await;
    let mut lines = Vec::new();
    for invoice in invoices["invoices"].as_array().unwrap().iter().take(2) {
        let id = invoice["id"].as_i64().unwrap();
        let rows = rows_as_text(
            &app.state.db,
            &format!(
                "SELECT description, amount_pence FROM invoice_lines WHERE invoice_id = {id}
                 AND description LIKE 'Static numbers above%'"
            ),
        )
        .await;
        for row in rows {
            lines.push(serde_json::from_str::<(String, i64)>(&row).unwrap());
        }
    }
    lines
}

#[tokio::test]
async fn a_released_number_stops_at_once_is_charged_to_the_months_end_and_rests_ninety_days() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    let numbers = statics(&app, &starter).await;
    assert_eq!(numbers.len(), 15, "10 included, 5 above");
    let (id, shown) = numbers[0].clone();
    let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
    let id_text = id.to_string();

    // No key, or a key used once already: refused, nothing released.
    let reply = post(&app, RELEASE, &starter, &[("ids[]", &id_text)]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    let key = app.confirm_key(&starter).await;
    let reply = post(&app, RELEASE, &starter, &[("key", &key)]).await;
    assert_eq!(field_error(&reply, "ids"), "Choose between 1 and 100 numbers.");
    let reply = post(&app, RELEASE, &starter, &[("ids[]", &id_text), ("key", &key)]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN, "the key was used up");
    assert_eq!(statics(&app, &starter).await.len(), 15);

    let key = app.confirm_key(&starter).await;
    let released_at = app.state.clock.now();
    let released = ok(post(&app, RELEASE, &starter, &[("ids[]", &id_text), ("key", &key)]).await).await;
    assert_eq!(released["released"], serde_json::json!([shown]));
    assert_eq!(released["chargeEnds"], "30/11/2026");
    assert_eq!(released["returnsToInventory"], "21/02/2027");
    assert_eq!(
        released["message"],
        format!(
            "Released {shown}. The monthly charge ends on 30/11/2026; the number returns to the inventory on 21/02/2027."
        )
        .as_str()
    );
    // Gone from the lists, the routing and its page; kept as released.
    assert_eq!(statics(&app, &starter).await.len(), 14);
    let routing = app.get("/api/manageconnections/getNumbersList?pageSize=all", Some(&starter)).await.text();
    assert!(!routing.contains(&digits));
    assert_eq!(
        app.get(&format!("/api/managenumbers/getNumber/{id}"), Some(&starter)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        rows_as_text(
            &app.state.db,
            &format!("SELECT number, charge_ends_at FROM released_numbers WHERE entry_id = {id}")
        )
        .await,
        [format!("[\"{digits}\",1796083200]")]
    );
    // The history records the release (Stone & Sons has no history page: read as stored).
    let summary = rows_as_text(
        &app.state.db,
        &format!(
            "SELECT summary FROM routing_changes WHERE record_kind = 'connect' AND record_id = {id} ORDER BY id DESC"
        ),
    )
    .await;
    assert_eq!(
        summary[0],
        format!("[\"'{}' released: it no longer takes calls.\"]", domain::reports::format_uk(&digits))
    );

    // Not for sale during its quarantine, then back under its prefix.
    let in_quarantine = rows_as_text(
        &app.state.db,
        &format!("SELECT prefix_id, available_from FROM available_numbers WHERE number = '{digits}'"),
    )
    .await;
    let (prefix, from): (i64, i64) = serde_json::from_str(&in_quarantine[0]).expect("a prefix sells it");
    assert!((released_at..=released_at + 5).contains(&(from - 90 * DAY)), "{from}");
    let free_at = |when: i64| {
        let db = app.state.db.clone();
        async move { server::store::inventory::free_numbers(&db, prefix, 100_000, when).await.unwrap() }
    };
    assert!(!free_at(app.state.clock.now()).await.iter().any(|(_, n)| *n == digits));
    assert!(free_at(from).await.iter().any(|(_, n)| *n == digits));

    // November's invoice still charges it; December's does not.
    app.state.clock.advance(39 * DAY); // 2 January 2027
    server::jobs::billing_run::run(&app.state.db, app.state.clock.now()).await.unwrap();
    let starter = app.login("starter@demo.test").await;
    let lines = numbers_above(&app, &starter).await;
    assert_eq!(
        lines,
        [
            ("Static numbers above the 10 included".to_string(), 2_000),
            ("Static numbers above the 10 included".to_string(), 2_500)
        ],
        "December (4 above), then November (5 above): {lines:?}"
    );
}

#[tokio::test]
async fn the_routing_history_shows_a_release_and_a_rollback_cannot_take_it_back() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let (id, shown) = statics(&app, &owner).await[0].clone();
    let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
    let key = app.confirm_key(&owner).await;
    ok(post(&app, RELEASE, &owner, &[("ids[]", &id.to_string()), ("key", &key)]).await).await;
    let history = get(&app, &format!("/api/routinghistory/getChanges?kind=connect&record={id}"), &owner).await;
    let change = &history["changes"][0];
    assert_eq!(
        change["sentences"][0],
        format!("'{}' released: it no longer takes calls.", domain::reports::format_uk(&digits)),
        "{history}"
    );
    let change_id = change["id"].as_i64().unwrap();
    let rollback = app.post_form(&format!("/api/routinghistory/rollback/{change_id}"), Some(&owner), &[]).await;
    assert!(rollback.status.is_client_error(), "{}", rollback.text());
    assert!(rollback.text().contains("released"), "{}", rollback.text());
    assert!(statics(&app, &owner).await.iter().all(|(n, _)| *n != id));
}

/// Each number's inbound calls of the last 30 days, counted in SQL apart from the list's query.
async fn calls_counted_apart(app: &TestApp, row: &Value) -> i64 {
    let since = app.state.clock.now() - 30 * DAY;
    let pool_number = if row["kind"] == "pool" {
        format!("AND tracked_number = '{}'", row["number"].as_str().unwrap().replace(' ', ""))
    } else {
        String::new()
    };
    let sql = format!(
        "SELECT COUNT(*) FROM calls WHERE customer_id = 100 AND routing_entry_id = {} {pool_number}
         AND direction = 'inbound' AND started_at >= {since}",
        row["id"]
    );
    rows_as_text(&app.state.db, &sql).await[0].trim_matches(|c| c == '[' || c == ']').parse().unwrap()
}

#[tokio::test]
async fn a_page_of_numbers_counts_the_calls_of_its_own_numbers_whatever_the_sort() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let all = get(&app, &format!("{NUMBERS}?pageSize=all&sort=calls&direction=desc"), &owner).await;
    let all = all["numbers"].as_array().unwrap().clone();
    assert!(all.iter().any(|r| r["kind"] == "pool") && all.iter().any(|r| r["kind"] == "static"));
    assert!(all[0]["calls30Days"].as_i64().unwrap() > 0, "the demo's numbers take calls");
    let counts: Vec<i64> = all.iter().map(|r| r["calls30Days"].as_i64().unwrap()).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "sorted by calls: {counts:?}");
    let page = get(&app, &format!("{NUMBERS}?page=1&pageSize=25"), &owner).await;
    let page = page["numbers"].as_array().unwrap().clone();
    assert_eq!(page.len(), 25.min(all.len()));
    for row in page.iter().chain(all.iter().take(5)).chain(all.iter().filter(|r| r["kind"] == "pool").take(5)) {
        assert_eq!(row["calls30Days"].as_i64().unwrap(), calls_counted_apart(&app, row).await, "{row}");
    }
}
