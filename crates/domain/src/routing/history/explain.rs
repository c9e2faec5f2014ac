//! What a change did, in plain English for the history page: one sentence per difference
//! between the stored state before and after, in a fixed order (the record's name first, then
//! its rows or keys in order, then its other settings).

use super::explain_words::{changed, on_off, quote, seconds, switched, text_or_none};
use std::collections::BTreeMap;

use super::names::{quoted, Names};
use super::record::{Connection, RoutingRecord};
use crate::routing::constants::{HOLD_MUSIC, MESSAGE_MODES};
use crate::routing::ivr::{IvrForm, KeyType, KEY_ORDER, NO_REPEAT};
use crate::routing::{DestinationPlanForm, QueueForm, RowType, ServicePlanForm, TimeRow, HUNT_GROUP, MULTI_DIAL};

const DAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// The sentences explaining the change from `before` to `after` (None: the record did not exist
/// / no longer exists). Empty when they are equal; a creation or deletion is one sentence.
pub fn explain_change(before: Option<&RoutingRecord>, after: Option<&RoutingRecord>, names: &Names) -> Vec<String> {
    let mut out = vec![];
    match (before, after) {
        (None, None) => {}
        (None, Some(created)) => out.push(creation(created, names)),
        (Some(deleted), None) => out.push(deletion(deleted)),
        (Some(old), Some(new)) if old.key() != new.key() => {
            out.push(deletion(old));
            out.push(creation(new, names));
        }
        (Some(old), Some(new)) => {
            if old == new {
                return out;
            }
            let name = quote(new.name());
            if old.name() != new.name() && !matches!(new, RoutingRecord::Connect { .. }) {
                out.push(format!("{} {} renamed to {name}.", new.kind().noun(), quote(old.name())));
            }
            match (old, new) {
                (RoutingRecord::ServicePlan { form: a, .. }, RoutingRecord::ServicePlan { form: b, .. }) => {
                    service_plan(&mut out, a, b, &name, names)
                }
                (RoutingRecord::Ivr { form: a, .. }, RoutingRecord::Ivr { form: b, .. }) => {
                    ivr(&mut out, a, b, &name, names)
                }
                (RoutingRecord::DestinationPlan { form: a, .. }, RoutingRecord::DestinationPlan { form: b, .. }) => {
                    destination_plan(&mut out, a, b, &name, names)
                }
                (RoutingRecord::Queue { form: a, .. }, RoutingRecord::Queue { form: b, .. }) => {
                    queue(&mut out, a, b, &name, names)
                }
                (RoutingRecord::Connect { connection: a, .. }, RoutingRecord::Connect { connection: b, .. }) => {
                    connect(&mut out, a, b, &name, names)
                }
                (old, new) => super::explain_library::library(&mut out, old, new, &name, names),
            }
            if out.is_empty() {
                // A difference no caller would notice (an unused id, the row order): still named.
                out.push(format!("{} {name} changed.", new.kind().noun()));
            }
        }
    }
    out
}

fn creation(record: &RoutingRecord, names: &Names) -> String {
    match record {
        RoutingRecord::Connect { label, connection, .. } => {
            format!("{} connected to {}.", quote(label), connection_target(connection, names))
        }
        other => format!("{} {} created.", other.kind().noun(), quote(other.name())),
    }
}

fn deletion(record: &RoutingRecord) -> String {
    match record {
        // Numbers leave the routing only when released.
        RoutingRecord::Connect { label, .. } => format!("{} released: it no longer takes calls.", quote(label)),
        other => format!("{} {} deleted.", other.kind().noun(), quote(other.name())),
    }
}

fn day_name(day: i64) -> String {
    usize::try_from(day - 1).ok().and_then(|i| DAYS.get(i)).map_or_else(|| format!("day {day}"), |d| d.to_string())
}

