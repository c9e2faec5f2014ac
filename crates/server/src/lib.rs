//! The admin area's server: the `/api` of spec/, sessions, storage and the built frontend.
//! `app(state)` builds the whole router, so tests drive exactly what `main` serves.

pub mod account_states;
pub mod ad_platforms;
pub mod audio_decode;
pub mod background;
pub mod billing_run;
pub mod caller_id_verification;
pub mod child_process;
pub mod clock;
pub mod conversions;
pub mod db;
pub mod file_export;
pub mod housekeeping;
pub mod http;
pub mod invoice_files;
pub mod kept_pages;
pub mod payments;
pub mod pronunciations;
pub mod provisioning;
pub mod sales_file;
pub mod secrets;
pub mod security;
pub mod seed;
pub mod settings;
pub mod speech;
pub mod state;
pub mod store;
pub mod summary_emails;
pub mod tag_manager;
pub mod transcription;
pub mod trial_allowance;
pub mod website_check;

pub use http::app;
pub use settings::Settings;
pub use state::AppState;
