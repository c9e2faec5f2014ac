//! How a connect page's row is stored, and how a stored row reads in the history: the server
//! writes rows with `written_basic` / `written_advanced` and reads them back with
//! `stored_connection`; the browser replays an edit's impact on `posted_as_stored`, which is the
//! two in turn. One rule for both sides.

use super::record::Connection;
use crate::routing::{AdvancedRow, BasicRow};

/// The mid call audio stored for none chosen.
pub const NO_MID_CALL_AUDIO: &str = "None";

/// A basic connect's row as written: its text trimmed (the write clears the service plan and
/// every advanced setting).
pub fn written_basic(row: &BasicRow) -> BasicRow {
    BasicRow {
        kind: row.kind.clone(),
        description: row.description.trim().to_string(),
        destination: row.destination.trim().to_string(),
        recording: row.recording,
    }
}

/// An advanced connect's row as written: its text trimmed, no mid call audio as 'None'. A
/// service plan clears the basic destination; none ('-- Disconnect --') keeps it.
pub fn written_advanced(row: &AdvancedRow) -> AdvancedRow {
    let audio = row.mid_call_audio.trim();
    AdvancedRow {
        description: row.description.trim().to_string(),
        mid_call_audio: if audio.is_empty() { NO_MID_CALL_AUDIO.to_string() } else { audio.to_string() },
        ..row.clone()
    }
}

/// How a stored number or pool reads: basic (to its destination) when it has no service plan
/// and a destination; else advanced, with its plan (0 for none) and advanced settings. (A row
/// without a plan that kept a basic destination reads as basic: basic routing uses none of its
/// advanced settings.)
pub fn stored_connection(advanced: AdvancedRow, destination: &str) -> Connection {
    if advanced.service_plan == 0 && !destination.is_empty() {
        return Connection::Basic(BasicRow {
            kind: advanced.kind,
            description: advanced.description,
            destination: destination.to_string(),
            recording: advanced.recording,
        });
    }
    Connection::Advanced(advanced)
}

/// What a posted row will read as once stored, given the basic destination the number or pool
/// has now (`stored_destination`, '' for none).
pub fn posted_as_stored(posted: &Connection, stored_destination: &str) -> Connection {
    match posted {
        Connection::Basic(row) => {
            let row = written_basic(row);
            let cleared = AdvancedRow {
                kind: row.kind,
                description: row.description,
                recording: row.recording,
                mid_call_audio: NO_MID_CALL_AUDIO.to_string(),
                ..AdvancedRow::default()
            };
            stored_connection(cleared, &row.destination)
        }
        Connection::Advanced(row) => {
            let row = written_advanced(row);
            let kept = if row.service_plan == 0 { stored_destination.trim() } else { "" };
            stored_connection(row, kept)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn advanced(service_plan: i64) -> AdvancedRow {
        AdvancedRow {
            kind: "static".into(),
            description: " Front desk ".into(),
            service_plan,
            recording: true,
            intro: 4,
            ..AdvancedRow::default()
        }
    }

    #[test]
    fn a_basic_row_is_stored_trimmed_and_reads_as_basic() {
        let posted = Connection::Basic(BasicRow {
            kind: "static".into(),
            description: " Desk ".into(),
            destination: " 07700900123 ".into(),
            recording: false,
        });
        let Connection::Basic(row) = posted_as_stored(&posted, "01134960000") else { panic!("not basic") };
        assert_eq!((row.description.as_str(), row.destination.as_str()), ("Desk", "07700900123"));
    }

    #[test]
    fn an_advanced_row_with_a_plan_drops_the_basic_destination() {
        let Connection::Advanced(row) = posted_as_stored(&Connection::Advanced(advanced(3)), "07700900123") else {
            panic!("not advanced")
        };
        assert_eq!(
            (row.service_plan, row.description.as_str(), row.mid_call_audio.as_str()),
            (3, "Front desk", "None")
        );
    }

    #[test]
    fn an_advanced_row_without_a_plan_keeps_the_basic_destination_and_reads_as_basic() {
        let kept = posted_as_stored(&Connection::Advanced(advanced(0)), "07700900123");
        let Connection::Basic(row) = kept else { panic!("not basic: {kept:?}") };
        assert_eq!((row.destination.as_str(), row.recording), ("07700900123", true));
        // Without one it stays advanced, disconnected.
        let disconnected = posted_as_stored(&Connection::Advanced(advanced(0)), "");
        assert!(matches!(disconnected, Connection::Advanced(AdvancedRow { service_plan: 0, .. })));
    }
}
