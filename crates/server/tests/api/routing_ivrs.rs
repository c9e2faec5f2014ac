//! IVR menus and multi-level IVR (docs/ivr-api.md): getIvrDetails, getIvrList, getIvrLibrary,
//! createIvr, updateExistingIvr, getMultiIvrCharges, getMultiLevelIvr and cloneIVR, the IVR
//! credits and terms, and IVR intro audio in the audio list.
//!
//! The seed: customer 100 has "Main menu" (1), its child "Billing menu" (2) and "Out of hours
//! menu" (3) with 3 IVR credits; the plan "Menu in office hours" plays the main menu.
//! Customer 300 has "Claims menu" (101) and the foreign audio, plans, voicemail, category and
//! report groups 101.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{rows_as_text, Reply, TestApp};
use crate::routing_connect::{get_json, grant_provisioning, post, ENTERPRISE, OWNER};

const DETAILS: &str = "/api/manageivrrouting/getIvrDetails";
const LIST: &str = "/api/manageivrrouting/getIvrList/";
const LIBRARY: &str = "/api/manageivrrouting/getIvrLibrary";
const CREATE: &str = "/api/manageivrrouting/createIvr/0";
const UPDATE: &str = "/api/manageivrrouting/updateExistingIvr/";
const CHARGES: &str = "/api/managemultilevelivr/getMultiIvrCharges";
const FLOW: &str = "/api/managemultilevelivr/getMultiLevelIvr";
const CLONE: &str = "/api/managemultilevelivr/cloneIVR/";
const TERMS: &str = "Please accept the terms to add another IVR.";

const MAIN: i64 = 1;
const BILLING: i64 = 2;
const CLOSED: i64 = 3;
const CLAIMS: i64 = 101;

pub(crate) type Fields = Vec<(String, String)>;

/// (description, type, target id, category)
pub(crate) type Key<'a> = (&'a str, &'a str, i64, i64);

