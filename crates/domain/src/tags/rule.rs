//! Tag rules: a rule tags a call when every condition it sets holds (source / medium, campaign,
//! a talk time of at least N seconds (ringing never counts), a key pressed in a menu, a first-time caller, an outcome).
//! `automatic_tags` is the one place that decides a call's automatic tags from its facts.

use serde::{Deserialize, Serialize};

use crate::reports::CallOutcome;
use crate::validation::FieldErrors;

/// A day: no call is longer.
pub const DURATION_MAX: i64 = 86_400;
pub const DURATION_RANGE: &str = "Duration must be a whole number of seconds from 1 to 86400.";
pub const KEY_CHOICE: &str = "Key must be one of 0 to 9, * or #.";
/// The keys a rule's caller may have pressed.
pub const KEYS_PRESSED: [&str; 12] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "#"];
/// "First-time callers only" ticked, as a form may post it.
pub const FIRST_TIME_TICKED: [&str; 3] = ["1", "true", "on"];
pub const OUTCOME_CHOICE: &str = "Choose an outcome from the list.";
pub const SOURCE_CHOICE: &str = "Choose a source / medium from the list.";
pub const CAMPAIGN_CHOICE: &str = "Choose a campaign from the list.";
pub const CONDITION_NEEDED: &str = "A rule needs at least one condition.";

/// What a rule reads of a call.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TagFacts {
    pub source_medium_id: Option<i64>,
    pub campaign_id: Option<i64>,
    /// Seconds talking to whoever answered (0: not answered; ringing is not talk).
    pub talk_seconds: i64,
    /// The menu keys pressed, in order ("12").
    pub keys_pressed: String,
    pub first_time: bool,
    /// None: the outcome is not known (no outcome condition holds).
    pub outcome: Option<CallOutcome>,
}

/// A rule of a tag: each condition set must hold (a conjunction); at least one is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TagRule {
    pub tag_id: i64,
    pub source_medium_id: Option<i64>,
    pub campaign_id: Option<i64>,
    pub min_duration_seconds: Option<i64>,
    pub key_pressed: Option<String>,
    /// True: only first-time callers.
    pub first_time: bool,
    pub outcome: Option<CallOutcome>,
}

/// The rule form as posted (form_source_medium, form_campaign, form_min_duration, form_key,
/// form_first_time, form_outcome); '' leaves a condition out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TagRuleForm {
    pub source_medium: String,
    pub campaign: String,
    pub min_duration: String,
    pub key: String,
    pub first_time: String,
    pub outcome: String,
}

impl TagRule {
    /// Whether every condition of the rule holds for the call.
    pub fn matches(&self, call: &TagFacts) -> bool {
        self.source_medium_id.is_none_or(|id| call.source_medium_id == Some(id))
            && self.campaign_id.is_none_or(|id| call.campaign_id == Some(id))
            && self.min_duration_seconds.is_none_or(|s| call.talk_seconds >= s)
            && self.key_pressed.as_deref().is_none_or(|k| call.keys_pressed.contains(k))
            && (!self.first_time || call.first_time)
            && self.outcome.is_none_or(|o| call.outcome == Some(o))
    }

    pub fn has_condition(&self) -> bool {
        self.source_medium_id.is_some()
            || self.campaign_id.is_some()
            || self.min_duration_seconds.is_some()
            || self.key_pressed.is_some()
            || self.first_time
            || self.outcome.is_some()
    }

    /// The conditions in words, with the names of the source / medium and the campaign.
    pub fn in_words(&self, source_medium: &str, campaign: &str) -> Vec<String> {
        let mut words = Vec::new();
        if self.source_medium_id.is_some() {
            words.push(format!("Source / medium is {source_medium}"));
        }
        if self.campaign_id.is_some() {
            words.push(format!("Campaign is {campaign}"));
        }
        if let Some(seconds) = self.min_duration_seconds {
            words.push(format!("Talked for at least {seconds} seconds"));
        }
        if let Some(key) = &self.key_pressed {
            words.push(format!("Pressed {key} in a menu"));
        }
        if self.first_time {
            words.push("First-time caller".to_string());
        }
        if let Some(outcome) = self.outcome {
            words.push(format!("Outcome is {}", outcome.label()));
        }
        words
    }

