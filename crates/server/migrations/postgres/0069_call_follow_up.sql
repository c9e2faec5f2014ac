-- What the account did about a call (domain reports::follow_up): marked handled or "we called
-- back", by whom (their name then) and when; and a note on the call, by whom and when.
ALTER TABLE calls ADD COLUMN follow_up TEXT NOT NULL DEFAULT '';   -- '', handled, calledBack
ALTER TABLE calls ADD COLUMN follow_up_by TEXT NOT NULL DEFAULT '';
ALTER TABLE calls ADD COLUMN follow_up_at BIGINT;
ALTER TABLE calls ADD COLUMN note TEXT NOT NULL DEFAULT '';
ALTER TABLE calls ADD COLUMN note_by TEXT NOT NULL DEFAULT '';
ALTER TABLE calls ADD COLUMN note_at BIGINT;
