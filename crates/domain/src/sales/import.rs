//! Import sales (/importsales): a sales file's columns mapped to the sale's fields (a
//! guess from the headers, changed by the user), and each row read as a sale or given its
//! problem in words. The server reads every row with these, the preview shows them, and a bad
//! row never stops the good ones unless the user asks it to.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::MatchBy;
use crate::account::NumberFormat;
use crate::list_query::number_needles;
use crate::validation::FieldErrors;

/// A file's rows at most (the header aside).
pub const ROWS_MAX: usize = 200_000;
pub const COLUMNS_MAX: usize = 50;
/// A cell's characters at most.
pub const CELL_MAX: usize = 1_000;
/// £1,000,000.
pub const VALUE_MAX_PENCE: i64 = 100_000_000;
pub const REFERENCE_MAX: usize = 100;

pub const DATE_COLUMN_REQUIRED: &str = "Choose the column with the sale's date.";
pub const VALUE_COLUMN_REQUIRED: &str = "Choose the column with the sale's value.";
pub const PHONE_COLUMN_REQUIRED: &str = "Choose the column with the buyer's phone number: sales are matched by it.";
pub const CALL_ID_COLUMN_REQUIRED: &str = "Choose the column with the call id: sales are matched by it.";
pub const COLUMN_TWICE: &str = "This column is already chosen for another field.";
pub const COLUMN_UNKNOWN: &str = "Choose a column of the file.";

/// The sale's fields a column can hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SaleField {
    Date,
    Phone,
    Value,
    Reference,
    CallId,
}

impl SaleField {
    pub const ALL: [SaleField; 5] =
        [SaleField::Date, SaleField::Phone, SaleField::Value, SaleField::Reference, SaleField::CallId];

    /// The form field that carries its column (`form_column_date`, ...).
    pub fn form_field(self) -> &'static str {
        match self {
            SaleField::Date => "form_column_date",
            SaleField::Phone => "form_column_phone",
            SaleField::Value => "form_column_value",
            SaleField::Reference => "form_column_reference",
            SaleField::CallId => "form_column_call_id",
        }
    }

    /// Header words that name it (lower case, compared without spaces, '_' or '-').
    fn names(self) -> &'static [&'static str] {
        match self {
            SaleField::Date => &[
                "date",
                "saledate",
                "solddate",
                "orderdate",
                "invoicedate",
                "bookingdate",
                "dateofsale",
                "datetime",
                "time",
                "when",
            ],
            SaleField::Phone => &[
                "phone",
                "phonenumber",
                "phoneno",
                "telephone",
                "telephonenumber",
                "tel",
                "telno",
                "mobile",
                "mobilenumber",
                "contactnumber",
                "number",
                "caller",
                "customerphone",
            ],
            SaleField::Value => &[
                "value",
                "amount",
                "revenue",
                "total",
                "price",
                "salevalue",
                "ordervalue",
                "totalamount",
                "netamount",
                "grossamount",
                "invoicetotal",
                "invoiceamount",
            ],
            SaleField::Reference => &[
                "reference",
                "ref",
                "orderid",
                "order",
                "orderref",
                "orderreference",
                "ordernumber",
                "orderno",
                "invoice",
                "invoiceno",
                "invoiceref",
                "invoicereference",
                "invoicenumber",
                "invoiceid",
                "saleid",
                "saleref",
                "bookingref",
                "bookingreference",
                "jobref",
                "jobnumber",
                "id",
            ],
            SaleField::CallId => &["callid", "call"],
        }
    }
}

/// Which column (0-based) holds each field; None: not in the file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ColumnMapping {
    pub date: Option<usize>,
    pub phone: Option<usize>,
    pub value: Option<usize>,
    pub reference: Option<usize>,
    pub call_id: Option<usize>,
}

impl ColumnMapping {
    pub fn get(&self, field: SaleField) -> Option<usize> {
        match field {
            SaleField::Date => self.date,
            SaleField::Phone => self.phone,
            SaleField::Value => self.value,
            SaleField::Reference => self.reference,
            SaleField::CallId => self.call_id,
        }
    }

    fn set(&mut self, field: SaleField, column: Option<usize>) {
        match field {
            SaleField::Date => self.date = column,
            SaleField::Phone => self.phone = column,
            SaleField::Value => self.value = column,
            SaleField::Reference => self.reference = column,
            SaleField::CallId => self.call_id = column,
        }
    }
}

