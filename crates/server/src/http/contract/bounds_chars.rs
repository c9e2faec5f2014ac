//! The characters of the contract's patterns, written the same for ECMA's and Python's
//! regexes: one character's escape, a class from the domain's ranges, the whitespace a rule trims.

use domain::WHITESPACE;

/// A character as a pattern's escape (`\u00a0`), the same in ECMA's and Python's regexes.
pub fn escaped(c: char) -> String {
    assert!(u32::from(c) <= 0xffff, "a pattern's \\u escape takes four digits");
    format!("\\u{:04x}", u32::from(c))
}

/// The inside of a character class: `ranges` without `without`.
pub fn class_of(ranges: &[(char, char)], without: &[char]) -> String {
    let chars: std::collections::BTreeSet<char> =
        ranges.iter().flat_map(|&(first, last)| first..=last).filter(|c| !without.contains(c)).collect();
    let mut runs: Vec<(char, char)> = Vec::new();
    for c in chars {
        match runs.last_mut() {
            Some((_, to)) if u32::from(*to) + 1 == u32::from(c) => *to = c,
            _ => runs.push((c, c)),
        }
    }
    runs.iter()
        .map(|&(from, to)| if from == to { escaped(from) } else { format!("{}-{}", escaped(from), escaped(to)) })
        .collect()
}

/// The whitespace `str::trim` removes, as a pattern's class.
pub fn space() -> String {
    format!("[{}]", class_of(&WHITESPACE.iter().map(|c| (*c, *c)).collect::<Vec<_>>(), &[]))
}
