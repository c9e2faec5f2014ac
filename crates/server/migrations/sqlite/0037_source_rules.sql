-- Issue 34: the rules that classify a website visit into one of the account's source / medium
-- pairs (domain `sources::classify`), kept in one order per customer; and whether a paid click
-- overrides a visitor's first touch (else the first visit's source holds for 30 days).
CREATE TABLE source_rules (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    source_medium_id INTEGER NOT NULL REFERENCES sources_mediums(id),
    position INTEGER NOT NULL,              -- the account's order (gaps allowed; ties by id)
    field TEXT NOT NULL,                    -- domain RuleField key: utmSource, clickId, referrerHost, ...
    op TEXT NOT NULL DEFAULT 'equals',      -- equals / contains (UTM and path rules)
    value TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);
CREATE INDEX source_rules_customer ON source_rules (customer_id, position, id);
CREATE INDEX source_rules_pair ON source_rules (source_medium_id);

ALTER TABLE customers ADD COLUMN paid_click_overrides INTEGER NOT NULL DEFAULT 0;
-- Visits and calls per pair for the Source / mediums list.
CREATE INDEX visits_customer_source_time ON visits (customer_id, source_medium_id, started_at);
