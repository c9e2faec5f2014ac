-- Issue 32: the reports' retention. Housekeeping purges calls older than the retention
-- (CALL_RETENTION_MONTHS) across customers, unlinks the call-backs of the calls it purges and
-- keeps visits while a call points at them.
CREATE INDEX calls_started_at ON calls (started_at);
CREATE INDEX calls_callback_of ON calls (callback_of) WHERE callback_of IS NOT NULL;
CREATE INDEX calls_visit ON calls (visit_id) WHERE visit_id IS NOT NULL;
