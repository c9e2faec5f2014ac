//! A sales file read row by row (Import sales): CSV streamed from the upload (comma,
//! semicolon or tab; UTF-8, else Windows-1252 as Excel writes it), or the first sheet of an Excel
//! workbook. Each row is its cells as text, as the domain's `sales::import::read_row` reads them;
//! blank rows are passed over. The bounds (columns, rows) are checked as rows are read, so a
//! hostile file costs no more than the upload limit. A workbook is read in a child process
//! (`workbook_reader`), its parts checked first (`workbook_parts`).

mod workbook_parts;
mod workbook_reader;

pub use workbook_reader::{read_workbook_main, Refused, WorkbookReader, READ_WORKBOOK};

use std::io::Cursor;
use std::sync::Arc;

use calamine::{open_workbook_auto_from_rs, DataType, Reader, Sheets};
use domain::sales::import::{
    file_kind, FileKind, COLUMNS_MAX, FILE_EMPTY, FILE_KIND, FILE_UNREADABLE, ROWS_MAX, TOO_MANY_COLUMNS,
    WORKBOOK_TOO_MUCH_TEXT,
};

/// A row: its number as the spreadsheet shows it (the header is row 1), and its cells or why
/// it could not be read.
pub type FileRow = (usize, Result<Vec<String>, String>);

/// An opened file: its header row, then its rows.
pub struct SalesFile {
    pub headers: Vec<String>,
    rows: Rows,
}

enum Rows {
    Csv(csv::ByteRecordsIntoIter<Cursor<Shared>>, Lines),
    /// Excel's rows, already bounded (a workbook is read whole by calamine).
    Sheet(std::iter::Enumerate<std::vec::IntoIter<Vec<String>>>),
}

/// A CSV cell as text: UTF-8, or each byte as its Windows-1252 / Latin-1 character ('£' is 0xA3).
fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|b| char::from(*b)).collect(),
    }
}

fn blank(cells: &[String]) -> bool {
    cells.iter().all(|c| c.trim().is_empty())
}

/// The CSV's separator, from its first line: the most common of ',', ';' and tab.
fn separator(bytes: &[u8]) -> u8 {
    let line = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
    let count = |s: u8| line.iter().filter(|b| **b == s).count();
    [b',', b';', b'\t'].into_iter().max_by_key(|s| (count(*s), *s == b',')).unwrap_or(b',')
}

/// An Excel cell as a sales file means it: dates as 'YYYY-MM-DD' (with the time when it has one),
/// whole numbers without a decimal point.
fn cell_text<T: DataType>(cell: &T) -> String {
    if let Some(when) = cell.get_datetime().filter(|d| d.is_datetime()) {
        let (y, mo, d, h, mi, s, _) = when.to_ymd_hms_milli();
        return if (h, mi, s) == (0, 0, 0) {
            format!("{y:04}-{mo:02}-{d:02}")
        } else {
            format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}")
        };
    }
    if let Some(f) = cell.get_float() {
        return if f.fract() == 0.0 && f.abs() < 1e15 { format!("{}", f as i64) } else { f.to_string() };
    }
    if let Some(i) = cell.get_int() {
        return i.to_string();
    }
    if let Some(s) = cell.get_string() {
        return s.to_string();
    }
    if let Some(iso) = cell.get_datetime_iso() {
        return iso.replace('T', " ");
    }
    cell.as_string().unwrap_or_default()
}

