//! Transcription: the job hears a synthesised recording with the local recogniser
//! and finds what was said; each call is transcribed once however many processes run the job
//! (claims in the database, lapsing); the transcript is read under the call's recording with the
//! recordings permission, and another customer's call is not found.

use server::store::CustomerId;
use std::collections::HashMap;
use std::sync::Mutex;

use axum::http::StatusCode;
use server::jobs::transcription::{
    pronunciations, run_batch, run_once, Heard, HeardWord, Local, Pocketsphinx, Pocketsphinx5, Pronunciation,
    Recogniser, CLAIM_SECONDS, LOCAL, MAX_ATTEMPTS, RETRY_SECONDS,
};
use server::providers::text_to_speech::{dialogue_mp3_in, DialogueVoices, Voice, AMERICAN, BRITISH};
use server::store::transcripts::waiting;
use sqlx::AnyPool;

use crate::helpers::TestApp;

/// Atlas Insurance Group: Enterprise, with speech.
const ATLAS: i64 = 300;
const HARBOUR_LANE: i64 = 100;

/// The recorded calls of the accounts with speech (Atlas), newest first.
async fn waiting_calls(db: &AnyPool) -> Vec<(i64, i64)> {
    sqlx::query_as(
        "SELECT r.call_id, r.customer_id FROM call_recordings r JOIN customers c ON c.id = r.customer_id
         WHERE c.has_speech = 1 ORDER BY r.call_id DESC",
    )
    .fetch_all(db)
    .await
    .unwrap()
}

async fn set_audio(db: &AnyPool, call: i64, audio: Vec<u8>) {
    sqlx::query("UPDATE call_recordings SET content = $1 WHERE call_id = $2")
        .bind(audio)
        .bind(call)
        .execute(db)
        .await
        .unwrap();
}

async fn transcripts(db: &AnyPool) -> Vec<(i64, String)> {
    sqlx::query_as("SELECT call_id, text FROM transcripts ORDER BY call_id").fetch_all(db).await.unwrap()
}

/// Hears "call <n>" in any recording, counting what it heard; pausing a little so runs overlap.
#[derive(Default)]
struct Counting(Mutex<HashMap<Vec<u8>, u32>>);

impl Recogniser for Counting {
    fn name(&self) -> &str {
        "counting"
    }

    async fn transcribe(&self, audio: &[u8], _: &[Pronunciation]) -> Result<Heard, String> {
        *self.0.lock().unwrap().entry(audio.to_vec()).or_default() += 1;
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        let word = HeardWord { word: "heard".into(), start_ms: 0, end_ms: 400 };
        Ok(Heard { text: String::from_utf8_lossy(audio).into_owned(), words: vec![word], audio_ms: 1_000 })
    }
}

/// Hears nothing, keeping the vocabulary it is given for each recording.
#[derive(Default)]
struct Given(Mutex<Vec<Vec<Pronunciation>>>);

impl Recogniser for Given {
    fn name(&self) -> &str {
        "given"
    }

    async fn transcribe(&self, _: &[u8], vocabulary: &[Pronunciation]) -> Result<Heard, String> {
        self.0.lock().unwrap().push(vocabulary.to_vec());
        Ok(Heard::default())
    }
}

/// Always fails, as a recogniser that is not installed would.
struct Broken;

impl Recogniser for Broken {
    fn name(&self) -> &str {
        "broken"
    }

    async fn transcribe(&self, _: &[u8], _: &[Pronunciation]) -> Result<Heard, String> {
        Err("pocketsphinx_continuous: No such file or directory".into())
    }
}

