//! A scorecard: a name and 1 to 20 questions, each answered yes / no or 1 to 5 and weighted 1 to
//! 10. A call's score is the weighted share of the best answers, as a whole percentage:
//! sum(weight × answer) / sum(weight) × 100, where yes = 1, no = 0 and n of 5 = (n - 1) / 4,
//! rounded half up. Every question must be answered.

use serde::{Deserialize, Serialize};

use crate::validation::FieldErrors;

pub const NAME_MAX: usize = 100;
pub const QUESTIONS_MAX: usize = 20;
pub const QUESTION_MAX: usize = 200;
pub const WEIGHT_MAX: i64 = 10;

pub const NAME_REQUIRED: &str = "Name is required.";
pub const NAME_TOO_LONG: &str = "Name must not exceed 100 characters.";
pub const NAME_NOT_UNIQUE: &str = "Name must be unique.";
pub const QUESTIONS_COUNT: &str = "A scorecard needs from 1 to 20 questions.";
pub const QUESTION_REQUIRED: &str = "Question is required.";
pub const QUESTION_TOO_LONG: &str = "Question must not exceed 200 characters.";
pub const KIND_CHOICE: &str = "Answer must be yes / no or 1 to 5.";
pub const WEIGHT_RANGE: &str = "Weight must be a whole number from 1 to 10.";
pub const ANSWER_NEEDED: &str = "Answer every question.";
pub const ANSWER_CHOICE: &str = "Choose one of the answers.";

/// How a question is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AnswerKind {
    /// "yes" or "no".
    YesNo,
    /// "1" to "5".
    Scale,
}

impl AnswerKind {
    pub const ALL: [AnswerKind; 2] = [AnswerKind::YesNo, AnswerKind::Scale];

    pub fn key(self) -> &'static str {
        match self {
            AnswerKind::YesNo => "yesNo",
            AnswerKind::Scale => "scale",
        }
    }

    pub fn from_key(key: &str) -> Option<AnswerKind> {
        match key {
            "yesNo" => Some(AnswerKind::YesNo),
            "scale" => Some(AnswerKind::Scale),
            _ => None,
        }
    }

    /// The answer in quarters of the best (yes 4, no 0; n of 5 is n - 1), or None when it is not
    /// one of this kind's answers.
    fn quarters(self, answer: &str) -> Option<i64> {
        match (self, answer.trim()) {
            (AnswerKind::YesNo, "yes") => Some(4),
            (AnswerKind::YesNo, "no") => Some(0),
            (AnswerKind::Scale, n) => n.parse::<i64>().ok().filter(|n| (1..=5).contains(n)).map(|n| n - 1),
            _ => None,
        }
    }
}

/// A question as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Question {
    pub text: String,
    pub kind: AnswerKind,
    pub weight: i64,
}

/// A question as the form posts it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuestionForm {
    /// form_question_text[i]
    pub text: String,
    /// form_question_kind[i]: "yesNo" or "scale"
    pub kind: String,
    /// form_question_weight[i]: "1" to "10"
    pub weight: String,
}

/// The scorecard form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScorecardForm {
    /// form_name
    pub name: String,
    pub questions: Vec<QuestionForm>,
}

impl ScorecardForm {
    /// The questions the form describes (call after `validate_scorecard` found nothing).
    pub fn parsed_questions(&self) -> Vec<Question> {
        self.questions
            .iter()
            .map(|q| Question {
                text: q.text.trim().to_string(),
                kind: AnswerKind::from_key(q.kind.trim()).unwrap_or(AnswerKind::YesNo),
                weight: q.weight.trim().parse().unwrap_or(1),
            })
            .collect()
    }
}

/// Field errors of the scorecard form: form_name, form_questions, and per question
/// form_question_text[i], form_question_kind[i], form_question_weight[i]. `taken` holds the
/// account's other scorecards' names (compared ignoring case and outer spaces).
pub fn validate_scorecard<S: AsRef<str>>(form: &ScorecardForm, taken: &[S]) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let name = form.name.trim();
    if name.is_empty() {
        errors.add("form_name", NAME_REQUIRED);
    } else if name.chars().count() > NAME_MAX {
        errors.add("form_name", NAME_TOO_LONG);
    } else if taken.iter().any(|t| t.as_ref().trim().to_lowercase() == name.to_lowercase()) {
        errors.add("form_name", NAME_NOT_UNIQUE);
    }
    if form.questions.is_empty() || form.questions.len() > QUESTIONS_MAX {
        errors.add("form_questions", QUESTIONS_COUNT);
        if !form.questions.is_empty() {
            return errors;
        }
    }
    for (i, q) in form.questions.iter().enumerate() {
        let text = q.text.trim();
        if text.is_empty() {
            errors.add(format!("form_question_text[{i}]"), QUESTION_REQUIRED);
        } else if text.chars().count() > QUESTION_MAX {
            errors.add(format!("form_question_text[{i}]"), QUESTION_TOO_LONG);
        }
        if AnswerKind::from_key(q.kind.trim()).is_none() {
            errors.add(format!("form_question_kind[{i}]"), KIND_CHOICE);
        }
        if !q.weight.trim().parse::<i64>().is_ok_and(|w| (1..=WEIGHT_MAX).contains(&w)) {
            errors.add(format!("form_question_weight[{i}]"), WEIGHT_RANGE);
        }
    }
    errors
}

