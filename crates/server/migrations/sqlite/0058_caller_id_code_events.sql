-- Manage CLI's limits (domain caller_ids::limits): each code sent to an outside caller id and
-- each wrong code entered, by account and number. Kept apart from caller_ids, so removing a
-- number and adding it again keeps its counts; housekeeping removes events a day old.
CREATE TABLE caller_id_code_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    number TEXT NOT NULL,
    event TEXT NOT NULL CHECK (event IN ('sent', 'wrong')),
    happened_at INTEGER NOT NULL
);
CREATE INDEX caller_id_code_events_number ON caller_id_code_events (customer_id, number, event, happened_at);
CREATE INDEX caller_id_code_events_account ON caller_id_code_events (customer_id, event, happened_at);
