//! Audio through the API: the lists, uploads (real WAV bytes, checked by extension, size and
//! content), playing and downloading, where an audio is used, and deleting with a password
//! confirmation key. Permissions and tenant isolation included.

use axum::http::StatusCode;
use serde_json::{json, Value};

use server::providers::text_to_speech::SpeechEngine;

use crate::helpers::{Reply, TestApp};

const FIVE_MB: usize = 5 * 1024 * 1024;

/// A mono 16-bit PCM WAV file of a sine tone.
pub(crate) fn wav(frequency: f64, samples: usize) -> Vec<u8> {
    let data_len = (samples * 2) as u32;
    let mut bytes = vec![];
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data_len).to_le_bytes());
    bytes.extend_from_slice(b"WAVEfmt ");
    bytes.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    bytes.extend_from_slice(&[1, 0, 1, 0]); // PCM, mono
    bytes.extend_from_slice(&8000u32.to_le_bytes()); // samples per second
    bytes.extend_from_slice(&16000u32.to_le_bytes()); // bytes per second
    bytes.extend_from_slice(&[2, 0, 16, 0]); // block align, bits per sample
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data_len.to_le_bytes());
    for n in 0..samples {
        let v = (2.0 * std::f64::consts::PI * frequency * n as f64 / 8000.0).sin() * 12000.0;
        bytes.extend_from_slice(&(v as i16).to_le_bytes());
    }
    bytes
}

/// (description, sentence, file: (name, bytes), field, message, code)
type UploadCase<'a> = (&'a str, &'a str, Option<(&'a str, Vec<u8>)>, &'a str, &'a str, &'a str);

#[track_caller]
fn assert_refused(reply: &Reply, code: &str, field: &str, message: &str) {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}: {}", reply.text());
    assert_eq!(reply.json()["code"], code, "{}", reply.text());
    assert_eq!(reply.json()["errors"][field], message, "{field}: {}", reply.text());
}

#[track_caller]
fn assert_ok(reply: &Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json()["success"], true, "{}", reply.text());
    reply.json()
}

