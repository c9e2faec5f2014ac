//! The speech analytics trial (spec/shell-users-integrations.md section 9): 14 days,
//! the first 10 recorded calls of each day get insights, and it becomes the paid add-on
//! (`report_voice_tags`, "Speech analytics") at its end unless cancelled before. Days are the
//! account's: the trial ends at the same local time 14 days later, its days left and each
//! day's allowance are counted in the account's time zone (23 and 25 hour days across BST).

use chrono::{DateTime, Days, NaiveDate, NaiveDateTime, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::format::{billing_frequency_word, format_date_time, format_price};
use crate::time::parse_zone;

/// How long the trial runs, in the account's days.
pub const TRIAL_DAYS: u64 = 14;
/// Recorded calls a day that get insights during the trial.
pub const TRIAL_DAILY_CALLS: u32 = 10;

pub const ALREADY_HAS_SPEECH: &str = "Speech analytics is already on your account.";
pub const TRIAL_TAKEN: &str = "Your account has already had its free trial of speech analytics.";
pub const NOT_ON_PLAN: &str =
    "Speech analytics cannot be added to your plan online. Please contact your account manager.";
pub const NO_TRIAL: &str = "Your account has no trial of speech analytics to cancel.";
pub const TRIAL_OVER: &str = "Your trial has ended, so it can no longer be cancelled.";
pub const ALREADY_CANCELLED: &str = "Your trial has already been cancelled.";

/// A trial as stored (unix seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trial {
    pub started_at: i64,
    /// `trial_end` of the start, fixed when it starts.
    pub ends_at: i64,
    pub cancelled_at: Option<i64>,
}

fn zone_of(time_zone: &str) -> Result<Tz, String> {
    parse_zone(time_zone)
}

fn local(instant: i64, zone: &Tz) -> Result<DateTime<Tz>, String> {
    Ok(DateTime::from_timestamp(instant, 0).ok_or("The time is out of range.")?.with_timezone(zone))
}

/// A local time as an instant; one that the clocks skip (BST's start) is read an hour later.
fn instant_of(zone: &Tz, at: NaiveDateTime) -> i64 {
    zone.from_local_datetime(&at)
        .earliest()
        .or_else(|| zone.from_local_datetime(&(at + chrono::Duration::hours(1))).earliest())
        .map_or_else(|| at.and_utc().timestamp(), |t| t.timestamp())
}

/// When a trial started at `started_at` ends: the same local time `TRIAL_DAYS` days later.
pub fn trial_end(started_at: i64, time_zone: &str) -> Result<i64, String> {
    let zone = zone_of(time_zone)?;
    let start = local(started_at, &zone)?.naive_local();
    let end = start.checked_add_days(Days::new(TRIAL_DAYS)).ok_or("The time is out of range.")?;
    Ok(instant_of(&zone, end))
}

/// Where a trial stands at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TrialPhase {
    /// Before its end (cancelled or not): speech analytics is on.
    Running,
    /// Ended without being cancelled: the paid add-on from its end.
    Converted,
    /// Ended after being cancelled: speech analytics is off, nothing charged.
    Ended,
}

impl Trial {
    pub fn phase(&self, now: i64) -> TrialPhase {
        if now < self.ends_at {
            TrialPhase::Running
        } else if self.cancelled_at.is_some() {
            TrialPhase::Ended
        } else {
            TrialPhase::Converted
        }
    }

    /// Whether the trial gives the account speech analytics now: while it runs, and for good
    /// once converted.
    pub fn grants_speech(&self, now: i64) -> bool {
        self.phase(now) != TrialPhase::Ended
    }

    /// Whether the billing run charges the add-on from the trial's end.
    pub fn converts(&self, now: i64) -> bool {
        self.phase(now) == TrialPhase::Converted
    }

    /// The account's calendar days from today to the day the trial ends (0 on that day and
    /// after).
    pub fn days_left(&self, now: i64, time_zone: &str) -> Result<i64, String> {
        let zone = zone_of(time_zone)?;
        let today = local(now, &zone)?.date_naive();
        let last = local(self.ends_at, &zone)?.date_naive();
        Ok((last - today).num_days().max(0))
    }
}

