//! A call's journey in words, for the call detail: the website visit that showed a pool number,
//! the call, then the routing's own account of it (the domain's `follow_call`, stored with the
//! call as the routing stood then: the service plan row, each menu and key and why), the queue,
//! and where it ended.

use serde::{Deserialize, Serialize};

use crate::routing::day_name;
use crate::routing::ivr::{CallEnd, CallPath, CallStep};
use crate::routing::live::{LegResult, LegTry};

/// What a real call's live session recorded beyond its path (None for a made-up call).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LiveAccount {
    /// Each destination rung, in order.
    pub tried: Vec<LegTry>,
    /// The in-call attribution reference sent to whoever answered.
    pub reference_sent: String,
    /// The digits whoever answered entered after the call, and the category their key gave.
    pub agent_reference: String,
    pub agent_category: String,
    /// Where the call was when it ended, and why it ended.
    pub ended_where: String,
    pub end_reason: String,
}

/// What a stored call holds of its way.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct JourneyFacts {
    /// The visit's landing page ('' for a static number's call).
    pub landing_page: String,
    /// "google / cpc".
    pub source_medium: String,
    /// The number dialled (shown to the visitor for a pool), as the call log writes it.
    pub number: String,
    /// The static number's description or the pool's name.
    pub number_name: String,
    /// When the call came, as the call log writes it.
    pub called_at: String,
    /// None for basic connect (straight to one number).
    pub path: Option<CallPath>,
    pub queue: String,
    /// Who answered or rang ('' for none).
    pub destination: String,
    pub outcome_label: String,
    pub ring_seconds: i64,
    pub talk_seconds: i64,
    pub live: Option<LiveAccount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct JourneyStep {
    pub title: String,
    pub detail: String,
}

fn step(title: &str, detail: String) -> JourneyStep {
    JourneyStep { title: title.to_string(), detail }
}

/// The journey, in order.
pub fn journey(facts: &JourneyFacts) -> Vec<JourneyStep> {
    let mut steps = Vec::new();
    if !facts.landing_page.is_empty() {
        steps.push(step("Visited the website", format!("{} from {}", facts.landing_page, facts.source_medium)));
        steps.push(step("Was shown a tracking number", format!("{} ({})", facts.number, facts.number_name)));
    }
    steps.push(step("Called", format!("{} on {} ({})", facts.called_at, facts.number, facts.number_name)));
    if let Some(path) = &facts.path {
        steps.extend(path_steps(path));
    }
    if !facts.queue.is_empty() {
        steps.push(step("Queue", format!("Waited in {}.", facts.queue)));
    }
    if let Some(live) = &facts.live {
        steps.extend(live.tried.iter().map(rang));
        if !live.reference_sent.is_empty() {
            steps.push(step("Reference sent", format!("{} to {}.", live.reference_sent, facts.destination)));
        }
    }
    let outcome = match (facts.destination.is_empty(), facts.talk_seconds) {
        (true, _) => format!("{} after {} s.", facts.outcome_label, facts.ring_seconds),
        (false, 0) => format!("{}: {} rang for {} s.", facts.outcome_label, facts.destination, facts.ring_seconds),
        (false, talk) => {
            format!("{}: {} talked for {}.", facts.outcome_label, facts.destination, minutes_seconds(talk))
        }
    };
    steps.push(step("Outcome", outcome));
    if let Some(live) = &facts.live {
        if !live.end_reason.is_empty() {
            steps.push(step("Ended", format!("{}: {}", live.ended_where, live.end_reason)));
        }
        let entered = match (live.agent_category.is_empty(), live.agent_reference.is_empty()) {
            (true, true) => None,
            (false, true) => Some(format!("Category {} by {}.", live.agent_category, facts.destination)),
            (true, false) => Some(format!("{} by {}.", live.agent_reference, facts.destination)),
            (false, false) => Some(format!(
                "Category {}, then {} by {}.",
                live.agent_category, live.agent_reference, facts.destination
            )),
        };
        if let Some(entered) = entered {
            steps.push(step("Entered after the call", entered));
        }
    }
    steps
}

