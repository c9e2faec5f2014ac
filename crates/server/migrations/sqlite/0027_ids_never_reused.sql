-- Ids of stored records are never handed out again (issue 29): a SQLite table whose key is a
-- plain INTEGER PRIMARY KEY gives the next row the highest id + 1, so deleting the highest row
-- (a rollback undoing a creation, a removed record) let the next insert, of any customer, take
-- its id, and a routing history that pointed at the old record then pointed at the new one.
-- AUTOINCREMENT keeps the highest id ever given in sqlite_sequence. SQLite cannot add it to a
-- table: each table is rebuilt with the same columns, rows, indexes and constraints (SQLite's own
-- procedure; the server runs its SQLite migrations with foreign keys off and checks them after,
-- db.rs). PostgreSQL's identity columns never reuse an id: its 0027 changes nothing.

-- customers
CREATE TABLE customers_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    account_code TEXT,
    time_zone TEXT NOT NULL DEFAULT 'Europe/London',
    package_name TEXT NOT NULL,    -- the package as sold; plan decides the scopes
    plan TEXT NOT NULL,
    is_group INTEGER NOT NULL DEFAULT 0,
    is_partner INTEGER NOT NULL DEFAULT 0,
    is_tech_partner INTEGER NOT NULL DEFAULT 0,
    partner_id INTEGER REFERENCES customers(id),
    has_static INTEGER NOT NULL DEFAULT 0,
    has_dynamic INTEGER NOT NULL DEFAULT 0,
    has_outbound INTEGER NOT NULL DEFAULT 0,
    has_old_outbound INTEGER NOT NULL DEFAULT 0,
    has_speech INTEGER NOT NULL DEFAULT 0,
    has_billing INTEGER NOT NULL DEFAULT 0,
    has_real_time INTEGER NOT NULL DEFAULT 0,
    has_sales_data INTEGER NOT NULL DEFAULT 0,
    has_conversions INTEGER NOT NULL DEFAULT 0,
    can_purchase_online INTEGER NOT NULL DEFAULT 0,
    reseller_approved INTEGER NOT NULL DEFAULT 0,
    referrer_approved INTEGER NOT NULL DEFAULT 0,
    logo_svg TEXT,
    top_bar_background TEXT NOT NULL DEFAULT '#ffffff',
    top_bar_text TEXT NOT NULL DEFAULT '#212121',
    country_code INTEGER NOT NULL DEFAULT 44,
    number_prefix TEXT NOT NULL DEFAULT 'zero',
    created_at INTEGER NOT NULL
, has_auth_codes INTEGER NOT NULL DEFAULT 1, has_inbound_recording INTEGER NOT NULL DEFAULT 0, outbound_daily_enabled INTEGER NOT NULL DEFAULT 0, outbound_weekly_enabled INTEGER NOT NULL DEFAULT 0, outbound_monthly_enabled INTEGER NOT NULL DEFAULT 0, ivr_credits INTEGER NOT NULL DEFAULT 1, recording_storage_days INTEGER NOT NULL DEFAULT 30, recording_storage_changed_at INTEGER, invoice_file_options TEXT NOT NULL DEFAULT 'pdf,csv', partner_programme TEXT CHECK (partner_programme IN ('reseller', 'referrer')));
INSERT INTO customers_autoincrement SELECT * FROM customers;
DROP TABLE customers;
ALTER TABLE customers_autoincrement RENAME TO customers;

-- users
CREATE TABLE users_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    forename TEXT NOT NULL,
    surname TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    home_customer_id INTEGER NOT NULL REFERENCES customers(id),
    is_system_manager INTEGER NOT NULL DEFAULT 0,
    show_reports_2023 INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    last_accessed_at INTEGER
, mfa_enabled INTEGER NOT NULL DEFAULT 0, calls_played_7_days INTEGER NOT NULL DEFAULT 0, call_rec_flag INTEGER NOT NULL DEFAULT 0, has_new_outbound INTEGER NOT NULL DEFAULT 0, outbound_campaign_id INTEGER, outbound_number TEXT NOT NULL DEFAULT '', cli_restricted INTEGER NOT NULL DEFAULT 0, new_outbound_auto_dial INTEGER NOT NULL DEFAULT 0, outbound_email_daily INTEGER NOT NULL DEFAULT 0, outbound_email_weekly INTEGER NOT NULL DEFAULT 0, outbound_email_monthly INTEGER NOT NULL DEFAULT 0);
INSERT INTO users_autoincrement SELECT * FROM users;
DROP TABLE users;
ALTER TABLE users_autoincrement RENAME TO users;
CREATE UNIQUE INDEX users_by_lower_email ON users (LOWER(email));