async fn audio_list(app: &TestApp, session: &str) -> Vec<Value> {
    let reply = app.get("/api/manageaudios/getAudioList", Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["audioList"].as_array().unwrap().clone()
}

async fn customer_audios(app: &TestApp, session: &str) -> Vec<Value> {
    let reply = app.get("/api/manageconnections/getCustomerAudios", Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["audios"].as_array().unwrap().clone()
}

async fn row_of(app: &TestApp, session: &str, id: i64) -> Option<Value> {
    audio_list(app, session).await.into_iter().find(|a| a["AudiID"] == id)
}

/// Uploads a WAV file; returns the new audio's id.
async fn upload(app: &TestApp, session: &str, description: &str, bytes: &[u8]) -> i64 {
    let fields = [("form_description", description), ("form_audio_sentence", "")];
    let reply = app
        .post_multipart_file("/api/manageaudios/addAudio/", Some(session), &fields, ("form_file", "tone.wav", bytes))
        .await;
    assert_ok(&reply)["id"].as_i64().unwrap()
}

pub(crate) async fn confirm_key(app: &TestApp, session: &str) -> String {
    let reply = app.post_form("/api/handleajax/confirmPassword", Some(session), &[("form_password", "demopass")]).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["key"].as_str().unwrap().to_string()
}

pub(crate) async fn delete(app: &TestApp, session: &str, ids: &[i64], key: Option<&str>) -> Reply {
    let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
    let mut fields: Vec<(&str, &str)> = ids.iter().map(|id| ("form_audio_id[]", id.as_str())).collect();
    if let Some(key) = key {
        fields.push(("key", key));
    }
    app.post_form("/api/manageaudios/bulkSoftDelete", Some(session), &fields).await
}

async fn affected(app: &TestApp, session: &str, ids: &[i64]) -> Reply {
    let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
    let fields: Vec<(&str, &str)> = ids.iter().map(|id| ("form_audio_id[]", id.as_str())).collect();
    app.post_multipart("/api/manageaudios/getAffectedLocations", Some(session), &fields).await
}

#[tokio::test]
async fn the_audio_lists_show_the_customers_own_audio() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let list = audio_list(&app, &owner).await;
    let welcome = list.iter().find(|a| a["AudiDescription"] == "Welcome message").expect("a demo audio");
    assert!(welcome["AudiFilename"].as_str().unwrap().ends_with(".wav"));
    assert_eq!(welcome["AudiSentence"], "");
    let date = welcome["createdAt"].as_str().unwrap();
    assert!(date.len() == 10 && &date[2..3] == "/" && &date[5..6] == "/", "dd/mm/yyyy: {date}");
    let speech = list.iter().find(|a| a["AudiFilename"] == "").expect("a text-to-speech audio");
    assert!(!speech["AudiSentence"].as_str().unwrap().is_empty());
    assert!(list.len() >= 10);
    assert!(list.iter().all(|a| a["AudiDescription"] != "Atlas welcome"), "another customer's audio");

    let options = customer_audios(&app, &owner).await;
    assert_eq!(options.len(), list.len());
    assert!(options.iter().any(|a| a["description"] == "Hold music" && a["id"].is_i64()));
    let plain = app.get("/api/manageconnections/getCustomerAudios/", Some(&owner)).await;
    assert_eq!(plain.json()["audios"].as_array().unwrap().len(), options.len());

    // The demo files are real WAV audio.
    let file = welcome["AudiFilename"].as_str().unwrap();
    let reply = app.get(&format!("/api/manageconnections/getAudio/{file}"), Some(&owner)).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(reply.body.starts_with(b"RIFF") && &reply.body[8..12] == b"WAVE" && reply.body.len() > 1000);
}

#[tokio::test]
async fn an_uploaded_wav_plays_and_downloads_as_it_was_sent() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let bytes = wav(440.0, 4000);
    let id = upload(&app, &owner, "Spring promotion", &bytes).await;
    let row = row_of(&app, &owner, id).await.expect("listed");
    assert_eq!(row["AudiDescription"], "Spring promotion");
    let file = row["AudiFilename"].as_str().unwrap().to_string();
    assert!(file.ends_with(".wav") && file.len() > 40, "a random stored name: {file}");
    assert!(customer_audios(&app, &owner).await.iter().any(|a| a["id"] == id));

    let played = app.get(&format!("/api/manageconnections/getAudio/{file}"), Some(&owner)).await;
    assert_eq!(played.status, StatusCode::OK);
    assert_eq!(played.body, bytes);
    assert_eq!(played.header("content-type").as_deref(), Some("audio/wav"));
    assert_eq!(played.header("cache-control").as_deref(), Some("private, max-age=0"));

    let downloaded =
        app.get(&format!("/api/manageconnections/downloadAudio/{file}/Spring%20promotion.wav"), Some(&owner)).await;
    assert_eq!(downloaded.status, StatusCode::OK);
    assert_eq!(downloaded.body, bytes);
    assert_eq!(
        downloaded.header("content-disposition").as_deref(),
        Some("attachment; filename=\"Spring promotion.wav\"; filename*=UTF-8''Spring%20promotion.wav")
    );
    assert_eq!(downloaded.header("cache-control").as_deref(), Some("private, max-age=0"));

    // An MP3 is stored and served as one, through the path without the trailing slash.
    let mp3 = server::providers::text_to_speech::LocalSpeech
        .mp3("Welcome to Harbour Lane")
        .await
        .expect("espeak-ng and lame");
    let fields = [("form_description", "Jingle"), ("form_audio_sentence", "")];
    let reply = app
        .post_multipart_file("/api/manageaudios/addAudio", Some(&owner), &fields, ("form_file", "jingle.MP3", &mp3))
        .await;
    let mp3_id = assert_ok(&reply)["id"].as_i64().unwrap();
    let mp3_file = row_of(&app, &owner, mp3_id).await.unwrap()["AudiFilename"].as_str().unwrap().to_string();
    assert!(mp3_file.ends_with(".mp3"));
    let played = app.get(&format!("/api/manageconnections/getAudio/{mp3_file}"), Some(&owner)).await;
    assert_eq!((played.header("content-type").as_deref(), played.body.clone()), (Some("audio/mpeg"), mp3));
}

