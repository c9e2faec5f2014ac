//! Pages of a customer's lists this process has read, kept to answer the same question again
//! (the numbers page). A kept page is used only while the customer's version number
//! for that list, read with the session on the request (`sessions::find_with_versions`, the
//! one statement every /api request makes), is the one it was read at, and the instant it was
//! read for (the calls counted "in the last 30 days") is the same. The database's triggers bump
//! the version in the transaction of every write the list is derived from (migration 0053), so
//! a kept page is never stale, whichever process wrote.

use crate::store::CustomerId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// How many pages a process keeps; when full it starts again empty.
const CAPACITY: usize = 1_000;

/// What a page was read at: the list's version and the instant its counts start from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadAt {
    pub version: i64,
    pub since: i64,
}

struct Kept<T> {
    at: ReadAt,
    page: Arc<T>,
}

/// Pages keyed by (customer, the question: scope, search, sort, page); one per key, the latest.
pub struct KeptPages<T> {
    kept: Mutex<HashMap<(CustomerId, String), Kept<T>>>,
}

impl<T> Default for KeptPages<T> {
    fn default() -> Self {
        KeptPages { kept: Mutex::new(HashMap::new()) }
    }
}

impl<T> KeptPages<T> {
    /// The page kept for this customer's question, if it was read at `at`.
    pub fn get(&self, customer: CustomerId, question: &str, at: ReadAt) -> Option<Arc<T>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.get(&(customer, question.to_string())).filter(|k| k.at == at).map(|k| k.page.clone())
    }

    /// Keeps a page read after the version in `at` was.
    pub fn put(&self, customer: CustomerId, question: String, at: ReadAt, page: Arc<T>) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let key = (customer, question);
        if kept.len() >= CAPACITY && !kept.contains_key(&key) {
            kept.clear();
        }
        kept.insert(key, Kept { at, page });
    }

    /// How many pages are kept.
    pub fn len(&self) -> usize {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const AT: ReadAt = ReadAt { version: 4, since: 1_000 };

    #[test]
    fn a_kept_page_is_used_only_at_the_version_and_instant_it_was_read_at() {
        let pages = KeptPages::default();
        pages.put(CustomerId::new(100), "page 1".into(), AT, Arc::new(vec![1, 2]));
        assert_eq!(*pages.get(CustomerId::new(100), "page 1", AT).unwrap(), vec![1, 2]);
        assert!(pages.get(CustomerId::new(100), "page 1", ReadAt { version: 5, ..AT }).is_none(), "a write since");
        assert!(pages.get(CustomerId::new(100), "page 1", ReadAt { since: 1_001, ..AT }).is_none(), "a second later");
        assert!(pages.get(CustomerId::new(100), "page 2", AT).is_none(), "another question");
        assert!(pages.get(CustomerId::new(200), "page 1", AT).is_none(), "another customer");
    }

    #[test]
    fn a_newer_read_replaces_the_kept_page() {
        let pages = KeptPages::default();
        pages.put(CustomerId::new(100), "page 1".into(), AT, Arc::new(1));
        pages.put(CustomerId::new(100), "page 1".into(), ReadAt { version: 5, ..AT }, Arc::new(2));
        assert_eq!(pages.len(), 1);
        assert_eq!(*pages.get(CustomerId::new(100), "page 1", ReadAt { version: 5, ..AT }).unwrap(), 2);
    }

    #[test]
    fn a_full_store_starts_again() {
        let pages = KeptPages::default();
        for n in 0..CAPACITY {
            pages.put(CustomerId::new(100), format!("page {n}"), AT, Arc::new(n));
        }
        assert_eq!(pages.len(), CAPACITY);
        pages.put(CustomerId::new(100), "page 0".into(), AT, Arc::new(0));
        assert_eq!(pages.len(), CAPACITY, "replacing one keeps the rest");
        pages.put(CustomerId::new(100), "another".into(), AT, Arc::new(0));
        assert_eq!(pages.len(), 1);
    }
}