#[tokio::test]
async fn the_job_transcribes_a_synthesised_recording_and_the_transcript_holds_the_phrase_said() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let (call, _) = waiting_calls(db).await.into_iter().find(|(_, c)| *c == ATLAS).expect("Atlas has recordings");
    // One short recording to hear (the recogniser takes about a second for it): the others go.
    sqlx::query("DELETE FROM call_recordings WHERE call_id <> $1").bind(call).execute(db).await.unwrap();
    // The demo's British voices, a little slower (the same audio is always heard the same).
    let lines = [
        (Voice::Agent, "Good morning, how can I help?"),
        (Voice::Caller, "I would like to book an appointment, please."),
    ];
    let voices = DialogueVoices { words_per_minute: 140, ..BRITISH };
    set_audio(db, call, dialogue_mp3_in(&lines, voices).await.expect("espeak-ng and lame are installed")).await;

    let enterprise = app.login("enterprise@demo.test").await;
    let before = app.get(&format!("/api/reports/getTranscript/{call}"), Some(&enterprise)).await;
    assert_eq!(before.status, StatusCode::OK);
    assert_eq!(before.json()["state"], "pending");

    let ran = run_once(db, &Local::in_checkout(), app.state.clock.now()).await.unwrap();
    assert_eq!((ran.heard, ran.failed), (1, 0), "{ran:?}");
    let reply = app.get(&format!("/api/reports/getTranscript/{call}"), Some(&enterprise)).await;
    assert_eq!(reply.status, StatusCode::OK);
    let transcript = reply.json();
    assert_eq!(transcript["state"], "ready");
    let text = transcript["text"].as_str().unwrap();
    assert!(text.contains("book an appointment"), "{text:?}");
    // The recogniser in words a customer understands, never its version string.
    assert_eq!(transcript["recogniser"], "our basic offline speech recogniser");
    assert_eq!(transcript["transcribedAt"], "23/11/2026 10:00 GMT");
    let words = transcript["words"].as_array().unwrap();
    let appointment = words.iter().find(|w| w["word"] == "appointment").expect("the word with its times");
    assert!(appointment["startMs"].as_i64().unwrap() > 1_500, "said in the second line: {appointment}");
    assert!(appointment["endMs"].as_i64() > appointment["startMs"].as_i64());

    // Heard once: the next run has nothing to do.
    assert_eq!(run_once(db, &Local::in_checkout(), app.state.clock.now()).await.unwrap(), Default::default());
}

/// A caller asking for a product whose name is no English word: the recogniser's dictionary lacks
/// it. (espeak-ng's US English voice; the same audio every run, heard the same.)
const PRODUCT_CALL: [(Voice, &str); 2] = [
    (Voice::Agent, "Good morning, how can I help?"),
    (Voice::Caller, "I would like to order the Dorvana kit, please."),
];