-- outbound_campaigns
CREATE TABLE outbound_campaigns_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    UNIQUE (customer_id, name)
);
INSERT INTO outbound_campaigns_autoincrement SELECT * FROM outbound_campaigns;
DROP TABLE outbound_campaigns;
ALTER TABLE outbound_campaigns_autoincrement RENAME TO outbound_campaigns;

-- services
CREATE TABLE services_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    product_code TEXT NOT NULL UNIQUE,
    service_type TEXT NOT NULL,
    name TEXT NOT NULL,
    price_pence INTEGER NOT NULL,
    billing_frequency TEXT NOT NULL,  -- months: '1', '3', '12'
    minimum_term INTEGER NOT NULL     -- months
);
INSERT INTO services_autoincrement SELECT * FROM services;
DROP TABLE services;
ALTER TABLE services_autoincrement RENAME TO services;

-- outbox
CREATE TABLE outbox_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    to_email TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    link TEXT,
    created_at INTEGER NOT NULL
);
INSERT INTO outbox_autoincrement SELECT * FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_autoincrement RENAME TO outbox;

-- audios
CREATE TABLE audios_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    file_name TEXT NOT NULL DEFAULT '',   -- stored name (random token + extension); '' for text to speech only
    original_name TEXT NOT NULL DEFAULT '',
    sentence TEXT NOT NULL DEFAULT '',    -- text to speech
    content BLOB,                         -- the uploaded file
    created_at INTEGER NOT NULL,
    deleted_at INTEGER                    -- soft delete
);
INSERT INTO audios_autoincrement SELECT * FROM audios;
DROP TABLE audios;
ALTER TABLE audios_autoincrement RENAME TO audios;
CREATE INDEX audios_customer ON audios (customer_id, deleted_at);
CREATE UNIQUE INDEX audios_file_name ON audios (file_name) WHERE file_name <> '';
CREATE UNIQUE INDEX audios_description_unique ON audios (customer_id, LOWER(description)) WHERE deleted_at IS NULL;

-- international_codes
CREATE TABLE international_codes_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    description TEXT NOT NULL,
    code TEXT NOT NULL
);
INSERT INTO international_codes_autoincrement SELECT * FROM international_codes;
DROP TABLE international_codes;
ALTER TABLE international_codes_autoincrement RENAME TO international_codes;

-- destination_numbers
CREATE TABLE destination_numbers_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    international_code_id INTEGER NOT NULL REFERENCES international_codes(id),
    number TEXT NOT NULL,                 -- digits as typed, without the international code
    mailbox INTEGER NOT NULL DEFAULT 0,
    UNIQUE (customer_id, international_code_id, number)
);
INSERT INTO destination_numbers_autoincrement SELECT * FROM destination_numbers;
DROP TABLE destination_numbers;
ALTER TABLE destination_numbers_autoincrement RENAME TO destination_numbers;
CREATE UNIQUE INDEX destination_numbers_description_unique ON destination_numbers (customer_id, LOWER(description));

-- queues
CREATE TABLE queues_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    max_calls INTEGER NOT NULL,
    lines_qty INTEGER NOT NULL,
    hold_music INTEGER NOT NULL,
    message_mode INTEGER NOT NULL,
    message_interval INTEGER NOT NULL,
    welcome_audio_id INTEGER NOT NULL DEFAULT 0,
    audio_1_id INTEGER NOT NULL DEFAULT 0,
    audio_2_id INTEGER NOT NULL DEFAULT 0,
    audio_3_id INTEGER NOT NULL DEFAULT 0,
    next_in_line_audio_id INTEGER NOT NULL DEFAULT 0,
    queue_full_audio_id INTEGER NOT NULL DEFAULT 0
);
INSERT INTO queues_autoincrement SELECT * FROM queues;
DROP TABLE queues;
ALTER TABLE queues_autoincrement RENAME TO queues;
CREATE UNIQUE INDEX queues_description_unique ON queues (customer_id, LOWER(description));

