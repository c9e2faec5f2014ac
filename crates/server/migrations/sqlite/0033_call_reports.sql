-- Issue 32: the call as the product's central record. What a call tracker knows about each
-- call besides its charge (0017): who called, the number dialled, the website visit that showed
-- a pool number, the way the call went through the routing, what became of it, and the call it
-- calls back. Visits that showed a pool number are kept whether or not they called (housekeeping
-- purges those that never called after 72 hours); recordings are stored like uploaded audio.

CREATE TABLE visits (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    routing_entry_id INTEGER NOT NULL,      -- the pool whose number the page showed
    number_shown TEXT NOT NULL,             -- national digits, as routing_entries stores numbers
    source_medium_id INTEGER REFERENCES sources_mediums(id),
    landing_page TEXT NOT NULL DEFAULT '',
    referrer TEXT NOT NULL DEFAULT '',
    keyword TEXT NOT NULL DEFAULT '',
    click_id TEXT NOT NULL DEFAULT '',      -- gclid / msclkid / fbclid as the landing page had it
    started_at INTEGER NOT NULL,
    called INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX visits_customer_time ON visits (customer_id, started_at);
CREATE INDEX visits_uncalled ON visits (started_at) WHERE called = 0;

ALTER TABLE calls ADD COLUMN caller_number TEXT NOT NULL DEFAULT '';    -- national digits; '' withheld
ALTER TABLE calls ADD COLUMN tracked_number TEXT NOT NULL DEFAULT '';   -- the number dialled
ALTER TABLE calls ADD COLUMN visit_id INTEGER;
-- The call's source and medium: the visit's for a pool number, the number's own for a static one.
ALTER TABLE calls ADD COLUMN source_medium_id INTEGER;
-- The routing's own account of the call (the domain's CallPath as JSON: the service plan row,
-- each menu and key, the end), as the routing stood when the call came; '' for basic connect.
ALTER TABLE calls ADD COLUMN route_path TEXT NOT NULL DEFAULT '';
ALTER TABLE calls ADD COLUMN queue_name TEXT NOT NULL DEFAULT '';
ALTER TABLE calls ADD COLUMN destination TEXT NOT NULL DEFAULT '';      -- who answered, or the box
ALTER TABLE calls ADD COLUMN ring_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE calls ADD COLUMN talk_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE calls ADD COLUMN outcome TEXT NOT NULL DEFAULT 'answered';  -- reports::CallOutcome key
ALTER TABLE calls ADD COLUMN first_time INTEGER NOT NULL DEFAULT 0;
ALTER TABLE calls ADD COLUMN category TEXT NOT NULL DEFAULT '';
ALTER TABLE calls ADD COLUMN report_group TEXT NOT NULL DEFAULT '';
ALTER TABLE calls ADD COLUMN tags TEXT NOT NULL DEFAULT '';             -- comma separated
ALTER TABLE calls ADD COLUMN callback_of INTEGER;                       -- the missed call this one belongs to
-- The call log's filters and sorts all start from the customer and the time.
CREATE INDEX calls_customer_inbound_time ON calls (customer_id, direction, started_at, id);
CREATE INDEX calls_customer_source_time ON calls (customer_id, source_medium_id, started_at);
CREATE INDEX calls_customer_caller ON calls (customer_id, caller_number, started_at);

CREATE TABLE call_recordings (
    call_id INTEGER NOT NULL UNIQUE REFERENCES calls(id) ON DELETE CASCADE,   -- one recording a call
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    file_name TEXT NOT NULL,                -- random token + .mp3
    content BLOB NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX call_recordings_customer ON call_recordings (customer_id, created_at);
