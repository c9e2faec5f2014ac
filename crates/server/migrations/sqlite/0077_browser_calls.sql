-- A test call asked for from a browser phone (docs/webrtc.md): the number dialled and the moment
-- it is routed as, until the phone's call arrives with its token (once, within a minute). Kept an
-- hour, for the calls-a-minute limits (domain phone::limits).
CREATE TABLE browser_calls (
    token TEXT NOT NULL PRIMARY KEY,
    phone_id TEXT NOT NULL,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    user_id INTEGER NOT NULL,
    routing_entry_id INTEGER NOT NULL,
    routed_as_at INTEGER,
    test_note TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    used_at INTEGER
);
CREATE INDEX browser_calls_by_customer ON browser_calls (customer_id, created_at);
