-- Ad spend (domain spend): what an account spent on a source / medium and campaign each local
-- day (YYYY-MM-DD), entered by hand a month at a time or imported from a connected ad platform,
-- one line per origin, day, source and campaign. The cost figures divide it by the calls.
CREATE TABLE ad_spend (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    day TEXT NOT NULL,
    source_medium_id INTEGER,
    campaign_id INTEGER,
    origin TEXT NOT NULL,                   -- domain spend::SpendOrigin key
    amount_pence INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX ad_spend_line ON ad_spend (customer_id, origin, day, COALESCE(source_medium_id, 0),
    COALESCE(campaign_id, 0));
CREATE INDEX ad_spend_customer_day ON ad_spend (customer_id, day);

-- Where each platform's import stands for a customer (domain spend::ImportState).
CREATE TABLE ad_spend_imports (
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    platform TEXT NOT NULL,
    imported_at INTEGER,
    days INTEGER NOT NULL DEFAULT 0,
    total_pence INTEGER NOT NULL DEFAULT 0,
    failed_at INTEGER,
    failure TEXT NOT NULL DEFAULT '',
    retry_at INTEGER,
    PRIMARY KEY (customer_id, platform)
);

-- The ad platforms' sandbox: a platform's daily cost per campaign for a customer's account, as
-- its reporting API would answer it (its outages are sandbox_conversion_outages').
CREATE TABLE sandbox_ad_spend (
    customer_id INTEGER NOT NULL,
    platform TEXT NOT NULL,
    day TEXT NOT NULL,
    campaign TEXT NOT NULL,
    cost_pence INTEGER NOT NULL,
    PRIMARY KEY (customer_id, platform, day, campaign)
);
