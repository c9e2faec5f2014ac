-- The partner and technology-partner portals (issue 16).

-- How a partner's client came: resold by the partner or referred by it (NULL: not a client).
ALTER TABLE customers ADD COLUMN partner_programme TEXT CHECK (partner_programme IN ('reseller', 'referrer'));

-- What a partner earns on its clients' invoices (net of VAT), per programme, in basis points.
CREATE TABLE partner_agreements (
    partner_id INTEGER NOT NULL REFERENCES customers(id),
    programme TEXT NOT NULL CHECK (programme IN ('reseller', 'referrer')),
    rate_basis_points INTEGER NOT NULL CHECK (rate_basis_points BETWEEN 0 AND 10000),
    signed_at INTEGER NOT NULL,
    PRIMARY KEY (partner_id, programme)
);

-- A partner's branding, shown in its portal and its clients' admin area. PNG only.
CREATE TABLE partner_branding (
    partner_id INTEGER PRIMARY KEY REFERENCES customers(id),
    top_bar_background TEXT NOT NULL,
    top_bar_text TEXT NOT NULL,
    logo_png BLOB,
    favicon_png BLOB,
    updated_by INTEGER NOT NULL REFERENCES users(id),
    updated_at INTEGER NOT NULL
);

-- A technology partner's API keys: only a hash of the key is kept, and its first characters.
CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    key_hint TEXT NOT NULL,
    created_by INTEGER NOT NULL REFERENCES users(id),
    created_at INTEGER NOT NULL,
    last_used_at INTEGER,
    revoked_at INTEGER
);
CREATE INDEX api_keys_customer ON api_keys (customer_id, revoked_at);

-- The accounts a technology partner supplies leads to, since when: what its reports and API see.
CREATE TABLE lead_supplies (
    tech_partner_id INTEGER NOT NULL REFERENCES customers(id),
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    since INTEGER NOT NULL,
    PRIMARY KEY (tech_partner_id, customer_id)
);

-- A technology partner's company and technical contact (Settings).
CREATE TABLE tech_partner_profiles (
    customer_id INTEGER PRIMARY KEY REFERENCES customers(id),
    website TEXT NOT NULL DEFAULT '',
    contact_name TEXT NOT NULL DEFAULT '',
    contact_email TEXT NOT NULL DEFAULT '',
    contact_telephone TEXT NOT NULL DEFAULT '',
    updated_at INTEGER NOT NULL
);