-- destination_plans
CREATE TABLE destination_plans_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    plan_type INTEGER NOT NULL DEFAULT 0,
    queue_id INTEGER NOT NULL DEFAULT 0,
    incall_id INTEGER NOT NULL DEFAULT 0,
    no_response_destination_id INTEGER NOT NULL DEFAULT 0
);
INSERT INTO destination_plans_autoincrement SELECT * FROM destination_plans;
DROP TABLE destination_plans;
ALTER TABLE destination_plans_autoincrement RENAME TO destination_plans;
CREATE UNIQUE INDEX destination_plans_description_unique ON destination_plans (customer_id, LOWER(description));

-- ivrs
CREATE TABLE ivrs_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
, is_child INTEGER NOT NULL DEFAULT 0, intro_audio_id INTEGER NOT NULL DEFAULT 0, log_keys INTEGER NOT NULL DEFAULT 0, report_group_id INTEGER NOT NULL DEFAULT 0, secondary_report_group_id INTEGER NOT NULL DEFAULT 0, has_dead_end INTEGER NOT NULL DEFAULT 0, repeat_key TEXT NOT NULL DEFAULT 'none', default_key TEXT NOT NULL DEFAULT '', repeat_audio TEXT NOT NULL DEFAULT '0');
INSERT INTO ivrs_autoincrement SELECT * FROM ivrs;
DROP TABLE ivrs;
ALTER TABLE ivrs_autoincrement RENAME TO ivrs;
CREATE INDEX ivrs_customer ON ivrs (customer_id);
CREATE UNIQUE INDEX ivrs_description_unique ON ivrs (customer_id, LOWER(description));

-- service_plans
CREATE TABLE service_plans_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
);
INSERT INTO service_plans_autoincrement SELECT * FROM service_plans;
DROP TABLE service_plans;
ALTER TABLE service_plans_autoincrement RENAME TO service_plans;
CREATE UNIQUE INDEX service_plans_description_unique ON service_plans (customer_id, LOWER(description));

-- voicemails
CREATE TABLE voicemails_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    audio_id INTEGER NOT NULL REFERENCES audios(id)
);
INSERT INTO voicemails_autoincrement SELECT * FROM voicemails;
DROP TABLE voicemails;
ALTER TABLE voicemails_autoincrement RENAME TO voicemails;

-- routing_entries
CREATE TABLE routing_entries_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    kind TEXT NOT NULL CHECK (kind IN ('static', 'dynamic')),
    number TEXT NOT NULL DEFAULT '',
    pool_name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    service_plan_id INTEGER REFERENCES service_plans(id),
    destination TEXT NOT NULL DEFAULT '', -- basic connect: one destination number
    call_recording INTEGER NOT NULL DEFAULT 0,
    intro_audio_id INTEGER NOT NULL DEFAULT 0,
    whisper_audio_id INTEGER NOT NULL DEFAULT 0,
    dynamic_whisper_id INTEGER NOT NULL DEFAULT 0,
    mid_call_divert INTEGER NOT NULL DEFAULT 0,
    attribution_id INTEGER NOT NULL DEFAULT 0,
    mid_call_attribution INTEGER NOT NULL DEFAULT 0,
    mid_call_audio TEXT NOT NULL DEFAULT 'None',
    post_url TEXT NOT NULL DEFAULT '',
    provisioned INTEGER NOT NULL DEFAULT 1,
    provision_requested_at INTEGER
, attribution_dtmf_ivr_id INTEGER NOT NULL DEFAULT 0, provision_claimed_until BIGINT, campaign_id INTEGER, channel_id INTEGER, department_id INTEGER, media_owner_id INTEGER, media_description TEXT NOT NULL DEFAULT '', dynamic_url_id INTEGER, created_at INTEGER NOT NULL DEFAULT 0, number_format_id INTEGER NOT NULL DEFAULT 1, custom_format TEXT NOT NULL DEFAULT '', international_format_id INTEGER NOT NULL DEFAULT 1, post_call_dtmf_plan_id INTEGER);
INSERT INTO routing_entries_autoincrement SELECT * FROM routing_entries;
DROP TABLE routing_entries;
ALTER TABLE routing_entries_autoincrement RENAME TO routing_entries;
CREATE INDEX routing_entries_customer ON routing_entries (customer_id, kind, number);
CREATE INDEX routing_entries_unprovisioned ON routing_entries (provisioned) WHERE provisioned = 0;
CREATE UNIQUE INDEX routing_entries_static_number ON routing_entries (number) WHERE kind = 'static';

