//! Bounds of the numbers, ids and keys a form carries as text and the rules read once trimmed,
//! optional ones too ('' is "none" or "any"): the patterns `bounds` builds its schemas from,
//! each from the rule's own constants.

use crate::http::contract::bounds_chars::{escaped, space};
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

/// An id's digits as `str::parse::<i64>` reads them, from `ID_MIN`: at most 18 digits after the
/// zeros, so any is an `i64`.
pub const ID_DIGITS: &str = r"\+?0*[1-9][0-9]{0,17}";

/// The decimal numbers from `min` to `max` (no sign, no leading zero) as a regex without
/// anchors: by digit count, then by leading digit, the way a person would write the range.
pub fn range_pattern(min: u64, max: u64) -> String {
    assert!(min <= max, "a range runs upwards");
    let mut choices = Vec::new();
    let (min, max) = (min.to_string(), max.to_string());
    for length in min.len()..=max.len() {
        let low = if length == min.len() { min.clone() } else { format!("1{}", "0".repeat(length - 1)) };
        let high = if length == max.len() { max.clone() } else { "9".repeat(length) };
        choices.extend(same_length(low.as_bytes(), high.as_bytes()));
    }
    choices.join("|")
}

/// The numbers from `low` to `high`, both of one length, as alternatives.
fn same_length(low: &[u8], high: &[u8]) -> Vec<String> {
    let digit = |b: u8| char::from(b);
    match (low.split_first(), high.split_first()) {
        (Some((&l, low_rest)), Some((&h, high_rest))) => {
            let all_low = low_rest.iter().all(|&b| b == b'0');
            let all_high = high_rest.iter().all(|&b| b == b'9');
            let any = |n: usize| if n == 0 { String::new() } else { format!("[0-9]{{{n}}}") };
            let between = |from: u8, to: u8| match to - from {
                0 => digit(from).to_string(),
                _ => format!("[{}-{}]", digit(from), digit(to)),
            };
            if l == h {
                return same_length(low_rest, high_rest)
                    .into_iter()
                    .map(|rest| format!("{}{rest}", digit(l)))
                    .collect();
            }
            let mut choices = Vec::new();
            let (first, last) = (if all_low { l } else { l + 1 }, if all_high { h } else { h - 1 });
            if !all_low {
                let nines = vec![b'9'; low_rest.len()];
                choices.extend(same_length(low_rest, &nines).into_iter().map(|rest| format!("{}{rest}", digit(l))));
            }
            if first <= last {
                choices.push(format!("{}{}", between(first, last), any(low_rest.len())));
            }
            if !all_high {
                let zeros = vec![b'0'; high_rest.len()];
                choices.extend(same_length(&zeros, high_rest).into_iter().map(|rest| format!("{}{rest}", digit(h))));
            }
            choices
        }
        _ => vec![String::new()],
    }
}

/// A whole number from `min` to `max` as `str::parse::<i64>` reads it (a '+' and leading zeros
/// allowed), without anchors, as alternatives.
pub fn parsed_whole(min: u64, max: u64) -> String {
    let digits = format!("\\+?0*(?:{})", range_pattern(min, max));
    // "-0" is 0 too.
    if min == 0 {
        format!("{digits}|-0+")
    } else {
        digits
    }
}

/// Text of `raw` characters at most whose trimmed value is `inner` or, when `optional`, nothing.
pub fn trimmed(inner: &str, optional: bool, raw: usize) -> Object {
    let space = space();
    let inner = if optional { format!("(?:{inner})?") } else { format!("(?:{inner})") };
    let pattern = format!("^{space}*{inner}{space}*$");
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).max_length(Some(raw)).build()
}

/// The numbers from `min` (1 or more) to `max` as digits only, at most `width` of them with
/// leading zeros counted, without anchors: each length of number with the zeros it has room for.
pub fn padded_range(min: u64, max: u64, width: usize) -> String {
    assert!(min >= 1 && max.to_string().len() <= width, "a range that fits its width");
    let mut choices = Vec::new();
    for digits in min.to_string().len()..=max.to_string().len() {
        let low = min.max(10u64.pow(digits as u32 - 1));
        let high = max.min(10u64.pow(digits as u32) - 1);
        choices.push(format!("0{{0,{}}}(?:{})", width - digits, range_pattern(low, high)));
    }
    choices.join("|")
}

