//! Demo data of the routing library: international codes, and for Harbour Lane Dental (100)
//! destination numbers, hunt groups and multi dials, queues, audio (real little WAV files of
//! tones, generated here) and voicemail; a small set for Atlas Insurance (300) so tenant tests
//! have another customer's ids. Every record passes the domain's rules.
//!
//! Ids are fixed so the numbers' seed (which runs next) and tests can refer to them: customer
//! 100's records start at 1, customer 300's at 101.

use sqlx::{Any, Transaction};

/// (id, description, code)
const INTERNATIONAL_CODES: &[(i64, &str, &str)] = &[
    (1, "United Kingdom", "44"),
    (2, "Ireland", "353"),
    (3, "France", "33"),
    (4, "Germany", "49"),
    (5, "Spain", "34"),
    (6, "United States", "1"),
    (7, "Netherlands", "31"),
    (8, "Belgium", "32"),
    (9, "Italy", "39"),
    (10, "Portugal", "351"),
    (11, "Canada", "1"),
    (12, "Australia", "61"),
];
const UK: i64 = 1;

/// (id, customer, description, international code, number, mailbox)
const DESTINATION_NUMBERS: &[(i64, i64, &str, i64, &str, i64)] = &[
    (1, 100, "Reception", UK, "01614960000", 0),
    (2, 100, "Surgery mobile", UK, "07700900123", 0),
    (3, 100, "Out of hours service", UK, "01134960500", 0),
    (4, 100, "Leeds branch", UK, "01134960210", 0),
    (5, 100, "Sheffield branch", UK, "01144960330", 0),
    (6, 100, "Practice manager mobile", UK, "07700900456", 0),
    (7, 100, "Hygienist line", UK, "01614960045", 0),
    (8, 100, "Emergency dentist", UK, "01184960777", 0),
    (9, 100, "Reception voicemail", UK, "01614960099", 1),
    (10, 100, "London referral clinic", UK, "02079460123", 0),
    (11, 100, "Bristol branch", UK, "01174960456", 0),
    (12, 100, "Paris dental lab", 3, "199001234", 0),
    (101, 300, "Head office", UK, "02079460500", 0),
    (102, 300, "Claims line", UK, "01314960222", 0),
];

/// (id, customer, description, file: (frequencies in Hz, milliseconds) or none, sentence, days ago)
type AudioSeed = (i64, i64, &'static str, Option<(&'static [f64], u32)>, &'static str, i64);
const AUDIOS: &[AudioSeed] = &[
    (1, 100, "Welcome message", Some((&[523.25, 659.25], 400)), "", 120),
    (2, 100, "Out of hours message", Some((&[392.0, 329.63], 400)), "", 118),
    (3, 100, "Call recording notice", Some((&[880.0], 300)), "", 110),
    (4, 100, "Whisper - new enquiry", Some((&[1046.5], 200)), "", 95),
    (5, 100, "Whisper - existing patient", Some((&[987.77, 783.99], 250)), "", 95),
    (6, 100, "Hold music", Some((&[261.63, 329.63, 392.0, 523.25], 600)), "", 90),
    (7, 100, "Queue position message", Some((&[698.46], 300)), "", 60),
    (8, 100, "Queue full message", Some((&[440.0, 349.23], 350)), "", 60),
    (9, 100, "Voicemail greeting - reception", Some((&[587.33, 440.0], 400)), "", 45),
    (10, 100, "Voicemail greeting - out of hours", Some((&[493.88, 392.0], 400)), "", 44),
    (11, 100, "Thank you for calling", None, "Thank you for calling Harbour Lane Dental.", 12),
    (101, 300, "Atlas welcome", Some((&[659.25, 783.99], 400)), "", 30),
    (102, 300, "Claims voicemail greeting", Some((&[349.23], 300)), "", 30),
];

