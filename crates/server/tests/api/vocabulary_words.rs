//! The words a vocabulary may have: only words the recogniser can use (written in Latin letters
//! and the digits 0 to 9, and given a pronunciation by espeak-ng), the others refused by name,
//! and at most 500 different words in all of an account's vocabularies; the pronunciations are
//! kept with the vocabulary when it is saved. Adding and editing, a user who may not change
//! them, and another customer's vocabulary.

use axum::http::StatusCode;
use serde_json::Value;
use sqlx::AnyPool;

use crate::helpers::{Reply, TestApp};

const ATLAS: i64 = 300;
const VOCABULARIES: &str = "/api/speech/getVocabularies";
const ADD_VOCABULARY: &str = "/api/speech/addVocabulary";
const HOW: &str = "Write each word as it is said, with the letters a to z (accents allowed) and the digits 0 to 9.";

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn words_error(reply: &Reply) -> String {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    reply.json()["errors"]["form_words"].as_str().unwrap_or_default().to_string()
}

async fn vocabulary_count(app: &TestApp, session: &str) -> usize {
    ok(app.get(VOCABULARIES, Some(session)).await)["vocabularies"].as_array().unwrap().len()
}

/// A vocabulary's kept pronunciations (JSON [[word, phones], ...]).
async fn kept(db: &AnyPool, id: i64) -> Option<String> {
    sqlx::query_scalar("SELECT pronunciations FROM vocabularies WHERE id = $1").bind(id).fetch_one(db).await.unwrap()
}

#[tokio::test]
async fn a_word_the_recogniser_cannot_use_is_refused_by_name_and_the_others_pronunciations_are_kept() {
    let app = TestApp::spawn().await;
    let db = &app.state.db;
    let enterprise = app.login("enterprise@demo.test").await;
    let demo = vocabulary_count(&app, &enterprise).await;
    let fields = |words: &'static str| [("form_description", "Places"), ("form_words", words)];

    // Arabic-Indic digits and Cyrillic: characters the recogniser cannot say (the domain's rule,
    // the browser's too). A letter on its own: espeak-ng spells it out ("e acute") in phonemes
    // the model has not.
    let cases = [
        ("Flat ٣٤٥\nBray", format!("The recogniser cannot use this word: ٣٤٥. {HOW}")),
        ("Москва\nFlat ٣٤٥\nмосква Bray", format!("The recogniser cannot use these words: Москва, ٣٤٥. {HOW}")),
        ("Bray\né\nâââ", format!("The recogniser cannot use these words: âââ, é. {HOW}")),
    ];
    for (words, message) in &cases {
        let reply = app.post_form(ADD_VOCABULARY, Some(&enterprise), &fields(words)).await;
        assert_eq!(words_error(&reply), *message, "{words:?}");
    }
    assert_eq!(vocabulary_count(&app, &enterprise).await, demo, "nothing saved");

    // Saved: the words' pronunciations are kept with it, in the model's phones.
    let id = ok(app.post_form(ADD_VOCABULARY, Some(&enterprise), &fields("Zentrova\nZoë kit")).await)["id"]
        .as_i64()
        .unwrap();
    let said: Vec<(String, String)> = serde_json::from_str(&kept(db, id).await.expect("kept")).unwrap();
    let words: Vec<&str> = said.iter().map(|(word, _)| word.as_str()).collect();
    assert_eq!(words, ["kit", "zentrova", "zoë"]);
    assert_eq!(said[1].1, "Z EH N T R OW V AH");

    // Edited: refused the same way, the words and pronunciations as they were; then replaced.
    let edit = format!("/api/speech/editVocabulary/{id}");
    let reply = app.post_form(&edit, Some(&enterprise), &fields("Zentrova ٣٤٥")).await;
    assert_eq!(words_error(&reply), format!("The recogniser cannot use this word: ٣٤٥. {HOW}"));
    assert!(kept(db, id).await.unwrap().contains("zoë"));
    ok(app.post_form(&edit, Some(&enterprise), &fields("Dorvana")).await);
    assert_eq!(kept(db, id).await.unwrap(), r#"[["dorvana","D AO R V AA N AH"]]"#);

    // A User (10) may not change vocabularies, whatever the words.
    sqlx::query(
        "UPDATE user_access SET auth_code = 10 WHERE customer_id = $1
         AND user_id = (SELECT id FROM users WHERE email = 'enterprise@demo.test')",
    )
    .bind(ATLAS)
    .execute(db)
    .await
    .unwrap();
    let user = app.login("enterprise@demo.test").await;
    for path in [ADD_VOCABULARY, edit.as_str()] {
        let reply = app.post_form(path, Some(&user), &fields("Flat ٣٤٥")).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
}

#[tokio::test]
async fn an_accounts_vocabularies_have_at_most_500_different_words_between_them() {
    let app = TestApp::spawn().await;
    let enterprise = app.login("enterprise@demo.test").await;
    // The demo's vocabulary has 9 words (Atlas Home Cover, no claims bonus, excess, Dun Laoghaire).
    let entries = |from: usize, to: usize| {
        let words: Vec<String> = (from..to).map(|n| format!("n{n}")).collect();
        words.chunks(4).map(|entry| entry.join(" ")).collect::<Vec<_>>().join("\n")
    };
    let add = |name: &'static str, words: String| {
        let app = &app;
        let enterprise = &enterprise;
        async move {
            app.post_form(ADD_VOCABULARY, Some(enterprise), &[("form_description", name), ("form_words", &words)]).await
        }
    };
    ok(add("Four hundred", entries(0, 400)).await);
    let last = ok(add("Ninety-one", entries(400, 491)).await)["id"].as_i64().unwrap();

    // 500 now: another new word is one too many, added or edited in.
    let too_many = "An account's vocabularies have at most 500 different words between them.";
    assert_eq!(words_error(&add("One more", "n491".into()).await), too_many);
    let edit = format!("/api/speech/editVocabulary/{last}");
    let reply = app
        .post_form(&edit, Some(&enterprise), &[("form_description", "Ninety-one"), ("form_words", &entries(400, 492))])
        .await;
    assert_eq!(words_error(&reply), too_many);
    // Words the account has already, in any case, count once; an edit may swap one word for another.
    ok(add("Again", "N0 n1\nATLAS".into()).await);
    let swapped = entries(400, 490) + "\nn999";
    ok(app.post_form(&edit, Some(&enterprise), &[("form_description", "Ninety-one"), ("form_words", &swapped)]).await);
}