#[tokio::test]
async fn a_text_to_speech_audio_keeps_its_sentence_and_no_file() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let fields =
        [("form_description", "Closed today"), ("form_audio_sentence", "We are closed today, please call tomorrow.")];
    let id = assert_ok(&app.post_multipart("/api/manageaudios/addAudio/", Some(&owner), &fields).await)["id"]
        .as_i64()
        .unwrap();
    let row = row_of(&app, &owner, id).await.unwrap();
    assert_eq!(row["AudiFilename"], "");
    assert_eq!(row["AudiSentence"], "We are closed today, please call tomorrow.");
}

#[tokio::test]
async fn an_update_keeps_replaces_or_swaps_the_stored_file() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let first = wav(300.0, 2000);
    let id = upload(&app, &owner, "Seasonal greeting", &first).await;
    let id_text = id.to_string();
    let old_file = row_of(&app, &owner, id).await.unwrap()["AudiFilename"].as_str().unwrap().to_string();

    // No file and no sentence: the description changes, the file stays.
    let fields =
        [("form_description", "Winter greeting"), ("form_audio_sentence", ""), ("form_record_id", id_text.as_str())];
    assert_eq!(assert_ok(&app.post_multipart("/api/manageaudios/updateAudio", Some(&owner), &fields).await)["id"], id);
    let row = row_of(&app, &owner, id).await.unwrap();
    assert_eq!(
        (row["AudiDescription"].as_str(), row["AudiFilename"].as_str()),
        (Some("Winter greeting"), Some(old_file.as_str()))
    );
    let played = app.get(&format!("/api/manageconnections/getAudio/{old_file}"), Some(&owner)).await;
    assert_eq!(played.body, first);

    // A new file replaces the old one.
    let second = wav(600.0, 3000);
    let reply = app
        .post_multipart_file("/api/manageaudios/updateAudio/", Some(&owner), &fields, ("form_file", "new.wav", &second))
        .await;
    assert_ok(&reply);
    let new_file = row_of(&app, &owner, id).await.unwrap()["AudiFilename"].as_str().unwrap().to_string();
    assert_ne!(new_file, old_file);
    assert_eq!(
        app.get(&format!("/api/manageconnections/getAudio/{old_file}"), Some(&owner)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.get(&format!("/api/manageconnections/getAudio/{new_file}"), Some(&owner)).await.body, second);

    // A sentence instead of the file: text to speech from now on.
    let fields = [
        ("form_description", "Winter greeting"),
        ("form_audio_sentence", "Happy holidays"),
        ("form_record_id", id_text.as_str()),
    ];
    assert_ok(&app.post_multipart("/api/manageaudios/updateAudio", Some(&owner), &fields).await);
    let row = row_of(&app, &owner, id).await.unwrap();
    assert_eq!((row["AudiFilename"].as_str(), row["AudiSentence"].as_str()), (Some(""), Some("Happy holidays")));
    assert_eq!(
        app.get(&format!("/api/manageconnections/getAudio/{new_file}"), Some(&owner)).await.status,
        StatusCode::NOT_FOUND
    );

    // Text to speech with the sentence taken away and no file is refused.
    let fields =
        [("form_description", "Winter greeting"), ("form_audio_sentence", ""), ("form_record_id", id_text.as_str())];
    let reply = app.post_multipart("/api/manageaudios/updateAudio", Some(&owner), &fields).await;
    assert_refused(&reply, "VALIDATION_FAILED", "form_file", "File or text to speech is required.");
    assert_refused(&reply, "VALIDATION_FAILED", "form_audio_sentence", "Add file or type text to speech.");
}

