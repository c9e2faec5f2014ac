-- A line of ad spend may be on a number (a static number or a pool: what the radio advert or the
-- van livery printed with it cost), so the costs by number have spend of their own.
ALTER TABLE ad_spend ADD COLUMN routing_entry_id INTEGER;
DROP INDEX ad_spend_line;
CREATE UNIQUE INDEX ad_spend_line ON ad_spend (customer_id, origin, day, COALESCE(source_medium_id, 0),
    COALESCE(campaign_id, 0), COALESCE(routing_entry_id, 0));
