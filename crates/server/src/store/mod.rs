//! Every query lives here, behind small functions, so a second database backend is an
//! addition rather than a rewrite.

pub mod accounts;
pub mod confirmations;
pub mod customers;
pub mod outbound;
pub mod outbox;
pub mod password_resets;
pub mod sessions;
pub mod throttle;
pub mod user_admin;
pub mod users;
