//! Manage CLI and the outbound terms (/outboundcli and /outboundterms,
//! docs/outbound-cli-api.md): the caller id list, adding an outside number with a code through
//! the sandbox phone, verifying it (wrong code, expiry at exactly 10 minutes on the test clock,
//! too many tries), a new code, removing, restricting agents, the refusal of an unlisted caller
//! id in the user form, the owner-only rule (auth code 25), another customer's ids, and the
//! outbound terms accepted once.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{Reply, TestApp};

const PAGE: &str = "/api/outboundcli/getCallerIds";
const ADD: &str = "/api/outboundcli/addCallerId";
const OUTSIDE: &str = "07700900123";

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

/// A 422's code and its field's message.
fn refused(reply: Reply, field: &str) -> (String, String) {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    let body = reply.json();
    (body["code"].as_str().unwrap().to_string(), body["errors"][field].as_str().unwrap_or_default().to_string())
}

fn outside<'a>(page: &'a Value, number: &str) -> &'a Value {
    page["outside"].as_array().unwrap().iter().find(|o| o["number"] == number).unwrap_or_else(|| panic!("{number}"))
}

/// The code the sandbox phone received last for the number (as its page shows it).
async fn last_code(app: &TestApp, number: &str) -> String {
    let message: String =
        sqlx::query_scalar("SELECT message FROM sandbox_phone_messages WHERE number = $1 ORDER BY id DESC LIMIT 1")
            .bind(number)
            .fetch_one(&app.state.db)
            .await
            .unwrap();
    message
        .split_whitespace()
        .map(|w| w.trim_end_matches('.'))
        .find(|w| w.len() == 6 && w.bytes().all(|b| b.is_ascii_digit()))
        .unwrap()
        .to_string()
}

fn other_than(code: &str) -> &'static str {
    if code == "000000" {
        "111111"
    } else {
        "000000"
    }
}

async fn add(app: &TestApp, session: &str, number: &str) -> i64 {
    ok(app.post_multipart(ADD, Some(session), &[("form_number", number)]).await)["id"].as_i64().unwrap()
}

async fn verify(app: &TestApp, session: &str, id: i64, code: &str) -> Reply {
    app.post_multipart(&format!("/api/outboundcli/verifyCallerId/{id}"), Some(session), &[("form_code", code)]).await
}

async fn a_tracked_number(app: &TestApp) -> String {
    sqlx::query_scalar(
        "SELECT number FROM routing_entries WHERE customer_id = 100 AND kind = 'static' ORDER BY id LIMIT 1",
    )
    .fetch_one(&app.state.db)
    .await
    .unwrap()
}

