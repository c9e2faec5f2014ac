//! Import sales (/importsales, docs/sales-api.md): a CSV or Excel file of sales
//! previewed (the columns guessed from its headers, the first rows, each row's problem in
//! words), imported in one transaction (matched in batches by the domain's rule; a sale of an
//! earlier sale's reference added or replacing it; bad rows skipped or stopping the import), the
//! account's imports listed with their match rate, and one undone. The page needs its menu item
//! (the `integration_sales_import` scope and sales data access, domain
//! `sales::import::opens_import_sales`); importing and undoing need an administrator.

use crate::store::CustomerId;
use axum::extract::{DefaultBodyLimit, State};
use axum::Json;
use domain::sales::import::{
    can_import_sales, check_mapping, guess_mapping, opens_import_sales, parse_import_form, parse_mapping, read_row,
    stopped_message, BadRows, ColumnMapping, ImportForm, SameReference, FILE_REQUIRED, IMPORT_ALREADY_UNDONE, ROWS_MAX,
    TOO_MANY_ROWS, UPLOAD_GONE, WORKBOOKS_BUSY,
};
use domain::sales::{match_rate, MatchBy, MATCH_DAYS_MAX, MATCH_DAYS_MIN};
use domain::{format_date_time, AccountState, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::files::sales_file::{Refused, SalesFile};
use crate::http::kit::error::AppError;
use crate::http::kit::form::UploadedFile;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::sale_imports::{self as store, Figures, NewImport, Undone, BATCH};
use crate::store::sale_uploads;
use crate::store::sales as sales_store;

/// A sales file's upload at most: 200,000 rows of a few columns.
pub const UPLOAD_LIMIT: usize = 25 * 1024 * 1024;
/// Rows the preview shows, and row problems any answer lists.
const PREVIEW_ROWS: usize = 20;
const PROBLEMS_LISTED: usize = 100;
/// Imports the history lists.
const HISTORY: i64 = 100;
/// A file name kept at most (characters).
const FILE_NAME_MAX: usize = 200;

pub(super) fn router() -> OpenApiRouter<AppState> {
    let uploads = OpenApiRouter::new()
        .routes(routes!(upload))
        .routes(routes!(preview))
        .routes(routes!(import))
        .layer(DefaultBodyLimit::max(UPLOAD_LIMIT));
    OpenApiRouter::new().routes(routes!(get_imports)).routes(routes!(undo_import)).merge(uploads)
}

pub struct ImportSalesRights;

impl PageRights for ImportSalesRights {
    fn opens(account: &AccountState) -> bool {
        opens_import_sales(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_import_sales(account)
    }
}

pub type ImportSalesUser = PageUser<ImportSalesRights>;

/// A column chosen for each field (0-based; null: not in the file).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesColumnMapping {
    date: Option<usize>,
    phone: Option<usize>,
    value: Option<usize>,
    reference: Option<usize>,
    call_id: Option<usize>,
}

impl From<ColumnMapping> for SalesColumnMapping {
    fn from(m: ColumnMapping) -> Self {
        SalesColumnMapping { date: m.date, phone: m.phone, value: m.value, reference: m.reference, call_id: m.call_id }
    }
}

/// A row of the file as the preview shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesPreviewRow {
    /// The row's number as the spreadsheet shows it (the header is row 1).
    row: usize,
    cells: Vec<String>,
    /// What is wrong with it, in words; null when it imports.
    problem: Option<String>,
}

/// A row that does not import, and why.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesRowProblem {
    row: usize,
    problem: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesImportChoice {
    key: String,
    label: String,
}

/// The import form's choices and the account's matching, as defaults.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesImportChoices {
    match_by: MatchBy,
    match_days: i64,
    min_days: i64,
    max_days: i64,
    match_by_options: Vec<SalesImportChoice>,
    same_reference_options: Vec<SalesImportChoice>,
    bad_rows_options: Vec<SalesImportChoice>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesFilePreview {
    file_name: String,
    headers: Vec<String>,
    /// The posted mapping, or the one the headers suggest when none is posted.
    mapping: SalesColumnMapping,
    /// The mapping's problems by field (form_column_date, ...); rows are checked only without any.
    mapping_errors: BTreeMap<String, String>,
    /// The first rows, each with its problem.
    rows: Vec<SalesPreviewRow>,
    /// The first rows with problems (at most 100).
    problems: Vec<SalesRowProblem>,
    total_rows: usize,
    good_rows: usize,
    bad_rows: usize,
    choices: SalesImportChoices,
    can_import: bool,
}

