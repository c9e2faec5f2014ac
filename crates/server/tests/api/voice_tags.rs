//! Vocabularies, voice tags and Speech Insights (docs/speech-api.md): every call with
//! its messages, voice tags found in transcripts (the side, re-tagging when a tag changes, the
//! call log's tags), the insights of a period and of one call, a synthesised recording heard by
//! the local recogniser and tagged, permissions, and other customers' ids.

use axum::http::StatusCode;
use serde_json::Value;
use server::jobs::transcription::{run_once, Local};
use server::providers::text_to_speech::dialogue_mp3_in;
use server::seed::DIALOGUES;
use sqlx::AnyPool;

use crate::helpers::{Reply, TestApp};

const ATLAS: i64 = 300;
const VOCABULARIES: &str = "/api/speech/getVocabularies";
const ADD_VOCABULARY: &str = "/api/speech/addVocabulary";
const VOICE_TAGS: &str = "/api/speech/getVoiceTags";
const ADD_VOICE_TAG: &str = "/api/speech/addVoiceTag";
const INSIGHTS: &str = "/api/speech/getInsights";

/// A transcript as the recogniser writes it: the agent's line, the caller's, the agent's.
const HEARD: &str = "good morning how can i help\ni would like to book an appointment please\nwould thursday suit you";

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn field_error(reply: &Reply, field: &str) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    reply.json()["errors"][field].as_str().unwrap_or_default().to_string()
}

/// The customer's newest recorded calls.
async fn recorded_calls(db: &AnyPool, customer: i64) -> Vec<i64> {
    sqlx::query_scalar("SELECT call_id FROM call_recordings WHERE customer_id = $1 ORDER BY call_id DESC")
        .bind(customer)
        .fetch_all(db)
        .await
        .unwrap()
}

async fn store_transcript(db: &AnyPool, customer: i64, call: i64, text: &str) {
    let words: Vec<(String, i64, i64)> = text
        .split_whitespace()
        .enumerate()
        .map(|(i, w)| (w.to_string(), i as i64 * 500, i as i64 * 500 + 400))
        .collect();
    sqlx::query(
        "INSERT INTO transcripts (call_id, customer_id, text, words, recogniser, audio_sha256, audio_ms, created_at)
         VALUES ($1, $2, $3, $4, 'test', 'x', 1000, 0)",
    )
    .bind(call)
    .bind(customer)
    .bind(text)
    .bind(serde_json::to_string(&words).unwrap())
    .execute(db)
    .await
    .unwrap();
}

async fn call_tags(db: &AnyPool, call: i64) -> String {
    sqlx::query_scalar("SELECT tags FROM calls WHERE id = $1").bind(call).fetch_one(db).await.unwrap()
}

async fn add_voice_tag(app: &TestApp, session: &str, name: &str, phrases: &str, side: &str) -> Value {
    ok(app
        .post_form(
            ADD_VOICE_TAG,
            Some(session),
            &[("form_description", name), ("form_phrases", phrases), ("form_side", side)],
        )
        .await)
}