/// Whether the account may start the trial: it has never had one, has no speech analytics yet,
/// and its plan sells speech analytics online.
pub fn may_start_trial(had_trial: bool, has_speech: bool, plan_sells_speech: bool) -> Result<(), &'static str> {
    if had_trial {
        Err(TRIAL_TAKEN)
    } else if has_speech {
        Err(ALREADY_HAS_SPEECH)
    } else if !plan_sells_speech {
        Err(NOT_ON_PLAN)
    } else {
        Ok(())
    }
}

/// Whether the trial may be cancelled now: it runs and is not cancelled yet.
pub fn may_cancel_trial(trial: Option<&Trial>, now: i64) -> Result<(), &'static str> {
    let trial = trial.ok_or(NO_TRIAL)?;
    if trial.phase(now) != TrialPhase::Running {
        Err(TRIAL_OVER)
    } else if trial.cancelled_at.is_some() {
        Err(ALREADY_CANCELLED)
    } else {
        Ok(())
    }
}

/// The start and end of the account's day that holds `instant` (23 or 25 hours across BST).
pub fn local_day(instant: i64, time_zone: &str) -> Result<(i64, i64), String> {
    let zone = zone_of(time_zone)?;
    let day: NaiveDate = local(instant, &zone)?.date_naive();
    let next = day.succ_opt().ok_or("The time is out of range.")?;
    let midnight = |d: NaiveDate| instant_of(&zone, d.and_hms_opt(0, 0, 0).unwrap_or_default());
    Ok((midnight(day), midnight(next)))
}

/// The daily allowance: where to count the recorded calls that came before a call made at
/// `call_at` on the same day of the trial, or None when the call is outside the trial (before
/// its start, at or after its end). The call gets insights when fewer than
/// [`TRIAL_DAILY_CALLS`] came before it in that window ([`within_allowance`]).
pub fn allowance_window(trial: &Trial, call_at: i64, time_zone: &str) -> Result<Option<(i64, i64)>, String> {
    if call_at < trial.started_at || call_at >= trial.ends_at {
        return Ok(None);
    }
    let (day_start, _) = local_day(call_at, time_zone)?;
    Ok(Some((day_start.max(trial.started_at), call_at)))
}

/// A trial call gets insights when fewer than [`TRIAL_DAILY_CALLS`] recorded calls came before
/// it that day.
pub fn within_allowance(earlier_calls_that_day: u32) -> bool {
    earlier_calls_that_day < TRIAL_DAILY_CALLS
}

/// What /tryspeech shows.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SpeechTrialStatus {
    /// The account may start the trial.
    Available,
    /// The trial runs and converts at its end.
    Running,
    /// The trial runs until its end, cancelled.
    Cancelled,
    /// The trial became the paid add-on.
    Converted,
    /// The cancelled trial is over.
    Ended,
    /// The account has speech analytics without a trial.
    HasSpeech,
    /// The plan does not sell speech analytics online.
    NotOffered,
}

/// The page's state and texts.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SpeechTrialPage {
    pub status: SpeechTrialStatus,
    /// Days left while it runs ("14 days left", "Your trial ends today").
    pub days_left: Option<i64>,
    pub days_left_text: Option<String>,
    /// When it ends (unix seconds), and as the account reads it.
    pub ends_at: Option<i64>,
    pub ends_at_text: Option<String>,
    /// What the trial is, or where it stands.
    pub summary: Vec<String>,
    /// How to cancel, while it can be cancelled.
    pub how_to_cancel: Option<String>,
    /// The purchase modal's terms for starting it.
    pub offer: Vec<String>,
}

/// The paid add-on's price as the account reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpeechPrice<'a> {
    pub pence: i64,
    pub billing_frequency: &'a str,
    pub minimum_charge_pence: i64,
    pub minimum_charge_frequency: &'a str,
}

fn price_text(pence: i64, frequency: &str) -> String {
    format!("{} per {}", format_price(pence as f64 / 100.0), billing_frequency_word(frequency, None))
}

impl SpeechPrice<'_> {
    /// '£35 per month (minimum charge £25 per month)'.
    pub fn text(&self) -> String {
        let price = price_text(self.pence, self.billing_frequency);
        if self.minimum_charge_pence > 0 {
            let minimum = price_text(self.minimum_charge_pence, self.minimum_charge_frequency);
            format!("{price} (minimum charge {minimum})")
        } else {
            price
        }
    }
}