/// A header as the names are listed: its letters and digits in lower case, what is in brackets
/// left out ("Amount (£)" is "amount", "Invoice ref." is "invoiceref").
fn bare(header: &str) -> String {
    let mut depth = 0usize;
    let mut out = String::new();
    for c in header.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            c if depth == 0 && c.is_alphanumeric() => out.extend(c.to_lowercase()),
            _ => {}
        }
    }
    out
}

/// The mapping the headers suggest: each field takes the first column named as it is (a column
/// once), else it is left to the user.
pub fn guess_mapping(headers: &[String]) -> ColumnMapping {
    let mut mapping = ColumnMapping::default();
    let mut taken = vec![false; headers.len()];
    // The call id before the reference, whose names include the bare 'id'.
    for field in [SaleField::CallId, SaleField::Date, SaleField::Phone, SaleField::Value, SaleField::Reference] {
        let found = headers.iter().enumerate().find(|(i, h)| !taken[*i] && field.names().contains(&bare(h).as_str()));
        if let Some((i, _)) = found {
            taken[i] = true;
            mapping.set(field, Some(i));
        }
    }
    mapping
}

/// The mapping's problems for a file of `columns` columns matched `by`: the date and the value
/// are needed, and the phone or the call id that matching reads; a column holds one field.
pub fn check_mapping(mapping: &ColumnMapping, columns: usize, by: MatchBy) -> FieldErrors {
    let mut errors = FieldErrors::new();
    for field in SaleField::ALL {
        if let Some(column) = mapping.get(field) {
            if column >= columns {
                errors.add(field.form_field(), COLUMN_UNKNOWN);
            } else if SaleField::ALL.iter().take_while(|f| **f != field).any(|f| mapping.get(*f) == Some(column)) {
                errors.add(field.form_field(), COLUMN_TWICE);
            }
        }
    }
    if mapping.date.is_none() {
        errors.add(SaleField::Date.form_field(), DATE_COLUMN_REQUIRED);
    }
    if mapping.value.is_none() {
        errors.add(SaleField::Value.form_field(), VALUE_COLUMN_REQUIRED);
    }
    match by {
        MatchBy::CallerNumber if mapping.phone.is_none() => {
            errors.add(SaleField::Phone.form_field(), PHONE_COLUMN_REQUIRED)
        }
        MatchBy::CallId if mapping.call_id.is_none() => {
            errors.add(SaleField::CallId.form_field(), CALL_ID_COLUMN_REQUIRED)
        }
        _ => {}
    }
    errors
}

/// A row read as a sale.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportedSale {
    pub sold_at: i64,
    /// National digits; '' when the row has none.
    pub phone: String,
    pub value_pence: i64,
    pub reference: String,
    pub call_id: Option<i64>,
}

/// A date as a sales file writes it, in the account's zone: 'YYYY-MM-DD' or 'DD/MM/YYYY'
/// (also with '-' or '.'), with an optional time ('14:05', '14:05:30', after a space or 'T').
/// A date without a time is the end of that day, so the day's calls come before it.
fn parse_date(text: &str, zone: &Tz) -> Option<i64> {
    let text = text.trim();
    let (day, time) = match text.split_once(['T', ' ']) {
        Some((day, time)) => (day, Some(time.trim())),
        None => (text, None),
    };
    let day = NaiveDate::parse_from_str(day, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(day, "%d/%m/%Y"))
        .or_else(|_| NaiveDate::parse_from_str(day, "%d-%m-%Y"))
        .or_else(|_| NaiveDate::parse_from_str(day, "%d.%m.%Y"))
        .ok()?;
    let time = match time {
        Some(t) => NaiveTime::parse_from_str(t, "%H:%M:%S").or_else(|_| NaiveTime::parse_from_str(t, "%H:%M")).ok()?,
        None => NaiveTime::from_hms_opt(23, 59, 59)?,
    };
    let local = NaiveDateTime::new(day, time);
    zone.from_local_datetime(&local).earliest().map(|t| t.timestamp())
}

/// '£1,250.50', '1250.5', '99' as pence (`money::parse_pence`), from £0 to £1,000,000.
fn parse_value(text: &str) -> Option<i64> {
    crate::money::parse_pence(text).ok().flatten().filter(|pence| *pence <= VALUE_MAX_PENCE)
}

