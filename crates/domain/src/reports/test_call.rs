//! Test calls: calls made from the admin area to hear the account's own routing. They are kept
//! as calls of their own direction, so every figure that counts callers' calls (reports, usage,
//! billing, conversions, e-mails) leaves them out; the call log shows them when asked, marked.

/// A caller's call, as stored.
pub const INBOUND: &str = "inbound";
/// A test call, as stored.
pub const TEST: &str = "test";
pub const TEST_CALL: &str = "Test call";

/// The call log's mark on a test call: "Test call, as if it were Thursday 24/12/2026 18:05".
pub fn test_call_label(note: &str) -> String {
    match note.trim() {
        "" => TEST_CALL.to_string(),
        note => format!("{TEST_CALL}, {note}"),
    }
}

/// What a test call's mark adds: routed through the account's open draft, and the moment it
/// was routed as ("as if it were Thursday 24/12/2026 18:05"), either or both.
pub fn test_note(moment_words: Option<&str>, through_draft: bool) -> String {
    let parts: Vec<&str> =
        [through_draft.then_some("through the draft"), moment_words.filter(|w| !w.trim().is_empty())]
            .into_iter()
            .flatten()
            .collect();
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_of_the_draft_says_so() {
        assert_eq!(test_note(None, false), "");
        assert_eq!(test_note(None, true), "through the draft");
        let moment = Some("as if it were Thursday 24/12/2026 18:05");
        assert_eq!(test_note(moment, false), "as if it were Thursday 24/12/2026 18:05");
        assert_eq!(
            test_call_label(&test_note(moment, true)),
            "Test call, through the draft, as if it were Thursday 24/12/2026 18:05"
        );
    }

    #[test]
    fn a_test_call_says_the_moment_it_was_routed_as() {
        assert_eq!(test_call_label(""), "Test call");
        assert_eq!(
            test_call_label("as if it were Thursday 24/12/2026 18:05"),
            "Test call, as if it were Thursday 24/12/2026 18:05"
        );
    }
}
