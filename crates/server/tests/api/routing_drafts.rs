//! Routing drafts (docs/routing-drafts.md): the editors save into an open draft while live
//! routing stays; publishing puts the draft live in one transaction as one history entry that
//! one rollback undoes; a live change since the draft began is a conflict that publishes
//! nothing until resolved; a schedule publishes and returns at its moments, once with two
//! processes, and tells the admins when it cannot; another account's draft is 404.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{SecondProcess, TestApp};
use crate::routing_connect::{destination_plan, get_json, post, ENTERPRISE, OWNER};
use crate::routing_ivrs::{ivr_form, Fields};

const UPDATE_IVR: &str = "/api/manageivrrouting/updateExistingIvr/";
const DRAFT: &str = "/api/routingdraft/get";
const MAIN: i64 = 1;

fn menu_to(plan: i64) -> Fields {
    let mut fields = ivr_form("Main menu", &[("Reception", "routing", plan, 0)]);
    fields.push(("ivrId".into(), MAIN.to_string()));
    fields
}

async fn save_menu(app: &TestApp, session: &str, plan: i64) {
    let reply = post(app, UPDATE_IVR, session, &menu_to(plan)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
}

/// Where key 1 of the main menu goes live.
async fn live_key_1(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT destination_plan_id FROM ivr_keys WHERE ivr_id = $1 AND position = 0")
        .bind(MAIN)
        .fetch_one(&app.state.db)
        .await
        .unwrap()
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap()
}

async fn open(app: &TestApp, session: &str) -> i64 {
    let reply = post(app, "/api/routingdraft/open", session, &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["draft"]["id"].as_i64().unwrap()
}

async fn draft(app: &TestApp, session: &str) -> Value {
    get_json(app, DRAFT, session).await
}

fn fields(pairs: &[(&str, &str)]) -> Fields {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

#[tokio::test]
async fn a_save_into_a_draft_leaves_live_routing_alone_and_the_editors_show_the_draft() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let (live, drafted) =
        (destination_plan(&app, 100, "Drafts live").await, destination_plan(&app, 100, "Drafts new").await);
    save_menu(&app, &owner, live).await;
    assert_eq!(draft(&app, &owner).await["draft"], Value::Null);
    let id = open(&app, &owner).await;
    let changes_before = count(&app, "SELECT COUNT(*) FROM routing_changes").await;

    save_menu(&app, &owner, drafted).await;
    assert_eq!(live_key_1(&app).await, live, "live routing is untouched");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM routing_changes").await, changes_before, "nothing in the history");
    let details = get_json(&app, &format!("/api/manageivrrouting/getIvrDetails/{MAIN}"), &owner).await;
    assert_eq!(details["ivr"]["options"][0]["destinationId"], drafted, "the editor shows the draft");

    let answer = draft(&app, &owner).await;
    assert_eq!(answer["draft"]["id"], id);
    let changes = answer["draft"]["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "{answer}");
    assert_eq!(changes[0]["record"], "IVR 'Main menu'");
    let words = changes[0]["sentences"].to_string();
    assert!(words.contains("'Drafts new'") && words.contains("'Drafts live'"), "{words}");
    assert!(!changes[0]["userName"].as_str().unwrap().is_empty());
    assert_eq!(answer["banner"], domain::routing::draft::DRAFT_BANNER);

    // Putting it back as it is live takes it out of the draft; a second draft is refused.
    save_menu(&app, &owner, live).await;
    assert_eq!(draft(&app, &owner).await["draft"]["changes"], serde_json::json!([]));
    let again = post(&app, "/api/routingdraft/open", &owner, &[]).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(again.json()["errors"]["draft"], domain::routing::draft::DRAFT_IN_FORCE);

    // Discarding leaves live routing as it was and the editors live again.
    save_menu(&app, &owner, drafted).await;
    assert_eq!(post(&app, &format!("/api/routingdraft/discard/{id}"), &owner, &[]).await.status, StatusCode::OK);
    assert_eq!(draft(&app, &owner).await["draft"], Value::Null);
    assert_eq!(live_key_1(&app).await, live);
    let details = get_json(&app, &format!("/api/manageivrrouting/getIvrDetails/{MAIN}"), &owner).await;
    assert_eq!(details["ivr"]["options"][0]["destinationId"], live);
}

#[tokio::test]
async fn a_record_created_in_a_draft_keeps_its_id_and_goes_live_with_the_publish() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let id = open(&app, &owner).await;
    let created = post(
        &app,
        "/api/manageroutings/save/0",
        &owner,
        &fields(&[
            ("form_description", "Drafted plan"),
            ("form_plan_type", "1"),
            ("form_destination[0]", "1"),
            ("form_ring_length[0]", "20"),
        ]),
    )
    .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text());
    let plan = created.json()["rogrId"].as_i64().unwrap();
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM destination_plans WHERE id = {plan}")).await, 0);
    // Pointing a key at it in the same draft is allowed: the draft's world has it.
    save_menu(&app, &owner, plan).await;
    // A live creation meanwhile gets another id.
    let live_plan = destination_plan(&app, 100, "Made live meanwhile").await;
    assert_ne!(live_plan, plan);

    let published = post(&app, &format!("/api/routingdraft/publish/{id}"), &owner, &[]).await;
    assert_eq!(published.status, StatusCode::OK, "{}", published.text());
    assert_eq!(live_key_1(&app).await, plan);
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM destination_plans WHERE id = {plan}")).await, 1);
}

#[tokio::test]
async fn publishing_is_one_history_entry_and_one_rollback_undoes_it() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let (live, drafted) =
        (destination_plan(&app, 100, "Drafts live").await, destination_plan(&app, 100, "Drafts new").await);
    save_menu(&app, &owner, live).await;
    let id = open(&app, &owner).await;
    save_menu(&app, &owner, drafted).await;
    let renamed = post(
        &app,
        &format!("/api/manageroutings/save/{drafted}"),
        &owner,
        &fields(&[
            ("form_description", "Drafts renamed"),
            ("form_plan_type", "1"),
            ("form_destination[0]", "1"),
            ("form_ring_length[0]", "20"),
        ]),
    )
    .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text());
    assert_eq!(draft(&app, &owner).await["draft"]["changes"].as_array().unwrap().len(), 2);

    let published = post(&app, &format!("/api/routingdraft/publish/{id}"), &owner, &[]).await;
    assert_eq!(published.status, StatusCode::OK, "{}", published.text());
    let change = published.json()["changeId"].as_i64().unwrap();
    assert_eq!(live_key_1(&app).await, drafted);
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM routing_changes WHERE published_draft = {id}")).await, 2);
    assert_eq!(draft(&app, &owner).await["draft"], Value::Null);

    // The history shows the publish as one entry naming both records, with both records' words.
    let listed = get_json(&app, "/api/routinghistory/getChanges", &owner).await;
    let newest = &listed["changes"][0];
    assert_eq!(newest["id"], change, "{listed}");
    assert_eq!(newest["publishedDraft"], id);
    assert_eq!(newest["recordName"], "Draft published: 'Drafts renamed', 'Main menu'");
    assert!(newest["sentences"].as_array().unwrap().len() >= 2, "{newest}");
    assert_ne!(listed["changes"][1]["publishedDraft"], id, "the publish's other change is not listed again");
    // Listed by record, the publish's change to it is there.
    let of_plan =
        get_json(&app, &format!("/api/routinghistory/getChanges?kind=destinationPlan&record={drafted}"), &owner).await;
    assert_eq!(of_plan["changes"][0]["publishedDraft"], id, "{of_plan}");

    let rolled = post(&app, &format!("/api/routinghistory/rollback/{change}"), &owner, &[]).await;
    assert_eq!(rolled.status, StatusCode::OK, "{}", rolled.text());
    assert_eq!(rolled.json()["changeIds"].as_array().unwrap().len(), 2, "both records go back at once");
    assert_eq!(live_key_1(&app).await, live);
    let name: String = sqlx::query_scalar("SELECT description FROM destination_plans WHERE id = $1")
        .bind(drafted)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(name, "Drafts new");
}

