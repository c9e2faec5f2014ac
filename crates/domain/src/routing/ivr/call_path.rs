//! Where does a call go, all the way: the service plan row for the moment, then the keys the
//! caller presses through the menus, to a destination plan, a voicemail or a hang-up.

use serde::{Deserialize, Serialize};

use super::flow::Library;
use super::form::IvrForm;
use super::keys::KeyType;
use crate::routing::call_path::{exception_at, exception_row as plan_exception_row};
use crate::routing::plan_exceptions::{exception_span, PlanException};
use crate::routing::{where_does_a_call_go, RowType, TimeRow};

/// More menu steps than this and the call is taken to go round for ever.
pub const MAX_MENU_STEPS: usize = 50;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CallStep {
    /// The service plan row that answered, at the local day and time; the plan's name and the
    /// row's span in words ("Thursday 17:31-08:29"; both empty in paths stored before them).
    #[serde(rename_all = "camelCase")]
    TimeOfDay {
        row: usize,
        day: i64,
        time: String,
        zone: String,
        #[serde(default)]
        plan: String,
        #[serde(default)]
        span: String,
    },
    /// A menu played; `pressed` is the key taken ("" when none was pressed), `note` says why.
    #[serde(rename_all = "camelCase")]
    Menu { ivr: i64, description: String, pressed: String, note: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CallEnd {
    DestinationPlan { id: i64, description: String },
    Voicemail { id: i64, description: String },
    HangUp { reason: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CallPath {
    pub steps: Vec<CallStep>,
    pub end: CallEnd,
}

impl CallPath {
    /// The path with its service plan named, as its journey says it ("Routed by Office hours").
    pub fn named(mut self, plan_name: &str) -> CallPath {
        for step in &mut self.steps {
            if let CallStep::TimeOfDay { plan, .. } = step {
                *plan = plan_name.to_string();
            }
        }
        self
    }
}

/// The end a call reached, named from the library ("Missing" for what no longer exists).
pub fn call_end(reached: Reached, library: &Library) -> CallEnd {
    let name = |list: &[super::flow::Named], id: i64| {
        list.iter().find(|n| n.id == id).map_or_else(|| "Missing".to_string(), |n| n.description.clone())
    };
    match reached {
        Reached::DestinationPlan(id) => {
            CallEnd::DestinationPlan { id, description: name(&library.destination_plans, id) }
        }
        Reached::Voicemail(id) => CallEnd::Voicemail { id, description: name(&library.voicemails, id) },
        Reached::HangUp(reason) => hang_up(reason),
    }
}

/// The call category and report group a call's menus credit it with (0 for none): the category
/// of the key taken at its last menu, and that menu's report group.
pub fn menu_credits(steps: &[CallStep], library: &Library) -> (i64, i64) {
    let last = steps.iter().rev().find_map(|s| match s {
        CallStep::Menu { ivr, pressed, .. } => Some((*ivr, pressed.as_str())),
        CallStep::TimeOfDay { .. } => None,
    });
    let Some((ivr, pressed)) = last else { return (0, 0) };
    let Some(stored) = library.ivr(ivr) else { return (0, 0) };
    let category = stored.ivr.options.iter().find(|o| o.key == pressed).map_or(0, |o| o.category_id);
    (category, stored.ivr.report_group_id)
}

fn hang_up(reason: &str) -> CallEnd {
    CallEnd::HangUp { reason: reason.to_string() }
}

/// Where a call ends, by id: what `follow_call` names, and what the replay of history compares
/// without building a single string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reached {
    DestinationPlan(i64),
    Voicemail(i64),
    HangUp(&'static str),
}

/// Follows a call at `epoch_millis` to a plan of `rows` in `time_zone`, pressing `presses` in
/// turn at each menu (a menu with no press left takes its default key).
pub fn follow_call(
    rows: &[TimeRow],
    exceptions: &[PlanException],
    time_zone: &str,
    epoch_millis: i64,
    library: &Library,
    presses: &[String],
) -> Result<CallPath, String> {
    let answer = where_does_a_call_go(rows, time_zone, epoch_millis)?;
    let mut steps = vec![];
    // A dated exception (a bank holiday) answers its days instead of the week.
    let exception = exception_at(exceptions, time_zone, epoch_millis)?;
    let exception_row = exception.map(plan_exception_row);
    if let Some(exception) = exception {
        steps.push(CallStep::TimeOfDay {
            row: 0,
            day: answer.day,
            time: answer.time.clone(),
            zone: answer.zone.clone(),
            plan: String::new(),
            span: exception_span(exception),
        });
    } else if let Some(row) = answer.row {
        steps.push(CallStep::TimeOfDay {
            row,
            day: answer.day,
            time: answer.time.clone(),
            zone: answer.zone.clone(),
            plan: String::new(),
            span: crate::routing::row_span(&rows[row]),
        });
    }
    let row = exception_row.as_ref().or_else(|| answer.row.map(|i| &rows[i]));
    let reached = reach(row, library, presses, |ivr, form, pressed, note| {
        steps.push(CallStep::Menu {
            ivr,
            description: form.description.clone(),
            pressed: pressed.to_string(),
            note: note.to_string(),
        })
    });
    let end = call_end(reached, library);
    Ok(CallPath { steps, end })
}

/// Where a call answered by `row` (None: no row covers the moment) ends, pressing `presses` in
/// turn; `on_menu(ivr id, menu, key taken, note)` hears each menu played.
pub(crate) fn reach(
    row: Option<&TimeRow>,
    library: &Library,
    presses: &[String],
    mut on_menu: impl FnMut(i64, &IvrForm, &str, &'static str),
) -> Reached {
    let (mut menus, mut next) = Menus::enter(row, library, &mut on_menu);
    let mut presses = presses.iter();
    loop {
        match next {
            Next::End(reached) => return reached,
            Next::Menu { .. } => next = menus.press(library, presses.next().map(String::as_str), &mut on_menu),
        }
    }
}

/// What a call meets next on its way through the menus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next<'a> {
    /// A menu plays and waits for a key.
    Menu {
        ivr: i64,
        form: &'a IvrForm,
    },
    End(Reached),
}

/// A call's way through the menus, one key at a time: what `follow_call` walks with a list of
/// presses and the live call session walks with the keys a caller presses as they come.
#[derive(Debug, Clone, Default)]
pub struct Menus {
    current: i64,
    /// (menu, repeats left)
    repeats: Option<(i64, i64)>,
    /// Menus played so far, repeats included.
    played: usize,
}

impl Menus {
    /// The call answered by `row` (None: no row covers the moment): its first menu or its end.
    pub fn enter<'a>(
        row: Option<&TimeRow>,
        library: &'a Library,
        on_menu: &mut impl FnMut(i64, &IvrForm, &str, &'static str),
    ) -> (Menus, Next<'a>) {
        let mut menus = Menus { current: 0, repeats: None, played: 0 };
        let next = match row {
            None => Next::End(Reached::HangUp("No row of the service plan covers this time.")),
            Some(row) if row.plan_type == RowType::Routing => Next::End(Reached::DestinationPlan(row.routing)),
            Some(row) => {
                menus.current = row.ivr;
                menus.arrive(library, on_menu)
            }
        };
        (menus, next)
    }

    /// Plays the current menu: it waits for a key, or it ends the call.
    fn arrive<'a>(
        &mut self,
        library: &'a Library,
        on_menu: &mut impl FnMut(i64, &IvrForm, &str, &'static str),
    ) -> Next<'a> {
        self.played += 1;
        if self.played > MAX_MENU_STEPS {
            return Next::End(Reached::HangUp("The call went round the menus without reaching anyone."));
        }
        let Some(stored) = library.ivr(self.current) else {
            return Next::End(Reached::HangUp("The menu no longer exists."));
        };
        let ivr = &stored.ivr;
        if ivr.has_dead_end {
            on_menu(self.current, ivr, "", "The menu hangs up after its audio.");
            return Next::End(Reached::HangUp("The menu hangs up after its audio."));
        }
        Next::Menu { ivr: self.current, form: ivr }
    }

    /// The caller's key at the menu waiting for one (None: no key came before the time out).
    pub fn press<'a>(
        &mut self,
        library: &'a Library,
        key: Option<&str>,
        on_menu: &mut impl FnMut(i64, &IvrForm, &str, &'static str),
    ) -> Next<'a> {
        let current = self.current;
        let Some(stored) = library.ivr(current) else {
            return Next::End(Reached::HangUp("The menu no longer exists."));
        };
        let ivr = &stored.ivr;
        let (pressed, note) = match key {
            Some(key) => (key, "Pressed"),
            None if !ivr.default_key.is_empty() => (ivr.default_key.as_str(), "No key pressed: the default key"),
            None => {
                on_menu(current, ivr, "", "No key pressed and no default key");
                return Next::End(Reached::HangUp("No key was pressed and the menu has no default key."));
            }
        };
        let option = ivr.options.iter().find(|k| k.key == pressed);
        let Some(option) = option.filter(|_| !ivr.repeats(pressed)) else {
            let left = match self.repeats {
                Some((menu_id, left)) if menu_id == current => left,
                _ => ivr.repeat_audio.trim().parse::<i64>().unwrap_or(0),
            };
            let why = if option.is_none() { "Not a key of this menu: the menu repeats" } else { "Repeat" };
            on_menu(current, ivr, pressed, why);
            if left <= 0 {
                return Next::End(Reached::HangUp("The menu repeated as often as it may."));
            }
            self.repeats = Some((current, left - 1));
            return self.arrive(library, on_menu);
        };
        on_menu(current, ivr, pressed, note);
        match option.key_type {
            KeyType::Routing => Next::End(Reached::DestinationPlan(option.destination_id)),
            KeyType::Voicemail => Next::End(Reached::Voicemail(option.voicemail_id)),
            KeyType::Ivr => {
                self.current = option.ivr_id;
                self.repeats = None;
                self.arrive(library, on_menu)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::ivr::flow::tests::library;
    use crate::routing::LAST_MINUTE_OF_WEEK;

    /// Weekdays to the main menu (IVR 1), weekends to Reception (plan 10).
    fn plan() -> Vec<TimeRow> {
        vec![
            TimeRow { plan_type: RowType::Ivr, routing: 0, ivr: 1, ..TimeRow::spanning(0, 5 * 1440 - 1, 0) },
            TimeRow::spanning(5 * 1440, LAST_MINUTE_OF_WEEK, 10),
        ]
    }

    // Wednesday 14 January 2026, 10:00 GMT; Saturday 17 January 2026, 10:00 GMT.
    const WEDNESDAY: i64 = 1_768_384_800_000;
    const SATURDAY: i64 = 1_768_644_000_000;

    fn presses(keys: &[&str]) -> Vec<String> {
        keys.iter().map(|k| k.to_string()).collect()
    }

    fn follow(at: i64, keys: &[&str]) -> CallPath {
        follow_call(&plan(), &[], "Europe/London", at, &library(), &presses(keys)).unwrap()
    }

    #[test]
    fn a_weekend_call_goes_straight_to_its_destination_plan() {
        let path = follow(SATURDAY, &[]);
        assert_eq!(path.end, CallEnd::DestinationPlan { id: 10, description: "Reception".into() });
        assert!(matches!(&path.steps[0], CallStep::TimeOfDay { row: 1, day: 6, .. }));
    }

    #[test]
    fn key_presses_lead_through_two_menus_to_the_destination() {
        let path = follow(WEDNESDAY, &["2", "1"]);
        assert_eq!(path.end, CallEnd::DestinationPlan { id: 11, description: "Accounts".into() });
        assert_eq!(path.steps.len(), 3);
    }

    #[test]
    fn the_last_menus_key_credits_its_category_and_the_menu_its_report_group() {
        let mut lib = library();
        lib.ivrs[1].ivr.options[0].category_id = 7;
        lib.ivrs[1].ivr.report_group_id = 3;
        let path = follow_call(&plan(), &[], "Europe/London", WEDNESDAY, &lib, &presses(&["2", "1"])).unwrap();
        assert_eq!(menu_credits(&path.steps, &lib), (7, 3));
        assert_eq!(menu_credits(&follow(SATURDAY, &[]).steps, &lib), (0, 0));
    }

    #[test]
    fn a_voicemail_key_ends_in_voicemail() {
        let path = follow(WEDNESDAY, &["3"]);
        assert_eq!(path.end, CallEnd::Voicemail { id: 20, description: "Out of hours".into() });
    }

    #[test]
    fn no_press_takes_the_default_key_or_hangs_up() {
        assert!(matches!(follow(WEDNESDAY, &[]).end, CallEnd::HangUp { .. }));
        let mut lib = library();
        lib.ivrs[0].ivr.default_key = "1".into();
        let path = follow_call(&plan(), &[], "Europe/London", WEDNESDAY, &lib, &[]).unwrap();
        assert_eq!(path.end, CallEnd::DestinationPlan { id: 10, description: "Reception".into() });
    }

    #[test]
    fn the_repeat_key_replays_the_menu_as_often_as_it_may() {
        let mut lib = library();
        lib.ivrs[0].ivr.repeat_key = "9".into();
        lib.ivrs[0].ivr.options.push(crate::routing::ivr::flow::tests::key("9", KeyType::Routing, 0));
        lib.ivrs[0].ivr.repeat_audio = "1".into();
        let once = follow_call(&plan(), &[], "Europe/London", WEDNESDAY, &lib, &presses(&["9", "1"])).unwrap();
        assert_eq!(once.end, CallEnd::DestinationPlan { id: 10, description: "Reception".into() });
        let twice = follow_call(&plan(), &[], "Europe/London", WEDNESDAY, &lib, &presses(&["9", "9"])).unwrap();
        assert_eq!(twice.end, hang_up("The menu repeated as often as it may."));
    }

    #[test]
    fn menus_that_only_lead_to_each_other_end_the_call() {
        let mut lib = library();
        lib.ivrs[1].ivr.options.truncate(0);
        lib.ivrs[1].ivr.options.push(crate::routing::ivr::flow::tests::key("1", KeyType::Ivr, 1));
        lib.ivrs[0].ivr.default_key = "2".into();
        lib.ivrs[1].ivr.default_key = "1".into();
        let path = follow_call(&plan(), &[], "Europe/London", WEDNESDAY, &lib, &[]).unwrap();
        assert_eq!(path.end, hang_up("The call went round the menus without reaching anyone."));
    }
}