/// An IVR form as the dialog posts it; keys are numbered 1, 2, 3...
pub(crate) fn ivr_form(description: &str, keys: &[Key<'_>]) -> Fields {
    let mut fields: Fields = [
        ("description", description),
        ("audioId", "1"),
        ("logStrokes", "1"),
        ("repeatMenu", "none"),
        ("defaultKey", "1"),
        ("isChildIvr", "0"),
        ("reportGroupId", "1"),
        ("secondaryReportGroupId", "2"),
        ("hasDeadEnd", "0"),
        ("saveFromCallback", "0"),
        ("repeatAudio", "2"),
        ("reportGroupDescription", "ignored"),
        ("secondaryReportGroupDescription", "ignored"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    const ORDER: [&str; 13] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "*", "#", "?"];
    for (i, (key_description, key_type, target, category)) in keys.iter().enumerate() {
        let target = |t: &str| if *key_type == t { target.to_string() } else { "0".to_string() };
        let row = [
            ("keys", ORDER[i].to_string()),
            ("keyDescription", key_description.to_string()),
            ("keyType", key_type.to_string()),
            ("keyDestination", target("routing")),
            ("keyIvr", target("ivr")),
            ("keyVoicemail", target("voicemail")),
            ("keyCategory", category.to_string()),
        ];
        fields.extend(row.into_iter().map(|(name, value)| (format!("{name}[{i}]"), value)));
    }
    fields
}

/// Reception (plan 1), the billing child menu and the reception voicemail.
fn menu(description: &str) -> Fields {
    ivr_form(
        description,
        &[("Reception", "routing", 1, 1), ("Billing", "ivr", BILLING, 0), ("Leave a message", "voicemail", 1, 2)],
    )
}

fn set(mut fields: Fields, name: &str, value: &str) -> Fields {
    fields.retain(|(k, _)| k != name);
    fields.push((name.to_string(), value.to_string()));
    fields
}

async fn set_credits(app: &TestApp, customer: i64, credits: i64) {
    sqlx::query("UPDATE customers SET ivr_credits = $1 WHERE id = $2")
        .bind(credits)
        .bind(customer)
        .execute(&app.state.db)
        .await
        .unwrap();
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sql).fetch_one(&app.state.db).await.unwrap();
    n
}

async fn ivr_count(app: &TestApp, customer: i64) -> i64 {
    count(app, &format!("SELECT COUNT(*) FROM ivrs WHERE customer_id = {customer}")).await
}

/// Every stored IVR and key, to show nothing changed.
async fn snapshot(app: &TestApp) -> String {
    let db = &app.state.db;
    let ivrs = rows_as_text(
        db,
        "SELECT id, customer_id, description, is_child, intro_audio_id, log_keys, report_group_id,
         secondary_report_group_id, has_dead_end, repeat_key, default_key, repeat_audio FROM ivrs ORDER BY id",
    )
    .await;
    let keys = rows_as_text(
        db,
        "SELECT ivr_id, position, key, description, key_type, destination_plan_id, target_ivr_id,
         voicemail_id, category_id FROM ivr_keys ORDER BY ivr_id, position",
    )
    .await;
    let credits = rows_as_text(db, "SELECT ivr_credits FROM customers ORDER BY id").await;
    format!("{ivrs:?}{keys:?}{credits:?}{}", count(app, "SELECT COUNT(*) FROM ivr_charges").await)
}

fn ok(reply: &Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

async fn details(app: &TestApp, session: &str, id: i64) -> Value {
    get_json(app, &format!("{DETAILS}/{id}"), session).await
}

async fn create(app: &TestApp, session: &str, fields: &Fields) -> i64 {
    ok(&post(app, CREATE, session, fields).await)["ivrId"].as_i64().unwrap()
}

/// A 422 with this message on this field.
fn refused(reply: &Reply, field: &str, message: &str) -> Value {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["errors"][field], message, "{body}");
    body
}

#[tokio::test]
async fn a_created_ivr_reads_back_with_its_keys_and_lists() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    set_credits(&app, 100, 10).await;
    let fields = set(set(menu("Surgery menu"), "repeatMenu", "3"), "keyVoicemail[2]", "0");
    let fields = set(set(fields, "keyCategory[2]", "0"), "keyDescription[2]", "Hear the options again");
    let id = create(&app, &owner, &fields).await;
    let answer = details(&app, &owner, id).await;
    assert_eq!(
        answer["ivr"],
        json!({
            "id": id, "description": "Surgery menu", "isChild": "0", "introAudio": 1, "logKeys": 1,
            "reportGroupId": 1, "secondaryReportGroupId": 2, "hasDeadEnd": 0, "repeatKey": "3",
            "defaultKey": "1", "repeatAudio": "2",
            "options": [
                { "key": "1", "description": "Reception", "type": "routing", "destinationId": 1, "ivrId": 0,
                  "voicemailId": 0, "categoryId": 1 },
                { "key": "2", "description": "Billing", "type": "ivr", "destinationId": 0, "ivrId": BILLING,
                  "voicemailId": 0, "categoryId": 0 },
                { "key": "3", "description": "Hear the options again", "type": "voicemail", "destinationId": 0,
                  "ivrId": 0, "voicemailId": 0, "categoryId": 0 },
            ],
        })
    );
    // No service plan plays it yet.
    assert_eq!(answer["affectedNumbers"], json!([]));

    let top = get_json(&app, LIST, &owner).await;
    let names: Vec<&str> = top["ivrs"].as_array().unwrap().iter().map(|i| i["description"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Main menu", "Out of hours menu", "Surgery menu"]);
    assert_eq!(top["ivrs"][0], json!({ "id": MAIN, "description": "Main menu", "isChild": "0" }));
    assert_eq!(get_json(&app, "/api/manageivrrouting/getIvrList", &owner).await, top);
    let all = get_json(&app, "/api/manageivrrouting/getIvrList/1", &owner).await;
    assert_eq!(all["ivrs"].as_array().unwrap().len(), 4);
    assert!(all["ivrs"]
        .as_array()
        .unwrap()
        .contains(&json!({ "id": BILLING, "description": "Billing menu", "isChild": "1" })));

    let library = get_json(&app, LIBRARY, &owner).await;
    let stored = library["ivrs"].as_array().unwrap().iter().find(|i| i["id"] == id).unwrap().clone();
    assert_eq!(
        (stored["logKeys"].clone(), stored["isChild"].clone(), stored["hasDeadEnd"].clone()),
        (json!(true), json!(false), json!(false))
    );
    assert_eq!(stored["options"], answer["ivr"]["options"]);
    assert!(library["destinationPlans"].as_array().unwrap().contains(&json!({ "id": 1, "description": "Reception" })));
    assert!(library["voicemails"].as_array().unwrap().contains(&json!({ "id": 1, "description": "Reception" })));
    assert!(library["ivrs"].as_array().unwrap().iter().all(|i| i["id"] != CLAIMS));
}

#[tokio::test]
async fn an_ivr_created_from_a_parent_is_a_child_and_hang_up_after_audio_keeps_no_keys() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    set_credits(&app, 100, 10).await;
    let id = ok(&post(&app, &format!("/api/manageivrrouting/createIvr/{MAIN}"), &owner, &menu("Sub menu")).await)
        ["ivrId"]
        .as_i64()
        .unwrap();
    assert_eq!(details(&app, &owner, id).await["ivr"]["isChild"], "1");
    assert!(get_json(&app, LIST, &owner).await["ivrs"].as_array().unwrap().iter().all(|i| i["id"] != id));

    let closed = create(&app, &owner, &set(menu("Closed today"), "hasDeadEnd", "1")).await;
    let ivr = details(&app, &owner, closed).await["ivr"].clone();
    assert_eq!(
        (ivr["hasDeadEnd"].clone(), ivr["options"].clone(), ivr["reportGroupId"].clone()),
        (json!(1), json!([]), json!(0))
    );
}

#[tokio::test]
async fn the_seeded_menus_affect_the_numbers_whose_plan_reaches_them() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let main = details(&app, &owner, MAIN).await;
    assert_eq!(main["ivr"]["repeatKey"], "4");
    assert_eq!(main["ivr"]["defaultKey"], "1");
    let affected = main["affectedNumbers"].as_array().unwrap().clone();
    assert!(affected.len() >= 3, "{affected:?}");
    assert!(affected.contains(&json!({ "VlnsDescription": "Website - Direct" })));
    assert!(affected.iter().any(|a| a.get("NumbNGNumber").is_some()));
    // The child is reached through the main menu; the out-of-hours menu by no plan.
    assert_eq!(details(&app, &owner, BILLING).await["affectedNumbers"].as_array().unwrap().clone(), affected);
    assert_eq!(details(&app, &owner, CLOSED).await["affectedNumbers"], json!([]));
    let flow = get_json(&app, &format!("{FLOW}/{MAIN}"), &owner).await;
    assert_eq!(flow["ivrFlow"]["issues"], json!({ "loops": [], "deadEnds": [] }));
}