#[tokio::test]
async fn every_audio_message_comes_back_on_its_field() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let before = audio_list(&app, &owner).await.len();
    let good = wav(440.0, 800);
    let long = "a".repeat(61);
    let long_sentence = "s".repeat(61);
    let invalid = "Invalid characters found. Allowed characters are letters, numbers, spaces and standard punctuation.";
    let cases: Vec<UploadCase> = vec![
        ("", "", Some(("a.wav", good.clone())), "form_description", "Description is required.", "VALIDATION_FAILED"),
        (
            &long,
            "",
            Some(("a.wav", good.clone())),
            "form_description",
            "Description must not exceed 60 characters.",
            "VALIDATION_FAILED",
        ),
        ("Tone ✓", "", Some(("a.wav", good.clone())), "form_description", invalid, "VALIDATION_FAILED"),
        (
            "welcome MESSAGE",
            "",
            Some(("a.wav", good.clone())),
            "form_description",
            "Description must be unique.",
            "DESCRIPTION_NOT_UNIQUE",
        ),
        ("Tone", "", None, "form_file", "File or text to speech is required.", "VALIDATION_FAILED"),
        ("Tone", "", None, "form_audio_sentence", "Add file or type text to speech.", "VALIDATION_FAILED"),
        (
            "Tone",
            "Hello",
            Some(("a.wav", good.clone())),
            "form_audio_sentence",
            "Choose a file or text to speech, not both.",
            "VALIDATION_FAILED",
        ),
        (
            "Tone",
            "",
            Some(("a.ogg", good.clone())),
            "form_file",
            "Valid file extensions are wav, wma, mp3, m4a and aac.",
            "VALIDATION_FAILED",
        ),
        (
            "Tone",
            "",
            Some(("tone", good.clone())),
            "form_file",
            "Valid file extensions are wav, wma, mp3, m4a and aac.",
            "VALIDATION_FAILED",
        ),
        ("Tone", "", Some(("a.wav", vec![])), "form_file", "The file is empty.", "VALIDATION_FAILED"),
        (
            "Tone",
            "",
            Some(("a.wav", b"<!doctype html><html><body>not audio</body></html>".to_vec())),
            "form_file",
            "The file is not a valid WAV audio file.",
            "VALIDATION_FAILED",
        ),
        // First bytes of audio, then no sound that decodes: the whole file is decoded.
        (
            "Tone",
            "",
            Some((
                "a.wav",
                [&wav(440.0, 800)[..44], b"<!doctype html><p>not audio</p>".repeat(50).as_slice()].concat(),
            )),
            "form_file",
            "The file is not a valid WAV audio file.",
            "VALIDATION_FAILED",
        ),
        (
            "Tone",
            "",
            Some((
                "a.mp3",
                [b"ID3\x04\x00\x00\x00\x00\x00\x00".as_slice(), &[0xFF, 0xFB, 0x90, 0x64], &[0u8; 400]].concat(),
            )),
            "form_file",
            "The file is not a valid MP3 audio file.",
            "VALIDATION_FAILED",
        ),
        (
            "Tone",
            "",
            Some(("a.m4a", good.clone())),
            "form_file",
            "The file is not a valid M4A audio file.",
            "VALIDATION_FAILED",
        ),
        (
            "Tone",
            &long_sentence,
            None,
            "form_audio_sentence",
            "Text to speech must not exceed 60 characters.",
            "VALIDATION_FAILED",
        ),
        ("Tone", "Hello ✓", None, "form_audio_sentence", invalid, "VALIDATION_FAILED"),
    ];
    for (description, sentence, file, field, message, code) in cases {
        let fields = [("form_description", description), ("form_audio_sentence", sentence)];
        let reply = match &file {
            Some((name, bytes)) => {
                app.post_multipart_file(
                    "/api/manageaudios/addAudio/",
                    Some(&owner),
                    &fields,
                    ("form_file", name, bytes),
                )
                .await
            }
            None => app.post_multipart("/api/manageaudios/addAudio/", Some(&owner), &fields).await,
        };
        assert_refused(&reply, code, field, message);
    }
    // An update is held to the same rules (its own description is no clash, another one is).
    let fields = [("form_description", "Hold music"), ("form_audio_sentence", ""), ("form_record_id", "1")];
    let reply = app.post_multipart("/api/manageaudios/updateAudio", Some(&owner), &fields).await;
    assert_refused(&reply, "DESCRIPTION_NOT_UNIQUE", "form_description", "Description must be unique.");
    let fields = [("form_description", "Welcome message"), ("form_audio_sentence", ""), ("form_record_id", "1")];
    let html = b"<html>".repeat(10);
    let reply = app
        .post_multipart_file("/api/manageaudios/updateAudio", Some(&owner), &fields, ("form_file", "x.wav", &html))
        .await;
    assert_refused(&reply, "VALIDATION_FAILED", "form_file", "The file is not a valid WAV audio file.");
    assert_eq!(audio_list(&app, &owner).await.len(), before, "nothing stored");
}

