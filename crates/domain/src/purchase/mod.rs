//! Buying add-ons and upgrades (spec/shell-users-integrations.md, "Add-on modal" and "Modals";
//! spec/billing-subscription-purchase.md sections 6 and 9): what the purchase modal offers for a
//! scope, and the rules a purchase must pass.

mod offer;
pub mod rules;

pub use offer::{addon_offer, AddonOffer, OfferScreen, ENTERPRISE_TITLE};
