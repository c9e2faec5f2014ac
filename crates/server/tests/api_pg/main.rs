//! The server's router tests (`tests/api`) again, on PostgreSQL: each test gets a new database
//! (a copy of one seeded per run) beside the one `TEST_DATABASE_URL` names (`scripts/test.sh`
//! starts a cluster with `scripts/pg.sh`).
//! Without that variable this binary is empty (build.rs sets `pg_tests` only when it is set).
#![cfg(pg_tests)]

/// This binary's tests run on PostgreSQL.
const ON_POSTGRES: bool = true;

#[path = "../api/account_details.rs"]
mod account_details;
#[path = "../api/account_state_cache.rs"]
mod account_state_cache;
#[path = "../api/account_switch.rs"]
mod account_switch;
#[path = "../api/billing_details.rs"]
mod billing_details;
#[path = "../api/billing_plan_numbers.rs"]
mod billing_plan_numbers;
#[path = "../api/call_retention.rs"]
mod call_retention;
#[path = "../api/call_scoring.rs"]
mod call_scoring;
#[path = "../api/call_to_actions.rs"]
mod call_to_actions;
#[path = "../api/card_payments.rs"]
mod card_payments;
#[path = "../api/categories.rs"]
mod categories;
#[path = "../api/concurrent_saves.rs"]
mod concurrent_saves;
#[path = "../api/confirm_password.rs"]
mod confirm_password;
#[path = "../api/contract.rs"]
mod contract;
#[path = "../api/conversions.rs"]
mod conversions;
#[path = "../api/custom_dimensions.rs"]
mod custom_dimensions;
#[path = "../api/direct_debit.rs"]
mod direct_debit;
#[path = "../api/first_run.rs"]
mod first_run;
#[path = "../api/ftp_export.rs"]
mod ftp_export;
#[path = "../api/ftp_export_safety.rs"]
mod ftp_export_safety;
#[path = "../api/ftp_servers.rs"]
mod ftp_servers;
#[path = "../api/helpers.rs"]
mod helpers;
#[path = "../api/hostile_forms.rs"]
mod hostile_forms;
#[path = "../api/hostile_workbooks.rs"]
mod hostile_workbooks;
#[path = "../api/http_basics.rs"]
mod http_basics;
#[path = "../api/import_sales.rs"]
mod import_sales;
#[path = "../api/integrations_connect.rs"]
mod integrations_connect;
#[path = "../api/integrations_settings.rs"]
mod integrations_settings;
#[path = "../api/invoices.rs"]
mod invoices;
#[path = "../api/login.rs"]
mod login;
#[path = "../api/menu_pages.rs"]
mod menu_pages;
#[path = "../api/numbers_page_cache.rs"]
mod numbers_page_cache;
#[path = "../api/outbound_agents.rs"]
mod outbound_agents;
#[path = "../api/outbound_campaigns.rs"]
mod outbound_campaigns;
#[path = "../api/outbound_cli.rs"]
mod outbound_cli;
#[path = "../api/outbound_cli_limits.rs"]
mod outbound_cli_limits;
#[path = "../api/partner_portal.rs"]
mod partner_portal;
#[path = "../api/partner_rewards_branding.rs"]
mod partner_rewards_branding;
#[path = "../api/pools_parameters.rs"]
mod pools_parameters;
#[path = "../api/provisioning_runs.rs"]
mod provisioning_runs;
#[path = "../api/reports_calls.rs"]
mod reports_calls;
#[path = "../api/reports_dashboard.rs"]
mod reports_dashboard;
#[path = "../api/rollback_tenancy.rs"]
mod rollback_tenancy;
#[path = "../api/routing_audio.rs"]
mod routing_audio;
#[path = "../api/routing_connect.rs"]
mod routing_connect;
#[path = "../api/routing_extras.rs"]
mod routing_extras;
#[path = "../api/routing_history.rs"]
mod routing_history;
#[path = "../api/routing_history_kinds.rs"]
mod routing_history_kinds;
#[path = "../api/routing_history_library.rs"]
mod routing_history_library;
#[path = "../api/routing_ivrs.rs"]
mod routing_ivrs;
#[path = "../api/routing_library.rs"]
mod routing_library;
#[path = "../api/routing_list_pages.rs"]
mod routing_list_pages;
#[path = "../api/routing_plans.rs"]
mod routing_plans;
#[path = "../api/routing_portals.rs"]
mod routing_portals;
#[path = "../api/routing_tagmanager.rs"]
mod routing_tagmanager;
#[path = "../api/security_basics.rs"]
mod security_basics;
#[path = "../api/services_charges.rs"]
mod services_charges;
#[path = "../api/services_dynamic.rs"]
mod services_dynamic;
#[path = "../api/services_prices.rs"]
mod services_prices;
#[path = "../api/services_purchases.rs"]
mod services_purchases;
#[path = "../api/services_statics.rs"]
mod services_statics;
#[path = "../api/services_usage.rs"]
mod services_usage;
#[path = "../api/session_expiry.rs"]
mod session_expiry;
#[path = "../api/sources_pages.rs"]
mod sources_pages;
#[path = "../api/speech_trial.rs"]
mod speech_trial;
#[path = "../api/static_numbers.rs"]
mod static_numbers;
#[path = "../api/summary_emails.rs"]
mod summary_emails;
#[path = "../api/tags.rs"]
mod tags;
#[path = "../api/tech_partner_portal.rs"]
mod tech_partner_portal;
#[path = "../api/track_sales.rs"]
mod track_sales;
#[path = "../api/tracking.rs"]
mod tracking;
#[path = "../api/transcription.rs"]
mod transcription;
#[path = "../api/upgrade_chips.rs"]
mod upgrade_chips;
#[path = "../api/users_actions.rs"]
mod users_actions;
#[path = "../api/users_form.rs"]
mod users_form;
#[path = "../api/users_list.rs"]
mod users_list;
#[path = "../api/users_outbound.rs"]
mod users_outbound;
#[path = "../api/users_tenancy.rs"]
mod users_tenancy;
#[path = "../api/vocabulary_words.rs"]
mod vocabulary_words;
#[path = "../api/voice_tags.rs"]
mod voice_tags;
#[path = "../api/website_checks.rs"]
mod website_checks;
