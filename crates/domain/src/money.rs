//! Amounts of money as people type them: '£1,250.50', '1250.5', '99'.

/// Why a typed amount is not one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PenceError {
    /// Not pounds and at most two decimals of pence.
    NotAnAmount,
    /// Below zero.
    Negative,
}

/// Pence of a typed amount in pounds: an optional '£', digits with commas or spaces between them
/// for thousands, and at most two decimals. None when blank.
pub fn parse_pence(text: &str) -> Result<Option<i64>, PenceError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, text),
    };
    let plain: String = text.trim_start_matches('£').chars().filter(|c| !matches!(c, ',' | ' ')).collect();
    let (pounds, pence) = plain.split_once('.').unwrap_or((&plain, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if pounds.is_empty() || !digits(pounds) || !digits(pence) || pence.len() > 2 || plain.ends_with('.') {
        return Err(PenceError::NotAnAmount);
    }
    let pence = format!("{pence:0<2}").parse::<i64>().map_err(|_| PenceError::NotAnAmount)?;
    let value = pounds
        .parse::<i64>()
        .ok()
        .and_then(|p| p.checked_mul(100))
        .and_then(|p| p.checked_add(pence))
        .ok_or(PenceError::NotAnAmount)?;
    if negative && value > 0 {
        return Err(PenceError::Negative);
    }
    Ok(Some(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pounds_are_read_as_people_type_them() {
        assert_eq!(parse_pence("£1,250.50"), Ok(Some(125_050)));
        assert_eq!(parse_pence(" 1 250.5 "), Ok(Some(125_050)));
        assert_eq!(parse_pence("99"), Ok(Some(9_900)));
        assert_eq!(parse_pence("0.07"), Ok(Some(7)));
        assert_eq!(parse_pence("-0"), Ok(Some(0)));
        assert_eq!(parse_pence("   "), Ok(None));
    }

    #[test]
    fn anything_else_is_refused() {
        for text in ["abc", "12.345", "12.", ".5", "£", "1e5", "12.5p", "99999999999999999999"] {
            assert_eq!(parse_pence(text), Err(PenceError::NotAnAmount), "{text}");
        }
        assert_eq!(parse_pence("-3.50"), Err(PenceError::Negative));
        assert_eq!(parse_pence("-£3"), Err(PenceError::Negative));
    }
}
