//! invoices/getInvoiceList and invoices/downloadInvoice/{fileId}/{pdf|csv|excel}:
//! the customer's invoices, made by the billing run, and their files, generated from the stored
//! invoice. Only with the billing access flag; another customer's file, or a format the customer
//! is not offered, is 404.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::response::Response;
use axum::Json;
use domain::billing::invoice::{invoice_number, local_date};
use domain::{billing_page, format_date, guard, GuardStep};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::files::invoices::{Format, InvoiceDocument};
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::download::{attachment, file_name_part};
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::invoices;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(invoice_list)).routes(routes!(download))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Invoice {
    id: i64,
    number: String,
    /// The invoice date in the account's zone, YYYY-MM-DD.
    date: String,
    /// In pounds.
    net: f64,
    vat: f64,
    gross: f64,
    pdf_id: Option<i64>,
    csv_id: Option<i64>,
    excel_id: Option<i64>,
}

/// The file formats the customer is offered.
#[derive(Serialize, ToSchema)]
struct InvoiceFileOptions {
    pdf: bool,
    csv: bool,
    excel: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InvoiceList {
    /// Newest first.
    invoices: Vec<Invoice>,
    file_options: InvoiceFileOptions,
}

/// An invoice file's format, in the download's path (documentation only: the handler reads
/// the path itself, so an unknown format is 404 like an unknown file).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)]
enum InvoiceFileFormat {
    Pdf,
    Csv,
    Excel,
}

/// An invoice file's bytes (documentation only: the download answers the bytes themselves).
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
#[allow(dead_code)]
struct InvoiceFile(Vec<u8>);

/// The invoices page's guard, in the account's portal.
fn require_invoices(user: &AccountUser) -> Result<(), AppError> {
    match guard(&billing_page("/invoices", &user.account), &user.account) {
        GuardStep::Allow => Ok(()),
        _ => Err(AppError::Forbidden),
    }
}

fn file_options(stored: &str) -> InvoiceFileOptions {
    let has = |format: &str| stored.split(',').any(|f| f.trim() == format);
    InvoiceFileOptions { pdf: has("pdf"), csv: has("csv"), excel: has("excel") }
}

fn pounds(pence: i64) -> f64 {
    pence as f64 / 100.0
}

/// The customer's invoices and the file formats it is offered.
#[utoipa::path(get, path = "/invoices/getInvoiceList", tag = "billing", responses((status = 200, body = InvoiceList)))]
async fn invoice_list(State(state): State<AppState>, user: AccountUser) -> Result<Json<InvoiceList>, AppError> {
    require_invoices(&user)?;
    let customer = user.customer();
    let zone = &user.account.customer_time_zone;
    let invoices = invoices::list(&state.db, customer)
        .await?
        .into_iter()
        .map(|i| {
            Ok(Invoice {
                number: invoice_number(i.id),
                date: local_date(i.issued_at, zone).map_err(AppError::Internal)?,
                net: pounds(i.net_pence),
                vat: pounds(i.vat_pence),
                gross: pounds(i.gross_pence),
                pdf_id: i.pdf_id,
                csv_id: i.csv_id,
                excel_id: i.excel_id,
                id: i.id,
            })
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    let file_options = file_options(&invoices::file_options(&state.db, customer).await?);
    Ok(Json(InvoiceList { invoices, file_options }))
}

/// An invoice's file, made from the stored invoice, as an attachment
/// (`Calltrack_Invoice_INV-000123.pdf`).
#[utoipa::path(get, path = "/invoices/downloadInvoice/{file_id}/{format}", tag = "billing",
    params(
        ("file_id" = i64, Path, description = "The file (the list's `pdfId`, `csvId` or `excelId`)", minimum = 1),
        ("format" = inline(InvoiceFileFormat), Path, description = "The file's format: one the customer is offered"),
    ),
    responses((status = 200, description = "The invoice file, as an attachment",
        content(
            (InvoiceFile = "application/pdf"),
            (InvoiceFile = "text/csv"),
            (InvoiceFile = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ))))]
async fn download(
    State(state): State<AppState>,
    user: AccountUser,
    Path((file_id, format)): Path<(String, String)>,
) -> Result<Response, AppError> {
    require_invoices(&user)?;
    let customer = user.customer();
    let file: i64 = file_id.parse().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)?;
    let format = Format::parse(&format).ok_or(AppError::NotFound)?;
    let offered = file_options(&invoices::file_options(&state.db, customer).await?);
    let allowed = match format {
        Format::Pdf => offered.pdf,
        Format::Csv => offered.csv,
        Format::Excel => offered.excel,
    };
    if !allowed {
        return Err(AppError::NotFound);
    }
    let (invoice, lines) =
        invoices::invoice_of_file(&state.db, customer, file, format.name()).await?.ok_or(AppError::NotFound)?;
    let date = local_date(invoice.issued_at, &user.account.customer_time_zone).map_err(AppError::Internal)?;
    let document = InvoiceDocument {
        product: user.account.product_name.clone(),
        number: invoice_number(invoice.id),
        date: format_date(&date).unwrap_or(date),
        period: invoice.period_label,
        bill_to: invoice.bill_to.lines().map(str::to_string).collect(),
        po_number: invoice.po_number,
        lines,
        totals: domain::billing::invoice::InvoiceTotals {
            net_pence: invoice.net_pence,
            vat_pence: invoice.vat_pence,
            gross_pence: invoice.gross_pence,
        },
    };
    let bytes = format.render(&document).map_err(AppError::Internal)?;
    let name =
        format!("{}_Invoice_{}.{}", file_name_part(&user.account.product_name), document.number, format.extension());
    Ok(attachment(format.content_type(), &name, bytes))
}
