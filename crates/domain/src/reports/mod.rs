//! Reports: the rules of the call log and the dashboard. The periods a report covers in
//! the account's time zone, what became of a call, first-time callers, and which call-backs
//! belong to a missed call.

pub mod call_log;
pub mod call_out;
pub mod callback;
pub mod credit;
pub mod dashboard;
pub mod first_time;
pub mod follow_up;
pub mod group;
pub mod journey;
pub mod outcome;
pub mod period;
pub mod phone;
pub mod retention;
pub mod summary;
pub mod test_call;
pub mod transcript_search;

pub use call_log::{parse_call_log_query, resolve_dimension, CallLogQuery, CallLogQueryInput, CallSort, ScoreFilter};
pub use callback::{callback_after, link_callbacks, CallbackLink, CallerCall, LatestCall, CALLBACK_WINDOW_SECONDS};
pub use credit::{counts, credit_of, static_pair, visit_campaign, CountedFacts, Credit};
pub use dashboard::{
    compare, day_buckets, previous_label, source_label, stack_series, DayBuckets, DaySeries, PeriodChange,
};
pub use first_time::first_time_calls;
pub use follow_up::{FollowUp, FollowUpFilter};
pub use journey::{journey, minutes_seconds, path_steps, talk_time, JourneyFacts, JourneyStep, LiveAccount, NO_TALK};
pub use outcome::{call_outcome, is_abandoned, CallFacts, CallOutcome, ABANDONED_UNDER_SECONDS};
pub use period::{preset_from_query, range_since, report_period, DatePreset, ReportPeriod, CUSTOM_DAYS_MAX};
pub use phone::{dial_link, format_uk, stored_number, typed_number, NUMBER_DIGITS_MAX, WITHHELD};
pub use retention::{
    call_retention_cutoff, parse_call_retention_months, uncalled_visit_cutoff, DEFAULT_CALL_RETENTION_MONTHS,
    MAX_CALL_RETENTION_MONTHS, MIN_CALL_RETENTION_MONTHS,
};
pub use summary::{summaries_due, summary_email, DueSummary, SourceCalls, SummaryEmail, SummaryFrequency};
