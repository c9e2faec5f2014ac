-- The users area: user settings, outbound, outbox and password resets.

ALTER TABLE users ADD COLUMN mfa_enabled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN calls_played_7_days INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN call_rec_flag INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN has_new_outbound INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN outbound_campaign_id INTEGER;
ALTER TABLE users ADD COLUMN outbound_number TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN cli_restricted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN new_outbound_auto_dial INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN outbound_email_daily INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN outbound_email_weekly INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN outbound_email_monthly INTEGER NOT NULL DEFAULT 0;

ALTER TABLE customers ADD COLUMN has_auth_codes INTEGER NOT NULL DEFAULT 1;
ALTER TABLE customers ADD COLUMN has_inbound_recording INTEGER NOT NULL DEFAULT 0;
ALTER TABLE customers ADD COLUMN outbound_daily_enabled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE customers ADD COLUMN outbound_weekly_enabled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE customers ADD COLUMN outbound_monthly_enabled INTEGER NOT NULL DEFAULT 0;

CREATE TABLE outbound_campaigns (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    UNIQUE (customer_id, name)
);

-- What the provider sells; outbound is charged per user.
CREATE TABLE services (
    id INTEGER PRIMARY KEY,
    product_code TEXT NOT NULL UNIQUE,
    service_type TEXT NOT NULL,
    name TEXT NOT NULL,
    price_pence INTEGER NOT NULL,
    billing_frequency TEXT NOT NULL,  -- months: '1', '3', '12'
    minimum_term INTEGER NOT NULL     -- months
);

CREATE TABLE customer_services (
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    service_id INTEGER NOT NULL REFERENCES services(id),
    quantity INTEGER NOT NULL,
    price_pence INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    PRIMARY KEY (customer_id, service_id)
);

-- Mail the server sends. There is no mail relay here: the outbox is the delivery, readable
-- in the log and (when enabled) on the /outbox page.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    to_email TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    link TEXT,
    created_at INTEGER NOT NULL
);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    expires_at INTEGER NOT NULL,
    used_at INTEGER
);