/// One destination rung, and how it went.
fn rang(tried: &LegTry) -> JourneyStep {
    let seconds = tried.rang_millis / 1000;
    let how = match tried.result {
        Some(LegResult::Answered) => format!("answered after {seconds} s"),
        Some(LegResult::NoAnswer) => format!("no answer in {seconds} s"),
        Some(LegResult::Busy) => "busy".to_string(),
        Some(LegResult::Unreachable) => "unreachable".to_string(),
        Some(LegResult::Stopped) => format!("stopped after {seconds} s"),
        None => "ringing".to_string(),
    };
    step("Rang", format!("{}: {how}.", tried.destination))
}

/// The routing's account of a call in words: each service plan row and menu, then its end (also
/// 'where a call goes now' on a number's page).
pub fn path_steps(path: &CallPath) -> Vec<JourneyStep> {
    let mut steps: Vec<JourneyStep> = path
        .steps
        .iter()
        .map(|call_step| match call_step {
            CallStep::TimeOfDay { row, day, time, zone, plan, span } => {
                let came = format!("{} {time} {zone}", day_name(*day));
                step(
                    "Service plan",
                    match (plan.as_str(), span.as_str()) {
                        ("", "") => format!("Row {} answered: {came}.", row + 1),
                        ("", span) => format!("Routed by its hours {span} (called {came})."),
                        (plan, "") => format!("Routed by {plan}, row {} (called {came}).", row + 1),
                        (plan, span) => format!("Routed by {plan}, {span} (called {came})."),
                    },
                )
            }
            CallStep::Menu { description, pressed, note, .. } if pressed.is_empty() => {
                step("Menu", format!("{description}: {note}."))
            }
            CallStep::Menu { description, pressed, note, .. } => {
                step("Menu", format!("{description}: {note} {pressed}."))
            }
        })
        .collect();
    steps.push(match &path.end {
        CallEnd::DestinationPlan { description, .. } => step("Routed to", description.clone()),
        CallEnd::Voicemail { description, .. } => step("Routed to", format!("Voicemail '{description}'")),
        CallEnd::HangUp { reason } => step("Call ended", reason.clone()),
    });
    steps
}

