-- Test calls (domain reports::test_call): a call's direction may be 'test', so that every figure
-- counting callers' ('inbound') calls leaves them out by itself; a test call keeps the moment it
-- was routed as ("as if it were Thursday 24/12/2026 18:05").
ALTER TABLE calls DROP CONSTRAINT calls_direction_check;
ALTER TABLE calls ADD CONSTRAINT calls_direction_check CHECK (direction IN ('inbound', 'outbound', 'test'));
ALTER TABLE calls ADD COLUMN test_note TEXT NOT NULL DEFAULT '';
