-- The home page (issue 12): each customer's integrations as set up, the connect flows under way,
-- the sandbox ad-platform provider's side, dynamic URLs with their website checks, and splash
-- screens with who has acknowledged them.

-- One row per integration a customer has set up (no row: not configured).
CREATE TABLE customer_integrations (
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    identifier TEXT NOT NULL,
    account TEXT NOT NULL DEFAULT '',       -- the account at the provider, for OAuth ones
    settings TEXT NOT NULL DEFAULT '{}',    -- JSON object of strings
    connected_at INTEGER NOT NULL,
    connected_by INTEGER NOT NULL,
    PRIMARY KEY (customer_id, identifier)
);

-- A connect flow: the state handed to the provider, bound to the session that started it.
CREATE TABLE oauth_states (
    state_hash TEXT PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    user_id INTEGER NOT NULL,
    session_hash TEXT NOT NULL,
    identifier TEXT NOT NULL,
    return_to TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
);

-- The sandbox provider's side (ARCHITECTURE.md, "Things outside our walls"): the codes its
-- consent page hands out, and the Google Analytics properties of each customer's account there.
CREATE TABLE sandbox_oauth_codes (
    code_hash TEXT PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    identifier TEXT NOT NULL,
    account TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
);
CREATE TABLE sandbox_ga_properties (
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    ua TEXT NOT NULL,
    url TEXT NOT NULL,
    PRIMARY KEY (customer_id, ua)
);

-- Websites tracked with dynamic numbers (VcamID, VcamDescription, VcamReference).
CREATE TABLE dynamic_urls (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    url TEXT NOT NULL,
    reference TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);
CREATE INDEX dynamic_urls_customer ON dynamic_urls (customer_id);

-- Website checks (WechStatus 1 queued ... 6 failure), claimed by one process while running.
CREATE TABLE website_checks (
    id INTEGER PRIMARY KEY,
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
CREATE INDEX website_checks_url ON website_checks (dynamic_url_id, id);
CREATE INDEX website_checks_open ON website_checks (status) WHERE status IN (1, 3, 4);

CREATE TABLE splash_screens (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE splash_acknowledgements (
    splash_id INTEGER NOT NULL REFERENCES splash_screens(id),
    user_id INTEGER NOT NULL,
    acknowledged_at INTEGER NOT NULL,
    PRIMARY KEY (splash_id, user_id)
);