#[tokio::test]
async fn a_live_change_since_the_draft_began_conflicts_and_publishes_nothing_until_resolved() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let (a, b, c) = (
        destination_plan(&app, 100, "Conflict A").await,
        destination_plan(&app, 100, "Conflict B").await,
        destination_plan(&app, 100, "Conflict C").await,
    );
    save_menu(&app, &owner, a).await;
    save_menu(&app, &owner, b).await;
    let latest: i64 = count(&app, "SELECT MAX(id) FROM routing_changes").await;
    let id = open(&app, &owner).await;
    save_menu(&app, &owner, c).await;
    // Live routing changes under the draft: the last live change is rolled back (key 1 to A).
    let rolled = post(&app, &format!("/api/routinghistory/rollback/{latest}"), &owner, &[]).await;
    assert_eq!(rolled.status, StatusCode::OK, "{}", rolled.text());
    assert_eq!(live_key_1(&app).await, a);

    let conflicts = draft(&app, &owner).await["draft"]["conflicts"].clone();
    assert_eq!(conflicts[0]["reason"], "IVR 'Main menu' was changed live since the draft began.", "{conflicts}");
    let refused = post(&app, &format!("/api/routingdraft/publish/{id}"), &owner, &[]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = refused.json();
    assert_eq!(body["code"], "PUBLISH_CONFLICT");
    assert_eq!(body["errors"]["draft"], domain::routing::draft::PUBLISH_CONFLICT);
    assert_eq!(body["conflicts"][0]["key"]["kind"], "ivr", "{body}");
    assert_eq!(live_key_1(&app).await, a, "nothing published");

    // Keeping the draft's version brings it up to date; then it publishes.
    let resolve = post(
        &app,
        &format!("/api/routingdraft/resolve/{id}"),
        &owner,
        &fields(&[("kind", "ivr"), ("recordId", &MAIN.to_string()), ("keep", "draft")]),
    )
    .await;
    assert_eq!(resolve.status, StatusCode::OK, "{}", resolve.text());
    assert_eq!(draft(&app, &owner).await["draft"]["conflicts"], serde_json::json!([]));
    let published = post(&app, &format!("/api/routingdraft/publish/{id}"), &owner, &[]).await;
    assert_eq!(published.status, StatusCode::OK, "{}", published.text());
    assert_eq!(live_key_1(&app).await, c);
}

