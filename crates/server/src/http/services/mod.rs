//! services/*: the price catalogue as the upgrade centre and the purchase modal read it, and
//! the purchases themselves; buying numbers.

mod catalogue;
mod charges;
mod dynamic;
mod new_items;
mod plans;
mod pool_form;
mod pool_numbers;
mod pool_page;
mod prices;
mod purchases;
mod repricing;
mod statics;
mod usage;
mod website;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(prices::router())
        .merge(purchases::router())
        .merge(charges::router())
        .merge(usage::router())
        .merge(plans::router())
        .merge(statics::router())
        .merge(new_items::router())
        .merge(dynamic::router())
        .merge(website::router())
        .merge(pool_page::router())
        .merge(pool_numbers::router())
        .merge(catalogue::router())
}