#[tokio::test]
async fn a_file_over_5_mb_gets_the_size_message_not_a_413() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let mut big = wav(440.0, 100);
    big.resize(FIVE_MB + 1, 0);
    let fields = [("form_description", "Too long"), ("form_audio_sentence", "")];
    let reply = app
        .post_multipart_file("/api/manageaudios/addAudio/", Some(&owner), &fields, ("form_file", "long.wav", &big))
        .await;
    assert_refused(&reply, "VALIDATION_FAILED", "form_file", "The file must not exceed 5 MB.");
    // Exactly 5 MB is accepted.
    big.truncate(FIVE_MB);
    let fields = [("form_description", "Just fits"), ("form_audio_sentence", "")];
    let reply = app
        .post_multipart_file("/api/manageaudios/addAudio/", Some(&owner), &fields, ("form_file", "fits.wav", &big))
        .await;
    assert_ok(&reply);
    // Far beyond the upload's allowance the body itself is refused.
    let huge = vec![0u8; 7 * 1024 * 1024];
    let reply = app
        .post_multipart_file("/api/manageaudios/addAudio/", Some(&owner), &fields, ("form_file", "huge.wav", &huge))
        .await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    // The larger allowance is the upload's alone.
    let two_mb = "x".repeat(2 * 1024 * 1024);
    let reply = app
        .post_form("/api/managevoicemails/store/", Some(&owner), &[("description", &two_mb), ("audioId", "9")])
        .await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn the_description_check_answers_whether_a_description_is_free() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let check = |id: i64, description: &'static str| {
        let app = &app;
        let owner = owner.clone();
        async move {
            app.post_form(
                &format!("/api/manageaudios/checkAudioDescription/{id}"),
                Some(&owner),
                &[("form_description", description)],
            )
            .await
        }
    };
    let reply = check(0, " hold MUSIC ").await;
    assert_refused(&reply, "VALIDATION_FAILED", "form_description", "Description must be unique.");
    assert_ok(&check(0, "Brand new").await);
    assert_ok(&check(0, "Atlas welcome").await); // another customer's description
    let welcome =
        audio_list(&app, &owner).await.into_iter().find(|a| a["AudiDescription"] == "Welcome message").unwrap();
    let id = welcome["AudiID"].as_i64().unwrap();
    assert_ok(&check(id, "Welcome message").await); // its own
    assert_refused(
        &check(id, "Hold music").await,
        "VALIDATION_FAILED",
        "form_description",
        "Description must be unique.",
    );
    assert_eq!(check(101, "Anything").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn affected_locations_list_every_place_an_audio_plays() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let id = upload(&app, &owner, "Promo", &wav(500.0, 1000)).await;
    let id_text = id.to_string();
    assert_eq!(assert_ok_list(&affected(&app, &owner, &[id]).await), json!([]));

    let db = &app.state.db;
    for (customer, kind, number, pool, description, intro, whisper) in [
        (100, "static", "01614960555", "", "Main line", id, 0),
        (100, "dynamic", "", "Website", "Website pool", 0, id),
        (300, "static", "01314960555", "", "Not ours", id, id),
    ] {
        sqlx::query(
            "INSERT INTO routing_entries (customer_id, kind, number, pool_name, description, intro_audio_id, whisper_audio_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(customer)
        .bind(kind)
        .bind(number)
        .bind(pool)
        .bind(description)
        .bind(intro)
        .bind(whisper)
        .execute(db)
        .await
        .unwrap();
    }
    let queue = [
        ("form_description", "Overflow"),
        ("form_welcome_audio", id_text.as_str()),
        ("form_queue_full_audio", id_text.as_str()),
        ("form_hold_music", "1"),
        ("form_max_calls", "5"),
        ("form_lines_qty", "1"),
        ("form_message_mode", "1"),
        ("form_message_interval", "30"),
    ];
    assert_ok(&app.post_form("/api/queues/save/0", Some(&owner), &queue).await);
    let voicemail = [("description", "Overflow voicemail"), ("audioId", id_text.as_str())];
    assert_ok(&app.post_form("/api/managevoicemails/store/", Some(&owner), &voicemail).await);

    let item = |location: &str, kind: &str, description: &str| json!({ "audioDescription": "Promo", "location": location, "type": kind, "description": description });
    assert_eq!(
        assert_ok_list(&affected(&app, &owner, &[id]).await),
        json!([
            item("Service number 0161 496 0555", "Intro", "Main line"),
            item("Pool Website", "Whisper", "Website pool"),
            item("Queue Overflow", "Welcome", "Overflow"),
            item("Queue Overflow", "Queue full", "Overflow"),
            item("Voicemail Overflow voicemail", "Greeting", "Overflow voicemail"),
        ])
    );

    // The demo's welcome message greets callers in two queues.
    let welcome = affected(&app, &owner, &[1]).await.json()["list"].as_array().unwrap().clone();
    assert!(welcome.contains(&json!({
        "audioDescription": "Welcome message", "location": "Queue Reception queue", "type": "Welcome",
        "description": "Reception queue"
    })));
    assert!(welcome.iter().any(|i| i["location"] == "Queue Appointments queue"));

    // Another customer's audio: 404.
    assert_eq!(affected(&app, &owner, &[id, 101]).await.status, StatusCode::NOT_FOUND);

    // In use, so it cannot be deleted.
    let key = confirm_key(&app, &owner).await;
    let reply = delete(&app, &owner, &[id], Some(&key)).await;
    assert_refused(&reply, "VALIDATION_FAILED", "form_audio_id", "This audio is in use and cannot be deleted.");
    assert!(row_of(&app, &owner, id).await.is_some());
}

#[track_caller]
fn assert_ok_list(reply: &Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["list"].clone()
}

#[tokio::test]
async fn deleting_needs_a_fresh_password_key_used_once() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let a = upload(&app, &owner, "Old promo A", &wav(400.0, 500)).await;
    let b = upload(&app, &owner, "Old promo B", &wav(450.0, 500)).await;

    assert_eq!(delete(&app, &owner, &[a], None).await.status, StatusCode::FORBIDDEN);
    assert_eq!(delete(&app, &owner, &[a], Some("")).await.status, StatusCode::FORBIDDEN);
    assert_eq!(delete(&app, &owner, &[a], Some("not-a-key")).await.status, StatusCode::FORBIDDEN);
    // A key is the session's own.
    let admin = app.login("admin@demo.test").await;
    let admins_key = confirm_key(&app, &admin).await;
    assert_eq!(delete(&app, &owner, &[a], Some(&admins_key)).await.status, StatusCode::FORBIDDEN);
    // A key expires after a few minutes.
    let stale = confirm_key(&app, &owner).await;
    app.state.clock.advance(5 * 60 + 1);
    assert_eq!(delete(&app, &owner, &[a], Some(&stale)).await.status, StatusCode::FORBIDDEN);
    assert!(row_of(&app, &owner, a).await.is_some(), "nothing deleted yet");

    let key = confirm_key(&app, &owner).await;
    // A refused delete still uses the key up: an audio in use...
    let reply = delete(&app, &owner, &[a, 1], Some(&key)).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(row_of(&app, &owner, a).await.is_some(), "nothing deleted: one of them is in use");
    assert_eq!(delete(&app, &owner, &[a], Some(&key)).await.status, StatusCode::FORBIDDEN, "the key was used");

    let key = confirm_key(&app, &owner).await;
    assert_ok(&delete(&app, &owner, &[a, b], Some(&key)).await);
    assert_eq!(delete(&app, &owner, &[a], Some(&key)).await.status, StatusCode::FORBIDDEN, "single use");
}

