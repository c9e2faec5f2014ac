//! Reports: the call log, a call's detail and recording, and the export. Every call
//! needs the reports permission (`canAccessReports`); recordings need the user's recordings flag
//! too. The customer is always the session's: a partner sees a client's calls once it has entered
//! the client's account, never by naming another customer's call.

mod call_detail;
mod call_follow_up;
mod call_insights;
mod call_log;
mod call_score;
mod call_tags;
mod call_transcript;
mod costs;
mod dashboard;
mod group;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use domain::reports::follow_up::{follow_up_words, who_when};
use domain::reports::{format_uk, minutes_seconds, source_label, talk_time, CallOutcome, FollowUp};
use domain::scoring::LeadScore;
use domain::AccountState;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::call_credit::Breakdown;
use crate::store::calls::{self, CallRow};
use crate::store::sessions::Session;
use crate::store::CustomerId;
use std::collections::BTreeMap;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(call_log::router())
        .merge(call_detail::router())
        .merge(call_follow_up::router())
        .merge(call_tags::router())
        .merge(call_transcript::router())
        .merge(call_insights::router())
        .merge(call_score::router())
        .merge(dashboard::router())
        .merge(group::router())
        .merge(costs::router())
}

/// Each line of a breakdown, (id, name), by name: a source / medium as the dashboard names it
/// ("google / cpc"), a campaign, a static number in the UK format with what it is for
/// ("01632 960 123 · Van livery"), or a pool by its name.
pub(crate) async fn named_lines(
    state: &AppState,
    customer: CustomerId,
    by: Breakdown,
) -> Result<Vec<(i64, String)>, AppError> {
    let mut rows: Vec<(i64, String)> = match by {
        Breakdown::Source => calls::choices(
            &state.db,
            customer,
            "SELECT id, source || '\u{1f}' || medium FROM sources_mediums WHERE customer_id = $1",
        )
        .await?
        .into_iter()
        .map(|(id, pair)| {
            let (source, medium) = pair.split_once('\u{1f}').unwrap_or((&pair, ""));
            (id, source_label(source, medium))
        })
        .collect(),
        Breakdown::Campaign => {
            calls::choices(&state.db, customer, "SELECT id, description FROM campaigns WHERE customer_id = $1").await?
        }
        Breakdown::Number => calls::choices(
            &state.db,
            customer,
            "SELECT id, CASE WHEN kind = 'static' THEN number || '\u{1f}' || description ELSE pool_name END
             FROM routing_entries WHERE customer_id = $1",
        )
        .await?
        .into_iter()
        .map(|(id, label)| match label.split_once('\u{1f}') {
            Some((number, "")) => (id, format_uk(number)),
            Some((number, description)) => (id, format!("{} · {description}", format_uk(number))),
            None => (id, label),
        })
        .collect(),
    };
    rows.sort_by(|a, b| a.1.to_lowercase().cmp(&b.1.to_lowercase()).then(a.0.cmp(&b.0)));
    Ok(rows)
}

/// Each line's name by its id (`named_lines`), with the numbers the account released, whose
/// past calls and spend still count.
pub(super) async fn line_labels(
    state: &AppState,
    customer: CustomerId,
    by: Breakdown,
) -> Result<BTreeMap<i64, String>, AppError> {
    let mut labels: BTreeMap<i64, String> = named_lines(state, customer, by).await?.into_iter().collect();
    if by == Breakdown::Number {
        let sql = "SELECT entry_id, number FROM released_numbers WHERE customer_id = $1";
        for (id, number) in calls::choices(&state.db, customer, sql).await? {
            labels.entry(id).or_insert_with(|| format!("{} (released)", domain::reports::format_uk(&number)));
        }
    }
    Ok(labels)
}

/// Each row's matching line of its transcript, when the log searches the words said.
pub(super) async fn with_transcript_lines<'a>(
    state: &AppState,
    search: Option<&domain::reports::transcript_search::TranscriptSearch>,
    rows: impl IntoIterator<Item = &'a mut CallLogRow>,
) -> Result<(), AppError> {
    let Some(search) = search else { return Ok(()) };
    let mut rows: Vec<&mut CallLogRow> = rows.into_iter().collect();
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let texts: BTreeMap<i64, String> = calls::transcript_texts(&state.db, &ids).await?.into_iter().collect();
    for row in rows.iter_mut() {
        let line = texts.get(&row.id).and_then(|text| domain::reports::transcript_search::matching_line(text, search));
        row.transcript_line = line.unwrap_or_default();
    }
    Ok(())
}

/// A user who may see the account's calls.
pub struct ReportsUser {
    pub session: Session,
    pub account: AccountState,
}

impl<S> FromRequestParts<S> for ReportsUser
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let AccountUser { session, account, .. } = AccountUser::from_request_parts(parts, state).await?;
        if !account.can_access_reports {
            return Err(AppError::Forbidden);
        }
        Ok(ReportsUser { session, account })
    }
}

impl ReportsUser {
    pub fn customer(&self) -> CustomerId {
        CustomerId::new(self.account.customer_id)
    }

    /// Whether the user may hear and download recordings (the user's recordings flag).
    pub async fn hears_recordings(&self, state: &AppState) -> Result<bool, AppError> {
        Ok(calls::may_hear_recordings(&state.db, self.session.user_id, self.customer()).await?)
    }
}

