-- Released static numbers (issue 33). A released number leaves routing_entries (so nothing
-- routes, lists or counts it as held) and is kept here with its attribution under its old id
-- (ids are never reused): the billing run still charges it for the month it was released in,
-- and it returns to the inventory after a quarantine (available_from).
CREATE TABLE released_numbers (
    id BIGINT PRIMARY KEY,                                 -- the routing entry's id
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    number TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    campaign_id BIGINT,
    channel_id BIGINT,
    department_id BIGINT,
    media_owner_id BIGINT,
    media_description TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    released_at BIGINT NOT NULL,
    charge_ends_at BIGINT NOT NULL,           -- domain numbers::release_terms: the billing month's end
    released_by BIGINT
);
CREATE INDEX released_numbers_customer ON released_numbers (customer_id, released_at);

-- A number offered for sale only from this time (a released number's quarantine).
ALTER TABLE available_numbers ADD COLUMN available_from BIGINT NOT NULL DEFAULT 0;

-- A campaign's numbers and the static numbers list, by customer and campaign.
CREATE INDEX routing_entries_campaign ON routing_entries (customer_id, campaign_id);
