//! Billing (spec/billing-subscription-purchase.md): the billing details form's rules and the
//! card checks, invoices, what the plan is charged at.

pub mod card;
mod details;
pub mod direct_debit;
pub mod invoice;
pub mod plan_price;

pub(crate) use details::check_contact_field;
pub use details::{validate_billing_details, BillingDetailsForm, TELEPHONE_NOT_A_NUMBER};
pub use details::{ContactField, CONTACT_EMAIL, CONTACT_TELEPHONE, FIELDS as BILLING_FIELDS};
