//! The integrations of the overview page (spec/shell-users-integrations.md, "Overview (/),
//! titled Integrate", "Integration card buttons", "Plan logic on the overview"): the catalogue
//! in display order, which section a card goes in, and which buttons it shows. The server lists
//! the cards by these rules and the browser draws them by the same code.

mod catalogue;
mod overview;

pub use catalogue::{integration, IntegrationDef, INTEGRATIONS, WEBHOOKS_AND_API_TITLE};
pub use overview::{card_buttons, overview, section, Card, CardButtons, MainButton, Overview, Section};