/// The moments as `<input type="datetime-local">` sends them; the test clock is Monday
/// 23/11/2026 10:00 GMT.
const CHRISTMAS_EVE: &str = "2026-12-24T17:00";
const AFTER_BOXING_DAY: &str = "2026-12-27T08:00";
/// 24/12/2026 17:00 GMT and 27/12/2026 08:00 GMT.
const PUBLISH_AT: i64 = 1_798_131_600;
const REVERT_AT: i64 = 1_798_358_400;

async fn schedule(app: &TestApp, session: &str, id: i64, publish: &str, revert: &str) -> crate::helpers::Reply {
    post(
        app,
        &format!("/api/routingdraft/schedule/{id}"),
        session,
        &fields(&[("publishAt", publish), ("revertAt", revert)]),
    )
    .await
}

#[tokio::test]
async fn christmas_hours_go_live_at_their_moment_once_with_two_processes_and_go_back_after() {
    let app = TestApp::spawn().await;
    let second = SecondProcess::of(&app).await;
    let owner = app.login(OWNER).await;
    let (normal, christmas) =
        (destination_plan(&app, 100, "Normal hours").await, destination_plan(&app, 100, "Christmas hours").await);
    save_menu(&app, &owner, normal).await;
    let id = open(&app, &owner).await;
    save_menu(&app, &owner, christmas).await;
    let reply = schedule(&app, &owner, id, CHRISTMAS_EVE, AFTER_BOXING_DAY).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let shown = reply.json()["draft"]["schedule"].clone();
    assert_eq!((shown["publishAt"].as_i64(), shown["revertAt"].as_i64()), (Some(PUBLISH_AT), Some(REVERT_AT)));
    assert_eq!(
        shown["text"],
        "The draft goes live 24/12/2026 17:00 GMT, and routing goes back to normal 27/12/2026 08:00 GMT."
    );

    // Nothing runs before its moment.
    assert_eq!(server::jobs::routing_schedule::run(&app.state).await.unwrap(), 0);
    assert_eq!(live_key_1(&app).await, normal);

    // The two processes share the test clock.
    let now = app.state.clock.now();
    app.state.clock.advance(PUBLISH_AT - now);
    let (one, two) = tokio::join!(
        server::jobs::routing_schedule::run(&app.state),
        server::jobs::routing_schedule::run(&second.state)
    );
    assert_eq!(one.unwrap() + two.unwrap(), 1, "the publish runs once");
    assert_eq!(live_key_1(&app).await, christmas);
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM routing_changes WHERE published_draft = {id}")).await, 1);
    // A month on, the session has expired.
    let owner = app.login(OWNER).await;
    let returning = draft(&app, &owner).await["returning"].clone();
    assert_eq!(returning["revertAt"], REVERT_AT, "{returning}");

    app.state.clock.advance(REVERT_AT - PUBLISH_AT);
    let (one, two) = tokio::join!(
        server::jobs::routing_schedule::run(&app.state),
        server::jobs::routing_schedule::run(&second.state)
    );
    assert_eq!(one.unwrap() + two.unwrap(), 1, "the return runs once");
    assert_eq!(live_key_1(&app).await, normal);
    let owner = app.login(OWNER).await;
    let answer = draft(&app, &owner).await;
    assert_eq!((answer["draft"].clone(), answer["returning"].clone()), (Value::Null, Value::Null));
    let who: String = sqlx::query_scalar("SELECT user_name FROM routing_changes ORDER BY id DESC LIMIT 1")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert!(who.ends_with("(scheduled)"), "{who}");
}