#[tokio::test]
async fn the_page_lists_the_tracked_numbers_and_the_agents_to_the_owner_only() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let tracked = a_tracked_number(&app).await;
    assert!(page["tracked"].as_array().unwrap().iter().any(|t| t["number"] == tracked.as_str()), "{page}");
    assert!(page["tracked"].as_array().unwrap().iter().any(|t| t["kind"] == "pool"), "pool numbers too");
    assert_eq!(page["outside"], serde_json::json!([]));
    assert!(page["agents"].as_array().unwrap().iter().any(|a| a["id"] == 1), "{}", page["agents"]);
    // Auth code 20 and 10 are refused every call, reads and changes alike.
    for email in ["admin@demo.test", "user@demo.test"] {
        let session = app.login(email).await;
        assert_eq!(app.get(PAGE, Some(&session)).await.status, StatusCode::FORBIDDEN, "{email}");
        let reply = app.post_multipart(ADD, Some(&session), &[("form_number", OUTSIDE)]).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email}");
        for call in ["verifyCallerId/1", "resendCode/1", "removeCallerId/1", "restrictAgent/1"] {
            let reply = app.post_multipart(&format!("/api/outboundcli/{call}"), Some(&session), &[]).await;
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email} {call}");
        }
    }
    // An account without new outbound has no Manage CLI.
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get(PAGE, Some(&starter)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(PAGE, None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_outside_number_is_added_with_every_message_and_verified_with_the_code_sent() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let tracked = a_tracked_number(&app).await;
    for (number, message) in [
        ("", "Phone number is required."),
        ("0770090012", "Phone number must be at least 11 digits in length."),
        ("077009001234567890123", "Phone number must not exceed 20 digits in length."),
        ("07700 9001x3", "Phone number can have only numbers."),
        ("08001234567", "Number must start with 01, 02 or 07."),
        (tracked.as_str(), "This is one of your tracked numbers: it is on the list already."),
    ] {
        let reply = app.post_multipart(ADD, Some(&owner), &[("form_number", number)]).await;
        assert_eq!(refused(reply, "form_number"), ("VALIDATION_FAILED".into(), message.into()), "{number}");
    }
    let id = add(&app, &owner, OUTSIDE).await;
    let again = app.post_multipart(ADD, Some(&owner), &[("form_number", OUTSIDE)]).await;
    assert_eq!(refused(again, "form_number").1, "This number is on the list already.");

    let page = ok(app.get(PAGE, Some(&owner)).await);
    let row = outside(&page, OUTSIDE);
    assert_eq!(row["status"], "pending");
    assert_eq!(row["triesLeft"], 5);
    assert_eq!(row["addedBy"], "owner@demo.test");
    // Ten minutes from the code's sending, when the number was added (the test clock runs on in
    // real time, so `now` here may be a second or more later on a busy machine).
    assert_eq!(row["codeExpiresAt"].as_i64().unwrap(), row["addedAt"].as_i64().unwrap() + 600, "{row}");

    // Only the code's hash is stored; the sandbox phone got the code.
    let code = last_code(&app, OUTSIDE).await;
    let stored: String = sqlx::query_scalar("SELECT code_hash FROM caller_ids WHERE id = $1")
        .bind(id)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert!(!stored.contains(&code) && stored.len() == 64);

    assert_eq!(refused(verify(&app, &owner, id, "12345").await, "form_code").1, "Enter the 6-digit code.");
    let wrong = refused(verify(&app, &owner, id, other_than(&code)).await, "form_code");
    assert_eq!(wrong, ("WRONG_CODE".into(), "That code is not right: 4 tries left.".into()));
    // The test clock runs: a busy machine may pass a second between a request and a reading.
    let sent_at = app.state.clock.now();
    ok(verify(&app, &owner, id, &format!(" {code} ")).await);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    assert_eq!(outside(&page, OUTSIDE)["status"], "verified");
    let verified_at = outside(&page, OUTSIDE)["verifiedAt"].as_i64().unwrap();
    assert!((sent_at..=app.state.clock.now()).contains(&verified_at), "verified at {verified_at}");
    let twice = refused(verify(&app, &owner, id, &code).await, "form_code");
    assert_eq!(twice, ("VERIFIED_ALREADY".into(), "This number is verified already.".into()));
    let resend = app.post_multipart(&format!("/api/outboundcli/resendCode/{id}"), Some(&owner), &[]).await;
    assert_eq!(refused(resend, "form_code").0, "VERIFIED_ALREADY");
}

async fn resend(app: &TestApp, session: &str, id: i64) -> Reply {
    app.post_multipart(&format!("/api/outboundcli/resendCode/{id}"), Some(session), &[]).await
}

#[tokio::test]
async fn a_code_expires_at_exactly_ten_minutes_and_a_new_code_goes_once_a_minute() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let id = add(&app, &owner, OUTSIDE).await;
    let first = last_code(&app, OUTSIDE).await;
    let soon = refused(resend(&app, &owner, id).await, "form_code");
    assert_eq!(
        soon,
        (
            "RESEND_TOO_SOON".into(),
            "A code was sent less than a minute ago: wait a minute before asking for another.".into()
        )
    );
    // The test clock runs on at real speed: stop a second short of the limit, then reach it.
    app.state.clock.advance(599);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let left = outside(&page, OUTSIDE)["codeExpiresAt"].as_i64().unwrap() - app.state.clock.now();
    assert!(left >= 0, "{left}");
    app.state.clock.advance(left);
    let expired = refused(verify(&app, &owner, id, &first).await, "form_code");
    assert_eq!(expired, ("CODE_EXPIRED".into(), "This code has expired: send a new code.".into()));
    assert_eq!(outside(&ok(app.get(PAGE, Some(&owner)).await), OUTSIDE)["status"], "expired");

    ok(resend(&app, &owner, id).await);
    let second = last_code(&app, OUTSIDE).await;
    if second != first {
        let old = refused(verify(&app, &owner, id, &first).await, "form_code");
        assert_eq!(old.0, "WRONG_CODE", "the old code stops working");
    }
    ok(verify(&app, &owner, id, &second).await);
}

