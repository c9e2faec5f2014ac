//! The account states this process has derived (store::accounts::load_state, a dozen
//! statements), kept to answer the next request of the same user on the same customer. A kept
//! state is used only while the version numbers read with the session on that request
//! (`sessions::find_with_versions`, one statement) are the ones it was derived at: the
//! database's triggers (migration 0052) bump them in the transaction of every write the state
//! is derived from, so a state kept here is never stale, whichever process wrote.

use crate::store::CustomerId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use domain::AccountState;

use crate::store::sessions::StateVersions;

/// How many (user, customer) states a process keeps; when full it starts again empty.
const CAPACITY: usize = 10_000;

struct Kept {
    versions: StateVersions,
    /// The instant from which the same data may give another state (a speech trial's end).
    valid_until: Option<i64>,
    state: Arc<AccountState>,
    /// The state as getAccountDetails sends it, serialised once.
    json: Bytes,
}

/// The per-process store of account states, keyed by (user, customer).
#[derive(Default)]
pub struct AccountStates {
    kept: Mutex<HashMap<(i64, CustomerId), Kept>>,
}

impl AccountStates {
    /// The state kept for a user on a customer, if it was derived at these versions and is
    /// still good at `now`.
    pub fn get(&self, user: i64, customer: CustomerId, versions: StateVersions, now: i64) -> Option<Arc<AccountState>> {
        self.read(user, customer, versions, now, |k| k.state.clone())
    }

    /// `get`'s state as JSON (what `getAccountDetails` answers).
    pub fn get_json(&self, user: i64, customer: CustomerId, versions: StateVersions, now: i64) -> Option<Bytes> {
        self.read(user, customer, versions, now, |k| k.json.clone())
    }

    fn read<T>(
        &self,
        user: i64,
        customer: CustomerId,
        versions: StateVersions,
        now: i64,
        what: impl Fn(&Kept) -> T,
    ) -> Option<T> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.get(&(user, customer))
            .filter(|k| k.versions == versions && k.valid_until.is_none_or(|until| now < until))
            .map(what)
    }

    /// Keeps a state derived after `versions` were read.
    pub fn put(
        &self,
        user: i64,
        customer: CustomerId,
        versions: StateVersions,
        valid_until: Option<i64>,
        state: Arc<AccountState>,
    ) -> Bytes {
        let json = Bytes::from(serde_json::to_vec(&*state).expect("an account state serialises"));
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= CAPACITY && !kept.contains_key(&(user, customer)) {
            kept.clear();
        }
        kept.insert((user, customer), Kept { versions, valid_until, state, json: json.clone() });
        json
    }

    /// How many states are kept.
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

    const V: StateVersions = StateVersions { customer: 3, user: 5, home: 2 };

    fn named(name: &str) -> Arc<AccountState> {
        Arc::new(AccountState { customer_name: name.into(), ..AccountState::default() })
    }

    #[test]
    fn a_kept_state_is_used_only_at_the_versions_it_was_derived_at() {
        let states = AccountStates::default();
        let put = states.put(7, CustomerId::new(1), V, None, named("Atlas"));
        assert_eq!(states.get(7, CustomerId::new(1), V, 100).unwrap().customer_name, "Atlas");
        assert_eq!(states.get_json(7, CustomerId::new(1), V, 100), Some(put.clone()), "put answers the JSON it keeps");
        let json: serde_json::Value = serde_json::from_slice(&put).unwrap();
        assert_eq!(json["customerName"], "Atlas", "the same state, as sent");
        for other in
            [StateVersions { customer: 4, ..V }, StateVersions { user: 6, ..V }, StateVersions { home: 3, ..V }]
        {
            assert!(states.get(7, CustomerId::new(1), other, 100).is_none());
        }
        assert!(states.get(7, CustomerId::new(2), V, 100).is_none(), "another customer");
        assert!(states.get(8, CustomerId::new(1), V, 100).is_none(), "another user");
    }

    #[test]
    fn a_kept_state_ends_when_its_data_would_give_another() {
        let states = AccountStates::default();
        states.put(7, CustomerId::new(1), V, Some(200), named("Atlas"));
        assert!(states.get(7, CustomerId::new(1), V, 199).is_some());
        assert!(states.get(7, CustomerId::new(1), V, 200).is_none());
        assert!(states.get_json(7, CustomerId::new(1), V, 200).is_none());
    }

    #[test]
    fn a_full_store_starts_again() {
        let states = AccountStates::default();
        for user in 0..CAPACITY as i64 {
            states.put(user, CustomerId::new(1), V, None, named("Atlas"));
        }
        assert_eq!(states.len(), CAPACITY);
        states.put(7, CustomerId::new(1), V, None, named("Atlas"));
        assert_eq!(states.len(), CAPACITY, "replacing one keeps the rest");
        states.put(-1, CustomerId::new(1), V, None, named("Atlas"));
        assert_eq!(states.len(), 1);
    }
}