/// The import form's text fields (the file aside); a column is its 0-based index, '' for none.
#[derive(Deserialize, Validate, ToSchema)]
struct SalesImportFields {
    #[serde(default)]
    #[garde(length(chars, max = 10))]
    form_column_date: String,
    #[serde(default)]
    #[garde(length(chars, max = 10))]
    form_column_phone: String,
    #[serde(default)]
    #[garde(length(chars, max = 10))]
    form_column_value: String,
    #[serde(default)]
    #[garde(length(chars, max = 10))]
    form_column_reference: String,
    #[serde(default)]
    #[garde(length(chars, max = 10))]
    form_column_call_id: String,
    /// callerNumber or callId.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    form_match_by: String,
    /// 1 to 90.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    form_match_days: String,
    /// combine or replace.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    form_same_reference: String,
    /// skip or stop.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    form_bad_rows: String,
    /// A file uploaded by importsales/upload, by its id: instead of form_file.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    form_upload: String,
    /// The CSV (.csv) or Excel (.xlsx, .xls) file, its first row the headers (multipart only).
    #[serde(skip)]
    #[schema(value_type = Option<String>, format = Binary)]
    #[garde(skip)]
    #[allow(dead_code)]
    form_file: (),
}

/// An upload's form: the file alone.
#[derive(Deserialize, Validate, ToSchema)]
struct SalesUploadFields {
    /// The CSV (.csv) or Excel (.xlsx, .xls) file, its first row the headers (multipart only).
    #[serde(skip)]
    #[schema(value_type = Option<String>, format = Binary)]
    #[garde(skip)]
    #[allow(dead_code)]
    form_file: (),
}

/// An uploaded sales file, kept for its mapping page.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesUploaded {
    success: bool,
    /// The upload's id: /importsales/fieldmapping/{id}.
    upload_id: i64,
    file_name: String,
}

impl SalesImportFields {
    fn form(&self) -> ImportForm {
        ImportForm {
            column_date: self.form_column_date.clone(),
            column_phone: self.form_column_phone.clone(),
            column_value: self.form_column_value.clone(),
            column_reference: self.form_column_reference.clone(),
            column_call_id: self.form_column_call_id.clone(),
            match_by: self.form_match_by.clone(),
            match_days: self.form_match_days.clone(),
            same_reference: self.form_same_reference.clone(),
            bad_rows: self.form_bad_rows.clone(),
        }
    }

    fn has_mapping(&self) -> bool {
        [
            &self.form_column_date,
            &self.form_column_phone,
            &self.form_column_value,
            &self.form_column_reference,
            &self.form_column_call_id,
        ]
        .iter()
        .any(|c| !c.trim().is_empty())
    }
}

/// The posted file opened, or 422 on form_file with the problem in words (429 while every
/// reader of workbooks is busy).
async fn open_file(state: &AppState, file: Option<UploadedFile>) -> Result<(String, SalesFile), AppError> {
    let file = file.ok_or_else(|| AppError::field("form_file", FILE_REQUIRED))?;
    let name: String = file.file_name.chars().filter(|c| !c.is_control()).take(FILE_NAME_MAX).collect();
    let opened = SalesFile::open(&name, file.bytes, &state.workbooks).await.map_err(|refused| match refused {
        Refused::File(words) => AppError::field("form_file", words),
        Refused::Busy => AppError::TooManyRequests(WORKBOOKS_BUSY.into(), serde_json::json!({ "retryAfter": 60 })),
    })?;
    Ok((name, opened))
}

/// The file of a preview or an import: the one posted, else the account's upload named by
/// form_upload (422 on form_upload when the account has no such upload, or no longer).
async fn posted_or_uploaded(
    state: &AppState,
    customer: CustomerId,
    form: &mut Form<SalesImportFields>,
) -> Result<(String, SalesFile), AppError> {
    let posted = form.take_file("form_file");
    let upload = form.fields.form_upload.trim();
    if posted.is_some() || upload.is_empty() {
        return open_file(state, posted).await;
    }
    let gone = || AppError::field("form_upload", UPLOAD_GONE);
    let id: i64 = upload.parse().map_err(|_| gone())?;
    let (name, content) = sale_uploads::load(&state.db, customer, id).await?.ok_or_else(gone)?;
    open_file(state, Some(UploadedFile { field: "form_file".into(), file_name: name, bytes: content })).await
}

