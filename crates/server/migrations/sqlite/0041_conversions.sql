-- Issue 34: conversions (/conversions). A customer's conversion actions (which calls count for
-- which ad platform, domain conversions::ConversionAction) and the log of uploads: one row per
-- action and call, never two (UNIQUE), holding what was sent, the platform's answer and when the
-- next attempt is due. The sandbox platform records what it received (a repeat is answered
-- 'duplicate') and can be made unavailable, so retries are testable. A visit keeps the
-- ad_user_data consent the site's banner reported ('' unknown: sent as UNSPECIFIED).
CREATE TABLE conversion_actions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    platform TEXT NOT NULL,                 -- google_ads, microsoft_ads, meta_ads
    value_pence INTEGER,
    min_duration_seconds INTEGER NOT NULL DEFAULT 60,
    outcome TEXT,                           -- reports::CallOutcome key; NULL any
    source_medium_id INTEGER,
    tag_id INTEGER,
    active INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX conversion_actions_name_unique ON conversion_actions (customer_id, LOWER(name));

CREATE TABLE conversion_uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    action_id INTEGER NOT NULL REFERENCES conversion_actions(id) ON DELETE CASCADE,
    call_id INTEGER NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
    status TEXT NOT NULL,                   -- conversions::UploadStatus key
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,                -- due when status is pending or failed
    sent_at INTEGER,
    caller TEXT NOT NULL DEFAULT '',        -- E.164, '' withheld
    call_time TEXT NOT NULL DEFAULT '',     -- yyyy-mm-dd hh:mm:ss+hh:mm
    click_id TEXT NOT NULL DEFAULT '',
    consent TEXT NOT NULL DEFAULT 'UNSPECIFIED',
    value_pence INTEGER,
    currency TEXT NOT NULL DEFAULT 'GBP',
    answer TEXT NOT NULL DEFAULT '',        -- the platform's answer, or why it was skipped
    queued_at INTEGER NOT NULL,
    UNIQUE (action_id, call_id)
);
CREATE INDEX conversion_uploads_due ON conversion_uploads (next_attempt_at) WHERE status IN ('pending', 'failed');
CREATE INDEX conversion_uploads_action ON conversion_uploads (action_id, id);
CREATE INDEX conversion_uploads_call ON conversion_uploads (call_id);

CREATE TABLE sandbox_conversion_uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL,
    platform TEXT NOT NULL,
    order_id TEXT NOT NULL,                 -- ours: the action and the call
    conversion_name TEXT NOT NULL,
    caller TEXT NOT NULL,
    call_time TEXT NOT NULL,
    click_id TEXT NOT NULL,
    consent TEXT NOT NULL,
    value_pence INTEGER,
    currency TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    UNIQUE (customer_id, platform, order_id)
);

CREATE TABLE sandbox_conversion_outages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    platform TEXT NOT NULL UNIQUE,
    until_at INTEGER NOT NULL
);

ALTER TABLE visits ADD COLUMN ad_user_data_consent TEXT NOT NULL DEFAULT '';
