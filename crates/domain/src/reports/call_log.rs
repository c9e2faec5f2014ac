//! The call log's query: the filters as the address bar carries them, bounded before
//! anything is read. Every field arrives as optional text; the answer is the query with its
//! defaults (the last 30 days, newest first, 25 a page), or the field errors.

use super::transcript_search::{parse_transcript_search, TranscriptSearch};
use serde::{Deserialize, Serialize};

use super::follow_up::{FollowUpFilter, FOLLOW_UP_FILTER_MESSAGE};
use super::outcome::CallOutcome;
pub use super::period::PRESET_MESSAGE;
use super::period::{preset_from_query, DatePreset};
use crate::dimensions::{value_filter, DimensionKind, ValueFilter, TEXT_VALUE_MAX};
use crate::list_query::{searched, DIRECTIONS};
use crate::validation::FieldErrors;

pub const PAGE_SIZES: [u32; 3] = [25, 50, 100];
/// Deep enough for any use of the pages; the export has every row.
pub const PAGE_MAX: u32 = 10_000;
pub const SEARCH_MAX: usize = 100;
/// A scorecard's highest score: the `minScore` filter is from 0 to this.
pub const SCORE_MAX: i64 = 100;
/// A day: no call lasts longer.
pub const MIN_DURATION_MAX: i64 = 86_400;

pub const ID_MESSAGE: &str = "Choose an item from the list.";
pub const OUTCOME_MESSAGE: &str = "Outcome must be answered, missed, busy, voicemail or hung up in menu.";
pub const MIN_DURATION_MESSAGE: &str = "Minimum talk time must be a whole number of seconds from 0 to 86400.";
pub const PAGE_MESSAGE: &str = "Page must be a whole number from 1 to 10000.";
pub const PAGE_SIZE_MESSAGE: &str = "Rows per page must be 25, 50 or 100.";
pub const SEARCH_MESSAGE: &str = "Search must not exceed 100 characters.";
pub const SORT_MESSAGE: &str = "Sort must be one of the log's columns.";
pub const DIRECTION_MESSAGE: &str = "Direction must be asc or desc.";
pub const SCORE_MESSAGE: &str = "Score must be scored, unscored, good lead or not a lead.";
pub const MIN_SCORE_MESSAGE: &str = "Minimum score must be a whole number from 0 to 100.";
pub const CATEGORY_MESSAGE: &str = "A category must not exceed 60 characters.";
/// A call category's name is at most this long (the routing's rule).
pub const CATEGORY_MAX: usize = 60;
pub const DIMENSION_VALUE_MESSAGE: &str = "A custom dimension's value must not exceed 200 characters.";
pub const DIMENSION_MISSING_MESSAGE: &str = "Choose the custom dimension the value is of.";

/// The call log's score filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ScoreFilter {
    /// Scored with a scorecard.
    Scored,
    /// Not scored with any scorecard.
    Unscored,
    /// The lead rules found a good lead.
    GoodLead,
    /// The lead rules found no lead.
    NotALead,
}

impl ScoreFilter {
    pub const ALL: [ScoreFilter; 4] =
        [ScoreFilter::Scored, ScoreFilter::Unscored, ScoreFilter::GoodLead, ScoreFilter::NotALead];

    pub fn key(self) -> &'static str {
        match self {
            ScoreFilter::Scored => "scored",
            ScoreFilter::Unscored => "unscored",
            ScoreFilter::GoodLead => "goodLead",
            ScoreFilter::NotALead => "notALead",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            ScoreFilter::Scored => "Scored",
            ScoreFilter::Unscored => "Not scored",
            ScoreFilter::GoodLead => "Good lead",
            ScoreFilter::NotALead => "Not a lead",
        }
    }
}

/// The columns the log sorts by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CallSort {
    Time,
    Duration,
    Caller,
    Source,
    Outcome,
}

impl CallSort {
    pub const ALL: [CallSort; 5] =
        [CallSort::Time, CallSort::Duration, CallSort::Caller, CallSort::Source, CallSort::Outcome];

    pub fn key(self) -> &'static str {
        match self {
            CallSort::Time => "time",
            CallSort::Duration => "duration",
            CallSort::Caller => "caller",
            CallSort::Source => "source",
            CallSort::Outcome => "outcome",
        }
    }
}

