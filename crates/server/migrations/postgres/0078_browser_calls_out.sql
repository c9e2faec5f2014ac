-- Browser calls out (docs/webrtc.md): an agent's call from the page waits under its token as a
-- test call does, with the number it rings, the caller id it presents and the agent's outbound
-- campaign. Each browser call keeps where it has been ("where the call is now") for its page.
ALTER TABLE browser_calls ADD COLUMN kind TEXT NOT NULL DEFAULT 'test';
ALTER TABLE browser_calls ADD COLUMN destination TEXT NOT NULL DEFAULT '';
ALTER TABLE browser_calls ADD COLUMN caller_id TEXT NOT NULL DEFAULT '';
ALTER TABLE browser_calls ADD COLUMN outbound_campaign_id BIGINT;
ALTER TABLE browser_calls ADD COLUMN call_id BIGINT;
-- The steps (a JSON list of texts); ended once the call's record is complete.
ALTER TABLE browser_calls ADD COLUMN steps TEXT NOT NULL DEFAULT '';
ALTER TABLE browser_calls ADD COLUMN ended INTEGER NOT NULL DEFAULT 0;
-- Each note of the steps is numbered: a late write of an earlier one changes nothing.
ALTER TABLE browser_calls ADD COLUMN progress_seq BIGINT NOT NULL DEFAULT 0;
-- An agent's call out is on the campaign the agent was on when it was made.
ALTER TABLE calls ADD COLUMN outbound_campaign_id BIGINT;
-- Whether agents' calls out are recorded (the Outbound campaigns page); on unless turned off.
ALTER TABLE customers ADD COLUMN record_outbound_calls INTEGER NOT NULL DEFAULT 1;