/// The first sheet's rows, at most `ROWS_MAX` + 2 (enough to tell the file is too long), their
/// text at most `text_max` bytes. Run in the workbook's reader, never in the server.
fn excel_rows(bytes: Vec<u8>, text_max: usize) -> Result<Vec<Vec<String>>, &'static str> {
    let mut book = open_workbook_auto_from_rs(Cursor::new(bytes)).map_err(|_| FILE_UNREADABLE)?;
    let first = book.sheet_names().first().cloned().ok_or(FILE_EMPTY)?;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut text_bytes = 0;
    let mut put = |row: usize, column: usize, text: String| -> Result<bool, &'static str> {
        if row > ROWS_MAX + 1 {
            return Ok(false);
        }
        if column >= COLUMNS_MAX {
            return if text.is_empty() { Ok(true) } else { Err(TOO_MANY_COLUMNS) };
        }
        text_bytes += text.len();
        if text_bytes > text_max {
            return Err(WORKBOOK_TOO_MUCH_TEXT);
        }
        while rows.len() <= row {
            rows.push(Vec::new());
        }
        let cells = &mut rows[row];
        while cells.len() <= column {
            cells.push(String::new());
        }
        cells[column] = text;
        Ok(true)
    };
    match &mut book {
        // .xlsx cell by cell: what is kept is bounded however large the sheet says it is.
        Sheets::Xlsx(xlsx) => {
            let mut cells = xlsx.worksheet_cells_reader(&first).map_err(|_| FILE_UNREADABLE)?;
            while let Some(cell) = cells.next_cell().map_err(|_| FILE_UNREADABLE)? {
                let (row, column) = cell.get_position();
                if !put(row as usize, column as usize, cell_text(cell.get_value()))? {
                    break;
                }
            }
        }
        other => {
            let range = other.worksheet_range(&first).map_err(|_| FILE_UNREADABLE)?;
            let (top, left) = range.start().unwrap_or((0, 0));
            for (r, row) in range.rows().enumerate() {
                for (c, cell) in row.iter().enumerate() {
                    if !put(top as usize + r, left as usize + c, cell_text(cell))? {
                        break;
                    }
                }
            }
        }
    }
    Ok(rows)
}

impl SalesFile {
    /// Opens an uploaded file by its name and first bytes (a workbook through `workbooks`); the
    /// problem in words when it is not a sales file this can read (no header row, too many
    /// columns, neither CSV nor Excel, a workbook past the bounds).
    pub async fn open(file_name: &str, bytes: Vec<u8>, workbooks: &WorkbookReader) -> Result<SalesFile, Refused> {
        let kind = file_kind(file_name, &bytes[..bytes.len().min(8)]).ok_or(Refused::File(FILE_KIND))?;
        let rows = match kind {
            FileKind::Csv => csv_rows(bytes),
            FileKind::Excel => Rows::Sheet(workbooks.rows(&bytes).await?.into_iter().enumerate()),
        };
        SalesFile::with_rows(rows).map_err(Refused::File)
    }

    /// A CSV file opened (a test's way in; `open` is the server's).
    pub fn csv(bytes: Vec<u8>) -> Result<SalesFile, &'static str> {
        SalesFile::with_rows(csv_rows(bytes))
    }

    /// The header row found, the rows after it to come.
    fn with_rows(mut rows: Rows) -> Result<SalesFile, &'static str> {
        let headers = loop {
            match rows.next_cells() {
                None => return Err(FILE_EMPTY),
                Some((_, Err(_))) => return Err(FILE_UNREADABLE),
                Some((_, Ok(cells))) if blank(&cells) => continue,
                Some((_, Ok(mut cells))) => {
                    if cells.len() > COLUMNS_MAX {
                        return Err(TOO_MANY_COLUMNS);
                    }
                    if let Some(first) = cells.first_mut() {
                        *first = first.trim_start_matches('\u{feff}').to_string();
                    }
                    break cells.into_iter().map(|c| c.trim().to_string()).collect();
                }
            }
        };
        Ok(SalesFile { headers, rows })
    }
}

/// A CSV's records, read as they are asked for.
fn csv_rows(bytes: Vec<u8>) -> Rows {
    let delimiter = separator(&bytes);
    let bytes = Shared(Arc::new(bytes));
    let reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(Cursor::new(bytes.clone()));
    Rows::Csv(reader.into_byte_records(), Lines { bytes, counted: 0, line: 1 })
}

/// The upload's bytes, read by the CSV reader and by the line count without a copy.
#[derive(Clone)]
struct Shared(Arc<Vec<u8>>);

