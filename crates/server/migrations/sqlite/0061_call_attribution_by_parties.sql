-- What the parties to a real call entered for its attribution: the in-call reference sent to
-- whoever answered (a destination plan's in-call attribution plan), and, after the caller hung
-- up, the digits whoever answered entered for the connection's DTMF plan and the category of
-- the DTMF IVR key they pressed ('' for none).
ALTER TABLE calls ADD COLUMN reference_sent TEXT NOT NULL DEFAULT '';
ALTER TABLE calls ADD COLUMN agent_reference TEXT NOT NULL DEFAULT '';
ALTER TABLE calls ADD COLUMN agent_category TEXT NOT NULL DEFAULT '';