#[tokio::test]
async fn the_ivrs_page_lists_every_ivr_with_the_numbers_and_pools_that_reach_it() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let overview = get_json(&app, "/api/manageivrrouting/getIvrOverview", &owner).await;
    let ivrs = overview["ivrs"].as_array().unwrap();
    let find = |id: i64| ivrs.iter().find(|i| i["id"] == id).unwrap_or_else(|| panic!("{id}: {ivrs:?}"));
    // The same numbers and pools the IVR's own details name, written as every screen writes them.
    let main = details(&app, &owner, MAIN).await;
    let named: Vec<String> = main["affectedNumbers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| match a.get("NumbNGNumber") {
            Some(number) => domain::reports::format_uk(number.as_str().unwrap()),
            None => a["VlnsDescription"].as_str().unwrap().to_string(),
        })
        .collect();
    let mut used: Vec<String> = serde_json::from_value(find(MAIN)["usedBy"].clone()).unwrap();
    let mut expected = named.clone();
    used.sort();
    expected.sort();
    expected.dedup();
    assert_eq!(used, expected);
    assert_eq!((find(MAIN)["isChild"].as_bool(), find(BILLING)["isChild"].as_bool()), (Some(false), Some(true)));
    assert_eq!(find(CLOSED)["usedBy"], json!([]), "no plan reaches it");
    // Only the account's own; another customer's IVR is not listed, and the page needs advanced routing.
    assert!(!ivrs.iter().any(|i| i["id"] == 101));
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get("/api/manageivrrouting/getIvrOverview", Some(&starter)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/manageivrrouting/getIvrOverview", None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_update_saves_the_ivr_and_provisions_the_numbers_it_affects_again() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let fields = ivr_form("Billing options", &[("Accounts", "routing", 4, 5), ("Back", "ivr", MAIN, 0)]);
    let fields = set(set(fields, "form_record_id", &BILLING.to_string()), "ivrId", &BILLING.to_string());
    let fields = set(fields, "isChildIvr", "1");
    let reply = ok(&post(&app, UPDATE, &owner, &fields).await);
    assert_eq!(reply, json!({ "success": true, "ivrId": BILLING }));
    let ivr = details(&app, &owner, BILLING).await["ivr"].clone();
    assert_eq!(ivr["description"], "Billing options");
    assert_eq!(ivr["isChild"], "1");
    assert_eq!(ivr["options"][0]["destinationId"], 4);
    assert_eq!(ivr["options"][0]["categoryId"], 5);
    let pending = count(
        &app,
        "SELECT COUNT(*) FROM routing_entries e JOIN service_plans p ON p.id = e.service_plan_id
         WHERE p.description = 'Menu in office hours' AND e.provisioned = 0",
    )
    .await;
    assert!(pending >= 3, "{pending}");
    // Its own description again is fine; another IVR's is not, and ivrId alone names it too.
    let again = set(ivr_form("billing OPTIONS", &[("Accounts", "routing", 4, 0)]), "ivrId", &BILLING.to_string());
    ok(&post(&app, UPDATE, &owner, &again).await);
    let before = snapshot(&app).await;
    let clash = set(again, "description", "Main menu");
    let body = refused(&post(&app, UPDATE, &owner, &clash).await, "description", "Description must be unique.");
    assert_eq!(body["code"], "DESCRIPTION_NOT_UNIQUE");
    assert_eq!(body["descriptionError"], "Description must be unique.");
    assert_eq!(snapshot(&app).await, before);
}