/// (id, customer, description, max calls, lines, hold music, message mode, interval,
/// [welcome, message 1, message 2, message 3, next in line, queue full])
type QueueSeed = (i64, i64, &'static str, i64, i64, i64, i64, i64, [i64; 6]);
const QUEUES: &[QueueSeed] = &[
    (1, 100, "Reception queue", 10, 2, 1, 4, 30, [1, 3, 7, 0, 7, 8]),
    (2, 100, "Appointments queue", 20, 3, 2, 1, 60, [1, 7, 0, 0, 0, 8]),
    (3, 100, "Emergency queue", 5, 1, 5, 2, 40, [2, 0, 0, 0, 0, 0]),
    (101, 300, "Claims queue", 50, 10, 3, 3, 90, [101, 0, 0, 0, 0, 0]),
];

/// (id, customer, description, plan type, queue, no-response destination, [(destination, ring length)])
type PlanSeed = (i64, i64, &'static str, i64, i64, i64, &'static [(i64, Option<i64>)]);
const PLANS: &[PlanSeed] = &[
    (1, 100, "Reception", 0, 0, 0, &[(1, Some(60))]),
    (2, 100, "Reception then mobile", 0, 0, 0, &[(1, Some(30)), (2, Some(30))]),
    (3, 100, "All surgeries (multi dial)", 1, 0, 9, &[(1, Some(30)), (4, None), (5, None), (11, None)]),
    (4, 100, "Out of hours", 0, 0, 0, &[(3, Some(60))]),
    (5, 100, "Leeds branch", 0, 0, 0, &[(4, Some(45)), (1, Some(30))]),
    (6, 100, "Managers (multi dial)", 1, 0, 9, &[(6, Some(20)), (2, None)]),
    (7, 100, "Hygienist then reception", 0, 0, 0, &[(7, Some(20)), (1, Some(40))]),
    (8, 100, "Reception with queue", 0, 1, 0, &[(1, Some(60))]),
    (9, 100, "Emergency", 0, 3, 0, &[(8, Some(60)), (3, Some(60))]),
    (101, 300, "Head office", 0, 101, 0, &[(101, Some(60)), (102, Some(30))]),
];

/// (id, customer, description, audio)
const VOICEMAILS: &[(i64, i64, &str, i64)] =
    &[(1, 100, "Reception", 9), (2, 100, "Out of hours", 10), (101, 300, "Claims", 102)];

const SAMPLE_RATE: u32 = 8000;

/// A mono 16-bit PCM WAV file: the tones in turn, each `millis` long, faded in and out so
/// they do not click.
pub fn tone_wav(frequencies: &[f64], millis: u32) -> Vec<u8> {
    let per_tone = (SAMPLE_RATE * millis / 1000) as usize;
    let fade = per_tone / 10;
    let mut samples: Vec<i16> = Vec::with_capacity(per_tone * frequencies.len());
    for &frequency in frequencies {
        for n in 0..per_tone {
            let t = n as f64 / f64::from(SAMPLE_RATE);
            let envelope = (n.min(per_tone - 1 - n) as f64 / fade.max(1) as f64).min(1.0);
            let value = (2.0 * std::f64::consts::PI * frequency * t).sin() * envelope * 0.5;
            samples.push((value * f64::from(i16::MAX)) as i16);
        }
    }
    let data_len = (samples.len() * 2) as u32;
    let mut wav = Vec::with_capacity(44 + data_len as usize);
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + data_len).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    wav.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes()); // bytes per second
    wav.extend_from_slice(&2u16.to_le_bytes()); // block align
    wav.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        wav.extend_from_slice(&s.to_le_bytes());
    }
    wav
}

/// A stored file name for a demo audio: fixed, so the demo is the same on every machine.
fn demo_file_name(id: i64) -> String {
    format!("demo-audio-{id:04}.wav")
}

