//! What a change to one of the library's records did, in plain English: destination numbers,
//! voicemails, audio, in-call attribution, DTMF plans and IVRs, dynamic whispers. (Categories
//! and report groups are only a description: their rename is told by `explain_change`.)

use super::explain_words::{changed, quote, seconds, switched, text_or_none};
use super::names::{quoted, Names};
use super::record::{RoutingRecord, StoredAudio, StoredDestinationNumber};
use crate::routing::dtmf::DTMF_IVR_KEYS;
use crate::routing::in_call::{TERMINATORS, TRANSFER_TYPES};
use crate::routing::{DtmfIvrForm, DtmfPlanForm, DynamicWhisperForm, InCallAttributionForm};

/// The sentences for the settings of `old` and `new` (two states of one record) other than
/// its name.
pub(super) fn library(out: &mut Vec<String>, old: &RoutingRecord, new: &RoutingRecord, name: &str, names: &Names) {
    match (old, new) {
        (RoutingRecord::DestinationNumber { form: a, .. }, RoutingRecord::DestinationNumber { form: b, .. }) => {
            destination_number(out, a, b, name)
        }
        (RoutingRecord::Voicemail { form: a, .. }, RoutingRecord::Voicemail { form: b, .. }) => changed(
            out,
            || format!("The greeting of {name}"),
            quoted(&names.audios, a.audio_id),
            quoted(&names.audios, b.audio_id),
        ),
        (RoutingRecord::Audio { form: a, .. }, RoutingRecord::Audio { form: b, .. }) => {
            changed(out, || format!("The sound of {name}"), sound(a), sound(b))
        }
        (RoutingRecord::InCallAttribution { form: a, .. }, RoutingRecord::InCallAttribution { form: b, .. }) => {
            in_call(out, a, b, name)
        }
        (RoutingRecord::DtmfPlan { form: a, .. }, RoutingRecord::DtmfPlan { form: b, .. }) => {
            dtmf_plan(out, a, b, name, names)
        }
        (RoutingRecord::DtmfIvr { form: a, .. }, RoutingRecord::DtmfIvr { form: b, .. }) => {
            dtmf_ivr(out, a, b, name, names)
        }
        (RoutingRecord::DynamicWhisper { form: a, .. }, RoutingRecord::DynamicWhisper { form: b, .. }) => {
            dynamic_whisper(out, a, b, name, names)
        }
        _ => {}
    }
}

fn destination_number(out: &mut Vec<String>, old: &StoredDestinationNumber, new: &StoredDestinationNumber, name: &str) {
    let number = |n: &StoredDestinationNumber| format!("{} {}", n.code.trim(), n.number.trim()).trim().to_string();
    changed(out, || format!("The number of {name}"), number(old), number(new));
    switched(
        out,
        old.mailbox,
        new.mailbox,
        format!("{name} is now a mailbox."),
        format!("{name} is no longer a mailbox."),
    );
}

/// What an audio plays: its file (by the name it was uploaded with) or its sentence.
fn sound(audio: &StoredAudio) -> String {
    if !audio.file_name.is_empty() {
        let shown = if audio.original_name.is_empty() { &audio.file_name } else { &audio.original_name };
        format!("the file {}", quote(shown))
    } else if !audio.sentence.trim().is_empty() {
        format!("the sentence {}", quote(audio.sentence.trim()))
    } else {
        "none".to_string()
    }
}

fn label_of(list: &[(&str, &str)], value: &str) -> String {
    let value = value.trim();
    list.iter().find(|(id, _)| *id == value).map_or_else(|| text_or_none(value), |(_, label)| quote(label))
}

fn typed_seconds(value: &str) -> String {
    value.trim().parse::<i64>().map_or_else(|_| text_or_none(value.trim()), seconds)
}

fn in_call(out: &mut Vec<String>, old: &InCallAttributionForm, new: &InCallAttributionForm, name: &str) {
    switched(
        out,
        old.active.trim() == "1",
        new.active.trim() == "1",
        format!("{name} is now active."),
        format!("{name} is now inactive."),
    );
    changed(
        out,
        || format!("The transfer type of {name}"),
        label_of(&TRANSFER_TYPES, &old.attribution_type),
        label_of(&TRANSFER_TYPES, &new.attribution_type),
    );
    changed(
        out,
        || format!("The terminator of {name}"),
        label_of(&TERMINATORS, &old.terminator),
        label_of(&TERMINATORS, &new.terminator),
    );
    changed(
        out,
        || format!("The delay before {name}"),
        typed_seconds(&old.delay_before),
        typed_seconds(&new.delay_before),
    );
    changed(
        out,
        || format!("The delay after {name}"),
        typed_seconds(&old.delay_after),
        typed_seconds(&new.delay_after),
    );
}

fn digits(value: i64) -> String {
    if value == 1 {
        "1 digit".to_string()
    } else {
        format!("{value} digits")
    }
}

