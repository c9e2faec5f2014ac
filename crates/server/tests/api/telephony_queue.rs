//! A queue's messages on a real call, against the fake engine: callers waiting hear the
//! queue's message between the hold music, then their place: the next-in-line message once the
//! caller ahead has gone, the engine's voice saying the place while others are ahead (the
//! engine tells each waiting caller how many are ahead). A queue of one line rings its
//! destinations for one caller at a time.

use crate::telephony::office;
use crate::telephony_lab::{hung_up, playback_finished, query, stasis_start, FakeEngine, Lab};

/// The caller, the playback id and every media of a `POST channels/{c}/play/{id}?media=a,b`
/// request.
fn played(request: &serde_json::Value) -> (String, String, Vec<String>) {
    let uri = request["uri"].as_str().unwrap();
    let mut parts = uri.split('/');
    let caller = parts.nth(1).unwrap().to_string();
    let id = parts.nth(1).unwrap().split('?').next().unwrap().to_string();
    let query = uri.split_once('?').map_or("", |(_, q)| q);
    let media = url::form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == "media").map(|(_, v)| v.into_owned());
    (caller, id, media.unwrap_or_default().split(',').map(str::to_string).collect())
}

/// A number whose calls wait in the demo's first queue, made a queue of one line with no
/// welcome, ringing Alice; `settings` (SQL assignments) set the rest.
async fn queue_of_one_line(lab: &Lab, settings: &str) -> String {
    let db = &lab.app.state.db;
    let alice = lab.destination("Alice", "07700900101").await;
    let queue: i64 = sqlx::query_scalar("SELECT id FROM queues WHERE customer_id = 100 ORDER BY id LIMIT 1")
        .fetch_one(db)
        .await
        .unwrap();
    sqlx::query(&format!(
        "UPDATE queues SET welcome_audio_id = 0, max_calls = 10, lines_qty = 1, {settings} WHERE id = $1"
    ))
    .bind(queue)
    .execute(db)
    .await
    .unwrap();
    let queued = lab.destination_plan("Queued", false, &[(alice, 60)], queue).await;
    let plan = lab.service_plan("Queue", &office(("routing", queued, 0), ("routing", queued, 0))).await;
    lab.number(12, plan, false, 0).await.1
}

/// The legs dialled among `seen` requests, by their channel ids ("w1-2"), in order.
fn dialled(seen: &[serde_json::Value]) -> Vec<String> {
    seen.iter()
        .filter(|r| r["uri"].as_str().unwrap().starts_with("channels?endpoint"))
        .map(|r| query(r, "channelId"))
        .collect()
}

/// Waits for the request starting `wanted`, keeping every request on the way.
async fn until_seen(engine: &mut FakeEngine, seen: &mut Vec<serde_json::Value>, wanted: &str) {
    loop {
        let request = engine.next().await;
        let found =
            format!("{} {}", request["method"].as_str().unwrap(), request["uri"].as_str().unwrap()).starts_with(wanted);
        seen.push(request);
        if found {
            return;
        }
    }
}

#[tokio::test]
async fn waiting_callers_hear_the_queue_message_and_then_their_place() {
    let lab = Lab::start().await;
    let message = lab.audio("Please hold", "Thank you for holding.").await;
    let next = lab.audio("You are next", "You are next in line.").await;
    // Cycle + position; every 10 s (the form offers 30 s and more: shortened for the test,
    // within the session's bounds).
    let number = queue_of_one_line(
        &lab,
        &format!(
            "message_mode = 4, message_interval = 10, audio_1_id = {message}, audio_2_id = 0, audio_3_id = 0,
             next_in_line_audio_id = {next}"
        ),
    )
    .await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    let mut seen = Vec::new();
    for (channel, caller) in [("w1", "07700900123"), ("w2", "07700900124"), ("w3", "07700900125")] {
        engine.send(stasis_start(channel, caller, &number)).await;
        until_seen(&mut engine, &mut seen, &format!("POST channels/{channel}/moh")).await;
    }
    // One line: only the first caller rings Alice.
    if dialled(&seen).is_empty() {
        until_seen(&mut engine, &mut seen, "POST channels?endpoint").await;
    }
    // The first caller gives up: the second is now next and rings Alice, the third has one
    // caller ahead and still waits for the line.
    engine.send(hung_up("w1")).await;
    until_seen(&mut engine, &mut seen, "DELETE channels/w1-").await;
    until_seen(&mut engine, &mut seen, "POST channels?endpoint").await;
    let rang = dialled(&seen);
    assert!(rang.len() == 2 && rang[0].starts_with("w1-") && rang[1].starts_with("w2-"), "{rang:?}");
    // Their announcements (due at the same moment): the music stops, the message, then the place.
    let mut heard: std::collections::HashMap<String, Vec<Vec<String>>> = Default::default();
    while heard.values().map(Vec::len).sum::<usize>() < 4 {
        let request = engine.next().await;
        if request["method"] == "POST" && request["uri"].as_str().unwrap().contains("/play/") {
            let (caller, id, media) = played(&request);
            heard.entry(caller).or_default().push(media);
            engine.send(playback_finished(&id)).await;
        }
    }
    let audio = |id: i64| format!("/telephony/audio/100/{id}/");
    for caller in ["w2", "w3"] {
        let plays = &heard[caller];
        assert!(plays[0].len() == 1 && plays[0][0].contains(&audio(message)), "{caller}: {plays:?}");
    }
    assert!(heard["w2"][1].len() == 1 && heard["w2"][1][0].contains(&audio(next)), "next in line: {heard:?}");
    assert_eq!(heard["w3"][1], ["sound:queue-thereare", "number:2", "sound:queue-callswaiting"], "the place, spoken");
    for caller in ["w2", "w3"] {
        engine.send(hung_up(caller)).await;
        let call = lab.finished_call(caller).await;
        assert_eq!(call["outcome"], "missed", "{call}");
    }
}

#[tokio::test]
async fn callers_on_two_engines_share_the_queues_lines() {
    let lab = Lab::start().await;
    let number = queue_of_one_line(&lab, "message_mode = 1").await;
    // Two engines (behind a SIP proxy), one caller each, in one queue of one line.
    let (mut first, mut second) = (FakeEngine::connect(lab.addr).await, FakeEngine::connect(lab.addr).await);
    first.send(stasis_start("e1", "07700900123", &number)).await;
    first.until("POST channels?endpoint").await;
    let mut seen = Vec::new();
    second.send(stasis_start("e2", "07700900124", &number)).await;
    until_seen(&mut second, &mut seen, "POST channels/e2/moh").await;
    // A call to no tracked number on the second engine: its refusal comes after anything the
    // second caller's arrival made the server send (a connection's requests go in order).
    second.send(stasis_start("x9", "07700900125", "441632960999")).await;
    until_seen(&mut second, &mut seen, "DELETE channels/x9").await;
    assert!(dialled(&seen).is_empty(), "the second caller waits for the line the first engine's caller holds");
    // The first engine's caller gives up: the second engine's caller gets the line.
    first.send(hung_up("e1")).await;
    until_seen(&mut second, &mut seen, "POST channels?endpoint").await;
    let rang = dialled(&seen);
    assert!(rang.len() == 1 && rang[0].starts_with("e2-"), "the second rang only once the first had gone: {rang:?}");
    second.send(hung_up("e2")).await;
    assert_eq!(lab.finished_call("e2").await["outcome"], "missed");
}