/// The call's score in whole percent from one answer a question (in the questions' order), or
/// the errors of the answers missing (form_answer[i]: ANSWER_NEEDED) or not of their kind
/// (ANSWER_CHOICE).
pub fn score_answers<S: AsRef<str>>(questions: &[Question], answers: &[S]) -> Result<i64, FieldErrors> {
    let mut errors = FieldErrors::new();
    let (mut got, mut best) = (0i64, 0i64);
    for (i, q) in questions.iter().enumerate() {
        // A stored weight is 1 to 10; anything else counts as the nearest (never a division by 0).
        let weight = q.weight.clamp(1, WEIGHT_MAX);
        let answer = answers.get(i).map(|a| a.as_ref().trim()).unwrap_or("");
        if answer.is_empty() {
            errors.add(format!("form_answer[{i}]"), ANSWER_NEEDED);
            continue;
        }
        match q.kind.quarters(answer) {
            Some(quarters) => got += weight * quarters,
            None => errors.add(format!("form_answer[{i}]"), ANSWER_CHOICE),
        }
        best += weight * 4;
    }
    if questions.is_empty() {
        errors.add("form_answers", ANSWER_NEEDED);
    }
    errors.into_result()?;
    // Whole percent, half up: (2 × 100 × got + best) / (2 × best).
    Ok((200 * got + best) / (2 * best))
}

/// "85%".
pub fn score_label(score: i64) -> String {
    format!("{score}%")
}

/// The question before a scorecard is deleted, saying how many calls lose their score.
pub fn delete_question(name: &str, scored_calls: i64) -> String {
    match scored_calls {
        0 => format!("Delete the scorecard '{name}'? No calls are scored with it."),
        1 => format!("Delete the scorecard '{name}'? Its score of 1 call will be removed."),
        n => format!("Delete the scorecard '{name}'? Its scores of {n} calls will be removed."),
    }
}

#[cfg(test)]
mod tests_delete_question {
    use super::delete_question;

