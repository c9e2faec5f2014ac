//! The invoice as CSV and as an Excel workbook: the heading fields, then one row per line, then
//! the totals. Amounts are plain numbers in pounds so that a spreadsheet can add them up; text a
//! customer typed (the billing address, the PO number) is defused against formulas.

use domain::billing::invoice::VAT_PERCENT;
use domain::defused;
use rust_xlsxwriter::{Format as CellFormat, Workbook, XlsxError};

use super::{InvoiceDocument, SELLER_VAT_NUMBER};

const COLUMNS: [&str; 4] = ["Description", "Quantity", "Unit price", "Amount"];

fn pounds(pence: i64) -> f64 {
    pence as f64 / 100.0
}

/// (label, value) rows above the lines.
fn heading(invoice: &InvoiceDocument) -> Vec<(&'static str, String)> {
    vec![
        ("Invoice", invoice.number.clone()),
        ("Date", invoice.date.clone()),
        ("Period", invoice.period.clone()),
        ("From", invoice.seller()),
        ("VAT number", SELLER_VAT_NUMBER.to_string()),
        ("To", defused(&invoice.bill_to.join(", ")).into_owned()),
        ("PO number", defused(&invoice.po_number).into_owned()),
    ]
}

fn totals(invoice: &InvoiceDocument) -> [(String, i64); 3] {
    [
        ("Net".to_string(), invoice.totals.net_pence),
        (format!("VAT ({VAT_PERCENT}%)"), invoice.totals.vat_pence),
        ("Gross".to_string(), invoice.totals.gross_pence),
    ]
}

pub(super) fn csv(invoice: &InvoiceDocument) -> Result<Vec<u8>, String> {
    let mut out = csv::WriterBuilder::new().flexible(true).from_writer(Vec::new());
    let mut write = |record: Vec<String>| out.write_record(&record).map_err(|e| e.to_string());
    for (label, value) in heading(invoice) {
        write(vec![label.to_string(), value])?;
    }
    write(vec![String::new()])?;
    write(COLUMNS.iter().map(|c| c.to_string()).collect())?;
    for line in &invoice.lines {
        write(vec![
            line.description.clone(),
            line.quantity.to_string(),
            format!("{:.3}", line.unit_price_tenth_pence as f64 / 1000.0),
            format!("{:.2}", pounds(line.amount_pence)),
        ])?;
    }
    for (label, pence) in totals(invoice) {
        write(vec![String::new(), String::new(), label, format!("{:.2}", pounds(pence))])?;
    }
    out.into_inner().map_err(|e| e.to_string())
}

fn workbook(invoice: &InvoiceDocument) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("Invoice")?;
    let bold = CellFormat::new().set_bold();
    let money = CellFormat::new().set_num_format("£#,##0.00");
    let rate = CellFormat::new().set_num_format("£#,##0.00#");
    sheet.set_column_width(0, 48)?;
    sheet.set_column_width(1, 28)?;
    sheet.set_column_width(2, 14)?;
    sheet.set_column_width(3, 14)?;
    let mut row = 0u32;
    for (label, value) in heading(invoice) {
        sheet.write_string_with_format(row, 0, label, &bold)?;
        sheet.write_string(row, 1, value)?;
        row += 1;
    }
    row += 1;
    for (column, title) in COLUMNS.iter().enumerate() {
        sheet.write_string_with_format(row, column as u16, *title, &bold)?;
    }
    for line in &invoice.lines {
        row += 1;
        sheet.write_string(row, 0, &line.description)?;
        sheet.write_number(row, 1, line.quantity as f64)?;
        sheet.write_number_with_format(row, 2, line.unit_price_tenth_pence as f64 / 1000.0, &rate)?;
        sheet.write_number_with_format(row, 3, pounds(line.amount_pence), &money)?;
    }
    for (label, pence) in totals(invoice) {
        row += 1;
        sheet.write_string_with_format(row, 2, label, &bold)?;
        sheet.write_number_with_format(row, 3, pounds(pence), &money)?;
    }
    book.save_to_buffer()
}

pub(super) fn xlsx(invoice: &InvoiceDocument) -> Result<Vec<u8>, String> {
    workbook(invoice).map_err(|e| e.to_string())
}
