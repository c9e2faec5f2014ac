//! Billing (spec/billing-subscription-purchase.md): the billing details form's rules.

mod details;

pub use details::{validate_billing_details, BillingDetailsForm, TELEPHONE_NOT_A_NUMBER};
