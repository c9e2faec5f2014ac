//! CSV export cells (every list's 'Export CSV'): RFC 4180 quoting, and text that a spreadsheet
//! would run as a formula defused with a leading apostrophe. The browser's exports and the
//! server's streamed ones write their cells with these functions.

/// One cell: `Text` is what a user typed (guarded against formulas), `Value` a number or flag
/// the product wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CsvCell<'a> {
    Text(&'a str),
    Value(&'a str),
}

/// A text cell starting with one of these is a formula to spreadsheet programs.
const FORMULA_START: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Typed text as a spreadsheet may show it: a formula defused with a leading apostrophe.
pub fn defused(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with(FORMULA_START) {
        format!("'{text}").into()
    } else {
        text.into()
    }
}

fn push_cell(line: &mut String, cell: CsvCell) {
    let text = match cell {
        CsvCell::Text(text) => defused(text),
        CsvCell::Value(text) => text.into(),
    };
    line.push('"');
    for c in text.chars() {
        if c == '"' {
            line.push('"');
        }
        line.push(c);
    }
    line.push('"');
}

/// One line of the file, every cell quoted, quotes doubled, ending in CRLF.
pub fn csv_line(cells: &[CsvCell]) -> String {
    let mut line = String::new();
    push_csv_line(&mut line, cells);
    line
}

/// `csv_line` appended to `out`, for writers that fill a buffer.
pub fn push_csv_line(out: &mut String, cells: &[CsvCell]) {
    for (i, cell) in cells.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_cell(out, *cell);
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::CsvCell::{Text, Value};
    use super::*;

    #[test]
    fn cells_are_quoted_with_quotes_doubled() {
        assert_eq!(csv_line(&[Text("a"), Text("say \"hi\""), Text("")]), "\"a\",\"say \"\"hi\"\"\",\"\"\r\n");
        assert_eq!(csv_line(&[Text("one, two\nthree")]), "\"one, two\nthree\"\r\n");
    }

    #[test]
    fn typed_formulas_are_defused_but_values_are_not() {
        for formula in ["=SUM(A1)", "+44", "-1", "@cmd", "\tx", "\rx"] {
            assert_eq!(csv_line(&[Text(formula)]), format!("\"'{formula}\"\r\n"));
        }
        assert_eq!(csv_line(&[Value("-1")]), "\"-1\"\r\n");
        assert_eq!(csv_line(&[Text("a=b")]), "\"a=b\"\r\n");
    }

    #[test]
    fn an_empty_row_is_an_empty_line() {
        assert_eq!(csv_line(&[]), "\r\n");
    }
}
