//! Call routing part 1 (spec/call-routing.md): who may route, the time-of-day rules, the
//! connect rows and every editor's validation, written once for server and browser.

mod access;
mod audio;
pub mod bank_holidays;
pub(crate) mod call_path;
mod connect;
mod constants;
mod destination_number;
mod destination_plan;
pub mod draft;
pub mod dtmf;
pub mod dynamic_whisper;
pub mod groups;
pub mod history;
pub mod in_call;
pub mod ivr;
pub mod live;
mod phone;
pub mod plan_exceptions;
mod queue;
mod row_limits;
mod row_type;
mod time_of_day;
mod voicemail;
mod week_grid;
mod working_hours;

pub use access::{campaign_reference, routing_access, RoutingAccess, TAG_MANAGER_ALREADY_SET_UP};
pub use audio::{
    audio_content_problem, extension as audio_extension, mp3_seconds, not_valid_audio, validate_audio, AudioForm,
    AUDIO_IN_USE,
};
pub(crate) use call_path::{day_and_minute, row_at};
pub use call_path::{exception_at, where_does_a_call_go, where_does_a_call_go_on, CallAnswer};
pub use connect::{
    basic_connect_refusal, has_only_basic_features, uses_additional_features, validate_connect_advanced,
    validate_connect_basic, AdvancedRow, BasicRow, RoutingRow,
};
pub use constants::*;
pub use destination_number::{validate_destination_number, DestinationNumberForm, DESTINATION_NUMBER_NOT_UNIQUE};
pub use destination_plan::{
    fit_destination_plan, validate_destination_plan, DestinationPlanForm, DestinationRow, HUNT_GROUP, MULTI_DIAL,
};
pub use dtmf::{validate_dtmf_ivr, validate_dtmf_plan, DtmfIvrForm, DtmfIvrKey, DtmfPlanForm};
pub use dynamic_whisper::{validate_dynamic_whisper, whisper_text_problem, DynamicWhisperForm, WhisperSource};
pub use groups::{validate_category, validate_report_group, GroupForm, GROUP_DESCRIPTION_MAX, REPORT_GROUP_CLASS};
pub use in_call::{in_call_reference, validate_in_call_attribution, InCallAttributionForm, InCallReference};
pub use phone::destination_problem;
pub use queue::{validate_queue, QueueForm, QUEUE_NOT_UNIQUE};
pub use row_limits::{
    RowLimit, CONNECT_ROWS, DESTINATION_PLAN_ROWS, DTMF_IVR_KEY_ROWS, DYNAMIC_WHISPER_ROWS, IVR_KEY_ROWS,
    SERVICE_PLAN_ROWS,
};
pub use time_of_day::{
    day_name, default_time_row, minute_of_week, minute_text, row_span, set_row_type, span_text, time_break_detail,
    time_template, validate_service_plan, RowType, ServicePlanForm, TemplateKind, TimeRow,
};
pub use time_of_day::{LAST_MINUTE_OF_WEEK, MINUTES_PER_DAY};
pub use voicemail::{validate_voicemail, VoicemailForm};
pub use week_grid::{week_grid, DayBar, Segment, Span, WeekGrid};
pub use working_hours::{working_hours_rows, WorkingHours};
