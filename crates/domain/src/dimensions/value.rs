//! A call's value of a custom dimension: checked and written one way (so that the call log's
//! filter finds it), and the call log's filter on it.

use serde::{Deserialize, Serialize};

use super::DimensionKind;

pub const TEXT_VALUE_MAX: usize = 200;
/// A number's whole part has at most this many digits (below a million million).
pub const NUMBER_LIMIT_DIGITS: usize = 12;
/// Decimal places kept.
const DECIMALS_MAX: usize = 4;

pub const VALUE_TOO_LONG: &str = "A text value must not exceed 200 characters.";
pub const NOT_A_NUMBER: &str = "Enter a number, such as 1250 or 99.95.";
pub const NUMBER_OUT_OF_RANGE: &str = "A number must be below 1,000,000,000,000 with at most 4 decimal places.";
pub const NOT_A_CHOICE: &str = "Choose one of the field's choices.";

/// A number as typed ('1,250.50', '-3', '.5') written one way ('1250.5', '-3', '0.5').
fn number(text: &str) -> Result<String, &'static str> {
    let plain: String = text.chars().filter(|c| *c != ',' && *c != ' ').collect();
    let (negative, unsigned) = match plain.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, plain.strip_prefix('+').unwrap_or(&plain)),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
        return Err(NOT_A_NUMBER);
    }
    let whole = whole.trim_start_matches('0');
    let fraction = fraction.trim_end_matches('0');
    if whole.len() > NUMBER_LIMIT_DIGITS || fraction.len() > DECIMALS_MAX {
        return Err(NUMBER_OUT_OF_RANGE);
    }
    let whole = if whole.is_empty() { "0" } else { whole };
    let written = if fraction.is_empty() { whole.to_string() } else { format!("{whole}.{fraction}") };
    Ok(if negative && written != "0" { format!("-{written}") } else { written })
}

/// The value to store for what was typed: '' clears it; a text is trimmed, a number written one
/// way, a choice written as the list has it. Or the message.
pub fn check_value(kind: DimensionKind, choices: &[String], typed: &str) -> Result<String, &'static str> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(String::new());
    }
    match kind {
        DimensionKind::Text if typed.chars().count() > TEXT_VALUE_MAX => Err(VALUE_TOO_LONG),
        DimensionKind::Text => Ok(typed.to_string()),
        DimensionKind::Number => number(typed),
        DimensionKind::Choice => {
            choices.iter().find(|c| c.to_lowercase() == typed.to_lowercase()).cloned().ok_or(NOT_A_CHOICE)
        }
    }
}

/// How the call log's filter compares a stored value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FilterOp {
    /// The stored value is this one.
    Equals,
    /// The stored text contains this, in any case (the needle is lower case).
    Contains,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ValueFilter {
    pub op: FilterOp,
    pub value: String,
}

/// The call log's filter for a value typed in its box: a text is found inside the stored text,
/// a number or a choice is the stored value (written as `check_value` writes it). Empty: no filter.
pub fn value_filter(kind: DimensionKind, choices: &[String], typed: &str) -> Result<Option<ValueFilter>, &'static str> {
    let value = check_value(kind, choices, typed)?;
    if value.is_empty() {
        return Ok(None);
    }
    Ok(Some(match kind {
        DimensionKind::Text => ValueFilter { op: FilterOp::Contains, value: value.to_lowercase() },
        DimensionKind::Number | DimensionKind::Choice => ValueFilter { op: FilterOp::Equals, value },
    }))
}
