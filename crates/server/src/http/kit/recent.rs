//! "The last 30 days" of every list that shows a recent count of calls (Source / mediums,
//! Campaigns, the numbers' lists): the dashboard's and the call log's period of that name, the
//! 30 local days to today in the account's time zone (domain `reports::report_period`), so a
//! count is the same on every screen.

use domain::reports::{report_period, DatePreset};

use super::error::AppError;
use crate::state::AppState;

/// [start, end) of the last 30 days in `time_zone`.
pub fn last_30_days(state: &AppState, time_zone: &str) -> Result<(i64, i64), AppError> {
    let period = report_period(&DatePreset::Last30Days, state.clock.now(), time_zone).map_err(AppError::Internal)?;
    Ok((period.start, period.end))
}
