//! The most rows each routing form carries. A row index is a number the browser chose, so the
//! server refuses a post naming a row past the limit before it reads or allocates a single row;
//! the validators give the same message for a form that has too many.

use super::dtmf::{DTMF_IVR_KEYS, TOO_MANY_KEYS as DTMF_TOO_MANY_KEYS};
use super::ivr::{MAX_KEYS, TOO_MANY_KEYS as IVR_TOO_MANY_KEYS};

/// A row form's limit: at most `max` rows; past it, `message` on `field`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowLimit {
    pub max: usize,
    pub field: &'static str,
    pub message: &'static str,
}

/// An agency account holds up to 100,000 numbers and pools, all of which can be connected at once.
pub const CONNECT_ROWS: RowLimit =
    RowLimit { max: 100_000, field: "form_number_id", message: "At most 100000 numbers can be connected at once." };

/// A week in quarter hours is 672 rows; no real plan comes near 200.
pub const SERVICE_PLAN_ROWS: RowLimit =
    RowLimit { max: 200, field: "form_from_day", message: "A service plan can have at most 200 rows." };

pub const DESTINATION_PLAN_ROWS: RowLimit =
    RowLimit { max: 20, field: "form_destination", message: "A destination plan can have at most 20 destinations." };

pub const IVR_KEY_ROWS: RowLimit = RowLimit { max: MAX_KEYS, field: "keys", message: IVR_TOO_MANY_KEYS };

pub const DTMF_IVR_KEY_ROWS: RowLimit =
    RowLimit { max: DTMF_IVR_KEYS.len(), field: "keys", message: DTMF_TOO_MANY_KEYS };

/// One whisper per traffic source; accounts have a few dozen sources.
pub const DYNAMIC_WHISPER_ROWS: RowLimit =
    RowLimit { max: 1_000, field: "dynamicWhisper", message: "A dynamic whisper can have at most 1000 sources." };

impl RowLimit {
    /// The limit's message when there are more rows than it allows.
    pub fn exceeded_by(&self, rows: usize) -> Option<&'static str> {
        (rows > self.max).then_some(self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_allows_its_maximum_and_refuses_one_more() {
        assert_eq!(SERVICE_PLAN_ROWS.exceeded_by(200), None);
        assert_eq!(SERVICE_PLAN_ROWS.exceeded_by(201), Some("A service plan can have at most 200 rows."));
        assert_eq!(IVR_KEY_ROWS.max, 12);
        assert_eq!(DTMF_IVR_KEY_ROWS.max, 12);
    }
}
