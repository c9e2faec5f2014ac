-- Issue 34: live tracking. The tracking script's page views start or continue a visit; a visit
-- knows its visitor (the id the script keeps in the browser) and when it was last seen, since a
-- pool number stays with its visitor for the session time after the last page view. And each
-- visitor's first touch (the first visit's source / medium and time), which credits their
-- visits for 30 days (domain sources::first_touch_after); kept apart from visits because visits
-- that never call are purged after 72 hours, and purged itself after the 30 days.
ALTER TABLE visits ADD COLUMN visitor_id TEXT NOT NULL DEFAULT '';
ALTER TABLE visits ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
UPDATE visits SET last_seen_at = started_at;
CREATE INDEX visits_visitor ON visits (customer_id, visitor_id, last_seen_at);
CREATE INDEX visits_entry_seen ON visits (routing_entry_id, last_seen_at);

CREATE TABLE visitors (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    visitor_id TEXT NOT NULL,
    first_source_medium_id INTEGER NOT NULL,
    first_seen_at INTEGER NOT NULL,
    UNIQUE (customer_id, visitor_id)
);
CREATE INDEX visitors_first_seen ON visitors (first_seen_at);