#[tokio::test]
async fn every_ivr_rule_refuses_through_create_ivr() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    set_credits(&app, 100, 10).await;
    let before = snapshot(&app).await;
    let base = menu("New menu");
    let long = "d".repeat(61);
    let cases: Vec<(Fields, &str, &str)> = vec![
        (set(base.clone(), "description", ""), "description", "Description is required."),
        (set(base.clone(), "description", &long), "description", "Description must not exceed 60 characters."),
        (set(base.clone(), "audioId", "0"), "audioId", "Intro audio is required."),
        (set(base.clone(), "repeatAudio", ""), "repeatAudio", "Repeat audio is required."),
        (set(base.clone(), "repeatAudio", "two"), "repeatAudio", "Please enter a numeric value."),
        (
            set(base.clone(), "repeatAudio", "10"),
            "repeatAudio",
            "Please choose a maximum of 9 times to repeat this option.",
        ),
        (set(base.clone(), "keyDescription[0]", ""), "keyDescription[0]", "Description is required."),
        (
            set(base.clone(), "keyDescription[1]", &long),
            "keyDescription[1]",
            "Description length must not exceed 60 characters.",
        ),
        (set(base.clone(), "keyDestination[0]", "0"), "keyDestination[0]", "Destination plan is required."),
        (set(base.clone(), "keyIvr[1]", ""), "keyIvr[1]", "Ivr plan is required."),
        (set(base.clone(), "keyVoicemail[2]", "0"), "keyVoicemail[2]", "Voicemail is required."),
        (set(base.clone(), "repeatMenu", "1"), "keyDestination[0]", "This key is set as repeat."),
        (set(base.clone(), "keyCategory[2]", "1"), "keyCategory[2]", "Category must be unique."),
        (
            set(set(base.clone(), "repeatMenu", "1"), "defaultKey", "1"),
            "defaultKey",
            "Default key can't be set as repeat key.",
        ),
        (ivr_form("New menu", &[]), "keys", "An IVR needs at least one key."),
        (ivr_form("New menu", &[("Reception", "routing", 1, 0); 13]), "keys", "An IVR can have at most 12 keys."),
        (set(base.clone(), "keys[1]", "5"), "keys", "Keys must run 1-9, then 0, * and #."),
    ];
    for (fields, field, message) in cases {
        let body = refused(&post(&app, CREATE, &owner, &fields).await, field, message);
        if field == "description" {
            assert_eq!(body["descriptionError"], message);
            assert_eq!(body["code"], "VALIDATION_FAILED");
        } else {
            assert!(body.get("descriptionError").is_none(), "{body}");
        }
    }
    let reply = post(&app, CREATE, &owner, &set(base.clone(), "description", "Menü ✓")).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = reply.json();
    assert!(body["errors"]["description"].as_str().unwrap().starts_with("Invalid characters found."));
    assert_eq!(body["descriptionError"], body["errors"]["description"]);
    let taken = set(base.clone(), "description", " main MENU ");
    let body = refused(&post(&app, CREATE, &owner, &taken).await, "description", "Description must be unique.");
    assert_eq!(body["code"], "DESCRIPTION_NOT_UNIQUE");
    assert_eq!(body["descriptionError"], "Description must be unique.");
    // Not unique and something else wrong: the general code, with descriptionError.
    let body = refused(
        &post(&app, CREATE, &owner, &set(taken, "audioId", "0")).await,
        "description",
        "Description must be unique.",
    );
    assert_eq!(body["code"], "VALIDATION_FAILED");
    assert_eq!(body["descriptionError"], "Description must be unique.");
    assert_eq!(post(&app, CREATE, &owner, &set(base, "keyType[0]", "queue")).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(snapshot(&app).await, before);
}

