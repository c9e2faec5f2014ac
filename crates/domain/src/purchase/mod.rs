//! Buying add-ons and upgrades (spec/shell-users-integrations.md, "Add-on modal" and "Modals";
//! spec/billing-subscription-purchase.md section 6): what the purchase modal offers for a scope.

mod offer;

pub use offer::{addon_offer, AddonOffer, OfferScreen, ENTERPRISE_TITLE};
