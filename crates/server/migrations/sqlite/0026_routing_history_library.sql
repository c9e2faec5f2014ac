-- Routing history (issue 18), part 2: the library's records are recorded too (destination
-- numbers, voicemails, audio, categories, report groups, in-call attribution, DTMF plans and
-- IVRs, dynamic whispers), and an audio's replaced file is kept so a rollback can put it back.
-- SQLite cannot change a CHECK constraint: the table is rebuilt with the wider one.
CREATE TABLE routing_changes_wider (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    record_kind TEXT NOT NULL CHECK (record_kind IN (
        'servicePlan', 'destinationPlan', 'ivr', 'queue', 'connect', 'destinationNumber', 'voicemail',
        'audio', 'category', 'reportGroup', 'secondaryReportGroup', 'inCallAttribution', 'dtmfPlan', 'dtmfIvr',
        'dynamicWhisper')),
    record_id INTEGER NOT NULL,
    record_name TEXT NOT NULL,
    before_state TEXT,
    after_state TEXT,
    summary TEXT NOT NULL,
    user_id INTEGER REFERENCES users(id),
    user_name TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('screen', 'api', 'rollback')),
    rolls_back INTEGER REFERENCES routing_changes_wider(id),
    created_at INTEGER NOT NULL
);
INSERT INTO routing_changes_wider (id, customer_id, record_kind, record_id, record_name, before_state, after_state,
    summary, user_id, user_name, source, rolls_back, created_at)
    SELECT id, customer_id, record_kind, record_id, record_name, before_state, after_state, summary, user_id,
        user_name, source, rolls_back, created_at FROM routing_changes;
DROP TABLE routing_changes;
ALTER TABLE routing_changes_wider RENAME TO routing_changes;
CREATE INDEX routing_changes_customer_time ON routing_changes (customer_id, created_at);
CREATE INDEX routing_changes_record ON routing_changes (customer_id, record_kind, record_id, id);

-- The file an audio played before an update replaced it (by its stored name, which is never
-- reused), for as long as the history that may restore it.
CREATE TABLE audio_file_archive (
    file_name TEXT PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    original_name TEXT NOT NULL,
    content BLOB NOT NULL,
    archived_at INTEGER NOT NULL
);
CREATE INDEX audio_file_archive_customer ON audio_file_archive (customer_id);