#[tokio::test]
async fn past_the_credits_an_ivr_needs_the_terms_and_records_the_charge() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    assert_eq!(
        get_json(&app, CHARGES, &owner).await,
        json!({ "cost": "5.00", "frequency": "month", "credits": 3, "used": 3 })
    );
    let before = snapshot(&app).await;
    refused(&post(&app, CREATE, &owner, &menu("Fourth menu")).await, "terms", TERMS);
    // Field errors come first.
    refused(
        &post(&app, CREATE, &owner, &set(menu("Fourth menu"), "audioId", "0")).await,
        "audioId",
        "Intro audio is required.",
    );
    assert_eq!(snapshot(&app).await, before);

    let id = create(&app, &owner, &set(menu("Fourth menu"), "acceptTerms", "1")).await;
    assert_eq!(
        get_json(&app, CHARGES, &owner).await,
        json!({ "cost": "5.00", "frequency": "month", "credits": 4, "used": 4 })
    );
    let (customer, ivr, price, frequency, user): (i64, i64, i64, String, i64) =
        sqlx::query_as("SELECT customer_id, ivr_id, price_pence, frequency, accepted_by_user_id FROM ivr_charges")
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    assert_eq!((customer, ivr, price, frequency.as_str(), user), (100, id, 500, "1", 1));

    // Under the credits, no terms and no charge.
    set_credits(&app, 100, 6).await;
    create(&app, &owner, &menu("Fifth menu")).await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM ivr_charges").await, 1);
}

#[tokio::test]
async fn a_clone_copies_the_menu_and_its_children_within_the_credits_or_with_the_terms() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let before = snapshot(&app).await;
    let clone = |fields: Vec<(&str, String)>| {
        let fields: Fields = fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        let app = &app;
        let owner = owner.clone();
        async move { ok(&post(app, CLONE, &owner, &fields).await) }
    };
    assert_eq!(clone(vec![("id", MAIN.to_string())]).await, json!({ "status": "false", "message": TERMS }));
    assert_eq!(snapshot(&app).await, before);

    let answer = clone(vec![("id", MAIN.to_string()), ("acceptTerms", "1".into())]).await;
    assert_eq!(answer["status"], true);
    let copy = answer["data"]["id"].as_i64().unwrap();
    let main = details(&app, &owner, copy).await["ivr"].clone();
    assert_eq!(main["description"], "Main menu (copy)");
    assert_eq!(main["isChild"], "0");
    let child = main["options"][1]["ivrId"].as_i64().unwrap();
    assert_ne!(child, BILLING);
    let billing = details(&app, &owner, child).await["ivr"].clone();
    assert_eq!(billing["description"], "Billing menu (copy)");
    assert_eq!(billing["isChild"], "1");
    assert_eq!(billing["options"][1]["ivrId"], copy, "the copied child leads back to the copy");
    assert_eq!(main["options"][0]["destinationId"], 1, "destinations are shared");
    // The originals are untouched; two IVRs were bought.
    assert_eq!(details(&app, &owner, MAIN).await["ivr"]["options"][1]["ivrId"], BILLING);
    assert_eq!(get_json(&app, CHARGES, &owner).await["credits"], 5);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM ivr_charges WHERE customer_id = 100").await, 2);

    // A second copy gets the next description.
    set_credits(&app, 100, 20).await;
    let again = clone(vec![("id", MAIN.to_string())]).await["data"]["id"].as_i64().unwrap();
    assert_eq!(details(&app, &owner, again).await["ivr"]["description"], "Main menu (copy 2)");
    // A long description is shortened to fit.
    let long = "L".repeat(60);
    let id = create(&app, &owner, &ivr_form(&long, &[("Reception", "routing", 1, 0)])).await;
    let copy = clone(vec![("id", id.to_string())]).await["data"]["id"].as_i64().unwrap();
    let description = details(&app, &owner, copy).await["ivr"]["description"].as_str().unwrap().to_string();
    assert_eq!(description, format!("{} (copy)", "L".repeat(53)));
    // A child is not cloned on its own; another customer's IVR is not found.
    let before = snapshot(&app).await;
    assert_eq!(clone(vec![("id", BILLING.to_string())]).await["status"], "false");
    let reply =
        post(&app, CLONE, &owner, &[("id".to_string(), CLAIMS.to_string()), ("acceptTerms".into(), "1".into())]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(snapshot(&app).await, before);
}