impl AsRef<[u8]> for Shared {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// The file's line of each record, counted as the records are read (the CSV reader's own count
/// leaves out the blank lines it passes over).
struct Lines {
    bytes: Shared,
    /// Bytes counted so far, and the line they end on.
    counted: usize,
    line: usize,
}

impl Lines {
    fn at(&mut self, position: Option<&csv::Position>) -> usize {
        let Some(position) = position else { return self.line };
        let bytes = self.bytes.as_ref();
        let mut start = (position.byte() as usize).min(bytes.len());
        // A record's position may be where the blank lines before it begin.
        while start < bytes.len() && matches!(bytes[start], b'\r' | b'\n') {
            start += 1;
        }
        if start > self.counted {
            self.line += bytes[self.counted..start].iter().filter(|b| **b == b'\n').count();
            self.counted = start;
        }
        self.line
    }
}

impl Rows {
    fn next_cells(&mut self) -> Option<FileRow> {
        match self {
            Rows::Csv(records, lines) => records.next().map(|record| match record {
                Ok(record) => {
                    let line = lines.at(record.position());
                    // One cell past the bound, so that a header too wide is seen.
                    (line, Ok(record.iter().take(COLUMNS_MAX + 1).map(decode).collect()))
                }
                Err(error) => {
                    let line = lines.at(error.position());
                    (line, Err("The row could not be read as CSV (check its quotes).".to_string()))
                }
            }),
            Rows::Sheet(rows) => rows.next().map(|(index, cells)| (index + 1, Ok(cells))),
        }
    }
}

impl Iterator for SalesFile {
    type Item = FileRow;

    /// The next row that is not blank.
    fn next(&mut self) -> Option<FileRow> {
        loop {
            match self.rows.next_cells()? {
                (_, Ok(cells)) if blank(&cells) => continue,
                row => return Some(row),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_csv_is_read_with_its_separator_and_encoding() {
        let mut file = SalesFile::csv(b"\xef\xbb\xbfDate;Value\n1/2/2026;\xa312\n\n;\n2/2/2026;5\n".to_vec()).unwrap();
        assert_eq!(file.headers, vec!["Date", "Value"]);
        assert_eq!(file.next().unwrap(), (2, Ok(vec!["1/2/2026".to_string(), "£12".to_string()])));
        // Blank lines are passed over; a row keeps its line's number.
        assert_eq!(file.next().unwrap(), (5, Ok(vec!["2/2/2026".to_string(), "5".to_string()])));
        assert!(file.next().is_none());
    }

    #[tokio::test]
    async fn a_file_that_is_not_sales_says_why() {
        let nobody = WorkbookReader::new("/nonexistent/server".into());
        assert_eq!(SalesFile::open("s.pdf", b"%PDF".to_vec(), &nobody).await.err(), Some(Refused::File(FILE_KIND)));
        assert_eq!(SalesFile::csv(b"\n\n".to_vec()).err(), Some(FILE_EMPTY));
        assert_eq!(excel_rows(b"PK\x03\x04junk".to_vec(), 1000).err(), Some(FILE_UNREADABLE));
        let wide = (0..51).map(|i| format!("c{i}")).collect::<Vec<_>>().join(",");
        assert_eq!(SalesFile::csv(wide.into_bytes()).err(), Some(TOO_MANY_COLUMNS));
    }

    #[test]
    fn a_workbook_is_read_to_its_text_bound() {
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        sheet.write(0, 0, "Date").unwrap();
        sheet.write(0, 1, "Value").unwrap();
        for row in 1..=10 {
            sheet.write(row, 0, "a text shared by every row").unwrap();
            sheet.write(row, 1, 12.5).unwrap();
        }
        let bytes = book.save_to_buffer().unwrap();
        let rows = excel_rows(bytes.clone(), 1000).unwrap();
        assert_eq!(rows.len(), 11);
        assert_eq!(rows[3], vec!["a text shared by every row".to_string(), "12.5".to_string()]);
        // 10 times the shared text is 260 bytes of cells, and more with the headers and values.
        assert_eq!(excel_rows(bytes, 200).err(), Some(WORKBOOK_TOO_MUCH_TEXT));
    }
}