    #[test]
    fn says_how_many_calls_lose_their_score() {
        assert_eq!(delete_question("Sales", 0), "Delete the scorecard 'Sales'? No calls are scored with it.");
        assert_eq!(delete_question("Sales", 1), "Delete the scorecard 'Sales'? Its score of 1 call will be removed.");
        assert_eq!(delete_question("Sales", 7), "Delete the scorecard 'Sales'? Its scores of 7 calls will be removed.");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(kind: AnswerKind, weight: i64) -> Question {
        Question { text: "Q".into(), kind, weight }
    }

    fn form(name: &str, questions: &[(&str, &str, &str)]) -> ScorecardForm {
        ScorecardForm {
            name: name.into(),
            questions: questions
                .iter()
                .map(|(t, k, w)| QuestionForm { text: t.to_string(), kind: k.to_string(), weight: w.to_string() })
                .collect(),
        }
    }

    #[test]
    fn every_best_answer_scores_100_and_every_worst_0() {
        let qs = [q(AnswerKind::YesNo, 3), q(AnswerKind::Scale, 1)];
        assert_eq!(score_answers(&qs, &["yes", "5"]), Ok(100));
        assert_eq!(score_answers(&qs, &["no", "1"]), Ok(0));
    }

    #[test]
    fn the_score_is_the_weighted_share_of_the_best_answers() {
        // 2 × 1 + 1 × 0.5 of 3 = 83.33 → 83
        let qs = [q(AnswerKind::YesNo, 2), q(AnswerKind::Scale, 1)];
        assert_eq!(score_answers(&qs, &["yes", "3"]), Ok(83));
        // 1 × 0.25 of 1 = 25; 1 × 0.75 = 75
        assert_eq!(score_answers(&[q(AnswerKind::Scale, 1)], &["2"]), Ok(25));
        assert_eq!(score_answers(&[q(AnswerKind::Scale, 7)], &["4"]), Ok(75));
    }

    #[test]
    fn a_half_percent_rounds_up() {
        // 1 × 0.25 of (1 + 7) = 3.125 → 3; 1 × 1 of 8 = 12.5 → 13
        let qs = [q(AnswerKind::Scale, 1), q(AnswerKind::YesNo, 7)];
        assert_eq!(score_answers(&qs, &["2", "no"]), Ok(3));
        assert_eq!(score_answers(&qs, &["5", "no"]), Ok(13));
        // 2/3 = 66.67 → 67
        let thirds = [q(AnswerKind::YesNo, 1), q(AnswerKind::YesNo, 1), q(AnswerKind::YesNo, 1)];
        assert_eq!(score_answers(&thirds, &["yes", "yes", "no"]), Ok(67));
    }

    #[test]
    fn an_unanswered_or_wrong_answer_is_refused_by_question() {
        let qs = [q(AnswerKind::YesNo, 1), q(AnswerKind::Scale, 1), q(AnswerKind::Scale, 1)];
        let errors = score_answers(&qs, &["", "6"]).unwrap_err();
        assert_eq!(errors.get("form_answer[0]"), Some(ANSWER_NEEDED));
        assert_eq!(errors.get("form_answer[1]"), Some(ANSWER_CHOICE));
        assert_eq!(errors.get("form_answer[2]"), Some(ANSWER_NEEDED));
        assert_eq!(score_answers(&qs, &["3", "1", "1"]).unwrap_err().get("form_answer[0]"), Some(ANSWER_CHOICE));
        assert_eq!(score_answers::<&str>(&[], &[]).unwrap_err().get("form_answers"), Some(ANSWER_NEEDED));
        // Weights out of range count as the nearest: never a division by zero or an overflow.
        let odd = [q(AnswerKind::YesNo, 0), q(AnswerKind::YesNo, i64::MAX)];
        assert_eq!(score_answers(&odd, &["yes", "no"]), Ok(9));
    }

    #[test]
    fn a_scorecard_needs_a_unique_name_and_1_to_20_questions() {
        let ok = form("New patient call", &[("Greeted by name?", "yesNo", "2")]);
        assert!(validate_scorecard::<&str>(&ok, &[]).is_empty());
        assert_eq!(
            validate_scorecard::<&str>(&form(" ", &[("Q", "yesNo", "1")]), &[]).get("form_name"),
            Some(NAME_REQUIRED)
        );
        let long = "x".repeat(101);
        assert_eq!(
            validate_scorecard::<&str>(&form(&long, &[("Q", "yesNo", "1")]), &[]).get("form_name"),
            Some(NAME_TOO_LONG)
        );
        assert_eq!(validate_scorecard(&ok, &["new PATIENT call "]).get("form_name"), Some(NAME_NOT_UNIQUE));
        assert_eq!(validate_scorecard::<&str>(&form("A", &[]), &[]).get("form_questions"), Some(QUESTIONS_COUNT));
        let many: Vec<(&str, &str, &str)> = vec![("Q", "yesNo", "1"); 21];
        assert_eq!(validate_scorecard::<&str>(&form("A", &many), &[]).get("form_questions"), Some(QUESTIONS_COUNT));
        let twenty: Vec<(&str, &str, &str)> = vec![("Q", "scale", "10"); 20];
        assert!(validate_scorecard::<&str>(&form("A", &twenty), &[]).is_empty());
    }

    #[test]
    fn each_question_is_checked_field_by_field() {
        let long = "q".repeat(201);
        let errors = validate_scorecard::<&str>(
            &form("A", &[("", "stars", "0"), (&long, "scale", "11"), ("Q", "yesNo", "x")]),
            &[],
        );
        assert_eq!(errors.get("form_question_text[0]"), Some(QUESTION_REQUIRED));
        assert_eq!(errors.get("form_question_kind[0]"), Some(KIND_CHOICE));
        assert_eq!(errors.get("form_question_weight[0]"), Some(WEIGHT_RANGE));
        assert_eq!(errors.get("form_question_text[1]"), Some(QUESTION_TOO_LONG));
        assert_eq!(errors.get("form_question_weight[1]"), Some(WEIGHT_RANGE));
        assert_eq!(errors.get("form_question_weight[2]"), Some(WEIGHT_RANGE));
        assert_eq!(errors.get("form_question_kind[1]"), None);
    }

    #[test]
    fn the_parsed_questions_are_the_forms() {
        let parsed = form("A", &[(" Greeted? ", "yesNo", "2"), ("Tone", "scale", "10")]).parsed_questions();
        assert_eq!(
            parsed,
            vec![
                Question { text: "Greeted?".into(), kind: AnswerKind::YesNo, weight: 2 },
                Question { text: "Tone".into(), kind: AnswerKind::Scale, weight: 10 },
            ]
        );
        assert_eq!(score_label(85), "85%");
    }
}