#[tokio::test]
async fn deleted_audio_leaves_every_list_and_cannot_be_used() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let id = upload(&app, &owner, "Summer opening hours", &wav(350.0, 800)).await;
    let id_text = id.to_string();
    let file = row_of(&app, &owner, id).await.unwrap()["AudiFilename"].as_str().unwrap().to_string();
    let key = confirm_key(&app, &owner).await;
    assert_ok(&delete(&app, &owner, &[id], Some(&key)).await);

    assert!(row_of(&app, &owner, id).await.is_none());
    assert!(customer_audios(&app, &owner).await.iter().all(|a| a["id"] != id));
    assert_eq!(
        app.get(&format!("/api/manageconnections/getAudio/{file}"), Some(&owner)).await.status,
        StatusCode::NOT_FOUND
    );
    let download = format!("/api/manageconnections/downloadAudio/{file}/x.wav");
    assert_eq!(app.get(&download, Some(&owner)).await.status, StatusCode::NOT_FOUND);
    let fields = [("description", "Summer"), ("audioId", id_text.as_str())];
    assert_eq!(
        app.post_form("/api/managevoicemails/store/", Some(&owner), &fields).await.status,
        StatusCode::NOT_FOUND
    );
    let queue = [("form_description", "Summer queue"), ("form_welcome_audio", id_text.as_str())];
    assert_eq!(app.post_form("/api/queues/save/0", Some(&owner), &queue).await.status, StatusCode::NOT_FOUND);
    let update = [("form_description", "Back again"), ("form_record_id", id_text.as_str())];
    assert_eq!(
        app.post_multipart("/api/manageaudios/updateAudio", Some(&owner), &update).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(affected(&app, &owner, &[id]).await.status, StatusCode::NOT_FOUND);
    let key = confirm_key(&app, &owner).await;
    assert_eq!(delete(&app, &owner, &[id], Some(&key)).await.status, StatusCode::NOT_FOUND);
    // Its description is free again.
    upload(&app, &owner, "Summer opening hours", &wav(350.0, 800)).await;
}

