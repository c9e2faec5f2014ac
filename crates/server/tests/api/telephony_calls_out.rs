//! A browser phone's calls out and "where the call is now", through the scripted fake engine:
//! an agent's call out rings the typed UK number from a verified caller id, through the same
//! live session, and is written as the agent's outbound call on their campaign, charged as one;
//! numbers the domain refuses and caller ids that are not the account's dial nothing. A browser
//! call's page reads each place the session reached, and how it ended.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::browser_phone::fake_ari;
use crate::helpers::Reply;
use crate::telephony::{office, reception};
use crate::telephony_lab::{hung_up, key, leg_answered, playback_finished, query, FakeEngine, Lab};

fn from_phone(channel: &str, phone: &str, dialled: &str) -> Value {
    json!({ "type": "StasisStart", "application": "calltrack", "args": ["browser", dialled],
            "channel": { "id": channel, "name": format!("PJSIP/{phone}-00000001"), "state": "Ring",
                         "caller": { "name": "", "number": phone },
                         "dialplan": { "context": "from-webrtc", "exten": dialled } } })
}

async fn open_phone(lab: &Lab) -> Value {
    let reply = lab.app.post_form("/api/phone/open", Some(&lab.owner), &[]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

async fn call_out(lab: &Lab, number: &str, caller_id: &str) -> Reply {
    lab.app.post_form("/api/phone/callOut", Some(&lab.owner), &[("number", number), ("callerId", caller_id)]).await
}

async fn progress(lab: &Lab, dial: &str) -> Value {
    let reply = lab.app.get(&format!("/api/phone/progress?dial={dial}"), Some(&lab.owner)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

/// Waits until the call's page has been told `state`, and gives what it was told.
async fn progress_until(lab: &Lab, dial: &str, state: &str, last: &str) -> Value {
    for _ in 0..400 {
        let now = progress(lab, dial).await;
        if now["state"] == state && now["steps"].as_array().unwrap().last().is_some_and(|s| s == last) {
            return now;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("{dial} never reached {state} / {last}: {}", progress(lab, dial).await);
}

#[tokio::test]
async fn an_agent_s_call_out_rings_the_number_from_a_verified_caller_id_and_is_their_outbound_call() {
    let (ari, _) = fake_ari().await;
    let lab = Lab::start_with(&ari).await;
    let phone = open_phone(&lab).await;
    assert_eq!(phone["callsOut"], true, "the owner is one of Harbour Lane's agents");
    let caller_ids: Vec<String> =
        phone["callerIds"].as_array().unwrap().iter().map(|n| n.as_str().unwrap().to_string()).collect();
    let caller_id = phone["callerId"].as_str().unwrap().to_string();
    assert!(caller_ids.contains(&caller_id), "{phone}");
    let username = phone["username"].as_str().unwrap().to_string();

    let ready = call_out(&lab, "07700 900 123", &caller_id).await;
    assert_eq!(ready.status, StatusCode::OK, "{}", ready.text());
    let ready = ready.json();
    assert_eq!(ready["label"], domain::phone::call_out_label("07700900123", &caller_id));
    let dial = ready["dial"].as_str().unwrap().to_string();
    assert_eq!(progress(&lab, &dial).await["state"], "waiting");

    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(from_phone("o1", &username, &dial)).await;
    let ring = engine.until("POST channels?").await;
    assert_eq!(query(&ring, "endpoint"), "PJSIP/447700900123", "the number typed, and nothing else");
    assert_eq!(query(&ring, "callerId"), caller_id, "presented as the verified caller id");
    progress_until(&lab, &dial, "live", "Ringing 07700 900123").await;
    engine.send(leg_answered("o1-1")).await;
    engine.until("POST bridges/o1-b/addChannel").await;
    let record = engine.next().await;
    assert!(record["uri"].as_str().unwrap().starts_with("bridges/o1-b/record?name=call-"), "recorded: {record}");
    progress_until(&lab, &dial, "live", "Talking to 07700 900123").await;
    engine.send(hung_up("o1")).await;
    engine.until("DELETE channels/o1-1").await;
    let call = lab.finished_call("o1").await;
    let done = progress_until(&lab, &dial, "ended", "Call ended: Answered").await;
    assert_eq!(done["callId"], call["id"]);
    assert_eq!(
        done["steps"],
        json!(["Ringing 07700 900123", "Talking to 07700 900123", "Call ended: Answered"]),
        "each place once, in order"
    );

    // The agent's outbound call, on their campaign, charged as a call to a mobile.
    let (direction, user, caller, tracked, item, campaign): (String, i64, String, String, String, Option<i64>) =
        sqlx::query_as(
            "SELECT direction, user_id, caller_number, tracked_number, rate_item, outbound_campaign_id
             FROM calls WHERE engine_channel = 'o1'",
        )
        .fetch_one(&lab.app.state.db)
        .await
        .unwrap();
    let agent_campaign: Option<i64> = sqlx::query_scalar("SELECT outbound_campaign_id FROM users WHERE id = $1")
        .bind(user)
        .fetch_one(&lab.app.state.db)
        .await
        .unwrap();
    assert_eq!(
        (direction.as_str(), caller.as_str(), tracked.as_str(), item.as_str(), campaign),
        ("outbound", "07700900123", caller_id.as_str(), "outbound_mobile", agent_campaign)
    );
    let agent = lab.app.get(&format!("/api/agents/getAgent/{user}"), Some(&lab.owner)).await.json();
    assert_eq!(agent["calls"][0]["id"], call["id"], "first in the agent's calls: {agent}");
    // Not a caller's call: the call log lists it only when asked, marked with the agent and campaign.
    let log = lab.app.get("/api/reports/getCalls?preset=today", Some(&lab.owner)).await.json();
    assert!(log["calls"].as_array().unwrap().iter().all(|c| c["id"] != call["id"]));
    let shown = lab.app.get("/api/reports/getCalls?preset=today&callsOut=1", Some(&lab.owner)).await.json();
    let row = shown["calls"].as_array().unwrap().iter().find(|c| c["id"] == call["id"]).cloned().expect("listed");
    let (forename, surname, campaign): (String, String, Option<String>) = sqlx::query_as(
        "SELECT u.forename, u.surname, oc.name FROM users u
         LEFT JOIN outbound_campaigns oc ON oc.id = u.outbound_campaign_id WHERE u.id = $1",
    )
    .bind(user)
    .fetch_one(&lab.app.state.db)
    .await
    .unwrap();
    let agent = format!("{forename} {surname}");
    assert_eq!(row["callOut"], domain::reports::call_out::call_out_label(&agent, &campaign.unwrap_or_default()));
    assert_eq!((row["caller"].as_str(), row["testCall"].as_str()), (Some("07700 900123"), Some("")));
    let detail = lab.app.get(&format!("/api/reports/getCall/{}", call["id"]), Some(&lab.owner)).await;
    assert_eq!(detail.status, StatusCode::OK, "the call opens from the log");
}

#[tokio::test]
async fn a_call_out_to_a_number_the_rules_refuse_or_from_another_s_caller_id_dials_nothing() {
    let (ari, _) = fake_ari().await;
    let lab = Lab::start_with(&ari).await;
    let no_phone = call_out(&lab, "07700900123", "").await;
    assert_eq!(no_phone.json()["errors"]["phone"], domain::phone::access::PHONE_NOT_OPEN);
    open_phone(&lab).await;
    use domain::phone::dialling::*;
    for (typed, message) in [
        ("09011234567", OUTBOUND_PREMIUM),
        ("08712345678", OUTBOUND_SERVICE_CHARGE),
        ("118118", OUTBOUND_DIRECTORY),
        ("07012345678", OUTBOUND_PERSONAL),
        ("07612345678", OUTBOUND_PAGER),
        ("999", OUTBOUND_SHORT),
        ("+33 1 23 45 67 89", OUTBOUND_ABROAD),
        ("", OUTBOUND_EMPTY),
    ] {
        let refused = call_out(&lab, typed, "").await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{typed}");
        assert_eq!(refused.json()["errors"]["number"], message, "{typed}");
    }
    // Another account's tracked number as the caller id: 404.
    let theirs: String =
        sqlx::query_scalar("SELECT number FROM routing_entries WHERE customer_id = 300 ORDER BY id LIMIT 1")
            .fetch_one(&lab.app.state.db)
            .await
            .unwrap();
    assert_eq!(call_out(&lab, "07700900123", &theirs).await.status, StatusCode::NOT_FOUND);
    let readied: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM browser_calls").fetch_one(&lab.app.state.db).await.unwrap();
    assert_eq!(readied, 0, "nothing readied");
    // Someone else's call's progress: 404.
    assert_eq!(lab.app.get("/api/phone/progress?dial=tnotacall", Some(&lab.owner)).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_test_call_s_page_follows_the_menu_to_the_destination() {
    let (ari, _) = fake_ari().await;
    let lab = Lab::start_with(&ari).await;
    let (_, _, desk) = reception(&lab).await;
    let prompt = lab.audio("Main prompt", "Press one").await;
    let menu = lab.menu("Walk-through", prompt, &[("Front desk", "routing", desk, 0)], "").await;
    let plan = lab.service_plan("Menu", &office(("ivr", 0, menu), ("ivr", 0, menu))).await;
    let (entry, _) = lab.number(0, plan, false, 0).await;
    let username = open_phone(&lab).await["username"].as_str().unwrap().to_string();
    let entry = entry.to_string();
    let ready = lab.app.post_form("/api/phone/testCall", Some(&lab.owner), &[("entryId", &entry)]).await.json();
    let dial = ready["dial"].as_str().unwrap().to_string();
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(from_phone("m1", &username, &dial)).await;
    let play = engine.until("POST channels/m1/play/").await;
    progress_until(&lab, &dial, "live", "IVR 'Walk-through': waiting for a key").await;
    let playback = play["uri"].as_str().unwrap().split('/').nth(3).unwrap().split('?').next().unwrap().to_string();
    engine.send(playback_finished(&playback)).await;
    engine.send(key("m1", "1")).await;
    engine.until("POST channels?").await;
    let ringing = progress_until(&lab, &dial, "live", "Ringing Alice").await;
    assert_eq!(ringing["steps"][0], "IVR 'Walk-through': waiting for a key");
    engine.send(hung_up("m1")).await;
    progress_until(&lab, &dial, "ended", "Call ended: Missed").await;
}
