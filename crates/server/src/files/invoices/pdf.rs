//! The invoice as a PDF: A4, Helvetica (a base-14 font every reader has, so nothing is
//! embedded), text in WinAnsi encoding so that '£' is one byte and text extraction finds it.
//! A long invoice continues on further pages, each with the table's header.

use domain::billing::invoice::{pounds_text, unit_price_text, VAT_PERCENT};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use super::{InvoiceDocument, SELLER_ADDRESS, SELLER_VAT_NUMBER};

const WIDTH: f32 = 595.0;
const HEIGHT: f32 = 842.0;
const LEFT: f32 = 50.0;
const RIGHT: f32 = WIDTH - 50.0;
const REGULAR: Name = Name(b"F1");
const BOLD: Name = Name(b"F2");
/// Where the table may go down to before a new page starts.
const BOTTOM: f32 = 120.0;
const ROW: f32 = 16.0;

/// Text as WinAnsi bytes; what the encoding lacks becomes '?'.
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '£' => 0xA3,
            '€' => 0x80,
            '–' => 0x96,
            '’' => 0x92,
            c if ('\u{a0}'..='\u{ff}').contains(&c) => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

/// Advance widths (thousandths of the size) of the printable ASCII characters, from the
/// Helvetica and Helvetica-Bold font metrics; '£' is as wide as a digit.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
    556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
    260, 334, 584,
];
const HELVETICA_BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
    556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
    280, 389, 584,
];

fn width(font: Name, text: &str, size: f32) -> f32 {
    let table = if font == BOLD { &HELVETICA_BOLD } else { &HELVETICA };
    let units: u32 = text
        .chars()
        .map(|c| match c {
            ' '..='~' => u32::from(table[c as usize - 32]),
            _ => 556,
        })
        .sum();
    units as f32 * size / 1000.0
}

fn clipped(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        return text.to_string();
    }
    let kept: String = text.chars().take(max_chars.saturating_sub(3)).collect();
    format!("{kept}...")
}

struct Page {
    content: Content,
}

impl Page {
    fn new() -> Page {
        Page { content: Content::new() }
    }

    fn text(&mut self, font: Name, size: f32, x: f32, y: f32, text: &str) {
        self.content.begin_text();
        self.content.set_font(font, size);
        self.content.next_line(x, y);
        self.content.show(Str(&win_ansi(text)));
        self.content.end_text();
    }

    fn right(&mut self, font: Name, size: f32, right_edge: f32, y: f32, text: &str) {
        self.text(font, size, right_edge - width(font, text, size), y, text);
    }

    fn rule(&mut self, y: f32) {
        self.content.set_line_width(0.5);
        self.content.move_to(LEFT, y);
        self.content.line_to(RIGHT, y);
        self.content.stroke();
    }

    fn table_header(&mut self, y: f32) {
        self.text(BOLD, 10.0, LEFT, y, "Description");
        self.right(BOLD, 10.0, 360.0, y, "Quantity");
        self.right(BOLD, 10.0, 455.0, y, "Unit price");
        self.right(BOLD, 10.0, RIGHT, y, "Amount");
        self.rule(y - 5.0);
    }
}

/// The first page's heading: seller, invoice details, customer. Returns where the table starts.
fn heading(page: &mut Page, invoice: &InvoiceDocument) -> f32 {
    let mut y = HEIGHT - 60.0;
    page.text(BOLD, 18.0, LEFT, y, &invoice.seller());
    page.right(BOLD, 20.0, RIGHT, y, "INVOICE");
    for line in SELLER_ADDRESS {
        y -= 13.0;
        page.text(REGULAR, 10.0, LEFT, y, line);
    }
    y -= 13.0;
    page.text(REGULAR, 10.0, LEFT, y, &format!("VAT number {SELLER_VAT_NUMBER}"));
    let mut details = vec![
        ("Invoice number", invoice.number.as_str()),
        ("Invoice date", invoice.date.as_str()),
        ("Period", invoice.period.as_str()),
    ];
    if !invoice.po_number.is_empty() {
        details.push(("PO number", invoice.po_number.as_str()));
    }
    let mut right_y = HEIGHT - 86.0;
    for (label, value) in details {
        page.text(BOLD, 10.0, 340.0, right_y, label);
        page.right(REGULAR, 10.0, RIGHT, right_y, &clipped(value, 28));
        right_y -= 13.0;
    }
    y -= 34.0;
    page.text(BOLD, 11.0, LEFT, y, "Bill to");
    for line in &invoice.bill_to {
        y -= 13.0;
        page.text(REGULAR, 10.0, LEFT, y, &clipped(line, 80));
    }
    y - 36.0
}

