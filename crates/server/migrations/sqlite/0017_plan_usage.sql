-- Plan and usage (issue 13): what each plan includes, and the calls usage is counted from.
CREATE TABLE plan_allowances (
    plan TEXT PRIMARY KEY,
    static_numbers INTEGER NOT NULL,       -- static numbers the plan includes
    pools INTEGER NOT NULL,                -- dynamic number pools the plan includes
    inclusive_minutes INTEGER NOT NULL,    -- inbound minutes a month
    free_recording_days INTEGER NOT NULL   -- call recording storage that costs nothing
);

-- One row per call, as the telephony platform reports it. minutes are the billable (started)
-- minutes and cost what they cost at the usage rate (rate_item), in tenths of a penny.
CREATE TABLE calls (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    routing_entry_id INTEGER,              -- the tracked number or pool called (inbound)
    user_id INTEGER,                       -- the agent who called (outbound)
    direction TEXT NOT NULL CHECK (direction IN ('inbound', 'outbound')),
    rate_item TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    duration_seconds INTEGER NOT NULL,
    minutes INTEGER NOT NULL,
    cost_tenth_pence INTEGER NOT NULL,
    recorded INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX calls_customer_time ON calls (customer_id, started_at);