/// Seconds as "4:05".
pub fn minutes_seconds(seconds: i64) -> String {
    let seconds = seconds.max(0);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// What a call with no one talking shows as its talk time.
pub const NO_TALK: &str = "No talk";

/// A call's talk time as every screen shows it: "4:05", or "No talk" when no one answered (its
/// ringing is ring time, never talk time).
pub fn talk_time(talk_seconds: i64) -> String {
    if talk_seconds > 0 {
        minutes_seconds(talk_seconds)
    } else {
        NO_TALK.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn talk_time_is_never_ringing() {
        assert_eq!(
            (talk_time(245), talk_time(1), talk_time(0), talk_time(-3)),
            ("4:05".into(), "0:01".into(), NO_TALK.into(), NO_TALK.into())
        );
        assert_eq!(minutes_seconds(488), "8:08");
    }

    fn pool_call() -> JourneyFacts {
        JourneyFacts {
            landing_page: "/implants".into(),
            source_medium: "google / cpc".into(),
            number: "0117 496 0123".into(),
            number_name: "Website pool".into(),
            called_at: "15/07/2026 10:30".into(),
            path: Some(CallPath {
                steps: vec![
                    CallStep::TimeOfDay {
                        row: 0,
                        day: 3,
                        time: "10:30".into(),
                        zone: "BST".into(),
                        plan: "Office hours".into(),
                        span: "Monday 08:00 to Friday 17:59".into(),
                    },
                    CallStep::Menu {
                        ivr: 1,
                        description: "Main menu".into(),
                        pressed: "1".into(),
                        note: "Pressed".into(),
                    },
                    CallStep::Menu {
                        ivr: 2,
                        description: "Bookings".into(),
                        pressed: "".into(),
                        note: "No key pressed and no default key".into(),
                    },
                ],
                end: CallEnd::DestinationPlan { id: 4, description: "Reception".into() },
            }),
            queue: "Main".into(),
            destination: "Front desk".into(),
            outcome_label: "Answered".into(),
            ring_seconds: 8,
            talk_seconds: 245,
            live: None,
        }
    }

    #[test]
    fn the_journey_tells_the_visit_the_routing_and_the_end_in_order() {
        let steps = journey(&pool_call());
        let titles: Vec<&str> = steps.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "Visited the website",
                "Was shown a tracking number",
                "Called",
                "Service plan",
                "Menu",
                "Menu",
                "Routed to",
                "Queue",
                "Outcome"
            ]
        );
        assert_eq!(steps[0].detail, "/implants from google / cpc");
        assert_eq!(
            steps[3].detail,
            "Routed by Office hours, Monday 08:00 to Friday 17:59 (called Wednesday 10:30 BST)."
        );
        assert_eq!(steps[4].detail, "Main menu: Pressed 1.");
        assert_eq!(steps[5].detail, "Bookings: No key pressed and no default key.");
        assert_eq!(steps[8].detail, "Answered: Front desk talked for 4:05.");
    }

    #[test]
    fn a_static_number_basic_connect_call_that_nobody_answered() {
        let facts = JourneyFacts {
            number: "0161 496 0000".into(),
            number_name: "Yellow Pages".into(),
            called_at: "01/07/2026 09:00".into(),
            outcome_label: "Missed".into(),
            ring_seconds: 30,
            ..JourneyFacts::default()
        };
        let steps = journey(&facts);
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].detail, "01/07/2026 09:00 on 0161 496 0000 (Yellow Pages)");
        assert_eq!(steps[1].detail, "Missed after 30 s.");
        let voicemail = JourneyFacts {
            path: Some(CallPath { steps: vec![], end: CallEnd::Voicemail { id: 1, description: "Messages".into() } }),
            ..facts
        };
        assert_eq!(journey(&voicemail)[1].detail, "Voicemail 'Messages'");
    }

    #[test]
    fn a_real_calls_journey_tells_each_destination_rung_the_reference_its_end_and_what_was_entered() {
        let tried = |destination: &str, rang_millis, result| LegTry {
            leg: 1,
            destination: destination.into(),
            number: "447700900101".into(),
            started_millis: 0,
            rang_millis,
            result: Some(result),
        };
        let live = LiveAccount {
            tried: vec![tried("Alice", 20_400, LegResult::NoAnswer), tried("Front desk", 6_000, LegResult::Answered)],
            reference_sent: "4812#".into(),
            agent_reference: "1234".into(),
            agent_category: "Booked".into(),
            ended_where: "Talking to Front desk".into(),
            end_reason: "The caller hung up.".into(),
        };
        let steps = journey(&JourneyFacts { live: Some(live.clone()), ..pool_call() });
        let tail: Vec<(&str, &str)> = steps[8..].iter().map(|s| (s.title.as_str(), s.detail.as_str())).collect();
        assert_eq!(
            tail,
            [
                ("Rang", "Alice: no answer in 20 s."),
                ("Rang", "Front desk: answered after 6 s."),
                ("Reference sent", "4812# to Front desk."),
                ("Outcome", "Answered: Front desk talked for 4:05."),
                ("Ended", "Talking to Front desk: The caller hung up."),
                ("Entered after the call", "Category Booked, then 1234 by Front desk."),
            ]
        );
        let only_digits = LiveAccount { agent_category: String::new(), reference_sent: String::new(), ..live };
        let steps = journey(&JourneyFacts { live: Some(only_digits), ..pool_call() });
        assert_eq!(steps.last().unwrap().detail, "1234 by Front desk.");
        assert!(steps.iter().all(|s| s.title != "Reference sent"));
    }

    #[test]
    fn minutes_and_seconds() {
        assert_eq!(minutes_seconds(0), "0:00");
        assert_eq!(minutes_seconds(65), "1:05");
        assert_eq!(minutes_seconds(-3), "0:00");
    }
}