/// The days left in words.
pub fn days_left_text(days: i64) -> String {
    match days {
        0 => "Your trial ends today".to_string(),
        1 => "1 day left".to_string(),
        n => format!("{n} days left"),
    }
}

/// /tryspeech for an account: its trial (if it had one), whether it has speech analytics
/// otherwise, whether its plan sells it, and the add-on's price (None: price on application).
pub fn trial_page(
    trial: Option<&Trial>,
    has_speech: bool,
    plan_sells_speech: bool,
    price: Option<&SpeechPrice<'_>>,
    now: i64,
    time_zone: &str,
) -> Result<SpeechTrialPage, String> {
    let price_words = price.map_or_else(|| "its price".to_string(), SpeechPrice::text);
    let offer = vec![
        format!(
            "Speech analytics free for {TRIAL_DAYS} days: the first {TRIAL_DAILY_CALLS} recorded calls each day are \
             transcribed and get Speech Insights."
        ),
        format!(
            "At the end of the trial it becomes Speech analytics at {price_words}, unless you cancel before the \
             trial ends. You can cancel on this page at any time during the trial."
        ),
    ];
    let mut page = SpeechTrialPage {
        status: SpeechTrialStatus::Available,
        days_left: None,
        days_left_text: None,
        ends_at: None,
        ends_at_text: None,
        summary: Vec::new(),
        how_to_cancel: None,
        offer,
    };
    let Some(trial) = trial else {
        page.status = match may_start_trial(false, has_speech, plan_sells_speech) {
            Ok(()) => SpeechTrialStatus::Available,
            Err(ALREADY_HAS_SPEECH) => SpeechTrialStatus::HasSpeech,
            Err(_) => SpeechTrialStatus::NotOffered,
        };
        page.summary = match page.status {
            SpeechTrialStatus::Available => page.offer.clone(),
            SpeechTrialStatus::HasSpeech => vec![ALREADY_HAS_SPEECH.to_string()],
            _ => vec![NOT_ON_PLAN.to_string()],
        };
        return Ok(page);
    };
    let ends = format_date_time(trial.ends_at, time_zone);
    page.ends_at = Some(trial.ends_at);
    page.ends_at_text = Some(ends.clone());
    match trial.phase(now) {
        TrialPhase::Running => {
            let days = trial.days_left(now, time_zone)?;
            page.days_left = Some(days);
            page.days_left_text = Some(days_left_text(days));
            if trial.cancelled_at.is_some() {
                page.status = SpeechTrialStatus::Cancelled;
                page.summary = vec![format!(
                    "Your trial is cancelled. Speech analytics stays on until {ends}, then it is turned off and \
                     nothing is charged."
                )];
            } else {
                page.status = SpeechTrialStatus::Running;
                page.summary = vec![
                    format!("Your free trial of speech analytics ends at {ends}."),
                    format!(
                        "Until then the first {TRIAL_DAILY_CALLS} recorded calls each day are transcribed and get \
                         Speech Insights."
                    ),
                ];
                page.how_to_cancel = Some(format!(
                    "To cancel, press Cancel trial on this page before {ends}. Speech analytics stays on until \
                     then and nothing is charged. If you do not cancel, it becomes Speech analytics at \
                     {price_words} from then."
                ));
            }
        }
        TrialPhase::Converted => {
            page.status = SpeechTrialStatus::Converted;
            page.summary = vec![format!(
                "Your free trial ended at {ends}. Speech analytics is now part of your subscription at {price_words}."
            )];
        }
        // Bought after all: the account has speech analytics of its own.
        TrialPhase::Ended if has_speech => {
            page.status = SpeechTrialStatus::HasSpeech;
            page.summary = vec![ALREADY_HAS_SPEECH.to_string()];
        }
        TrialPhase::Ended => {
            page.status = SpeechTrialStatus::Ended;
            page.summary = vec![format!(
                "Your cancelled trial ended at {ends}, and speech analytics was turned off. Nothing was charged."
            )];
        }
    }
    Ok(page)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONDON: &str = "Europe/London";
    /// Monday 2026-11-23 10:00 UTC (10:00 GMT), the test clock's start.
    const NOV_23_10: i64 = 1_795_428_000;
    const HOUR: i64 = 3_600;
    const DAY: i64 = 24 * HOUR;

    fn trial(started_at: i64) -> Trial {
        Trial { started_at, ends_at: trial_end(started_at, LONDON).unwrap(), cancelled_at: None }
    }

    fn price() -> SpeechPrice<'static> {
        SpeechPrice { pence: 3_500, billing_frequency: "1", minimum_charge_pence: 2_500, minimum_charge_frequency: "1" }
    }

    #[test]
    fn the_trial_ends_at_the_same_local_time_fourteen_days_later() {
        assert_eq!(trial_end(NOV_23_10, LONDON), Ok(NOV_23_10 + 14 * DAY));
        assert_eq!(format_date_time(trial_end(NOV_23_10, LONDON).unwrap(), LONDON), "07/12/2026 10:00 GMT");
    }

    #[test]
    fn across_the_start_of_summer_time_the_trial_is_an_hour_shorter_and_ends_at_ten_bst() {
        // Friday 2026-03-20 10:00 GMT; BST begins Sunday 2026-03-29.
        let start = 1_774_000_800;
        assert_eq!(format_date_time(start, LONDON), "20/03/2026 10:00 GMT");
        let end = trial_end(start, LONDON).unwrap();
        assert_eq!(end, start + 14 * DAY - HOUR);
        assert_eq!(format_date_time(end, LONDON), "03/04/2026 10:00 BST");
    }

    #[test]
    fn across_the_end_of_summer_time_the_trial_is_an_hour_longer() {
        // Friday 2026-10-16 10:00 BST (09:00 UTC); GMT again from Sunday 2026-10-25.
        let start = 1_792_141_200;
        assert_eq!(format_date_time(start, LONDON), "16/10/2026 10:00 BST");
        let end = trial_end(start, LONDON).unwrap();
        assert_eq!(end, start + 14 * DAY + HOUR);
        assert_eq!(format_date_time(end, LONDON), "30/10/2026 10:00 GMT");
    }

    #[test]
    fn a_start_in_the_hour_the_clocks_skip_ends_an_hour_later_that_day() {
        // Started at 01:30 GMT on 15 March: 01:30 on 29 March does not exist, so 02:30 BST.
        let start = 1_773_538_200;
        assert_eq!(format_date_time(start, LONDON), "15/03/2026 01:30 GMT");
        assert_eq!(format_date_time(trial_end(start, LONDON).unwrap(), LONDON), "29/03/2026 02:30 BST");
    }

    #[test]
    fn an_unknown_zone_is_an_error_not_a_guess() {
        assert!(trial_end(NOV_23_10, "Mars/Olympus").is_err());
        assert!(local_day(NOV_23_10, "Mars/Olympus").is_err());
    }

    #[test]
    fn days_left_count_the_account_s_calendar_days() {
        let t = trial(NOV_23_10);
        assert_eq!(t.days_left(NOV_23_10, LONDON), Ok(14));
        // 23:59 on the first day, then 00:01 the next: a day has gone.
        assert_eq!(t.days_left(NOV_23_10 + 14 * HOUR - 60, LONDON), Ok(14));
        assert_eq!(t.days_left(NOV_23_10 + 14 * HOUR + 60, LONDON), Ok(13));
        assert_eq!(t.days_left(t.ends_at - DAY, LONDON), Ok(1));
        assert_eq!(t.days_left(t.ends_at - 60, LONDON), Ok(0));
        assert_eq!(t.days_left(t.ends_at + 5 * DAY, LONDON), Ok(0));
    }

    #[test]
    fn days_left_follow_the_account_s_zone_not_utc() {
        // 23:30 UTC on 23 November is already 24 November in Moscow.
        let t = Trial { started_at: NOV_23_10, ends_at: NOV_23_10 + 14 * DAY, cancelled_at: None };
        let late = NOV_23_10 + 13 * HOUR + 30 * 60;
        assert_eq!(t.days_left(late, LONDON), Ok(14));
        assert_eq!(t.days_left(late, "Europe/Moscow"), Ok(13));
    }

    #[test]
    fn days_left_across_bst_still_count_calendar_days() {
        let start = 1_774_000_800; // Friday 20 March 10:00 GMT
        let t = trial(start);
        // Sunday 29 March 00:30 GMT, Sunday 29 March 23:30 BST (22:30 UTC): one day, 5 left.
        let sunday_early = start + 9 * DAY - 9 * HOUR - 30 * 60;
        let sunday_late = sunday_early + 22 * HOUR;
        assert_eq!(format_date_time(sunday_early, LONDON), "29/03/2026 00:30 GMT");
        assert_eq!(format_date_time(sunday_late, LONDON), "29/03/2026 23:30 BST");
        assert_eq!(t.days_left(sunday_early, LONDON), Ok(5));
        assert_eq!(t.days_left(sunday_late, LONDON), Ok(5));
    }

    #[test]
    fn the_trial_converts_at_its_end_unless_cancelled_before() {
        let t = trial(NOV_23_10);
        assert_eq!(t.phase(t.ends_at - 1), TrialPhase::Running);
        assert!(t.grants_speech(t.ends_at - 1) && !t.converts(t.ends_at - 1), "not charged during the trial");
        assert_eq!(t.phase(t.ends_at), TrialPhase::Converted);
        assert!(t.grants_speech(t.ends_at) && t.converts(t.ends_at));
        let cancelled = Trial { cancelled_at: Some(NOV_23_10 + DAY), ..t };
        assert_eq!(cancelled.phase(t.ends_at - 1), TrialPhase::Running);
        assert!(cancelled.grants_speech(t.ends_at - 1), "speech stays on until the end");
        assert_eq!(cancelled.phase(t.ends_at), TrialPhase::Ended);
        assert!(!cancelled.grants_speech(t.ends_at) && !cancelled.converts(t.ends_at + 60 * DAY));
    }

    #[test]
    fn a_trial_starts_once_on_a_plan_that_sells_speech_to_an_account_without_it() {
        assert_eq!(may_start_trial(false, false, true), Ok(()));
        assert_eq!(may_start_trial(true, false, true), Err(TRIAL_TAKEN));
        assert_eq!(may_start_trial(false, true, true), Err(ALREADY_HAS_SPEECH));
        assert_eq!(may_start_trial(false, false, false), Err(NOT_ON_PLAN));
    }

    #[test]
    fn a_trial_is_cancelled_once_and_only_before_its_end() {
        let t = trial(NOV_23_10);
        assert_eq!(may_cancel_trial(None, NOV_23_10), Err(NO_TRIAL));
        assert_eq!(may_cancel_trial(Some(&t), t.ends_at - 1), Ok(()));
        assert_eq!(may_cancel_trial(Some(&t), t.ends_at), Err(TRIAL_OVER));
        let cancelled = Trial { cancelled_at: Some(NOV_23_10), ..t };
        assert_eq!(may_cancel_trial(Some(&cancelled), NOV_23_10 + 1), Err(ALREADY_CANCELLED));
        assert_eq!(may_cancel_trial(Some(&cancelled), t.ends_at), Err(TRIAL_OVER));
    }

    #[test]
    fn the_account_s_day_is_twenty_three_or_twenty_five_hours_across_bst() {
        let (start, end) = local_day(NOV_23_10, LONDON).unwrap();
        assert_eq!((start, end), (NOV_23_10 - 10 * HOUR, NOV_23_10 + 14 * HOUR));
        // Sunday 29 March 2026 12:00 BST: the day began 00:00 GMT and ends 00:00 BST.
        let (start, end) = local_day(1_774_782_000, LONDON).unwrap();
        assert_eq!(format_date_time(start, LONDON), "29/03/2026 00:00 GMT");
        assert_eq!(end - start, 23 * HOUR);
        // Sunday 25 October 2026 12:00 GMT.
        let (start, end) = local_day(1_792_929_600, LONDON).unwrap();
        assert_eq!(format_date_time(start, LONDON), "25/10/2026 00:00 BST");
        assert_eq!(end - start, 25 * HOUR);
    }

    #[test]
    fn the_first_ten_recorded_calls_of_each_local_day_get_insights() {
        assert!(within_allowance(0) && within_allowance(9));
        assert!(!within_allowance(10) && !within_allowance(11));
        let t = trial(NOV_23_10);
        // The first day counts from the trial's start, later days from the local midnight.
        assert_eq!(allowance_window(&t, NOV_23_10 + HOUR, LONDON), Ok(Some((NOV_23_10, NOV_23_10 + HOUR))));
        let next_day = NOV_23_10 + DAY;
        assert_eq!(allowance_window(&t, next_day, LONDON), Ok(Some((next_day - 10 * HOUR, next_day))));
        // Before the start and from the end: no insights at all.
        assert_eq!(allowance_window(&t, NOV_23_10 - 1, LONDON), Ok(None));
        assert_eq!(allowance_window(&t, t.ends_at, LONDON), Ok(None));
    }

    #[test]
    fn the_allowance_day_is_the_account_s_across_bst() {
        let t = trial(1_774_000_800); // 20 March 10:00 GMT
                                      // 29 March 00:30 GMT, before the change at 01:00: the day began at 00:00 GMT.
        let at = 1_774_742_400 + 30 * 60;
        assert_eq!(allowance_window(&t, at, LONDON), Ok(Some((1_774_742_400, at))));
        // 30 March 00:30 BST is 29 March 23:30 UTC: it counts from 30 March 00:00 BST.
        let bst = 1_774_827_000;
        assert_eq!(format_date_time(bst, LONDON), "30/03/2026 00:30 BST");
        assert_eq!(allowance_window(&t, bst, LONDON), Ok(Some((bst - 30 * 60, bst))));
        // In Dublin's zone too (Atlas' accounts): the same rule, that zone's midnight.
        assert!(allowance_window(&t, bst, "Europe/Dublin").unwrap().is_some());
    }

    #[test]
    fn the_page_offers_the_trial_with_its_terms_and_price() {
        let page = trial_page(None, false, true, Some(&price()), NOV_23_10, LONDON).unwrap();
        assert_eq!(page.status, SpeechTrialStatus::Available);
        assert!(page.offer[1].contains("£35 per month (minimum charge £25 per month), unless you cancel"));
        assert_eq!(page.summary, page.offer);
        assert_eq!(trial_page(None, true, true, None, NOV_23_10, LONDON).unwrap().status, SpeechTrialStatus::HasSpeech);
        assert_eq!(
            trial_page(None, false, false, None, NOV_23_10, LONDON).unwrap().status,
            SpeechTrialStatus::NotOffered
        );
    }

    #[test]
    fn the_page_shows_the_days_left_and_how_to_cancel_while_it_runs() {
        let t = trial(NOV_23_10);
        let page = trial_page(Some(&t), true, true, Some(&price()), NOV_23_10 + 2 * DAY, LONDON).unwrap();
        assert_eq!(page.status, SpeechTrialStatus::Running);
        assert_eq!(page.days_left_text.as_deref(), Some("12 days left"));
        assert_eq!(page.ends_at_text.as_deref(), Some("07/12/2026 10:00 GMT"));
        assert_eq!(
            page.how_to_cancel.as_deref(),
            Some(
                "To cancel, press Cancel trial on this page before 07/12/2026 10:00 GMT. Speech analytics stays on \
                 until then and nothing is charged. If you do not cancel, it becomes Speech analytics at £35 per \
                 month (minimum charge £25 per month) from then."
            )
        );
        let cancelled = Trial { cancelled_at: Some(NOV_23_10 + DAY), ..t };
        let page = trial_page(Some(&cancelled), true, true, Some(&price()), t.ends_at - DAY, LONDON).unwrap();
        assert_eq!((page.status, page.days_left_text.as_deref()), (SpeechTrialStatus::Cancelled, Some("1 day left")));
        assert!(page.how_to_cancel.is_none());
        let over = trial_page(Some(&cancelled), false, true, Some(&price()), t.ends_at, LONDON).unwrap();
        assert_eq!((over.status, over.days_left), (SpeechTrialStatus::Ended, None));
        let bought = trial_page(Some(&cancelled), true, true, Some(&price()), t.ends_at, LONDON).unwrap();
        assert_eq!(bought.status, SpeechTrialStatus::HasSpeech, "the add-on bought after all");
        let converted = trial_page(Some(&t), true, true, Some(&price()), t.ends_at, LONDON).unwrap();
        assert_eq!(converted.status, SpeechTrialStatus::Converted);
        assert_eq!(days_left_text(0), "Your trial ends today");
    }
}
