//! Import sales (docs/sales-api.md): a file previewed with each row's problem, imported
//! in one transaction (matched by the caller's number or the call id, added to or replacing an
//! earlier sale of the same reference, bad rows skipped or stopping it), the history with its
//! match rate, undo; every message, the bounds, permissions and other accounts.

use axum::http::StatusCode;
use domain::sales::import::{
    BAD_ROWS_CHOICE, CALL_ID_COLUMN_REQUIRED, COLUMN_TWICE, DATE_COLUMN_REQUIRED, FILE_EMPTY, FILE_KIND, FILE_REQUIRED,
    FILE_UNREADABLE, IMPORT_ALREADY_UNDONE, SAME_REFERENCE_CHOICE, TOO_MANY_COLUMNS, TOO_MANY_ROWS, UPLOAD_GONE,
};
use domain::sales::{MATCH_BY_CHOICE, MATCH_DAYS_MESSAGE};
use serde_json::Value;
use server::store::sale_uploads::{KEPT, KEPT_SECONDS};

use crate::helpers::{Reply, TestApp};

const PREVIEW: &str = "/api/importsales/preview";
const IMPORT: &str = "/api/importsales/import";
const HISTORY: &str = "/api/importsales/getImports";
const UNDO: &str = "/api/importsales/undoImport";
const TRACK: &str = "/api/tracksales/getSales?preset=last30Days";

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn refused(reply: Reply, field: &str, message: &str) {
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert_eq!(reply.json()["errors"][field], message, "{}", reply.text());
}

async fn scalar(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.state.db).await.unwrap()
}

/// The usual form: Date, Phone, Value, Reference in columns 0 to 3, by the caller's number.
fn form<'a>(same: &'a str, bad: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("form_column_date", "0"),
        ("form_column_phone", "1"),
        ("form_column_value", "2"),
        ("form_column_reference", "3"),
        ("form_match_by", "callerNumber"),
        ("form_match_days", "30"),
        ("form_same_reference", same),
        ("form_bad_rows", bad),
    ]
}

async fn import(app: &TestApp, session: &str, fields: &[(&str, &str)], csv: &str) -> Reply {
    app.post_multipart_file(IMPORT, Some(session), fields, ("form_file", "sales.csv", csv.as_bytes())).await
}

/// A recent inbound call of Harbour Lane with a caller: (id, national number, its day dd/mm/yyyy).
async fn recent_call(app: &TestApp) -> (i64, String, String) {
    let now = app.state.clock.now();
    let (id, caller, started): (i64, String, i64) = sqlx::query_as(&format!(
        "SELECT id, caller_number, started_at FROM calls WHERE customer_id = 100 AND direction = 'inbound'
         AND caller_number <> '' AND started_at < {} ORDER BY started_at DESC, id DESC LIMIT 1",
        now - 2 * 24 * 3600
    ))
    .fetch_one(&app.state.db)
    .await
    .unwrap();
    (id, caller, domain::format_day_at(started, "Europe/London"))
}

/// Headers as a bookkeeping export writes them are mapped on their own; a row with several
/// problems is told all of them.
#[tokio::test]
async fn an_accounts_export_is_mapped_by_its_own_headers_and_every_problem_of_a_row_is_told() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let csv = "Invoice date,Customer phone,Amount (£),Invoice ref\n20/11/2026,07700 900123,1250.50,INV-1\n31/02/2026,12345,twelve,INV-2\n";
    let reply =
        app.post_multipart_file(PREVIEW, Some(&owner), &[], ("form_file", "invoices.csv", csv.as_bytes())).await;
    let preview = ok(reply);
    assert_eq!(
        preview["mapping"],
        serde_json::json!({"date": 0, "phone": 1, "value": 2, "reference": 3, "callId": null})
    );
    let rows = preview["rows"].as_array().unwrap();
    assert_eq!(
        rows[1]["problem"],
        "'31/02/2026' is not a date: use DD/MM/YYYY or YYYY-MM-DD. 'twelve' is not a value in pounds from 0 to 1,000,000, such as 1,250.50. '12345' is not a UK phone number."
    );
}

