//! The queries, behind small functions, so a second database backend is an addition rather
//! than a rewrite. A handler, job or provider calls these; only the demo's seed runs statements
//! of its own (docs/storage.md).

pub mod accounts;
pub mod ad_spend;
pub mod agents;
pub mod api_rate;
pub mod app_secrets;
pub mod audios;
pub mod billing;
pub mod branding;
pub mod browser_calls;
pub mod browser_phones;
pub mod call_categories;
pub mod call_credit;
pub mod call_follow_up;
pub mod call_retention;
pub mod caller_id_code_events;
pub mod caller_ids;
pub mod calls;
pub mod campaigns;
pub mod charges;
pub mod confirmations;
pub mod conversions;
pub mod cost_figures;
pub mod cta;
pub mod customer_id;
pub mod customers;
pub mod destinations;
pub mod dimensions;
pub mod dynamic_pools;
pub mod dynamic_urls;
pub mod expired;
pub mod first_run;
pub mod groups;
pub mod integrations;
pub mod inventory;
pub mod invoices;
pub mod ivrs;
pub mod library_records;
pub mod live_calls;
pub mod number_lists;
pub mod numbers;
pub mod outbound;
pub mod outbox;
pub mod partners;
pub mod password_resets;
pub mod payment_orders;
pub mod plan_exceptions;
pub mod prices;
pub mod queues;
pub mod reports_dashboard;
pub mod routing_drafts;
pub mod routing_entries;
pub mod routing_extras;
pub mod routing_history;
pub mod rule_facts;
pub mod sale_imports;
pub mod sale_uploads;
pub mod sales;
pub mod sandbox_ad_platforms;
pub mod sandbox_conversions;
pub mod sandbox_tag_manager;
pub mod scoring;
pub mod service_plans;
pub mod session_reads;
pub mod sessions;
pub mod sources;
pub mod speech_trials;
pub mod splash_screens;
pub mod summary_emails;
pub mod tags;
pub mod tech_partners;
pub mod throttle;
pub mod tracking;
pub mod transcripts;
pub mod usage;
pub mod user_admin;
pub mod users;
pub mod visit_figures;
pub mod vocabulary_pronunciations;
pub mod voice_tags;
pub mod voicemails;

pub use customer_id::CustomerId;

/// ` LIMIT n OFFSET m` of a page of a list ('' for every row on one page).
pub fn page_clause<S>(query: &domain::list_query::TableQuery<S>) -> String {
    match query.page_size {
        Some(size) => format!(" LIMIT {size} OFFSET {}", query.offset()),
        None => String::new(),
    }
}