#[tokio::test]
async fn an_invented_product_name_is_heard_once_it_is_in_the_accounts_vocabulary_and_its_voice_tag_tags_the_call() {
    let mp3 = dialogue_mp3_in(&PRODUCT_CALL, AMERICAN).await.expect("espeak-ng and lame are installed");
    let words = |heard: &Heard| heard.words.iter().map(|w| w.word.clone()).collect::<Vec<_>>();
    // Without the vocabulary neither recogniser hears the name; PocketSphinx 5 given it does.
    let ps5 = Pocketsphinx5::in_checkout();
    // The recognisers alone touch no database: heard once, on SQLite (their three runs are most of
    // this test's time); the job below runs on both.
    if !crate::ON_POSTGRES {
        let without = ps5.transcribe(&mp3, &[]).await.expect("PocketSphinx 5 is installed (scripts/setup.sh)");
        assert!(!words(&without).contains(&"dorvana".to_string()), "{:?}", without.text);
        let debian = Pocketsphinx.transcribe(&mp3, &[]).await.unwrap();
        assert!(!words(&debian).contains(&"dorvana".to_string()), "{:?}", debian.text);
        let vocabulary = pronunciations(&["dorvana".into(), "kit".into()]).await.expect("espeak-ng is installed");
        let with = ps5.transcribe(&mp3, &vocabulary).await.unwrap();
        let dorvana = with.words.iter().find(|w| w.word == "dorvana").unwrap_or_else(|| panic!("{:?}", with.text));
        assert!(dorvana.start_ms > 1_500, "said in the caller's line: {dorvana:?}");
    }

    // The job: the account's vocabulary reaches the recogniser, and a voice tag on the name tags
    // the call.
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let (call, _) = waiting_calls(db).await.into_iter().find(|(_, c)| *c == ATLAS).expect("Atlas has recordings");
    sqlx::query("DELETE FROM call_recordings WHERE call_id <> $1").bind(call).execute(db).await.unwrap();
    set_audio(db, call, mp3).await;
    let enterprise = app.login("enterprise@demo.test").await;
    let form = [("form_description", "Products"), ("form_words", "Dorvana kit")];
    assert_eq!(app.post_form("/api/speech/addVocabulary", Some(&enterprise), &form).await.status, StatusCode::OK);
    let tag = [("form_description", "Dorvana"), ("form_phrases", "dorvana"), ("form_side", "either")];
    assert_eq!(app.post_form("/api/speech/addVoiceTag", Some(&enterprise), &tag).await.status, StatusCode::OK);

    let ran = run_once(db, &Local { with_vocabulary: ps5 }, app.state.clock.now()).await.unwrap();
    assert_eq!((ran.heard, ran.failed), (1, 0), "{ran:?}");
    let transcript = app.get(&format!("/api/reports/getTranscript/{call}"), Some(&enterprise)).await.json();
    assert!(transcript["text"].as_str().unwrap().contains("dorvana"), "{transcript}");
    assert_eq!(transcript["recogniser"], domain::speech::recogniser_label(LOCAL));
    assert_eq!(
        sqlx::query_scalar::<_, String>("SELECT recogniser FROM transcripts WHERE call_id = $1")
            .bind(call)
            .fetch_one(db)
            .await
            .unwrap(),
        LOCAL
    );
    let tags: String =
        sqlx::query_scalar("SELECT tags FROM calls WHERE id = $1").bind(call).fetch_one(db).await.unwrap();
    assert!(tags.contains("Dorvana"), "{tags}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_running_the_job_at_once_transcribe_each_call_once() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    // A second process: its own connection pool on the same database.
    let other = server::db::connect(&app.state.settings.database_url).await.unwrap();
    let calls = waiting_calls(db).await;
    assert!(calls.len() >= 3, "the demo's speech accounts have recordings: {calls:?}");
    for (call, _) in &calls {
        set_audio(db, *call, format!("call {call}").into_bytes()).await;
    }
    let now = app.state.clock.now();
    let counting = Counting::default();
    let (here, there) = tokio::join!(run_once(db, &counting, now), run_once(&other, &counting, now));
    let (here, there) = (here.unwrap(), there.unwrap());

    let heard = counting.0.into_inner().unwrap();
    assert_eq!(heard.len(), calls.len());
    assert!(heard.values().all(|&times| times == 1), "{heard:?}");
    assert_eq!(here.heard + there.heard, calls.len());
    let stored = transcripts(db).await;
    assert_eq!(stored.len(), calls.len());
    assert!(stored.iter().all(|(call, text)| *text == format!("call {call}")), "{stored:?}");
    let claims: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM transcription_claims").fetch_one(db).await.unwrap();
    assert_eq!(claims, 0, "claims are given up with the transcript");
    // Harbour Lane Dental has recordings but no speech analytics: none of its calls was heard.
    assert!(stored.iter().all(|(call, _)| calls.iter().any(|(c, _)| c == call)));
}

#[tokio::test]
async fn audio_heard_before_is_not_heard_again_and_a_lapsed_claim_is_taken_over() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let now = app.state.clock.now();
    let calls = waiting_calls(db).await;
    for (call, _) in &calls {
        set_audio(db, *call, b"the same dialogue".to_vec()).await;
    }
    // A run that died holds the newest call.
    let (held, _) = calls[0];
    assert_eq!(
        server::store::transcripts::claim(db, held, now, now + CLAIM_SECONDS, MAX_ATTEMPTS).await.unwrap(),
        Some(1)
    );
    let counting = Counting::default();
    let ran = run_once(db, &counting, now).await.unwrap();
    assert_eq!((ran.heard, ran.reused), (1, calls.len() - 2), "heard once, then reused");
    assert!(!transcripts(db).await.iter().any(|(call, _)| *call == held), "still claimed");

    let ran = run_once(db, &counting, now + CLAIM_SECONDS).await.unwrap();
    assert_eq!((ran.heard, ran.reused), (0, 1), "the claim lapsed: taken over, and the audio known");
    assert_eq!(transcripts(db).await.len(), calls.len());
}

