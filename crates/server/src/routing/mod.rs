//! The routing application layer: the writes every entry point shares (a routing screen, a
//! purchase form, a rollback and, next, the live call session). Each function takes the write's
//! transaction, applies the domain's rules and records the change in the routing history; it
//! knows nothing of HTTP.

pub mod change_log;
pub mod draft;
pub mod ivrs;
pub mod publish;
pub mod rollback;
pub mod service_plans;
