-- The inclusive minutes an invoice's call charges were made with (the plan's when the month was
-- invoiced): a past month's call charges on My subscription are its invoice's, whatever plan the
-- account is on later (domain billing::invoice::month_inclusive_minutes). NULL for invoices made
-- before: those months are charged with the plan of today, as before.
ALTER TABLE invoices ADD COLUMN inclusive_minutes BIGINT;
