-- Issue 34: a pool's health and the captured parameters. A visit records whether the pool had a
-- number free for it alone, or showed it a number another visitor held (the pool ran dry: a call
-- on it cannot be attributed for sure); and the parameters of its landing URL, for the
-- Parameters pages' values (which of them are reported is the account's customer_parameters).
ALTER TABLE visits ADD COLUMN pool_exhausted INTEGER NOT NULL DEFAULT 0;
-- The pool's page reads a pool's visits in the health window.
CREATE INDEX visits_entry_time ON visits (routing_entry_id, started_at);

CREATE TABLE visit_parameters (
    visit_id INTEGER NOT NULL REFERENCES visits(id) ON DELETE CASCADE,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (visit_id, name)
);
CREATE INDEX visit_parameters_customer_name ON visit_parameters (customer_id, name, value);