#[tokio::test]
async fn five_wrong_codes_use_up_the_code_until_a_new_one_is_sent() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let id = add(&app, &owner, OUTSIDE).await;
    let code = last_code(&app, OUTSIDE).await;
    let wrong = other_than(&code);
    for left in [4, 3, 2] {
        let message = format!("That code is not right: {left} tries left.");
        assert_eq!(refused(verify(&app, &owner, id, wrong).await, "form_code").1, message);
    }
    assert_eq!(refused(verify(&app, &owner, id, wrong).await, "form_code").1, "That code is not right: 1 try left.");
    let last = refused(verify(&app, &owner, id, wrong).await, "form_code").1;
    assert_eq!(last, "That code is not right, and that was the last try: send a new code.");
    let used_up = refused(verify(&app, &owner, id, &code).await, "form_code");
    assert_eq!(used_up, ("TOO_MANY_ATTEMPTS".into(), "Too many wrong codes: send a new code.".into()));
    assert_eq!(outside(&ok(app.get(PAGE, Some(&owner)).await), OUTSIDE)["status"], "expired");
    app.state.clock.advance(60);
    ok(app.post_multipart(&format!("/api/outboundcli/resendCode/{id}"), Some(&owner), &[]).await);
    ok(verify(&app, &owner, id, &last_code(&app, OUTSIDE).await).await);
}

