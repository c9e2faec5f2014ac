//! Excel workbooks are read in a child process, never in the server: calamine trusts the sizes
//! a file states (a count that overflows panics, one that fits the arithmetic but not memory
//! aborts the process), so a hostile workbook may only take down its own reader. The child is
//! this server's own program started as `server read-workbook`, the file on its standard input,
//! its rows (or the refusal in words) as JSON on its standard output, within the memory, CPU and
//! time of `LIMITS`. A few read at once per server (`AT_ONCE`); more wait a while, then are told.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Duration;

use domain::sales::import::{
    FILE_EMPTY, FILE_UNREADABLE, TOO_MANY_COLUMNS, WORKBOOK_TEXT_MAX, WORKBOOK_TOO_HEAVY, WORKBOOK_TOO_LARGE,
    WORKBOOK_TOO_MUCH_TEXT,
};
use serde::{Deserialize, Serialize};
use tokio::process::Command;
use tokio::sync::Semaphore;

use crate::child_process::{self, ChildFailure, Limits};

/// The argument that makes the server a workbook reader.
pub const READ_WORKBOOK: &str = "read-workbook";
/// Readers at once in one server process.
const AT_ONCE: usize = 2;
/// How long a file waits for a free reader before it is told to try again.
const WAIT: Duration = Duration::from_secs(20);
/// A workbook's reader: memory (the program's own mapping included), CPU and time; its answer is
/// the rows' text and the JSON around it.
const LIMITS: Limits = Limits {
    memory: 1536 << 20,
    cpu_seconds: 30,
    wall: Duration::from_secs(60),
    output_max: WORKBOOK_TEXT_MAX * 2 + (16 << 20),
};
/// The largest input the child takes (the upload limit and more).
const INPUT_MAX: u64 = 64 << 20;

/// Why a workbook's rows are not given.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The file, in words (FILE_UNREADABLE, WORKBOOK_TOO_LARGE, ...).
    File(&'static str),
    /// Every reader is busy (WORKBOOKS_BUSY).
    Busy,
}

/// What the child answers.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
enum Answer {
    Rows(Vec<Vec<String>>),
    Refused(String),
}

/// The server's readers of workbooks.
pub struct WorkbookReader {
    program: PathBuf,
    readers: Semaphore,
}

impl WorkbookReader {
    /// Readers that start `program` (this server's binary) as `program read-workbook`.
    pub fn new(program: PathBuf) -> WorkbookReader {
        WorkbookReader { program, readers: Semaphore::new(AT_ONCE) }
    }

    /// The first sheet's rows (at most `ROWS_MAX` + 2), read in a child process.
    pub async fn rows(&self, bytes: &[u8]) -> Result<Vec<Vec<String>>, Refused> {
        let _reader = tokio::time::timeout(WAIT, self.readers.acquire())
            .await
            .map_err(|_| Refused::Busy)?
            .expect("the readers are never closed");
        let mut command = Command::new(&self.program);
        command.arg(READ_WORKBOOK).env_clear();
        let output = child_process::run(&mut command, bytes, LIMITS).await.map_err(|failure| {
            // Its standard error may quote the customer's file: only the kind of failure is logged.
            let kind = match &failure {
                ChildFailure::NotStarted(_) => "could not be started",
                ChildFailure::TooSlow => "ran past its time",
                ChildFailure::TooMuchOutput => "wrote past its output limit",
                ChildFailure::Failed(_) => "failed or passed its memory or CPU limit",
            };
            tracing::warn!("a workbook's reader {kind}");
            match failure {
                ChildFailure::NotStarted(_) => Refused::File(FILE_UNREADABLE),
                _ => Refused::File(WORKBOOK_TOO_HEAVY),
            }
        })?;
        match serde_json::from_slice(&output) {
            Ok(Answer::Rows(rows)) => Ok(rows),
            Ok(Answer::Refused(words)) => Err(Refused::File(known(&words))),
            Err(_) => Err(Refused::File(FILE_UNREADABLE)),
        }
    }
}

/// The refusal the child named, as the domain's words (any other text is taken as unreadable).
fn known(words: &str) -> &'static str {
    [FILE_EMPTY, TOO_MANY_COLUMNS, WORKBOOK_TOO_LARGE, WORKBOOK_TOO_MUCH_TEXT]
        .into_iter()
        .find(|known| *known == words)
        .unwrap_or(FILE_UNREADABLE)
}

/// `server read-workbook`: reads a workbook from standard input, writes its `Answer` to standard
/// output. The exit status is 0 whenever an answer was written.
pub fn read_workbook_main() -> i32 {
    let mut bytes = Vec::new();
    if std::io::stdin().take(INPUT_MAX).read_to_end(&mut bytes).is_err() {
        return 1;
    }
    let answer = match super::workbook_parts::check(&bytes).and_then(|()| super::excel_rows(bytes, WORKBOOK_TEXT_MAX)) {
        Ok(rows) => Answer::Rows(rows),
        Err(words) => Answer::Refused(words.to_string()),
    };
    let mut out = std::io::stdout().lock();
    match serde_json::to_writer(&mut out, &answer).and_then(|()| out.flush().map_err(serde_json::Error::io)) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A reader program that runs `script` (sh) instead of reading.
    fn reader(dir: &tempfile::TempDir, script: &str) -> WorkbookReader {
        let path = dir.path().join("reader");
        std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        WorkbookReader::new(path)
    }

    #[tokio::test]
    async fn a_reader_that_dies_is_a_refusal_in_words_not_the_servers_end() {
        let dir = tempfile::tempdir().unwrap();
        let aborts = reader(&dir, "cat >/dev/null; kill -ABRT $$");
        assert_eq!(aborts.rows(b"PK\x03\x04").await, Err(Refused::File(WORKBOOK_TOO_HEAVY)));
        let rambles = reader(&dir, "cat >/dev/null; echo not json");
        assert_eq!(rambles.rows(b"PK\x03\x04").await, Err(Refused::File(FILE_UNREADABLE)));
        let refuses = reader(&dir, &format!("cat >/dev/null; echo '{{\"refused\":\"{WORKBOOK_TOO_LARGE}\"}}'"));
        assert_eq!(refuses.rows(b"PK\x03\x04").await, Err(Refused::File(WORKBOOK_TOO_LARGE)));
        let answers = reader(&dir, "cat >/dev/null; echo '{\"rows\":[[\"Date\"],[\"1\"]]}'");
        assert_eq!(answers.rows(b"PK\x03\x04").await, Ok(vec![vec!["Date".to_string()], vec!["1".to_string()]]));
    }

    #[test]
    fn only_the_domains_words_are_passed_on() {
        assert_eq!(known(WORKBOOK_TOO_MUCH_TEXT), WORKBOOK_TOO_MUCH_TEXT);
        assert_eq!(known("<script>"), FILE_UNREADABLE);
    }
}
