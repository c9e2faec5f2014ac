//! Real calls against a scripted fake of the telephony engine (the same websocket protocol
//! Asterisk speaks): the route refuses anyone without the engine's credentials; a number no
//! one tracks is refused and writes nothing; a call is answered, routed by the customer's
//! rules, put through, recorded and written once, however often its events come.
//! `telephony_engine` runs the same kinds of call through the real engine.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TELEPHONY_SECRET;
use crate::telephony_lab::{
    destroyed, engine_request, hung_up, key, leg_answered, playback_finished, query, stasis_start, FakeEngine, Lab,
};

/// Monday 09:00 to Friday 17:29 to `open`, the weekend to `closed` (the test clock is Monday
/// 10:00 GMT: open).
pub(crate) fn office(
    open: (&'static str, i64, i64),
    closed: (&'static str, i64, i64),
) -> Vec<crate::routing_plans::Row> {
    vec![
        (1, 0, 0, 1, 8, 59, closed.0, closed.1, closed.2),
        (1, 9, 0, 5, 17, 29, open.0, open.1, open.2),
        (5, 17, 30, 7, 23, 59, closed.0, closed.1, closed.2),
    ]
}

pub(crate) async fn reception(lab: &Lab) -> (i64, i64, i64) {
    let alice = lab.destination("Alice", "07700900101").await;
    let bob = lab.destination("Bob", "07700900102").await;
    let plan = lab.destination_plan("Front desk", false, &[(alice, 5), (bob, 30)], 0).await;
    (alice, bob, plan)
}

#[tokio::test]
async fn only_the_engine_may_connect() {
    let lab = Lab::start().await;
    for password in ["wrong", ""] {
        let refused = tokio_tungstenite::connect_async(engine_request(lab.addr, password)).await.unwrap_err();
        let tokio_tungstenite::tungstenite::Error::Http(response) = refused else { panic!("an HTTP refusal") };
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let reply = lab.app.get("/telephony/ari", None).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    // What the engine's dialplan asks before a call enters the server's application.
    assert_eq!(lab.app.get("/telephony/ready", None).await.text(), "ready");
    // The engine's credentials, but no websocket: nothing to serve.
    assert!(tokio_tungstenite::connect_async(engine_request(lab.addr, TELEPHONY_SECRET)).await.is_ok());
}

#[tokio::test]
async fn a_number_no_one_tracks_is_refused_and_writes_nothing() {
    let lab = Lab::start().await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    for (channel, dialled) in [("c404", "441632960999"), ("c405", "not a number; DROP TABLE calls"), ("c406", "")] {
        engine.send(stasis_start(channel, "07700900123", dialled)).await;
        let refusal = engine.next().await;
        assert_eq!(
            (refusal["method"].as_str(), refusal["uri"].as_str()),
            (Some("DELETE"), Some(&*format!("channels/{channel}?reason=unallocated")))
        );
        assert_eq!(lab.call(channel).await, None);
    }
}

#[tokio::test]
async fn an_answered_call_is_put_through_recorded_and_written_once() {
    let lab = Lab::start().await;
    let (_, _, desk) = reception(&lab).await;
    let plan = lab.service_plan("Office", &office(("routing", desk, 0), ("routing", desk, 0))).await;
    let (entry, number) = lab.number(0, plan, true, 0).await;
    let dialled = format!("44{}", &number[1..]);
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("c1", "+447700900123", &dialled)).await;
    assert_eq!(engine.next().await["uri"], "channels/c1/ring", "the caller hears ringing first");
    let dial = engine.until("POST channels?").await;
    assert_eq!(query(&dial, "endpoint"), "PJSIP/447700900101");
    assert_eq!((query(&dial, "app"), query(&dial, "channelId")), ("calltrack".into(), "c1-1".into()));
    // The row exists from the first ring.
    let ringing = lab.call("c1").await.expect("a row from the first ring");
    assert_eq!(ringing["inProgress"], true);
    // A replayed StasisStart writes nothing more.
    engine.send(stasis_start("c1", "+447700900123", &dialled)).await;
    engine.send(leg_answered("c1-1")).await;
    assert_eq!(engine.next().await["uri"], "channels/c1/answer");
    let bridge = engine.next().await;
    assert_eq!(bridge["uri"], "bridges?type=mixing&bridgeId=c1-b");
    assert_eq!(engine.next().await["uri"], "bridges/c1-b/addChannel?channel=c1,c1-1");
    let record = engine.next().await;
    assert!(record["uri"].as_str().unwrap().starts_with("bridges/c1-b/record?name=call-"), "{record}");
    engine.send(hung_up("c1")).await;
    assert_eq!(engine.until("DELETE channels/c1-1").await["method"], "DELETE");
    let call = lab.finished_call("c1").await;
    assert_eq!((call["outcome"].as_str(), call["destination"].as_str()), (Some("answered"), Some("Alice")));
    assert_eq!(call["routePath"]["end"]["description"], "Front desk");
    assert_eq!(call["tried"][0]["result"], "answered");
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM calls WHERE routing_entry_id = $1 AND engine_channel IS NOT NULL")
            .bind(entry)
            .fetch_one(&lab.app.state.db)
            .await
            .unwrap();
    assert_eq!(count, 1, "one row, however often the engine repeats itself");
    let (caller, tracked): (String, String) =
        sqlx::query_as("SELECT caller_number, tracked_number FROM calls WHERE engine_channel = 'c1'")
            .fetch_one(&lab.app.state.db)
            .await
            .unwrap();
    assert_eq!((caller.as_str(), tracked), ("07700900123", number));
    // The call detail reads it as it reads every call: the journey from the service plan to
    // the outcome.
    let detail = lab.app.get(&format!("/api/reports/getCall/{}", call["id"]), Some(&lab.owner)).await.json();
    assert_eq!(detail["call"]["outcome"], "answered", "{detail}");
    let titles: Vec<&str> =
        detail["journey"].as_array().unwrap().iter().map(|s| s["title"].as_str().unwrap()).collect();
    assert!(titles.contains(&"Service plan") && titles.contains(&"Outcome"), "{titles:?}");
    // A real call's own account: each destination rung, and where and why it ended.
    let details: Vec<&str> =
        detail["journey"].as_array().unwrap().iter().map(|s| s["detail"].as_str().unwrap()).collect();
    assert!(details.iter().any(|d| d.starts_with("Alice: answered after")), "{details:?}");
    assert_eq!(details.last(), Some(&"Talking to Alice: The caller hung up."), "{details:?}");
}

#[tokio::test]
async fn a_hunt_group_moves_on_when_the_first_does_not_answer() {
    let lab = Lab::start().await;
    let (_, _, desk) = reception(&lab).await;
    let plan = lab.service_plan("Office", &office(("routing", desk, 0), ("routing", desk, 0))).await;
    let (_, number) = lab.number(1, plan, false, 0).await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("c2", "07700900123", &number)).await;
    engine.until("POST channels?endpoint=PJSIP%2F447700900101").await;
    // Alice's phone is busy: Bob rings at once.
    engine.send(destroyed("c2-1", 17)).await;
    let bob = engine.until("POST channels?").await;
    assert_eq!(query(&bob, "endpoint"), "PJSIP/447700900102");
    engine.send(leg_answered(&query(&bob, "channelId"))).await;
    engine.until("POST bridges/c2-b/addChannel").await;
    engine.send(destroyed(&query(&bob, "channelId"), 16)).await;
    assert_eq!(engine.next().await["uri"], "channels/c2?reason=normal", "the caller is hung up, nothing else");
    let call = lab.finished_call("c2").await;
    assert_eq!(call["destination"], "Bob");
    assert_eq!(call["endReason"], "The destination hung up.");
    let results: Vec<&str> = call["tried"].as_array().unwrap().iter().map(|t| t["result"].as_str().unwrap()).collect();
    assert_eq!(results, ["busy", "answered"]);
}

#[tokio::test]
async fn keys_pressed_in_the_menu_route_the_call_as_the_simulator_does() {
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
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("c3", "07700900123", &number)).await;
    assert_eq!(engine.next().await["uri"], "channels/c3/answer");
    let play = engine.next().await;
    let media = query(&play, "media");
    assert!(media.starts_with(&format!("sound:http://{}/telephony/audio/100/{prompt}/", lab.addr)), "{media}");
    // The engine fetches the prompt: an 8 kHz WAV, made once; a wrong signature is not served.
    let url = media.strip_prefix("sound:").unwrap();
    let wav = reqwest::get(url).await.unwrap();
    assert_eq!(wav.status(), 200);
    let wav = wav.bytes().await.unwrap();
    assert_eq!(&wav[..4], b"RIFF");
    assert_eq!(u32::from_le_bytes(wav[24..28].try_into().unwrap()), 8000, "8 kHz");
    let forged = url.replace(&format!("/{prompt}/"), &format!("/{greeting}/"));
    assert_eq!(reqwest::get(&forged).await.unwrap().status(), 404);
    // A wrong key repeats the menu; then 2 reaches the voicemail.
    engine.send(key("c3", "9")).await;
    engine.until("DELETE playbacks/c3-p1").await;
    engine.until("POST channels/c3/play").await;
    engine.send(key("c3", "2")).await;
    let greeting_play = engine.until("POST channels/c3/play").await;
    let playback =
        greeting_play["uri"].as_str().unwrap().split('/').nth(3).unwrap().split('?').next().unwrap().to_string();
    engine.send(playback_finished(&playback)).await;
    let beep = engine.until("POST channels/c3/play").await;
    assert_eq!(query(&beep, "media"), "sound:beep");
    let playback = beep["uri"].as_str().unwrap().split('/').nth(3).unwrap().split('?').next().unwrap().to_string();
    engine.send(playback_finished(&playback)).await;
    let record = engine.until("POST channels/c3/record").await;
    assert_eq!(query(&record, "maxDurationSeconds"), "180");
    engine.send(hung_up("c3")).await;
    let call = lab.finished_call("c3").await;
    assert_eq!((call["outcome"].as_str(), call["keys"].as_str()), (Some("voicemail"), Some("92")));
    // The path is the simulator's for the same keys at the same moment.
    let snapshot = server::store::routing_history::snapshot(
        &mut lab.app.state.db.acquire().await.unwrap(),
        server::store::CustomerId::new(100),
    )
    .await
    .unwrap();
    let stored = snapshot.service_plans.iter().find(|p| p.id == plan).unwrap();
    let keys = ["9".to_string(), "2".to_string()];
    let simulated = domain::routing::ivr::follow_call(
        &stored.form.rows,
        &stored.form.exceptions,
        "Europe/London",
        crate::helpers::TEST_NOW * 1000,
        &snapshot.library,
        &keys,
    )
    .unwrap()
    .named(&stored.form.description);
    assert_eq!(call["routePath"], serde_json::to_value(&simulated).unwrap());
}

