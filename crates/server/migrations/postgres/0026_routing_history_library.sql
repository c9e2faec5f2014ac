-- Routing history (issue 18), part 2: the library's records are recorded too (destination
-- numbers, voicemails, audio, categories, report groups, in-call attribution, DTMF plans and
-- IVRs, dynamic whispers), and an audio's replaced file is kept so a rollback can put it back.
ALTER TABLE routing_changes DROP CONSTRAINT routing_changes_record_kind_check;
ALTER TABLE routing_changes ADD CONSTRAINT routing_changes_record_kind_check CHECK (record_kind IN (
        'servicePlan', 'destinationPlan', 'ivr', 'queue', 'connect', 'destinationNumber', 'voicemail',
        'audio', 'category', 'reportGroup', 'secondaryReportGroup', 'inCallAttribution', 'dtmfPlan', 'dtmfIvr',
        'dynamicWhisper'));

-- The file an audio played before an update replaced it (by its stored name, which is never
-- reused), for as long as the history that may restore it.
CREATE TABLE audio_file_archive (
    file_name TEXT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    original_name TEXT NOT NULL,
    content BYTEA NOT NULL,
    archived_at BIGINT NOT NULL
);
CREATE INDEX audio_file_archive_customer ON audio_file_archive (customer_id);
