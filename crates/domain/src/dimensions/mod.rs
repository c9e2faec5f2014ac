//! Custom dimensions (/customdimensions): fields of the account's own on calls (a text,
//! a number or one of a list of choices), defined on the page, given a value in a call's details,
//! filtered on in the call log and carried by its CSV. The definitions' and the values' rules
//! are here; the server checks with them and the browser runs the same through wasm.

mod value;

use serde::{Deserialize, Serialize};

pub use value::{
    check_value, value_filter, FilterOp, ValueFilter, NOT_A_CHOICE, NOT_A_NUMBER, NUMBER_LIMIT_DIGITS,
    NUMBER_OUT_OF_RANGE, TEXT_VALUE_MAX, VALUE_TOO_LONG,
};

use crate::account::AccountState;
use crate::validation::FieldErrors;

pub const NAME_MAX: usize = 50;
/// Custom dimensions an account may have.
pub const DIMENSIONS_MAX: usize = 20;
pub const CHOICES_MIN: usize = 2;
pub const CHOICES_MAX: usize = 20;
pub const CHOICE_MAX: usize = 50;

pub const NAME_REQUIRED: &str = "Name is required.";
pub const NAME_TOO_LONG: &str = "Name must not exceed 50 characters.";
pub const NAME_NOT_UNIQUE: &str = "Name must be unique.";
pub const KIND_CHOICE: &str = "Choose a type from the list.";
pub const CHOICES_TOO_FEW: &str = "A choice field needs at least 2 choices, one a line.";
pub const CHOICES_TOO_MANY: &str = "A choice field can have at most 20 choices.";
pub const TOO_MANY_DIMENSIONS: &str = "An account can have at most 20 custom dimensions. Delete one first.";
pub const KIND_LOCKED: &str = "The type cannot change while calls have a value. Clear their values first.";

pub fn choice_too_long(n: usize) -> String {
    format!("Choice {n} must not exceed 50 characters.")
}

pub fn choice_repeated(n: usize) -> String {
    format!("Choice {n} is listed twice.")
}

/// A choice some calls still have cannot be taken off the list.
pub fn choice_in_use(choice: &str, calls: i64) -> String {
    let calls = if calls == 1 { "1 call".to_string() } else { format!("{calls} calls") };
    format!("'{choice}' is the value of {calls}: keep it, or change those calls first.")
}

/// What a custom dimension holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DimensionKind {
    Text,
    Number,
    Choice,
}

impl DimensionKind {
    pub const ALL: [DimensionKind; 3] = [DimensionKind::Text, DimensionKind::Number, DimensionKind::Choice];

    pub fn key(self) -> &'static str {
        match self {
            DimensionKind::Text => "text",
            DimensionKind::Number => "number",
            DimensionKind::Choice => "choice",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            DimensionKind::Text => "Text",
            DimensionKind::Number => "Number",
            DimensionKind::Choice => "Choice from a list",
        }
    }

    pub fn from_key(key: &str) -> Option<DimensionKind> {
        DimensionKind::ALL.into_iter().find(|k| k.key() == key)
    }
}

/// The definition form as posted: form_name, form_kind, form_choices (one a line).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DimensionForm {
    pub name: String,
    pub kind: String,
    pub choices: String,
}

/// A definition as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Dimension {
    pub name: String,
    pub kind: DimensionKind,
    /// A choice field's choices in order; empty for the others.
    pub choices: Vec<String>,
}

/// What the checks know of the account: the other dimensions' names, how many it has (this one
/// aside), and for an edit the stored kind with the calls that have a value and, per choice, the
/// calls that have it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DimensionContext {
    pub other_names: Vec<String>,
    /// None for a new dimension.
    pub stored_kind: Option<DimensionKind>,
    pub calls_with_value: i64,
    /// (choice, calls that have it).
    pub choices_in_use: Vec<(String, i64)>,
}

/// The lines of a choices box: trimmed, blank lines skipped.
fn choice_lines(text: &str) -> Vec<String> {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_string).collect()
}

