//! A browser phone's test call through the scripted fake engine: readied by phone/testCall with a
//! moment to be routed as, it arrives with its one-time token from the phone's own endpoint, is
//! routed by the account's rules at that moment, and is written as a test call, marked and
//! charged nothing. A token used twice, another phone's, or another account's number goes
//! nowhere; the moment's words and the limits are the domain's.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::browser_phone::fake_ari;
use crate::helpers::Reply;
use crate::telephony::{office, reception};
use crate::telephony_lab::{hung_up, query, FakeEngine, Lab};

fn from_phone(channel: &str, phone: &str, dialled: &str) -> Value {
    json!({ "type": "StasisStart", "application": "calltrack", "args": ["browser", dialled],
            "channel": { "id": channel, "name": format!("PJSIP/{phone}-00000001"), "state": "Ring",
                         "caller": { "name": "", "number": phone },
                         "dialplan": { "context": "from-webrtc", "exten": dialled } } })
}

async fn open_phone(lab: &Lab) -> String {
    let reply = lab.app.post_form("/api/phone/open", Some(&lab.owner), &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["username"].as_str().unwrap().to_string()
}

async fn ready(lab: &Lab, entry: i64, date: &str, time: &str) -> Reply {
    let entry = entry.to_string();
    lab.app
        .post_form(
            "/api/phone/testCall",
            Some(&lab.owner),
            &[("entryId", &entry), ("asIfDate", date), ("asIfTime", time)],
        )
        .await
}

#[tokio::test]
async fn a_test_call_is_routed_as_if_at_its_moment_and_written_as_a_test_call() {
    let (ari, _) = fake_ari().await;
    let lab = Lab::start_with(&ari).await;
    let (_, bob, desk) = reception(&lab).await;
    let back = lab.destination_plan("Back office", false, &[(bob, 20)], 0).await;
    // Open (the test clock is Monday 10:00 GMT) to the front desk, closed to the back office.
    let plan = lab.service_plan("Office", &office(("routing", desk, 0), ("routing", back, 0))).await;
    let (entry, number) = lab.number(0, plan, false, 0).await;
    let phone = open_phone(&lab).await;

    // As if it were a Sunday: the back office rings, though it is Monday.
    let readied = ready(&lab, entry, "2026-11-29", "12:00").await;
    assert_eq!(readied.status, StatusCode::OK, "{}", readied.text());
    let readied = readied.json();
    assert_eq!(readied["label"], "Test call, as if it were Sunday 29/11/2026 12:00");
    let dial = readied["dial"].as_str().unwrap().to_string();
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(from_phone("t1", &phone, &dial)).await;
    let ring = engine.until("POST channels?").await;
    assert_eq!(query(&ring, "endpoint"), "PJSIP/447700900102", "Bob, the weekend's");
    engine.send(hung_up("t1")).await;
    engine.until("DELETE channels/t1-1").await;
    let call = lab.finished_call("t1").await;
    let (direction, note, cost, tracked): (String, String, i64, String) = sqlx::query_as(
        "SELECT direction, test_note, cost_tenth_pence, tracked_number FROM calls WHERE engine_channel = 't1'",
    )
    .fetch_one(&lab.app.state.db)
    .await
    .unwrap();
    assert_eq!((direction.as_str(), note.as_str(), cost), ("test", "as if it were Sunday 29/11/2026 12:00", 0));
    assert_eq!(tracked, number);
    // In the call log only when asked, marked.
    let log = lab.app.get("/api/reports/getCalls?preset=today&testCalls=1", Some(&lab.owner)).await.json();
    let row = log["calls"].as_array().unwrap().iter().find(|c| c["id"] == call["id"]).cloned().expect("listed");
    assert_eq!(row["testCall"], "Test call, as if it were Sunday 29/11/2026 12:00");
    let plain = lab.app.get("/api/reports/getCalls?preset=today", Some(&lab.owner)).await.json();
    assert!(plain["calls"].as_array().unwrap().iter().all(|c| c["id"] != call["id"]));

    // The token again, or from another phone: refused, nothing written.
    engine.send(from_phone("t2", &phone, &dial)).await;
    assert_eq!(engine.next().await["uri"], "channels/t2?reason=unallocated");
    let again = ready(&lab, entry, "", "").await.json()["dial"].as_str().unwrap().to_string();
    engine.send(from_phone("t3", "web-someoneelse0000", &again)).await;
    assert_eq!(engine.next().await["uri"], "channels/t3?reason=unallocated");
    assert_eq!(lab.call("t2").await, None);
    assert_eq!(lab.call("t3").await, None);
}

#[tokio::test]
async fn a_test_call_needs_an_open_phone_an_own_number_and_a_real_moment() {
    let (ari, _) = fake_ari().await;
    let lab = Lab::start_with(&ari).await;
    let (_, _, desk) = reception(&lab).await;
    let plan = lab.service_plan("Office", &office(("routing", desk, 0), ("routing", desk, 0))).await;
    let (entry, _) = lab.number(0, plan, false, 0).await;
    let no_phone = ready(&lab, entry, "", "").await;
    assert_eq!(no_phone.json()["errors"]["phone"], domain::phone::access::PHONE_NOT_OPEN);
    open_phone(&lab).await;
    // BST's skipped hour, and a day that is not one.
    let skipped = ready(&lab, entry, "2026-03-29", "01:30").await;
    assert_eq!(skipped.json()["errors"]["asIfTime"], domain::phone::moment::AS_IF_TIME_SKIPPED);
    let bad = ready(&lab, entry, "29/03/2026", "10:00").await;
    assert_eq!(bad.json()["errors"]["asIfDate"], domain::phone::moment::AS_IF_DATE_INVALID);
    // Another account's number: 404, nothing readied.
    let theirs: i64 = sqlx::query_scalar("SELECT id FROM routing_entries WHERE customer_id = 300 ORDER BY id LIMIT 1")
        .fetch_one(&lab.app.state.db)
        .await
        .unwrap();
    assert_eq!(ready(&lab, theirs, "", "").await.status, StatusCode::NOT_FOUND);
    // Six a minute for a user; the seventh is refused in words.
    for _ in 0..6 {
        assert_eq!(ready(&lab, entry, "", "").await.status, StatusCode::OK);
    }
    let seventh = ready(&lab, entry, "", "").await;
    assert_eq!(seventh.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(seventh.text().contains(domain::phone::limits::USER_TOO_MANY_CALLS), "{}", seventh.text());
    let readied: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM browser_calls").fetch_one(&lab.app.state.db).await.unwrap();
    assert_eq!(readied, 6);
}

async fn ready_through_draft(lab: &Lab, entry: i64) -> Reply {
    let entry = entry.to_string();
    lab.app.post_form("/api/phone/testCall", Some(&lab.owner), &[("entryId", &entry), ("draft", "1")]).await
}

#[tokio::test]
async fn a_test_call_through_the_draft_is_routed_by_the_draft_and_a_plain_one_by_live_routing() {
    let (ari, _) = fake_ari().await;
    let lab = Lab::start_with(&ari).await;
    let (_, bob, desk) = reception(&lab).await;
    let back = lab.destination_plan("Back office", false, &[(bob, 20)], 0).await;
    let plan = lab.service_plan("Office", &office(("routing", desk, 0), ("routing", desk, 0))).await;
    let (entry, _) = lab.number(0, plan, false, 0).await;
    let phone = open_phone(&lab).await;

    // Without a draft open there is none to go through.
    let refused = ready_through_draft(&lab, entry).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["draft"], domain::routing::draft::NO_DRAFT);

    // The draft sends office hours to the back office.
    let opened = lab.app.post_form("/api/routingdraft/open", Some(&lab.owner), &[]).await;
    assert_eq!(opened.status, StatusCode::OK, "{}", opened.text());
    let mut form = crate::routing_plans::plan_form("Office", &office(("routing", back, 0), ("routing", desk, 0)));
    form.push(("form_record_id".into(), plan.to_string()));
    let saved = crate::routing_connect::post(&lab.app, "/api/manageconnections/update_plan", &lab.owner, &form).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());

    let mut engine = FakeEngine::connect(lab.addr).await;
    let readied = ready_through_draft(&lab, entry).await;
    assert_eq!(readied.status, StatusCode::OK, "{}", readied.text());
    let readied = readied.json();
    assert_eq!(readied["label"], "Test call, through the draft");
    engine.send(from_phone("d1", &phone, readied["dial"].as_str().unwrap())).await;
    let ring = engine.until("POST channels?").await;
    assert_eq!(query(&ring, "endpoint"), "PJSIP/447700900102", "Bob, the draft's back office");
    engine.send(hung_up("d1")).await;
    lab.finished_call("d1").await;

    // A plain test call, like a live call, meets the published routing: the front desk.
    let plain = ready(&lab, entry, "", "").await.json();
    engine.send(from_phone("d2", &phone, plain["dial"].as_str().unwrap())).await;
    let ring = engine.until("POST channels?").await;
    assert_eq!(query(&ring, "endpoint"), "PJSIP/447700900101", "Alice, the front desk's first");
    engine.send(hung_up("d2")).await;
    lab.finished_call("d2").await;
}
