-- Post call agent attribution (spec/call-routing.md: "Attribution options are the DTMF plans plus
-- IVR plans whose ids carry the prefix IVR_"): a row names either a DTMF plan (attribution_id) or
-- a DTMF IVR (attribution_dtmf_ivr_id), never both; 0 is none.
ALTER TABLE routing_entries ADD COLUMN attribution_dtmf_ivr_id INTEGER NOT NULL DEFAULT 0;
