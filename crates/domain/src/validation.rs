use serde::ser::{Serialize, SerializeMap, Serializer};

/// The one shape of a validation failure: (field, message) pairs in the order found, with the
/// spec's exact texts. It becomes the 422 `errors` object on the server and the form errors in
/// the browser.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
// Serialized by hand below, as a map from field to message.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "std::collections::BTreeMap<String, String>"))]
pub struct FieldErrors(Vec<(String, String)>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a message for a field; the first message for a field is the one kept.
    pub fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        let field = field.into();
        if !self.0.iter().any(|(f, _)| *f == field) {
            self.0.push((field, message.into()));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.iter().find(|(f, _)| f == field).map(|(_, m)| m.as_str())
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(f, m)| (f.as_str(), m.as_str()))
    }

    /// Ok when nothing was recorded, so validators can end with `errors.into_result()`.
    pub fn into_result(self) -> Result<(), FieldErrors> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }
}

impl Serialize for FieldErrors {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (field, message) in &self.0 {
            map.serialize_entry(field, message)?;
        }
        map.end()
    }
}

/// What the rules trim from a text before they judge it: exactly the characters of Rust's
/// `char::is_whitespace` (Unicode's White_Space), which `str::trim` removes. Listed so that the
/// contract can state "not blank" as a pattern (a schema's `\s` differs between regex engines).
pub const WHITESPACE: &[char] = &[
    '\u{9}', '\u{a}', '\u{b}', '\u{c}', '\u{d}', ' ', '\u{85}', '\u{a0}', '\u{1680}', '\u{2000}', '\u{2001}',
    '\u{2002}', '\u{2003}', '\u{2004}', '\u{2005}', '\u{2006}', '\u{2007}', '\u{2008}', '\u{2009}', '\u{200a}',
    '\u{2028}', '\u{2029}', '\u{202f}', '\u{205f}', '\u{3000}',
];

pub const PASSWORD_REQUIRED: &str = "The password field is required.";

/// The password confirmation form of spec/call-routing.md section 5.
pub fn validate_password_confirmation(form_password: &str) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    if form_password.is_empty() {
        errors.add("form_password", PASSWORD_REQUIRED);
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whitespace_list_is_every_character_trim_removes() {
        let every: Vec<char> =
            (0..=u32::from(char::MAX)).filter_map(char::from_u32).filter(|c| c.is_whitespace()).collect();
        assert_eq!(every, WHITESPACE);
    }

    #[test]
    fn a_password_is_required_to_confirm() {
        let errors = validate_password_confirmation("").unwrap_err();
        assert_eq!(errors.get("form_password"), Some("The password field is required."));
        assert!(validate_password_confirmation("demopass").is_ok());
    }

    #[test]
    fn a_password_of_spaces_is_still_a_password() {
        assert!(validate_password_confirmation("   ").is_ok());
    }

    #[test]
    fn the_first_message_for_a_field_is_kept_and_order_is_preserved() {
        let mut errors = FieldErrors::new();
        errors.add("b", "first");
        errors.add("a", "other");
        errors.add("b", "second");
        assert_eq!(errors.get("b"), Some("first"));
        let json = serde_json::to_string(&errors).unwrap();
        assert_eq!(json, r#"{"b":"first","a":"other"}"#);
    }
}
