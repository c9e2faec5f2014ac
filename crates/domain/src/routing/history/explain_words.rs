//! The words the history's explanations are built from: a quoted name, "is now ... instead of
//! ...", a setting switched on or off, a count of seconds.

pub(super) fn quote(text: &str) -> String {
    format!("'{text}'")
}

/// "{what} is now {new} instead of {old}." when they differ.
pub(super) fn changed(out: &mut Vec<String>, what: impl FnOnce() -> String, old: String, new: String) {
    if old != new {
        out.push(format!("{} is now {new} instead of {old}.", what()));
    }
}

/// A sentence for a setting turned on or off.
pub(super) fn switched(out: &mut Vec<String>, old: bool, new: bool, on: String, off: String) {
    if old != new {
        out.push(if new { on } else { off });
    }
}

pub(super) fn on_off(value: bool) -> String {
    if value { "on" } else { "off" }.to_string()
}

pub(super) fn text_or_none(text: &str) -> String {
    if text.is_empty() {
        "none".to_string()
    } else {
        quote(text)
    }
}

pub(super) fn seconds(value: i64) -> String {
    match value {
        0 => "none".to_string(),
        1 => "1 second".to_string(),
        _ => format!("{value} seconds"),
    }
}
