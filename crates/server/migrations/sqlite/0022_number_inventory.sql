-- Buying numbers (issue 15): the numbers free to buy by prefix, the destination prefixes no
-- plan may send calls to, the lists a static number is filed under, and what a bought number
-- carries (its lists, its dynamic URL, when it was bought) and a pool's numbers.
CREATE TABLE number_prefixes (
    id INTEGER PRIMARY KEY,
    prefix TEXT NOT NULL UNIQUE,        -- as shown: '0113 496'
    description TEXT NOT NULL,          -- 'Leeds'
    position INTEGER NOT NULL
);

CREATE TABLE available_numbers (
    id INTEGER PRIMARY KEY,
    prefix_id INTEGER NOT NULL REFERENCES number_prefixes(id),
    number TEXT NOT NULL UNIQUE         -- national format, digits only
);
CREATE INDEX available_numbers_prefix ON available_numbers (prefix_id, number);

CREATE TABLE restricted_prefixes (
    prefix TEXT PRIMARY KEY
);

CREATE TABLE campaigns (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX campaigns_description ON campaigns (customer_id, LOWER(description));

CREATE TABLE channels (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX channels_description ON channels (customer_id, LOWER(description));

CREATE TABLE departments (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX departments_description ON departments (customer_id, LOWER(description));

CREATE TABLE media_owners (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX media_owners_description ON media_owners (customer_id, LOWER(description));

ALTER TABLE routing_entries ADD COLUMN campaign_id INTEGER;
ALTER TABLE routing_entries ADD COLUMN channel_id INTEGER;
ALTER TABLE routing_entries ADD COLUMN department_id INTEGER;
ALTER TABLE routing_entries ADD COLUMN media_owner_id INTEGER;
ALTER TABLE routing_entries ADD COLUMN media_description TEXT NOT NULL DEFAULT '';
ALTER TABLE routing_entries ADD COLUMN dynamic_url_id INTEGER;
ALTER TABLE routing_entries ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;

CREATE TABLE pool_numbers (
    number TEXT PRIMARY KEY,
    routing_entry_id INTEGER NOT NULL REFERENCES routing_entries(id)
);
CREATE INDEX pool_numbers_entry ON pool_numbers (routing_entry_id);
