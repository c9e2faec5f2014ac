-- A provisioning run claims the entries it will apply until this time (unix seconds), so
-- however many server processes run the job, each request is applied by one of them; a claim
-- of a run that died lapses and the entry is claimed again.
ALTER TABLE routing_entries ADD COLUMN provision_claimed_until BIGINT;