/// Keeps a sales file for its mapping page (/importsales/fieldmapping/{id}) once it opens as
/// CSV or Excel; the account keeps its newest 20 uploads for a week.
#[utoipa::path(post, path = "/importsales/upload", tag = "sales",
    request_body(content = SalesUploadFields, content_type = "multipart/form-data"),
    responses((status = 200, body = SalesUploaded), (status = 403, description = "No Import sales menu item"),
        (status = 413, description = "The file is larger than 25 MB"),
        (status = 422, description = "form_file: no file, not CSV or Excel, unreadable, or a workbook past its bounds (its parts unpack to more than 100 MB, its cells hold more than 64 MB of text, or its reading needs more than a child process's 60 s and 1.5 GB)"),
        (status = 429, description = "Every reader of workbooks is busy (two at once per server): try again in a minute")))]
async fn upload(
    State(state): State<AppState>,
    user: ImportSalesUser,
    mut form: Form<SalesUploadFields>,
) -> Result<Json<SalesUploaded>, AppError> {
    let file = form.take_file("form_file").ok_or_else(|| AppError::field("form_file", FILE_REQUIRED))?;
    // Opened (and dropped) first: a file that is not a sales file is refused here, not kept.
    let (file_name, _) = open_file(&state, Some(file.clone())).await?;
    let now = state.clock.now();
    let upload_id =
        sale_uploads::insert(&state.db, user.customer(), user.account.user_id, &file_name, &file.bytes, now).await?;
    Ok(Json(SalesUploaded { success: true, upload_id, file_name }))
}

fn choices<T: Copy>(all: &[T], key: fn(T) -> &'static str, label: fn(T) -> &'static str) -> Vec<SalesImportChoice> {
    all.iter().map(|c| SalesImportChoice { key: key(*c).to_string(), label: label(*c).to_string() }).collect()
}

/// The file's headers and first rows, the mapping the headers suggest (or the one posted) and
/// each row's problem under it, with the counts of good and bad rows; nothing is stored.
#[utoipa::path(post, path = "/importsales/preview", tag = "sales",
    request_body(content = SalesImportFields, content_type = "multipart/form-data"),
    responses((status = 200, body = SalesFilePreview), (status = 403, description = "No Import sales menu item"),
        (status = 413, description = "The file is larger than 25 MB"),
        (status = 422, description = "form_file: no file, not CSV or Excel, unreadable, no rows, more than 200,000 rows or 50 columns, or a workbook past its bounds (its parts unpack to more than 100 MB, its cells hold more than 64 MB of text, or its reading needs more than a child process's 60 s and 1.5 GB)"),
        (status = 429, description = "Every reader of workbooks is busy (two at once per server): try again in a minute")))]
