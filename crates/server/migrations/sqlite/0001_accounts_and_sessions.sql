-- Customers, users and their access, the plans' scopes, sessions and the security records.
-- Times are unix seconds; booleans are 0/1.

CREATE TABLE plan_scopes (
    plan TEXT NOT NULL,            -- Starter, Professional, Enterprise, Legacy
    scope TEXT NOT NULL,
    addon INTEGER NOT NULL DEFAULT 0, -- 1: sold as an add-on on this plan, not included
    PRIMARY KEY (plan, scope)
);

CREATE TABLE customers (
    id INTEGER PRIMARY KEY,
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
);

CREATE TABLE customer_addons (
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    scope TEXT NOT NULL,
    PRIMARY KEY (customer_id, scope)
);

CREATE TABLE customer_parameters (
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (customer_id, name)
);

CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    forename TEXT NOT NULL,
    surname TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    home_customer_id INTEGER NOT NULL REFERENCES customers(id),
    is_system_manager INTEGER NOT NULL DEFAULT 0,
    show_reports_2023 INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    last_accessed_at INTEGER
);

-- A user's rights on one customer account (their home account and any others).
CREATE TABLE user_access (
    user_id INTEGER NOT NULL REFERENCES users(id),
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    auth_code INTEGER NOT NULL CHECK (auth_code IN (10, 20, 25)),
    provisioning TEXT NOT NULL DEFAULT '0' CHECK (provisioning IN ('0', '2')),
    perm_reports INTEGER NOT NULL DEFAULT 0,
    perm_billing INTEGER NOT NULL DEFAULT 0,
    perm_services_admin INTEGER NOT NULL DEFAULT 0,
    perm_user_admin INTEGER NOT NULL DEFAULT 0,
    perm_purchase INTEGER NOT NULL DEFAULT 0,
    perm_view_edit_users INTEGER NOT NULL DEFAULT 0,
    perm_edit_api INTEGER NOT NULL DEFAULT 0,
    perm_outbound INTEGER NOT NULL DEFAULT 0,
    perm_accounts INTEGER NOT NULL DEFAULT 0,
    perm_add_accounts INTEGER NOT NULL DEFAULT 0,
    perm_rewards INTEGER NOT NULL DEFAULT 0,
    perm_voicemail INTEGER NOT NULL DEFAULT 0,
    perm_call_recording INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, customer_id)
);
CREATE INDEX user_access_by_customer ON user_access (customer_id);

-- Only a hash of the session token is stored; the token lives in the browser's cookie.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE login_failures (
    email TEXT NOT NULL COLLATE NOCASE,
    failed_at INTEGER NOT NULL
);
CREATE INDEX login_failures_by_email ON login_failures (email, failed_at);

-- Keys handed out by handleajax/confirmPassword; a destructive call presents one, once.
CREATE TABLE password_confirmations (
    key_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    session_hash TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
);