#[tokio::test]
async fn the_multi_level_flow_names_its_nodes_and_says_what_can_be_cloned() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let answer = get_json(&app, &format!("{FLOW}/{MAIN}"), &owner).await;
    assert_eq!(answer["canClone"], true);
    let mut ids: Vec<&str> =
        answer["ivrFlow"]["nodes"].as_array().unwrap().iter().map(|n| n["id"].as_str().unwrap()).collect();
    ids.sort_unstable();
    assert_eq!(ids, vec!["ivr-1", "ivr-2", "routing-1", "routing-6", "voicemail-1"]);
    let main = answer["ivrFlow"]["nodes"].as_array().unwrap().iter().find(|n| n["id"] == "ivr-1").unwrap().clone();
    assert_eq!(main["description"], "Main menu");
    assert_eq!(main["isChild"], false);
    assert!(answer["ivrFlow"]["edges"]
        .as_array()
        .unwrap()
        .contains(&json!({ "from": "ivr-2", "to": "ivr-1", "label": "2" })));

    assert_eq!(get_json(&app, &format!("{FLOW}/{BILLING}"), &owner).await["canClone"], false);
    let closed = get_json(&app, &format!("{FLOW}/{CLOSED}"), &owner).await;
    let mut ids: Vec<&str> =
        closed["ivrFlow"]["nodes"].as_array().unwrap().iter().map(|n| n["id"].as_str().unwrap()).collect();
    ids.sort_unstable();
    assert_eq!(ids, vec!["hangup-3", "ivr-3"]);
}