/// The query as the address bar has it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams), into_params(parameter_in = Query))]
pub struct CallLogQueryInput {
    /// today, yesterday, last7Days, last30Days (the default), thisMonth, lastMonth or custom.
    pub preset: Option<String>,
    /// The first day of a custom range, YYYY-MM-DD.
    pub from: Option<String>,
    /// The last day of a custom range, YYYY-MM-DD.
    pub to: Option<String>,
    /// A source / medium's id.
    pub source: Option<String>,
    /// A campaign's id.
    pub campaign: Option<String>,
    /// A tracked number's or pool's id.
    pub number: Option<String>,
    /// Outcomes' keys, comma-separated ("missed,busy,voicemail"): calls with any of them.
    pub outcome: Option<String>,
    /// open, handled, calledBack or noted: what the account did about the call.
    pub follow_up: Option<String>,
    /// A call tag's id.
    pub tag: Option<String>,
    /// A call category's name, as the routing files calls under it.
    pub category: Option<String>,
    /// "1": first-time callers only.
    pub first_time: Option<String>,
    /// Seconds.
    pub min_duration: Option<String>,
    /// scored, unscored, goodLead or notALead.
    pub score: Option<String>,
    /// A scorecard score from 0 to 100: calls scored at least this.
    pub min_score: Option<String>,
    /// A custom dimension's id: calls with a value of it.
    pub dimension: Option<String>,
    /// The value typed: a text is found inside the calls' text, a number or a choice is the
    /// value; empty: any value.
    pub dimension_value: Option<String>,
    /// A caller or tracked number, typed as the log shows it, or a number's or pool's name.
    pub search: Option<String>,
    /// Words said in the call (its transcript): any of them, or a "phrase in quotes".
    pub transcript: Option<String>,
    /// "1": test calls too (marked), besides the callers' calls.
    pub test_calls: Option<String>,
    /// "1": agents' calls out too (marked).
    pub calls_out: Option<String>,
    pub page: Option<String>,
    pub page_size: Option<String>,
    pub sort: Option<String>,
    pub direction: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallLogQuery {
    pub period: DatePreset,
    pub source: Option<i64>,
    pub campaign: Option<i64>,
    pub number: Option<i64>,
    /// Calls with any of these outcomes (none: every outcome), each once.
    pub outcomes: Vec<CallOutcome>,
    pub follow_up: Option<FollowUpFilter>,
    /// Calls with this tag.
    pub tag: Option<i64>,
    /// Calls filed under this category.
    pub category: Option<String>,
    pub first_time: bool,
    pub min_duration: Option<i64>,
    pub score: Option<ScoreFilter>,
    /// Calls whose scorecard score is at least this.
    pub min_score: Option<i64>,
    /// Calls with a value of this custom dimension, and the value typed (trimmed).
    pub dimension: Option<(i64, String)>,
    /// The dimension's filter once the dimension is known (`resolve_dimension`): its id, and how
    /// its value compares (None: any value).
    pub dimension_match: Option<(i64, Option<ValueFilter>)>,
    /// Trimmed; empty matches every call.
    pub search: String,
    /// Calls whose transcript has any of these words or phrases.
    pub transcript: Option<TranscriptSearch>,
    /// Test calls are listed too.
    pub test_calls: bool,
    /// Agents' calls out are listed too.
    pub calls_out: bool,
    pub page: u32,
    pub page_size: u32,
    pub sort: CallSort,
    pub descending: bool,
}

impl CallLogQuery {
    pub fn offset(&self) -> u64 {
        u64::from(self.page - 1) * u64::from(self.page_size)
    }
}

fn text(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

fn preset(input: &CallLogQueryInput) -> Option<DatePreset> {
    preset_from_query(input.preset.as_deref(), input.from.as_deref(), input.to.as_deref()).ok()
}

/// A positive id, or the field's error.
fn id(errors: &mut FieldErrors, field: &str, value: &Option<String>) -> Option<i64> {
    let raw = text(value)?;
    match raw.parse::<i64>() {
        Ok(id) if id > 0 => Some(id),
        _ => {
            errors.add(field, ID_MESSAGE);
            None
        }
    }
}

/// The query with its defaults, or every field's error. The custom range's dates are judged by
/// `report_period` (it knows the account's zone).
pub fn parse_call_log_query(input: &CallLogQueryInput) -> Result<CallLogQuery, FieldErrors> {
    let mut errors = FieldErrors::new();
    let period = preset(input).unwrap_or_else(|| {
        errors.add("preset", PRESET_MESSAGE);
        DatePreset::Last30Days
    });
    let source = id(&mut errors, "source", &input.source);
    let campaign = id(&mut errors, "campaign", &input.campaign);
    let number = id(&mut errors, "number", &input.number);
    let tag = id(&mut errors, "tag", &input.tag);
    let category = text(&input.category).map(searched);
    if category.as_ref().is_some_and(|c| c.chars().count() > CATEGORY_MAX) {
        errors.add("category", CATEGORY_MESSAGE);
    }
    let mut outcomes = Vec::new();
    for key in text(&input.outcome).unwrap_or("").split(',').map(str::trim).filter(|k| !k.is_empty()) {
        match CallOutcome::from_key(key) {
            Some(outcome) if !outcomes.contains(&outcome) => outcomes.push(outcome),
            Some(_) => {}
            None => {
                errors.add("outcome", OUTCOME_MESSAGE);
                break;
            }
        }
    }
    let follow_up = text(&input.follow_up).and_then(|key| {
        let found = FollowUpFilter::from_key(key);
        if found.is_none() {
            errors.add("followUp", FOLLOW_UP_FILTER_MESSAGE);
        }
        found
    });
    let first_time = text(&input.first_time) == Some("1");
    let min_duration = text(&input.min_duration).and_then(|raw| match raw.parse::<i64>() {
        Ok(seconds) if (0..=MIN_DURATION_MAX).contains(&seconds) => Some(seconds),
        _ => {
            errors.add("minDuration", MIN_DURATION_MESSAGE);
            None
        }
    });
    let score = text(&input.score).and_then(|key| {
        let score = ScoreFilter::ALL.into_iter().find(|s| s.key() == key);
        if score.is_none() {
            errors.add("score", SCORE_MESSAGE);
        }
        score
    });
    let min_score = text(&input.min_score).and_then(|raw| match raw.parse::<i64>() {
        Ok(score) if (0..=SCORE_MAX).contains(&score) => Some(score),
        _ => {
            errors.add("minScore", MIN_SCORE_MESSAGE);
            None
        }
    });
    let dimension_id = id(&mut errors, "dimension", &input.dimension);
    let dimension_value = searched(text(&input.dimension_value).unwrap_or(""));
    if dimension_value.chars().count() > TEXT_VALUE_MAX {
        errors.add("dimensionValue", DIMENSION_VALUE_MESSAGE);
    } else if !dimension_value.is_empty() && text(&input.dimension).is_none() {
        errors.add("dimension", DIMENSION_MISSING_MESSAGE);
    }
    let search = searched(text(&input.search).unwrap_or(""));
    if search.chars().count() > SEARCH_MAX {
        errors.add("search", SEARCH_MESSAGE);
    }
    let transcript = parse_transcript_search(text(&input.transcript).unwrap_or("")).unwrap_or_else(|message| {
        errors.add("transcript", message);
        None
    });
    let page = text(&input.page).map_or(Some(1), |raw| raw.parse::<u32>().ok().filter(|p| (1..=PAGE_MAX).contains(p)));
    if page.is_none() {
        errors.add("page", PAGE_MESSAGE);
    }
    let page_size = text(&input.page_size)
        .map_or(Some(PAGE_SIZES[0]), |raw| raw.parse::<u32>().ok().filter(|s| PAGE_SIZES.contains(s)));
    if page_size.is_none() {
        errors.add("pageSize", PAGE_SIZE_MESSAGE);
    }
    let sort = text(&input.sort).map_or(Some(CallSort::Time), |raw| CallSort::ALL.into_iter().find(|s| s.key() == raw));
    if sort.is_none() {
        errors.add("sort", SORT_MESSAGE);
    }
    // Newest first unless asked otherwise.
    let descending = match text(&input.direction) {
        None => true,
        Some(key) if key == DIRECTIONS[1] => true,
        Some(key) if key == DIRECTIONS[0] => false,
        Some(_) => {
            errors.add("direction", DIRECTION_MESSAGE);
            true
        }
    };
    errors.into_result().map(|()| CallLogQuery {
        period,
        source,
        campaign,
        number,
        outcomes,
        follow_up,
        tag,
        category,
        first_time,
        min_duration,
        score,
        min_score,
        dimension: dimension_id.map(|id| (id, dimension_value)),
        dimension_match: None,
        search,
        transcript,
        test_calls: text(&input.test_calls) == Some("1"),
        calls_out: text(&input.calls_out) == Some("1"),
        page: page.unwrap_or(1),
        page_size: page_size.unwrap_or(PAGE_SIZES[0]),
        sort: sort.unwrap_or(CallSort::Time),
        descending,
    })
}

/// The query's custom dimension filter, once the dimension (its kind and choices) is read: the
/// value typed compared as `dimensions::value_filter` says, or the value's message.
pub fn resolve_dimension(query: &mut CallLogQuery, kind: DimensionKind, choices: &[String]) -> Result<(), FieldErrors> {
    let Some((id, typed)) = &query.dimension else { return Ok(()) };
    match value_filter(kind, choices, typed) {
        Ok(filter) => {
            query.dimension_match = Some((*id, filter));
            Ok(())
        }
        Err(message) => {
            let mut errors = FieldErrors::new();
            errors.add("dimensionValue", message);
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(pairs: &[(&str, &str)]) -> CallLogQueryInput {
        let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| v.to_string());
        CallLogQueryInput {
            preset: get("preset"),
            from: get("from"),
            to: get("to"),
            source: get("source"),
            campaign: get("campaign"),
            number: get("number"),
            outcome: get("outcome"),
            follow_up: get("followUp"),
            first_time: get("firstTime"),
            tag: get("tag"),
            category: get("category"),
            min_duration: get("minDuration"),
            score: get("score"),
            min_score: get("minScore"),
            dimension: get("dimension"),
            dimension_value: get("dimensionValue"),
            search: get("search"),
            transcript: get("transcript"),
            test_calls: get("testCalls"),
            calls_out: get("callsOut"),
            page: get("page"),
            page_size: get("pageSize"),
            sort: get("sort"),
            direction: get("direction"),
        }
    }

    #[test]
    fn nothing_asked_is_the_last_30_days_newest_first() {
        let query = parse_call_log_query(&CallLogQueryInput::default()).unwrap();
        assert_eq!(query.period, DatePreset::Last30Days);
        assert_eq!((query.page, query.page_size, query.sort, query.descending), (1, 25, CallSort::Time, true));
        assert_eq!((query.source, query.outcomes.len(), query.first_time, query.min_duration), (None, 0, false, None));
        assert_eq!(query.offset(), 0);
    }

    #[test]
    fn test_calls_and_calls_out_are_listed_only_when_asked_for_each_by_name() {
        let none = parse_call_log_query(&CallLogQueryInput::default()).unwrap();
        assert_eq!((none.test_calls, none.calls_out), (false, false));
        let both = parse_call_log_query(&input(&[("testCalls", "1"), ("callsOut", " 1 ")])).unwrap();
        assert_eq!((both.test_calls, both.calls_out), (true, true));
        let other = parse_call_log_query(&input(&[("callsOut", "yes")])).unwrap();
        assert!(!other.calls_out, "only \"1\" asks");
    }

    #[test]
    fn every_filter_is_read() {
        let query = parse_call_log_query(&input(&[
            ("preset", "custom"),
            ("from", "2026-03-01"),
            ("to", "2026-03-31"),
            ("source", "3"),
            ("campaign", "4"),
            ("number", "5"),
            ("outcome", "hungUpInIvr"),
            ("tag", "8"),
            ("firstTime", "1"),
            ("minDuration", "60"),
            ("search", " 0117 496 "),
            ("page", "3"),
            ("pageSize", "50"),
            ("sort", "duration"),
            ("direction", "asc"),
        ]))
        .unwrap();
        assert_eq!(query.period, DatePreset::Custom { from: "2026-03-01".into(), to: "2026-03-31".into() });
        assert_eq!((query.source, query.campaign, query.number), (Some(3), Some(4), Some(5)));
        assert_eq!(query.outcomes, vec![CallOutcome::HungUpInIvr]);
        assert_eq!(query.tag, Some(8));
        assert!(query.first_time);
        assert_eq!(query.min_duration, Some(60));
        assert_eq!(query.search, "0117 496");
        assert_eq!((query.page, query.page_size, query.sort, query.descending), (3, 50, CallSort::Duration, false));
        assert_eq!(query.offset(), 100);
    }

    #[test]
    fn several_outcomes_are_read_once_each_with_the_follow_up() {
        let query =
            parse_call_log_query(&input(&[("outcome", "missed, busy,voicemail,missed,,"), ("followUp", "open")]))
                .unwrap();
        assert_eq!(query.outcomes, vec![CallOutcome::Missed, CallOutcome::Busy, CallOutcome::Voicemail]);
        assert_eq!(query.follow_up, Some(FollowUpFilter::Open));
        let noted = parse_call_log_query(&input(&[("followUp", "noted")])).unwrap();
        assert_eq!(noted.follow_up, Some(FollowUpFilter::Noted));
    }

    #[test]
    fn out_of_bounds_values_are_each_refused_with_their_message() {
        let errors = parse_call_log_query(&input(&[
            ("preset", "lastYear"),
            ("source", "-1"),
            ("campaign", "x"),
            ("number", "99999999999999999999"),
            ("outcome", "missed,lost"),
            ("followUp", "rangAgain"),
            ("minDuration", "86401"),
            ("search", &"9".repeat(101)),
            ("page", "10001"),
            ("pageSize", "1000000"),
            ("sort", "cost"),
            ("direction", "up"),
        ]))
        .unwrap_err();
        let message = |field: &str| errors.get(field);
        assert_eq!(message("preset"), Some(PRESET_MESSAGE));
        assert_eq!(message("source"), Some(ID_MESSAGE));
        assert_eq!(message("campaign"), Some(ID_MESSAGE));
        assert_eq!(message("number"), Some(ID_MESSAGE));
        assert_eq!(message("outcome"), Some(OUTCOME_MESSAGE));
        assert_eq!(message("followUp"), Some(FOLLOW_UP_FILTER_MESSAGE));
        assert_eq!(message("minDuration"), Some(MIN_DURATION_MESSAGE));
        assert_eq!(message("search"), Some(SEARCH_MESSAGE));
        assert_eq!(message("page"), Some(PAGE_MESSAGE));
        assert_eq!(message("pageSize"), Some(PAGE_SIZE_MESSAGE));
        assert_eq!(message("sort"), Some(SORT_MESSAGE));
        assert_eq!(message("direction"), Some(DIRECTION_MESSAGE));
        assert!(parse_call_log_query(&input(&[("page", "0")])).is_err());
        assert!(parse_call_log_query(&input(&[("minDuration", "-1")])).is_err());
    }

    #[test]
    fn a_custom_dimension_filter_is_bounded_then_resolved_by_the_dimensions_kind() {
        let query = parse_call_log_query(&input(&[("dimension", "4"), ("dimensionValue", " 1,250.50 ")])).unwrap();
        assert_eq!(query.dimension, Some((4, "1,250.50".to_string())));
        assert_eq!(query.dimension_match, None);
        let mut resolved = query.clone();
        resolve_dimension(&mut resolved, DimensionKind::Number, &[]).unwrap();
        let exact = ValueFilter { op: crate::dimensions::FilterOp::Equals, value: "1250.5".into() };
        assert_eq!(resolved.dimension_match, Some((4, Some(exact))));
        let mut wrong = query;
        let errors = resolve_dimension(&mut wrong, DimensionKind::Choice, &["Car".into()]).unwrap_err();
        assert_eq!(errors.get("dimensionValue"), Some(crate::dimensions::NOT_A_CHOICE));
        // No value: any value of the dimension.
        let mut any = parse_call_log_query(&input(&[("dimension", "4")])).unwrap();
        resolve_dimension(&mut any, DimensionKind::Text, &[]).unwrap();
        assert_eq!(any.dimension_match, Some((4, None)));
        let long = "v".repeat(201);
        let errors = parse_call_log_query(&input(&[("dimension", "4"), ("dimensionValue", &long)])).unwrap_err();
        assert_eq!(errors.get("dimensionValue"), Some(DIMENSION_VALUE_MESSAGE));
        let errors = parse_call_log_query(&input(&[("dimensionValue", "Car")])).unwrap_err();
        assert_eq!(errors.get("dimension"), Some(DIMENSION_MISSING_MESSAGE));
        let errors = parse_call_log_query(&input(&[("dimension", "x")])).unwrap_err();
        assert_eq!(errors.get("dimension"), Some(ID_MESSAGE));
    }

    #[test]
    fn a_category_is_its_name_of_at_most_60_characters() {
        let query = parse_call_log_query(&input(&[("category", " New patient ")])).unwrap();
        assert_eq!(query.category.as_deref(), Some("New patient"));
        assert_eq!(parse_call_log_query(&input(&[("category", " ")])).unwrap().category, None);
        let long = "c".repeat(61);
        let errors = parse_call_log_query(&input(&[("category", &long)])).unwrap_err();
        assert_eq!(errors.get("category"), Some(CATEGORY_MESSAGE));
    }
}
