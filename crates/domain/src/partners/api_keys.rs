//! A technology partner's API keys (/technologypartner/api-keys): the name a key is created
//! with, the key's shape (checked before it is hashed, so a request cannot make the server hash
//! a megabyte) and how a request presents it.

use crate::character_rules::CharacterRule;
use crate::validation::FieldErrors;

pub const API_KEY_NAME_MAX: usize = 50;
pub const NAME_REQUIRED: &str = "Name is required.";
pub const NAME_TOO_LONG: &str = "Name must not exceed 50 characters.";
/// Keys that are not revoked, per partner.
pub const MAX_ACTIVE_KEYS: usize = 10;
pub const TOO_MANY_KEYS: &str = "You can have at most 10 active keys. Revoke one to create another.";
/// Every key starts so (and so is recognisable in a leaked file), then 40 letters and digits.
pub const API_KEY_PREFIX: &str = "ctk_";
pub const API_KEY_RANDOM_LENGTH: usize = 40;
/// How many characters of a key are kept to tell keys apart in the list ("ctk_a1B2c3…").
pub const API_KEY_SHOWN_LENGTH: usize = 10;

/// Field errors of the new key's name (form_name).
pub fn validate_api_key_name(name: &str) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let name = name.trim();
    if name.is_empty() {
        errors.add("form_name", NAME_REQUIRED);
    } else if name.chars().count() > API_KEY_NAME_MAX {
        errors.add("form_name", NAME_TOO_LONG);
    } else if !CharacterRule::NoForeignCharacters.allows(name) {
        errors.add("form_name", CharacterRule::NoForeignCharacters.message());
    }
    errors
}

/// True for a string shaped like a key this product issues.
pub fn is_well_formed_key(key: &str) -> bool {
    key.strip_prefix(API_KEY_PREFIX)
        .is_some_and(|rest| rest.len() == API_KEY_RANDOM_LENGTH && rest.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// The key of an `Authorization: Bearer <key>` header, when it is one.
pub fn bearer_key(authorization: &str) -> Option<&str> {
    let (scheme, key) = authorization.trim().split_once(' ')?;
    let key = key.trim();
    (scheme.eq_ignore_ascii_case("bearer") && is_well_formed_key(key)).then_some(key)
}

/// The start of a key, as the list shows it.
pub fn key_hint(key: &str) -> String {
    format!("{}…", key.chars().take(API_KEY_SHOWN_LENGTH).collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "ctk_0123456789abcdefghijABCDEFGHIJ0123456789";

    #[test]
    fn a_name_is_required_bounded_and_typeable() {
        assert_eq!(validate_api_key_name(" ").get("form_name"), Some(NAME_REQUIRED));
        assert!(validate_api_key_name(&"k".repeat(50)).is_empty());
        assert_eq!(validate_api_key_name(&"k".repeat(51)).get("form_name"), Some(NAME_TOO_LONG));
        assert_eq!(
            validate_api_key_name("CRM sync 李").get("form_name").map(str::to_string),
            Some(CharacterRule::NoForeignCharacters.message())
        );
        assert!(validate_api_key_name("CRM sync (production)").is_empty());
    }

    #[test]
    fn only_keys_of_our_shape_are_looked_up() {
        assert!(is_well_formed_key(KEY));
        assert!(!is_well_formed_key(&KEY[..KEY.len() - 1]));
        assert!(!is_well_formed_key(&format!("{KEY}0")));
        assert!(!is_well_formed_key(&KEY.replace("ctk_", "ctx_")));
        assert!(!is_well_formed_key(&KEY.replace('a', "-")));
        assert!(!is_well_formed_key(&format!("ctk_{}", "é".repeat(20))));
    }

    #[test]
    fn a_bearer_header_gives_its_key() {
        assert_eq!(bearer_key(&format!("Bearer {KEY}")), Some(KEY));
        assert_eq!(bearer_key(&format!("bearer  {KEY} ")), Some(KEY));
        assert_eq!(bearer_key(&format!("Basic {KEY}")), None);
        assert_eq!(bearer_key(KEY), None);
        assert_eq!(bearer_key("Bearer ctk_short"), None);
    }

    #[test]
    fn the_list_shows_only_the_start_of_a_key() {
        assert_eq!(key_hint(KEY), "ctk_012345…");
    }
}
