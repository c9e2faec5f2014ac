//! What this process keeps between requests, each used only while the version numbers read with
//! the request's session say it is still true.

pub mod account_states;
pub mod kept_pages;