async fn preview(
    State(state): State<AppState>,
    user: ImportSalesUser,
    mut form: Form<SalesImportFields>,
) -> Result<Json<SalesFilePreview>, AppError> {
    let (file_name, file) = posted_or_uploaded(&state, user.customer(), &mut form).await?;
    let settings = sales_store::settings(&state.db, user.customer()).await?;
    let fields = &form.fields;
    let match_by = MatchBy::from_key(fields.form_match_by.trim()).unwrap_or(settings.match_by);
    let mut errors = FieldErrors::new();
    let mapping =
        if fields.has_mapping() { parse_mapping(&fields.form(), &mut errors) } else { guess_mapping(&file.headers) };
    if errors.is_empty() {
        errors = check_mapping(&mapping, file.headers.len(), match_by);
    }
    let check_rows = errors.is_empty();
    let headers = file.headers.clone();
    let (mut rows, mut problems) = (Vec::new(), Vec::new());
    let (mut total, mut bad) = (0, 0);
    for (index, (line, row)) in file.enumerate() {
        if index >= ROWS_MAX {
            return Err(AppError::field("form_file", TOO_MANY_ROWS));
        }
        total += 1;
        let problem = match (&row, check_rows) {
            (Err(problem), _) => Some(problem.clone()),
            (Ok(cells), true) => read_row(cells, &mapping, user.zone()).err(),
            (Ok(_), false) => None,
        };
        if let Some(problem) = &problem {
            bad += 1;
            if problems.len() < PROBLEMS_LISTED {
                problems.push(SalesRowProblem { row: line, problem: problem.clone() });
            }
        }
        if rows.len() < PREVIEW_ROWS {
            rows.push(SalesPreviewRow { row: line, cells: row.unwrap_or_default(), problem });
        }
    }
    if total == 0 {
        return Err(AppError::field("form_file", domain::sales::import::FILE_EMPTY));
    }
    Ok(Json(SalesFilePreview {
        file_name,
        headers,
        mapping: mapping.into(),
        mapping_errors: errors.iter().map(|(f, m)| (f.to_string(), m.to_string())).collect(),
        rows,
        problems,
        total_rows: total,
        good_rows: if check_rows { total - bad } else { 0 },
        bad_rows: bad,
        choices: SalesImportChoices {
            match_by: settings.match_by,
            match_days: settings.match_days,
            min_days: MATCH_DAYS_MIN,
            max_days: MATCH_DAYS_MAX,
            match_by_options: choices(&MatchBy::ALL, MatchBy::key, MatchBy::label),
            same_reference_options: choices(&SameReference::ALL, SameReference::key, SameReference::label),
            bad_rows_options: choices(&BadRows::ALL, BadRows::key, BadRows::label),
        },
        can_import: user.can_edit(),
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesImported {
    success: bool,
    /// The import's id (for undo).
    id: i64,
    imported: i64,
    skipped: i64,
    /// Imported sales matched to a call.
    matched: i64,
    /// Whole percent of the imported sales matched; null when none was imported.
    match_rate: Option<i64>,
    /// Earlier sales of the same reference replaced.
    replaced: i64,
    /// The first skipped rows (at most 100) and why.
    problems: Vec<SalesRowProblem>,
    /// The imported sales no call matched (the first 100), so they can be looked into.
    unmatched: Vec<UnmatchedSale>,
}

/// An imported sale no call matched, as the customer's file gave it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UnmatchedSale {
    /// "" when the file gave none.
    reference: String,
    /// "23/11/2026".
    date: String,
    /// "£1,250.50".
    value: String,
    /// "07700 900123", or "" when the file gave none.
    phone: String,
}

/// Imports the file's sales in one transaction: each row read by the domain's rules, matched in
/// batches, stored with the import's id; a bad row is skipped, or (form_bad_rows=stop) nothing
/// is stored and the answer is 422 naming the first bad row.
#[utoipa::path(post, path = "/importsales/import", tag = "sales",
    request_body(content = SalesImportFields, content_type = "multipart/form-data"),
    responses((status = 200, body = SalesImported), (status = 403, description = "Not an administrator"),
        (status = 413, description = "The file is larger than 25 MB"),
        (status = 422, description = "form_file (as preview: unreadable, more than 200,000 rows or 50 columns, a workbook past its bounds), form_column_*, form_match_by, form_match_days, form_same_reference, form_bad_rows"),
        (status = 429, description = "Every reader of workbooks is busy (two at once per server): try again in a minute")))]
async fn import(
    State(state): State<AppState>,
    user: ImportSalesUser,
    mut form: Form<SalesImportFields>,
) -> Result<Json<SalesImported>, AppError> {
    user.require_edit()?;
    let (file_name, file) = posted_or_uploaded(&state, user.customer(), &mut form).await?;
    let options = parse_import_form(&form.fields.form(), file.headers.len()).map_err(AppError::Validation)?;
    let customer = user.customer();
    let now = state.clock.now();
    let user_name = format!("{} {}", user.account.user_forename, user.account.user_surname);
    let import = NewImport {
        user_id: user.account.user_id,
        user_name: user_name.trim(),
        file_name: &file_name,
        matching: options.matching,
        same_reference: options.same_reference,
    };
    let stop = options.bad_rows == BadRows::Stop;
    // Dropped without a commit on any error: nothing of the import is stored.
    let mut tx = crate::db::begin_write(&state.db).await?;
    let id = store::begin(&mut tx, customer, &import, now).await?;
    let mut figures = Figures::default();
    let mut problems = Vec::new();
    let mut batch = Vec::with_capacity(BATCH);
    for (index, (line, row)) in file.enumerate() {
        if index >= ROWS_MAX {
            return Err(AppError::field("form_file", TOO_MANY_ROWS));
        }
        match row.and_then(|cells| read_row(&cells, &options.mapping, user.zone())) {
            Ok(sale) => batch.push(sale),
            Err(problem) => {
                figures.skipped += 1;
                if problems.len() < PROBLEMS_LISTED {
                    problems.push(SalesRowProblem { row: line, problem });
                }
            }
        }
        // Once a row stops the import, the rest are only read for their problems.
        if batch.len() == BATCH && !(stop && figures.skipped > 0) {
            let (matched, replaced) = store::add_batch(&mut tx, customer, id, &import, &batch, now).await?;
            (figures.imported, figures.matched, figures.replaced) =
                (figures.imported + batch.len() as i64, figures.matched + matched, figures.replaced + replaced);
            batch.clear();
        }
    }
    if figures.skipped > 0 && (stop || figures.imported + batch.len() as i64 == 0) {
        let first = &problems[0];
        return Err(AppError::field("form_file", stopped_message(figures.skipped as usize, first.row, &first.problem)));
    }
    if figures.imported + batch.len() as i64 == 0 {
        return Err(AppError::field("form_file", domain::sales::import::FILE_EMPTY));
    }
    let (matched, replaced) = store::add_batch(&mut tx, customer, id, &import, &batch, now).await?;
    figures.imported += batch.len() as i64;
    figures.matched += matched;
    figures.replaced += replaced;
    store::finish(&mut tx, customer, id, &figures).await?;
    let unmatched = store::unmatched(&mut tx, customer, id, PROBLEMS_LISTED as i64)
        .await?
        .into_iter()
        .map(|(reference, sold_at, pence, phone)| UnmatchedSale {
            reference,
            date: domain::format_day_at(sold_at, user.zone()),
            value: domain::billing::invoice::pounds_text(pence),
            phone: if phone.is_empty() { String::new() } else { domain::reports::format_uk(&phone) },
        })
        .collect();
    tx.commit().await?;
    Ok(Json(SalesImported {
        success: true,
        id,
        imported: figures.imported,
        skipped: figures.skipped,
        matched: figures.matched,
        match_rate: match_rate(figures.matched, figures.imported),
        replaced: figures.replaced,
        problems,
        unmatched,
    }))
}

/// A past import.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesImportLine {
    id: i64,
    /// When, in the account's zone.
    time: String,
    file_name: String,
    /// Who imported it.
    user: String,
    same_reference: SameReference,
    imported: i64,
    skipped: i64,
    matched: i64,
    match_rate: Option<i64>,
    replaced: i64,
    /// When it was undone ('' when it stands).
    undone: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesImportHistory {
    imports: Vec<SalesImportLine>,
    /// Whether the user may import and undo.
    can_import: bool,
}

/// The account's latest 100 imports, newest first.
#[utoipa::path(get, path = "/importsales/getImports", tag = "sales",
    responses((status = 200, body = SalesImportHistory), (status = 403, description = "No Import sales menu item")))]