#[tokio::test]
async fn a_caller_who_hangs_up_in_the_menu_is_written_as_such() {
    let lab = Lab::start().await;
    let (_, _, desk) = reception(&lab).await;
    let prompt = lab.audio("Main prompt", "Press one").await;
    let menu = lab.menu("Main", prompt, &[("Front desk", "routing", desk, 0)], "").await;
    let plan = lab.service_plan("Menu", &office(("ivr", 0, menu), ("routing", desk, 0))).await;
    let (_, number) = lab.number(3, plan, false, 0).await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("c4", "07700900123", &number)).await;
    engine.until("POST channels/c4/play").await;
    engine.send(hung_up("c4")).await;
    let call = lab.finished_call("c4").await;
    assert_eq!(call["outcome"], "hungUpInIvr");
    assert_eq!(call["endedWhere"], "IVR 'Main': waiting for a key");
    assert_eq!(call["routePath"], Value::Null, "the routing had not reached an end");
}

/// A static number's real call is credited to its channel's offline source and its campaign; a
/// caller who hung up and rings again is a call-back, credited as the missed call was.
#[tokio::test]
async fn a_real_call_is_credited_as_every_figure_counts_it_and_a_ring_back_is_a_call_back() {
    let lab = Lab::start().await;
    let (_, _, desk) = reception(&lab).await;
    let prompt = lab.audio("Main prompt", "Press one").await;
    let menu = lab.menu("Main", prompt, &[("Front desk", "routing", desk, 0)], "").await;
    let plan = lab.service_plan("Menu", &office(("ivr", 0, menu), ("routing", desk, 0))).await;
    let (entry, number) = lab.number(6, plan, false, 0).await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("cb1", "07700900777", &number)).await;
    engine.until("POST channels/cb1/play").await;
    engine.send(hung_up("cb1")).await;
    let missed = lab.finished_call("cb1").await;
    assert_eq!(missed["outcome"], "hungUpInIvr");
    engine.send(stasis_start("cb2", "07700900777", &number)).await;
    engine.until("POST channels/cb2/play").await;
    engine.send(hung_up("cb2")).await;
    let again = lab.finished_call("cb2").await;

    type Credit = (Option<i64>, Option<i64>, Option<i64>, String, String);
    let credit = |id: &Value| {
        let db = lab.app.state.db.clone();
        let id = id.as_i64().unwrap();
        async move {
            sqlx::query_as::<_, Credit>(
                "SELECT c.callback_of, c.campaign_id, e.campaign_id, COALESCE(s.source, ''), COALESCE(s.medium, '')
                 FROM calls c JOIN routing_entries e ON e.id = c.routing_entry_id
                 LEFT JOIN sources_mediums s ON s.id = c.credit_source_id WHERE c.id = $1",
            )
            .bind(id)
            .fetch_one(&db)
            .await
            .unwrap()
        }
    };
    let channel: Option<String> = sqlx::query_scalar(
        "SELECT ch.description FROM routing_entries e LEFT JOIN channels ch ON ch.id = e.channel_id WHERE e.id = $1",
    )
    .bind(entry)
    .fetch_one(&lab.app.state.db)
    .await
    .unwrap();
    let (source, medium) = domain::reports::static_pair(channel.as_deref());
    let first = credit(&missed["id"]).await;
    assert_eq!(first, (None, first.2, first.2, source.clone(), medium.clone()), "the number's own credit");
    assert!(first.2.is_some(), "the demo files every static number under a campaign");
    let second = credit(&again["id"]).await;
    assert_eq!(second, (missed["id"].as_i64(), first.2, first.2, source, medium), "a call-back of the missed call");
}

