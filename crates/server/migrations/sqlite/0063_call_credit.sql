-- What a call is credited to, decided once when the call is written (domain reports::credit) and
-- read by every figure: the source / medium (a call-back's is its missed call's; a static number
-- is its own pair) and the campaign (a static number's, or the website visit's utm_campaign).
-- Calls stored before keep their own source, or their missed call's; their campaign is their
-- static number's.
ALTER TABLE calls ADD COLUMN credit_source_id INTEGER;
ALTER TABLE calls ADD COLUMN campaign_id INTEGER;
UPDATE calls SET
    credit_source_id = COALESCE((SELECT f.source_medium_id FROM calls f
                                 WHERE f.id = calls.callback_of AND f.customer_id = calls.customer_id),
                                source_medium_id),
    campaign_id = (SELECT e.campaign_id FROM routing_entries e
                   WHERE e.id = calls.routing_entry_id AND e.kind = 'static');
CREATE INDEX calls_customer_credit_time ON calls (customer_id, credit_source_id, started_at);
CREATE INDEX calls_customer_campaign_time ON calls (customer_id, campaign_id, started_at);
DROP INDEX calls_customer_inbound_log;
CREATE INDEX calls_customer_inbound_log ON calls (customer_id, direction, started_at, id, outcome, first_time,
    talk_seconds, routing_entry_id, credit_source_id, campaign_id);
