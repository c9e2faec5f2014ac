//! The inline add dialogs of the static number form (spec section 5, "Inline add
//! descriptions"): a new channel, media owner, department or campaign, named within its own
//! maximum and unique among the customer's.

use serde::{Deserialize, Serialize};

use crate::names::TextRule;
use crate::validation::FieldErrors;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum InlineList {
    Channel,
    MediaOwner,
    Department,
    Campaign,
}

impl InlineList {
    /// The longest description each list takes (any other list: 100).
    pub const fn max_length(self) -> usize {
        match self {
            InlineList::Channel | InlineList::MediaOwner => 40,
            InlineList::Department => 80,
            InlineList::Campaign => 1000,
        }
    }

    fn too_long(self) -> &'static str {
        match self {
            InlineList::Channel | InlineList::MediaOwner => "Max description length is 40 characters.",
            InlineList::Department => "Max description length is 80 characters.",
            InlineList::Campaign => "Max description length is 1000 characters.",
        }
    }

    /// The field the spec's insert call posts the description as.
    pub fn field(self) -> &'static str {
        match self {
            InlineList::Channel => "channel",
            InlineList::MediaOwner => "mediaowner",
            InlineList::Department => "department",
            InlineList::Campaign => "campaign",
        }
    }
}

/// The default maximum of an inline description (spec: 'default 100').
pub const DEFAULT_MAX_LENGTH: usize = 100;

/// Errors under the list's field name; `taken` holds the customer's other descriptions of that list.
pub fn validate_inline_add<S: AsRef<str>>(list: InlineList, description: &str, taken: &[S]) -> FieldErrors {
    let rule = TextRule::description(list.max_length(), list.too_long());
    let mut errors = FieldErrors::new();
    rule.check(&mut errors, list.field(), description, taken);
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_list_has_its_maximum() {
        for (list, max) in [
            (InlineList::Channel, 40),
            (InlineList::MediaOwner, 40),
            (InlineList::Department, 80),
            (InlineList::Campaign, 1000),
        ] {
            assert!(validate_inline_add::<&str>(list, &"a".repeat(max), &[]).is_empty(), "{list:?}");
            let errors = validate_inline_add::<&str>(list, &"a".repeat(max + 1), &[]);
            assert_eq!(errors.get(list.field()), Some(format!("Max description length is {max} characters.").as_str()));
        }
    }

    #[test]
    fn a_description_is_required_and_unique_on_the_account() {
        let errors = validate_inline_add::<&str>(InlineList::Campaign, " ", &[]);
        assert_eq!(errors.get("campaign"), Some("Description is required."));
        let errors = validate_inline_add(InlineList::Channel, "Radio ", &["radio"]);
        assert_eq!(errors.get("channel"), Some("Description must be unique."));
    }
}