#[tokio::test]
async fn a_file_is_previewed_with_the_guessed_mapping_and_each_rows_problem() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let csv = "Sale date,Phone number,Amount,Order ID\n20/11/2026,07700 900123,£1250.50,INV-1\n\n31/02/2026,07700900124,5,INV-2\n21/11/2026,,99,INV-3\n";
    let reply = app.post_multipart_file(PREVIEW, Some(&owner), &[], ("form_file", "sales.csv", csv.as_bytes())).await;
    let preview = ok(reply);
    assert_eq!(preview["fileName"], "sales.csv");
    assert_eq!(preview["headers"], serde_json::json!(["Sale date", "Phone number", "Amount", "Order ID"]));
    assert_eq!(
        preview["mapping"],
        serde_json::json!({"date": 0, "phone": 1, "value": 2, "reference": 3, "callId": null})
    );
    assert_eq!(preview["mappingErrors"], serde_json::json!({}));
    assert_eq!(
        (preview["totalRows"].as_i64(), preview["goodRows"].as_i64(), preview["badRows"].as_i64()),
        (Some(3), Some(2), Some(1))
    );
    let rows = preview["rows"].as_array().unwrap();
    assert_eq!(rows[0]["row"], 2);
    assert!(rows[0]["problem"].is_null());
    // The blank line is passed over; rows keep the file's numbers.
    assert_eq!(rows[1]["row"], 4);
    assert_eq!(rows[1]["problem"], "'31/02/2026' is not a date: use DD/MM/YYYY or YYYY-MM-DD.");
    assert_eq!(preview["problems"][0]["row"], 4);
    assert_eq!(preview["choices"]["matchBy"], "callerNumber");
    assert_eq!(preview["choices"]["matchDays"], 30);
    assert_eq!(preview["choices"]["sameReferenceOptions"][1]["key"], "replace");
    assert_eq!(preview["canImport"], true);

    // A mapping posted is checked; rows are not read under a mapping with problems.
    let mut fields = form("combine", "skip");
    fields[1] = ("form_column_phone", "0");
    let reply =
        app.post_multipart_file(PREVIEW, Some(&owner), &fields, ("form_file", "sales.csv", csv.as_bytes())).await;
    let preview = ok(reply);
    assert_eq!(preview["mappingErrors"]["form_column_phone"], COLUMN_TWICE);
    assert_eq!(preview["badRows"], 0);
    assert_eq!(preview["goodRows"], 0);
    let headerless = app.post_multipart_file(PREVIEW, Some(&owner), &[], ("form_file", "s.csv", b"a,b\n1,2\n")).await;
    assert_eq!(ok(headerless)["mappingErrors"]["form_column_date"], DATE_COLUMN_REQUIRED);
}