    /// The form that shows this rule again.
    pub fn form(&self) -> TagRuleForm {
        let id = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
        TagRuleForm {
            source_medium: id(self.source_medium_id),
            campaign: id(self.campaign_id),
            min_duration: id(self.min_duration_seconds),
            key: self.key_pressed.clone().unwrap_or_default(),
            first_time: if self.first_time { "1" } else { "" }.to_string(),
            outcome: self.outcome.map(|o| o.key().to_string()).unwrap_or_default(),
        }
    }
}

/// The tag ids the rules give the call, ascending, each once.
pub fn automatic_tags(call: &TagFacts, rules: &[TagRule]) -> Vec<i64> {
    let mut tags: Vec<i64> = rules.iter().filter(|r| r.has_condition() && r.matches(call)).map(|r| r.tag_id).collect();
    tags.sort_unstable();
    tags.dedup();
    tags
}

fn optional_id(value: &str) -> Result<Option<i64>, ()> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    match value.parse::<i64>() {
        Ok(id) if id > 0 => Ok(Some(id)),
        _ => Err(()),
    }
}

/// The rule of `tag_id` the form describes, or the form's field errors. The source / medium and
/// the campaign must also be the customer's (the server checks).
pub fn parse_tag_rule(tag_id: i64, form: &TagRuleForm) -> Result<TagRule, FieldErrors> {
    let mut errors = FieldErrors::new();
    let source_medium_id = optional_id(&form.source_medium).unwrap_or_else(|()| {
        errors.add("form_source_medium", SOURCE_CHOICE);
        None
    });
    let campaign_id = optional_id(&form.campaign).unwrap_or_else(|()| {
        errors.add("form_campaign", CAMPAIGN_CHOICE);
        None
    });
    let min_duration = form.min_duration.trim();
    let min_duration_seconds = if min_duration.is_empty() {
        None
    } else {
        match min_duration.parse::<i64>() {
            Ok(s) if (1..=DURATION_MAX).contains(&s) => Some(s),
            _ => {
                errors.add("form_min_duration", DURATION_RANGE);
                None
            }
        }
    };
    let key = form.key.trim();
    let key_pressed = if key.is_empty() {
        None
    } else if KEYS_PRESSED.contains(&key) {
        Some(key.to_string())
    } else {
        errors.add("form_key", KEY_CHOICE);
        None
    };
    let first_time = FIRST_TIME_TICKED.contains(&form.first_time.trim());
    let outcome = match form.outcome.trim() {
        "" => None,
        key => CallOutcome::from_key(key).or_else(|| {
            errors.add("form_outcome", OUTCOME_CHOICE);
            None
        }),
    };
    let rule =
        TagRule { tag_id, source_medium_id, campaign_id, min_duration_seconds, key_pressed, first_time, outcome };
    if errors.is_empty() && !rule.has_condition() {
        errors.add("form_conditions", CONDITION_NEEDED);
    }
    errors.into_result().map(|()| rule)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> TagRuleForm {
        let mut form = TagRuleForm::default();
        for (k, v) in pairs {
            let v = v.to_string();
            match *k {
                "source" => form.source_medium = v,
                "campaign" => form.campaign = v,
                "duration" => form.min_duration = v,
                "key" => form.key = v,
                "first" => form.first_time = v,
                "outcome" => form.outcome = v,
                _ => unreachable!(),
            }
        }
        form
    }

    fn google_cpc_call(seconds: i64) -> TagFacts {
        TagFacts {
            source_medium_id: Some(3),
            campaign_id: Some(9),
            talk_seconds: seconds,
            keys_pressed: "12".into(),
            first_time: true,
            outcome: Some(CallOutcome::Answered),
        }
    }

    #[test]
    fn a_rule_tags_a_call_only_when_every_condition_holds() {
        let rule = parse_tag_rule(7, &form(&[("source", "3"), ("duration", "60")])).unwrap();
        assert!(rule.matches(&google_cpc_call(60)));
        assert!(!rule.matches(&google_cpc_call(59)));
        assert!(!rule.matches(&TagFacts { source_medium_id: Some(4), ..google_cpc_call(90) }));
        assert_eq!(automatic_tags(&google_cpc_call(90), std::slice::from_ref(&rule)), vec![7]);
        assert!(automatic_tags(&google_cpc_call(30), &[rule]).is_empty());
    }

    #[test]
    fn each_condition_reads_its_own_fact() {
        let call = google_cpc_call(10);
        let holds = |pairs: &[(&str, &str)]| parse_tag_rule(1, &form(pairs)).unwrap().matches(&call);
        assert!(holds(&[("campaign", "9")]) && !holds(&[("campaign", "8")]));
        assert!(holds(&[("key", "2")]) && !holds(&[("key", "3")]));
        assert!(holds(&[("first", "1")]));
        assert!(!parse_tag_rule(1, &form(&[("first", "1")])).unwrap().matches(&TagFacts::default()));
        assert!(holds(&[("outcome", "answered")]) && !holds(&[("outcome", "missed")]));
        assert!(!parse_tag_rule(1, &form(&[("outcome", "answered")])).unwrap().matches(&TagFacts::default()));
    }

    #[test]
    fn the_tags_come_out_sorted_and_once() {
        let rules = [
            TagRule { tag_id: 5, first_time: true, ..TagRule::default() },
            TagRule { tag_id: 2, min_duration_seconds: Some(1), ..TagRule::default() },
            TagRule { tag_id: 5, key_pressed: Some("1".into()), ..TagRule::default() },
            TagRule { tag_id: 9, ..TagRule::default() },
        ];
        assert_eq!(automatic_tags(&google_cpc_call(10), &rules), vec![2, 5]);
    }

    #[test]
    fn the_form_is_checked_field_by_field() {
        let errors = parse_tag_rule(
            1,
            &form(&[("source", "x"), ("campaign", "-1"), ("duration", "0"), ("key", "12"), ("outcome", "won")]),
        )
        .unwrap_err();
        assert_eq!(errors.get("form_source_medium"), Some(SOURCE_CHOICE));
        assert_eq!(errors.get("form_campaign"), Some(CAMPAIGN_CHOICE));
        assert_eq!(errors.get("form_min_duration"), Some(DURATION_RANGE));
        assert_eq!(errors.get("form_key"), Some(KEY_CHOICE));
        assert_eq!(errors.get("form_outcome"), Some(OUTCOME_CHOICE));
        assert_eq!(
            parse_tag_rule(1, &form(&[("duration", "86401")])).unwrap_err().get("form_min_duration"),
            Some(DURATION_RANGE)
        );
        assert_eq!(parse_tag_rule(1, &form(&[("key", "#")])).unwrap().key_pressed.as_deref(), Some("#"));
    }

    #[test]
    fn a_rule_needs_a_condition() {
        let errors = parse_tag_rule(1, &form(&[("first", "0")])).unwrap_err();
        assert_eq!(errors.get("form_conditions"), Some(CONDITION_NEEDED));
    }

    #[test]
    fn a_rule_reads_back_as_its_form_and_in_words() {
        let rule = parse_tag_rule(
            1,
            &form(&[("source", "3"), ("duration", "60"), ("key", "1"), ("first", "1"), ("outcome", "hungUpInIvr")]),
        )
        .unwrap();
        assert_eq!(parse_tag_rule(1, &rule.form()).unwrap(), rule);
        assert_eq!(
            rule.in_words("google / cpc", ""),
            [
                "Source / medium is google / cpc",
                "Talked for at least 60 seconds",
                "Pressed 1 in a menu",
                "First-time caller",
                "Outcome is Hung up in menu"
            ]
        );
    }
}
