-- Purchases (issue 13): the charges each customer pays (its plan, each add-on, each outbound
-- user), running until ended, and the call recording storage bought.
CREATE TABLE customer_charges (
    id INTEGER PRIMARY KEY,
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
CREATE INDEX customer_charges_customer ON customer_charges (customer_id, ended_at);
-- One running charge per item (and user): a repeated purchase cannot charge twice.
CREATE UNIQUE INDEX customer_charges_running ON customer_charges (customer_id, item, COALESCE(user_id, 0))
    WHERE ended_at IS NULL;

ALTER TABLE customers ADD COLUMN recording_storage_days INTEGER NOT NULL DEFAULT 30;
ALTER TABLE customers ADD COLUMN recording_storage_changed_at INTEGER;

-- What a charge is called on the pricing breakdown and invoices.
ALTER TABLE price_catalogue ADD COLUMN description TEXT NOT NULL DEFAULT '';