#[tokio::test]
async fn a_vocabulary_is_added_edited_and_deleted_with_every_message() {
    let app = TestApp::spawn().await;
    let enterprise = app.login("enterprise@demo.test").await;
    let page = ok(app.get(VOCABULARIES, Some(&enterprise)).await);
    assert_eq!(page["canEdit"], true);
    assert_eq!(page["maxVocabularies"], 20);
    let demo = page["vocabularies"].as_array().unwrap().len();

    let fields = |name: &'static str, words: &'static str| [("form_description", name), ("form_words", words)];
    let saved =
        ok(app.post_form(ADD_VOCABULARY, Some(&enterprise), &fields("Places", "Llandudno\n\n  Bray  \n")).await);
    let id = saved["id"].as_i64().unwrap();
    let page = ok(app.get(VOCABULARIES, Some(&enterprise)).await);
    let places = page["vocabularies"].as_array().unwrap().iter().find(|v| v["id"] == id).unwrap().clone();
    assert_eq!(places["words"], serde_json::json!(["Llandudno", "Bray"]));
    assert_eq!(page["vocabularies"].as_array().unwrap().len(), demo + 1);

    let cases: [(&str, &str, &str, &str); 7] = [
        ("", "x", "form_description", "Description is required."),
        (" places", "x", "form_description", "Description must be unique."),
        ("P", "", "form_words", "Enter at least one word or phrase, one a line."),
        ("P", "one two three four five", "form_words", "A phrase has at most 4 words, each at most 30 characters."),
        ("P", "price £5", "form_words", "Use letters, digits, apostrophes and hyphens only."),
        ("P", "Bray\nbray", "form_words", "Each word or phrase once."),
        ("P", "<script>", "form_words", "Use letters, digits, apostrophes and hyphens only."),
    ];
    for (name, words, field, message) in cases {
        let reply = app
            .post_form(ADD_VOCABULARY, Some(&enterprise), &[("form_description", name), ("form_words", words)])
            .await;
        assert_eq!(field_error(&reply, field), message, "{name:?} {words:?}");
    }
    let taken = app.post_form(ADD_VOCABULARY, Some(&enterprise), &fields("PLACES", "x")).await;
    assert_eq!(taken.json()["code"], "DESCRIPTION_NOT_UNIQUE");
    let many = (0..101).map(|i| format!("w{i}")).collect::<Vec<_>>().join("\n");
    let reply =
        app.post_form(ADD_VOCABULARY, Some(&enterprise), &[("form_description", "Many"), ("form_words", &many)]).await;
    assert_eq!(field_error(&reply, "form_words"), "A vocabulary has at most 100 words or phrases.");
    // Hostile sizes are refused before anything else, never a 5xx.
    let huge = "x".repeat(20_001);
    let reply =
        app.post_form(ADD_VOCABULARY, Some(&enterprise), &[("form_description", "H"), ("form_words", &huge)]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Edited: renamed (its own name is not 'taken'), words replaced.
    let edit = format!("/api/speech/editVocabulary/{id}");
    ok(app.post_form(&edit, Some(&enterprise), &fields("places", "Dun Laoghaire")).await);
    let page = ok(app.get(VOCABULARIES, Some(&enterprise)).await);
    let places = page["vocabularies"].as_array().unwrap().iter().find(|v| v["id"] == id).unwrap().clone();
    assert_eq!((places["description"].as_str(), places["words"][0].as_str()), (Some("places"), Some("Dun Laoghaire")));
    let reply = app.post_form(&edit, Some(&enterprise), &fields("", "x")).await;
    assert_eq!(field_error(&reply, "form_description"), "Description is required.");

    ok(app.post_form(&format!("/api/speech/deleteVocabulary/{id}"), Some(&enterprise), &[]).await);
    assert_eq!(ok(app.get(VOCABULARIES, Some(&enterprise)).await)["vocabularies"].as_array().unwrap().len(), demo);
    let again = app.post_form(&format!("/api/speech/deleteVocabulary/{id}"), Some(&enterprise), &[]).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    // At most 20 vocabularies an account.
    for n in demo..20 {
        let name = format!("V{n}");
        ok(app.post_form(ADD_VOCABULARY, Some(&enterprise), &[("form_description", &name), ("form_words", "x")]).await);
    }
    let reply = app.post_form(ADD_VOCABULARY, Some(&enterprise), &fields("One more", "x")).await;
    assert_eq!(field_error(&reply, "form_description"), "An account has at most 20 vocabularies.");
}

#[tokio::test]
async fn a_voice_tag_tags_the_calls_whose_transcripts_have_its_phrase_said_by_its_side() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let calls = recorded_calls(db, ATLAS).await;
    let (call, other) = (calls[0], calls[1]);
    store_transcript(db, ATLAS, call, HEARD).await;
    store_transcript(db, ATLAS, other, "hello\nwhat are your prices\nour price list is online").await;
    let enterprise = app.login("enterprise@demo.test").await;
    let before = call_tags(db, call).await;

    // Said by the caller (line 2): a caller-side tag finds it, an agent-side one does not.
    let saved = add_voice_tag(&app, &enterprise, "Booking", "Book an APPOINTMENT!\nmake a booking", "caller").await;
    assert!(saved["transcripts"].as_i64().unwrap() >= 2, "{saved}");
    let booking = saved["id"].as_i64().unwrap();
    assert!(call_tags(db, call).await.contains("Booking"), "the call log shows it as a tag");
    assert!(!call_tags(db, other).await.contains("Booking"));
    let agent = add_voice_tag(&app, &enterprise, "Agent books", "appointment", "agent").await["id"].as_i64().unwrap();
    assert!(!call_tags(db, call).await.contains("Agent books"));
    // Whole words only: 'point' is not in 'appointment'.
    add_voice_tag(&app, &enterprise, "Point", "point", "either").await;
    assert!(!call_tags(db, call).await.contains("Point"));

    // The call log's row and the voice tags page show it.
    let detail = ok(app.get(&format!("/api/reports/getCall/{call}"), Some(&enterprise)).await);
    assert!(detail["call"]["tags"].as_array().unwrap().iter().any(|t| t == "Booking"), "{}", detail["call"]["tags"]);
    let page = ok(app.get(VOICE_TAGS, Some(&enterprise)).await);
    assert_eq!(page["canEdit"], true);
    assert_eq!(page["sides"][0]["value"], "either");
    let tag = page["voiceTags"].as_array().unwrap().iter().find(|t| t["id"] == booking).unwrap().clone();
    assert_eq!(tag["phrases"], serde_json::json!(["Book an APPOINTMENT!", "make a booking"]));
    assert_eq!((tag["side"].as_str(), tag["sideLabel"].as_str()), (Some("caller"), Some("The caller")));
    assert_eq!(tag["calls"], 1);

    // Changed: every transcript is searched again (now the agent's price list).
    let edit = format!("/api/speech/editVoiceTag/{agent}");
    ok(app
        .post_form(
            &edit,
            Some(&enterprise),
            &[("form_description", "Price list"), ("form_phrases", "price list"), ("form_side", "agent")],
        )
        .await);
    assert!(call_tags(db, other).await.contains("Price list"));
    assert!(!call_tags(db, call).await.contains("Agent books"));
    // Deleted: taken off its calls, the call tags as they were.
    ok(app.post_form(&format!("/api/speech/deleteVoiceTag/{booking}"), Some(&enterprise), &[]).await);
    assert!(!call_tags(db, call).await.contains("Booking"));
    assert!(call_tags(db, call).await.contains(&before), "its call tags stay: {before}");
}