-- call_categories
CREATE TABLE call_categories_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
);
INSERT INTO call_categories_autoincrement SELECT * FROM call_categories;
DROP TABLE call_categories;
ALTER TABLE call_categories_autoincrement RENAME TO call_categories;
CREATE INDEX call_categories_customer ON call_categories (customer_id);
CREATE UNIQUE INDEX call_categories_description_unique ON call_categories (customer_id, LOWER(description));

-- report_groups
CREATE TABLE report_groups_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
);
INSERT INTO report_groups_autoincrement SELECT * FROM report_groups;
DROP TABLE report_groups;
ALTER TABLE report_groups_autoincrement RENAME TO report_groups;
CREATE INDEX report_groups_customer ON report_groups (customer_id);
CREATE UNIQUE INDEX report_groups_description_unique ON report_groups (customer_id, LOWER(description));

-- secondary_report_groups
CREATE TABLE secondary_report_groups_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
);
INSERT INTO secondary_report_groups_autoincrement SELECT * FROM secondary_report_groups;
DROP TABLE secondary_report_groups;
ALTER TABLE secondary_report_groups_autoincrement RENAME TO secondary_report_groups;
CREATE INDEX secondary_report_groups_customer ON secondary_report_groups (customer_id);
CREATE UNIQUE INDEX secondary_report_groups_description_unique ON secondary_report_groups (customer_id, LOWER(description));

-- in_call_attributions
CREATE TABLE in_call_attributions_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1,
    attribution_type INTEGER NOT NULL,
    terminator INTEGER NOT NULL DEFAULT 0,
    delay_before INTEGER NOT NULL DEFAULT 0,
    delay_after INTEGER NOT NULL DEFAULT 0
);
INSERT INTO in_call_attributions_autoincrement SELECT * FROM in_call_attributions;
DROP TABLE in_call_attributions;
ALTER TABLE in_call_attributions_autoincrement RENAME TO in_call_attributions;
CREATE INDEX in_call_attributions_customer ON in_call_attributions (customer_id);
CREATE UNIQUE INDEX in_call_attributions_description_unique ON in_call_attributions (customer_id, LOWER(description));

-- dtmf_plans
CREATE TABLE dtmf_plans_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    intro_audio_id INTEGER NOT NULL,
    end_audio_id INTEGER NOT NULL,
    min_length INTEGER NOT NULL,
    max_length INTEGER NOT NULL,
    initial_key_timeout INTEGER NOT NULL DEFAULT 1,
    inter_key_timeout INTEGER NOT NULL DEFAULT 1,
    skip_audio INTEGER NOT NULL DEFAULT 0
);
INSERT INTO dtmf_plans_autoincrement SELECT * FROM dtmf_plans;
DROP TABLE dtmf_plans;
ALTER TABLE dtmf_plans_autoincrement RENAME TO dtmf_plans;
CREATE INDEX dtmf_plans_customer ON dtmf_plans (customer_id);

-- dtmf_ivrs
CREATE TABLE dtmf_ivrs_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    intro_audio_id INTEGER NOT NULL,
    end_audio_id INTEGER NOT NULL DEFAULT 0
);
INSERT INTO dtmf_ivrs_autoincrement SELECT * FROM dtmf_ivrs;
DROP TABLE dtmf_ivrs;
ALTER TABLE dtmf_ivrs_autoincrement RENAME TO dtmf_ivrs;
CREATE INDEX dtmf_ivrs_customer ON dtmf_ivrs (customer_id);

-- sources_mediums
CREATE TABLE sources_mediums_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    source TEXT NOT NULL,
    medium TEXT NOT NULL,
    UNIQUE (customer_id, source, medium)
);
INSERT INTO sources_mediums_autoincrement SELECT * FROM sources_mediums;
DROP TABLE sources_mediums;
ALTER TABLE sources_mediums_autoincrement RENAME TO sources_mediums;

-- dynamic_whispers
CREATE TABLE dynamic_whispers_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
);
INSERT INTO dynamic_whispers_autoincrement SELECT * FROM dynamic_whispers;
DROP TABLE dynamic_whispers;
ALTER TABLE dynamic_whispers_autoincrement RENAME TO dynamic_whispers;
CREATE INDEX dynamic_whispers_customer ON dynamic_whispers (customer_id);
CREATE UNIQUE INDEX dynamic_whispers_description_unique ON dynamic_whispers (customer_id, LOWER(description));