#[tokio::test]
async fn a_scheduled_publish_that_would_conflict_does_not_run_and_the_admins_are_told() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let (a, b, c) = (
        destination_plan(&app, 100, "Sched A").await,
        destination_plan(&app, 100, "Sched B").await,
        destination_plan(&app, 100, "Sched C").await,
    );
    save_menu(&app, &owner, a).await;
    save_menu(&app, &owner, b).await;
    let latest: i64 = count(&app, "SELECT MAX(id) FROM routing_changes").await;
    let id = open(&app, &owner).await;
    save_menu(&app, &owner, c).await;
    assert_eq!(schedule(&app, &owner, id, CHRISTMAS_EVE, "").await.status, StatusCode::OK);
    assert_eq!(post(&app, &format!("/api/routinghistory/rollback/{latest}"), &owner, &[]).await.status, StatusCode::OK);
    let mails_before = count(&app, "SELECT COUNT(*) FROM outbox").await;

    let now = app.state.clock.now();
    app.state.clock.advance(PUBLISH_AT - now);
    assert_eq!(server::jobs::routing_schedule::run(&app.state).await.unwrap(), 0);
    assert_eq!(live_key_1(&app).await, a, "nothing published");
    let owner = app.login(OWNER).await;
    let answer = draft(&app, &owner).await["draft"].clone();
    assert_eq!(answer["id"], id, "the draft stays open");
    assert_eq!(answer["schedule"], Value::Null);
    let reason = answer["notRun"].as_str().unwrap();
    assert!(reason.starts_with("Your scheduled routing change did not go live at 24/12/2026 17:00 GMT"), "{reason}");
    assert!(reason.contains("IVR 'Main menu' was changed live since the draft began."), "{reason}");
    let mails = count(&app, "SELECT COUNT(*) FROM outbox").await - mails_before;
    assert!(mails >= 1, "the admins are e-mailed");
    let to: String = sqlx::query_scalar("SELECT to_email FROM outbox ORDER BY id DESC LIMIT 1")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert!(!to.is_empty());
    // It does not run again.
    app.state.clock.advance(3600);
    assert_eq!(server::jobs::routing_schedule::run(&app.state).await.unwrap(), 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM outbox").await - mails_before, mails);
}