#[tokio::test]
async fn the_voice_tag_form_gives_every_message() {
    let app = TestApp::spawn().await;
    let enterprise = app.login("enterprise@demo.test").await;
    add_voice_tag(&app, &enterprise, "Booking", "appointment", "either").await;
    let long = "n".repeat(41);
    let eleven = (0..11).map(|i| format!("phrase {i}")).collect::<Vec<_>>().join("\n");
    let cases: Vec<(&str, &str, &str, &str, &str)> = vec![
        ("", "x", "either", "form_description", "Description is required."),
        ("booking ", "x", "either", "form_description", "Description must be unique."),
        (&long, "x", "either", "form_description", "Description must not exceed 40 characters."),
        ("B", " \n", "either", "form_phrases", "Enter at least one phrase, one a line."),
        ("B", &eleven, "either", "form_phrases", "A voice tag has at most 10 phrases."),
        ("B", "a b c d e f g", "either", "form_phrases", "A phrase has at most 6 words and 60 characters."),
        ("B", "?!", "either", "form_phrases", "A phrase needs letters or digits."),
        ("B", "Price list\nprice, LIST", "either", "form_phrases", "Each phrase once."),
        ("B", "x", "", "form_side", "Choose who says the phrase."),
        ("B", "x", "both", "form_side", "Choose who says the phrase."),
    ];
    for (name, phrases, side, field, message) in cases {
        let reply = app
            .post_form(
                ADD_VOICE_TAG,
                Some(&enterprise),
                &[("form_description", name), ("form_phrases", phrases), ("form_side", side)],
            )
            .await;
        assert_eq!(field_error(&reply, field), message, "{name:?} {phrases:?} {side:?}");
    }
    let reply = app
        .post_form(
            ADD_VOICE_TAG,
            Some(&enterprise),
            &[("form_description", "BOOKING"), ("form_phrases", "x"), ("form_side", "agent")],
        )
        .await;
    assert_eq!(reply.json()["code"], "DESCRIPTION_NOT_UNIQUE");
    let huge = "x".repeat(20_001);
    let reply = app
        .post_form(
            ADD_VOICE_TAG,
            Some(&enterprise),
            &[("form_description", "H"), ("form_phrases", &huge), ("form_side", "agent")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    // At most 50 voice tags an account.
    let have = ok(app.get(VOICE_TAGS, Some(&enterprise)).await)["voiceTags"].as_array().unwrap().len();
    for n in have..50 {
        add_voice_tag(&app, &enterprise, &format!("T{n}"), "x", "either").await;
    }
    let reply = app
        .post_form(
            ADD_VOICE_TAG,
            Some(&enterprise),
            &[("form_description", "More"), ("form_phrases", "x"), ("form_side", "agent")],
        )
        .await;
    assert_eq!(field_error(&reply, "form_description"), "An account has at most 50 voice tags.");
}

#[tokio::test]
async fn speech_insights_count_the_periods_voice_tags_and_mark_a_calls_phrases() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let calls = recorded_calls(db, ATLAS).await;
    store_transcript(db, ATLAS, calls[0], HEARD).await;
    store_transcript(db, ATLAS, calls[1], "hello\ncan i book an appointment for thursday").await;
    // Without the demo's voice tags, to count these two alone.
    sqlx::query("DELETE FROM voice_tags WHERE customer_id = $1").bind(ATLAS).execute(db).await.unwrap();
    let enterprise = app.login("enterprise@demo.test").await;
    add_voice_tag(&app, &enterprise, "Booking", "book an appointment", "caller").await;
    add_voice_tag(&app, &enterprise, "Thursday", "thursday", "either").await;

    let insights = ok(app.get(&format!("{INSIGHTS}?preset=last30Days"), Some(&enterprise)).await);
    let tags = insights["voiceTags"].as_array().unwrap();
    let calls_of = |name: &str| tags.iter().find(|t| t["description"] == name).map(|t| t["calls"].as_i64().unwrap());
    assert_eq!((calls_of("Booking"), calls_of("Thursday"), calls_of("Price enquiry")), (Some(2), Some(2), None));
    assert!(tags.windows(2).all(|w| w[0]["calls"].as_i64() >= w[1]["calls"].as_i64()), "{tags:?}");
    let listed = insights["calls"].as_array().unwrap();
    let first = listed.iter().find(|c| c["id"] == calls[0]).unwrap();
    assert_eq!(first["voiceTags"], serde_json::json!(["Booking", "Thursday"]));
    // Every transcribed call of the period is listed, with its voice tags or none.
    store_transcript(db, ATLAS, calls[3], "good afternoon\nmy boiler has stopped").await;
    let insights = ok(app.get(&format!("{INSIGHTS}?preset=last30Days"), Some(&enterprise)).await);
    let transcribed = insights["transcribed"].as_array().unwrap();
    let of = |id: i64| transcribed.iter().find(|c| c["id"] == id).map(|c| c["voiceTags"].clone());
    assert_eq!(of(calls[0]), Some(serde_json::json!(["Booking", "Thursday"])));
    assert_eq!(of(calls[3]), Some(serde_json::json!([])));
    assert_eq!(of(calls[2]), None, "not transcribed yet");
    assert!(!insights["calls"].as_array().unwrap().iter().any(|c| c["id"] == calls[3]), "no voice tag");
    assert_eq!(insights["canAddVoiceTags"], true);
    // Periods before the calls have none; a period that is not one is refused.
    let custom =
        ok(app.get(&format!("{INSIGHTS}?preset=custom&from=2020-01-01&to=2020-01-31"), Some(&enterprise)).await);
    assert!(custom["voiceTags"].as_array().unwrap().is_empty());
    for query in
        ["preset=someday", "preset=custom&from=2026-13-01&to=2026-12-01", &format!("preset={}", "x".repeat(500))]
    {
        let reply = app.get(&format!("{INSIGHTS}?{query}"), Some(&enterprise)).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
    }

    let one = ok(app.get(&format!("/api/speech/getCallInsight/{}", calls[0]), Some(&enterprise)).await);
    assert_eq!(one["transcribed"], true);
    assert_eq!(one["recordingUrl"], format!("/api/reports/getRecording/{}", calls[0]));
    assert_eq!(one["voiceTags"], serde_json::json!(["Booking", "Thursday"]));
    assert_eq!(
        (one["lines"][0]["speaker"].as_str(), one["lines"][1]["speakerLabel"].as_str()),
        (Some("agent"), Some("Caller"))
    );
    assert_eq!(
        one["lines"][1]["parts"],
        serde_json::json!([
            { "text": "i would like to", "voiceTags": [] },
            { "text": "book an appointment", "voiceTags": ["Booking"] },
            { "text": "please", "voiceTags": [] },
        ])
    );
    // A call without a transcript yet.
    let waiting = ok(app.get(&format!("/api/speech/getCallInsight/{}", calls[2]), Some(&enterprise)).await);
    assert_eq!((waiting["transcribed"].as_bool(), waiting["lines"].as_array().map(Vec::len)), (Some(false), Some(0)));
}

#[tokio::test]
async fn a_synthesised_recording_heard_by_the_recogniser_is_tagged_with_the_phrase_said() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let call = recorded_calls(db, ATLAS).await[0];
    sqlx::query("DELETE FROM call_recordings WHERE call_id <> $1").bind(call).execute(db).await.unwrap();
    // The demo's booking: "Good morning, how can I help?" / "I would like to book an appointment,
    // please.", at 140 words a minute.
    let booking = &DIALOGUES[0];
    let mp3 = dialogue_mp3_in(booking.lines, booking.voices()).await.expect("espeak-ng and lame are installed");
    sqlx::query("UPDATE call_recordings SET content = $1 WHERE call_id = $2")
        .bind(mp3)
        .bind(call)
        .execute(db)
        .await
        .unwrap();
    let enterprise = app.login("enterprise@demo.test").await;
    // The tags first (the demo's 'Appointment', the caller's "appointment" or "book an
    // appointment", and one more): the job tags the call when it stores the transcript.
    add_voice_tag(&app, &enterprise, "Booked", "book an appointment", "either").await;

    let ran = run_once(db, &Local::in_checkout(), app.state.clock.now()).await.unwrap();
    assert_eq!(ran.heard, 1, "{ran:?}");
    let tags = call_tags(db, call).await;
    assert!(tags.contains("Appointment") && tags.contains("Booked"), "{tags}");
    let (hits, first_ms): (i64, Option<i64>) = sqlx::query_as(
        "SELECT h.hits, h.first_ms FROM voice_tag_hits h JOIN voice_tags v ON v.id = h.voice_tag_id
         WHERE h.call_id = $1 AND v.description = 'Booked'",
    )
    .bind(call)
    .fetch_one(db)
    .await
    .unwrap();
    assert!(hits >= 1);
    assert!(first_ms.unwrap() > 1_500, "said in the second line, and timed: {first_ms:?}");
    let one = ok(app.get(&format!("/api/speech/getCallInsight/{call}"), Some(&enterprise)).await);
    let found = one["voiceTags"].as_array().unwrap();
    assert!(found.iter().any(|t| t == "Appointment") && found.iter().any(|t| t == "Booked"), "{found:?}");
}