/// A whole number from `min` to `max` or, when `optional`, nothing (the rule's default, or "any").
pub fn whole(min: u64, max: u64, optional: bool, raw: usize) -> Object {
    trimmed(&parsed_whole(min, max), optional, raw)
}

/// A record's id (`bounds::ID_DIGITS`) or, when `optional`, nothing ("any").
pub fn id(optional: bool, raw: usize) -> Object {
    trimmed(ID_DIGITS, optional, raw)
}

/// One of the whole numbers `values` as `str::parse` reads them once trimmed or, when
/// `optional`, nothing.
pub fn number_choice(values: &[u32], optional: bool, raw: usize) -> Object {
    let values: Vec<String> = values.iter().map(u32::to_string).collect();
    trimmed(&format!("\\+?0*(?:{})", values.join("|")), optional, raw)
}

/// One of `keys` once trimmed or, when `optional`, nothing.
pub fn key_choice(keys: &[&str], optional: bool, raw: usize) -> Object {
    let choices: Vec<String> = keys.iter().map(|key| key.chars().map(escaped).collect()).collect();
    trimmed(&choices.join("|"), optional, raw)
}

/// Pounds and pence as `conversions::parse_value` reads them, without anchors: an optional '£',
/// then pounds of at most `whole_chars` digits (leading zeros counted) and at most two pence
/// digits, from 0 to `max_pence`, a whole power of ten pounds: any pence below it, none at it.
pub fn pounds(max_pence: i64, whole_chars: usize) -> String {
    let top = (max_pence / 100).to_string();
    assert!(
        max_pence % 100 == 0 && top.starts_with('1') && top[1..].bytes().all(|b| b == b'0'),
        "a power of ten pounds"
    );
    assert!(whole_chars >= top.len(), "the maximum has room");
    let nines = top.len() - 1;
    let space = space();
    // A number of `whole_chars` digits at most below 10^nines has nines digits after its zeros.
    let below = format!("0{{0,{}}}[0-9]{{1,{nines}}}(?:\\.[0-9]{{1,2}})?", whole_chars - nines);
    let at = format!("0{{0,{}}}{top}(?:\\.0{{1,2}})?", whole_chars - top.len());
    format!("(?:£{space}*)?(?:{below}|{at})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_is_written_by_length_then_leading_digit() {
        assert_eq!(range_pattern(0, 3600), "[0-9]|[1-9][0-9]{1}|[1-9][0-9]{2}|[1-2][0-9]{3}|3[0-5][0-9]{2}|3600");
        assert_eq!(
            range_pattern(1, 86400),
            "[1-9]|[1-9][0-9]{1}|[1-9][0-9]{2}|[1-9][0-9]{3}|[1-7][0-9]{4}|8[0-5][0-9]{3}|86[0-3][0-9]{2}|86400"
        );
        assert_eq!(range_pattern(1, 65535), "[1-9]|[1-9][0-9]{1}|[1-9][0-9]{2}|[1-9][0-9]{3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]{1}|6553[0-5]");
        assert_eq!(range_pattern(5, 5), "5");
        assert_eq!(range_pattern(15, 27), "1[5-9]|2[0-7]");
        assert_eq!(padded_range(5, 120, 3), "0{0,2}(?:[5-9])|0{0,1}(?:[1-9][0-9]{1})|0{0,0}(?:1[0-1][0-9]{1}|120)");
    }

    #[test]
    fn pounds_below_the_top_take_pence_and_the_top_none() {
        let pattern = pounds(1_000_000, 7);
        assert!(pattern.ends_with(r"*)?(?:0{0,3}[0-9]{1,4}(?:\.[0-9]{1,2})?|0{0,2}10000(?:\.0{1,2})?)"), "{pattern}");
    }
}
