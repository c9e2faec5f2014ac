//! Invoice files, generated from the stored invoice each time one is downloaded:
//! a PDF (base-14 fonts, so no font files), a CSV (the `csv` crate) and an Excel workbook
//! (`rust_xlsxwriter`). Each shows the same document: who issued it to whom, its lines and its
//! totals with VAT.

mod pdf;
mod spreadsheet;

use domain::billing::invoice::{InvoiceLine, InvoiceTotals};

/// The company that issues the invoices (the product's operator) and its VAT number.
pub const SELLER_ADDRESS: [&str; 4] = ["1 Exchange Quay", "Salford", "M5 3EQ", "United Kingdom"];
pub const SELLER_VAT_NUMBER: &str = "GB 284 4517 63";

/// An invoice as its files show it.
pub struct InvoiceDocument {
    /// The product's name; the seller is '{product} Ltd'.
    pub product: String,
    pub number: String,
    /// dd/mm/yyyy.
    pub date: String,
    pub period: String,
    pub bill_to: Vec<String>,
    pub po_number: String,
    pub lines: Vec<InvoiceLine>,
    pub totals: InvoiceTotals,
}

impl InvoiceDocument {
    pub fn seller(&self) -> String {
        format!("{} Ltd", self.product)
    }
}

/// A file format the invoices list offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Pdf,
    Csv,
    Excel,
}

impl Format {
    /// The name the API uses ('pdf', 'csv', 'excel').
    pub fn parse(name: &str) -> Option<Format> {
        match name {
            "pdf" => Some(Format::Pdf),
            "csv" => Some(Format::Csv),
            "excel" => Some(Format::Excel),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Csv => "csv",
            Format::Excel => "excel",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Csv => "csv",
            Format::Excel => "xlsx",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Format::Pdf => "application/pdf",
            Format::Csv => "text/csv; charset=utf-8",
            Format::Excel => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }
    }

    /// The file's bytes.
    pub fn render(self, invoice: &InvoiceDocument) -> Result<Vec<u8>, String> {
        match self {
            Format::Pdf => Ok(pdf::render(invoice)),
            Format::Csv => spreadsheet::csv(invoice),
            Format::Excel => spreadsheet::xlsx(invoice),
        }
    }
}
