//! An Excel workbook's parts checked before any reader opens them: a .xlsx is a ZIP of XML
//! parts, and what its directory says they unpack to is summed and bounded; the shared-strings
//! part's own count of its texts (which readers reserve memory for) must fit the part's size. A
//! file that lies about its sizes still meets the reader's limits (`workbook_reader`).

use std::io::{Cursor, Read};

use domain::sales::import::{FILE_UNREADABLE, WORKBOOK_TOO_LARGE, WORKBOOK_UNPACKED_MAX};

/// Parts a workbook may have (a sheet, its styles, themes, relations...).
const PARTS_MAX: usize = 1_000;
/// The fewest bytes a text takes in the shared-strings part: `<si/>`.
const TEXT_BYTES_MIN: u64 = 5;
/// The shared-strings part's start read for its counts.
const HEAD_BYTES: u64 = 4 * 1024;

/// Refuses, in words, a workbook whose parts unpack past the bound or whose shared-strings
/// count cannot be true. A file that is not a ZIP (an .xls) has no parts to check.
pub fn check(bytes: &[u8]) -> Result<(), &'static str> {
    if !bytes.starts_with(b"PK\x03\x04") {
        return Ok(());
    }
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| FILE_UNREADABLE)?;
    if zip.len() > PARTS_MAX {
        return Err(FILE_UNREADABLE);
    }
    let mut unpacked: u64 = 0;
    let mut shared_strings = Vec::new();
    for index in 0..zip.len() {
        let part = zip.by_index_raw(index).map_err(|_| FILE_UNREADABLE)?;
        unpacked = unpacked.saturating_add(part.size());
        if part.name().map_err(|_| FILE_UNREADABLE)?.to_ascii_lowercase().ends_with("sharedstrings.xml") {
            shared_strings.push((index, part.size()));
        }
    }
    if unpacked > WORKBOOK_UNPACKED_MAX {
        return Err(WORKBOOK_TOO_LARGE);
    }
    for (index, size) in shared_strings {
        let mut head = Vec::new();
        let part = zip.by_index(index).map_err(|_| FILE_UNREADABLE)?;
        part.take(HEAD_BYTES).read_to_end(&mut head).map_err(|_| FILE_UNREADABLE)?;
        if counts(&head).any(|count| count.is_none_or(|n| n > size / TEXT_BYTES_MIN)) {
            return Err(FILE_UNREADABLE);
        }
    }
    Ok(())
}

/// The `count` and `uniqueCount` attributes of the part's `<sst>` element, each as a number (None
/// when it is not one a reader could use).
fn counts(head: &[u8]) -> impl Iterator<Item = Option<u64>> + '_ {
    let text = String::from_utf8_lossy(head);
    let sst = text.find("<sst").map(|at| &text[at..]).unwrap_or("");
    let element = sst.split('>').next().unwrap_or("").to_string();
    ["count", "uniqueCount"]
        .into_iter()
        .filter_map(move |name| attribute(&element, name).map(|value| value.trim().parse::<u64>().ok()))
}

/// The value of the attribute `name` in an element's start tag.
fn attribute<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = element;
    while let Some(at) = rest.find(name) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + name.len()..].trim_start();
        rest = &rest[at + name.len()..];
        if !before.is_some_and(char::is_whitespace) {
            continue;
        }
        let Some(value) = after.strip_prefix('=') else { continue };
        let value = value.trim_start();
        let quote = value.chars().next()?;
        if quote != '"' && quote != '\'' {
            return None;
        }
        return value[1..].split(quote).next();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use zip::write::SimpleFileOptions;

    /// A ZIP of the parts given.
    fn zipped(parts: &[(&str, &[u8])]) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, content) in parts {
            zip.start_file(*name, SimpleFileOptions::default()).unwrap();
            zip.write_all(content).unwrap();
        }
        zip.finish().unwrap().into_inner()
    }

    const SST: &str =
        r#"<?xml version="1.0"?><sst xmlns="x" count="2" uniqueCount="2"><si><t>a</t></si><si><t>b</t></si></sst>"#;

    #[test]
    fn a_workbook_whose_counts_fit_its_parts_passes() {
        assert_eq!(check(&zipped(&[("xl/sharedStrings.xml", SST.as_bytes())])), Ok(()));
        // An .xls (not a ZIP) has no parts to check here.
        assert_eq!(check(&[0xD0, 0xCF, 0x11, 0xE0, 0, 0]), Ok(()));
    }

    #[test]
    fn a_shared_strings_count_the_part_cannot_hold_is_refused() {
        let lie = SST.replace(r#"uniqueCount="2""#, r#"uniqueCount="4000000000000""#);
        assert_eq!(check(&zipped(&[("xl/sharedStrings.xml", lie.as_bytes())])), Err(FILE_UNREADABLE));
        let overflow = SST.replace(r#"count="2""#, r#"count="99999999999999999999999""#);
        assert_eq!(check(&zipped(&[("xl/sharedStrings.xml", overflow.as_bytes())])), Err(FILE_UNREADABLE));
        let negative = SST.replace(r#"uniqueCount="2""#, r#"uniqueCount="-1""#);
        assert_eq!(check(&zipped(&[("xl/SharedStrings.xml", negative.as_bytes())])), Err(FILE_UNREADABLE));
    }

    #[test]
    fn parts_that_unpack_past_the_bound_are_refused() {
        let big = vec![b' '; (WORKBOOK_UNPACKED_MAX / 2 + 1) as usize];
        let bytes = zipped(&[("xl/worksheets/sheet1.xml", &big), ("xl/worksheets/sheet2.xml", &big)]);
        assert!(bytes.len() < 1024 * 1024, "compressed to {}", bytes.len());
        assert_eq!(check(&bytes), Err(WORKBOOK_TOO_LARGE));
    }

    #[test]
    fn a_zip_that_is_no_zip_is_unreadable() {
        assert_eq!(check(b"PK\x03\x04junk"), Err(FILE_UNREADABLE));
    }

    #[test]
    fn attributes_are_read_by_whole_name() {
        let tag = r#"<sst xmlns="x" uniqueCount = '7' count="9""#;
        assert_eq!(attribute(tag, "count"), Some("9"));
        assert_eq!(attribute(tag, "uniqueCount"), Some("7"));
        assert_eq!(attribute(tag, "other"), None);
    }
}