/// A UK phone number as typed ('07700 900123', '+44 7700 900123') as national digits.
fn parse_phone(text: &str) -> Option<String> {
    let national = number_needles(text, &NumberFormat::default()).pop()?;
    (national.starts_with('0') && (10..=11).contains(&national.len())).then_some(national)
}

fn cell(cells: &[String], column: Option<usize>) -> &str {
    column.and_then(|c| cells.get(c)).map_or("", |v| v.trim())
}

/// Shortened for a message.
fn shown(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        format!("{short}…")
    } else {
        short
    }
}

/// A row as a sale, or every problem it has in words, one sentence each.
pub fn read_row(cells: &[String], mapping: &ColumnMapping, time_zone: &str) -> Result<ImportedSale, String> {
    let zone: Tz = time_zone.parse().map_err(|_| format!("The account's time zone '{time_zone}' is not known."))?;
    // No text a person types holds a NUL (and PostgreSQL stores none): a file that does is not text.
    if cells.iter().any(|c| c.contains('\0')) {
        return Err("A cell holds a NUL character: save the file again as CSV or Excel.".into());
    }
    if let Some(long) = cells.iter().find(|c| c.chars().count() > CELL_MAX) {
        return Err(format!("A cell is longer than {CELL_MAX} characters ('{}').", shown(long)));
    }
    let mut problems: Vec<String> = Vec::new();
    let date = cell(cells, mapping.date);
    let sold_at = if date.is_empty() {
        problems.push("The date is empty.".into());
        None
    } else {
        let sold_at = parse_date(date, &zone);
        if sold_at.is_none() {
            problems.push(format!("'{}' is not a date: use DD/MM/YYYY or YYYY-MM-DD.", shown(date)));
        }
        sold_at
    };
    let value = cell(cells, mapping.value);
    let value_pence = if value.is_empty() {
        problems.push("The value is empty.".into());
        None
    } else {
        let pence = parse_value(value);
        if pence.is_none() {
            problems
                .push(format!("'{}' is not a value in pounds from 0 to 1,000,000, such as 1,250.50.", shown(value)));
        }
        pence
    };
    let phone_text = cell(cells, mapping.phone);
    let phone = if phone_text.is_empty() {
        Some(String::new())
    } else {
        let phone = parse_phone(phone_text);
        if phone.is_none() {
            problems.push(format!("'{}' is not a UK phone number.", shown(phone_text)));
        }
        phone
    };
    let reference = cell(cells, mapping.reference);
    if reference.chars().count() > REFERENCE_MAX {
        problems.push(format!("The reference is longer than {REFERENCE_MAX} characters."));
    }
    let call_text = cell(cells, mapping.call_id);
    let call_id = if call_text.is_empty() {
        Some(None)
    } else {
        let id = call_text.parse::<i64>().ok().filter(|id| *id > 0);
        if id.is_none() {
            problems.push(format!("'{}' is not a call id (a whole number).", shown(call_text)));
        }
        id.map(Some)
    };
    match (sold_at, value_pence, phone, call_id) {
        (Some(sold_at), Some(value_pence), Some(phone), Some(call_id)) if problems.is_empty() => {
            Ok(ImportedSale { sold_at, phone, value_pence, reference: reference.to_string(), call_id })
        }
        _ => Err(problems.join(" ")),
    }
}

/// The file kinds read: CSV, and Excel's workbook formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Csv,
    Excel,
}

pub const FILE_REQUIRED: &str = "Choose a CSV or Excel file of sales.";
pub const FILE_KIND: &str = "The file must be a CSV or Excel file (.csv, .xlsx or .xls).";
pub const FILE_UNREADABLE: &str = "The file could not be read: save it again as CSV or Excel and upload that.";
pub const FILE_EMPTY: &str = "The file has no sales under its header row.";
/// An uploaded file asked for by its id that the account no longer has (kept for a week).
pub const UPLOAD_GONE: &str = "That file is no longer here: files are kept for a week. Upload it again.";
pub const TOO_MANY_ROWS: &str = "The file has more than 200,000 rows: split it into smaller files.";
pub const TOO_MANY_COLUMNS: &str = "The file has more than 50 columns: keep the sales' columns only.";
/// An Excel workbook is a ZIP of XML parts: what they may unpack to, all together.
pub const WORKBOOK_UNPACKED_MAX: u64 = 100 * 1024 * 1024;
/// The text of a workbook's cells at most (a text shared by many cells counts each time).
pub const WORKBOOK_TEXT_MAX: usize = 64 * 1024 * 1024;
pub const WORKBOOK_TOO_LARGE: &str =
    "The workbook unpacks to more than 100 MB: save its sales as CSV, or split it, and upload that.";