pub async fn seed(tx: &mut Transaction<'_, Any>, now: i64) -> Result<(), sqlx::Error> {
    for &(id, description, code) in INTERNATIONAL_CODES {
        sqlx::query("INSERT INTO international_codes (id, description, code) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(description)
            .bind(code)
            .execute(&mut **tx)
            .await?;
    }
    for &(id, customer, description, code, number, mailbox) in DESTINATION_NUMBERS {
        sqlx::query(
            "INSERT INTO destination_numbers (id, customer_id, description, international_code_id, number, mailbox)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(customer)
        .bind(description)
        .bind(code)
        .bind(number)
        .bind(mailbox)
        .execute(&mut **tx)
        .await?;
    }
    for &(id, customer, description, tones, sentence, days_ago) in AUDIOS {
        let (file_name, original_name, content) = match tones {
            Some((frequencies, millis)) => {
                let words: Vec<String> = description
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .filter(|w| !w.is_empty())
                    .map(str::to_lowercase)
                    .collect();
                let original = format!("{}.wav", words.join("_"));
                (demo_file_name(id), original, Some(tone_wav(frequencies, millis)))
            }
            None => (String::new(), String::new(), None),
        };
        sqlx::query(
            "INSERT INTO audios (id, customer_id, description, file_name, original_name, sentence, content, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(id)
        .bind(customer)
        .bind(description)
        .bind(file_name)
        .bind(original_name)
        .bind(sentence)
        .bind(content)
        .bind(now - days_ago * 86_400)
        .execute(&mut **tx)
        .await?;
    }
    for &(id, customer, description, max_calls, lines, hold_music, mode, interval, a) in QUEUES {
        sqlx::query(
            "INSERT INTO queues (id, customer_id, description, max_calls, lines_qty, hold_music, message_mode,
             message_interval, welcome_audio_id, audio_1_id, audio_2_id, audio_3_id, next_in_line_audio_id,
             queue_full_audio_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        )
        .bind(id)
        .bind(customer)
        .bind(description)
        .bind(max_calls)
        .bind(lines)
        .bind(hold_music)
        .bind(mode)
        .bind(interval)
        .bind(a[0])
        .bind(a[1])
        .bind(a[2])
        .bind(a[3])
        .bind(a[4])
        .bind(a[5])
        .execute(&mut **tx)
        .await?;
    }
    for &(id, customer, description, plan_type, queue, no_response, rows) in PLANS {
        sqlx::query(
            "INSERT INTO destination_plans (id, customer_id, description, plan_type, queue_id, incall_id,
             no_response_destination_id) VALUES ($1, $2, $3, $4, $5, 0, $6)",
        )
        .bind(id)
        .bind(customer)
        .bind(description)
        .bind(plan_type)
        .bind(queue)
        .bind(no_response)
        .execute(&mut **tx)
        .await?;
        for (position, &(destination, ring_length)) in rows.iter().enumerate() {
            sqlx::query(
                "INSERT INTO destination_plan_rows (plan_id, position, destination_number_id, ring_length)
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(position as i64)
            .bind(destination)
            .bind(ring_length)
            .execute(&mut **tx)
            .await?;
        }
    }
    for &(id, customer, description, audio) in VOICEMAILS {
        sqlx::query("INSERT INTO voicemails (id, customer_id, description, audio_id) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(customer)
            .bind(description)
            .bind(audio)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use domain::names::is_taken;
    use domain::routing::*;

    use super::*;

    #[test]
    fn the_generated_tones_are_wav_files_of_a_few_kilobytes() {
        let wav = tone_wav(&[440.0, 880.0], 300);
        assert_eq!(audio_content_problem("tone.wav", &wav[..12]), None);
        assert_eq!(wav.len(), 44 + 2 * 2 * 2400);
        assert_eq!(u32::from_le_bytes(wav[4..8].try_into().unwrap()) as usize, wav.len() - 8);
        assert_ne!(tone_wav(&[440.0], 300), tone_wav(&[880.0], 300));
    }

    fn taken_among<T>(items: &[T], customer_of: impl Fn(&T) -> i64, description_of: impl Fn(&T) -> &str) -> bool {
        items.iter().enumerate().any(|(i, a)| {
            items[..i].iter().any(|b| {
                customer_of(a) == customer_of(b) && is_taken(description_of(a), &[description_of(b).to_string()])
            })
        })
    }

    #[test]
    fn the_demo_library_passes_the_domain_rules() {
        for &(_, _, description, code, number, mailbox) in DESTINATION_NUMBERS {
            let form = DestinationNumberForm {
                description: description.into(),
                destination: number.into(),
                international_code: code,
                mailbox,
                insert: true,
            };
            assert!(validate_destination_number(&form, &[]).is_ok(), "{description}");
        }
        assert!(!taken_among(DESTINATION_NUMBERS, |d| d.1, |d| d.2));
        for &(_, customer, description, tones, sentence, _) in AUDIOS {
            let file_name = tones.map(|_| "demo.wav".to_string());
            let form = AudioForm {
                description: description.into(),
                sentence: sentence.into(),
                file_name,
                file_size: 100,
                has_stored_file: false,
            };
            assert!(validate_audio(&form, &[]).is_ok(), "{description}");
            assert!(customer == 100 || customer == 300);
        }
        assert!(!taken_among(AUDIOS, |a| a.1, |a| a.2));
        for &(_, _, description, max_calls, lines, hold, mode, interval, slots) in QUEUES {
            let form = QueueForm {
                description: description.into(),
                max_calls: max_calls.to_string(),
                lines_qty: lines.to_string(),
                hold_music: hold,
                message_mode: mode,
                message_interval: interval,
                ..Default::default()
            };
            assert!(validate_queue(&form, &[]).is_ok(), "{description}");
            assert!(slots.iter().all(|&a| a == 0 || AUDIOS.iter().any(|x| x.0 == a)));
        }
        assert!(!taken_among(QUEUES, |q| q.1, |q| q.2));
        for &(_, customer, description, plan_type, _, _, rows) in PLANS {
            let form = DestinationPlanForm {
                description: description.into(),
                plan_type,
                destinations: rows
                    .iter()
                    .map(|&(destination, ring)| DestinationRow { destination, ring_length: ring.unwrap_or(0) })
                    .collect(),
                ..Default::default()
            };
            assert!(validate_destination_plan(&form, &[]).is_ok(), "{description}");
            for &(destination, _) in rows {
                assert!(DESTINATION_NUMBERS.iter().any(|d| d.0 == destination && d.1 == customer));
            }
        }
        assert!(!taken_among(PLANS, |p| p.1, |p| p.2));
        for &(_, customer, description, audio) in VOICEMAILS {
            assert!(validate_voicemail(&VoicemailForm { description: description.into(), audio_id: audio }).is_ok());
            assert!(AUDIOS.iter().any(|a| a.0 == audio && a.1 == customer));
        }
    }
}
