//! The transcription benchmark (scripts/bench-transcription.sh): speaks each of the demo's
//! dialogues as the seed does (espeak-ng, two voices, lame), hears it with each local recogniser
//! (Debian's pocketsphinx; PocketSphinx 5 without a vocabulary, then with one whose words none of
//! the dialogues say), and prints each dialogue's word error rate against its text, the rate over
//! all of them, the seconds of audio heard per second of processing, and the vocabulary's words
//! heard though not said (false alarms); then the same dialogues in espeak-ng's US English
//! voices, since the recognisers' model is US English.

use std::time::Instant;

use domain::speech::{recogniser_words, word_error_rate, WordErrors};
use server::jobs::transcription::{
    pronunciations, vocabulary_heard, vocabulary_words, Pocketsphinx, Pocketsphinx5, Pronunciation, Recogniser,
};
use server::providers::text_to_speech::{dialogue_mp3_in, DialogueVoices, AMERICAN};
use server::seed::{Dialogue, DIALOGUES};

/// A vocabulary none of the dialogues says: the demo's Atlas's, and invented product names.
const UNSAID: [&str; 2] =
    ["Atlas Home Cover\nno claims bonus\nexcess\nDun Laoghaire", "Dorvana\nZentrova\nTavoli\nKelvaro"];

#[tokio::main(flavor = "current_thread")]
async fn main() {
    run(&Pocketsphinx, &[]).await;
    let ps5 = Pocketsphinx5::in_checkout();
    run(&ps5, &[]).await;
    let vocabulary = pronunciations(&recogniser_words(&UNSAID)).await.expect("espeak-ng is installed");
    println!("\n\n#### with the vocabulary {vocabulary:?}");
    run(&ps5, &vocabulary).await;
}

async fn run(recogniser: &impl Recogniser, vocabulary: &[Pronunciation]) {
    println!("\n\n#### recogniser: {}", recogniser.name());
    println!("\n== the demo's recordings (espeak-ng en-gb and en-gb+f3, each dialogue at its pace)");
    bench(recogniser, vocabulary, |dialogue| dialogue.voices()).await;
    println!("\n== the same dialogues in espeak-ng's US English (en-us for both, 140 words a minute)");
    bench(recogniser, vocabulary, |_| AMERICAN).await;
}

async fn bench(
    recogniser: &impl Recogniser,
    vocabulary: &[Pronunciation],
    voices: impl Fn(&Dialogue) -> DialogueVoices,
) {
    let mut false_alarms = 0;
    let (mut total, mut audio_ms, mut spent) = (WordErrors::default(), 0i64, 0f64);
    for (n, dialogue) in DIALOGUES.iter().enumerate() {
        let reference = dialogue.lines.iter().map(|(_, text)| *text).collect::<Vec<_>>().join(" ");
        let mp3 = dialogue_mp3_in(dialogue.lines, voices(dialogue)).await.expect("espeak-ng and lame are installed");
        let started = Instant::now();
        let heard =
            recogniser.transcribe(&mp3, vocabulary).await.expect("the recogniser is installed (scripts/setup.sh)");
        let seconds = started.elapsed().as_secs_f64();
        let errors = word_error_rate(&reference, &heard.text);
        false_alarms += vocabulary_heard(&heard, &vocabulary_words(vocabulary));
        println!("\ndialogue {}: {:.1} s of audio heard in {seconds:.2} s", n + 1, heard.audio_ms as f64 / 1000.0);
        println!("  said:  {reference}");
        println!("  heard: {}", heard.text.replace('\n', " / "));
        println!("  WER {:.1}% ({} errors / {} words)", errors.rate() * 100.0, errors.errors, errors.reference_words);
        total = total + errors;
        audio_ms += heard.audio_ms;
        spent += seconds;
    }
    println!(
        "\nWER over the dialogues: {:.1}% ({} errors / {} words)",
        total.rate() * 100.0,
        total.errors,
        total.reference_words
    );
    println!(
        "speed: {:.1} s of audio in {spent:.2} s of processing = {:.1} s of audio per second",
        audio_ms as f64 / 1000.0,
        audio_ms as f64 / 1000.0 / spent
    );
    if !vocabulary.is_empty() {
        println!("vocabulary words heard though not said: {false_alarms}");
    }
}
