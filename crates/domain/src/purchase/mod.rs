//! Buying add-ons and upgrades (spec/shell-users-integrations.md, "Add-on modal" and "Modals";
//! spec/billing-subscription-purchase.md sections 6 and 9): what the purchase modal offers for a
//! scope, the rules a purchase must pass, what each plan includes, and usage.

mod addons;
pub mod comparison;
mod number_note;
mod offer;
pub mod plan_includes;
pub mod plan_page;
pub mod rules;
mod unlocks;
mod upgrade_notes;
pub mod usage;

pub use addons::{
    addon_sale, is_addon_on_sale, is_plan_change, plan_addon_scopes, reprice_addon, AddonRepricing, AddonSale,
    PLAN_CHANGE_SCOPES,
};
pub use comparison::{plan_comparison, FeatureCell, PlanComparison, PlanScopes, COSTS_APPLY};
pub use number_note::{first_invoice_date, number_purchase_note, NumberPurchase, PurchaseNote};
pub use offer::{
    addon_offer, may_upgrade, offer_kind, purchase_barrier, scope_query, AddonOffer, OfferKind, OfferScreen,
    PurchaseBarrier, ScopeQuery, CHANGE_PLAN_TITLE, ENTERPRISE_TITLE, PROFESSIONAL_TITLE,
};
pub use plan_includes::{plan_includes, PlanIncludes};
pub use plan_page::{plan_page, PageLink, PlanPage};
pub use unlocks::{page_note, unlocked_by, Unlocked};
pub use upgrade_notes::{upgrade_notes, AddonChange, RunningTrial};

/// The most add-on scopes one price request names (services/getAllPrices/{scopes}), and the
/// longest scope name, in characters.
pub const MAX_PRICE_SCOPES: usize = 40;
pub const MAX_SCOPE_LENGTH: usize = 64;