pub const WORKBOOK_TOO_MUCH_TEXT: &str =
    "The workbook's cells hold more than 64 MB of text: keep the sales' columns only, or save it as CSV.";
/// The workbook passed the checks but its reading ran past the server's time or memory for one file.
pub const WORKBOOK_TOO_HEAVY: &str =
    "The workbook could not be read within the time and memory one file is given: save its sales as CSV and upload that.";
/// Every reader of workbooks is busy (a few at once per server).
pub const WORKBOOKS_BUSY: &str = "Other workbooks are being read just now: try again in a minute.";
pub const SAME_REFERENCE_CHOICE: &str =
    "Choose whether a sale with an earlier sale's reference is added to it or replaces it.";
pub const IMPORT_ALREADY_UNDONE: &str = "This import was already undone.";
pub const BAD_ROWS_CHOICE: &str = "Choose whether rows with problems are skipped or stop the import.";

/// Why the upload form may not send yet: no file chosen. What the file holds is judged by the
/// server once it has it (`file_kind` reads its first bytes).
pub fn chosen_file_problem(file_name: Option<&str>) -> Option<&'static str> {
    file_name.is_none_or(|name| name.trim().is_empty()).then_some(FILE_REQUIRED)
}

/// A file's kind from its name, or from its first bytes (a ZIP is .xlsx, an OLE2 file .xls).
pub fn file_kind(file_name: &str, head: &[u8]) -> Option<FileKind> {
    let lower = file_name.to_lowercase();
    let (_, extension) = lower.rsplit_once('.').unwrap_or(("", ""));
    match extension {
        "csv" | "txt" => Some(FileKind::Csv),
        "xlsx" | "xlsm" | "xls" => Some(FileKind::Excel),
        _ if head.starts_with(b"PK\x03\x04") || head.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) => Some(FileKind::Excel),
        _ => None,
    }
}

/// What an import does with a sale whose reference an earlier sale of the account has (as
/// WhatConverts lets you choose): adds it (both count, so the values combine) or replaces the
/// earlier one (set aside, and put back if the import is undone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum SameReference {
    Combine,
    Replace,
}

impl SameReference {
    pub const ALL: [SameReference; 2] = [SameReference::Combine, SameReference::Replace];

    pub fn key(self) -> &'static str {
        match self {
            SameReference::Combine => "combine",
            SameReference::Replace => "replace",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            SameReference::Combine => "Add it: the earlier sale and this one both count",
            SameReference::Replace => "Replace the earlier sale's value with this one",
        }
    }
}

/// What rows with problems do: skipped (the good rows are imported) or stop the import.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum BadRows {
    Skip,
    Stop,
}

impl BadRows {
    pub const ALL: [BadRows; 2] = [BadRows::Skip, BadRows::Stop];

    pub fn key(self) -> &'static str {
        match self {
            BadRows::Skip => "skip",
            BadRows::Stop => "stop",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            BadRows::Skip => "Skip rows with problems and import the others",
            BadRows::Stop => "Import nothing if any row has a problem",
        }
    }
}

/// The import form as posted: the mapping (a column's 0-based index, '' for none) and the
/// choices.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ImportForm {
    pub column_date: String,
    pub column_phone: String,
    pub column_value: String,
    pub column_reference: String,
    pub column_call_id: String,
    pub match_by: String,
    pub match_days: String,
    pub same_reference: String,
    pub bad_rows: String,
}

/// An import's settings, read from its form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportOptions {
    pub mapping: ColumnMapping,
    pub matching: super::MatchSettings,
    pub same_reference: SameReference,
    pub bad_rows: BadRows,
}

/// The posted mapping alone ('' none; a column that is not a number is unknown).
pub fn parse_mapping(form: &ImportForm, errors: &mut FieldErrors) -> ColumnMapping {
    let mut mapping = ColumnMapping::default();
    for (field, text) in [
        (SaleField::Date, &form.column_date),
        (SaleField::Phone, &form.column_phone),
        (SaleField::Value, &form.column_value),
        (SaleField::Reference, &form.column_reference),
        (SaleField::CallId, &form.column_call_id),
    ] {
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        match text.parse::<usize>() {
            Ok(column) if column < COLUMNS_MAX => mapping.set(field, Some(column)),
            _ => errors.add(field.form_field(), COLUMN_UNKNOWN),
        }
    }
    mapping
}