-- ivr_charges
CREATE TABLE ivr_charges_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    ivr_id INTEGER NOT NULL REFERENCES ivrs(id),
    price_pence INTEGER NOT NULL,
    frequency TEXT NOT NULL,
    accepted_by_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    accepted_by_email TEXT NOT NULL DEFAULT '',
    accepted_at INTEGER NOT NULL
);
INSERT INTO ivr_charges_autoincrement SELECT * FROM ivr_charges;
DROP TABLE ivr_charges;
ALTER TABLE ivr_charges_autoincrement RENAME TO ivr_charges;
CREATE INDEX ivr_charges_customer ON ivr_charges (customer_id);

-- terms_acceptances
CREATE TABLE terms_acceptances_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    purchase TEXT NOT NULL,
    accepted_by_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    accepted_by_email TEXT NOT NULL,
    accepted_at INTEGER NOT NULL
);
INSERT INTO terms_acceptances_autoincrement SELECT * FROM terms_acceptances;
DROP TABLE terms_acceptances;
ALTER TABLE terms_acceptances_autoincrement RENAME TO terms_acceptances;
CREATE INDEX terms_acceptances_customer ON terms_acceptances (customer_id);

-- dynamic_urls
CREATE TABLE dynamic_urls_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    url TEXT NOT NULL,
    reference TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
, bots_filter INTEGER NOT NULL DEFAULT 0);
INSERT INTO dynamic_urls_autoincrement SELECT * FROM dynamic_urls;
DROP TABLE dynamic_urls;
ALTER TABLE dynamic_urls_autoincrement RENAME TO dynamic_urls;
CREATE INDEX dynamic_urls_customer ON dynamic_urls (customer_id);

-- website_checks
CREATE TABLE website_checks_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    dynamic_url_id INTEGER NOT NULL REFERENCES dynamic_urls(id),
    status INTEGER NOT NULL DEFAULT 1,
    mhct INTEGER NOT NULL DEFAULT 0,
    mhct_working INTEGER NOT NULL DEFAULT 0,
    tag_manager INTEGER NOT NULL DEFAULT 0,
    bing_ads INTEGER NOT NULL DEFAULT 0,
    google_ads INTEGER NOT NULL DEFAULT 0,
    google_analytics INTEGER NOT NULL DEFAULT 0,
    hubspot INTEGER NOT NULL DEFAULT 0,
    optimizely_x INTEGER NOT NULL DEFAULT 0,
    marin INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    finished_at INTEGER,
    claimed_until INTEGER
);
INSERT INTO website_checks_autoincrement SELECT * FROM website_checks;
DROP TABLE website_checks;
ALTER TABLE website_checks_autoincrement RENAME TO website_checks;
CREATE INDEX website_checks_url ON website_checks (dynamic_url_id, id);
CREATE INDEX website_checks_open ON website_checks (status) WHERE status IN (1, 3, 4);

-- splash_screens
CREATE TABLE splash_screens_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
INSERT INTO splash_screens_autoincrement SELECT * FROM splash_screens;
DROP TABLE splash_screens;
ALTER TABLE splash_screens_autoincrement RENAME TO splash_screens;

-- customer_charges
CREATE TABLE customer_charges_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    item TEXT NOT NULL,                 -- 'plan' or an add-on scope
    description TEXT NOT NULL,
    user_id INTEGER,                    -- the outbound add-on's user
    quantity INTEGER NOT NULL DEFAULT 1,
    unit_price_pence INTEGER NOT NULL,
    billing_frequency TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    ended_at INTEGER,
    created_by INTEGER NOT NULL
);
INSERT INTO customer_charges_autoincrement SELECT * FROM customer_charges;
DROP TABLE customer_charges;
ALTER TABLE customer_charges_autoincrement RENAME TO customer_charges;
CREATE INDEX customer_charges_customer ON customer_charges (customer_id, ended_at);
CREATE UNIQUE INDEX customer_charges_running ON customer_charges (customer_id, item, COALESCE(user_id, 0))
    WHERE ended_at IS NULL;