#[tokio::test]
async fn the_preview_says_what_is_wrong_with_the_file() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    refused(
        app.post_multipart(PREVIEW, Some(&owner), &[("form_match_by", "callId")]).await,
        "form_file",
        FILE_REQUIRED,
    );
    let file = |name: &'static str, bytes: &'static [u8]| ("form_file", name, bytes);
    refused(
        app.post_multipart_file(PREVIEW, Some(&owner), &[], file("s.pdf", b"%PDF-1.4")).await,
        "form_file",
        FILE_KIND,
    );
    refused(app.post_multipart_file(PREVIEW, Some(&owner), &[], file("s.csv", b"\n\n")).await, "form_file", FILE_EMPTY);
    refused(
        app.post_multipart_file(PREVIEW, Some(&owner), &[], file("s.csv", b"Date,Value\n")).await,
        "form_file",
        FILE_EMPTY,
    );
    refused(
        app.post_multipart_file(PREVIEW, Some(&owner), &[], file("s.xlsx", b"PK\x03\x04not a workbook")).await,
        "form_file",
        FILE_UNREADABLE,
    );
    let wide = (0..51).map(|i| format!("c{i}")).collect::<Vec<_>>().join(",");
    let reply = app.post_multipart_file(PREVIEW, Some(&owner), &[], ("form_file", "s.csv", wide.as_bytes())).await;
    refused(reply, "form_file", TOO_MANY_COLUMNS);
    // 200,001 rows are one too many.
    let mut long = String::from("Date,Value\n");
    long.push_str(&"20/11/2026,5\n".repeat(200_001));
    let reply = app.post_multipart_file(PREVIEW, Some(&owner), &[], ("form_file", "s.csv", long.as_bytes())).await;
    refused(reply, "form_file", TOO_MANY_ROWS);
    // Larger than the upload limit: 413, not a 5xx.
    let huge = vec![b'a'; 26 * 1024 * 1024];
    let reply = app.post_multipart_file(PREVIEW, Some(&owner), &[], ("form_file", "s.csv", &huge)).await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    // The contract's bounds.
    let reply = app
        .post_multipart_file(PREVIEW, Some(&owner), &[("form_match_by", &"x".repeat(21))], file("s.csv", b"Date\n1\n"))
        .await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn an_excel_file_is_read_with_its_dates_and_numbers() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, h) in ["Date", "Phone", "Value", "Reference"].iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    let day = rust_xlsxwriter::ExcelDateTime::from_ymd(2026, 11, 20).unwrap();
    let format = rust_xlsxwriter::Format::new().set_num_format("dd/mm/yyyy");
    sheet.write_datetime_with_format(1, 0, &day, &format).unwrap();
    sheet.write_string(1, 1, "07700 900123").unwrap();
    sheet.write_number(1, 2, 1250.5).unwrap();
    sheet.write_number(1, 3, 7.0).unwrap();
    sheet.write_string(2, 0, "yesterday").unwrap();
    sheet.write_number(2, 2, 3.0).unwrap();
    let bytes = book.save_to_buffer().unwrap();
    let reply = app.post_multipart_file(PREVIEW, Some(&owner), &[], ("form_file", "sales.xlsx", &bytes)).await;
    let preview = ok(reply);
    assert_eq!(preview["rows"][0]["cells"], serde_json::json!(["2026-11-20", "07700 900123", "1250.5", "7"]));
    assert!(preview["rows"][0]["problem"].is_null());
    assert_eq!(preview["rows"][1]["problem"], "'yesterday' is not a date: use DD/MM/YYYY or YYYY-MM-DD.");
    let fields = form("combine", "skip");
    let reply = app.post_multipart_file(IMPORT, Some(&owner), &fields, ("form_file", "sales.xlsx", &bytes)).await;
    let done = ok(reply);
    assert_eq!((done["imported"].as_i64(), done["skipped"].as_i64()), (Some(1), Some(1)));
    assert_eq!(scalar(&app, "SELECT value_pence FROM sales WHERE reference = '7'").await, 125_050);
}

#[tokio::test]
async fn an_import_stores_the_good_rows_matched_and_shows_in_track_sales() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let before = ok(app.get(TRACK, Some(&owner)).await);
    let (call, caller, day) = recent_call(&app).await;
    let csv = format!("Date,Phone,Value,Reference\n{day},{caller},100.00,IMP-1\n{day},07000000001,50,IMP-2\nnot a day,{caller},5,IMP-3\n");
    let done = ok(import(&app, &owner, &form("combine", "skip"), &csv).await);
    assert_eq!((done["imported"].as_i64(), done["skipped"].as_i64()), (Some(2), Some(1)));
    assert_eq!((done["matched"].as_i64(), done["matchRate"].as_i64()), (Some(1), Some(50)));
    assert_eq!(done["problems"][0]["row"], 4);
    assert_eq!(done["problems"][0]["problem"], "'not a day' is not a date: use DD/MM/YYYY or YYYY-MM-DD.");
    // The sale no call matched is named, as the file gave it.
    let unmatched = done["unmatched"].as_array().unwrap();
    assert_eq!(unmatched.len(), 1);
    assert_eq!((unmatched[0]["reference"].as_str(), unmatched[0]["value"].as_str()), (Some("IMP-2"), Some("£50.00")));
    assert_eq!(unmatched[0]["phone"], "07000 000001");
    let id = done["id"].as_i64().unwrap();
    // Matched to the latest call of that number by the day's end (the call found, or a later one that day).
    let matched = scalar(&app, "SELECT call_id FROM sales WHERE reference = 'IMP-1'").await;
    assert!(matched >= call);
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM sales WHERE import_id = {id}")).await, 2);
    let after = ok(app.get(TRACK, Some(&owner)).await);
    assert_eq!(after["sales"].as_i64().unwrap(), before["sales"].as_i64().unwrap() + 2);
    let history = ok(app.get(HISTORY, Some(&owner)).await);
    let line = &history["imports"][0];
    assert_eq!(line["id"], id);
    assert_eq!(line["fileName"], "sales.csv");
    assert_eq!(line["user"], "Olivia Owen");
    assert_eq!(
        (line["imported"].as_i64(), line["skipped"].as_i64(), line["matchRate"].as_i64()),
        (Some(2), Some(1), Some(50))
    );
    assert_eq!(line["undone"], "");
    assert_eq!(history["canImport"], true);

    // Undo: the import's sales go, the history says so, a second undo is refused.
    let undone = ok(app.post_form(UNDO, Some(&owner), &[("form_import_id", &id.to_string())]).await);
    assert_eq!((undone["removed"].as_i64(), undone["restored"].as_i64()), (Some(2), Some(0)));
    assert_eq!(ok(app.get(TRACK, Some(&owner)).await)["sales"], before["sales"]);
    assert_ne!(ok(app.get(HISTORY, Some(&owner)).await)["imports"][0]["undone"], "");
    refused(
        app.post_form(UNDO, Some(&owner), &[("form_import_id", &id.to_string())]).await,
        "form_import_id",
        IMPORT_ALREADY_UNDONE,
    );
}

