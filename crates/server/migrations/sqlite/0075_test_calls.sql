-- Test calls (domain reports::test_call): a call's direction may be 'test', so that every figure
-- counting callers' ('inbound') calls leaves them out by itself; a test call keeps the moment it
-- was routed as ("as if it were Thursday 24/12/2026 18:05"). SQLite cannot change a CHECK: the
-- table is rebuilt with the same columns, rows, indexes and triggers (SQLite's own procedure,
-- foreign keys off while migrating, db.rs), and its ids' high-water mark is kept (ids are never
-- reused, 0027).
CREATE TABLE calls_with_tests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    routing_entry_id INTEGER,              -- the tracked number or pool called (inbound)
    user_id INTEGER,                       -- the agent who called (outbound)
    direction TEXT NOT NULL CHECK (direction IN ('inbound', 'outbound', 'test')),
    rate_item TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    duration_seconds INTEGER NOT NULL,
    minutes INTEGER NOT NULL,
    cost_tenth_pence INTEGER NOT NULL,
    recorded INTEGER NOT NULL DEFAULT 0,
    keys_pressed TEXT NOT NULL DEFAULT '',
    caller_number TEXT NOT NULL DEFAULT '',
    tracked_number TEXT NOT NULL DEFAULT '',
    visit_id INTEGER,
    source_medium_id INTEGER,
    route_path TEXT NOT NULL DEFAULT '',
    queue_name TEXT NOT NULL DEFAULT '',
    destination TEXT NOT NULL DEFAULT '',
    ring_seconds INTEGER NOT NULL DEFAULT 0,
    talk_seconds INTEGER NOT NULL DEFAULT 0,
    outcome TEXT NOT NULL DEFAULT 'answered',
    first_time INTEGER NOT NULL DEFAULT 0,
    category TEXT NOT NULL DEFAULT '',
    report_group TEXT NOT NULL DEFAULT '',
    tags TEXT NOT NULL DEFAULT '',
    callback_of INTEGER,
    score INTEGER,
    lead_score INTEGER,
    engine_channel TEXT,
    in_progress INTEGER NOT NULL DEFAULT 0,
    destinations_tried TEXT NOT NULL DEFAULT '',
    ended_where TEXT NOT NULL DEFAULT '',
    end_reason TEXT NOT NULL DEFAULT '',
    reference_sent TEXT NOT NULL DEFAULT '',
    agent_reference TEXT NOT NULL DEFAULT '',
    agent_category TEXT NOT NULL DEFAULT '',
    credit_source_id INTEGER,
    campaign_id INTEGER,
    follow_up TEXT NOT NULL DEFAULT '',
    follow_up_by TEXT NOT NULL DEFAULT '',
    follow_up_at INTEGER,
    note TEXT NOT NULL DEFAULT '',
    note_by TEXT NOT NULL DEFAULT '',
    note_at INTEGER,
    test_note TEXT NOT NULL DEFAULT ''
);
INSERT INTO calls_with_tests SELECT *, '' FROM calls;
DELETE FROM sqlite_sequence WHERE name = 'calls_with_tests';
INSERT INTO sqlite_sequence (name, seq) VALUES ('calls_with_tests', MAX(
    COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'calls'), 0),
    COALESCE((SELECT MAX(id) FROM calls_with_tests), 0)));
DROP TABLE calls;
ALTER TABLE calls_with_tests RENAME TO calls;
CREATE INDEX calls_customer_time ON calls (customer_id, started_at);
CREATE INDEX calls_customer_source_time ON calls (customer_id, source_medium_id, started_at);
CREATE INDEX calls_customer_caller ON calls (customer_id, caller_number, started_at);
CREATE INDEX calls_started_at ON calls (started_at);
CREATE INDEX calls_callback_of ON calls (callback_of) WHERE callback_of IS NOT NULL;
CREATE INDEX calls_visit ON calls (visit_id) WHERE visit_id IS NOT NULL;
CREATE INDEX calls_agent_time ON calls (customer_id, user_id, started_at);
CREATE INDEX calls_customer_entry_time ON calls (customer_id, routing_entry_id, direction, started_at);
CREATE TRIGGER calls_insert_numbers_version AFTER INSERT ON calls
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = NEW.customer_id; END;
CREATE TRIGGER calls_update_numbers_version
AFTER UPDATE OF customer_id, routing_entry_id, tracked_number, direction, started_at ON calls
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER calls_delete_numbers_version AFTER DELETE ON calls
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = OLD.customer_id; END;
CREATE UNIQUE INDEX calls_engine_channel ON calls (engine_channel) WHERE engine_channel IS NOT NULL;
CREATE INDEX calls_customer_credit_time ON calls (customer_id, credit_source_id, started_at);
CREATE INDEX calls_customer_campaign_time ON calls (customer_id, campaign_id, started_at);
CREATE INDEX calls_customer_inbound_log ON calls (customer_id, direction, started_at, id, outcome, first_time,
    talk_seconds, routing_entry_id, credit_source_id, campaign_id);