#[tokio::test]
async fn another_customers_vocabularies_voice_tags_and_calls_are_not_found() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let enterprise = app.login("enterprise@demo.test").await;
    let vocabulary = ok(app
        .post_form(ADD_VOCABULARY, Some(&enterprise), &[("form_description", "Secret"), ("form_words", "Hush")])
        .await)["id"]
        .as_i64()
        .unwrap();
    let tag = add_voice_tag(&app, &enterprise, "Secret tag", "hush", "either").await["id"].as_i64().unwrap();
    // Stone & Sons (speech) given the three scopes as add-ons: its owner passes the menus and
    // meets 404s for Atlas's records.
    for scope in ["integration_speech_voice_tags", "speech_vocabularies", "report_voice_tags"] {
        sqlx::query("INSERT INTO customer_addons (customer_id, scope) VALUES (200, $1)")
            .bind(scope)
            .execute(db)
            .await
            .unwrap();
    }
    // With the recordings flag, so a call's insight is refused for not being Stone & Sons'.
    sqlx::query("UPDATE users SET call_rec_flag = 1 WHERE email = 'starter@demo.test'").execute(db).await.unwrap();
    let stone = app.login("starter@demo.test").await;
    assert_eq!(app.get(VOICE_TAGS, Some(&stone)).await.status, StatusCode::OK, "Stone & Sons now has voice tags");
    let page = ok(app.get(VOICE_TAGS, Some(&stone)).await);
    assert!(!page.to_string().contains("Secret"), "nothing of Atlas's: {page}");
    assert!(!ok(app.get(VOCABULARIES, Some(&stone)).await).to_string().contains("Secret"));
    let voice_fields: &[(&str, &str)] =
        &[("form_description", "Taken"), ("form_phrases", "x"), ("form_side", "either")];
    for path in [format!("/api/speech/editVoiceTag/{tag}"), format!("/api/speech/deleteVoiceTag/{tag}")] {
        let reply = app.post_form(&path, Some(&stone), voice_fields).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}: {}", reply.text());
    }
    // Not found whatever the words, even ones the recogniser cannot use.
    for words in ["x", "٣٤٥"] {
        let vocabulary_fields: &[(&str, &str)] = &[("form_description", "Taken"), ("form_words", words)];
        for path in
            [format!("/api/speech/editVocabulary/{vocabulary}"), format!("/api/speech/deleteVocabulary/{vocabulary}")]
        {
            let reply = app.post_form(&path, Some(&stone), vocabulary_fields).await;
            assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}: {}", reply.text());
        }
    }
    for id in ["0", "-1", "abc", "99999999999999999999"] {
        let reply = app.post_form(&format!("/api/speech/deleteVoiceTag/{id}"), Some(&enterprise), &[]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{id}");
        let reply = app.get(&format!("/api/speech/getCallInsight/{id}"), Some(&enterprise)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{id}");
    }
    // Atlas's call read from another account with Speech Insights: not found, nothing in the answer.
    let atlas_call = recorded_calls(db, ATLAS).await[0];
    store_transcript(db, ATLAS, atlas_call, HEARD).await;
    let stone_call = recorded_calls(db, 200).await[0];
    let reply = app.get(&format!("/api/speech/getCallInsight/{atlas_call}"), Some(&stone)).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert!(!reply.text().contains("appointment"));
    assert_eq!(app.get(&format!("/api/speech/getCallInsight/{stone_call}"), Some(&stone)).await.status, StatusCode::OK);
    // Theirs unchanged.
    let page = ok(app.get(VOICE_TAGS, Some(&enterprise)).await);
    assert!(page["voiceTags"].as_array().unwrap().iter().any(|t| t["id"] == tag && t["description"] == "Secret tag"));
}

#[tokio::test]
async fn the_pages_need_speech_their_scopes_and_changes_an_administrator() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let call = recorded_calls(db, ATLAS).await[0];
    let gets = [
        VOCABULARIES.to_string(),
        VOICE_TAGS.to_string(),
        INSIGHTS.to_string(),
        format!("/api/speech/getCallInsight/{call}"),
    ];
    let posts = [
        (ADD_VOCABULARY, vec![("form_description", "A"), ("form_words", "x")]),
        (ADD_VOICE_TAG, vec![("form_description", "A"), ("form_phrases", "x"), ("form_side", "either")]),
    ];
    // Harbour Lane Dental has no speech; Stone & Sons has speech on Starter, without the scopes
    // speech_vocabularies, integration_speech_voice_tags and report_voice_tags.
    for email in ["owner@demo.test", "starter@demo.test"] {
        let session = app.login(email).await;
        for path in &gets {
            assert_eq!(app.get(path, Some(&session)).await.status, StatusCode::FORBIDDEN, "{email} {path}");
        }
        for (path, fields) in &posts {
            assert_eq!(
                app.post_form(path, Some(&session), fields).await.status,
                StatusCode::FORBIDDEN,
                "{email} {path}"
            );
        }
    }
    // Stone & Sons buys Speech analytics (report_voice_tags): Speech Insights opens, the others not.
    sqlx::query("INSERT INTO customer_addons (customer_id, scope) VALUES (200, 'report_voice_tags')")
        .execute(db)
        .await
        .unwrap();
    let starter = app.login("starter@demo.test").await;
    // The insights quote the transcripts: without the recordings right they stay closed.
    sqlx::query("UPDATE users SET call_rec_flag = 0 WHERE email = 'starter@demo.test'").execute(db).await.unwrap();
    assert_eq!(app.get(INSIGHTS, Some(&starter)).await.status, StatusCode::FORBIDDEN);
    sqlx::query("UPDATE users SET call_rec_flag = 1 WHERE email = 'starter@demo.test'").execute(db).await.unwrap();
    let insights = ok(app.get(INSIGHTS, Some(&starter)).await);
    // Keyword spotting comes with speech analytics: its voice tags open; vocabularies are Enterprise's.
    assert_eq!(insights["canAddVoiceTags"], true);
    assert_eq!(app.get(VOICE_TAGS, Some(&starter)).await.status, StatusCode::OK);
    let reply = app
        .post_form(
            ADD_VOICE_TAG,
            Some(&starter),
            &[("form_description", "Boiler"), ("form_phrases", "boiler"), ("form_side", "either")],
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(app.get(VOCABULARIES, Some(&starter)).await.status, StatusCode::FORBIDDEN);

    // Atlas without hasSpeech: no Speech Analytics menu at all.
    let enterprise = app.login("enterprise@demo.test").await;
    for path in &gets {
        assert_eq!(app.get(path, Some(&enterprise)).await.status, StatusCode::OK, "{path}");
    }
    // hasSpeech is the flag or speech analytics in the plan (Enterprise has it): both go.
    sqlx::query("UPDATE customers SET has_speech = 0, plan = 'Professional' WHERE id = $1")
        .bind(ATLAS)
        .execute(db)
        .await
        .unwrap();
    let enterprise = app.login("enterprise@demo.test").await;
    for path in &gets {
        assert_eq!(app.get(path, Some(&enterprise)).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    sqlx::query("UPDATE customers SET has_speech = 1, plan = 'Enterprise' WHERE id = $1")
        .bind(ATLAS)
        .execute(db)
        .await
        .unwrap();

    // The one call's transcript needs the recordings flag, as the call log's, and so does the list.
    let user: i64 =
        sqlx::query_scalar("SELECT id FROM users WHERE email = 'enterprise@demo.test'").fetch_one(db).await.unwrap();
    sqlx::query("UPDATE users SET call_rec_flag = 0 WHERE id = $1").bind(user).execute(db).await.unwrap();
    let enterprise = app.login("enterprise@demo.test").await;
    assert_eq!(app.get(&gets[3], Some(&enterprise)).await.status, StatusCode::FORBIDDEN);
    // The insights list quotes the transcripts: the same right.
    assert_eq!(app.get(INSIGHTS, Some(&enterprise)).await.status, StatusCode::FORBIDDEN);

    // A User (10) reads the settings and cannot change them.
    sqlx::query("UPDATE user_access SET auth_code = 10 WHERE user_id = $1 AND customer_id = $2")
        .bind(user)
        .bind(ATLAS)
        .execute(db)
        .await
        .unwrap();
    let enterprise = app.login("enterprise@demo.test").await;
    let page = app.get(VOICE_TAGS, Some(&enterprise)).await;
    if page.status == StatusCode::OK {
        assert_eq!(page.json()["canEdit"], false);
    }
    for (path, fields) in &posts {
        assert_eq!(app.post_form(path, Some(&enterprise), fields).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    // No session: the login.
    assert_eq!(app.get(VOICE_TAGS, None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_demos_own_recordings_once_heard_tag_a_call_of_atlas_appointment() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    // The job until every waiting recording of the demo is heard (identical audio is heard once).
    for _ in 0..20 {
        let ran = run_once(db, &Local::in_checkout(), app.state.clock.now()).await.unwrap();
        assert_eq!(ran.failed, 0, "{ran:?}");
        if ran.heard + ran.reused == 0 {
            break;
        }
    }
    let mut tagged = Vec::new();
    for call in recorded_calls(db, ATLAS).await {
        if call_tags(db, call).await.split(',').any(|tag| tag.trim() == "Appointment") {
            tagged.push(call);
        }
    }
    let heard: Vec<(i64, String)> = sqlx::query_as(
        "SELECT t.call_id, t.text FROM transcripts t JOIN calls c ON c.id = t.call_id WHERE c.customer_id = $1",
    )
    .bind(ATLAS)
    .fetch_all(db)
    .await
    .unwrap_or_default();
    assert!(!tagged.is_empty(), "no demo call of Atlas was heard saying 'appointment': {heard:?}");
    let enterprise = app.login("enterprise@demo.test").await;
    let one = ok(app.get(&format!("/api/speech/getCallInsight/{}", tagged[0]), Some(&enterprise)).await);
    assert!(one.to_string().contains("book an appointment"), "{one}");
}