#[tokio::test]
async fn a_sale_is_matched_by_the_call_id_given() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let (call, _, day) = recent_call(&app).await;
    let csv = format!("Date,Value,Call\n{day},10,{call}\n{day},10,999999999\n");
    let fields = [
        ("form_column_date", "0"),
        ("form_column_value", "1"),
        ("form_column_call_id", "2"),
        ("form_match_by", "callId"),
        ("form_match_days", "30"),
        ("form_same_reference", "combine"),
        ("form_bad_rows", "stop"),
    ];
    let done = ok(import(&app, &owner, &fields, &csv).await);
    assert_eq!((done["imported"].as_i64(), done["matched"].as_i64()), (Some(2), Some(1)));
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM sales WHERE call_id = {call} AND given_call_id = {call}")).await,
        1
    );
}

#[tokio::test]
async fn a_bad_row_stops_the_import_when_the_user_chooses() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let sales = scalar(&app, "SELECT COUNT(*) FROM sales").await;
    let mut csv = String::from("Date,Phone,Value,Reference\n");
    // More than a batch of good rows before the bad one: nothing of them stays.
    for i in 0..1_200 {
        csv.push_str(&format!("20/11/2026,07700900123,{i},R{i}\n"));
    }
    csv.push_str("20/11/2026,12345,5,BAD\n20/11/2026,07700900123,,BAD2\n");
    refused(
        import(&app, &owner, &form("combine", "stop"), &csv).await,
        "form_file",
        "Nothing was imported: 2 rows have problems. Row 1202: '12345' is not a UK phone number.",
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM sales").await, sales);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM sale_imports").await, 0);
    // Skipping, the good rows are imported (in batches) and the bad ones listed.
    let done = ok(import(&app, &owner, &form("combine", "skip"), &csv).await);
    assert_eq!((done["imported"].as_i64(), done["skipped"].as_i64()), (Some(1_200), Some(2)));
    // A NUL in a cell is the row's problem, never a database error.
    let nul = "Date,Phone,Value,Reference\n20/11/2026,,5,A\0B\n20/11/2026,,6,OK\n";
    let done = ok(import(&app, &owner, &form("combine", "skip"), nul).await);
    assert_eq!((done["imported"].as_i64(), done["skipped"].as_i64()), (Some(1), Some(1)));
    assert_eq!(done["problems"][0]["problem"], "A cell holds a NUL character: save the file again as CSV or Excel.");
    // A file of bad rows only imports nothing, whatever the choice.
    refused(
        import(&app, &owner, &form("combine", "skip"), "Date,Phone,Value,Reference\nx,,1,\n").await,
        "form_file",
        "Nothing was imported: 1 row has a problem. Row 2: 'x' is not a date: use DD/MM/YYYY or YYYY-MM-DD.",
    );
}