-- calls
CREATE TABLE calls_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    routing_entry_id INTEGER,              -- the tracked number or pool called (inbound)
    user_id INTEGER,                       -- the agent who called (outbound)
    direction TEXT NOT NULL CHECK (direction IN ('inbound', 'outbound')),
    rate_item TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    duration_seconds INTEGER NOT NULL,
    minutes INTEGER NOT NULL,
    cost_tenth_pence INTEGER NOT NULL,
    recorded INTEGER NOT NULL DEFAULT 0
, keys_pressed TEXT NOT NULL DEFAULT '');
INSERT INTO calls_autoincrement SELECT * FROM calls;
DROP TABLE calls;
ALTER TABLE calls_autoincrement RENAME TO calls;
CREATE INDEX calls_customer_time ON calls (customer_id, started_at);

-- billing_details
CREATE TABLE billing_details_autoincrement (
    customer_id INTEGER PRIMARY KEY AUTOINCREMENT REFERENCES customers(id),
    company_name TEXT NOT NULL DEFAULT '',
    street1 TEXT NOT NULL DEFAULT '',
    street2 TEXT NOT NULL DEFAULT '',
    town TEXT NOT NULL DEFAULT '',
    county TEXT NOT NULL DEFAULT '',
    post_code TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT 'United Kingdom',
    contact_name TEXT NOT NULL DEFAULT '',
    contact_email TEXT NOT NULL DEFAULT '',
    contact_telephone TEXT NOT NULL DEFAULT '',
    po_number TEXT NOT NULL DEFAULT '',
    payment_method_type TEXT NOT NULL DEFAULT '1' CHECK (payment_method_type IN ('1', '2')),
    card_brand TEXT NOT NULL DEFAULT '',
    card_last4 TEXT NOT NULL DEFAULT '',
    card_expiry TEXT NOT NULL DEFAULT '',
    card_alias TEXT NOT NULL DEFAULT '',
    direct_debit_reference TEXT NOT NULL DEFAULT '',
    updated_at INTEGER NOT NULL DEFAULT 0
, direct_debit_account_ending TEXT NOT NULL DEFAULT '');
INSERT INTO billing_details_autoincrement SELECT * FROM billing_details;
DROP TABLE billing_details;
ALTER TABLE billing_details_autoincrement RENAME TO billing_details;

-- invoices
CREATE TABLE invoices_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    period_start INTEGER NOT NULL,
    period_end INTEGER NOT NULL,
    period_label TEXT NOT NULL,
    issued_at INTEGER NOT NULL,
    bill_to TEXT NOT NULL,               -- the billing address, one line per line
    po_number TEXT NOT NULL DEFAULT '',
    net_pence INTEGER NOT NULL,
    vat_pence INTEGER NOT NULL,
    gross_pence INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
INSERT INTO invoices_autoincrement SELECT * FROM invoices;
DROP TABLE invoices;
ALTER TABLE invoices_autoincrement RENAME TO invoices;
CREATE UNIQUE INDEX invoices_customer_period ON invoices (customer_id, period_start);

-- invoice_files
CREATE TABLE invoice_files_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    invoice_id INTEGER NOT NULL REFERENCES invoices(id),
    format TEXT NOT NULL CHECK (format IN ('pdf', 'csv', 'excel'))
);
INSERT INTO invoice_files_autoincrement SELECT * FROM invoice_files;
DROP TABLE invoice_files;
ALTER TABLE invoice_files_autoincrement RENAME TO invoice_files;
CREATE UNIQUE INDEX invoice_files_format ON invoice_files (invoice_id, format);

-- number_prefixes
CREATE TABLE number_prefixes_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    prefix TEXT NOT NULL UNIQUE,        -- as shown: '0113 496'
    description TEXT NOT NULL,          -- 'Leeds'
    position INTEGER NOT NULL
);
INSERT INTO number_prefixes_autoincrement SELECT * FROM number_prefixes;
DROP TABLE number_prefixes;
ALTER TABLE number_prefixes_autoincrement RENAME TO number_prefixes;

-- available_numbers
CREATE TABLE available_numbers_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    prefix_id INTEGER NOT NULL REFERENCES number_prefixes(id),
    number TEXT NOT NULL UNIQUE         -- national format, digits only
);
INSERT INTO available_numbers_autoincrement SELECT * FROM available_numbers;
DROP TABLE available_numbers;
ALTER TABLE available_numbers_autoincrement RENAME TO available_numbers;
CREATE INDEX available_numbers_prefix ON available_numbers (prefix_id, number);

