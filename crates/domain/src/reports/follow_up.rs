//! What the account did about a call: a receptionist marks a missed call handled, or that
//! they called the caller back ("We called back", who and when), and keeps a note on it. Not to
//! be confused with the caller ringing again after a missed call (`callback`), which the log
//! names "Rang again".

use serde::{Deserialize, Serialize};

use crate::format_date_time;

/// A note is at most this long.
pub const NOTE_MAX: usize = 1_000;
pub const NOTE_TOO_LONG: &str = "A note must not exceed 1,000 characters.";
pub const FOLLOW_UP_MESSAGE: &str = "Choose handled, we called back, or neither.";
pub const FOLLOW_UP_FILTER_MESSAGE: &str = "Follow-up must be not followed up, handled, we called back or with a note.";

/// What was done about a call.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FollowUp {
    /// Dealt with, no call needed (a message passed on, a wrong number).
    Handled,
    /// Someone here rang the caller back.
    CalledBack,
}

impl FollowUp {
    pub const ALL: [FollowUp; 2] = [FollowUp::Handled, FollowUp::CalledBack];

    pub fn key(self) -> &'static str {
        match self {
            FollowUp::Handled => "handled",
            FollowUp::CalledBack => "calledBack",
        }
    }

    pub fn from_key(key: &str) -> Option<FollowUp> {
        FollowUp::ALL.into_iter().find(|f| f.key() == key)
    }

    pub fn label(self) -> &'static str {
        match self {
            FollowUp::Handled => "Handled",
            FollowUp::CalledBack => "We called back",
        }
    }
}

/// The follow-up posted: a key, or empty to clear it. Err is the field's message.
pub fn parse_follow_up(raw: &str) -> Result<Option<FollowUp>, &'static str> {
    match raw.trim() {
        "" => Ok(None),
        key => FollowUp::from_key(key).map(Some).ok_or(FOLLOW_UP_MESSAGE),
    }
}

/// A note as kept: trimmed, its line ends made "\n", control characters other than line ends
/// and tabs left out; at most `NOTE_MAX` characters.
pub fn parse_note(raw: &str) -> Result<String, &'static str> {
    let kept: String = raw
        .replace("\r\n", "\n")
        .chars()
        .map(|c| if c == '\r' { '\n' } else { c })
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .collect();
    let kept = kept.trim().to_string();
    if kept.chars().count() > NOTE_MAX {
        return Err(NOTE_TOO_LONG);
    }
    Ok(kept)
}

/// "We called back · Sam Jones, 23/11/2026 10:04" ("someone" when the name is unknown).
pub fn follow_up_words(follow_up: FollowUp, by: &str, at: i64, zone: &str) -> String {
    format!("{} · {}", follow_up.label(), who_when(by, at, zone))
}

/// "Sam Jones, 23/11/2026 10:04".
pub fn who_when(by: &str, at: i64, zone: &str) -> String {
    let by = if by.trim().is_empty() { "someone" } else { by.trim() };
    format!("{by}, {}", format_date_time(at, zone))
}

/// The message after a change.
pub fn follow_up_message(follow_up: Option<FollowUp>, caller: &str) -> String {
    match follow_up {
        Some(FollowUp::Handled) => format!("Marked the call from {caller} handled."),
        Some(FollowUp::CalledBack) => format!("Marked that we called {caller} back."),
        None => format!("The call from {caller} is no longer marked as followed up."),
    }
}

/// The message after a note is saved (an empty note removes it).
pub fn note_message(note: &str) -> &'static str {
    if note.is_empty() {
        "Removed the note."
    } else {
        "Saved the note."
    }
}

/// The call log's follow-up filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FollowUpFilter {
    /// Neither handled nor called back.
    Open,
    Handled,
    CalledBack,
    /// With a note.
    Noted,
}

impl FollowUpFilter {
    pub const ALL: [FollowUpFilter; 4] =
        [FollowUpFilter::Open, FollowUpFilter::Handled, FollowUpFilter::CalledBack, FollowUpFilter::Noted];

    pub fn key(self) -> &'static str {
        match self {
            FollowUpFilter::Open => "open",
            FollowUpFilter::Handled => FollowUp::Handled.key(),
            FollowUpFilter::CalledBack => FollowUp::CalledBack.key(),
            FollowUpFilter::Noted => "noted",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            FollowUpFilter::Open => "Not followed up",
            FollowUpFilter::Handled => FollowUp::Handled.label(),
            FollowUpFilter::CalledBack => FollowUp::CalledBack.label(),
            FollowUpFilter::Noted => "With a note",
        }
    }

    pub fn from_key(key: &str) -> Option<FollowUpFilter> {
        FollowUpFilter::ALL.into_iter().find(|f| f.key() == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_follow_up_is_one_of_two_or_none() {
        assert_eq!(parse_follow_up("handled"), Ok(Some(FollowUp::Handled)));
        assert_eq!(parse_follow_up(" calledBack "), Ok(Some(FollowUp::CalledBack)));
        assert_eq!(parse_follow_up(""), Ok(None));
        assert_eq!(parse_follow_up("rangAgain"), Err(FOLLOW_UP_MESSAGE));
        for f in FollowUp::ALL {
            assert_eq!(FollowUp::from_key(f.key()), Some(f));
        }
    }

    #[test]
    fn a_note_is_trimmed_cleaned_and_bounded() {
        assert_eq!(
            parse_note("  Rang back, left a message\r\nTry after 5 \u{7}"),
            Ok("Rang back, left a message\nTry after 5".into())
        );
        assert_eq!(parse_note(""), Ok(String::new()));
        assert_eq!(parse_note(&"é".repeat(NOTE_MAX)).map(|n| n.chars().count()), Ok(NOTE_MAX));
        assert_eq!(parse_note(&"a".repeat(NOTE_MAX + 1)), Err(NOTE_TOO_LONG));
        // Trailing spaces beyond the limit are not counted.
        assert!(parse_note(&format!("{}   ", "a".repeat(NOTE_MAX))).is_ok());
    }

    #[test]
    fn who_did_what_and_when_in_words() {
        // 23/11/2026 10:04 UTC is 10:04 GMT in London.
        let at = 1_795_428_240;
        assert_eq!(
            follow_up_words(FollowUp::CalledBack, "Sam Jones", at, "Europe/London"),
            format!("We called back · Sam Jones, {}", format_date_time(at, "Europe/London"))
        );
        assert!(who_when(" ", at, "Europe/London").starts_with("someone, "));
        assert_eq!(
            follow_up_message(Some(FollowUp::Handled), "07700 900123"),
            "Marked the call from 07700 900123 handled."
        );
        assert_eq!(
            follow_up_message(Some(FollowUp::CalledBack), "07700 900123"),
            "Marked that we called 07700 900123 back."
        );
        assert_eq!(note_message(""), "Removed the note.");
    }

    #[test]
    fn the_filter_names_the_two_things_apart() {
        for f in FollowUpFilter::ALL {
            assert_eq!(FollowUpFilter::from_key(f.key()), Some(f));
        }
        assert_eq!(FollowUpFilter::CalledBack.label(), "We called back");
        assert_eq!(FollowUpFilter::Open.label(), "Not followed up");
        assert_eq!(FollowUpFilter::from_key("rangAgain"), None);
    }
}