#[tokio::test]
async fn a_failing_recogniser_is_retried_an_hour_later_and_given_up_after_three_attempts() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let now = app.state.clock.now();
    let calls = waiting_calls(db).await;
    let call = calls.iter().find(|(_, c)| *c == ATLAS).unwrap().0;
    let enterprise = app.login("enterprise@demo.test").await;
    let state = || async {
        app.get(&format!("/api/reports/getTranscript/{call}"), Some(&enterprise)).await.json()["state"].clone()
    };

    assert_eq!(run_once(db, &Broken, now).await.unwrap().failed, calls.len());
    assert_eq!(run_once(db, &Broken, now + RETRY_SECONDS - 1).await.unwrap().failed, 0, "held for an hour");
    assert_eq!(state().await, "pending");
    run_once(db, &Broken, now + RETRY_SECONDS).await.unwrap();
    run_once(db, &Broken, now + 2 * RETRY_SECONDS).await.unwrap();
    assert_eq!(state().await, "failed");
    let error: String = sqlx::query_scalar("SELECT last_error FROM transcription_claims WHERE call_id = $1")
        .bind(call)
        .fetch_one(db)
        .await
        .unwrap();
    assert!(error.contains("No such file"), "{error}");
    assert_eq!(run_once(db, &Counting::default(), now + 10 * RETRY_SECONDS).await.unwrap(), Default::default());
}

