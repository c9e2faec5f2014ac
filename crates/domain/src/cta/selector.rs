//! A small CSS selector checker for a call-to-action's selector: what `document.querySelectorAll`
//! accepts for the elements a tracking script watches. Type selectors and `*`, `#id`, `.class`,
//! attribute selectors (`[a]`, `[a=v]`, `~=`, `^=`, `$=`, `*=`, `|=`, quoted or bare values, an
//! `i` / `s` flag), pseudo-classes (`:hover`, `:first-child`, `:nth-child(2n+1)`, `:not(...)`,
//! `:is(...)`, `:where(...)`, `:has(...)`, nested at most `MAX_NESTING` deep), the combinators
//! (descendant, `>`, `+`, `~`) and lists with `,`. It answers the first problem with its
//! character (counted from 1), in one pass over at most the selector's length.

/// "This is not a valid CSS selector: unexpected ']' at character 7."
pub fn selector_problem(what: &str, at: usize) -> String {
    format!("This is not a valid CSS selector: {what} at character {at}.")
}

/// How deep `:not(...)`, `:is(...)`, `:where(...)` and `:has(...)` may nest.
pub const MAX_NESTING: usize = 3;

/// Pseudo-classes without an argument.
const PLAIN: &[&str] = &[
    "active",
    "any-link",
    "checked",
    "default",
    "disabled",
    "empty",
    "enabled",
    "first-child",
    "first-of-type",
    "focus",
    "focus-visible",
    "focus-within",
    "hover",
    "in-range",
    "indeterminate",
    "invalid",
    "last-child",
    "last-of-type",
    "link",
    "only-child",
    "only-of-type",
    "optional",
    "out-of-range",
    "placeholder-shown",
    "read-only",
    "read-write",
    "required",
    "root",
    "target",
    "valid",
    "visited",
];
/// Pseudo-classes taking an `an+b` argument.
const NTH: &[&str] = &["nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type"];
/// Pseudo-classes taking a selector list.
const NESTED: &[&str] = &["not", "is", "where", "has"];

/// Ok when `selector` is a valid selector list, else the problem in words with its character.
pub fn check_selector(selector: &str) -> Result<(), String> {
    let chars: Vec<char> = selector.chars().collect();
    let mut p = Parser { chars: &chars, at: 0 };
    p.skip_space();
    p.list(0, false)?;
    p.skip_space();
    match p.peek() {
        None => Ok(()),
        Some(_) => Err(p.unexpected()),
    }
}

struct Parser<'a> {
    chars: &'a [char],
    at: usize,
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0c')
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || !c.is_ascii()
}