fn days_text(days: &[i64]) -> String {
    let consecutive = days.windows(2).all(|w| w[1] == w[0] + 1);
    if days.len() >= 3 && consecutive {
        return format!("{} to {}", day_name(days[0]), day_name(days[days.len() - 1]));
    }
    let names: Vec<String> = days.iter().map(|d| day_name(*d)).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

fn hh_mm(hour: i64, minute: i64) -> String {
    format!("{hour:02}:{minute:02}")
}

// ---- Service plans ------------------------------------------------------------------------

/// A row's times as typed: (from day, hour, minute, to day, hour, minute); sorts by the week.
type Times = (i64, i64, i64, i64, i64, i64);

fn times(row: &TimeRow) -> Times {
    (row.from_day, row.from_hour, row.from_minute, row.to_day, row.to_hour, row.to_minute)
}

fn row_target(row: &TimeRow, names: &Names) -> String {
    match row.plan_type {
        RowType::Routing => quoted(&names.destination_plans, row.routing),
        RowType::Ivr => format!("IVR {}", quoted(&names.ivrs, row.ivr)),
    }
}

#[derive(PartialEq, Eq, Clone, Copy)]
enum RowChange {
    Added,
    Removed,
    Retargeted,
}

/// Rows are matched by their times: a row with the same times and another target was
/// retargeted; other rows were added or removed. Single-day rows with the same times and the
/// same change are told together ("Monday to Friday 09:00-17:30").
fn service_plan(out: &mut Vec<String>, old: &ServicePlanForm, new: &ServicePlanForm, name: &str, names: &Names) {
    let index = |form: &ServicePlanForm| {
        let mut seen: BTreeMap<(Times, usize), String> = BTreeMap::new();
        for row in &form.rows {
            let nth = seen.keys().filter(|(t, _)| *t == times(row)).count();
            seen.insert((times(row), nth), row_target(row, names));
        }
        seen
    };
    let (before, after) = (index(old), index(new));
    let mut all: Vec<&(Times, usize)> = before.keys().chain(after.keys()).collect();
    all.sort_unstable();
    all.dedup();
    let changes: Vec<(Times, RowChange, String, String)> = all
        .into_iter()
        .filter_map(|key| match (before.get(key), after.get(key)) {
            (Some(a), Some(b)) if a != b => Some((key.0, RowChange::Retargeted, a.clone(), b.clone())),
            (Some(a), None) => Some((key.0, RowChange::Removed, a.clone(), String::new())),
            (None, Some(b)) => Some((key.0, RowChange::Added, String::new(), b.clone())),
            _ => None,
        })
        .collect();
    let mut told = vec![false; changes.len()];
    for i in 0..changes.len() {
        if told[i] {
            continue;
        }
        let (t, change, from, to) = &changes[i];
        let span = if t.0 == t.3 {
            let same = |other: &(Times, RowChange, String, String)| {
                let u = other.0;
                u.0 == u.3
                    && (u.1, u.2, u.4, u.5) == (t.1, t.2, t.4, t.5)
                    && other.1 == *change
                    && other.2 == *from
                    && other.3 == *to
            };
            let mut days = vec![];
            for j in i..changes.len() {
                if !told[j] && same(&changes[j]) && !days.contains(&changes[j].0 .0) {
                    told[j] = true;
                    days.push(changes[j].0 .0);
                }
            }
            format!("{} {}-{}", days_text(&days), hh_mm(t.1, t.2), hh_mm(t.4, t.5))
        } else {
            told[i] = true;
            format!("{} {} to {} {}", day_name(t.0), hh_mm(t.1, t.2), day_name(t.3), hh_mm(t.4, t.5))
        };
        out.push(match change {
            RowChange::Added => format!("{span} added to {name}, going to {to}."),
            RowChange::Removed => format!("{span} removed from {name} (it went to {from})."),
            RowChange::Retargeted => format!("{span} of {name} now goes to {to} instead of {from}."),
        });
    }
}

// ---- IVRs ---------------------------------------------------------------------------------

fn key_order(key: &str) -> (usize, String) {
    (KEY_ORDER.iter().position(|k| *k == key).unwrap_or(KEY_ORDER.len()), key.to_string())
}

fn key_target(form: &IvrForm, key: &crate::routing::ivr::IvrKey, names: &Names) -> String {
    if form.repeats(&key.key) {
        return "the menu again".to_string();
    }
    match key.key_type {
        KeyType::Routing => quoted(&names.destination_plans, key.destination_id),
        KeyType::Ivr => format!("IVR {}", quoted(&names.ivrs, key.ivr_id)),
        KeyType::Voicemail => format!("voicemail {}", quoted(&names.voicemails, key.voicemail_id)),
    }
}

fn ivr(out: &mut Vec<String>, old: &IvrForm, new: &IvrForm, name: &str, names: &Names) {
    let mut keys: Vec<(usize, String)> = old.options.iter().chain(&new.options).map(|k| key_order(&k.key)).collect();
    keys.sort_unstable();
    keys.dedup();
    for (_, key) in &keys {
        let a = old.options.iter().find(|k| &k.key == key);
        let b = new.options.iter().find(|k| &k.key == key);
        match (a, b) {
            (Some(a), Some(b)) => {
                let (was, now) = (key_target(old, a, names), key_target(new, b, names));
                if was != now {
                    out.push(format!("Key {key} of {name} now goes to {now} instead of {was}."));
                }
                let (was, now) = (a.description.trim(), b.description.trim());
                if was != now {
                    out.push(format!(
                        "Key {key} of {name} is now described as {} instead of {}.",
                        quote(now),
                        quote(was)
                    ));
                }
                changed(
                    out,
                    || format!("The category of key {key} of {name}"),
                    quoted(&names.categories, a.category_id),
                    quoted(&names.categories, b.category_id),
                );
            }
            (None, Some(b)) => out.push(format!("Key {key} added to {name}, going to {}.", key_target(new, b, names))),
            (Some(a), None) => {
                out.push(format!("Key {key} removed from {name} (it went to {}).", key_target(old, a, names)))
            }
            (None, None) => {}
        }
    }
    let audio = |id| quoted(&names.audios, id);
    changed(out, || format!("The intro audio of {name}"), audio(old.intro_audio), audio(new.intro_audio));
    switched(
        out,
        old.log_keys,
        new.log_keys,
        format!("{name} now logs the keys pressed."),
        format!("{name} no longer logs the keys pressed."),
    );
    changed(
        out,
        || format!("The report group of {name}"),
        quoted(&names.report_groups, old.report_group_id),
        quoted(&names.report_groups, new.report_group_id),
    );
    changed(
        out,
        || format!("The secondary report group of {name}"),
        quoted(&names.secondary_report_groups, old.secondary_report_group_id),
        quoted(&names.secondary_report_groups, new.secondary_report_group_id),
    );
    switched(
        out,
        old.has_dead_end,
        new.has_dead_end,
        format!("{name} now hangs up after its audio."),
        format!("{name} no longer hangs up after its audio."),
    );
    let key_or_none = |key: &str| if key.is_empty() || key == NO_REPEAT { "none".to_string() } else { key.to_string() };
    changed(out, || format!("The repeat key of {name}"), key_or_none(&old.repeat_key), key_or_none(&new.repeat_key));
    changed(out, || format!("The default key of {name}"), key_or_none(&old.default_key), key_or_none(&new.default_key));
    changed(
        out,
        || format!("The number of repeats of {name}"),
        old.repeat_audio.trim().to_string(),
        new.repeat_audio.trim().to_string(),
    );
    switched(
        out,
        old.is_child,
        new.is_child,
        format!("{name} is now a child IVR."),
        format!("{name} is no longer a child IVR."),
    );
}

// ---- Destination plans and queues -----------------------------------------------------------

fn plan_type(value: i64) -> String {
    match value {
        HUNT_GROUP => "hunt group".to_string(),
        MULTI_DIAL => "multi dial".to_string(),
        other => format!("type {other}"),
    }
}

fn destination_plan(
    out: &mut Vec<String>,
    old: &DestinationPlanForm,
    new: &DestinationPlanForm,
    name: &str,
    names: &Names,
) {
    let number = |id| quoted(&names.destination_numbers, id);
    let rows = old.destinations.len().max(new.destinations.len());
    for i in 0..rows {
        let n = i + 1;
        match (old.destinations.get(i), new.destinations.get(i)) {
            (Some(a), Some(b)) => {
                changed(out, || format!("Destination {n} of {name}"), number(a.destination), number(b.destination));
                changed(
                    out,
                    || format!("The ring length of destination {n} of {name}"),
                    seconds(a.ring_length),
                    seconds(b.ring_length),
                );
            }
            (None, Some(b)) => out.push(format!(
                "Destination {n} added to {name}: {}, ringing for {}.",
                number(b.destination),
                seconds(b.ring_length)
            )),
            (Some(a), None) => out.push(format!("Destination {n} ({}) removed from {name}.", number(a.destination))),
            (None, None) => {}
        }
    }
    changed(out, || format!("The type of {name}"), plan_type(old.plan_type), plan_type(new.plan_type));
    changed(out, || format!("The queue of {name}"), quoted(&names.queues, old.queue), quoted(&names.queues, new.queue));
    changed(
        out,
        || format!("The in-call attribution of {name}"),
        quoted(&names.in_call_attributions, old.incall),
        quoted(&names.in_call_attributions, new.incall),
    );
    changed(
        out,
        || format!("The no-response destination of {name}"),
        number(old.no_response_destination),
        number(new.no_response_destination),
    );
}

fn choice(list: &[(u32, &str)], id: i64) -> String {
    if id == 0 {
        return "none".to_string();
    }
    list.iter().find(|(i, _)| i64::from(*i) == id).map_or_else(|| format!("#{id}"), |(_, label)| quote(label))
}

fn queue(out: &mut Vec<String>, old: &QueueForm, new: &QueueForm, name: &str, names: &Names) {
    let typed = |text: &str| text_or_none(text.trim());
    changed(out, || format!("The maximum calls of {name}"), typed(&old.max_calls), typed(&new.max_calls));
    changed(out, || format!("The quantity of lines of {name}"), typed(&old.lines_qty), typed(&new.lines_qty));
    changed(
        out,
        || format!("The hold music of {name}"),
        choice(&HOLD_MUSIC, old.hold_music),
        choice(&HOLD_MUSIC, new.hold_music),
    );
    changed(
        out,
        || format!("The message mode of {name}"),
        choice(&MESSAGE_MODES, old.message_mode),
        choice(&MESSAGE_MODES, new.message_mode),
    );
    changed(
        out,
        || format!("The message interval of {name}"),
        seconds(old.message_interval),
        seconds(new.message_interval),
    );
    let audios: [(&str, i64, i64); 6] = [
        ("welcome audio", old.welcome_audio, new.welcome_audio),
        ("message audio 1", old.audio1, new.audio1),
        ("message audio 2", old.audio2, new.audio2),
        ("message audio 3", old.audio3, new.audio3),
        ("next-in-line audio", old.next_in_line_audio, new.next_in_line_audio),
        ("queue-full audio", old.queue_full_audio, new.queue_full_audio),
    ];
    for (what, a, b) in audios {
        changed(out, || format!("The {what} of {name}"), quoted(&names.audios, a), quoted(&names.audios, b));
    }
}

// ---- Connect ----------------------------------------------------------------------------------

fn connection_target(connection: &Connection, names: &Names) -> String {
    match connection {
        Connection::Basic(row) if row.destination.trim().is_empty() => "no number".to_string(),
        Connection::Basic(row) => format!("the number {}", crate::reports::phone::format_uk(row.destination.trim())),
        Connection::Advanced(row) if row.service_plan == 0 => "nothing (disconnected)".to_string(),
        Connection::Advanced(row) => format!("service plan {}", quoted(&names.service_plans, row.service_plan)),
    }
}

fn connect(out: &mut Vec<String>, old: &Connection, new: &Connection, name: &str, names: &Names) {
    let target = (connection_target(old, names), connection_target(new, names));
    if target.0 != target.1 {
        out.push(format!("{name} now goes to {} instead of {}.", target.1, target.0));
    }
    let common = |c: &Connection| match c {
        Connection::Basic(row) => (row.description.clone(), row.recording),
        Connection::Advanced(row) => (row.description.clone(), row.recording),
    };
    let ((old_description, old_recording), (new_description, new_recording)) = (common(old), common(new));
    changed(
        out,
        || format!("The description of {name}"),
        text_or_none(&old_description),
        text_or_none(&new_description),
    );
    switched(
        out,
        old_recording,
        new_recording,
        format!("Calls to {name} are now recorded."),
        format!("Calls to {name} are no longer recorded."),
    );
    let (Connection::Advanced(a), Connection::Advanced(b)) = (old, new) else { return };
    let audio = |id| quoted(&names.audios, id);
    changed(out, || format!("The intro audio of {name}"), audio(a.intro), audio(b.intro));
    changed(out, || format!("The whisper of {name}"), audio(a.whisper), audio(b.whisper));
    changed(
        out,
        || format!("The dynamic whisper of {name}"),
        quoted(&names.dynamic_whispers, a.dynamic_whisper),
        quoted(&names.dynamic_whispers, b.dynamic_whisper),
    );
    changed(out, || format!("The post URL of {name}"), text_or_none(&a.post_url), text_or_none(&b.post_url));
    changed(
        out,
        || format!("The post call DTMF plan of {name}"),
        quoted(&names.dtmf_plans, a.dtmf),
        quoted(&names.dtmf_plans, b.dtmf),
    );
    changed(
        out,
        || format!("The post call DTMF IVR of {name}"),
        quoted(&names.dtmf_ivrs, a.dtmf_ivr),
        quoted(&names.dtmf_ivrs, b.dtmf_ivr),
    );
    changed(out, || format!("Mid call attribution of {name}"), on_off(a.mid_call_flag), on_off(b.mid_call_flag));
    changed(
        out,
        || format!("The mid call audio of {name}"),
        text_or_none(&a.mid_call_audio),
        text_or_none(&b.mid_call_audio),
    );
    changed(out, || format!("Mid call divert of {name}"), on_off(a.mid_call_divert), on_off(b.mid_call_divert));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::ivr::{IvrKey, Named};
    use crate::routing::{AdvancedRow, BasicRow, DestinationRow, LAST_MINUTE_OF_WEEK, MINUTES_PER_DAY};

    fn named(list: &[(i64, &str)]) -> Vec<Named> {
        list.iter().map(|(id, d)| Named { id: *id, description: d.to_string() }).collect()
    }

    fn names() -> Names {
        Names {
            service_plans: named(&[(1, "Office hours"), (2, "Weekends")]),
            destination_plans: named(&[(10, "Reception"), (11, "Billing"), (12, "Voicemail")]),
            ivrs: named(&[(1, "Main menu"), (2, "Billing menu")]),
            voicemails: named(&[(20, "Out of hours")]),
            queues: named(&[(4, "Sales queue")]),
            audios: named(&[(30, "Welcome"), (31, "Old welcome")]),
            destination_numbers: named(&[(40, "Office"), (41, "Mobile")]),
            ..Default::default()
        }
    }

    fn explain(a: &RoutingRecord, b: &RoutingRecord) -> Vec<String> {
        explain_change(Some(a), Some(b), &names())
    }

    /// Monday to Friday 09:00-17:30 to `open`, the rest of the week to Voicemail (12).
    fn office(open: i64) -> RoutingRecord {
        let mut rows = vec![];
        let mut start = 0;
        for day in 0..5 {
            let open_from = day * MINUTES_PER_DAY + 9 * 60;
            let open_to = day * MINUTES_PER_DAY + 17 * 60 + 30;
            rows.push(TimeRow::spanning(start, open_from - 1, 12));
            rows.push(TimeRow::spanning(open_from, open_to, open));
            start = open_to + 1;
        }
        rows.push(TimeRow::spanning(start, LAST_MINUTE_OF_WEEK, 12));
        RoutingRecord::ServicePlan {
            id: 1,
            form: ServicePlanForm { description: "Office hours".into(), rows, exceptions: vec![] },
        }
    }

    fn plan_form(record: &mut RoutingRecord) -> &mut ServicePlanForm {
        match record {
            RoutingRecord::ServicePlan { form, .. } => form,
            _ => unreachable!(),
        }
    }

    fn menu() -> RoutingRecord {
        let key = |k: &str, id| IvrKey {
            key: k.into(),
            description: format!("Option {k}"),
            destination_id: id,
            ..Default::default()
        };
        RoutingRecord::Ivr {
            id: 1,
            form: IvrForm {
                description: "Main menu".into(),
                intro_audio: 30,
                repeat_key: NO_REPEAT.into(),
                repeat_audio: "2".into(),
                options: vec![key("1", 10), key("2", 10)],
                ..Default::default()
            },
        }
    }

    fn ivr_form(record: &mut RoutingRecord) -> &mut IvrForm {
        match record {
            RoutingRecord::Ivr { form, .. } => form,
            _ => unreachable!(),
        }
    }

    #[test]
    fn an_unchanged_record_has_nothing_to_explain() {
        assert!(explain(&office(10), &office(10)).is_empty());
        assert!(explain_change(None, None, &names()).is_empty());
    }

    #[test]
    fn creating_and_deleting_is_one_sentence() {
        assert_eq!(explain_change(None, Some(&menu()), &names()), vec!["IVR 'Main menu' created."]);
        assert_eq!(explain_change(Some(&office(10)), None, &names()), vec!["Service plan 'Office hours' deleted."]);
    }

    #[test]
    fn weekday_rows_retargeted_alike_are_told_together_with_day_names_and_times() {
        assert_eq!(
            explain(&office(10), &office(12)),
            vec!["Monday to Friday 09:00-17:30 of 'Office hours' now goes to 'Voicemail' instead of 'Reception'."]
        );
    }

    #[test]
    fn a_row_added_on_saturday_morning_is_named_with_its_target() {
        let before = office(10);
        let mut after = office(10);
        let rows = &mut plan_form(&mut after).rows;
        let last = rows.pop().unwrap();
        let saturday = 5 * MINUTES_PER_DAY;
        let from = last.from().unwrap();
        rows.push(TimeRow::spanning(from, saturday + 9 * 60 - 1, 12));
        rows.push(TimeRow::spanning(saturday + 9 * 60, saturday + 13 * 60, 10));
        rows.push(TimeRow::spanning(saturday + 13 * 60 + 1, LAST_MINUTE_OF_WEEK, 12));
        assert_eq!(
            explain(&before, &after),
            vec![
                "Friday 17:31 to Saturday 08:59 added to 'Office hours', going to 'Voicemail'.",
                "Friday 17:31 to Sunday 23:59 removed from 'Office hours' (it went to 'Voicemail').",
                "Saturday 09:00-13:00 added to 'Office hours', going to 'Reception'.",
                "Saturday 13:01 to Sunday 23:59 added to 'Office hours', going to 'Voicemail'.",
            ]
        );
    }

    #[test]
    fn a_renamed_plan_says_so_first() {
        let mut after = office(10);
        plan_form(&mut after).description = "Opening hours".into();
        assert_eq!(explain(&office(10), &after), vec!["Service plan 'Office hours' renamed to 'Opening hours'."]);
    }

    #[test]
    fn a_retargeted_ivr_key_names_the_menu_and_both_targets() {
        let mut after = menu();
        ivr_form(&mut after).options[1].destination_id = 11;
        assert_eq!(
            explain(&menu(), &after),
            vec!["Key 2 of 'Main menu' now goes to 'Billing' instead of 'Reception'."]
        );
    }

    #[test]
    fn ivr_keys_added_and_removed_and_settings_changed_are_each_a_sentence() {
        let mut after = menu();
        let form = ivr_form(&mut after);
        form.options.remove(1);
        form.options.push(IvrKey {
            key: "3".into(),
            description: "Messages".into(),
            key_type: KeyType::Voicemail,
            voicemail_id: 20,
            ..Default::default()
        });
        form.intro_audio = 31;
        form.default_key = "1".into();
        form.has_dead_end = true;
        assert_eq!(
            explain(&menu(), &after),
            vec![
                "Key 2 removed from 'Main menu' (it went to 'Reception').",
                "Key 3 added to 'Main menu', going to voicemail 'Out of hours'.",
                "The intro audio of 'Main menu' is now 'Old welcome' instead of 'Welcome'.",
                "'Main menu' now hangs up after its audio.",
                "The default key of 'Main menu' is now 1 instead of none.",
            ]
        );
    }

    #[test]
    fn a_destination_plan_names_each_changed_field() {
        let form = DestinationPlanForm {
            description: "Sales team".into(),
            destinations: vec![DestinationRow { destination: 40, ring_length: 60 }],
            ..Default::default()
        };
        let mut edited = form.clone();
        edited.destinations[0].ring_length = 30;
        edited.destinations.push(DestinationRow { destination: 41, ring_length: 20 });
        edited.queue = 4;
        let a = RoutingRecord::DestinationPlan { id: 10, form };
        let b = RoutingRecord::DestinationPlan { id: 10, form: edited };
        assert_eq!(
            explain(&a, &b),
            vec![
                "The ring length of destination 1 of 'Sales team' is now 30 seconds instead of 60 seconds.",
                "Destination 2 added to 'Sales team': 'Mobile', ringing for 20 seconds.",
                "The queue of 'Sales team' is now 'Sales queue' instead of none.",
            ]
        );
    }

    #[test]
    fn a_queue_names_its_music_and_audio_by_their_labels() {
        let form =
            QueueForm { description: "Sales queue".into(), hold_music: 1, welcome_audio: 30, ..Default::default() };
        let edited = QueueForm { hold_music: 5, welcome_audio: 99, ..form.clone() };
        let a = RoutingRecord::Queue { id: 4, form };
        let b = RoutingRecord::Queue { id: 4, form: edited };
        assert_eq!(
            explain(&a, &b),
            vec![
                "The hold music of 'Sales queue' is now 'Pop' instead of 'Classical'.",
                "The welcome audio of 'Sales queue' is now '#99 (deleted)' instead of 'Welcome'.",
            ]
        );
    }

    #[test]
    fn a_connect_moving_from_a_number_to_a_service_plan_says_where_calls_go_now() {
        let basic = BasicRow { destination: "07700 900123".into(), recording: true, ..Default::default() };
        let a = RoutingRecord::Connect { id: 7, label: "01632 960000".into(), connection: Connection::Basic(basic) };
        let advanced = AdvancedRow { service_plan: 1, recording: false, whisper: 30, ..Default::default() };
        let b =
            RoutingRecord::Connect { id: 7, label: "01632 960000".into(), connection: Connection::Advanced(advanced) };
        assert_eq!(
            explain(&a, &b),
            vec![
                "'01632 960000' now goes to service plan 'Office hours' instead of the number 07700 900123.",
                "Calls to '01632 960000' are no longer recorded.",
            ]
        );
        assert_eq!(
            explain_change(None, Some(&b), &names()),
            vec!["'01632 960000' connected to service plan 'Office hours'."]
        );
        assert_eq!(
            explain_change(Some(&a), None, &names()),
            vec!["'01632 960000' released: it no longer takes calls."]
        );
    }

    #[test]
    fn a_change_no_caller_would_notice_is_still_named() {
        let mut after = office(10);
        plan_form(&mut after).rows[1].ivr = 5; // a routing row's unused IVR id
        assert_eq!(explain(&office(10), &after), vec!["Service plan 'Office hours' changed."]);
    }

    #[test]
    fn out_of_range_days_are_named_without_a_panic() {
        let mut after = office(10);
        plan_form(&mut after).rows.push(TimeRow { from_day: 9, to_day: 9, ..TimeRow::spanning(0, 10, 10) });
        assert_eq!(
            explain(&office(10), &after),
            vec!["day 9 00:00-00:10 added to 'Office hours', going to 'Reception'."]
        );
    }
}