#[tokio::test]
async fn another_customers_audio_is_out_of_reach() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let enterprise = app.login("enterprise@demo.test").await;
    let theirs = audio_list(&app, &enterprise).await;
    let atlas = theirs.iter().find(|a| a["AudiDescription"] == "Atlas welcome").unwrap().clone();
    let their_id = atlas["AudiID"].as_i64().unwrap();
    let their_file = atlas["AudiFilename"].as_str().unwrap();

    assert_eq!(
        app.get(&format!("/api/manageconnections/getAudio/{their_file}"), Some(&enterprise)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.get(&format!("/api/manageconnections/getAudio/{their_file}"), Some(&owner)).await.status,
        StatusCode::NOT_FOUND
    );
    let download = format!("/api/manageconnections/downloadAudio/{their_file}/Atlas.wav");
    assert_eq!(app.get(&download, Some(&owner)).await.status, StatusCode::NOT_FOUND);

    let their_text = their_id.to_string();
    let update =
        [("form_description", "Mine now"), ("form_audio_sentence", "Hello"), ("form_record_id", their_text.as_str())];
    assert_eq!(
        app.post_multipart("/api/manageaudios/updateAudio", Some(&owner), &update).await.status,
        StatusCode::NOT_FOUND
    );

    let mine = upload(&app, &owner, "Unused jingle", &wav(420.0, 500)).await;
    let key = confirm_key(&app, &owner).await;
    assert_eq!(delete(&app, &owner, &[mine, their_id], Some(&key)).await.status, StatusCode::NOT_FOUND);
    assert!(row_of(&app, &owner, mine).await.is_some(), "nothing deleted");
    assert_eq!(audio_list(&app, &enterprise).await, theirs, "theirs untouched");
}

