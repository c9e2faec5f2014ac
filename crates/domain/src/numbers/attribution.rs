//! A number's attribution fields (media description, channel, department, media owner): the
//! purchase form sets them, the campaign and number pages edit them, one rule for both.

use serde::{Deserialize, Serialize};

use crate::validation::FieldErrors;

pub const MEDIA_DESCRIPTION_REQUIRED: &str = "Media description is required.";
pub const MEDIA_DESCRIPTION_TOO_LONG: &str = "Maximum media description length is 120 characters.";
pub const MEDIA_DESCRIPTION_MAX: usize = 120;
pub const LIST_CHOICE: &str = "Choose from the list.";
/// How many numbers one edit, move or release may change.
pub const IDS_MAX: usize = 100;
pub const IDS_MESSAGE: &str = "Choose between 1 and 100 numbers.";

/// The media description's rule, under `mediaDescription`.
pub fn check_media_description(errors: &mut FieldErrors, text: &str) {
    let description = text.trim();
    if description.is_empty() {
        errors.add("mediaDescription", MEDIA_DESCRIPTION_REQUIRED);
    } else if description.chars().count() > MEDIA_DESCRIPTION_MAX {
        errors.add("mediaDescription", MEDIA_DESCRIPTION_TOO_LONG);
    }
}

/// An edit of one or more numbers: a field left None stays as it is; a list id 0 clears it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
// In TypeScript each field may be left out as well as null (`?: T | null`).
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
pub struct AttributionEdit {
    pub media_description: Option<String>,
    pub channel: Option<i64>,
    pub department: Option<i64>,
    pub media_owner: Option<i64>,
}

/// Errors by the posted field names ({} when the edit may be saved).
pub fn validate_attribution(edit: &AttributionEdit) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if let Some(text) = &edit.media_description {
        check_media_description(&mut errors, text);
    }
    for (field, id) in [("channel", edit.channel), ("department", edit.department), ("mediaOwner", edit.media_owner)] {
        if id.is_some_and(|id| id < 0) {
            errors.add(field, LIST_CHOICE);
        }
    }
    errors
}

/// The numbers an action names: 1 to IDS_MAX distinct positive ids, else the message under `ids`.
pub fn number_ids(ids: &[i64]) -> Result<Vec<i64>, FieldErrors> {
    let mut distinct: Vec<i64> = ids.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.is_empty() || distinct.len() > IDS_MAX || distinct[0] <= 0 {
        let mut errors = FieldErrors::new();
        errors.add("ids", IDS_MESSAGE);
        return Err(errors);
    }
    Ok(distinct)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_not_given_is_not_checked() {
        assert!(validate_attribution(&AttributionEdit::default()).is_empty());
        let edit = AttributionEdit { channel: Some(0), media_owner: Some(4), ..Default::default() };
        assert!(validate_attribution(&edit).is_empty());
    }

    #[test]
    fn the_media_description_has_the_purchase_forms_rule() {
        let blank = AttributionEdit { media_description: Some("  ".into()), ..Default::default() };
        assert_eq!(validate_attribution(&blank).get("mediaDescription"), Some(MEDIA_DESCRIPTION_REQUIRED));
        let long = AttributionEdit { media_description: Some("a".repeat(121)), ..Default::default() };
        assert_eq!(validate_attribution(&long).get("mediaDescription"), Some(MEDIA_DESCRIPTION_TOO_LONG));
        let most = AttributionEdit { media_description: Some("é".repeat(120)), ..Default::default() };
        assert!(validate_attribution(&most).is_empty());
    }

    #[test]
    fn a_list_id_is_never_negative() {
        let edit =
            AttributionEdit { channel: Some(-1), department: Some(-5), media_owner: Some(-2), ..Default::default() };
        let errors = validate_attribution(&edit);
        for field in ["channel", "department", "mediaOwner"] {
            assert_eq!(errors.get(field), Some(LIST_CHOICE), "{field}");
        }
    }

    #[test]
    fn ids_are_one_to_a_hundred_distinct_positive_numbers() {
        assert_eq!(number_ids(&[3, 1, 3]).unwrap(), [1, 3]);
        assert_eq!(number_ids(&[]).unwrap_err().get("ids"), Some(IDS_MESSAGE));
        assert!(number_ids(&[0, 1]).is_err());
        assert!(number_ids(&[-4]).is_err());
        let hundred: Vec<i64> = (1..=100).collect();
        assert_eq!(number_ids(&hundred).unwrap().len(), 100);
        let more: Vec<i64> = (1..=101).collect();
        assert!(number_ids(&more).is_err());
    }
}
