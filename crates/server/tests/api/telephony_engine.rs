//! Real calls through the real engine: Asterisk 22 from the Debian testing root
//! (scripts/telephony/engine.sh) connects to this test's server, SIPp places the calls and plays
//! the destination phones (scripts/telephony/sipp/), and the calls are read back from the
//! database. Needs root and the telephony root: `bash scripts/test-telephony.sh` runs it, on
//! SQLite and on PostgreSQL. One engine at a time (fixed loopback ports), so one test runs
//! every scenario in turn.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

use serde_json::Value;
use tokio::process::Command;

use crate::helpers::TELEPHONY_SECRET;
use crate::routing_connect::{advanced_row, post};
use crate::telephony::office;
use crate::telephony_lab::Lab;

const CALLER: &str = "07700900123";
const SCENARIOS: &str = "/opt/calltrack-sipp";
/// Where the lab's callers call from: the carrier's address (engine.sh CARRIER_MATCH), not the
/// browsers' (127.0.0.1).
const CALLER_ADDRESS: &str = "127.0.0.2";
/// What the caller of the transcript scenario says.
const SENTENCE: &str = "please call me back tomorrow morning about my appointment";

struct RealEngine {
    scripts: PathBuf,
    root: PathBuf,
}

/// Starts the engine (stopping one that runs) connecting to `server_ws`.
async fn start_engine(scripts: &Path, server_ws: &str) {
    let output = Command::new("bash")
        .arg(scripts.join("engine.sh"))
        .arg("start")
        .env("TELEPHONY_SECRET", TELEPHONY_SECRET)
        .env("SERVER_WS", server_ws)
        .env("LAB_PHONES", "1")
        .output()
        .await
        .unwrap();
    assert!(output.status.success(), "the engine starts: {}", String::from_utf8_lossy(&output.stderr));
}

fn scripts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/telephony")
}

