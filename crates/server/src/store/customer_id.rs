//! The tenant key as a type of its own. Every store function that reads or writes one customer's
//! rows takes a `CustomerId`, so a user's id, a number's id or any other `i64` cannot be passed
//! where the customer is meant: the compiler refuses it, where a bare `i64` would leak another
//! customer's rows.

use serde::{Deserialize, Serialize};

/// A customer's id (the `customers` table's key). Made from the session's or the account's
/// customer, or from a row that was already filtered by one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, sqlx::Type)]
#[serde(transparent)]
#[sqlx(transparent)]
pub struct CustomerId(i64);

impl CustomerId {
    pub const fn new(id: i64) -> CustomerId {
        CustomerId(id)
    }

    /// The bare key, for a message, a cache key or a domain rule that counts ids.
    pub const fn get(self) -> i64 {
        self.0
    }
}

impl std::fmt::Display for CustomerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::CustomerId;

    #[test]
    fn shows_and_serialises_as_the_bare_key() {
        let id = CustomerId::new(42);
        assert_eq!(id.to_string(), "42");
        assert_eq!(serde_json::to_string(&id).unwrap(), "42");
        assert_eq!(serde_json::from_str::<CustomerId>("42").unwrap(), id);
        assert_eq!(id.get(), 42);
    }
}