/// The import form for a file of `columns` columns: the mapping (`check_mapping`), the matching
/// (`parse_match_form`'s rules and messages) and the two choices.
pub fn parse_import_form(form: &ImportForm, columns: usize) -> Result<ImportOptions, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mapping = parse_mapping(form, &mut errors);
    let matching = super::parse_match_form(&super::MatchForm {
        match_by: form.match_by.clone(),
        match_days: form.match_days.clone(),
    });
    let matching = match matching {
        Ok(settings) => Some(settings),
        Err(found) => {
            for (field, message) in found.iter() {
                errors.add(field, message);
            }
            None
        }
    };
    if let Some(settings) = matching {
        for (field, message) in check_mapping(&mapping, columns, settings.match_by).iter() {
            if errors.get(field).is_none() {
                errors.add(field, message);
            }
        }
    }
    let same_reference = SameReference::ALL.into_iter().find(|s| s.key() == form.same_reference.trim());
    if same_reference.is_none() {
        errors.add("form_same_reference", SAME_REFERENCE_CHOICE);
    }
    let bad_rows = BadRows::ALL.into_iter().find(|b| b.key() == form.bad_rows.trim());
    if bad_rows.is_none() {
        errors.add("form_bad_rows", BAD_ROWS_CHOICE);
    }
    match (matching, same_reference, bad_rows) {
        (Some(matching), Some(same_reference), Some(bad_rows)) if errors.is_empty() => {
            Ok(ImportOptions { mapping, matching, same_reference, bad_rows })
        }
        _ => Err(errors),
    }
}

/// Why an import that stops on a bad row imported nothing.
pub fn stopped_message(bad: usize, first_row: usize, problem: &str) -> String {
    let rows = if bad == 1 { "1 row has a problem".to_string() } else { format!("{bad} rows have problems") };
    format!("Nothing was imported: {rows}. Row {first_row}: {problem}")
}

/// Whether the Import sales page opens for the user (its menu item: the
/// `integration_sales_import` scope and sales data access).
pub fn opens_import_sales(account: &crate::AccountState) -> bool {
    crate::menu::menu_page_opens("/importsales", account)
}

