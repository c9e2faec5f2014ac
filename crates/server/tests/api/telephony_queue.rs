//! A queue's messages on a real call, against the fake engine: callers waiting hear the
//! queue's message between the hold music, and once the caller ahead has gone, the
//! next-in-line message after it (the engine tells each waiting caller how many are ahead).

use crate::telephony::office;
use crate::telephony_lab::{hung_up, playback_finished, stasis_start, FakeEngine, Lab};

/// The playback id and the media of a `POST channels/{c}/play/{id}?media=...` request.
fn played(request: &serde_json::Value) -> (String, String) {
    let uri = request["uri"].as_str().unwrap();
    let id = uri.split('/').nth(3).unwrap().split('?').next().unwrap().to_string();
    (id, crate::telephony_lab::query(request, "media"))
}

#[tokio::test]
async fn a_waiting_caller_hears_the_queue_message_and_then_that_they_are_next() {
    let lab = Lab::start().await;
    let db = &lab.app.state.db;
    let alice = lab.destination("Alice", "07700900101").await;
    let message = lab.audio("Please hold", "Thank you for holding.").await;
    let next = lab.audio("You are next", "You are next in line.").await;
    let queue: i64 = sqlx::query_scalar("SELECT id FROM queues WHERE customer_id = 100 ORDER BY id LIMIT 1")
        .fetch_one(db)
        .await
        .unwrap();
    // Cycle + position, no welcome; every 10 s (the form offers 30 s and more: shortened for
    // the test, within the session's bounds).
    sqlx::query(
        "UPDATE queues SET message_mode = 4, message_interval = 10, welcome_audio_id = 0, audio_1_id = $1,
         audio_2_id = 0, audio_3_id = 0, next_in_line_audio_id = $2, max_calls = 10 WHERE id = $3",
    )
    .bind(message)
    .bind(next)
    .bind(queue)
    .execute(db)
    .await
    .unwrap();
    let queued = lab.destination_plan("Queued", false, &[(alice, 60)], queue).await;
    let plan = lab.service_plan("Queue", &office(("routing", queued, 0), ("routing", queued, 0))).await;
    let (_, number) = lab.number(12, plan, false, 0).await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("w1", "07700900123", &number)).await;
    engine.until("POST channels/w1/moh").await;
    engine.send(stasis_start("w2", "07700900124", &number)).await;
    engine.until("POST channels/w2/moh").await;
    // The first caller gives up: the second is now next.
    engine.send(hung_up("w1")).await;
    engine.until("DELETE channels/w1-").await;
    // The second caller's announcement: the music stops, the message, then next in line.
    engine.until("DELETE channels/w2/moh").await;
    let (id, media) = played(&engine.until("POST channels/w2/play/").await);
    assert!(media.contains(&format!("/telephony/audio/100/{message}/")), "{media}");
    engine.send(playback_finished(&id)).await;
    let (id, media) = played(&engine.until("POST channels/w2/play/").await);
    assert!(media.contains(&format!("/telephony/audio/100/{next}/")), "the next-in-line message: {media}");
    engine.send(playback_finished(&id)).await;
    engine.until("POST channels/w2/moh").await;
    engine.send(hung_up("w2")).await;
    let call = lab.finished_call("w2").await;
    assert_eq!(call["outcome"], "missed", "{call}");
}
