//! Automatic lead scoring: each lead rule is a tag rule's conditions (source / medium, campaign,
//! a minimum duration, a key pressed, a first-time caller, an outcome; all must hold). A call
//! the rules check is a "Good lead" when any rule holds, else "Not a lead"; an account without
//! lead rules leaves its calls unscored. The rules run when calls are stored and over past calls
//! on demand, as the tag rules do.

use serde::{Deserialize, Serialize};

use crate::tags::{parse_tag_rule, TagFacts, TagRule, TagRuleForm};
use crate::validation::FieldErrors;

/// A call's lead score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LeadScore {
    GoodLead,
    NotALead,
}

impl LeadScore {
    pub fn key(self) -> &'static str {
        match self {
            LeadScore::GoodLead => "goodLead",
            LeadScore::NotALead => "notALead",
        }
    }

    pub fn from_key(key: &str) -> Option<LeadScore> {
        match key {
            "goodLead" => Some(LeadScore::GoodLead),
            "notALead" => Some(LeadScore::NotALead),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            LeadScore::GoodLead => "Good lead",
            LeadScore::NotALead => "Not a lead",
        }
    }

    /// As stored: 1 good, 0 not.
    pub fn flag(self) -> i64 {
        i64::from(self == LeadScore::GoodLead)
    }
}

/// The lead rule the form describes (the tag rule form's fields and messages), or its errors.
pub fn parse_lead_rule(form: &TagRuleForm) -> Result<TagRule, FieldErrors> {
    parse_tag_rule(0, form)
}

/// The call's lead score by the rules; None without rules.
pub fn lead_score(call: &TagFacts, rules: &[TagRule]) -> Option<LeadScore> {
    let rules: Vec<&TagRule> = rules.iter().filter(|r| r.has_condition()).collect();
    if rules.is_empty() {
        return None;
    }
    Some(if rules.iter().any(|r| r.matches(call)) { LeadScore::GoodLead } else { LeadScore::NotALead })
}

/// 'Apply to past calls' in words: "12 good leads of 340 calls in the last 90 days."
pub fn lead_result(good: i64, checked: i64, days: i64) -> String {
    let good = if good == 1 { "1 good lead".to_string() } else { format!("{good} good leads") };
    let calls = if checked == 1 { "1 call".to_string() } else { format!("{checked} calls") };
    format!("{good} of {calls} in the last {days} days.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reports::CallOutcome;

    fn call(seconds: i64, first_time: bool) -> TagFacts {
        TagFacts { talk_seconds: seconds, first_time, outcome: Some(CallOutcome::Answered), ..TagFacts::default() }
    }

    #[test]
    fn any_rule_holding_makes_a_good_lead() {
        let rules = [
            TagRule { min_duration_seconds: Some(120), ..TagRule::default() },
            TagRule { first_time: true, outcome: Some(CallOutcome::Answered), ..TagRule::default() },
        ];
        assert_eq!(lead_score(&call(130, false), &rules), Some(LeadScore::GoodLead));
        assert_eq!(lead_score(&call(10, true), &rules), Some(LeadScore::GoodLead));
        assert_eq!(lead_score(&call(10, false), &rules), Some(LeadScore::NotALead));
    }

    #[test]
    fn without_rules_a_call_has_no_lead_score() {
        assert_eq!(lead_score(&call(600, true), &[]), None);
        assert_eq!(lead_score(&call(600, true), &[TagRule::default()]), None);
    }

    #[test]
    fn the_rule_form_is_the_tag_rules() {
        let form = TagRuleForm { min_duration: "0".into(), ..TagRuleForm::default() };
        assert_eq!(parse_lead_rule(&form).unwrap_err().get("form_min_duration"), Some(crate::tags::DURATION_RANGE));
        let form = TagRuleForm { min_duration: "90".into(), ..TagRuleForm::default() };
        assert_eq!(parse_lead_rule(&form).unwrap().min_duration_seconds, Some(90));
    }

    #[test]
    fn the_scores_have_keys_labels_and_words() {
        for score in [LeadScore::GoodLead, LeadScore::NotALead] {
            assert_eq!(LeadScore::from_key(score.key()), Some(score));
        }
        assert_eq!(LeadScore::GoodLead.label(), "Good lead");
        assert_eq!(lead_result(1, 1, 90), "1 good lead of 1 call in the last 90 days.");
        assert_eq!(lead_result(12, 340, 90), "12 good leads of 340 calls in the last 90 days.");
    }
}