#[tokio::test]
async fn a_schedule_is_checked_in_words_and_can_be_cancelled() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let id = open(&app, &owner).await;
    let past = schedule(&app, &owner, id, "2026-11-01T09:00", "").await;
    assert_eq!(past.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(past.json()["errors"]["publishAt"], "Please choose a moment in the future.");
    let backwards = schedule(&app, &owner, id, AFTER_BOXING_DAY, CHRISTMAS_EVE).await;
    assert_eq!(backwards.json()["errors"]["revertAt"], "Please choose a return to normal after the draft goes live.");
    let skipped = schedule(&app, &owner, id, "2027-03-28T01:30", "").await;
    assert_eq!(
        skipped.json()["errors"]["publishAt"],
        "There is no 01:30 on 28/03/2027: the clocks go forward then. Please choose another time."
    );
    assert_eq!(schedule(&app, &owner, id, CHRISTMAS_EVE, "").await.status, StatusCode::OK);
    let cancelled = post(&app, &format!("/api/routingdraft/cancelSchedule/{id}"), &owner, &[]).await;
    assert_eq!(cancelled.status, StatusCode::OK);
    assert_eq!(draft(&app, &owner).await["draft"]["schedule"], Value::Null);
}

#[tokio::test]
async fn another_accounts_draft_is_404_and_only_editors_change_drafts() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let id = open(&app, &owner).await;
    let other = app.login(ENTERPRISE).await;
    for call in ["publish", "discard", "cancelSchedule", "cancelReturn"] {
        let reply = post(&app, &format!("/api/routingdraft/{call}/{id}"), &other, &[]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{call}");
    }
    assert_eq!(schedule(&app, &other, id, CHRISTMAS_EVE, "").await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get(&format!("/api/routingdraft/impact/{id}"), Some(&other)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(draft(&app, &other).await["draft"], Value::Null, "another account sees no draft");

    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get(DRAFT, Some(&starter)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(post(&app, "/api/routingdraft/open", &starter, &[]).await.status, StatusCode::FORBIDDEN);
    let reports_only = app.login("user@demo.test").await;
    assert_eq!(
        post(&app, &format!("/api/routingdraft/publish/{id}"), &reports_only, &[]).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.get(DRAFT, None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_draft_impact_replays_last_weeks_calls_through_the_draft() {
    let app = TestApp::spawn().await;
    let owner = app.login(OWNER).await;
    let id = open(&app, &owner).await;
    let impact = get_json(&app, &format!("/api/routingdraft/impact/{id}"), &owner).await;
    assert_eq!(impact["moved"], 0, "an empty draft moves nothing: {impact}");
    assert!(impact["headline"].as_str().is_some());
}

#[tokio::test]
async fn the_clock_cannot_be_moved_unless_the_server_was_started_to_allow_it() {
    let app = TestApp::spawn().await;
    let before = app.state.clock.now();
    let reply = app.post_form("/dev/clock/advance?seconds=86400", None, &[]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert!(app.state.clock.now() - before < 60, "the clock did not move");
}
