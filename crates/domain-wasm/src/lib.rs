//! The domain rules exported to the browser. Values cross the boundary with
//! serde-wasm-bindgen's JSON-compatible serializer, so maps arrive as plain objects.
//!
//! Built three times for the browser (scripts/build-wasm.sh), so that the first screen loads
//! only what it needs: feature `shell` (menus, guards, titles, the route table, the integration
//! overview, dates) for every screen; `pages` (the purchase modal, plans, prices, lists) with
//! the pages past the first screen; and `forms` (the form rules) with the screens that have
//! forms. `cargo` builds all three (the default).

use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::prelude::*;

#[cfg(any(feature = "shell", feature = "pages"))]
mod account_fields;
#[cfg(feature = "forms")]
mod agents;
#[cfg(feature = "forms")]
mod caller_ids;
#[cfg(feature = "forms")]
mod conversions;
#[cfg(feature = "forms")]
mod cta;
#[cfg(feature = "forms")]
mod dimensions;
#[cfg(feature = "forms")]
mod drafts;
#[cfg(feature = "forms")]
mod forms;
#[cfg(feature = "forms")]
mod history;
#[cfg(feature = "forms")]
mod ivr;
#[cfg(feature = "pages")]
mod pages;
#[cfg(feature = "forms")]
mod partners;
#[cfg(feature = "forms")]
mod phone;
#[cfg(feature = "forms")]
mod reports;
#[cfg(feature = "forms")]
mod routing;
#[cfg(feature = "forms")]
mod routing_extras;
#[cfg(feature = "forms")]
mod scoring;
#[cfg(feature = "shell")]
mod shell;
#[cfg(feature = "forms")]
mod sources;
#[cfg(feature = "forms")]
mod speech;
#[cfg(feature = "forms")]
mod spend;
#[cfg(feature = "forms")]
mod tags;
#[cfg(all(test, feature = "shell", feature = "pages", feature = "forms"))]
mod ts_types;

/// The TypeScript declarations of the values that cross the boundary (the types that
/// `unchecked_return_type` and `unchecked_param_type` name), in every build's .d.ts. Generated
/// from the Rust types by the test in ts_types.rs, which fails when they drift apart.
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = include_str!("ts_types.d.ts");

/// The account state the browser passes (from getAccountDetails), read without serde's
/// deserializer (`account_fields`).
#[cfg(any(feature = "shell", feature = "pages"))]
pub(crate) fn account(value: JsValue) -> Result<domain::AccountState, JsError> {
    Ok(account_fields::account_state(&value))
}

pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&e.to_string()))
}

pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsError::new(&e.to_string()))
}