/// A call as the log shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallLogRow {
    pub id: i64,
    pub started_at: i64,
    /// In the account's time zone, "dd/mm/yyyy HH:MM BST".
    pub time: String,
    /// UK format ("07700 900123"), or "Withheld".
    pub caller: String,
    /// "tel:+447700900123" to ring the caller back; None when withheld.
    pub caller_dial: Option<String>,
    pub tracked_number: String,
    /// The pool's name or the static number's description.
    pub number_name: String,
    pub campaign: String,
    pub source: String,
    pub medium: String,
    pub landing_page: String,
    /// The whole call, from the first ring to the hang-up (menus, ringing and talk).
    pub duration_seconds: i64,
    /// The talk time as shown: "4:05", or "No talk" when no one answered (ringing is not talk).
    pub duration: String,
    /// Seconds the caller heard ringing while destinations were tried.
    pub ring_seconds: i64,
    /// The ring time as shown: "0:12".
    pub ring_time: String,
    /// Seconds talking to whoever answered (0: no one did).
    pub talk_seconds: i64,
    /// The outcome's key: answered, missed, busy, voicemail or hungUpInIvr.
    pub outcome: String,
    pub outcome_label: String,
    pub destination: String,
    pub tags: Vec<String>,
    pub first_time: bool,
    /// The missed call this one calls back (credited to that call's source).
    pub callback_of: Option<i64>,
    /// A recording the user may hear.
    pub has_recording: bool,
    /// Where to fetch it (the voicemail message of a voicemail call), for a user who may hear it.
    pub recording_url: Option<String>,
    /// How long it lasts: "0:42" ("" when not known).
    pub recording_length: String,
    /// The latest scorecard score, whole percent.
    pub score: Option<i64>,
    /// "85%", or "" when not scored.
    pub score_label: String,
    /// "Good lead" or "Not a lead" by the lead rules; "" when not judged.
    pub lead_score: String,
    /// What the account did about the call, if anything.
    pub follow_up: Option<FollowUp>,
    /// "We called back · Sam Jones, 23/11/2026 10:04"; "" when nothing was done yet.
    pub follow_up_label: String,
    /// The note on the call ("" none).
    pub note: String,
    /// Who last wrote the note and when: "Sam Jones, 23/11/2026 10:04".
    pub note_by: String,
    /// Searching the words said: the transcript's words around the first match ("" otherwise).
    pub transcript_line: String,
    /// "Test call, as if it were Thursday 24/12/2026 18:05" for a test call; "" for a caller's.
    pub test_call: String,
    /// "Call out, Sam Jones, Spring recall" for an agent's call out (the caller is the number
    /// rung, the tracked number the caller id shown); "" otherwise.
    pub call_out: String,
}

impl CallLogRow {
    pub fn from_row(row: &CallRow, zone: &str, hears_recordings: bool) -> CallLogRow {
        let outcome = CallOutcome::from_key(&row.outcome);
        CallLogRow {
            id: row.id,
            started_at: row.started_at,
            time: domain::format_date_time(row.started_at, zone),
            caller: format_uk(&row.caller_number),
            caller_dial: domain::reports::dial_link(&row.caller_number),
            tracked_number: format_uk(&row.tracked_number),
            number_name: row.number_name().to_string(),
            campaign: row.campaign.clone(),
            source: row.source.clone(),
            medium: row.medium.clone(),
            landing_page: row.landing_page.clone(),
            duration_seconds: row.duration_seconds,
            duration: talk_time(row.talk_seconds),
            ring_seconds: row.ring_seconds,
            ring_time: minutes_seconds(row.ring_seconds),
            talk_seconds: row.talk_seconds,
            outcome: row.outcome.clone(),
            outcome_label: outcome.map_or_else(|| row.outcome.clone(), |o| o.label().to_string()),
            destination: row.destination.clone(),
            tags: row.tags.split(',').map(str::trim).filter(|t| !t.is_empty()).map(String::from).collect(),
            first_time: row.first_time != 0,
            callback_of: row.callback_of,
            has_recording: hears_recordings && row.has_recording != 0,
            recording_url: (hears_recordings && row.has_recording != 0)
                .then(|| format!("/api/reports/getRecording/{}", row.id)),
            recording_length: row.recording_seconds.map(minutes_seconds).unwrap_or_default(),
            score: row.score,
            score_label: row.score.map(domain::scoring::score_label).unwrap_or_default(),
            lead_score: match row.lead_score {
                Some(1) => LeadScore::GoodLead.label().to_string(),
                Some(_) => LeadScore::NotALead.label().to_string(),
                None => String::new(),
            },
            follow_up: FollowUp::from_key(&row.follow_up),
            follow_up_label: match (FollowUp::from_key(&row.follow_up), row.follow_up_at) {
                (Some(done), Some(at)) => follow_up_words(done, &row.follow_up_by, at, zone),
                _ => String::new(),
            },
            note: row.note.clone(),
            note_by: row.note_at.map(|at| who_when(&row.note_by, at, zone)).unwrap_or_default(),
            transcript_line: String::new(),
            test_call: if row.direction == domain::reports::test_call::TEST {
                domain::reports::test_call::test_call_label(&row.test_note)
            } else {
                String::new()
            },
            call_out: if row.direction == domain::reports::call_out::OUTBOUND {
                let agent = format!("{} {}", row.agent_forename, row.agent_surname);
                domain::reports::call_out::call_out_label(&agent, &row.outbound_campaign)
            } else {
                String::new()
            },
        }
    }

    /// "google / cpc", or "(none)" without a source.
    pub fn source_medium(&self) -> String {
        if self.source.is_empty() {
            "(none)".to_string()
        } else {
            format!("{} / {}", self.source, self.medium)
        }
    }
}
