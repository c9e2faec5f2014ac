//! The admin area's server: the `/api` of spec/, sessions, storage and the built frontend.
//! `app(state)` builds the whole router, so tests drive exactly what `main` serves.

pub mod caches;
pub mod child_process;
pub mod clock;
pub mod db;
pub mod files;
pub mod http;
pub mod jobs;
pub mod providers;
pub mod routing;
pub mod secrets;
pub mod security;
pub mod seed;
pub mod settings;
pub mod state;
pub mod store;
pub mod telephony;
pub mod trial_allowance;

pub use http::app;
pub use settings::{Settings, TelephonySettings};
pub use state::AppState;
