-- Real calls, answered by the telephony engine. The row is written at the first ring and
-- completed when the call ends; it is keyed by the engine's channel id of the caller's leg, so a
-- repeated or replayed event never writes a call twice (NULL for the demo's made-up calls).
ALTER TABLE calls ADD COLUMN engine_channel TEXT;
CREATE UNIQUE INDEX calls_engine_channel ON calls (engine_channel) WHERE engine_channel IS NOT NULL;
-- 1 from the first ring until the call's record is complete.
ALTER TABLE calls ADD COLUMN in_progress INTEGER NOT NULL DEFAULT 0;
-- Each destination tried, as the live session recorded it (JSON: destination, number, ring time
-- in milliseconds, result); '' for calls that tried none.
ALTER TABLE calls ADD COLUMN destinations_tried TEXT NOT NULL DEFAULT '';
-- Where the call was when it ended ("IVR 'Main menu': waiting for a key"), and why it ended.
ALTER TABLE calls ADD COLUMN ended_where TEXT NOT NULL DEFAULT '';
ALTER TABLE calls ADD COLUMN end_reason TEXT NOT NULL DEFAULT '';
-- An audio as the engine plays it: 8 kHz mono 16-bit WAV, made once when the audio is saved.
ALTER TABLE audios ADD COLUMN engine_wav BYTEA;