#[tokio::test]
async fn each_field_of_the_import_form_says_what_is_wrong() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let csv = "Date,Phone,Value,Reference\n20/11/2026,07700900123,5,R\n";
    refused(app.post_multipart(IMPORT, Some(&owner), &form("combine", "skip")).await, "form_file", FILE_REQUIRED);
    let bad = [
        ("form_column_date", "0"),
        ("form_column_value", "1"),
        ("form_match_by", "email"),
        ("form_match_days", "0"),
        ("form_same_reference", "merge"),
        ("form_bad_rows", ""),
    ];
    let reply = import(&app, &owner, &bad, csv).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &reply.json()["errors"];
    assert_eq!(errors["form_match_by"], MATCH_BY_CHOICE);
    assert_eq!(errors["form_match_days"], MATCH_DAYS_MESSAGE);
    assert_eq!(errors["form_same_reference"], SAME_REFERENCE_CHOICE);
    assert_eq!(errors["form_bad_rows"], BAD_ROWS_CHOICE);
    let mut by_call = form("combine", "skip");
    by_call[4] = ("form_match_by", "callId");
    refused(import(&app, &owner, &by_call, csv).await, "form_column_call_id", CALL_ID_COLUMN_REQUIRED);
    let mut twice = form("combine", "skip");
    twice[3] = ("form_column_reference", "1");
    refused(import(&app, &owner, &twice, csv).await, "form_column_reference", COLUMN_TWICE);
    let mut long = form("combine", "skip");
    long[0] = ("form_column_date", "12345678901");
    assert_eq!(import(&app, &owner, &long, csv).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM sale_imports").await, 0);
}

#[tokio::test]
async fn replace_sets_the_earlier_sale_aside_and_undo_puts_it_back() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let revenue = || async { ok(app.get(TRACK, Some(&owner)).await)["revenue"].as_str().unwrap().replace(',', "") };
    let base: f64 = revenue().await.parse().unwrap();
    let day = domain::format_day_at(app.state.clock.now() - 3 * 24 * 3600, "Europe/London");
    let first = format!("Date,Phone,Value,Reference\n{day},,10,ORD-9\n");
    let a = ok(import(&app, &owner, &form("combine", "skip"), &first).await);
    let second = format!("Date,Phone,Value,Reference\n{day},,25,ORD-9\n{day},,1,ORD-9\n");
    // Combined: both count.
    let b = ok(import(&app, &owner, &form("combine", "skip"), &second).await);
    assert_eq!(b["replaced"], 0);
    assert_eq!(revenue().await.parse::<f64>().unwrap(), base + 36.0);
    ok(app.post_form(UNDO, Some(&owner), &[("form_import_id", &b["id"].to_string())]).await);
    // Replaced: the earlier sale is set aside; the file's own rows of that reference all count.
    let c = ok(import(&app, &owner, &form("replace", "skip"), &second).await);
    assert_eq!(c["replaced"], 1);
    assert_eq!(revenue().await.parse::<f64>().unwrap(), base + 26.0);
    let undone = ok(app.post_form(UNDO, Some(&owner), &[("form_import_id", &c["id"].to_string())]).await);
    assert_eq!((undone["removed"].as_i64(), undone["restored"].as_i64()), (Some(2), Some(1)));
    assert_eq!(revenue().await.parse::<f64>().unwrap(), base + 10.0);
    assert!(a["id"].as_i64().is_some());
}