#[tokio::test]
async fn the_engine_going_away_closes_its_calls_with_a_reason() {
    let lab = Lab::start().await;
    let (_, _, desk) = reception(&lab).await;
    let plan = lab.service_plan("Office", &office(("routing", desk, 0), ("routing", desk, 0))).await;
    let (_, number) = lab.number(4, plan, false, 0).await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("c5", "07700900123", &number)).await;
    engine.until("POST channels?").await;
    engine.close().await;
    let call = lab.finished_call("c5").await;
    assert_eq!(
        (call["outcome"].as_str(), call["endReason"].as_str()),
        (Some("missed"), Some("The telephony engine lost the call."))
    );
}

#[tokio::test]
async fn a_call_that_outlives_a_server_restart_is_completed_as_far_as_known() {
    let lab = Lab::start().await;
    let (_, _, desk) = reception(&lab).await;
    let plan = lab.service_plan("Office", &office(("routing", desk, 0), ("routing", desk, 0))).await;
    let (_, number) = lab.number(5, plan, false, 0).await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("c6", "07700900123", &number)).await;
    engine.until("POST channels?").await;
    lab.app.state.clock.advance(4);
    engine.send(leg_answered("c6-1")).await;
    engine.until("POST bridges/c6-b/addChannel").await;
    // The answer is on the row before the call ends (written by a task of its own: wait for it).
    for _ in 0..500 {
        if lab.call("c6").await.unwrap()["outcome"] == "answered" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(lab.call("c6").await.unwrap()["destination"], "Alice");
    // The server restarts: a new process, which never held the call, hears it end.
    let restarted = crate::helpers::SecondProcess::of(&lab.app).await;
    let mut reconnected = FakeEngine::connect(restarted.serve().await).await;
    lab.app.state.clock.advance(30);
    reconnected.send(hung_up("c6")).await;
    let call = lab.finished_call("c6").await;
    assert_eq!((call["outcome"].as_str(), call["destination"].as_str()), (Some("answered"), Some("Alice")));
    // 30 s on the clock, and the second or so the test itself took.
    assert!((30..=33).contains(&call["talkSeconds"].as_i64().unwrap()), "{call}");
    assert_eq!(call["endReason"], server::telephony::calls::RESTARTED);
    // Its last events after that change nothing.
    reconnected.send(destroyed("c6", 16)).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(lab.call("c6").await.unwrap(), call);
}