fn is_name(c: char) -> bool {
    is_name_start(c) || c.is_ascii_digit() || c == '-'
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    /// The problem at the current character: what is there, or the end.
    fn unexpected(&self) -> String {
        match self.peek() {
            None => selector_problem("it ends too early", self.at + 1),
            Some(c) if is_space(c) => selector_problem("unexpected space", self.at + 1),
            Some(c) => selector_problem(&format!("unexpected '{c}'"), self.at + 1),
        }
    }

    fn skip_space(&mut self) -> bool {
        let from = self.at;
        while self.peek().is_some_and(is_space) {
            self.at += 1;
        }
        self.at > from
    }

    /// A comma-separated list of complex selectors; `relative` lets each start with a combinator
    /// (`:has(> img)`).
    fn list(&mut self, depth: usize, relative: bool) -> Result<(), String> {
        loop {
            self.complex(depth, relative)?;
            self.skip_space();
            if self.peek() == Some(',') {
                self.at += 1;
                self.skip_space();
            } else {
                return Ok(());
            }
        }
    }

    fn complex(&mut self, depth: usize, relative: bool) -> Result<(), String> {
        if relative && matches!(self.peek(), Some('>' | '+' | '~')) {
            self.at += 1;
            self.skip_space();
        }
        self.compound(depth)?;
        loop {
            let spaced = self.skip_space();
            match self.peek() {
                Some('>' | '+' | '~') => {
                    self.at += 1;
                    self.skip_space();
                    self.compound(depth)?;
                }
                None | Some(',' | ')') => return Ok(()),
                Some(_) if spaced => self.compound(depth)?,
                Some(_) => return Err(self.unexpected()),
            }
        }
    }

    /// A type or `*`, then ids, classes, attributes and pseudo-classes; at least one part.
    fn compound(&mut self, depth: usize) -> Result<(), String> {
        let mut parts = 0;
        if self.peek() == Some('*') {
            self.at += 1;
            parts += 1;
        } else if self.starts_ident() {
            self.ident()?;
            parts += 1;
        }
        loop {
            match self.peek() {
                Some('#') => {
                    self.at += 1;
                    self.required_ident()?;
                }
                Some('.') => {
                    self.at += 1;
                    self.required_ident()?;
                }
                Some('[') => self.attribute()?,
                Some(':') => self.pseudo(depth)?,
                _ if parts == 0 => return Err(self.unexpected()),
                _ => return Ok(()),
            }
            parts += 1;
        }
    }

    /// Whether an identifier starts here: a name character, an escape, or '-' before one.
    fn starts_ident(&self) -> bool {
        match self.peek() {
            Some('\\') => true,
            Some('-') => match self.peek_at(1) {
                Some('-') | Some('\\') => true,
                Some(c) => is_name_start(c),
                None => false,
            },
            Some(c) => is_name_start(c),
            None => false,
        }
    }

    fn required_ident(&mut self) -> Result<(), String> {
        if self.starts_ident() {
            self.ident()
        } else {
            Err(self.unexpected())
        }
    }

    /// An identifier (the caller checked one starts here), escapes included.
    fn ident(&mut self) -> Result<(), String> {
        let mut first = true;
        loop {
            match self.peek() {
                Some('\\') => self.escape()?,
                Some(c) if is_name(c) || (first && c == '-') => self.at += 1,
                _ => return Ok(()),
            }
            first = false;
        }
    }

    /// A backslash escape: up to six hex digits and one space, or any other character.
    fn escape(&mut self) -> Result<(), String> {
        self.at += 1;
        match self.peek() {
            None | Some('\n' | '\r' | '\x0c') => Err(self.unexpected()),
            Some(c) if c.is_ascii_hexdigit() => {
                let mut digits = 0;
                while digits < 6 && self.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
                    self.at += 1;
                    digits += 1;
                }
                if self.peek().is_some_and(is_space) {
                    self.at += 1;
                }
                Ok(())
            }
            Some(_) => {
                self.at += 1;
                Ok(())
            }
        }
    }

    /// `[name]`, `[name op value]`, `[name op value i]`.
    fn attribute(&mut self) -> Result<(), String> {
        self.at += 1;
        self.skip_space();
        self.required_ident()?;
        self.skip_space();
        match self.peek() {
            Some(']') => {
                self.at += 1;
                return Ok(());
            }
            Some('=') => self.at += 1,
            Some('~' | '^' | '$' | '*' | '|') if self.peek_at(1) == Some('=') => self.at += 2,
            _ => return Err(self.unexpected()),
        }
        self.skip_space();
        match self.peek() {
            Some(quote @ ('"' | '\'')) => self.string(quote)?,
            _ => self.required_ident()?,
        }
        let spaced = self.skip_space();
        if spaced && matches!(self.peek(), Some('i' | 's' | 'I' | 'S')) && !self.peek_at(1).is_some_and(is_name) {
            self.at += 1;
            self.skip_space();
        }
        if self.peek() == Some(']') {
            self.at += 1;
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn string(&mut self, quote: char) -> Result<(), String> {
        self.at += 1;
        loop {
            match self.peek() {
                None | Some('\n' | '\r' | '\x0c') => return Err(self.unexpected()),
                Some('\\') => {
                    self.at += 1;
                    if self.peek().is_none() {
                        return Err(self.unexpected());
                    }
                    self.at += 1;
                }
                Some(c) if c == quote => {
                    self.at += 1;
                    return Ok(());
                }
                Some(_) => self.at += 1,
            }
        }
    }

    /// A pseudo-class: a plain one, an `an+b` one or one over a nested selector list.
    fn pseudo(&mut self, depth: usize) -> Result<(), String> {
        let start = self.at;
        self.at += 1;
        if self.peek() == Some(':') || !self.starts_ident() {
            return Err(self.unexpected());
        }
        let name_at = self.at;
        self.ident()?;
        let name: String = self.chars[name_at..self.at].iter().collect::<String>().to_ascii_lowercase();
        let unknown = || selector_problem("unknown pseudo-class", start + 1);
        if self.peek() != Some('(') {
            return if PLAIN.contains(&name.as_str()) { Ok(()) } else { Err(unknown()) };
        }
        if NTH.contains(&name.as_str()) {
            self.at += 1;
            self.skip_space();
            self.nth()?;
        } else if NESTED.contains(&name.as_str()) {
            if depth >= MAX_NESTING {
                return Err(selector_problem("too deeply nested", start + 1));
            }
            self.at += 1;
            self.skip_space();
            self.list(depth + 1, name == "has")?;
        } else {
            return Err(unknown());
        }
        self.skip_space();
        if self.peek() == Some(')') {
            self.at += 1;
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn digits(&mut self) -> usize {
        let from = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        self.at - from
    }

    /// `odd`, `even`, `b`, `an`, `an+b` (signs and spaces as CSS allows them).
    fn nth(&mut self) -> Result<(), String> {
        for word in ["odd", "even"] {
            let len = word.len();
            let here: String = self.chars[self.at..(self.at + len).min(self.chars.len())].iter().collect();
            if here.eq_ignore_ascii_case(word) && !self.peek_at(len).is_some_and(is_name) {
                self.at += len;
                return Ok(());
            }
        }
        if matches!(self.peek(), Some('+' | '-')) {
            self.at += 1;
        }
        let a_digits = self.digits();
        if matches!(self.peek(), Some('n' | 'N')) {
            self.at += 1;
            self.skip_space();
            if matches!(self.peek(), Some('+' | '-')) {
                self.at += 1;
                self.skip_space();
                if self.digits() == 0 {
                    return Err(self.unexpected());
                }
            }
            Ok(())
        } else if a_digits == 0 {
            Err(self.unexpected())
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> bool {
        check_selector(s).is_ok()
    }

    #[test]
    fn the_selectors_trackers_use_are_valid() {
        for s in [
            "a[href^=\"tel:\"]",
            "a[href^='tel:']",
            "#book-now",
            "form.contact",
            "*",
            "button.cta.primary",
            "div > a + span ~ p",
            "nav a",
            "ul li:nth-child(2n+1)",
            "li:nth-child(odd)",
            "li:nth-of-type(-n + 3)",
            "li:nth-last-child(3)",
            "a:hover",
            "input:not([type=hidden])",
            "a:not(.x):first-child",
            "a, button , form",
            "[data-cta]",
            "[lang|=en]",
            "[class~=big]",
            "[href$='.pdf' i]",
            "[title*=call]",
            "div:has(> img)",
            "  .padded  ",
            "#\\31 23",
            ".a\\:b",
            "-x",
            "--custom",
            "é.café",
        ] {
            assert!(ok(s), "{s}: {:?}", check_selector(s));
        }
    }

    #[test]
    fn a_problem_names_what_and_where() {
        assert_eq!(
            check_selector("a[href]]").unwrap_err(),
            "This is not a valid CSS selector: unexpected ']' at character 8."
        );
        assert_eq!(check_selector("[href]]").unwrap_err(), selector_problem("unexpected ']'", 7));
        assert_eq!(check_selector("").unwrap_err(), selector_problem("it ends too early", 1));
        assert_eq!(check_selector("a >").unwrap_err(), selector_problem("it ends too early", 4));
        assert_eq!(check_selector("> a").unwrap_err(), selector_problem("unexpected '>'", 1));
        assert_eq!(check_selector("a,,b").unwrap_err(), selector_problem("unexpected ','", 3));
        assert_eq!(check_selector("a[href^=tel:]").unwrap_err(), selector_problem("unexpected ':'", 12));
        assert_eq!(check_selector("#1").unwrap_err(), selector_problem("unexpected '1'", 2));
        assert_eq!(check_selector("a:hovr").unwrap_err(), selector_problem("unknown pseudo-class", 2));
        assert_eq!(check_selector("a::before").unwrap_err(), selector_problem("unexpected ':'", 3));
        assert_eq!(check_selector("a[href='x").unwrap_err(), selector_problem("it ends too early", 10));
        assert_eq!(check_selector("li:nth-child(x)").unwrap_err(), selector_problem("unexpected 'x'", 14));
        assert_eq!(check_selector("li:nth-child(2n+)").unwrap_err(), selector_problem("unexpected ')'", 17));
        assert_eq!(check_selector("a:not(b").unwrap_err(), selector_problem("it ends too early", 8));
        assert_eq!(check_selector("a)").unwrap_err(), selector_problem("unexpected ')'", 2));
        assert_eq!(check_selector("a{").unwrap_err(), selector_problem("unexpected '{'", 2));
        assert_eq!(check_selector("a[x|y]").unwrap_err(), selector_problem("unexpected '|'", 4));
    }

    #[test]
    fn nesting_is_bounded() {
        assert!(ok(":not(:is(:where(a)))"));
        assert_eq!(
            check_selector(":not(:is(:where(:not(a))))").unwrap_err(),
            selector_problem("too deeply nested", 17)
        );
    }

    #[test]
    fn characters_are_counted_not_bytes() {
        assert_eq!(check_selector("é]").unwrap_err(), selector_problem("unexpected ']'", 2));
    }
}
