//! The first-run checklist on a new account's home page: the three steps from an
//! empty account to tracked calls, each ticked by what the account holds, never by a click.

use serde::Serialize;

/// The website form: a website by its address, with the pool its plan includes.
pub const WEBSITE_FORM: &str = "/services/website";

/// What the account holds, as the checklist needs it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FirstRunFacts {
    /// Tracked numbers held (static numbers and pool numbers).
    pub numbers: i64,
    /// Static numbers and pools whose calls go nowhere (no service plan, no destination number).
    pub unrouted: i64,
    /// Whether the plan has advanced routing (service plans with times of day).
    pub advanced_routing: bool,
    /// Whether a held number follows a service plan with more than one time of day row.
    pub hours_set: bool,
    /// Whether a website check found the tracking code on one of the account's pages, working.
    pub tracking_code_found: bool,
    /// The account's first dynamic URL (its page shows the tracking code), if any.
    pub first_dynamic_url: Option<i64>,
    /// Whether the plan still includes a website's pool (Starter's website tracking): the
    /// website is then added by its address alone, at no charge.
    pub website_included: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FirstRunStepKey {
    Number,
    /// Where calls go: opening hours with advanced routing, else a phone for every number.
    Routing,
    TrackingCode,
}

impl FirstRunStepKey {
    /// The key as the API sends it.
    pub fn as_str(self) -> &'static str {
        match self {
            FirstRunStepKey::Number => "number",
            FirstRunStepKey::Routing => "routing",
            FirstRunStepKey::TrackingCode => "trackingCode",
        }
    }
}

/// One step: what to do, why, whether it is done, and where to do it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FirstRunStep {
    pub key: FirstRunStepKey,
    pub title: String,
    pub detail: String,
    pub done: bool,
    /// The page to do it on (an app path).
    pub link: String,
    pub link_label: String,
}

