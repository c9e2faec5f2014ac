-- Issue 32, performance (docs/reports-performance.md): the call log's count of a period with a
-- filter on the call's own columns (outcome, first-time, minimum duration, number, source) is an
-- index-only scan of this index, never the table: with 10,000,000 calls on one customer a month
-- holds 800,000 of them. It replaces 0033's calls_customer_inbound_time, of which it keeps the
-- key (the page by time walks it backwards and stops after the page).
DROP INDEX calls_customer_inbound_time;
CREATE INDEX calls_customer_inbound_log ON calls (customer_id, direction, started_at, id)
    INCLUDE (outcome, first_time, duration_seconds, routing_entry_id, source_medium_id);