async fn get_imports(
    State(state): State<AppState>,
    user: ImportSalesUser,
) -> Result<Json<SalesImportHistory>, AppError> {
    let zone = user.zone().to_string();
    let imports = store::list(&state.db, user.customer(), HISTORY)
        .await?
        .into_iter()
        .map(|i| SalesImportLine {
            id: i.id,
            time: format_date_time(i.created_at, &zone),
            file_name: i.file_name,
            user: i.user_name,
            same_reference: if i.same_reference == "replace" { SameReference::Replace } else { SameReference::Combine },
            imported: i.rows_imported,
            skipped: i.rows_skipped,
            matched: i.matched,
            match_rate: match_rate(i.matched, i.rows_imported),
            replaced: i.replaced,
            undone: i.undone_at.map(|t| format_date_time(t, &zone)).unwrap_or_default(),
        })
        .collect();
    Ok(Json(SalesImportHistory { imports, can_import: user.can_edit() }))
}

#[derive(Deserialize, Validate, ToSchema)]
struct SalesUndoFields {
    /// The import's id.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    form_import_id: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesImportUndone {
    success: bool,
    /// The import's sales deleted.
    removed: i64,
    /// Earlier sales it had replaced, counted again.
    restored: i64,
}

/// Undoes an import in one transaction: its sales are deleted, the sales it replaced put back.
#[utoipa::path(post, path = "/importsales/undoImport", tag = "sales",
    request_body(content((SalesUndoFields = "multipart/form-data"), (SalesUndoFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = SalesImportUndone), (status = 403, description = "Not an administrator"),
        (status = 404, description = "Not an import of this account"),
        (status = 422, description = "form_import_id: already undone")))]
async fn undo_import(
    State(state): State<AppState>,
    user: ImportSalesUser,
    Form { fields, .. }: Form<SalesUndoFields>,
) -> Result<Json<SalesImportUndone>, AppError> {
    user.require_edit()?;
    let id: i64 = fields.form_import_id.trim().parse().map_err(|_| AppError::NotFound)?;
    match store::undo(&state.db, user.customer(), id, state.clock.now()).await? {
        Undone::Done(removed, restored) => Ok(Json(SalesImportUndone { success: true, removed, restored })),
        Undone::AlreadyUndone => Err(AppError::field("form_import_id", IMPORT_ALREADY_UNDONE)),
        Undone::NotFound => Err(AppError::NotFound),
    }
}
