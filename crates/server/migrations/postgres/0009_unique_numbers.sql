-- A tracked number belongs to one customer: two static entries never hold the same number,
-- whichever customers they belong to, however the writes race.
CREATE UNIQUE INDEX routing_entries_static_number ON routing_entries (number) WHERE kind = 'static';
