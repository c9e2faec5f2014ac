//! The routing list asked one page at a time (spec/call-routing.md 2.1 and 2.6: search, sort,
//! rows per page), so that an account with 100,000 numbers never sends them all: the query's
//! bounds, and how a number typed as the list shows it is found among the stored ones.

use serde::{Deserialize, Serialize};

use crate::validation::FieldErrors;
use crate::NumberFormat;

/// The toolbar's rows-per-page choices besides 'All' (spec section 9).
pub const ROWS_PER_PAGE: [u32; 5] = [10, 25, 50, 100, 200];
/// The rows-per-page choice of every row on one page.
pub const ALL_ROWS: &str = "all";
/// The directions a list sorts in, as the query names them.
pub const DIRECTIONS: [&str; 2] = ["asc", "desc"];
pub const SEARCH_MAX: usize = 100;
/// Far beyond any account (100,000 numbers at 10 a page is 10,000 pages), small enough that
/// the offset stays cheap to compute.
pub const PAGE_MAX: u32 = 1_000_000;

pub const PAGE_MESSAGE: &str = "Page must be a whole number from 1.";
pub const PAGE_SIZE_MESSAGE: &str = "Rows per page must be 10, 25, 50, 100, 200 or all.";
pub const SEARCH_MESSAGE: &str = "Search must not exceed 100 characters.";
pub const SORT_MESSAGE: &str = "Sort must be one of the list's columns.";
pub const DIRECTION_MESSAGE: &str = "Direction must be asc or desc.";

/// The list's sortable columns, by the ids the browser's table uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ListSort {
    NumberPool,
    Type,
    Description,
    Destination,
    Recording,
    Status,
}

/// A sortable column of a list asked one page at a time: its id as the browser's table names
/// it, and whether it starts newest (largest) first when no direction is asked.
pub trait SortColumn: Copy + 'static {
    /// Every column, by its id (the query's `sort`, and the contract's enumeration of it).
    const COLUMNS: &'static [(&'static str, Self)];

    fn from_id(id: &str) -> Option<Self> {
        Self::COLUMNS.iter().find(|(key, _)| *key == id).map(|(_, column)| *column)
    }
    fn descending_by_default(self) -> bool {
        false
    }
}

impl SortColumn for ListSort {
    const COLUMNS: &'static [(&'static str, ListSort)] = &[
        ("numberPool", ListSort::NumberPool),
        ("type", ListSort::Type),
        ("description", ListSort::Description),
        ("destination", ListSort::Destination),
        ("recording", ListSort::Recording),
        ("status", ListSort::Status),
    ];
}

/// How the list and its export name a row's kind.
pub fn kind_label(kind: &str) -> &'static str {
    if kind == "static" {
        "Static"
    } else {
        "Dynamic pool"
    }
}

/// The query as it arrives: every field optional text.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams), into_params(parameter_in = Query))]
pub struct ListQueryInput {
    pub page: Option<String>,
    pub page_size: Option<String>,
    pub search: Option<String>,
    pub sort: Option<String>,
    pub direction: Option<String>,
}

/// A page of a list: which rows, searched and sorted how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableQuery<S> {
    /// From 1.
    pub page: u32,
    /// None: every row on one page.
    pub page_size: Option<u32>,
    /// Trimmed; empty matches every row.
    pub search: String,
    pub sort: S,
    pub descending: bool,
}

/// The routing list's query.
pub type ListQuery = TableQuery<ListSort>;

impl<S> TableQuery<S> {
    /// The rows to skip before the page.
    pub fn offset(&self) -> u64 {
        self.page_size.map_or(0, |size| u64::from(self.page - 1) * u64::from(size))
    }
}

/// A query's text as it is searched for: no stored text holds a NUL (every form refuses one)
/// and PostgreSQL cannot compare one, so a NUL is dropped rather than failing the query.
pub fn searched(text: &str) -> String {
    text.replace('\0', "")
}

