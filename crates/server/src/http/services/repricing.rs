//! Running add-ons on another plan: the upgrade re-prices them in its transaction, and the
//! upgrade comparison shows the same figures beforehand (domain `purchase::reprice_addon`).

use domain::purchase::{reprice_addon, AddonRepricing};
use domain::Plan;
use sqlx::AnyPool;

use crate::store::prices::{self, CataloguePrice};

/// A plan's catalogue prices and included scopes, read once.
pub(super) struct PlanPrices {
    prices: Vec<CataloguePrice>,
    included: Vec<String>,
}

impl PlanPrices {
    pub(super) async fn load(db: &AnyPool, plan: Plan) -> sqlx::Result<PlanPrices> {
        Ok(PlanPrices {
            prices: prices::on_plan(db, plan.name()).await?,
            included: prices::plan_includes(db, plan.name()).await?,
        })
    }

    /// The catalogue's price of an item on the plan (its own before the every-plan one).
    pub(super) fn price(&self, item: &str) -> Option<&CataloguePrice> {
        self.prices.iter().find(|p| p.item == item)
    }

    /// What a running add-on charge of `item` at `unit_pence` becomes on the plan.
    pub(super) fn reprice(&self, item: &str, unit_pence: i64) -> AddonRepricing {
        let new_unit = self.price(item).and_then(|p| p.price_pence);
        reprice_addon(unit_pence, new_unit, self.included.iter().any(|s| s == item))
    }
}
