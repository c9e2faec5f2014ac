//! Files the browser saves: the attachment headers, a header-safe file name, and CSV files
//! written while their rows are read.

use std::future::Future;

use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use domain::{push_csv_line, CsvCell};
use futures_util::StreamExt;
use tokio::sync::mpsc;

/// Rows are sent in pieces of about this many bytes.
const CSV_PIECE: usize = 64 * 1024;

/// The writer of a streamed CSV file: lines go into a piece, sent once it is full.
pub(crate) struct CsvPieces {
    piece: String,
    sender: mpsc::Sender<Result<Bytes, std::io::Error>>,
}

impl CsvPieces {
    /// Where the next lines are written.
    pub fn buffer(&mut self) -> &mut String {
        &mut self.piece
    }

    /// Sends the piece if it is full; false once the browser has gone away (stop writing).
    pub async fn flush_full(&mut self) -> bool {
        self.piece.len() < CSV_PIECE || self.sender.send(Ok(Bytes::from(std::mem::take(&mut self.piece)))).await.is_ok()
    }

    /// Ends the file with an error: the browser sees the download fail, not a short file.
    pub async fn fail(self, what: &str, error: impl std::fmt::Display) {
        tracing::error!(%error, "{what} failed");
        let _ = self.sender.send(Err(std::io::Error::other("the export failed"))).await;
    }

    pub async fn finish(self) {
        let _ = self.sender.send(Ok(Bytes::from(self.piece))).await;
    }
}

/// A CSV body: the byte order mark (spreadsheets then read UTF-8) and `header`, then what `write`
/// writes, in a task of its own while the browser reads, so a file of any size is never held in
/// memory at once.
pub(crate) fn streamed_csv<F, Fut>(header: &[&str], write: F) -> Body
where
    F: FnOnce(CsvPieces) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let (sender, received) = mpsc::channel::<Result<Bytes, std::io::Error>>(4);
    let mut piece = String::from("\u{feff}");
    let cells: Vec<CsvCell> = header.iter().map(|h| CsvCell::Value(h)).collect();
    push_csv_line(&mut piece, &cells);
    tokio::spawn(write(CsvPieces { piece, sender }));
    // Fused: the compression layer polls once more after the end.
    let pieces = futures_util::stream::unfold(received, |mut received| async move {
        received.recv().await.map(|piece| (piece, received))
    });
    Body::from_stream(pieces.fuse())
}

/// The product's name as a header-safe file name part.
pub(crate) fn file_name_part(name: &str) -> String {
    let safe: String = name.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_')).collect();
    if safe.trim().is_empty() {
        "export".to_string()
    } else {
        safe
    }
}

/// A response the browser saves as `file` (a name made of file_name_part and our own text).
pub(crate) fn attachment(content_type: &str, file: &str, body: impl IntoResponse) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file}\"")),
        ],
        body,
    )
        .into_response()
}
