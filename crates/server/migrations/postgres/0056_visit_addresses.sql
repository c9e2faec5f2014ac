-- A tracking visit knows the client address it came from, as a hash of the address (an IPv6 /64
-- counting as one), so that one address holds at most a few of a dynamic URL's numbers at once;
-- a visit past that bound is shown a shared number and marked suspected abuse, and the pool's
-- health figures leave it out.
ALTER TABLE visits ADD COLUMN client_key TEXT NOT NULL DEFAULT '';
ALTER TABLE visits ADD COLUMN suspected_abuse BIGINT NOT NULL DEFAULT 0;
