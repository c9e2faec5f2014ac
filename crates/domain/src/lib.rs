//! The rules of the admin area, written once and used natively by the server and through
//! WebAssembly by the browser. No I/O lives here.

mod account;
pub mod agents;
pub mod billing;
pub mod caller_ids;
mod character_rules;
pub mod conversions;
mod csv;
pub mod cta;
pub mod dimensions;
pub mod first_run;
mod format;
mod guard;
pub mod integrations;
pub mod list_query;
mod menu;
mod menu_items;
pub mod money;
pub mod names;
pub mod numbers;
pub mod partners;
pub mod phone;
mod plan;
pub mod purchase;
pub mod reports;
mod route_table;
pub mod routing;
pub mod sales;
pub mod scoring;
pub mod services;
pub mod sources;
pub mod speech;
pub mod spend;
pub mod tags;
pub mod time;
mod toolbar;
mod top_bar;
pub mod tracking;
pub mod users;
mod validation;

pub use account::{AccountChoice, AccountState, AuthLevel, NumberFormat, NumberPrefix, SplashScreen, TopBar};
pub use character_rules::{in_class, CharacterClass, CharacterRule, FTP_TIMESTAMP_TOKEN, KEYBOARD_CHARACTERS, LETTERS};
pub use csv::{csv_line, defused, push_csv_line, CsvCell};
pub use format::{
    billing_frequency_word, format_date, format_date_time, format_day_at, format_money, format_number, format_pence,
    format_pounds, format_price, format_relative, quantity_suffix, ChargeItem,
};
pub use guard::{
    billing_page, guard, landing_page, page_title, resolve, unauthorised_notice, GuardStep, Resolution,
    UnauthorisedNotice, DEFAULT_PAGE_TITLE, UNAUTHORISED,
};
pub use menu::{build_menu, menu_page_opens, menu_shows, Chip, Menu, MenuNode};
pub use plan::Plan;
pub use route_table::{match_route, RouteDef, ADVANCED_ROUTING_SCOPES, ROUTES};
pub use toolbar::{shows_add_button, AddButton};
pub use top_bar::{top_bar_icons, PartnerPortalIcon, TopBarIcons};
pub use validation::{validate_password_confirmation, FieldErrors, WHITESPACE};