#[tokio::test]
async fn an_audio_is_made_for_the_engine_once_when_it_is_saved() {
    let lab = Lab::start().await;
    let audio = lab.audio("Welcome", "Welcome to the practice").await;
    let wav = |db: sqlx::AnyPool| async move {
        let wav: Option<Vec<u8>> =
            sqlx::query_scalar("SELECT engine_wav FROM audios WHERE id = $1").bind(audio).fetch_one(&db).await.unwrap();
        wav
    };
    let made = wav(lab.app.state.db.clone()).await.expect("made when saved");
    assert_eq!((&made[..4], u32::from_le_bytes(made[24..28].try_into().unwrap())), (&b"RIFF"[..], 8000));
    // A new sentence makes it again.
    let id = audio.to_string();
    let fields = [
        ("form_record_id", id.as_str()),
        ("form_description", "Welcome"),
        ("form_audio_sentence", "Hello and welcome to the practice, how can we help"),
    ];
    let reply = lab.app.post_multipart("/api/manageaudios/updateAudio/", Some(&lab.owner), &fields).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let remade = wav(lab.app.state.db.clone()).await.expect("made again");
    assert!(remade.len() > made.len(), "the longer sentence's audio");
}

#[tokio::test]
async fn a_full_queue_sends_the_next_caller_on() {
    let lab = Lab::start().await;
    let alice = lab.destination("Alice", "07700900101").await;
    let (queue, full_audio): (i64, i64) =
        sqlx::query_as("SELECT id, queue_full_audio_id FROM queues WHERE customer_id = 100 ORDER BY id LIMIT 1")
            .fetch_one(&lab.app.state.db)
            .await
            .unwrap();
    // The queue takes one caller at a time (its form allows 1 to 100).
    sqlx::query("UPDATE queues SET max_calls = 1 WHERE id = $1").bind(queue).execute(&lab.app.state.db).await.unwrap();
    let queued = lab.destination_plan("Queued", false, &[(alice, 30)], queue).await;
    let plan = lab.service_plan("Queue", &office(("routing", queued, 0), ("routing", queued, 0))).await;
    let (_, number) = lab.number(6, plan, false, 0).await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("q1", "07700900123", &number)).await;
    engine.until("POST channels/q1/answer").await;
    // The first caller hears the queue's welcome (the demo queue has one), then waits while
    // Alice rings.
    let welcome = engine.until("POST channels/q1/play").await;
    let playback = welcome["uri"].as_str().unwrap().split('/').nth(3).unwrap().split('?').next().unwrap().to_string();
    engine.send(playback_finished(&playback)).await;
    engine.until("POST channels/q1/moh").await;
    engine.until("POST channels?").await;
    // The second caller finds the queue full: its audio, then on (no one else to ring).
    engine.send(stasis_start("q2", "07700900124", &number)).await;
    engine.until("POST channels/q2/answer").await;
    let full = engine.until("POST channels/q2/play").await;
    assert!(query(&full, "media").contains(&format!("/telephony/audio/100/{full_audio}/")), "{full}");
    let playback = full["uri"].as_str().unwrap().split('/').nth(3).unwrap().split('?').next().unwrap().to_string();
    engine.send(playback_finished(&playback)).await;
    engine.until("DELETE channels/q2?reason=normal").await;
    let call = lab.finished_call("q2").await;
    assert_eq!(call["endReason"], "The queue was full.", "{call}");
    assert_eq!(lab.call("q1").await.unwrap()["inProgress"], true, "the first caller still waits");
}