fn text(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// The query with its defaults (page 1, every row, by number or pool ascending), or the field
/// errors of what is out of bounds.
pub fn parse_list_query(input: &ListQueryInput) -> Result<ListQuery, FieldErrors> {
    parse_table_query(input, ListSort::NumberPool)
}

/// Any list's query: page 1, every row, by `default_sort` in its own direction unless asked.
pub fn parse_table_query<S: SortColumn>(input: &ListQueryInput, default_sort: S) -> Result<TableQuery<S>, FieldErrors> {
    let mut errors = FieldErrors::new();
    let page = match text(&input.page) {
        None => 1,
        Some(raw) => match raw.parse::<u32>() {
            Ok(page) if (1..=PAGE_MAX).contains(&page) => page,
            _ => {
                errors.add("page", PAGE_MESSAGE);
                1
            }
        },
    };
    let page_size = match text(&input.page_size) {
        None | Some(ALL_ROWS) => None,
        Some(raw) => match raw.parse::<u32>() {
            Ok(size) if ROWS_PER_PAGE.contains(&size) => Some(size),
            _ => {
                errors.add("pageSize", PAGE_SIZE_MESSAGE);
                None
            }
        },
    };
    let search = searched(text(&input.search).unwrap_or(""));
    if search.chars().count() > SEARCH_MAX {
        errors.add("search", SEARCH_MESSAGE);
    }
    let sort = match text(&input.sort) {
        None => default_sort,
        Some(id) => S::from_id(id).unwrap_or_else(|| {
            errors.add("sort", SORT_MESSAGE);
            default_sort
        }),
    };
    let descending = match text(&input.direction) {
        None => sort.descending_by_default(),
        Some(key) if key == DIRECTIONS[0] => false,
        Some(key) if key == DIRECTIONS[1] => true,
        Some(_) => {
            errors.add("direction", DIRECTION_MESSAGE);
            false
        }
    };
    errors.into_result().map(|()| TableQuery { page, page_size, search, sort, descending })
}

/// What to look for among the stored numbers (national, '01134960000') when the user types a
/// number as the list shows it in `format` ('+44 113 496', '0044113496', '0113-496'): the
/// digits as typed, and the national form when the typed digits start with the country code.
/// Empty when the search is not a number (it has letters, or no digits).
pub fn number_needles(search: &str, format: &NumberFormat) -> Vec<String> {
    let phone_like = search.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '(' | ')' | '-'));
    let digits: String = search.chars().filter(char::is_ascii_digit).collect();
    if !phone_like || digits.is_empty() {
        return Vec::new();
    }
    let country = format.country_code.to_string();
    let international = digits.strip_prefix("00").unwrap_or(&digits);
    let mut needles = vec![digits.clone()];
    if let Some(national) = international.strip_prefix(country.as_str()).filter(|n| !n.is_empty()) {
        needles.push(format!("0{national}"));
    }
    needles.dedup();
    needles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NumberPrefix;

    #[test]
    fn a_nul_in_a_search_is_dropped_since_no_stored_text_holds_one() {
        assert_eq!(searched("Lo\0ndon\0"), "London");
        assert_eq!(parse_list_query(&input(&[("search", " 0161\0 ")])).unwrap().search, "0161");
    }

    fn input(pairs: &[(&str, &str)]) -> ListQueryInput {
        let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| v.to_string());
        ListQueryInput {
            page: get("page"),
            page_size: get("pageSize"),
            search: get("search"),
            sort: get("sort"),
            direction: get("direction"),
        }
    }

    #[test]
    fn nothing_asked_is_every_row_by_number() {
        let query = parse_list_query(&ListQueryInput::default()).unwrap();
        assert_eq!(
            query,
            ListQuery {
                page: 1,
                page_size: None,
                search: String::new(),
                sort: ListSort::NumberPool,
                descending: false
            }
        );
        assert_eq!(query.offset(), 0);
    }

    #[test]
    fn a_page_of_a_search_sorted_by_a_column() {
        let query = parse_list_query(&input(&[
            ("page", "3"),
            ("pageSize", "25"),
            ("search", "  leeds "),
            ("sort", "description"),
            ("direction", "desc"),
        ]))
        .unwrap();
        assert_eq!(query.search, "leeds");
        assert_eq!(query.sort, ListSort::Description);
        assert!(query.descending);
        assert_eq!(query.offset(), 50);
        assert_eq!(parse_list_query(&input(&[("pageSize", "all"), ("page", "7")])).unwrap().offset(), 0);
    }

    #[test]
    fn out_of_bounds_fields_are_named() {
        let errors = parse_list_query(&input(&[
            ("page", "0"),
            ("pageSize", "1000000"),
            ("search", &"x".repeat(101)),
            ("sort", "password"),
            ("direction", "sideways"),
        ]))
        .unwrap_err();
        assert_eq!(errors.get("page"), Some(PAGE_MESSAGE));
        assert_eq!(errors.get("pageSize"), Some(PAGE_SIZE_MESSAGE));
        assert_eq!(errors.get("search"), Some(SEARCH_MESSAGE));
        assert_eq!(errors.get("sort"), Some(SORT_MESSAGE));
        assert_eq!(errors.get("direction"), Some(DIRECTION_MESSAGE));
        for page in ["-1", "1.5", "abc", "99999999999", "1000001"] {
            assert!(parse_list_query(&input(&[("page", page)])).is_err(), "{page}");
        }
        assert!(parse_list_query(&input(&[("search", &"é".repeat(100))])).is_ok());
    }

    #[test]
    fn kinds_are_named_as_the_list_shows_them() {
        assert_eq!(kind_label("static"), "Static");
        assert_eq!(kind_label("dynamic"), "Dynamic pool");
    }

    #[test]
    fn a_number_typed_as_shown_finds_the_stored_one() {
        let uk = NumberFormat::default();
        assert_eq!(number_needles("0113 496", &uk), ["0113496"]);
        assert_eq!(number_needles("+44 113 496", &uk), ["44113496", "0113496"]);
        assert_eq!(number_needles("0044 (113) 496", &uk), ["0044113496", "0113496"]);
        assert_eq!(number_needles("496-0001", &uk), ["4960001"]);
        assert!(number_needles("Leeds 1", &uk).is_empty());
        assert!(number_needles("+ -", &uk).is_empty());
        let plus = NumberFormat { country_code: 353, prefix: NumberPrefix::Plus };
        assert_eq!(number_needles("+3531", &plus), ["3531", "01"]);
        assert_eq!(number_needles("353", &plus), ["353"]);
    }
}