/// The definition, or each field's first problem.
pub fn parse_dimension(form: &DimensionForm, context: &DimensionContext) -> Result<Dimension, FieldErrors> {
    let mut errors = FieldErrors::new();
    let name = form.name.trim();
    if name.is_empty() {
        errors.add("form_name", NAME_REQUIRED);
    } else if name.chars().count() > NAME_MAX {
        errors.add("form_name", NAME_TOO_LONG);
    } else if context.other_names.iter().any(|n| n.trim().to_lowercase() == name.to_lowercase()) {
        errors.add("form_name", NAME_NOT_UNIQUE);
    }
    if context.stored_kind.is_none() && context.other_names.len() >= DIMENSIONS_MAX {
        errors.add("form_name", TOO_MANY_DIMENSIONS);
    }
    let kind = DimensionKind::from_key(form.kind.trim());
    match kind {
        None => errors.add("form_kind", KIND_CHOICE),
        Some(kind) if context.calls_with_value > 0 && context.stored_kind.is_some_and(|k| k != kind) => {
            errors.add("form_kind", KIND_LOCKED)
        }
        _ => {}
    }
    let choices = if kind == Some(DimensionKind::Choice) { choice_lines(&form.choices) } else { Vec::new() };
    if kind == Some(DimensionKind::Choice) {
        if choices.len() < CHOICES_MIN {
            errors.add("form_choices", CHOICES_TOO_FEW);
        } else if choices.len() > CHOICES_MAX {
            errors.add("form_choices", CHOICES_TOO_MANY);
        }
        for (i, choice) in choices.iter().enumerate() {
            if choice.chars().count() > CHOICE_MAX {
                errors.add("form_choices", choice_too_long(i + 1));
            } else if choices[..i].iter().any(|c| c.to_lowercase() == choice.to_lowercase()) {
                errors.add("form_choices", choice_repeated(i + 1));
            }
        }
        if context.stored_kind == Some(DimensionKind::Choice) {
            let dropped = context.choices_in_use.iter().find(|(c, n)| *n > 0 && !choices.contains(c));
            if let Some((choice, calls)) = dropped {
                errors.add("form_choices", choice_in_use(choice, *calls));
            }
        }
    }
    errors.into_result()?;
    Ok(Dimension { name: name.to_string(), kind: kind.unwrap_or(DimensionKind::Text), choices })
}

/// The form's field errors (none when it is valid), as the browser shows them while typing.
pub fn validate_dimension(form: &DimensionForm, context: &DimensionContext) -> FieldErrors {
    parse_dimension(form, context).err().unwrap_or_default()
}

/// A typed value's answer: the value as stored, or the message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "DimensionValueAnswer"))]
pub struct ValueAnswer {
    pub value: Option<String>,
    pub error: Option<String>,
}

/// `check_value` for the browser: the kind by its key (an unknown one reads as text).
pub fn value_answer(kind: &str, choices: &[String], typed: &str) -> ValueAnswer {
    let kind = DimensionKind::from_key(kind).unwrap_or(DimensionKind::Text);
    match check_value(kind, choices, typed) {
        Ok(value) => ValueAnswer { value: Some(value), error: None },
        Err(message) => ValueAnswer { value: None, error: Some(message.to_string()) },
    }
}

/// The delete confirmation's question.
pub fn delete_question(name: &str, calls_with_value: i64) -> String {
    match calls_with_value {
        0 => format!("Delete the custom dimension '{name}'? No call has a value."),
        1 => format!("Delete the custom dimension '{name}'? Its value on 1 call goes with it."),
        n => format!("Delete the custom dimension '{name}'? Its values on {n} calls go with it."),
    }
}

/// Whether the Custom dimensions page opens for the user (its menu item: the scope and sales
/// data access).
pub fn opens_dimensions(account: &AccountState) -> bool {
    crate::menu::menu_page_opens("/customdimensions", account)
}

/// Who defines custom dimensions: a user of the page who is an administrator or owner.
pub fn can_edit_dimensions(account: &AccountState) -> bool {
    opens_dimensions(account) && account.user_auth_code >= 20
}

/// Who sets a call's values in the call log: a user with sales data access on an account with
/// custom dimensions (the page's menu item opening), whatever their level.
pub fn can_set_values(account: &AccountState) -> bool {
    opens_dimensions(account)
}

#[cfg(test)]
mod tests;
