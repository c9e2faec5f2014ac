//! What lies outside our walls, each behind a trait or a small client: card and Direct Debit
//! payments, the ad platforms, Google Tag Manager, caller id verification, text to speech and
//! the recogniser's pronunciations, and the FTP export's servers.

pub mod ad_platforms;
pub mod caller_id_verification;
pub mod ftp_export;
pub mod payments;
pub mod pronunciations;
pub mod tag_manager;
pub mod text_to_speech;
