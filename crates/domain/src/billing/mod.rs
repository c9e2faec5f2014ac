//! Billing (spec/billing-subscription-purchase.md): the billing details form's rules and the
//! card checks.

pub mod card;
mod details;

pub use details::{validate_billing_details, BillingDetailsForm, TELEPHONE_NOT_A_NUMBER};
