//! Server tests through the router, one binary: `cargo test -p server`. `tests/api_pg` runs
//! the same tests on PostgreSQL when `TEST_DATABASE_URL` is set.

/// This binary's tests run on SQLite.
const ON_POSTGRES: bool = false;

mod account_details;
mod account_switch;
mod billing_details;
mod billing_plan_numbers;
mod card_payments;
mod concurrent_saves;
mod confirm_password;
mod contract;
mod direct_debit;
mod first_run;
mod helpers;
mod hostile_forms;
mod http_basics;
mod integrations_connect;
mod integrations_settings;
mod invoices;
mod login;
mod menu_pages;
mod partner_portal;
mod partner_rewards_branding;
mod provisioning_runs;
mod reports_dashboard;
mod rollback_tenancy;
mod routing_audio;
mod routing_connect;
mod routing_extras;
mod routing_history;
mod routing_history_kinds;
mod routing_history_library;
mod routing_ivrs;
mod routing_library;
mod routing_list_pages;
mod routing_plans;
mod routing_portals;
mod routing_tagmanager;
mod security_basics;
mod services_charges;
mod services_dynamic;
mod services_prices;
mod services_purchases;
mod services_statics;
mod services_usage;
mod session_expiry;
mod tech_partner_portal;
mod upgrade_chips;
mod users_actions;
mod users_form;
mod users_list;
mod users_outbound;
mod users_tenancy;
mod website_checks;
