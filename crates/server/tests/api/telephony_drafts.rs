//! Real calls and routing drafts, against the scripted fake engine: a call in progress keeps the
//! routing it started with while a draft is published under it; the next call meets the
//! published routing; a draft's saves never reach a live call.

use axum::http::StatusCode;

use crate::routing_connect::post;
use crate::routing_ivrs::ivr_form;
use crate::telephony::{office, reception};
use crate::telephony_lab::{hung_up, key, playback_finished, stasis_start, FakeEngine, Lab};

/// The main menu as the IVR editor posts it, key 2 going to `second` of `kind`.
fn menu_fields(menu: i64, prompt: i64, desk: i64, second: (&str, i64)) -> Vec<(String, String)> {
    let mut fields = ivr_form("Main", &[("Front desk", "routing", desk, 0), ("Second", second.0, second.1, 0)]);
    for (name, value) in [("audioId", prompt.to_string()), ("defaultKey", String::new()), ("repeatAudio", "1".into())] {
        fields.retain(|(k, _)| k != name);
        fields.push((name.to_string(), value));
    }
    fields.push(("ivrId".into(), menu.to_string()));
    fields
}

fn playback_of(request: &serde_json::Value) -> String {
    request["uri"].as_str().unwrap().split('/').nth(3).unwrap().split('?').next().unwrap().to_string()
}

#[tokio::test]
async fn a_call_in_progress_keeps_its_routing_while_a_draft_is_published_under_it() {
    let lab = Lab::start().await;
    let (_, _, desk) = reception(&lab).await;
    let prompt = lab.audio("Main prompt", "Press one for the front desk").await;
    let greeting = lab.audio("Greeting", "Please leave a message").await;
    let messages = lab.voicemail("Messages", greeting).await;
    let menu = lab
        .menu("Main", prompt, &[("Front desk", "routing", desk, 0), ("Messages", "voicemail", messages, 0)], "")
        .await;
    let plan = lab.service_plan("Menu", &office(("ivr", 0, menu), ("routing", desk, 0))).await;
    let (_, number) = lab.number(2, plan, false, 0).await;

    // A draft sends key 2 to the front desk; saved into the draft, no live call sees it.
    let opened = post(&lab.app, "/api/routingdraft/open", &lab.owner, &[]).await;
    assert_eq!(opened.status, StatusCode::OK, "{}", opened.text());
    let draft = opened.json()["draft"]["id"].as_i64().unwrap();
    let saved = post(
        &lab.app,
        "/api/manageivrrouting/updateExistingIvr/",
        &lab.owner,
        &menu_fields(menu, prompt, desk, ("routing", desk)),
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());

    // A call arrives and hears the menu; the draft is published while it listens.
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("c7", "07700900123", &number)).await;
    assert_eq!(engine.next().await["uri"], "channels/c7/answer");
    engine.until("POST channels/c7/play").await;
    let published = post(&lab.app, &format!("/api/routingdraft/publish/{draft}"), &lab.owner, &[]).await;
    assert_eq!(published.status, StatusCode::OK, "{}", published.text());

    // Key 2 still reaches the voicemail the call started with.
    engine.send(key("c7", "2")).await;
    let greeting_play = engine.until("POST channels/c7/play").await;
    engine.send(playback_finished(&playback_of(&greeting_play))).await;
    let beep = engine.until("POST channels/c7/play").await;
    engine.send(playback_finished(&playback_of(&beep))).await;
    engine.until("POST channels/c7/record").await;
    engine.send(hung_up("c7")).await;
    let call = lab.finished_call("c7").await;
    assert_eq!((call["outcome"].as_str(), call["keys"].as_str()), (Some("voicemail"), Some("2")), "{call}");

    // The next call meets the published routing: key 2 rings the front desk.
    engine.send(stasis_start("c8", "07700900124", &number)).await;
    assert_eq!(engine.next().await["uri"], "channels/c8/answer");
    engine.until("POST channels/c8/play").await;
    engine.send(key("c8", "2")).await;
    engine.until("POST channels?endpoint=PJSIP%2F447700900101").await;
}
