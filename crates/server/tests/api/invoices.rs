//! The monthly billing run, invoices/getInvoiceList and invoices/downloadInvoice.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::{rows_as_text, TestApp};

const LIST: &str = "/api/invoices/getInvoiceList";

fn download(file: &Value, format: &str) -> String {
    format!("/api/invoices/downloadInvoice/{file}/{format}")
}

async fn invoices(app: &TestApp, session: &str) -> Value {
    let reply = app.get(LIST, Some(session)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

async fn invoice_count(app: &TestApp) -> usize {
    rows_as_text(&app.state.db, "SELECT id FROM invoices").await.len()
}

fn pence(pounds: &Value) -> i64 {
    (pounds.as_f64().unwrap() * 100.0).round() as i64
}

#[tokio::test]
async fn the_demo_has_a_year_of_invoices_made_by_the_billing_run() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let list = invoices(&app, &owner).await;
    let all = list["invoices"].as_array().unwrap();
    // November 2025 (the charges began on 23 November) to October 2026; November 2026 is not over.
    assert_eq!(all.len(), 12);
    assert_eq!(all[0]["date"], "2026-11-01", "newest first");
    assert_eq!(all[11]["date"], "2025-12-01");
    assert_eq!(list["fileOptions"], serde_json::json!({ "pdf": true, "csv": true, "excel": true }));
    for invoice in all {
        let (net, vat, gross) = (pence(&invoice["net"]), pence(&invoice["vat"]), pence(&invoice["gross"]));
        assert_eq!(vat, (net * 20 + 50) / 100, "VAT at 20%: {invoice}");
        assert_eq!(gross, net + vat);
        assert!(invoice["number"].as_str().unwrap().starts_with("INV-"));
        assert!(invoice["pdfId"].is_i64() && invoice["csvId"].is_i64() && invoice["excelId"].is_i64());
    }
    // October: the plan and the add-ons whole, and the calls of the month (the demo's calls
    // cover the last 90 days).
    let october = all[0]["id"].as_i64().unwrap();
    let lines = rows_as_text(
        &app.state.db,
        &format!("SELECT description, amount_pence FROM invoice_lines WHERE invoice_id = {october} ORDER BY position"),
    )
    .await;
    let lines: Vec<(String, i64)> = lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0], ("Professional plan".to_string(), 14_900), "{lines:?}");
    assert!(lines.iter().any(|(l, _)| l.starts_with("Inbound calls to geographic numbers: ")), "{lines:?}");
    let sum: i64 = lines.iter().map(|(_, pence)| pence).sum();
    assert_eq!(sum, pence(&all[0]["net"]), "the net is the lines' sum");
    // The first month was charged from the 23rd: part of the plan's price.
    let first = all[11]["id"].as_i64().unwrap();
    let plan_line = rows_as_text(
        &app.state.db,
        &format!("SELECT description, amount_pence FROM invoice_lines WHERE invoice_id = {first} AND position = 0"),
    )
    .await;
    // From 10:00 on 23 November to the month's end: 655,200 of 2,592,000 seconds of £149.
    assert_eq!(plan_line, vec![r#"["Professional plan (part month)",3766]"#]);
}

#[tokio::test]
async fn the_run_invoices_each_month_once_however_often_it_runs() {
    let app = TestApp::spawn().await;
    let before = invoice_count(&app).await;
    assert!(before > 0);
    let now = app.state.clock.now();
    assert_eq!(server::jobs::billing_run::run(&app.state.db, now).await.unwrap(), 0, "nothing new this month");
    assert_eq!(invoice_count(&app).await, before);

    // Into December: November is over. Two runs at once (two servers) still make one each.
    app.state.clock.advance(9 * 24 * 60 * 60);
    let later = app.state.clock.now();
    let (a, b) = tokio::join!(
        server::jobs::billing_run::run(&app.state.db, later),
        server::jobs::billing_run::run(&app.state.db, later)
    );
    let made = a.unwrap() + b.unwrap();
    let customers = rows_as_text(&app.state.db, "SELECT DISTINCT customer_id FROM invoices").await.len();
    assert_eq!(made, customers, "one November invoice per billed customer");
    assert_eq!(invoice_count(&app).await, before + customers);
    let duplicates = rows_as_text(
        &app.state.db,
        "SELECT customer_id FROM invoices GROUP BY customer_id, period_start HAVING COUNT(*) > 1",
    )
    .await;
    assert!(duplicates.is_empty(), "{duplicates:?}");
    let files =
        rows_as_text(&app.state.db, "SELECT invoice_id FROM invoice_files GROUP BY invoice_id HAVING COUNT(*) <> 3")
            .await;
    assert!(files.is_empty(), "every invoice has its three files");
}

#[tokio::test]
async fn the_pdf_opens_and_shows_the_number_and_the_gross() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let list = invoices(&app, &owner).await;
    let invoice = &list["invoices"][0];
    let reply = app.get(&download(&invoice["pdfId"], "pdf"), Some(&owner)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.header("content-type").as_deref(), Some("application/pdf"));
    let number = invoice["number"].as_str().unwrap();
    assert_eq!(
        reply.header("content-disposition").unwrap(),
        format!("attachment; filename=\"Calltrack_Invoice_{number}.pdf\"")
    );
    assert!(reply.body.starts_with(b"%PDF-"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("invoice.pdf");
    std::fs::write(&path, &reply.body).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils, installed by scripts/setup.sh)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let gross = format!("£{}", domain::format_money(invoice["gross"].as_f64().unwrap()));
    for expected in
        [number, gross.as_str(), "Harbour Lane Dental Ltd", "1 Harbour Lane", "VAT number GB", "Professional plan"]
    {
        assert!(text.contains(expected), "{expected} not in:\n{text}");
    }
}

#[tokio::test]
async fn the_csv_and_the_workbook_hold_the_same_invoice() {
    use calamine::{Data, Reader, Xlsx};

    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let invoice = invoices(&app, &owner).await["invoices"][0].clone();
    let number = invoice["number"].as_str().unwrap();
    let gross = format!("{:.2}", invoice["gross"].as_f64().unwrap());

    let csv_reply = app.get(&download(&invoice["csvId"], "csv"), Some(&owner)).await;
    assert_eq!(csv_reply.status, StatusCode::OK);
    assert_eq!(
        csv_reply.header("content-disposition").unwrap(),
        format!("attachment; filename=\"Calltrack_Invoice_{number}.csv\"")
    );
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(&csv_reply.body[..]);
    let rows: Vec<Vec<String>> = reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect();
    assert_eq!(rows[0], vec!["Invoice", number]);
    assert!(rows.iter().any(|r| r == &vec!["Description", "Quantity", "Unit price", "Amount"]));
    assert_eq!(rows.last().unwrap(), &vec!["", "", "Gross", gross.as_str()]);

    let xlsx_reply = app.get(&download(&invoice["excelId"], "excel"), Some(&owner)).await;
    assert_eq!(xlsx_reply.status, StatusCode::OK);
    assert!(xlsx_reply.header("content-disposition").unwrap().ends_with(&format!("_Invoice_{number}.xlsx\"")));
    let mut book = Xlsx::new(std::io::Cursor::new(xlsx_reply.body.clone())).expect("the workbook opens");
    let sheet = book.worksheet_range("Invoice").expect("the Invoice sheet");
    assert_eq!(sheet.get_value((0, 1)), Some(&Data::String(number.to_string())));
    let last = sheet.rows().next_back().unwrap();
    assert_eq!(last[2], Data::String("Gross".into()));
    assert_eq!(last[3], Data::Float(invoice["gross"].as_f64().unwrap()));
}

#[tokio::test]
async fn files_are_the_customers_own_in_the_formats_it_is_offered() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let starter = app.login("starter@demo.test").await;
    let theirs = invoices(&app, &owner).await["invoices"][0].clone();
    let mine = invoices(&app, &starter).await;
    assert_eq!(mine["fileOptions"], serde_json::json!({ "pdf": true, "csv": true, "excel": false }));
    assert!(!mine["invoices"].as_array().unwrap().is_empty());
    // Another customer's file: 404, nothing of it.
    for (file, format) in [(&theirs["pdfId"], "pdf"), (&theirs["csvId"], "csv")] {
        let reply = app.get(&download(file, format), Some(&starter)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND);
        assert!(!reply.text().contains("Harbour"));
    }
    // Excel is not offered to Stone & Sons, even for its own invoice.
    let own = &mine["invoices"][0];
    assert_eq!(app.get(&download(&own["excelId"], "excel"), Some(&starter)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get(&download(&own["pdfId"], "pdf"), Some(&starter)).await.status, StatusCode::OK);
    // A file asked for as another format, and ids that are no ids.
    assert_eq!(app.get(&download(&own["pdfId"], "csv"), Some(&starter)).await.status, StatusCode::NOT_FOUND);
    for path in [
        "/api/invoices/downloadInvoice/0/pdf",
        "/api/invoices/downloadInvoice/-1/pdf",
        "/api/invoices/downloadInvoice/abc/pdf",
        "/api/invoices/downloadInvoice/99999999999999999999999/pdf",
        "/api/invoices/downloadInvoice/1/doc",
    ] {
        assert_eq!(app.get(path, Some(&starter)).await.status, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn invoices_need_the_billing_access_flag() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let file = invoices(&app, &owner).await["invoices"][0]["pdfId"].clone();
    // user@demo.test is on the same customer without billing access.
    let user = app.login("user@demo.test").await;
    assert_eq!(app.get(LIST, Some(&user)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(&download(&file, "pdf"), Some(&user)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(LIST, None).await.status, StatusCode::UNAUTHORIZED);
    // A partner user with the billing permission sees the partnership's own invoices.
    let partner = app.login("partner@demo.test").await;
    let theirs = invoices(&app, &partner).await;
    assert!(theirs["invoices"].as_array().unwrap().iter().all(|i| i["pdfId"] != file));
}

#[tokio::test]
async fn the_technology_partner_has_its_invoices_in_its_portal() {
    let app = TestApp::spawn().await;
    let tech = app.login("techpartner@demo.test").await;
    let list = invoices(&app, &tech).await;
    let all = list["invoices"].as_array().unwrap();
    assert_eq!(all.len(), 12);
    let reply = app.get(&download(&all[0]["pdfId"], "pdf"), Some(&tech)).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(reply.body.starts_with(b"%PDF-"));
}