fn dtmf_plan(out: &mut Vec<String>, old: &DtmfPlanForm, new: &DtmfPlanForm, name: &str, names: &Names) {
    let audio = |id| quoted(&names.audios, id);
    changed(out, || format!("The intro audio of {name}"), audio(old.intro_audio), audio(new.intro_audio));
    changed(out, || format!("The end audio of {name}"), audio(old.end_audio), audio(new.end_audio));
    changed(out, || format!("The minimum length of {name}"), digits(old.minimum_digits), digits(new.minimum_digits));
    changed(out, || format!("The maximum length of {name}"), digits(old.maximum_digits), digits(new.maximum_digits));
    changed(
        out,
        || format!("The initial key timeout of {name}"),
        seconds(old.initial_timeout),
        seconds(new.initial_timeout),
    );
    changed(
        out,
        || format!("The inter-key timeout of {name}"),
        seconds(old.internal_timeout),
        seconds(new.internal_timeout),
    );
    switched(
        out,
        old.skip_audio,
        new.skip_audio,
        format!("Callers can now skip the audio of {name}."),
        format!("Callers can no longer skip the audio of {name}."),
    );
}

fn dtmf_ivr(out: &mut Vec<String>, old: &DtmfIvrForm, new: &DtmfIvrForm, name: &str, names: &Names) {
    let key_name = |i: usize| DTMF_IVR_KEYS.get(i).map_or_else(|| format!("{}", i + 1), |k| k.to_string());
    let plan = |id| quoted(&names.dtmf_plans, id);
    let category = |id| quoted(&names.categories, id);
    for i in 0..old.keys.len().max(new.keys.len()) {
        let key = key_name(i);
        match (old.keys.get(i), new.keys.get(i)) {
            (Some(a), Some(b)) => {
                if a.description.trim() != b.description.trim() {
                    out.push(format!(
                        "Key {key} of {name} is now described as {} instead of {}.",
                        quote(b.description.trim()),
                        quote(a.description.trim())
                    ));
                }
                changed(
                    out,
                    || format!("The category of key {key} of {name}"),
                    category(a.category_id),
                    category(b.category_id),
                );
                changed(out, || format!("The DTMF plan of key {key} of {name}"), plan(a.dtmf_id), plan(b.dtmf_id));
            }
            (None, Some(b)) => out.push(format!(
                "Key {key} added to {name}: {}, category {}, DTMF plan {}.",
                quote(b.description.trim()),
                category(b.category_id),
                plan(b.dtmf_id)
            )),
            (Some(a), None) => out.push(format!("Key {key} ({}) removed from {name}.", quote(a.description.trim()))),
            (None, None) => {}
        }
    }
    let audio = |id| quoted(&names.audios, id);
    changed(out, || format!("The intro audio of {name}"), audio(old.intro_audio_id), audio(new.intro_audio_id));
    changed(out, || format!("The end audio of {name}"), audio(old.end_audio_id), audio(new.end_audio_id));
}