impl RealEngine {
    async fn start(lab: &Lab) -> RealEngine {
        let scripts = scripts();
        let root = String::from_utf8(
            Command::new("bash").arg(scripts.join("engine.sh")).arg("root").output().await.unwrap().stdout,
        )
        .unwrap();
        let engine = RealEngine { scripts, root: PathBuf::from(root.trim()) };
        // The records of calls missed while away that earlier runs left in the cached root: gone
        // before the engine connects, when the server reads them.
        let _ = std::fs::remove_file(engine.root.join("var/log/asterisk/cdr-csv/unreached.csv"));
        start_engine(&engine.scripts, &format!("ws://{}/telephony/ari", lab.addr)).await;
        // The scenarios go inside the root, where SIPp runs.
        let target = engine.root.join(SCENARIOS.trim_start_matches('/'));
        std::fs::create_dir_all(&target).unwrap();
        for entry in std::fs::read_dir(engine.scripts.join("sipp")).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, target.join(path.file_name().unwrap())).unwrap();
        }
        let waits = std::fs::read_to_string(target.join("caller_waits.xml")).unwrap();
        std::fs::write(target.join("caller_waits_longer.xml"), waits.replace("16000", "17000")).unwrap();
        for key in ["1", "2"] {
            let text = std::fs::read_to_string(target.join("caller_presses_rfc4733.xml")).unwrap();
            std::fs::write(target.join(format!("caller_presses_rfc4733_{key}.xml")), text.replace("KEY", key)).unwrap();
        }
        engine.registered().await;
        engine
    }

    /// Waits until the engine's application is registered over its websocket to the server.
    async fn registered(&self) {
        for _ in 0..100 {
            if self.cli("ari show apps").await.contains("calltrack") {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the engine never connected: {}", self.cli("ari show apps").await);
    }

    async fn cli(&self, command: &str) -> String {
        let out =
            Command::new("bash").arg(self.scripts.join("engine.sh")).args(["cli", command]).output().await.unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Writes what the transcript scenario's caller says: espeak-ng's voice, 8 kHz A-law.
    async fn say(&self, sentence: &str) {
        let spoken = std::env::temp_dir().join("calltrack-sentence.wav");
        let espeak =
            Command::new("espeak-ng").args(["-v", "en-us", "-s", "140", "-w"]).arg(&spoken).arg(sentence).status();
        assert!(espeak.await.unwrap().success());
        let target = self.root.join(SCENARIOS.trim_start_matches('/')).join("sentence.wav");
        let sox = Command::new("sox").arg(&spoken).args(["-r", "8000", "-c", "1", "-e", "a-law"]).arg(&target).status();
        assert!(sox.await.unwrap().success());
    }

    /// How many lines of the engine's log contain `text` (its verbose log says what it plays).
    fn logged(&self, text: &str) -> usize {
        let log = std::fs::read(self.root.join("var/log/asterisk/messages.log")).unwrap_or_default();
        String::from_utf8_lossy(&log).lines().filter(|line| line.contains(text)).count()
    }

    /// A destination phone on `port` playing `scenario` for one call.
    fn phone(&self, port: u16, scenario: &str) -> tokio::process::Child {
        Command::new("chroot")
            .arg(&self.root)
            .args(["timeout", "90", "sipp", "-sf", &format!("{SCENARIOS}/{scenario}.xml")])
            .args(["-i", "127.0.0.1", "-p", &port.to_string(), "-m", "1", "-mi", "127.0.0.1"])
            .args([
                "-mp",
                &(16_100 + (port - 15_070) * 10).to_string(),
                "-timeout",
                "80s",
                "-timeout_error",
                "-nostdin",
            ])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap()
    }

    /// A caller dialling `number` playing `scenario` (`key` for the SIP INFO scenario).
    async fn call(&self, scenario: &str, number: &str, key: &str) -> Output {
        self.call_from(15061, scenario, number, key).await
    }

    /// A call from the caller on SIP `port` (15061-15069), so that several can call at once.
    async fn call_from(&self, port: u16, scenario: &str, number: &str, key: &str) -> Output {
        let media = (16_000 + (port - 15_061) * 10).to_string();
        Command::new("chroot")
            .arg(&self.root)
            .args(["timeout", "90", "sipp", "-sf", &format!("{SCENARIOS}/{scenario}.xml"), "-s", number])
            .args(["-key", "caller", CALLER, "-key", "key", key])
            .args(["-i", CALLER_ADDRESS, "-p", &port.to_string(), "-m", "1", "-mi", "127.0.0.1", "-mp", &media])
            .args(["-timeout", "80s", "-timeout_error", "-nostdin", "127.0.0.1:15060"])
            .output()
            .await
            .unwrap()
    }
}

impl Drop for RealEngine {
    fn drop(&mut self) {
        let _ = std::process::Command::new("bash").arg(self.scripts.join("engine.sh")).arg("stop").status();
    }
}

/// When the scenarios began: each prints its own finish, so the stage's time can be read.
static BEGAN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

fn mark(what: &str) {
    println!("{what}: done at {:.1} s", BEGAN.get_or_init(std::time::Instant::now).elapsed().as_secs_f64());
}

fn succeeded(what: &str, output: &Output) {
    mark(what);
    assert!(
        output.status.success(),
        "{what}: SIPp failed\n{}\n{}",
        String::from_utf8_lossy(&output.stdout).lines().rev().take(30).collect::<Vec<_>>().join("\n"),
        String::from_utf8_lossy(&output.stderr)
    );
}

async fn phone_done(what: &str, phone: tokio::process::Child) {
    let output = tokio::time::timeout(Duration::from_secs(60), phone.wait_with_output()).await.unwrap().unwrap();
    succeeded(what, &output);
}

/// The latest real call to `number`, once complete.
async fn last_call(lab: &Lab, number: &str) -> Value {
    let channel: String = sqlx::query_scalar(
        "SELECT engine_channel FROM calls WHERE tracked_number = $1 AND engine_channel IS NOT NULL ORDER BY id DESC LIMIT 1",
    )
    .bind(number)
    .fetch_one(&lab.app.state.db)
    .await
    .unwrap_or_else(|e| panic!("no call to {number}: {e}"));
    lab.finished_call(&channel).await
}

/// The engine's channels of the real calls to `number`.
async fn engine_channels(lab: &Lab, number: &str) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT engine_channel FROM calls WHERE tracked_number = $1 AND engine_channel IS NOT NULL ORDER BY id",
    )
    .bind(number)
    .fetch_all(&lab.app.state.db)
    .await
    .unwrap()
}