fn count_of(count: i64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// Where calls go: with advanced routing, opening hours (a plan with more than one time of day
/// row); without, every number ringing a phone.
fn routing_step(facts: &FirstRunFacts) -> FirstRunStep {
    let (title, detail, done) = if facts.advanced_routing {
        let detail = if facts.hours_set {
            "Calls follow your opening hours."
        } else {
            "A new service plan sends every call, all week, to one number: add your opening hours so that \
             calls when you are closed go somewhere else."
        };
        ("Set your opening hours", detail, facts.hours_set)
    } else {
        let done = facts.numbers > 0 && facts.unrouted == 0;
        let detail = if done {
            "Calls to your numbers ring your phones."
        } else {
            "Choose the phone each number and pool rings: one without routing cannot take calls."
        };
        ("Send its calls to your phone", detail, done)
    };
    FirstRunStep {
        key: FirstRunStepKey::Routing,
        title: title.into(),
        detail: detail.into(),
        done,
        link: "/routing".into(),
        link_label: "Open routing".into(),
    }
}

/// The three steps, in order: a first number, where its calls go, the tracking code.
pub fn first_run_checklist(facts: &FirstRunFacts) -> Vec<FirstRunStep> {
    let number_done = facts.numbers > 0;
    let (tracking_link, tracking_label) = match facts.first_dynamic_url {
        Some(id) => (format!("/dynamicurls/{id}"), "Get the tracking code"),
        None if facts.website_included => (WEBSITE_FORM.to_string(), "Add your website"),
        None => ("/services/dynamic".to_string(), "Add your website"),
    };
    vec![
        FirstRunStep {
            key: FirstRunStepKey::Number,
            title: "Get your first tracked number".into(),
            detail: if number_done {
                format!(
                    "You have {}: each call to them is tracked and routed.",
                    count_of(facts.numbers, "tracked number")
                )
            } else {
                "Buy a number for an advert, a listing or your van: each call to it is tracked and routed.".into()
            },
            done: number_done,
            link: "/services/static".into(),
            link_label: "Buy a number".into(),
        },
        routing_step(facts),
        FirstRunStep {
            key: FirstRunStepKey::TrackingCode,
            title: "Add the tracking code to your website".into(),
            detail: if facts.tracking_code_found {
                "The tracking code is on your website and working: visitors see your tracking numbers.".into()
            } else {
                "Paste the tracking code into your website's pages, then check the website: visitors see a \
                 tracking number and each call is credited to where they came from."
                    .into()
            },
            done: facts.tracking_code_found,
            link: tracking_link,
            link_label: tracking_label.into(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn done(steps: &[FirstRunStep]) -> Vec<bool> {
        steps.iter().map(|step| step.done).collect()
    }

    #[test]
    fn an_empty_account_has_three_steps_to_do_in_order() {
        let steps = first_run_checklist(&FirstRunFacts::default());
        let keys: Vec<_> = steps.iter().map(|s| s.key).collect();
        assert_eq!(keys, [FirstRunStepKey::Number, FirstRunStepKey::Routing, FirstRunStepKey::TrackingCode]);
        let names: Vec<_> = keys.iter().map(|k| k.as_str()).collect();
        assert_eq!(names, ["number", "routing", "trackingCode"]);
        assert_eq!(done(&steps), [false, false, false]);
        assert_eq!(steps[0].link, "/services/static");
        assert_eq!(steps[1].link, "/routing");
        // No website yet: the third step starts with adding one.
        assert_eq!((steps[2].link.as_str(), steps[2].link_label.as_str()), ("/services/dynamic", "Add your website"));
    }

    #[test]
    fn each_step_is_ticked_by_what_the_account_holds() {
        let one = first_run_checklist(&FirstRunFacts { numbers: 1, unrouted: 1, ..Default::default() });
        assert_eq!(done(&one), [true, false, false]);
        assert_eq!(one[0].detail, "You have 1 tracked number: each call to them is tracked and routed.");
        let facts = FirstRunFacts {
            numbers: 6,
            unrouted: 0,
            advanced_routing: true,
            hours_set: true,
            tracking_code_found: false,
            first_dynamic_url: Some(42),
            website_included: false,
        };
        let steps = first_run_checklist(&facts);
        assert_eq!(done(&steps), [true, true, false]);
        assert!(steps[0].detail.starts_with("You have 6 tracked numbers"));
        assert_eq!(
            (steps[2].link.as_str(), steps[2].link_label.as_str()),
            ("/dynamicurls/42", "Get the tracking code")
        );
        let all = first_run_checklist(&FirstRunFacts { tracking_code_found: true, ..facts });
        assert_eq!(done(&all), [true, true, true]);
        assert!(all[2].detail.starts_with("The tracking code is on your website and working"));
    }

    #[test]
    fn a_plan_that_includes_a_website_adds_it_by_its_address_alone() {
        let steps = first_run_checklist(&FirstRunFacts { website_included: true, ..Default::default() });
        assert_eq!((steps[2].link.as_str(), steps[2].link_label.as_str()), (WEBSITE_FORM, "Add your website"));
        let added = FirstRunFacts { website_included: true, first_dynamic_url: Some(7), ..Default::default() };
        assert_eq!(first_run_checklist(&added)[2].link, "/dynamicurls/7");
    }

    #[test]
    fn with_advanced_routing_the_routing_step_is_opening_hours() {
        let facts = FirstRunFacts { numbers: 2, advanced_routing: true, ..Default::default() };
        let step = &first_run_checklist(&facts)[1];
        assert_eq!((step.title.as_str(), step.done), ("Set your opening hours", false));
        assert!(step.detail.starts_with("A new service plan sends every call, all week, to one number"));
        let step = &first_run_checklist(&FirstRunFacts { hours_set: true, ..facts })[1];
        assert_eq!((step.detail.as_str(), step.done), ("Calls follow your opening hours.", true));
    }

    #[test]
    fn without_advanced_routing_every_number_must_ring_a_phone() {
        let routed = |numbers, unrouted| {
            first_run_checklist(&FirstRunFacts { numbers, unrouted, ..Default::default() })[1].clone()
        };
        assert_eq!(routed(2, 0).title, "Send its calls to your phone");
        assert!(routed(2, 0).done);
        assert_eq!(routed(2, 0).detail, "Calls to your numbers ring your phones.");
        assert!(!routed(6, 1).done, "a pool goes nowhere");
        assert_eq!(
            routed(6, 1).detail,
            "Choose the phone each number and pool rings: one without routing cannot take calls."
        );
        assert!(!routed(0, 0).done, "no number yet");
        assert_eq!(routed(0, 0).link, "/routing");
    }
}
