-- A call's "duration" as the call log filters and sorts it is its talk time (ringing is not
-- talk: a missed call that rang for minutes has none). The log's covering index carries
-- talk_seconds in place of duration_seconds, so a minimum talk time still reads the index alone.
DROP INDEX calls_customer_inbound_log;
CREATE INDEX calls_customer_inbound_log ON calls (customer_id, direction, started_at, id, outcome, first_time,
    talk_seconds, routing_entry_id, source_medium_id);