#[tokio::test]
async fn only_administrators_with_sales_data_access_and_the_scope_import() {
    let app = TestApp::spawn().await;
    let csv = "Date,Phone,Value,Reference\n20/11/2026,07700900123,5,R\n";
    let file = ("form_file", "s.csv", csv.as_bytes());
    // No session.
    assert_eq!(app.get(HISTORY, None).await.status, StatusCode::UNAUTHORIZED);
    // A user (reports only) reads the page but imports and undoes nothing.
    let user = app.login("user@demo.test").await;
    assert_eq!(ok(app.get(HISTORY, Some(&user)).await)["canImport"], false);
    assert_eq!(ok(app.post_multipart_file(PREVIEW, Some(&user), &[], file).await)["canImport"], false);
    let reply = app.post_multipart_file(IMPORT, Some(&user), &form("combine", "skip"), file).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(app.post_form(UNDO, Some(&user), &[("form_import_id", "1")]).await.status, StatusCode::FORBIDDEN);
    // An account without sales data access.
    let starter = app.login("starter@demo.test").await;
    assert_eq!(app.get(HISTORY, Some(&starter)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.post_multipart_file(PREVIEW, Some(&starter), &[], file).await.status, StatusCode::FORBIDDEN);
    // Sales data access (canAccessSalesData) needs the user's reports permission.
    let admin = app.login("admin@demo.test").await;
    ok(app.get(HISTORY, Some(&admin)).await);
    sqlx::query("UPDATE user_access SET perm_reports = 0 WHERE customer_id = 100 AND user_id = (SELECT id FROM users WHERE email = 'admin@demo.test')")
        .execute(&app.state.db)
        .await
        .unwrap();
    assert_eq!(app.get(HISTORY, Some(&admin)).await.status, StatusCode::FORBIDDEN);
    // Without the menu's scope (integration_sales_import), the owner is refused too.
    let owner = app.login("owner@demo.test").await;
    ok(app.get(HISTORY, Some(&owner)).await);
    sqlx::query("DELETE FROM customer_addons WHERE customer_id = 100 AND scope = 'integration_sales_import'")
        .execute(&app.state.db)
        .await
        .unwrap();
    assert_eq!(app.get(HISTORY, Some(&owner)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.post_multipart_file(IMPORT, Some(&owner), &form("combine", "skip"), file).await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn another_customers_import_is_not_found_and_not_listed() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let done =
        ok(import(&app, &owner, &form("combine", "skip"), "Date,Phone,Value,Reference\n20/11/2026,,5,X\n").await);
    let id = done["id"].as_i64().unwrap();
    // The import (and its sale) belong to another customer now.
    sqlx::query(&format!("UPDATE sale_imports SET customer_id = 300 WHERE id = {id}"))
        .execute(&app.state.db)
        .await
        .unwrap();
    sqlx::query(&format!("UPDATE sales SET customer_id = 300 WHERE import_id = {id}"))
        .execute(&app.state.db)
        .await
        .unwrap();
    let reply = app.post_form(UNDO, Some(&owner), &[("form_import_id", &id.to_string())]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert!(!reply.text().contains("sales.csv"));
    assert!(ok(app.get(HISTORY, Some(&owner)).await)["imports"].as_array().unwrap().iter().all(|i| i["id"] != id));
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM sales WHERE import_id = {id}")).await, 1);
    assert_eq!(app.post_form(UNDO, Some(&owner), &[("form_import_id", "abc")]).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.post_form(UNDO, Some(&owner), &[("form_import_id", &"9".repeat(21))]).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

const UPLOAD: &str = "/api/importsales/upload";

async fn upload(app: &TestApp, session: &str, name: &str, content: &str) -> Reply {
    app.post_multipart_file(UPLOAD, Some(session), &[], ("form_file", name, content.as_bytes())).await
}

#[tokio::test]
async fn an_uploaded_file_is_mapped_previewed_and_imported_by_its_id() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let (_, caller, day) = recent_call(&app).await;
    let csv = format!("Date,Phone,Value,Reference\n{day},{caller},80,UP-1\nnot a day,{caller},5,UP-2\n");
    let uploaded = ok(upload(&app, &owner, "kept.csv", &csv).await);
    assert_eq!((uploaded["success"].as_bool(), uploaded["fileName"].as_str()), (Some(true), Some("kept.csv")));
    let id = uploaded["uploadId"].as_i64().unwrap().to_string();
    // The mapping page reads the kept file: the guessed mapping, then the rows under a mapping.
    let preview = ok(app.post_multipart(PREVIEW, Some(&owner), &[("form_upload", &id)]).await);
    assert_eq!(preview["fileName"], "kept.csv");
    assert_eq!(preview["headers"][3], "Reference");
    assert_eq!((preview["totalRows"].as_i64(), preview["badRows"].as_i64()), (Some(2), Some(1)));
    // A stopped import keeps the file for the retry, and the retry imports it.
    let mut stop = form("combine", "stop");
    stop.push(("form_upload", &id));
    let stopped = app.post_multipart(IMPORT, Some(&owner), &stop).await;
    assert_eq!(stopped.status, StatusCode::UNPROCESSABLE_ENTITY);
    let mut skip = form("combine", "skip");
    skip.push(("form_upload", &id));
    let done = ok(app.post_multipart(IMPORT, Some(&owner), &skip).await);
    assert_eq!((done["imported"].as_i64(), done["skipped"].as_i64()), (Some(1), Some(1)));
    assert_eq!(ok(app.get(HISTORY, Some(&owner)).await)["imports"][0]["fileName"], "kept.csv");
}

#[tokio::test]
async fn an_upload_is_refused_with_its_reason_and_another_accounts_upload_is_gone() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    refused(app.post_multipart(UPLOAD, Some(&owner), &[]).await, "form_file", FILE_REQUIRED);
    refused(upload(&app, &owner, "sales.pdf", "%PDF-1.4").await, "form_file", FILE_KIND);
    assert!(sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM sale_uploads")
        .fetch_one(&app.state.db)
        .await
        .unwrap()
        .eq(&0));
    for gone in ["999999", "abc", "-1"] {
        refused(app.post_multipart(PREVIEW, Some(&owner), &[("form_upload", gone)]).await, "form_upload", UPLOAD_GONE);
    }
    let too_long = "9".repeat(21);
    let reply = app.post_multipart(PREVIEW, Some(&owner), &[("form_upload", &too_long)]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Another customer's upload: gone, its name nowhere in the answer.
    let enterprise = app.login("enterprise@demo.test").await;
    let theirs =
        ok(upload(&app, &enterprise, "atlas-secret.csv", "Date,Phone,Value\n20/11/2026,07700900123,5\n").await);
    let id = theirs["uploadId"].as_i64().unwrap().to_string();
    let reply = app.post_multipart(PREVIEW, Some(&owner), &[("form_upload", &id)]).await;
    assert!(!reply.text().contains("atlas-secret"));
    refused(reply, "form_upload", UPLOAD_GONE);
    let mut fields = form("combine", "skip");
    fields.push(("form_upload", &id));
    refused(app.post_multipart(IMPORT, Some(&owner), &fields).await, "form_upload", UPLOAD_GONE);
    // A reports-only user uploads and previews; importing stays an administrator's.
    let user = app.login("user@demo.test").await;
    let mine = ok(upload(&app, &user, "mine.csv", "Date,Phone,Value\n20/11/2026,07700900123,5\n").await);
    let id = mine["uploadId"].as_i64().unwrap().to_string();
    assert_eq!(ok(app.post_multipart(PREVIEW, Some(&user), &[("form_upload", &id)]).await)["canImport"], false);
    let mut fields = form("combine", "skip");
    fields.push(("form_upload", &id));
    assert_eq!(app.post_multipart(IMPORT, Some(&user), &fields).await.status, StatusCode::FORBIDDEN);
    // No sales data access: no upload.
    let starter = app.login("starter@demo.test").await;
    assert_eq!(upload(&app, &starter, "s.csv", "Date\n1\n").await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.post_multipart_file(UPLOAD, None, &[], ("form_file", "s.csv", b"x")).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn an_account_keeps_its_newest_twenty_uploads_for_a_week() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let csv = "Date,Phone,Value\n20/11/2026,07700900123,5\n";
    let first = ok(upload(&app, &owner, "first.csv", csv).await)["uploadId"].as_i64().unwrap();
    for _ in 0..KEPT {
        ok(upload(&app, &owner, "later.csv", csv).await);
    }
    refused(
        app.post_multipart(PREVIEW, Some(&owner), &[("form_upload", &first.to_string())]).await,
        "form_upload",
        UPLOAD_GONE,
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM sale_uploads WHERE customer_id = 100").await, KEPT);
    // Housekeeping drops them a week on.
    let now = app.state.clock.now();
    server::jobs::housekeeping::purge_expired(&app.state.db, now + KEPT_SECONDS - 60).await.unwrap();
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM sale_uploads WHERE customer_id = 100").await, KEPT);
    server::jobs::housekeeping::purge_expired(&app.state.db, now + KEPT_SECONDS + 60).await.unwrap();
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM sale_uploads WHERE customer_id = 100").await, 0);
}