/// Sources are matched by id: a whisper added, removed or reworded for each.
fn dynamic_whisper(
    out: &mut Vec<String>,
    old: &DynamicWhisperForm,
    new: &DynamicWhisperForm,
    name: &str,
    names: &Names,
) {
    let text = |form: &DynamicWhisperForm, id: i64| {
        form.sources
            .iter()
            .find(|s| s.source_medium_id == id)
            .map(|s| s.whisper.trim().to_string())
            .filter(|w| !w.is_empty())
    };
    let mut ids: Vec<i64> = old.sources.iter().chain(&new.sources).map(|s| s.source_medium_id).collect();
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        let source = quoted(&names.sources_mediums, id);
        match (text(old, id), text(new, id)) {
            (Some(a), Some(b)) if a != b => {
                out.push(format!("The whisper of {name} for {source} is now {} instead of {}.", quote(&b), quote(&a)))
            }
            (None, Some(b)) => out.push(format!("{name} now whispers {} for {source}.", quote(&b))),
            (Some(a), None) => out.push(format!("{name} no longer whispers for {source} (it said {}).", quote(&a))),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::explain_change;
    use super::*;
    use crate::routing::ivr::Named;
    use crate::routing::{DtmfIvrKey, GroupForm, VoicemailForm, WhisperSource};

    fn named(id: i64, description: &str) -> Named {
        Named { id, description: description.into() }
    }

    fn names() -> Names {
        Names {
            audios: vec![named(1, "Greeting"), named(2, "Closed")],
            categories: vec![named(5, "Sales"), named(6, "Support")],
            dtmf_plans: vec![named(8, "Account number")],
            sources_mediums: vec![named(11, "google / cpc"), named(12, "bing / organic")],
            ..Names::default()
        }
    }

    fn explain(old: RoutingRecord, new: RoutingRecord) -> Vec<String> {
        explain_change(Some(&old), Some(&new), &names())
    }

    #[test]
    fn a_voicemail_greeting_and_a_rename_are_told() {
        let box_ = |description: &str, audio_id| RoutingRecord::Voicemail {
            id: 3,
            form: VoicemailForm { description: description.into(), audio_id },
        };
        assert_eq!(
            explain(box_("Out of hours", 1), box_("After hours", 2)),
            vec![
                "Voicemail 'Out of hours' renamed to 'After hours'.",
                "The greeting of 'After hours' is now 'Closed' instead of 'Greeting'."
            ]
        );
    }

    #[test]
    fn a_category_is_only_renamed_and_a_new_one_is_created() {
        let group =
            |description: &str| RoutingRecord::Category { id: 5, form: GroupForm { description: description.into() } };
        assert_eq!(explain(group("Sales"), group("New sales")), vec!["Category 'Sales' renamed to 'New sales'."]);
        assert_eq!(explain_change(None, Some(&group("Sales")), &names()), vec!["Category 'Sales' created."]);
        let report = RoutingRecord::SecondaryReportGroup { id: 2, form: GroupForm { description: "North".into() } };
        assert_eq!(explain_change(Some(&report), None, &names()), vec!["Secondary report group 'North' deleted."]);
    }

    #[test]
    fn a_destination_number_tells_its_mailbox() {
        let number = |mailbox| RoutingRecord::DestinationNumber {
            id: 4,
            form: StoredDestinationNumber {
                description: "Reception".into(),
                international_code: 1,
                code: "44".into(),
                number: "1134960000".into(),
                mailbox,
            },
        };
        assert_eq!(explain(number(false), number(true)), vec!["'Reception' is now a mailbox."]);
    }

    #[test]
    fn an_audio_tells_its_file_or_sentence() {
        let audio = |file: &str, sentence: &str| RoutingRecord::Audio {
            id: 1,
            form: StoredAudio {
                description: "Greeting".into(),
                file_name: if file.is_empty() { String::new() } else { "abc123.wav".into() },
                original_name: file.into(),
                sentence: sentence.into(),
            },
        };
        assert_eq!(
            explain(audio("", "Welcome to Stone"), audio("welcome.wav", "")),
            vec!["The sound of 'Greeting' is now the file 'welcome.wav' instead of the sentence 'Welcome to Stone'."]
        );
    }

    #[test]
    fn an_in_call_plan_tells_each_setting_by_its_label() {
        let plan = |active: &str, terminator: &str, delay: &str| RoutingRecord::InCallAttribution {
            id: 7,
            form: InCallAttributionForm {
                description: "Caller id".into(),
                active: active.into(),
                attribution_type: "1".into(),
                terminator: terminator.into(),
                delay_before: delay.into(),
                delay_after: "0".into(),
            },
        };
        assert_eq!(
            explain(plan("1", "0", "0"), plan("0", "2", "3")),
            vec![
                "'Caller id' is now inactive.",
                "The terminator of 'Caller id' is now '#' instead of 'None'.",
                "The delay before 'Caller id' is now 3 seconds instead of none."
            ]
        );
    }

    #[test]
    fn a_dtmf_plan_tells_lengths_timeouts_and_skipping() {
        let plan = |maximum_digits, skip_audio| RoutingRecord::DtmfPlan {
            id: 8,
            form: DtmfPlanForm {
                description: "Account number".into(),
                intro_audio: 1,
                maximum_digits,
                skip_audio,
                ..DtmfPlanForm::default()
            },
        };
        assert_eq!(
            explain(plan(1, false), plan(6, true)),
            vec![
                "The maximum length of 'Account number' is now 6 digits instead of 1 digit.",
                "Callers can now skip the audio of 'Account number'."
            ]
        );
    }

    #[test]
    fn a_dtmf_ivr_tells_its_keys_by_their_key() {
        let key = |description: &str, category_id, dtmf_id| DtmfIvrKey {
            description: description.into(),
            category_id,
            dtmf_id,
        };
        let ivr = |keys| RoutingRecord::DtmfIvr {
            id: 9,
            form: DtmfIvrForm { description: "Menu".into(), intro_audio_id: 1, end_audio_id: 0, keys },
        };
        assert_eq!(
            explain(ivr(vec![key("Sales", 5, 0)]), ivr(vec![key("Sales", 6, 8), key("Help", 6, 0)])),
            vec![
                "The category of key 1 of 'Menu' is now 'Support' instead of 'Sales'.",
                "The DTMF plan of key 1 of 'Menu' is now 'Account number' instead of none.",
                "Key 2 added to 'Menu': 'Help', category 'Support', DTMF plan none."
            ]
        );
    }

    #[test]
    fn a_dynamic_whisper_tells_each_source() {
        let source = |id, whisper: &str| WhisperSource { source_medium_id: id, whisper: whisper.into() };
        let whisper = |sources| RoutingRecord::DynamicWhisper {
            id: 10,
            form: DynamicWhisperForm { description: "Campaigns".into(), sources },
        };
        assert_eq!(
            explain(
                whisper(vec![source(11, "Google call")]),
                whisper(vec![source(11, "Paid search"), source(12, "Bing")])
            ),
            vec![
                "The whisper of 'Campaigns' for 'google / cpc' is now 'Paid search' instead of 'Google call'.",
                "'Campaigns' now whispers 'Bing' for 'bing / organic'."
            ]
        );
    }
}
