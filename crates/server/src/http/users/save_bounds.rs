//! What the user form's schema states (users/save/{id}), from the domain's own limits: the
//! identity a user editable by the editor needs (names, an email, the home customer, the
//! outbound access choice) and the two permission grids' JSON lists.

use domain::users::{USER_EMAIL_MAX, USER_FIRST_NAME_MAX, USER_LAST_NAME_MAX};
use domain::CharacterRule;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

use super::TEXT_MAX;
use crate::http::contract::{bounds, bounds_text};

/// JSON's own whitespace (serde_json reads no other).
const JSON_SPACE: &str = "[ \\t\\n\\r]*";
/// A JSON string as serde_json reads it: no control character unescaped, and a `\u` escape of
/// a surrogate only as a pair (serde_json refuses a lone one).
const JSON_STRING: &str = concat!(
    r#""(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]"#,
    r"|\\u(?:[0-9a-cA-Ce-fE-F][0-9a-fA-F]{3}|[dD][0-7][0-9a-fA-F]{2})",
    r"|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}",
    r#")*""#
);

pub(in crate::http) fn first_name() -> Object {
    bounds::required_by_rule(CharacterRule::NoForeignCharacters, USER_FIRST_NAME_MAX, TEXT_MAX)
}

pub(in crate::http) fn last_name() -> Object {
    bounds::required_by_rule(CharacterRule::NoForeignCharacters, USER_LAST_NAME_MAX, TEXT_MAX)
}

/// An address as `is_valid_email` reads it, stated without spaces around it (as the contact
/// fields'), so its length is the rule's.
pub(in crate::http) fn email() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(USER_EMAIL_MAX))
        .pattern(Some(format!("^(?:{})$", bounds::email_pattern())))
        .build()
}

/// The home customer's id.
pub(super) fn customer() -> Object {
    bounds_text::id(false, TEXT_MAX)
}

/// "1" or "0": the form always says which.
pub(super) fn outbound_access() -> Object {
    bounds::keys(["1", "0"])
}

/// A list of `item`s in JSON.
fn json_list(item: &str) -> String {
    format!("^{JSON_SPACE}\\[{JSON_SPACE}(?:{item}(?:{JSON_SPACE},{JSON_SPACE}{item})*)?{JSON_SPACE}\\]{JSON_SPACE}$")
}

/// form_permission: grid rows, each `{ "customerId": 100, "PERM_REPORTS": true, ... }`, the
/// customer first (a number, or one in a string).
pub(super) fn permission_rows() -> Object {
    let id = r#"(?:0|-?[1-9][0-9]{0,17}|"[0-9]{1,18}")"#;
    let tick = format!("{JSON_SPACE},{JSON_SPACE}{JSON_STRING}{JSON_SPACE}:{JSON_SPACE}(?:true|false)");
    let row = format!("\\{{{JSON_SPACE}\"customerId\"{JSON_SPACE}:{JSON_SPACE}{id}(?:{tick})*{JSON_SPACE}\\}}");
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(json_list(&row))).build()
}

/// form_user_permissions: the partner grid's ticked keys, `["PERM_ACCOUNTS"]` (others ignored).
pub(super) fn permission_keys() -> Object {
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(json_list(JSON_STRING))).build()
}

/// The user's outbound caller number, or nothing (`outbound_number_message`).
pub(super) fn outbound_number() -> Object {
    let mut schema = bounds::outbound_number();
    let space = bounds::space();
    schema.min_length = None;
    schema.max_length = Some(TEXT_MAX);
    schema.pattern = schema.pattern.map(|pattern| format!("{pattern}|^{space}*$"));
    schema
}