/// Who imports and undoes imports: a user of the page who is an administrator or owner, as for
/// Track Sales' matching.
pub fn can_import_sales(account: &crate::AccountState) -> bool {
    opens_import_sales(account) && account.user_auth_code >= 20
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_upload_form_needs_a_file_chosen() {
        assert_eq!(chosen_file_problem(None), Some(FILE_REQUIRED));
        assert_eq!(chosen_file_problem(Some(" ")), Some(FILE_REQUIRED));
        assert_eq!(chosen_file_problem(Some("sales.csv")), None);
    }

    fn row(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    const MAPPING: ColumnMapping =
        ColumnMapping { date: Some(0), phone: Some(1), value: Some(2), reference: Some(3), call_id: None };

    #[test]
    fn headers_as_people_write_them_are_recognised() {
        let guessed = guess_mapping(&row(&["Invoice date", "Customer phone", "Amount (£)", "Invoice ref", "Notes"]));
        assert_eq!(
            guessed,
            ColumnMapping { date: Some(0), phone: Some(1), value: Some(2), reference: Some(3), call_id: None }
        );
        let guessed = guess_mapping(&row(&["Date", "Telephone number", "Total [GBP]", "Order no."]));
        assert_eq!((guessed.phone, guessed.value, guessed.reference), (Some(1), Some(2), Some(3)));
    }

    #[test]
    fn a_row_is_told_every_problem_it_has() {
        let cells = row(&["31/02/2026", "07700 900123", "twelve", "INV-1"]);
        let problem = read_row(&cells, &MAPPING, "Europe/London").unwrap_err();
        assert_eq!(
            problem,
            "'31/02/2026' is not a date: use DD/MM/YYYY or YYYY-MM-DD. 'twelve' is not a value in pounds from 0 to 1,000,000, such as 1,250.50."
        );
        let empty = read_row(&row(&["", "12345", "", ""]), &MAPPING, "Europe/London").unwrap_err();
        assert_eq!(empty, "The date is empty. The value is empty. '12345' is not a UK phone number.");
    }

    #[test]
    fn the_headers_suggest_the_mapping() {
        let headers = row(&["Sale date", "Phone number", "Amount", "Order ID", "Call ID", "Notes"]);
        assert_eq!(
            guess_mapping(&headers),
            ColumnMapping { date: Some(0), phone: Some(1), value: Some(2), reference: Some(3), call_id: Some(4) }
        );
        // A bare 'id' is the reference; a column is taken once.
        let guessed = guess_mapping(&row(&["id", "date", "value", "tel", "Telephone"]));
        assert_eq!((guessed.reference, guessed.phone), (Some(0), Some(3)));
        assert_eq!(guess_mapping(&row(&["a", "b"])), ColumnMapping::default());
    }

    #[test]
    fn the_mapping_needs_the_date_the_value_and_what_matching_reads() {
        assert!(check_mapping(&MAPPING, 4, MatchBy::CallerNumber).is_empty());
        let errors = check_mapping(&MAPPING, 4, MatchBy::CallId);
        assert_eq!(errors.get("form_column_call_id"), Some(CALL_ID_COLUMN_REQUIRED));
        let empty = check_mapping(&ColumnMapping::default(), 4, MatchBy::CallerNumber);
        assert_eq!(empty.get("form_column_date"), Some(DATE_COLUMN_REQUIRED));
        assert_eq!(empty.get("form_column_value"), Some(VALUE_COLUMN_REQUIRED));
        assert_eq!(empty.get("form_column_phone"), Some(PHONE_COLUMN_REQUIRED));
        let twice = ColumnMapping { reference: Some(0), ..MAPPING };
        assert_eq!(check_mapping(&twice, 4, MatchBy::CallerNumber).get("form_column_reference"), Some(COLUMN_TWICE));
        assert_eq!(
            check_mapping(&MAPPING, 3, MatchBy::CallerNumber).get("form_column_reference"),
            Some(COLUMN_UNKNOWN)
        );
    }

    #[test]
    fn a_row_is_read_in_the_accounts_zone() {
        let sale =
            read_row(&row(&["20/11/2026", "07700 900123", "£1,250.50", "INV-7"]), &MAPPING, "Europe/London").unwrap();
        // 20 November ends at 23:59:59 GMT.
        assert_eq!(sale.sold_at, 1_795_219_199);
        assert_eq!((sale.phone.as_str(), sale.value_pence, sale.reference.as_str()), ("07700900123", 125_050, "INV-7"));
        let timed =
            read_row(&row(&["2026-07-01 09:30", "+44 7700 900123", "99", ""]), &MAPPING, "Europe/London").unwrap();
        // 09:30 BST is 08:30 UTC.
        assert_eq!(timed.sold_at, 1_782_894_600);
        assert_eq!((timed.phone.as_str(), timed.value_pence), ("07700900123", 9_900));
        let no_phone = read_row(&row(&["2026-11-20", "", "5", ""]), &MAPPING, "Europe/London").unwrap();
        assert_eq!(no_phone.phone, "");
    }

    #[test]
    fn a_bad_row_says_what_is_wrong() {
        let problem = |cells: &[&str]| read_row(&row(cells), &MAPPING, "Europe/London").unwrap_err();
        assert_eq!(
            problem(&["31/02/2026", "07700900123", "5", ""]),
            "'31/02/2026' is not a date: use DD/MM/YYYY or YYYY-MM-DD."
        );
        assert_eq!(problem(&["", "07700900123", "5", ""]), "The date is empty.");
        assert_eq!(problem(&["20/11/2026", "07700900123", "", ""]), "The value is empty.");
        assert_eq!(
            problem(&["20/11/2026", "07700900123", "12.345", ""]),
            "'12.345' is not a value in pounds from 0 to 1,000,000, such as 1,250.50."
        );
        assert!(problem(&["20/11/2026", "07700900123", "1000000.01", ""]).contains("not a value"));
        assert!(problem(&["20/11/2026", "07700900123", "-5", ""]).contains("not a value"));
        assert_eq!(problem(&["20/11/2026", "12345", "5", ""]), "'12345' is not a UK phone number.");
        assert_eq!(
            problem(&["20/11/2026", "07700900123", "5", &"r".repeat(101)]),
            "The reference is longer than 100 characters."
        );
        assert_eq!(
            problem(&["20/11/2026", "07700900123", "5", "a\0b"]),
            "A cell holds a NUL character: save the file again as CSV or Excel."
        );
        let long = "x".repeat(1_001);
        assert!(problem(&["20/11/2026", &long, "5", ""]).starts_with("A cell is longer than 1000 characters"));
        let with_call = ColumnMapping { call_id: Some(3), reference: None, ..MAPPING };
        assert_eq!(
            read_row(&row(&["20/11/2026", "", "5", "abc"]), &with_call, "Europe/London").unwrap_err(),
            "'abc' is not a call id (a whole number)."
        );
        assert_eq!(
            read_row(&row(&["20/11/2026", "", "5", "41"]), &with_call, "Europe/London").unwrap().call_id,
            Some(41)
        );
    }

    #[test]
    fn values_are_pence_without_rounding() {
        assert_eq!(parse_value("£0"), Some(0));
        assert_eq!(parse_value("0.5"), Some(50));
        assert_eq!(parse_value("1 000 000"), Some(VALUE_MAX_PENCE));
        assert_eq!(parse_value("£"), None);
        assert_eq!(parse_value(".5"), None);
        assert_eq!(parse_value("99999999999"), None);
    }

    fn form() -> ImportForm {
        ImportForm {
            column_date: "0".into(),
            column_phone: "1".into(),
            column_value: "2".into(),
            column_reference: "3".into(),
            column_call_id: String::new(),
            match_by: "callerNumber".into(),
            match_days: "30".into(),
            same_reference: "replace".into(),
            bad_rows: "skip".into(),
        }
    }

    #[test]
    fn the_import_form_reads_the_mapping_and_the_choices() {
        let options = parse_import_form(&form(), 4).unwrap();
        assert_eq!(options.mapping, MAPPING);
        assert_eq!(options.matching.match_days, 30);
        assert_eq!((options.same_reference, options.bad_rows), (SameReference::Replace, BadRows::Skip));
    }

    #[test]
    fn each_field_of_the_import_form_says_what_is_wrong() {
        let bad = ImportForm {
            column_phone: "x".into(),
            match_days: "91".into(),
            same_reference: "merge".into(),
            bad_rows: String::new(),
            ..form()
        };
        let errors = parse_import_form(&bad, 4).unwrap_err();
        assert_eq!(errors.get("form_column_phone"), Some(COLUMN_UNKNOWN));
        assert_eq!(errors.get("form_match_days"), Some(crate::sales::MATCH_DAYS_MESSAGE));
        assert_eq!(errors.get("form_same_reference"), Some(SAME_REFERENCE_CHOICE));
        assert_eq!(errors.get("form_bad_rows"), Some(BAD_ROWS_CHOICE));
        let by_call = ImportForm { match_by: "callId".into(), ..form() };
        assert_eq!(
            parse_import_form(&by_call, 4).unwrap_err().get("form_column_call_id"),
            Some(CALL_ID_COLUMN_REQUIRED)
        );
        let past = ImportForm { column_reference: "7".into(), ..form() };
        assert_eq!(parse_import_form(&past, 4).unwrap_err().get("form_column_reference"), Some(COLUMN_UNKNOWN));
        let huge = ImportForm { column_reference: "99999999999999999999".into(), ..form() };
        assert_eq!(parse_import_form(&huge, 4).unwrap_err().get("form_column_reference"), Some(COLUMN_UNKNOWN));
    }

    #[test]
    fn a_file_is_csv_or_excel_by_its_name_or_its_first_bytes() {
        assert_eq!(file_kind("Sales.CSV", b""), Some(FileKind::Csv));
        assert_eq!(file_kind("sales.xlsx", b""), Some(FileKind::Excel));
        assert_eq!(file_kind("sales.xls", b""), Some(FileKind::Excel));
        assert_eq!(file_kind("download", b"PK\x03\x04rest"), Some(FileKind::Excel));
        assert_eq!(file_kind("sales.pdf", b"%PDF"), None);
    }

    #[test]
    fn a_stopped_import_names_its_first_bad_row() {
        assert_eq!(
            stopped_message(1, 3, "The date is empty."),
            "Nothing was imported: 1 row has a problem. Row 3: The date is empty."
        );
        assert!(stopped_message(4, 2, "x").contains("4 rows have problems"));
    }
}
