-- Issue 36: sales matched to calls (/tracksales). How the account matches a sale to a call
-- (domain sales::MatchBy: the caller's number within the days before the sale, or the call's id),
-- and each sale with the call it matched and what it is credited to (domain sales::sale_credit:
-- the call's source / medium and campaign, a call-back's missed call's), fixed when it is matched
-- so the revenue by source is a sum. No key to the call: sales outlive the calls' retention.
ALTER TABLE customers ADD COLUMN sales_match_by TEXT NOT NULL DEFAULT 'callerNumber';
ALTER TABLE customers ADD COLUMN sales_match_days INTEGER NOT NULL DEFAULT 30;

CREATE TABLE sales (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    sold_at INTEGER NOT NULL,
    phone TEXT NOT NULL DEFAULT '',          -- national digits; '' none
    reference TEXT NOT NULL DEFAULT '',
    value_pence INTEGER NOT NULL,
    given_call_id INTEGER,                   -- a call id given with the sale
    call_id INTEGER,                         -- the call it matched
    source_medium_id INTEGER,
    campaign_id INTEGER,
    import_id INTEGER,                       -- the import that brought it (Import sales)
    created_at INTEGER NOT NULL
);
CREATE INDEX sales_customer_time ON sales (customer_id, sold_at);
