//! "Where the call is now" beside a browser call: the live session's whereabouts, each new one
//! added to the call's steps as it changes, and how the call ended as the last.

use crate::reports::CallOutcome;

/// Steps kept for one call; a call that walks further keeps its first and its latest.
pub const PROGRESS_STEPS_MAX: usize = 40;
/// A step's length at most (an IVR's or a destination's name is in it).
pub const PROGRESS_STEP_CHARS: usize = 160;

/// Adds where the call is now to its steps when it moved; true when the steps changed.
pub fn note_step(steps: &mut Vec<String>, now: &str) -> bool {
    let now: String = now.chars().take(PROGRESS_STEP_CHARS).collect();
    if now.is_empty() || steps.last() == Some(&now) {
        return false;
    }
    if steps.len() == PROGRESS_STEPS_MAX {
        steps.remove(1);
    }
    steps.push(now);
    true
}

/// The last step of an ended call: "Call ended: Answered".
pub fn ended_step(outcome: CallOutcome) -> String {
    format!("Call ended: {}", outcome.label())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_is_added_only_when_the_call_moved() {
        let mut steps = Vec::new();
        assert!(note_step(&mut steps, "IVR 'Main menu': waiting for a key"));
        assert!(!note_step(&mut steps, "IVR 'Main menu': waiting for a key"));
        assert!(!note_step(&mut steps, ""));
        assert!(note_step(&mut steps, "Ringing Alice"));
        assert_eq!(steps, ["IVR 'Main menu': waiting for a key", "Ringing Alice"]);
    }

    #[test]
    fn a_long_walk_keeps_its_first_step_and_its_latest() {
        let mut steps = Vec::new();
        for i in 0..100 {
            note_step(&mut steps, &format!("step {i}"));
        }
        assert_eq!(steps.len(), PROGRESS_STEPS_MAX);
        assert_eq!((steps[0].as_str(), steps[1].as_str()), ("step 0", "step 61"));
        assert_eq!(steps.last().map(String::as_str), Some("step 99"));
        note_step(&mut steps, &"x".repeat(500));
        assert_eq!(steps.last().unwrap().chars().count(), PROGRESS_STEP_CHARS);
    }

    #[test]
    fn the_end_says_how_the_call_ended() {
        assert_eq!(ended_step(CallOutcome::Voicemail), "Call ended: Voicemail");
    }
}