/// Waits (up to 30 s) for call `id`'s recording: its MP3's size.
async fn recording_bytes(lab: &Lab, id: i64) -> usize {
    for _ in 0..300 {
        let content: Option<Vec<u8>> = sqlx::query_scalar("SELECT content FROM call_recordings WHERE call_id = $1")
            .bind(id)
            .fetch_optional(&lab.app.state.db)
            .await
            .unwrap();
        if let Some(content) = content {
            return content.len();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("call {id} has no recording");
}

#[tokio::test]
#[ignore = "needs root and the telephony root: bash scripts/test-telephony.sh runs it"]
async fn real_calls_through_asterisk() {
    let lab = Lab::start_with("http://127.0.0.1:18088/ari").await;
    let alice = lab.destination("Alice", "07700900101").await;
    let bob = lab.destination("Bob", "07700900102").await;
    let carol = lab.destination("Carol", "07700900103").await;
    let dan = lab.destination("Dan", "07700900104").await;
    let erin = lab.destination("Erin", "07700900105").await;
    let front = lab.destination_plan("Front desk", false, &[(alice, 20)], 0).await;
    let back = lab.destination_plan("Back office", false, &[(bob, 20)], 0).await;
    let hunt = lab.destination_plan("Carol then Dan", false, &[(carol, 5), (dan, 20)], 0).await;
    let web = lab.destination_plan("Website calls", false, &[(erin, 20)], 0).await;
    let prompt = lab.audio("Main prompt", "Press one for the front desk, two for the back office").await;
    let whisper = lab.audio("Whisper", "A call from the van").await;
    let greeting = lab.audio("Greeting", "We are closed. Please leave a message").await;
    let messages = lab.voicemail("Messages", greeting).await;
    let menu =
        lab.menu("Main", prompt, &[("Front desk", "routing", front, 0), ("Back office", "routing", back, 0)], "").await;
    let closed = lab.menu("Closed", greeting, &[("Messages", "voicemail", messages, 0)], "1").await;
    let engine = RealEngine::start(&lab).await;
    BEGAN.get_or_init(std::time::Instant::now);

    // Browser phones' way in is there (docs/webrtc.md): SIP over websocket at /ws, endpoints kept
    // in memory beside pjsip.conf's, and the carrier known by an address browsers do not use.
    assert!(engine.cli("pjsip show transports").await.contains("transport-ws"), "the websocket transport");
    assert!(engine.cli("http show status").await.contains("/ws"), "served at /ws");
    assert!(engine.cli("pjsip show identifies").await.contains("127.0.0.2"), "the carrier's address");
    // A browser phone opened through the API is the engine's until it is closed.
    let phone = lab.app.post_form("/api/phone/open", Some(&lab.owner), &[]).await;
    assert_eq!(phone.status, axum::http::StatusCode::OK, "{}", phone.text());
    let id = phone.json()["username"].as_str().unwrap().to_string();
    let shown = engine.cli(&format!("pjsip show endpoint {id}")).await;
    assert!(shown.contains("webrtc") && shown.contains("from-webrtc"), "{shown}");
    lab.app.post_form("/api/phone/close", Some(&lab.owner), &[]).await;
    assert!(engine.cli(&format!("pjsip show endpoint {id}")).await.contains("Unable to find object"));

    // 1. In hours (Monday 10:00 GMT): the front desk's phone hears the whisper, then the caller,
    // and the call is recorded.
    let in_hours = lab.service_plan("Office", &office(("routing", front, 0), ("routing", front, 0))).await;
    let (_, van) = lab.number(0, in_hours, true, whisper).await;
    let phone = engine.phone(15071, "phone_answers");
    succeeded("in hours", &engine.call("caller_talks", &van, "").await);
    phone_done("in hours: the phone", phone).await;
    let call = last_call(&lab, &van).await;
    assert_eq!((call["outcome"].as_str(), call["destination"].as_str()), (Some("answered"), Some("Alice")), "{call}");
    assert!(call["talkSeconds"].as_i64().unwrap() >= 2, "{call}");
    assert!(recording_bytes(&lab, call["id"].as_i64().unwrap()).await > 6_000, "a recording of the conversation");
    let whispered: Option<Vec<u8>> = sqlx::query_scalar("SELECT engine_wav FROM audios WHERE id = $1")
        .bind(whisper)
        .fetch_one(&lab.app.state.db)
        .await
        .unwrap();
    assert!(whispered.is_some(), "the engine fetched the whisper to play it");

    // 2. Out of hours (Monday is closed for this plan): the menu's key 1 (SIP INFO) leads to the
    // voicemail; the message is recorded.
    let after_hours = lab
        .service_plan(
            "After hours",
            &[(1, 0, 0, 1, 23, 59, "ivr", 0, closed), (2, 0, 0, 7, 23, 59, "routing", front, 0)],
        )
        .await;
    let (_, evening) = lab.number(1, after_hours, false, 0).await;
    succeeded("voicemail", &engine.call("caller_presses_info", &evening, "1").await);
    let call = last_call(&lab, &evening).await;
    assert_eq!((call["outcome"].as_str(), call["keys"].as_str()), (Some("voicemail"), Some("1")), "{call}");
    assert_eq!(call["routePath"]["end"]["description"], "Messages");
    assert!(recording_bytes(&lab, call["id"].as_i64().unwrap()).await > 5_000, "the message is kept");

    // 3. A menu: key 2 pressed as RFC 4733 events reaches the back office.
    let menu_plan = lab.service_plan("Menu", &office(("ivr", 0, menu), ("routing", front, 0))).await;
    let (_, main) = lab.number(2, menu_plan, false, 0).await;
    let phone = engine.phone(15072, "phone_answers");
    succeeded("menu", &engine.call("caller_presses_rfc4733_2", &main, "").await);
    phone_done("menu: the phone", phone).await;
    let call = last_call(&lab, &main).await;
    assert_eq!((call["keys"].as_str(), call["destination"].as_str()), (Some("2"), Some("Bob")), "{call}");

    // 3b. Attributed by the parties: whoever answers is sent the call's reference (its id) before
    // the caller is put through, and after the caller hangs up keys in a DTMF IVR's key 2 (a
    // category) then its plan's two digits, as RFC 4733 events.
    let reference = lab.in_call_plan("Send the call id", "1", 0).await;
    let sending = lab.destination_plan_sending("Front desk, sent the id", false, &[(alice, 20)], 0, reference).await;
    let question = lab.audio("Outcome question", "Press one for booked, two for a quote").await;
    let thanks = lab.audio("Thanks", "Thank you").await;
    let digits = lab.dtmf_plan("Quote number", question, thanks, 2, 2).await;
    let outcome = lab.dtmf_ivr("Outcome", question, thanks, &[("Booked", 2, 0), ("Quote", 4, digits)]).await;
    let asking = lab.service_plan("Asking", &office(("routing", sending, 0), ("routing", sending, 0))).await;
    let (_, asked) = lab.number_asking(9, asking, false, 0, &format!("IVR_{outcome}")).await;
    let phone = engine.phone(15071, "phone_keys_after");
    succeeded("attributed", &engine.call("caller_talks", &asked, "").await);
    phone_done("attributed: the phone keys in", phone).await;
    let call = last_call(&lab, &asked).await;
    let (sent, keyed, category): (String, String, String) =
        sqlx::query_as("SELECT reference_sent, agent_reference, agent_category FROM calls WHERE id = $1")
            .bind(call["id"].as_i64().unwrap())
            .fetch_one(&lab.app.state.db)
            .await
            .unwrap();
    assert_eq!(sent, format!("{}#", call["id"]), "{call}");
    assert_eq!(keyed, "47", "{call}");
    assert!(!category.is_empty(), "{call}");
    assert_eq!(call["outcome"], "answered", "{call}");

    // Every prompt so far (whispers, menus, greetings, questions) was played, not skipped.
    assert_eq!(lab.app.state.telephony_steps.failed_playbacks(), 0, "the engine could not play a prompt");

    // 4. The caller hangs up in the menu: abandoned there.
    succeeded("abandon", &engine.call("caller_hangs_up", &main, "").await);
    let call = last_call(&lab, &main).await;
    assert_eq!(call["outcome"], "hungUpInIvr", "{call}");
    assert_eq!(call["endedWhere"], "IVR 'Main': waiting for a key");

    // 5. A hunt group: Carol's phone rings out after 5 s, Dan's answers.
    let hunt_plan = lab.service_plan("Hunt", &office(("routing", hunt, 0), ("routing", hunt, 0))).await;
    let (_, sales) = lab.number(3, hunt_plan, false, 0).await;
    let (carol_phone, dan_phone) = (engine.phone(15073, "phone_rings_out"), engine.phone(15074, "phone_answers"));
    succeeded("hunt", &engine.call("caller_talks", &sales, "").await);
    phone_done("hunt: Carol", carol_phone).await;
    phone_done("hunt: Dan", dan_phone).await;
    let call = last_call(&lab, &sales).await;
    let results: Vec<&str> = call["tried"].as_array().unwrap().iter().map(|t| t["result"].as_str().unwrap()).collect();
    assert_eq!(results, ["noAnswer", "answered"], "{call}");
    assert!(call["ringSeconds"].as_i64().unwrap() >= 5, "{call}");

    // 5b. A multi dial: both ring, Dan answers first, Carol's phone stops ringing.
    let together = lab.destination_plan("Carol and Dan", true, &[(carol, 15), (dan, 0)], 0).await;
    let multi_plan = lab.service_plan("Together", &office(("routing", together, 0), ("routing", together, 0))).await;
    let (_, both) = lab.number(4, multi_plan, false, 0).await;
    let (carol_phone, dan_phone) = (engine.phone(15073, "phone_rings_out"), engine.phone(15074, "phone_answers"));
    succeeded("multi dial", &engine.call("caller_talks", &both, "").await);
    phone_done("multi dial: Carol stops ringing", carol_phone).await;
    phone_done("multi dial: Dan", dan_phone).await;
    let call = last_call(&lab, &both).await;
    let results: Vec<&str> = call["tried"].as_array().unwrap().iter().map(|t| t["result"].as_str().unwrap()).collect();
    assert_eq!((results, call["destination"].as_str()), (vec!["stopped", "answered"], Some("Dan")), "{call}");

    // 5c. A busy phone moves a hunt group on at once.
    let busy_first = lab.destination_plan("Busy Carol then Dan", false, &[(carol, 20), (dan, 20)], 0).await;
    let busy_plan = lab.service_plan("Busy", &office(("routing", busy_first, 0), ("routing", busy_first, 0))).await;
    let (_, busy) = lab.number(5, busy_plan, false, 0).await;
    let (carol_phone, dan_phone) = (engine.phone(15073, "phone_busy"), engine.phone(15074, "phone_answers"));
    succeeded("busy", &engine.call("caller_talks", &busy, "").await);
    phone_done("busy: Carol", carol_phone).await;
    phone_done("busy: Dan", dan_phone).await;
    let call = last_call(&lab, &busy).await;
    let results: Vec<&str> = call["tried"].as_array().unwrap().iter().map(|t| t["result"].as_str().unwrap()).collect();
    assert_eq!(results, ["busy", "answered"], "{call}");
    assert!(call["ringSeconds"].as_i64().unwrap() < 5, "no waiting on a busy line: {call}");

    // 5d. A queue: the caller is answered and waits with the queue's music until Erin answers.
    let queue: i64 = sqlx::query_scalar("SELECT id FROM queues WHERE customer_id = 100 ORDER BY id LIMIT 1")
        .fetch_one(&lab.app.state.db)
        .await
        .unwrap();
    let queued = lab.destination_plan("Queued for Erin", false, &[(erin, 20)], queue).await;
    let queue_plan = lab.service_plan("Queue", &office(("routing", queued, 0), ("routing", queued, 0))).await;
    let (_, waiting) = lab.number(6, queue_plan, false, 0).await;
    let phone = engine.phone(15075, "phone_answers");
    succeeded("queue", &engine.call("caller_talks", &waiting, "").await);
    phone_done("queue: Erin", phone).await;
    let call = last_call(&lab, &waiting).await;
    assert_eq!(call["destination"], "Erin", "{call}");
    let queue_name: String = sqlx::query_scalar("SELECT queue_name FROM calls WHERE id = $1")
        .bind(call["id"].as_i64().unwrap())
        .fetch_one(&lab.app.state.db)
        .await
        .unwrap();
    assert!(!queue_name.is_empty(), "the call names its queue");

    // 5e. A queue of one line, in a position mode, with its hold music: two callers. The first
    // rings Erin (who does not answer) and waits 17 s; the second, arriving once the first is
    // there, waits for the line and, at the 10 s message, hears its place in the engine's voice
    // ("You are currently caller number 2 ..."), then hangs up at 16 s, never having rung anyone.
    let message = lab.audio("Hold message", "Thank you for holding.").await;
    let next = lab.audio("Next in line", "You are next.").await;
    sqlx::query(
        "UPDATE queues SET message_mode = 3, message_interval = 10, hold_music = 3, welcome_audio_id = 0, audio_1_id = $1,
         next_in_line_audio_id = $2, max_calls = 10, lines_qty = 1 WHERE id = $3",
    )
    .bind(message)
    .bind(next)
    .bind(queue)
    .execute(&lab.app.state.db)
    .await
    .unwrap();
    let one_line = lab.destination_plan("One line to Erin", false, &[(erin, 30)], queue).await;
    let one_line_plan = lab.service_plan("One line", &office(("routing", one_line, 0), ("routing", one_line, 0))).await;
    let (_, busy_queue) = lab.number(10, one_line_plan, false, 0).await;
    let steps = &lab.app.state.telephony_steps;
    let (played, failed) = (steps.played_playbacks(), steps.failed_playbacks());
    let heard = [
        "Playing 'queue-thereare",
        "Playing 'digits/2",
        "Playing 'queue-callswaiting",
        "music on hold, class 'hold-3'",
    ];
    let logged_before: Vec<usize> = heard.iter().map(|text| engine.logged(text)).collect();
    let phone = engine.phone(15075, "phone_rings_out");
    let (first, second) = tokio::join!(engine.call_from(15061, "caller_waits_longer", &busy_queue, ""), async {
        while engine_channels(&lab, &busy_queue).await.is_empty() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        engine.call_from(15062, "caller_waits", &busy_queue, "").await
    });
    succeeded("one line: the first caller", &first);
    succeeded("one line: the second caller", &second);
    phone_done("one line: Erin rings out", phone).await;
    let mut tried = Vec::new();
    for channel in engine_channels(&lab, &busy_queue).await {
        let call = lab.finished_call(&channel).await;
        tried.push(call["tried"].as_array().map_or(0, Vec::len));
    }
    assert_eq!(tried, [1, 0], "the first caller rang Erin, the second waited for the line");
    // The first heard "next in line", the second its place, spoken, each to its end.
    assert_eq!(steps.failed_playbacks(), failed, "every prompt played");
    // At 10 s the first heard "next in line", the second its place.
    assert!(steps.played_playbacks() >= played + 2, "the places were played");
    for (text, before) in heard.iter().zip(logged_before) {
        assert!(engine.logged(text) > before, "the engine's log says it played {text}");
    }

    // 6. A number no one tracks is refused (SIP 404) and writes nothing.
    let before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM calls").fetch_one(&lab.app.state.db).await.unwrap();
    succeeded("untracked", &engine.call("caller_refused", "441632960999", "").await);
    let after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM calls").fetch_one(&lab.app.state.db).await.unwrap();
    assert_eq!(before, after);

    // 7. A website visitor is shown a pool number and calls it: the call is credited to the visit.
    let client = reqwest::Client::new();
    let visit = client
        .post(format!("http://{}/tracking/visit", lab.addr))
        .header("user-agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36")
        .form(&[
            ("reference", "hld-implants"),
            ("visitorId", ""),
            ("page", "http://implants.harbourlanedental.co.uk/?utm_source=newsletter&utm_medium=email"),
            ("referrer", ""),
        ])
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let visit: Value = serde_json::from_str(&visit).unwrap();
    let shown: String = visit["number"]["tel"]
        .as_str()
        .unwrap_or_else(|| panic!("a number: {visit}"))
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let national = format!("0{}", shown.strip_prefix("44").unwrap_or(&shown));
    let pool: i64 = sqlx::query_scalar("SELECT routing_entry_id FROM pool_numbers WHERE number = $1")
        .bind(&national)
        .fetch_one(&lab.app.state.db)
        .await
        .unwrap();
    let web_plan = lab.service_plan("Website", &office(("routing", web, 0), ("routing", web, 0))).await;
    let reply = post(
        &lab.app,
        "/api/manageconnections/connectAdvanced/",
        &lab.owner,
        &advanced_row(0, "form_number_set_id", pool, "", web_plan),
    )
    .await;
    assert_eq!(reply.status, axum::http::StatusCode::OK, "{}", reply.text());
    let phone = engine.phone(15075, "phone_answers");
    succeeded("website call", &engine.call("caller_talks", &shown, "").await);
    phone_done("website call: the phone", phone).await;
    let call = last_call(&lab, &national).await;
    let (visit_id, source): (Option<i64>, Option<i64>) =
        sqlx::query_as("SELECT visit_id, source_medium_id FROM calls WHERE id = $1")
            .bind(call["id"].as_i64().unwrap())
            .fetch_one(&lab.app.state.db)
            .await
            .unwrap();
    assert_eq!(visit_id, visit["visitId"].as_i64(), "the call is the visit's");
    let (visit_source,): (Option<i64>,) = sqlx::query_as("SELECT source_medium_id FROM visits WHERE id = $1")
        .bind(visit_id)
        .fetch_one(&lab.app.state.db)
        .await
        .unwrap();
    assert_eq!(source, visit_source, "credited to the visit's source");
    assert!(source.is_some());

    // What follows proves the engine's and the recogniser's side, the same on either database:
    // once, on SQLite (the transcription job itself runs on both in tests/api/transcription.rs).
    if crate::ON_POSTGRES {
        return;
    }

    // 8. The caller says a known sentence (espeak-ng, streamed by SIPp): the recording is
    // transcribed by the transcription job the demo's calls go through.
    sqlx::query("UPDATE customers SET has_speech = 1 WHERE id = 100").execute(&lab.app.state.db).await.unwrap();
    engine.say(SENTENCE).await;
    let (_, spoken) = lab.number(7, in_hours, true, 0).await;
    let phone = engine.phone(15071, "phone_listens");
    succeeded("a sentence", &engine.call("caller_speaks", &spoken, "").await);
    phone_done("a sentence: the phone", phone).await;
    let call = last_call(&lab, &spoken).await;
    let id = call["id"].as_i64().unwrap();
    recording_bytes(&lab, id).await;
    let recogniser = server::jobs::transcription::Local::in_checkout();
    // This call alone (the newest recording waiting), not the demo's waiting recordings too.
    let now = lab.app.state.clock.now();
    server::jobs::transcription::run_batch(&lab.app.state.db, &recogniser, now, 1).await.unwrap();
    let (text, audio_ms): (String, i64) = sqlx::query_as("SELECT text, audio_ms FROM transcripts WHERE call_id = $1")
        .bind(id)
        .fetch_one(&lab.app.state.db)
        .await
        .unwrap();
    // Debian's pocketsphinx, today's recogniser, hears even the clean espeak-ng sentence as other
    // words ("these are all we got two are in are you"): the words themselves are asserted once
    // the recogniser is replaced (the speech issue), and it hears the same call differently from
    // run to run. Here: the recording, as long as the sentence, was heard into a transcript.
    mark("a sentence: transcribed");
    let heard = SENTENCE.split(' ').filter(|w| text.to_lowercase().split(' ').any(|t| t == *w)).count();
    println!("the sentence {SENTENCE:?} was heard as {text:?}: {heard} of its words");
    assert!(
        !text.trim().is_empty() && audio_ms >= 4_000,
        "the recording of the sentence was heard: {text:?}, {audio_ms} ms"
    );

    // 9. The engine restarts mid-call: the call is closed with a reason, once; the engine
    // connects again on its own.
    let (_, cut) = lab.number(8, in_hours, false, 0).await;
    let _phone = engine.phone(15071, "phone_answers");
    let restart = async {
        for _ in 0..200 {
            let answered: Option<String> = sqlx::query_scalar(
                "SELECT outcome FROM calls WHERE tracked_number = $1 AND engine_channel IS NOT NULL AND in_progress = 1",
            )
            .bind(&cut)
            .fetch_optional(&lab.app.state.db)
            .await
            .unwrap();
            if answered.as_deref() == Some("answered") {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        start_engine(&engine.scripts, &format!("ws://{}/telephony/ari", lab.addr)).await;
    };
    let (_cut_off, ()) = tokio::join!(engine.call("caller_cut_off", &cut, ""), restart);
    let call = last_call(&lab, &cut).await;
    // Whichever of its channels the stopping engine hangs up first (or the connection's loss)
    // closes it, with that reason.
    assert!(
        ["The telephony engine lost the call.", "The caller hung up.", "The destination hung up."]
            .contains(&call["endReason"].as_str().unwrap()),
        "{call}"
    );
    let rows: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM calls WHERE tracked_number = $1 AND engine_channel IS NOT NULL")
            .bind(&cut)
            .fetch_one(&lab.app.state.db)
            .await
            .unwrap();
    let seen: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT engine_channel, end_reason, outcome, started_at FROM calls WHERE tracked_number = $1 AND engine_channel IS NOT NULL",
    )
    .bind(&cut)
    .fetch_all(&lab.app.state.db)
    .await
    .unwrap();
    assert_eq!(rows, 1, "nothing counted twice: {seen:?}");
    mark("restart");
    engine.registered().await;

    // 10. The server cannot be reached: the caller is answered with the fallback message, never
    // dead air. When the engine reaches the server again, the call is written from the engine's
    // detail records, once.
    start_engine(&engine.scripts, "ws://127.0.0.1:9/telephony/ari").await;
    let count = || async {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM calls WHERE tracked_number = $1")
            .bind(&van)
            .fetch_one(&lab.app.state.db)
            .await
            .unwrap();
        n
    };
    let before = count().await;
    succeeded("fallback", &engine.call("caller_hears_fallback", &van, "").await);
    assert_eq!(count().await, before, "nothing is written while the server is away");
    start_engine(&engine.scripts, &format!("ws://{}/telephony/ari", lab.addr)).await;
    engine.registered().await;
    mark("reconnected");
    for _ in 0..200 {
        if count().await > before {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let call = last_call(&lab, &van).await;
    assert_eq!(call["endReason"], server::telephony::unreached::UNREACHED, "{call}");
    assert_eq!(count().await, before + 1, "the missed call, once");
    drop(engine);
}

/// SIPp's per-call response times (ms) from its `-trace_rtt` files under `dir`, removing them.
fn response_times(dir: &Path) -> Vec<u32> {
    let mut times = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("caller_bench_") && name.ends_with("_rtt.csv") {
            let text = std::fs::read_to_string(&path).unwrap();
            // Date_ms;response_time_ms;rtd_no
            for line in text.lines().skip(1) {
                if let Some(ms) = line.split(';').nth(1).and_then(|v| v.trim().parse::<f64>().ok()) {
                    times.push(ms.round() as u32);
                }
            }
            std::fs::remove_file(&path).unwrap();
        }
    }
    times.sort_unstable();
    times
}

/// One round of the benchmark: `calls` calls at `rate` a second, each talking 12 s, to a number
/// whose phone answers them all. Returns (post-dial delays in ms, calls written complete).
async fn round(lab: &Lab, engine: &RealEngine, number: &str, calls: u32, rate: u32) -> (Vec<u32>, i64) {
    let before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM calls WHERE tracked_number = $1 AND in_progress = 0")
        .bind(number)
        .fetch_one(&lab.app.state.db)
        .await
        .unwrap();
    let phone = Command::new("chroot")
        .arg(&engine.root)
        .args(["timeout", "120", "sipp", "-sf", &format!("{SCENARIOS}/phone_answers.xml")])
        .args(["-i", "127.0.0.1", "-p", "15071", "-m", &calls.to_string(), "-mi", "127.0.0.1", "-mp", "16100"])
        .args(["-timeout", "100s", "-timeout_error", "-nostdin"])
        .output();
    let caller = Command::new("chroot")
        .arg(&engine.root)
        .args(["timeout", "120", "sipp", "-sf", &format!("{SCENARIOS}/caller_bench.xml"), "-s", number])
        .args(["-key", "caller", CALLER, "-i", CALLER_ADDRESS, "-p", "15061", "-mi", "127.0.0.1", "-mp", "16000"])
        .args([
            "-m",
            &calls.to_string(),
            "-l",
            &calls.to_string(),
            "-r",
            &rate.to_string(),
            "-trace_rtt",
            "-rtt_freq",
            "1",
        ])
        .args(["-timeout", "100s", "-timeout_error", "-nostdin", "127.0.0.1:15060"])
        .output();
    let (phone, caller) = tokio::join!(phone, caller);
    succeeded("benchmark: the callers", &caller.unwrap());
    succeeded("benchmark: the phone", &phone.unwrap());
    let mut complete = 0;
    for _ in 0..200 {
        let now: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM calls WHERE tracked_number = $1 AND in_progress = 0")
            .bind(number)
            .fetch_one(&lab.app.state.db)
            .await
            .unwrap();
        complete = now - before;
        if complete >= i64::from(calls) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // SIPp writes its response times where it runs: the root's /.
    (response_times(&engine.root), complete)
}

/// `bash scripts/bench-telephony.sh`: 20 and then 50 concurrent calls through the real engine.
#[tokio::test]
#[ignore = "a benchmark: bash scripts/bench-telephony.sh runs it"]
async fn benchmark_concurrent_calls() {
    use server::telephony::metrics::percentile;
    let lab = Lab::start_with("http://127.0.0.1:18088/ari").await;
    let alice = lab.destination("Alice", "07700900101").await;
    let front = lab.destination_plan("Front desk", false, &[(alice, 30)], 0).await;
    let plan = lab.service_plan("Office", &office(("routing", front, 0), ("routing", front, 0))).await;
    let (_, number) = lab.number(0, plan, false, 0).await;
    let engine = RealEngine::start(&lab).await;
    for (calls, rate) in [(20, 2), (50, 5)] {
        lab.app.state.telephony_steps.clear();
        let (delays, complete) = round(&lab, &engine, &number, calls, rate).await;
        let steps = lab.app.state.telephony_steps.sorted();
        println!(
            "{calls} concurrent calls: {complete} written complete, {} lost; post-dial delay p50 {} ms, p99 {} ms ({} measured); \
             the server's decision per step p50 {} µs, p99 {} µs ({} steps)",
            i64::from(calls) - complete,
            percentile(&delays, 50.0),
            percentile(&delays, 99.0),
            delays.len(),
            percentile(&steps, 50.0),
            percentile(&steps, 99.0),
            steps.len()
        );
        assert_eq!(complete, i64::from(calls), "no call lost, no row missing");
    }
    drop(engine);
}