#[tokio::test]
async fn another_customers_caller_id_or_agent_is_not_found() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    // Harbour Lane Orthodontics (101), which the owner also owns, is not the session's account.
    let theirs: i64 = sqlx::query_scalar(
        "INSERT INTO caller_ids (customer_id, number, code_hash, code_sent_at, added_at) VALUES (101, $1, '', $2, $2)
         RETURNING id",
    )
    .bind(OUTSIDE)
    .bind(app.state.clock.now())
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    for call in ["resendCode", "removeCallerId", "verifyCallerId"] {
        let path = format!("/api/outboundcli/{call}/{theirs}");
        let reply = app.post_multipart(&path, Some(&owner), &[("form_code", "123456")]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{call}");
        let nonsense = app.post_multipart(&format!("/api/outboundcli/{call}/x"), Some(&owner), &[]).await;
        assert_eq!(nonsense.status, StatusCode::NOT_FOUND, "{call}");
    }
    // A user who is not an agent of the account (user@demo.test has no outbound).
    let user: i64 = sqlx::query_scalar("SELECT id FROM users WHERE email = 'user@demo.test'")
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    let reply = app
        .post_multipart(
            &format!("/api/outboundcli/restrictAgent/{user}"),
            Some(&owner),
            &[("form_customer_restrict_cli", "1")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert!(ok(app.get(PAGE, Some(&owner)).await)["outside"].as_array().unwrap().is_empty());
}

/// users/save's outbound fields of a new user on Harbour Lane Dental.
fn new_agent(number: &str, restricted: &str) -> Vec<(&'static str, String)> {
    let permission = serde_json::json!([{ "customerId": 100, "PERM_REPORTS": true }]).to_string();
    vec![
        ("form_first_name", "Nina".into()),
        ("form_last_name", "Okafor".into()),
        ("form_email", format!("nina{number}{restricted}@example.test")),
        ("form_auth_code", "10".into()),
        ("form_provisioning", "0".into()),
        ("form_recordings", "0".into()),
        ("form_customer", "100".into()),
        ("hasAccessToNewOutbound", "0".into()),
        ("form_user_outbound_number", number.into()),
        ("form_customer_restrict_cli", restricted.into()),
        ("form_permission", permission),
        ("form_permission_all", serde_json::json!({ "100": false }).to_string()),
    ]
}

async fn save_user(app: &TestApp, session: &str, form: &[(&str, String)]) -> Reply {
    let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    app.post_multipart("/api/users/save/0", Some(session), &fields).await
}

#[tokio::test]
async fn a_restricted_agent_gets_only_a_listed_caller_id_wherever_it_is_set() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let not_listed = "This caller id is not one of the account's verified caller ids: verify it on Manage CLI first.";
    // The user form: restricted to the list, an unverified outside number is refused.
    let id = add(&app, &owner, OUTSIDE).await;
    let reply = save_user(&app, &owner, &new_agent(OUTSIDE, "1")).await;
    assert_eq!(refused(reply, "form_user_outbound_number").1, not_listed);
    // Unrestricted, any well-formed number; restricted, a tracked number or a verified one.
    ok(save_user(&app, &owner, &new_agent(OUTSIDE, "0")).await);
    ok(save_user(&app, &owner, &new_agent(&a_tracked_number(&app).await, "1")).await);
    ok(verify(&app, &owner, id, &last_code(&app, OUTSIDE).await).await);
    ok(save_user(&app, &owner, &new_agent(OUTSIDE, "1")).await);

    // The page's switch: agent 1 (the owner, an agent) presents an outside number not listed.
    sqlx::query("UPDATE users SET outbound_number = '07700900999', cli_restricted = 0 WHERE id = 1")
        .execute(&app.state.db)
        .await
        .unwrap();
    let restrict = |on: &'static str| {
        let owner = owner.clone();
        let app = &app;
        async move {
            app.post_multipart("/api/outboundcli/restrictAgent/1", Some(&owner), &[("form_customer_restrict_cli", on)])
                .await
        }
    };
    assert_eq!(refused(restrict("1").await, "form_customer_restrict_cli").1, not_listed);
    sqlx::query("UPDATE users SET outbound_number = $1 WHERE id = 1")
        .bind(OUTSIDE)
        .execute(&app.state.db)
        .await
        .unwrap();
    ok(restrict("1").await);
    let page = ok(app.get(PAGE, Some(&owner)).await);
    let agent = page["agents"].as_array().unwrap().iter().find(|a| a["id"] == 1).unwrap().clone();
    assert_eq!(agent["cliRestricted"], true);
    assert_eq!(agent["outboundNumber"], OUTSIDE);

    // Removing the number is refused while a restricted agent presents it, naming them.
    let remove = format!("/api/outboundcli/removeCallerId/{id}");
    let (code, message) = refused(app.post_multipart(&remove, Some(&owner), &[]).await, "form_number");
    assert_eq!(code, "CALLER_ID_IN_USE");
    assert!(message.starts_with(&format!("{OUTSIDE} is the caller id of ")), "{message}");
    ok(restrict("0").await);
    // The new agents saved above with it restricted still present it: lift theirs too.
    sqlx::query("UPDATE users SET cli_restricted = 0").execute(&app.state.db).await.unwrap();
    ok(app.post_multipart(&remove, Some(&owner), &[]).await);
    assert!(ok(app.get(PAGE, Some(&owner)).await)["outside"].as_array().unwrap().is_empty());
    assert_eq!(app.post_multipart(&remove, Some(&owner), &[]).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_sandbox_phone_shows_the_codes_to_the_owner_only() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    add(&app, &owner, OUTSIDE).await;
    let code = last_code(&app, OUTSIDE).await;
    let page = app.get("/sandbox/phone", Some(&owner)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text().contains(&code) && page.text().contains(OUTSIDE));
    let admin = app.login("admin@demo.test").await;
    assert_eq!(app.get("/sandbox/phone", Some(&admin)).await.status, StatusCode::NOT_FOUND);
    // Housekeeping clears the messages after a day (the session lasts: it is used meanwhile).
    server::jobs::housekeeping::purge_expired(&app.state.db, app.state.clock.now()).await.unwrap();
    assert!(app.get("/sandbox/phone", Some(&owner)).await.text().contains(&code), "kept within the day");
    let day = server::jobs::housekeeping::SANDBOX_PHONE_RETENTION_SECONDS;
    server::jobs::housekeeping::purge_expired(&app.state.db, app.state.clock.now() + day + 1).await.unwrap();
    let (kept,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM sandbox_phone_messages").fetch_one(&app.state.db).await.unwrap();
    assert_eq!(kept, 0);
}

#[tokio::test]
async fn the_owner_accepts_the_outbound_terms_once_and_everyone_sees_who_and_when() {
    let app = TestApp::spawn().await;
    const TERMS: &str = "/api/outboundterms/getTerms";
    const ACCEPT: &str = "/api/outboundterms/acceptTerms";
    let owner = app.login("owner@demo.test").await;
    let admin = app.login("admin@demo.test").await;
    let page = ok(app.get(TERMS, Some(&owner)).await);
    assert_eq!(page["version"], "2026-11");
    assert!(!page["paragraphs"].as_array().unwrap().is_empty());
    assert_eq!(page["acceptedBy"], Value::Null);
    assert_eq!(page["canAccept"], true);
    assert_eq!(ok(app.get(TERMS, Some(&admin)).await)["canAccept"], false);
    // Auth code 20 and 10 do not accept.
    for email in ["admin@demo.test", "user@demo.test"] {
        let session = app.login(email).await;
        assert_eq!(app.post_multipart(ACCEPT, Some(&session), &[]).await.status, StatusCode::FORBIDDEN, "{email}");
    }
    let sent_at = app.state.clock.now();
    let accepted = ok(app.post_multipart(ACCEPT, Some(&owner), &[]).await);
    assert_eq!(accepted["acceptedBy"], "owner@demo.test");
    let accepted_at = accepted["acceptedAt"].as_i64().unwrap();
    assert!((sent_at..=app.state.clock.now()).contains(&accepted_at), "accepted at {accepted_at}");
    assert_eq!(accepted["canAccept"], false);
    let (code, message) = refused(app.post_multipart(ACCEPT, Some(&owner), &[]).await, "form_terms");
    assert_eq!(code, "TERMS_ACCEPTED_ALREADY");
    assert_eq!(message, "The outbound terms are accepted already, by owner@demo.test.");
    assert_eq!(ok(app.get(TERMS, Some(&admin)).await)["acceptedBy"], "owner@demo.test");
    let rows: Vec<(String, String, i64)> = sqlx::query_as(
        "SELECT purchase, terms_version, accepted_by_user_id FROM terms_acceptances WHERE customer_id = 100
         AND purchase = 'outbound terms'",
    )
    .fetch_all(&app.state.db)
    .await
    .unwrap();
    assert_eq!(rows, [("outbound terms".to_string(), "2026-11".to_string(), 1)]);
    // Another account's acceptance is its own; an account without outbound has no terms page.
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get(TERMS, Some(&starter)).await.status, StatusCode::FORBIDDEN);
}