#[tokio::test]
async fn the_transcript_needs_the_recordings_permission_and_the_calls_own_account() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    run_once(db, &Counting::default(), app.state.clock.now()).await.unwrap();
    let atlas_call = waiting_calls(db).await.into_iter().find(|(_, c)| *c == ATLAS).unwrap().0;
    let path = |call: i64| format!("/api/reports/getTranscript/{call}");

    let enterprise = app.login("enterprise@demo.test").await;
    assert_eq!(app.get(&path(atlas_call), Some(&enterprise)).await.json()["state"], "ready");
    // Another customer's call, and nonsense ids: not found.
    let owner = app.login("owner@demo.test").await;
    let reply = app.get(&path(atlas_call), Some(&owner)).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert!(reply.json()["text"].is_null(), "no transcript in the answer");
    for id in ["0", "-1", "abc", "99999999999999999999"] {
        assert_eq!(
            app.get(&format!("/api/reports/getTranscript/{id}"), Some(&owner)).await.status,
            StatusCode::NOT_FOUND
        );
    }
    // Harbour Lane Dental's recorded call: no speech analytics. An unrecorded call: no recording.
    let harbour: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT c.id, CASE WHEN r.call_id IS NULL THEN 0 ELSE 1 END FROM calls c
         LEFT JOIN call_recordings r ON r.call_id = c.id WHERE c.customer_id = $1 AND c.direction = 'inbound'
         ORDER BY 2 DESC, c.id DESC",
    )
    .bind(HARBOUR_LANE)
    .fetch_all(db)
    .await
    .unwrap();
    assert_eq!(app.get(&path(harbour[0].0), Some(&owner)).await.json()["state"], "notIncluded");
    let unrecorded = harbour.iter().find(|(_, recorded)| *recorded == 0).unwrap().0;
    assert_eq!(app.get(&path(unrecorded), Some(&owner)).await.json()["state"], "noRecording");

    // Atlas's call from Stone & Sons, whose owner hears its own recordings: not found.
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get(&path(atlas_call), Some(&starter)).await.status, StatusCode::NOT_FOUND);
    // Without the recordings flag (starter@demo.test once it is taken away; admin@demo.test), no transcript.
    sqlx::query("UPDATE users SET call_rec_flag = 0 WHERE email = 'starter@demo.test'").execute(db).await.unwrap();
    for email in ["starter@demo.test", "admin@demo.test"] {
        let session = app.login(email).await;
        assert_eq!(app.get(&path(atlas_call), Some(&session)).await.status, StatusCode::FORBIDDEN, "{email}");
    }
    assert_eq!(app.get(&path(atlas_call), None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_job_takes_the_accounts_in_turn_so_one_with_many_calls_waiting_holds_up_no_other() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let now = app.state.clock.now();
    // Every account with recordings has speech: Atlas and Harbour Lane Dental have several each.
    sqlx::query("UPDATE customers SET has_speech = 1").execute(db).await.unwrap();
    let recorded: Vec<(i64, i64)> =
        sqlx::query_as("SELECT call_id, customer_id FROM call_recordings ORDER BY call_id DESC")
            .fetch_all(db)
            .await
            .unwrap();
    let mut newest: Vec<(i64, i64)> = Vec::new();
    for (call, customer) in &recorded {
        if !newest.iter().any(|(_, c)| c == customer) {
            newest.push((*call, *customer));
        }
    }
    assert!(newest.len() >= 2 && recorded.len() > newest.len(), "{recorded:?}");
    let accounts = newest.len() as i64;

    newest.sort_unstable();
    // As many calls as accounts: each account's newest waiting call, whoever has the most waiting;
    // twice as many: those first, then each account's next.
    let mut first_round = waiting(db, now, MAX_ATTEMPTS, accounts).await.unwrap();
    first_round.sort_unstable();
    let newest: Vec<(i64, CustomerId)> =
        newest.into_iter().map(|(call, customer)| (call, CustomerId::new(customer))).collect();
    assert_eq!(first_round, newest);
    let mut two_rounds = waiting(db, now, MAX_ATTEMPTS, 2 * accounts).await.unwrap();
    two_rounds.truncate(accounts as usize);
    two_rounds.sort_unstable();
    assert_eq!(two_rounds, newest);

    // The job's batch as large as that: every account's newest call is heard.
    let ran = run_batch(db, &Counting::default(), now, accounts).await.unwrap();
    assert_eq!(ran.heard + ran.reused, newest.len(), "{ran:?}");
    let heard: Vec<i64> = transcripts(db).await.into_iter().map(|(call, _)| call).collect();
    assert_eq!(heard, newest.iter().map(|(call, _)| *call).collect::<Vec<_>>());
}

#[tokio::test]
async fn the_recogniser_is_given_the_pronunciations_kept_with_the_vocabularies_and_old_ones_get_theirs_once() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let now = app.state.clock.now();
    let calls: Vec<i64> =
        waiting_calls(db).await.into_iter().filter(|(_, c)| *c == ATLAS).map(|(call, _)| call).collect();
    assert!(calls.len() >= 2, "{calls:?}");
    let enterprise = app.login("enterprise@demo.test").await;
    let form = [("form_description", "Products"), ("form_words", "Zentrova kit")];
    let saved = app.post_form("/api/speech/addVocabulary", Some(&enterprise), &form).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    let products = saved.json()["id"].as_i64().unwrap();
    // What is kept is what the recogniser is given: changed here, so no run of espeak-ng gives it.
    sqlx::query("UPDATE vocabularies SET pronunciations = $1 WHERE id = $2")
        .bind(r#"[["kit","K IH T"],["zentrova","Z EH N"]]"#)
        .bind(products)
        .execute(db)
        .await
        .unwrap();
    // The demo's vocabulary as one saved before pronunciations were kept.
    sqlx::query("UPDATE vocabularies SET pronunciations = NULL WHERE customer_id = $1 AND id <> $2")
        .bind(ATLAS)
        .bind(products)
        .execute(db)
        .await
        .unwrap();
    sqlx::query("DELETE FROM call_recordings WHERE call_id <> $1 AND call_id <> $2")
        .bind(calls[0])
        .bind(calls[1])
        .execute(db)
        .await
        .unwrap();
    set_audio(db, calls[0], b"one".to_vec()).await;
    set_audio(db, calls[1], b"two".to_vec()).await;

    let given = Given::default();
    assert_eq!(run_once(db, &given, now).await.unwrap().heard, 2);
    let given = given.0.into_inner().unwrap();
    assert_eq!(given[0], given[1], "the same for each recording");
    let phones = |word: &str| given[0].iter().find(|(w, _)| w == word).map(|(_, p)| p.clone());
    assert_eq!(phones("zentrova").as_deref(), Some("Z EH N"), "the kept pronunciation");
    assert_eq!(phones("kit").as_deref(), Some("K IH T"));
    // The demo's words were worked out (once, by espeak-ng) and are kept now.
    assert_eq!(phones("laoghaire").as_deref(), Some("L EY AH G HH EH R"));
    let words: Vec<&str> = given[0].iter().map(|(w, _)| w.as_str()).collect();
    let mut sorted = words.clone();
    sorted.sort_unstable();
    assert_eq!(words, sorted, "each word once, sorted");
    let demo: Option<String> =
        sqlx::query_scalar("SELECT pronunciations FROM vocabularies WHERE customer_id = $1 AND id <> $2")
            .bind(ATLAS)
            .bind(products)
            .fetch_one(db)
            .await
            .unwrap();
    assert!(demo.is_some_and(|kept| kept.contains(r#"["laoghaire","L EY AH G HH EH R"]"#)));
}