#[tokio::test]
async fn who_may_read_and_who_may_change_ivrs() {
    let app = TestApp::spawn().await;
    let reads = [
        format!("{DETAILS}/{MAIN}"),
        LIST.to_string(),
        "/api/manageivrrouting/getIvrList/1".to_string(),
        LIBRARY.to_string(),
        CHARGES.to_string(),
        format!("{FLOW}/{MAIN}"),
    ];
    let mut update = menu("Main menu");
    update.push(("form_record_id".into(), MAIN.to_string()));
    let writes: [(&str, Fields); 3] = [
        (CREATE, set(menu("Another"), "acceptTerms", "1")),
        (UPDATE, update),
        (CLONE, vec![("id".into(), MAIN.to_string()), ("acceptTerms".into(), "1".into())]),
    ];
    let before = snapshot(&app).await;
    for email in ["group@demo.test", "starter@demo.test", "user@demo.test"] {
        let session = app.login(email).await;
        for path in &reads {
            assert_eq!(app.get(path, Some(&session)).await.status, StatusCode::FORBIDDEN, "{email} {path}");
        }
        for (path, fields) in &writes {
            assert_eq!(post(&app, path, &session, fields).await.status, StatusCode::FORBIDDEN, "{email} {path}");
        }
    }
    // A user who may provision reads, but does not change the library.
    grant_provisioning(&app, 3, 100).await;
    let user = app.login("user@demo.test").await;
    for path in &reads {
        assert_eq!(app.get(path, Some(&user)).await.status, StatusCode::OK, "{path}");
    }
    for (path, fields) in &writes {
        assert_eq!(post(&app, path, &user, fields).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(snapshot(&app).await, before);
}

#[tokio::test]
async fn another_customers_ids_are_not_found_and_change_nothing() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    set_credits(&app, 100, 10).await;
    for path in [format!("{DETAILS}/{CLAIMS}"), format!("{FLOW}/{CLAIMS}"), format!("{DETAILS}/999")] {
        assert_eq!(app.get(&path, Some(&owner)).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    let before = snapshot(&app).await;
    let base = menu("Foreign menu");
    let foreign: Vec<Fields> = vec![
        set(base.clone(), "audioId", "101"),
        set(base.clone(), "keyDestination[0]", "101"),
        set(base.clone(), "keyIvr[1]", "101"),
        set(base.clone(), "keyVoicemail[2]", "101"),
        set(base.clone(), "keyCategory[0]", "101"),
        set(base.clone(), "reportGroupId", "101"),
        set(base.clone(), "secondaryReportGroupId", "101"),
    ];
    for fields in &foreign {
        assert_eq!(post(&app, CREATE, &owner, fields).await.status, StatusCode::NOT_FOUND, "{fields:?}");
        let update = set(fields.clone(), "form_record_id", &MAIN.to_string());
        assert_eq!(post(&app, UPDATE, &owner, &update).await.status, StatusCode::NOT_FOUND, "{fields:?}");
    }
    let parent = post(&app, &format!("/api/manageivrrouting/createIvr/{CLAIMS}"), &owner, &base).await;
    assert_eq!(parent.status, StatusCode::NOT_FOUND);
    let theirs = set(base.clone(), "form_record_id", &CLAIMS.to_string());
    assert_eq!(post(&app, UPDATE, &owner, &theirs).await.status, StatusCode::NOT_FOUND);
    let theirs = set(base, "ivrId", &CLAIMS.to_string());
    assert_eq!(post(&app, UPDATE, &owner, &theirs).await.status, StatusCode::NOT_FOUND);
    assert_eq!(snapshot(&app).await, before);

    // And the other way round: Atlas sees only its own menu.
    let enterprise = app.login(ENTERPRISE).await;
    let list = get_json(&app, "/api/manageivrrouting/getIvrList/1", &enterprise).await;
    assert_eq!(list, json!({ "ivrs": [{ "id": CLAIMS, "description": "Claims menu", "isChild": "0" }] }));
    assert_eq!(app.get(&format!("{DETAILS}/{MAIN}"), Some(&enterprise)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn service_plans_play_real_ivrs_and_an_ivr_intro_audio_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let plan: Fields = [
        ("form_plan_description", "Menu all week"),
        ("form_from_day[0]", "1"),
        ("form_from_hour[0]", "0"),
        ("form_from_minute[0]", "0"),
        ("form_to_day[0]", "7"),
        ("form_to_hour[0]", "23"),
        ("form_to_minute[0]", "59"),
        ("form_routing_type[0]", "ivr"),
        ("form_routing[0]", "0"),
        ("form_ivr[0]", "3"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    ok(&post(&app, "/api/manageconnections/create_plan", &owner, &plan).await);
    let plan = set(plan, "form_ivr[0]", &CLAIMS.to_string());
    let plan = set(plan, "form_plan_description", "Their menu");
    assert_eq!(post(&app, "/api/manageconnections/create_plan", &owner, &plan).await.status, StatusCode::NOT_FOUND);

    // Audio 1 (Welcome message) is the main menu's intro.
    let reply =
        post(&app, "/api/manageaudios/getAffectedLocations", &owner, &[("form_audio_id[]".into(), "1".into())]).await;
    let list = ok(&reply)["list"].as_array().unwrap().clone();
    assert!(list.contains(&json!({
        "audioDescription": "Welcome message", "location": "IVR Main menu", "type": "Intro", "description": "Main menu"
    })));
    // Audio 11 plays only as the billing menu's intro: it cannot be deleted.
    let reply =
        post(&app, "/api/manageaudios/getAffectedLocations", &owner, &[("form_audio_id[]".into(), "11".into())]).await;
    assert!(ok(&reply)["list"].as_array().unwrap().contains(&json!({
        "audioDescription": "Thank you for calling", "location": "IVR Billing menu", "type": "Intro", "description": "Billing menu"
    })));
    let key = app.post_form("/api/handleajax/confirmPassword", Some(&owner), &[("form_password", "demopass")]).await;
    let key = ok(&key)["key"].as_str().unwrap().to_string();
    let reply = app
        .post_form("/api/manageaudios/bulkSoftDelete", Some(&owner), &[("form_audio_id[]", "11"), ("key", &key)])
        .await;
    refused(&reply, "form_audio_id", "This audio is in use and cannot be deleted.");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM audios WHERE id = 11 AND deleted_at IS NULL").await, 1);
    assert_eq!(ivr_count(&app, 100).await, 3);
}