#[tokio::test]
async fn audio_permissions_follow_the_routing_access() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let file = audio_list(&app, &owner).await[0]["AudiFilename"].as_str().unwrap().to_string();
    let starter = app.login("starter@demo.test").await;
    assert_eq!(customer_audios(&app, &starter).await, Vec::<Value>::new());
    assert_eq!(app.get("/api/manageaudios/getAudioList", Some(&starter)).await.status, StatusCode::FORBIDDEN);
    let fields = [("form_description", "Starter tone"), ("form_audio_sentence", "")];
    let bytes = wav(440.0, 500);
    let reply = app
        .post_multipart_file("/api/manageaudios/addAudio/", Some(&starter), &fields, ("form_file", "t.wav", &bytes))
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    let reply = app.post_multipart("/api/manageaudios/updateAudio", Some(&starter), &[("form_record_id", "1")]).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.get(&format!("/api/manageconnections/getAudio/{file}"), Some(&starter)).await.status,
        StatusCode::NOT_FOUND
    );

    for email in ["group@demo.test", "user@demo.test"] {
        let session = app.login(email).await;
        assert_eq!(
            app.get(&format!("/api/manageconnections/getAudio/{file}"), Some(&session)).await.status,
            StatusCode::FORBIDDEN
        );
        let download = format!("/api/manageconnections/downloadAudio/{file}/x.wav");
        assert_eq!(app.get(&download, Some(&session)).await.status, StatusCode::FORBIDDEN);
        let reply = app
            .post_multipart_file("/api/manageaudios/addAudio/", Some(&session), &fields, ("form_file", "t.wav", &bytes))
            .await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN);
    }
    assert!(audio_list(&app, &owner).await.iter().all(|a| a["AudiDescription"] != "Starter tone"));
}

#[tokio::test]
async fn audio_played_by_a_dtmf_plan_or_dtmf_ivr_is_in_use() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let intro = upload(&app, &owner, "DTMF intro", &wav(400.0, 500)).await;
    let end = upload(&app, &owner, "DTMF IVR end", &wav(450.0, 500)).await;
    sqlx::query(
        "INSERT INTO dtmf_plans (customer_id, description, intro_audio_id, end_audio_id, min_length, max_length)
         VALUES (100, 'Order number', $1, $2, 4, 8)",
    )
    .bind(intro)
    .bind(intro)
    .execute(&app.state.db)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO dtmf_ivrs (customer_id, description, intro_audio_id, end_audio_id) VALUES (100, 'Menu', 1, $1)",
    )
    .bind(end)
    .execute(&app.state.db)
    .await
    .unwrap();
    for audio in [intro, end] {
        let key = confirm_key(&app, &owner).await;
        let reply = delete(&app, &owner, &[audio], Some(&key)).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
        assert!(row_of(&app, &owner, audio).await.is_some());
    }
}