#[tokio::test]
async fn a_call_whose_end_never_comes_is_closed_by_the_housekeeping() {
    let lab = Lab::start().await;
    let (_, _, desk) = reception(&lab).await;
    let plan = lab.service_plan("Office", &office(("routing", desk, 0), ("routing", desk, 0))).await;
    let (_, number) = lab.number(7, plan, false, 0).await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("s1", "07700900123", &number)).await;
    engine.until("POST channels?").await;
    let db = &lab.app.state.db;
    let now = lab.app.state.clock.now();
    // Not yet: a call may last for hours.
    assert_eq!(server::telephony::calls::close_stale(db, now + 11 * 3600).await.unwrap(), 0);
    assert_eq!(lab.call("s1").await.unwrap()["inProgress"], true);
    assert_eq!(server::telephony::calls::close_stale(db, now + 13 * 3600).await.unwrap(), 1);
    let call = lab.call("s1").await.unwrap();
    assert_eq!(
        (call["inProgress"].as_bool(), call["endReason"].as_str()),
        (Some(false), Some(server::telephony::calls::NEVER_ENDED))
    );
}

#[tokio::test]
async fn a_real_call_gets_its_tags_and_lead_score_and_counts_in_conversions_and_the_summary() {
    let lab = Lab::start().await;
    let (_, _, desk) = reception(&lab).await;
    let plan = lab.service_plan("Office", &office(("routing", desk, 0), ("routing", desk, 0))).await;
    let (_, number) = lab.number(8, plan, false, 0).await;
    let mut engine = FakeEngine::connect(lab.addr).await;
    engine.send(stasis_start("t1", "07700900123", &number)).await;
    engine.until("POST channels?").await;
    engine.send(leg_answered("t1-1")).await;
    engine.until("POST bridges/t1-b/addChannel").await;
    // The demo's "Qualified lead" rule: calls of two minutes or more.
    lab.app.state.clock.advance(150);
    engine.send(hung_up("t1")).await;
    let call = lab.finished_call("t1").await;
    // The tags and the lead score are written by the task that completes the call: wait for them.
    let mut seen: (String, Option<i64>) = (String::new(), None);
    for _ in 0..500 {
        seen = sqlx::query_as("SELECT tags, lead_score FROM calls WHERE id = $1")
            .bind(call["id"].as_i64().unwrap())
            .fetch_one(&lab.app.state.db)
            .await
            .unwrap();
        if seen.1.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(seen.0.contains("Qualified lead"), "{seen:?}");
    // The demo's first lead rule: answered and at least 120 seconds is a good lead.
    assert_eq!(seen.1, Some(1), "{seen:?}");
    // The daily work reads it as any call: the demo's conversion actions queue it for upload,
    // and the summary e-mail counts it answered (the window holds this call alone).
    let db = &lab.app.state.db;
    let id = call["id"].as_i64().unwrap();
    let started: i64 =
        sqlx::query_scalar("SELECT started_at FROM calls WHERE id = $1").bind(id).fetch_one(db).await.unwrap();
    let customer = server::store::CustomerId::new(100);
    let queue_and_count = || async {
        for (action, zone) in server::store::conversions::active_actions(db).await.unwrap() {
            if action.customer_id == customer {
                server::store::conversions::queue_calls(db, &action, &zone, started, lab.app.state.clock.now())
                    .await
                    .unwrap();
            }
        }
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM conversion_uploads WHERE call_id = $1")
            .bind(id)
            .fetch_one(db)
            .await
            .unwrap()
    };
    // A static number's call came from no ad platform: no platform hears of it.
    assert_eq!(queue_and_count().await, 0, "a call from no ad platform is no platform's conversion");
    // Credited to Google's paid search (a number in its call ads), Google's action queues it.
    sqlx::query(
        "UPDATE calls SET credit_source_id =
            (SELECT id FROM sources_mediums WHERE customer_id = 100 AND source = 'google' AND medium = 'cpc')
         WHERE id = $1",
    )
    .bind(id)
    .execute(db)
    .await
    .unwrap();
    assert_eq!(queue_and_count().await, 1, "a real answered call of 150 s from Google's ads is queued for Google");
    let mut conn = db.acquire().await.unwrap();
    let by_source =
        server::store::summary_emails::calls_by_source(&mut conn, customer, started, started + 1).await.unwrap();
    let (answered, missed): (i64, i64) = by_source.iter().fold((0, 0), |(a, m), s| (a + s.answered, m + s.missed));
    assert_eq!((answered, missed), (1, 0), "{by_source:?}");
}