fn totals(page: &mut Page, invoice: &InvoiceDocument, mut y: f32) {
    page.rule(y + ROW - 5.0);
    let rows = [
        ("Net", invoice.totals.net_pence, REGULAR),
        (&*format!("VAT at {VAT_PERCENT}%"), invoice.totals.vat_pence, REGULAR),
        ("Total due", invoice.totals.gross_pence, BOLD),
    ];
    y -= 6.0;
    for (label, pence, font) in rows {
        page.text(font, 11.0, 385.0, y, label);
        page.right(font, 11.0, RIGHT, y, &pounds_text(pence));
        y -= ROW;
    }
    page.text(
        REGULAR,
        9.0,
        LEFT,
        70.0,
        "Payment is collected by the payment method on your account. Amounts in pounds sterling.",
    );
}

fn pages(invoice: &InvoiceDocument) -> Vec<Page> {
    let mut done = Vec::new();
    let mut page = Page::new();
    let mut y = heading(&mut page, invoice);
    page.table_header(y);
    y -= ROW + 4.0;
    for line in &invoice.lines {
        if y < BOTTOM {
            done.push(std::mem::replace(&mut page, Page::new()));
            y = HEIGHT - 60.0;
            page.text(REGULAR, 9.0, LEFT, y, &format!("{} (continued)", invoice.number));
            y -= 30.0;
            page.table_header(y);
            y -= ROW + 4.0;
        }
        page.text(REGULAR, 10.0, LEFT, y, &clipped(&line.description, 60));
        page.right(REGULAR, 10.0, 385.0, y, &line.quantity.to_string());
        page.right(REGULAR, 10.0, 470.0, y, &unit_price_text(line.unit_price_tenth_pence));
        page.right(REGULAR, 10.0, RIGHT, y, &pounds_text(line.amount_pence));
        y -= ROW;
    }
    if y < BOTTOM + 20.0 {
        done.push(std::mem::replace(&mut page, Page::new()));
        y = HEIGHT - 90.0;
    }
    totals(&mut page, invoice, y);
    done.push(page);
    done
}

pub(super) fn render(invoice: &InvoiceDocument) -> Vec<u8> {
    let pages = pages(invoice);
    let (catalog, tree, regular, bold, info) = (Ref::new(1), Ref::new(2), Ref::new(3), Ref::new(4), Ref::new(5));
    // Each page and its content stream.
    let ids: Vec<(Ref, Ref)> = (0..pages.len() as i32).map(|i| (Ref::new(6 + 2 * i), Ref::new(7 + 2 * i))).collect();
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids(ids.iter().map(|(page, _)| *page)).count(ids.len() as i32);
    for ((page_id, content_id), page) in ids.iter().zip(pages) {
        let mut writer = pdf.page(*page_id);
        writer.media_box(Rect::new(0.0, 0.0, WIDTH, HEIGHT));
        writer.parent(tree);
        writer.contents(*content_id);
        writer.resources().fonts().pair(REGULAR, regular).pair(BOLD, bold);
        writer.finish();
        pdf.stream(*content_id, &page.content.finish());
    }
    for (id, name) in [(regular, Name(b"Helvetica")), (bold, Name(b"Helvetica-Bold"))] {
        pdf.type1_font(id).base_font(name).encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    let title = format!("Invoice {}", invoice.number);
    pdf.document_info(info).title(TextStr(&title)).producer(TextStr(&invoice.seller()));
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::billing::invoice::{InvoiceLine, InvoiceTotals};

    fn invoice(lines: usize) -> InvoiceDocument {
        InvoiceDocument {
            product: "Calltrack".into(),
            number: "INV-000001".into(),
            date: "01/11/2026".into(),
            period: "October 2026".into(),
            bill_to: vec!["Stone & Sons (Plumbing)".into()],
            po_number: String::new(),
            lines: (0..lines)
                .map(|i| InvoiceLine {
                    description: format!("Line {i}"),
                    quantity: 1,
                    unit_price_tenth_pence: 1_000,
                    amount_pence: 100,
                })
                .collect(),
            totals: InvoiceTotals { net_pence: 100, vat_pence: 20, gross_pence: 120 },
        }
    }

    fn page_count(pdf: &[u8]) -> usize {
        let text = String::from_utf8_lossy(pdf);
        text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
    }

    #[test]
    fn pound_signs_are_one_win_ansi_byte() {
        assert_eq!(win_ansi("£5 (net)"), b"\xA35 (net)".to_vec());
        assert_eq!(win_ansi("日"), b"?".to_vec());
    }

    #[test]
    fn a_long_invoice_continues_on_more_pages() {
        assert_eq!(page_count(&render(&invoice(5))), 1);
        assert!(page_count(&render(&invoice(120))) >= 3);
    }

    #[test]
    fn right_aligned_text_is_measured_with_the_fonts_metrics() {
        assert_eq!(width(REGULAR, "£10.00", 10.0), (556.0 * 5.0 + 278.0) / 100.0);
        assert!(width(BOLD, "Quantity", 10.0) > width(REGULAR, "Quantity", 10.0));
    }
}