-- campaigns
CREATE TABLE campaigns_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
INSERT INTO campaigns_autoincrement SELECT * FROM campaigns;
DROP TABLE campaigns;
ALTER TABLE campaigns_autoincrement RENAME TO campaigns;
CREATE UNIQUE INDEX campaigns_description ON campaigns (customer_id, LOWER(description));

-- channels
CREATE TABLE channels_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
INSERT INTO channels_autoincrement SELECT * FROM channels;
DROP TABLE channels;
ALTER TABLE channels_autoincrement RENAME TO channels;
CREATE UNIQUE INDEX channels_description ON channels (customer_id, LOWER(description));

-- departments
CREATE TABLE departments_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
INSERT INTO departments_autoincrement SELECT * FROM departments;
DROP TABLE departments;
ALTER TABLE departments_autoincrement RENAME TO departments;
CREATE UNIQUE INDEX departments_description ON departments (customer_id, LOWER(description));

-- media_owners
CREATE TABLE media_owners_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
INSERT INTO media_owners_autoincrement SELECT * FROM media_owners;
DROP TABLE media_owners;
ALTER TABLE media_owners_autoincrement RENAME TO media_owners;
CREATE UNIQUE INDEX media_owners_description ON media_owners (customer_id, LOWER(description));

-- partner_branding
CREATE TABLE partner_branding_autoincrement (
    partner_id INTEGER PRIMARY KEY AUTOINCREMENT REFERENCES customers(id),
    top_bar_background TEXT NOT NULL,
    top_bar_text TEXT NOT NULL,
    logo_png BLOB,
    favicon_png BLOB,
    updated_by INTEGER NOT NULL REFERENCES users(id),
    updated_at INTEGER NOT NULL
);
INSERT INTO partner_branding_autoincrement SELECT * FROM partner_branding;
DROP TABLE partner_branding;
ALTER TABLE partner_branding_autoincrement RENAME TO partner_branding;

-- api_keys
CREATE TABLE api_keys_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    key_hint TEXT NOT NULL,
    created_by INTEGER NOT NULL REFERENCES users(id),
    created_at INTEGER NOT NULL,
    last_used_at INTEGER,
    revoked_at INTEGER
);
INSERT INTO api_keys_autoincrement SELECT * FROM api_keys;
DROP TABLE api_keys;
ALTER TABLE api_keys_autoincrement RENAME TO api_keys;
CREATE INDEX api_keys_customer ON api_keys (customer_id, revoked_at);

-- tech_partner_profiles
CREATE TABLE tech_partner_profiles_autoincrement (
    customer_id INTEGER PRIMARY KEY AUTOINCREMENT REFERENCES customers(id),
    website TEXT NOT NULL DEFAULT '',
    contact_name TEXT NOT NULL DEFAULT '',
    contact_email TEXT NOT NULL DEFAULT '',
    contact_telephone TEXT NOT NULL DEFAULT '',
    updated_at INTEGER NOT NULL
);
INSERT INTO tech_partner_profiles_autoincrement SELECT * FROM tech_partner_profiles;
DROP TABLE tech_partner_profiles;
ALTER TABLE tech_partner_profiles_autoincrement RENAME TO tech_partner_profiles;

-- routing_changes
CREATE TABLE routing_changes_autoincrement (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    record_kind TEXT NOT NULL CHECK (record_kind IN (
        'servicePlan', 'destinationPlan', 'ivr', 'queue', 'connect', 'destinationNumber', 'voicemail',
        'audio', 'category', 'reportGroup', 'secondaryReportGroup', 'inCallAttribution', 'dtmfPlan', 'dtmfIvr',
        'dynamicWhisper')),
    record_id INTEGER NOT NULL,
    record_name TEXT NOT NULL,
    before_state TEXT,
    after_state TEXT,
    summary TEXT NOT NULL,
    user_id INTEGER REFERENCES users(id),
    user_name TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('screen', 'api', 'rollback')),
    rolls_back INTEGER REFERENCES "routing_changes"(id),
    created_at INTEGER NOT NULL
);
INSERT INTO routing_changes_autoincrement SELECT * FROM routing_changes;
DROP TABLE routing_changes;
ALTER TABLE routing_changes_autoincrement RENAME TO routing_changes;
CREATE INDEX routing_changes_customer_time ON routing_changes (customer_id, created_at);
CREATE INDEX routing_changes_record ON routing_changes (customer_id, record_kind, record_id, id);
