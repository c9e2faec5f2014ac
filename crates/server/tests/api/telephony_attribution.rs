//! A real call attributed by its parties, against the fake engine: the in-call reference sent
//! as DTMF to whoever answers before the caller is put through, and the post call attribution
//! (a DTMF IVR's key, then its DTMF plan's digits) keyed in by whoever answered once the caller
//! has hung up; both kept on the call and told in its detail.

use serde_json::Value;

use crate::telephony::{office, reception};
use crate::telephony_lab::{hung_up, key, leg_answered, playback_finished, query, stasis_start, FakeEngine, Lab};

/// The call detail's journey as (title, detail) pairs.
async fn journey(lab: &Lab, call: &Value) -> Vec<(String, String)> {
    let detail = lab.app.get(&format!("/api/reports/getCall/{}", call["id"]), Some(&lab.owner)).await.json();
    detail["journey"]
        .as_array()
        .unwrap_or_else(|| panic!("{detail}"))
        .iter()
        .map(|s| (s["title"].as_str().unwrap().to_string(), s["detail"].as_str().unwrap().to_string()))
        .collect()
}

#[tokio::test]
async fn the_destination_hears_the_calls_reference_before_the_caller_is_put_through() {
    let lab = Lab::start().await;
    let alice = lab.destination("Alice", "07700900101").await;
    let reference = lab.in_call_plan("Send the call id", "1", 0).await;
    let desk = lab.destination_plan_sending("Front desk", false, &[(alice, 20)], 0, reference).await;
    let plan = lab.service_plan("Office", &office(("routing", desk, 0), ("routing", desk, 0))).await;
    let (_, number) = lab.number(9, plan, false, 0).await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("r1", "07700900123", &number)).await;
    engine.until("POST channels?").await;
    let id = lab.call("r1").await.expect("a row from the first ring")["id"].as_i64().unwrap();
    engine.send(leg_answered("r1-1")).await;
    let sent = engine.until("POST channels/r1-1/dtmf").await;
    assert_eq!(query(&sent, "dtmf"), format!("{id}#"), "the call's id, then the terminator");
    // Then the caller is put through.
    engine.until("POST bridges/r1-b/addChannel").await;
    engine.send(hung_up("r1")).await;
    let call = lab.finished_call("r1").await;
    let steps = journey(&lab, &call).await;
    assert!(steps.contains(&("Reference sent".into(), format!("{id}# to Alice."))), "{steps:?}");
}

#[tokio::test]
async fn after_the_caller_hangs_up_whoever_answered_keys_in_a_category_and_a_reference() {
    let lab = Lab::start().await;
    let (_, _, desk) = reception(&lab).await;
    let question = lab.audio("Outcome question", "Press 1 for booked, 2 for a quote.").await;
    let thanks = lab.audio("Thanks", "Thank you.").await;
    let order = lab.dtmf_plan("Quote number", question, thanks, 3, 6).await;
    let (booked, quote): (i64, i64) = (2, 4);
    let outcome = lab.dtmf_ivr("Outcome", question, thanks, &[("Booked", booked, 0), ("Quote", quote, order)]).await;
    let plan = lab.service_plan("Office", &office(("routing", desk, 0), ("routing", desk, 0))).await;
    let (_, number) = lab.number_asking(10, plan, false, 0, &format!("IVR_{outcome}")).await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("a1", "07700900123", &number)).await;
    engine.until("POST channels?").await;
    engine.send(leg_answered("a1-1")).await;
    engine.until("POST bridges/a1-b/addChannel").await;
    lab.app.state.clock.advance(90);
    engine.send(hung_up("a1")).await;
    // Alice is not hung up: she hears the question.
    let asked = engine.next().await;
    assert!(asked["uri"].as_str().unwrap().starts_with("channels/a1-1/play/"), "{asked}");
    assert_eq!(lab.call("a1").await.unwrap()["inProgress"], true, "the call is complete when she is done");
    // Key 2 (a quote): its plan's question plays; she keys 4 digits and '#'.
    engine.send(key("a1-1", "2")).await;
    let plan_intro = engine.until("POST channels/a1-1/play/").await;
    let playback =
        plan_intro["uri"].as_str().unwrap().split('/').nth(3).unwrap().split('?').next().unwrap().to_string();
    engine.send(playback_finished(&playback)).await;
    for digit in ["7", "0", "4", "2", "#"] {
        engine.send(key("a1-1", digit)).await;
    }
    let thanked = engine.until("POST channels/a1-1/play/").await;
    let playback = thanked["uri"].as_str().unwrap().split('/').nth(3).unwrap().split('?').next().unwrap().to_string();
    engine.send(playback_finished(&playback)).await;
    engine.until("DELETE channels/a1-1").await;
    let call = lab.finished_call("a1").await;
    // The caller's part decides the figures: 90 s of talk, ended when the caller hung up.
    assert_eq!((call["outcome"].as_str(), call["talkSeconds"].as_i64()), (Some("answered"), Some(90)), "{call}");
    let (reference, agent_category, category): (String, String, String) =
        sqlx::query_as("SELECT agent_reference, agent_category, category FROM calls WHERE engine_channel = 'a1'")
            .fetch_one(&lab.app.state.db)
            .await
            .unwrap();
    assert_eq!(reference, "7042");
    let quote_name: String = sqlx::query_scalar("SELECT description FROM call_categories WHERE id = $1")
        .bind(quote)
        .fetch_one(&lab.app.state.db)
        .await
        .unwrap();
    assert_eq!((agent_category.as_str(), category.as_str()), (quote_name.as_str(), quote_name.as_str()));
    let steps = journey(&lab, &call).await;
    let entered = format!("Category {quote_name}, then 7042 by Alice.");
    assert_eq!(steps.last(), Some(&("Entered after the call".to_string(), entered)), "{steps:?}");
}
